#!/usr/bin/env bash
# Type-checks and runs the TypeScript reference tests (see README.md next to this file).
#
#   Tests/TypeScript/run.sh                     fixtures/cases.jsonl against tabgen, tsc,
#                                               tsc --checkJs, node --test, Chromium
#   TABGEN=path/to/tabgen Tests/TypeScript/run.sh
#
# TABGEN (default .build/debug/tabgen) writes reference/'s runtime (harness_reference_runtime)
# and is the tabgen cases.jsonl must agree with: always checked, so that a stale file fails
# here rather than passing the tests that read it.
#
# Needs tsc, node 20 and chromium (scripts/web-env installs them). Exits non-zero on any
# failure; the last line, "# pass N", counts the tests of node --test and of the browser.
set -euo pipefail
# shellcheck source=Tests/lib/harness.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/harness.sh"
scratch="$here/../../.scratch/web/ts"
# The runtime is no committed file of reference/ (its source is Runtime/): tabgen emits it there.
tabgen=${TABGEN:-$root/.build/debug/tabgen}
harness_reference_runtime "$tabgen"

rm -rf "$scratch"
mkdir -p "$scratch/node_modules" "$scratch/out/fixtures" "$scratch/out/reference-js"

echo "tsc: the reference controller, the tests and the doubles' declarations (strict)"
tsc -p "$here/tsconfig.json"
echo "tsc --checkJs: the JavaScript flavour"
tsc -p "$here/tsconfig.checkjs.json"

# Node resolves the bare package names from node_modules next to the output; copies, not
# symlinks, so that the bridge double finds the Stimulus double the same way.
cp -R "$here/doubles/@hotwired" "$scratch/node_modules/"
cp "$here/fixtures/cases.jsonl" "$here/fixtures/navigation.js" "$scratch/out/fixtures/"
cp "$here/reference/javascript/navigation_controller.js" "$here/reference/javascript/tabgen_runtime.js" "$scratch/out/reference-js/"
# The JavaScript controller imports its runtime by its importmap name
# (controllers/bridge/tabgen_runtime); Node resolves bare names through a package's exports map.
mkdir -p "$scratch/node_modules/controllers/bridge"
cp "$here/reference/javascript/tabgen_runtime.js" "$scratch/node_modules/controllers/bridge/"
echo '{"type": "module", "exports": {"./*": "./*.js"}}' >"$scratch/node_modules/controllers/package.json"
echo '{"type": "module"}' >"$scratch/package.json"

python3 "$here/fixtures/regenerate.py" "$tabgen" --check

cd "$scratch/out"
node --test reference/*.test.js doubles/*.test.js | tee "$scratch/node-test.log"
echo "Chromium (headless): the JavaScript controller, loaded through an importmap with the doubles;"
echo "then the menu and form bases (bridgeComponent: true), compiled TypeScript and JavaScript as generated"
node "$here/browser/run.mjs" "$here/reference/javascript/navigation_controller.js" \
    --bases "$scratch/out/reference/typescript" "$here/reference/javascript" | tee "$scratch/browser.log"
node_passed=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$scratch/node-test.log" | tail -1)
browser_passed=$(grep -c '^ok - browser: ' "$scratch/browser.log" || true)
echo "# pass $((node_passed + browser_passed))"
