// Both flavours of the reference controller, for suites that must hold for each: the
// TypeScript one (compiled by tsc) and the hand-written JavaScript one (copied next to
// the compiled tests by run.sh).
import "./browser.js" // first: the bridge reads `window` when it loads
import * as typescript from "../reference/typescript/navigation_controller.js"

export type Flavour = typeof typescript

const javascript = (await import(new URL("../reference-js/navigation_controller.js", import.meta.url).href)) as Flavour

export const flavours: readonly (readonly [string, Flavour])[] = [
  ["TypeScript", typescript],
  ["JavaScript", javascript],
]
