#!/usr/bin/env bash
# The page of `tabgen report` in headless Chromium, its bars against counts computed from
# the records (run.mjs), over validate's records of the logs Tests/Spark/make_logs.py writes
# and over generated findings. Needs node, python3 and chromium (scripts/web-env).
#
#   Tests/Report/run.sh TABGEN [--screenshot PNG]
#
# Prints one line per check, the screenshot's path, and "report-browser: N passed, M failed";
# exits 1 on a failure.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tabgen=${1:?usage: Tests/Report/run.sh TABGEN [--screenshot PNG]}
shift
chromium=$(command -v chromium || command -v chromium-browser || true)
[[ -n "$chromium" ]] || { echo "report-browser: chromium not found (scripts/web-env installs it)" >&2; exit 1; }
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
python3 "$here/../Spark/make_logs.py" "$logs" --max-bytes 4096
node "$here/run.mjs" "$(cd "$(dirname "$tabgen")" && pwd)/$(basename "$tabgen")" --chromium "$chromium" --logs "$logs" "$@"
