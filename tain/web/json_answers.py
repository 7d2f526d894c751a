"""Flask's JSON answers written by orjson: a seat's snapshot carries its whole view (80 kB late in a Tàin
game), and the standard library's encoder was about 0.7 ms of every API request. The answers keep
Flask's sorted keys; dates and dataclasses still go through Flask's own conversions, and whatever
orjson cannot write (an integer past 64 bits echoed back) is written by the standard library."""
from __future__ import annotations

from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider

OPTIONS = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


class JSONAnswers(DefaultJSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        try:
            return orjson.dumps(obj, default=self.default, option=OPTIONS).decode()
        except orjson.JSONEncodeError:
            return super().dumps(obj, **kwargs)
