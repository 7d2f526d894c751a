"""Words that change with a number or a list: "1 kingdom", "2 kingdoms", "Bob, Cat and Dan".

Templates say `{{ ngettext("%(num)d kingdom", "%(num)d kingdoms", n) }}` (Jinja's i18n extension, with
null translations until Flask-Babel brings real ones) and Python code `ngettext(...)` from here, so
that each phrase is a whole one, ready to be translated.
"""
from __future__ import annotations

from collections.abc import Iterable
from gettext import NullTranslations
from typing import Any

from babel.lists import format_list
from jinja2 import Environment

_NULL = NullTranslations()


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """The singular or plural phrase for `num`, with `%(num)d` and the other variables filled in."""
    return _NULL.ngettext(singular, plural, num) % {"num": num, **variables}


def names(items: Iterable[str]) -> str:
    """A list of names as a sentence says it: "Ann", "Ann and Bob", "Ann, Bob, and Cat"."""
    return format_list(list(items), locale="en")


def install(env: Environment) -> None:
    """`gettext`, `ngettext` and the `names` filter in every template."""
    env.add_extension("jinja2.ext.i18n")
    env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    env.filters["names"] = names
