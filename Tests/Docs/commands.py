#!/usr/bin/env python3
"""Every command of a ```sh block in README.md, CONTRIBUTING.md and docs/ is run by a test.

Console blocks (```console) are run by Tests/Scripts/doc_examples.py with their output.
An `sh` block shows commands without output; each of its command lines (comments and
blank lines aside) must be either

- run here, verbatim, by Tests/Docs/run.sh (listed in Tests/Docs/here.tsv with the exit
  status it must give and the sandbox project it runs in), or
- run elsewhere (listed in Tests/Docs/elsewhere.tsv with the test file that runs it and a
  string of that file that shows it does, e.g. the command as the harness spells it), or
- not runnable on a CI machine (elsewhere.tsv with `-` as the test file and the reason as
  the evidence: network, sudo, a clone of the repository); these are printed, never hidden.

Usage: commands.py list                 the command lines, one per line (file<TAB>command)
       commands.py check                prints `doc-commands: N passed, M failed` for the
                                        lines listed elsewhere, and fails on any line
                                        listed nowhere or a listing no doc has any more
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = pathlib.Path(__file__).resolve().parent


def documents():
    yield ROOT / "README.md"
    yield ROOT / "CONTRIBUTING.md"
    yield from sorted((ROOT / "docs").rglob("*.md"))


def command_lines():
    """(document, command) of every command line of every sh block, in order."""
    for path in documents():
        inside, pending = False, ""
        for line in path.read_text(encoding="utf-8").split("\n"):
            stripped = line.strip()
            if not inside and stripped == "```sh":
                inside = True
            elif inside and stripped == "```":
                inside = False
            elif inside:
                # A comment after two spaces explains the command; it is not part of it.
                command = re.split(r"\s{2,}#", line)[0].strip()
                if command.endswith("\\"):
                    # Continued on the next line: one command, its parts joined by a space.
                    pending += command[:-1].rstrip() + " "
                    continue
                command, pending = (pending + command).strip(), ""
                if command and not command.startswith("#"):
                    yield path.relative_to(ROOT).as_posix(), command


def table(name):
    """The rows of a tab-separated listing (comments and blank lines skipped)."""
    rows = []
    for number, line in enumerate((HERE / name).read_text(encoding="utf-8").split("\n"), 1):
        if line.strip() and not line.startswith("#"):
            rows.append((number, line.split("\t")))
    return rows


def main():
    if sys.argv[1:] == ["list"]:
        for document, command in command_lines():
            print(f"{document}\t{command}")
        return 0
    if sys.argv[1:] != ["check"]:
        print(__doc__)
        return 2
    passed = failed = 0

    def result(ok, text):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAIL " + text)

    here = {}
    for number, row in table("here.tsv"):
        if len(row) != 3:
            result(False, f"Tests/Docs/here.tsv:{number}: expected exit status<TAB>sandbox<TAB>command")
            continue
        here[row[2]] = row[0]
    elsewhere = {}
    for number, row in table("elsewhere.tsv"):
        if len(row) != 3:
            result(False, f"Tests/Docs/elsewhere.tsv:{number}: expected command<TAB>test file<TAB>evidence")
            continue
        command, test, evidence = row
        elsewhere[command] = (test, evidence)
        if test == "-":
            print(f"not run: {command} ({evidence})")
            continue
        path = ROOT / test
        text = path.read_text(encoding="utf-8") if path.is_file() else ""
        result(evidence in text, f"{command}: {test} does not hold {evidence!r}")
    documented = set()
    for document, command in command_lines():
        documented.add(command)
        result(command in here or command in elsewhere,
               f"{document}: `{command}` is run by no test (list it in Tests/Docs/here.tsv or elsewhere.tsv)")
    for command in list(here) + list(elsewhere):
        result(command in documented, f"`{command}` is listed but no document shows it any more")
    print(f"doc-commands: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
