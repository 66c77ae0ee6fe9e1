#!/usr/bin/env bash
# The Spark job of integrations/spark in local[2] mode on a small generated log set
# (Tests/Spark/make_logs.py: bare CRs, invalid UTF-8, duplicate keys, lone surrogates, an
# over-long line...), its findings compared record for record with those of one
# `tabgen validate --jsonl --payload /payload` process over the same files, and its report
# with that process's counts, its report.html byte for byte with the page `tabgen report`
# makes from that process's findings. Installs pyspark from PyPI when missing (Java 17 must be on
# PATH). About 30 s, most of it Spark starting.
#
#   Tests/Spark/run.sh [BINARY]     default .build/release/tabgen
#
# Prints `spark: N passed, M failed`.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
binary=$(realpath "${1:-.build/release/tabgen}")
python3 -c "import pyspark" 2>/dev/null || python3 -m pip install --quiet pyspark >&2 \
    || { echo "spark: could not install pyspark" >&2; echo "spark: 0 passed, 1 failed"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Tests/Spark/make_logs.py "$work/logs" --max-bytes 4096
# One process: the reference.
"$binary" validate --jsonl --payload /payload --carry /app,/platform,/at --format json --max-bytes 4096 \
    --schema schema.json --summary json --exit-status failures "$work"/logs/*.jsonl > "$work/direct.jsonl" 2> "$work/direct.err"
status=$?
# The job, as spark-submit would run it (the binary and schema shipped with addFile, found with SparkFiles).
python3 integrations/spark/tabgen_spark.py --master 'local[2]' --tabgen "$binary" --schema schema.json \
    --max-bytes 4096 --out "$work/out" "$work"/logs/*.jsonl > "$work/spark.log" 2>&1
spark_status=$?
# The report page from the one process's findings, to equal the job's (out/report.html).
"$binary" report --out "$work/direct.html" "$work/direct.jsonl" 2> "$work/report.err"
python3 - "$work" "$status" "$spark_status" <<'PY'
import glob, json, pathlib, sys
work, status, spark_status = pathlib.Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
passed = failed = 0
def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"spark: FAILED: {name} {detail}"[:3000], file=sys.stderr)
check("the tabgen process exits 0 (--exit-status failures)", status == 0, (work / "direct.err").read_text())
check("the Spark job succeeds", spark_status == 0, (work / "spark.log").read_text()[-3000:])
def key(record, carry):
    return (record["file"], record["line"], record["column"], record["severity"], record.get("code"),
            record.get("pointer"), record["message"], record.get("schemaPath"), carry)
direct = []
for text in (work / "direct.jsonl").read_text(encoding="utf-8").splitlines():
    record = json.loads(text)
    direct.append(key(record, json.dumps(record.get("carry") or {}, sort_keys=True, ensure_ascii=False)))
spark = []
for part in glob.glob(str(work / "out" / "findings" / "*.json")):
    for text in pathlib.Path(part).read_text(encoding="utf-8").splitlines():
        record = json.loads(text)
        spark.append(key(record, record["carry"]))
direct.sort(key=repr)
spark.sort(key=repr)
check("the hostile lines have their findings", {k[4] for k in direct} >= {"TG001", "TG002", "TG006", "TG104"}, str({k[4] for k in direct}))
logs = b"".join(p.read_bytes() for p in sorted((work / "logs").glob("*.jsonl")))
kinds = {"invalid UTF-8": b"\xff\xc3(" in logs, "a bare CR": any(b"\r" in l for l in logs.replace(b"\r\n", b"\n").split(b"\n")),
         "duplicate keys": b',"payload":{"active":null' in logs and b'"active":"home","active"' in logs, "a lone surrogate escape": b"\\ud800" in logs,
         "a raw encoded surrogate": b"\xed\xa0\x80" in logs and b"\xed\xb0\x80" in logs,
         "a line over --max-bytes": any(len(l) > 4096 for l in logs.split(b"\n")), "CRLF endings": b"\r\n" in logs}
check("the logs hold every hostile kind", all(kinds.values()), str([k for k, v in kinds.items() if not v]))
missing = [k for k in direct if k not in spark]
extra = [k for k in spark if k not in direct]
check(f"the job's findings equal one process's, record for record ({len(direct)} findings)", direct == spark,
      f"missing {missing[:3]} extra {extra[:3]} ({len(direct)} vs {len(spark)})")
summary = json.loads((work / "direct.err").read_text().strip().splitlines()[-1])
report = []
for part in glob.glob(str(work / "out" / "report" / "*.json")):
    report += [json.loads(text) for text in pathlib.Path(part).read_text(encoding="utf-8").splitlines()]
valid = sum(r["findings"] for r in report if r["code"] == "valid")
counted = sum(r["findings"] for r in report if r["code"] != "valid")
check("the report's valid lines are the process's", valid == summary["valid"], f"{valid} vs {summary}")
check("the report's findings are the process's", counted == summary["errors"] + summary["warnings"], f"{counted} vs {summary}")
by_app = {}
for record in (json.loads(t) for t in (work / "direct.jsonl").read_text(encoding="utf-8").splitlines()):
    app = (record.get("carry") or {}).get("/app")
    by_app[app] = by_app.get(app, 0) + 1
report_by_app = {}
for r in report:
    if r["code"] != "valid":
        report_by_app[r.get("app")] = report_by_app.get(r.get("app"), 0) + r["findings"]
check("the report's counts by app version are the process's", by_app == report_by_app, f"{by_app} vs {report_by_app}")
check("the report has days", all(r.get("day") is None or len(r["day"]) == 10 for r in report) and any(r.get("day") for r in report))
page, direct_page = work / "out" / "report.html", work / "direct.html"
check("the job's report page is, byte for byte, the page `tabgen report` makes from the one process's findings",
      page.exists() and direct_page.exists() and page.read_bytes() == direct_page.read_bytes(),
      (work / "report.err").read_text() + f" job page {page.stat().st_size if page.exists() else 'missing'} bytes")
print(f"spark: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
