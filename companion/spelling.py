"""A guess for a misspelt word of the table's (`stagecoatch`, `rnet`), said after a refusal.

Only imported when something typed is refused: difflib is not part of a start or a key.
"""

from __future__ import annotations

from collections.abc import Iterable
from difflib import get_close_matches


def did_you_mean(typed: str, names: Iterable[str], cutoff: float = 0.75) -> str:
    """ " Did you mean Stagecoach Robbery?" when `typed` is close to one of `names` (whole,
    or its first word; case and spaces ignored), or "" when none is."""
    keys: dict[str, str] = {}
    for name in names:
        keys.setdefault(name.lower().replace(" ", ""), name)
        keys.setdefault(name.lower().split()[0], name)
    close = get_close_matches(typed.lower().replace(" ", ""), keys, n=1, cutoff=cutoff)
    return f" Did you mean {keys[close[0]]}?" if close else ""


def not_a_command(typed: str, commands: Iterable[str]) -> str:
    """ "Not a command: glod. Did you mean gold?", the start of every game screen's refusal
    of a word no command has, naming the nearest of `commands` when one is close, nothing
    more when none is (cutoff 0.6: command words are short; `ann glod +1` listed every word
    but not the likely one, a play-test)."""
    return f"Not a command: {typed}.{did_you_mean(typed, commands, cutoff=0.6)}"
