// parseMessageData against `tabgen validate` (fixtures/cases.jsonl holds what tabgen
// reported for each payload; fixtures/regenerate.py rewrites it), and round trips.
import assert from "node:assert/strict"
import { readFileSync } from "node:fs"
import { describe, it } from "node:test"
import { flavours } from "../support/flavours.js"
import type { Violation } from "./typescript/navigation_controller.js"

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

// decoding: tolerant. What the native clients decode although the schema forbids it is a
// warning in the controller, with tabgen's code, pointer and message: an unknown member,
// an unknown enum string, the null of an optional member (TabData's deprecated and
// replaces; rules skip a null, so two are no TG107 duplicate), and a missing
// nullable member (active). Everything else keeps tabgen's severity.
function clientSeverity({ severity, code, pointer, message }: Violation, payload: string): Violation["severity"] {
  let value: unknown
  try {
    value = pointer.split("/").slice(1).reduce<unknown>((parent, token) => (parent as Record<string, unknown> | undefined)?.[token], JSON.parse(payload))
  } catch {
    return severity
  }
  const optionalNull = value === null && /^\/tabs\/\d+\/(deprecated|replaces)$/.test(pointer)
  const tolerated = code === "TG013" || (code === "TG011" && typeof value === "string") || optionalNull
    || (code === "TG012" && pointer === "" && message === 'missing required property "active"')
  return tolerated ? "warning" : severity
}

function comparable(findings: readonly Violation[]): string[] {
  return findings
    .map(({ severity, code, pointer, message }) => {
      const syntaxError = code === "TG001" && !TABGEN_WORDED_TG001.test(message)
      return `${severity}[${code}] ${pointer}: ${syntaxError ? "(syntax error)" : message}`
    })
    .sort()
}

for (const [flavour, { parseMessageData, encodeMessageData, formatViolation }] of flavours) {
  describe(`${flavour}: parseMessageData reports what tabgen validate reports`, () => {
    for (const { name, payload, findings } of cases) {
      it(name, () => {
        const result = parseMessageData(payload)
        const expected = findings.map((finding) => ({ ...finding, severity: clientSeverity(finding, payload) }))
        assert.equal(result.ok, !expected.some(({ severity }) => severity === "error"))
        assert.deepEqual(comparable(result.ok ? result.warnings : result.violations), comparable(expected))
      })
    }
  })

  describe(`${flavour}: valid payloads round-trip (decode, encode, compare as JSON)`, () => {
    for (const { name, payload } of cases.filter(({ findings, payload }) => !findings.some((finding) => clientSeverity(finding, payload) === "error"))) {
      it(name, () => {
        const result = parseMessageData(payload)
        assert.ok(result.ok)
        assert.deepEqual(JSON.parse(encodeMessageData(result.value)), JSON.parse(payload))
      })
    }
  })

  describe(`${flavour}: decoded values`, () => {
    it("are JSON.parse's: __proto__ and constructor are own data members, and no prototype changes", () => {
      const payload = '{"active":"a","tabs":[{"id":"a","title":"A","icon":"a","path":"/a","__proto__":{"polluted":"yes"}},{"id":"b","title":"B","icon":"b","path":"/b","constructor":{"prototype":{"polluted":"yes"}}}]}'
      const result = parseMessageData(payload)
      assert.ok(result.ok)
      assert.deepEqual(result.value, JSON.parse(payload))
      const [first, second] = result.value.tabs
      assert.ok(first && second)
      assert.deepEqual(Object.keys(first), ["id", "title", "icon", "path", "__proto__"])
      assert.equal(Object.getPrototypeOf(first), Object.prototype)
      assert.equal(typeof (second as unknown as Record<string, unknown>)["constructor"], "object")
      assert.equal(({} as Record<string, unknown>)["polluted"], undefined)
    })

    it("keep an unknown deprecation and an unknown root member; the check warns about the enum value (TG011)", () => {
      const result = parseMessageData('{"active":"a","tabs":[{"id":"a","title":"A","icon":"a","path":"/a"},{"id":"b","title":"B","icon":"b","path":"/b"},{"id":"c","title":"C","icon":"c","path":"/c","deprecated":"never"}],"metadata":{"url":"https://app.example/"}}')
      assert.ok(result.ok)
      assert.equal(result.value.tabs[2]?.deprecated, "never")
      assert.deepEqual(result.warnings, [{ code: "TG011", severity: "warning", pointer: "/tabs/2/deprecated", message: '"never" is not one of "soft", "hard"' }])
    })

    it("keep null optional members and a missing active (bootstrap), warning about each as tabgen reports it", () => {
      const result = parseMessageData('{"tabs":[]}')
      assert.ok(result.ok)
      assert.deepEqual(result.warnings.map(formatViolation), ['warning[TG012] (root): missing required property "active"'])
      const nulls = parseMessageData('{"active":"a","tabs":[{"id":"a","title":"A","icon":"a","path":"/a","deprecated":null,"replaces":null},{"id":"b","title":"B","icon":"b","path":"/b","replaces":null},{"id":"c","title":"C","icon":"c","path":"/c"}]}')
      assert.ok(nulls.ok)
      assert.deepEqual(nulls.warnings.map(formatViolation), [
        'warning[TG011] /tabs/0/deprecated: null is not one of "soft", "hard"',
        "warning[TG010] /tabs/0/replaces: expected a string, found null",
        "warning[TG010] /tabs/1/replaces: expected a string, found null",
      ])
    })

    it("count only the tabs that are not deprecated for TG108, in tabgen's words", () => {
      const result = parseMessageData('{"active":"a","tabs":[{"id":"a","title":"A","icon":"a","path":"/a","deprecated":"soft"},{"id":"b","title":"B","icon":"b","path":"/b"}]}')
      assert.ok(!result.ok)
      assert.deepEqual(result.violations.map(formatViolation), [
        "error[TG108] /tabs: tabs must hold at least two tabs that are not deprecated: it has 1 entry where /deprecated is absent or null, fewer than 2",
      ])
    })

    it("refuse two tabs that replace the same tab (TG107)", () => {
      const result = parseMessageData('{"active":"a","tabs":[{"id":"a","title":"A","icon":"a","path":"/a","deprecated":"soft"},{"id":"b","title":"B","icon":"b","path":"/b"},{"id":"c","title":"C","icon":"c","path":"/c","replaces":"a"},{"id":"d","title":"D","icon":"d","path":"/d","replaces":"a"}]}')
      assert.ok(!result.ok)
      assert.deepEqual(result.violations.map(formatViolation), ['error[TG107] /tabs/3/replaces: two tabs replace the same tab: "a" is also at /tabs/2/replaces'])
    })
  })
}
