// The page of `tabgen report` in headless Chromium (network blocked), against counts the
// harness computes itself from the records. Node 20 built-ins; Chromium driven by the
// shared DevTools client (Tests/Browser/devtools.mjs).
//
//   node run.mjs TABGEN [--chromium PATH] [--screenshot PNG] [--logs DIR]
//
// Inputs: (1) with --logs, the records of `tabgen validate --jsonl --payload /payload --carry
// /app,/platform,/at --format json --records lines` over the logs there (Tests/Spark/make_logs.py
// writes them: four days, so bars per day); (2) generated findings over 30 hours (bars per
// hour) with more codes and app versions than the charts draw (the rest as "other"), texts
// that are markup and script, and records without a time. For each: every bar is drawn (a
// non-empty box, its height proportional to its count), the counts of the bars and of the
// table equal the harness's, nothing from the input runs, and the page makes no request.
// The chart of input (1) (else (2)) is saved as a screenshot, whose path is printed.
// Prints one "ok"/"not ok" line per check and "report-browser: N passed, M failed".
import { execFileSync } from "node:child_process"
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { harness, launch, open } from "../Browser/devtools.mjs"

const args = process.argv.slice(2)
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const tabgen = args.find((arg, index) => !arg.startsWith("--") && !["--chromium", "--screenshot", "--logs"].includes(args[index - 1]))
if (!tabgen) {
  console.error("usage: node run.mjs TABGEN [--chromium PATH] [--screenshot PNG] [--logs DIR]")
  process.exit(2)
}
const scratch = mkdtempSync(join(tmpdir(), "report-browser-"))
const screenshot = option("--screenshot") ?? join(tmpdir(), "tabgen-report-chart.png")

// MARK: inputs

function validatedLogs(dir) {
  const files = readdirSync(dir).filter((name) => name.endsWith(".jsonl")).sort().map((name) => join(dir, name))
  const text = execFileSync(tabgen, ["validate", "--jsonl", "--payload", "/payload", "--carry", "/app,/platform,/at", "--format", "json",
    "--records", "lines", "--exit-status", "failures", "--max-bytes", "4096", "-q", ...files], { encoding: "utf8", maxBuffer: 1 << 30 })
  return { name: "validate --records lines over the generated logs", text, unit: "day" }
}

/** Findings records (one per finding) over 30 hours from 2026-11-27T18:00, seeded. */
function generated() {
  let state = 20261129
  const random = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32)
  const pick = (items) => items[Math.floor(random() * items.length)]
  const codes = ["TG001", "TG002", "TG006", "TG101", "TG102", "TG103", "TG104", "TG105", "TG106", "TG107", "TG108", "<b>TG999</b>"]
  const apps = ["2.3.1", "2.4.0", "2.5.0", "2.5.1", "2.6.0-beta", "3.0.0", "3.0.1", "3.1.0", "3.2.0", "<img src=x onerror=window.injected=1>"]
  const lines = []
  for (let line = 1; line <= 600; line++) {
    const hour = Math.floor(random() * 30)
    const moment = new Date(Date.UTC(2026, 10, 27, 18 + hour, Math.floor(random() * 60))).toISOString()
    const carry = { "/app": pick(apps), "/platform": pick(["ios", "android", "</table><script>window.injected=1</script>"]) }
    if (line % 97 !== 0) carry["/at"] = moment
    for (let n = 1 + Math.floor(random() * 4); n > 0; n--) {
      lines.push(JSON.stringify({ file: "logs/\"fleet\"&<b>.jsonl", line, column: 1 + Math.floor(random() * 200), severity: pick(["error", "error", "warning", "note"]),
        code: pick(codes), pointer: "/tabs/0/title", message: "title \"<script>window.injected=1</script>\" \u0007", carry }))
    }
  }
  return { name: "generated findings over 30 hours", text: lines.join("\n") + "\n", unit: "hour" }
}

/** What the charts must draw, computed from the records: series -> bucket -> count, for
 * errors and warnings with a time, by code and by app version. */
function expectedCounts(text, unit) {
  const findings = []
  for (const line of text.split("\n")) {
    if (!line.trim()) continue
    const record = JSON.parse(line)
    const carry = typeof record.carry === "string" ? JSON.parse(record.carry) : record.carry ?? {}
    for (const finding of record.findings ?? [record]) findings.push({ ...finding, carry })
  }
  const counts = { code: {}, app: {} }
  for (const finding of findings) {
    const at = finding.carry["/at"]
    if (finding.severity === "note" || typeof at !== "string" || !/^\d{4}-\d\d-\d\d/.test(at)) continue
    const bucket = unit === "hour" ? `${at.slice(0, 10)} ${at.slice(11, 13)}:00` : at.slice(0, 10)
    const app = typeof finding.carry["/app"] === "string" ? finding.carry["/app"] : "(none)"
    for (const [by, series] of [["code", finding.code ?? "(no code)"], ["app", app]]) {
      counts[by][series] ??= {}
      counts[by][series][bucket] = (counts[by][series][bucket] ?? 0) + 1
    }
  }
  return counts
}

// MARK: checks

const browser = launch({ chromium: option("--chromium"), flags: ["--window-size=1100,900"], blockNetwork: true })
const { send, evaluate } = browser
const { check, run } = harness("report-browser", browser)

const readCharts = `[...document.querySelectorAll("svg.chart")].map((svg) => ({
  by: svg.dataset.by, unit: svg.dataset.unit,
  bars: [...svg.querySelectorAll("rect.bar")].map((rect) => {
    const box = rect.getBoundingClientRect()
    return { series: rect.dataset.series, bucket: rect.dataset.bucket, count: Number(rect.dataset.count), width: box.width, height: box.height }
  }),
  table: (() => {
    const table = svg.closest("section").querySelector("details.counts table")
    const heads = [...table.querySelectorAll("thead th")].slice(1).map((th) => th.textContent)
    return [...table.querySelectorAll("tbody tr")].flatMap((tr) => {
      const bucket = tr.querySelector("th").textContent
      return [...tr.querySelectorAll("td")].map((td, i) => ({ series: heads[i], bucket, count: Number(td.textContent) })).filter((cell) => cell.count > 0)
    })
  })(),
}))`

async function checkInput(input, takeScreenshot) {
  const page = join(scratch, "report.html")
  const records = join(scratch, "records.jsonl")
  writeFileSync(records, input.text)
  execFileSync(tabgen, ["report", "-q", records, "--out", page])
  const url = pathToFileURL(page).href
  const { sessionId, targetId, requests } = await open(browser, url)
  const charts = await evaluate(sessionId, readCharts)
  const expected = expectedCounts(input.text, input.unit)
  check(`${input.name}: two charts, by code and by app version, per ${input.unit}`,
    charts.length === 2 && charts[0].by === "code" && charts[1].by === "app" && charts.every((chart) => chart.unit === input.unit),
    JSON.stringify(charts.map(({ by, unit }) => ({ by, unit }))))
  for (const chart of charts) {
    const want = expected[chart.by] ?? {}
    // The drawn series are the largest; the rest are summed as "other (N more)".
    const drawn = new Set(chart.bars.map((bar) => bar.series).filter((series) => !series.startsWith("other (")))
    const wantCells = {}
    for (const [series, buckets] of Object.entries(want)) {
      const name = drawn.has(series) ? series : `other (${Object.keys(want).length - drawn.size} more)`
      for (const [bucket, count] of Object.entries(buckets)) wantCells[`${name}\u0000${bucket}`] = (wantCells[`${name}\u0000${bucket}`] ?? 0) + count
    }
    const cells = (list) => Object.fromEntries(list.map((cell) => [`${cell.series}\u0000${cell.bucket}`, cell.count]))
    const sorted = (object) => JSON.stringify(Object.entries(object).sort())
    const total = Object.values(wantCells).reduce((a, b) => a + b, 0)
    check(`${input.name}, by ${chart.by}: the ${chart.bars.length} bars count the ${total} findings the records hold`,
      total > 0 && sorted(cells(chart.bars)) === sorted(wantCells), `bars ${sorted(cells(chart.bars)).slice(0, 400)}\n  want ${sorted(wantCells).slice(0, 400)}`)
    check(`${input.name}, by ${chart.by}: the table holds the same counts`, sorted(cells(chart.table)) === sorted(wantCells), sorted(cells(chart.table)).slice(0, 400))
    const scale = chart.bars.map((bar) => bar.height / bar.count)
    const ratio = Math.max(...scale) / Math.min(...scale)
    check(`${input.name}, by ${chart.by}: every bar is drawn, its height proportional to its count`,
      chart.bars.every((bar) => bar.width > 0 && bar.height > 0) && ratio < 1.01,
      `empty boxes ${chart.bars.filter((bar) => !(bar.width > 0 && bar.height > 0)).length}, height per finding from ${Math.min(...scale)} to ${Math.max(...scale)}`)
  }
  check(`${input.name}: text from the input renders as text, no script of theirs runs`,
    (await evaluate(sessionId, "window.injected === undefined && document.scripts.length === 1")) === true, "window.injected is set or a script was added")
  const loaded = await evaluate(sessionId, `performance.getEntriesByType("resource").length + document.querySelectorAll("[src], link[href], object, embed, iframe").length`)
  const external = requests.filter((request) => request !== url)
  check(`${input.name}: the page makes no request`, external.length === 0 && loaded === 0, `requests ${JSON.stringify(external.slice(0, 5))}, ${loaded} resources`)
  if (takeScreenshot) {
    const box = await evaluate(sessionId, `(() => { const r = document.querySelector("#by-code figure").getBoundingClientRect(); return { x: r.x, y: r.y + scrollY, width: r.width, height: r.height } })()`)
    const { data } = await send("Page.captureScreenshot", { format: "png", captureBeyondViewport: true,
      clip: { x: Math.max(0, box.x - 4), y: Math.max(0, box.y - 40), width: box.width + 8, height: box.height + 44, scale: 1 } }, sessionId)
    const png = Buffer.from(data, "base64")
    const width = png.readUInt32BE(16), height = png.readUInt32BE(20)
    writeFileSync(screenshot, png)
    check(`${input.name}: screenshot of the chart (${width}×${height}) at ${screenshot}`, png.subarray(1, 4).toString() === "PNG" && width > 300 && height > 150, `${png.length} bytes`)
    const pdf = Buffer.from((await send("Page.printToPDF", { printBackground: true }, sessionId)).data, "base64")
    check(`${input.name}: prints to PDF`, pdf.subarray(0, 4).toString() === "%PDF", `${pdf.length} bytes`)
  }
  await send("Target.closeTarget", { targetId })
}

await run(300_000, async () => {
  const inputs = [...(option("--logs") ? [validatedLogs(option("--logs"))] : []), generated()]
  for (const [index, input] of inputs.entries()) await checkInput(input, index === 0)
}, () => rmSync(scratch, { recursive: true, force: true }))
