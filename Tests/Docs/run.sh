#!/usr/bin/env bash
# Runs, verbatim, the commands of the docs' ```sh blocks that can run on this machine
# (Tests/Docs/here.tsv: the sandbox they run in and the exit status each must give), in
# sandbox projects laid out as the docs assume, with the tabgen under test first on PATH;
# then checks that every other command line of every sh block is run by the test that
# Tests/Docs/elsewhere.tsv names (Tests/Docs/commands.py).
#
#   Tests/Docs/run.sh [TABGEN_BINARY]     default: .build/debug/tabgen
#
# Ends with "doc-commands: N passed, M failed"; exit 1 on a failure.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
here="$root/Tests/Docs"
binary="${1:-$root/.build/debug/tabgen}"
[[ -x "$binary" ]] || { echo "doc-commands: no tabgen binary at $binary"; echo "doc-commands: 0 passed, 1 failed"; exit 1; }
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"

work="$(mktemp -d)"
server_pid=""
trap '[[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/bin" && ln -s "$binary" "$work/bin/tabgen"
export PATH="$work/bin:$PATH" HOME="$work/home" SESSION="doc-commands"
mkdir -p "$HOME/.local/share/bash-completion/completions" "$HOME/.zfunc" "$HOME/.config/fish/completions"
examples="$root/docs/examples"

# single: a project with the navigation contract only (tabgen.yml names schema.json).
single="$work/single"
mkdir -p "$single/payloads" "$single/tmp/pages" "$single/config" "$single/ios/App"
cp "$root/schema.json" "$single/schema.json"
printf 'version: 1\nschema: schema.json\noutputs:\n  - lang: swift\n    out: ios/App/Generated\n' > "$single/tabgen.yml"
cp "$examples/flag_off.json" "$single/flag_off.json"
# The tab bar with the Explore tab a feature flag adds (flag_off.json is the bar without it).
sed 's|{"id": "library"|{"id": "explore", "title": "Explore", "icon": "safari", "path": "/explore"},\n  &|' \
    "$examples/flag_off.json" > "$single/flag_on.json"
cp "$examples/payload.json" "$single/payloads/home.json"
cp "$examples/flag_off.json" "$single/payloads/flag_off.json"
tr -d '\n' < "$examples/payload.json" > "$single/payloads.jsonl" && echo >> "$single/payloads.jsonl"
tr -d '\n' < "$examples/flag_off.json" >> "$single/payloads.jsonl" && echo >> "$single/payloads.jsonl"
config_json=$(tr -d '\n' < "$examples/flag_off.json" | sed 's/"/\&quot;/g')
page="<!doctype html><html><body><nav data-controller=\"bridge--navigation\" data-bridge--navigation-config-value=\"$config_json\"></nav></body></html>"
echo "$page" > "$single/tmp/pages/home.html"
printf '%s\n' http://localhost:3000/ http://localhost:3000/explore > "$single/config/tab_pages.txt"
cat > "$single/config/path_configuration.json" <<'JSON'
{
  "settings": {},
  "rules": [
    {"patterns": [".*"], "properties": {"context": "default", "pull_to_refresh_enabled": true}},
    {"patterns": ["/new$", "/edit$"], "properties": {"context": "modal", "pull_to_refresh_enabled": false}},
    {"patterns": ["/numbers$"], "properties": {"uri": "hotwire://fragment/numbers", "title": "Numbers"}},
    {"patterns": [".+\\.(?:bmp|gif|heic|jpg|jpeg|png|svg|webp)"], "properties": {"uri": "hotwire://fragment/image_viewer", "view_controller": "image_viewer"}}
  ]
}
JSON
cp "$single/config/path_configuration.json" "$single/config/ios_v1.json"
# origin/main holds the same schema and menu contract: the diffs find no change.
mkdir -p "$single/contracts" && cp "$root/contracts/menu.json" "$single/contracts/menu.json"
(cd "$single" && git init -q -b main && git -c user.name=docs -c user.email=docs@example.com add -A &&
    git -c user.name=docs -c user.email=docs@example.com commit -qm base &&
    git init -q --bare "$work/origin.git" && git remote add origin "$work/origin.git" && git push -q origin main &&
    git fetch -q origin) || { echo "doc-commands: cannot set up the git sandbox"; echo "doc-commands: 0 passed, 1 failed"; exit 1; }

# What a command reading - gets: one logged envelope (docs/scale.md).
printf '{"app":"4.2.0","platform":"ios","at":"2026-11-28T10:00:00Z","payload":%s}\n' "$(tr -d '\n' < "$examples/flag_off.json")" > "$single/stdin.jsonl"

# contracts: a project with the tab bar, the menu and a share button (docs/validate.md).
multi="$work/contracts"
mkdir -p "$multi/payloads" "$multi/replies"
cp "$root/schema.json" "$multi/schema.json" && cp "$root/contracts/menu.json" "$multi/menu.json"
cat > "$multi/share.json" <<'JSON'
{
  "metadata": {"tabgen": {"contract": {"component": "share", "stimulusIdentifier": "bridge--share",
    "events": [{"name": "connect", "direction": "webToNative", "data": "ShareData"}]}}},
  "definitions": {"ShareData": {"properties": {"url": {"type": "string"}}, "additionalProperties": true}}
}
JSON
printf 'version: 1\ncontracts: [schema.json, menu.json, share.json]\noutputs:\n  - lang: swift\n    out: ios/App/Generated\n' > "$multi/tabgen.yml"
echo '{"title": "Actions", "items": [{"title": "Edit", "index": 0}, {"title": "Delete", "index": 1}]}' > "$multi/payloads/menu.json"
echo '{"selectedIndex": 1}' > "$multi/replies/selected.json"
printf '%s\n' '{"url": "https://example.com/a"}' '{"url": "https://example.com/b"}' > "$multi/shares.jsonl"
: > "$multi/stdin.jsonl"

# A local server for the --url and --urls-from commands: the same page on every path.
cat > "$work/server.py" <<'PY'
import http.server, sys
page = open(sys.argv[1], "rb").read()
class Page(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(page))); self.end_headers(); self.wfile.write(page)
    def log_message(self, *args): pass
http.server.ThreadingHTTPServer(("127.0.0.1", 3000), Page).serve_forever()
PY
python3 "$work/server.py" "$single/tmp/pages/home.html" & server_pid=$!
for _ in $(seq 50); do python3 -c 'import socket; socket.create_connection(("127.0.0.1", 3000), 1)' 2>/dev/null && break; sleep 0.1; done

passed=0 failed=0
while IFS=$'\t' read -r status sandbox command; do
    [[ -z "$status" || "$status" == \#* ]] && continue
    case "$sandbox" in single) dir="$single" ;; contracts) dir="$multi" ;; *) echo "FAIL unknown sandbox $sandbox"; failed=$((failed + 1)); continue ;; esac
    # Standard input: the sandbox's stdin.jsonl (for commands reading -), never this loop's.
    (cd "$dir" && bash -c "$command") < "$dir/stdin.jsonl" > "$work/out" 2>&1
    got=$?
    if [[ "$got" == "$status" ]]; then
        passed=$((passed + 1)); echo "ok   $command"
    else
        failed=$((failed + 1)); echo "FAIL $command (exit $got, expected $status)"; sed 's/^/     | /' "$work/out" | tail -20
    fi
done < "$here/here.tsv"

python3 "$here/commands.py" check > "$work/listed" 2>&1
grep -E "^(FAIL|not run)" "$work/listed"
listed=$(tail -1 "$work/listed")
if [[ "$listed" =~ ^doc-commands:\ ([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
    passed=$((passed + BASH_REMATCH[1])); failed=$((failed + BASH_REMATCH[2]))
else
    failed=$((failed + 1)); cat "$work/listed"
fi
echo "doc-commands: $passed passed, $failed failed"
((failed == 0))
