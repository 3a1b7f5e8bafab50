"""Boomtown Builders (Schwarzmann & McCollum), 2-4 players."""

from __future__ import annotations

from companion.games.base import NumberSpec, OptionSpec, Rules


class BuildersRules(Rules):
    id = "builders"
    title = "Boomtown Builders"
    min_players = 2
    max_players = 4
    numbers = (NumberSpec("vp", "VP", start=0, unit="VP"),)
    options = (OptionSpec("terrain", "Advanced game with Terrain Cards", default=False),)
