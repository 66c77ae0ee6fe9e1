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
# shellcheck source=Tests/lib/harness.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/harness.sh"
harness_browser report-browser "${1:?usage: Tests/Report/run.sh TABGEN [--screenshot PNG]}"
shift
harness_scratch report-browser
python3 "$here/../Spark/make_logs.py" "$out" --max-bytes 4096
node "$here/run.mjs" "$tabgen" --chromium "$chromium" --logs "$out" "$@"
