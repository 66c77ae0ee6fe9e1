# Shared by Tests/Gem/run.sh and Tests/Adoption/run.sh (sourced, not run, after
# Tests/lib/harness.sh, whose check and counters it uses): the Debian packages, the gems in
# a temporary GEM_HOME, a Rails 6.1 app from `rails new`, the view_component double as a
# gem, and the checks every generated Rails app must pass.

# gem_setup PREFIX [BINARY]: what both harnesses start with: the packages, $binary, a
# temporary $work (removed on exit) holding check's $log, and the gem's $version and $platform.
gem_setup() {
    gem_need_packages "$1"
    gem_binary "$1" "${2:-}"
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    log="$work/log"
    version=0.0.1
    platform="$(ruby -e 'print "#{Gem::Platform.local.cpu}-#{Gem::Platform.local.os}"')"
}

# gem_need_packages PREFIX: installs the Debian packages of Rails and the gem's tests when
# missing; on failure prints "PREFIX: 0 passed, 1 failed" and exits 1.
gem_need_packages() {
    local prefix="$1" package sudo="" missing=()
    local packages=(ruby ruby-minitest ruby-nokogiri ruby-rails ruby-bundler ruby-rspec ruby-rspec-rails rubocop)
    for package in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    ((${#missing[@]} == 0)) && return 0
    echo "$prefix: installing ${missing[*]}" >&2
    [[ $(id -u) -ne 0 ]] && sudo="sudo"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >&2 \
        || { $sudo apt-get update >&2 \
             && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >&2; } \
        || { echo "$prefix: cannot install ${missing[*]}"; echo "$prefix: 0 passed, 1 failed"; exit 1; }
}

# gem_binary PREFIX [PATH]: sets $binary to PATH (default: the static release build) as an
# absolute path; without an executable there, prints "PREFIX: 0 passed, 1 failed" and exits 1.
gem_binary() {
    local prefix="$1"
    binary="${2:-$root/.build/release/tabgen}"
    [[ -x "$binary" ]] || {
        echo "$prefix: no tabgen binary at $binary (swift build -c release --product tabgen --static-swift-stdlib first)"
        echo "$prefix: 0 passed, 1 failed"; exit 1
    }
    binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
}

# check_build_gem_refuses_dynamic_binary: what a plain `swift build` makes links the
# toolchain's libswiftCore.so (exit 127 wherever it is missing): the debug build, or a
# one-line program from swiftc when there is none. build-gem must refuse it.
check_build_gem_refuses_dynamic_binary() {
    local dynamic="$root/.build/debug/tabgen"
    if [[ ! -x "$dynamic" ]]; then
        dynamic="$work/dynamic/tabgen"
        mkdir -p "$work/dynamic" && echo 'print("tabgen")' > "$work/dynamic/main.swift" &&
            swiftc "$work/dynamic/main.swift" -o "$dynamic" > /dev/null 2>&1
    fi
    check "build-gem refuses a binary linking the Swift runtime (exit 2, names it, says how to build; writes nothing)" bash -c "
        { '$root/scripts/build-gem' --binary '$dynamic' --version 1 --out '$work/refused' > '$work/refused.out' 2>&1; [[ \$? == 2 ]]; } &&
        grep -q '^libswiftCore\.so\$' '$work/refused.out' && grep -qF 'is not a portable Linux binary' '$work/refused.out' &&
        grep -qF 'swift build -c release --product tabgen --static-swift-stdlib' '$work/refused.out' && [[ ! -e '$work/refused' ]]"
}

# new_rails_app NAME GEM...: `rails new NAME` in $work (--minimal, offline), a Gemfile of
# rails and the GEM lines given, `bundle lock --local`; one worker for tests (pointless and
# slow on two cores) and no file watcher (it needs the listen gem, which --minimal leaves out).
new_rails_app() {
    local name="$1"; shift
    (cd "$work" && rails new "$name" --minimal --skip-bundle --skip-git --skip-active-record --skip-javascript \
        --skip-webpack-install --skip-sprockets --quiet) || return 1
    { printf "source 'https://rubygems.org'\n\ngem 'rails', '~> 6.1.0'\n"; printf '%s\n' "$@"; } > "$work/$name/Gemfile"
    (cd "$work/$name" && bundle lock --local) || return 1
    sed -i 's/parallelize(workers: :number_of_processors)/parallelize(workers: 1)/' "$work/$name/test/test_helper.rb"
    sed -i 's/^\(\s*\)config.file_watcher = ActiveSupport::EventedFileUpdateChecker/\1# &/' "$work/$name/config/environments/development.rb"
}

# install_view_component_double: Debian packages no view_component, so the double of
# Tests/Ruby/doubles is installed into $GEM_HOME as that gem (3.0.0).
install_view_component_double() {
    mkdir -p "$work/vc-gem/lib" && cp "$root/Tests/Ruby/doubles/view_component.rb" "$work/vc-gem/lib/view_component.rb" &&
    printf "Gem::Specification.new do |s|\n  s.name = 'view_component'\n  s.version = '3.0.0'\n  s.summary = 'test double'\n  s.authors = ['tabgen']\n  s.files = ['lib/view_component.rb']\n  s.license = 'MIT'\nend\n" > "$work/vc-gem/view_component.gemspec" &&
    (cd "$work/vc-gem" && gem build view_component.gemspec && gem install --local --no-document view_component-3.0.0.gem)
}

# check_rails_app LABEL CONSTANT: in the current Rails app, zeitwerk:check, the whole
# `bin/rails test` and a production boot (eager loading), where CONSTANT's policy is :skip.
check_rails_app() {
    local label="$1" constant="$2"
    check "$label: bin/rails zeitwerk:check, every generated constant loads" bash -c "
        bin/rails zeitwerk:check > '$work/out' 2>&1; status=\$?; cat '$work/out'; [[ \$status == 0 ]] && grep -q 'All is good' '$work/out'"
    check "$label: bin/rails test, the whole generated suite passes" bash -c "
        bin/rails test > '$work/out' 2>&1; status=\$?; cat '$work/out';
        [[ \$status == 0 ]] && grep -qE '^[1-9][0-9]+ runs, .* 0 failures, 0 errors, 0 skips' '$work/out'"
    check "$label: production boot (eager loading), $constant.invalid_message_policy is skip" bash -c "
        SECRET_KEY_BASE=tabgen-test RAILS_ENV=production bin/rails runner 'puts $constant.invalid_message_policy' > '$work/out' 2>&1;
        status=\$?; cat '$work/out'; [[ \$status == 0 ]] && [[ \$(tail -1 '$work/out') == skip ]]"
}
