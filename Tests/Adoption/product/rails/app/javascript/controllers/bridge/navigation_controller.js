// Hand-written before tabgen: sends the tab bar's message to the app as it is.
import { BridgeComponent } from "@hotwired/hotwire-native-bridge"

export default class extends BridgeComponent {
  static component = "navigation"
  static values = { config: Object }

  connect() {
    super.connect()
    this.send("configure", this.configValue)
  }
}
