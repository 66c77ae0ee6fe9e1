#!/usr/bin/env bash
# The storyboard page of `tabgen plan --format html` in headless Chromium, against
# `plan --format json` (browser/run.mjs). Needs node and chromium (scripts/web-env).
#
#   Tests/Plan/run.sh TABGEN [--screenshot PNG]
#
# Prints one line per check and "plan-browser: N passed, M failed"; exits 1 on a failure.
set -euo pipefail
# shellcheck source=Tests/lib/harness.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/harness.sh"
harness_browser plan-browser "${1:?usage: Tests/Plan/run.sh TABGEN [--screenshot PNG]}"
shift
exec node "$here/browser/run.mjs" "$tabgen" --chromium "$chromium" "$@"
