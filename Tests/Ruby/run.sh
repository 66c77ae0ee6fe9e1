#!/usr/bin/env bash
# Runs the Ruby reference checks (see README.md next to this file): RuboCop, then the
# Minitest suite with warnings on. Minitest, ActionView, Nokogiri and RuboCop come from
# Debian (scripts/web-env installs them). Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
echo "rubocop: Tests/Ruby"
rubocop --format progress --no-color
cd reference
ruby -w -e 'ARGV.each { |file| require_relative file }' test/*_test.rb
