# Sourced, not run, by the harness scripts under Tests/ (scripts/test runs them): the
# set-up they share, defined once. After
#
#   source "$(dirname "${BASH_SOURCE[0]}")/../lib/harness.sh"    # (as deep as the script is)
#
# $root is the repository root, $here the sourcing script's folder, passed=0 failed=0, and:
#
#   harness_scratch NAME          $out: a fresh, empty $root/.scratch/NAME; $log: check's file in it
#   check WHAT COMMAND...         runs COMMAND (its output to $log), counts it, prints
#                                 "ok   WHAT" or "FAIL WHAT" and the end of the output
#   harness_summary NAME          prints "NAME: N passed, M failed", the line scripts/test
#                                 reads; returns 1 when a check failed (end the script with it)
#   harness_browser NAME TABGEN   $tabgen: TABGEN as an absolute path; $chromium: the browser,
#                                 or "NAME: chromium not found" and exit 1
#   harness_runtime NAME SOURCE [COMMENT]
#                                 harness_scratch NAME, then the runtime SOURCE as written in
#                                 $out/all and with every feature left out in $out/none
#                                 (Tests/Runtime/no-features.awk; COMMENT: its comment start)
#   harness_reference_runtime [TABGEN]
#                                 writes the runtime files the committed reference output lists
#                                 (each tabgen-runtime.parts of the project Tests/Reference/tabgen.yml)
#                                 into it, as TABGEN (default: $TABGEN, else .build/debug/tabgen)
#                                 emits them; git ignores them (Tests/.gitignore)

# This file is Tests/lib/harness.sh.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
here=$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)
passed=0
failed=0

harness_scratch() {
    out="$root/.scratch/$1"
    log="$out/check.log"
    rm -rf "$out"
    mkdir -p "$out"
}

check() {
    local what=$1
    shift
    if "$@" > "$log" 2>&1; then
        passed=$((passed + 1)); echo "ok   $what"
    else
        # Ruby's backtrace lines ("from ...") are left out: the message is what says why.
        failed=$((failed + 1)); echo "FAIL $what"; { grep -v '^[[:space:]]*from ' "$log" || true; } | sed 's/^/     | /' | tail -40
    fi
}

harness_summary() {
    echo "$1: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

harness_runtime() {
    local file
    file=$(basename "$2")
    harness_scratch "$1"
    mkdir -p "$out/all" "$out/none"
    cp "$2" "$out/all/$file"
    awk -v comment="${3:-//}" -f "$root/Tests/Runtime/no-features.awk" "$2" > "$out/none/$file"
}

harness_browser() {
    tabgen="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
    chromium=$(command -v chromium || command -v chromium-browser || true)
    [[ -n "$chromium" ]] || { echo "$1: chromium not found (scripts/web-env installs it)" >&2; exit 1; }
}

harness_reference_runtime() {
    local tabgen=${1:-${TABGEN:-$root/.build/debug/tabgen}} emitted="$root/.scratch/reference-runtime" listing folder file
    [[ -x "$tabgen" ]] || { echo "no tabgen at $tabgen to write the reference output's runtime (swift build makes it)" >&2; return 1; }
    # The project emitted into scratch as committed beside it: its paths are relative to it.
    rm -rf "$emitted"
    mkdir -p "$emitted/Tests/Reference"
    cp "$root/Tests/Reference/tabgen.yml" "$emitted/Tests/Reference/"
    ln -s "$root/schema.json" "$emitted/schema.json"
    ln -s "$root/contracts" "$emitted/contracts"
    "$tabgen" emit --config "$emitted/Tests/Reference/tabgen.yml" > "$emitted.log" 2>&1 || { cat "$emitted.log" >&2; return 1; }
    while IFS= read -r listing; do
        folder=$(dirname "${listing#"$root"/}")
        # Tests/Swift/reference is no output of the project: the Swift tests add its runtime (ReferenceOutput.files).
        [[ -d "$emitted/$folder" ]] || continue
        while IFS= read -r file; do
            cp "$emitted/$folder/$file" "$root/$folder/$file"
        done < <(sed -n 's/^\([^ #][^:]*\): Runtime\/.*/\1/p' "$listing")
    done < <(find "$root/Tests" -path '*/reference/*' -name tabgen-runtime.parts | sort)
}
