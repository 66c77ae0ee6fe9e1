// Runs in Chromium (see run.mjs --bases): the generated Stimulus bases of contracts/menu.json
// and contracts/form.json, in both flavours, each flavour's menu and form controllers
// registered with one Stimulus Application on one page. The adapter stands in for the
// native app as Hotwire Native iOS's bridge.js does: `receive` takes the page's messages,
// and the app answers later (its evaluateJavaScript, a task of its own) through
// `replyWith`, which hands the reply to window.HotwireNative.web.receive.
// window.runTests() is what run.mjs calls.
import { Application } from "@hotwired/stimulus"
import * as menuJS from "controllers/bridge/menu_bridge_component"
import * as formJS from "controllers/bridge/form_bridge_component"
import * as menuTS from "/bases/typescript/menu_bridge_component.js"
import * as formTS from "/bases/typescript/form_bridge_component.js"

// The app: what it received (cloned as WKWebView's postMessage clones it), and the data of
// its reply to a message (`reply(to: "display", with: ...)`: same id, component and event).
const received = []
let answer = () => undefined
const adapter = {
  platform: "ios",
  supportedComponents: ["menu", "form"],
  supportsComponent: (component) => adapter.supportedComponents.includes(component),
  receive(message) {
    received.push(structuredClone(message))
    const data = answer(message)
    if (data !== undefined) setTimeout(() => adapter.replyWith(JSON.parse(JSON.stringify({ ...message, data }))), 0)
  },
  replyWith: (message) => window.HotwireNative.web.receive(message),
}
window.HotwireNative.web.setAdapter(adapter)

const logged = []
const originalError = console.error.bind(console)
console.error = (...parts) => {
  logged.push(parts.map(String).join(" "))
  originalError(...parts)
}

// What the app's controllers do with the bases: the menu sends its links as items on
// connect and follows the selected one; the form sends its submit button's title and
// submits on the app's tap. Both keep the findings of invalid replies.
const selections = []
const submits = []
const failures = []

function controllers(flavour, { MenuBridgeComponent }, { FormBridgeComponent }) {
  class MenuController extends MenuBridgeComponent {
    connect() {
      super.connect()
      if (this.hasDisplayValue) return // the server rendered the data: the base has sent it
      const links = [...this.element.querySelectorAll("a")]
      const items = links.map((link, index) => ({ title: link.textContent, index }))
      this.sent = this.sendDisplay({ title: this.element.dataset.title, items }, ({ selectedIndex }) => selections.push([flavour, links[selectedIndex].textContent]))
    }

    onSelected({ selectedIndex }) {
      selections.push([flavour, "onSelected", selectedIndex])
    }

    onReplyFailure(event, findings) {
      failures.push([flavour, event, findings.map(({ code, pointer }) => [code, pointer])])
    }
  }

  class FormController extends FormBridgeComponent {
    connect() {
      super.connect()
      const button = this.element.querySelector("button")
      if (!this.hasConnectValue) this.sendConnect({ submitTitle: button.textContent }, () => submits.push([flavour, this.element.id]))
      this.sendSubmitDisabled()
    }

    onSubmit() {
      submits.push([flavour, "onSubmit"])
    }
  }

  const root = document.createElement("section")
  root.id = flavour
  document.body.append(root)
  const application = Application.start(root)
  application.register("bridge--menu", MenuController)
  application.register("bridge--form", FormController)
  return { root, application }
}

const flavours = { TypeScript: controllers("TypeScript", menuTS, formTS), JavaScript: controllers("JavaScript", menuJS, formJS) }

// Mutation records, Stimulus's connections and the app's replies: all done after two frames.
const settle = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

function menuElement() {
  const menu = document.createElement("div")
  menu.setAttribute("data-controller", "bridge--menu")
  menu.dataset.title = "Actions"
  for (const title of ["Edit", "Share", "Delete"]) {
    const link = document.createElement("a")
    link.textContent = title
    menu.append(link)
  }
  return menu
}

function formElement() {
  const form = document.createElement("form")
  form.id = "post"
  form.setAttribute("data-controller", "bridge--form")
  const button = document.createElement("button")
  button.textContent = "Save"
  form.append(button)
  return form
}

function equal(actual, expected, what) {
  const [a, b] = [JSON.stringify(actual), JSON.stringify(expected)]
  if (a !== b) throw new Error(`${what}:\n  actual   ${a}\n  expected ${b}`)
}

const url = () => ({ url: location.href })

// The page as Rails renders Menu::DisplayComponent and Form::ConnectComponent
// (Tests/Ruby/rails; RubyRailsPageTests checks these exact tags), the data in the values.
const RAILS_PAGE = `<div data-controller="bridge--menu" data-bridge--menu-display-value="{&quot;title&quot;:&quot;Actions&quot;,&quot;items&quot;:[{&quot;title&quot;:&quot;Edit&quot;,&quot;index&quot;:0},{&quot;title&quot;:&quot;Delete \\&quot;all\\&quot;&quot;,&quot;index&quot;:1}]}" class="menu">
      <button data-action="bridge--menu#show">Open Menu</button>
</div>
<form data-controller="bridge--form" data-bridge--form-connect-value="{&quot;submitTitle&quot;:&quot;Save &lt;draft&gt;&quot;}" action="/save" method="post">
      <button type="submit" data-bridge--form-target="submit">Save</button>
</form>`

const tests = {
  async "the Rails page: each base sends its value's data on connect, once, and the replies reach onSelected and onSubmit"(flavour) {
    answer = ({ component, event }) => (component === "menu" ? { selectedIndex: 1 } : event === "connect" ? { submitTitle: "Save <draft>" } : undefined)
    flavours[flavour].root.insertAdjacentHTML("beforeend", RAILS_PAGE)
    await settle()
    equal(received.map(({ component, event, data }) => [component, event, data]), [
      ["menu", "display", { title: "Actions", items: [{ title: "Edit", index: 0 }, { title: 'Delete "all"', index: 1 }], metadata: url() }],
      ["form", "connect", { submitTitle: "Save <draft>", metadata: url() }],
      ["form", "submitDisabled", { metadata: url() }],
    ], "messages")
    equal(selections, [[flavour, "onSelected", 1]], "selections")
    equal(submits, [[flavour, "onSubmit"]], "submits")
    equal(failures, [], "failures")
    equal(logged, [], "errors logged")
  },

  async "a page with a menu and a form: each sends its events with its data, and each reply reaches its own callback"(flavour) {
    answer = ({ component, event }) => (component === "menu" ? { selectedIndex: 2 } : event === "connect" ? { submitTitle: "Save" } : undefined)
    flavours[flavour].root.append(menuElement(), formElement())
    await settle()
    equal(received.map(({ component, event, data }) => [component, event, data]), [
      ["menu", "display", { title: "Actions", items: [{ title: "Edit", index: 0 }, { title: "Share", index: 1 }, { title: "Delete", index: 2 }], metadata: url() }],
      ["form", "connect", { submitTitle: "Save", metadata: url() }],
      ["form", "submitDisabled", { metadata: url() }],
    ], "messages")
    equal(selections, [[flavour, "Delete"]], "selections")
    equal(submits, [[flavour, "post"]], "submits")
    equal(failures, [], "failures")
    equal(logged, [], "errors logged")
  },

  async "an invalid reply goes to onReplyFailure with codes and pointers, never to the callback"(flavour) {
    // Selection allows members it does not list (additionalProperties): a string index is what fails.
    answer = ({ component }) => (component === "menu" ? { selectedIndex: "2", source: "tap" } : undefined)
    flavours[flavour].root.append(menuElement())
    await settle()
    equal(received.length, 1, "messages")
    equal(selections, [], "selections")
    equal(failures, [[flavour, "selected", [["TG010", "/selectedIndex"]]]], "failures")
  },

  async "data that fails the check is not sent: the method returns false and console.error has the findings"(flavour) {
    answer = () => undefined
    const controller = await connected(flavour, menuElement())
    equal(controller.sent, true, "sent with its links")
    const sent = controller.sendDisplay({ title: "Actions", items: [{ title: "Edit", index: -1.5 }] })
    equal(sent, false, "sendDisplay's result")
    equal(received.length, 1, "messages")
    if (!/bridge--menu: display not sent, its data is invalid:\nerror\[TG010\] \/items\/0\/index/.test(logged.join("\n"))) throw new Error(`no TG010 error in ${JSON.stringify(logged)}`)
  },

  async "data whose only errors are of rules the native clients survive (MN101) is sent, after onToleratedErrors"(flavour) {
    answer = () => undefined
    const controller = await connected(flavour, menuElement())
    const twice = { title: "Actions", items: [{ title: "Edit", index: 0 }, { title: "Copy", index: 0 }] }
    equal(controller.sendDisplay(twice), true, "sendDisplay's result")
    equal(received.map(({ data }) => data.items), [received[0].data.items, twice.items], "items sent")
    if (!/bridge--menu: display sent, the native clients survive its errors:\nerror\[MN101\] \/items\/1\/index/.test(logged.join("\n"))) throw new Error(`no MN101 error in ${JSON.stringify(logged)}`)
  },
}

async function connected(flavour, element) {
  const { root, application } = flavours[flavour]
  root.append(element)
  await settle()
  return application.getControllerForElementAndIdentifier(element, element.getAttribute("data-controller"))
}

window.runTests = async () => {
  const results = []
  for (const flavour of Object.keys(flavours)) {
    for (const [name, test] of Object.entries(tests)) {
      received.length = selections.length = submits.length = failures.length = logged.length = 0
      try {
        await test(flavour)
        results.push({ name: `bases (${flavour}): ${name}`, ok: true })
      } catch (error) {
        results.push({ name: `bases (${flavour}): ${name}`, ok: false, message: String((error && error.stack) || error) })
      }
      flavours[flavour].root.replaceChildren()
      await settle()
    }
  }
  return results
}

window.pageReady = true
