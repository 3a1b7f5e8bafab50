"""Boomtown (Face 2 Face Games, 2005; Cathala & Faidutti), 3-5 players."""

from __future__ import annotations

from companion.games.base import NumberSpec, OptionSpec, Rules
from companion.scoring import Category, Field, SheetSpec, count_of, total_of

SHEET = SheetSpec(
    game="boomtown",
    title="Boomtown",
    min_players=3,
    max_players=5,
    fields=(
        Field("gold", "Gold", prompt="Gold in front of each player"),
        Field("mines", "Mines", "list", "Production value of each mine (New Vein included)"),
        Field("mayors", "Mayors", prompt="Mayor pawns held"),
    ),
    categories=(
        Category("gold", "Gold", count_of("gold")),
        Category("mines", "Mines", total_of("mines")),
        Category("mayors", "Mayors (5 each)", count_of("mayors", 5)),
    ),
    tiebreaks=(),
    tiebreak_sentence="Boomtown has no tie-break: players with the same total share the win.",
)


class BoomtownRules(Rules):
    id = "boomtown"
    title = "Boomtown"
    min_players = 3
    max_players = 5
    numbers = (NumberSpec("gold", "Gold", start=10),)
    sheet = SHEET
    options = (
        OptionSpec(
            "short_game",
            "Short game: remove 15 cards unseen (45 cards)",
            default=False,
            player_counts=(3,),
        ),
        OptionSpec(
            "leftover",
            "Auction split at 4-5 players",
            default="keep",
            choices=(
                ("keep", "left neighbour keeps the rest (official rules)"),
                ("bank", "the rest goes to the bank (Dutch rules)"),
            ),
            player_counts=(4, 5),
        ),
    )
