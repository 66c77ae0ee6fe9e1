#!/usr/bin/env python3
"""Runs every console block of the README and docs/ against a tabgen binary.

A console block is a fenced block marked `console`. In it, `$ tabgen ARGS` runs tabgen
(standard output and standard error merged, as a terminal shows them) and the lines up to
the next `$` line or the end of the block are its expected output, compared exactly.
`$ cat FILE` followed by lines defines FILE for the commands after it. Other input files
come from docs/examples/. Each block runs in a fresh scratch directory holding a copy of
docs/examples/, so blocks do not depend on each other.

Usage: doc_examples.py PATH/TO/tabgen          prints `doc-examples: N passed, M failed`
"""
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"


def documents():
    yield ROOT / "README.md"
    yield from sorted((ROOT / "docs").rglob("*.md"))
    yield ROOT / "CONTRIBUTING.md"


def blocks(path):
    """(first line number, lines) of every console block."""
    lines = path.read_text(encoding="utf-8").split("\n")
    inside, start, current = False, 0, []
    for number, line in enumerate(lines, 1):
        if not inside and line.strip() == "```console":
            inside, start, current = True, number + 1, []
        elif inside and line.strip() == "```":
            inside = False
            yield start, current
        elif inside:
            current.append(line)


def run_block(binary, lines, scratch):
    """Returns a list of failure descriptions (empty when the block matches)."""
    failures = []
    steps, step = [], None
    for line in lines:
        if line.startswith("$ "):
            step = [line[2:], []]
            steps.append(step)
        elif step is not None:
            step[1].append(line)
        elif line.strip():
            failures.append("output before any command: " + line)
    for command, expected in steps:
        words = shlex.split(command)
        if words[0] == "cat" and len(words) == 2:
            target = scratch / words[1]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text("\n".join(expected) + "\n", encoding="utf-8")
            continue
        if words[0] != "tabgen":
            failures.append("only tabgen and cat run in a console block: " + command)
            continue
        result = subprocess.run([binary, *words[1:]], cwd=scratch, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, timeout=120, env={**os.environ, "COLUMNS": "80"})
        actual = result.stdout.decode("utf-8", "replace").rstrip("\n").split("\n")
        while expected and not expected[-1].strip():
            expected = expected[:-1]
        if actual != expected:
            diff = [f"  expected: {e}" for e in expected] + [f"  actual:   {a}" for a in actual]
            failures.append(f"$ {command}\n" + "\n".join(diff))
    return failures


def main():
    binary = os.path.abspath(sys.argv[1])
    passed = failed = 0
    for path in documents():
        if not path.exists():
            continue
        for start, lines in blocks(path):
            with tempfile.TemporaryDirectory() as directory:
                scratch = pathlib.Path(directory)
                if EXAMPLES.exists():
                    shutil.copytree(EXAMPLES, scratch, dirs_exist_ok=True)
                failures = run_block(binary, lines, scratch)
            name = f"{path.relative_to(ROOT)}:{start}"
            if failures:
                failed += 1
                print(f"FAIL {name}")
                for failure in failures:
                    print("  " + failure.replace("\n", "\n  "))
            else:
                passed += 1
                print(f"ok   {name}")
    print(f"doc-examples: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
