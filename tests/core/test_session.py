"""A game through its session: changes, refusals, undo/redo after a restart, finishing."""

from __future__ import annotations

import pytest

from companion.amounts import parse_amount
from companion.games import RuleError
from companion.journal import make_entry
from companion.session import GameSession
from companion.store import Store
from tests.conftest import NewGame


def gold(session: GameSession) -> list[int]:
    return [numbers["gold"] for numbers in session.state.numbers]


def test_changes_undo_and_redo_survive_a_restart(new_game: NewGame, store: Store) -> None:
    session = new_game()
    session.act(session.rules.adjust(session.state, 0, "gold", parse_amount("+5")))
    session.act(session.rules.adjust(session.state, 1, "gold", parse_amount("4")))
    assert gold(session) == [15, 4, 10]
    assert session.undo() is not None
    reopened = GameSession.open(store, session.path)
    assert gold(reopened) == [15, 10, 10]
    assert reopened.redo() is not None
    assert gold(GameSession.open(store, session.path)) == [15, 4, 10]
    for _ in range(2):
        reopened.undo()
    assert reopened.undo() is None
    assert gold(GameSession.open(store, session.path)) == [10, 10, 10]


def test_a_refused_change_writes_nothing(new_game: NewGame) -> None:
    session = new_game()
    before = session.path.read_bytes()
    with pytest.raises(RuleError, match="Ann cannot have -1 gold"):
        session.act(session.rules.adjust(session.state, 0, "gold", parse_amount("-11")))
    with pytest.raises(RuleError, match="already has 10 gold"):
        session.rules.adjust(session.state, 0, "gold", parse_amount("10"))
    with pytest.raises(RuleError, match="no player in seat 7"):
        session.act(make_entry("adjust", "x", player=7, number="gold", delta=1))
    assert session.path.read_bytes() == before
    assert gold(session) == [10, 10, 10]


def test_corrections_need_a_reason_and_are_journalled(new_game: NewGame) -> None:
    session = new_game(names=("[bold]Ann[/]", "Bo", "Cy"))
    with pytest.raises(RuleError, match="needs a reason"):
        session.rules.correct(session.state, 0, "gold", parse_amount("12"), "   ")
    entry = session.rules.correct(session.state, 0, "gold", parse_amount("12"), "counted  chips")
    session.act(entry)
    assert entry.text == "Correction: [bold]Ann[/]'s gold set to 12 (was 10): counted chips"
    assert gold(session) == [12, 10, 10]
    builders = new_game(game="builders")
    entry = builders.rules.correct(builders.state, 1, "vp", parse_amount("7"), "the track")
    assert entry.text == "Correction: Bo's VP set to 7 (was 0): the track"  # not "vp"


def test_a_correction_names_the_number_as_the_game_does(new_game: NewGame, store: Store) -> None:
    """Coloma says "Gold Nuggets" on its screen and in its sentences: its correction said
    "gold nuggets" (a play-test). Boomtown and Calamityville write gold and money in lower
    case in their sentences, and keep it; a sentence saved earlier is kept as it was."""
    coloma = new_game(game="coloma")
    said = {
        key: coloma.rules.correct(coloma.state, 0, key, parse_amount("3"), "counted").text
        for key in ("gold", "bucks", "track", "horses", "dudes", "tents", "barrels", "rivers")
    }
    assert said["gold"] == "Correction: Ann's Gold Nuggets set to 3 (was 1): counted"
    labels = {spec.key: spec.label for spec in coloma.rules.numbers}
    for key, text in said.items():
        assert f"Ann's {labels[key]} set to 3" in text
    expected = {"boomtown": ("gold", "gold"), "calamityville": ("money", "money")}
    for game, (key, word) in expected.items():
        session = new_game(game=game)
        entry = session.rules.correct(session.state, 0, key, parse_amount("+5"), "counted")
        assert f"Ann's {word} set to " in entry.text
    old = "Correction: Ann's gold nuggets set to 5 (was 1): counted"
    coloma.act(make_entry("correct", old, player=0, number="gold", value=5, reason="counted"))
    assert GameSession.open(store, coloma.path).journal.entries[-1].text == old


def test_each_game_tracks_its_number_from_its_start(new_game: NewGame) -> None:
    starts = {
        "boomtown": ("gold", 10),
        "coloma": ("bucks", 2),
        "builders": ("vp", 0),
        "calamityville": ("money", 2000),
    }
    for game, (key, start) in starts.items():
        session = new_game(game=game, names=("Ann", "Bo", "Cy"))
        assert [numbers[key] for numbers in session.state.numbers] == [start] * 3


def test_options_change_as_entries(new_game: NewGame) -> None:
    session = new_game(names=("A", "B", "C", "D"))
    assert session.state.options["leftover"] == "keep"
    session.act(session.rules.set_option(session.state, "leftover", "bank"))
    assert session.state.options["leftover"] == "bank"
    with pytest.raises(RuleError):
        session.rules.set_option(session.state, "leftover", "burn")
    session.undo()
    assert session.state.options["leftover"] == "keep"


def test_finish_records_history_and_reopen_is_an_entry(new_game: NewGame, store: Store) -> None:
    session = new_game()
    session.act(session.rules.finish(session.state, 'game = "boomtown"\n', "Ann wins"))
    session.record_in_history()
    assert session.state.finished and session.progress().startswith("Finished")
    [record] = store.read_history()
    assert record["players"] == ["Ann", "Bo", "Cy"] and record["sheet"] == 'game = "boomtown"\n'
    with pytest.raises(RuleError, match="already finished"):
        session.rules.finish(session.state)
    session.act(session.rules.reopen(session.state))
    assert not session.state.finished


def test_an_entry_that_no_longer_applies_is_skipped_with_a_notice(
    new_game: NewGame, store: Store
) -> None:
    session = new_game()
    store.append_entry(session.path, make_entry("teleport", "Ann teleported"))
    session.path.write_bytes(session.path.read_bytes())
    reopened = GameSession.open(store, session.path)
    assert any("Ann teleported" in notice for notice in reopened.notices)
    assert gold(reopened) == [10, 10, 10]


@pytest.mark.parametrize("game", ["boomtown", "coloma", "builders", "calamityville"])
def test_a_misspelt_name_is_put_right_with_a_reason(
    new_game: NewGame, store: Store, game: str
) -> None:
    """The play-test typed Gsu for Gus at setup: ctrl+o had no name to correct, so the
    screen, the log and every command said Gsu all game."""
    session = new_game(game=game, names=("Eve", "Fay", "Gsu"))
    rules = session.rules
    keys = [fix.key for fix in rules.name_corrections(session.state)]
    assert keys == ["0:name", "1:name", "2:name"]
    with pytest.raises(RuleError, match="already at the table"):
        rules.correct_text(session.state, "2:name", "fay", "typo at setup")
    with pytest.raises(RuleError, match="cannot be empty"):
        rules.correct_text(session.state, "2:name", "  ", "typo at setup")
    with pytest.raises(RuleError, match="That is the name already"):
        rules.correct_text(session.state, "2:name", "Gsu", "typo at setup")
    with pytest.raises(RuleError, match="a correction needs a reason"):
        rules.correct_text(session.state, "2:name", "Gus", "")
    entry = rules.correct_text(session.state, "2:name", " Gus ", "typo at setup")
    assert entry.text == "Correction: Gsu is called Gus: typo at setup"
    session.act(entry)
    assert [p.name for p in session.state.players] == ["Eve", "Fay", "Gus"]
    colour = session.state.players[2].colour
    reopened = GameSession.open(store, session.path)  # the journal says it, after a restart
    assert reopened.state.players[2].name == "Gus" and reopened.state.players[2].colour == colour
    reopened.undo()
    assert reopened.state.players[2].name == "Gsu"
