"""JSON that a client sent, read with bounds: its size, its depth, and only the numbers JSON has.

Python's parser recurses once per level of nesting, so a body of a hundred thousand `[`
would exhaust the stack; and whatever walks a parsed value later (the engine, the JSON
column) recurses too. Everything read from a request goes through `load_json`.
"""
from __future__ import annotations

import json
import math
from typing import Any

MAX_DEPTH = 20  # levels of arrays and objects: a move has 2, an exported game 5
MAX_MOVE_BYTES = 16 * 1024  # a move or a few, as JSON: a real one is a hundred bytes


class BadJson(ValueError):
    """A body that is not JSON we read; the message says why, for the client."""


def load_json(text: str | bytes, *, max_bytes: int) -> Any:
    """The value `text` holds; BadJson if it is larger than `max_bytes`, not JSON, or nested too deeply."""
    if len(text) > max_bytes:
        raise BadJson(f"That is too large: at most {max_bytes:,} bytes are read here.")
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError:
        raise BadJson(f"That JSON is nested too deeply (at most {MAX_DEPTH} levels).") from None
    except ValueError:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise BadJson("That is not JSON.") from None
    if _depth(value) > MAX_DEPTH:
        raise BadJson(f"That JSON is nested too deeply (at most {MAX_DEPTH} levels).")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is too large a number")
    return number


def _depth(value: Any) -> int:
    """How many levels of arrays and objects `value` has, counted without recursion."""
    deepest, level = 0, [(value, 1)]
    while level:
        item, depth = level.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is not None:
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                return depth
            level.extend((child, depth + 1) for child in children)
    return deepest
