#!/usr/bin/env bash
# Checks the OpenJDK column of the regular-expression dialect table (dialect-oracle.tsv,
# which Tests/PathConfigurationTests checks against ICU and RegexDialect) with the JVM's
# own java.util.regex. Prints `java-dialect: N passed, N failed`; exits non-zero on any
# failure. Needs javac and java (Debian's default-jdk-headless). Works from any directory.
set -euo pipefail
# shellcheck source=Tests/lib/harness.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../lib/harness.sh"
harness_scratch java-dialect
javac -d "$out" "$here/DialectOracle.java"
java -cp "$out" DialectOracle "$here/dialect-oracle.tsv"
