#!/usr/bin/env python3
"""Times tabgen and its peers on one JSON Lines corpus and prints one table.

Called by scripts/bench-validate, which builds tabgen, installs the peers and writes
the corpus. Each validator runs as a whole process (start-up, reading and parsing
included, as a user would see it); rounds alternate the validators (A B C A B C ...)
so that load from other users of the machine hits all alike, and the table shows
medians. Rates are per CPU second (user + system, from wait4), which a shared machine
disturbs far less than wall time; wall time is shown too. With valgrind, each
validator's instructions per payload are counted on a slice of the corpus (the
instructions of a run on an empty file, i.e. start-up, subtracted).
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def run(command, env=None, accept=(0,), capture=True):
    """Runs command; returns (cpu seconds, wall seconds, peak RSS MiB, stdout)."""
    command = [shutil.which(command[0]) or command[0], *command[1:]]  # posix_spawn wants a path
    started = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        # close_fds=False lets Python use posix_spawn: the child then does not start as a
        # copy of this process, whose memory would count in its peak RSS.
        proc = subprocess.Popen(command, stdout=out if capture else subprocess.DEVNULL, stderr=err, env=env, close_fds=False)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - started
        code = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if code not in accept:
            sys.stderr.write(err.read().decode(errors="replace"))
            raise SystemExit(f"bench: {command[0]} exited {code}")
        return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024, out.read()


def rss_self():
    """This process's own peak RSS in MiB."""
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def instructions(command, env=None):
    """Instructions callgrind counts for a command (None when valgrind fails)."""
    full = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--smc-check=all-non-file", *command]
    result = subprocess.run(full, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    match = re.search(rb"Collected\s*:\s*(\d+)", result.stderr)
    return int(match.group(1)) if match else None


def slice_file(corpus, lines, path):
    with open(corpus, "rb") as source, open(path, "wb") as target:
        for number, raw in enumerate(source):
            if number >= lines:
                break
            target.write(raw)
    return os.path.getsize(path)


def expected_invalid(kinds_path, limit):
    """(structural, all) invalid counts of the first `limit` payloads, from the generator's labels."""
    with open(kinds_path, encoding="ascii") as handle:
        kinds = handle.read()[:limit]
    return kinds.count("s"), kinds.count("s") + kinds.count("r")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tabgen", required=True)
    parser.add_argument("--baseline", help="another tabgen binary (an earlier build) to show beside this one")
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--labels", required=True)
    parser.add_argument("--kinds", required=True)
    parser.add_argument("--schema", required=True, help="the JSON Schema of the structural part (ajv, python-jsonschema)")
    parser.add_argument("--jtd-schema", required=True, help="the RFC 8927 schema (jtd)")
    parser.add_argument("--ajv-dir", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--py-lines", type=int, default=20000, help="payloads for the slow Python validators (0: all)")
    parser.add_argument("--count-lines", type=int, default=5000, help="payloads of the callgrind slice (0: no counts)")
    args = parser.parse_args()

    here = os.path.dirname(os.path.abspath(__file__))
    with open(args.labels, encoding="utf-8") as handle:
        labels = json.load(handle)
    total_lines = labels["lines"]
    total_bytes = os.path.getsize(args.corpus)
    py_lines = args.py_lines if 0 < args.py_lines < total_lines else total_lines
    jobs = os.cpu_count() or 1
    scratch = tempfile.mkdtemp(prefix="bench-validate-")
    py_corpus = args.corpus
    py_bytes = total_bytes
    if py_lines < total_lines:
        py_corpus = os.path.join(scratch, "py-slice.jsonl")
        py_bytes = slice_file(args.corpus, py_lines, py_corpus)

    node_env = dict(os.environ, AJV_DIR=args.ajv_dir,
                    NODE_PATH=os.pathsep.join(filter(None, [os.path.dirname(args.ajv_dir), os.environ.get("NODE_PATH")])))
    structural_all, invalid_all = labels["structural_invalid"], labels["invalid"]
    structural_py, invalid_py = expected_invalid(args.kinds, py_lines)
    # schema.json allows members it does not list at the root (clients ignore them);
    # the JSON Schema of the peers does not.
    extra_root = labels["counts"].get("extra_root_property", 0)

    def tabgen_command(binary, extra, corpus):
        return [binary, "validate", "--jsonl", "--quiet", "--format", "json", *extra, corpus]

    # name, command(corpus), env, accepted exit codes, payloads, bytes, expected invalid (None: not compared)
    peers = [
        ("tabgen --jobs 1", lambda c: tabgen_command(args.tabgen, ["--jobs", "1"], c), None, (0, 1), total_lines, total_bytes, None),
        (f"tabgen (--jobs {jobs}, default)", lambda c: tabgen_command(args.tabgen, [], c), None, (0, 1), total_lines, total_bytes, None),
    ]
    if args.baseline:
        peers.append(("baseline tabgen --jobs 1", lambda c: tabgen_command(args.baseline, ["--jobs", "1"], c), None, (0, 1),
                      total_lines, total_bytes, None))
    peers += [
        ("ajv 6 (node)", lambda c: ["node", os.path.join(here, "ajv_validate.js"), args.schema, c], node_env, (0,),
         total_lines, total_bytes, structural_all),
        ("pysimdjson parse only", lambda c: [sys.executable, os.path.join(here, "simdjson_parse.py"), c], None, (0,),
         total_lines, total_bytes, 0),
        ("jtd (PyPI, RFC 8927)", lambda c: [sys.executable, os.path.join(here, "jtd_validate.py"), args.jtd_schema, c], None, (0,),
         py_lines, py_bytes, None),
        ("python-jsonschema", lambda c: [sys.executable, os.path.join(here, "jsonschema_validate.py"), args.schema, c], None, (0,),
         py_lines, py_bytes, structural_py),
    ]

    # One untimed run that keeps tabgen's findings, for the invalid counts.
    print("sanity run: tabgen with findings kept ...", flush=True)
    result = subprocess.run([args.tabgen, "validate", "--jsonl", "--format", "json", args.corpus],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    match = re.search(r"(\d+) invalid", result.stderr.decode().replace(",", ""))
    tabgen_invalid = int(match.group(1)) if match else -1
    codes = {}
    for line in result.stdout.splitlines():
        code = json.loads(line)["code"]
        codes[code] = codes.get(code, 0) + 1

    cpu, wall, rss, invalid = {}, {}, {}, {}
    for round_number in range(args.runs):
        for name, command, env, accept, payloads, _, _ in peers:
            corpus = args.corpus if payloads == total_lines else py_corpus
            print(f"round {round_number + 1}: {name} ...", end=" ", flush=True)
            seconds, elapsed, peak, out = run(command(corpus), env=env, accept=accept, capture=not name.startswith(("tabgen", "baseline")))
            print(f"{seconds:.2f} s CPU, {elapsed:.2f} s wall", flush=True)
            cpu.setdefault(name, []).append(seconds)
            wall.setdefault(name, []).append(elapsed)
            rss[name] = max(peak, rss.get(name, 0))
            if out.strip():
                invalid[name] = json.loads(out)["invalid"]
    for name, *_ in peers:
        if name.startswith(("tabgen", "baseline")):
            invalid[name] = tabgen_invalid

    counts = {}
    if args.count_lines > 0 and shutil.which("valgrind"):
        print("counting instructions (callgrind) ...", flush=True)
        empty = os.path.join(scratch, "empty.jsonl")
        open(empty, "w").close()
        # Valgrind 3.19 cannot read the DWARF 5 of Swift 6 builds ("corrupted debuginfo"):
        # count on copies without it (same code, same instructions).
        stripped = {}
        for binary in filter(None, [args.tabgen, args.baseline]):
            copy = os.path.join(scratch, f"tabgen-{len(stripped)}")
            if shutil.which("objcopy") and subprocess.run(["objcopy", "--strip-debug", binary, copy]).returncode == 0:
                stripped[binary] = copy

        def counted(command):
            return [stripped.get(command[0], command[0]), *command[1:]]

        for name, command, env, _, payloads, _, _ in peers:
            # The Python validators are slow under valgrind: a tenth of the slice.
            lines = args.count_lines if payloads == total_lines else max(1, args.count_lines // 10)
            part = os.path.join(scratch, f"count-{lines}.jsonl")
            if not os.path.exists(part):
                slice_file(args.corpus, lines, part)
            start, whole = instructions(counted(command(empty)), env), instructions(counted(command(part)), env)
            if start is not None and whole is not None:
                counts[name] = ((whole - start) / lines, lines)
                print(f"  {name}: {counts[name][0]:,.0f} per payload ({lines} payloads), start-up {start:,}", flush=True)
    shutil.rmtree(scratch, ignore_errors=True)

    print()
    print(f"Corpus: {total_lines} payloads, {total_bytes / 1e6:.1f} MB ({args.corpus}), seed {labels['seed']}")
    print(f"  generated invalid: {invalid_all} ({100 * invalid_all / total_lines:.1f}%): "
          f"{structural_all} structural (any JSON Schema validator sees them), "
          f"{invalid_all - structural_all} cross-field rules only (TG101-TG105)")
    print(f"Machine: {jobs} cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} (shared: expect noise)")
    print(f"Medians of {args.runs} alternating runs; rates per CPU second (user+system); MB = 10^6 bytes.")
    print()
    header = (f"{'validator':<28} {'payloads':>8} {'CPU s':>6} {'wall s':>6} {'payloads/s':>11} {'MB/s':>6} "
              f"{'instr/payload':>13} {'peak MiB':>8} {'invalid':>8}  {'tabgen -j1 is':>13}")
    print(header)
    print("-" * len(header))
    single = peers[0][0]
    rate = {name: payloads / statistics.median(cpu[name]) for name, _, _, _, payloads, _, _ in peers}
    for name, _, _, _, payloads, size, want in peers:
        seconds = statistics.median(cpu[name])
        elapsed = statistics.median(wall[name])
        found = invalid.get(name, -1)
        mark = "" if want is None or found == want else " !"
        count = f"{counts[name][0]:,.0f}" if name in counts else "-"
        ratio = "" if name == single else f"{rate[single] / rate[name]:.2f}x"
        print(f"{name:<28} {payloads:>8} {seconds:>6.2f} {elapsed:>6.2f} {payloads / seconds:>11,.0f} {size / 1e6 / seconds:>6.1f} "
              f"{count:>13} {rss[name]:>8.0f} {found:>8}{mark:<2}{ratio:>12}")
    print()
    print("'tabgen -j1 is Nx': tabgen --jobs 1's payloads per CPU second divided by that validator's (above 1: tabgen is faster).")
    print(f"'peak MiB' is the child's ru_maxrss (wait4); Linux counts in it the memory of this script ({rss_self():.0f} MiB) "
          "that the child started from, so a value near that only says 'at most this'.")
    print(f"tabgen's default runs {jobs} threads: its CPU time is the sum over them; its wall time is what a user waits.")
    print(f"jtd and python-jsonschema ran on the first {py_lines} payloads (they are slow); "
          f"expected invalid there: {structural_py} structural for python-jsonschema; jtd reads schema.json, "
          f"which allows the {extra_root} extra root members of the corpus (scaled to its slice).")
    print("ajv and python-jsonschema check a JSON Schema of the structural part (scripts/bench/navigation.schema.json); "
          "jtd checks schema.json's RFC 8927 part; none of them can express the rules TG101-TG108, "
          "so tabgen finds more invalid payloads by design. pysimdjson only parses: the floor for any validator.")
    print(f"tabgen: {tabgen_invalid} invalid (generated: {invalid_all}); findings by code: "
          + ", ".join(f"{code} {count}" for code, count in sorted(codes.items())))
    mismatches = [name for name, *_, want in peers if want is not None and invalid.get(name) != want]
    if mismatches:
        print("WARNING: invalid counts differ from the generator's labels for: " + ", ".join(mismatches) + " (marked !)")


if __name__ == "__main__":
    main()
