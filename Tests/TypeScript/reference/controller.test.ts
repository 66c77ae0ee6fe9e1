// The controller in a page: Stimulus connects it, the bridge carries its messages to an
// app double. Each flavour runs in its own Stimulus application and part of the page.
import { FakeElement, asElement, document, navigator, settle, window } from "../support/browser.js" // first: the bridge reads `window` when it loads
import assert from "node:assert/strict"
import { afterEach, beforeEach, describe, it, mock } from "node:test"
import { Application } from "@hotwired/stimulus"
import { Bridge, reloadUserAgent } from "@hotwired/hotwire-native-bridge"
import { flavours } from "../support/flavours.js"
import { NativeAppDouble } from "../support/native_app.js"
import { ATTRIBUTE, BOOTSTRAP, TABBED } from "../fixtures/navigation.js"

const INVALID = { active: "home", tabs: [{ id: "home", title: "Home", icon: "house", path: "https://evil.example/x" }] }

function navElement(config: unknown): FakeElement {
  return new FakeElement("nav", { "data-controller": "bridge--navigation", [ATTRIBUTE]: JSON.stringify(config) })
}

for (const [flavour, { default: NavigationController }] of flavours) {
  describe(`${flavour}: the navigation bridge component`, () => {
    const page = new FakeElement("main")
    document.body.append(page)
    const application = Application.start(asElement(page))
    application.register("bridge--navigation", NavigationController)

    let app: NativeAppDouble
    let errors: { mock: { calls: { arguments: unknown[] }[] } }
    let warnings: { mock: { calls: { arguments: unknown[] }[] } }

    // A fresh bridge per test, as on a page load; the app connects to it right away
    // unless a test says otherwise.
    beforeEach(() => {
      window.HotwireNative = { web: new Bridge() }
      app = new NativeAppDouble()
      errors = mock.method(console, "error", () => undefined)
      warnings = mock.method(console, "warn", () => undefined)
    })

    afterEach(async () => {
      page.children.slice().forEach((child) => child.remove())
      await settle()
      mock.restoreAll()
    })

    const connectApp = (): void => (window.HotwireNative as { web: Bridge }).web.setAdapter(app)
    const sent = (): unknown[] => app.received.map(({ component, event, data }) => ({ component, event, data }))
    const withURL = (config: unknown): unknown => ({ ...(config as object), metadata: { url: window.location.href } })
    // The app connected, the element with `config` in the page and its controller connected.
    const connectedNav = async (config: unknown): Promise<FakeElement> => {
      connectApp()
      const nav = navElement(config)
      page.append(nav)
      await settle()
      return nav
    }
    const changeConfig = async (nav: FakeElement, config: unknown): Promise<void> => {
      nav.setAttribute(ATTRIBUTE, JSON.stringify(config))
      await settle()
    }

    it("sends configure once when it connects", async () => {
      connectApp()
      page.append(navElement(TABBED))
      await settle()
      assert.deepEqual(sent(), [{ component: "navigation", event: "configure", data: withURL(TABBED) }])
    })

    it("sends configure again when the value changes, and not when it is set to the same text", async () => {
      const nav = await connectedNav(TABBED)
      await changeConfig(nav, BOOTSTRAP)
      await changeConfig(nav, BOOTSTRAP)
      assert.deepEqual(sent().map((message) => (message as { data: unknown }).data), [withURL(TABBED), withURL(BOOTSTRAP)])
    })

    it("does not send an invalid tab bar, and logs its findings with their codes", async () => {
      connectApp()
      page.append(navElement(INVALID))
      await settle()
      assert.deepEqual(sent(), [])
      assert.equal(errors.mock.calls.length, 1)
      const logged = String(errors.mock.calls[0]?.arguments[0])
      assert.match(logged, /^bridge--navigation: "configure" not sent, data-bridge--navigation-config-value is invalid:/)
      assert.match(logged, /\nerror\[TG101\] \/tabs: tabs must be empty \(bootstrap mode\) or hold at least two distinct tabs: it has 1 entry/)
      assert.match(logged, /\nerror\[TG104\] \/tabs\/0\/path: "https:\/\/evil.example\/x" is not a relative reference \(it has scheme "https"\)/)
    })

    it("sends once an invalid value is corrected", async () => {
      const nav = await connectedNav(INVALID)
      await changeConfig(nav, TABBED)
      assert.deepEqual(sent().map((message) => (message as { data: unknown }).data), [withURL(TABBED)])
    })

    it("logs malformed JSON and a missing attribute as TG001", async () => {
      connectApp()
      page.append(new FakeElement("nav", { "data-controller": "bridge--navigation", [ATTRIBUTE]: '{"active":null,' }))
      page.append(new FakeElement("nav", { "data-controller": "bridge--navigation" }))
      await settle()
      assert.deepEqual(sent(), [])
      assert.equal(errors.mock.calls.length, 2)
      for (const call of errors.mock.calls) assert.match(String(call.arguments[0]), /\nerror\[TG001\] \(root\): not well-formed JSON: /)
    })

    it("sends despite a warning, and logs it", async () => {
      connectApp()
      page.append(navElement({ active: "home", tabs: [] }))
      await settle()
      assert.equal(sent().length, 1)
      assert.equal(errors.mock.calls.length, 0)
      assert.match(String(warnings.mock.calls[0]?.arguments[0]), /\nwarning\[TG106\] \/active: active should be null when tabs is empty: it is "home", expected null/)
    })

    it("refuses an absolute path (TG104) and dispatches bridge--navigation:invalid with the findings", async () => {
      connectApp()
      const nav = navElement(INVALID)
      const events: CustomEvent[] = []
      nav.addEventListener("bridge--navigation:invalid", (event) => events.push(event as CustomEvent))
      page.append(nav)
      await settle()
      assert.deepEqual(sent(), [])
      assert.equal(events.length, 1)
      const { findings } = events[0]?.detail as { findings: { code: string; severity: string; pointer: string; message: string }[] }
      assert.deepEqual(findings.map(({ code, severity, pointer }) => `${severity}[${code}] ${pointer}`), [
        "error[TG101] /tabs",
        "error[TG104] /tabs/0/path",
      ])
      assert.equal(findings[1]?.message, '"https://evil.example/x" is not a relative reference (it has scheme "https")')
    })

    it("sends what a newer server sends (unknown root member, unknown deprecation) and warns", async () => {
      connectApp()
      const newer = {
        active: "home",
        tabs: [...TABBED.tabs, { id: "later", title: "Later", icon: "clock", path: "/later", deprecated: "someday", badge: 3 }],
        experiments: { compact: true },
      }
      page.append(navElement(newer))
      await settle()
      assert.deepEqual(sent(), [{ component: "navigation", event: "configure", data: withURL(newer) }])
      assert.equal(errors.mock.calls.length, 0)
      assert.match(String(warnings.mock.calls[0]?.arguments[0]), /\nwarning\[TG011\] \/tabs\/3\/deprecated: "someday" is not one of "soft", "hard"/)
    })

    it("sends null optional members and a missing active, as they are, and warns", async () => {
      connectApp()
      const nulls = { active: "home", tabs: TABBED.tabs.map((tab) => ({ replaces: null, ...tab })) }
      page.append(navElement(nulls))
      page.append(navElement({ tabs: [] }))
      await settle()
      assert.deepEqual(sent(), [
        { component: "navigation", event: "configure", data: withURL(nulls) },
        { component: "navigation", event: "configure", data: withURL({ tabs: [] }) },
      ])
      assert.equal(errors.mock.calls.length, 0)
      const logged = warnings.mock.calls.map((call) => String(call.arguments[0])).join("\n")
      assert.match(logged, /\nwarning\[TG010\] \/tabs\/0\/replaces: expected a string, found null/)
      assert.doesNotMatch(logged, /TG107/, "two null replaces are no duplicate")
      assert.match(logged, /\nwarning\[TG012\] \(root\): missing required property "active"/)
    })

    it("waits for the app: the bridge holds the message until the adapter arrives", async () => {
      page.append(navElement(TABBED))
      await settle()
      assert.deepEqual(sent(), [])
      connectApp()
      assert.deepEqual(sent(), [{ component: "navigation", event: "configure", data: withURL(TABBED) }])
    })

    it("sends nothing to an app that lacks the component", async () => {
      app = new NativeAppDouble(["form", "menu"])
      connectApp()
      page.append(navElement(TABBED))
      await settle()
      assert.deepEqual(app.received, [])
    })

    it("sends again after a Turbo cache restore (disconnect, connect) and on native:restore", async () => {
      const nav = await connectedNav(TABBED)
      const controller = application.getControllerForElementAndIdentifier(asElement(nav), "bridge--navigation")
      nav.remove()
      await settle()
      page.append(nav)
      await settle()
      assert.equal(application.getControllerForElementAndIdentifier(asElement(nav), "bridge--navigation"), controller)
      document.dispatchEvent(new Event("native:restore"))
      assert.equal(sent().length, 3)
    })

    it("does not change any prototype, whatever the keys of the payload", async () => {
      connectApp()
      const hostile = '{"active":"a","tabs":[{"id":"a","title":"A","icon":"a","path":"/a","__proto__":{"polluted":"yes"}},{"id":"b","title":"B","icon":"b","path":"/b","constructor":{"prototype":{"polluted":"yes"}}}]}'
      const rootKeys = '{"active":null,"tabs":[],"__proto__":{"polluted":"yes"}}'
      page.append(new FakeElement("nav", { "data-controller": "bridge--navigation", [ATTRIBUTE]: hostile }))
      page.append(new FakeElement("nav", { "data-controller": "bridge--navigation", [ATTRIBUTE]: rootKeys }))
      await settle()
      assert.equal(sent().length, 2) // TabData and the root are open: their unknown members are data
      assert.equal(errors.mock.calls.length, 0)
      assert.equal(({} as Record<string, unknown>)["polluted"], undefined)
      assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, "polluted"), false)
    })
  })
}

describe("outside a Hotwire Native app", () => {
  it("the controller is not loaded, so it neither sends nor logs", async () => {
    const NavigationController = flavours[0]?.[1].default
    assert.ok(NavigationController)
    const userAgent = navigator.userAgent
    navigator.userAgent = "Mozilla/5.0 (Macintosh) Safari/605.1.15"
    reloadUserAgent() // the bridge reads it once, when it loads: this is a page load in Safari
    const errors = mock.method(console, "error", () => undefined)
    try {
      const page = new FakeElement("main")
      document.body.append(page)
      const application = Application.start(asElement(page))
      application.register("bridge--navigation", NavigationController)
      page.append(navElement(INVALID))
      await settle()
      assert.equal(application.getControllerForElementAndIdentifier(asElement(page.children[0] as FakeElement), "bridge--navigation"), null)
      assert.equal(errors.mock.calls.length, 0)
    } finally {
      navigator.userAgent = userAgent
      reloadUserAgent()
      mock.restoreAll()
    }
  })
})
