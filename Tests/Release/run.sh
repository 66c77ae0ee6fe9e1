#!/usr/bin/env bash
# The release binary as a user without Swift gets it: stripped, in an empty folder, run
# with a bare environment (`env -i PATH=/usr/bin:/bin`), its libraries checked against
# scripts/release's list, and no file of the Swift toolchain loaded (LD_DEBUG=files).
# It validates the example payloads, fetches a page over http:// from
# Tests/TabgenCLITests/Payloads/http/server.py and emits one language.
#
#   Tests/Release/run.sh [BINARY]     default .build/release/tabgen (built with
#                                     --static-swift-stdlib, as scripts/test does)
#
# Prints `release: N passed, M failed`. Costs about a second once the binary is built.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
binary=$(realpath "${1:-.build/release/tabgen}")
passed=0
failed=0
check() {
    local name=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "release: FAILED: $name" >&2
    fi
}

work=$(mktemp -d)
server_pid=""
cleanup() {
    [[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
cp "$binary" "$work/tabgen"
strip "$work/tabgen"
mkdir "$work/examples"
cp examples/*.json "$work/examples/"
examples=(examples/*.json)
# Runs the copied binary in $work with nothing of this environment.
bare() { (cd "$work" && env -i PATH=/usr/bin:/bin HOME="$work" "$@"); }

check "ldd names only the libraries every Linux has" scripts/release --check "$work/tabgen"

toolchain=$(dirname "$(dirname "$(realpath "$(command -v swift)")")")
loads_no_toolchain_file() {
    bare env LD_DEBUG=files ./tabgen --version > "$work/ld.log" 2>&1 || return 1
    if grep -F "$toolchain/" "$work/ld.log"; then
        echo "release: the binary loads files of the Swift toolchain ($toolchain)" >&2
        return 1
    fi
}
check "no file of the Swift toolchain is loaded" loads_no_toolchain_file

version_matches() {
    [[ "$(bare ./tabgen --version)" == "$("$binary" --version)" ]]
}
check "--version runs without the toolchain" version_matches

validates_examples() {
    bare ./tabgen validate "${examples[@]}" > "$work/validate.log" 2>&1 || { cat "$work/validate.log" >&2; return 1; }
    grep -q "checked ${#examples[@]} payloads: ${#examples[@]} valid, 0 invalid" "$work/validate.log" || { cat "$work/validate.log" >&2; return 1; }
}
check "validate examples/*.json" validates_examples

fetches_a_page() {
    # The server ends when its standard input closes: keep a pipe open to it.
    exec {to_server}> >(python3 Tests/TabgenCLITests/Payloads/http/server.py > "$work/port")
    server_pid=$!
    local tries=0
    while [[ ! -s "$work/port" && $tries -lt 50 ]]; do sleep 0.1; tries=$((tries + 1)); done
    local port
    port=$(cat "$work/port")
    bare ./tabgen validate --url "http://127.0.0.1:$port/pages/invalid.html" > "$work/url.log" 2>&1
    local status=$?
    exec {to_server}>&-
    [[ $status -eq 1 ]] && grep -q ":3:81: error\[TG104\]" "$work/url.log" || { cat "$work/url.log" >&2; return 1; }
}
check "validate --url over http:// (no curl, no FoundationNetworking)" fetches_a_page

emits_kotlin() {
    bare ./tabgen emit --lang kotlin --out out/kotlin -q || return 1
    find "$work/out/kotlin" -name '*.kt' | grep -q . || return 1
    bare ./tabgen check --lang kotlin --out out/kotlin -q
}
check "emit --lang kotlin, then check" emits_kotlin

echo "release: $passed passed, $failed failed"
((failed == 0))
