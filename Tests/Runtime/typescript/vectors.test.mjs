// The shared vectors (Tests/Vectors/**/*.json, format in Tests/Vectors/README.md) against
// the TypeScript runtime on its own: each vector's schema and rules become the tables a
// generated file holds (as TypeScriptContexts writes them), and each case's payload is
// checked by the runtime's parse entry. Run by run.sh: node --test with RUNTIME set to
// the compiled runtime (every feature on) and VECTORS to the vectors folder.
import { test } from "node:test"
import assert from "node:assert/strict"
import { readFileSync, readdirSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { pathToFileURL } from "node:url"

const runtime = await import(pathToFileURL(process.env.RUNTIME).href)
const root = process.env.VECTORS

function files(folder) {
  return readdirSync(folder).sort().flatMap((name) => {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) return files(path)
    return name.endsWith(".json") ? [path] : []
  })
}

// The schema without metadata on any schema node (a property may be named "metadata").
function strip(schema) {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema
  const result = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === "metadata") continue
    if (["definitions", "properties", "optionalProperties", "mapping"].includes(key)) {
      result[key] = Object.fromEntries(Object.entries(value).map(([name, member]) => [name, strip(member)]))
    } else if (key === "elements" || key === "values") {
      result[key] = strip(value)
    } else {
      result[key] = value
    }
  }
  return result
}

// A rule as the runtime reads it, as the generator writes it (TypeScriptContexts.ruleLiteral):
// no description, crashesClients decided outside the rule engine, error the severity of a
// rule that names none, and the schema reader's message for one that names none (this
// mirrors Rule.defaultMessage(kind:) in Sources/Schema/Rules/Rule.swift).
function ruleTable(rule) {
  const { description, crashesClients, ...table } = rule
  const message = rule.kind === "relativeReference" ? "{value} is not a relative reference ({reason})" : "{reason}"
  return { ...table, severity: rule.severity ?? "error", message: rule.message ?? message }
}

function tables(schema, decoding) {
  const rules = schema.metadata?.tabgen?.rules ?? []
  // tolerant: the error rules the native clients survive keep a message sendable.
  const survived = decoding === "strict" ? []
    : rules.filter((rule) => (rule.severity ?? "error") === "error" && rule.crashesClients !== true).map((rule) => rule.code)
  return { schema: strip(schema), rules: rules.map(ruleTable), tolerated: decoding === "strict" ? "error" : "warning", survived }
}

// The finding of a text JSON.parse itself refuses, in node's words, or null. Parsers word
// their syntax errors (the conformance suite excepts TG001's message too, as the Ruby
// runner does): only the runtime's own words (byte-order mark, duplicate key, lone
// surrogate, depth) are compared with tabgen's.
function parserFinding(text) {
  try {
    JSON.parse(text)
    return null
  } catch (error) {
    return { code: "TG001", severity: "error", pointer: "", message: `not well-formed JSON: ${error.message}` }
  }
}

const fileKeys = new Set(["description", "schema", "cases"])
const caseKeys = new Set(["name", "payload", "findings", "decoding", "sendable"])

// element-data/ holds the page-reading vectors, a format of their own (element-data.test.mjs).
for (const path of files(root).filter((path) => !relative(root, path).startsWith("element-data/"))) {
  const name = relative(root, path)
  const vector = JSON.parse(readFileSync(path, "utf8"))
  test(`${name}: a vector file this runner reads`, () => {
    // A key this runner does not know is a behaviour it does not check: fail, never skip.
    assert.deepEqual(Object.keys(vector).filter((key) => !fileKeys.has(key)), [])
    assert.ok(Array.isArray(vector.cases) && vector.cases.length > 0, "no cases")
  })
  for (const vectorCase of vector.cases ?? []) {
    test(`${name}:${vectorCase.name}`, () => {
      assert.deepEqual(Object.keys(vectorCase).filter((key) => !caseKeys.has(key)), [], "keys this runner does not know")
      assert.ok(["strict", "tolerant", undefined].includes(vectorCase.decoding), `decoding ${vectorCase.decoding}`)
      // The findings are tabgen validate's: the runtime with decoding: strict, which
      // gives every deviation the severity validate gives it.
      runtime.configure(tables(vector.schema, "strict"))
      const result = runtime.parse(vectorCase.payload)
      let found = (result.ok ? result.warnings : result.violations)
        .map(({ code, severity, pointer, message }) => ({ code, severity, pointer, message }))
      const parser = parserFinding(vectorCase.payload)
      if (parser !== null && vectorCase.findings.length === 1 && vectorCase.findings[0].code === "TG001"
        && found.length === 1 && found[0].message === parser.message) {
        // The runtime's one finding is node's, word for word: tabgen's words stand in for it.
        found = [{ ...found[0], message: vectorCase.findings[0].message }]
      }
      assert.deepEqual(found, vectorCase.findings)
      assert.equal(result.ok, !vectorCase.findings.some((finding) => finding.severity === "error"))
      if (vectorCase.sendable !== undefined) {
        // Whether a client with the case's decoding acts on the message.
        runtime.configure(tables(vector.schema, vectorCase.decoding ?? "tolerant"))
        const tolerant = runtime.parse(vectorCase.payload)
        assert.equal(tolerant.ok || tolerant.sendable !== undefined, vectorCase.sendable)
      }
    })
  }
}
