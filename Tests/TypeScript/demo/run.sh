#!/usr/bin/env bash
# The Stimulus bases of contracts/demo (fromElement) against the demo pages:
#   1. TABGEN emits the bases, JavaScript and TypeScript flavours (bridgeComponent: true);
#   2. tsc --checkJs on the JavaScript bases and tsc on the TypeScript ones, strict, against
#      the package doubles (../doubles);
#   3. headless Chromium (run.mjs): each page of Tests/TabgenCLITests/Payloads/demo-pages
#      sends, through the JavaScript bases, the data of its sent.json (what validate --html
#      builds) and what the demo's controllers send (demo_controllers.js).
#   Tests/TypeScript/demo/run.sh TABGEN [--chromium PATH]
# Prints "demo-pages: N passed, M failed"; exits non-zero on any failure. Needs node, tsc
# and chromium (scripts/web-env).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../.." && pwd)
tabgen=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
out="$root/.scratch/web/demo-pages"
rm -rf "$out"
mkdir -p "$out/contracts"
cp "$root"/contracts/demo/*.json "$out/contracts/"
cat >"$out/tabgen.yml" <<YAML
version: 1
contracts: contracts
outputs:
  - lang: typescript
    out: js
    options:
      flavor: javascript
      bridgeComponent: "true"
  - lang: typescript
    out: ts
    options:
      bridgeComponent: "true"
YAML
(cd "$out" && "$tabgen" emit -q)
checks=0
doubles="$here/../doubles/@hotwired"
cat >"$out/tsconfig.js.json" <<JSON
{"extends": "$here/../tsconfig.json",
 "compilerOptions": {"allowJs": true, "checkJs": true, "noEmit": true, "noImplicitAny": false, "baseUrl": "$out", "rootDir": "$out",
  "paths": {"@hotwired/stimulus": ["$doubles/stimulus/index.d.ts"], "@hotwired/hotwire-native-bridge": ["$doubles/hotwire-native-bridge/index.d.ts"],
            "controllers/bridge/*": ["js/*"], "controllers/*": ["js/*"]}},
 "include": ["$out/js/*_bridge_component.js"]}
JSON
cat >"$out/tsconfig.ts.json" <<JSON
{"extends": "$here/../tsconfig.json",
 "compilerOptions": {"noEmit": true, "baseUrl": "$out", "rootDir": "$out",
  "paths": {"@hotwired/stimulus": ["$doubles/stimulus/index.d.ts"], "@hotwired/hotwire-native-bridge": ["$doubles/hotwire-native-bridge/index.d.ts"]}},
 "include": ["$out/ts/*_bridge_component.ts"]}
JSON
failed=0
if tsc -p "$out/tsconfig.js.json"; then echo "ok - demo-pages: tsc --checkJs, the JavaScript bases"; checks=$((checks + 1)); else echo "not ok - demo-pages: tsc --checkJs, the JavaScript bases"; failed=$((failed + 1)); fi
if tsc -p "$out/tsconfig.ts.json"; then echo "ok - demo-pages: tsc, the TypeScript bases"; checks=$((checks + 1)); else echo "not ok - demo-pages: tsc, the TypeScript bases"; failed=$((failed + 1)); fi
status=0
node "$here/run.mjs" "$out/js" "$@" | tee "$out/browser.log" || status=$?
browser_passed=$(sed -n 's/^browser: \([0-9]*\) passed.*/\1/p' "$out/browser.log" | tail -1)
browser_failed=$(sed -n 's/^browser: [0-9]* passed, \([0-9]*\) failed/\1/p' "$out/browser.log" | tail -1)
echo "demo-pages: $((checks + ${browser_passed:-0})) passed, $((failed + ${browser_failed:-1})) failed"
[[ $status -eq 0 && $failed -eq 0 ]]
