#!/usr/bin/env python3
"""Wraps each payload of a JSON Lines corpus in a log envelope, its bytes untouched.

Each line becomes what a server's log holds (the payload last, as loggers write it):

    {"app":"2.4.0","platform":"ios","at":"2026-11-28T07:41:09Z","url":"https://app.example/inbox","payload":PAYLOAD}

so `tabgen validate --jsonl --payload /payload` over the result must find exactly what
`tabgen validate --jsonl` finds over the payloads (same lines, pointers and columns).
Deterministic for a seed. Used by scripts/bench-validate --envelope and
integrations/spark/bench.py.

Usage: envelope_corpus.py --in PAYLOADS.jsonl --out ENVELOPES.jsonl [--seed S]
"""
import argparse
import random

APPS = [b"2.3.1", b"2.4.0", b"2.4.1", b"2.5.0-beta.2"]
PLATFORMS = [b"ios", b"android"]
PATHS = [b"/", b"/inbox", b"/account/orders?status=open", b"/search?q=caf%C3%A9", b"/teams/42/members"]


def envelope(rng, payload):
    day = 22 + rng.randrange(7)
    at = b"2026-11-%02dT%02d:%02d:%02dZ" % (day, rng.randrange(24), rng.randrange(60), rng.randrange(60))
    return (b'{"app":"' + rng.choice(APPS) + b'","platform":"' + rng.choice(PLATFORMS) + b'","at":"' + at
            + b'","url":"https://app.example' + rng.choice(PATHS) + b'","payload":' + payload + b"}")


def wrap(source, target, seed):
    """Writes the enveloped lines of `source` (a path) to `target` (a path); returns the count."""
    rng = random.Random(seed)
    count = 0
    with open(source, "rb") as lines, open(target, "wb") as out:
        for raw in lines:
            ending = b"\n" if raw.endswith(b"\n") else b""
            payload = raw[:-1] if ending else raw
            out.write(envelope(rng, payload) + ending)
            count += 1
    return count


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--in", dest="source", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=42)
    arguments = parser.parse_args()
    wrap(arguments.source, arguments.out, arguments.seed)


if __name__ == "__main__":
    main()
