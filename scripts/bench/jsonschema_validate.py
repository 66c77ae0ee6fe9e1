#!/usr/bin/env python3
"""Validates a JSON Lines corpus with python-jsonschema: a compiled Draft7Validator,
json.loads per line, is_valid (stops at the first error, the cheapest call).

Usage: jsonschema_validate.py SCHEMA CORPUS [LIMIT]   (LIMIT: first N payloads only)
Prints one JSON object: lines, bytes (of the lines read), invalid, seconds.
"""
import json
import sys
import time

import jsonschema


def main():
    schema_path, corpus_path = sys.argv[1], sys.argv[2]
    limit = int(sys.argv[3]) if len(sys.argv) > 3 and int(sys.argv[3]) > 0 else None
    started = time.perf_counter()
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema)
    lines = invalid = size = 0
    with open(corpus_path, "rb") as handle:
        for raw in handle:
            if limit is not None and lines >= limit:
                break
            size += len(raw)
            if not raw.strip():
                continue  # blank lines are no payload, as in tabgen
            lines += 1
            try:
                payload = json.loads(raw)
            except ValueError:
                invalid += 1
                continue
            if not validator.is_valid(payload):
                invalid += 1
    seconds = time.perf_counter() - started
    print(json.dumps({"lines": lines, "bytes": size, "invalid": invalid, "seconds": seconds,
                      "validator": validator_class.__name__}))


if __name__ == "__main__":
    main()
