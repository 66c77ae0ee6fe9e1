#!/usr/bin/env bash
# Type-checks and runs the TypeScript reference tests (see README.md next to this file).
#
#   Tests/TypeScript/run.sh                     tsc, tsc --checkJs, node --test
#   TABGEN=path/to/tabgen Tests/TypeScript/run.sh
#                                               also checks fixtures/cases.jsonl against that tabgen
#
# Needs tsc and node 20 (scripts/web-env installs them). Exits non-zero on any failure.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
scratch="$here/../../.scratch/web/ts"

rm -rf "$scratch"
mkdir -p "$scratch/node_modules" "$scratch/out/fixtures" "$scratch/out/reference-js"

echo "tsc: the reference controller, the tests and the doubles' declarations (strict)"
tsc -p "$here/tsconfig.json"
echo "tsc --checkJs: the JavaScript flavour"
tsc -p "$here/tsconfig.checkjs.json"

# Node resolves the bare package names from node_modules next to the output; copies, not
# symlinks, so that the bridge double finds the Stimulus double the same way.
cp -R "$here/doubles/@hotwired" "$scratch/node_modules/"
cp "$here/fixtures/cases.jsonl" "$scratch/out/fixtures/"
cp "$here/reference/navigation_controller.js" "$scratch/out/reference-js/"
echo '{"type": "module"}' >"$scratch/package.json"

if [[ -n "${TABGEN:-}" ]]; then
    python3 "$here/fixtures/regenerate.py" "$TABGEN" --check
fi

cd "$scratch/out"
node --test reference/*.test.js
