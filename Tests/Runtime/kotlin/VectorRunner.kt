// The Kotlin runtime against the shared vectors (Tests/Vectors/**/*.json, format in its
// README): for each case, the findings the runtime reports for the payload (the strict
// text check, then the schema's findings, then the rules) must be the vector's, in order,
// and, when the case says, whether a client with its decoding acts on the message
// (`sendable`): what TabgenSchema decides, as the generated bridge component bases use it.
// Compiled with Runtime/kotlin/TabgenRuntime.kt alone (same package, so the runtime's
// internal rule engine is reachable); the rule table is built here from the vector's
// metadata.tabgen.rules, as the generator builds it from a schema (KotlinRuleTable).
//
// Usage: VectorRunnerKt DIR. Prints each failure as file:name and
// `kotlin-runtime vectors: N passed, N failed`; exits 1 on a failure or when no case ran.
package tabgen.runtime

import java.io.File
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlin.system.exitProcess

/** A vector this runner cannot run: a failure, never a skip. */
class Unsupported(message: String) : Exception(message)

private val caseKeys = setOf("name", "payload", "findings", "decoding", "sendable")
private val ruleKeys = setOf(
    "code", "severity", "kind", "message", "description", "when", "path", "crashesClients",
    "min", "max", "forbidden", "distinct", "where", "targets", "key", "targetWhere", "required", "allowAuthority", "value",
)

fun main(args: Array<String>) {
    val directory = File(args.firstOrNull() ?: error("usage: VectorRunnerKt DIR"))
    // element-data/ holds the page-reading vectors, a format of their own (Tests/Vectors/README.md).
    val files = directory.walkTopDown().filter { it.isFile && it.extension == "json" && it.parentFile.name != "element-data" }.sortedBy { it.path }.toList()
    var passed = 0
    var failed = 0
    for (file in files) {
        val name = file.relativeTo(directory).path
        val vector = try {
            Json.parseToJsonElement(file.readText()).jsonObject("the file")
        } catch (error: Exception) {
            println("FAIL $name: ${error.message}")
            failed += 1
            continue
        }
        val cases = (vector["cases"] as? JsonArray).orEmpty()
        if (cases.isEmpty()) {
            println("FAIL $name: no cases")
            failed += 1
        }
        for (case in cases) {
            val caseObject = case.jsonObject("a case")
            val caseName = caseObject.string("name")
            try {
                val extra = caseObject.keys - caseKeys
                if (extra.isNotEmpty()) throw Unsupported("case keys ${extra.sorted()} are not in the Kotlin runner yet")
                val schema = vector["schema"]?.jsonObject("schema") ?: throw Unsupported("no schema")
                val expected = (caseObject["findings"] as? JsonArray).orEmpty().map { finding ->
                    val item = finding.jsonObject("a finding")
                    listOf("code", "severity", "pointer", "message").joinToString(" | ") { item.string(it) }
                }
                val strict = when (val decoding = caseObject["decoding"]) {
                    null -> false
                    else -> when ((decoding as? JsonPrimitive)?.takeIf { it.isString }?.content) {
                        "tolerant" -> false
                        "strict" -> true
                        else -> throw Unsupported("decoding $decoding is not tolerant or strict")
                    }
                }
                val expectedSendable = caseObject["sendable"]?.let { sendable ->
                    (sendable as? JsonPrimitive)?.takeIf { !it.isString }?.content?.toBooleanStrictOrNull()
                        ?: throw Unsupported("sendable $sendable is not true or false")
                }
                val outcome = run(schema, caseObject.string("payload"), strict)
                val actual = outcome.findings.map {
                    listOf(it.code, it.severity.label, it.pointer, it.message).joinToString(" | ")
                }
                if (actual == expected && (expectedSendable == null || expectedSendable == outcome.sendable)) {
                    passed += 1
                } else {
                    failed += 1
                    println("FAIL $name:$caseName")
                    println("  expected:")
                    expected.forEach { println("    $it") }
                    expectedSendable?.let { println("    sendable: $it") }
                    println("  actual:")
                    actual.forEach { println("    $it") }
                    expectedSendable?.let { println("    sendable: ${outcome.sendable}") }
                }
            } catch (error: Exception) {
                failed += 1
                println("FAIL $name:$caseName: ${error.message}")
            }
        }
    }
    // What no vector file can hold: an unpaired surrogate character in a String, where
    // tabgen finds invalid UTF-8 (docs/decoding.md, "The JSON text"). In a value, a key, an
    // escaped string, after characters that pass (U+8000 ORed with U+5800 is U+D800); null:
    // the text passes.
    val unpaired = "TG001 | not well-formed JSON: invalid UTF-8 byte sequence"
    val texts = listOf(
        "{\"a\":\"x\uD800y\"}" to unpaired,
        "{\"a\":\"\uDC00\"}" to unpaired,
        "{\"a\":\"\u8000\u5800\uDBFF\"}" to unpaired,
        "{\"\uD83D\uDE00\uD800\":1}" to unpaired,
        "{\"a\":\"\\u00e9\uDFFF\"}" to unpaired,
        "{\"a\":{\"\uD83D\uDE00\":1,\"\u8000\u5800\":2}}" to null,
    )
    for ((text, expected) in texts) {
        val actual = try {
            TabgenJsonText.check(text)
            null
        } catch (error: TabgenJsonTextException) {
            "${error.violation.code} | ${error.violation.message}"
        }
        if (actual == expected) {
            passed += 1
        } else {
            failed += 1
            println("FAIL UTF-16 text ${text.map { if (it.isSurrogate()) "\\u%04X".format(it.code) else "$it" }.joinToString("")}: expected $expected, got $actual")
        }
    }
    println("kotlin-runtime vectors: $passed passed, $failed failed")
    if (failed > 0 || passed == 0) exitProcess(1)
}

/** What the runtime reports for a payload, and whether a client acts on it. */
class Outcome(val findings: List<TabgenViolation>, val sendable: Boolean)

/**
 * What the runtime reports for [payload]: the text check's finding alone (a refused text,
 * never acted on), else the schema's findings and the rules'. Sendable with [strict] (else
 * tolerant) decoding: decoding lets the value through (TabgenSchema.decode throws on the
 * first of `errors`) and the base does not refuse the findings (TabgenSchema.refuses).
 */
fun run(schema: JsonObject, payload: String, strict: Boolean): Outcome {
    try {
        TabgenJsonText.check(payload)
    } catch (error: TabgenJsonTextException) {
        return Outcome(listOf(error.violation), sendable = false)
    }
    val value = BridgeJson.parseToJsonElement(payload)
    val rules = (((schema["metadata"] as? JsonObject)?.get("tabgen") as? JsonObject)?.get("rules") as? JsonArray).orEmpty()
    // The generator's crashing rules (BridgeDelivery.crashingRules): errors marked crashesClients.
    val crashing = rules.map { it.jsonObject("a rule") }
        .filter { it.boolean("crashesClients") && it.optionalString("severity") != "warning" }
        .map { it.string("code") }.toSet()
    val text = schema.toString()
    val findings = TabgenSchema(text, strict = true).errors(value) + TabgenRuleEngine.evaluate(rules.map(::rule), value)
    val policy = TabgenSchema(text, strict)
    return Outcome(findings, sendable = policy.errors(value).isEmpty() && !policy.refuses(findings, crashing))
}

fun rule(element: JsonElement): TabgenRule {
    val json = element.jsonObject("a rule")
    val extra = json.keys - ruleKeys
    if (extra.isNotEmpty()) throw Unsupported("rule keys ${extra.sorted()} are not in the Kotlin runner yet")
    val kindName = json.string("kind")
    val path = tokens(json.string("path"))
    val kind = when (kindName) {
        "count" -> TabgenRule.Count(
            path = path,
            min = json.int("min"),
            max = json.int("max"),
            forbidden = (json["forbidden"] as? JsonArray).orEmpty().map { (it as JsonPrimitive).content.toInt() },
            distinct = json.optionalString("distinct")?.let(::tokens),
            distinctText = json.optionalString("distinct") ?: "",
            where = conditions(json["where"]),
            whereText = describe(json["where"]),
        )
        "unique" -> TabgenRule.Unique(path)
        "reference" -> TabgenRule.Reference(
            path = path,
            targets = tokens(json.string("targets")),
            key = tokens(json.string("key")),
            targetWhere = conditions(json["targetWhere"]),
            required = json.boolean("required"),
            targetsText = json.string("targets"),
            keyText = json.string("key"),
            targetWhereText = describe(json["targetWhere"]),
        )
        "relativeReference" -> TabgenRule.RelativeReference(path, json.boolean("allowAuthority"))
        "equals" -> TabgenRule.Equals(path, json["value"] ?: throw Unsupported("an equals rule without value"))
        "nonEmpty" -> TabgenRule.NonEmpty(path)
        else -> throw Unsupported("rule kind $kindName is not in the Kotlin runner yet")
    }
    val defaultMessage = if (kindName == "relativeReference") "{value} is not a relative reference ({reason})" else "{reason}"
    return TabgenRule(
        code = json.string("code"),
        severity = if (json.optionalString("severity") == "warning") TabgenSeverity.WARNING else TabgenSeverity.ERROR,
        message = json.optionalString("message") ?: defaultMessage,
        kind = kind,
        conditions = conditions(json["when"]),
    )
}

/** An RFC 6901 pointer with `*` for every entry, as rule paths are written. */
fun tokens(pointer: String): List<TabgenToken> {
    if (pointer.isEmpty()) return emptyList()
    if (!pointer.startsWith("/")) throw Unsupported("path $pointer is not a JSON pointer")
    return pointer.substring(1).split("/").map { token ->
        if (token == "*") TabgenToken.Wildcard else TabgenToken.Name(token.replace("~1", "/").replace("~0", "~"))
    }
}

fun conditions(element: JsonElement?): List<TabgenCondition> = (element as? JsonArray).orEmpty().map { item ->
    val json = item.jsonObject("a condition")
    val count = json["count"]?.jsonObject("count")
    val equals = json["equals"]
    val check = when {
        json["present"] != null -> TabgenCondition.Present(json.boolean("present"))
        count != null -> TabgenCondition.Count(count.int("min"), count.int("max"))
        equals != null -> TabgenCondition.Equals(equals)
        else -> throw Unsupported("condition $json is not in the Kotlin runner yet")
    }
    TabgenCondition(tokens(json.string("path")), check)
}

/** The conditions as the CLI words them in reasons (RuleEngine.describe). */
fun describe(element: JsonElement?): String = (element as? JsonArray).orEmpty().joinToString(" and ") { item ->
    val json = item.jsonObject("a condition")
    val path = json.string("path")
    val count = json["count"]?.jsonObject("count")
    when {
        json["present"] != null -> if (json.boolean("present")) "$path is present" else "$path is absent or null"
        count != null -> "$path has ${count.int("min") ?: 0}...${count.int("max") ?: ""} entries"
        else -> {
            val text = json["equals"].toString()
            "$path is ${if (text.length > 120) text.take(117) + "..." else text}"
        }
    }
}

fun JsonElement.jsonObject(what: String): JsonObject = this as? JsonObject ?: throw Unsupported("$what is not an object")

fun JsonObject.optionalString(key: String): String? = (this[key] as? JsonPrimitive)?.takeIf { it.isString }?.content

fun JsonObject.string(key: String): String = optionalString(key) ?: throw Unsupported("$key is missing or not a string")

fun JsonObject.int(key: String): Int? = (this[key] as? JsonPrimitive)?.takeIf { it !is JsonNull }?.content?.toInt()

fun JsonObject.boolean(key: String): Boolean = (this[key] as? JsonPrimitive)?.content == "true"
