// Test double of @hotwired/stimulus 3.2: the parts a bridge component uses, with the
// same semantics and call order (see Tests/TypeScript/README.md for what is left out).
// It only touches the DOM through element attributes, children and MutationObserver.

// Stimulus's src/core/schema.ts: the attributes an application reads (a schema passed to
// Application.start replaces it; the double reads controllerAttribute and the targets').
export const defaultSchema = {
  controllerAttribute: "data-controller",
  actionAttribute: "data-action",
  targetAttribute: "data-target",
  targetAttributeForScope: (identifier) => `data-${identifier}-target`,
  outletAttributeForScope: (identifier, outlet) => `data-${identifier}-${outlet}-outlet`,
  keyMappings: {
    enter: "Enter",
    tab: "Tab",
    esc: "Escape",
    space: " ",
    up: "ArrowUp",
    down: "ArrowDown",
    left: "ArrowLeft",
    right: "ArrowRight",
    home: "Home",
    end: "End",
    page_up: "PageUp",
    page_down: "PageDown",
    ...Object.fromEntries([..."abcdefghijklmnopqrstuvwxyz0123456789"].map((key) => [key, key])),
  },
}

export class Controller {
  static targets = []
  static outlets = []
  static values = {}

  static get shouldLoad() {
    return true
  }

  static afterLoad(_identifier, _application) {}

  constructor(context) {
    this.context = context
  }

  get application() {
    return this.context.application
  }

  get element() {
    return this.context.element
  }

  get identifier() {
    return this.context.identifier
  }

  // Stimulus's TargetSet (src/core/target_set.ts, scope.ts) without the legacy
  // data-target="identifier.name" form, so stricter: the element and its descendants whose
  // data-<identifier>-target lists the name, less those inside another element of this
  // identifier (whose controller they belong to), in page order.
  get targets() {
    const { element, identifier } = this
    const { controllerAttribute, targetAttributeForScope } = this.application.schema
    const findAll = (...names) => names.flatMap((name) => {
      const selector = `[${targetAttributeForScope(identifier)}~="${name}"]`
      const inScope = (candidate) => candidate.closest(`[${controllerAttribute}~="${identifier}"]`) === element
      return [...(element.matches(selector) ? [element] : []), ...[...element.querySelectorAll(selector)].filter(inScope)]
    })
    return { findAll, find: (...names) => findAll(...names)[0], has: (name) => findAll(name).length > 0 }
  }

  initialize() {}

  connect() {}

  disconnect() {}

  dispatch(eventName, { target = this.element, detail = {}, prefix = this.identifier, bubbles = true, cancelable = true } = {}) {
    const type = prefix ? `${prefix}:${eventName}` : eventName
    const event = new CustomEvent(type, { detail, bubbles, cancelable })
    target.dispatchEvent(event)
    return event
  }
}

export class Application {
  static start(element, schema) {
    const application = new this(element, schema)
    application.start()
    return application
  }

  #definitions = new Map() // identifier → controller constructor
  #contexts = new WeakMap() // element → Map(identifier → Context): one controller per element and identifier, as Stimulus keeps it
  #elements = new Map() // identifier → Set of the elements with a Context of it: what loading it again replaces
  #observer = null

  constructor(element = document.documentElement, schema = defaultSchema) {
    this.element = element
    this.schema = schema
  }

  // Stimulus waits for the DOM to be ready; connections arrive asynchronously.
  async start() {
    await Promise.resolve()
    this.#observer = new MutationObserver((records) => this.#mutated(records))
    this.#observer.observe(this.element, { childList: true, subtree: true })
    this.#connectTree(this.element)
  }

  stop() {
    this.#observer?.disconnect()
    this.#disconnectTree(this.element)
  }

  register(identifier, controllerConstructor) {
    this.load({ identifier, controllerConstructor })
  }

  // As Stimulus: an array first means that array, and the rest is not read.
  load(head, ...rest) {
    const definitions = Array.isArray(head) ? head : [head, ...rest]
    for (const { identifier, controllerConstructor } of definitions) {
      if (!controllerConstructor.shouldLoad) continue
      blessValues(controllerConstructor)
      // Stimulus's router.loadDefinition: the identifier's controllers are disconnected and
      // dropped, new ones connected, and only then afterLoad.
      this.#unload(identifier)
      this.#definitions.set(identifier, controllerConstructor)
      if (this.#observer) this.#connectTree(this.element)
      controllerConstructor.afterLoad(identifier, this)
    }
  }

  #unload(identifier) {
    for (const element of this.#elements.get(identifier) ?? []) {
      this.#contexts.get(element)?.get(identifier)?.disconnect()
      this.#contexts.get(element)?.delete(identifier)
    }
    this.#elements.delete(identifier)
  }

  getControllerForElementAndIdentifier(element, identifier) {
    return this.#contexts.get(element)?.get(identifier)?.controller ?? null
  }

  #mutated(records) {
    for (const record of records) {
      for (const node of record.removedNodes) this.#disconnectTree(node)
      for (const node of record.addedNodes) if (this.element.contains(node)) this.#connectTree(node)
    }
  }

  #connectTree(root) {
    for (const element of subtree(root)) {
      for (const identifier of tokens(element.getAttribute(this.schema.controllerAttribute))) {
        const controllerConstructor = this.#definitions.get(identifier)
        if (!controllerConstructor) continue
        const contexts = this.#contexts.get(element) ?? new Map()
        this.#contexts.set(element, contexts)
        let context = contexts.get(identifier)
        if (!context) {
          context = new Context(this, identifier, element, controllerConstructor)
          contexts.set(identifier, context)
          this.#elements.set(identifier, (this.#elements.get(identifier) ?? new Set()).add(element))
        }
        context.connect()
      }
    }
  }

  #disconnectTree(root) {
    for (const element of subtree(root)) {
      for (const context of this.#contexts.get(element)?.values() ?? []) context.disconnect()
    }
  }
}

class Context {
  #connected = false
  #observer = null
  #lastValues = new Map() // attribute → last seen text, as Stimulus's StringMapObserver keeps it

  constructor(application, identifier, element, controllerConstructor) {
    this.application = application
    this.identifier = identifier
    this.element = element
    this.controller = new controllerConstructor(this)
    this.controller.initialize()
  }

  // Value callbacks first (the initial value), then connect(), as Stimulus orders them.
  connect() {
    if (this.#connected) return
    this.#connected = true
    this.#observer = new MutationObserver((records) => this.#attributesChanged(records))
    this.#observer.observe(this.element, { attributes: true, attributeOldValue: true })
    // Stimulus's ValueObserver.start: the values the element has first, then the defaults.
    const descriptors = valueDescriptors(this.controller.constructor, this.identifier)
    for (const descriptor of descriptors) {
      const text = this.element.getAttribute(descriptor.attribute)
      this.#lastValues.set(descriptor.attribute, text)
      if (text !== null) this.#invoke(descriptor, text, descriptor.writer(descriptor.defaultValue))
    }
    for (const descriptor of descriptors) {
      if (this.#lastValues.get(descriptor.attribute) === null && descriptor.defaultValue != null) this.#invoke(descriptor, descriptor.writer(descriptor.defaultValue), undefined)
    }
    this.controller.connect()
  }

  disconnect() {
    if (!this.#connected) return
    this.#connected = false
    this.controller.disconnect()
    this.#observer.disconnect()
    this.#lastValues.clear()
  }

  #attributesChanged(records) {
    const descriptors = valueDescriptors(this.controller.constructor, this.identifier)
    for (const { attributeName } of records) {
      const descriptor = descriptors.find(({ attribute }) => attribute === attributeName)
      if (!descriptor) continue
      const text = this.element.getAttribute(attributeName)
      const last = this.#lastValues.get(attributeName) ?? null
      if (text === last) continue
      this.#lastValues.set(attributeName, text)
      const oldText = last ?? descriptor.writer(descriptor.defaultValue)
      this.#invoke(descriptor, text ?? descriptor.writer(descriptor.defaultValue), oldText)
    }
  }

  // Stimulus passes the old value unread when its text is empty.
  #invoke(descriptor, text, oldText) {
    const callback = this.controller[`${descriptor.name}Changed`]
    if (typeof callback !== "function") return
    try {
      callback.call(this.controller, descriptor.reader(text), oldText ? descriptor.reader(oldText) : oldText)
    } catch (error) {
      // value_observer.ts names the value in a TypeError, and rethrows every error.
      if (error instanceof TypeError) error.message = `Stimulus Value "${this.identifier}.${descriptor.name}" - ${error.message}`
      throw error
    }
  }
}

// Values: `static values = { config: String }` gives `configValue` (read from and written
// to data-<identifier>-config-value), `hasConfigValue` and a `configValueChanged` callback.

const VALUE_TYPES = new Map([
  [Array, { type: "array", defaultValue: [], reader: (text) => readJSON(text, Array.isArray, "array"), writer: JSON.stringify }],
  [Boolean, { type: "boolean", defaultValue: false, reader: (text) => !(text === "0" || String(text).toLowerCase() === "false"), writer: String }],
  [Number, { type: "number", defaultValue: 0, reader: (text) => Number(text.replace(/_/g, "")), writer: String }],
  [Object, { type: "object", defaultValue: {}, reader: (text) => readJSON(text, (value) => typeof value === "object" && value !== null && !Array.isArray(value), "object"), writer: JSON.stringify }],
  [String, { type: "string", defaultValue: "", reader: (text) => text, writer: String }],
])

function readJSON(text, accepts, name) {
  const value = JSON.parse(text)
  if (!accepts(value)) throw new TypeError(`expected value of type "${name}" but instead got value "${text}" of type "${VALUE_TYPES.get(constantOf(value))?.type}"`)
  return value
}

function valueDescriptors(controllerConstructor, identifier) {
  const chain = [] // base class first, so that a subclass's definition wins
  for (let constructor = controllerConstructor; constructor !== Function.prototype; constructor = Object.getPrototypeOf(constructor)) chain.unshift(constructor)
  const definitions = Object.assign({}, ...chain.filter((constructor) => Object.hasOwn(constructor, "values")).map(({ values }) => values))
  return Object.entries(definitions).map(([name, definition]) => {
    const type = VALUE_TYPES.get(definition) ?? VALUE_TYPES.get(definition.type)
    if (!type) throw new Error(`unknown value type for "${identifier}.${name}"`)
    // value_properties.ts's parseValueTypeObject: a default of another type is refused when
    // the class is loaded, not converted.
    if (!VALUE_TYPES.has(definition) && definition.default != null && VALUE_TYPES.get(constantOf(definition.default)) !== type) {
      const defaultType = VALUE_TYPES.get(constantOf(definition.default))?.type
      throw new Error(`The specified default value for the Stimulus Value "${identifier ? `${identifier}.` : ""}${name}" must match the defined type "${type.type}". The provided default value of "${definition.default}" is of type "${defaultType}".`)
    }
    const defaultValue = VALUE_TYPES.has(definition) || !("default" in definition) ? type.defaultValue : definition.default
    // Stimulus's hasCustomDefaultValue asks whether the definition itself reads as a default:
    // every `{ type, default }` object does (even without `default`), a bare constant does not.
    const hasCustomDefaultValue = !VALUE_TYPES.has(definition)
    // Stimulus's value_properties: key = dasherize(token) + "-value", property = camelize(key)
    // (`tab_bar` reads data-<identifier>-tab_bar-value into tabBarValue).
    const key = `${dasherize(name)}-value`
    return { ...type, name: camelize(key), defaultValue, hasCustomDefaultValue, attribute: `data-${identifier}-${key}` }
  })
}

// The constructor whose value type a default has (value_properties.ts's parseValueTypeDefault).
function constantOf(value) {
  if (Array.isArray(value)) return Array
  if (typeof value === "boolean") return Boolean
  if (typeof value === "number") return Number
  if (typeof value === "string") return String
  return Object.prototype.toString.call(value) === "[object Object]" ? Object : undefined
}

function blessValues(controllerConstructor) {
  const prototype = controllerConstructor.prototype
  for (const { name } of valueDescriptors(controllerConstructor, "")) {
    if (Object.hasOwn(prototype, name)) continue
    const descriptorOf = (controller) => valueDescriptors(controller.constructor, controller.identifier).find((descriptor) => descriptor.name === name)
    Object.defineProperty(prototype, name, {
      get() {
        const descriptor = descriptorOf(this)
        const text = this.element.getAttribute(descriptor.attribute)
        return text === null ? descriptor.defaultValue : descriptor.reader(text)
      },
      set(value) {
        const descriptor = descriptorOf(this)
        if (value === undefined) this.element.removeAttribute(descriptor.attribute)
        else this.element.setAttribute(descriptor.attribute, descriptor.writer(value))
      },
    })
    Object.defineProperty(prototype, `has${name[0].toUpperCase()}${name.slice(1)}`, {
      get() {
        const descriptor = descriptorOf(this)
        return this.element.hasAttribute(descriptor.attribute) || descriptor.hasCustomDefaultValue
      },
    })
  }
}

function dasherize(name) {
  return name.replace(/([A-Z])/g, (_, character) => `-${character.toLowerCase()}`)
}

function camelize(name) {
  return name.replace(/(?:[_-])([a-z0-9])/g, (_, character) => character.toUpperCase())
}

// An element and its descendant elements, in tree order: in a browser (Element.children)
// and in the Node tests' fake DOM alike. Text and comment nodes have none.
function* subtree(node) {
  if (typeof node.getAttribute !== "function") return
  yield node
  for (const child of Array.from(node.children)) yield* subtree(child)
}

function tokens(text) {
  return (text ?? "").split(/\s+/).filter(Boolean)
}
