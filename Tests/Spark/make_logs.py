#!/usr/bin/env python3
"""Writes a small set of envelope logs (JSON Lines) for Tests/Spark/run.sh, hostile lines included.

Usage: make_logs.py DIR [--files N] [--lines N] [--seed S] [--max-bytes N]
Deterministic for a seed. Each file mixes valid payloads, broken rules, and lines that break
readers which are not byte-exact: a bare CR inside strings (payload and envelope), invalid
UTF-8 (payload and another member), duplicate keys (in the payload, and the payload member
itself twice), lone surrogates (escapes, high and low, and raw encoded ones: ED A0 80, in
the payload and in carried members), lines over --max-bytes (by the payload and by another
member), an escaped envelope key, blank lines, CRLF endings, a line without a payload and
one that is not JSON.
"""
import argparse
import pathlib
import random


def tab(identifier, path):
    return '{"id":"%s","title":"%s","icon":"i","path":"%s"}' % (identifier, identifier.title(), path)


def payloads(rng, max_bytes):
    valid = '{"active":"home","tabs":[%s,%s]}' % (tab("home", "/"), tab("inbox", "/inbox"))
    return [
        valid.encode(),
        b'{"active":null,"tabs":[]}',
        ('{"active":"home","tabs":[%s,%s]}' % (tab("home", "/"), tab("x", "https://evil.example/x"))).encode(),
        ('{"active":"home","active":"x","tabs":[%s,%s]}' % (tab("home", "/"), tab("x", "/x"))).encode(),
        ('{"active":"home","tabs":[%s,{"id":"b","title":"B\r","icon":"i","path":"/b"}]}' % tab("home", "/")).encode(),
        ('{"active":"home","tabs":[%s,{"id":"b","title":"B' % tab("home", "/")).encode() + b"\xff\xc3(" + b'","icon":"i","path":"/b"}]}',
        ('{"active":"home","tabs":[%s,{"id":"b","title":"\\ud800","icon":"i","path":"/b"}]}' % tab("home", "/")).encode(),
        ('{"active":"home","tabs":[%s,{"id":"b","title":"\\udc00x","icon":"i","path":"/b"}]}' % tab("home", "/")).encode(),
        ('{"active":"home","tabs":[%s,{"id":"b","title":"B' % tab("home", "/")).encode() + b"\xed\xa0\x80" + b'","icon":"i","path":"/b"}]}',
        ('{"active":"nope","tabs":[%s,%s]}' % (tab("home", "/"), tab("b", "/b"))).encode(),
        b'{"active":"a","tabs":[}',
        b'"not an object"',
        ('{"active":"home","tabs":[%s,%s],"pad":"%s"}' % (tab("home", "/"), tab("b", "/b"), "x" * (max_bytes + 10))).encode(),
    ]


def envelope(rng, payload, index):
    app = rng.choice([b'"2.3.1"', b'"2.4.0"', b'"2.5.0-beta"'])
    if index % 17 == 5:
        app = b'"2.4\xff"'  # invalid UTF-8 in another member: carried as null, the payload unaffected
    elif index % 23 == 13:
        app = b'"2.4\\ud800"'  # a lone surrogate escape in another member
    platform = rng.choice([b'"ios"', b'"android"'])
    if index % 13 == 7:
        platform = b'"ios\rtablet"'  # a bare CR in another member
    elif index % 19 == 11:
        platform = b'"ios\xed\xb0\x80"'  # a raw encoded (low) surrogate in another member
    day = "2026-11-%02d" % rng.randint(25, 28)
    at = ('"%sT%02d:%02d:00Z"' % (day, rng.randint(0, 23), rng.randint(0, 59))).encode()
    order = rng.randint(0, 2)
    members = [b'"app":' + app, b'"platform":' + platform, b'"at":' + at]
    members.insert(order, b'"payload":' + payload)
    return b"{" + b",".join(members) + b"}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dir")
    parser.add_argument("--files", type=int, default=3)
    parser.add_argument("--lines", type=int, default=400)
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--max-bytes", type=int, default=4096)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    folder = pathlib.Path(arguments.dir)
    folder.mkdir(parents=True, exist_ok=True)
    max_bytes = arguments.max_bytes
    kinds = payloads(rng, max_bytes)
    for number in range(arguments.files):
        lines = []
        for index in range(arguments.lines):
            roll = rng.random()
            if roll < 0.5:
                payload = kinds[0] if rng.random() < 0.7 else kinds[1]
            else:
                payload = rng.choice(kinds[2:])
            line = envelope(rng, payload, index)
            if index % 50 == 3:
                line = line[:-1] + b',"payload":{"active":null,"tabs":[]}}'  # the payload member twice
            elif index % 50 == 9:
                line = b'{"app":"2.4.0","platform":"ios","at":"2026-11-27T00:00:00Z"}'  # no payload
            elif index % 50 == 21:
                line = b"not json at all"
            elif index % 50 == 33:
                line = b"   "  # blank
            elif index % 50 == 40:
                line = line[:-1] + b',"pad":"' + b"y" * max_bytes + b'"}'  # over --max-bytes by another member
            elif index % 50 == 45:
                line = line.replace(b'"payload":', b'"p\\u0061yload":', 1)  # the payload's key escaped
            ending = b"\r\n" if index % 11 == 4 else b"\n"
            lines.append(line + ending)
        (folder / ("fleet-%d.jsonl" % number)).write_bytes(b"".join(lines))


if __name__ == "__main__":
    main()
