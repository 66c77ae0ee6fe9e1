#!/usr/bin/env python3
"""Validates a fleet's logged configure payloads on Apache Spark, with tabgen as the validator.

Each log file holds one envelope per line (JSON Lines: app version, platform, time, and the
payload at a JSON pointer). The files are read as bytes (Spark's binaryFile source: one row
per file, never Spark's text decoding, which splits lines on a bare CR and replaces invalid
UTF-8), and each task runs the tabgen binary, shipped to the executors with SparkContext.addFile
(what spark-submit --files does) and found with SparkFiles, on each of its files:

    tabgen validate --jsonl --payload POINTER --carry APP,PLATFORM,TIME --format json
                    --records lines --exit-status failures --summary json --jobs 1 --schema SCHEMA -

so its findings are, record for record, those of one `tabgen validate` process over the same
files. A failure to validate (exit 2: unreadable input, bad schema, usage) fails the task.

Writes, under --out:
  findings/  every finding with the carried fields (JSON Lines): file, line, column, severity,
             code, pointer, message, schemaPath, app, platform, day, carry (JSON of the
             carried members)
  report/    counts by app version, platform, day and code (JSON Lines; code "valid" counts
             the valid lines, so each group's lines add up)
  report.html  the page `tabgen report` makes from findings/ (on the driver; --page)

Usage (see docs/scale.md):
  spark-submit --master local[2] integrations/spark/tabgen_spark.py \\
      --tabgen dist/tabgen --schema schema.json --out out/ logs/*.jsonl
"""
import argparse
import json
import os
import subprocess
import sys


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description="Validate logged configure payloads with tabgen on Spark.")
    parser.add_argument("inputs", nargs="+", help="log files or globs (anything Spark's binaryFile source reads)")
    parser.add_argument("--tabgen", required=True, help="the tabgen binary (the portable release binary), shipped to every executor")
    parser.add_argument("--schema", required=True, help="the schema, shipped with the binary so every executor checks the same version")
    parser.add_argument("--out", required=True, help="output folder: findings/ and report/")
    parser.add_argument("--payload", default="/payload", help="JSON pointer of the payload in each envelope (default /payload)")
    parser.add_argument("--app", default="/app", help="pointer of the app version (default /app)")
    parser.add_argument("--platform", default="/platform", help="pointer of the platform (default /platform)")
    parser.add_argument("--time", default="/at", help="pointer of the time, an ISO 8601 string whose first 10 characters are the day (default /at)")
    parser.add_argument("--carry", default="", help="more pointers to carry into the findings, comma-separated")
    parser.add_argument("--max-bytes", type=int, help="tabgen's --max-bytes: the longest line read")
    parser.add_argument("--master", help="Spark master when not run by spark-submit (e.g. local[2])")
    parser.add_argument("--page", help="where the driver writes the report page (default OUT/report.html when OUT is a local folder; "
                                       "none for another file system unless given)")
    return parser.parse_args(argv)


def tabgen_command(binary, schema, options):
    carried = [options["app"], options["platform"], options["time"]] + [p for p in options["carry"].split(",") if p]
    command = [binary, "validate", "--jsonl", "--payload", options["payload"], "--carry", ",".join(carried),
               "--format", "json", "--records", "lines", "--exit-status", "failures", "--summary", "json",
               "--jobs", "1", "--schema", schema]
    if options.get("max_bytes"):
        command += ["--max-bytes", str(options["max_bytes"])]
    return command + ["-"]


def validate_files(rows, options):
    """A partition's files through tabgen: one process per file, its bytes on standard input.

    Yields (kind, record): ("finding", dict) for each finding and ("line", dict) for each line.
    """
    from pyspark import SparkFiles

    binary = SparkFiles.get(os.path.basename(options["tabgen"]))
    schema = SparkFiles.get(os.path.basename(options["schema"]))
    # Files shipped by addFile (or --files) may lose their executable bit.
    if not os.access(binary, os.X_OK):
        os.chmod(binary, 0o755)
    command = tabgen_command(binary, schema, options)
    app, platform, time = options["app"], options["platform"], options["time"]
    for row in rows:
        name = row.path[len("file:"):] if row.path.startswith("file:") else row.path
        result = subprocess.run(command, input=bytes(row.content), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if result.returncode != 0:
            raise RuntimeError(f"tabgen could not validate {name} (exit {result.returncode}): "
                               + result.stderr.decode("utf-8", "replace")[-2000:])
        for text in result.stdout.splitlines():
            record = json.loads(text)
            carry = record.get("carry") or {}
            moment = carry.get(time)
            fields = {
                "file": name,
                "line": record["line"],
                "app": as_text(carry.get(app)),
                "platform": as_text(carry.get(platform)),
                "day": moment[:10] if isinstance(moment, str) else None,
                "carry": json.dumps(carry, sort_keys=True, ensure_ascii=False),
            }
            yield ("line", dict(fields, status=record["status"]))
            for finding in record["findings"]:
                yield ("finding", dict(fields, column=finding["column"], severity=finding["severity"],
                                       code=finding.get("code"), pointer=finding.get("pointer"),
                                       message=finding["message"], schemaPath=finding.get("schemaPath")))


def as_text(value):
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, sort_keys=True)


def write_report_page(spark, arguments):
    """The page of `tabgen report` from the findings just written, made on the driver with
    the same binary: the findings are read back (Spark's own JSON Lines, so its text reader
    is safe here) and streamed to the process, so the page equals the one `tabgen report`
    makes from one `tabgen validate` process over the same files."""
    page = arguments.page
    if page is None:
        if "://" in arguments.out:
            return None
        page = os.path.join(arguments.out, "report.html")
    command = [os.path.abspath(arguments.tabgen), "report", "--time", arguments.time, "--by", arguments.app,
               "--platform", arguments.platform, "--out", page, "-"]
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        for row in spark.read.text(os.path.join(arguments.out, "findings")).toLocalIterator():
            process.stdin.write(row.value.encode("utf-8") + b"\n")
        process.stdin.close()
    except BrokenPipeError:
        pass  # tabgen stopped reading: its exit status and message say why
    error = process.stderr.read()
    if process.wait() != 0:
        raise RuntimeError(f"tabgen report failed (exit {process.returncode}): " + error.decode("utf-8", "replace")[-2000:])
    return page


def main(argv):
    from pyspark.sql import SparkSession, functions
    from pyspark.sql.types import LongType, StringType, StructField, StructType

    arguments = parse_arguments(argv)
    builder = SparkSession.builder.appName("tabgen-validate")
    if arguments.master:
        builder = builder.master(arguments.master)
    spark = builder.getOrCreate()
    context = spark.sparkContext
    context.addFile(os.path.abspath(arguments.tabgen))
    context.addFile(os.path.abspath(arguments.schema))
    options = {"tabgen": arguments.tabgen, "schema": arguments.schema, "payload": arguments.payload, "app": arguments.app,
               "platform": arguments.platform, "time": arguments.time, "carry": arguments.carry,
               "max_bytes": arguments.max_bytes}

    files = spark.read.format("binaryFile").load([os.path.abspath(p) if os.path.exists(p) else p for p in arguments.inputs])
    outcomes = files.select("path", "content").rdd.mapPartitions(lambda rows: validate_files(rows, options)).cache()

    common = [StructField("file", StringType()), StructField("line", LongType()), StructField("app", StringType()),
              StructField("platform", StringType()), StructField("day", StringType()), StructField("carry", StringType())]
    finding_schema = StructType(common + [StructField(name, LongType() if name == "column" else StringType())
                                          for name in ["column", "severity", "code", "pointer", "message", "schemaPath"]])
    line_schema = StructType(common + [StructField("status", StringType())])
    finding_fields = [field.name for field in finding_schema.fields]
    line_fields = [field.name for field in line_schema.fields]
    findings = spark.createDataFrame(
        outcomes.filter(lambda item: item[0] == "finding").map(lambda item: tuple(item[1].get(k) for k in finding_fields)), finding_schema)
    lines = spark.createDataFrame(
        outcomes.filter(lambda item: item[0] == "line").map(lambda item: tuple(item[1].get(k) for k in line_fields)), line_schema)

    findings.write.mode("overwrite").json(os.path.join(arguments.out, "findings"))
    keys = ["app", "platform", "day"]
    by_code = findings.filter(functions.col("severity") != "note").groupBy(*keys, "code").agg(functions.count("*").alias("findings"))
    valid = lines.filter(functions.col("status") == "valid").groupBy(*keys).agg(functions.count("*").alias("findings")) \
        .withColumn("code", functions.lit("valid")).select(*keys, "code", "findings")
    report = by_code.unionByName(valid).orderBy(*keys, "code")
    report.coalesce(1).write.mode("overwrite").json(os.path.join(arguments.out, "report"))
    page = write_report_page(spark, arguments)
    if page:
        print(f"tabgen-spark: the report page is {page}")
    totals = lines.groupBy("status").count().collect()
    print("tabgen-spark: " + ", ".join(f"{row['count']} {row['status']}" for row in sorted(totals, key=lambda r: r["status"])))
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
