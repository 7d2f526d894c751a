"""The engines' sentences in the reader's language (docs/engine.md, "Messages").

An engine gives each sentence for a person as a message — `{"id": "tain.kingdom-cow", "msgid":
"Foreign kingdom: %(player)s's %(token)s takes a cow.", "params": {...}, "text": "…"}` — and each
refusal as an `IllegalAction` with the same (`message`, `code`, `params`). Here they are said in the
current language (`tain.wording.with_language`, a request's reader): the msgid through the catalogue,
each parameter that is a word of the game (its `words`: a token, an entrance) through the catalogue
in that word's context, a list of names as the language lists them. In English a message is the
engine's own text.

- `told(message)`: a message or a refusal as a `Told`, a str that is the English (for bots, logs, the
  JSON API, comparisons) and says itself in the reader's language (`translated()`, `tain.wording.say`).
  `told(holder, key)`: what a view holds under `key` — a report's "title" or "lines", the stage's
  "long" — from the holder's `messages`, as its English when it has none (an engine without them yet).
- `tell(...)`: the same, said in the reader's language; the templates' `tell` filter
  (`{{ report | tell("title") }}`, `{% for line in report | tell("lines") %}`, `{{ message | tell }}`).

A parameter that says itself (a `Told`: a move described inside a sentence) is said too.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from babel.lists import format_list
from flask_babel import get_locale, gettext, ngettext, pgettext

from tain.games import Game as Engine, UnknownGame, get_game
from tain.games.base import Action, Player, Refusal, Words

__all__ = ["Told", "described", "tell", "told"]


class Told(str):
    """An engine's message as a sentence: `str()` its English text, `translated()` the reader's language."""

    message: Mapping[str, Any]

    def __new__(cls, message: Mapping[str, Any]) -> Told:
        said = super().__new__(cls, message["text"])
        said.message = message
        return said

    def translated(self) -> str:
        message = self.message
        msgid = message.get("msgid")
        if not msgid or _language() == "en":
            return str(self)
        words = _words_of(message.get("id", ""))
        params = {name: _said(words, name, value) for name, value in message.get("params", {}).items()}
        if "plural" in message:
            return ngettext(msgid, message["plural"], params.pop("num"), **params)
        return gettext(msgid, **params)


def told(message: Mapping[str, Any] | Refusal, key: str | None = None) -> Any:
    """`message` (an engine's message, or its refusal: IllegalAction, SetupError) as a `Told`; with
    `key`, what the holder `message` says under it (a list for "lines"), from its `messages`, else
    from its English."""
    if isinstance(message, Refusal):
        return Told({"id": message.code, "msgid": message.message, "params": message.params, "text": str(message)})
    if key is None:
        return Told(message)
    said = (message.get("messages") or {}).get(key)
    if said is None:
        said = message[key]
        return [Told({"text": line}) for line in said] if isinstance(said, list) else Told({"text": said})
    return [Told(line) for line in said] if isinstance(said, list) else Told(said)


def tell(message: Mapping[str, Any] | Refusal, key: str | None = None) -> Any:
    """`told(message, key)` in the reader's language."""
    said = told(message, key)
    return [line.translated() for line in said] if isinstance(said, list) else said.translated()


def described(engine: Engine, action: Action, player: Player, for_others: bool = False) -> Told:
    """`engine.describe_action`, as a `Told` (the English of an engine without messages for it)."""
    describe = getattr(engine, "describe_action_message", None)
    if describe is None:
        return Told({"text": engine.describe_action(action, player, for_others)})
    return Told(describe(action, player, for_others))


def _language() -> str:
    # tain.wording.current_language's, which cannot be imported here: tain.wording.say says messages.
    locale = get_locale()
    return locale.language if locale is not None else "en"


def _words_of(message_id: str) -> Words:
    """The words of the game a message id names (`tain.…`); none for another id."""
    try:
        return getattr(get_game(message_id.partition(".")[0]), "words", {})
    except UnknownGame:
        return {}


def _said(words: Words, name: str, value: Any) -> Any:
    """One parameter in the reader's language: a word of the game, a list of names, a `Told`, or as it is."""
    if isinstance(value, Told):
        return value.translated()
    if isinstance(value, Mapping) and "text" in value:  # a message inside a message (Inis: a move's details)
        return Told(value).translated()
    if isinstance(value, list):
        return format_list([str(item) for item in value], locale=_language())
    entry = words.get(name, {}).get(value) if isinstance(value, str) else None
    return value if entry is None else pgettext(*entry)
