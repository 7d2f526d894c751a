"""Finding what a reader would see in English whatever their language: text of a template outside
`{{ _() }}` / `{% trans %}`, a Python string shown to a player that is not marked for translation,
a catalogue entry missing or fuzzy. Used by tests/test_i18n_catalogue.py, whose lists say which parts
of the service are translated so far."""
from __future__ import annotations

import ast
import os
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from jinja2 import Environment, nodes

ROOT = Path(__file__).resolve().parent.parent
# Names, not words: shown as they are in every language (the games', and email headers').
PROPER_NAMES = {"Tàin", "Tara", "Inis", "Message-ID", "In-Reply-To"}
GETTEXT_CALLS = {"_", "gettext", "ngettext", "pgettext", "npgettext", "lazy_gettext", "lazy_ngettext", "N_", "Nn_", "Np_",
                 "Phrase"}
# Attributes a reader sees or hears (a screen reader reads aria-label and alt).
SHOWN_ATTRIBUTES = {"title", "alt", "placeholder", "aria-label", "label"}
LETTER = re.compile(r"[^\W\d_]")
CAPITALISED = re.compile(r"[A-Z][a-z]")  # "Pause", "Name"; not "UTC", "%Y"


def _without_names(text: str) -> str:
    for name in PROPER_NAMES:
        text = text.replace(name, " ")
    return text


def has_words(text: str) -> bool:
    """Any letter left once names are taken out: "—", "#", "·", "3 × 4" are not words."""
    return bool(LETTER.search(_without_names(text)))


def looks_like_prose(text: str) -> bool:
    """A string a person reads rather than a program: letters, and a space, a capitalised word or an
    accent ("gets in", "Pause"); not "admin.pause", "24h", "true", "UTC", "%Y"."""
    text = _without_names(text)
    return bool(LETTER.search(text)) and (bool(re.search(r"\s", text.strip())) or bool(CAPITALISED.search(text))
                                          or not text.isascii())


# Templates -----------------------------------------------------------------------------------------------

def template_environment() -> Environment:
    return Environment(extensions=["jinja2.ext.i18n"])


def _literal_html(env: Environment, source: str) -> str:
    """The template's own text (outside every tag and every {% trans %} block), each expression or
    tag replaced by a mark, so that the HTML around them can still be parsed."""
    out, in_trans, after_block_begin = [], False, False
    for _, kind, value in env.lex(source):
        if kind == "whitespace":
            continue
        if after_block_begin and kind == "name":
            in_trans = value in ("trans", "pluralize") or (in_trans and value != "endtrans")
        after_block_begin = kind == "block_begin"
        if kind == "data" and not in_trans:
            out.append(value)
        elif kind == "variable_begin":
            out.append("\x00")  # a value: the text around it is still a sentence
        elif kind == "block_begin":
            out.append(" ")  # a tag: it may sit inside an HTML tag (`<td{% if … %} class="…"{% endif %}>`)
    return "".join(out)


class _VisibleText(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        values = dict(attrs)
        for name, value in attrs:
            shown = name in SHOWN_ATTRIBUTES or (
                name == "value" and tag in ("input", "button") and values.get("type") in ("submit", "button", "reset"))
            if shown and value:
                self.found.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden = max(0, self._hidden - 1)

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.found.append(data)


def _unmarked_literals(env: Environment, source: str) -> list[str]:
    parser = _VisibleText()
    parser.feed(_literal_html(env, source))
    parser.close()
    return [" ".join(text.replace("\x00", " ").split()) for text in parser.found if has_words(text.replace("\x00", " "))]


class _Constants:
    """String constants of a template's expressions that would be shown as they are."""

    SKIPPED_CALLS = {"url_for", "csrf_token"}
    SHOWN_FILTERS = {"default", "d"}

    def __init__(self) -> None:
        self.found: list[str] = []

    def visit(self, node: nodes.Node, shown: bool) -> None:
        if isinstance(node, nodes.Const):
            if isinstance(node.value, str) and (has_words(node.value) if shown else looks_like_prose(node.value)):
                self.found.append(node.value)
            return
        if isinstance(node, (nodes.TemplateData, nodes.Compare, nodes.Test)):
            return  # text: the lexer's part; a comparison or test is never shown
        if isinstance(node, (nodes.Include, nodes.Extends, nodes.Import, nodes.FromImport)):
            return  # a template's name
        if isinstance(node, nodes.Call) and isinstance(node.node, nodes.Name):
            if node.node.name in GETTEXT_CALLS:
                if not node.args or not isinstance(node.args[0], nodes.Const):
                    self.found.append(f"{node.node.name}() of something other than a literal")
                for keyword in node.kwargs:
                    self.visit(keyword.value, False)
                return
            if node.node.name in self.SKIPPED_CALLS:
                return
        if isinstance(node, nodes.Output):
            for child in node.nodes:
                self.visit(child, True)
            return
        if isinstance(node, (nodes.CondExpr,)):
            self.visit(node.test, False)
            self.visit(node.expr1, shown)
            if node.expr2 is not None:
                self.visit(node.expr2, shown)
            return
        if isinstance(node, (nodes.Or, nodes.And)):
            for child in node.iter_child_nodes():
                self.visit(child, shown)
            return
        if isinstance(node, nodes.Concat):  # `field.id ~ "-error-"`; a sentence joined so would still look like one
            for child in node.iter_child_nodes():
                self.visit(child, False)
            return
        if isinstance(node, nodes.Filter):
            if node.node is not None:
                self.visit(node.node, shown)
            for argument in node.args:
                self.visit(argument, shown and node.name in self.SHOWN_FILTERS)
            return
        if isinstance(node, nodes.Getitem):
            self.visit(node.node, shown)
            return
        if isinstance(node, nodes.Dict):
            for pair in node.items:
                self.visit(pair.value, False)
            return
        for child in node.iter_child_nodes():
            self.visit(child, False)


def unmarked_in_template(source: str) -> list[str]:
    """Every piece of text of a template a reader would see untranslated."""
    env = template_environment()
    constants = _Constants()
    constants.visit(env.parse(source), False)
    return _unmarked_literals(env, source) + constants.found


def templates_under(paths: list[str]) -> Iterator[Path]:
    for path in paths:
        full = ROOT / path
        yield from sorted(full.rglob("*.html")) if full.is_dir() else [full]


# What a reader sees -------------------------------------------------------------------------------------

class _PageText(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._skip += tag in ("script", "style", "code", "pre", "select")

    def handle_endtag(self, tag: str) -> None:
        self._skip -= tag in ("script", "style", "code", "pre", "select")

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.words += words_in(data)


def words_in(text: str) -> list[str]:
    """The words of a text, in lower case ("l’ultimo" is "l" and "ultimo"; numbers are no words)."""
    return re.findall(r"[^\W\d_]+", text.lower())


def visible_words(html: str) -> list[str]:
    """The words of a page's visible text (code, option lists and scripts aside)."""
    text = _PageText()
    text.feed(html)
    return text.words


# Words of the Italian interface that are not English (so never in an English page or email).
ITALIAN_WORDS = {"il", "lo", "gli", "di", "del", "della", "dei", "delle", "tua", "tuo", "tue", "tuoi", "partita",
                 "partite", "turno", "mossa", "mosse", "ciao", "tassello", "tasselli", "giocatori", "giocatore",
                 "punti", "mucche", "gioielli", "hai", "sei", "con", "questa", "questo", "che", "entro", "tra",
                 "passa", "esplorazione", "guardia", "razzia", "capo", "guerriero", "ragazzo", "moglie", "stalla",
                 "territorio", "neutro", "ostaggi", "tabellone", "regole", "scadenza", "punteggi", "finali",
                 "vince", "promemoria", "nessuno", "ogni", "quando", "sono", "ancora"}


def italian_in(text: str) -> set[str]:
    """The Italian words of the interface in a plain text (a subject, an email's text part), links aside."""
    return set(words_in(re.sub(r"https?://\S+", " ", text))) & ITALIAN_WORDS


# Python --------------------------------------------------------------------------------------------------

# Calls whose string arguments are never shown to a reader: routes, names, paths, headers, log lines.
NOT_SHOWN_CALLS = {
    "url_for", "redirect", "Blueprint", "getLogger", "get", "pop", "getlist", "startswith", "endswith", "route",
    "post", "send_static_file", "limit", "shared_limit", "debug", "info", "warning", "exception", "error",
    "setdefault", "compile", "sub", "replace", "split", "partition", "rstrip", "strip", "encode", "decode",
    "strftime", "strptime", "format_date", "format_datetime", "isinstance", "hasattr", "getattr", "TypeVar",
    "type", "items", "endpoint",
}
NOT_SHOWN_KEYWORDS = {"mimetype", "methods", "code", "_anchor", "filename", "key_func", "scope", "url_prefix",
                      "format", "accept", "autocomplete", "category"}


def _call_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _unshown(tree: ast.AST) -> set[int]:
    """The ids of string nodes that are no reader's text: docstrings, keys, comparisons, the arguments
    of the calls above, annotations, `__all__`, and what a gettext call already marks."""
    skipped = _docstrings(tree)

    def skip(node: ast.AST | None) -> None:
        for child in ast.walk(node) if node is not None else ():
            skipped.add(id(child))

    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _call_name(node)
            if name in NOT_SHOWN_CALLS or name in GETTEXT_CALLS:
                skip(node)
            elif name == "render_template" and node.args:
                skip(node.args[0])
            for keyword in node.keywords:
                if keyword.arg in NOT_SHOWN_KEYWORDS:
                    skip(keyword.value)
        elif isinstance(node, ast.Subscript):
            skip(node.slice)
        elif isinstance(node, ast.Compare):
            skip(node)
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                skip(key)
        elif isinstance(node, (ast.AnnAssign, ast.arg)):
            skip(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            skip(node.returns)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            skip(node.value)
    return skipped


def _badly_marked(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """A gettext call of an f-string, a concatenation or a %-formatted string: the catalogue cannot hold it."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _call_name(node) in GETTEXT_CALLS - {"Phrase"} and node.args:
            if isinstance(node.args[0], (ast.JoinedStr, ast.BinOp)):
                yield node.lineno, f"{_call_name(node)}() of a sentence built in code"


def unmarked_in_python(source: str) -> list[tuple[int, str]]:
    """Every string of a module that looks like a sentence for a reader and is not marked for translation."""
    tree = ast.parse(source)
    skipped = _unshown(tree)
    found = list(_badly_marked(tree))
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.JoinedStr):
            for part in node.values:
                skipped.add(id(part))
            text = "".join(part.value for part in node.values if isinstance(part, ast.Constant))
            if looks_like_prose(text):
                found.append((node.lineno, "f" + repr(text)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and looks_like_prose(node.value):
            found.append((node.lineno, repr(node.value)))
    return found


def python_under(paths: list[str]) -> Iterator[Path]:
    for path in paths:
        full = ROOT / path
        yield from sorted(full.rglob("*.py")) if full.is_dir() else [full]


# Catalogues ----------------------------------------------------------------------------------------------

def extraction_keywords() -> dict[str, tuple[int, ...] | None]:
    """Babel's keywords and those the Makefile's `messages` target adds with `-k`."""
    return {**DEFAULT_KEYWORDS, **parse_keywords(re.findall(r"-k (\S+)", (ROOT / "Makefile").read_text()))}


def extracted() -> Catalog:
    """Every message of the code and templates, as `make messages` extracts it (babel.cfg)."""
    with (ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    catalog = Catalog()
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=extraction_keywords()):
        catalog.add(message, None, [(filename, lineno)], context=context)
    return catalog


def catalogue(language: str) -> Catalog:
    path = ROOT / "translations" / language / "LC_MESSAGES" / "messages.po"
    return read_po(BytesIO(path.read_bytes()), locale=language)


def catalogue_problems(messages: Catalog, translations: Catalog) -> list[str]:
    """Each message the catalogue lacks, leaves empty or marks fuzzy, and each whose translation
    does not take the same %(name)s parameters."""
    problems = []
    for message in messages:
        if not message.id:
            continue
        entry = translations.get(message.id, context=message.context)
        where = ", ".join(f"{path}:{line}" for path, line in message.locations[:2])
        strings = [] if entry is None else list(entry.string) if isinstance(entry.string, tuple) else [entry.string]
        if entry is None:
            problems.append(f"missing: {message.id!r} ({where})")
        elif entry.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        elif not strings or not all(strings):
            problems.append(f"untranslated: {message.id!r}")
    for entry, errors in translations.check():
        problems += [f"{entry.id!r}: {error}" for error in errors if entry.id]
    return problems


def compile_catalogues() -> None:
    """What `make`'s set-up does (`%.mo: %.po`), for a test run straight from pytest: each catalogue
    compiled when its .mo is missing or older than its .po (fuzzy entries left out, as pybabel does)."""
    for po in (ROOT / "translations").glob("*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            written = mo.with_suffix(f".mo.{os.getpid()}")  # then renamed: a parallel worker never reads half of it
            with written.open("wb") as out:
                write_mo(out, catalogue(po.parent.parent.name))
            written.replace(mo)
