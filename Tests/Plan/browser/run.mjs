// The storyboard page of `tabgen plan --format html` in headless Chromium, checked against
// `tabgen plan --format json` on the same input. Node 20 built-ins only; Chromium is driven
// by the shared DevTools client (Tests/Browser/devtools.mjs).
//
//   node run.mjs TABGEN [--chromium PATH] [--screenshot PNG] [--steps N] [--seed S]
//
// Inputs: every sequence of cases.json (one per reconciliation case, a sunset, a title that
// is markup, the crashes of P103 and P105 on a schema without TG107 and TG108, one where
// iOS and Android differ) and a random sequence of N payloads (default 1,000) with taps
// and restarts. For each, the page is opened from a file:// URL with the network blocked,
// and for every step the test reads the rendered DOM: the visible tabs of each platform's
// bar, their order, titles and the selected tab, and the warnings (code, message, explain
// text), which must equal the JSON. It also checks the page makes no request (DevTools
// Network events, the Resource Timing entries, no src/href to load). On the case where the
// platforms differ it checks both bars are drawn (a non-empty box for every tab the JSON
// says is visible), takes a screenshot (--screenshot writes it) and prints the page to PDF.
// Prints one "ok"/"not ok" line per check and "plan-browser: N passed, M failed".
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { harness, launch, open as openURL } from "../../Browser/devtools.mjs"

const here = dirname(fileURLToPath(import.meta.url))
const args = process.argv.slice(2)
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const tabgen = args.find((arg, index) => !arg.startsWith("--") && !["--chromium", "--screenshot", "--steps", "--seed"].includes(args[index - 1]))
if (!tabgen) {
  console.error("usage: node run.mjs TABGEN [--chromium PATH] [--screenshot PNG] [--steps N] [--seed S]")
  process.exit(2)
}
const stepCount = Number(option("--steps") ?? 1000)
const seed = Number(option("--seed") ?? 20261129)
const scratch = mkdtempSync(join(tmpdir(), "plan-browser-"))

// MARK: inputs

const { cases } = JSON.parse(readFileSync(join(here, "cases.json"), "utf8"))

/** A seeded random sequence valid against the built-in schema: 2 to 6 of 7 tabs, some
 * deprecated (at least two not, TG108) with at most one replacement each (TG105, TG107),
 * bootstrap messages, titles that change, taps on tabs that are always shown, restarts. */
function randomSequence(count, seed) {
  let state = seed >>> 0
  const random = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32)
  const pick = (items) => items[Math.floor(random() * items.length)]
  const pool = [
    ["home", "Home", "house.fill"], ["explore", "Explore", "magnifyingglass"], ["library", "Library", "books.vertical"],
    ["profile", "Profile", "person.crop.circle"], ["favorites", "Favorites", "heart.fill"], ["inbox", "Inbox", "tray"],
    ["saved", "Saved", "bookmark"],
  ]
  const payloads = [], select = [], restart = []
  for (let step = 1; step <= count; step++) {
    if (random() < 0.08) {
      payloads.push({ active: null, tabs: [] })
    } else {
      const ids = [...pool].sort(() => random() - 0.5).slice(0, 2 + Math.floor(random() * 5))
      const tabs = ids.map(([id, title, icon]) => ({ id, title: random() < 0.1 ? `${title} (${Math.floor(random() * 9)})` : title, icon, path: `/${id}` }))
      if (tabs.length >= 3 && random() < 0.4) {
        const deprecated = pick(tabs)
        deprecated.deprecated = random() < 0.5 ? "soft" : "hard"
        if (random() < 0.6) pick(tabs.filter((tab) => tab !== deprecated)).replaces = deprecated.id
      }
      payloads.push({ active: pick(tabs).id, tabs })
      // A tab neither deprecated nor a replacement is in the bar after a tabbed message.
      const always = tabs.filter((tab) => !tab.deprecated && !tab.replaces)
      for (let taps = 0; taps < 2 && always.length > 0 && random() < 0.35; taps++) select.push(`${pick(always).id}@${step}`)
    }
    if (random() < 0.03) restart.push(String(step))
  }
  return { name: `random sequence of ${count} payloads (seed ${seed})`, payloads, select, restart }
}

function plan(sequence, format) {
  const file = join(scratch, "steps.jsonl")
  writeFileSync(file, sequence.payloads.map((payload) => JSON.stringify(payload)).join("\n") + "\n")
  if (sequence.schema) writeFileSync(join(scratch, "schema.json"), JSON.stringify(sequence.schema))
  const argv = ["plan", "-q", "--format", format, "--jsonl", "steps.jsonl", ...(sequence.schema ? ["--schema", "schema.json"] : []), ...sequence.select.flatMap((tap) => ["--select", tap]),
    ...sequence.restart.flatMap((step) => ["--restart-at", String(step)])]
  return execFileSync(tabgen, argv, { cwd: scratch, encoding: "utf8", maxBuffer: 1 << 30 })
}

// MARK: Chromium

// The network is blocked: no DNS, and a proxy that refuses every connection.
const browser = launch({ chromium: option("--chromium"), flags: ["--window-size=1100,900"], blockNetwork: true })
const { send, evaluate } = browser

/** Opens `file` in a new tab; returns the session and the URLs it requested. */
async function open(file) {
  const url = pathToFileURL(file).href
  return { ...(await openURL(browser, url)), url }
}

/** What the page shows, step by step, read from the rendered DOM. */
const readPage = `(() => {
  const bar = (section, platform) => {
    const list = section.querySelector('ul.tabbar[data-platform="' + platform + '"]')
    return {
      crashed: section.querySelector('.crash[data-platform="' + platform + '"]') !== null,
      label: list ? list.getAttribute("aria-label") : null,
      tabs: list ? [...list.querySelectorAll("li.tab")].map((li) => ({
        id: li.dataset.id, title: li.querySelector(".title").textContent, selected: li.getAttribute("aria-current") === "true",
      })) : [],
    }
  }
  return [...document.querySelectorAll("section.step")].map((section) => ({
    entry: Number(section.dataset.entry),
    ios: bar(section, "ios"), android: bar(section, "android"),
    warnings: [...section.querySelectorAll("details.warning")].map((details) => ({
      code: details.dataset.code, message: details.querySelector("summary .message").textContent,
      explained: details.querySelector(".explain h4")?.textContent.startsWith(details.dataset.code) === true
        && details.querySelectorAll(".explain p:not(.command)").length > 0,
    })),
  }))
})()`

const resourcesLoaded = `performance.getEntriesByType("resource").length + document.querySelectorAll("[src], link[href], object, embed, iframe").length`

const { check, run } = harness("plan-browser", browser)
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b)

async function checkSequence(sequence, { differ = false } = {}) {
  const json = JSON.parse(plan(sequence, "json"))
  const page = join(scratch, "plan.html")
  writeFileSync(page, plan(sequence, "html"))
  if (sequence.case) {
    const configures = json.steps.filter((step) => step.kind === "configure")
    const at = configures[(sequence.caseAt ?? configures.length) - 1]
    check(`${sequence.name}: plan reports case ${sequence.case}`, at?.case?.number === sequence.case, `got ${JSON.stringify(at?.case)}`)
  }
  if (sequence.warnings) {
    const codes = json.steps.flatMap((step) => step.warnings.map((warning) => warning.code))
    check(`${sequence.name}: plan warns ${sequence.warnings.join(", ")}`, same(codes, sequence.warnings), `got ${JSON.stringify(codes)}`)
  }
  const { sessionId, targetId, url, requests } = await open(page)
  const shown = await evaluate(sessionId, readPage)
  const mismatches = []
  if (shown.length !== json.steps.length) mismatches.push(`${shown.length} sections for ${json.steps.length} steps`)
  json.steps.forEach((step, index) => {
    const section = shown[index]
    if (!section || section.entry !== index) return mismatches.push(`step ${index}: no section`)
    const expected = step.tabBar.map((tab) => ({ id: tab.id, title: tab.title, selected: tab.selected }))
    const codes = step.warnings.map((warning) => warning.code)
    const iosCrashes = codes.includes("P103")
    for (const platform of ["ios", "android"]) {
      const bar = section[platform]
      const want = platform === "ios" && iosCrashes ? [] : expected
      if (!same(bar.tabs, want)) mismatches.push(`entry ${index} ${platform}: ${JSON.stringify(bar.tabs)} != ${JSON.stringify(want)}`)
      if (want.length > 0 && bar.tabs.filter((tab) => tab.selected).length !== 1) mismatches.push(`entry ${index} ${platform}: not one selected tab`)
      if (want.length > 0 && !bar.label) mismatches.push(`entry ${index} ${platform}: the bar has no label`)
      const crash = codes.includes("P105") || (platform === "ios" && iosCrashes)
      if (bar.crashed !== crash) mismatches.push(`entry ${index} ${platform}: crash shown ${bar.crashed}, expected ${crash}`)
    }
    const warnings = section.warnings.map(({ code, message }) => ({ code, message }))
    const want = step.warnings.map(({ code, message }) => ({ code, message }))
    if (!same(warnings, want)) mismatches.push(`entry ${index} warnings: ${JSON.stringify(warnings)} != ${JSON.stringify(want)}`)
    if (!section.warnings.every((warning) => warning.explained)) mismatches.push(`entry ${index}: a warning without its explain text`)
  })
  check(`${sequence.name}: ${json.steps.length} steps, tabs, order, titles, selection and warnings equal the JSON on both platforms`,
    mismatches.length === 0, mismatches.slice(0, 5).join("\n  "))
  check(`${sequence.name}: text from the payloads renders as text, no script of theirs runs`,
    (await evaluate(sessionId, "window.injected === undefined")) === true, "window.injected is set")
  const loaded = await evaluate(sessionId, resourcesLoaded)
  const external = requests.filter((request) => request !== url)
  check(`${sequence.name}: the page makes no request`, external.length === 0 && loaded === 0,
    `requests ${JSON.stringify(external.slice(0, 5))}, ${loaded} resources or elements that load`)

  if (differ) {
    const index = json.steps.findIndex((step, i) => i > 0 && step.tabBar.length > 5)
    const boxes = await evaluate(sessionId, `(() => {
      const section = document.querySelector('section.step[data-entry="${index}"]')
      section.scrollIntoView()
      const box = (element) => { const r = element.getBoundingClientRect(); return { x: r.x, y: r.y + scrollY, width: r.width, height: r.height } }
      return {
        differences: section.querySelectorAll(".differences li").length,
        section: box(section),
        ios: [...section.querySelectorAll('ul.tabbar[data-platform="ios"] li.tab')].map(box),
        android: [...section.querySelectorAll('ul.tabbar[data-platform="android"] li.tab')].map(box),
      }
    })()`)
    const visible = json.steps[index].tabBar.length
    const drawn = (list) => list.length === visible && list.every((box) => box.width > 4 && box.height > 4)
    check(`${sequence.name}: the difference is called out`, boxes.differences >= 2, `${boxes.differences} differences listed`)
    check(`${sequence.name}: both bars drawn, a box for each of the ${visible} visible tabs`, drawn(boxes.ios) && drawn(boxes.android),
      `iOS ${JSON.stringify(boxes.ios)}, Android ${JSON.stringify(boxes.android)}`)
    const { data } = await send("Page.captureScreenshot", { format: "png", captureBeyondViewport: true,
      clip: { ...boxes.section, x: Math.max(0, boxes.section.x - 8), width: boxes.section.width + 16, scale: 1 } }, sessionId)
    const png = Buffer.from(data, "base64")
    const width = png.readUInt32BE(16), height = png.readUInt32BE(20)
    check(`${sequence.name}: screenshot of the step (${width}×${height})`, png.subarray(1, 4).toString() === "PNG" && width > 300 && height > 100, `${png.length} bytes`)
    if (option("--screenshot")) writeFileSync(option("--screenshot"), png)
    const pdf = Buffer.from((await send("Page.printToPDF", { printBackground: true }, sessionId)).data, "base64")
    const opened = await evaluate(sessionId, `[...document.querySelectorAll("details")].every((d) => d.open)`)
    check(`${sequence.name}: prints to PDF with every collapsed part opened`, pdf.subarray(0, 4).toString() === "%PDF" && opened, `${pdf.length} bytes, details opened: ${opened}`)
  }
  await send("Target.closeTarget", { targetId })
}

await run(600_000, async () => {
  for (const sequence of cases) await checkSequence(sequence, { differ: sequence.differ === true })
  await checkSequence(randomSequence(stepCount, seed))
}, () => rmSync(scratch, { recursive: true, force: true }))
