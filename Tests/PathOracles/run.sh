#!/usr/bin/env bash
# `tabgen paths` against two oracles of how the apps load and resolve a path
# configuration (README.md next to this file): AndroidOracle.java (Gson from Debian's
# libgoogle-gson-java, java.util.regex) and ios-oracle.swift (JSONSerialization,
# NSRegularExpression). Usage: run.sh PATH/TO/tabgen. Prints `path-oracles: N passed, M failed`.
set -euo pipefail
tabgen=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "${BASH_SOURCE[0]}")"
work=../../.scratch/path-oracles
mkdir -p "$work"
gson=/usr/share/java/gson.jar
[[ -f $gson ]] || { echo "run.sh: $gson missing (Debian package libgoogle-gson-java)" >&2; exit 1; }
# Not shared.json: its patterns are the dialect table's (PC002, PC003), where the oracle's
# OpenJDK java.util.regex is not the ICU an Android device runs.
configs=(cases/*.json $(ls ../TabgenCLITests/Payloads/path-configuration/*.json | grep -v '/shared\.json$'))
javac -d "$work" -cp "$gson" AndroidOracle.java
swiftc -Onone ios-oracle.swift -o "$work/ios-oracle"
java -cp "$gson:$work" AndroidOracle urls.txt "${configs[@]}" > "$work/android.jsonl"
"$work/ios-oracle" urls.txt "${configs[@]}" > "$work/ios.jsonl"
python3 compare.py "$tabgen" urls.txt "$work/android.jsonl" "$work/ios.jsonl" "${configs[@]}"
