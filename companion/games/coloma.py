"""Coloma (Final Frontier Games), 2-6 players."""

from __future__ import annotations

from companion.games.base import NumberSpec, OptionSpec, Rules


class ColomaRules(Rules):
    id = "coloma"
    title = "Coloma"
    min_players = 2
    max_players = 6
    numbers = (NumberSpec("bucks", "Bucks", start=2),)
    options = (
        OptionSpec("hotels", "Hotel Building module", default=False),
        OptionSpec("mule_duel", "Mule Duel module", default=False),
        OptionSpec("specialties", "Pioneer Specialties module", default=False),
    )
