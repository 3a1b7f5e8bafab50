"""Shared fixtures: a store in a temporary folder, and games set up in it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.session import GameSession
from companion.setup import SetupForm, build_header
from companion.store import Store
from companion.table import COLOURS

DATA = Path(__file__).parent / "data"


@pytest.fixture(autouse=True)
def _no_user_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No test may touch the real user data folder."""
    monkeypatch.setenv("GOLDRUSH_DATA_DIR", str(tmp_path / "env-data"))


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "data", GAMES)


NewGame = Callable[..., GameSession]


@pytest.fixture
def new_game(store: Store) -> NewGame:
    def make(
        game: str = "boomtown",
        names: tuple[str, ...] = ("Ann", "Bo", "Cy"),
        first: int = 0,
        **options: object,
    ) -> GameSession:
        form = SetupForm(game, list(names), list(COLOURS[: len(names)]), first, dict(options))
        header, _ = build_header(form)
        return GameSession.create(store, header)

    return make
