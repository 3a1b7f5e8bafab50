"""Counts said right: "1 Buck", "2 Bucks", "1 Gunman", "3 Gunmen" in every Coloma sentence.

Coloma's irregular plurals over the shared `companion.amounts.plural`."""

from __future__ import annotations

from companion import amounts

IRREGULAR = {"Gunman": "Gunmen"}


def plural(count: int, one: str, many: str | None = None) -> str:
    """`count` and the word for it: `one` for 1 or -1, else `many` (default `one` + "s")."""
    return amounts.plural(count, one, many or IRREGULAR.get(one))


def plural_word(count: int, one: str, many: str | None = None) -> str:
    """Only the word `plural` would put after `count`."""
    return plural(count, one, many).split(" ", 1)[1]
