"""Reopen and finish again: the last sheet is kept as the wizard's start, and the history
keeps one row per game (its last sheet)."""

from __future__ import annotations

from companion.games import SHEETS
from companion.scoring import overlay_sheet, sheet_text
from companion.store import Store
from tests.conftest import NewGame


def test_finishing_a_reopened_game_again_replaces_its_history_row(
    new_game: NewGame, store: Store
) -> None:
    other = new_game(game="coloma", names=("Cy", "Di"))
    other.act(other.rules.finish(other.state, 'game = "coloma"\n', "Cy wins"))
    other.record_in_history()
    session = new_game()
    session.act(session.rules.finish(session.state, 'game = "boomtown"\n', "Ann wins"))
    session.record_in_history()
    session.act(session.rules.reopen(session.state))
    assert not session.state.finished
    assert session.state.sheet == 'game = "boomtown"\n'  # kept: the wizard starts from it
    session.act(session.rules.finish(session.state, 'game = "boomtown"\nx = 2\n', "Bo wins"))
    session.record_in_history()
    history = store.read_history()
    assert [row["file"] for row in history] == [other.path.name, session.path.name]
    assert history[1]["sheet"] == 'game = "boomtown"\nx = 2\n'
    assert history[0]["sheet"] == 'game = "coloma"\n'


def test_the_last_sheet_is_laid_over_what_the_screen_tracked() -> None:
    spec = SHEETS["coloma"]
    blank = {f.key: ([] if f.kind == "list" else 0) for f in spec.fields}
    rows = [{"name": "Ann", **blank}, {"name": "Bo", **blank}]
    saved = [dict(row) for row in rows]
    saved[0].update(buildings=[6, 4], hotels=1, frontier=12, gold=3)
    saved[1].update(buildings=[5], frontier=7)
    text = sheet_text(spec, saved)
    tracked = [dict(row, gold=9) for row in rows]  # the screen knows the gold
    charts = {"coloma-frontier": {0: 0, 3: 12, 5: 25}}
    ann, bo = overlay_sheet(spec, tracked, text, charts)
    assert ann["buildings"] == [6, 4] and ann["hotels"] == 1 and ann["gold"] == 3
    assert ann["frontier"] == 3  # the count, found back from the chart's 12 points
    assert bo["buildings"] == [5]
    assert bo["frontier"] == 0  # 7 points: no count gives it here, the tracked value stays
    assert overlay_sheet(spec, tracked, "not [toml", charts) == tracked
    assert overlay_sheet(spec, tracked, "", charts) == tracked
    # Bo renamed Bob with ctrl+o after the finish: his seat's answers still (a play-test)
    renamed = [tracked[0], dict(tracked[1], name="Bob")]
    assert overlay_sheet(spec, renamed, text, charts)[1]["buildings"] == [5]


def test_a_reopening_undone_puts_the_game_back_as_finished_when_it_was(
    new_game: NewGame, store: Store, monkeypatch: object
) -> None:
    """Undoing a reopening put the game back in the history with a new finish time: it
    moved in "newest first" and the streaks (a play-test). The finish in effect says when."""
    import companion.journal as journal
    import companion.session as session_module

    session = new_game()
    times = iter(["2026-11-27T15:28:00+00:00", "2026-11-27T15:28:00+00:00"])
    for module in (journal, session_module):  # the entries' stamps, and the history's
        monkeypatch.setattr(module, "now_stamp", lambda: next(times))  # type: ignore[attr-defined]
    session.act(session.rules.finish(session.state, 'game = "boomtown"\n', "Ann wins"))
    session.record_in_history()
    assert [row["finished"] for row in store.read_history()] == ["2026-11-27T15:28:00+00:00"]
    session.act(session.rules.reopen(session.state))
    session.forget_in_history()
    assert store.read_history() == []
    monkeypatch.undo()  # type: ignore[attr-defined]
    session.undo()  # the reopening undone, later: finished as before
    assert session.state.finished
    session.record_in_history()
    assert [row["finished"] for row in store.read_history()] == ["2026-11-27T15:28:00+00:00"]


def test_the_records_follow_the_games_when_a_history_write_was_lost(
    new_game: NewGame, store: Store
) -> None:
    """A finish whose history row was not written (a full disk) never reached the records,
    and a finished game cut back to an unfinished readable part stayed counted (a
    play-test): reading the records brings the history in line with the games."""
    from companion.history_sync import history_change

    lost = new_game()  # finished, its row never written
    lost.act(lost.rules.finish(lost.state, 'game = "boomtown"\n', "Ann wins"))
    lost.close()
    stale = new_game(game="coloma", names=("Cy", "Di"))  # recorded, then no longer finished
    stale.act(stale.rules.finish(stale.state, 'game = "coloma"\n', "Cy wins"))
    stale.record_in_history()
    stale.act(stale.rules.reopen(stale.state))
    stale.close()
    recorded = [row["file"] for row in store.read_history()]
    assert recorded == [stale.path.name]
    change = history_change(store, recorded)
    assert [row["file"] for row in change.add] == [lost.path.name]
    assert change.drop == {stale.path.name}
    store.amend_history(change.add, change.drop)
    [row] = store.read_history()
    assert row["file"] == lost.path.name and row["sheet"] == 'game = "boomtown"\n'
    assert not history_change(store, [lost.path.name])  # in line: nothing to write again


def test_the_records_read_a_finished_game_the_history_lacks(
    new_game: NewGame, store: Store
) -> None:
    """What Records and `goldrush history` read: the history brought in line first."""
    from companion.history_sync import finished_games

    lost = new_game()
    lost.act(lost.rules.finish(lost.state, 'game = "boomtown"\nann = 1\n', "Ann wins"))
    lost.close()
    assert not store.history_path.exists()
    assert [game.file for game in finished_games(store, SHEETS)] == [lost.path.name]


def test_the_records_read_an_amended_history_as_the_saved_one_would_read(
    new_game: NewGame, store: Store
) -> None:
    """While a history cannot be saved (a full disk) the records show it as amended in
    memory (`records.amended`): the same games in the same order as the history saved with
    the same change reads (both merge through `merged_history`)."""
    from companion.records import amended, load_finished

    rows = []
    for number, finished in enumerate(["2026-11-27T10:00", "2026-11-27T09:00", "2026-11-27T11"]):
        session = new_game(game="coloma", names=("Cy", "Di"))
        session.act(session.rules.finish(session.state, 'game = "coloma"\n', f"Cy wins {number}"))
        session.record_in_history()
        rows.append(dict(store.read_history()[-1], finished=f"{finished}:00+00:00"))
    store.history_path.unlink()
    store.amend_history(rows[:2])  # two games in the history, then the change:
    add = [dict(rows[0], finished="2026-11-27T08:00:00+00:00"), rows[2]]  # one again, one new
    drop = {rows[1]["file"]}
    in_memory = amended(load_finished(store, SHEETS), add, drop, SHEETS)
    store.amend_history(add, drop)
    saved = load_finished(store, SHEETS)
    assert [(game.file, game.finished) for game in in_memory] == [
        (game.file, game.finished) for game in saved
    ]
    assert [game.file for game in saved] == [rows[2]["file"], rows[0]["file"]]
