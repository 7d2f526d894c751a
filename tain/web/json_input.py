"""JSON that a client sent, read with bounds: its size, its depth, only the numbers JSON has and
whole numbers that fit 64 bits, and only text that UTF-8 can write: no NUL character (which
PostgreSQL's JSONB and text columns refuse) and no lone surrogate (`"\\ud800"`, half of a character,
which Python's parser reads and no UTF-8 writer writes). What is read here can be stored: a standing
order holding 2**64 or a lone surrogate would otherwise be refused only when the state is written.

Python's parser recurses once per level of nesting, so a body of a hundred thousand `[`
would exhaust the stack; and whatever walks a parsed value later (the engine, the JSON
column) recurses too. Everything read from a request goes through `load_json`.
"""
from __future__ import annotations

import json
import math
from typing import Any

from tain.wording import N_

MAX_DEPTH = 20  # levels of arrays and objects: a move has 2, an exported game 5
MAX_MOVE_BYTES = 16 * 1024  # a move or a few, as JSON: a real one is a hundred bytes
TOO_LARGE = N_("That is too large: at most %(most)s bytes are read here.")
SMALLEST_INTEGER, LARGEST_INTEGER = -2**63, 2**63 - 1  # a BIGINT; the state's encoder (orjson) takes these


class BadJson(ValueError):
    """A body that is not JSON we read; the message says why, for the client (`message` and `params`:
    its msgid and what fills it, as a refusal's)."""

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message % params if params else message)
        self.message, self.params = message, params


def load_json(text: str | bytes, *, max_bytes: int) -> Any:
    """The value `text` holds; BadJson if it is larger than `max_bytes`, not JSON, or nested too deeply."""
    if len(text) > max_bytes:
        raise BadJson(TOO_LARGE, most=f"{max_bytes:,}")
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite, parse_int=_bounded)
    except RecursionError:
        raise BadJson(N_("That JSON is nested too deeply (at most %(most)s levels)."), most=MAX_DEPTH) from None
    except BadJson:
        raise
    except ValueError:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise BadJson(N_("That is not JSON.")) from None
    _check(value)
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is too large a number")
    return number


def _bounded(text: str) -> int:
    number = int(text)
    if not SMALLEST_INTEGER <= number <= LARGEST_INTEGER:
        raise BadJson(N_("That JSON holds a whole number larger than any field takes (at most %(most)s, "
                         "or as far below zero)."),
                      most=f"{LARGEST_INTEGER:,}")
    return number


def _check(value: Any) -> None:
    """BadJson for more than MAX_DEPTH levels of arrays and objects, or a NUL or a lone surrogate in a
    string or a key (walked without recursion)."""
    waiting = [(value, 1)]
    while waiting:
        item, depth = waiting.pop()
        if isinstance(item, str):
            _check_text(item)
        if isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                raise BadJson(N_("That JSON is nested too deeply (at most %(most)s levels)."), most=MAX_DEPTH)
            children = [*item, *item.values()] if isinstance(item, dict) else item
            waiting.extend((child, depth + 1) for child in children)


def _check_text(text: str) -> None:
    if "\x00" in text:
        raise BadJson(N_("That JSON holds a NUL character, which no field may contain."))
    if not text.isascii():
        try:
            text.encode()
        except UnicodeEncodeError:
            raise BadJson(N_("That JSON holds half of a character (a lone surrogate such as \\ud800), "
                             "which no field may contain.")) from None
