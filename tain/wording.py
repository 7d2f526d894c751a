"""What a reader reads in: their language (English or Italian, Flask-Babel's catalogues in
`translations/`), and the words that change with a number or a list ("1 kingdom", "2 kingdoms",
"Bob, Cat and Dan").

- Templates say `{{ _("…") }}`, `{% trans %}…{% endtrans %}` and `{{ ngettext("%(num)d kingdom",
  "%(num)d kingdoms", n) }}`; Python code `gettext`/`ngettext` from here, `lazy_gettext` where a string
  is made before any reader is known (a form's label), and `N_` to mark a sentence said later (an
  error's message, translated where it is shown by `say`).
- `with_language(seat.language)` renders anything for one reader outside their own request (an email
  to its recipient); inside it every gettext, `names`, and `tain.local_time` speak that language.
- A refusal or problem whose English is kept for the JSON API and the logs is a `Phrase` (or a
  `ServiceError` with its message id and parameters): `str()` is English, `say()` the reader's language.
- An engine's refusal (`IllegalAction`) or message (a report's line, the stage): `say()` too, or
  `tell` (`tain.messages`), which the templates have as a filter.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup

from babel.lists import format_list
from babel.support import NullTranslations
from flask import Flask, g, has_app_context
from flask_babel import force_locale, get_locale, get_translations, lazy_gettext

from tain.games.base import Refusal
from tain.messages import tell, told

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "LANGUAGE_NAMES", "N_", "Phrase", "current_language", "gettext",
           "install", "is_language", "lazy_gettext", "names", "ngettext", "say", "with_language"]

DEFAULT_LANGUAGE = "en"
LANGUAGES = ("en", "it")
# Each language in its own words: what a reader looks for in a language switch, whatever the page's language.
LANGUAGE_NAMES = {"en": "English", "it": "Italiano"}


def is_language(code: object) -> bool:
    return isinstance(code, str) and code in LANGUAGES


def current_language() -> str:
    """The language being written in: the request's reader, the recipient inside `with_language`, else English."""
    locale = get_locale()
    return locale.language if locale is not None and locale.language in LANGUAGES else DEFAULT_LANGUAGE


@contextmanager
def with_language(language: str | None) -> Iterator[None]:
    """Everything rendered inside speaks `language` (None or unknown: English); the request's own
    language comes back afterwards. Kept per application context, so threads never mix readers."""
    with force_locale(language if is_language(language) else DEFAULT_LANGUAGE):
        yield


def N_(message: str) -> str:
    """Marks `message` for the catalogue where it is written; `say` or `gettext` translates it where it is shown."""
    return message


def catalogue() -> NullTranslations:
    """The current language's translations, looked up once per request and language: Flask-Babel
    looks up the locale and then its catalogue by name for every string, some 800 a page. The one
    found is kept where Flask-Babel (4.0, pinned) keeps a context's translations, its
    `babel_translations`, which its `force_locale` (`with_language`) empties and restores and its
    `refresh` clears: the next string after a change of language looks the catalogue up again."""
    if not has_app_context():
        return get_translations()
    held = getattr(g._get_current_object().__dict__.get("_flask_babel"), "babel_translations", None)
    if held is None:
        held = get_translations()  # which makes Flask-Babel's context, g._flask_babel
        g._flask_babel.babel_translations = held
    return held


def gettext(message: str, **variables: Any) -> str:
    """`message` in the current language, the variables filled in (Flask-Babel's gettext, the catalogue
    looked up once)."""
    text = catalogue().ugettext(message)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """The singular or plural phrase for `num` in the current language, `%(num)d` and the variables filled in."""
    variables.setdefault("num", num)
    return catalogue().ungettext(singular, plural, num) % variables


def names(items: Iterable[str]) -> str:
    """A list of names as a sentence says it: "Ann", "Ann and Bob", "Ann, Bob, and Cat" ("Ann, Bob e Cat")."""
    return format_list(list(items), locale=current_language())


class Phrase(str):
    """A sentence in English (it *is* that string: joined, compared, sent by the JSON API) that keeps
    its message id and parameters, so that `say` can tell it in the reader's language.

    `Phrase(N_("Game #%(game)s has no such seat."), game=4)` → "Game #4 has no such seat."
    """

    msgid: str
    params: dict[str, Any]

    def __new__(cls, msgid: str, **params: Any) -> Phrase:
        phrase = super().__new__(cls, msgid % params if params else msgid)
        phrase.msgid, phrase.params = msgid, params
        return phrase

    def translated(self) -> str:
        # A parameter that is itself a sentence (an engine's refusal inside "Action 3 is refused: …") is said too.
        return gettext(self.msgid, **{name: value.translated() if callable(getattr(value, "translated", None))
                                      else value for name, value in self.params.items()})


def say(message: object) -> str:
    """`message` in the current language: a `Phrase` or an error with `translated()`, an engine's
    refusal or message (tain.messages), or a marked sentence (its English when the catalogue lacks it)."""
    if isinstance(message, (Refusal, Mapping)):
        message = told(message)
    translated = getattr(message, "translated", None)
    if callable(translated):
        return str(translated())
    text = str(message)
    return gettext(text) if text else text


def install(app: Flask) -> None:
    """The `names`, `say` and `tell` filters and the page's language (`current_language`) in every template;
    the templates' `_`, gettext and ngettext (`{% trans %}` blocks' too) are ours: what Flask-Babel installs
    (newstyle: the catalogue's text, marked safe where the template escapes, then filled in) with the
    catalogue looked up once (`catalogue`), and in one call. Jinja wraps each callable in a function
    that calls it through the template's context, and `_` in another: three calls for each of a page's
    hundred and more sentences, a fifth of its rendering. pgettext and npgettext stay Flask-Babel's (no
    template uses them)."""
    app.jinja_env.newstyle_gettext = True  # as Flask-Babel sets it: {% trans %} hands its variables to gettext
    app.jinja_env.globals.update(_=_template_gettext, gettext=_template_gettext, ngettext=_template_ngettext)
    app.jinja_env.policies["ext.i18n.trimmed"] = True  # a {% trans %} block's whitespace collapses, as babel.cfg extracts it
    app.jinja_env.filters["names"] = names
    app.jinja_env.filters["say"] = say
    app.jinja_env.filters["tell"] = tell
    app.jinja_env.globals["current_language"] = current_language


# Jinja's newstyle gettext and ngettext (jinja2.ext._make_new_gettext), each sentence always a format string.
@pass_eval_context
def _template_gettext(eval_context: EvalContext, message: str, **variables: Any) -> str:
    text = catalogue().ugettext(message)
    return (Markup(text) if eval_context.autoescape else text) % variables


@pass_eval_context
def _template_ngettext(eval_context: EvalContext, singular: str, plural: str, num: int, **variables: Any) -> str:
    variables.setdefault("num", num)
    text = catalogue().ungettext(singular, plural, num)
    return (Markup(text) if eval_context.autoescape else text) % variables
