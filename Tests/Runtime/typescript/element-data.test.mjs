// The page-reading vectors (Tests/Vectors/element-data/*.json, format in Tests/Vectors/README.md)
// against the TypeScript runtime's readElementData, through a small adapter that gives
// each vector's element tree what the runtime reads of a DOM element (getAttribute,
// textContent, value, localName) and Stimulus's targets (this.targets.findAll). The Swift
// side (ElementData, ElementDataVectorTests) reads the same cases from the same tree
// written as HTML. Run by run.sh with RUNTIME and VECTORS set.
import { test } from "node:test"
import assert from "node:assert/strict"
import { readFileSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"

const runtime = await import(pathToFileURL(process.env.RUNTIME).href)
const folder = join(process.env.VECTORS, "element-data")

// An element of the tree: {tag, attributes?, children?: [element | text]}.
class TreeElement {
  constructor(node) {
    this.localName = node.tag
    this.attributes = new Map(Object.entries(node.attributes ?? {}).map(([name, value]) => [name.toLowerCase(), value]))
    this.children = (node.children ?? []).map((child) => (typeof child === "string" ? child : new TreeElement(child)))
  }

  // An HTML element's getAttribute lowercases the name.
  getAttribute(name) {
    return this.attributes.get(name.toLowerCase()) ?? null
  }

  get textContent() {
    return this.children.map((child) => (typeof child === "string" ? child : child.textContent)).join("")
  }

  // The value property of the elements that have one as a string (HTML's IDL attributes).
  get value() {
    switch (this.localName) {
      case "button": case "data": return this.getAttribute("value") ?? ""
      case "input": return this.getAttribute("value") ?? (/^(checkbox|radio)$/i.test(this.getAttribute("type") ?? "") ? "on" : "")
      case "option": return this.getAttribute("value") ?? this.textContent.split(/[\t\n\f\r ]+/).filter(Boolean).join(" ")
      case "textarea": case "output": return this.textContent
      default: return undefined
    }
  }

  *descendants() {
    for (const child of this.children) {
      if (typeof child === "string") continue
      yield child
      yield* child.descendants()
    }
  }
}

// Stimulus's scope: the controller's element and its descendants, less those inside another
// element of the same controller; a target has the name among the tokens of data-ID-target.
function scope(root, identifier) {
  const controls = (element) => (element.getAttribute("data-controller") ?? "").split(/[ \t\n\f\r]+/).includes(identifier)
  function* inScope(element) {
    yield element
    for (const child of element.children) {
      if (typeof child === "string") continue
      if (controls(child)) continue
      yield* inScope(child)
    }
  }
  return {
    element: root,
    targets: {
      findAll: (name) => [...inScope(root)].filter((element) =>
        (element.getAttribute(`data-${identifier}-target`) ?? "").split(/[ \t\n\f\r]+/).includes(name)),
    },
  }
}

// The contract's fromElement as the generator writes it: the same object.
for (const file of readdirSync(folder).filter((name) => name.endsWith(".json")).sort()) {
  const vector = JSON.parse(readFileSync(join(folder, file), "utf8"))
  for (const entry of vector.cases) {
    test(`element-data/${file}:${entry.name}`, () => {
      const result = runtime.readElementData(scope(new TreeElement(entry.element), entry.identifier), entry.fromElement, entry.platform)
      if (entry.data === "missing") {
        assert.equal(result.ok, false, `expected nothing sent, got ${JSON.stringify(result.data)}`)
        assert.ok(result.violations.length > 0 && result.violations.every((violation) => violation.code === "TG003"))
      } else {
        assert.equal(result.ok, true, result.ok ? "" : result.violations.map(runtime.formatViolation).join("\n"))
        assert.equal(JSON.stringify(result.data), JSON.stringify(entry.data))
      }
    })
  }
}
