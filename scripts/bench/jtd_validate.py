#!/usr/bin/env python3
"""Validates a JSON Lines corpus with `jtd` from PyPI, the reference JSON Type
Definition (RFC 8927) validator: json.loads per line, jtd.validate with max_errors=1.
It reads tabgen's own schema.json (RFC 8927 checks only: no rules TG101-TG108).

Usage: jtd_validate.py SCHEMA CORPUS [LIMIT]   (LIMIT: first N payloads only)
Prints one JSON object: lines, invalid, seconds.
"""
import json
import time

import jtd

from corpus_lines import arguments, count_invalid


def main():
    schema_path, corpus_path, limit = arguments()
    started = time.perf_counter()
    with open(schema_path, encoding="utf-8") as handle:
        schema = jtd.Schema.from_dict(json.load(handle))
    # schema.validate() is skipped: jtd 0.1.1 wrongly refuses a boolean additionalProperties there.
    lines, _, invalid = count_invalid(
        corpus_path, limit, lambda payload: not jtd.validate(schema=schema, instance=payload, options=jtd.ValidationOptions(max_errors=1)))
    print(json.dumps({"lines": lines, "invalid": invalid, "seconds": time.perf_counter() - started}))


if __name__ == "__main__":
    main()
