"""Calamityville, 2-4 players."""

from __future__ import annotations

from companion.games.base import NumberSpec, Rules


class CalamityvilleRules(Rules):
    id = "calamityville"
    title = "Calamityville"
    min_players = 2
    max_players = 4
    numbers = (NumberSpec("money", "Money", start=2000, unit="dollars"),)
