"""Boomtown Builders (Schwarzmann & McCollum), 2-4 players."""

from __future__ import annotations

from typing import Any

from companion.games.base import NumberSpec, OptionSpec, Rules
from companion.scoring import Category, Field, SheetSpec, TieBreak, investment_points


def _buildings(player: dict[str, Any]) -> int:
    return sum(i["vp"] * i["cube"] for i in player["investments"] if i["vp"] > 0)


def _goldmines(player: dict[str, Any]) -> int:
    return sum(investment_points(i) - i["vp"] * i["cube"] for i in player["investments"])


def _scoring_cubes(player: dict[str, Any]) -> int:
    return sum(1 for investment in player["investments"] if investment["vp"] > 0)


SHEET = SheetSpec(
    game="builders",
    title="Boomtown Builders",
    min_players=2,
    max_players=4,
    fields=(
        Field(
            "investments",
            "Investments",
            "investments",
            "Each invested building: the VP its card shows at its distance, x its cube",
        ),
    ),
    categories=(
        Category("buildings", "Buildings", _buildings),
        Category("goldmines", "Goldmines (+2 x cube)", _goldmines),
    ),
    tiebreaks=(TieBreak("Investment Cubes on the Scoring Track", _scoring_cubes),),
    tiebreak_sentence=(
        "Ties: most Investment Cubes on the Scoring Track (every size counts 1); "
        "players still tied share the rank."
    ),
)


class BuildersRules(Rules):
    id = "builders"
    title = "Boomtown Builders"
    min_players = 2
    max_players = 4
    numbers = (NumberSpec("vp", "VP", start=0, unit="VP"),)
    sheet = SHEET
    options = (OptionSpec("terrain", "Advanced game with Terrain Cards", default=False),)
