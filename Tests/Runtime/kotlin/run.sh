#!/usr/bin/env bash
# The Kotlin runtime (Runtime/kotlin/TabgenRuntime.kt) on its own, before any generation:
# compiled by the real Kotlin compiler (Tests/Kotlin/kotlinc: kotlinx.serialization plugin,
# -Werror) with every feature (the file as written) and with none, then the shared vectors
# (VectorRunner.kt, every Tests/Vectors/**/*.json) run against it in one JVM.
# Prints `kotlin-runtime: N passed, N failed`; exits non-zero on any failure. Works from
# any directory.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../.." && pwd)
source="$root/Runtime/kotlin/TabgenRuntime.kt"
out="$root/.scratch/kotlin-runtime"
rm -rf "$out"
mkdir -p "$out/all" "$out/none"
cp "$source" "$out/all/TabgenRuntime.kt"
# Every feature left out, as RuntimeSource does with none selected.
awk -f "$here/../no-features.awk" "$source" > "$out/none/TabgenRuntime.kt" || exit 1

passed=0
failed=0
check() {
    local what=$1
    shift
    if output=$("$@" 2>&1); then
        passed=$((passed + 1))
        echo "PASS $what"
    else
        failed=$((failed + 1))
        echo "FAIL $what"
        echo "$output"
    fi
}
# The runner is compiled with the full runtime (one compiler start for both).
check "kotlinc -Werror (every feature) with the vector runner" \
    "$root/Tests/Kotlin/kotlinc" -d "$out/all/classes" "$out/all/TabgenRuntime.kt" "$here/VectorRunner.kt"
check "kotlinc -Werror (no feature)" "$root/Tests/Kotlin/kotlinc" -d "$out/none/classes" "$out/none/TabgenRuntime.kt"
if [ -d "$out/all/classes" ]; then
    log=$("$root/Tests/Kotlin/krun" -cp "$out/all/classes" tabgen.runtime.VectorRunnerKt "$root/Tests/Vectors" 2>&1)
    echo "$log" | grep -v '^kotlin-runtime vectors:'
    summary=$(sed -n 's/^kotlin-runtime vectors: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' <<<"$log" | tail -1)
    read -r vector_passed vector_failed <<<"${summary:-0 1}"
    passed=$((passed + vector_passed))
    failed=$((failed + vector_failed + (vector_passed == 0)))
    echo "vectors: $vector_passed passed, $vector_failed failed"
fi
echo "kotlin-runtime: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
