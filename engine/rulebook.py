"""The rule book (``RULES.md`` beside this module): the rules atout plays,
one section per game, read for ``atout rules GAME``."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

RULES_FILE = Path(__file__).with_name("RULES.md")


@lru_cache(maxsize=1)
def sections() -> dict[str, str]:
    """Each section's text by the key ending its heading,
    ``## 3. Belote, one partnership deal (belote)`` -> ``"belote"``."""
    text = RULES_FILE.read_text(encoding="utf-8")
    found = {}
    for match in re.finditer(r"^## (.*?) \((\w+)\)\n(.*?)(?=^## |\Z)", text, flags=re.S | re.M):
        title, key, body = match.groups()
        title = re.sub(r"^\d+\. ", "", title)
        found[key] = f"{title}\n{'=' * len(title)}\n\n{body.strip()}\n"
    return found


def rules_text(game_name: str) -> str:
    """The rules every game shares, then those of one game, in full."""
    book = sections()
    return f"{book['common']}\n{book[game_name]}".rstrip("\n")
