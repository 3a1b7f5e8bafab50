"""Boomtown (Face 2 Face Games, 2005; Cathala & Faidutti), 3-5 players."""

from __future__ import annotations

from companion.games.base import NumberSpec, OptionSpec, Rules


class BoomtownRules(Rules):
    id = "boomtown"
    title = "Boomtown"
    min_players = 3
    max_players = 5
    numbers = (NumberSpec("gold", "Gold", start=10),)
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
