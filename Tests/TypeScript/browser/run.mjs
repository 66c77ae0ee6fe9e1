// Loads page.html in headless Chromium and runs its tests (or its benchmark), with Node
// 20's built-ins only: an HTTP server for the page and its modules, and the shared DevTools
// client (Tests/Browser/devtools.mjs).
//
//   node run.mjs CONTROLLER [--runtime FILE] [--vendor DIR] [--chromium PATH] [--bench] [--bases TS_DIR JS_DIR]
//
// CONTROLLER is the generated navigation_controller.js, which imports the generated
// tabgen_runtime.js (--runtime; default: the one beside CONTROLLER). With --bases, bases.html then runs
// the generated Stimulus bases of menu and form (bridgeComponent: true): TS_DIR holds the
// TypeScript flavour compiled by tsc, JS_DIR the JavaScript flavour as generated (menu.js,
// menu_bridge_component.js, form.js, form_bridge_component.js, tabgen_runtime.js in each). The packages are the doubles of
// ../doubles unless --vendor names a directory holding the real builds, as importmap
// apps vendor them (@hotwired--stimulus.js, @hotwired--hotwire-native-bridge.js).
// Prints one "ok"/"not ok" line per test and "browser: N passed, M failed"; exits 1 on a failure.
import { readFileSync } from "node:fs"
import { createServer } from "node:http"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { launch } from "../../Browser/devtools.mjs"
import { gzipSync } from "node:zlib"

const here = dirname(fileURLToPath(import.meta.url))
const args = process.argv.slice(2)
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const bases = args.includes("--bases") ? args.slice(args.indexOf("--bases") + 1, args.indexOf("--bases") + 3) : undefined
const controller = args.find((arg, index) => !arg.startsWith("--") && !["--runtime", "--vendor", "--chromium", "--bases"].includes(args[index - 1]) && args[index - 2] !== "--bases")
if (!controller || (bases && (bases.length !== 2 || bases.some((dir) => dir.startsWith("--"))))) {
  console.error("usage: node run.mjs CONTROLLER [--runtime FILE] [--vendor DIR] [--chromium PATH] [--bench] [--bases TS_DIR JS_DIR]")
  process.exit(2)
}
const vendor = option("--vendor")
const files = {
  "/": join(here, "page.html"),
  "/page.js": join(here, "page.js"),
  "/fixtures/navigation.js": join(here, "../fixtures/navigation.js"),
  "/controllers/bridge/navigation_controller.js": controller,
  "/controllers/bridge/tabgen_runtime.js": option("--runtime") ?? join(dirname(controller), "tabgen_runtime.js"),
  "/vendor/stimulus.js": vendor ? join(vendor, "@hotwired--stimulus.js") : join(here, "../doubles/@hotwired/stimulus/index.js"),
  "/vendor/hotwire-native-bridge.js": vendor ? join(vendor, "@hotwired--hotwire-native-bridge.js") : join(here, "../doubles/@hotwired/hotwire-native-bridge/index.js"),
}
if (bases) {
  files["/bases.html"] = join(here, "bases.html")
  files["/bases.js"] = join(here, "bases.js")
  for (const [flavour, dir] of [["typescript", bases[0]], ["javascript", bases[1]]]) {
    for (const name of ["menu", "menu_bridge_component", "form", "form_bridge_component", "tabgen_runtime"]) files[`/bases/${flavour}/${name}.js`] = join(dir, `${name}.js`)
  }
}

const server = createServer((request, response) => {
  const file = files[new URL(request.url, "http://localhost").pathname]
  if (!file) return response.writeHead(404).end()
  response.writeHead(200, { "content-type": file.endsWith(".html") ? "text/html" : "text/javascript" }).end(readFileSync(file))
})
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
const url = `http://127.0.0.1:${server.address().port}/`

// The bridge loads the controller only in an app that lists the component in its user agent.
const browser = launch({ chromium: option("--chromium"), flags: ["--user-agent=Hotwire Native iOS; Turbo Native iOS; bridge-components: [navigation]"] })
const { send, evaluate } = browser

let failed = 0
const timer = setTimeout(() => {
  console.error(`browser: timed out\n${browser.stderr().slice(-2000)}`)
  process.exit(1)
}, 120_000)
try {
  const { targetId } = await send("Target.createTarget", { url })
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true })
  while (!(await evaluate(sessionId, "window.pageReady === true"))) await new Promise((resolve) => setTimeout(resolve, 50))
  if (args.includes("--bench")) {
    const result = await evaluate(sessionId, "runBenchmark()")
    const ms = (value) => `${value.toFixed(1)} ms`
    console.log(`${result.tabs} tabs, ${(result.bytes / 1024).toFixed(0)} KiB of JSON; median of 15 runs in ${await evaluate(sessionId, "navigator.userAgentData ? navigator.userAgentData.brands.map(b => b.brand + ' ' + b.version).join(', ') : 'Chromium'")}`)
    console.log(`JSON.parse          ${ms(result.parse)}`)
    console.log(`controller handling ${ms(result.handling)}  (read, parse, check, send)`)
    console.log(`ratio               ${result.ratio.toFixed(1)}x`)
    // What a page with the attribute downloads (unminified; gzip level 9 as a server may send it).
    const sizes = ["/controllers/bridge/navigation_controller.js", "/controllers/bridge/tabgen_runtime.js"].map((path) => {
      const text = readFileSync(files[path])
      return { name: path.split("/").pop(), bytes: text.length, gzip: gzipSync(text, { level: 9 }).length }
    })
    for (const { name, bytes, gzip } of sizes) console.log(`${name.padEnd(25)} ${bytes} bytes, ${gzip} gzipped`)
    console.log(`${"loaded by the page".padEnd(25)} ${sizes.reduce((sum, size) => sum + size.bytes, 0)} bytes, ${sizes.reduce((sum, size) => sum + size.gzip, 0)} gzipped`)
  } else {
    const results = await evaluate(sessionId, "runTests()")
    if (bases) {
      // A page of its own, in an app whose user agent lists the two components.
      const page = await send("Target.createTarget", { url: "about:blank" })
      const session = (await send("Target.attachToTarget", { targetId: page.targetId, flatten: true })).sessionId
      await send("Emulation.setUserAgentOverride", { userAgent: "Hotwire Native iOS; Turbo Native iOS; bridge-components: [menu form]" }, session)
      await send("Page.navigate", { url: `${url}bases.html` }, session)
      while (!(await evaluate(session, "window.pageReady === true"))) await new Promise((resolve) => setTimeout(resolve, 50))
      results.push(...(await evaluate(session, "runTests()")))
    }
    for (const { name, ok, message } of results) {
      console.log(`${ok ? "ok" : "not ok"} - browser: ${name}${ok ? "" : `\n${message}`}`)
      if (!ok) failed++
    }
    console.log(`browser: ${results.length - failed} passed, ${failed} failed`)
  }
} catch (error) {
  console.error(`browser: ${error.stack}\n${browser.stderr().slice(-2000)}`)
  failed++
} finally {
  clearTimeout(timer)
  browser.close()
  server.close()
}
process.exitCode = failed > 0 ? 1 : 0
