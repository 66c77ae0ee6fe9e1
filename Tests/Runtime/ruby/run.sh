#!/usr/bin/env bash
# The Ruby runtime (Runtime/ruby/tabgen_runtime.rb) on its own, before any generation: with
# every feature (the file as written) and with none, `ruby -wc`, RuboCop (RuboCop's
# defaults, the style it is written in; RubyStyleTests checks the generated copies in
# both styles) and the shared vectors (vectors_test.rb, every Tests/Vectors/**/*.json).
# Prints `ruby-runtime: N passed, N failed`; exits non-zero on any failure. Needs ruby,
# Minitest and RuboCop (scripts/web-env). Works from any directory.
set -uo pipefail
# shellcheck source=Tests/lib/harness.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../lib/harness.sh"
harness_runtime ruby-runtime "$root/Runtime/ruby/tabgen_runtime.rb" '#' || exit 1

# RuboCop's defaults, as for generated code in that style (Tests/Ruby/defaults.rubocop.yml,
# which leaves the Metrics cops and the line length of the checks alone: they mirror
# tabgen's engine function for function, with its messages written out whole).
cat > "$out/.rubocop.yml" <<YAML
inherit_from: $root/Tests/Ruby/defaults.rubocop.yml
Metrics:
  Exclude: ["*/tabgen_runtime.rb"]
Layout/LineLength:
  Exclude: ["*/tabgen_runtime.rb"]
YAML
for variant in all none; do
  file="$out/$variant/tabgen_runtime.rb"
  check "ruby -wc ($variant features)" ruby -wc "$file"
  check "rubocop ($variant features)" bash -c 'cd "$1" && rubocop --format emacs --no-color --cache false "$2/tabgen_runtime.rb"' _ "$out" "$variant"
  if vectors_log=$(TABGEN_RUBY_RUNTIME="$file" ruby -w "$here/vectors_test.rb" 2>&1); then :; fi
  runs=$(sed -n 's/^\([0-9]*\) runs, [0-9]* assertions, \([0-9]*\) failures, \([0-9]*\) errors.*/\1 \2 \3/p' <<<"$vectors_log" | tail -1)
  read -r total failures errors <<<"${runs:-0 0 1}"
  if [ "$failures" = 0 ] && [ "$errors" = 0 ] && [ "$total" -gt 0 ]; then
    passed=$((passed + total))
  else
    failed=$((failed + failures + errors + (total == 0)))
    echo "FAIL vectors ($variant features)"
    echo "$vectors_log" | grep -v '^\.*$' | tail -40
  fi
  echo "vectors ($variant features): $total runs, $failures failures, $errors errors"
done
harness_summary ruby-runtime
