// The demo pages (Tests/TabgenCLITests/Payloads/demo-pages) in headless Chromium, the
// network blocked but for this server: each page once with the generated Stimulus bases
// of contracts/demo (JavaScript flavour, GENERATED) and once with demo_controllers.js (what
// the demo's controllers send), on the bridge and Stimulus doubles of ../doubles. Checks
// that the bases send exactly the data of the page's sent.json (what `tabgen validate
// --html` builds from the page: ElementDataTests holds ElementData to the same file) and
// exactly what the demo controllers send, and that nothing goes to console.error.
//
//   node run.mjs GENERATED [--chromium PATH] [--vendor DIR]
//
// --vendor DIR serves the real builds an importmap app vendors (@hotwired--stimulus.js,
// @hotwired--hotwire-native-bridge.js) instead of the doubles.
//
// Prints one "ok"/"not ok" line per check and "browser: N passed, M failed"; exits 1 on a failure.
import { readFileSync, readdirSync } from "node:fs"
import { createServer } from "node:http"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { isDeepStrictEqual } from "node:util"
import { launch } from "../../Browser/devtools.mjs"

const here = dirname(fileURLToPath(import.meta.url))
const args = process.argv.slice(2)
const generated = args[0]
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const chromium = option("--chromium")
const vendor = option("--vendor")
if (!generated || generated.startsWith("--")) {
  console.error("usage: node run.mjs GENERATED [--chromium PATH] [--vendor DIR]")
  process.exit(2)
}
const pagesDir = join(here, "../../TabgenCLITests/Payloads/demo-pages")
const expected = JSON.parse(readFileSync(join(pagesDir, "sent.json"), "utf8"))
const pages = readdirSync(pagesDir).filter((name) => name.endsWith(".html")).sort()

// As an importmap app pins them: the packages (the doubles) and the generated modules.
const importmap = JSON.stringify({ imports: {
  "@hotwired/stimulus": "/vendor/stimulus.js",
  "@hotwired/hotwire-native-bridge": "/vendor/hotwire-native-bridge.js",
  "controllers/bridge/": "/generated/",
  "controllers/": "/generated/",
} })
const server = createServer((request, response) => {
  const url = new URL(request.url, "http://localhost")
  const send = (type, body) => response.writeHead(200, { "content-type": type }).end(body)
  try {
    if (url.pathname.startsWith("/pages/")) {
      const page = readFileSync(join(pagesDir, url.pathname.slice("/pages/".length)), "utf8")
      const scripts = `<script type="importmap">${importmap}</script><script type="module" src="/demo/driver.js?mode=${url.searchParams.get("mode")}"></script>`
      return send("text/html", page.replace("</title>", `</title>${scripts}`))
    }
    if (url.pathname === "/vendor/stimulus.js") {
      return send("text/javascript", readFileSync(vendor ? join(vendor, "@hotwired--stimulus.js") : join(here, "../doubles/@hotwired/stimulus/index.js")))
    }
    if (url.pathname === "/vendor/hotwire-native-bridge.js") {
      return send("text/javascript", readFileSync(vendor ? join(vendor, "@hotwired--hotwire-native-bridge.js") : join(here, "../doubles/@hotwired/hotwire-native-bridge/index.js")))
    }
    if (url.pathname.startsWith("/generated/")) return send("text/javascript", readFileSync(join(generated, `${url.pathname.slice("/generated/".length)}.js`)))
    if (url.pathname.startsWith("/demo/")) return send("text/javascript", readFileSync(join(here, url.pathname.slice("/demo/".length))))
  } catch {
    // a missing file: 404 below
  }
  response.writeHead(404).end()
})
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
const origin = `http://127.0.0.1:${server.address().port}`

// Nothing from the network: every name and connection is refused, but for this server.
const browser = launch({ chromium, blockNetwork: true, flags: [
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--proxy-bypass-list=127.0.0.1",
  "--user-agent=Hotwire Native iOS; Turbo Native iOS; bridge-components: [form menu overflow-menu button]",
] })
const { send, evaluate } = browser
let passed = 0
let failed = 0
function check(name, ok, detail) {
  console.log(`${ok ? "ok" : "not ok"} - demo-pages: ${name}${ok ? "" : `\n  ${detail}`}`)
  if (ok) passed++
  else failed++
}

async function run(page, mode) {
  const { targetId } = await send("Target.createTarget", { url: "about:blank" })
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true })
  await send("Page.navigate", { url: `${origin}/pages/${page}?mode=${mode}` }, sessionId)
  const deadline = Date.now() + 20_000
  let result
  while (!(result = await evaluate(sessionId, "window.result")) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  await send("Target.closeTarget", { targetId })
  return result ?? { received: [], errors: [`${page} (${mode}): no result within 20 s`] }
}

const timer = setTimeout(() => {
  console.error(`demo-pages: timed out\n${browser.stderr().slice(-2000)}`)
  process.exit(1)
}, 180_000)
try {
  for (const page of pages) {
    const bases = await run(page, "generated")
    const demo = await run(page, "demo")
    const url = (mode) => `${origin}/pages/${page}?mode=${mode}`
    // The bridge adds metadata.url to every message; the rest is the page's data.
    const strip = (messages, mode) => messages.map(({ component, event, data }) => {
      const { metadata, ...own } = data
      return { component, event, data: own, url: metadata?.url === url(mode) }
    })
    const want = (expected[page] ?? []).map((message) => ({ ...message, url: true }))
    check(`${page}: the generated bases send the data validate --html builds (sent.json)`,
      isDeepStrictEqual(strip(bases.received, "generated"), want), `got ${JSON.stringify(strip(bases.received, "generated"))}\n  want ${JSON.stringify(want)}`)
    check(`${page}: the demo controllers send the same`,
      isDeepStrictEqual(strip(demo.received, "demo"), want), `got ${JSON.stringify(strip(demo.received, "demo"))}\n  want ${JSON.stringify(want)}`)
    check(`${page}: nothing on console.error`, bases.errors.length === 0 && demo.errors.length === 0, JSON.stringify([...bases.errors, ...demo.errors]))
  }
} catch (error) {
  check("the browser run", false, `${error.stack}\n${browser.stderr().slice(-2000)}`)
} finally {
  clearTimeout(timer)
  browser.close()
  server.close()
}
console.log(`browser: ${passed} passed, ${failed} failed`)
process.exitCode = failed > 0 ? 1 : 0
