"""The records follow the games: the game files are the truth, the history is what the
records read. A finished game missing from the history (its row was not written: a full
disk, a damaged history put back since) is added, and the row of a game no longer finished
(reopened, its finish undone, or cut back to its readable part) is taken out, each time the
records are read: a finish whose history write failed never reached the records (a
play-test).

The history put right is what the records show even when it cannot be saved (a full disk:
a finish undone stayed counted, with its result, and a finish was missing, until there was
room again: play-tests); it is saved, in one write, at the next read that has room."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.store import DamagedFile, SaveError, Store

if TYPE_CHECKING:
    from companion.records import FinishedGame
    from companion.scoring import SheetSpec


@dataclass
class HistoryChange:
    """What the history lacks (finished games' rows) and has too many (game files)."""

    add: list[dict[str, Any]] = field(default_factory=list)
    drop: set[str] = field(default_factory=set)

    def __bool__(self) -> bool:
        return bool(self.add or self.drop)


def finished_games(store: Store, specs: Mapping[str, SheetSpec]) -> list[FinishedGame]:
    """The records' finished games (`load_finished`), the history first brought in line
    with the game files; read again only when that changed a row. When the history put
    right cannot be saved, the records are worked out from it all the same. Raises
    DamagedFile as `load_finished` does (nothing is written then)."""
    from companion.records import amended, load_finished

    games = load_finished(store, specs)
    change = history_change(store, {game.file for game in games})
    if not change:
        return games
    try:
        store.amend_history(change.add, change.drop)
    except (SaveError, OSError):  # (a full disk) shown as it should be; saved next time
        return amended(games, change.add, change.drop, specs)
    return load_finished(store, specs)


def history_change(store: Store, recorded: Collection[str]) -> HistoryChange:
    """How the history, which has rows for the game files `recorded` (as the records read
    it: the history is not parsed again, 70 ms for 1,000 games), differs from the saved
    games. A game that cannot be read is left as the history has it; so are they all when
    the games cannot be listed."""
    from companion.saved import list_saved
    from companion.session import GameSession

    change = HistoryChange()
    try:
        saved = list_saved(store).games
    except OSError:
        return change
    for game in saved:
        name = game.path.name
        if game.finished and name not in recorded:
            try:
                session = GameSession(store, store.read_game(game.path), read_only=True)
            except (DamagedFile, OSError):
                continue
            if session.state.finished:
                change.add.append(session.history_row())
        elif not game.finished and name in recorded:
            change.drop.add(name)
    return change
