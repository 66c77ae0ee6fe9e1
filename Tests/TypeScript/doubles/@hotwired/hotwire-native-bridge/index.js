// Test double of @hotwired/hotwire-native-bridge 1.2.2 (src/bridge.js, bridge_component.js,
// helpers/user_agent.js, index.js), at least as strict as the real package: the same
// methods and message flow, and the same reads of the page when it loads (the user agent,
// then, without window.HotwireNative, document and Event). Left out: BridgeElement.
import { Controller } from "@hotwired/stimulus"

// Exported for tests only (the real index.js keeps it private).
export class Bridge {
  #adapter = null
  #lastMessageId = 0
  #pendingMessages = []
  #pendingCallbacks = new Map()

  start() {
    document.dispatchEvent(new Event("web-bridge:ready"))
  }

  supportsComponent(component) {
    return this.#adapter ? this.#adapter.supportsComponent(component) : false
  }

  // Before the native app has set its adapter, messages wait; after, a component the
  // app does not support is dropped.
  send({ component, event, data, callback }) {
    if (!this.#adapter) {
      this.#pendingMessages.push({ component, event, data, callback })
      return null
    }
    if (!this.supportsComponent(component)) return null
    const id = String(++this.#lastMessageId)
    this.#adapter.receive({ id, component, event, data: data || {} })
    if (callback) this.#pendingCallbacks.set(id, callback)
    return id
  }

  receive(message) {
    this.#pendingCallbacks.get(message.id)?.(message)
  }

  removeCallbackFor(messageId) {
    this.#pendingCallbacks.delete(messageId)
  }

  removePendingMessagesFor(component) {
    this.#pendingMessages = this.#pendingMessages.filter((message) => message.component !== component)
  }

  // What the native app calls once its web view has loaded the page.
  setAdapter(adapter) {
    this.#adapter = adapter
    document.documentElement.dataset.bridgePlatform = adapter.platform
    this.adapterDidUpdateSupportedComponents()
    const pending = this.#pendingMessages
    this.#pendingMessages = []
    for (const message of pending) this.send(message)
  }

  adapterDidUpdateSupportedComponents() {
    if (this.#adapter) document.documentElement.dataset.bridgeComponents = this.#adapter.supportedComponents.join(" ")
  }
}

// As the real package, read once when the module loads: a missing window.navigator throws
// here (TypeError: Cannot destructure property 'userAgent' of 'window.navigator'), and a
// user agent set after the import does not count.
let { userAgent } = window.navigator

// Exported for tests only: reads the user agent again, as a page load in another browser
// would (the real package has no such function).
export function reloadUserAgent() {
  userAgent = window.navigator.userAgent
}

function supportsComponent(component) {
  const supported = userAgent.match(/bridge-components: \[(.*?)\]/)
  return supported ? supported[1].split(" ").includes(component) : false
}

export class BridgeComponent extends Controller {
  static component = ""

  static get shouldLoad() {
    return supportsComponent(this.component)
  }

  pendingMessageCallbacks = []

  initialize() {
    this.pendingMessageCallbacks = []
  }

  connect() {
    this.removeRestoreEventListener()
    this.addRestoreEventListener()
  }

  disconnect() {
    this.pendingMessageCallbacks.forEach((messageId) => this.bridge.removeCallbackFor(messageId))
    this.bridge.removePendingMessagesFor(this.component)
    this.removeRestoreEventListener()
  }

  addRestoreEventListener() {
    this.restore = this.restore.bind(this)
    document.addEventListener("native:restore", this.restore)
  }

  removeRestoreEventListener() {
    document.removeEventListener("native:restore", this.restore)
  }

  // The app asks again when it recreates its native view.
  restore() {
    this.connect()
  }

  get component() {
    return this.constructor.component
  }

  get platformOptingOut() {
    const { bridgePlatform } = document.documentElement.dataset
    return this.identifier === this.element.getAttribute(`data-controller-optout-${bridgePlatform}`)
  }

  get enabled() {
    return !this.platformOptingOut && this.bridge.supportsComponent(this.component)
  }

  // As the real one, it adds `metadata` to the caller's data object.
  send(event, data = {}, callback) {
    data.metadata = { url: window.location.href }
    const messageId = this.bridge.send({ component: this.component, event, data, callback })
    if (callback) this.pendingMessageCallbacks.push(messageId)
  }

  get bridge() {
    return window.HotwireNative.web
  }
}

// As the real index.js: without a bridge yet, one is made, with its legacy aliases, and
// announced on the document.
if (!window.HotwireNative) {
  const webBridge = new Bridge()
  window.HotwireNative = { web: webBridge }
  if (!window.Strada) window.Strada = { web: webBridge }
  if (!window.webBridge) window.webBridge = webBridge
  webBridge.start()
}
