#!/usr/bin/env python3
"""Times tabgen, ajv and python-jsonschema on one JSON Lines corpus and prints a table.

Called by scripts/bench-validate, which builds tabgen, installs the peers and writes
the corpus. Times are whole-process wall clock (start-up, file reading and parsing
included, as a user would see them), best of N; rounds are interleaved so that
load from other users of the machine hits every validator alike.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time


def timed(command, env=None, accept=(0,), capture=True):
    """Runs command, returns (seconds, stdout); without capture stdout goes to /dev/null."""
    started = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env=env)
    seconds = time.perf_counter() - started
    if result.returncode not in accept:
        sys.stderr.write(result.stderr.decode(errors="replace"))
        raise SystemExit(f"bench: {command[0]} exited {result.returncode}")
    return seconds, result.stdout


def expected_invalid(kinds_path, limit):
    """(structural, all) invalid counts of the first `limit` payloads, from the generator's labels."""
    with open(kinds_path, encoding="ascii") as handle:
        kinds = handle.read()[:limit]
    return kinds.count("s"), kinds.count("s") + kinds.count("r")


def prefix_bytes(corpus, lines):
    size = 0
    with open(corpus, "rb") as handle:
        for number, raw in enumerate(handle):
            if number >= lines:
                break
            size += len(raw)
    return size


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tabgen", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--labels", required=True)
    parser.add_argument("--kinds", required=True)
    parser.add_argument("--schema", required=True)
    parser.add_argument("--ajv-dir", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--py-runs", type=int, default=1)
    parser.add_argument("--py-lines", type=int, default=0, help="0: the whole corpus")
    args = parser.parse_args()

    here = os.path.dirname(os.path.abspath(__file__))
    with open(args.labels, encoding="utf-8") as handle:
        labels = json.load(handle)
    total_lines = labels["lines"]
    total_bytes = os.path.getsize(args.corpus)
    py_lines = args.py_lines if 0 < args.py_lines < total_lines else total_lines
    jobs = os.cpu_count() or 1

    node_env = dict(os.environ, AJV_DIR=args.ajv_dir,
                    NODE_PATH=os.pathsep.join(filter(None, [os.path.dirname(args.ajv_dir), os.environ.get("NODE_PATH")])))
    tabgen = [args.tabgen, "validate", "--jsonl", "--quiet", "--format", "json"]
    # name, command, env, accepted exit codes, runs, payloads, bytes
    peers = [
        (f"tabgen (--jobs {jobs}, default)", tabgen + [args.corpus], None, (0, 1), args.runs, total_lines, total_bytes),
        ("tabgen --jobs 1", tabgen + ["--jobs", "1", args.corpus], None, (0, 1), args.runs, total_lines, total_bytes),
        ("ajv (node)", ["node", os.path.join(here, "ajv_validate.js"), args.schema, args.corpus], node_env, (0,),
         args.runs, total_lines, total_bytes),
        ("python-jsonschema", [sys.executable, os.path.join(here, "jsonschema_validate.py"), args.schema, args.corpus,
                               str(py_lines if py_lines < total_lines else 0)], None, (0,),
         args.py_runs, py_lines, prefix_bytes(args.corpus, py_lines)),
    ]

    # One untimed run that keeps tabgen's findings, for the invalid counts.
    print("sanity run: tabgen with findings kept ...", flush=True)
    result = subprocess.run([args.tabgen, "validate", "--jsonl", "--format", "json", args.corpus],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    match = re.search(r"(\d+) invalid", result.stderr.decode())
    tabgen_invalid = int(match.group(1)) if match else -1
    codes = {}
    for line in result.stdout.splitlines():
        code = json.loads(line)["code"]
        codes[code] = codes.get(code, 0) + 1

    best = {}
    invalid = {}
    for round_number in range(max(args.runs, args.py_runs)):
        for name, command, env, accept, runs, _, _ in peers:
            if round_number >= runs:
                continue
            print(f"round {round_number + 1}: {name} ...", end=" ", flush=True)
            # tabgen's findings go to /dev/null, as in `tabgen validate ... > /dev/null`.
            seconds, out = timed(command, env=env, accept=accept, capture=not name.startswith("tabgen"))
            print(f"{seconds:.2f} s", flush=True)
            best[name] = min(seconds, best.get(name, float("inf")))
            if out and out.strip():
                invalid[name] = json.loads(out)["invalid"]
    invalid[peers[0][0]] = invalid[peers[1][0]] = tabgen_invalid

    structural_all, invalid_all = labels["structural_invalid"], labels["invalid"]
    structural_py, invalid_py = expected_invalid(args.kinds, py_lines)
    print()
    print(f"Corpus: {total_lines} payloads, {total_bytes / 1e6:.1f} MB ({args.corpus}), seed {labels['seed']}")
    print(f"  generated invalid: {invalid_all} ({100 * invalid_all / total_lines:.1f}%): "
          f"{structural_all} structural (any JSON Schema validator sees them), "
          f"{invalid_all - structural_all} cross-field rules only (TG101-TG105)")
    print(f"Machine: {jobs} cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} (shared: expect noise)")
    print("Time: whole process, wall clock, best of the runs shown; MB = 10^6 bytes.")
    print()
    header = f"{'validator':<28} {'runs':>4} {'best s':>7} {'payloads/s':>11} {'MB/s':>7} {'invalid':>8} {'expected':>8}  {'tabgen is':>10} {'tabgen -j1 is':>13}"
    print(header)
    print("-" * len(header))

    def expected(name):
        # tabgen sees every fault; the JSON Schema peers only the structural ones.
        if name.startswith("tabgen"):
            return invalid_all
        return structural_py if name.startswith("python") else structural_all

    rates = {name: payloads / best[name] for name, _, _, _, _, payloads, _ in peers}
    default_name, single_name = peers[0][0], peers[1][0]
    for name, _, _, _, runs, payloads, size in peers:
        seconds = best[name]
        want = expected(name)
        found = invalid.get(name, -1)
        check = "" if found == want else " !"
        ratio = "" if name.startswith("tabgen") else f"{rates[default_name] / rates[name]:.2f}x"
        ratio_single = "" if name.startswith("tabgen") else f"{rates[single_name] / rates[name]:.2f}x"
        print(f"{name:<28} {runs:>4} {seconds:>7.2f} {payloads / seconds:>11,.0f} {size / 1e6 / seconds:>7.1f} "
              f"{found:>8}{check:<1}{want:>8}  {ratio:>10} {ratio_single:>13}")
    print()
    print("'tabgen is Nx': tabgen's payloads/s divided by that peer's (above 1: tabgen is faster).")
    print("'expected': the invalid payloads the generator made that this validator can see (! marks a mismatch).")
    print(f"tabgen's default uses {jobs} threads; ajv and python-jsonschema use one, so compare them with the --jobs 1 row too.")
    if py_lines < total_lines:
        print(f"python-jsonschema ran on the first {py_lines} of {total_lines} payloads only ({args.py_runs} run); "
              "its rates are for that subset and its invalid count is compared with that subset's expected count.")
    else:
        print(f"python-jsonschema is slow, so it ran {args.py_runs} time(s) on the whole corpus, not best of {args.runs}.")
    print("tabgen finds more invalid payloads by design: JSON Schema cannot express the cross-field rules "
          "(one tab, active naming a tab, unique ids, relative paths, replaces naming a deprecated tab), "
          "so ajv and python-jsonschema check the structural part only (scripts/bench/navigation.schema.json).")
    print("tabgen's findings in the sanity run, by code: " + ", ".join(f"{code} {count}" for code, count in sorted(codes.items())))
    mismatches = [name for name in best if invalid.get(name) != expected(name)]
    if mismatches:
        print("WARNING: invalid counts differ from the generator's labels for: " + ", ".join(mismatches) + " (marked !)")


if __name__ == "__main__":
    main()
