"""The four games, by id, in the order the app offers them."""

from __future__ import annotations

from companion.games.base import RuleError, Rules
from companion.games.boomtown import BoomtownRules
from companion.games.builders import BuildersRules
from companion.games.calamityville import CalamityvilleRules
from companion.games.coloma import ColomaRules

GAMES: dict[str, Rules] = {
    rules.id: rules
    for rules in (BoomtownRules(), ColomaRules(), BuildersRules(), CalamityvilleRules())
}

SHEETS = {game_id: rules.sheet for game_id, rules in GAMES.items()}

__all__ = ["GAMES", "SHEETS", "RuleError", "Rules", "rules_for"]


def rules_for(game_id: str) -> Rules:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise RuleError(f"Unknown game {game_id!r} (known: {known}).") from None
