#!/usr/bin/env python3
"""Times `tabgen validate --jsonl --jobs 1` on the same payloads bare and inside log
envelopes (`--payload /payload`, then with `--carry` as the Spark job runs it), and
prints each rate and the envelope's overhead over the bare payloads.

Called by scripts/bench-validate --envelope. The enveloped corpus is written once next to
the bare one (envelope_corpus.py). An untimed run first checks that both find the same
findings (file names aside): the overhead is only worth reading if the work is the same.
Rounds alternate the variants; the table shows medians of CPU seconds (user + system).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from envelope_corpus import wrap  # noqa: E402
from run_bench import run  # noqa: E402

CARRY = "/app,/platform,/at"


def findings(tabgen, corpus, extra):
    """tabgen's findings over `corpus` as JSON records, the file name dropped."""
    result = subprocess.run([tabgen, "validate", "--jsonl", "--format", "json", "--jobs", "1", *extra, corpus],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if result.returncode not in (0, 1):
        raise SystemExit(f"bench: tabgen exited {result.returncode}: {result.stderr.decode(errors='replace')}")
    records = []
    for text in result.stdout.splitlines():
        record = json.loads(text)
        record.pop("file", None)
        record.pop("carry", None)
        records.append(record)
    return records


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tabgen", required=True)
    parser.add_argument("--corpus", required=True, help="the bare payloads, one per line")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()

    enveloped = os.path.splitext(args.corpus)[0] + ".envelopes.jsonl"
    generator = os.path.join(here, "envelope_corpus.py")
    if not os.path.exists(enveloped) or os.path.getmtime(enveloped) < max(os.path.getmtime(args.corpus), os.path.getmtime(generator)):
        print(f"wrapping the payloads in envelopes -> {enveloped}", flush=True)
        wrap(args.corpus, enveloped + ".tmp", args.seed)
        os.replace(enveloped + ".tmp", enveloped)
    with open(args.corpus, "rb") as handle:
        lines = sum(1 for _ in handle)

    print("sanity run: the findings bare and enveloped ...", flush=True)
    bare_findings = findings(args.tabgen, args.corpus, [])
    enveloped_findings = findings(args.tabgen, enveloped, ["--payload", "/payload"])
    same = bare_findings == enveloped_findings
    print(f"  {len(bare_findings)} findings bare, {len(enveloped_findings)} enveloped: "
          + ("the same, record for record" if same else "DIFFERENT"), flush=True)

    common = ["validate", "--jsonl", "--quiet", "--format", "json", "--jobs", "1"]
    variants = [
        ("bare payloads", [args.tabgen, *common, args.corpus]),
        ("--payload /payload", [args.tabgen, *common, "--payload", "/payload", enveloped]),
        (f"--payload --carry {CARRY}", [args.tabgen, *common, "--payload", "/payload", "--carry", CARRY, enveloped]),
    ]
    cpu, wall = {}, {}
    for round_number in range(args.runs):
        for name, command in variants:
            print(f"round {round_number + 1}: {name} ...", end=" ", flush=True)
            seconds, elapsed, _, _ = run(command, accept=(0, 1), capture=False)
            print(f"{seconds:.3f} s CPU, {elapsed:.3f} s wall", flush=True)
            cpu.setdefault(name, []).append(seconds)
            wall.setdefault(name, []).append(elapsed)

    sizes = {"bare payloads": os.path.getsize(args.corpus)}
    print()
    print(f"{lines} payloads; bare {sizes['bare payloads'] / 1e6:.1f} MB, enveloped {os.path.getsize(enveloped) / 1e6:.1f} MB")
    print(f"Machine: {os.cpu_count()} cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} (shared: expect noise)")
    print(f"Medians of {args.runs} alternating runs of tabgen validate --jsonl --jobs 1; rates per CPU second (user+system).")
    print()
    header = f"{'variant':<44} {'CPU s':>7} {'wall s':>7} {'lines/s':>10} {'us/line':>8} {'overhead':>9}"
    print(header)
    print("-" * len(header))
    bare = statistics.median(cpu["bare payloads"])
    for name, _ in variants:
        seconds = statistics.median(cpu[name])
        overhead = "" if name == "bare payloads" else f"{100 * (seconds - bare) / bare:+.1f}%"
        print(f"{name:<44} {seconds:>7.3f} {statistics.median(wall[name]):>7.3f} {lines / seconds:>10,.0f} "
              f"{1e6 * seconds / lines:>8.2f} {overhead:>9}")
    print()
    print("overhead: the variant's median CPU time over the bare payloads' (the issue's target: at most +10%).")
    if not same:
        print("WARNING: the enveloped findings differ from the bare ones: the comparison is not of the same work")
        sys.exit(1)


if __name__ == "__main__":
    main()
