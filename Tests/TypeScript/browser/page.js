// Runs in Chromium (see run.mjs): Stimulus connects the generated controller, the bridge
// carries its messages to an adapter standing in for the native app. window.runTests()
// (or window.runBenchmark()) is what run.mjs calls.
import { Application } from "@hotwired/stimulus"
import NavigationController from "controllers/bridge/navigation_controller"
import { ATTRIBUTE, BOOTSTRAP, TABBED } from "./fixtures/navigation.js"

// The native app: what the bridge hands it, cloned as WKWebView's postMessage clones it.
// The benchmark turns cloning off: it measures the page's work, not the app's.
const received = []
let cloning = true
window.HotwireNative.web.setAdapter({
  platform: "ios",
  supportedComponents: ["navigation"],
  supportsComponent: (component) => component === "navigation",
  receive: (message) => received.push(cloning ? structuredClone(message) : message),
})

const logged = { warn: [], error: [] }
for (const level of ["warn", "error"]) {
  const original = console[level].bind(console)
  console[level] = (...parts) => {
    logged[level].push(parts.map(String).join(" "))
    original(...parts)
  }
}
const invalid = []
document.addEventListener("bridge--navigation:invalid", (event) => invalid.push({ target: event.target, detail: event.detail }))

const application = Application.start()
application.register("bridge--navigation", NavigationController)

// Mutation records, Stimulus's connections and value callbacks: all done after two frames.
const settle = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

function navElement(config) {
  const nav = document.createElement("nav")
  nav.setAttribute("data-controller", "bridge--navigation")
  nav.setAttribute(ATTRIBUTE, typeof config === "string" ? config : JSON.stringify(config))
  return nav
}

// What the hand-written controller sends: JSON.parse of the attribute, plus the bridge's metadata.
const asSent = (config) => ({ ...config, metadata: { url: location.href } })

function equal(actual, expected, what) {
  const [a, b] = [JSON.stringify(actual), JSON.stringify(expected)]
  if (a !== b) throw new Error(`${what}:\n  actual   ${a}\n  expected ${b}`)
}

const tests = {
  async "sends configure once per connect, with the data the hand-written controller sends"() {
    const nav = navElement(TABBED)
    document.body.append(nav)
    await settle()
    equal(received.map(({ component, event }) => `${component} ${event}`), ["navigation configure"], "messages")
    equal(received[0].data, asSent(TABBED), "data")
    nav.remove()
    await settle()
    document.body.append(nav)
    await settle()
    equal(received.length, 2, "messages after a disconnect and a connect")
  },

  async "sends again when the value changes, not when it is set to the same text"() {
    const nav = navElement(TABBED)
    document.body.append(nav)
    await settle()
    nav.setAttribute(ATTRIBUTE, JSON.stringify(BOOTSTRAP))
    await settle()
    nav.setAttribute(ATTRIBUTE, JSON.stringify(BOOTSTRAP))
    await settle()
    equal(received.map(({ data }) => data), [asSent(TABBED), asSent(BOOTSTRAP)], "data sent")
  },

  async "sends what a newer server sends (unknown root member and deprecation), with a warning"() {
    const newer = { active: "home", tabs: [...TABBED.tabs, { id: "later", title: "Later", icon: "clock", path: "/later", deprecated: "someday" }], experiments: { compact: true } }
    document.body.append(navElement(newer))
    await settle()
    equal(received.map(({ data }) => data), [asSent(newer)], "data sent")
    equal(logged.error, [], "errors logged")
    if (!/warning\[TG011\] \/tabs\/3\/deprecated: "someday" is not one of "soft", "hard"/.test(logged.warn.join("\n"))) throw new Error(`no TG011 warning in ${JSON.stringify(logged.warn)}`)
  },

  async "sends null optional members, a missing active and missing tabs as they are, with warnings"() {
    const nulls = { active: "home", tabs: TABBED.tabs.map((tab) => ({ deprecated: null, replaces: null, ...tab })) }
    // No tabs: bootstrap to the reference Android client, which defaults them to an empty list.
    document.body.append(navElement(nulls), navElement({ tabs: [] }), navElement({ active: "home" }))
    await settle()
    equal(received.map(({ data }) => data), [asSent(nulls), asSent({ tabs: [] }), asSent({ active: "home" })], "data sent")
    equal(logged.error, [], "errors logged")
    if (!/warning\[TG012\] \(root\): missing required property "active"/.test(logged.warn.join("\n"))) throw new Error(`no TG012 warning in ${JSON.stringify(logged.warn)}`)
    if (!/warning\[TG012\] \(root\): missing required property "tabs"/.test(logged.warn.join("\n"))) throw new Error(`no TG012 warning for tabs in ${JSON.stringify(logged.warn)}`)
  },

  async "refuses an absolute path (TG104) and dispatches bridge--navigation:invalid with the findings"() {
    const nav = navElement({ active: "home", tabs: [{ ...TABBED.tabs[0], path: "https://evil.example/x" }, TABBED.tabs[1], TABBED.tabs[2]] })
    document.body.append(nav)
    await settle()
    equal(received, [], "messages")
    equal(invalid.length, 1, "invalid events")
    if (invalid[0].target !== nav) throw new Error("the event is not dispatched on the controller's element")
    equal(invalid[0].detail.findings, [
      { code: "TG104", severity: "error", pointer: "/tabs/0/path", message: '"https://evil.example/x" is not a relative reference (it has scheme "https")' },
    ], "findings")
    if (!/error\[TG104\] \/tabs\/0\/path/.test(logged.error.join("\n"))) throw new Error(`no TG104 error in ${JSON.stringify(logged.error)}`)
  },

  // What the reference Rails app renders for a signed-in user on GET /favorites with the
  // Explore flag off; the native clients act on it (they fall back to the first tab).
  async "sends active naming no tab (TG102, survived by the native clients), logs it and dispatches invalid with sent: true"() {
    const favorites = { active: "favorites", tabs: [
      { id: "home", title: "Home", icon: "house.fill", path: "/" },
      { id: "explore", title: "Explore", icon: "magnifyingglass", path: "/explore" },
      { id: "library", title: "Library", icon: "books.vertical", path: "/library" },
      { id: "profile", title: "Profile", icon: "person.crop.circle", path: "/profile" },
    ] }
    document.body.append(navElement(favorites))
    await settle()
    equal(received.map(({ data }) => data), [asSent(favorites)], "data sent")
    equal(invalid.map(({ detail }) => [detail.sent, detail.findings.map(({ code, pointer }) => `${code} ${pointer}`)]), [[true, ["TG102 /active"]]], "invalid events")
    if (!/error\[TG102\] \/active/.test(logged.error.join("\n"))) throw new Error(`no TG102 error in ${JSON.stringify(logged.error)}`)
  },

  async "refuses duplicate tab ids (TG103, crashesClients) even with decoding: tolerant"() {
    document.body.append(navElement({ active: "home", tabs: [TABBED.tabs[0], TABBED.tabs[1], { ...TABBED.tabs[2], id: TABBED.tabs[0].id }] }))
    await settle()
    equal(received, [], "messages")
    equal(invalid.map(({ detail }) => [detail.sent, detail.findings.map(({ code }) => code)]), [[false, ["TG103"]]], "invalid events")
  },
}

window.runTests = async () => {
  const results = []
  for (const [name, test] of Object.entries(tests)) {
    received.length = 0
    logged.warn.length = 0
    logged.error.length = 0
    invalid.length = 0
    try {
      await test()
      results.push({ name, ok: true })
    } catch (error) {
      results.push({ name, ok: false, message: String(error && error.stack || error) })
    }
    document.body.replaceChildren()
    await settle()
  }
  return results
}

// The whole handling of one value (read, parse, check, send through the bridge) against
// JSON.parse of the same text, each the median of `runs`.
window.runBenchmark = async (tabCount = 10000, runs = 15) => {
  const config = {
    active: "tab0",
    tabs: Array.from({ length: tabCount }, (_, index) => ({
      id: `tab${index}`, title: `Tab ${index}`, icon: "star.fill", path: `/tabs/${index}?section=main`,
      ...(index % 10 === 9 ? { deprecated: "soft" } : {}), ...(index % 10 === 8 ? { replaces: `tab${index + 1}` } : {}),
    })),
  }
  const text = JSON.stringify(config)
  cloning = false
  const nav = navElement(text)
  document.body.append(nav)
  await settle()
  const controller = application.getControllerForElementAndIdentifier(nav, "bridge--navigation")
  if (received.length !== 1 || logged.error.length) throw new Error(`the benchmark config was not sent: ${logged.error.join("\n")}`)
  const median = (body) => {
    const times = []
    for (let run = 0; run < runs; run++) {
      const start = performance.now()
      body()
      times.push(performance.now() - start)
    }
    return times.sort((a, b) => a - b)[Math.floor(runs / 2)]
  }
  const parse = median(() => JSON.parse(text))
  const handling = median(() => controller.configValueChanged())
  document.body.replaceChildren()
  return { tabs: tabCount, bytes: text.length, parse, handling, ratio: handling / parse, sent: received.length }
}

window.pageReady = true
