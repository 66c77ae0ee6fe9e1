#!/usr/bin/env python3
"""Parses every line of a JSON Lines corpus with pysimdjson and checks nothing: the
physical floor of reading the corpus in a process (a validator cannot be faster
than parsing). Parse errors count as invalid.

Usage: simdjson_parse.py CORPUS
Prints one JSON object: lines, invalid, seconds.
"""
import json
import sys
import time

import simdjson


def main():
    started = time.perf_counter()
    parser = simdjson.Parser()
    lines = invalid = 0
    with open(sys.argv[1], "rb") as handle:
        for raw in handle:
            if not raw.strip():
                continue
            lines += 1
            try:
                parser.parse(raw)
            except ValueError:
                invalid += 1
    print(json.dumps({"lines": lines, "invalid": invalid, "seconds": time.perf_counter() - started}))


if __name__ == "__main__":
    main()
