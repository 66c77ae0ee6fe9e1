#!/usr/bin/env python3
"""Validates a JSON Lines corpus with python-jsonschema: a compiled Draft7Validator,
json.loads per line, is_valid (stops at the first error, the cheapest call).

Usage: jsonschema_validate.py SCHEMA CORPUS [LIMIT]   (LIMIT: first N payloads only)
Prints one JSON object: lines, bytes (of the lines read), invalid, seconds.
"""
import json
import time

import jsonschema

from corpus_lines import arguments, count_invalid


def main():
    schema_path, corpus_path, limit = arguments()
    started = time.perf_counter()
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema)
    lines, size, invalid = count_invalid(corpus_path, limit, validator.is_valid)
    seconds = time.perf_counter() - started
    print(json.dumps({"lines": lines, "bytes": size, "invalid": invalid, "seconds": seconds,
                      "validator": validator_class.__name__}))


if __name__ == "__main__":
    main()
