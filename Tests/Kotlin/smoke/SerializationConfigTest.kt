// The kotlinx.serialization configuration questions behind TabData.kt, answered by running
// them (Tests/Kotlin/README.md quotes the results). Each test pins one behaviour.
@file:OptIn(ExperimentalSerializationApi::class)

package tabgen.smoke.config

import kotlinx.serialization.EncodeDefault
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.MissingFieldException
import kotlinx.serialization.Required
import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable
import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.Json
import org.junit.Assert.assertEquals
import org.junit.Assert.assertThrows
import org.junit.Test

/** `active` required and nullable (no default); `opt` optional (default null). */
@Serializable
data class Msg(val active: String?, val opt: String? = null)

/** The "always write it, but accept it missing" alternative for `active`. */
@Serializable
data class MsgEncodeDefault(@EncodeDefault val active: String? = null, val opt: String? = null)

/** @Required on a property that has a default. */
@Serializable
data class MsgRequired(@Required val active: String? = null, val opt: String? = null)

/** @EncodeDefault(NEVER) on a property whose default is not null. */
@Serializable
data class MsgNever(@EncodeDefault(EncodeDefault.Mode.NEVER) val opt: String? = "x")

/** A closed enum, to show what it does with a value it does not know. */
@Serializable
enum class ClosedDeprecation {
    @SerialName("soft") SOFT,
    @SerialName("hard") HARD,
}

@Serializable
data class TabClosed(val id: String, val deprecated: ClosedDeprecation? = null)

/** The value-class alternative to the sealed interface: open, but with no exhaustive `when`. */
@Serializable
@JvmInline
value class DeprecationValue(val value: String) {
    companion object {
        val Soft = DeprecationValue("soft")
        val Hard = DeprecationValue("hard")
    }
}

@Serializable
data class TabValue(val id: String, val deprecated: DeprecationValue? = null)

class SerializationConfigTest {
    private val defaults = Json { ignoreUnknownKeys = true }
    private val encodeDefaults = Json { ignoreUnknownKeys = true; encodeDefaults = true }
    private val noExplicitNulls = Json { ignoreUnknownKeys = true; explicitNulls = false }

    // --- the recommended configuration: library defaults + ignoreUnknownKeys -------------

    @Test
    fun defaultsWriteRequiredNullAndOmitAbsentOptional() {
        assertEquals("""{"active":null}""", defaults.encodeToString(Msg.serializer(), Msg(null)))
        assertEquals("""{"active":"a","opt":"o"}""", defaults.encodeToString(Msg.serializer(), Msg("a", "o")))
    }

    @Test
    fun defaultsRejectMissingRequiredNullable() {
        assertThrows(MissingFieldException::class.java) { defaults.decodeFromString(Msg.serializer(), "{}") }
        assertEquals(Msg(null), defaults.decodeFromString(Msg.serializer(), """{"active":null}"""))
    }

    // --- the knobs that break it --------------------------------------------------------

    @Test
    fun encodeDefaultsAlsoWritesAbsentOptionalsAsNull() {
        assertEquals("""{"active":null,"opt":null}""", encodeDefaults.encodeToString(Msg.serializer(), Msg(null)))
    }

    @Test
    fun explicitNullsFalseDropsTheRequiredNullAndAcceptsItMissing() {
        // explicitNulls = false omits *every* null, even of a property without a default,
        // so the message loses its required "active" key...
        assertEquals("{}", noExplicitNulls.encodeToString(Msg.serializer(), Msg(null)))
        // ...and decoding treats a missing nullable property as null: no error any more.
        assertEquals(Msg(null), noExplicitNulls.decodeFromString(Msg.serializer(), "{}"))
        // It wins over @EncodeDefault and @Required too.
        assertEquals("{}", noExplicitNulls.encodeToString(MsgEncodeDefault.serializer(), MsgEncodeDefault()))
        assertEquals("{}", noExplicitNulls.encodeToString(MsgRequired.serializer(), MsgRequired()))
    }

    // --- the annotations ---------------------------------------------------------------

    @Test
    fun encodeDefaultWritesTheDefaultButDecodingStaysLenient() {
        assertEquals("""{"active":null}""", defaults.encodeToString(MsgEncodeDefault.serializer(), MsgEncodeDefault()))
        assertEquals(MsgEncodeDefault(), defaults.decodeFromString(MsgEncodeDefault.serializer(), "{}"))
    }

    @Test
    fun requiredWithDefaultIsWrittenAndRequired() {
        assertEquals("""{"active":null}""", defaults.encodeToString(MsgRequired.serializer(), MsgRequired()))
        assertThrows(MissingFieldException::class.java) { defaults.decodeFromString(MsgRequired.serializer(), "{}") }
    }

    @Test
    fun encodeDefaultNeverSkipsOnlyTheDefaultValue() {
        assertEquals("{}", encodeDefaults.encodeToString(MsgNever.serializer(), MsgNever()))
        assertEquals("""{"opt":null}""", encodeDefaults.encodeToString(MsgNever.serializer(), MsgNever(null)))
    }

    // --- enums with values the client does not know ------------------------------------

    @Test
    fun closedEnumRejectsAnUnknownValue() {
        assertThrows(SerializationException::class.java) {
            defaults.decodeFromString(TabClosed.serializer(), """{"id":"a","deprecated":"urgent"}""")
        }
    }

    @Test
    fun coerceInputValuesTurnsAnUnknownValueIntoTheDefaultAndLosesIt() {
        val coercing = Json { ignoreUnknownKeys = true; coerceInputValues = true }
        val tab = coercing.decodeFromString(TabClosed.serializer(), """{"id":"a","deprecated":"urgent"}""")
        assertEquals(TabClosed("a", null), tab)
        assertEquals("""{"id":"a"}""", coercing.encodeToString(TabClosed.serializer(), tab))
    }

    @Test
    fun valueClassKeepsAnUnknownValue() {
        val json = """{"id":"a","deprecated":"urgent"}"""
        val tab = defaults.decodeFromString(TabValue.serializer(), json)
        assertEquals(DeprecationValue("urgent"), tab.deprecated)
        assertEquals(json, defaults.encodeToString(TabValue.serializer(), tab))
        assertEquals(DeprecationValue.Soft, defaults.decodeFromString(TabValue.serializer(), """{"id":"a","deprecated":"soft"}""").deprecated)
    }
}
