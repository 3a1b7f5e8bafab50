"""A game's score sheet is made when first asked for (opening a game needs none, #16)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from companion.games import GAME_IDS, GAMES, SHEETS

MODULES = {
    "boomtown": "companion.games.boomtown",
    "coloma": "companion.games.coloma",
    "builders": "companion.games.builders",
    "calamityville": "companion.games.calamityville",
}


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_games_sheet_is_one_object_however_it_is_reached(game: str) -> None:
    rules = GAMES[game]
    sheet = rules.sheet
    assert sheet.game == game
    assert rules.sheet is sheet and type(rules).sheet is sheet and SHEETS[game] is sheet
    assert importlib.import_module(MODULES[game]).SHEET is sheet


def test_a_game_module_has_no_other_lazy_names() -> None:
    for module in MODULES.values():
        with pytest.raises(AttributeError):
            importlib.import_module(module).NO_SUCH_NAME  # noqa: B018


def test_the_games_rules_import_no_scoring() -> None:
    code = (
        "import sys\n"
        "from companion.games import GAMES\n"
        "for game in GAMES: GAMES[game]\n"
        "print('companion.scoring' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
