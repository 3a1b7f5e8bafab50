"""Coloma at the table (#12): every holding ctrl+o can correct, what a Round still misses,
whether the game is over, and counts said in the singular when there is one."""

from __future__ import annotations

import pytest

from companion.amounts import AmountError, parse_amount
from companion.games import RuleError
from companion.games.coloma import ColomaState
from companion.games.coloma.words import plural
from companion.session import GameSession
from tests.conftest import NewGame
from tests.core.test_coloma import game, rules, state  # the same table, Bo Sheriff

__all__ = ["game"]  # a fixture used by name


def fix(session: GameSession, key: str, text: str, reason: str = "the board") -> str:
    entry = rules(session).correct_text(state(session), key, text, reason)
    session.act(entry)
    return entry.text


def test_plural_says_one_in_the_singular() -> None:
    assert plural(1, "Buck") == "1 Buck"
    assert plural(2, "Buck") == "2 Bucks"
    assert plural(1, "Gunman") == "1 Gunman"
    assert plural(3, "Gunman") == "3 Gunmen"
    assert plural(0, "River") == "0 Rivers"


def test_one_of_a_tracker_is_said_in_the_singular(game: GameSession) -> None:
    entry = rules(game).adjust(state(game), 0, "bucks", parse_amount("+1"))
    assert entry.text == "Ann +1 Buck (2 → 3)"
    game.act(rules(game).adjust(state(game), 0, "rivers", parse_amount("+1")))
    assert rules(game).score_hints(state(game))["canyons"][0] == "1 River surveyed"
    with pytest.raises(RuleError, match="already has 1 Horse\\."):
        rules(game).adjust(state(game), 0, "horses", parse_amount("1"))
    entry = rules(game).adjust(state(game), 0, "horses", parse_amount("+6"))
    assert entry.text.endswith("; 1 Horse ignored: 6 Horses at most (Horse Limit)")
    assert rules(game).pay(state(game), 0, 1).text.startswith("Ann pays 1 Buck with 1 Gold Nugget")
    game.act(rules(game).barrel(state(game), 1, 1))
    assert "Bo takes a Barrel: 1 Outlaw joins" in game.journal.entries[-1].text
    game.act(rules(game).gunmen(state(game), 0, 1, 1))
    assert game.journal.entries[-1].text.endswith("with 1 Gunman")


def test_a_round_says_what_the_rules_expect_that_was_not_typed(game: GameSession) -> None:
    assert rules(game).round_missing(state(game)) == ["the Event", "the Sites"]
    game.act(rules(game).event(state(game)))
    assert rules(game).round_missing(state(game)) == ["the Sites"]
    game.act(rules(game).sites(state(game), [1, 2, 2], []))
    assert rules(game).round_missing(state(game)) == []


def test_mule_duel_rounds_expect_only_the_sites(new_game: NewGame) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo"), mule_duel=True)
    session.act(rules(session).pools(state(session), [2, 2, 3]))
    assert rules(session).round_missing(state(session)) == ["the Sites"]


def test_not_over_until_the_third_shootout(game: GameSession) -> None:
    assert rules(game).not_over(state(game)) == "It is Round 1 of 1848."
    for _ in range(5):
        game.act(rules(game).next_round(state(game)))
    assert "Shootout of 1848" in str(rules(game).not_over(state(game)))
    state(game).phase = "over"
    assert rules(game).not_over(state(game)) is None


def test_corrections_list_every_holding_the_screen_shows(game: GameSession) -> None:
    keys = [fix.key for fix in rules(game).corrections(state(game))]
    assert "0:bucks" in keys and "2:rivers" in keys  # the numbers first
    for key in ("events:1", "lands:1", "bridges:1", "graves:1", "supply", "outlaws"):
        assert key in keys
    assert "row:1" in keys and "sheriff" in keys
    assert "hotels:0" not in keys  # only with the Hotel Building module


def test_the_supply_correction_gives_its_example_as_the_supply_stands(game: GameSession) -> None:
    """The example has as many pools as this table's supply (a fixed `0 7 10 2` did not fit
    every table's pools), then the Mine Cart: typing it back changes nothing."""
    fix(game, "supply", "1 2 3 4")
    (supply,) = [f for f in rules(game).corrections(state(game)) if f.key == "supply"]
    assert supply.hint.endswith(": 1 2 3 4"), supply.hint


def test_holdings_are_corrected_with_a_reason_and_undone(game: GameSession) -> None:
    assert "Ann's Tents on Events set to 2 4" in fix(game, "events:0", "4 2")
    assert state(game).events[0] == {2, 4}
    fix(game, "lands:0", "1")
    assert state(game).tents_in_all(0) == 1 + 3  # one Tent in the Lodge, three pitched
    fix(game, "0:rivers", "2")
    fix(game, "bridges:0", "Rope, stone")
    assert state(game).bridges[0] == ["Rope", "stone"]
    fix(game, "graves:2", "1 3 +1")
    assert (state(game).graves[2], state(game).graves_owed[2]) == ([1, 3], 1)
    fix(game, "supply", "1 2 3 4")
    assert (state(game).supply.nuggets, state(game).supply.cart) == ((1, 2, 3), 4)  # type: ignore[union-attr]
    fix(game, "outlaws", "7")
    fix(game, "row:2", "cy 4")
    assert state(game).rows[2] == (2, 4)
    fix(game, "sheriff", "ann")
    assert state(game).sheriff == 0
    assert "Correction: the Sheriff Badge set to Ann: the board" in game.journal.entries[-1].text
    game.undo()
    assert state(game).sheriff == 1
    again = GameSession.open(game.store, game.path)  # replayed from the file: the same
    assert isinstance(again.state, ColomaState)
    assert again.state.rows[2] == (2, 4) and again.state.outlaws == 7


def test_a_count_holding_takes_plus_and_minus_as_a_players_numbers_do(
    game: GameSession,
) -> None:
    """The Outlaws' -3 was refused as "0 to 50 (not -3)", while the player rows of the same
    dialog say "-3 takes away" (a play-test): +N adds, -N takes away, N sets it."""
    fix(game, "outlaws", "12")
    assert "set to 9" in fix(game, "outlaws", "-3")
    assert state(game).outlaws == 9
    fix(game, "outlaws", "+2")
    assert state(game).outlaws == 11
    fix(game, "lands:1", "+1")
    assert state(game).lands[1] == 1
    with pytest.raises(AmountError, match="That leaves -1: a count is 0 or more"):
        rules(game).correct_text(state(game), "lands:1", "-2", "the board")
    with pytest.raises(AmountError, match="at most 50"):
        rules(game).correct_text(state(game), "outlaws", "+40", "the board")
    assert state(game).outlaws == 11 and state(game).lands[1] == 1
    (outlaws,) = [f for f in rules(game).corrections(state(game)) if f.key == "outlaws"]
    assert "-3 takes away" in outlaws.hint


def test_bad_corrections_change_nothing(game: GameSession) -> None:
    with pytest.raises(AmountError):
        rules(game).correct_text(state(game), "events:0", "seven", "the board")
    with pytest.raises(AmountError, match="Site must be 1 to 5"):
        rules(game).correct_text(state(game), "events:0", "6", "the board")
    with pytest.raises(RuleError, match="needs a River"):
        rules(game).correct_text(state(game), "bridges:0", "Rope", "the board")
    with pytest.raises(RuleError, match="8 Tents in all"):
        rules(game).correct_text(state(game), "lands:0", "8", "the board")
    with pytest.raises(RuleError, match="Say why"):
        rules(game).correct_text(state(game), "outlaws", "3", " ")
    with pytest.raises(AmountError, match="Not a player"):
        rules(game).correct_text(state(game), "sheriff", "zed", "the board")
    with pytest.raises(RuleError, match="holds 0 up to its spaces"):
        rules(game).correct_text(state(game), "supply", "3 0 0", "the board")
    assert state(game).events[0] == set() and state(game).bridges[0] == []


def test_a_finished_game_still_takes_a_holding_correction(game: GameSession) -> None:
    game.act(rules(game).finish(state(game)))
    fix(game, "outlaws", "5")
    assert state(game).outlaws == 5
