#!/usr/bin/env bash
# A scripted adoption of tabgen (issue 24), on a scratch copy of Tests/Adoption/product: a
# small product laid out like github.com/tildeio/hotwire-native-dynamic-tab-bar (two iOS
# apps, two Android apps, a Rails app made here with `rails new`), with hand-written types
# and a hand-written Stimulus controller in place. It takes the steps the docs give a new
# user (README.md beside this file lists them) and checks each, as one pass or failure:
# init, replacing what init names, emit, check from the root and from rails/, the gem's
# generator, the Rails app with and without view_component, the generated JavaScript,
# Swift and Kotlin in their toolchains, and build-gem's refusal of a non-portable binary.
#
#   Tests/Adoption/run.sh [TABGEN_BINARY]    default: .build/release/tabgen (--static-swift-stdlib,
#                                            as the gem needs; Tests/Gem/run.sh says why)
#
# Uses the Debian packages, Rails app and checks of Tests/Gem/lib.sh, node, swift and
# scripts/kotlin-env. Ends with "adoption: N passed, M failed"; exit 1 on a failure.
set -uo pipefail
# shellcheck source=Tests/lib/harness.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/harness.sh"
# shellcheck source=Tests/Gem/lib.sh
source "$root/Tests/Gem/lib.sh"
gem_setup adoption "${1:-}"
export GEM_HOME="$work/home"
unset GEM_PATH  # the default path: GEM_HOME, then the Debian gems (rails, minitest, nokogiri)
product="$work/product"

echo "adoption: the gem, and two Rails $(ruby -e 'require "rails/version"; print Rails.version') apps (rails new; one with view_component)"
check_build_gem_refuses_dynamic_binary
install_gem() {
    "$root/scripts/build-gem" --binary "$binary" --version "$version" --out "$work/gems" &&
        gem install --local --no-document "$work/gems/tabgen-$version-$platform.gem"
}
check "scripts/build-gem with $(basename "$binary") and gem install --local of the platform gem" install_gem
new_apps() {
    install_view_component_double &&
        new_rails_app shop "gem 'tabgen', '$version'" && new_rails_app shop-vc "gem 'tabgen', '$version'" "gem 'view_component'"
}
check "rails new --minimal of the product's Rails app, and of the same with view_component (the double)" new_apps

# The product as a team has it before tabgen: the Rails app (`rails new rails` is refused:
# the name is Rails's own) with its hand-written controller.
cp -R "$here/product" "$product" && cp -R "$work/shop/." "$product/rails/"
hand_written=(
    ios-swiftui/Shop/ShopSwiftUI/TabData.swift
    ios-uikit/Shop/ShopUIKit/TabData.swift
    rails/app/javascript/controllers/bridge/navigation_controller.js
)
cd "$product" || exit 1

echo "adoption: tabgen init, the files it names, tabgen emit and check"
check "tabgen init finds the four apps and the Rails app, with each one's Swift module or Kotlin package" bash -c "
    '$binary' init 2> '$work/init.err'; status=\$?; cat '$work/init.err'; [[ \$status == 0 ]] &&
    grep -qxF 'tabgen: found iOS app ios-swiftui/Shop/Shop.xcodeproj: sources in ios-swiftui/Shop/ShopSwiftUI, module ShopSwiftUI, test target ShopSwiftUITests' '$work/init.err' &&
    grep -qxF 'tabgen: found iOS app ios-uikit/Shop/Shop.xcodeproj: sources in ios-uikit/Shop/ShopUIKit, module ShopUIKit, test target ShopUIKitTests' '$work/init.err' &&
    grep -qxF 'tabgen: found Android module android-compose/app: package dev.example.shop.compose (namespace in build.gradle.kts)' '$work/init.err' &&
    grep -qxF 'tabgen: found Android module android-fragments/app: package dev.example.shop.fragments (namespace in build.gradle.kts)' '$work/init.err' &&
    grep -qxF 'tabgen: found Rails app rails' '$work/init.err'"
check "tabgen.yml: one output per app, in its own folder, with its module or package" bash -c "
    cat tabgen.yml; ruby -ryaml -e '
        outputs = YAML.safe_load(File.read(\"tabgen.yml\"))[\"outputs\"].map { |o| [o[\"lang\"], o[\"out\"], o.dig(\"options\", \"testableImport\") || o.dig(\"options\", \"package\")] }
        expected = [[\"swift\", \"ios-swiftui/Shop/ShopSwiftUI/Generated/Tabgen\", \"ShopSwiftUI\"],
                    [\"swift\", \"ios-uikit/Shop/ShopUIKit/Generated/Tabgen\", \"ShopUIKit\"],
                    [\"kotlin\", \"android-compose/app\", \"dev.example.shop.compose\"],
                    [\"kotlin\", \"android-fragments/app\", \"dev.example.shop.fragments\"],
                    [\"typescript\", \"rails/app/javascript/controllers/bridge\", nil]]
        exit(outputs == expected ? 0 : (p(outputs) && 1))'"
check "tabgen.yml: one runtime per platform for the two iOS and the two Android apps (runtime:)" bash -c "
    ruby -ryaml -e 'exit(YAML.safe_load(File.read(\"tabgen.yml\"))[\"runtime\"] == \"tabgen/runtime\")'"
# As init says: each file it names goes (the generated one replaces it), then emit.
named() {
    sed -n -e 's/^tabgen: \([^ ]*\) is hand-written and tabgen generates .*/\1/p' \
        -e 's/^tabgen: \([^ ]*\) exists and tabgen did not write it.*/\1/p' "$work/init.err" | sort
}
check "init names exactly the hand-written files the first emit would stop on (two Swift TabData, the controller)" bash -c "
    diff <(printf '%s\n' ${hand_written[*]} | sort) <($(declare -f named); work='$work' named)"
check "init names, with file and line, the hand-written Kotlin types the generated ones declare again in another package" bash -c "
    grep -qF 'tabgen: android-compose/app/src/main/java/dev/example/shop/compose/TabData.kt:4: data class TabData is hand-written and the generated android-compose/app/src/main/kotlin/dev/example/shop/compose/navigation/TabData.kt declares TabData too (in package dev.example.shop.compose.navigation, this one in dev.example.shop.compose)' '$work/init.err' &&
    grep -qF 'tabgen: android-fragments/app/src/main/java/dev/example/shop/fragments/TabData.kt:' '$work/init.err'"
check "init names the hand-written type nested in an extension that would hide the generated one (the reference app's private MessageData)" \
    grep -qxF 'tabgen: ios-uikit/Shop/ShopUIKit/NavigationComponent.swift:12: struct MessageData in extension NavigationComponent is hand-written and the generated ios-uikit/Shop/ShopUIKit/Generated/Tabgen/MessageData.swift declares MessageData too: inside NavigationComponent it hides the generated type, which NavigationComponent then never uses; delete it (the generated type replaces it) or rename it' "$work/init.err"
named | while read -r file; do rm -- "$file"; done
check "tabgen emit succeeds the first time, writing every output" bash -c "
    '$binary' emit > '$work/out' 2>&1; status=\$?; cat '$work/out'; [[ \$status == 0 ]] &&
    [[ \$(grep -cE '^(swift|kotlin|typescript): .*: [1-9][0-9]* written, 0 unchanged\$' '$work/out') == 7 ]]"
check "tabgen check is green from the root" "$binary" check
check "the runtimes are written once per platform, in tabgen/runtime (tabgen.yml's runtime:), not once per app" bash -c "
    diff <(printf '%s\n' ./tabgen/runtime/kotlin/dev/example/shop/tabgen/TabgenRuntime.kt ./tabgen/runtime/swift/TabgenRuntime.swift) \
         <(find . -name 'TabgenRuntime.*' | sort)"
check "the fixtures are written once, in the project's fixtures/ (tabgen.yml's fixtures:), not once per output" bash -c "
    diff <(echo ./fixtures/MessageData.fixtures.json) <(find . -name '*.fixtures.json' | sort)"

echo "adoption: the generated Swift, Kotlin and JavaScript in their toolchains"
# The generated Swift of both iOS apps in a scratch package, as docs/ios.md lays it out:
# the folder in the app's target without Tests/, Tests/ in the test target (with fixtures:
# in tabgen.yml, as init writes it, the output has no fixtures/), and the shared runtime
# folder (runtime:) in each app's target. The outputs and the project's fixtures/ keep their
# places, as in the product: the tests read the shared file by a path from their own (#filePath).
swift_package() {
    local package="$work/swift" app
    mkdir -p "$package"
    for app in ios-swiftui/Shop/ShopSwiftUI ios-uikit/Shop/ShopUIKit; do
        mkdir -p "$package/$app/Generated/Tabgen" && cp -R "$app/Generated/Tabgen/." "$package/$app/Generated/Tabgen/" &&
            cp tabgen/runtime/swift/TabgenRuntime.swift "$package/$app/Generated/Tabgen/" || return
    done
    cp -R fixtures "$package/fixtures"
    cat > "$package/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription

let swiftUI = "ios-swiftui/Shop/ShopSwiftUI/Generated/Tabgen", uiKit = "ios-uikit/Shop/ShopUIKit/Generated/Tabgen"
let package = Package(name: "Shop", targets: [
    .target(name: "ShopSwiftUI", path: swiftUI, exclude: ["Tests"]),
    .testTarget(name: "ShopSwiftUITests", dependencies: ["ShopSwiftUI"], path: swiftUI + "/Tests"),
    .target(name: "ShopUIKit", path: uiKit, exclude: ["Tests"]),
    .testTarget(name: "ShopUIKitTests", dependencies: ["ShopUIKit"], path: uiKit + "/Tests"),
])
SWIFT
    (cd "$package" && swift build --build-tests -Xswiftc -warnings-as-errors)
}
check "the generated Swift of both iOS apps and their tests compile (swift build --build-tests, warnings as errors)" swift_package
check "the generated Swift Testing suites of both apps pass, reading the project's fixtures from their own path (swift test)" bash -c "
    cd '$work/swift' && swift test --skip-build > '$work/out' 2>&1; status=\$?; cat '$work/out';
    [[ \$status == 0 ]] && grep -qE 'Test run with 2 tests in 2 suites passed' '$work/out'"
check "without the fixtures file they fail, naming the file and tabgen emit" bash -c "
    cd '$work/swift' && mv fixtures fixtures.away && swift test --skip-build > '$work/out' 2>&1; status=\$?; mv fixtures.away fixtures; cat '$work/out';
    [[ \$status != 0 ]] && [[ \$(grep -cF 'cannot read the fixtures $work/swift/fixtures/MessageData.fixtures.json: ' '$work/out') -ge 2 ]] &&
    grep -qF '(tabgen emit writes them)' '$work/out'"
kotlin_compile() {
    eval "$("$root/scripts/kotlin-env")" &&
        "$root/Tests/Kotlin/kotlinc" --junit -d "$work/kotlin" android-compose/app/src android-fragments/app/src tabgen/runtime/kotlin
}
check "the generated Kotlin of both Android apps, their tests, the apps' own sources and the shared runtime compile (kotlinc -Werror)" kotlin_compile
# Each module's JUnit test from the module directory, Gradle's working directory for unit tests.
kotlin_run() {
    local module="$1" package="$2"
    (cd "$module" && "$root/Tests/Kotlin/krun" --junit -cp "$work/kotlin" "$package.navigation.NavigationRoundTripTest") > "$work/out" 2>&1
    local status=$?
    cat "$work/out"
    [[ $status == 0 ]] && grep -qE '^kotlin: [1-9][0-9]* passed, 0 failed, 0 skipped' "$work/out"
}
check "the generated JUnit tests of both Android apps pass, reading the project's fixtures from the module directory" bash -c "
    $(declare -f kotlin_run); root='$root' work='$work'
    kotlin_run android-compose/app dev.example.shop.compose && kotlin_run android-fragments/app dev.example.shop.fragments"

echo "adoption: the Rails side (bin/rails generate tabgen:install in rails/, with the root's tabgen.yml)"
# adopt_rails DIR LABEL CONSTANT: the generator in DIR/rails, the outputs it asks for added
# to the root's tabgen.yml (docs/rails.md), the rake tasks, and the Rails app's checks.
adopt_rails() {
    local dir="$1" label="$2" constant="$3"
    cd "$dir/rails" || return
    check "$label: generate tabgen:install writes no second tabgen.yml and asks for the outputs the root's lacks" bash -c "
        bin/rails generate tabgen:install > '$work/generator.out' 2>&1; status=\$?; cat '$work/generator.out'; [[ \$status == 0 ]] &&
        [[ ! -e tabgen.yml ]] && grep -q 'exist.*\.\./tabgen.yml' '$work/generator.out' &&
        grep -qx '    out: rails' '$work/generator.out' && grep -qx '    out: rails/test/javascript/bridge' '$work/generator.out'"
    # The user's step: the printed outputs go at the end of the root's outputs:.
    sed -n '/^  - lang: /,/^$/p' "$work/generator.out" | sed '/^$/d' >> ../tabgen.yml
    check "$label: bin/rails tabgen:emit, then tabgen check is green from the root, from rails/ and as bin/rails tabgen:check" bash -c "
        bin/rails tabgen:emit && '$binary' check && (cd .. && '$binary' check) && bin/rails tabgen:check"
    check_rails_app "$label" "$constant"
}
cp -R "$product" "$work/product-vc" && cp "$work/shop-vc/Gemfile" "$work/shop-vc/Gemfile.lock" "$work/product-vc/rails/"
adopt_rails "$product" "without view_component" TabgenNavigationHelper
# The generated controller's node:test suite, as docs/rails.md runs it, with the doubles
# (at least as strict as the real packages) where `npm i` would put the real ones.
mkdir -p "$product/rails/node_modules" && cp -R "$root/Tests/TypeScript/doubles/@hotwired" "$product/rails/node_modules/"
check "the generated JavaScript tests pass against the strict doubles (node --test navigation_controller.test.js)" bash -c "
    cd '$product/rails/test/javascript/bridge' && node --test navigation_controller.test.js > '$work/out' 2>&1; status=\$?; cat '$work/out';
    [[ \$status == 0 ]] && grep -qE '^# pass [1-9]' '$work/out' && grep -qx '# fail 0' '$work/out'"
adopt_rails "$work/product-vc" "with view_component" NavigationComponent

harness_summary adoption
