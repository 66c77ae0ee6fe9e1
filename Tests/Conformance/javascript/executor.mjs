// The conformance executor of the Stimulus controller, both flavours (docs/conformance.md):
// `node executor.mjs ROOTS.mjs` where ROOTS.mjs (written by scripts/conformance) exports
// `roots`, each suite's parse function (parseMessageData...) from the generated .js
// controller or from tsc's output of the .ts one. Reads {"suite", "id", "payload"} lines
// and writes {"id", "decoded", "findings": [[code, severity, pointer, message]]}, or
// {"id", "crash"} when the parse function throws.
import { register } from "node:module"
import { createInterface } from "node:readline"
import { pathToFileURL } from "node:url"

// A .js controller imports its runtime by its importmap name (controllers/bridge/tabgen_runtime):
// as in an importmap app, that is the tabgen_runtime.js beside it.
register("data:text/javascript," + encodeURIComponent(
  'export const resolve = (specifier, context, next) => next(/^controllers\\/(.+\\/)?tabgen_runtime$/.test(specifier) ? new URL("./tabgen_runtime.js", context.parentURL).href : specifier, context)'))
const { roots } = await import(pathToFileURL(process.argv[2]).href)
let buffered = []
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity })
lines.on("line", (line) => {
  const envelope = JSON.parse(line)
  const parse = roots[envelope.suite]
  if (!parse) {
    process.stderr.write(`javascript executor: unknown suite ${envelope.suite}\n`)
    process.exit(2)
  }
  let answer
  try {
    const result = parse(envelope.payload)
    const findings = result.ok ? result.warnings : result.violations
    answer = { id: envelope.id, decoded: result.ok, findings: findings.map((v) => [v.code, v.severity, v.pointer, v.message]) }
  } catch (error) {
    answer = { id: envelope.id, crash: String(error && error.stack || error).slice(0, 500) }
  }
  buffered.push(JSON.stringify(answer))
  if (buffered.length >= 256) {
    process.stdout.write(buffered.join("\n") + "\n")
    buffered = []
  }
})
lines.on("close", () => {
  if (buffered.length > 0) process.stdout.write(buffered.join("\n") + "\n")
})
