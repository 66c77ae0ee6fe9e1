#!/usr/bin/env bash
# The TypeScript runtime (Runtime/typescript) on its own, before any generation:
#   1. runtime.js is what scripts/build-runtime-js makes of runtime.ts today;
#   2. tsc, as strict as the generated code (tsconfig.json here), on runtime.ts with every
#      feature on (the file as written) and with none (every tabgen:begin block of a
#      feature left out, as RuntimeSource leaves it out of a schema that uses nothing);
#   3. tsc --checkJs on runtime.js, with the JavaScript flavour's settings;
#   4. the shared vectors (Tests/Vectors/**/*.json) through the runtime's parse entry,
#      and the page-reading ones (Tests/Vectors/element-data) through readElementData,
#      node --test (Node 20), on runtime.js itself.
# Prints `# pass N` / `# fail N` (node --test's counts, plus one per check above);
# exits non-zero on any failure. Needs tsc and node (scripts/web-env). Any directory.
set -euo pipefail
# shellcheck source=Tests/lib/harness.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../lib/harness.sh"
harness_scratch runtime-typescript
mkdir -p "$out/none"
checks=0

echo "runtime.js is fresh (compiled from runtime.ts by scripts/build-runtime-js)"
"$root/scripts/build-runtime-js" "$out/runtime.js"
if ! diff -u "$root/Runtime/typescript/runtime.js" "$out/runtime.js" >"$out/stale.diff"; then
    head -40 "$out/stale.diff"
    echo "# fail 1: Runtime/typescript/runtime.js is stale; run scripts/build-runtime-js and commit it" >&2
    exit 1
fi
checks=$((checks + 1))

echo "tsc: runtime.ts with every feature"
tsc -p "$here/tsconfig.json" --noEmit
checks=$((checks + 1))

echo "tsc: runtime.ts with no feature (the standalone block kept: it stands for the generated file)"
# A begin line opens a block left out unless it names standalone or a negated feature;
# everything inside a left-out block goes, nested blocks included.
awk '
    /^[ \t]*\/\/ tabgen:begin / { name = $3; if (skip > 0 || (name != "standalone" && name !~ /^!/)) skip++; next }
    /^[ \t]*\/\/ tabgen:end /   { if (skip > 0) skip--; next }
    skip == 0                   { print }
' "$root/Runtime/typescript/runtime.ts" >"$out/none/runtime.ts"
sed -e 's#"files": \[.*\]#"files": ["runtime.ts", "'"$here"'/console.d.ts"]#' "$here/tsconfig.json" >"$out/none/tsconfig.json"
tsc -p "$out/none/tsconfig.json" --noEmit
checks=$((checks + 1))

echo "tsc --checkJs: runtime.js as the JavaScript flavour's check reads it (Tests/TypeScript/tsconfig.checkjs.json)"
cat >"$out/tsconfig.checkjs.json" <<JSON
{"extends": "$here/tsconfig.json",
 "compilerOptions": {"allowJs": true, "checkJs": true, "noEmit": true, "noImplicitAny": false},
 "files": ["$root/Runtime/typescript/runtime.js", "$here/console.d.ts"]}
JSON
tsc -p "$out/tsconfig.checkjs.json"
checks=$((checks + 1))

echo "node --test: the shared vectors against runtime.js"
cp "$root/Runtime/typescript/runtime.js" "$out/runtime.mjs"
RUNTIME="$out/runtime.mjs" VECTORS="$root/Tests/Vectors" node --test "$here/vectors.test.mjs" "$here/element-data.test.mjs" | tee "$out/node-test.log"
passed=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$out/node-test.log" | tail -1)
echo "# pass $((passed + checks))"
