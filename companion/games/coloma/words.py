"""Counts said right: "1 Buck", "2 Bucks", "1 Gunman", "3 Gunmen" in every Coloma sentence.

(A shared `plural` may replace this one when the games' helpers are merged.)"""

from __future__ import annotations

IRREGULAR = {"Gunman": "Gunmen"}


def plural(count: int, one: str, many: str | None = None) -> str:
    """`count` and the word for it: `one` for 1 or -1, else `many` (default `one` + "s")."""
    if many is None:
        many = IRREGULAR.get(one, one + "s")
    return f"{count} {one if abs(count) == 1 else many}"


def plural_word(count: int, one: str, many: str | None = None) -> str:
    """Only the word `plural` would put after `count`."""
    return plural(count, one, many).split(" ", 1)[1]
