"""JSON for the tests' checks of states, actions and views, through orjson as the service stores them
(tain/config.py). Strict: a dataclass, a date or a subclass of str, int, dict or list is refused rather
than written, and so is a key that is not a string; a tuple comes back a list, so a round trip of a
value that is not plain JSON is not equal to it. The standard library's encoder was most of the time
of the engines' random-play tests."""
from __future__ import annotations

from typing import Any

import orjson

STRICT = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_SUBCLASS


def as_json(value: Any, sort_keys: bool = False) -> bytes:
    """`value` as JSON, its keys in their order (or sorted, as PostgreSQL's JSONB may give them back)."""
    return orjson.dumps(value, option=STRICT | (orjson.OPT_SORT_KEYS if sort_keys else 0))


def json_round_trip(value: Any, sort_keys: bool = False) -> Any:
    """`value` as it reads after it was written as JSON: a deep copy of a state, far faster than deepcopy."""
    return orjson.loads(as_json(value, sort_keys))
