"""Renaming a player (#14): every earlier game shows the new name; nothing is rewritten."""

from __future__ import annotations

import pytest

from companion.games import SHEETS
from companion.records import finished_games, played_with, player_records, renamed
from companion.renames import MergeAsked, RenameError, read_renames, rename_player, shown
from companion.store import Store
from tests.conftest import NewGame
from tests.core.test_records import HISTORY, boomtown, row


def test_a_rename_shows_in_every_earlier_game_and_follows_a_second_rename(store: Store) -> None:
    history_before = [dict(row) for row in HISTORY]
    assert rename_player(store, "ann", "  Anna  Lee ", ["Ann", "Bo", "Cy"]) == "Anna Lee"
    renames = read_renames(store)
    assert shown("ANN", renames) == "Anna Lee" and shown("Bo", renames) == "Bo"
    games = renamed(finished_games(HISTORY, SHEETS), renames)
    assert all("Ann" not in g.players and "ann" not in g.players for g in games)
    records = {r.name: r for r in player_records(games)}
    assert records["Anna Lee"].played == 4  # "ann" and "Ann" are one player, renamed
    rename_player(store, "Anna Lee", "Annie", ["Anna Lee", "Bo", "Cy"])
    assert shown("ann", read_renames(store)) == "Annie"
    assert history_before == HISTORY  # the history itself is not touched


@pytest.mark.parametrize(
    ("new", "message"),
    [
        ("", "Type the new name"),
        ("Bo", "another player"),
        ("x" * 40, "at most"),
        ("A\x1bB", "control or text-direction"),
    ],
)
def test_a_rename_that_cannot_be_is_refused(store: Store, new: str, message: str) -> None:
    with pytest.raises(RenameError, match=message):
        rename_player(store, "Ann", new, ["Ann", "Bo"])
    assert read_renames(store) == {}


def test_the_players_offered_for_a_new_game_show_the_new_name(store: Store, new_game) -> None:  # type: ignore[no-untyped-def]
    from companion.players import table_memory

    new_game(names=("Ann", "Bo", "Cy"))
    rename_player(store, "Bo", "Bodhi", ["Ann", "Bo", "Cy"])
    memory = table_memory(store)
    assert "Bodhi" in memory.names and "Bo" not in memory.names
    assert [seat.name for seat in memory.last_table] == ["Ann", "Bodhi", "Cy"]


def test_a_misspelt_name_merges_into_the_player_when_asked_again(store: Store) -> None:
    """The play-test typed Cyd for Cy at setup and could not put the records right: a
    rename onto Cy was refused. It is now asked once, then merged; never for two players
    who sat at the same game."""
    history = [
        *HISTORY,
        row(
            "2026-05-01T20:00",
            "boomtown",
            [boomtown("Ann", 9), boomtown("Cyd", 30), boomtown("Di", 1)],
        ),
    ]
    known = ["Ann", "Bo", "Cy", "Cyd", "Di"]
    games = finished_games(history, SHEETS)
    assert played_with(games, "cyd") == {"Ann", "Di"}  # whom Cyd is never merged with
    with pytest.raises(MergeAsked, match="Enter again to merge: Cyd's games then count as Cy's"):
        rename_player(store, "Cyd", "cy", known, together=["Ann", "Di"])
    assert read_renames(store) == {}  # asked, nothing done
    with pytest.raises(RenameError, match="Ann played in a game with Cyd: two people"):
        rename_player(store, "Cyd", "ann", known, together=["Ann", "Di"], merge=True)
    assert rename_player(store, "Cyd", "cy", known, together=["Ann", "Di"], merge=True) == "Cy"
    games = renamed(finished_games(history, SHEETS), read_renames(store))
    records = {r.name: r for r in player_records(games)}
    assert "Cyd" not in records and records["Cy"].played == 5 and records["Cy"].wins == 2


def test_calamityville_refuses_bank_as_a_name_at_setup_and_in_a_correction(
    new_game: NewGame,
) -> None:
    """A player renamed Bank could no longer be named in a payment: `pay bank ann 100`
    paid from the bank (a play-test)."""
    from companion.games import RuleError
    from companion.setup import SetupForm, validate_setup
    from companion.table import COLOURS

    form = SetupForm("calamityville", ["Ann", "bank"], list(COLOURS[:2]), 0, {})
    assert "bank is a word of this game's commands" in validate_setup(form)["name-1"]
    form = SetupForm("boomtown", ["Ann", "Bank", "Cy"], list(COLOURS[:3]), 0, {})
    assert "name-1" not in validate_setup(form)  # only where it is a command word
    session = new_game(game="calamityville", names=("Ann", "Bo"))
    with pytest.raises(RuleError, match="Bank is a word of this game's commands"):
        session.act(session.rules.rename(session.state, 1, "Bank", "a joke"))
    assert session.state.players[1].name == "Bo"
