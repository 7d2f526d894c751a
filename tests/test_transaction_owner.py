"""One module owns every way of starting and ending a transaction (tain/transactions.py): no view,
service or job begins, commits or rolls one back by hand, so none can start as a read and then write."""
from __future__ import annotations

import re
from pathlib import Path

import tain

BY_HAND = re.compile(r"\bsession\.(commit|rollback|begin|begin_nested)\(|\bexec_driver_sql\(\s*[\"']BEGIN")
OWNERS = {"transactions.py", "extensions.py"}  # extensions.py issues SQLite's BEGIN [IMMEDIATE] for it


def test_only_tain_transactions_begins_commits_or_rolls_back():
    package = Path(tain.__file__).parent
    offenders = [
        f"{path.relative_to(package)}:{number}: {line.strip()}"
        for path in sorted(package.rglob("*.py")) if path.name not in OWNERS
        for number, line in enumerate(path.read_text().splitlines(), start=1) if BY_HAND.search(line)
    ]
    assert offenders == []
