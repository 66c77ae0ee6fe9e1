#!/usr/bin/env python3
"""Benchmark (not a test): one tabgen process against the Spark job, on the same log lines.

Generates N envelope lines (default 1,000,000; scripts/bench/gen_corpus.py's payloads, 20%
invalid, each wrapped by scripts/bench/envelope_corpus.py in an envelope with app version,
platform, time and URL) split into --files files, then prints side by side:

  (a) one `tabgen validate --jsonl --payload /payload --carry ... --jobs 1` process, with the
      very command each Spark task runs (tabgen_spark.tabgen_command): CPU s, wall s, us/line;
  (b) the Spark job (tabgen_spark.py) in local[2]: wall s, and the CPU of the driver, the JVM,
      its Python workers and the tabgen processes, us/line;
  (c) Spark's overhead per line: (b) - (a).

The CPU of (b) is summed over the job's process tree, read from /proc every 0.1 s (each
process's own user + system time, the last value seen): a process's last 0.1 s can be
missed, so it is a slight underestimate. Needs pyspark and Java 17 (Tests/Spark/run.sh
installs pyspark). Both runs' findings are checked to be the same number.

Usage: integrations/spark/bench.py [--lines N] [--files N] [--tabgen BINARY] [--seed S]
                                   [--driver-memory SIZE] [--work DIR]
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(root, "scripts", "bench"))
from envelope_corpus import wrap  # noqa: E402
from tabgen_spark import tabgen_command  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description="One tabgen process against the Spark job, on the same lines.")
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--files", type=int, default=16, help="log files the lines are split into: Spark's tasks (default 16)")
    parser.add_argument("--tabgen", default=os.path.join(root, ".build", "release", "tabgen"))
    parser.add_argument("--schema", default=os.path.join(root, "schema.json"))
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--driver-memory", default="2g", help="spark.driver.memory (local mode: the executors' too)")
    parser.add_argument("--work", default=os.path.join(root, ".scratch", "bench-spark"), help="corpus and outputs (kept for reuse)")
    return parser.parse_args(argv)


def make_logs(arguments):
    """The log files for these parameters, generated once."""
    folder = os.path.join(arguments.work, f"logs-{arguments.lines}-{arguments.files}-seed{arguments.seed}")
    if os.path.exists(os.path.join(folder, "done")):
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    payloads = os.path.join(folder, "payloads.jsonl")
    subprocess.run([sys.executable, os.path.join(root, "scripts", "bench", "gen_corpus.py"), "--lines", str(arguments.lines),
                    "--seed", str(arguments.seed), "--out", payloads, "--labels", payloads + ".labels",
                    "--kinds", payloads + ".kinds"], check=True)
    whole = os.path.join(folder, "whole.jsonl")
    wrap(payloads, whole, arguments.seed)
    per_file = -(-arguments.lines // arguments.files)
    with open(whole, "rb") as source:
        for number in range(arguments.files):
            with open(os.path.join(folder, f"fleet-{number:03}.jsonl"), "wb") as target:
                for _ in range(per_file):
                    line = source.readline()
                    if not line:
                        break
                    target.write(line)
    for path in (payloads, whole, payloads + ".labels", payloads + ".kinds"):
        os.remove(path)
    open(os.path.join(folder, "done"), "w").close()
    return folder


def descendants(pid):
    """The pids under `pid` (not itself), from /proc."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as handle:
                    fields = handle.read().rsplit(b")", 1)[1].split()
                children.setdefault(int(fields[1]), []).append(int(entry))
            except OSError:
                continue
    found, queue = [], [pid]
    while queue:
        for child in children.get(queue.pop(), []):
            found.append(child)
            queue.append(child)
    return found


def own_cpu(pid):
    """A process's own user + system seconds, or None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS
    except (OSError, IndexError, ValueError):
        return None


def run_tree(command, env=None):
    """Runs `command`; returns (CPU seconds of its process tree, wall seconds, exit code)."""
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    seen = {}
    output = []
    os.set_blocking(process.stdout.fileno(), False)
    while process.poll() is None:
        for pid in [process.pid] + descendants(process.pid):
            cpu = own_cpu(pid)
            if cpu is not None:
                seen[pid] = max(cpu, seen.get(pid, 0.0))
        chunk = process.stdout.read()
        if chunk:
            output.append(chunk)
        time.sleep(0.1)
    wall = time.perf_counter() - started
    rest = process.stdout.read()
    if rest:
        output.append(rest)
    return sum(seen.values()), wall, process.returncode, b"".join(output).decode(errors="replace")


def main(argv):
    arguments = parse_arguments(argv)
    tabgen = os.path.abspath(arguments.tabgen)
    if not os.access(tabgen, os.X_OK):
        raise SystemExit(f"bench: no tabgen at {tabgen} (swift build -c release, or --tabgen)")
    print(f"== logs: {arguments.lines} envelope lines in {arguments.files} files", flush=True)
    folder = make_logs(arguments)
    files = sorted(glob.glob(os.path.join(folder, "fleet-*.jsonl")))
    size = sum(os.path.getsize(path) for path in files)
    print(f"{folder}: {size / 1e6:.1f} MB", flush=True)
    work = tempfile.mkdtemp(prefix="run-", dir=arguments.work)
    options = {"payload": "/payload", "app": "/app", "platform": "/platform", "time": "/at", "carry": "", "max_bytes": None}

    print("== (a) one tabgen process", flush=True)
    command = tabgen_command(tabgen, os.path.abspath(arguments.schema), options)[:-1] + files
    started = time.perf_counter()
    with open(os.path.join(work, "direct.jsonl"), "wb") as out, open(os.path.join(work, "direct.err"), "wb") as err:
        process = subprocess.Popen(command, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
    direct_wall = time.perf_counter() - started
    direct_cpu = usage.ru_utime + usage.ru_stime
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit("bench: tabgen failed: " + open(os.path.join(work, "direct.err")).read()[-2000:])
    summary = json.loads(open(os.path.join(work, "direct.err")).read().strip().splitlines()[-1])
    direct_findings = sum(len(json.loads(text)["findings"]) for text in open(os.path.join(work, "direct.jsonl"), "rb"))
    print(f"{direct_cpu:.1f} s CPU, {direct_wall:.1f} s wall; {summary}", flush=True)

    print("== (b) the Spark job, local[2]", flush=True)
    env = dict(os.environ, PYSPARK_SUBMIT_ARGS=f"--driver-memory {arguments.driver_memory} pyspark-shell")
    job = [sys.executable, os.path.join(here, "tabgen_spark.py"), "--master", "local[2]", "--tabgen", tabgen,
           "--schema", os.path.abspath(arguments.schema), "--out", os.path.join(work, "out"), *files]
    spark_cpu, spark_wall, code, log = run_tree(job, env)
    if code != 0:
        raise SystemExit("bench: the Spark job failed:\n" + log[-3000:])
    spark_findings = 0
    for part in glob.glob(os.path.join(work, "out", "findings", "*.json")):
        with open(part, "rb") as handle:
            spark_findings += sum(1 for _ in handle)
    print(f"{spark_cpu:.1f} s CPU (process tree), {spark_wall:.1f} s wall; {spark_findings} findings", flush=True)

    lines = summary["checked"]
    per_line = lambda seconds: 1e6 * seconds / lines  # noqa: E731
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print()
    print(f"{lines} lines ({size / 1e6:.1f} MB, {summary['invalid']} invalid) in {len(files)} files; "
          f"{os.cpu_count()} cores, load average {load}")
    print(f"{'':<34} {'CPU s':>8} {'wall s':>8} {'CPU us/line':>12} {'wall us/line':>13}")
    print(f"{'(a) one tabgen process, --jobs 1':<34} {direct_cpu:>8.1f} {direct_wall:>8.1f} {per_line(direct_cpu):>12.2f} {per_line(direct_wall):>13.2f}")
    print(f"{'(b) Spark job, local[2]':<34} {spark_cpu:>8.1f} {spark_wall:>8.1f} {per_line(spark_cpu):>12.2f} {per_line(spark_wall):>13.2f}")
    print(f"{'(c) Spark overhead, (b) - (a)':<34} {spark_cpu - direct_cpu:>8.1f} {spark_wall - direct_wall:>8.1f} "
          f"{per_line(spark_cpu - direct_cpu):>12.2f} {per_line(spark_wall - direct_wall):>13.2f}")
    print(f"Per million lines: (a) {direct_cpu * 1e6 / lines:.1f} CPU s, (b) {spark_cpu * 1e6 / lines:.1f} CPU s "
          f"and {spark_wall * 1e6 / lines:.1f} s wall on 2 cores.")
    print(f"Findings: {direct_findings} from (a), {spark_findings} from (b)"
          + ("" if direct_findings == spark_findings else "  WARNING: they differ"))
    shutil.rmtree(work, ignore_errors=True)
    return 0 if direct_findings == spark_findings else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
