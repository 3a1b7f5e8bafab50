"""Damage in the middle of a game file drops only what is damaged: one flipped byte in
entry 5 of 300 made going on cut the file back to entry 4, and the table had to type the
other 295 again from the kept copy. Reading goes on past a damaged entry; going on keeps
the entries after it that read well and still replay, and cuts back (as before) only when
they do not."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.amounts import parse_amount
from companion.gamefile import ENTRY_MARKER, parse_journal
from companion.games.base import WENT_ON
from companion.journal import make_entry
from companion.session import GameSession
from companion.store import SaveError, Store
from tests.conftest import NewGame


def add_gold(session: GameSession, seat: int, text: str) -> None:
    session.act(session.rules.adjust(session.state, seat, "gold", parse_amount(text)))


def played(new_game: NewGame, count: int = 10) -> GameSession:
    session = new_game()
    for step in range(count):
        add_gold(session, step % 3, f"+{step + 1}")
    session.close()
    return session


def flipped(path: Path, *numbers: int) -> bytes:
    """The file with one byte of each of these entries' text changed (not its check line);
    what it was before."""
    whole = path.read_bytes()
    data = bytearray(whole)
    starts = [at for at in range(len(data)) if data.startswith(ENTRY_MARKER, at)]
    for number in numbers:
        text = data.index(b'text = "', starts[number - 1]) + len(b'text = "')
        data[text] ^= 0x20  # "Ann" -> "aNn"'s first letter: still readable, its check fails
    path.write_bytes(bytes(data))
    return whole


def texts(session: GameSession) -> list[str]:
    return [entry.text for entry in session.journal.entries]


@pytest.mark.parametrize("number", [1, 3, 9, 10])
def test_entry_k_of_n_changed_says_how_many_after_it_are_sound(
    new_game: NewGame, store: Store, number: int
) -> None:
    session = played(new_game)
    flipped(session.path, number)
    record = store.read_game(session.path)
    damage = record.damage
    assert damage is not None and record.read_only_reason
    assert damage.number == number and damage.lost == 11 - number
    assert damage.sound_after == 10 - number
    assert GameSession.open(store, session.path).going_on().damaged == (number,)
    assert "was changed on disk (it says \u201c" in damage.what  # its text, as a hint
    assert len(record.entries) == number - 1
    notice = damage.notice()
    if number < 10:  # (not "going on keeps them": it may not, the question says)
        verb = "reads" if number == 9 else "read"
        assert f"The {10 - number} entr" in notice and f"after it {verb} well." in notice
        assert "keeps them" not in notice
    else:
        assert "read well" not in notice


def test_going_on_keeps_the_entries_after_the_changed_one(new_game: NewGame, store: Store) -> None:
    session = played(new_game)
    original = texts(GameSession.open(store, session.path))
    flipped(session.path, 3)
    damaged_bytes = session.path.read_bytes()
    again = GameSession.open(store, session.path)
    assert again.read_only_reason is not None and len(again.journal) == 2
    going_on = again.going_on()
    question = going_on.question()
    assert question.startswith("Play on without entry 3? Entry 3 was changed on disk (it says")
    assert "The 7 entries after entry 3 are kept" in question
    assert f"the copy at {going_on.backup} keeps the whole file" in question
    assert question.endswith(
        "What entry 3 did is not in the numbers, and later changes that followed from it are "
        "kept as they were: check the cardboard."
    )
    assert session.path.read_bytes() == damaged_bytes  # asking changes nothing
    again.continue_from_readable(going_on)
    assert again.read_only_reason is None and again.record.damage is None
    went_on = texts(again)[-1]  # going on is an entry of its own
    assert went_on.startswith("Went on without entry 3: it was changed on disk")
    assert texts(again) == [*original[:2], *original[3:], went_on]
    assert session.path.read_bytes().endswith(b'"\n')  # whole, as the app writes it
    add_gold(again, 0, "+100")
    # read anew from the file (no snapshot): every entry's check holds, nothing damaged
    (store.cache_dir / f"{session.path.stem}.snapshot").unlink(missing_ok=True)
    parsed = parse_journal(session.path.read_bytes())
    assert parsed.damage is None and not parsed.torn
    reopened = GameSession.open(store, session.path)
    assert reopened.read_only_reason is None and reopened.notices == []
    assert texts(reopened) == [*original[:2], *original[3:], went_on, texts(again)[-1]]
    # Cy's +3 (entry 3) is not in the numbers: 10 +6 +9 (entries 6, 9) for Cy
    assert [seat["gold"] for seat in reopened.state.numbers] == [
        10 + 1 + 4 + 7 + 10 + 100,
        10 + 2 + 5 + 8,
        10 + 6 + 9,
    ]
    [copy] = store.games_dir.glob("*.damaged-*")
    assert copy.read_bytes() == damaged_bytes  # the whole file, as it was


def test_two_damaged_entries_are_dropped_and_the_rest_kept(new_game: NewGame, store: Store) -> None:
    session = played(new_game)
    original = texts(GameSession.open(store, session.path))
    flipped(session.path, 3, 6)
    again = GameSession.open(store, session.path)
    damage = again.record.damage
    assert damage is not None and damage.sound_after == 6
    assert "Of the 7 entries after it, 6 read well" in damage.notice()
    going_on = again.going_on()
    assert going_on.damaged == (3, 6)
    question = going_on.question()
    assert question.startswith("Play on without entries 3 and 6? Entry 3 was changed on disk")
    assert "Entry 6 was changed on disk" in question
    assert "The 6 other entries after entry 3 are kept" in question
    again.continue_from_readable(going_on)
    kept = [*original[:2], *original[3:5], *original[6:], texts(again)[-1]]
    assert texts(again)[-1].startswith("Went on without entries 3 and 6: entry 3 was changed")
    assert texts(again) == kept
    assert texts(GameSession.open(store, session.path)) == kept


def test_an_undo_of_a_dropped_entry_is_dropped_with_it(new_game: NewGame, store: Store) -> None:
    """Undo takes back the newest change in effect: kept without the entry it took back,
    it would take back the one before (Bo's +2 here). It goes with it; the other undo and
    redo still take back and put back what they did."""
    session = new_game()
    add_gold(session, 0, "+1")  # 1
    add_gold(session, 1, "+2")  # 2
    add_gold(session, 2, "+3")  # 3: damaged
    session.undo()  # 4: took back 3
    add_gold(session, 0, "+4")  # 5
    session.undo()  # 6: took back 5
    session.redo()  # 7: put back 5
    add_gold(session, 1, "+6")  # 8
    session.close()
    flipped(session.path, 3)
    again = GameSession.open(store, session.path)
    going_on = again.going_on()
    assert [number for number, _ in going_on.dropped] == [3, 4]
    question = going_on.question()
    assert "Entry 4 took back entry 3, which is dropped. The 4 other entries after" in question
    assert question.endswith(
        "What entry 3 did is not in the numbers, and later changes that followed from it are "
        "kept as they were: check the cardboard."
    )
    assert going_on.kept_after == 4
    again.continue_from_readable(going_on)
    reopened = GameSession.open(store, session.path)
    assert [seat["gold"] for seat in reopened.state.numbers] == [15, 18, 10]
    assert [entry.text for entry in reopened.journal.effective()][:-1] == [
        texts(session)[place] for place in (0, 1, 4, 7)
    ]
    assert reopened.journal.undo_target() == again.journal.entries[-1]  # going on
    assert reopened.journal.undo_target().kind == "went_on"


def test_when_a_kept_entry_needs_the_dropped_one_the_file_is_cut_back_as_before(
    new_game: NewGame, store: Store
) -> None:
    """Ann's -14 needs the +5 before it (gold cannot go below 0): kept without it, it does
    not replay. Nothing of it is kept half: the file is cut back to the entries before the
    damage, as going on did before, and the question says why."""
    session = new_game()
    add_gold(session, 0, "+1")  # 1
    add_gold(session, 0, "+5")  # 2: damaged
    add_gold(session, 0, "-14")  # 3: 16 -> 2, needs entry 2
    add_gold(session, 1, "+1")  # 4
    session.close()
    whole = flipped(session.path, 2)
    prefix = whole[: whole.index(ENTRY_MARKER, whole.index(ENTRY_MARKER) + 1)]
    again = GameSession.open(store, session.path)
    going_on = again.going_on()
    assert going_on.data is None and going_on.fallback is not None
    question = going_on.question()
    assert question.startswith("Play on from the 1 entry before entry 2? Entry 2 was changed")
    assert "The entries after it cannot be kept: entry 3 (\u201cAnn -14 gold" in question
    assert "cannot be replayed without what is dropped (Ann cannot have -3 gold" in question
    assert (
        "(the least is 0)). The file is cut back to the 1 entry before it: entry 2 and the "
        "2 entries after it are dropped from it (the copy"
    ) in question
    assert question.endswith(
        "Check the cardboard: what the 3 entries dropped did is not in the numbers."
    )
    again.continue_from_readable(going_on)
    assert session.path.read_bytes().startswith(prefix)
    assert texts(again)[0] == "Ann +1 gold (10 → 11)" and again.read_only_reason is None
    assert texts(again)[1].startswith("Went on from the 1 entry before entry 2, without it")
    assert len(again.journal) == 2
    add_gold(again, 1, "+2")
    assert len(GameSession.open(store, session.path).journal) == 3


def test_a_rewrite_that_fails_leaves_the_file_as_it_was(
    new_game: NewGame, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = played(new_game)
    flipped(session.path, 5)
    damaged_bytes = session.path.read_bytes()
    again = GameSession.open(store, session.path)
    going_on = again.going_on()

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(SaveError, match="The disk is full"):
        again.continue_from_readable(going_on)
    monkeypatch.undo()
    assert session.path.read_bytes() == damaged_bytes
    assert not list(store.games_dir.glob("*.tmp"))
    assert again.read_only_reason is not None
    again.continue_from_readable(going_on)  # space freed: asked again, done
    assert len(again.journal) == 10  # 4 before, 5 after, and going on


def _damaged_to_rewrite(new_game: NewGame) -> GameSession:
    """Going on keeps the entries after the damaged one: the file is rewritten."""
    session = played(new_game)
    flipped(session.path, 5)
    return session


def _damaged_to_cut_back(new_game: NewGame) -> GameSession:
    """The damaged entry is an undo: going on cuts the file back."""
    session = new_game()
    add_gold(session, 0, "+1")
    session.undo()
    session.redo()
    session.close()
    flipped(session.path, 2)
    return session


@pytest.mark.parametrize("damaged", [_damaged_to_rewrite, _damaged_to_cut_back])
def test_a_file_changed_after_the_question_is_left_as_it_is(
    new_game: NewGame, store: Store, damaged: Callable[[NewGame], GameSession]
) -> None:
    """Going on checks the file is still the one the table was asked about, both ways (the
    cut back cut it at what it read before the question, even when something else had
    written to it since: a review)."""
    session = damaged(new_game)
    again = GameSession.open(store, session.path)
    going_on = again.going_on()
    assert (going_on.data is None) == (damaged is _damaged_to_cut_back)
    changed = session.path.read_bytes() + b"\n"
    session.path.write_bytes(changed)
    with pytest.raises(SaveError, match="changed by another window or program"):
        again.continue_from_readable(going_on)
    assert session.path.read_bytes() == changed


def test_when_the_dropped_entry_was_an_undo_the_file_is_cut_back(
    new_game: NewGame, store: Store
) -> None:
    """A dropped entry is taken to be a change; when it was an undo, the redo after it
    would put back nothing (it put back Ann's +1): its say is not kept half-true."""
    session = new_game()
    add_gold(session, 0, "+1")  # 1
    session.undo()  # 2: damaged
    session.redo()  # 3: put back 1
    add_gold(session, 1, "+2")  # 4
    session.close()
    flipped(session.path, 2)
    again = GameSession.open(store, session.path)
    going_on = again.going_on()
    assert going_on.data is None
    assert going_on.fallback == (
        "entry 3 (\u201cRedone: Ann +1 gold (10 \u2192 11)\u201d) would no longer put back "
        "anything (a dropped entry may have been an undo or a redo)"
    )
    again.continue_from_readable(going_on)
    assert texts(again)[:1] == ["Ann +1 gold (10 → 11)"] and len(again.journal) == 2
    assert texts(GameSession.open(store, session.path)) == texts(again)


def test_a_window_that_follows_the_game_follows_the_rewritten_file(
    new_game: NewGame, store: Store
) -> None:
    session = played(new_game)
    flipped(session.path, 4)
    writer = GameSession.open_to_play(store, session.path)
    follower = GameSession.open_to_play(store, session.path)
    assert not writer.read_only and follower.read_only and len(follower.journal) == 3
    writer.continue_from_readable()
    assert follower.follow() is True
    assert texts(follower) == texts(writer) and len(writer.journal) == 10  # with going on
    assert follower.record.damage is None  # read anew: the damage is no longer said
    assert follower.state.numbers == writer.state.numbers
    add_gold(writer, 0, "+1")
    assert follower.follow() is True and texts(follower) == texts(writer)
    writer.close()
    follower.close()


# ---------------------------------------------------- a play-test's rough edges (keep2)


def changed(path: Path, number: int, old: bytes, new: bytes) -> None:
    """Entry `number`'s `old` bytes (in its text) written as `new`: its check fails."""
    data = path.read_bytes()
    starts = [at for at in range(len(data)) if data.startswith(ENTRY_MARKER, at)]
    at = data.index(old, starts[number - 1])
    path.write_bytes(data[:at] + new + data[at + len(old) :])


def test_a_damaged_undo_is_not_promised_kept_and_the_fallback_says_what_is_lost(
    new_game: NewGame, store: Store
) -> None:
    """Entry 7 an undo ("Undone:" made "Undona:"), 8 its redo: the notice promised "going
    on keeps them", and the question then cut back to the 6 entries before it without
    saying that 12 are dropped, nor to check the cardboard (a play-test)."""
    session = new_game()
    for step in range(6):
        add_gold(session, step % 3, f"+{step + 1}")
    session.undo()  # 7
    session.redo()  # 8
    for step in range(10):
        add_gold(session, step % 3, f"+{step + 1}")
    session.close()
    changed(session.path, 7, b"Undone:", b"Undona:")
    again = GameSession.open(store, session.path)
    assert again.record.damage is not None
    notice = again.record.damage.notice()
    assert "The 11 entries after it read well." in notice
    assert "keeps" not in notice  # what going on does, the question says
    going_on = again.going_on()
    assert going_on.data is None and going_on.fallback is not None
    question = going_on.question()
    assert "The file is cut back to the 6 entries before it: entry 7 and the 11 entries " in (
        question
    )
    assert "after it are dropped from it (the copy at " in question
    assert question.endswith(
        "Check the cardboard: what the 12 entries dropped did is not in the numbers."
    )


def test_a_damaged_last_entry_s_question_ends_with_the_cardboard(
    new_game: NewGame, store: Store
) -> None:
    session = played(new_game)
    flipped(session.path, 10)
    question = GameSession.open(store, session.path).going_on().question()
    assert question.startswith("Play on from the 9 entries that could be read?")
    assert question.endswith("Check the cardboard: what entry 10 did is not in the numbers.")


def test_the_question_says_later_changes_that_followed_from_a_dropped_one_are_kept(
    new_game: NewGame, store: Store
) -> None:
    """A kept change can follow from the dropped one and still replay (Ann's rent for a
    bank she no longer has): the question no longer reads as if only the dropped entry's
    own change were missing."""
    session = played(new_game)
    flipped(session.path, 3, 6)
    question = GameSession.open(store, session.path).going_on().question()
    assert question.endswith(
        "What entries 3 and 6 did is not in the numbers, and later changes that followed "
        "from them are kept as they were: check the cardboard."
    )


@pytest.mark.parametrize(
    ("numbers", "said"),
    [
        ((9,), "The 1 entry after it reads well."),
        ((8, 10), "Of the 2 entries after it, 1 reads well."),
        ((7, 10), "Of the 3 entries after it, 2 read well."),
    ],
)
def test_the_notice_says_one_entry_in_the_singular(
    new_game: NewGame, store: Store, numbers: tuple[int, ...], said: str
) -> None:
    """ "The 1 entry after it read well: going on keeps them" (a play-test)."""
    session = played(new_game)
    flipped(session.path, *numbers)
    damage = store.read_game(session.path).damage
    assert damage is not None
    assert said in damage.notice()


@pytest.mark.parametrize("game", ["boomtown", "coloma", "builders", "calamityville"])
def test_going_on_is_an_entry_of_its_own_that_changes_nothing(
    new_game: NewGame, store: Store, game: str
) -> None:
    """After going on, neither the log nor the file said an entry was dropped: only the
    kept copy showed it. Going on is now an entry, in every game, and replays as nothing."""
    session = new_game(game)
    for step in range(4):
        change = session.rules.correct(
            session.state,
            step % 3,
            session.rules.numbers[0].key,
            parse_amount(f"+{step + 1}"),
            "counted again",
        )
        session.act(change)
    session.close()
    flipped(session.path, 2)
    again = GameSession.open(store, session.path)
    going_on = again.going_on()
    again.continue_from_readable(going_on)
    last = again.journal.entries[-1]
    assert last.kind == "went_on"
    assert last.text.startswith("Went on without entry 2: it was changed on disk (it says \u201c")
    assert going_on.backup is not None
    assert last.text.endswith(
        f"; the whole file as it was is kept beside the game as {going_on.backup.name}."
    )
    reopened = GameSession.open(store, session.path)
    assert reopened.read_only_reason is None and reopened.notices == []
    assert reopened.journal.entries[-1] == last
    assert len(reopened.journal) == 4  # 1, 3 and 4 kept, and going on
    without = [entry for entry in reopened.journal.entries if entry.kind != "went_on"]
    state = reopened.rules.new_state(reopened.header)
    for entry in without:
        reopened.rules.apply(state, entry)
    assert state.numbers == reopened.state.numbers  # it changes nothing
    reopened.undo()  # an entry like any other: undo takes it out of the log, nothing else
    assert reopened.state.numbers == state.numbers


def test_going_on_by_cutting_back_is_an_entry_too(new_game: NewGame, store: Store) -> None:
    session = played(new_game)
    flipped(session.path, 10)
    again = GameSession.open(store, session.path)
    going_on = again.going_on()
    again.continue_from_readable(going_on)
    last = again.journal.entries[-1]
    assert last.kind == "went_on" and len(again.journal) == 10
    assert last.text.startswith("Went on from the 9 entries before entry 10, without it: ")
    assert going_on.backup is not None
    assert last.text.endswith(
        f"; the whole file as it was is kept beside the game as {going_on.backup.name}."
    )
    assert GameSession.open(store, session.path).journal.entries[-1] == last


def test_going_on_is_no_correction_of_a_finished_game(new_game: NewGame) -> None:
    """A finished game gone on with after damage read "Corrected since it was scored" (its
    newest entry was no longer the finish); a correction before the going-on entry was not
    seen. What counts is a correction, an adjustment or an option after the last finish."""
    session = new_game("calamityville")
    session.act(session.rules.finish(session.state, "", "Ann wins"))
    assert not session.corrected_since_finish()
    session.act(make_entry(WENT_ON, "Went on without entry 2."))
    assert not session.corrected_since_finish()
    correction = session.rules.correct(
        session.state, 0, session.rules.numbers[0].key, parse_amount("+5"), "miscounted"
    )
    session.act(correction)
    session.act(make_entry(WENT_ON, "Went on without entry 3."))
    assert session.corrected_since_finish()


# ------------------------------------- a kill between the rewrite and the went_on entry


class Killed(BaseException):
    """The app stopped here (kill -9): nothing after this step is done."""


def _stop_after_the_rewrite(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every step that came after the file was written anew stops the app: the file read
    again, an entry appended, a change done."""

    def killed(*_: object, **__: object) -> None:
        raise Killed

    for step in ("read_game", "append_entry"):
        monkeypatch.setattr(Store, step, killed)
    monkeypatch.setattr(GameSession, "act", killed)


@pytest.mark.parametrize("way", ["keep", "cut"])
def test_a_kill_right_after_going_on_leaves_the_went_on_entry_in_the_file(
    new_game: NewGame, store: Store, monkeypatch: pytest.MonkeyPatch, way: str
) -> None:
    """A kill -9 30-100 ms after "Play on" (a 40,000-entry game) left the file written anew
    without its went_on entry: nothing said any more that entries were dropped. The entry is
    now part of the one write: the file is the damaged one, or the new one with it."""
    session = played(new_game)
    flipped(session.path, 5 if way == "keep" else 10)
    damaged_bytes = session.path.read_bytes()
    again = GameSession.open(store, session.path)
    going_on = again.going_on()
    assert (going_on.data is None) == (way == "cut")
    _stop_after_the_rewrite(monkeypatch)
    with pytest.raises(Killed):
        again.continue_from_readable(going_on)
    monkeypatch.undo()
    assert session.path.read_bytes() != damaged_bytes  # (it stopped after the write)
    assert not list(store.games_dir.glob("*.tmp"))
    reopened = GameSession.open(store, session.path)
    assert reopened.record.damage is None and reopened.read_only_reason is None
    last = reopened.journal.entries[-1]
    assert last.kind == "went_on" and last.text == going_on.entry_text()
    assert len(reopened.journal) == 10  # 9 kept (or 9 before the cut), and going on


@pytest.mark.parametrize("way", ["keep", "cut"])
def test_when_the_went_on_entry_does_not_fit_going_on_is_done_without_it(
    new_game: NewGame, store: Store, monkeypatch: pytest.MonkeyPatch, way: str
) -> None:
    """Going on changes nothing in the game: on a disk too full for its entry (the file
    written with it is refused), the game goes on all the same, as before."""
    import companion.store as store_module

    session = played(new_game)
    flipped(session.path, 5 if way == "keep" else 10)
    again = GameSession.open(store, session.path)
    going_on = again.going_on()
    chunk_of = store_module.replace_whole

    def full_for_the_entry(target: Path, data: bytes, **options: bool) -> None:
        if b'kind = "went_on"' in data:
            raise OSError(errno.ENOSPC, "No space left on device")
        chunk_of(target, data, **options)

    monkeypatch.setattr(store_module, "replace_whole", full_for_the_entry)
    again.continue_from_readable(going_on)
    monkeypatch.undo()
    assert again.read_only_reason is None and again.record.damage is None
    assert len(again.journal) == 9 and "went_on" not in [e.kind for e in again.journal.entries]
    assert not list(store.games_dir.glob("*.tmp"))
    add_gold(again, 0, "+1")
    reopened = GameSession.open(store, session.path)
    assert reopened.read_only_reason is None and len(reopened.journal) == 10
