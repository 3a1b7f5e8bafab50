"""Calamityville, 2-4 players."""

from __future__ import annotations

from companion.games.base import NumberSpec, Rules
from companion.scoring import Category, Field, SheetSpec, count_of

SHEET = SheetSpec(
    game="calamityville",
    title="Calamityville",
    min_players=2,
    max_players=4,
    fields=(Field("money", "Money", prompt="Money each player holds (in dollars)"),),
    categories=(Category("money", "Money", count_of("money")),),
    tiebreaks=(),
    tiebreak_sentence="Most money wins; players with the same amount share the win.",
)


class CalamityvilleRules(Rules):
    id = "calamityville"
    title = "Calamityville"
    min_players = 2
    max_players = 4
    numbers = (NumberSpec("money", "Money", start=2000, unit="dollars"),)
    sheet = SHEET
