// What the Hotwire Native demo's bridge controllers (hotwire-native-demo,
// public/javascript/controllers/bridge/*) and the guides' button send, re-told from reading
// them and the bridge's BridgeElement (hotwire-native-bridge src/bridge_element.js), in
// this file's own words and code, on the bridge and Stimulus doubles:
// - the title of an element: its data-bridge-title, or if that is missing or empty its
//   aria-label, or else its text content, or else its value; surrounding white space cut;
// - an element is disabled when data-bridge-disabled is "true" or names the platform the
//   app set on <html data-bridge-platform>;
// - form: on connect, "connect" with submitTitle, the title of its submit target;
// - menu: when shown (only if the component is enabled; the event stops there), "display"
//   with the title of its title target and, for each item target not disabled, its title
//   and its position among all item targets;
// - overflow menu: on connect, "connect" with label, the title of its own element;
// - button (the guides): on connect, "connect" with title, the element's data-bridge-title
//   as getAttribute returns it (null without it).
// Targets are looked up with querySelector in the controller's element: the demo pages
// nest no controller of the same identifier.
import { BridgeComponent } from "@hotwired/hotwire-native-bridge"

function titleOf(element) {
  const candidates = [element.getAttribute("data-bridge-title"), element.getAttribute("aria-label"), element.textContent]
  const chosen = candidates.find((candidate) => candidate) ?? element.value
  return chosen.trim()
}

function isDisabled(element) {
  const flag = element.getAttribute("data-bridge-disabled")
  return flag === "true" || flag === document.documentElement.dataset.bridgePlatform
}

function targetsOf(controller, name) {
  return [...controller.element.querySelectorAll(`[data-${controller.identifier}-target~="${name}"]`)]
}

class FormController extends BridgeComponent {
  static component = "form"

  connect() {
    super.connect()
    const [submit] = targetsOf(this, "submit")
    this.send("connect", { submitTitle: titleOf(submit) }, () => submit.click())
  }
}

class MenuController extends BridgeComponent {
  static component = "menu"

  show(event) {
    if (!this.enabled) return
    event.stopImmediatePropagation()
    const [title] = targetsOf(this, "title")
    const entries = targetsOf(this, "item")
    const items = []
    entries.forEach((entry, position) => {
      if (!isDisabled(entry)) items.push({ title: titleOf(entry), index: position })
    })
    this.send("display", { title: titleOf(title), items }, (reply) => entries[reply.data.selectedIndex].click())
  }
}

class OverflowMenuController extends BridgeComponent {
  static component = "overflow-menu"

  connect() {
    super.connect()
    this.send("connect", { label: titleOf(this.element) }, () => this.element.click())
  }
}

class ButtonController extends BridgeComponent {
  static component = "button"

  connect() {
    super.connect()
    this.send("connect", { title: this.element.getAttribute("data-bridge-title") }, () => this.element.click())
  }
}

export default { "bridge--form": FormController, "bridge--menu": MenuController, "bridge--overflow-menu": OverflowMenuController, button: ButtonController }
