"""The command line and the corpus loop of the Python validators of the benchmark
(jsonschema_validate.py, jtd_validate.py), so that both count payloads alike."""
import json
import sys


def arguments():
    """SCHEMA CORPUS [LIMIT] (LIMIT: the first N payloads only; 0 or none: all)."""
    limit = int(sys.argv[3]) if len(sys.argv) > 3 and int(sys.argv[3]) > 0 else None
    return sys.argv[1], sys.argv[2], limit


def count_invalid(corpus_path, limit, is_valid):
    """The payloads of a JSON Lines corpus read (lines), the bytes of the lines read, and
    the payloads that are not JSON or that is_valid refuses (invalid)."""
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
            if not is_valid(payload):
                invalid += 1
    return lines, size, invalid
