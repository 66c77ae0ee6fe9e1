// Hand-written model of schema.json, in the shape tabgen's Kotlin generator is meant to emit.
// It compiles warning-free (-Werror) at the compiler's own language version and at
// -language-version 2.0 (Tests/Kotlin/smoke/run.sh checks both).
package tabgen.smoke

import kotlinx.serialization.KSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.PrimitiveSerialDescriptor
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.Json

/**
 * The data of the configure event of the navigation bridge component.
 *
 * [active] is required but nullable: it has no default, so decoding a message without it
 * fails, and encoding writes `"active":null` (with the default `explicitNulls = true`).
 */
@Serializable
data class MessageData(
    /** Id of the tab the current page belongs to; null in bootstrap mode. */
    val active: String?,
    /** The tabs, in order. Empty means bootstrap mode. */
    val tabs: List<TabData>,
)

/** One tab of the tab bar. Optional properties default to null and are omitted when null. */
@Serializable
data class TabData(
    val id: String,
    val title: String,
    val icon: String,
    val path: String,
    /** The tab is being phased out; absent (null) when it is not. */
    val deprecated: Deprecation? = null,
    /** Id of a deprecated tab that this tab takes the place of. */
    val replaces: String? = null,
)

/**
 * How a deprecated tab is phased out: an "open" enum. Values this client does not know
 * decode to [Unknown] holding the raw string, and encode back unchanged, so a newer
 * server's value neither fails decoding nor gets lost on re-encoding.
 */
@Serializable(with = DeprecationSerializer::class)
sealed interface Deprecation {
    /** The value on the wire. */
    val value: String

    /** Remove the tab at the next app restart or bootstrap-to-tabbed transition. */
    data object Soft : Deprecation {
        override val value: String get() = "soft"
    }

    /** Also remove the tab when the user switches away from it. */
    data object Hard : Deprecation {
        override val value: String get() = "hard"
    }

    /** A value this version of the client does not know. Build it with [of]. */
    data class Unknown(override val value: String) : Deprecation

    companion object {
        /** The known values, in schema order. */
        val entries: List<Deprecation> get() = listOf(Soft, Hard)

        /** The known value spelled [value], or [Unknown]. */
        fun of(value: String): Deprecation = when (value) {
            "soft" -> Soft
            "hard" -> Hard
            else -> Unknown(value)
        }
    }
}

/** Encodes a [Deprecation] as its plain JSON string. */
object DeprecationSerializer : KSerializer<Deprecation> {
    override val descriptor: SerialDescriptor =
        PrimitiveSerialDescriptor("tabgen.smoke.Deprecation", PrimitiveKind.STRING)

    override fun serialize(encoder: Encoder, value: Deprecation) {
        encoder.encodeString(value.value)
    }

    override fun deserialize(decoder: Decoder): Deprecation = Deprecation.of(decoder.decodeString())
}

/**
 * The Json configuration for the bridge messages: the library defaults
 * (encodeDefaults = false, explicitNulls = true) plus ignoreUnknownKeys, because the
 * protocol grows by adding fields that older clients must ignore.
 */
val BridgeJson: Json = Json { ignoreUnknownKeys = true }
