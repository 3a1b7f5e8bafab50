"""The players of earlier games: offered by name with their colour; the last table whole."""

from __future__ import annotations

from pathlib import Path

from companion.players import Seat, remember, table_memory
from companion.saved import SavedGame, list_saved
from companion.session import GameSession
from companion.setup import SetupForm, build_header
from companion.store import Store
from tests.conftest import NewGame


def saved(started: str, names: list[str], colours: list[str]) -> SavedGame:
    return SavedGame(
        Path(f"{started}.toml"), "boomtown", "Boomtown", names, "", False, 0.0, colours, started
    )


def test_the_most_recent_colour_of_each_name_and_the_last_table_in_seat_order() -> None:
    memory = remember(
        [
            saved("2026-01-01T10:00:00", ["Ann", "Bo"], ["red", "blue"]),
            saved("2026-03-01T10:00:00", ["Cy", " ann ", "Di"], ["green", "white", "red"]),
            saved("2026-02-01T10:00:00", ["Bo", "Ed"], ["yellow", "not-a-colour"]),
        ]
    )
    assert memory.last_table == [Seat("Cy", "green"), Seat("ann", "white"), Seat("Di", "red")]
    assert memory.last_game == "boomtown" and remember([]).last_game == ""
    assert memory.names == ["Cy", "ann", "Di", "Bo"]  # Ed's colour is not one of ours
    assert memory.colour_of("ANN") == "white" and memory.colour_of("Bo") == "yellow"
    assert memory.colour_of("Zed") is None
    assert remember([]).last_table == [] and remember([]).names == []


def test_the_memory_is_read_from_the_saved_games(store: Store, new_game: NewGame) -> None:
    new_game(names=("Ann", "Bo", "Cy"))
    form = SetupForm("coloma", ["Cy", "Di"], ["cyan", "orange"], 0, {})
    header, _ = build_header(form)
    later = GameSession.create(store, header)
    memory = table_memory(store)
    assert {seat.name for seat in memory.players} == {"Ann", "Bo", "Cy", "Di"}
    assert memory.colour_of("Di") == "orange"
    if header.created > min(game.started for game in list_saved(store).games):
        assert memory.last_table == [Seat("Cy", "cyan"), Seat("Di", "orange")]
    # the cached summaries keep colours and the start stamp
    [summary] = [game for game in list_saved(store).games if game.path == later.path]
    assert summary.colours == ["cyan", "orange"] and summary.started == header.created
