// The package ships no types: these declarations are what a TypeScript app writes for it
// (and what the double implements). Names and signatures follow its JavaScript source.
import { Controller } from "@hotwired/stimulus"

/** A message as the native app's adapter receives it. A type the real package does not
 * have (it has no types): for the tests only; generated code must compile against the
 * declaration of docs/rails.md, which names none (TypeScriptBridgeComponentTests). */
export interface BridgeMessage {
  id: string
  component: string
  event: string
  data: Record<string, unknown>
}

/** What the native app installs with `window.HotwireNative.web.setAdapter(adapter)`. */
export interface BridgeAdapter {
  platform: string
  supportedComponents: string[]
  supportsComponent(component: string): boolean
  receive(message: BridgeMessage): void
}

export interface OutgoingMessage {
  component: string
  event: string
  data: object
  callback?: ((message: BridgeMessage) => void) | undefined
}

/** Not exported by the real package (it creates one, as window.HotwireNative.web); the
 * double exports it so that a test can start with an app that has not connected yet. */
export declare class Bridge {
  start(): void
  supportsComponent(component: string): boolean
  send(message: OutgoingMessage): string | null
  receive(message: BridgeMessage): void
  removeCallbackFor(messageId: string): void
  removePendingMessagesFor(component: string): void
  setAdapter(adapter: BridgeAdapter): void
  adapterDidUpdateSupportedComponents(): void
}

/** Not in the real package, which reads the user agent once, when it loads: the double's
 * way for a test to read it again, as a page load in another browser would. */
export declare function reloadUserAgent(): void

export declare class BridgeComponent<ElementType extends Element = Element> extends Controller<ElementType> {
  static component: string
  static get shouldLoad(): boolean
  pendingMessageCallbacks: (string | null)[]
  get component(): string
  get platformOptingOut(): boolean
  get enabled(): boolean
  get bridge(): Bridge
  restore(): void
  /** Adds `metadata: { url }` to `data` (the object itself) and hands it to the bridge. */
  send(event: string, data?: object, callback?: (message: BridgeMessage) => void): void
}

declare global {
  interface Window {
    HotwireNative?: { web: Bridge }
  }
}
