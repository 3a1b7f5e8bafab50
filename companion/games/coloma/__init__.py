"""Coloma (Final Frontier Games), 2-6 players.

Rules: the Coloma section of shared/rules/README.md and the rulebook text beside it. The
app follows the calendar, the Gold Supply and the value of gold, each player's trackers
with the rules' limits, the Bust, the Shootout with its chart, and the Mule Duel and Hotel
Building modules. What the board and the tiles print (pool sizes, Outlaws on the Year Track
and under the Barrels, the chart tiles' rewards, the Graves' numbers) is typed by the table
and, where it stays the same, remembered. Each module here is one idea.
"""

from typing import Any

from companion.games.coloma.readings import READINGS
from companion.games.coloma.rules import ColomaRules
from companion.games.coloma.state import (
    EVENTS,
    ROUNDS,
    YEARS,
    ColomaState,
    bust_sentence,
    copy_of,
    value_of,
)

__all__ = [
    "EVENTS",
    "READINGS",
    "ROUNDS",
    "SHEET",
    "YEARS",
    "ColomaRules",
    "ColomaState",
    "bust_sentence",
    "copy_of",
    "value_of",
]


def __getattr__(name: str) -> Any:
    """SHEET, imported when first asked for: opening a game needs no score sheet."""
    if name == "SHEET":
        return ColomaRules.sheet
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
