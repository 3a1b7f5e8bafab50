"""The four games, by id, in the order the app offers them.

A game's module is imported the first time its rules are needed: the home screen lists
saved games from cached summaries and needs none of them, so startup stays quick.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING

from companion.games.base import RuleError, Rules

if TYPE_CHECKING:
    from companion.scoring import SheetSpec

#: id -> (module, class), in the order the app offers them
_WHERE = {
    "boomtown": ("companion.games.boomtown", "BoomtownRules"),
    "coloma": ("companion.games.coloma", "ColomaRules"),
    "builders": ("companion.games.builders", "BuildersRules"),
    "calamityville": ("companion.games.calamityville", "CalamityvilleRules"),
}
GAME_IDS: tuple[str, ...] = tuple(_WHERE)
_loaded: dict[str, Rules] = {}


def rules_for(game_id: str) -> Rules:
    rules = _loaded.get(game_id)
    if rules is None:
        if game_id not in _WHERE:
            known = ", ".join(GAME_IDS)
            raise RuleError(f"Unknown game {game_id!r} (known: {known}).")
        module, name = _WHERE[game_id]
        rules = _loaded[game_id] = getattr(import_module(module), name)()
    return rules


class _Games(Mapping[str, Rules]):
    """GAMES[id] -> that game's rules, imported on first use."""

    def __getitem__(self, game_id: str) -> Rules:
        if game_id not in _WHERE:
            raise KeyError(game_id)
        return rules_for(game_id)

    def __iter__(self) -> Iterator[str]:
        return iter(GAME_IDS)

    def __len__(self) -> int:
        return len(GAME_IDS)


class _Sheets(Mapping[str, "SheetSpec"]):
    """SHEETS[id] -> that game's score sheet."""

    def __getitem__(self, game_id: str) -> SheetSpec:
        return GAMES[game_id].sheet

    def __iter__(self) -> Iterator[str]:
        return iter(GAME_IDS)

    def __len__(self) -> int:
        return len(GAME_IDS)


GAMES: Mapping[str, Rules] = _Games()
SHEETS: Mapping[str, SheetSpec] = _Sheets()

__all__ = ["GAMES", "GAME_IDS", "SHEETS", "RuleError", "Rules", "rules_for"]
