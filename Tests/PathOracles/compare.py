#!/usr/bin/env python3
"""Compares `tabgen paths --format json` with the Android and iOS oracles' resolutions.
Usage: compare.py TABGEN URLS ANDROID_OUT IOS_OUT CONFIG...
Prints each disagreement, then `path-oracles: N passed, M failed` (resolutions: one per
configuration, URL and platform) and the disagreements by cause."""
import collections, json, os, subprocess, sys

tabgen, urls, android_out, ios_out, *configs = sys.argv[1:]
oracles = {"android": collections.defaultdict(list), "ios": collections.defaultdict(list)}
for platform, path in (("android", android_out), ("ios", ios_out)):
    for line in open(path, encoding="utf-8"):
        entry = json.loads(line)
        oracles[platform][entry["case"]].append(entry)

passed, failed, causes = 0, 0, collections.Counter()
for config in configs:
    case = os.path.basename(config)
    run = subprocess.run([tabgen, "paths", "--format", "json", "--urls-from", urls, config], capture_output=True, text=True)
    mine = {}
    if run.returncode != 2:
        for line in run.stdout.splitlines():
            entry = json.loads(line)
            mine[entry["url"]] = entry
    for platform in ("android", "ios"):
        for o in oracles[platform][case]:
            problems = []
            entry = mine.get(o["url"])
            if entry is None:
                # tabgen refuses (exit 2) only what neither platform loads.
                if o["dropped"] is None:
                    problems.append(("tabgen refuses the document", run.stderr.strip()[:120], ""))
            else:
                side, findings = entry[platform], entry["findings"]
                name = "iOS" if platform == "ios" else "Android"
                dropped = any(f["code"] == "PC206" and name + " ignores" in f["message"] for f in findings)
                if dropped != (o["dropped"] is not None):
                    problems.append(("document dropped", dropped, o["dropped"]))
                throws = any(f["code"] == "PC204" and "resolving this URL" in f["message"] for f in findings)
                if platform == "android" and throws != (o["throws"] is not None):
                    problems.append(("throws resolving", throws, o["throws"]))
                if not throws and o.get("throws") is None:
                    if side["matchedText"] != o["matched"]:
                        problems.append(("matched text", side["matchedText"], o["matched"]))
                    for key, value in o["properties"].items():
                        reading = side["properties"].get(key, {})
                        got = "throws ClassCastException" if "ClassCast" in reading.get("throws", "") else reading.get("value")
                        if got != value:
                            problems.append(("property " + key, got, value))
            if problems:
                failed += 1
                for cause, got, expected in problems:
                    causes[(platform, cause)] += 1
                    print(f"disagree: {case} {o['url']} {platform} {cause}: tabgen {got!r}, oracle {expected!r}")
            else:
                passed += 1
print(f"path-oracles: {passed} passed, {failed} failed")
for (platform, cause), count in sorted(causes.items()):
    print(f"  {platform} {cause}: {count}")
sys.exit(1 if failed or not passed else 0)
