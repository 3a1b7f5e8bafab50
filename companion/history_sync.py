"""The records follow the games: the game files are the truth, the history is what the
records read. A finished game missing from the history (its row was not written: a full
disk, a damaged history put back since) is added, and the row of a game no longer finished
(reopened, or cut back to its readable part) is taken out, each time the records are read:
a finish whose history write failed never reached the records (a play-test)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

from companion.store import DamagedFile, SaveError, Store

if TYPE_CHECKING:
    from companion.records import FinishedGame
    from companion.scoring import SheetSpec


def finished_games(store: Store, specs: Mapping[str, SheetSpec]) -> list[FinishedGame]:
    """The records' finished games (`load_finished`), the history first brought in line
    with the game files; read again only when that changed a row. Raises DamagedFile as
    `load_finished` does (nothing is written then)."""
    from companion.records import load_finished

    games = load_finished(store, specs)
    if sync_history(store, {game.file for game in games}):
        games = load_finished(store, specs)
    return games


def sync_history(store: Store, recorded: Collection[str]) -> int:
    """Bring the history, which has rows for the game files `recorded` (as the records
    read it: the history is not parsed again, 70 ms for 1,000 games), in line with the
    saved games; how many rows changed. A game that cannot be read is left as the history
    has it; a write that fails is left for the next time (nothing is written to a damaged
    history: `Store` refuses)."""
    from companion.saved import list_saved
    from companion.session import GameSession

    changed = 0
    try:
        for game in list_saved(store).games:
            name = game.path.name
            if game.finished and name not in recorded:
                try:
                    session = GameSession(store, store.read_game(game.path), read_only=True)
                except DamagedFile:
                    continue
                if session.state.finished:
                    session.record_in_history()
                    changed += 1
            elif not game.finished and name in recorded:
                store.forget_finished(name)
                changed += 1
    except (SaveError, OSError):
        pass  # (the records show what the history has; tried again next time)
    return changed
