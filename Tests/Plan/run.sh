#!/usr/bin/env bash
# The storyboard page of `tabgen plan --format html` in headless Chromium, against
# `plan --format json` (browser/run.mjs). Needs node and chromium (scripts/web-env).
#
#   Tests/Plan/run.sh TABGEN [--screenshot PNG]
#
# Prints one line per check and "plan-browser: N passed, M failed"; exits 1 on a failure.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tabgen=${1:?usage: Tests/Plan/run.sh TABGEN [--screenshot PNG]}
shift
chromium=$(command -v chromium || command -v chromium-browser || true)
[[ -n "$chromium" ]] || { echo "plan-browser: chromium not found (scripts/web-env installs it)" >&2; exit 1; }
exec node "$here/browser/run.mjs" "$(cd "$(dirname "$tabgen")" && pwd)/$(basename "$tabgen")" --chromium "$chromium" "$@"
