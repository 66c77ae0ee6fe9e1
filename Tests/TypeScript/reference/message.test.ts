// parseMessageData against `tabgen validate` (fixtures/cases.jsonl holds what tabgen
// reported for each payload; fixtures/regenerate.py rewrites it), and round trips.
import assert from "node:assert/strict"
import { readFileSync } from "node:fs"
import { describe, it } from "node:test"
import { flavours } from "../support/flavours.js"
import type { Violation } from "./navigation_controller.js"

interface Case {
  name: string
  payload: string
  findings: Violation[]
}

const cases: Case[] = readFileSync(new URL("../fixtures/cases.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as Case)

// A JSON syntax error is worded by the reader that finds it: JSON.parse's words are not
// tabgen's. Every other message is tabgen's, word for word, those of TG001 included.
const TABGEN_WORDED_TG001 = /^not well-formed JSON: (duplicate object key|lone surrogate|nesting deeper|byte-order mark)/

function comparable(findings: readonly Violation[]): string[] {
  return findings
    .map(({ severity, code, pointer, message }) => {
      const syntaxError = code === "TG001" && !TABGEN_WORDED_TG001.test(message)
      return `${severity}[${code}] ${pointer}: ${syntaxError ? "(syntax error)" : message}`
    })
    .sort()
}

for (const [flavour, { parseMessageData, encodeMessageData }] of flavours) {
  describe(`${flavour}: parseMessageData reports what tabgen validate reports`, () => {
    for (const { name, payload, findings } of cases) {
      it(name, () => {
        const result = parseMessageData(payload)
        const expectedOK = !findings.some(({ severity }) => severity === "error")
        assert.equal(result.ok, expectedOK)
        assert.deepEqual(comparable(result.ok ? result.warnings : result.violations), comparable(findings))
      })
    }
  })

  describe(`${flavour}: valid payloads round-trip (decode, encode, compare as JSON)`, () => {
    for (const { name, payload } of cases.filter(({ findings }) => !findings.some(({ severity }) => severity === "error"))) {
      it(name, () => {
        const result = parseMessageData(payload)
        assert.ok(result.ok)
        assert.deepEqual(JSON.parse(encodeMessageData(result.value)), JSON.parse(payload))
      })
    }
  })

  describe(`${flavour}: decoded values`, () => {
    it("hold only null-prototype objects, whose keys are plain data", () => {
      const payload = '{"active":"a","tabs":[{"id":"a","title":"A","icon":"a","path":"/a","__proto__":{"polluted":"yes"}},{"id":"b","title":"B","icon":"b","path":"/b","constructor":{"prototype":{"polluted":"yes"}}}]}'
      const result = parseMessageData(payload)
      assert.ok(result.ok)
      const [first, second] = result.value.tabs
      assert.ok(first && second)
      for (const object of [result.value, first, second]) assert.equal(Object.getPrototypeOf(object), null)
      assert.deepEqual(Object.keys(first), ["id", "title", "icon", "path", "__proto__"])
      assert.equal(Object.getPrototypeOf(Object.getOwnPropertyDescriptor(first, "__proto__")?.value), null)
      assert.equal(typeof (second as unknown as Record<string, unknown>)["constructor"], "object")
      assert.equal(({} as Record<string, unknown>)["polluted"], undefined)
    })

    it("keep an unknown deprecation in the type, but the check reports it (TG011)", () => {
      const result = parseMessageData('{"active":"a","tabs":[{"id":"a","title":"A","icon":"a","path":"/a"},{"id":"b","title":"B","icon":"b","path":"/b","deprecated":"never"}]}')
      assert.equal(result.ok, false)
      assert.deepEqual(result.ok ? [] : result.violations.map(({ code }) => code), ["TG011"])
    })
  })
}
