"""One flipped bit or a cut anywhere in a game file: everything before the damage loads,
the damage is said, and nothing is ever replayed changed (every entry carries a check)."""

from __future__ import annotations

import random
import re

import pytest

from companion.amounts import parse_amount
from companion.session import GameSession
from companion.store import DamagedFile, Store
from tests.conftest import NewGame

FLIPS = 400
CUTS = 150


def played(new_game: NewGame) -> GameSession:
    """A short game with a bit of everything: changes, a correction with a reason, undo."""
    session = new_game()
    for step in range(10):
        seat = step % 3
        change = session.rules.adjust(session.state, seat, "gold", parse_amount(f"+{step + 1}"))
        session.act(change)
    session.act(
        session.rules.correct(session.state, 1, "gold", parse_amount("3"), "miscounted the pile")
    )
    session.undo()
    session.redo()
    return session


def check_outcome(store: Store, session: GameSession, data: bytes) -> tuple[str, int]:
    """What a damaged copy of the file gives: ("reported", 0) or ("salvaged", entries
    not loaded) or ("intact", 0) or ("shorter", entries) for a file cut just after a whole
    entry (a valid file with fewer entries). Fails on any silent change."""
    session.path.write_bytes(data)
    try:
        record = store.read_game(session.path)
    except DamagedFile:
        return "reported", 0
    original = session.journal.entries
    kept = len(record.entries)
    assert record.entries == original[:kept], "an entry was replayed changed"
    assert record.header == session.header, "the header was read changed"
    if kept == len(original) and record.torn is None and record.damage is None:
        return "intact", 0
    if record.torn is None and record.damage is None:
        assert re.search(rb'\ncheck = "[0-9a-f]{8}"\n?\Z', data), "entries dropped silently"
        return "shorter", len(original) - kept
    if record.damage is not None:
        assert record.damage.number == kept + 1 and record.read_only_reason
    return "salvaged", len(original) - kept


@pytest.mark.parametrize("seed", [1, 2])
def test_single_bit_flips_are_found_never_replayed(
    new_game: NewGame, store: Store, seed: int
) -> None:
    session = played(new_game)
    whole = session.path.read_bytes()
    rng = random.Random(seed)
    outcomes = {"reported": 0, "salvaged": 0, "intact": 0}
    lost = 0
    for _ in range(FLIPS // 2):
        position = rng.randrange(len(whole))
        flipped = bytearray(whole)
        flipped[position] ^= 1 << rng.randrange(8)
        outcome, dropped = check_outcome(store, session, bytes(flipped))
        outcomes[outcome] += 1
        lost += dropped
    print(f"flips seed {seed}: {outcomes}, entries not loaded {lost}")
    assert outcomes["intact"] == 0  # every flip is noticed: each byte is under a check
    assert outcomes["salvaged"] > outcomes["reported"]  # most flips keep most of the game


def test_cuts_anywhere_keep_everything_before_them(new_game: NewGame, store: Store) -> None:
    session = played(new_game)
    whole = session.path.read_bytes()
    header_end = whole.index(b"\n[[entries]]\n")
    rng = random.Random(3)
    cuts = sorted(rng.sample(range(header_end + 1, len(whole)), CUTS))
    for cut in cuts:
        outcome, _ = check_outcome(store, session, whole[:cut])
        assert outcome in ("salvaged", "intact", "shorter"), cut
        record = store.read_game(session.path)
        assert record.damage is None, f"a cut is torn, never damaged ({cut})"


def test_every_cut_of_the_last_two_entries_recovers(new_game: NewGame, store: Store) -> None:
    session = played(new_game)
    whole = session.path.read_bytes()
    two_before = whole.rindex(b"\n[[entries]]\n", 0, whole.rindex(b"\n[[entries]]\n"))
    total = len(session.journal.entries)
    for cut in range(two_before, len(whole) + 1):
        session.path.write_bytes(whole[:cut])
        reopened = GameSession.open(store, session.path)
        assert reopened.read_only_reason is None, cut
        assert len(reopened.journal) >= total - 2
        assert reopened.journal.entries == session.journal.entries[: len(reopened.journal)]
        assert session.path.stat().st_size == reopened.known_length
        for backup in session.path.parent.glob("*.torn-*"):
            backup.unlink()
