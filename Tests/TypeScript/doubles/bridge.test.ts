// The bridge double exports two names for the tests that the real package keeps private
// (`Bridge`, `reloadUserAgent`; README.md). Generated code that imported them would run
// against the double and fail against the real package, so this holds the generated
// modules to the real package's exports (hotwire-native-bridge 1.2.2 src/index.js).
import assert from "node:assert/strict"
import { readFileSync, readdirSync } from "node:fs"
import { describe, it } from "node:test"

const REAL_EXPORTS = ["BridgeComponent", "BridgeElement"]
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*"@hotwired\/hotwire-native-bridge"/g

describe("the generated modules and the bridge double", () => {
  it("import from @hotwired/hotwire-native-bridge only what the real package exports", () => {
    // run.sh's layout: tsc's output of reference/typescript, and the JavaScript flavour as generated.
    const folders = ["../reference/typescript/", "../reference-js/"].map((path) => new URL(path, import.meta.url))
    const imported: { name: string; names: string[] }[] = []
    for (const folder of folders) {
      for (const name of readdirSync(folder).filter((each) => each.endsWith(".js"))) {
        const text = readFileSync(new URL(name, folder), "utf8")
        for (let match = IMPORT.exec(text); match; match = IMPORT.exec(text)) {
          imported.push({ name, names: (match[1] ?? "").split(",").map((part) => part.trim()).filter(Boolean) })
        }
      }
    }
    assert.ok(imported.length >= 2, "no generated module imports the bridge: the folders moved?")
    for (const { name, names } of imported) {
      assert.deepEqual(names.filter((each) => !REAL_EXPORTS.includes(each)), [], `${name} imports a name the real package does not export`)
    }
  })
})
