"""Everything a reader sees can be said in Italian: no template text or Python sentence shown to a
player left unmarked (in the parts translated so far, listed below: extend the lists as more parts
are translated), the Italian catalogue complete and without fuzzy entries, and Italian pages with no
English word of the interface."""
from __future__ import annotations

import re

import pytest

from admin_support import PASSWORD, log_in
from i18n_support import (
    ROOT, catalogue, catalogue_problems, compile_catalogues, extracted, python_under, templates_under,
    unmarked_in_python, unmarked_in_template, visible_words,
)
from support import csrf_of

# The parts translated so far. The command line (tain/cli.py,
# tain/services/accounts.py) is the operator's: English.
# tain/services/admin.py's refusals are marked; its audit records are kept as written, in English.
# The engines (Tàin, Tara, Inis) say everything by message id (docs/engine.md, "Messages"; tests/test_i18n_engines.py).
TEMPLATES = ["templates/admin", "templates/lobby", "templates/devmail", "templates/rules", "templates/base.html",
             "templates/error.html", "templates/_language_switch.html", "templates/email",
             "templates/play",
             *sorted(str(path.relative_to(ROOT)) for pattern in ("templates/email/*.txt", "templates/games/*/email_*",
                                                                  "templates/games/tain/*", "templates/games/tara/*",
                                                                  "templates/games/inis/*")
                     for path in ROOT.glob(pattern))]
PYTHON = ["tain/web/admin", "tain/web/lobby.py", "tain/web/rules.py", "tain/web/devmail.py", "tain/web/errors.py",
          "tain/web/language.py", "tain/services/errors.py", "tain/services/languages.py", "tain/services/links.py",
          "tain/mail/messages.py", "tain/services/notify.py", "tain/services/digests.py", "tain/pictures",
          "tain/services/play.py", "tain/services/timeline", "tain/messages.py", "tain/games/base.py",
          "tain/games/standing.py", "tain/games/tain", "tain/games/tara", "tain/games/inis", "tain/web/play.py", "tain/web/play_context.py",
          "tain/web/play_timeline.py", "tain/web/refused_forms.py", "tain/web/plan_editor.py", "tain/web/plan_drafts.py",
          "tain/web/game_pages", "tain/web/moves.py", "tain/web/api.py", "tain/web/json_input.py", "tain/web/relink.py",
          "tain/services/standing.py", "tain/services/preferences.py", "tain/services/export.py",
          "tain/services/games.py", "tain/services/deadlines.py"]
# Strings of those modules that look like sentences and are no reader's: (file, the string's start).
NOT_SHOWN = {
    ("tain/web/game_pages/__init__.py", "games without a page module"),  # a start-up error, for the developer
    ("tain/web/devmail.py", "default-src"),  # a Content-Security-Policy header
    ("tain/web/admin/transfer.py", "attachment; filename="),  # a Content-Disposition header
    ("tain/web/admin/transfer.py", " actions replayed"),  # an audit entry's detail: a record, kept as written
    ("tain/web/lobby.py", "Ann <ann@example.org>"),  # the players field's example lines: names and addresses
    ("tain/web/lobby.py", "Dana (bot)"),
    ("tain/web/lobby.py", "Cat <cat@example.org>"),
    ("tain/pictures/drawing.py", "DejaVuSans"),  # font files
    ("tain/web/json_input.py", " is not a JSON number"),  # json's parse errors, caught: the client reads "That is not JSON."
    ("tain/web/json_input.py", " is too large a number"),
    ("tain/games/tain/raid.py", "no cow left"),  # results in a report's data, which the templates say
    ("tain/games/tain/raid.py", "nothing left"),
    ("tain/games/base.py", "There is no game called"),
    ("tain/games/inis/notation.py", "standing rules="),  # an action's text form (engine-api-inis.md), not a sentence  # an unknown game: the command line's and imports' only
    ("tain/services/games.py", "game #"),
    ("tain/services/deadlines.py", "%Y-%m-%d %H:%M"),  # a time's format  # `flask check`'s findings: the operator's command line speaks English
}
ITALIAN = {"Accept-Language": "it"}
# Words of the interface that are English and not Italian (names, numbers and "email", "link" aside).
ENGLISH_WORDS = {"the", "and", "of", "to", "your", "you", "is", "are", "with", "game", "games", "player", "players",
                 "turn", "points", "cows", "jewels", "when", "which", "who", "what", "new", "deadline", "each",
                 "from", "this", "that", "for", "has", "have", "not", "how", "play", "rules", "board", "tokens",
                 "log", "out", "yes", "never", "nobody", "none", "time", "zone", "language", "save", "running"}


@pytest.mark.parametrize("path", list(templates_under(TEMPLATES)), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_template_text_is_marked_for_translation(path):
    assert unmarked_in_template(path.read_text()) == []


@pytest.mark.parametrize("path", list(python_under(PYTHON)), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_python_sentence_shown_is_marked_for_translation(path):
    relative = str(path.relative_to(ROOT))
    shown = [(line, text) for line, text in unmarked_in_python(path.read_text())
             if not any(where == relative and text.lstrip("f")[1:].startswith(start) for where, start in NOT_SHOWN)]
    assert shown == []


def test_the_checks_find_what_is_not_marked():
    assert unmarked_in_template("<p>Hello {{ name }}</p>") == ["Hello"]
    assert unmarked_in_template('<input placeholder="your name">') == ["your name"]
    assert unmarked_in_template('{{ "yes" if a else "no" }}') == ["yes", "no"]
    assert unmarked_in_template('{{ x or "never" }}{{ macro("admin.pause", "Pause") }}') == ["never", "Pause"]
    assert unmarked_in_template('{% set W = {"a": "gets in"} %}') == ["gets in"]
    assert unmarked_in_template("{{ _(text) }}") == ["_() of something other than a literal"]
    marked = ('<p>{{ _("Hello %(name)s", name=name) }} — #{{ n }}</p>{% trans %}Hello {{ name }}{% endtrans %}'
              '{{ ngettext("%(num)d cow", "%(num)d cows", 2) }}<a href="{{ url_for(\'a.b\') }}">Tàin</a>'
              '{% if status == "running" %}{{ x | join(", ") }}{% endif %}<script>var a = "b c";</script>')
    assert unmarked_in_template(marked) == []
    assert [text for _, text in unmarked_in_python('flash("Game is paused.")\nraise AdminRefusal(f"Game #{n} is gone.")')
            ] == ["'Game is paused.'", "f'Game # is gone.'"]
    assert unmarked_in_python('"""A docstring."""\nflash(gettext("Game is paused."))\nx = N_("A sentence.")\n'
                              'url_for("admin.games")\nlog.warning("a b c")') == []
    assert [text for _, text in unmarked_in_python('gettext(f"Game #{n}")')] == ["gettext() of a sentence built in code"]


def test_the_italian_catalogue_has_every_message_and_none_fuzzy():
    messages = extracted()
    assert len(messages) > 100  # the extraction did find the templates and the code
    assert catalogue_problems(messages, catalogue("it")) == []


def test_the_catalogue_check_finds_a_missing_or_fuzzy_entry():
    from babel.messages.catalog import Catalog

    messages, translations = Catalog(), Catalog(locale="it")
    for message in ("Games", "Health", "%(num)d games left"):
        messages.add(message)
    translations.add("Games", "Partite")
    translations.add("Health", "Salute", flags=["fuzzy"])
    translations.add("%(num)d games left", "%(n)d partite")
    problems = catalogue_problems(messages, translations)
    assert problems[0] == "fuzzy: 'Health'" and problems[1].startswith("'%(num)d games left': ") and len(problems) == 2
    messages.add("Audit log")
    assert "missing: 'Audit log' ()" in catalogue_problems(messages, translations)


def english_words(html: str) -> set[str]:
    """The interface's English words in a page's visible text (code, option lists and scripts aside)."""
    return set(visible_words(html)) & ENGLISH_WORDS


@pytest.fixture(autouse=True, scope="module")
def compiled_catalogues() -> None:
    """The Italian catalogue as `make` compiles it, for a run straight from pytest."""
    compile_catalogues()


@pytest.fixture
def config(config):
    config["ADMIN_PASSWORD"] = PASSWORD
    return config


@pytest.mark.parametrize("path", ["/", "/rules", "/rules/tain", "/rules/tara", "/games/new"])
def test_italian_pages_have_no_english_word(client, path):
    page = client.get(path, headers=ITALIAN)
    assert page.status_code == 200 and '<html lang="it">' in page.text
    html = page.text
    if path == "/games/new":  # each game's own options are the engine's words (the engines' pass)
        html = re.sub(r'<fieldset class="game-options".*?</fieldset>', "", html, flags=re.S)
    assert english_words(html) == set()


@pytest.mark.parametrize("path", ["/admin/", "/admin/games/new", "/admin/mail", "/admin/health", "/admin/audit",
                                  "/admin/settings", "/admin/games/import"])
def test_an_italian_admin_s_pages_have_no_english_word(client, path):
    settings = client.get("/admin/login", headers=ITALIAN)
    assert english_words(settings.text) == set()
    log_in(client)
    client.post("/admin/settings", data={"csrf_token": csrf_of(client.get("/admin/settings").text),
                                         "language": "it", "time_zone": "Europe/Rome"})
    page = client.get(path)  # no Accept-Language: the admin's own choice
    html = re.sub(r'<fieldset class="game-options".*?</fieldset>', "", page.text, flags=re.S)
    assert page.status_code == 200 and '<html lang="it">' in html and english_words(html) == set()
