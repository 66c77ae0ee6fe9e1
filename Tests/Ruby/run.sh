#!/usr/bin/env bash
# Runs the Ruby checks (see README.md next to this file) on reference/, the generator's
# output for the built-in schema and the menu and form contracts (Tests/Reference/tabgen.yml;
# ReferenceOutputTests keeps it current): ruby -wc on every
# file, RuboCop in the generated code's style (omakase) and on the hand-written files here
# (RuboCop's defaults), then with warnings on the generated Minitest suite and the
# hand-written tests of test/. Minitest, ActionView, Nokogiri and RuboCop come from Debian
# (scripts/web-env installs them). Exits non-zero on any failure.
set -euo pipefail
# shellcheck source=Tests/lib/harness.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/harness.sh"
cd "$here"
# The runtime is no committed file of reference/ (its source is Runtime/): tabgen emits it there.
harness_reference_runtime
echo "ruby -wc: reference"
find reference -name '*.rb' | sort | while read -r file; do
    output=$(ruby -wc "$file" 2>&1)
    [[ "$output" == "Syntax OK" ]] || { echo "$file: $output"; exit 1; }
done
echo "rubocop: reference (omakase, as generated)"
rubocop --config omakase.rubocop.yml --format progress --no-color --cache false reference
echo "rubocop: Tests/Ruby"
rubocop --format progress --no-color
ruby -w -Itest -e 'ARGV.each { |file| require File.expand_path(file) }' $(find reference/test -name '*_test.rb' | sort) test/*_test.rb
