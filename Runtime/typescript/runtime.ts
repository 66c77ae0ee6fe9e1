// tabgen:features standalone usesRules usesValues usesDiscriminator usesIntegers usesTimestamp usesCount usesUnique usesReference usesRelativeReference usesEquals usesNonEmpty usesEquivalence usesConditionText usesDistinct usesElementData usesBridgeBase usesEqualsCondition usesFloats
// tabgen:begin standalone
// The TypeScript runtime of tabgen's generated controllers and modules, as one source:
// the TypeScript flavour copies it, the JavaScript flavour copies runtime.js, which
// scripts/build-runtime-js compiles from it. The generator writes it once per output
// (tabgen_runtime.ts or .js), which every generated module imports, and leaves out the
// blocks no schema of the output uses (Sources/CodeGen/Render/RuntimeSource.swift) and
// this block always: it stands for a generated module (its schema's tables), so that the
// runtime is tested on its own (Tests/Runtime/typescript).

let CONFIGURED: Tables = { schema: {}, rules: [], tolerated: "warning", survived: new Set<string>() }

/** The tables a generated module holds, as `tabgen emit` writes them (tests only). */
export function configure(tables: { schema: RootSchema; rules: readonly unknown[]; tolerated: Severity; survived: readonly string[] }): void {
  CONFIGURED = { schema: tables.schema, rules: tables.rules as readonly Rule[], tolerated: tables.tolerated, survived: new Set(tables.survived) }
}

/** A generated parse function: the payload `text` checked against the root schema. */
export function parse(text: string): Checked {
  return checkPayload(CONFIGURED, text)
}
// tabgen:end standalone
// The tables of the check in progress: a check runs to its end without yielding, so
// module state serves every module that shares this runtime.
let SCHEMA: RootSchema = {}
// tabgen:begin usesRules
let RULES: readonly Rule[] = []
// tabgen:end usesRules
let TOLERATED: Severity = "warning"
let SURVIVED_RULES: ReadonlySet<string> = new Set<string>()

// Checks payloads as `tabgen validate` does, for every generated module of a project:
// each passes its schema's tables to checkPayload. The same for every schema, less the
// parts no schema of the project uses. ES2017 (no lookbehind, no Object.hasOwn), so that
// every WebView Hotwire Native supports runs it; every pass is linear in the size of the
// payload.

export type Severity = "error" | "warning"
/** A finding of `tabgen validate`: the same code, pointer ("" is the root) and message. */
export interface Violation { code: string; severity: Severity; pointer: string; message: string }

/**
 * A generated module's schema and rules (the schema without descriptions), the severity
 * of what the native clients decode although the schema forbids it, and the codes of the
 * error rules they survive.
 */
export interface Tables { schema: RootSchema; rules: readonly Rule[]; tolerated: Severity; survived: ReadonlySet<string> }

/** `tabgen validate`'s text format, without the file position. */
export const formatViolation = ({ severity, code, pointer, message }: Violation): string => `${severity}[${code}] ${pointer || "(root)"}: ${message}`

const MAX_DEPTH = 512

export type Json = null | boolean | number | string | Json[] | JsonObject
interface JsonObject { [key: string]: Json }

export interface Schema {
  nullable?: boolean
  ref?: string
  type?: string
  enum?: readonly string[]
  elements?: Schema
  properties?: Readonly<Record<string, Schema>>
  optionalProperties?: Readonly<Record<string, Schema>>
  additionalProperties?: boolean
  values?: Schema
  discriminator?: string
  mapping?: Readonly<Record<string, Schema>>
}
export interface RootSchema extends Schema { definitions?: Readonly<Record<string, Schema>> }
// A rule as the generated tables hold it (metadata.tabgen.rules, descriptions dropped).
export interface Condition {
  path: string
  present?: boolean
  count?: { min?: number; max?: number }
  equals?: Json
}
export interface Rule {
  code: string
  severity: Severity
  kind: "count" | "unique" | "reference" | "relativeReference" | "equals" | "nonEmpty"
  path: string
  message: string
  when?: readonly Condition[]
  min?: number
  max?: number
  forbidden?: readonly number[]
  distinct?: string
  where?: readonly Condition[]
  targets?: string
  key?: string
  targetWhere?: readonly Condition[]
  required?: boolean
  allowAuthority?: boolean
  value?: Json
  /** For a contract that lists events: the definition whose values the rule checks (its event's data). */
  definition?: string
}



// What a parse function returns: the value as JSON.parse read it, with the type the parse
// function gives it. sendable: the data as read, when its only errors are of rules the
// native clients survive (SURVIVED_RULES): it is sent all the same.
export type ParseResult<T> = { ok: true; value: T; warnings: Violation[] } | { ok: false; violations: Violation[]; sendable?: T }
export type Checked = ParseResult<Json>

/**
 * An enum value the generated types do not know (a newer schema's): the types keep it, as
 * the native clients do, and the parse functions report it (TG011) as a warning.
 */
export type UnknownEnumValue = string & Record<never, never>

/**
 * Reads and checks a payload as `tabgen validate` does: against the tables' schema, or
 * against its definition `name` with its rules only (a contract that lists events checks
 * each event's data apart; the empty schema stands for an unknown name). T: the type the
 * generated parse function gives the value, the one its schema or definition describes
 * (the value itself is JSON.parse's).
 */
export function checkPayload<T = Json>(tables: Tables, text: string, name?: string): ParseResult<T> {
  SCHEMA = tables.schema
  // tabgen:begin usesRules
  RULES = tables.rules
  // tabgen:end usesRules
  TOLERATED = tables.tolerated
  SURVIVED_RULES = tables.survived
  let payload: Json
  try {
    payload = readJSON(text)
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error
    return { ok: false, violations: [{ code: "TG001", severity: "error", pointer: "", message: `not well-formed JSON: ${error.message}` }] }
  }
  const nulls = new Set<string>()
  const found = checkSchema(payload, nulls, name === undefined ? SCHEMA : definition(name) || {})
  equivalentKeys(payload, "", found)
  // tabgen:begin usesRules
  // A rule finding on a null that clients read as absent (two `null`s are "the same
  // value" to a unique rule) weighs no more than the null itself.
  for (const violation of checkRules(payload, name)) {
    if (nulls.has(violation.pointer) && violation.severity === "error") violation.severity = TOLERATED
    found.push(violation)
  }
  // tabgen:end usesRules
  if (found.some((violation) => violation.severity === "error")) {
    return survived(found) ? { ok: false, violations: found, sendable: payload as unknown as T } : { ok: false, violations: found }
  }
  return { ok: true, value: payload as unknown as T, warnings: found }
}

// Whether every error found is of a rule the native clients survive.
function survived(found: readonly Violation[]): boolean {
  return found.every((violation) => violation.severity !== "error" || SURVIVED_RULES.has(violation.code))
}

function has(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key)
}

// JSON.parse, plus what tabgen's reader rejects and JSON.parse accepts. The value is
// JSON.parse's own (what a hand-written controller sends): "__proto__" is an own data
// member there, and every lookup below goes through has(), never the prototype.
function readJSON(text: string): Json {
  if (text.charCodeAt(0) === 0xfeff) {
    throw new SyntaxError("byte-order mark (U+FEFF) at the start; JSON text must not begin with one (RFC 8259 section 8.1)")
  }
  const value = JSON.parse(text) as Json
  scan(text)
  lastText = text
  return value
}

// One pass over well-formed JSON: duplicate keys (by Unicode scalars, as tabgen validate
// compares them), nesting depth, and lone surrogates, in document order.
function scan(text: string): void {
  const open: (Set<string> | null)[] = [] // per open container: an object's keys, or null for an array
  const surrogates = /[\uD800-\uDFFF]|\\u[dD][89a-fA-F]/.test(text)
  let key = false
  for (let index = 0; index < text.length; index++) {
    const character = text.charCodeAt(index)
    if (character === 0x22) {
      let end = text.indexOf('"', index + 1)
      while (escaped(text, end)) end = text.indexOf('"', end + 1)
      let string = text.slice(index + 1, end)
      if (string.includes("\\")) string = JSON.parse(text.slice(index, end + 1)) as string
      if (surrogates) {
        const lone = loneSurrogate(string)
        if (lone >= 0) throw new SyntaxError(`lone surrogate \\u${hex(lone)} in string: it is not a Unicode scalar value`)
      }
      const keys = open[open.length - 1]
      if (key && keys) {
        if (keys.has(string)) throw new SyntaxError(`duplicate object key ${quote(string)}; JSON readers disagree on which one wins, so tabgen rejects it`)
        keys.add(string)
      }
      key = false
      index = end
    } else if (character === 0x7b || character === 0x5b) {
      if (open.push(character === 0x7b ? new Set() : null) > MAX_DEPTH) throw new SyntaxError(`nesting deeper than ${MAX_DEPTH} arrays and objects`)
      key = character === 0x7b
    } else if (character === 0x7d || character === 0x5d) {
      open.pop()
    } else if (character === 0x2c) {
      key = open[open.length - 1] instanceof Set
    }
  }
}

// Whether the quote at `index` is escaped: an odd number of backslashes before it.
function escaped(text: string, index: number): boolean {
  let start = index
  while (text.charCodeAt(start - 1) === 0x5c) start--
  return (index - start) % 2 === 1
}

// The first lone surrogate's code unit, or -1: clients would each repair it differently.
// Left to right, a high surrogate before a low one matches as a pair, so a single one is lone.
function loneSurrogate(text: string): number {
  const lone = (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g) || []).find((match) => match.length === 1)
  return lone === undefined ? -1 : lone.charCodeAt(0)
}

// TG024: a key canonically equivalent to an earlier key of its object but not the same
// scalars. JSON.parse keeps both (as Kotlin and Ruby do); Swift's JSONDecoder keys by
// String, whose == is canonical equivalence, and keeps one: the apps would see different data.
function equivalentKeys(value: Json, pointer: string, found: Violation[]): void {
  if (Array.isArray(value)) {
    value.forEach((element, index) => equivalentKeys(element, `${pointer}/${index}`, found))
  } else if (isObject(value)) {
    const keys = Object.keys(value)
    // Only an object with a non-ASCII key can hold two ("K" and U+212A KELVIN SIGN).
    const firsts = keys.some((key) => /[^\u0000-\u007f]/.test(key)) ? new Map<string, string>() : null
    for (const key of keys) {
      const at = child(pointer, key)
      const first = firsts === null ? undefined : firsts.get(key.normalize("NFC"))
      if (first === undefined) {
        if (firsts !== null) firsts.set(key.normalize("NFC"), key)
      } else {
        found.push({ code: "TG024", severity: "error", pointer: at, message: `key ${show(key)} is canonically equivalent to the key ${show(first)} of the same object but has other Unicode scalars: Swift's JSONDecoder merges them into one member, Kotlin, JavaScript and Ruby keep both; send keys in Unicode normalization form C (NFC)` })
      }
      equivalentKeys(value[key] as Json, at, found)
    }
  }
}

// RFC 8927 section 3, as tabgen words its error indicators. A deviation the native
// clients decode (see TOLERATED) is reported with that severity; the pointers of null
// optional members go to `nulls`.
function checkSchema(payload: Json, nulls: Set<string>, root: Schema): Violation[] {
  const found: Violation[] = []
  const fail = (code: string, pointer: string, message: string, tolerated = false): void => {
    found.push({ code, severity: tolerated ? TOLERATED : "error", pointer, message })
  }
  // `tolerated`: the value is the null of an optional member, which clients read as absent.
  const check = (value: Json, schema: Schema, pointer: string, tolerated: boolean, tag?: string): void => {
    if (schema.nullable && value === null) return
    if (schema.ref !== undefined) {
      const target = definition(schema.ref)
      if (target) check(value, target, pointer, tolerated)
      return
    }
    if (schema.type !== undefined) {
      if (!hasType(value, schema.type)) fail("TG010", pointer, `expected ${describeType(schema.type, value)}, found ${kindAndValue(value, pointer)}`, tolerated)
      return
    }
    if (schema.enum) {
      // An enum value this version does not know is a newer server's: clients keep it.
      if (typeof value !== "string" || !schema.enum.includes(value)) {
        fail("TG011", pointer, `${show(value, pointer)} is not one of ${allowed(schema.enum)}`, tolerated || typeof value === "string")
      }
      return
    }
    if (schema.elements) {
      if (!Array.isArray(value)) return fail("TG014", pointer, `expected an array, found ${kindAndValue(value, pointer)}`, tolerated)
      for (let index = 0; index < value.length; index++) check(value[index] as Json, schema.elements, `${pointer}/${index}`, false)
      return
    }
// tabgen:begin usesValues
    if (schema.values) {
      if (!isObject(value)) return fail("TG014", pointer, `expected an object, found ${kindAndValue(value, pointer)}`, tolerated)
      for (const key of Object.keys(value)) check(value[key] as Json, schema.values, child(pointer, key), false)
      return
    }
// tabgen:end usesValues
// tabgen:begin usesDiscriminator
    if (schema.discriminator !== undefined) {
      const name = schema.discriminator
      if (!isObject(value)) return fail("TG014", pointer, `expected an object, found ${kindAndValue(value, pointer)}`, tolerated)
      if (!has(value, name)) return fail("TG015", pointer, `missing discriminator property ${quote(name)}`)
      const tagValue = value[name] as Json
      const at = child(pointer, name)
      if (typeof tagValue !== "string") return fail("TG015", at, `discriminator ${quote(name)} must be a string, found ${kindAndValue(tagValue, at)}`)
      const mapping = schema.mapping || {}
      const variant = has(mapping, tagValue) ? mapping[tagValue] : undefined
      if (!variant) return fail("TG015", at, `${show(tagValue, at)} is not one of the ${quote(name)} values ${allowed(Object.keys(mapping))}`)
      return check(value, variant, pointer, false, name)
    }
// tabgen:end usesDiscriminator
    if (schema.properties || schema.optionalProperties) {
      if (!isObject(value)) return fail("TG014", pointer, `expected an object, found ${kindAndValue(value, pointer)}`, tolerated)
      const required = schema.properties || {}
      const optional = schema.optionalProperties || {}
      for (const key of Object.keys(value)) {
        const member = value[key] as Json
        const at = child(pointer, key)
        if (has(required, key)) {
          check(member, required[key] as Schema, at, false)
        } else if (has(optional, key)) {
          const tolerated = member === null && !resolves(optional[key] as Schema, (form) => form.nullable === true)
          if (tolerated) nulls.add(at)
          check(member, optional[key] as Schema, at, tolerated)
        } else if (!schema.additionalProperties && key !== tag) {
          // An unknown member is a newer server's: clients ignore it.
          fail("TG013", at,
            `property ${quote(key)} is not allowed here (the schema does not list it and does not allow additional properties)`, true)
        }
      }
      for (const key of Object.keys(required)) {
        // The native clients read a missing nullable member as null, a missing array as empty.
        if (!has(value, key)) fail("TG012", pointer, `missing required property ${quote(key)}`,
          resolves(required[key] as Schema, (form) => form.nullable === true || form.elements !== undefined))
      }
    }
  }
  check(payload, root, "", false)
  return found
}

function definition(name: string): Schema | undefined {
  const definitions = SCHEMA.definitions || {}
  return has(definitions, name) ? definitions[name] : undefined
}

// Whether `schema`, or a definition it refers to, passes `test`.
function resolves(schema: Schema, test: (form: Schema) => boolean): boolean {
  const target = schema.ref === undefined ? undefined : definition(schema.ref)
  return test(schema) || (target !== undefined && resolves(target, test))
}

// tabgen:begin usesIntegers
const INTEGER_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  int8: [-128, 127], uint8: [0, 255], int16: [-32768, 32767], uint16: [0, 65535],
  int32: [-2147483648, 2147483647], uint32: [0, 4294967295],
}

// tabgen:end usesIntegers
function hasType(value: Json, type: string): boolean {
  switch (type) {
    case "boolean": return typeof value === "boolean"
    case "string": return typeof value === "string"
// tabgen:begin usesTimestamp
    case "timestamp": return typeof value === "string" && isTimestamp(value)
// tabgen:end usesTimestamp
  }
// tabgen:begin usesIntegers
  const range = has(INTEGER_RANGES, type) ? INTEGER_RANGES[type] : undefined
  if (range) return typeof value === "number" && Number.isInteger(value) && value >= range[0] && value <= range[1]
// tabgen:end usesIntegers
// tabgen:begin usesFloats
  // Beyond a float type's range (1E400 is Infinity) is a TG010, as for tabgen validate.
  return typeof value === "number" && Number.isFinite(type === "float32" ? Math.fround(value) : value)
// tabgen:end usesFloats
// tabgen:begin !usesFloats
  return false
// tabgen:end !usesFloats
}

function describeType(type: string, value: Json): string {
  if (typeof value === "number" && (type === "float32" || type === "float64")) {
    return `a number within the range of ${type} (±${type === "float32" ? "3.4028235e+38" : "1.7976931348623157e+308"})`
  }
  switch (type) {
    case "boolean": return "a boolean"
    case "string": return "a string"
// tabgen:begin usesTimestamp
    case "timestamp": return "an RFC 3339 timestamp string"
// tabgen:end usesTimestamp
  }
// tabgen:begin usesIntegers
  const range = has(INTEGER_RANGES, type) ? INTEGER_RANGES[type] : undefined
  if (range) return `${type} (an integer from ${range[0]} to ${range[1]})`
// tabgen:end usesIntegers
  return "a number"
}

// tabgen:begin usesTimestamp
// RFC 3339 date-time, leap seconds included.
function isTimestamp(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/.exec(text)
  if (!match) return false
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31
  const offsetOK = match[9] === undefined || (Number(match[9]) <= 23 && Number(match[10]) <= 59)
  return month >= 1 && month <= 12 && day >= 1 && day <= days && Number(match[4]) <= 23 && Number(match[5]) <= 59 && Number(match[6]) <= 60 && offsetOK
}

// tabgen:end usesTimestamp
// tabgen:begin usesRules
// The schema's rules (metadata.tabgen.rules), evaluated as tabgen's rule engine does:
// each with maps and sets over canonical values, so linear in the number of entries.
// A contract that lists events checks each event's data with its rules only.
function checkRules(payload: Json, name: string | undefined): Violation[] {
  const found: Violation[] = []
  for (const rule of RULES) {
    if (rule.definition !== undefined && rule.definition !== name) continue
    evaluate(rule, payload, found)
  }
  return found
}

// A rule applies when all of its `when` conditions hold.
function evaluate(rule: Rule, payload: Json, found: Violation[]): void {
  if (!(rule.when || []).every((condition) => holds(condition, payload))) return
  const report = (pointer: string, value: Json | undefined, reason: string, count?: number): void => {
    const message = rule.message.replace(/\{(value|reason|count|pointer)\}/g, (_, name: string) =>
      name === "value" ? (value === undefined ? "(absent)" : show(value, pointer))
        : name === "reason" ? reason
          : name === "count" ? (count === undefined ? "" : String(count))
            : pointer)
    found.push({ code: rule.code, severity: rule.severity, pointer, message })
  }
  const matched = matches(rule.path, payload)
  switch (rule.kind) {
// tabgen:begin usesCount
    case "count":
      for (const [pointer, value] of matched) {
        let entries = members(value)
        if (!entries) continue
        const where = rule.where || []
        let noun = ""
        if (where.length > 0) {
          entries = entries.filter((entry) => where.every((condition) => holds(condition, entry)))
          noun = ` where ${where.map(describeCondition).join(" and ")}`
        }
        let count = entries.length
        noun = (count === 1 ? "1 entry" : `${count} entries`) + noun
// tabgen:begin usesDistinct
        if (rule.distinct !== undefined) {
          count = distinctCount(entries, rule.distinct)
          if (count !== entries.length) noun += ` but ${count} distinct ${describePath(rule.distinct)}`
        }
// tabgen:end usesDistinct
        const beyond = rule.forbidden && rule.forbidden.includes(count) ? ""
          : rule.min !== undefined && count < rule.min ? `, fewer than ${rule.min}`
            : rule.max !== undefined && count > rule.max ? `, more than ${rule.max}` : undefined
        if (beyond !== undefined) report(pointer, value, `it has ${noun}${beyond}`, count)
      }
      break
// tabgen:end usesCount
// tabgen:begin usesUnique
    case "unique": {
      const first = new Map<string, string>() // canonical value → pointer of its first occurrence
      const equivalents = new Map<string, [string, string]>() // NFC → first pointer and string (TG022)
      for (const [pointer, value] of matched) {
        if (value === null) continue // null is no value: two are no duplicate
        const key = canonical(value)
        const earlier = first.get(key)
        if (earlier !== undefined) {
          report(pointer, value, `${show(value, pointer)} is also at ${earlier}`)
          continue
        }
        first.set(key, pointer)
        if (typeof value !== "string") continue
        const equivalent = equivalents.get(value.normalize("NFC"))
        if (equivalent === undefined) equivalents.set(value.normalize("NFC"), [pointer, value])
        else found.push(equivalence(pointer, value, equivalent[1], ` at ${equivalent[0]}`))
      }
      break
    }
// tabgen:end usesUnique
// tabgen:begin usesReference
    case "reference": {
      const targetWhere = rule.targetWhere || []
      const keys = new Set<string>()
      const unfilteredKeys = new Set<string>()
      const equivalents = new Map<string, string>() // NFC of a qualifying key → the first such key (TG022)
      let targetCount = 0
      for (const [, target] of matches(rule.targets || "", payload)) {
        const qualifies = targetWhere.every((condition) => holds(condition, target))
        if (qualifies) targetCount++
        for (const [, key] of matches(rule.key || "", target)) {
          if (qualifies) keys.add(canonical(key))
          if (qualifies && typeof key === "string" && !equivalents.has(key.normalize("NFC"))) equivalents.set(key.normalize("NFC"), key)
          unfilteredKeys.add(canonical(key))
        }
      }
      const conditions = targetWhere.map(describeCondition).join(" and ")
      const targets = describePath(rule.targets || "")
      const wanted = targets + describePath(rule.key || "") + (conditions ? ` where ${conditions}` : "")
      for (const [pointer, value] of matched) {
        if (value === null) {
          if (rule.required && targetCount > 0) report(pointer, value, `it is null, but it must name one of ${wanted}`)
        } else if (keys.has(canonical(value))) {
          continue
        } else if (conditions && unfilteredKeys.has(canonical(value))) {
          report(pointer, value, `${show(value, pointer)} names an entry of ${targets} that does not satisfy ${conditions}`)
        } else {
          report(pointer, value, `${show(value, pointer)} matches no ${wanted}`)
        }
        if (typeof value !== "string") continue
        const equivalent = equivalents.get(value.normalize("NFC"))
        if (equivalent !== undefined) found.push(equivalence(pointer, value, equivalent, `, a value of ${wanted},`))
      }
      if (rule.required && matched.length === 0 && !parsePointer(rule.path).includes("*") && targetCount > 0) {
        report(describePath(rule.path), undefined, `it is absent, but it must name one of ${wanted}`)
      }
      break
    }
// tabgen:end usesReference
// tabgen:begin usesRelativeReference
    case "relativeReference":
      for (const [pointer, value] of matched) {
        if (typeof value !== "string") continue
        const problem = relativeReferenceProblem(value, rule.allowAuthority === true)
        if (problem !== null) {
          report(pointer, value, problem)
          continue
        }
        const warning = relativeReferenceWarning(value, rule.allowAuthority === true)
        if (warning !== null) found.push({ code: warning[0], severity: "warning", pointer, message: warning[1] })
      }
      break
// tabgen:end usesRelativeReference
// tabgen:begin usesEquals
    case "equals": {
      const wanted = rule.value === undefined ? null : rule.value
      const expected = canonical(wanted)
      for (const [pointer, value] of matched) {
        if (canonical(value) !== expected) report(pointer, value, `it is ${show(value, pointer)}, expected ${show(wanted)}`)
      }
      break
    }
// tabgen:end usesEquals
// tabgen:begin usesNonEmpty
    case "nonEmpty":
      // Blank: empty, or only Unicode White_Space (a label shows as nothing). Not trim(),
      // which also removes U+FEFF.
      for (const [pointer, value] of matched) {
        if (typeof value !== "string") continue
        if (value === "") report(pointer, value, "it is empty")
        else if (/^[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/.test(value)) report(pointer, value, "it has only white space")
      }
      break
// tabgen:end usesNonEmpty
  }
}

// tabgen:begin usesEquivalence
// TG022: a string canonically equivalent to another but not the same scalars. An iOS
// client compares with Swift's String ==, which takes them as equal; Kotlin, JavaScript
// and Ruby do not, so the apps would disagree.
function equivalence(pointer: string, value: string, other: string, where: string): Violation {
  const message = `${show(value)} is canonically equivalent to ${show(other)}${where} but has other Unicode scalars: Swift's String == takes them as equal, Kotlin, JavaScript and Ruby as different; send both in Unicode normalization form C (NFC)`
  return { code: "TG022", severity: "warning", pointer, message }
}

// tabgen:end usesEquivalence
function holds(condition: Condition, base: Json): boolean {
  const value = first(condition.path, base)
  if (condition.present !== undefined) return (value !== undefined && value !== null) === condition.present
  if (condition.count) {
    const entries = members(value)
    return entries !== undefined && entries.length >= (condition.count.min || 0) && entries.length <= (condition.count.max === undefined ? Infinity : condition.count.max)
  }
// tabgen:begin usesEqualsCondition
  return value !== undefined && canonical(value) === canonical((condition.equals === undefined ? null : condition.equals))
// tabgen:end usesEqualsCondition
// tabgen:begin !usesEqualsCondition
  // not reached: a condition is one of present, count, equals (the schema reader)
  return false
// tabgen:end !usesEqualsCondition
}

// The entries a count counts: an array's elements, an object's member values.
function members(value: Json | undefined): Json[] | undefined {
  return Array.isArray(value) ? value : isObject(value) ? Object.keys(value).map((key) => value[key] as Json) : undefined
}

// tabgen:begin usesConditionText
function describeCondition(condition: Condition): string {
  const path = describePath(condition.path)
  if (condition.present !== undefined) return condition.present ? `${path} is present` : `${path} is absent or null`
  if (condition.count) return `${path} has ${condition.count.min || 0}...${condition.count.max === undefined ? "" : condition.count.max} entries`
// tabgen:begin usesEqualsCondition
  return `${path} is ${show((condition.equals === undefined ? null : condition.equals))}`
// tabgen:end usesEqualsCondition
// tabgen:begin !usesEqualsCondition
  // not reached: a condition is one of present, count, equals (the schema reader)
  return ""
// tabgen:end !usesEqualsCondition
}
// tabgen:end usesConditionText

// tabgen:begin usesDistinct
// Entries count once per distinct value at `key`; entries without one count alone.
function distinctCount(entries: readonly Json[], key: string): number {
  const seen = new Set<string>()
  let count = 0
  for (const entry of entries) {
    const value = first(key, entry)
    if (value === undefined) count++
    else if (!seen.has(canonical(value))) {
      seen.add(canonical(value))
      count++
    }
  }
  return count
}

// tabgen:end usesDistinct
// An array index in a JSON pointer (RFC 6901): no sign, no leading zero, as tabgen validate.
const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/

// Path patterns: JSON pointers in which a "*" token matches every element or member.
// Each match is its pointer and value.
function matches(pattern: string, root: Json): [string, Json][] {
  const found: [string, Json][] = []
  const tokens = parsePointer(pattern)
  const walk = (position: number, value: Json, pointer: string): void => {
    const token = tokens[position]
    if (token === undefined) {
      found.push([pointer, value])
    } else if (token === "*") {
      if (Array.isArray(value)) for (let index = 0; index < value.length; index++) walk(position + 1, value[index] as Json, `${pointer}/${index}`)
      else if (isObject(value)) for (const key of Object.keys(value)) walk(position + 1, value[key] as Json, child(pointer, key))
    } else if (isObject(value)) {
      if (has(value, token)) walk(position + 1, value[token] as Json, child(pointer, token))
    } else if (Array.isArray(value) && ARRAY_INDEX.test(token) && Number(token) < value.length) {
      walk(position + 1, value[Number(token)] as Json, `${pointer}/${Number(token)}`)
    }
  }
  walk(0, root, "")
  return found
}

// The first value a pattern matches: without "*", a plain walk (conditions and keys ask
// once per entry).
function first(pattern: string, root: Json): Json | undefined {
  const tokens = parsePointer(pattern)
  if (tokens.includes("*")) {
    const match = matches(pattern, root)[0]
    return match === undefined ? undefined : match[1]
  }
  let value: Json | undefined = root
  for (const token of tokens) {
    if (isObject(value)) value = has(value, token) ? value[token] : undefined
    else value = Array.isArray(value) && ARRAY_INDEX.test(token) ? value[Number(token)] : undefined
  }
  return value
}

const POINTERS = new Map<string, string[]>()

// Parsed once per pattern: conditions parse theirs for every entry they test. (Not the
// pointers of values: numberText's would grow the cache with each payload.)
function parsePointer(pointer: string): string[] {
  let tokens = POINTERS.get(pointer)
  if (!tokens) {
    tokens = pointerTokens(pointer)
    POINTERS.set(pointer, tokens)
  }
  return tokens
}

// tabgen:begin usesConditionText
function describePath(pattern: string): string {
  return parsePointer(pattern).map((token) => child("", token)).join("")
}
// tabgen:end usesConditionText

// A value as a key of a Map: equal keys for values tabgen calls equal (objects as
// unordered members, strings by Unicode scalars as tabgen validate compares them).
// A string on its own is its text after a quote (nothing else starts with one); inside
// an array or object it is quoted.
function canonical(value: Json): string {
  if (typeof value === "string") return `"${value}`
  if (Array.isArray(value)) return `[${value.map(quoted).join(",")}]`
  if (isObject(value)) return `{${Object.keys(value).map((key) => `${quoted(key)}:${quoted(value[key] as Json)}`).sort().join(",")}}`
  return String(value)
}

function quoted(value: Json): string {
  return typeof value === "string" ? JSON.stringify(value) : canonical(value)
}

// tabgen:begin usesRelativeReference
// RFC 3986 section 4.2 relative-ref, with the dangerous cases (a scheme, an authority)
// named in words. Positions count Unicode scalar values, as tabgen does.
function relativeReferenceProblem(text: string, allowAuthority: boolean): string | null {
  // The common case first: only unreserved and sub-delimiter characters and "/", "?", "@",
  // no "//" at the start. Everything below would find nothing in such a path.
  if (/^(?!\/\/)[\w\-.~/?@!$&'()*+,;=]*$/.test(text)) return null
  const characters = Array.from(text)
  const queryOrFragment = characters.findIndex((character) => character === "?" || character === "#")
  const pathEnd = queryOrFragment < 0 ? characters.length : queryOrFragment
  const hierarchical = characters.slice(0, pathEnd)
  const slash = hierarchical.indexOf("/")
  const firstSegment = slash < 0 ? hierarchical : hierarchical.slice(0, slash)
  const colon = firstSegment.indexOf(":")
  if (colon >= 0) {
    const candidate = firstSegment.slice(0, colon).join("")
    if (/^[A-Za-z][A-Za-z0-9+.-]*$/.test(candidate)) return `it has scheme ${quote(candidate)}`
  }
  const hasAuthority = hierarchical[0] === "/" && hierarchical[1] === "/"
  const authorityEnd = !hasAuthority ? 0 : hierarchical.indexOf("/", 2) < 0 ? pathEnd : hierarchical.indexOf("/", 2)
  for (let offset = 0; offset < characters.length; offset++) {
    const character = characters[offset] as string
    const allowed = /^[\w\-.~:/?#@!$&'()*+,;=%]$/.test(character) || (offset < authorityEnd && (character === "[" || character === "]"))
    if (!allowed) return `it contains ${describeCharacter(character)} at character ${offset + 1}, which must be percent-encoded`
  }
  for (let index = 0; index < characters.length; index++) {
    if (characters[index] !== "%") continue
    if (!/^%[0-9A-Fa-f]{2}$/.test(characters.slice(index, index + 3).join(""))) {
      return `it has a malformed percent-encoding at character ${index + 1}`
    }
    index += 2
  }
  if (hasAuthority && !allowAuthority) {
    return `it has authority ${quote(characters.slice(2, authorityEnd).join(""))}: a network-path reference leaves the app's origin`
  }
  if (!hasAuthority && firstSegment.includes(":")) return `its first path segment contains ":", which reads as a scheme; write "./" before it`
  const hash = characters.indexOf("#")
  if (hash >= 0 && characters.indexOf("#", hash + 1) >= 0) return `it contains a second "#", which must be percent-encoded`
  return null
}

// TG021 and TG020 (code and message), the warnings tabgen gives a relative reference
// without a problem: an empty one and one whose path resolves to "//host".
function relativeReferenceWarning(text: string, allowAuthority: boolean): readonly [string, string] | null {
  if (text === "") {
    return ["TG021", `"" is a relative reference to the start URL itself, but Swift's URL(string: "", relativeTo:) returns nil and the iOS reference app stops with fatalError; write "/" or "./"`]
  }
  if (allowAuthority) return null
  const resolved = networkPathResolution(text)
  if (resolved === null) return null
  const host = resolved.slice(2).split("/")[0] || ""
  return ["TG020", `${quote(text)} resolves to the path ${quote(resolved)}, which reads as the host ${quote(host)} wherever it is resolved again; remove the empty segment`]
}

// The path text resolves to against a base path of "/" (RFC 3986 section 5.2, "%2e"
// counted as a dot, as browsers do) when it starts with "//"; null otherwise.
function networkPathResolution(text: string): string | null {
  const path = text.split(/[?#]/)[0] || ""
  if (!path.includes("//")) return null
  const segments = (path.startsWith("/") ? path : `/${path}`).split("/").slice(1)
  const output: string[] = []
  segments.forEach((segment, index) => {
    const dots = segment.replace(/%2e/gi, ".")
    const last = index === segments.length - 1
    if (dots === "." || dots === "..") {
      if (dots === "..") output.pop()
      if (last) output.push("")
    } else {
      output.push(segment)
    }
  })
  const resolved = `/${output.join("/")}`
  return resolved.startsWith("//") ? resolved : null
}

function describeCharacter(character: string): string {
  const scalar = character.codePointAt(0) || 0
  if (character === " ") return "a space"
  if (character === "\\") return `a backslash (browsers read it as "/")`
  if (scalar < 0x20 || scalar === 0x7f) return `control character U+${hex(scalar)}`
  return `${quote(character)} (U+${hex(scalar)})`
}

// tabgen:end usesRelativeReference
// tabgen:end usesRules
// tabgen:begin usesBridgeBase
// What every contract's Stimulus base (`<component>_bridge_component`) checks before it
// sends and when a reply comes: the base reports through its hooks, which a subclass may
// override.

function warnOf(base: CheckingBase, event: string, warnings: Violation[]): void {
  if (warnings.length > 0) console.warn(`${base.identifier}: ${event}:\n${warnings.map(formatViolation).join("\n")}`)
}

/** The data to send, after reporting what the check found; undefined: none. */
export function dataToSend<T>(base: CheckingBase, event: string, result: ParseResult<T>): T | undefined {
  if (result.ok) {
    warnOf(base, event, result.warnings)
    return result.value
  }
  if (result.sendable === undefined) {
    base.onSendFailure(event, result.violations)
    return undefined
  }
  base.onToleratedErrors(event, result.violations)
  return result.sendable
}

/**
 * The reply's data if it passes the check; otherwise undefined, and the base's
 * onReplyFailure has the findings. envelope: the reply is an echo, the request as the app
 * received it, with the bridge's `metadata` beside the data's own members: checked without
 * it (its schema does not list it: TG013), handed over with it.
 */
export function checkReply<T extends object>(base: CheckingBase, event: string, parse: (text: string) => ParseResult<T>, message: BridgeMessage, envelope = false): T | undefined {
  const data = Object.assign({}, message.data)
  if (envelope) delete data.metadata
  const result = parse(JSON.stringify(data))
  if (!result.ok) {
    base.onReplyFailure(event, result.violations)
    return undefined
  }
  warnOf(base, event, result.warnings)
  if (envelope && message.data.metadata !== undefined) Object.assign(result.value, { metadata: message.data.metadata })
  return result.value
}

/** A Stimulus base as the checks see it: its identifier and its failure hooks. */
export interface CheckingBase {
  readonly identifier: string
  onSendFailure(event: string, findings: Violation[]): void
  onToleratedErrors(event: string, findings: Violation[]): void
  onReplyFailure(event: string, findings: Violation[]): void
}

// The package exports no types (docs/rails.md): the base names what it reads of a reply.
/** A reply as the bridge hands it to a callback. */
export interface BridgeMessage {
  data: Record<string, unknown>
}

/** What the runtime uses of the package's BridgeComponent (a Stimulus controller). */
export interface BridgeComponentLike {
  readonly identifier: string
  connect(): void
  disconnect(): void
  send(event: string, data?: object, callback?: (message: BridgeMessage) => void): void
}

/** A base as sendChecked sees it: what it checks with, and what it sends with. */
export interface SendingBase extends CheckingBase {
  send(event: string, data?: object, callback?: (message: BridgeMessage) => void): void
}

// Stimulus calls each value's changed callback once before connect(), with the initial
// value: a base sends from it only while connected, so that makes one message, not two.
const connectedBases = new WeakSet<object>()

/**
 * What every contract's base adds to BridgeComponent: the failure hooks, which a subclass
 * may override, and `sendsValues` for the events it sends from its Stimulus values. The
 * generated base extends `bridgeBase(BridgeComponent)` with the contract's typed methods;
 * the package comes in as an argument, so that the modules of types, which import this
 * runtime too, do not load it. (A mixin's constructor type must take `any[]`.)
 */
export function bridgeBase<Component extends abstract new (...args: any[]) => BridgeComponentLike>(component: Component) {
  abstract class Base extends component implements CheckingBase {
    /**
     * Whether connect() and a change of a value send the events whose data the page holds.
     * A subclass whose event goes only on the user's action (a menu opened by a tap) sets
     * it to false and calls the value's sender (`sendDisplayValue()`) from that action.
     * A property, not a getter, so that a subclass may set it with a class field or an assignment.
     */
    static sendsValuesOnConnect = true

    /**
     * Sends each event whose data the page holds in its value (unless sendsValuesOnConnect
     * is false); nothing for a value the page does not have. A subclass that overrides
     * connect() calls `super.connect()` first.
     */
    override connect(): void {
      super.connect()
      connectedBases.add(this)
      if (this.sendsValues) this.connectValues()
    }

    /** What connect() sends: the generated base of a contract with values calls each value's sender. */
    protected connectValues(): void {}

    override disconnect(): void {
      connectedBases.delete(this)
      super.disconnect()
    }

    /**
     * While connected, unless the subclass turned `static sendsValuesOnConnect` off (read
     * by name: runtime.js has no cast to say it is there).
     */
    protected get sendsValues(): boolean {
      return connectedBases.has(this) && Boolean(Reflect.get(this.constructor, "sendsValuesOnConnect"))
    }

    /** Data the page was about to send failed the check; nothing was sent. */
    onSendFailure(event: string, findings: Violation[]): void {
      console.error(`${this.identifier}: ${event} not sent, its data is invalid:\n${findings.map(formatViolation).join("\n")}`)
    }

    /**
     * Data the page was about to send has errors, all of rules the native clients survive
     * (docs/decoding.md): it was sent all the same.
     */
    onToleratedErrors(event: string, findings: Violation[]): void {
      console.error(`${this.identifier}: ${event} sent, the native clients survive its errors:\n${findings.map(formatViolation).join("\n")}`)
    }

    /** A reply's data failed the check; its callback did not run. */
    onReplyFailure(event: string, findings: Violation[]): void {
      console.error(`${this.identifier}: the reply ${event} is invalid:\n${findings.map(formatViolation).join("\n")}`)
    }
  }
  return Base
}

/**
 * One event of a contract's table, as its base sends it: the parse function of its data,
 * and its reply's name and parse function (none: the reply carries no data to check, the
 * apps echo the request's own); envelope: the reply is an echo (checkReply).
 */
export interface SentEvent<T extends object, R extends object> {
  readonly event: string
  readonly parse: (text: string) => ParseResult<T>
  readonly reply?: { readonly event: string; readonly parse?: (text: string) => ParseResult<R>; readonly envelope?: boolean }
}

/**
 * Sends `spec`'s event with the data in `text` (JSON) once checked (dataToSend); its
 * reply reaches `callback` once checked (checkReply). Returns whether the message went to
 * the bridge (which holds it until the app connects).
 */
export function sendChecked<T extends object, R extends object>(base: SendingBase, spec: SentEvent<T, R>, text: string, callback?: (reply: R) => void): boolean {
  const checked = dataToSend(base, spec.event, spec.parse(text))
  if (checked === undefined) return false
  const reply = spec.reply
  if (reply === undefined || callback === undefined) {
    base.send(spec.event, checked)
  } else if (reply.parse === undefined) {
    base.send(spec.event, checked, () => (callback as () => void)())
  } else {
    const parse = reply.parse
    base.send(spec.event, checked, (message) => {
      const value = checkReply(base, reply.event, parse, message, reply.envelope)
      if (value !== undefined) callback(value)
    })
  }
  return true
}
// tabgen:end usesBridgeBase
// tabgen:begin usesElementData
// The data of an event whose contract says `fromElement`: read from the controller's
// element as hotwire-native-bridge's BridgeElement reads it in the demo controllers, the
// same definition as `tabgen validate --html` (Sources/Pages/ElementData.swift; the shared
// vectors in Tests/Vectors/element-data hold both to it). Structural types, not the DOM's:
// a Stimulus controller is an ElementScope, and so is the vectors' element tree.

/**
 * The data `spec` reads from `scope`'s element, or, when the page's script would throw and
 * send nothing (a missing target; `trim` of a missing value), TG003 findings saying why.
 * `platform` is `<html data-bridge-platform>`: `data-bridge-disabled` of that value
 * disables an element, as "true" does. A missing value without `trim` is left out.
 * T is the event's data type: the caller checks the data with its parse function.
 */
export function readElementData<T>(scope: ElementScope, spec: ElementSpec, platform: string | undefined): ElementDataResult<T> {
  const data: { [field: string]: unknown } = {}
  const violations: Violation[] = []
  for (const field of Object.keys(spec)) {
    const source = spec[field]
    if (source === undefined) continue
    const pointer = child("", field)
    if ("each" in source) {
      const items: { [field: string]: unknown }[] = []
      scope.targets.findAll(source.each).forEach((element, index) => {
        if (source.skipDisabled && elementDisabled(element, platform)) return
        const item: { [field: string]: unknown } = {}
        for (const name of Object.keys(source.fields)) {
          const read = source.fields[name]
          if (read !== undefined) readElementValue(element, read, index, child(child(pointer, String(items.length)), name), item, name, violations)
        }
        items.push(item)
      })
      data[field] = items
    } else if (source.target === undefined) {
      readElementValue(scope.element, source, undefined, pointer, data, field, violations)
    } else {
      const element = scope.targets.findAll(source.target)[0]
      if (element === undefined) {
        violations.push({ code: "TG003", severity: "error", pointer: "", message: `no element of the target "${source.target}": Stimulus throws (missing target element), so the page sends no data` })
      } else {
        readElementValue(element, source, undefined, pointer, data, field, violations)
      }
    }
  }
  return violations.length > 0 ? { ok: false, violations } : { ok: true, data: data as unknown as T }
}

/** BridgeElement.disabled: data-bridge-disabled is "true" or the platform. */
function elementDisabled(element: ReadableElement, platform: string | undefined): boolean {
  const disabled = element.getAttribute("data-bridge-disabled")
  return disabled === "true" || (disabled !== null && disabled === platform)
}

// The `value` property where it is a string (form controls, <data>); elsewhere missing.
function elementValue(element: ReadableElement): string | undefined {
  const value = (element as { value?: unknown }).value
  return typeof value === "string" ? value : undefined
}

function readElementValue(element: ReadableElement, read: ElementRead, index: number | undefined, pointer: string,
                          into: { [field: string]: unknown }, field: string, violations: Violation[]): void {
  let value: unknown
  for (const name of read.read) {
    value = name === "#text" ? element.textContent
      : name === "#value" ? elementValue(element)
      : name === "#index" ? index
      : element.getAttribute(name)
    if (value) break
  }
  // null (a missing attribute) is missing too: the apps' String takes neither.
  if (value === null) value = undefined
  if (read.trim) {
    if (typeof value !== "string") {
      const names = read.read.map((name) => name.replace(/^#/, ""))
      const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}` : names.join("")
      violations.push({ code: "TG003", severity: "error", pointer, message: `<${element.localName}> has no ${list}, so trim() throws and the page sends no data` })
      return
    }
    value = value.trim()
  }
  if (value !== undefined) into[field] = value
}

/** What is read of an element: a DOM Element has all of it (`value` on form controls). */
export interface ReadableElement {
  readonly localName: string
  readonly textContent: string | null
  getAttribute(name: string): string | null
}
/** A Stimulus controller: its element, and its targets in page order (`this.targets.findAll`). */
export interface ElementScope {
  readonly element: ReadableElement
  readonly targets: { findAll(name: string): readonly ReadableElement[] }
}
/** One value: the first of `read` that is not empty (`a || b`), trimmed with `trim`. */
export interface ElementRead { target?: string; read: readonly string[]; trim?: boolean }
/** An array: one object per element of target `each`, less the disabled ones with `skipDisabled`. */
export interface ElementEach { each: string; skipDisabled?: boolean; fields: { readonly [field: string]: ElementRead } }
export type ElementSpec = { readonly [field: string]: ElementRead | ElementEach }
export type ElementDataResult<T> = { ok: true; data: T } | { ok: false; violations: Violation[] }
// tabgen:end usesElementData

// Values in messages, written as tabgen writes them.

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

function child(pointer: string, key: string): string {
  return `${pointer}/${/[~/]/.test(key) ? key.replace(/~/g, "~0").replace(/\//g, "~1") : key}`
}

// The allowed values a message lists, as tabgen validate lists them: the first 20, then how many more.
function allowed(names: readonly string[]): string {
  const listed = names.slice(0, 20).map(quote).join(", ")
  return names.length > 20 ? `${listed} and ${names.length - 20} more` : listed
}

function kindAndValue(value: Json, pointer: string): string {
  if (typeof value === "number" && !Number.isFinite(value)) return "a number beyond the range of float64"
  return value === null ? "null" : `${Array.isArray(value) ? "array" : typeof value} ${show(value, pointer)}`
}

// JSON text, cut short so that a hostile payload cannot flood the console; a number
// beyond float64's range at `pointer` in the payload as written there.
function show(value: Json, pointer?: string): string {
  const characters = Array.from(writeJSON(value, pointer))
  return characters.length > 120 ? `${characters.slice(0, 117).join("")}...` : characters.join("")
}

function writeJSON(value: Json, pointer?: string): string {
  if (typeof value === "string") return quote(value)
  if (typeof value === "number") return (Number.isFinite(value) || pointer === undefined ? undefined : numberText(pointer)) || formatNumber(value)
  const at = (key: string | number): string | undefined => pointer === undefined ? undefined : child(pointer, String(key))
  if (Array.isArray(value)) return `[${value.map((element, index) => writeJSON(element, at(index))).join(",")}]`
  if (isObject(value)) return `{${Object.keys(value).map((key) => `${quote(key)}:${writeJSON(value[key] as Json, at(key))}`).join(",")}}`
  return String(value)
}

// JSON.parse reads a number beyond float64's range (1E400) as Infinity, which has no
// digits: messages show its text. The text readJSON read last (which every check runs
// on), read again with each number as the string of its digits, holds it at the same
// pointer; read at the first such message.
let lastText = ""
let lastDigits: [string, Json] | undefined

function numberText(pointer: string): string | undefined {
  if (!lastDigits || lastDigits[0] !== lastText) {
    const digits = lastText.replace(/"(?:[^"\\]|\\.)*"|(-?[0-9][0-9.eE+-]*)/g, (token, number?: string) => number === undefined ? token : `"${number}"`)
    lastDigits = [lastText, JSON.parse(digits) as Json]
  }
  let value: Json | undefined = lastDigits[1]
  // Every token names a member or element: the pointer is of a value of the same text.
  for (const token of pointerTokens(pointer)) value = isObject(value) || Array.isArray(value) ? (value as JsonObject)[token] : undefined
  return typeof value === "string" ? value : undefined
}

// A JSON pointer's tokens (RFC 6901).
function pointerTokens(pointer: string): string[] {
  return pointer === "" ? [] : pointer.slice(1).split("/").map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"))
}

function quote(text: string): string {
  return JSON.stringify(text).replace(/[\u007f\u2028\u2029]/g, (character) => `\\u${hex(character.charCodeAt(0)).toLowerCase()}`)
}

// Swift's formatting of a Double: integers plain, exponents from 2^53 and below 1e-4.
function formatNumber(number: number): string {
  if (!Number.isFinite(number)) return "null"
  if (Number.isInteger(number) && Math.abs(number) < 1e15) return String(number)
  if (Math.abs(number) > 2 ** 53 || Math.abs(number) < 1e-4) {
    const [mantissa, exponent] = number.toExponential().split("e") as [string, string]
    const power = Number(exponent)
    return `${mantissa}e${power < 0 ? "-" : "+"}${String(Math.abs(power)).padStart(2, "0")}`
  }
  return Number.isInteger(number) ? `${number}.0` : String(number)
}

function hex(value: number): string {
  return value.toString(16).toUpperCase().padStart(4, "0")
}
