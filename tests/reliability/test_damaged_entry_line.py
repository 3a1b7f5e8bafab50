"""A changed byte in an entry's `[[entries]]` line (the one line of an entry its check does
not cover) damages that entry alone: the file was split at each whole `[[entries]]` line,
so a changed one joined its entry to the one before it, and both were read as one damaged
entry (or, for the first entry, the header could not be read and the game did not open).
Going on dropped a good entry with the damaged one. Its own check covers the rest of it:
when that holds, it is still reported (the game opens read-only) but going on keeps it,
its first line written anew (it was dropped: a sound entry lost, and any kept one that
needed it, a review)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.amounts import parse_amount
from companion.gamefile import ENTRY_MARKER, parse_journal
from companion.session import GameSession
from companion.store import Store
from tests.conftest import NewGame

ENTRIES = 5


def played(new_game: NewGame, count: int = ENTRIES) -> GameSession:
    session = new_game()
    for step in range(count):
        session.act(
            session.rules.adjust(session.state, step % 3, "gold", parse_amount(f"+{step + 1}"))
        )
    session.close()
    return session


def line_of(data: bytes, number: int) -> int:
    """Where entry `number`'s `\\n[[entries]]\\n` starts (its blank line, its line)."""
    starts = [at for at in range(len(data)) if data.startswith(ENTRY_MARKER, at)]
    return starts[number - 1]


def changes(byte: int) -> list[int]:
    """What each byte of the line is changed to: a bit flipped, a NUL, a newline, a letter."""
    return sorted({byte ^ 0x01, byte ^ 0x20, 0, ord("\n"), ord("z")} - {byte})


def changed_line(whole: bytes, number: int) -> list[tuple[str, bytes]]:
    """Each way of changing one byte of entry `number`'s `[[entries]]` line: what the line
    reads then, and the file."""
    start = line_of(whole, number)
    found = []
    for offset in range(len(ENTRY_MARKER)):
        for new in changes(whole[start + offset]):
            data = bytearray(whole)
            data[start + offset] = new
            found.append((repr(bytes(data[start : start + len(ENTRY_MARKER)])), bytes(data)))
    return found


def texts(session: GameSession) -> list[str]:
    return [entry.text for entry in session.journal.entries]


@pytest.mark.parametrize("number", range(1, ENTRIES + 1))
def test_a_changed_entries_line_damages_its_entry_alone(
    new_game: NewGame, store: Store, number: int
) -> None:
    session = played(new_game)
    whole = session.path.read_bytes()
    original = session.journal.entries[:]
    for said, data in changed_line(whole, number):
        parsed = parse_journal(data)
        damage = parsed.damage
        assert damage is not None, said
        assert (damage.number, damage.lost, damage.sound_after) == (
            number,
            ENTRIES + 1 - number,
            ENTRIES - number,
        ), said
        assert parsed.entries == original[: number - 1], said
        assert "was changed on disk (its first line reads \u201c" in damage.what, said
        assert damage.what.endswith("\u201d, not \u201c[[entries]]\u201d)"), said
        session.path.write_bytes(data)
        record = store.read_game(session.path)  # the first entry's too: the game opens
        assert record.damage == damage and record.read_only_reason, said
        assert list(record.entries) == original[: number - 1], said


def test_the_notice_shows_the_changed_line(new_game: NewGame, store: Store) -> None:
    session = played(new_game)
    whole = session.path.read_bytes()
    at = line_of(whole, 3) + len(b"\n[[entri")
    session.path.write_bytes(whole[:at] + b"z" + whole[at + 1 :])
    damage = store.read_game(session.path).damage
    assert damage is not None
    assert damage.notice().startswith(
        "Entry 3 of this game file was changed on disk (its first line reads "
        "\u201c[[entrizs]]\u201d, not \u201c[[entries]]\u201d): the game shows only the 2 "
        "entries before it. The 2 entries after it read well."
    )
    whole = session.path.read_bytes()
    session.path.write_bytes(whole[:at] + b"\x00" + whole[at + 1 :])
    damage = store.read_game(session.path).damage
    assert damage is not None
    assert "(its first line reads \u201c[[entri\\x00s]]\u201d, not" in damage.what


@pytest.mark.parametrize("number", [1, 3, ENTRIES])
def test_going_on_keeps_the_entry_with_the_changed_line(
    new_game: NewGame, store: Store, number: int
) -> None:
    """Its bytes and its check line are as written: going on keeps it, its first line
    written anew (it dropped a sound entry, and any kept one that needed it)."""
    session = played(new_game)
    whole = session.path.read_bytes()
    original = texts(session)
    for said, data in changed_line(whole, number):
        session.path.write_bytes(data)
        for copy in store.games_dir.glob("*.damaged-*"):
            copy.unlink()
        again = GameSession.open(store, session.path)
        assert again.read_only_reason is not None, said  # still reported
        going_on = again.going_on()
        assert (going_on.damaged, going_on.dropped) == ((), ()), said
        assert [place for place, _ in going_on.rewritten] == [number], said
        question = going_on.question()
        assert question.startswith(
            f"Write entry {number}'s first line anew and play on? Entry {number} was changed "
            "on disk (its first line reads \u201c"
        ), said
        assert (
            "\u201d, not \u201c[[entries]]\u201d); the rest of it reads well (its check "
            "holds): it is kept, its first line written anew."
        ) in question, said
        assert "drop" not in question.replace("Nothing is dropped", ""), said
        assert "without" not in question and "cardboard" not in question, said
        again.continue_from_readable(going_on)
        went_on = texts(again)[-1]
        assert went_on.startswith(
            f"Went on with entry {number}'s first line written anew: it was changed on disk "
            "(its first line reads \u201c"
        ), said
        assert "; the whole file as it was is kept beside the game as " in went_on, said
        assert texts(again) == [*original, went_on], said
        assert session.path.read_bytes().startswith(whole), said  # the line as written
        reopened = GameSession.open(store, session.path)
        assert reopened.read_only_reason is None, said
        assert texts(reopened) == [*original, went_on], said
        assert reopened.state == session.state, said


def test_an_undo_of_the_entry_with_the_changed_line_is_kept_with_it(
    new_game: NewGame, store: Store
) -> None:
    """A kept entry that needs it (an undo of it) is kept too: both were dropped."""
    session = played(new_game, 3)
    session.undo()
    session.act(session.rules.adjust(session.state, 1, "gold", parse_amount("+7")))
    session.close()
    whole = session.path.read_bytes()
    at = line_of(whole, 3) + len(b"\n[[entri")
    session.path.write_bytes(whole[:at] + b"z" + whole[at + 1 :])
    again = GameSession.open(store, session.path)
    going_on = again.going_on()
    assert going_on.dropped == () and going_on.kept_after == 2
    assert "The 2 entries after entry 3 are kept too" in going_on.question()
    assert going_on.outcome() == (
        "The game goes on with entry 3's first line written anew: every entry is kept."
    )
    again.continue_from_readable(going_on)
    assert texts(again)[:-1] == texts(session)
    assert GameSession.open(store, session.path).state == session.state


def test_a_changed_line_on_an_entry_changed_too_drops_it(new_game: NewGame, store: Store) -> None:
    """Its own check fails as well: it is dropped, as any changed entry is."""
    session = played(new_game)
    whole = session.path.read_bytes()
    start = line_of(whole, 3)
    text = whole.index(b'text = "', start) + len(b'text = "')
    data = bytearray(whole)
    data[start + 5] = ord("z")
    data[text] ^= 0x20
    session.path.write_bytes(bytes(data))
    going_on = GameSession.open(store, session.path).going_on()
    assert [number for number, _ in going_on.dropped] == [3]
    assert going_on.damaged == (3,) and going_on.rewritten == ()
    assert going_on.question().startswith(
        "Play on without entry 3? Entry 3 was changed on disk (its first line reads"
    )


def test_a_changed_line_kept_beside_an_entry_dropped(new_game: NewGame, store: Store) -> None:
    """Entry 2's line changed (kept, its line written anew), entry 4's text changed
    (dropped): the question says both."""
    session = played(new_game)
    original = texts(session)
    whole = session.path.read_bytes()
    data = bytearray(whole)
    data[line_of(whole, 2) + 3] = ord("E")
    text = whole.index(b'text = "', line_of(whole, 4)) + len(b'text = "')
    data[text] ^= 0x20
    session.path.write_bytes(bytes(data))
    again = GameSession.open(store, session.path)
    going_on = again.going_on()
    assert [number for number, _ in going_on.dropped] == [4] and going_on.damaged == (4,)
    assert [number for number, _ in going_on.rewritten] == [2]
    question = going_on.question()
    assert question.startswith("Play on without entry 4? Entry 4 was changed on disk (it says")
    assert (
        "Entry 2 was changed on disk (its first line reads \u201c[[Entries]]\u201d, not "
        "\u201c[[entries]]\u201d); the rest of it reads well (its check holds): it is kept, "
        "its first line written anew. The 2 other entries after entry 2 are kept;"
    ) in question
    assert question.endswith(
        "What entry 4 did is not in the numbers, and later changes "
        "that followed from it are kept as they were: check the cardboard."
    )
    assert going_on.outcome() == (
        "The game goes on without entry 4: the 2 other entries after entry 2 are kept, and "
        "entry 2's first line is written anew."
    )
    again.continue_from_readable(going_on)
    went_on = texts(again)[-1]
    assert went_on.startswith("Went on without entry 4: it was changed on disk (it says \u201c")
    assert "; entry 2's first line written anew: it was changed on disk (its first line" in (
        went_on
    )
    assert texts(again) == [*original[:3], original[4], went_on]


def test_a_line_a_byte_longer_or_shorter_is_found_too(new_game: NewGame, store: Store) -> None:
    """Another `[[...]]` line right before an entry's first key starts that entry."""
    session = played(new_game)
    whole = session.path.read_bytes()
    at = line_of(whole, 4)
    for line in (b"\n[[entrie]]\n", b"\n[[entriess]]\n", b"\n[[]]\n"):
        data = whole[:at] + line + whole[at + len(ENTRY_MARKER) :]
        damage = parse_journal(data).damage
        assert damage is not None and (damage.number, damage.sound_after) == (4, 1), line


def test_two_changed_lines_damage_their_two_entries(new_game: NewGame, store: Store) -> None:
    session = played(new_game)
    whole = session.path.read_bytes()
    data = bytearray(whole)
    for number in (2, 4):
        data[line_of(whole, number) + 3] = ord("E")
    session.path.write_bytes(bytes(data))
    again = GameSession.open(store, session.path)
    assert again.record.damage is not None and again.record.damage.sound_after == 2
    going_on = again.going_on()
    assert going_on.damaged == () and [n for n, _ in going_on.rewritten] == [2, 4]
    assert going_on.question().startswith(
        "Write the first lines of entries 2 and 4 anew and play on? Entry 2 was changed"
    )
    assert "Entry 4 was changed on disk (its first line reads" in going_on.question()
    again.continue_from_readable(going_on)
    assert texts(again)[:-1] == texts(session)
    assert texts(again)[-1].startswith(
        "Went on with the first lines of entries 2 and 4 written anew: entry 2 was changed"
    )


def test_a_changed_line_after_the_snapshot_is_found(
    new_game: NewGame, store: Store, tmp_path: Path
) -> None:
    """Opening from a snapshot reads only the entries after it: the first of them with a
    changed line is damaged, the ones the snapshot covers are kept."""
    session = played(new_game, 60)
    assert GameSession.open(store, session.path).journal.entries == session.journal.entries
    [snapshot] = store.cache_dir.glob("*.snapshot")
    of_sixty = snapshot.read_bytes()
    more = GameSession.open(store, session.path)
    for step in range(3):
        more.act(more.rules.adjust(more.state, 0, "gold", parse_amount(f"+{step + 1}")))
    more.close()
    snapshot.write_bytes(of_sixty)  # (closing wrote one of all 63)
    whole = session.path.read_bytes()
    for number in (61, 62, 63):
        data = bytearray(whole)
        data[line_of(whole, number) + 5] = ord("z")
        session.path.write_bytes(bytes(data))
        record = store.read_game(session.path)
        assert record.damage is not None, number
        assert (record.damage.number, record.damage.sound_after) == (number, 63 - number)
        assert list(record.entries) == more.journal.entries[: number - 1]
        if number > 61:  # (the first entry after it is not an entry's start: read whole)
            assert record.snapshot is not None and record.snapshot.count == 60
