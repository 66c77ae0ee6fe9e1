// tabgen:features TabgenStrict TabgenBooleanSerializer TabgenFloatSerializer TabgenDoubleSerializer TabgenInt8Serializer TabgenUInt8Serializer TabgenInt16Serializer TabgenUInt16Serializer TabgenInt32Serializer TabgenUInt32Serializer TabgenTimestamp TabgenOptional TabgenOptionalValueSerializer TabgenTolerantSerializer TabgenUnion TabgenSchema TabgenRule tabgenEachElement tabgenEachValue TabgenJsonValues TabgenFixtures usesCount usesUnique usesReference usesRelativeReference usesEquals usesNonEmpty
//
// The runtime of tabgen's generated Kotlin: the Json configuration, violations and, as
// far as this schema's code uses them, strict primitive serializers, timestamps,
// optional-and-nullable properties, tolerant decoding, discriminated unions and the rule
// runtime that `validate()` runs.

package tabgen.runtime

import java.io.File
import java.io.IOException
import java.math.BigDecimal
import java.text.Normalizer
import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.KSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.SerializationException
import kotlinx.serialization.builtins.nullable
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.PrimitiveSerialDescriptor
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.buildClassSerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonDecoder
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonEncoder
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

// Json configuration

/**
 * The [Json] configuration for the bridge messages: the library's defaults
 * (`encodeDefaults = false`, `explicitNulls = true`) plus `ignoreUnknownKeys`, because
 * the protocol grows by adding members that older clients must ignore. With it an
 * optional property that is absent stays absent (it defaults to null and is not
 * written), while a required nullable property is written as `null` and must be present.
 */
public val BridgeJson: Json = Json { ignoreUnknownKeys = true }
// tabgen:begin TabgenStrict
// tabgen:needs TabgenJsonValues

// Strict primitives

/**
 * JSON Type Definition's numbers and booleans, read strictly: kotlinx.serialization's own
 * serializers accept `"1"` for an `Int` and `"true"` for a `Boolean`, which the schema
 * (and every other client) rejects. Generated files install these with
 * `@file:UseSerializers`; other formats than JSON use the library's serializers.
 */
internal object TabgenStrict {
    fun integer(decoder: JsonDecoder, type: String, min: Long, max: Long): Long {
        val element = decoder.decodeJsonElement()
        val number = number(element)
        if (number == null || number != Math.floor(number) || number < min || number > max) {
            throw SerializationException("expected $type ($min to $max), found ${TabgenJsonValues.show(element)}")
        }
        return number.toLong()
    }

    fun double(decoder: JsonDecoder, type: String): Double {
        val element = decoder.decodeJsonElement()
        val number = number(element)
        if (number == null || number.isInfinite()) {
            throw SerializationException("expected $type, found ${TabgenJsonValues.show(element)}")
        }
        return number
    }

    fun boolean(decoder: JsonDecoder): Boolean {
        val element = decoder.decodeJsonElement()
        if (element is JsonPrimitive && element !is JsonNull && !element.isString) {
            when (element.content) {
                "true" -> return true
                "false" -> return false
            }
        }
        throw SerializationException("expected a boolean, found ${TabgenJsonValues.show(element)}")
    }

    /** The value of a JSON number (not a string, boolean or null), or null. */
    private fun number(element: JsonElement): Double? {
        if (element !is JsonPrimitive || element is JsonNull || element.isString) return null
        val value = element.content.toDoubleOrNull() ?: return null
        return if (value.isNaN()) null else value
    }
}

/**
 * A strict primitive: read by [read] from JSON, and written (or read from another format)
 * by [base], the library's own serializer of the type.
 */
public abstract class TabgenStrictSerializer<T>(private val base: KSerializer<T>) : KSerializer<T> {
    override val descriptor: SerialDescriptor = base.descriptor

    override fun serialize(encoder: Encoder, value: T) {
        base.serialize(encoder, value)
    }

    override fun deserialize(decoder: Decoder): T = if (decoder is JsonDecoder) read(decoder) else base.deserialize(decoder)

    protected abstract fun read(decoder: JsonDecoder): T
}
// tabgen:end TabgenStrict
// tabgen:begin TabgenBooleanSerializer
// tabgen:needs TabgenStrict

/** JSON Type Definition `boolean`: `true` or `false`, not `"true"`. */
public object TabgenBooleanSerializer : TabgenStrictSerializer<Boolean>(Boolean.serializer()) {
    override fun read(decoder: JsonDecoder): Boolean = TabgenStrict.boolean(decoder)
}
// tabgen:end TabgenBooleanSerializer
// tabgen:begin TabgenFloatSerializer
// tabgen:needs TabgenStrict

/** JSON Type Definition `float32`: a finite JSON number, not a string. */
public object TabgenFloatSerializer : TabgenStrictSerializer<Float>(Float.serializer()) {
    override fun read(decoder: JsonDecoder): Float {
        val value = TabgenStrict.double(decoder, "float32").toFloat()
        if (value.isInfinite()) throw SerializationException("expected float32, found a number out of its range")
        return value
    }
}
// tabgen:end TabgenFloatSerializer
// tabgen:begin TabgenDoubleSerializer
// tabgen:needs TabgenStrict

/** JSON Type Definition `float64`: a finite JSON number, not a string. */
public object TabgenDoubleSerializer : TabgenStrictSerializer<Double>(Double.serializer()) {
    override fun read(decoder: JsonDecoder): Double = TabgenStrict.double(decoder, "float64")
}
// tabgen:end TabgenDoubleSerializer
// tabgen:begin TabgenInt8Serializer
// tabgen:needs TabgenStrict

/** JSON Type Definition `int8`: a JSON number with no fraction, -128 to 127. */
public object TabgenInt8Serializer : TabgenStrictSerializer<Byte>(Byte.serializer()) {
    override fun read(decoder: JsonDecoder): Byte = TabgenStrict.integer(decoder, "int8", -128, 127).toByte()
}
// tabgen:end TabgenInt8Serializer
// tabgen:begin TabgenUInt8Serializer
// tabgen:needs TabgenStrict

/** JSON Type Definition `uint8`: a JSON number with no fraction, 0 to 255. */
public object TabgenUInt8Serializer : TabgenStrictSerializer<UByte>(UByte.serializer()) {
    override fun read(decoder: JsonDecoder): UByte = TabgenStrict.integer(decoder, "uint8", 0, 255).toUByte()
}
// tabgen:end TabgenUInt8Serializer
// tabgen:begin TabgenInt16Serializer
// tabgen:needs TabgenStrict

/** JSON Type Definition `int16`: a JSON number with no fraction, -32768 to 32767. */
public object TabgenInt16Serializer : TabgenStrictSerializer<Short>(Short.serializer()) {
    override fun read(decoder: JsonDecoder): Short = TabgenStrict.integer(decoder, "int16", -32768, 32767).toShort()
}
// tabgen:end TabgenInt16Serializer
// tabgen:begin TabgenUInt16Serializer
// tabgen:needs TabgenStrict

/** JSON Type Definition `uint16`: a JSON number with no fraction, 0 to 65535. */
public object TabgenUInt16Serializer : TabgenStrictSerializer<UShort>(UShort.serializer()) {
    override fun read(decoder: JsonDecoder): UShort = TabgenStrict.integer(decoder, "uint16", 0, 65535).toUShort()
}
// tabgen:end TabgenUInt16Serializer
// tabgen:begin TabgenInt32Serializer
// tabgen:needs TabgenStrict

/** JSON Type Definition `int32`: a JSON number with no fraction, -2147483648 to 2147483647. */
public object TabgenInt32Serializer : TabgenStrictSerializer<Int>(Int.serializer()) {
    override fun read(decoder: JsonDecoder): Int = TabgenStrict.integer(decoder, "int32", Int.MIN_VALUE.toLong(), Int.MAX_VALUE.toLong()).toInt()
}
// tabgen:end TabgenInt32Serializer
// tabgen:begin TabgenUInt32Serializer
// tabgen:needs TabgenStrict

/** JSON Type Definition `uint32`: a JSON number with no fraction, 0 to 4294967295. */
public object TabgenUInt32Serializer : TabgenStrictSerializer<UInt>(UInt.serializer()) {
    override fun read(decoder: JsonDecoder): UInt = TabgenStrict.integer(decoder, "uint32", 0, 4294967295).toUInt()
}
// tabgen:end TabgenUInt32Serializer
// tabgen:begin TabgenTimestamp

// Timestamps

/**
 * A JSON Type Definition `timestamp`: RFC 3339 text, encoded back exactly as received,
 * with the instant it names ([epochSecond], [nanoOfSecond]). Two timestamps are equal
 * when they name the same instant. On Android API 26+, `java.time.Instant.ofEpochSecond(
 * epochSecond, nanoOfSecond.toLong())` gives the instant as an `Instant`.
 */
@Serializable(with = TabgenTimestampSerializer::class)
public class TabgenTimestamp private constructor(
    /** The RFC 3339 text. */
    public val text: String,
    /** Seconds since 1970-01-01T00:00:00Z. */
    public val epochSecond: Long,
    /** The fraction of the second, in nanoseconds. */
    public val nanoOfSecond: Int,
) {
    /** Milliseconds since 1970-01-01T00:00:00Z (for `java.util.Date`). */
    public val epochMillis: Long get() = epochSecond * 1000 + nanoOfSecond / 1_000_000

    override fun equals(other: Any?): Boolean =
        other is TabgenTimestamp && epochSecond == other.epochSecond && nanoOfSecond == other.nanoOfSecond

    override fun hashCode(): Int = 31 * epochSecond.hashCode() + nanoOfSecond

    override fun toString(): String = text

    public companion object {
        /** The timestamp `text` names, or null when it is not an RFC 3339 date-time. */
        public fun parse(text: String): TabgenTimestamp? {
            var index = 0
            fun digits(count: Int): Int? {
                if (index + count > text.length) return null
                var value = 0
                for (offset in 0 until count) {
                    val character = text[index + offset]
                    if (character !in '0'..'9') return null
                    value = value * 10 + (character - '0')
                }
                index += count
                return value
            }
            fun expect(characters: String): Boolean {
                if (index >= text.length || text[index] !in characters) return false
                index += 1
                return true
            }
            val year = digits(4) ?: return null
            if (!expect("-")) return null
            val month = digits(2) ?: return null
            if (!expect("-")) return null
            val day = digits(2) ?: return null
            if (!expect("Tt")) return null
            val hour = digits(2) ?: return null
            if (!expect(":")) return null
            val minute = digits(2) ?: return null
            if (!expect(":")) return null
            val second = digits(2) ?: return null
            if (month !in 1..12 || day < 1 || day > daysIn(month, year) || hour > 23 || minute > 59 || second > 60) return null
            var nanos = 0
            if (index < text.length && text[index] == '.') {
                index += 1
                val start = index
                var scale = 100_000_000
                while (index < text.length && text[index] in '0'..'9') {
                    nanos += (text[index] - '0') * scale
                    scale /= 10
                    index += 1
                }
                if (index == start) return null
            }
            var offset = 0
            if (!expect("Zz")) {
                if (index >= text.length) return null
                val sign = if (text[index] == '-') -1 else 1
                if (!expect("+-")) return null
                val offsetHour = digits(2) ?: return null
                if (!expect(":")) return null
                val offsetMinute = digits(2) ?: return null
                if (offsetHour > 23 || offsetMinute > 59) return null
                offset = sign * (offsetHour * 3600 + offsetMinute * 60)
            }
            if (index != text.length) return null
            val days = daysFromCivil(year, month, day)
            val seconds = days * 86_400L + hour * 3600 + minute * 60 + second - offset
            return TabgenTimestamp(text, seconds, nanos)
        }

        /** The timestamp of an instant, as UTC text (`2024-02-29T12:00:00Z`, a fraction when not whole). */
        public fun ofEpochSecond(epochSecond: Long, nanoOfSecond: Int = 0): TabgenTimestamp {
            require(nanoOfSecond in 0..999_999_999) { "nanoOfSecond must be 0 to 999999999" }
            val days = Math.floorDiv(epochSecond, 86_400L)
            val secondOfDay = Math.floorMod(epochSecond, 86_400L).toInt()
            val (year, month, day) = civilFromDays(days)
            val text = StringBuilder()
            text.append(pad(year.toLong(), 4)).append('-').append(pad(month.toLong(), 2)).append('-').append(pad(day.toLong(), 2))
            text.append('T').append(pad((secondOfDay / 3600).toLong(), 2)).append(':').append(pad((secondOfDay % 3600 / 60).toLong(), 2))
            text.append(':').append(pad((secondOfDay % 60).toLong(), 2))
            if (nanoOfSecond != 0) text.append('.').append(pad(nanoOfSecond.toLong(), 9).trimEnd('0'))
            text.append('Z')
            return TabgenTimestamp(text.toString(), epochSecond, nanoOfSecond)
        }

        private fun pad(value: Long, width: Int): String = value.toString().padStart(width, '0')

        private fun daysIn(month: Int, year: Int): Int = when (month) {
            2 -> if ((year % 4 == 0 && year % 100 != 0) || year % 400 == 0) 29 else 28
            4, 6, 9, 11 -> 30
            else -> 31
        }

        /** Days since 1970-01-01 (Howard Hinnant's algorithm). */
        private fun daysFromCivil(year: Int, month: Int, day: Int): Long {
            val y = (if (month <= 2) year - 1 else year).toLong()
            val era = Math.floorDiv(y, 400L)
            val yearOfEra = y - era * 400
            val dayOfYear = (153 * (month + (if (month > 2) -3 else 9)) + 2) / 5 + day - 1
            val dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }

        private fun civilFromDays(days: Long): Triple<Int, Int, Int> {
            val z = days + 719_468
            val era = Math.floorDiv(z, 146_097L)
            val dayOfEra = z - era * 146_097
            val yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            val dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            val monthPart = (5 * dayOfYear + 2) / 153
            val day = (dayOfYear - (153 * monthPart + 2) / 5 + 1).toInt()
            val month = (if (monthPart < 10) monthPart + 3 else monthPart - 9).toInt()
            val year = (yearOfEra + era * 400 + (if (month <= 2) 1 else 0)).toInt()
            return Triple(year, month, day)
        }
    }
}

/** Reads and writes a [TabgenTimestamp] as its RFC 3339 text; other text is an error. */
public object TabgenTimestampSerializer : KSerializer<TabgenTimestamp> {
    override val descriptor: SerialDescriptor = PrimitiveSerialDescriptor("tabgen.runtime.TabgenTimestamp", PrimitiveKind.STRING)

    override fun serialize(encoder: Encoder, value: TabgenTimestamp) {
        encoder.encodeString(value.text)
    }

    override fun deserialize(decoder: Decoder): TabgenTimestamp {
        val text = decoder.decodeString()
        return TabgenTimestamp.parse(text) ?: throw SerializationException("not an RFC 3339 timestamp: ${TabgenValidation.quoted(text)}")
    }
}
// tabgen:end TabgenTimestamp
// tabgen:begin TabgenOptional

// Optional and nullable

/**
 * An optional property that may also be `null`: absent ([Absent], the default, not
 * written), `null` (`Present(null)`, written as `null`) and a value are three different
 * things on the wire, so they are three different values here.
 */
@Serializable(with = TabgenOptionalSerializer::class)
public sealed interface TabgenOptional<out T> {
    /** The member is absent. */
    public data object Absent : TabgenOptional<Nothing>

    /** The member is present, with [value] (which may be null). */
    public data class Present<out T>(public val value: T) : TabgenOptional<T>

    /** The value, or null when absent (or present as null). */
    public val valueOrNull: T?
        get() = when (this) {
            is Present -> value
            is Absent -> null
        }

    /** Whether the member is present (even as null). */
    public val isPresent: Boolean get() = this is Present
}

/** Reads a present member (null included); [TabgenOptional.Absent] is never written. */
public class TabgenOptionalSerializer<T>(private val valueSerializer: KSerializer<T>) : KSerializer<TabgenOptional<T>> {
    override val descriptor: SerialDescriptor = valueSerializer.descriptor

    override fun serialize(encoder: Encoder, value: TabgenOptional<T>) {
        when (value) {
            is TabgenOptional.Present -> valueSerializer.serialize(encoder, value.value)
            is TabgenOptional.Absent -> throw SerializationException("an absent member is not written (it is the property's default)")
        }
    }

    override fun deserialize(decoder: Decoder): TabgenOptional<T> = TabgenOptional.Present(valueSerializer.deserialize(decoder))
}
// tabgen:end TabgenOptional
// tabgen:begin TabgenOptionalValueSerializer

/**
 * An optional property that is not nullable: absent (the property's `null` default, not
 * written) or a value, but never `null` on the wire, which JSON Type Definition (and
 * every other client) rejects. Generated classes use it through a small nested object
 * per such property (`@Serializable(with = ...)`); its descriptor is nullable so that
 * the `null` token reaches it instead of being read as the default.
 */
public open class TabgenOptionalValueSerializer<T : Any>(private val valueSerializer: KSerializer<T>) : KSerializer<T?> {
    private val nullableSerializer: KSerializer<T?> = valueSerializer.nullable

    override val descriptor: SerialDescriptor = nullableSerializer.descriptor

    override fun serialize(encoder: Encoder, value: T?) {
        nullableSerializer.serialize(encoder, value)
    }

    override fun deserialize(decoder: Decoder): T? {
        if (decoder !is JsonDecoder) return nullableSerializer.deserialize(decoder)
        val element = decoder.decodeJsonElement()
        if (element is JsonNull) throw SerializationException("null where the schema allows a value or nothing (the member is optional, not nullable)")
        // kotlinx.serialization's tree decoder throws IndexOutOfBoundsException, not a
        // SerializationException, when a primitive's serializer is given an object or array.
        if (element !is JsonPrimitive && valueSerializer.descriptor.kind is PrimitiveKind) {
            throw SerializationException("expected a ${valueSerializer.descriptor.kind.toString().lowercase()}, found ${if (element is JsonArray) "an array" else "an object"}")
        }
        return decoder.json.decodeFromJsonElement(valueSerializer, element)
    }
}
// tabgen:end TabgenOptionalValueSerializer
// tabgen:begin TabgenTolerantSerializer

// Tolerant decoding

/**
 * A member tolerant decoding lets through, with what `tabgen validate` reports for it
 * (code and message, computed from the schema when the code was generated).
 */
public class TabgenDeviation(
    /** The member's JSON name. */
    public val member: String,
    public val kind: Kind,
    public val code: String,
    public val message: String,
) {
    public enum class Kind {
        /** An optional member that must not be null was `null`: read as absent. */
        NULL_AS_ABSENT,

        /** A required member that may be null was missing: read as `null`. */
        MISSING_AS_NULL,

        /**
         * A required array member was missing: read as an empty list (the reference Android
         * client reads a message without `tabs` as bootstrap).
         */
        MISSING_AS_EMPTY,
    }
}

/** The deviations decoding recorded in one object (usually none). */
public class TabgenDeviations internal constructor(private val seen: List<TabgenDeviation>) {
    /** Adds the violation of [member], if decoding recorded one, for the object at [path]. */
    internal fun report(member: String, path: List<String>, violations: MutableList<TabgenViolation>) {
        for (deviation in seen) {
            if (deviation.member != member) continue
            // The CLI reports a missing member at its object, a `null` one at the member.
            val missing = deviation.kind != TabgenDeviation.Kind.NULL_AS_ABSENT
            val at = if (missing) path else path + member
            if (missing) (violations as? TabgenCollected)?.missing?.add(path + member)
            violations += TabgenViolation(deviation.code, TabgenSeverity.ERROR, TabgenValidation.pointer(at), deviation.message)
        }
    }

    public companion object {
        /** Nothing recorded (a value built in code, or decoded as the schema says). */
        public val NONE: TabgenDeviations = TabgenDeviations(emptyList())
    }
}

/**
 * The serializer of a generated class that tolerates [tolerated] members: reads the JSON
 * object, drops `null` optional members, adds `null` for missing nullable ones and `[]`
 * for missing arrays, lets
 * the generated serializer read the result, and hands what it changed to [record]. The
 * value alone cannot show null-versus-absent, so the record is what `validate()` reports.
 */
public abstract class TabgenTolerantSerializer<T>(
    private val generated: KSerializer<T>,
    private val tolerated: List<TabgenDeviation>,
) : KSerializer<T> {
    override val descriptor: SerialDescriptor get() = generated.descriptor

    override fun serialize(encoder: Encoder, value: T) {
        generated.serialize(encoder, value)
    }

    override fun deserialize(decoder: Decoder): T {
        val input = decoder as? JsonDecoder ?: return generated.deserialize(decoder)
        val element = input.decodeJsonElement()
        if (element !is JsonObject) return input.json.decodeFromJsonElement(generated, element)
        val members = LinkedHashMap<String, JsonElement>(element)
        val seen = mutableListOf<TabgenDeviation>()
        for (deviation in tolerated) {
            when (deviation.kind) {
                TabgenDeviation.Kind.NULL_AS_ABSENT -> if (members[deviation.member] is JsonNull) {
                    members.remove(deviation.member)
                    seen += deviation
                }
                TabgenDeviation.Kind.MISSING_AS_NULL, TabgenDeviation.Kind.MISSING_AS_EMPTY -> if (deviation.member !in members) {
                    members[deviation.member] = if (deviation.kind == TabgenDeviation.Kind.MISSING_AS_NULL) JsonNull else JsonArray(emptyList())
                    seen += deviation
                }
            }
        }
        if (seen.isEmpty()) return input.json.decodeFromJsonElement(generated, element)
        val value = input.json.decodeFromJsonElement(generated, JsonObject(members))
        record(value, TabgenDeviations(seen))
        return value
    }

    /** Keeps [deviations] with [value] for its `validate()`. */
    protected abstract fun record(value: T, deviations: TabgenDeviations)
}
// tabgen:end TabgenTolerantSerializer
// tabgen:begin TabgenUnion
// tabgen:needs TabgenJsonValues

// Discriminated unions

/**
 * JSON Type Definition discriminators: the tag member and the variant's properties in one
 * JSON object. Used by the `Serializer` of every generated union.
 */
public object TabgenUnion {
    /** A union's descriptor: a class whose elements the JSON object holds. */
    public fun descriptor(serialName: String): SerialDescriptor = buildClassSerialDescriptor(serialName)

    /** Writes the tag first, then the variant's properties. */
    public fun <T> encode(encoder: Encoder, tagName: String, tag: String, serializer: KSerializer<T>, value: T) {
        val output = encoder as? JsonEncoder ?: throw SerializationException("a discriminated union is written only as JSON")
        val members = output.json.encodeToJsonElement(serializer, value) as? JsonObject
            ?: throw SerializationException("the $tag variant is not a JSON object")
        output.encodeJsonElement(JsonObject(mapOf(tagName to JsonPrimitive(tag)) + members))
    }

    /** Reads the JSON object and its tag (which must be a string). */
    public fun decode(decoder: Decoder, tagName: String): Parts {
        val input = decoder as? JsonDecoder ?: throw SerializationException("a discriminated union is read only from JSON")
        val element = input.decodeJsonElement()
        val members = element as? JsonObject
            ?: throw SerializationException("expected an object with the discriminator ${TabgenValidation.quoted(tagName)}, found ${TabgenJsonValues.show(element)}")
        val tag = members[tagName] ?: throw SerializationException("the discriminator ${TabgenValidation.quoted(tagName)} is missing")
        if (tag !is JsonPrimitive || tag is JsonNull || !tag.isString) {
            throw SerializationException("the discriminator ${TabgenValidation.quoted(tagName)} is not a string: ${TabgenJsonValues.show(tag)}")
        }
        return Parts(input.json, tagName, tag.content, JsonObject(members - tagName))
    }

    /** A union value as read: its tag and the other members. */
    public class Parts internal constructor(private val json: Json, private val tagName: String, public val tag: String, public val members: JsonObject) {
        /** The variant, read from the members other than the tag. */
        public fun <T> decode(serializer: KSerializer<T>): T = json.decodeFromJsonElement(serializer, members)

        /** The error for a tag the schema does not list. */
        public fun unknownTag(): SerializationException =
            SerializationException("unknown ${TabgenValidation.quoted(tagName)} value ${TabgenValidation.quoted(tag)}")
    }
}
// tabgen:end TabgenUnion

// Strict JSON text

/**
 * What [TabgenJsonText.decode] throws for a text `tabgen validate` refuses. A
 * [SerializationException], so code that catches the decoder's errors catches it too.
 */
public class TabgenJsonTextException internal constructor(
    /** The finding: code `TG001`, pointer `""` (the root), or `TG024` at a key, and tabgen's message. */
    public val violation: TabgenViolation,
) : SerializationException(violation.message)

/**
 * Reads a message's JSON text as `tabgen validate` reads it before kotlinx.serialization
 * sees it. [BridgeJson] takes texts tabgen refuses: a key written twice (it keeps the
 * last), a lone surrogate escape (`"\ud800"`), nesting of any depth. One linear pass over
 * the text refuses them, and everything else tabgen's reader refuses, with `TG001` and
 * tabgen's own message.
 */
public object TabgenJsonText {
    /** Arrays and objects nest at most this deep, as in `tabgen validate`. */
    public const val MAX_DEPTH: Int = 512

    /**
     * Decodes [json] with [deserializer] after the text check: throws
     * [TabgenJsonTextException] for a text `tabgen validate` refuses, else what
     * [BridgeJson] throws.
     */
    public fun <T> decode(deserializer: DeserializationStrategy<T>, json: String): T {
        check(json)
        return BridgeJson.decodeFromString(deserializer, json)
    }

    /** Throws the [TabgenJsonTextException] `tabgen validate` reports for [json], if any. */
    public fun check(json: String) {
        val scanner = TabgenTextScanner(json)
        scanner.document()
        if (scanner.equivalentKeys == 0) return
        // Two keys of one object canonically equivalent (TG024): Swift's JSONDecoder keeps
        // one member of the two, so both native clients refuse the text, at the first such
        // key (a second pass finds its pointer).
        val located = TabgenTextScanner(json, ArrayList())
        located.document()
        located.firstEquivalence?.let { throw TabgenJsonTextException(it) }
    }
}

/**
 * tabgen's JSON reader (RFC 8259, strict) as a check that builds no values: the same
 * refusals, found in the same order, with the same messages. A `String` holds UTF-16, so
 * where tabgen finds invalid UTF-8 this finds an unpaired surrogate character.
 */
private class TabgenTextScanner(private val text: String, private val path: ArrayList<String>? = null) {
    /** The text's length, read once: `String.length` decodes it at every call. */
    private val length = text.length
    private var index = 0
    private var depth = 0

    /** Keys canonically equivalent to an earlier key of their object, not the same scalars (TG024). */
    var equivalentKeys = 0
        private set

    /** With [path], the TG024 finding of the first of them. */
    var firstEquivalence: TabgenViolation? = null
        private set

    /**
     * The keys of the objects being read, innermost object's last, four ints each: start,
     * end, flags ([ESCAPED]: the span is of [unescapedKeys], not of [text]; [NON_ASCII]),
     * and a fingerprint of the key (see [pushKey]).
     * Each object drops its own keys when it ends, so the storage is reused: a substring per
     * key was most of the check's time.
     */
    private var keySpans = IntArray(64)
    private var keyCount = 0

    /** The keys in [keySpans] that have an escape, unescaped. */
    private val unescapedKeys = StringBuilder()

    private companion object {
        const val ESCAPED = 1
        const val NON_ASCII = 2
    }

    /**
     * Pushes a key, given [bits], its UTF-16 units ORed (as [string] has them), with
     * its fingerprint: its length and [bits], equal for equal keys (a filter: different
     * keys may share one). [sameKey] compares the fingerprints first, one load per earlier
     * key: comparing spans was 12% of the check's time on an 8-tab message (JFR).
     */
    private fun pushKey(start: Int, end: Int, escaped: Boolean, bits: Int) {
        val at = 4 * keyCount
        if (at + 4 > keySpans.size) keySpans = keySpans.copyOf(keySpans.size * 2)
        val spans = keySpans
        spans[at] = start
        spans[at + 1] = end
        spans[at + 2] = (if (escaped) ESCAPED else 0) or (if (bits < 0x80) 0 else NON_ASCII)
        spans[at + 3] = ((end - start) shl 16) or bits
        keyCount++
    }

    private fun isEscaped(key: Int): Boolean = keySpans[4 * key + 2] and ESCAPED != 0

    /**
     * The character at [at] of the span of [key]: a test of its flag, not a `CharSequence`
     * that is now the text and now [unescapedKeys] (an interface call per character).
     */
    private fun keyChar(key: Int, at: Int): Char = if (isEscaped(key)) unescapedKeys[at] else text[at]

    private fun keyString(key: Int): String {
        val start = keySpans[4 * key]
        val end = keySpans[4 * key + 1]
        return if (isEscaped(key)) unescapedKeys.substring(start, end) else text.substring(start, end)
    }

    /** Equal UTF-16 is equal Unicode scalars. */
    private fun sameKey(key: Int, other: Int): Boolean {
        val spans = keySpans
        if (spans[4 * key + 3] != spans[4 * other + 3]) return false
        val start = spans[4 * key]
        val otherStart = spans[4 * other]
        val length = spans[4 * key + 1] - start
        if (spans[4 * other + 1] - otherStart != length) return false
        for (offset in 0 until length) {
            if (keyChar(key, start + offset) != keyChar(other, otherStart + offset)) return false
        }
        return true
    }

    private fun isAscii(key: Int): Boolean = keySpans[4 * key + 2] and NON_ASCII == 0

    fun document() {
        if (text.isNotEmpty() && text[0] == '\uFEFF') {
            throw refusal("byte-order mark (U+FEFF) at the start; JSON text must not begin with one (RFC 8259 section 8.1)")
        }
        value()
        skipWhitespace()
        if (index < length) throw refusal("unexpected characters after the JSON value")
    }

    private fun nfc(key: String): String = java.text.Normalizer.normalize(key, java.text.Normalizer.Form.NFC)

    /** TG024, as `tabgen validate` words it (each key cut at 120 Unicode scalars, as values are). */
    private fun equivalence(key: String, first: String, path: List<String>): TabgenViolation {
        fun shown(text: String): String {
            val quoted = TabgenValidation.quoted(text)
            return if (quoted.codePointCount(0, quoted.length) > 120) quoted.substring(0, quoted.offsetByCodePoints(0, 117)) + "..." else quoted
        }
        return TabgenViolation(
            "TG024",
            TabgenSeverity.ERROR,
            TabgenValidation.pointer(path + key),
            "key ${shown(key)} is canonically equivalent to the key ${shown(first)} of the same object but has other Unicode scalars: " +
                "Swift's JSONDecoder merges them into one member, Kotlin, JavaScript and Ruby keep both; send keys in Unicode normalization form C (NFC)",
        )
    }

    private fun refusal(reason: String): TabgenJsonTextException =
        TabgenJsonTextException(TabgenViolation("TG001", TabgenSeverity.ERROR, "", "not well-formed JSON: $reason"))

    private fun hex(value: Int): String = value.toString(16).uppercase().padStart(4, '0')

    private fun skipWhitespace() {
        while (index < length) {
            val character = text[index]
            // Most calls find a token at once: one comparison for them, not four.
            if (character > ' ') return
            when (character) {
                ' ', '\n', '\r', '\t' -> index++
                else -> return
            }
        }
    }

    private fun unexpected(at: Int): TabgenJsonTextException {
        if (at >= length) return refusal("unexpected end of input")
        val character = text[at]
        return when {
            character.code >= 0x80 && unpairedSurrogate(at, at + 2) == at -> refusal("invalid UTF-8 byte sequence")
            character.code >= 0x80 -> refusal("unexpected character U+${hex(text.codePointAt(at))}")
            character.code < 0x20 || character.code == 0x7F -> refusal("unexpected character U+${hex(character.code)}")
            else -> refusal("unexpected character '$character'")
        }
    }

    /** The index of the first unpaired surrogate character in [from] until [to], or -1. */
    private fun unpairedSurrogate(from: Int, to: Int): Int {
        var i = from
        val end = minOf(to, length)
        while (i < end) {
            val character = text[i]
            if (character.isHighSurrogate() && i + 1 < length && text[i + 1].isLowSurrogate()) {
                i += 2
                continue
            }
            if (character.isSurrogate()) return i
            i++
        }
        return -1
    }

    private fun value() {
        skipWhitespace()
        if (index >= length) throw refusal("unexpected end of input")
        when (text[index]) {
            '{' -> objectValue()
            '[' -> arrayValue()
            '"' -> string(collecting = false)
            't' -> literal("true")
            'f' -> literal("false")
            'n' -> literal("null")
            '-', in '0'..'9' -> number()
            else -> throw unexpected(index)
        }
    }

    private fun literal(word: String) {
        for (offset in word.indices) {
            if (index + offset >= length || text[index + offset] != word[offset]) throw unexpected(index + offset)
        }
        index += word.length
    }

    private fun enter() {
        depth++
        if (depth > TabgenJsonText.MAX_DEPTH) throw refusal("nesting deeper than ${TabgenJsonText.MAX_DEPTH} arrays and objects")
    }

    private fun objectValue() {
        enter()
        index++
        skipWhitespace()
        if (index < length && text[index] == '}') {
            index++
            depth--
            return
        }
        // This object's keys are those from firstKey on. A set takes over from the list
        // past 16 keys, so a huge object stays linear.
        val firstKey = keyCount
        val firstUnescaped = unescapedKeys.length
        var seen: HashSet<String>? = null
        // From the first non-ASCII key on: NFC → the first key of that form (canonical
        // equivalence, as Swift's String == compares).
        var equivalents: HashMap<String, String>? = null
        while (true) {
            skipWhitespace()
            if (index >= length) throw refusal("unexpected end of input")
            if (text[index] != '"') throw refusal("expected a string object key")
            string(collecting = true)
            val key = keyCount - 1
            val set = seen
            if (set != null) {
                if (!set.add(keyString(key))) throw duplicate(key)
            } else {
                for (earlier in firstKey until key) if (sameKey(earlier, key)) throw duplicate(key)
                if (key - firstKey == 16) seen = (firstKey..key).mapTo(HashSet()) { keyString(it) }
            }
            if (equivalents != null || !isAscii(key)) {
                val firsts = equivalents ?: HashMap<String, String>().also { table ->
                    for (earlier in firstKey until key) keyString(earlier).let { table.putIfAbsent(nfc(it), it) }
                    equivalents = table
                }
                val name = keyString(key)
                val form = nfc(name)
                val first = firsts[form]
                if (first == null) {
                    firsts[form] = name
                } else {
                    equivalentKeys++
                    if (path != null && firstEquivalence == null) firstEquivalence = equivalence(name, first, path)
                }
            }
            skipWhitespace()
            if (index >= length || text[index] != ':') throw unexpected(index)
            index++
            path?.add(keyString(key))
            value()
            path?.let { it.removeAt(it.size - 1) }
            skipWhitespace()
            if (index >= length) throw refusal("unexpected end of input")
            when (text[index]) {
                ',' -> index++
                '}' -> {
                    index++
                    depth--
                    keyCount = firstKey
                    // Most objects have no escaped key: no call to setLength for them.
                    if (unescapedKeys.length != firstUnescaped) unescapedKeys.setLength(firstUnescaped)
                    return
                }
                else -> throw unexpected(index)
            }
        }
    }

    private fun duplicate(key: Int): TabgenJsonTextException =
        refusal("duplicate object key ${TabgenValidation.quoted(keyString(key))}; JSON readers disagree on which one wins, so tabgen rejects it")

    private fun arrayValue() {
        enter()
        index++
        skipWhitespace()
        if (index < length && text[index] == ']') {
            index++
            depth--
            return
        }
        var position = 0
        while (true) {
            path?.add(position.toString())
            value()
            path?.let { it.removeAt(it.size - 1) }
            position++
            skipWhitespace()
            if (index >= length) throw refusal("unexpected end of input")
            when (text[index]) {
                ',' -> index++
                ']' -> {
                    index++
                    depth--
                    return
                }
                else -> throw unexpected(index)
            }
        }
    }

    /** Checks a string; with [collecting], pushes it as a key (see [keySpans]). */
    private fun string(collecting: Boolean) {
        val text = text // locals, read at every character
        val length = length
        val start = index + 1
        var end = start // a local, not the field, in the loop: most of a message's characters are in strings
        // Every character ORed, a branch less per character than testing each: below 0x80,
        // all are ASCII; below 0xD800, none is a surrogate (else a second look, rarely).
        var bits = 0
        while (end < length) {
            val character = text[end]
            // One comparison for lower-case letters and non-ASCII characters: the quote, the
            // backslash and the control characters are all at most '\\'.
            if (character <= '\\') {
                if (character == '"') {
                    index = end + 1
                    if (bits >= 0xD800 && unpairedSurrogate(start, end) >= 0) throw refusal("invalid UTF-8 byte sequence")
                    if (collecting) pushKey(start, end, false, bits)
                    return
                }
                if (character == '\\') {
                    index = end
                    return escapedString(start, collecting)
                }
                if (character < ' ') throw refusal("unescaped control character in string")
            }
            bits = bits or character.code
            end++
        }
        throw refusal("unexpected end of input")
    }

    private fun escapedString(start: Int, collecting: Boolean) {
        val buffer = unescapedKeys
        val bufferStart = buffer.length
        var chunkStart = start
        fun flush(end: Int) {
            if (unpairedSurrogate(chunkStart, end) >= 0) throw refusal("invalid UTF-8 byte sequence")
            if (collecting) buffer.append(text, chunkStart, end)
        }
        while (index < length) {
            val character = text[index]
            if (character == '"') {
                flush(index)
                index++
                if (collecting) {
                    var bits = 0
                    for (at in bufferStart until buffer.length) bits = bits or buffer[at].code
                    pushKey(bufferStart, buffer.length, true, bits)
                }
                return
            }
            if (character.code < 0x20) throw refusal("unescaped control character in string")
            if (character != '\\') {
                index++
                continue
            }
            flush(index)
            if (index + 1 >= length) throw refusal("unexpected end of input")
            val escaped = when (text[index + 1]) {
                '"', '\\', '/' -> text[index + 1]
                'b' -> '\b'
                'f' -> '\u000C'
                'n' -> '\n'
                'r' -> '\r'
                't' -> '\t'
                'u' -> {
                    index += 2
                    val unit = hex4()
                    val lone = "lone surrogate \\u${hex(unit)} in string: it is not a Unicode scalar value"
                    if (unit in 0xD800..0xDBFF) {
                        if (index + 1 >= length || text[index] != '\\' || text[index + 1] != 'u') throw refusal(lone)
                        index += 2
                        val low = hex4()
                        if (low !in 0xDC00..0xDFFF) throw refusal(lone)
                        if (collecting) buffer.append(unit.toChar()).append(low.toChar())
                    } else if (unit in 0xDC00..0xDFFF) {
                        throw refusal(lone)
                    } else if (collecting) {
                        buffer.append(unit.toChar())
                    }
                    chunkStart = index
                    continue
                }
                else -> throw refusal("invalid escape sequence in string")
            }
            if (collecting) buffer.append(escaped)
            index += 2
            chunkStart = index
        }
        throw refusal("unexpected end of input")
    }

    private fun hex4(): Int {
        if (index + 4 > length) throw refusal("unexpected end of input")
        var value = 0
        repeat(4) {
            val digit = when (val character = text[index]) {
                in '0'..'9' -> character - '0'
                in 'a'..'f' -> character - 'a' + 10
                in 'A'..'F' -> character - 'A' + 10
                else -> throw refusal("invalid escape sequence in string")
            }
            value = value * 16 + digit
            index++
        }
        return value
    }

    private fun digits(): Int {
        val start = index
        while (index < length && text[index] in '0'..'9') index++
        return index - start
    }

    private fun number() {
        if (text[index] == '-') index++
        if (index >= length) throw refusal("invalid number")
        if (text[index] == '0') {
            index++
        } else if (digits() == 0) {
            throw refusal("invalid number")
        }
        if (index < length && text[index] == '.') {
            index++
            if (digits() == 0) throw refusal("invalid number")
        }
        if (index < length && (text[index] == 'e' || text[index] == 'E')) {
            index++
            if (index < length && (text[index] == '+' || text[index] == '-')) index++
            if (digits() == 0) throw refusal("invalid number")
        }
    }
}
// tabgen:begin TabgenSchema
// tabgen:needs TabgenJsonValues

// Decoding failures

/**
 * What [TabgenSchema.decode] throws when kotlinx.serialization refuses a well-formed
 * text: [violation] is the first finding `tabgen validate` reports for the text that
 * decoding does not let through, with its code and exact pointer (kotlinx.serialization's
 * own path is relative to the tolerant serializers and its error names no code). A
 * [SerializationException], as before; [cause] is kotlinx.serialization's.
 */
public class TabgenDecodingException internal constructor(
    public val violation: TabgenViolation,
    cause: Throwable,
) : SerializationException("${violation.code} at ${violation.pointer.ifEmpty { "(root)" }}: ${violation.message}", cause)

/**
 * The schema of a message (its RFC 8927 forms and definitions, as compact JSON text) and
 * the decoding policy, to explain a decoding failure as `tabgen validate` reports it. The
 * text is parsed on the first failure only: decoding a valid message costs nothing more.
 */
public class TabgenSchema(public val json: String, public val strict: Boolean) {
    private val schema: JsonObject by lazy { BridgeJson.parseToJsonElement(json) as? JsonObject ?: JsonObject(emptyMap()) }

    /**
     * Decodes [text] with [deserializer], the data of [definition] (null: the root), as
     * [TabgenJsonText.decode] does; a well-formed text it cannot decode throws
     * [TabgenDecodingException] with the first finding `tabgen validate` reports that
     * decoding does not let through (else kotlinx.serialization's own exception).
     */
    public fun <T> decode(deserializer: DeserializationStrategy<T>, text: String, definition: String? = null): T {
        TabgenJsonText.check(text)
        try {
            return BridgeJson.decodeFromString(deserializer, text)
        } catch (error: RuntimeException) {
            // Not only SerializationException: kotlinx.serialization's tree decoder throws
            // IndexOutOfBoundsException for some wrong types under `decoding: strict`; a
            // failure the schema explains becomes its finding either way.
            // The text passed the check, so it parses; should it not, the decoder's error stands.
            val element = try {
                BridgeJson.parseToJsonElement(text)
            } catch (parseError: IllegalArgumentException) {
                throw error
            }
            val first = errors(element, definition).firstOrNull() ?: throw error
            throw TabgenDecodingException(first, error)
        }
    }

    /**
     * The findings of RFC 8927 validation that [value] (the data of [definition]) has and
     * decoding does not let through, in the order `tabgen validate` reports them. Let
     * through: unknown members and, unless [strict], unknown enum strings, the `null` of
     * an optional member and a missing nullable or array member (docs/decoding.md).
     */
    public fun errors(value: JsonElement, definition: String? = null): List<TabgenViolation> {
        val root = if (definition == null) schema else definitions()[definition] as? JsonObject ?: return emptyList()
        val walk = Walk()
        walk.check(value, root, "", false)
        // `tabgen validate` reports by position in the text: a value's own findings (a
        // missing member: the object's) before those inside it, as values come in the text.
        return walk.found.sortedBy { it.first }.map { it.second }
    }

    /**
     * Whether a bridge component base keeps a decoded message from its handler, given the
     * findings of its `validate()` (docs/decoding.md): with [strict] decoding, any error;
     * tolerant, only an error of [crashingRules] (the rules marked `"crashesClients": true`,
     * whose payloads crash the reference clients).
     */
    public fun refuses(findings: List<TabgenViolation>, crashingRules: Set<String>): Boolean =
        findings.any { it.severity == TabgenSeverity.ERROR && (strict || it.code in crashingRules) }

    private fun definitions(): JsonObject = schema["definitions"] as? JsonObject ?: JsonObject(emptyMap())

    /** One walk: the findings, each with the position of its value in the text (in visiting order). */
    private inner class Walk {
        val found: MutableList<Pair<Int, TabgenViolation>> = mutableListOf()
        private var visited = 0

        // `tolerated`: the value is the null of an optional member, which decoding reads as absent.
        fun check(value: JsonElement, form: JsonObject, pointer: String, tolerated: Boolean) {
            val position = visited++
            fun fail(code: String, at: String, message: String, letThrough: Boolean = tolerated) {
                if (!letThrough) found += position to TabgenViolation(code, TabgenSeverity.ERROR, at, message)
            }
            if (flag(form, "nullable") && value is JsonNull) return
            val ref = text(form["ref"])
            if (ref != null) {
                (definitions()[ref] as? JsonObject)?.let { check(value, it, pointer, tolerated) }
                return
            }
            val type = text(form["type"])
            if (type != null) {
                if (!hasType(value, type)) fail("TG010", pointer, "expected ${describeType(type, value)}, found ${kindAndValue(value)}")
                return
            }
            val values = form["enum"] as? JsonArray
            if (values != null) {
                val names = values.mapNotNull { text(it) }
                val string = (value as? JsonPrimitive)?.takeIf { it.isString }?.content
                if (string == null || string !in names) {
                    // An enum string this version does not know is a newer server's: kept unless strict.
                    fail("TG011", pointer, "${TabgenJsonValues.show(value)} is not one of ${allowed(names)}",
                        tolerated || (string != null && !strict))
                }
                return
            }
            val elements = form["elements"] as? JsonObject
            if (elements != null) {
                if (value !is JsonArray) return fail("TG014", pointer, "expected an array, found ${kindAndValue(value)}")
                value.forEachIndexed { index, item -> check(item, elements, "$pointer/$index", false) }
                return
            }
            val valuesForm = form["values"] as? JsonObject
            if (valuesForm != null) {
                if (value !is JsonObject) return fail("TG014", pointer, "expected an object, found ${kindAndValue(value)}")
                for ((key, member) in value) check(member, valuesForm, child(pointer, key), false)
                return
            }
            val name = text(form["discriminator"])
            if (name != null) {
                if (value !is JsonObject) return fail("TG014", pointer, "expected an object, found ${kindAndValue(value)}")
                val tagValue = value[name] ?: return fail("TG015", pointer, "missing discriminator property ${TabgenValidation.quoted(name)}", false)
                val at = child(pointer, name)
                val tagText = (tagValue as? JsonPrimitive)?.takeIf { it.isString }?.content
                    ?: return fail("TG015", at, "discriminator ${TabgenValidation.quoted(name)} must be a string, found ${kindAndValue(tagValue)}", false)
                val mapping = form["mapping"] as? JsonObject ?: JsonObject(emptyMap())
                val variant = mapping[tagText] as? JsonObject ?: return fail(
                    "TG015", at,
                    "${TabgenJsonValues.show(tagValue)} is not one of the ${TabgenValidation.quoted(name)} values ${allowed(mapping.keys.toList())}",
                    false,
                )
                // The tag is not a member of the variant's properties: like any unknown member, let through.
                return check(value, variant, pointer, false)
            }
            val required = form["properties"] as? JsonObject
            val optional = form["optionalProperties"] as? JsonObject
            if (required == null && optional == null) return
            if (value !is JsonObject) return fail("TG014", pointer, "expected an object, found ${kindAndValue(value)}")
            for ((key, member) in value) {
                val requiredForm = required?.get(key) as? JsonObject
                val optionalForm = optional?.get(key) as? JsonObject
                when {
                    requiredForm != null -> check(member, requiredForm, child(pointer, key), false)
                    optionalForm != null -> check(member, optionalForm, child(pointer, key), !strict && member is JsonNull && !resolves(optionalForm) { flag(it, "nullable") })
                    // An unknown member (TG013) is a newer server's: decoding ignores it.
                    else -> Unit
                }
            }
            for ((key, memberForm) in required.orEmpty()) {
                if (key in value) continue
                // Decoding reads a missing nullable member as null, a missing array as empty.
                val readsMissing = resolves(memberForm as? JsonObject) { flag(it, "nullable") || "elements" in it }
                fail("TG012", pointer, "missing required property ${TabgenValidation.quoted(key)}", !strict && readsMissing)
            }
        }
    }

    /** Whether [form], or a definition it refers to, passes [test]. */
    private fun resolves(form: JsonObject?, test: (JsonObject) -> Boolean): Boolean {
        if (form == null) return false
        if (test(form)) return true
        val ref = text(form["ref"]) ?: return false
        return resolves(definitions()[ref] as? JsonObject, test)
    }

    private fun flag(form: JsonObject, key: String): Boolean = (form[key] as? JsonPrimitive)?.content == "true"

    private fun text(element: JsonElement?): String? = (element as? JsonPrimitive)?.takeIf { it.isString }?.content

    private fun child(pointer: String, key: String): String = pointer + "/" + key.replace("~", "~0").replace("/", "~1")

    private fun number(value: JsonElement): Double? {
        val primitive = value as? JsonPrimitive ?: return null
        if (primitive.isString || primitive.content == "true" || primitive.content == "false") return null
        return primitive.content.toDoubleOrNull()
    }

    private fun hasType(value: JsonElement, type: String): Boolean {
        val primitive = value as? JsonPrimitive
        when (type) {
            "boolean" -> return primitive != null && !primitive.isString && (primitive.content == "true" || primitive.content == "false")
            "string" -> return primitive?.isString == true
            "timestamp" -> return primitive != null && primitive.isString && isTimestamp(primitive.content)
        }
        val number = number(value) ?: return false
        val range = INTEGER_RANGES[type]
        if (range != null) return number.isFinite() && number == Math.rint(number) && number >= range.first && number <= range.second
        return if (type == "float32") number.toFloat().isFinite() else number.isFinite()
    }

    private fun describeType(type: String, value: JsonElement): String {
        if (number(value) != null && (type == "float32" || type == "float64")) {
            return "a number within the range of $type (±${if (type == "float32") "3.4028235e+38" else "1.7976931348623157e+308"})"
        }
        return when (type) {
            "boolean" -> "a boolean"
            "string" -> "a string"
            "timestamp" -> "an RFC 3339 timestamp string"
            else -> INTEGER_RANGES[type]?.let { "$type (an integer from ${it.first.toLong()} to ${it.second.toLong()})" } ?: "a number"
        }
    }

    /** The allowed values a message lists, as `tabgen validate` lists them: the first 20, then how many more. */
    private fun allowed(names: List<String>): String {
        val listed = names.take(20).joinToString(", ") { TabgenValidation.quoted(it) }
        return if (names.size > 20) "$listed and ${names.size - 20} more" else listed
    }

    private fun kindAndValue(value: JsonElement): String {
        val number = number(value)
        if (number != null && !number.isFinite()) return "a number beyond the range of float64"
        val kind = when (value) {
            is JsonNull -> return "null"
            is JsonArray -> "array"
            is JsonObject -> "object"
            is JsonPrimitive -> if (value.isString) "string" else if (number != null) "number" else "boolean"
        }
        return "$kind ${TabgenJsonValues.show(value)}"
    }

    // RFC 3339 date-time, leap seconds included.
    private fun isTimestamp(text: String): Boolean {
        val match = TIMESTAMP.matchEntire(text) ?: return false
        val parts = match.groupValues.subList(1, 7).map { it.toInt() }
        val (year, month, day, hour, minute) = parts
        val second = parts[5]
        val leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        val days = when (month) {
            2 -> if (leap) 29 else 28
            4, 6, 9, 11 -> 30
            else -> 31
        }
        val offset = match.groupValues[9].isEmpty() || (match.groupValues[9].toInt() <= 23 && match.groupValues[10].toInt() <= 59)
        return month in 1..12 && day in 1..days && hour <= 23 && minute <= 59 && second <= 60 && offset
    }

    private companion object {
        val INTEGER_RANGES: Map<String, Pair<Double, Double>> = mapOf(
            "int8" to (-128.0 to 127.0), "uint8" to (0.0 to 255.0), "int16" to (-32768.0 to 32767.0),
            "uint16" to (0.0 to 65535.0), "int32" to (-2147483648.0 to 2147483647.0), "uint32" to (0.0 to 4294967295.0),
        )
        val TIMESTAMP: Regex = Regex("""(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))""")
    }
}
// tabgen:end TabgenSchema

// Violations

/** How much a violation matters, as `tabgen validate` says it. */
public enum class TabgenSeverity(public val label: String) {
    ERROR("error"),
    WARNING("warning"),
}

/** One finding of `validate()`, with the code `tabgen validate` reports for it. */
public data class TabgenViolation(
    /** `TG011` (an enum value this version does not know), `TG101`... (the schema's rules). */
    public val code: String,
    public val severity: TabgenSeverity,
    /** RFC 6901 pointer to the offending value (`/tabs/1/id`). */
    public val pointer: String,
    public val message: String,
)

/**
 * The violations `validate()` collects, and the members tolerant decoding found missing:
 * absent to the rules, as to `tabgen validate`, although the decoded value holds `null`.
 */
internal class TabgenCollected : ArrayList<TabgenViolation>() {
    val missing: MutableList<List<String>> = mutableListOf()
}

/** What `validate()` of the generated types runs. */
public object TabgenValidation {
    /** The violations [collect] finds: what decoding let through, in the CLI's order. */
    public fun collect(collect: (MutableList<TabgenViolation>) -> Unit): List<TabgenViolation> {
        val violations = mutableListOf<TabgenViolation>()
        collect(violations)
        return violations
    }
// tabgen:begin TabgenRule
// tabgen:needs TabgenJsonValues

    /**
     * The violations of a decoded value: the checks decoding lets through ([collect], the
     * walk for unknown enum values and recorded deviations), then [rules], evaluated on
     * the value's JSON encoding.
     */
    public fun <T> validate(
        value: T,
        serializer: KSerializer<T>,
        rules: List<TabgenRule>,
        collect: ((MutableList<TabgenViolation>) -> Unit)? = null,
    ): List<TabgenViolation> {
        val violations = TabgenCollected()
        collect?.invoke(violations)
        if (rules.isEmpty()) return violations
        val json = try {
            violations.missing.fold(RULE_JSON.encodeToJsonElement(serializer, value), ::without)
        } catch (error: IllegalArgumentException) {
            violations += TabgenViolation("TG010", TabgenSeverity.ERROR, "", "the value cannot be encoded as JSON: ${error.message}")
            return violations
        }
        violations += TabgenRuleEngine.evaluate(rules, json)
        return violations
    }

    /**
     * [BridgeJson] that also writes infinity: a number beyond Double's range (`1E400`) in
     * the empty form (a [JsonElement]) is one to `tabgen validate`, not a value that cannot
     * be encoded.
     */
    private val RULE_JSON: Json = Json(from = BridgeJson) { allowSpecialFloatingPointValues = true }

    /** [element] without the member at [path] (a member the payload did not have). */
    private fun without(element: JsonElement, path: List<String>): JsonElement {
        val head = path.firstOrNull() ?: return element
        return when {
            element is JsonObject && path.size == 1 -> JsonObject(element - head)
            element is JsonObject -> element[head]?.let { JsonObject(element + (head to without(it, path.drop(1)))) } ?: element
            element is JsonArray -> head.toIntOrNull()?.takeIf { it in element.indices }?.let { index ->
                JsonArray(element.mapIndexed { position, item -> if (position == index) without(item, path.drop(1)) else item })
            } ?: element
            else -> element
        }
    }
// tabgen:end TabgenRule

    /** An RFC 6901 pointer for path tokens. */
    public fun pointer(path: List<String>): String = path.joinToString("") { "/" + it.replace("~", "~0").replace("/", "~1") }

    /**
     * A JSON string literal, for messages, escaped as `tabgen validate` escapes: `"`, `\\`,
     * control characters and DEL, and U+2028 and U+2029; all else as it is.
     */
    public fun quoted(text: String): String {
        val output = StringBuilder(text.length + 2).append('"')
        for (character in text) {
            when (character) {
                '"' -> output.append("\\\"")
                '\\' -> output.append("\\\\")
                '\n' -> output.append("\\n")
                '\r' -> output.append("\\r")
                '\t' -> output.append("\\t")
                '\b' -> output.append("\\b")
                '\u000C' -> output.append("\\f")
                '\u2028' -> output.append("\\u2028")
                '\u2029' -> output.append("\\u2029")
                else -> if (character.code < 0x20 || character.code == 0x7F) {
                    output.append("\\u").append(character.code.toString(16).padStart(4, '0'))
                } else {
                    output.append(character)
                }
            }
        }
        return output.append('"').toString()
    }

    /**
     * The violation for an enum value this version does not know: `TG011` as `tabgen
     * validate` reports it, but a warning, because a client must not reject a value a
     * newer server sends (the server side keeps it an error).
     */
    public fun unknownValue(value: String, path: List<String>, expected: String): TabgenViolation {
        // Cut as tabgen validate shows values: 117 Unicode scalars and "..." past 120.
        val text = quoted(value)
        val shown = if (text.codePointCount(0, text.length) > 120) text.substring(0, text.offsetByCodePoints(0, 117)) + "..." else text
        return TabgenViolation("TG011", TabgenSeverity.WARNING, pointer(path), "$shown is not one of $expected")
    }
}
// tabgen:begin tabgenEachElement

/** Walks the elements of a list, with their paths. */
internal inline fun <T> tabgenEachElement(list: List<T>, path: List<String>, body: (T, List<String>) -> Unit) {
    list.forEachIndexed { index, element -> body(element, path + index.toString()) }
}
// tabgen:end tabgenEachElement
// tabgen:begin tabgenEachValue

/** Walks the values of a map in document order (as the CLI reports them), with their paths. */
internal inline fun <T> tabgenEachValue(map: Map<String, T>, path: List<String>, body: (T, List<String>) -> Unit) {
    for ((key, element) in map) body(element, path + key)
}
// tabgen:end tabgenEachValue
// tabgen:begin TabgenJsonValues

// JSON values

/** JSON values compared as JSON: numbers by value (`1` equals `1.0`), objects without order. */
internal object TabgenJsonValues {
    fun equal(left: JsonElement, right: JsonElement): Boolean = when {
        left is JsonNull || right is JsonNull -> left is JsonNull && right is JsonNull
        left is JsonPrimitive && right is JsonPrimitive -> primitivesEqual(left, right)
        left is JsonArray && right is JsonArray -> left.size == right.size && left.indices.all { equal(left[it], right[it]) }
        left is JsonObject && right is JsonObject -> left.keys == right.keys && left.keys.all { equal(left.getValue(it), right.getValue(it)) }
        else -> false
    }

    private fun primitivesEqual(left: JsonPrimitive, right: JsonPrimitive): Boolean {
        if (left.isString || right.isString) return left.isString == right.isString && left.content == right.content
        val leftNumber = left.content.toBigDecimalOrNull()
        val rightNumber = right.content.toBigDecimalOrNull()
        if (leftNumber != null && rightNumber != null) return leftNumber.compareTo(rightNumber) == 0
        return left.content == right.content
    }

    /** Compact JSON text as `tabgen validate` writes it, cut to 120 Unicode scalars for messages. */
    fun show(value: JsonElement): String {
        val text = StringBuilder().also { write(value, it) }.toString()
        return if (text.codePointCount(0, text.length) > 120) text.substring(0, text.offsetByCodePoints(0, 117)) + "..." else text
    }

    private fun write(value: JsonElement, output: StringBuilder) {
        when (value) {
            is JsonNull -> output.append("null")
            is JsonPrimitive -> when {
                value.isString -> output.append(TabgenValidation.quoted(value.content))
                value.content == "true" || value.content == "false" -> output.append(value.content)
                // A number beyond Double's range (1E400) is shown as written, as tabgen validate shows it.
                else -> output.append(value.content.toDoubleOrNull()?.takeIf { it.isFinite() }?.let(::formatNumber) ?: value.content)
            }
            is JsonArray -> {
                output.append('[')
                value.forEachIndexed { index, element ->
                    if (index > 0) output.append(',')
                    write(element, output)
                }
                output.append(']')
            }
            is JsonObject -> {
                output.append('{')
                value.entries.forEachIndexed { index, (key, element) ->
                    if (index > 0) output.append(',')
                    output.append(TabgenValidation.quoted(key)).append(':')
                    write(element, output)
                }
                output.append('}')
            }
        }
    }

    /**
     * A number as `tabgen validate` writes it (Swift's `Double` description): integers below
     * 1e15 plain, exponents above 2^53 and below 1e-4, shortest digits that read back.
     */
    fun formatNumber(number: Double): String {
        if (!number.isFinite()) return "null"
        val magnitude = Math.abs(number)
        if (number == Math.rint(number) && magnitude < 1e15) return number.toLong().toString()
        val decimal = shortest(magnitude)
        val digits = decimal.unscaledValue().toString()
        val exponent = digits.length - 1 - decimal.scale()
        val sign = if (number < 0) "-" else ""
        if (magnitude > 9007199254740992.0 || magnitude < 1e-4) {
            val mantissa = if (digits.length > 1) digits[0] + "." + digits.substring(1) else digits
            return sign + mantissa + "e" + (if (exponent < 0) "-" else "+") + Math.abs(exponent).toString().padStart(2, '0')
        }
        if (exponent < 0) return sign + "0." + "0".repeat(-exponent - 1) + digits
        val whole = digits.take(exponent + 1).padEnd(exponent + 1, '0')
        val fraction = digits.drop(exponent + 1)
        return sign + whole + "." + fraction.ifEmpty { "0" }
    }

    /**
     * The fewest significant digits that read back as [magnitude] (positive, finite), and of
     * those the nearest to it, as Swift's `description` writes them. Java's
     * `Double.toString` is not shortest before JDK 19 (`2.31845256772633248E17`, `4.9E-324`).
     * A decimal of p digits that reads back is one of p+1 digits too, so the fewest is
     * found by bisection on p; at each p, the two p-digit neighbours of the exact value.
     */
    private fun shortest(magnitude: Double): BigDecimal {
        val exact = BigDecimal(magnitude)
        fun candidate(precision: Int): BigDecimal? {
            val down = exact.round(java.math.MathContext(precision, java.math.RoundingMode.FLOOR))
            val up = exact.round(java.math.MathContext(precision, java.math.RoundingMode.CEILING))
            val readsBack = listOf(down, up).filter { it.toDouble() == magnitude }
            if (readsBack.size < 2) return readsBack.firstOrNull()
            val below = exact.subtract(down)
            val above = up.subtract(exact)
            return if (below < above) down else if (above < below) up else exact.round(java.math.MathContext(precision, java.math.RoundingMode.HALF_EVEN))
        }
        var low = 1
        var high = 17
        var best = candidate(high) ?: exact
        while (low < high) {
            val middle = (low + high) / 2
            val found = candidate(middle)
            if (found != null) {
                best = found
                high = middle
            } else {
                low = middle + 1
            }
        }
        return best.stripTrailingZeros()
    }

    private fun String.toBigDecimalOrNull(): BigDecimal? = try {
        BigDecimal(this)
    } catch (error: NumberFormatException) {
        null
    }
}
// tabgen:end TabgenJsonValues
// tabgen:begin TabgenFixtures
// tabgen:needs TabgenJsonValues

// Fixtures

/** One payload of a schema's fixtures, with what `tabgen validate` and a generated client make of it. */
public class TabgenFixture(
    /** What the fixture is. */
    public val name: String,
    /** valid, rule or constraint: what the fixture exercises. */
    public val category: String,
    /** The payload as the server sends it. */
    public val payload: String,
    /** What `tabgen validate` says: valid, warning or invalid. */
    public val verdict: String,
    /** The codes `tabgen validate` reports for [payload]. */
    public val codes: List<String>,
    /** Whether a client decodes [payload] (unknown members and enum values do not stop it). */
    public val decodes: Boolean,
    /** The codes `validate()` reports on the decoded value. */
    public val typedCodes: List<String>,
    /** What decode-then-encode produces, compared as JSON values; null when it does not decode. */
    public val canonical: String?,
) {
    override fun toString(): String = name
}

/** One fixture's round trip, named: a parameter of the generated JUnit test (JUnit shows [toString]). */
public class TabgenFixtureCase(private val name: String, private val problems: () -> List<String>) {
    /**
     * The round trip as a test: an [AssertionError] (what JUnit's `assertTrue` throws, a
     * test failure) with the case's name and what is wrong with the round trip.
     */
    public fun assertRoundTrip() {
        val problems = problems()
        if (problems.isNotEmpty()) throw AssertionError("$name: ${problems.joinToString("; ")}")
    }

    override fun toString(): String = name
}

/**
 * The fixtures of one message root and the round trip its JUnit test runs on each: what
 * every generated `<Root>Fixtures` object is, written once here, where the tests of every
 * contract find it. Plain Kotlin, no JUnit (R8 drops it from an app that never calls it).
 */
public abstract class TabgenFixtures<T>(
    /** How a value of the root is read and written. */
    public val serializer: KSerializer<T>,
) {
    /** Every fixture, in the order of the fixtures file. */
    public abstract val all: List<TabgenFixture>

    /**
     * Every fixture as a case of the output's one JUnit test, in order, each named
     * `<label>: <fixture>` ([label] is the root's type name) so that the cases of all the
     * roots it runs stay apart.
     */
    public fun cases(label: String): List<TabgenFixtureCase> = all.map { fixture -> TabgenFixtureCase("$label: ${fixture.name}") { check(fixture) } }

    /** What `validate()` reports on a decoded value. */
    protected abstract fun validate(value: T): List<TabgenViolation>

    /**
     * What is wrong with one fixture's round trip, empty when it passes: the payload
     * decodes with [BridgeJson] exactly when it should; encoding the decoded value gives
     * the canonical JSON (compared as JSON values); `validate()` reports the expected codes.
     */
    public fun check(fixture: TabgenFixture): List<String> {
        val value = try {
            BridgeJson.decodeFromString(serializer, fixture.payload)
        } catch (error: IllegalArgumentException) {
            return if (fixture.decodes) listOf("does not decode: ${error.message}") else emptyList()
        }
        if (!fixture.decodes) return listOf("decodes, but the schema says it must not")
        val problems = mutableListOf<String>()
        val encoded = try {
            BridgeJson.encodeToString(serializer, value)
        } catch (error: IllegalArgumentException) {
            return listOf("does not encode: ${error.message}")
        }
        val expected = BridgeJson.parseToJsonElement(fixture.canonical ?: "null")
        if (!TabgenJsonValues.equal(BridgeJson.parseToJsonElement(encoded), expected)) {
            problems += "encodes as $encoded, expected ${fixture.canonical}"
        }
        val codes = validate(value).map { it.code }.distinct().sorted()
        if (codes != fixture.typedCodes) {
            problems += "validate() reports $codes, expected ${fixture.typedCodes}"
        }
        return problems
    }

    /** How these types decode a fixture of the fixtures file, where that differs from the file's labels. */
    public class Label(public val decodes: Boolean, public val typedCodes: List<String>, public val canonical: String?)

    /**
     * The fixtures of the project's shared file [place] in [folder], labeled as these types
     * decode them ([relabeled], by position, where they differ from the file): the payloads
     * and canonical forms as JSON text again (numbers as written).
     */
    protected fun readShared(folder: String, place: String, relabeled: Map<Int, Label>): List<TabgenFixture> {
        val file = File(folder, place).absoluteFile.normalize()
        val text = try {
            file.readText()
        } catch (error: IOException) {
            throw IllegalStateException("cannot read the fixtures $file: $error (tabgen emit writes them)", error)
        }
        return parse(text, file.toString(), relabeled)
    }

    /**
     * The fixtures of the test resource [name] in the package of this object (Gradle puts
     * `src/test/resources` on the unit tests' classpath), labeled as [readShared] labels them.
     */
    protected fun readResource(name: String, relabeled: Map<Int, Label>): List<TabgenFixture> {
        val path = javaClass.name.substringBeforeLast('.', "").replace('.', '/') + "/" + name
        val text = javaClass.getResourceAsStream(name)?.use { it.readBytes().toString(Charsets.UTF_8) }
            ?: throw IllegalStateException("cannot read the fixtures $path: no such resource on the classpath (tabgen emit writes them to src/test/resources/$path)")
        return parse(text, path, relabeled)
    }

    /** The fixtures of a fixtures file's [json], read from [file] (named in errors), labeled as [readShared] says. */
    private fun parse(json: String, file: String, relabeled: Map<Int, Label>): List<TabgenFixture> {
        val root = try {
            BridgeJson.parseToJsonElement(json)
        } catch (error: IllegalArgumentException) {
            throw IllegalStateException("cannot read the fixtures $file: $error (tabgen emit writes them)", error)
        }
        val entries = (root as? JsonObject)?.get("fixtures") as? JsonArray
            ?: throw IllegalStateException("$file has no fixtures array (tabgen emit writes it)")
        return entries.mapIndexed { index, entry ->
            fun problem(what: String) = IllegalStateException("$file: fixture $index $what (tabgen emit writes it)")
            val members = entry as? JsonObject ?: throw problem("is not an object")
            fun text(key: String): String =
                (members[key] as? JsonPrimitive)?.takeIf { it.isString }?.content ?: throw problem("has no string $key")
            fun texts(key: String): List<String> =
                (members[key] as? JsonArray)?.map { (it as? JsonPrimitive)?.takeIf { item -> item.isString }?.content ?: throw problem("has a $key that is not a string") }
                    ?: throw problem("has no array $key")
            val label = relabeled[index] ?: Label(
                (members["decodes"] as? JsonPrimitive)?.takeIf { !it.isString }?.content?.toBooleanStrictOrNull() ?: throw problem("has no boolean decodes"),
                texts("typedCodes"),
                members["canonical"]?.takeIf { it !is JsonNull }?.toString(),
            )
            TabgenFixture(
                name = text("name"),
                category = text("category"),
                payload = members["payload"]?.toString() ?: throw problem("has no payload"),
                verdict = text("verdict"),
                codes = texts("codes"),
                decodes = label.decodes,
                typedCodes = label.typedCodes,
                canonical = label.canonical,
            )
        }
    }
}
// tabgen:end TabgenFixtures
// tabgen:begin TabgenRule

// Rules

/** A step of a rule's path: a member name (or array index), or every entry. */
public sealed interface TabgenToken {
    public data class Name(public val name: String) : TabgenToken
    public data object Wildcard : TabgenToken
}

/** A `when` or `targetWhere` condition of a rule. */
public class TabgenCondition(public val path: List<TabgenToken>, public val check: Check) {
    public sealed interface Check
    public class Present(public val present: Boolean) : Check
    public class Count(public val min: Int?, public val max: Int?) : Check
    public class Equals(public val value: JsonElement) : Check
}

/** One rule of the schema's `metadata.tabgen.rules`, as data. */
public class TabgenRule(
    public val code: String,
    public val severity: TabgenSeverity,
    public val message: String,
    public val kind: Kind,
    public val conditions: List<TabgenCondition>,
) {
    public sealed interface Kind
    public class Count(
        public val path: List<TabgenToken>,
        public val min: Int?,
        public val max: Int?,
        public val forbidden: List<Int>,
        public val distinct: List<TabgenToken>?,
        /** How the CLI writes [distinct] in reasons (`/id`). */
        public val distinctText: String,
        /** Only entries on which every condition holds are counted. */
        public val where: List<TabgenCondition>,
        /** How the CLI writes [where] in reasons (`/deprecated is absent or null`). */
        public val whereText: String,
    ) : Kind
    public class Unique(public val path: List<TabgenToken>) : Kind
    public class Reference(
        public val path: List<TabgenToken>,
        public val targets: List<TabgenToken>,
        public val key: List<TabgenToken>,
        public val targetWhere: List<TabgenCondition>,
        public val required: Boolean,
        /** How the CLI writes [targets], [key] and [targetWhere] in reasons. */
        public val targetsText: String,
        public val keyText: String,
        public val targetWhereText: String,
    ) : Kind
    public class RelativeReference(public val path: List<TabgenToken>, public val allowAuthority: Boolean) : Kind
    public class Equals(public val path: List<TabgenToken>, public val value: JsonElement) : Kind
// tabgen:begin usesNonEmpty
    public class NonEmpty(public val path: List<TabgenToken>) : Kind
// tabgen:end usesNonEmpty
}

/** Evaluates rules on a JSON value the way `tabgen validate` does, with the same codes. */
internal object TabgenRuleEngine {
    private class Match(val path: List<String>, val value: JsonElement)

    fun evaluate(rules: List<TabgenRule>, root: JsonElement): List<TabgenViolation> {
        val violations = mutableListOf<TabgenViolation>()
        for (rule in rules) {
            if (rule.conditions.all { holds(it, root) }) evaluate(rule, root, violations)
        }
        return violations
    }

    private fun evaluate(rule: TabgenRule, root: JsonElement, violations: MutableList<TabgenViolation>) {
        fun report(path: List<String>, value: JsonElement?, reason: String, count: Int? = null) {
            val pointer = TabgenValidation.pointer(path)
            val message = format(rule.message, value, reason, count, pointer)
            violations += TabgenViolation(rule.code, rule.severity, pointer, message)
        }
        when (val kind = rule.kind) {
            is TabgenRule.Count -> for (match in matches(kind.path, root)) {
                val all = when (val value = match.value) {
                    is JsonArray -> value.toList()
                    is JsonObject -> value.values.toList()
                    else -> continue
                }
                val entries = all.filter { entry -> kind.where.all { holds(it, entry) } }
                var count = entries.size
                var noun = if (count == 1) "1 entry" else "$count entries"
                if (kind.where.isNotEmpty()) noun += " where " + kind.whereText
                val distinct = kind.distinct
                if (distinct != null) {
                    val seen = mutableListOf<JsonElement>()
                    var unkeyed = 0
                    for (entry in entries) {
                        val key = matches(distinct, entry).firstOrNull()?.value
                        if (key == null) {
                            unkeyed += 1
                        } else if (seen.none { TabgenJsonValues.equal(it, key) }) {
                            seen += key
                        }
                    }
                    count = seen.size + unkeyed
                    if (count != entries.size) noun += " but $count distinct ${kind.distinctText}"
                }
                val min = kind.min
                val max = kind.max
                if (count in kind.forbidden) {
                    report(match.path, match.value, "it has $noun", count)
                } else if (min != null && count < min) {
                    report(match.path, match.value, "it has $noun, fewer than $min", count)
                } else if (max != null && count > max) {
                    report(match.path, match.value, "it has $noun, more than $max", count)
                }
            }
            is TabgenRule.Unique -> {
                val seen = mutableListOf<Match>()
                val equivalents = mutableMapOf<String, Match>() // NFC → first string of that form (TG022)
                for (match in matches(kind.path, root)) {
                    if (match.value is JsonNull) continue // null is no value: two are no duplicate
                    val first = seen.firstOrNull { TabgenJsonValues.equal(it.value, match.value) }
                    if (first != null) {
                        report(match.path, match.value, "${TabgenJsonValues.show(match.value)} is also at ${TabgenValidation.pointer(first.path)}")
                        continue
                    }
                    seen += match
                    val normalized = nfc(match.value) ?: continue
                    val equivalent = equivalents.getOrPut(normalized) { match }
                    if (equivalent !== match) {
                        violations += equivalence(match.path, match.value, equivalent.value, " at ${TabgenValidation.pointer(equivalent.path)}")
                    }
                }
            }
            is TabgenRule.Reference -> {
                val keys = mutableListOf<JsonElement>()
                val unfilteredKeys = mutableListOf<JsonElement>()
                val equivalents = mutableMapOf<String, JsonElement>() // NFC of a qualifying key → the first such key (TG022)
                var targetCount = 0
                for (target in matches(kind.targets, root)) {
                    val qualifies = kind.targetWhere.all { holds(it, target.value) }
                    if (qualifies) targetCount += 1
                    for (keyMatch in matches(kind.key, target.value)) {
                        if (qualifies) keys += keyMatch.value
                        unfilteredKeys += keyMatch.value
                        val normalized = if (qualifies) nfc(keyMatch.value) else null
                        if (normalized != null) equivalents.getOrPut(normalized) { keyMatch.value }
                    }
                }
                val wanted = kind.targetsText + kind.keyText + if (kind.targetWhere.isEmpty()) "" else " where " + kind.targetWhereText
                var sawValue = false
                for (match in matches(kind.path, root)) {
                    sawValue = true
                    if (match.value is JsonNull) {
                        if (kind.required && targetCount > 0) report(match.path, match.value, "it is null, but it must name one of $wanted")
                        continue
                    }
                    if (keys.any { TabgenJsonValues.equal(it, match.value) }) continue
                    if (unfilteredKeys.any { TabgenJsonValues.equal(it, match.value) }) {
                        report(
                            match.path,
                            match.value,
                            "${TabgenJsonValues.show(match.value)} names an entry of ${kind.targetsText} that does not satisfy ${kind.targetWhereText}",
                        )
                    } else {
                        report(match.path, match.value, "${TabgenJsonValues.show(match.value)} matches no $wanted")
                    }
                    val equivalent = nfc(match.value)?.let { equivalents[it] } ?: continue
                    violations += equivalence(match.path, match.value, equivalent, ", a value of $wanted,")
                }
                val concrete = kind.path.mapNotNull { (it as? TabgenToken.Name)?.name }
                if (kind.required && !sawValue && concrete.size == kind.path.size && targetCount > 0) {
                    report(concrete, null, "it is absent, but it must name one of $wanted")
                }
            }
            is TabgenRule.RelativeReference -> for (match in matches(kind.path, root)) {
                val value = match.value
                if (value !is JsonPrimitive || value is JsonNull || !value.isString) continue
                val problem = TabgenRelativeReference.problem(value.content, kind.allowAuthority)
                if (problem != null) {
                    report(match.path, value, problem)
                    continue
                }
                val warning = TabgenRelativeReference.warning(value.content, kind.allowAuthority) ?: continue
                violations += TabgenViolation(warning.first, TabgenSeverity.WARNING, TabgenValidation.pointer(match.path), warning.second)
            }
            is TabgenRule.Equals -> for (match in matches(kind.path, root)) {
                if (!TabgenJsonValues.equal(match.value, kind.value)) {
                    report(match.path, match.value, "it is ${TabgenJsonValues.show(match.value)}, expected ${TabgenJsonValues.show(kind.value)}")
                }
            }
// tabgen:begin usesNonEmpty
            is TabgenRule.NonEmpty -> for (match in matches(kind.path, root)) {
                val value = match.value
                if (value !is JsonPrimitive || value is JsonNull || !value.isString) continue
                // Blank: empty, or only Unicode White_Space (a label shows as nothing).
                if (value.content.isEmpty()) {
                    report(match.path, value, "it is empty")
                } else if (value.content.all { it in WHITE_SPACE }) {
                    report(match.path, value, "it has only white space")
                }
            }
// tabgen:end usesNonEmpty
        }
    }
// tabgen:begin usesNonEmpty

    /** Unicode's White_Space property (all in the BMP), as `tabgen validate` reads it; not `isWhitespace`, which differs. */
    private const val WHITE_SPACE = "\u0009\u000A\u000B\u000C\u000D\u0020\u0085\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000"
// tabgen:end usesNonEmpty

    /** The NFC form of a string value; null for any other value. */
    private fun nfc(value: JsonElement): String? =
        if (value is JsonPrimitive && value !is JsonNull && value.isString) Normalizer.normalize(value.content, Normalizer.Form.NFC) else null

    /**
     * TG022: [value] is canonically equivalent to [other] but not the same scalars. An iOS
     * client compares with Swift's `String ==`, which takes them as equal; Kotlin does not.
     */
    private fun equivalence(path: List<String>, value: JsonElement, other: JsonElement, place: String) = TabgenViolation(
        "TG022",
        TabgenSeverity.WARNING,
        TabgenValidation.pointer(path),
        "${TabgenJsonValues.show(value)} is canonically equivalent to ${TabgenJsonValues.show(other)}$place but has other Unicode scalars: " +
            "Swift's String == takes them as equal, Kotlin, JavaScript and Ruby as different; send both in Unicode normalization form C (NFC)",
    )

    /** Fills `{value}`, `{reason}`, `{count}` and `{pointer}` of a message, as the CLI does. */
    private fun format(template: String, value: JsonElement?, reason: String, count: Int?, pointer: String): String {
        val output = StringBuilder()
        var rest = 0
        while (true) {
            val open = template.indexOf('{', rest)
            val close = if (open < 0) -1 else template.indexOf('}', open)
            if (close < 0) break
            output.append(template, rest, open)
            when (template.substring(open + 1, close)) {
                "value" -> output.append(value?.let { TabgenJsonValues.show(it) } ?: "(absent)")
                "reason" -> output.append(reason)
                "count" -> output.append(count?.toString() ?: "")
                "pointer" -> output.append(pointer)
                else -> output.append(template, open, close + 1)
            }
            rest = close + 1
        }
        output.append(template, rest, template.length)
        return output.toString()
    }

    /**
     * The array index a pointer token names (RFC 6901): `0`, or digits without a leading zero;
     * null for `01`, `+1`, `-0` (which `toIntOrNull` would take), as `tabgen validate`.
     */
    private fun arrayIndex(token: String): Int? =
        if (token.isNotEmpty() && token.all { it in '0'..'9' } && (token[0] != '0' || token.length == 1)) token.toIntOrNull() else null

    /** Every path and value a pattern matches (object members in document order, as the CLI). */
    private fun matches(pattern: List<TabgenToken>, root: JsonElement): List<Match> {
        val results = mutableListOf<Match>()
        fun walk(index: Int, value: JsonElement, path: List<String>) {
            if (index == pattern.size) {
                results += Match(path, value)
                return
            }
            when (val token = pattern[index]) {
                is TabgenToken.Wildcard -> when (value) {
                    is JsonArray -> value.forEachIndexed { position, element -> walk(index + 1, element, path + position.toString()) }
                    is JsonObject -> for ((key, member) in value) walk(index + 1, member, path + key)
                    else -> {}
                }
                is TabgenToken.Name -> when (value) {
                    is JsonObject -> value[token.name]?.let { walk(index + 1, it, path + token.name) }
                    is JsonArray -> arrayIndex(token.name)?.let { position ->
                        if (position in value.indices) walk(index + 1, value[position], path + token.name)
                    }
                    else -> {}
                }
            }
        }
        walk(0, root, emptyList())
        return results
    }

    private fun holds(condition: TabgenCondition, base: JsonElement): Boolean {
        val value = matches(condition.path, base).firstOrNull()?.value
        return when (val check = condition.check) {
            is TabgenCondition.Present -> (value != null && value !is JsonNull) == check.present
            is TabgenCondition.Count -> {
                val count = when (value) {
                    is JsonArray -> value.size
                    is JsonObject -> value.size
                    else -> return false
                }
                count >= (check.min ?: 0) && count <= (check.max ?: Int.MAX_VALUE)
            }
            is TabgenCondition.Equals -> value != null && TabgenJsonValues.equal(value, check.value)
        }
    }
}

/** RFC 3986 section 4.2 relative references, as `tabgen validate` checks them. */
internal object TabgenRelativeReference {
    fun problem(text: String, allowAuthority: Boolean): String? {
        val points = mutableListOf<Int>()
        var offset = 0
        while (offset < text.length) {
            val point = text.codePointAt(offset)
            points += point
            offset += Character.charCount(point)
        }
        val pathEnd = points.indexOfFirst { it == '?'.code || it == '#'.code }.let { if (it < 0) points.size else it }
        val hierarchical = points.subList(0, pathEnd)
        val firstSegment = hierarchical.takeWhile { it != '/'.code }
        val colon = firstSegment.indexOf(':'.code)
        if (colon >= 0) {
            val candidate = firstSegment.subList(0, colon)
            if (candidate.isNotEmpty() && isAlpha(candidate[0]) &&
                candidate.all { isAlpha(it) || isDigit(it) || it == '+'.code || it == '-'.code || it == '.'.code }
            ) {
                return "it has scheme ${TabgenValidation.quoted(text(candidate))}"
            }
        }
        val hasAuthority = hierarchical.size >= 2 && hierarchical[0] == '/'.code && hierarchical[1] == '/'.code
        val authorityEnd = if (hasAuthority) {
            (2 until pathEnd).firstOrNull { hierarchical[it] == '/'.code } ?: pathEnd
        } else {
            0
        }
        for ((position, point) in points.withIndex()) {
            val allowed = if (position < authorityEnd) isUriCharacter(point) || point == '['.code || point == ']'.code else isUriCharacter(point)
            if (!allowed) return "it contains ${describe(point)} at character ${position + 1}, which must be percent-encoded"
        }
        var index = 0
        while (index < points.size) {
            if (points[index] == '%'.code) {
                if (index + 2 >= points.size || !isHex(points[index + 1]) || !isHex(points[index + 2])) {
                    return "it has a malformed percent-encoding at character ${index + 1}"
                }
                index += 3
            } else {
                index += 1
            }
        }
        if (hasAuthority && !allowAuthority) {
            return "it has authority ${TabgenValidation.quoted(text(points.subList(2, authorityEnd)))}: a network-path reference leaves the app's origin"
        }
        if (!hasAuthority && firstSegment.contains(':'.code)) return "its first path segment contains \":\", which reads as a scheme; write \"./\" before it"
        val hash = points.indexOf('#'.code)
        if (hash >= 0 && points.subList(hash + 1, points.size).contains('#'.code)) return "it contains a second \"#\", which must be percent-encoded"
        return null
    }

    /**
     * TG021 and TG020 (code and message), the warnings `tabgen validate` gives a relative
     * reference without a problem: an empty one and one whose path resolves to `//host`.
     */
    fun warning(text: String, allowAuthority: Boolean): Pair<String, String>? {
        if (text.isEmpty()) {
            return "TG021" to "\"\" is a relative reference to the start URL itself, but Swift's URL(string: \"\", relativeTo:) returns nil and " +
                "the iOS reference app stops with fatalError; write \"/\" or \"./\""
        }
        if (allowAuthority) return null
        val resolved = networkPathResolution(text) ?: return null
        val host = resolved.substring(2).substringBefore('/')
        return "TG020" to "${TabgenValidation.quoted(text)} resolves to the path ${TabgenValidation.quoted(resolved)}, " +
            "which reads as the host ${TabgenValidation.quoted(host)} wherever it is resolved again; remove the empty segment"
    }

    /**
     * The path `text` resolves to against a base path of `/` (RFC 3986 section 5.2, with
     * `%2e` counted as a dot, as browsers do) when it starts with `//`; null otherwise.
     */
    private fun networkPathResolution(text: String): String? {
        val end = text.indexOfFirst { it == '?' || it == '#' }.let { if (it < 0) text.length else it }
        val path = text.substring(0, end)
        if (!path.contains("//")) return null
        val merged = if (path.startsWith("/")) path else "/$path"
        val segments = merged.split("/").drop(1)
        val output = mutableListOf<String>()
        for ((index, segment) in segments.withIndex()) {
            val dots = segment.replace("%2e", ".", ignoreCase = true)
            val last = index == segments.size - 1
            when (dots) {
                "." -> if (last) output += ""
                ".." -> {
                    if (output.isNotEmpty()) output.removeAt(output.size - 1)
                    if (last) output += ""
                }
                else -> output += segment
            }
        }
        val resolved = "/" + output.joinToString("/")
        return if (resolved.startsWith("//")) resolved else null
    }

    private fun text(points: List<Int>): String = points.joinToString("") { String(Character.toChars(it)) }

    // The words of `tabgen validate` for a character a path may not hold.
    private fun describe(point: Int): String {
        val code = "U+" + point.toString(16).uppercase().padStart(4, '0')
        return when {
            point == ' '.code -> "a space"
            point == '\\'.code -> "a backslash (browsers read it as \"/\")"
            point < 0x20 || point == 0x7F -> "control character $code"
            else -> "${TabgenValidation.quoted(text(listOf(point)))} ($code)"
        }
    }

    private fun isAlpha(point: Int): Boolean = point in 'a'.code..'z'.code || point in 'A'.code..'Z'.code
    private fun isDigit(point: Int): Boolean = point in '0'.code..'9'.code
    private fun isHex(point: Int): Boolean = isDigit(point) || point in 'a'.code..'f'.code || point in 'A'.code..'F'.code
    private fun isUriCharacter(point: Int): Boolean =
        isAlpha(point) || isDigit(point) || (point < 0x80 && "-._~:/?#@!\$&'()*+,;=%".indexOf(point.toChar()) >= 0)
}
// tabgen:end TabgenRule
