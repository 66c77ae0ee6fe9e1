#!/usr/bin/env bash
# The SwiftPM plugins as an app's package uses them: Tests/PluginPackage depends on
# tabgen by path; TabgenPlugin generates MessageData into its TabBar target at build
# time, and its tests decode the example payload with it. Then the command plugin:
# `swift package tabgen emit` writes the files, `tabgen check` passes, and fails once a
# generated file is edited.
#
# SwiftPM's native build system first compiles the plugins' tools without their build-tool
# plugins (docs/ios.md), so the build log has one expected error, in
# Sources/tabgen/Support/BuiltIn.swift, and must have no other.
#
# Prints `plugin: N passed, M failed`. The package builds tabgen once more (debug, its
# own build folder .build-plugin): minutes on a cold 2-core machine, seconds after.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
package=Tests/PluginPackage
scratch=$PWD/.build-plugin
passed=0
failed=0
record() {
    if (($1 == 0)); then passed=$((passed + 1)); else failed=$((failed + 1)); echo "plugin: FAILED: $2" >&2; fi
}
swiftpm=(--package-path "$package" --scratch-path "$scratch")

mkdir -p "$scratch"
start=$SECONDS
swift build "${swiftpm[@]}" --build-tests > "$scratch/build.log" 2>&1
built=$?
grep -E "Build complete" "$scratch/build.log"
echo "plugin: build took $((SECONDS - start)) s"
if ((built == 0)); then
    swift test "${swiftpm[@]}" --skip-build > "$scratch/test.log" 2>&1
    tail -3 "$scratch/test.log"
    tests=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .*passed.*/\1/p' "$scratch/test.log" | tail -1)
    if [[ -n "$tests" ]]; then passed=$((passed + tests)); else record 1 "the package's tests (log: $scratch/test.log)"; fi
else
    record 1 "the package builds with TabgenPlugin (log: $scratch/build.log)"
fi

# Fails on an error line of log $1 other than the plugin-tools pass's known one (the
# generated `EmbeddedResources` missing in BuiltIn.swift), printing the first few.
only_expected_errors() {
    local others
    others=$(grep -E "error:" "$1" \
        | grep -vE "Sources/tabgen/Support/BuiltIn\.swift:[0-9]+:[0-9]+: error: cannot find type 'EmbeddedResources' in scope" \
        | grep -vE "^ *\|.*error: cannot find type 'EmbeddedResources' in scope" \
        | grep -vE "^error: (emit-module|compile) command failed with exit code 1" | head -5)
    [[ -z "$others" ]] || echo "$others" >&2
    [[ -z "$others" ]]
}
only_expected_errors "$scratch/build.log"
record $? "the build's only errors are the plugin-tools pass's, in BuiltIn.swift (log: $scratch/build.log)"

# The command plugin, into a folder outside the package's sources.
out=$scratch/command-out
rm -rf "$out"
tabgen_command() { swift package "${swiftpm[@]}" --allow-writing-to-package-directory tabgen "$@"; }
tabgen_command emit --lang swift --out "$out" -q > "$scratch/command.log" 2>&1
tabgen_command check --lang swift --out "$out" -q >> "$scratch/command.log" 2>&1
record $? "swift package tabgen emit, then check (log: $scratch/command.log)"
only_expected_errors "$scratch/command.log"
record $? "the command plugin's only errors are the plugin-tools pass's (log: $scratch/command.log)"
echo "// edited" >> "$out/MessageData.swift"
if tabgen_command check --lang swift --out "$out" -q >> "$scratch/command.log" 2>&1; then
    record 1 "swift package tabgen check fails on an edited file"
else
    record 0 ""
fi

echo "plugin: $passed passed, $failed failed"
((failed == 0))
