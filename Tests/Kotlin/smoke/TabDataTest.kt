// JUnit 4 tests of the hand-written model (TabData.kt). The PyPI wheel ships no kotlin-test,
// so these use org.junit.Test and org.junit.Assert directly (see Tests/Kotlin/README.md).
package tabgen.smoke

import java.io.File
import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertSame
import org.junit.Assert.assertThrows
import org.junit.Assert.assertTrue
import org.junit.Test

class TabDataTest {
    private fun element(json: String): JsonElement = Json.parseToJsonElement(json)

    /** decode → encode → compare as JsonElement (key order and whitespace do not matter). */
    private fun assertRoundTrips(json: String): MessageData {
        val message = BridgeJson.decodeFromString(MessageData.serializer(), json)
        val encoded = BridgeJson.encodeToString(MessageData.serializer(), message)
        assertEquals(element(json), element(encoded))
        return message
    }

    private fun example(name: String): String {
        // A failure, not a skip: a runner without the examples must not pass these tests.
        val dir = checkNotNull(System.getProperty("tabgen.examples")) { "-Dtabgen.examples=DIR not set (run.sh sets it)" }
        return File(dir, name).readText()
    }

    @Test
    fun tabbedExampleRoundTrips() {
        val message = assertRoundTrips(example("tabbed.json"))
        assertEquals("home", message.active)
        assertEquals(listOf("home", "explore", "favorites", "profile"), message.tabs.map { it.id })
        assertSame(Deprecation.Soft, message.tabs[1].deprecated)
        assertEquals("explore", message.tabs[2].replaces)
        assertNull(message.tabs[0].deprecated)
    }

    @Test
    fun bootstrapExampleRoundTrips() {
        val message = assertRoundTrips(example("bootstrap.json"))
        assertNull(message.active)
        assertTrue(message.tabs.isEmpty())
    }

    @Test
    fun requiredNullableActiveIsWrittenAsNull() {
        assertEquals(
            """{"active":null,"tabs":[]}""",
            BridgeJson.encodeToString(MessageData.serializer(), MessageData(active = null, tabs = emptyList())),
        )
    }

    @Test
    fun absentOptionalPropertiesAreOmitted() {
        val tab = TabData(id = "home", title = "Home", icon = "house", path = "/")
        assertEquals(
            """{"id":"home","title":"Home","icon":"house","path":"/"}""",
            BridgeJson.encodeToString(TabData.serializer(), tab),
        )
    }

    @Test
    fun missingActiveIsAnError() {
        // MissingFieldException is @ExperimentalSerializationApi: catch its stable supertype.
        val e = assertThrows(SerializationException::class.java) {
            BridgeJson.decodeFromString(MessageData.serializer(), """{"tabs":[]}""")
        }
        assertTrue(e.message, e.message!!.contains("Field 'active' is required"))
    }

    @Test
    fun unknownDeprecationDecodesToUnknownAndReencodesUnchanged() {
        val json = """{"active":"a","tabs":[{"id":"a","title":"A","icon":"i","path":"/a","deprecated":"urgent"}]}"""
        val message = assertRoundTrips(json)
        assertEquals(Deprecation.Unknown("urgent"), message.tabs[0].deprecated)
    }

    @Test
    fun deprecationValuesMapBothWays() {
        for (known in Deprecation.entries) {
            assertSame(known, Deprecation.of(known.value))
            assertEquals("\"${known.value}\"", BridgeJson.encodeToString(DeprecationSerializer, known))
        }
        assertEquals(listOf("soft", "hard"), Deprecation.entries.map { it.value })
        // An exhaustive `when` needs no else branch: the point of the sealed interface.
        val label = when (val d: Deprecation = Deprecation.of("hard")) {
            Deprecation.Soft -> "soft"
            Deprecation.Hard -> "hard"
            is Deprecation.Unknown -> "unknown ${d.value}"
        }
        assertEquals("hard", label)
    }

    @Test
    fun unknownKeysAreIgnoredButNotPreserved() {
        val json = """{"active":null,"tabs":[{"id":"a","title":"A","icon":"i","path":"/","badge":3}],"v":2}"""
        val message = BridgeJson.decodeFromString(MessageData.serializer(), json)
        val reencoded = element(BridgeJson.encodeToString(MessageData.serializer(), message)) as JsonObject
        assertFalse("v" in reencoded)
        assertEquals(element("""{"active":null,"tabs":[{"id":"a","title":"A","icon":"i","path":"/"}]}"""), reencoded)
        // Without ignoreUnknownKeys the same message is rejected.
        assertThrows(SerializationException::class.java) {
            Json.decodeFromString(MessageData.serializer(), json)
        }
    }
}
