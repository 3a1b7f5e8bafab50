"""Run in a child process by test_journal_full_disk.py: a game played against a file-size
limit (RLIMIT_FSIZE, SIGXFSZ ignored), so that writes really come up short and fail.

Prints one JSON line of figures; exits non-zero (with the reason) when a check fails."""

from __future__ import annotations

import json
import random
import resource
import signal
import sys
from pathlib import Path

from companion.amounts import parse_amount
from companion.gamefile import parse_journal
from companion.games import GAMES
from companion.session import GameSession
from companion.setup import SetupForm, build_header
from companion.store import SaveError, Store
from companion.table import COLOURS


def limit_to(size: int) -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))


def unlimited() -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (hard, hard))


def whole(path: Path) -> int:
    """The number of entries; fails when the file is not whole (torn or damaged)."""
    data = path.read_bytes()
    parsed = parse_journal(data)
    if parsed.torn or parsed.damage or parsed.good != len(data):
        raise SystemExit(f"file not whole: {parsed.torn=} {parsed.damage=} {parsed.good=}")
    return len(parsed.entries)


def main(root: Path, rounds: int, seed: int) -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    rng = random.Random(seed)
    store = Store(root, GAMES)
    form = SetupForm("boomtown", ["Ann", "Bo", "Cy"], list(COLOURS[:3]), 0, {})
    session = GameSession.create(store, build_header(form)[0])
    acknowledged = refused = 0
    for _ in range(rounds):
        size = session.path.stat().st_size
        limit_to(size + rng.randrange(1, 400))  # room for 0-2 entries, then a short write
        while True:
            seat = rng.randrange(3)
            change = session.rules.adjust(session.state, seat, "gold", parse_amount("+1"))
            before = [n["gold"] for n in session.state.numbers]
            try:
                if rng.random() < 0.2 and session.journal.undo_target() is not None:
                    session.undo()
                else:
                    session.act(change)
            except SaveError as error:
                refused += 1
                if "file size limit" not in error.sentence:
                    raise SystemExit(f"unexpected sentence: {error.sentence}") from None
                if [n["gold"] for n in session.state.numbers] != before:
                    raise SystemExit("a refused change moved the state") from None
                break
            acknowledged += 1
        if whole(session.path) != acknowledged:
            raise SystemExit("the file does not hold exactly the acknowledged entries")
        unlimited()
    reopened = GameSession.open(store, session.path)
    if reopened.notices or len(reopened.journal) != acknowledged:
        raise SystemExit(f"reopen: {reopened.notices} {len(reopened.journal)}")
    if reopened.state.numbers != session.state.numbers:
        raise SystemExit("reopen: another state")

    # A torn file repaired on a full disk: no partial copy, the file left as it was.
    torn = session.path.read_bytes()[:-25]
    session.path.write_bytes(torn)
    limit_to(len(torn) // 2)
    refused_repair = GameSession.open(store, session.path)
    unlimited()
    copies = list(session.path.parent.glob("*.torn-*"))
    if copies or session.path.read_bytes() != torn:
        raise SystemExit(f"a torn repair on a full disk left {copies}")
    if not refused_repair.read_only_reason:
        raise SystemExit("a refused repair did not make the game read-only")
    repaired = GameSession.open(store, session.path)
    [copy] = session.path.parent.glob("*.torn-*")
    if copy.read_bytes() != torn or len(repaired.journal) != acknowledged - 1:
        raise SystemExit("the repair once space is back is not right")
    print(json.dumps({"acknowledged": acknowledged, "refused": refused, "lost": 0}))


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
