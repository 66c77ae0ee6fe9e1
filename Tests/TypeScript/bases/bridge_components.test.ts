// The generated Stimulus bases of contracts/menu.json and contracts/form.json
// (`bridgeComponent: true`) in a page, in both flavours: Stimulus connects a subclass of
// each, the bridge double carries their messages to an app double, and a test replies as
// the app does (Bridge.receive with the id of the message it answers). Compiled and run
// by TypeScriptBridgeComponentTests next to the generated menu/ and form/ folders (the
// TypeScript flavour) and node_modules/controllers/bridge/ (the JavaScript flavour, where
// an importmap app's `controllers/bridge/menu` pin resolves).
import { FakeElement, asElement, document, navigator, settle, window } from "./support/browser.js" // first: the bridge reads `window` when it loads
import assert from "node:assert/strict"
import { afterEach, beforeEach, describe, it, mock } from "node:test"
import { Application } from "@hotwired/stimulus"
import { Bridge, reloadUserAgent, type BridgeMessage } from "@hotwired/hotwire-native-bridge"
import { NativeAppDouble } from "./support/native_app.js"
import * as menuTS from "./menu/menu_bridge_component.js"
import * as formTS from "./form/form_bridge_component.js"
import type { MenuData, Selection, Violation } from "./menu/menu.js"

type MenuModule = typeof menuTS
type FormModule = typeof formTS

// A specifier in a variable: tsc checks the TypeScript flavour's types, not these files.
async function load<T>(specifier: string): Promise<T> {
  return (await import(specifier)) as T
}

const flavours: readonly [string, MenuModule, FormModule][] = [
  ["TypeScript", menuTS, formTS],
  ["JavaScript", await load<MenuModule>("controllers/bridge/menu_bridge_component"), await load<FormModule>("controllers/bridge/form_bridge_component")],
]

const MENU: MenuData = { title: "Actions", items: [{ title: "Edit", index: 0 }, { title: "Delete", index: 2 }] }
const URL = "https://app.example/tabs"

interface Failure {
  event: string
  findings: Violation[]
}

for (const [flavour, { MenuBridgeComponent }, { FormBridgeComponent }] of flavours) {
  class MenuController extends MenuBridgeComponent {
    readonly replyFailures: Failure[] = []
    readonly sendFailures: Failure[] = []
    readonly toleratedErrors: Failure[] = []
    readonly selections: Selection[] = []
    connects = 0
    // An app's connect() override: the base still sends the value, through super.connect().
    override connect(): void {
      super.connect()
      this.connects++
    }
    override onSelected(selection: Selection): void {
      this.selections.push(selection)
    }
    override onReplyFailure(event: string, findings: Violation[]): void {
      this.replyFailures.push({ event, findings })
    }
    override onSendFailure(event: string, findings: Violation[]): void {
      this.sendFailures.push({ event, findings })
    }
    override onToleratedErrors(event: string, findings: Violation[]): void {
      this.toleratedErrors.push({ event, findings })
    }
  }

  // A menu the user opens with a tap: the data is in the page, sent only from the action.
  class TapMenuController extends MenuController {
    static override sendsValuesOnConnect = false
    show(): boolean {
      return this.sendDisplayValue()
    }
  }

  // Keeps the generated defaults, to show that they report (console.error), not swallow.
  class PlainMenuController extends MenuBridgeComponent {}

  class FormController extends FormBridgeComponent {
    submits = 0
    override onSubmit(): void {
      this.submits++
    }
  }

  describe(`the generated bridge component bases (${flavour})`, () => {
    const page = new FakeElement("main")
    document.body.append(page)
    navigator.userAgent = "Hotwire Native iOS; bridge-components: [menu form]"
    reloadUserAgent() // the bridge reads it once, when it loads
    const application = Application.start(asElement(page))
    application.register("bridge--menu", MenuController)
    application.register("bridge--plain-menu", PlainMenuController)
    application.register("bridge--tap-menu", TapMenuController)
    application.register("bridge--form", FormController)

    let app: NativeAppDouble
    let bridge: Bridge
    let errors: { mock: { calls: { arguments: unknown[] }[] } }

    beforeEach(() => {
      bridge = new Bridge()
      window.HotwireNative = { web: bridge }
      app = new NativeAppDouble(["menu", "form"])
      bridge.setAdapter(app)
      errors = mock.method(console, "error", () => undefined)
    })

    afterEach(async () => {
      page.children.slice().forEach((child) => child.remove())
      await settle()
      mock.restoreAll()
    })

    async function connect<T>(identifier: string, attributes: Record<string, string> = {}): Promise<T> {
      const element = new FakeElement("div", { "data-controller": identifier, ...attributes })
      page.append(element)
      await settle()
      const controller = application.getControllerForElementAndIdentifier(asElement(element), identifier)
      assert.ok(controller, `${identifier} connected`)
      return controller as unknown as T
    }

    /** What the app does with `reply(to:with:)`: the same message id, new data. */
    function reply(to: BridgeMessage, data: Record<string, unknown>): void {
      bridge.receive({ ...to, data })
    }

    /** The first message the app received, to reply to. */
    function firstReceived(): BridgeMessage {
      const sent = app.received[0]
      assert.ok(sent)
      return sent
    }

    /** The message that `menu.sendDisplay(MENU, onSelected)` sent the app. */
    function displayed(menu: MenuController | PlainMenuController, onSelected: (selection: Selection) => void): BridgeMessage {
      menu.sendDisplay(MENU, onSelected)
      return firstReceived()
    }

    it("sendDisplay sends the display event with the data and the page's url", async () => {
      const menu = await connect<MenuController>("bridge--menu")
      assert.equal(menu.sendDisplay(MENU, () => undefined), true)
      assert.equal(app.received.length, 1)
      const [message] = app.received
      assert.equal(message?.component, "menu")
      assert.equal(message?.event, "display")
      assert.deepEqual(message?.data, { ...MENU, metadata: { url: URL } })
      assert.equal("metadata" in MENU, false, "the caller's object is not the one the bridge changes")
    })

    it("a valid reply reaches the typed callback", async () => {
      const menu = await connect<MenuController>("bridge--menu")
      const selections: Selection[] = []
      reply(displayed(menu, (selection) => selections.push(selection)), { selectedIndex: 2 })
      assert.deepEqual(selections, [{ selectedIndex: 2 }])
      assert.deepEqual(menu.replyFailures, [])
    })

    it("an invalid reply goes to onReplyFailure with codes and pointers, not to the callback", async () => {
      const menu = await connect<MenuController>("bridge--menu")
      const selections: Selection[] = []
      const sent = displayed(menu, (selection) => selections.push(selection))
      reply(sent, { selectedIndex: "1" })
      reply(sent, {})
      assert.deepEqual(selections, [])
      assert.deepEqual(
        menu.replyFailures.map(({ event, findings }) => [event, findings.map(({ code, pointer }) => [code, pointer])]),
        [
          ["selected", [["TG010", "/selectedIndex"]]],
          ["selected", [["TG012", ""]]],
        ],
      )
    })

    it("by default an invalid reply is logged with console.error", async () => {
      const menu = await connect<PlainMenuController>("bridge--plain-menu")
      let called = false
      reply(displayed(menu, () => (called = true)), { selectedIndex: 1.5 })
      assert.equal(called, false)
      assert.equal(errors.mock.calls.length, 1)
      assert.match(String(errors.mock.calls[0]?.arguments[0]), /selected.*\n.*TG010.*\/selectedIndex/)
    })

    it("data that fails the check is not sent: onSendFailure gets it and the method returns false", async () => {
      const menu = await connect<MenuController>("bridge--menu")
      const invalid: MenuData = { title: "Actions", items: [{ title: "Edit", index: 1.5 }] }
      assert.equal(menu.sendDisplay(invalid), false)
      assert.equal(app.received.length, 0)
      assert.deepEqual(
        menu.sendFailures.map(({ event, findings }) => [event, findings.map(({ code, pointer }) => [code, pointer])]),
        [["display", [["TG010", "/items/0/index"]]]],
      )
    })

    it("form: connect with its data, the echo reply calls back with the request's data, and the data-less events", async () => {
      const form = await connect<FormController>("bridge--form")
      const calls: unknown[][] = []
      assert.equal(form.sendConnect({ submitTitle: "Save" }, (...args: unknown[]) => void calls.push(args)), true)
      const sent = firstReceived()
      assert.equal(sent.event, "connect")
      assert.deepEqual(sent.data, { submitTitle: "Save", metadata: { url: URL } })
      // Hotwire Native's reply(to: "connect") sends the request's own data back: an echo,
      // checked as the connect data and handed over as the page sent it, metadata included.
      reply(sent, sent.data)
      assert.deepEqual(calls, [[{ submitTitle: "Save", metadata: { url: URL } }]])

      assert.equal(form.sendSubmitDisabled(), true)
      assert.equal(form.sendSubmitEnabled(), true)
      assert.deepEqual(
        app.received.slice(1).map(({ component, event, data }) => [component, event, data]),
        [
          ["form", "submitDisabled", { metadata: { url: URL } }],
          ["form", "submitEnabled", { metadata: { url: URL } }],
        ],
      )
      assert.equal(errors.mock.calls.length, 0)
    })

    // The Stimulus values, as Menu::DisplayComponent and Form::ConnectComponent render them
    // (Tests/Ruby/rails: the exact JSON in data-bridge--menu-display-value).
    const MENU_JSON = '{"title":"Actions","items":[{"title":"Edit","index":0},{"title":"Delete \\"all\\"","index":1}]}'
    const findings = (failures: Failure[]) => failures.map(({ event, findings }) => [event, findings.map(({ code, pointer }) => [code, pointer])])

    it("connect with data-bridge--menu-display-value sends display once, with the parsed data, through a subclass's connect()", async () => {
      const menu = await connect<MenuController>("bridge--menu", { "data-bridge--menu-display-value": MENU_JSON })
      assert.equal(menu.connects, 1)
      assert.deepEqual(
        app.received.map(({ component, event, data }) => [component, event, data]),
        [["menu", "display", { title: "Actions", items: [{ title: "Edit", index: 0 }, { title: 'Delete "all"', index: 1 }], metadata: { url: URL } }]],
      )
      assert.deepEqual(menu.sendFailures, [])
    })

    it("a change of the value sends display again while connected; before connect and after disconnect, nothing extra", async () => {
      const element = new FakeElement("div", { "data-controller": "bridge--menu", "data-bridge--menu-display-value": MENU_JSON })
      element.setAttribute("data-bridge--menu-display-value", JSON.stringify(MENU)) // before connect
      page.append(element)
      await settle()
      assert.deepEqual(app.received.map(({ data }) => data), [{ ...MENU, metadata: { url: URL } }])
      const changed: MenuData = { title: "More", items: [{ title: "Share", index: 3 }] }
      element.setAttribute("data-bridge--menu-display-value", JSON.stringify(changed))
      await settle()
      assert.deepEqual(app.received.map(({ event, data }) => [event, data]), [
        ["display", { ...MENU, metadata: { url: URL } }],
        ["display", { ...changed, metadata: { url: URL } }],
      ])
      element.remove()
      await settle()
      element.setAttribute("data-bridge--menu-display-value", MENU_JSON)
      await settle()
      assert.equal(app.received.length, 2)
    })

    it("an invalid value is not sent: onSendFailure gets the codes and pointers (TG010, an empty value's TG001)", async () => {
      const menu = await connect<MenuController>("bridge--menu", { "data-bridge--menu-display-value": '{"title":7,"items":[]}' })
      menu.element.setAttribute("data-bridge--menu-display-value", "")
      await settle()
      assert.equal(app.received.length, 0)
      assert.deepEqual(findings(menu.sendFailures), [
        ["display", [["TG010", "/title"]]],
        ["display", [["TG001", ""]]],
      ])
    })

    it("a value whose only errors are of rules the native clients survive (MN101) is sent, after onToleratedErrors", async () => {
      const duplicate = '{"title":"Actions","items":[{"title":"Edit","index":0},{"title":"Delete","index":0}]}'
      const menu = await connect<MenuController>("bridge--menu", { "data-bridge--menu-display-value": duplicate })
      assert.deepEqual(app.received.map(({ data }) => data), [{ ...JSON.parse(duplicate), metadata: { url: URL } }])
      assert.deepEqual(findings(menu.toleratedErrors), [["display", [["MN101", "/items/1/index"]]]])
      assert.deepEqual(menu.sendFailures, [])
    })

    it("a value with what the apps tolerate (a null optional source) is sent, with a console.warn; setting the value sends again", async () => {
      const warnings = mock.method(console, "warn", () => undefined)
      const tolerated = '{"title":"Actions","items":[],"source":null}'
      const menu = await connect<MenuController>("bridge--menu", { "data-bridge--menu-display-value": tolerated })
      assert.deepEqual(app.received.map(({ data }) => data), [{ title: "Actions", items: [], source: null, metadata: { url: URL } }])
      assert.equal(warnings.mock.calls.length, 1)
      assert.match(String(warnings.mock.calls[0]?.arguments[0]), /^bridge--menu: display:\n.*\/source/)
      menu.displayValue = JSON.stringify(MENU)
      await settle()
      assert.deepEqual(app.received.map(({ data }) => data).slice(1), [{ ...MENU, metadata: { url: URL } }])
      assert.deepEqual(menu.sendFailures, [])
    })

    it("without the value attribute nothing is sent and nothing reported: the subclass sends by hand", async () => {
      const menu = await connect<MenuController>("bridge--menu")
      assert.equal(menu.connects, 1)
      assert.equal(app.received.length, 0)
      assert.deepEqual(menu.sendFailures, [])
      assert.equal(errors.mock.calls.length, 0)
    })

    it("the reply to the display the base sent reaches onSelected; an invalid one reaches onReplyFailure", async () => {
      const menu = await connect<MenuController>("bridge--menu", { "data-bridge--menu-display-value": MENU_JSON })
      const sent = firstReceived()
      reply(sent, { selectedIndex: 1 })
      reply(sent, { selectedIndex: "1" })
      assert.deepEqual(menu.selections, [{ selectedIndex: 1 }])
      assert.deepEqual(findings(menu.replyFailures), [["selected", [["TG010", "/selectedIndex"]]]])
    })

    it("by default onSelected dispatches <identifier>:selected with the reply as its detail", async () => {
      const menu = await connect<PlainMenuController>("bridge--plain-menu", { "data-bridge--plain-menu-display-value": MENU_JSON })
      const details: unknown[] = []
      menu.element.addEventListener("bridge--plain-menu:selected", (event) => details.push((event as CustomEvent).detail))
      const sent = firstReceived()
      reply(sent, { selectedIndex: 0 })
      assert.deepEqual(details, [{ selectedIndex: 0 }])
    })

    it("sendsValuesOnConnect = false: nothing on connect or change; sendDisplayValue() sends the value, its reply reaches onSelected", async () => {
      const menu = await connect<TapMenuController>("bridge--tap-menu", { "data-bridge--tap-menu-display-value": MENU_JSON })
      menu.element.setAttribute("data-bridge--tap-menu-display-value", JSON.stringify(MENU))
      await settle()
      assert.equal(app.received.length, 0)
      assert.equal(menu.show(), true)
      assert.deepEqual(app.received.map(({ event, data }) => [event, data]), [["display", { ...MENU, metadata: { url: URL } }]])
      const sent = firstReceived()
      reply(sent, { selectedIndex: 2 })
      assert.deepEqual(menu.selections, [{ selectedIndex: 2 }])
      menu.element.setAttribute("data-bridge--tap-menu-display-value", "{}")
      assert.equal(menu.show(), false)
      assert.deepEqual(findings(menu.sendFailures), [["display", [["TG012", ""], ["TG012", ""]]]])
      menu.element.removeAttribute("data-bridge--tap-menu-display-value")
      assert.equal(menu.show(), false)
      assert.equal(app.received.length, 1)
      assert.equal(menu.sendFailures.length, 1)
    })

    it("form: connect with data-bridge--form-connect-value sends connect once; the app's tap reaches onSubmit", async () => {
      const form = await connect<FormController>("bridge--form", { "data-bridge--form-connect-value": '{"submitTitle":"Save <draft>"}' })
      assert.deepEqual(app.received.map(({ component, event, data }) => [component, event, data]), [
        ["form", "connect", { submitTitle: "Save <draft>", metadata: { url: URL } }],
      ])
      const sent = firstReceived()
      reply(sent, sent.data)
      assert.equal(form.submits, 1)
      assert.equal(errors.mock.calls.length, 0)
    })
  })
}
