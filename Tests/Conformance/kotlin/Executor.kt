// The conformance executor of the generated Kotlin (docs/conformance.md): reads cases as
// JSON Lines on standard input ({"suite", "id", "payload"}) and writes one line per case:
// {"id", "decoded", "findings": [[code, severity, pointer, message]]}, decoding as an app
// does, with the root's `decode(json)` (tabgen's text check, then the generated
// BridgeJson). A SerializationException (TabgenJsonTextException included) or
// IllegalArgumentException is "not decoded"; anything else thrown is {"id", "crash"}.
// CONFORMANCE_ROOTS (written by scripts/conformance) maps each suite to its root type.
package conformance

import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive

fun main() {
    val output = System.out.bufferedWriter()
    val input = System.`in`.bufferedReader()
    while (true) {
        val line = input.readLine() ?: break
        val envelope = Json.parseToJsonElement(line).jsonObject
        val suite = envelope.getValue("suite").jsonPrimitive.content
        val id = JsonPrimitive(envelope.getValue("id").jsonPrimitive.content)
        val run = CONFORMANCE_ROOTS[suite] ?: error("unknown suite $suite")
        val answer = try {
            val findings = run(envelope.getValue("payload").jsonPrimitive.content)
            JsonObject(mapOf(
                "id" to id,
                "decoded" to JsonPrimitive(true),
                "findings" to JsonArray(findings.map { finding -> JsonArray(finding.map(::JsonPrimitive)) }),
            ))
        } catch (error: SerializationException) {
            JsonObject(mapOf("id" to id, "decoded" to JsonPrimitive(false), "findings" to JsonArray(emptyList())))
        } catch (error: IllegalArgumentException) {
            JsonObject(mapOf("id" to id, "decoded" to JsonPrimitive(false), "findings" to JsonArray(emptyList())))
        } catch (error: Throwable) {
            JsonObject(mapOf("id" to id, "crash" to JsonPrimitive(error.toString().take(500))))
        }
        output.write(answer.toString())
        output.write("\n")
    }
    output.flush()
}
