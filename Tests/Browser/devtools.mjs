// The one DevTools client of the browser harnesses (Tests/Plan, Tests/TypeScript,
// Tests/Report): headless Chromium driven over --remote-debugging-pipe (file descriptors 3
// and 4, each message ending in NUL), with Node 20's built-ins only.
//
//   const browser = launch({ chromium, flags, blockNetwork })
//   await browser.send(method, params, sessionId); await browser.evaluate(sessionId, expression)
//   browser.listen((event) => ...); browser.stderr(); browser.close()
//   const { check, run } = harness(name, browser); check(what, ok, detail); await run(ms, body, cleanup)
import { spawn } from "node:child_process"

/** Starts Chromium. `flags` are added to the command line; `blockNetwork` resolves no name
 * and sends every connection to a proxy that refuses it (a page loaded from a file:// URL
 * can then load nothing). */
export function launch({ chromium = "chromium", flags = [], blockNetwork = false } = {}) {
  const network = blockNetwork ? ["--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9"] : []
  const browser = spawn(chromium, [
    "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--no-first-run",
    ...network, ...flags, "about:blank",
  ], { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] })
  let stderr = ""
  browser.stderr.on("data", (chunk) => (stderr += chunk))
  let nextId = 0
  const pending = new Map()
  const listeners = []
  let buffer = ""
  browser.stdio[4].on("data", (chunk) => {
    buffer += chunk
    for (let end = buffer.indexOf("\0"); end >= 0; end = buffer.indexOf("\0")) {
      const message = JSON.parse(buffer.slice(0, end))
      buffer = buffer.slice(end + 1)
      if (message.method) { for (const listener of listeners) listener(message); continue }
      const waiter = pending.get(message.id)
      if (!waiter) continue
      pending.delete(message.id)
      if (message.error) waiter.reject(new Error(`${message.error.message} ${message.error.data ?? ""}`))
      else waiter.resolve(message.result)
    }
  })
  const send = (method, params = {}, sessionId) => new Promise((resolve, reject) => {
    const id = ++nextId
    pending.set(id, { resolve, reject })
    browser.stdio[3].write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + "\0")
  })
  /** The value of `expression` in the page (awaited when it is a promise). */
  const evaluate = async (sessionId, expression) => {
    const { result, exceptionDetails } = await send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true }, sessionId)
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text)
    return result.value
  }
  return {
    send,
    evaluate,
    /** Calls `listener` with every event (a message with a method). */
    listen: (listener) => listeners.push(listener),
    stderr: () => stderr,
    close: () => browser.kill(),
  }
}

/** Opens `url` in a new tab and waits for it to load; returns the session, the target and
 * every URL the tab requested (DevTools Network events). */
export async function open(browser, url) {
  const { targetId } = await browser.send("Target.createTarget", { url: "about:blank" })
  const { sessionId } = await browser.send("Target.attachToTarget", { targetId, flatten: true })
  const requests = []
  browser.listen((message) => {
    if (message.sessionId === sessionId && message.method === "Network.requestWillBeSent") requests.push(message.params.request.url)
  })
  await browser.send("Network.enable", {}, sessionId)
  await browser.send("Page.enable", {}, sessionId)
  await browser.send("Page.navigate", { url }, sessionId)
  while ((await browser.evaluate(sessionId, "document.readyState")) !== "complete") await new Promise((resolve) => setTimeout(resolve, 50))
  return { sessionId, targetId, requests }
}

/** The checks of the harness `name` on `browser`: `check` prints one "ok"/"not ok" line a
 * check; `run` runs `body` within `timeoutMs` (past it, the harness exits 1), counts an
 * exception as a failure, then closes the browser, runs `cleanup`, prints
 * "NAME: N passed, M failed" and sets the exit code. */
export function harness(name, browser) {
  let passed = 0, failed = 0
  const check = (what, ok, detail) => {
    console.log(`${ok ? "ok" : "not ok"} - ${name}: ${what}${ok ? "" : `\n  ${detail}`}`)
    if (ok) passed++; else failed++
  }
  const run = async (timeoutMs, body, cleanup) => {
    const timer = setTimeout(() => {
      console.error(`${name}: timed out\n${browser.stderr().slice(-2000)}`)
      process.exit(1)
    }, timeoutMs)
    try {
      await body()
    } catch (error) {
      console.error(`${name}: ${error.stack}\n${browser.stderr().slice(-2000)}`)
      failed++
    } finally {
      clearTimeout(timer)
      browser.close()
      cleanup()
    }
    console.log(`${name}: ${passed} passed, ${failed} failed`)
    process.exitCode = failed > 0 ? 1 : 0
  }
  return { check, run }
}
