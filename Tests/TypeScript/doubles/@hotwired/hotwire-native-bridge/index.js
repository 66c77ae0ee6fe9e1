// Test double of @hotwired/hotwire-native-bridge 1.1 (src/bridge.js, bridge_component.js,
// helpers/user_agent.js, index.js): the same methods and message flow, without the
// handshake-repair timers, the legacy `window.Strada` alias and BridgeElement.
import { Controller } from "@hotwired/stimulus"

// Exported for tests only (the real index.js keeps it private).
export class Bridge {
  #adapter = null
  #lastMessageId = 0
  #pendingMessages = []
  #pendingCallbacks = new Map()
  #connectedComponents = new Set()

  start() {
    document.dispatchEvent(new Event("web-bridge:ready"))
  }

  componentDidConnect(component) {
    this.#connectedComponents.add(component)
  }

  componentDidDisconnect(component) {
    this.#connectedComponents.delete(component)
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
    document.documentElement.dataset.bridgeComponents = adapter.supportedComponents.join(" ")
    const pending = this.#pendingMessages
    this.#pendingMessages = []
    for (const message of pending) this.send(message)
  }
}

export class BridgeComponent extends Controller {
  static component = ""

  // The real package reads the user agent once, at load; the double reads it each time,
  // so that a test can change it.
  static get shouldLoad() {
    const supported = window.navigator.userAgent.match(/bridge-components: \[(.*?)\]/)
    return supported ? supported[1].split(" ").includes(this.component) : false
  }

  pendingMessageCallbacks = []

  initialize() {
    this.pendingMessageCallbacks = []
  }

  connect() {
    this.removeRestoreEventListener()
    this.addRestoreEventListener()
    this.bridge.componentDidConnect(this.component)
  }

  disconnect() {
    this.pendingMessageCallbacks.forEach((messageId) => this.bridge.removeCallbackFor(messageId))
    this.bridge.removePendingMessagesFor(this.component)
    this.removeRestoreEventListener()
    this.bridge.componentDidDisconnect(this.component)
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

if (!window.HotwireNative) {
  const webBridge = new Bridge()
  window.HotwireNative = { web: webBridge }
  webBridge.start()
}
