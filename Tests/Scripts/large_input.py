#!/usr/bin/env python3
"""Large-input checks for `tabgen validate`, run against a release build.

They live outside `swift test` because a debug build is ten times slower on 200 MB.
Each check runs tabgen as a child process and reads its peak memory from
getrusage(RUSAGE_CHILDREN), so "bounded memory" is measured, not assumed.

Usage: large_input.py PATH/TO/tabgen
"""
import http.server
import json
import os
import threading
import urllib.parse
import zlib
import resource
import shutil
import subprocess
import sys
import tempfile
import time

MB = 1 << 20
TAB = '{"id":"%s","title":"Title","icon":"house.fill","path":"/p/%d"}'


def payload(i):
    tabs = ",".join(TAB % ("t%d" % k, i) for k in range(4))
    return '{"active":"t0","tabs":[%s]}' % tabs


def run(binary, args):
    """Runs tabgen; returns (exit code, stdout, stderr, seconds, peak RSS in MiB)."""
    start = time.monotonic()
    proc = subprocess.run([binary, *args], capture_output=True, text=True, timeout=600)
    seconds = time.monotonic() - start
    # ru_maxrss is the largest of all waited-for children, in KiB on Linux; the
    # children here are all tabgen, run one at a time.
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return proc.returncode, proc.stdout, proc.stderr, seconds, peak


def run_alone(binary, args, stdout=False):
    """Runs tabgen; returns (exit code, stderr, seconds, peak RSS in MiB of this one
    process, from wait4, so other children do not count), and its stdout when asked.
    The peak includes what the child was forked from until exec, so run these checks
    while this script is small."""
    start = time.monotonic()
    with tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as out:
        proc = subprocess.Popen([binary, *args], stdout=out if stdout else subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        stderr = err.read().decode("utf-8", "replace")
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    result = (proc.returncode, stderr, time.monotonic() - start, usage.ru_maxrss / 1024)
    return result + (text,) if stdout else result


class BodyHandler(http.server.BaseHTTPRequestHandler):
    """Bodies far over --max-bytes: /gzip?mib=N is N MiB of HTML gzip-compressed (about
    N KiB on the wire), /chunked?mib=N is N MiB sent chunked, without a length."""
    protocol_version = "HTTP/1.1"
    block = b"<p>" + b"a" * MB
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    gzip_head = compressor.compress(b"<!DOCTYPE html><html><body>")
    gzip_block = compressor.compress(block) + compressor.flush(zlib.Z_FULL_FLUSH)
    gzip_tail = compressor.flush()

    def log_message(self, *args):
        pass

    def do_GET(self):
        path, _, query = self.path.partition("?")
        mib = int(urllib.parse.parse_qs(query).get("mib", ["1"])[0])
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Connection", "close")
        try:
            if path == "/gzip":
                self.send_header("Content-Encoding", "gzip")
                self.end_headers()
                self.wfile.write(self.gzip_head)
                for _ in range(mib):
                    self.wfile.write(self.gzip_block)
                self.wfile.write(self.gzip_tail)
            else:
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                piece = b"%x\r\n" % len(self.block) + self.block + b"\r\n"
                for _ in range(mib):
                    self.wfile.write(piece)
                self.wfile.write(b"0\r\n\r\n")
        except OSError:
            pass  # tabgen hung up at its limit, as it should


def url_checks(binary, check):
    """validate --url stops reading (and inflating) at --max-bytes: the body never
    piles up in memory (a 4 MB gzip body once peaked at 4.5 GB, a 2 GB chunked one at
    1.5-2.3 GB)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), BodyHandler)
    server.daemon_threads = True
    server.handle_error = lambda request, address: None  # tabgen hangs up early, on purpose
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = "http://127.0.0.1:%d" % server.server_address[1]
    cases = [
        ("1 GiB gzip body (1 MB on the wire), default limit 16 MiB", ["--url", base + "/gzip?mib=1024"], 1),
        ("2 GiB chunked body, default limit 16 MiB", ["--url", base + "/chunked?mib=2048"], 1),
        ("4 x 2 GiB chunked bodies, --concurrency 4 --max-bytes 8388608",
         ["--max-bytes", str(8 * MB), "--concurrency", "4"] + [arg for n in range(4) for arg in ("--url", base + "/chunked?mib=2048&n=%d" % n)], 4),
    ]
    for name, args, pages in cases:
        code, stderr, seconds, peak = run_alone(binary, ["validate"] + args)
        refused = "%d invalid" % pages in stderr
        check("validate --url, " + name, code == 1 and refused and peak < 256,
              "exit %d, %.1f s, peak RSS %.0f MiB (limit 256), %s" % (code, seconds, peak, (stderr.strip().splitlines() or [""])[-1][-100:]))
    server.shutdown()


def fixture_schemas():
    """Schemas whose fixtures once grew exponentially or quadratically, with what they
    cost before derivation was made linear and capped (debug build, 2 cores)."""
    def nested(depth):  # 226 bytes at depth 13: 30 s, 4.2 GB, a 1 GB fixtures file
        schema = {"type": "string"}
        for _ in range(depth):
            schema = {"elements": schema}
        return {"properties": {"a": schema}}
    definition = {"properties": {"x": {"type": "string"}}}
    return [
        ("elements nested 13 deep", nested(13)),
        # 1,000 of these: over 120 s; 2,000: over 120 s and 9.5 GB
        ("2,000 optional properties, each a ref", {
            "definitions": {"D%d" % i: definition for i in range(2000)},
            "optionalProperties": {"p%d" % i: {"ref": "D%d" % i} for i in range(2000)}}),
        # did not finish in 300 s
        ("10,000 referenced definitions", {
            "definitions": {"D%d" % i: definition for i in range(10000)},
            "properties": {"p%d" % i: {"ref": "D%d" % i} for i in range(10000)}}),
        # 261 s (the recursion analysis searched the chain once per field)
        ("a chain of 10,000 refs", {
            "definitions": dict({"D%d" % i: {"properties": {"next": {"ref": "D%d" % (i + 1)}}} for i in range(9999)},
                                D9999=definition),
            "ref": "D0"}),
    ]


def fixture_checks(binary, check, scratch):
    """emit derives fixtures in time and memory linear in the schema and writes at most
    the documented cap (1,000 fixtures, 2 MiB of payloads: a file of a few MB)."""
    for name, schema in fixture_schemas():
        path = os.path.join(scratch, "fixture-schema.json")
        with open(path, "w") as out:
            json.dump(schema, out)
        out_dir = os.path.join(scratch, "fixture-out")
        code, stderr, seconds, peak = run_alone(binary, ["emit", "--lang", "typescript", "--schema", path, "--out", out_dir, "-q"])
        fixtures = os.path.join(out_dir, "fixtures")
        size = sum(os.path.getsize(os.path.join(fixtures, f)) for f in os.listdir(fixtures)) if os.path.isdir(fixtures) else 0
        check("emit fixtures, " + name, code == 0 and peak < 512 and size < 16 * MB and seconds < 120,
              "exit %d, %.1f s (limit 120), peak RSS %.0f MiB (limit 512), fixtures %.1f MiB (limit 16) %s"
              % (code, seconds, peak, size / MB, stderr.strip()[-200:]))
        shutil.rmtree(out_dir, ignore_errors=True)


def main():
    binary = os.path.abspath(sys.argv[1])
    passed = failed = 0

    def check(name, ok, detail):
        nonlocal passed, failed
        print(("ok   " if ok else "FAIL ") + name + ": " + detail)
        if ok:
            passed += 1
        else:
            failed += 1

    with tempfile.TemporaryDirectory() as scratch:
        # 1,000,000 invalid lines: memory stays flat, because each batch's findings are
        # freed once written (they once leaked, peaking at 2 GB on this 23 MB input).
        # First, while this script is small: a child's peak RSS counts the memory of the
        # Python process it was forked from, until exec.
        invalid = os.path.join(scratch, "invalid.jsonl")
        with open(invalid, "w") as out:
            for _ in range(100):
                out.write('{"active":1,"tabs":[]}\n' * 10000)
        code, stderr, seconds, peak = run_alone(binary, ["validate", "--jsonl", invalid])
        check("1,000,000 invalid lines", code == 1 and "1000000 invalid" in stderr.replace(",", "") and peak < 64,
              "exit %d, %.1f s, peak RSS %.0f MiB (limit 64), %s" % (code, seconds, peak, (stderr.strip().splitlines() or [""])[-1][-100:]))
        os.remove(invalid)

        # 1,000,000 lines all valid, then with every tenth invalid: the same bound,
        # whatever the share of invalid lines (the byte pass answers the valid ones from
        # reusable buffers; the invalid ones' findings are written and freed per batch).
        valid_line = '{"active":"a","tabs":[%s,%s]}\n' % (TAB % ("a", 1), TAB % ("b", 2))
        invalid_line = '{"active":1,"tabs":[]}\n'
        for name, block, expected in [("1,000,000 valid lines", valid_line * 10000, 0),
                                      ("1,000,000 lines, 10% invalid", (valid_line * 9 + invalid_line) * 1000, 100000)]:
            mixed = os.path.join(scratch, "mixed.jsonl")
            with open(mixed, "w") as out:
                for _ in range(100):
                    out.write(block)
            code, stderr, seconds, peak = run_alone(binary, ["validate", "--jsonl", mixed])
            summary = stderr.replace(",", "")
            check(name, code == (1 if expected else 0) and "checked 1000000 payloads" in summary
                  and "%d invalid" % expected in summary and peak < 64,
                  "exit %d, %.1f s, peak RSS %.0f MiB (limit 64), %s" % (code, seconds, peak, (stderr.strip().splitlines() or [""])[-1][-100:]))
            os.remove(mixed)

        # One payload of 1,000,000 tabs (about 100 MB): the byte pass reads it without a
        # tree, so peak memory stays within twice the input (the tree path took 7x).
        # Then the same payload with one bad path at the end: the tree path reports it.
        tabs_file = os.path.join(scratch, "million-tabs.json")

        def write_tabs(last_path):
            with open(tabs_file, "w") as out:
                out.write('{"active":"t0","tabs":[')
                for block in range(100):
                    out.write(",".join(TAB % ("t%d" % (block * 10000 + k), block * 10000 + k) for k in range(10000)))
                    out.write("," if block < 99 else "")
                out.write(',{"id":"last","title":"Last","icon":"i","path":"%s"}]}' % last_path)
            return os.path.getsize(tabs_file)

        size = write_tabs("/last")
        limit = ["--max-bytes", str(2 * size)]
        code, stderr, seconds, peak = run_alone(binary, ["validate", *limit, tabs_file])
        check("one payload of 1,000,000 tabs", code == 0 and peak < 2 * size / MB,
              "exit %d, %.1f s, peak RSS %.0f MiB (limit %.0f: twice the %.0f MiB input)"
              % (code, seconds, peak, 2 * size / MB, size / MB))
        write_tabs("https://evil.example/")
        code, stderr, seconds, peak, stdout = run_alone(binary, ["validate", *limit, tabs_file], stdout=True)
        check("one payload of 1,000,000 tabs, one invalid", code == 1 and stdout.count("error[TG104]") == 1,
              "exit %d, %.1f s, peak RSS %.0f MiB, %s" % (code, seconds, peak, stdout.strip()[:120]))
        os.remove(tabs_file)

        url_checks(binary, check)

        # One tag with 80,000 attributes (1.2 MB): linear (9.7 s release, 452 s debug,
        # when each attribute name was searched in the list of those before it).
        page = os.path.join(scratch, "attributes.html")
        with open(page, "w") as out:
            out.write('<!DOCTYPE html><html><body><div %s></div>' % " ".join('data-a%d="x"' % i for i in range(80000)))
            out.write('<div data-controller="bridge--navigation" data-bridge--navigation-config-value="{}"></div></body></html>')
        code, stderr, seconds, peak = run_alone(binary, ["validate", "--html", page])
        check("validate --html, a tag of 80,000 attributes", code == 1 and "1 invalid" in stderr and seconds < 5,
              "exit %d, %.2f s (limit 5), peak RSS %.0f MiB" % (code, seconds, peak))
        fixture_checks(binary, check, scratch)

        # tabgen diff on a 200 MB git blob: refused at the 64 MiB limit, without reading
        # the rest (it once read the whole blob first).. Early, while this script is
        # small; the checks after it measure tabgen alone (wait4), not git too.
        repo = os.path.join(scratch, "repo")
        os.mkdir(repo)
        git = ["git", "-C", repo, "-c", "user.email=t@example.com", "-c", "user.name=t"]
        subprocess.run(git[:3] + ["init", "-q"], check=True)
        with open(os.path.join(repo, "schema.json"), "w") as out:
            out.write('{"definitions": {}, "metadata": {"x": "')
            for _ in range(200):
                out.write("a" * MB)
            out.write('"}}')
        subprocess.run(git + ["add", "schema.json"], check=True)
        subprocess.run(git + ["commit", "-q", "-m", "big"], check=True)
        os.chdir(repo)
        code, message, seconds, peak = run_alone(binary, ["diff", "git:HEAD:schema.json", os.path.join(repo, "schema.json")])
        os.chdir(scratch)
        message = message.strip()
        check("diff of a 200 MB git blob", code == 2 and "is larger than 67108864 bytes" in message and peak < 200,
              "exit %d, %.1f s, peak RSS %.0f MiB (limit 200), %s" % (code, seconds, peak, message[:120]))
        shutil.rmtree(repo)

        # 200 MB of JSON Lines: streamed block by block, so memory stays flat.
        jsonl = os.path.join(scratch, "corpus.jsonl")
        lines = 0
        with open(jsonl, "w") as out:
            written = 0
            block = "\n".join(payload(i) for i in range(2000)) + "\n"
            bad = '{"active":"t0","tabs":[%s]}\n' % (TAB % ("t0", 0))  # one tab: TG101
            while written < 200 * MB:
                out.write(block)
                out.write(bad)
                written += len(block) + len(bad)
                lines += 2001
        code, stderr, seconds, peak, stdout = run_alone(binary, ["validate", "--jsonl", "--quiet", jsonl], stdout=True)
        findings = stdout.count("error[TG101]")
        check("200 MB JSON Lines", code == 1 and findings == lines // 2001 and peak < 150,
              "exit %d, %d findings (expected %d), %.1f s, peak RSS %.0f MiB (limit 150)"
              % (code, findings, lines // 2001, seconds, peak))

        # One 200 MB document: refused at the size limit without being read.
        single = os.path.join(scratch, "huge.json")
        with open(single, "w") as out:
            out.write('{"active":null,"tabs":[')
            out.write(",".join([payload(0)] * (200 * MB // len(payload(0)))))
            out.write("]}")
        code, stdout, _, seconds, peak = run(binary, ["validate", single])
        check("200 MB document over the limit", code == 1 and "error[TG002]" in stdout and seconds < 5,
              "exit %d, %.2f s, %s" % (code, seconds, stdout.strip()[:120]))

        # The same document with the limit raised: parsed whole and linear in time, its
        # millions of findings cut at --max-findings and located in one pass.
        code, stdout, _, seconds, peak = run(binary, ["validate", "--max-bytes", str(300 * MB), single])
        check("200 MB document read whole", code == 1 and stdout.count("error[TG012]") == 100
              and "note: more findings in this payload are not shown" in stdout and seconds < 60,
              "exit %d, %.1f s, %d lines, peak RSS %.0f MiB" % (code, seconds, len(stdout.splitlines()), peak))

        # 200 MB on one JSON Lines line: reported and skipped, never buffered whole.
        longline = os.path.join(scratch, "long.jsonl")
        with open(longline, "w") as out:
            out.write(payload(0) + "\n")
            out.write('["' + "a" * (200 * MB) + '"]\n')
            out.write('{"active":null}\n')
        code, stdout, _, seconds, peak = run(binary, ["validate", "--jsonl", longline])
        check("200 MB line in JSON Lines", code == 1 and ":2:1: error[TG002]" in stdout and ":3:1: error[TG012]" in stdout,
              "exit %d, %.1f s, %s" % (code, seconds, " | ".join(stdout.strip().splitlines())[:160]))


    print("large-input: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
