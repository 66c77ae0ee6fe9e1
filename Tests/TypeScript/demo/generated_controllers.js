// The controllers an app writes on the generated Stimulus bases of contracts/demo (JavaScript
// flavour): each sends its event with the base's sendXFromElement, which reads the data
// from the element as the contract's fromElement says, when the demo's own controller
// sends it (form, overflow menu and button on connect; the menu when the user opens it).
import { FormBridgeComponent } from "controllers/bridge/form_bridge_component"
import { MenuBridgeComponent } from "controllers/bridge/menu_bridge_component"
import { OverflowMenuBridgeComponent } from "controllers/bridge/overflow_menu_bridge_component"
import { ButtonBridgeComponent } from "controllers/button_bridge_component"

class FormController extends FormBridgeComponent {
  connect() {
    super.connect()
    this.sendConnectFromElement()
  }
}

class MenuController extends MenuBridgeComponent {
  show(event) {
    if (!this.enabled) return
    event.stopImmediatePropagation()
    this.sendDisplayFromElement()
  }
}

class OverflowMenuController extends OverflowMenuBridgeComponent {
  connect() {
    super.connect()
    this.sendConnectFromElement()
  }
}

class ButtonController extends ButtonBridgeComponent {
  connect() {
    super.connect()
    this.sendConnectFromElement()
  }
}

export default { "bridge--form": FormController, "bridge--menu": MenuController, "bridge--overflow-menu": OverflowMenuController, button: ButtonController }
