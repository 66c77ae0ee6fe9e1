#!/usr/bin/env bash
# The Kotlin runtime (Runtime/kotlin/TabgenRuntime.kt) on its own, before any generation:
# compiled by the real Kotlin compiler (Tests/Kotlin/kotlinc: kotlinx.serialization plugin,
# -Werror) with every feature (the file as written) and with none, then the shared vectors
# (VectorRunner.kt, every Tests/Vectors/**/*.json) run against it in one JVM.
# Prints `kotlin-runtime: N passed, N failed`; exits non-zero on any failure. Works from
# any directory.
set -uo pipefail
# shellcheck source=Tests/lib/harness.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../lib/harness.sh"
harness_runtime kotlin-runtime "$root/Runtime/kotlin/TabgenRuntime.kt" || exit 1
# The runner is compiled with the full runtime (one compiler start for both).
check "kotlinc -Werror (every feature) with the vector runner" \
    "$root/Tests/Kotlin/kotlinc" -d "$out/all/classes" "$out/all/TabgenRuntime.kt" "$here/VectorRunner.kt"
check "kotlinc -Werror (no feature)" "$root/Tests/Kotlin/kotlinc" -d "$out/none/classes" "$out/none/TabgenRuntime.kt"
if [ -d "$out/all/classes" ]; then
    vectors_log=$("$root/Tests/Kotlin/krun" -cp "$out/all/classes" tabgen.runtime.VectorRunnerKt "$root/Tests/Vectors" 2>&1)
    echo "$vectors_log" | grep -v '^kotlin-runtime vectors:'
    summary=$(sed -n 's/^kotlin-runtime vectors: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' <<<"$vectors_log" | tail -1)
    read -r vector_passed vector_failed <<<"${summary:-0 1}"
    passed=$((passed + vector_passed))
    failed=$((failed + vector_failed + (vector_passed == 0)))
    echo "vectors: $vector_passed passed, $vector_failed failed"
fi
harness_summary kotlin-runtime
