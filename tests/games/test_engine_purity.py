"""The rules engines are pure: no web, database or mail code, and no clock (issue 2)."""
from __future__ import annotations

import ast
from pathlib import Path

import tain.games

GAMES_DIR = Path(tain.games.__file__).parent
FORBIDDEN = {
    "flask", "flask_mail", "flask_sqlalchemy", "sqlalchemy",   # the web and the database
    "tain.services", "tain.web", "tain.mail", "tain.models", "tain.extensions",  # the service around the engines
    "time", "datetime",                                       # the clock
    "importlib",                                              # a way around this test
}


def module_name(path: Path) -> str:
    parts = path.relative_to(GAMES_DIR.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, source: str | None = None) -> set[str]:
    """Every module the file imports, relative imports resolved to absolute names."""
    tree = ast.parse(path.read_text(encoding="utf-8") if source is None else source, filename=str(path))
    package = module_name(path).rsplit(".", 0 if path.name == "__init__.py" else 1)[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                prefix = ".".join(base)
                found.add(f"{prefix}.{node.module}" if node.module else prefix)
                found.update(f"{prefix}.{alias.name}" for alias in node.names if not node.module)
            else:
                found.add(node.module)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "__import__":
            found.add("importlib")
    return found


def forbidden(module: str) -> bool:
    return any(module == bad or module.startswith(bad + ".") for bad in FORBIDDEN)


def engine_files() -> list[Path]:
    files = sorted(GAMES_DIR.rglob("*.py"))
    assert len(files) >= 5
    return files


def test_no_engine_module_imports_the_service_the_web_the_mail_or_the_clock():
    offenders = {str(path.relative_to(GAMES_DIR)): sorted(filter(forbidden, imported_modules(path)))
                 for path in engine_files()}
    assert {path: bad for path, bad in offenders.items() if bad} == {}


def test_the_import_check_sees_every_kind_of_import():
    probe = GAMES_DIR / "tain" / "rules.py"
    assert module_name(probe) == "tain.games.tain.rules"
    source = ("import time\nfrom datetime import datetime\nfrom flask import Flask\n"
              "import sqlalchemy.orm\nfrom ...web import views\nfrom . import state\n__import__('os')\n")
    found = imported_modules(probe, source)
    assert "tain.games.tain.state" in found
    assert sorted(filter(forbidden, found)) == [
        "datetime", "flask", "importlib", "sqlalchemy.orm", "tain.web", "time"]
