#!/usr/bin/env bash
# The tabgen gem with real parts from Debian: scripts/build-gem packs the platform and the
# plain gem with `gem build`, `gem install --local` puts them into a temporary GEM_HOME,
# and a Rails 6.1 app made with Debian's `rails new` runs the install generator, the rake
# tasks and the test helper (README.md beside this file says what each check proves).
#
#   Tests/Gem/run.sh [TABGEN_BINARY]     default: .build/release/tabgen (--static-swift-stdlib: build-gem refuses
#                                        a binary linking the Swift runtime)
#
# Installs ruby-rails, ruby-bundler, ruby-rspec and ruby-rspec-rails from Debian when missing
# (scripts/web-env brings Ruby, Minitest, Nokogiri and RuboCop). Ends with "gem: N passed, M failed"; exit 1 on a failure.
set -uo pipefail
# shellcheck source=Tests/lib/harness.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/harness.sh"
# shellcheck source=Tests/Gem/lib.sh
source "$here/lib.sh"
gem_setup gem "${1:-}"
native="$work/gems/tabgen-$version-$platform.gem"
plain="$work/gems/tabgen-$version.gem"

echo "gem: RuboCop (gem/, Tests/Gem)"
check "rubocop: gem/ and Tests/Gem have no offense" bash -c "
    cd '$root/gem' && rubocop --format quiet --no-color && cd '$here' && rubocop --format quiet --no-color"

echo "gem: scripts/build-gem with $binary"
check "scripts/build-gem builds tabgen-$version-$platform.gem and tabgen-$version.gem" \
    "$root/scripts/build-gem" --binary "$binary" --version "$version" --out "$work/gems"
check "the platform gem carries the binary as exe/$platform/tabgen, the plain gem none" bash -c "
    tar -xOf '$native' data.tar.gz | tar -tzv | grep -E '^-rwx.* exe/$platform/tabgen\$' &&
    ! tar -xOf '$plain' data.tar.gz | tar -tz | grep -q '^exe/.*/tabgen\$' &&
    tar -xOf '$plain' data.tar.gz | tar -tz | grep -qx 'exe/tabgen'"
check "build-gem refuses a missing binary and a bad version (exit 2)" bash -c "
    expect_exit() { local want=\$1 s=0; shift; \"\$@\" || s=\$?; [[ \$s == \$want ]]; }
    expect_exit 2 '$root/scripts/build-gem' --binary '$work/none' --version 1 --out '$work/x' &&
    expect_exit 2 '$root/scripts/build-gem' --binary '$binary' --version 'not a version' --out '$work/x'"
check_build_gem_refuses_dynamic_binary

export GEM_HOME="$work/home"
unset GEM_PATH  # the default path: GEM_HOME, then the Debian gems (rails, minitest, nokogiri)
plain_home="$work/plain-home"
check "gem install --local of both gems (temporary GEM_HOMEs)" bash -c "
    gem install --local --no-document '$native' && GEM_HOME='$plain_home' gem install --local --no-document '$plain'"
# exe/tabgen: the same arguments, streams and exit status as the binary.
printf '{"active":"home","tabs":[{"id":"home","title":"Home","icon":"house","path":"https://evil.example/x"}]}' > "$work/bad.json"
check "the installed tabgen runs the binary (arguments, output, exit status 1 passed through)" bash -c "
    '$GEM_HOME/bin/tabgen' --version | grep -qF \"\$('$binary' --version)\" &&
    { '$GEM_HOME/bin/tabgen' validate '$work/bad.json' > '$work/out' 2>&1; [[ \$? == 1 ]]; } &&
    grep -q 'error\[TG104\] /tabs/0/path' '$work/out'"
check "the plain gem's tabgen explains what to install (exit 2)" bash -c "
    { GEM_HOME='$plain_home' '$plain_home/bin/tabgen' --version > '$work/out' 2>&1; [[ \$? == 2 ]]; } &&
    grep -qF 'no tabgen binary for $platform' '$work/out' && grep -qF 'TABGEN_BINARY=' '$work/out'"

echo "gem: unit tests of the installed gem (Minitest, ruby -w)"
# Run from a directory without a tabgen.yml: the built-in schema.
mkdir -p "$work/unit"
if (cd "$work/unit" && ruby -w -e 'gem "tabgen"; ARGV.each { |file| require file }' "$here"/unit/*_test.rb) > "$work/unit.log" 2>&1; then :; fi
unit_ok=$(sed -n 's/^\([0-9]*\) runs, [0-9]* assertions, 0 failures, 0 errors.*/\1/p' "$work/unit.log")
unit_runs=$(sed -n 's/^\([0-9]*\) runs, .*/\1/p' "$work/unit.log")
if [[ -n "$unit_ok" && "$unit_ok" -gt 0 ]] && ! grep -q "warning:" "$work/unit.log"; then
    passed=$((passed + unit_ok)); echo "ok   $unit_ok unit tests"
else
    failed=$((failed + ${unit_runs:-1})); echo "FAIL unit tests (or a Ruby warning)"; sed 's/^/     | /' "$work/unit.log" | tail -40
fi

echo "gem: the RSpec matcher under Debian's RSpec $(rspec --version | sed -n 's/^RSpec //p')"
(cd "$work/unit" && rspec --no-color "$here/spec") > "$work/spec.log" 2>&1
spec_ok=$(sed -n 's/^\([0-9]*\) examples, 0 failures$/\1/p' "$work/spec.log")
if [[ -n "$spec_ok" && "$spec_ok" -gt 0 ]]; then
    passed=$((passed + spec_ok)); echo "ok   $spec_ok RSpec examples"
else
    failed=$((failed + 1)); echo "FAIL RSpec examples"; sed 's/^/     | /' "$work/spec.log" | tail -40
fi

echo "gem: a Rails $(ruby -e 'require "rails/version"; print Rails.version') app (rails new, Debian's gems, bundle lock --local)"
app="$work/app"
new_app() {
    new_rails_app app "gem 'tabgen', '$version'" "gem 'rspec-rails', group: :test" &&
        grep -qF "tabgen ($version-$platform)" "$app/Gemfile.lock"
}
check "rails new --minimal --skip-bundle (offline), Gemfile with rails, tabgen, rspec-rails; bundle lock --local" new_app
cd "$app" 2>/dev/null || { echo "gem: $passed passed, $((failed + 1)) failed"; exit 1; }
# The app has no view_component (as most Rails apps): the generator writes the plain helper.
check "bin/rails generate tabgen:install writes tabgen.yml (view: helper, no view_component in the bundle) and runs the first emit" bash -c "
    bin/rails generate tabgen:install > '$work/out' && cat '$work/out' &&
    for file in tabgen.yml .tabgen-manifest app/helpers/tabgen_navigation_helper.rb test/helpers/tabgen_navigation_helper_test.rb \
        app/models/navigation/message_data.rb test/contracts/navigation_test.rb \
        app/javascript/controllers/bridge/navigation_controller.js app/javascript/controllers/bridge/tabgen_runtime.js \
        test/javascript/bridge/navigation_controller.test.js test/javascript/bridge/tabgen_runtime.js \
        test/javascript/bridge/fixtures/MessageData.fixtures.json; do
        [[ -f \$file ]] || { echo \"missing: \$file\"; exit 1; }
    done &&
    grep -qx '      view: helper' tabgen.yml && [[ ! -e app/components ]] && grep -qF 'tabgen_navigation_tag(message)' '$work/out' &&
    ! ls app/javascript/controllers/bridge | grep -q test"
check_rails_app "without view_component" TabgenNavigationHelper
check "bin/rails test test/contracts: the generated value objects' Minitest suite passes in the app" bash -c "
    bin/rails test test/contracts > '$work/out' 2>&1; status=\$?; cat '$work/out';
    [[ \$status == 0 ]] && grep -qE '^[1-9][0-9]* runs, .* 0 failures, 0 errors' '$work/out'"
check "bin/rails -T lists tabgen:emit, tabgen:check and tabgen:validate" bash -c "
    bin/rails -T tabgen > '$work/tasks' && grep -q 'rails tabgen:emit' '$work/tasks' &&
    grep -q 'rails tabgen:check' '$work/tasks' && grep -q 'rails tabgen:validate' '$work/tasks'"
check "bundle exec tabgen explain TG104 runs the binary from the bundle (docs/rails.md)" bash -c "
    bundle exec tabgen explain TG104 > '$work/out' 2>&1; status=\$?; cat '$work/out'; [[ \$status == 0 ]] && grep -q 'TG104' '$work/out'"
check "bin/rails tabgen:check passes on the fresh emit" bin/rails tabgen:check
check "tabgen:check exits 1 naming a stale file; tabgen:emit restores it; check passes again" bash -c "
    echo '// edited' >> app/javascript/controllers/bridge/navigation_controller.js &&
    { bin/rails tabgen:check > '$work/out' 2>&1; [[ \$? == 1 ]]; } &&
    grep -q 'navigation_controller.js' '$work/out' &&
    bin/rails tabgen:emit && bin/rails tabgen:check"

# The app's pages and integration tests (Tests/Gem/app), built on the generated value objects.
cp -R "$here/app/." "$app/"
check "bin/rails test: assert_valid_bridge_config passes on the good page, refute_* finds TG104 and TG003" bash -c "
    bin/rails test test/integration/bridge_config_test.rb > '$work/out' 2>&1; status=\$?; cat '$work/out';
    [[ \$status == 0 ]] && grep -q '^3 runs, .* 0 failures, 0 errors' '$work/out'"
check "bin/rails test: assert_valid_bridge_config on the bad page fails with tabgen's finding" bash -c "
    bin/rails test test/integration/bridge_config_failing_test.rb > '$work/out' 2>&1; status=\$?; cat '$work/out';
    [[ \$status == 1 ]] && grep -q '^1 runs, .* 1 failures, 0 errors' '$work/out' &&
    grep -qF 'tabgen validate rejects the page:' '$work/out' &&
    grep -qE '^  error\[TG104\] /tabs/0/path: \"https://evil.example/x\" ' '$work/out'"
check "bundle exec rspec: be_a_valid_bridge_config in request specs (rspec-rails), passing" bash -c "
    bundle exec rspec --no-color spec/requests/bridge_config_spec.rb > '$work/out' 2>&1; status=\$?; cat '$work/out';
    [[ \$status == 0 ]] && grep -q '^2 examples, 0 failures' '$work/out'"
check "bundle exec rspec: the matcher on the bad page fails with tabgen's finding" bash -c "
    bundle exec rspec --no-color spec/requests/bridge_config_failing_spec.rb > '$work/out' 2>&1; status=\$?; cat '$work/out';
    [[ \$status == 1 ]] && grep -q '^1 example, 1 failure' '$work/out' &&
    grep -qE '^ +error\[TG104\] /tabs/0/path: \"https://evil.example/x\" ' '$work/out'"
check "bin/rails tabgen:validate: 0 on saved good pages, 1 with the finding on a bad one" bash -c "
    mkdir -p tmp/pages && bin/rails runner '
        session = ActionDispatch::Integration::Session.new(Rails.application)
        session.host! \"localhost\"
        %w[good bad].each { |name| session.get(\"/#{name}\"); File.write(\"tmp/pages/#{name}.html\", session.response.body) }' &&
    bin/rails 'tabgen:validate[--html,tmp/pages/good.html]' &&
    { bin/rails tabgen:validate > '$work/out' 2>&1; [[ \$? == 1 ]]; } &&
    grep -q 'tmp/pages/bad.html:[0-9]*:[0-9]*: error\[TG104\] /tabs/0/path' '$work/out'"

# A monorepo: tabgen.yml and the project's schema (with a field of its own) at the root,
# the Rails app in rails/. The generator writes no second tabgen.yml, and the rake tasks
# use the root's, so the app's check and the root's agree.
mono="$work/mono"
check "monorepo: generate tabgen:install in rails/ uses the root's tabgen.yml; tabgen:check and the root's check agree" bash -c "
    mkdir -p '$mono' && cp -R '$app' '$mono/rails' && cd '$mono/rails' &&
    rm -rf tabgen.yml .tabgen-manifest app/models/navigation app/helpers/tabgen_navigation_helper.rb test/contracts test/helpers fixtures &&
    sed 's/\"optionalProperties\": {/\"optionalProperties\": {\"badge\": {\"type\": \"string\"},/' '$root/schema.json' > '$mono/schema.json' &&
    printf 'version: 1\nschema: schema.json\noutputs:\n  - lang: ruby\n    out: rails\n    options: {view: helper}\n' > '$mono/tabgen.yml' &&
    bin/rails generate tabgen:install > '$work/out' 2>&1; status=\$?; cat '$work/out'; [[ \$status == 0 ]] &&
    [[ ! -f tabgen.yml ]] && grep -q 'exist.*\.\./tabgen.yml' '$work/out' &&
    grep -q badge app/models/navigation/tab_data.rb &&
    bin/rails tabgen:check > '$work/out' 2>&1 && grep -q '(from ../tabgen.yml)' '$work/out' &&
    cd '$mono' && '$binary' check"

# The helper in a view (Rails includes app/helpers in every view): a title with markup stays
# inside the attribute, and tabgen validate --html reads back a valid page.
cat > "$work/render_helper.rb" <<'RUBY'
tabs = [{ id: 'home', title: 'Home "><script>x</script>&', icon: 'house', path: '/' },
        { id: 'explore', title: 'Explore', icon: 'magnifyingglass', path: '/explore' }]
print ApplicationController.render(inline: '<%= tabgen_navigation_tag(tabs, class: "tabs") %>', locals: { tabs: { active: 'home', tabs: } })
RUBY
check "a view renders tabgen_navigation_tag: one <nav>, no <script>, and tabgen validate --html passes the page" bash -c "
    bin/rails runner '$work/render_helper.rb' > '$work/helper.html' && cat '$work/helper.html' &&
    grep -q '^<nav data-controller=\"bridge--navigation\" data-bridge--navigation-config-value=\"' '$work/helper.html' &&
    ! grep -q '<script' '$work/helper.html' && '$binary' validate --html '$work/helper.html'"

# The same with view_component in the bundle: the component, as before. Debian packages no
# view_component, so the double of Tests/Ruby/doubles is installed as that gem.
echo "gem: a Rails app with view_component (Tests/Ruby/doubles/view_component.rb as the gem)"
vc_app="$work/vc-app"
new_vc_app() {
    install_view_component_double && new_rails_app vc-app "gem 'tabgen', '$version'" "gem 'view_component'" &&
        grep -qF 'view_component (3.0.0)' "$vc_app/Gemfile.lock" && (cd "$vc_app" && bin/rails generate tabgen:install) &&
        [[ -f "$vc_app/app/components/navigation_component.rb" && -f "$vc_app/test/contracts/navigation_test.rb" ]] &&
        [[ ! -e "$vc_app/app/helpers/tabgen_navigation_helper.rb" ]] && ! grep -q 'view: helper' "$vc_app/tabgen.yml"
}
check "rails new with the view_component double in the Gemfile; the generator writes the ViewComponent" new_vc_app
cd "$vc_app" 2>/dev/null || { echo "gem: $passed passed, $((failed + 1)) failed"; exit 1; }
check_rails_app "with view_component" NavigationComponent

harness_summary gem
