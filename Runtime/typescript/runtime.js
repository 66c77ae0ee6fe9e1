// tabgen:features standalone usesRules usesValues usesDiscriminator usesIntegers usesTimestamp usesCount usesUnique usesReference usesRelativeReference usesEquals usesNonEmpty usesEquivalence usesConditionText usesDistinct usesElementData usesBridgeBase usesEqualsCondition usesFloats
// tabgen:begin standalone
// runtime.js is compiled from runtime.ts by scripts/build-runtime-js: edit runtime.ts.
let CONFIGURED = { schema: {}, rules: [], tolerated: "warning", survived: new Set() };

export function configure(tables) {
  CONFIGURED = { schema: tables.schema, rules: tables.rules, tolerated: tables.tolerated, survived: new Set(tables.survived) };
}

export function parse(text) {
  return checkPayload(CONFIGURED, text);
}

// tabgen:end standalone
let SCHEMA = {};

// tabgen:begin usesRules
let RULES = [];

// tabgen:end usesRules
let TOLERATED = "warning";

let SURVIVED_RULES = new Set();

export const formatViolation = ({ severity, code, pointer, message }) => `${severity}[${code}] ${pointer || "(root)"}: ${message}`;

const MAX_DEPTH = 512;

export function checkPayload(tables, text, name) {
  SCHEMA = tables.schema;
  // tabgen:begin usesRules
  RULES = tables.rules;
  // tabgen:end usesRules
  TOLERATED = tables.tolerated;
  SURVIVED_RULES = tables.survived;
  let payload;
  try {
    payload = readJSON(text);
  }
  catch (error) {
    if (!(error instanceof SyntaxError))
      throw error;
    return { ok: false, violations: [{ code: "TG001", severity: "error", pointer: "", message: `not well-formed JSON: ${error.message}` }] };
  }
  const nulls = new Set();
  const found = checkSchema(payload, nulls, name === undefined ? SCHEMA : definition(name) || {});
  equivalentKeys(payload, "", found);
  // tabgen:begin usesRules
  for (const violation of checkRules(payload, name)) {
    if (nulls.has(violation.pointer) && violation.severity === "error")
      violation.severity = TOLERATED;
    found.push(violation);
  }
  // tabgen:end usesRules
  if (found.some((violation) => violation.severity === "error")) {
    return survived(found) ? { ok: false, violations: found, sendable: payload } : { ok: false, violations: found };
  }
  return { ok: true, value: payload, warnings: found };
}

function survived(found) {
  return found.every((violation) => violation.severity !== "error" || SURVIVED_RULES.has(violation.code));
}

function has(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
}

function readJSON(text) {
  if (text.charCodeAt(0) === 0xfeff) {
    throw new SyntaxError("byte-order mark (U+FEFF) at the start; JSON text must not begin with one (RFC 8259 section 8.1)");
  }
  const value = JSON.parse(text);
  scan(text);
  lastText = text;
  return value;
}

function scan(text) {
  const open = []; // per open container: an object's keys, or null for an array
  const surrogates = /[\uD800-\uDFFF]|\\u[dD][89a-fA-F]/.test(text);
  let key = false;
  for (let index = 0; index < text.length; index++) {
    const character = text.charCodeAt(index);
    if (character === 0x22) {
      let end = text.indexOf('"', index + 1);
      while (escaped(text, end))
        end = text.indexOf('"', end + 1);
      let string = text.slice(index + 1, end);
      if (string.includes("\\"))
        string = JSON.parse(text.slice(index, end + 1));
      if (surrogates) {
        const lone = loneSurrogate(string);
        if (lone >= 0)
          throw new SyntaxError(`lone surrogate \\u${hex(lone)} in string: it is not a Unicode scalar value`);
      }
      const keys = open[open.length - 1];
      if (key && keys) {
        if (keys.has(string))
          throw new SyntaxError(`duplicate object key ${quote(string)}; JSON readers disagree on which one wins, so tabgen rejects it`);
        keys.add(string);
      }
      key = false;
      index = end;
    }
    else if (character === 0x7b || character === 0x5b) {
      if (open.push(character === 0x7b ? new Set() : null) > MAX_DEPTH)
        throw new SyntaxError(`nesting deeper than ${MAX_DEPTH} arrays and objects`);
      key = character === 0x7b;
    }
    else if (character === 0x7d || character === 0x5d) {
      open.pop();
    }
    else if (character === 0x2c) {
      key = open[open.length - 1] instanceof Set;
    }
  }
}

function escaped(text, index) {
  let start = index;
  while (text.charCodeAt(start - 1) === 0x5c)
    start--;
  return (index - start) % 2 === 1;
}

function loneSurrogate(text) {
  const lone = (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g) || []).find((match) => match.length === 1);
  return lone === undefined ? -1 : lone.charCodeAt(0);
}

function equivalentKeys(value, pointer, found) {
  if (Array.isArray(value)) {
    value.forEach((element, index) => equivalentKeys(element, `${pointer}/${index}`, found));
  }
  else if (isObject(value)) {
    const keys = Object.keys(value);
    const firsts = keys.some((key) => /[^\u0000-\u007f]/.test(key)) ? new Map() : null;
    for (const key of keys) {
      const at = child(pointer, key);
      const first = firsts === null ? undefined : firsts.get(key.normalize("NFC"));
      if (first === undefined) {
        if (firsts !== null)
          firsts.set(key.normalize("NFC"), key);
      }
      else {
        found.push({ code: "TG024", severity: "error", pointer: at, message: `key ${show(key)} is canonically equivalent to the key ${show(first)} of the same object but has other Unicode scalars: Swift's JSONDecoder merges them into one member, Kotlin, JavaScript and Ruby keep both; send keys in Unicode normalization form C (NFC)` });
      }
      equivalentKeys(value[key], at, found);
    }
  }
}

function checkSchema(payload, nulls, root) {
  const found = [];
  const fail = (code, pointer, message, tolerated = false) => {
    found.push({ code, severity: tolerated ? TOLERATED : "error", pointer, message });
  };
  const check = (value, schema, pointer, tolerated, tag) => {
    if (schema.nullable && value === null)
      return;
    if (schema.ref !== undefined) {
      const target = definition(schema.ref);
      if (target)
        check(value, target, pointer, tolerated);
      return;
    }
    if (schema.type !== undefined) {
      if (!hasType(value, schema.type))
        fail("TG010", pointer, `expected ${describeType(schema.type, value)}, found ${kindAndValue(value, pointer)}`, tolerated);
      return;
    }
    if (schema.enum) {
      if (typeof value !== "string" || !schema.enum.includes(value)) {
        fail("TG011", pointer, `${show(value, pointer)} is not one of ${allowed(schema.enum)}`, tolerated || typeof value === "string");
      }
      return;
    }
    if (schema.elements) {
      if (!Array.isArray(value))
        return fail("TG014", pointer, `expected an array, found ${kindAndValue(value, pointer)}`, tolerated);
      for (let index = 0; index < value.length; index++)
        check(value[index], schema.elements, `${pointer}/${index}`, false);
      return;
    }
    // tabgen:begin usesValues
    if (schema.values) {
      if (!isObject(value))
        return fail("TG014", pointer, `expected an object, found ${kindAndValue(value, pointer)}`, tolerated);
      for (const key of Object.keys(value))
        check(value[key], schema.values, child(pointer, key), false);
      return;
    }
    // tabgen:end usesValues
    // tabgen:begin usesDiscriminator
    if (schema.discriminator !== undefined) {
      const name = schema.discriminator;
      if (!isObject(value))
        return fail("TG014", pointer, `expected an object, found ${kindAndValue(value, pointer)}`, tolerated);
      if (!has(value, name))
        return fail("TG015", pointer, `missing discriminator property ${quote(name)}`);
      const tagValue = value[name];
      const at = child(pointer, name);
      if (typeof tagValue !== "string")
        return fail("TG015", at, `discriminator ${quote(name)} must be a string, found ${kindAndValue(tagValue, at)}`);
      const mapping = schema.mapping || {};
      const variant = has(mapping, tagValue) ? mapping[tagValue] : undefined;
      if (!variant)
        return fail("TG015", at, `${show(tagValue, at)} is not one of the ${quote(name)} values ${allowed(Object.keys(mapping))}`);
      return check(value, variant, pointer, false, name);
    }
    // tabgen:end usesDiscriminator
    if (schema.properties || schema.optionalProperties) {
      if (!isObject(value))
        return fail("TG014", pointer, `expected an object, found ${kindAndValue(value, pointer)}`, tolerated);
      const required = schema.properties || {};
      const optional = schema.optionalProperties || {};
      for (const key of Object.keys(value)) {
        const member = value[key];
        const at = child(pointer, key);
        if (has(required, key)) {
          check(member, required[key], at, false);
        }
        else if (has(optional, key)) {
          const tolerated = member === null && !resolves(optional[key], (form) => form.nullable === true);
          if (tolerated)
            nulls.add(at);
          check(member, optional[key], at, tolerated);
        }
        else if (!schema.additionalProperties && key !== tag) {
          fail("TG013", at, `property ${quote(key)} is not allowed here (the schema does not list it and does not allow additional properties)`, true);
        }
      }
      for (const key of Object.keys(required)) {
        if (!has(value, key))
          fail("TG012", pointer, `missing required property ${quote(key)}`, resolves(required[key], (form) => form.nullable === true || form.elements !== undefined));
      }
    }
  };
  check(payload, root, "", false);
  return found;
}

function definition(name) {
  const definitions = SCHEMA.definitions || {};
  return has(definitions, name) ? definitions[name] : undefined;
}

function resolves(schema, test) {
  const target = schema.ref === undefined ? undefined : definition(schema.ref);
  return test(schema) || (target !== undefined && resolves(target, test));
}

// tabgen:begin usesIntegers
const INTEGER_RANGES = {
  int8: [-128, 127], uint8: [0, 255], int16: [-32768, 32767], uint16: [0, 65535],
  int32: [-2147483648, 2147483647], uint32: [0, 4294967295],
};

// tabgen:end usesIntegers
function hasType(value, type) {
  switch (type) {
    case "boolean": return typeof value === "boolean";
    case "string": return typeof value === "string";
    // tabgen:begin usesTimestamp
    case "timestamp": return typeof value === "string" && isTimestamp(value);
    // tabgen:end usesTimestamp
  }
  // tabgen:begin usesIntegers
  const range = has(INTEGER_RANGES, type) ? INTEGER_RANGES[type] : undefined;
  if (range)
    return typeof value === "number" && Number.isInteger(value) && value >= range[0] && value <= range[1];
  // tabgen:end usesIntegers
  // tabgen:begin usesFloats
  return typeof value === "number" && Number.isFinite(type === "float32" ? Math.fround(value) : value);
  // tabgen:end usesFloats
  // tabgen:begin !usesFloats
  return false;
  // tabgen:end !usesFloats
}

function describeType(type, value) {
  if (typeof value === "number" && (type === "float32" || type === "float64")) {
    return `a number within the range of ${type} (±${type === "float32" ? "3.4028235e+38" : "1.7976931348623157e+308"})`;
  }
  switch (type) {
    case "boolean": return "a boolean";
    case "string": return "a string";
    // tabgen:begin usesTimestamp
    case "timestamp": return "an RFC 3339 timestamp string";
    // tabgen:end usesTimestamp
  }
  // tabgen:begin usesIntegers
  const range = has(INTEGER_RANGES, type) ? INTEGER_RANGES[type] : undefined;
  if (range)
    return `${type} (an integer from ${range[0]} to ${range[1]})`;
  // tabgen:end usesIntegers
  return "a number";
}

// tabgen:begin usesTimestamp
function isTimestamp(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/.exec(text);
  if (!match)
    return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  const offsetOK = match[9] === undefined || (Number(match[9]) <= 23 && Number(match[10]) <= 59);
  return month >= 1 && month <= 12 && day >= 1 && day <= days && Number(match[4]) <= 23 && Number(match[5]) <= 59 && Number(match[6]) <= 60 && offsetOK;
}

// tabgen:end usesTimestamp
// tabgen:begin usesRules
function checkRules(payload, name) {
  const found = [];
  for (const rule of RULES) {
    if (rule.definition !== undefined && rule.definition !== name)
      continue;
    evaluate(rule, payload, found);
  }
  return found;
}

function evaluate(rule, payload, found) {
  if (!(rule.when || []).every((condition) => holds(condition, payload)))
    return;
  const report = (pointer, value, reason, count) => {
    const message = rule.message.replace(/\{(value|reason|count|pointer)\}/g, (_, name) => name === "value" ? (value === undefined ? "(absent)" : show(value, pointer))
      : name === "reason" ? reason
        : name === "count" ? (count === undefined ? "" : String(count))
          : pointer);
    found.push({ code: rule.code, severity: rule.severity, pointer, message });
  };
  const matched = matches(rule.path, payload);
  switch (rule.kind) {
    // tabgen:begin usesCount
    case "count":
      for (const [pointer, value] of matched) {
        let entries = members(value);
        if (!entries)
          continue;
        const where = rule.where || [];
        let noun = "";
        if (where.length > 0) {
          entries = entries.filter((entry) => where.every((condition) => holds(condition, entry)));
          noun = ` where ${where.map(describeCondition).join(" and ")}`;
        }
        let count = entries.length;
        noun = (count === 1 ? "1 entry" : `${count} entries`) + noun;
        // tabgen:begin usesDistinct
        if (rule.distinct !== undefined) {
          count = distinctCount(entries, rule.distinct);
          if (count !== entries.length)
            noun += ` but ${count} distinct ${describePath(rule.distinct)}`;
        }
        // tabgen:end usesDistinct
        const beyond = rule.forbidden && rule.forbidden.includes(count) ? ""
          : rule.min !== undefined && count < rule.min ? `, fewer than ${rule.min}`
            : rule.max !== undefined && count > rule.max ? `, more than ${rule.max}` : undefined;
        if (beyond !== undefined)
          report(pointer, value, `it has ${noun}${beyond}`, count);
      }
      break;
    // tabgen:end usesCount
    // tabgen:begin usesUnique
    case "unique": {
      const first = new Map(); // canonical value → pointer of its first occurrence
      const equivalents = new Map(); // NFC → first pointer and string (TG022)
      for (const [pointer, value] of matched) {
        if (value === null)
          continue; // null is no value: two are no duplicate
        const key = canonical(value);
        const earlier = first.get(key);
        if (earlier !== undefined) {
          report(pointer, value, `${show(value, pointer)} is also at ${earlier}`);
          continue;
        }
        first.set(key, pointer);
        if (typeof value !== "string")
          continue;
        const equivalent = equivalents.get(value.normalize("NFC"));
        if (equivalent === undefined)
          equivalents.set(value.normalize("NFC"), [pointer, value]);
        else
          found.push(equivalence(pointer, value, equivalent[1], ` at ${equivalent[0]}`));
      }
      break;
    }
    // tabgen:end usesUnique
    // tabgen:begin usesReference
    case "reference": {
      const targetWhere = rule.targetWhere || [];
      const keys = new Set();
      const unfilteredKeys = new Set();
      const equivalents = new Map(); // NFC of a qualifying key → the first such key (TG022)
      let targetCount = 0;
      for (const [, target] of matches(rule.targets || "", payload)) {
        const qualifies = targetWhere.every((condition) => holds(condition, target));
        if (qualifies)
          targetCount++;
        for (const [, key] of matches(rule.key || "", target)) {
          if (qualifies)
            keys.add(canonical(key));
          if (qualifies && typeof key === "string" && !equivalents.has(key.normalize("NFC")))
            equivalents.set(key.normalize("NFC"), key);
          unfilteredKeys.add(canonical(key));
        }
      }
      const conditions = targetWhere.map(describeCondition).join(" and ");
      const targets = describePath(rule.targets || "");
      const wanted = targets + describePath(rule.key || "") + (conditions ? ` where ${conditions}` : "");
      for (const [pointer, value] of matched) {
        if (value === null) {
          if (rule.required && targetCount > 0)
            report(pointer, value, `it is null, but it must name one of ${wanted}`);
        }
        else if (keys.has(canonical(value))) {
          continue;
        }
        else if (conditions && unfilteredKeys.has(canonical(value))) {
          report(pointer, value, `${show(value, pointer)} names an entry of ${targets} that does not satisfy ${conditions}`);
        }
        else {
          report(pointer, value, `${show(value, pointer)} matches no ${wanted}`);
        }
        if (typeof value !== "string")
          continue;
        const equivalent = equivalents.get(value.normalize("NFC"));
        if (equivalent !== undefined)
          found.push(equivalence(pointer, value, equivalent, `, a value of ${wanted},`));
      }
      if (rule.required && matched.length === 0 && !parsePointer(rule.path).includes("*") && targetCount > 0) {
        report(describePath(rule.path), undefined, `it is absent, but it must name one of ${wanted}`);
      }
      break;
    }
    // tabgen:end usesReference
    // tabgen:begin usesRelativeReference
    case "relativeReference":
      for (const [pointer, value] of matched) {
        if (typeof value !== "string")
          continue;
        const problem = relativeReferenceProblem(value, rule.allowAuthority === true);
        if (problem !== null) {
          report(pointer, value, problem);
          continue;
        }
        const warning = relativeReferenceWarning(value, rule.allowAuthority === true);
        if (warning !== null)
          found.push({ code: warning[0], severity: "warning", pointer, message: warning[1] });
      }
      break;
    // tabgen:end usesRelativeReference
    // tabgen:begin usesEquals
    case "equals": {
      const wanted = rule.value === undefined ? null : rule.value;
      const expected = canonical(wanted);
      for (const [pointer, value] of matched) {
        if (canonical(value) !== expected)
          report(pointer, value, `it is ${show(value, pointer)}, expected ${show(wanted)}`);
      }
      break;
    }
    // tabgen:end usesEquals
    // tabgen:begin usesNonEmpty
    case "nonEmpty":
      for (const [pointer, value] of matched) {
        if (typeof value !== "string")
          continue;
        if (value === "")
          report(pointer, value, "it is empty");
        else if (/^[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/.test(value))
          report(pointer, value, "it has only white space");
      }
      break;
    // tabgen:end usesNonEmpty
  }
}

// tabgen:begin usesEquivalence
function equivalence(pointer, value, other, where) {
  const message = `${show(value)} is canonically equivalent to ${show(other)}${where} but has other Unicode scalars: Swift's String == takes them as equal, Kotlin, JavaScript and Ruby as different; send both in Unicode normalization form C (NFC)`;
  return { code: "TG022", severity: "warning", pointer, message };
}

// tabgen:end usesEquivalence
function holds(condition, base) {
  const value = first(condition.path, base);
  if (condition.present !== undefined)
    return (value !== undefined && value !== null) === condition.present;
  if (condition.count) {
    const entries = members(value);
    return entries !== undefined && entries.length >= (condition.count.min || 0) && entries.length <= (condition.count.max === undefined ? Infinity : condition.count.max);
  }
  // tabgen:begin usesEqualsCondition
  return value !== undefined && canonical(value) === canonical((condition.equals === undefined ? null : condition.equals));
  // tabgen:end usesEqualsCondition
  // tabgen:begin !usesEqualsCondition
  return false;
  // tabgen:end !usesEqualsCondition
}

function members(value) {
  return Array.isArray(value) ? value : isObject(value) ? Object.keys(value).map((key) => value[key]) : undefined;
}

// tabgen:begin usesConditionText
function describeCondition(condition) {
  const path = describePath(condition.path);
  if (condition.present !== undefined)
    return condition.present ? `${path} is present` : `${path} is absent or null`;
  if (condition.count)
    return `${path} has ${condition.count.min || 0}...${condition.count.max === undefined ? "" : condition.count.max} entries`;
  // tabgen:begin usesEqualsCondition
  return `${path} is ${show((condition.equals === undefined ? null : condition.equals))}`;
  // tabgen:end usesEqualsCondition
  // tabgen:begin !usesEqualsCondition
  return "";
  // tabgen:end !usesEqualsCondition
}

// tabgen:end usesConditionText
// tabgen:begin usesDistinct
function distinctCount(entries, key) {
  const seen = new Set();
  let count = 0;
  for (const entry of entries) {
    const value = first(key, entry);
    if (value === undefined)
      count++;
    else if (!seen.has(canonical(value))) {
      seen.add(canonical(value));
      count++;
    }
  }
  return count;
}

// tabgen:end usesDistinct
const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

function matches(pattern, root) {
  const found = [];
  const tokens = parsePointer(pattern);
  const walk = (position, value, pointer) => {
    const token = tokens[position];
    if (token === undefined) {
      found.push([pointer, value]);
    }
    else if (token === "*") {
      if (Array.isArray(value))
        for (let index = 0; index < value.length; index++)
          walk(position + 1, value[index], `${pointer}/${index}`);
      else if (isObject(value))
        for (const key of Object.keys(value))
          walk(position + 1, value[key], child(pointer, key));
    }
    else if (isObject(value)) {
      if (has(value, token))
        walk(position + 1, value[token], child(pointer, token));
    }
    else if (Array.isArray(value) && ARRAY_INDEX.test(token) && Number(token) < value.length) {
      walk(position + 1, value[Number(token)], `${pointer}/${Number(token)}`);
    }
  };
  walk(0, root, "");
  return found;
}

function first(pattern, root) {
  const tokens = parsePointer(pattern);
  if (tokens.includes("*")) {
    const match = matches(pattern, root)[0];
    return match === undefined ? undefined : match[1];
  }
  let value = root;
  for (const token of tokens) {
    if (isObject(value))
      value = has(value, token) ? value[token] : undefined;
    else
      value = Array.isArray(value) && ARRAY_INDEX.test(token) ? value[Number(token)] : undefined;
  }
  return value;
}

const POINTERS = new Map();

function parsePointer(pointer) {
  let tokens = POINTERS.get(pointer);
  if (!tokens) {
    tokens = pointerTokens(pointer);
    POINTERS.set(pointer, tokens);
  }
  return tokens;
}

// tabgen:begin usesConditionText
function describePath(pattern) {
  return parsePointer(pattern).map((token) => child("", token)).join("");
}

// tabgen:end usesConditionText
function canonical(value) {
  if (typeof value === "string")
    return `"${value}`;
  if (Array.isArray(value))
    return `[${value.map(quoted).join(",")}]`;
  if (isObject(value))
    return `{${Object.keys(value).map((key) => `${quoted(key)}:${quoted(value[key])}`).sort().join(",")}}`;
  return String(value);
}

function quoted(value) {
  return typeof value === "string" ? JSON.stringify(value) : canonical(value);
}

// tabgen:begin usesRelativeReference
function relativeReferenceProblem(text, allowAuthority) {
  if (/^(?!\/\/)[\w\-.~/?@!$&'()*+,;=]*$/.test(text))
    return null;
  const characters = Array.from(text);
  const queryOrFragment = characters.findIndex((character) => character === "?" || character === "#");
  const pathEnd = queryOrFragment < 0 ? characters.length : queryOrFragment;
  const hierarchical = characters.slice(0, pathEnd);
  const slash = hierarchical.indexOf("/");
  const firstSegment = slash < 0 ? hierarchical : hierarchical.slice(0, slash);
  const colon = firstSegment.indexOf(":");
  if (colon >= 0) {
    const candidate = firstSegment.slice(0, colon).join("");
    if (/^[A-Za-z][A-Za-z0-9+.-]*$/.test(candidate))
      return `it has scheme ${quote(candidate)}`;
  }
  const hasAuthority = hierarchical[0] === "/" && hierarchical[1] === "/";
  const authorityEnd = !hasAuthority ? 0 : hierarchical.indexOf("/", 2) < 0 ? pathEnd : hierarchical.indexOf("/", 2);
  for (let offset = 0; offset < characters.length; offset++) {
    const character = characters[offset];
    const allowed = /^[\w\-.~:/?#@!$&'()*+,;=%]$/.test(character) || (offset < authorityEnd && (character === "[" || character === "]"));
    if (!allowed)
      return `it contains ${describeCharacter(character)} at character ${offset + 1}, which must be percent-encoded`;
  }
  for (let index = 0; index < characters.length; index++) {
    if (characters[index] !== "%")
      continue;
    if (!/^%[0-9A-Fa-f]{2}$/.test(characters.slice(index, index + 3).join(""))) {
      return `it has a malformed percent-encoding at character ${index + 1}`;
    }
    index += 2;
  }
  if (hasAuthority && !allowAuthority) {
    return `it has authority ${quote(characters.slice(2, authorityEnd).join(""))}: a network-path reference leaves the app's origin`;
  }
  if (!hasAuthority && firstSegment.includes(":"))
    return `its first path segment contains ":", which reads as a scheme; write "./" before it`;
  const hash = characters.indexOf("#");
  if (hash >= 0 && characters.indexOf("#", hash + 1) >= 0)
    return `it contains a second "#", which must be percent-encoded`;
  return null;
}

function relativeReferenceWarning(text, allowAuthority) {
  if (text === "") {
    return ["TG021", `"" is a relative reference to the start URL itself, but Swift's URL(string: "", relativeTo:) returns nil and the iOS reference app stops with fatalError; write "/" or "./"`];
  }
  if (allowAuthority)
    return null;
  const resolved = networkPathResolution(text);
  if (resolved === null)
    return null;
  const host = resolved.slice(2).split("/")[0] || "";
  return ["TG020", `${quote(text)} resolves to the path ${quote(resolved)}, which reads as the host ${quote(host)} wherever it is resolved again; remove the empty segment`];
}

function networkPathResolution(text) {
  const path = text.split(/[?#]/)[0] || "";
  if (!path.includes("//"))
    return null;
  const segments = (path.startsWith("/") ? path : `/${path}`).split("/").slice(1);
  const output = [];
  segments.forEach((segment, index) => {
    const dots = segment.replace(/%2e/gi, ".");
    const last = index === segments.length - 1;
    if (dots === "." || dots === "..") {
      if (dots === "..")
        output.pop();
      if (last)
        output.push("");
    }
    else {
      output.push(segment);
    }
  });
  const resolved = `/${output.join("/")}`;
  return resolved.startsWith("//") ? resolved : null;
}

function describeCharacter(character) {
  const scalar = character.codePointAt(0) || 0;
  if (character === " ")
    return "a space";
  if (character === "\\")
    return `a backslash (browsers read it as "/")`;
  if (scalar < 0x20 || scalar === 0x7f)
    return `control character U+${hex(scalar)}`;
  return `${quote(character)} (U+${hex(scalar)})`;
}

// tabgen:end usesRelativeReference
// tabgen:end usesRules
// tabgen:begin usesBridgeBase
function warnOf(base, event, warnings) {
  if (warnings.length > 0)
    console.warn(`${base.identifier}: ${event}:\n${warnings.map(formatViolation).join("\n")}`);
}

export function dataToSend(base, event, result) {
  if (result.ok) {
    warnOf(base, event, result.warnings);
    return result.value;
  }
  if (result.sendable === undefined) {
    base.onSendFailure(event, result.violations);
    return undefined;
  }
  base.onToleratedErrors(event, result.violations);
  return result.sendable;
}

export function checkReply(base, event, parse, message, envelope = false) {
  const data = Object.assign({}, message.data);
  if (envelope)
    delete data.metadata;
  const result = parse(JSON.stringify(data));
  if (!result.ok) {
    base.onReplyFailure(event, result.violations);
    return undefined;
  }
  warnOf(base, event, result.warnings);
  if (envelope && message.data.metadata !== undefined)
    Object.assign(result.value, { metadata: message.data.metadata });
  return result.value;
}

const connectedBases = new WeakSet();

export function bridgeBase(component) {
  class Base extends component {
    connect() {
      super.connect();
      connectedBases.add(this);
      if (this.sendsValues)
        this.connectValues();
    }
    connectValues() { }
    disconnect() {
      connectedBases.delete(this);
      super.disconnect();
    }
    get sendsValues() {
      return connectedBases.has(this) && Boolean(Reflect.get(this.constructor, "sendsValuesOnConnect"));
    }
    onSendFailure(event, findings) {
      console.error(`${this.identifier}: ${event} not sent, its data is invalid:\n${findings.map(formatViolation).join("\n")}`);
    }
    onToleratedErrors(event, findings) {
      console.error(`${this.identifier}: ${event} sent, the native clients survive its errors:\n${findings.map(formatViolation).join("\n")}`);
    }
    onReplyFailure(event, findings) {
      console.error(`${this.identifier}: the reply ${event} is invalid:\n${findings.map(formatViolation).join("\n")}`);
    }
  }
  Base.sendsValuesOnConnect = true;
  return Base;
}

export function sendChecked(base, spec, text, callback) {
  const checked = dataToSend(base, spec.event, spec.parse(text));
  if (checked === undefined)
    return false;
  const reply = spec.reply;
  if (reply === undefined || callback === undefined) {
    base.send(spec.event, checked);
  }
  else if (reply.parse === undefined) {
    base.send(spec.event, checked, () => callback());
  }
  else {
    const parse = reply.parse;
    base.send(spec.event, checked, (message) => {
      const value = checkReply(base, reply.event, parse, message, reply.envelope);
      if (value !== undefined)
        callback(value);
    });
  }
  return true;
}

// tabgen:end usesBridgeBase
// tabgen:begin usesElementData
export function readElementData(scope, spec, platform) {
  const data = {};
  const violations = [];
  for (const field of Object.keys(spec)) {
    const source = spec[field];
    if (source === undefined)
      continue;
    const pointer = child("", field);
    if ("each" in source) {
      const items = [];
      scope.targets.findAll(source.each).forEach((element, index) => {
        if (source.skipDisabled && elementDisabled(element, platform))
          return;
        const item = {};
        for (const name of Object.keys(source.fields)) {
          const read = source.fields[name];
          if (read !== undefined)
            readElementValue(element, read, index, child(child(pointer, String(items.length)), name), item, name, violations);
        }
        items.push(item);
      });
      data[field] = items;
    }
    else if (source.target === undefined) {
      readElementValue(scope.element, source, undefined, pointer, data, field, violations);
    }
    else {
      const element = scope.targets.findAll(source.target)[0];
      if (element === undefined) {
        violations.push({ code: "TG003", severity: "error", pointer: "", message: `no element of the target "${source.target}": Stimulus throws (missing target element), so the page sends no data` });
      }
      else {
        readElementValue(element, source, undefined, pointer, data, field, violations);
      }
    }
  }
  return violations.length > 0 ? { ok: false, violations } : { ok: true, data: data };
}

function elementDisabled(element, platform) {
  const disabled = element.getAttribute("data-bridge-disabled");
  return disabled === "true" || (disabled !== null && disabled === platform);
}

function elementValue(element) {
  const value = element.value;
  return typeof value === "string" ? value : undefined;
}

function readElementValue(element, read, index, pointer, into, field, violations) {
  let value;
  for (const name of read.read) {
    value = name === "#text" ? element.textContent
      : name === "#value" ? elementValue(element)
        : name === "#index" ? index
          : element.getAttribute(name);
    if (value)
      break;
  }
  if (value === null)
    value = undefined;
  if (read.trim) {
    if (typeof value !== "string") {
      const names = read.read.map((name) => name.replace(/^#/, ""));
      const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}` : names.join("");
      violations.push({ code: "TG003", severity: "error", pointer, message: `<${element.localName}> has no ${list}, so trim() throws and the page sends no data` });
      return;
    }
    value = value.trim();
  }
  if (value !== undefined)
    into[field] = value;
}

// tabgen:end usesElementData
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function child(pointer, key) {
  return `${pointer}/${/[~/]/.test(key) ? key.replace(/~/g, "~0").replace(/\//g, "~1") : key}`;
}

function allowed(names) {
  const listed = names.slice(0, 20).map(quote).join(", ");
  return names.length > 20 ? `${listed} and ${names.length - 20} more` : listed;
}

function kindAndValue(value, pointer) {
  if (typeof value === "number" && !Number.isFinite(value))
    return "a number beyond the range of float64";
  return value === null ? "null" : `${Array.isArray(value) ? "array" : typeof value} ${show(value, pointer)}`;
}

function show(value, pointer) {
  const characters = Array.from(writeJSON(value, pointer));
  return characters.length > 120 ? `${characters.slice(0, 117).join("")}...` : characters.join("");
}

function writeJSON(value, pointer) {
  if (typeof value === "string")
    return quote(value);
  if (typeof value === "number")
    return (Number.isFinite(value) || pointer === undefined ? undefined : numberText(pointer)) || formatNumber(value);
  const at = (key) => pointer === undefined ? undefined : child(pointer, String(key));
  if (Array.isArray(value))
    return `[${value.map((element, index) => writeJSON(element, at(index))).join(",")}]`;
  if (isObject(value))
    return `{${Object.keys(value).map((key) => `${quote(key)}:${writeJSON(value[key], at(key))}`).join(",")}}`;
  return String(value);
}

let lastText = "";

let lastDigits;

function numberText(pointer) {
  if (!lastDigits || lastDigits[0] !== lastText) {
    const digits = lastText.replace(/"(?:[^"\\]|\\.)*"|(-?[0-9][0-9.eE+-]*)/g, (token, number) => number === undefined ? token : `"${number}"`);
    lastDigits = [lastText, JSON.parse(digits)];
  }
  let value = lastDigits[1];
  for (const token of pointerTokens(pointer))
    value = isObject(value) || Array.isArray(value) ? value[token] : undefined;
  return typeof value === "string" ? value : undefined;
}

function pointerTokens(pointer) {
  return pointer === "" ? [] : pointer.slice(1).split("/").map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function quote(text) {
  return JSON.stringify(text).replace(/[\u007f\u2028\u2029]/g, (character) => `\\u${hex(character.charCodeAt(0)).toLowerCase()}`);
}

function formatNumber(number) {
  if (!Number.isFinite(number))
    return "null";
  if (Number.isInteger(number) && Math.abs(number) < 1e15)
    return String(number);
  if (Math.abs(number) > 2 ** 53 || Math.abs(number) < 1e-4) {
    const [mantissa, exponent] = number.toExponential().split("e");
    const power = Number(exponent);
    return `${mantissa}e${power < 0 ? "-" : "+"}${String(Math.abs(power)).padStart(2, "0")}`;
  }
  return Number.isInteger(number) ? `${number}.0` : String(number);
}

function hex(value) {
  return value.toString(16).toUpperCase().padStart(4, "0");
}
