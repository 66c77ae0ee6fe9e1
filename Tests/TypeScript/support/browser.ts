// The few browser APIs the Stimulus and bridge doubles use, for Node: elements with
// attributes and children, a MutationObserver that delivers records in a microtask (as
// browsers do), and window / document / navigator globals. Importing this module
// installs them, so import it before anything that reads `window` at load time.

type Records = FakeMutationRecord[]

export interface FakeMutationRecord {
  type: "attributes" | "childList"
  target: FakeElement
  attributeName: string | null
  oldValue: string | null
  addedNodes: FakeElement[]
  removedNodes: FakeElement[]
}

interface ObserveOptions {
  attributes?: boolean
  attributeOldValue?: boolean
  childList?: boolean
  subtree?: boolean
}

export class FakeMutationObserver {
  static #registrations: { observer: FakeMutationObserver; target: FakeElement; options: ObserveOptions }[] = []
  readonly #callback: (records: Records, observer: FakeMutationObserver) => void
  #queue: Records = []

  constructor(callback: (records: Records, observer: FakeMutationObserver) => void) {
    this.#callback = callback
  }

  observe(target: FakeElement, options: ObserveOptions): void {
    FakeMutationObserver.#registrations.push({ observer: this, target, options })
  }

  disconnect(): void {
    FakeMutationObserver.#registrations = FakeMutationObserver.#registrations.filter(({ observer }) => observer !== this)
    this.#queue = []
  }

  takeRecords(): Records {
    const records = this.#queue
    this.#queue = []
    return records
  }

  static notify(record: FakeMutationRecord): void {
    for (const { observer, target, options } of FakeMutationObserver.#registrations) {
      const inScope = record.target === target || (options.subtree === true && target.contains(record.target))
      const wanted = record.type === "attributes" ? options.attributes === true : options.childList === true
      if (!inScope || !wanted) continue
      if (observer.#queue.length === 0) queueMicrotask(() => observer.#deliver())
      observer.#queue.push(record.type === "attributes" && !options.attributeOldValue ? { ...record, oldValue: null } : record)
    }
  }

  #deliver(): void {
    const records = this.takeRecords()
    if (records.length > 0) this.#callback(records, this)
  }
}

export class FakeElement extends EventTarget {
  readonly tagName: string
  readonly children: FakeElement[] = []
  parentElement: FakeElement | null = null
  /** A plain object, not a live view of the data-* attributes (the bridge only writes it). */
  readonly dataset: Record<string, string> = {}
  readonly #attributes = new Map<string, string>()

  constructor(tagName: string, attributes: Record<string, string> = {}) {
    super()
    this.tagName = tagName.toUpperCase()
    for (const [name, value] of Object.entries(attributes)) this.#attributes.set(name, value)
  }

  getAttribute(name: string): string | null {
    return this.#attributes.get(name) ?? null
  }

  hasAttribute(name: string): boolean {
    return this.#attributes.has(name)
  }

  get attributeNames(): string[] {
    return [...this.#attributes.keys()]
  }

  setAttribute(name: string, value: string): void {
    const oldValue = this.getAttribute(name)
    this.#attributes.set(name, String(value))
    FakeMutationObserver.notify({ type: "attributes", target: this, attributeName: name, oldValue, addedNodes: [], removedNodes: [] })
  }

  removeAttribute(name: string): void {
    const oldValue = this.getAttribute(name)
    if (oldValue === null) return
    this.#attributes.delete(name)
    FakeMutationObserver.notify({ type: "attributes", target: this, attributeName: name, oldValue, addedNodes: [], removedNodes: [] })
  }

  append(...children: FakeElement[]): void {
    for (const child of children) {
      child.remove()
      child.parentElement = this
      this.children.push(child)
    }
    FakeMutationObserver.notify({ type: "childList", target: this, attributeName: null, oldValue: null, addedNodes: children, removedNodes: [] })
  }

  remove(): void {
    const parent = this.parentElement
    if (!parent) return
    parent.children.splice(parent.children.indexOf(this), 1)
    this.parentElement = null
    FakeMutationObserver.notify({ type: "childList", target: parent, attributeName: null, oldValue: null, addedNodes: [], removedNodes: [this] })
  }

  /** Inclusive, as Node.contains is. */
  contains(other: FakeElement): boolean {
    for (let node: FakeElement | null = other; node; node = node.parentElement) if (node === this) return true
    return false
  }

  /** This element and its descendants, in tree order. */
  *subtree(): Generator<FakeElement> {
    yield this
    for (const child of this.children) yield* child.subtree()
  }
}

export class FakeDocument extends EventTarget {
  readonly documentElement = new FakeElement("html")
  readonly body = new FakeElement("body")

  constructor() {
    super()
    this.documentElement.append(this.body)
  }
}

export interface FakeWindow {
  location: { href: string }
  navigator: { userAgent: string }
  HotwireNative?: unknown
}

export const document = new FakeDocument()
export const navigator = { userAgent: "Hotwire Native iOS; Turbo Native iOS; bridge-components: [navigation]" }
export const window: FakeWindow = { location: { href: "https://app.example/tabs" }, navigator }

Object.assign(globalThis, { window, document, MutationObserver: FakeMutationObserver })
Object.defineProperty(globalThis, "navigator", { value: navigator, configurable: true })

/** Lets queued microtasks (mutation records, connections) run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** A fake element where the Stimulus declarations want a DOM Element. */
export function asElement(element: FakeElement): Element {
  return element as unknown as Element
}
