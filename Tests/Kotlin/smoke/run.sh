#!/usr/bin/env bash
# Smoke test of the Kotlin harness: compile the hand-written model and its JUnit 4 tests, and
# the committed generator output (Tests/Kotlin/reference) with its round-trip test, with
# the real Kotlin compiler (warnings are errors), check that the model also compiles at
# -language-version 2.0 (the oldest K2 language an Android client may use), then run the
# tests. Prints the runner's summary (`kotlin: N passed, N failed, N skipped`) and exits
# non-zero on any failure. Works from any directory.
set -euo pipefail
# shellcheck source=Tests/lib/harness.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../lib/harness.sh"
harness_scratch kotlin/smoke

now() { date +%s.%N; }
took() { awk -v s="$1" -v e="$(now)" 'BEGIN { printf "%.1f s", e - s }'; }

t=$(now)
kotlin_env=$("$root/scripts/kotlin-env") || exit 1
eval "$kotlin_env"
echo "smoke: Kotlin $KOTLIN_COMPILER_VERSION, stdlib $KOTLIN_STDLIB_VERSION, kotlinx.serialization $KOTLINX_SERIALIZATION_VERSION ($(took "$t") for kotlin-env)"

# One compiler invocation for model + tests, and for ../reference (the generator's output
# for the built-in schema and the menu and form contracts, Tests/Reference/tabgen.yml, kept
# current by ReferenceOutputTests, with their JUnit tests, and the runtime tabgen emits
# beside them): the JVM start-up is most of the cost.
harness_reference_runtime
reference=()
while IFS= read -r file; do reference+=("$file"); done < <(find "$here/../reference" -name '*.kt' | sort)
t=$(now)
"$here/../kotlinc" --junit -d "$out/classes" "$here/TabData.kt" "$here/TabDataTest.kt" "$here/SerializationConfigTest.kt" "${reference[@]}"
echo "smoke: compiled 3 files and ${#reference[@]} of Tests/Kotlin/reference ($(took "$t"))"

t=$(now)
"$here/../kotlinc" --lv 2.0 -d "$out/lv20.jar" "$here/TabData.kt"
echo "smoke: TabData.kt compiles at -language-version 2.0 ($(took "$t"))"

# Each output's src/test/resources (its fixtures files, in its package's folder) is on the
# classpath, as Gradle puts it there for unit tests.
classpath="$out/classes"
while IFS= read -r folder; do classpath+=":$folder"; done < <(find "$here/../reference" -type d -path '*/src/test/resources' | sort)
"$here/../krun" --junit -cp "$classpath" -Dtabgen.examples="$root/examples"
