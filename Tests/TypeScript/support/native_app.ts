// What a Hotwire Native app installs in its web view: the adapter the bridge hands
// messages to. This one records them, structured-cloned as WKWebView's postMessage does.
import type { BridgeAdapter, BridgeMessage } from "@hotwired/hotwire-native-bridge"

export class NativeAppDouble implements BridgeAdapter {
  readonly platform = "ios"
  readonly received: BridgeMessage[] = []
  readonly supportedComponents: string[]

  constructor(supportedComponents: string[] = ["navigation"]) {
    this.supportedComponents = supportedComponents
  }

  supportsComponent(component: string): boolean {
    return this.supportedComponents.includes(component)
  }

  receive(message: BridgeMessage): void {
    this.received.push(structuredClone(message))
  }
}
