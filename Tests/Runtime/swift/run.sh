#!/usr/bin/env bash
# The Swift runtime on its own, before any generation (issue 25):
# 1. Runtime/swift/TabgenRuntime.swift compiles with warnings as errors in Swift 6 mode,
#    Swift 5 mode and Swift 6 with `-default-isolation MainActor` (Xcode 26's default for
#    app targets), each as written (public) and as an internal output gets it (the
#    `public` that opens a declaration dropped, as SwiftRuntime.internalized does); and
#    with every feature left out (the rule kinds' `tabgen:begin uses<Kind>` blocks, as
#    RuntimeSource leaves them out for a schema without such rules), public and internal,
#    in Swift 6 mode.
# 2. main.swift, compiled with the runtime alone, runs it against every case of every
#    file under Tests/Vectors. A case listed in expected-failures.txt (what the runtime
#    cannot do, with the reason) that fails is an expected failure; one that passes fails.
# Prints `swift-runtime: N passed, N failed, N expected failures` (the compiles and the
# vector cases); exits non-zero on any failure. Works from any directory.
set -uo pipefail
# shellcheck source=Tests/lib/harness.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../lib/harness.sh"
runtime="$root/Runtime/swift/TabgenRuntime.swift"
harness_scratch swift-runtime
expected=0

sed -E 's/^( *)(nonisolated )?public /\1\2/' "$runtime" > "$out/TabgenRuntime-internal.swift"
if grep -qw public "$out/TabgenRuntime-internal.swift"; then
    echo "FAIL the internal runtime still says public"
    failed=$((failed + 1))
fi
awk -f "$here/../no-features.awk" "$runtime" > "$out/TabgenRuntime-none.swift" || exit 1
awk -f "$here/../no-features.awk" "$out/TabgenRuntime-internal.swift" > "$out/TabgenRuntime-none-internal.swift" || exit 1

compile() {  # compile SOURCE LABEL MODE...
    local source=$1 label=$2
    shift 2
    check "swiftc -swift-version $* ($label)" \
        swiftc -parse-as-library -swift-version "$@" -warnings-as-errors -module-name TabgenRuntime -c "$source" -o "$out/runtime.o"
}

for access in public internal; do
    source="$runtime"
    [ "$access" = internal ] && source="$out/TabgenRuntime-internal.swift"
    for mode in "6" "5" "6 -default-isolation MainActor"; do
        # shellcheck disable=SC2086
        compile "$source" "$access" $mode
    done
done
compile "$out/TabgenRuntime-none.swift" "public, no feature" 6
compile "$out/TabgenRuntime-none-internal.swift" "internal, no feature" 6

if swiftc -parse-as-library -swift-version 6 -warnings-as-errors -module-name TabgenVectors \
    "$runtime" "$here/main.swift" -o "$out/vectors" > "$out/compile.log" 2>&1; then
    "$out/vectors" "$root/Tests/Vectors" "$here/expected-failures.txt" | tee "$out/vectors.log"
    vectors_passed=$(sed -n 's/^swift-vectors: \([0-9]*\) passed.*/\1/p' "$out/vectors.log")
    vectors_failed=$(sed -n 's/^swift-vectors: [0-9]* passed, \([0-9]*\) failed.*/\1/p' "$out/vectors.log")
    passed=$((passed + ${vectors_passed:-0}))
    failed=$((failed + ${vectors_failed:-1}))
    expected=$(sed -n 's/^swift-vectors: .* failed, \([0-9]*\) expected failures$/\1/p' "$out/vectors.log")
    expected=${expected:-0}
else
    echo "FAIL the vector runner does not compile"
    sed 's/^/  /' "$out/compile.log" | head -40
    failed=$((failed + 1))
fi

echo "swift-runtime: $passed passed, $failed failed, $expected expected failures"
[ "$failed" -eq 0 ]
