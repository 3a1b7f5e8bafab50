"""The players of earlier games, for the new-game dialog: names and colours offered as one
types, and the last table (names, colours and seat order of the last game set up).

The memory is the saved games themselves (each file's header has the table): nothing
else is written, and a game deleted from the list is forgotten with it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from companion.renames import renames_or_why, shown
from companion.saved import SavedGame, list_saved
from companion.store import Store
from companion.table import COLOURS


@dataclass(frozen=True)
class Seat:
    name: str
    colour: str


@dataclass(frozen=True)
class TableMemory:
    """Known players, most recently set up first (one per name, case ignored), the last
    table in its seat order (empty when there was no earlier game), the game it played
    ("" when none) and the options it was set up with."""

    players: list[Seat] = field(default_factory=list)
    last_table: list[Seat] = field(default_factory=list)
    last_game: str = ""
    last_options: dict[str, Any] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.players]

    def colour_of(self, name: str) -> str | None:
        """The colour this player chose last time, or None for a name not met before."""
        wanted = name.strip().casefold()
        return next((seat.colour for seat in self.players if seat.name.casefold() == wanted), None)


def remember(games: Iterable[SavedGame]) -> TableMemory:
    """The memory of these games: the most recently set up first (by their start stamp)."""
    ordered = sorted(games, key=lambda game: game.started, reverse=True)
    players: list[Seat] = []
    seen: set[str] = set()
    for game in ordered:
        for name, colour in zip(game.players, game.colours, strict=False):
            key = name.strip().casefold()
            if key and key not in seen and colour in COLOURS:
                seen.add(key)
                players.append(Seat(name.strip(), colour))
    last = next(iter(ordered), None)
    last_table = (
        [
            Seat(name.strip(), colour)
            for name, colour in zip(last.players, last.colours, strict=False)
        ]
        if last is not None
        else []
    )
    return TableMemory(
        players,
        last_table,
        last.game if last is not None else "",
        dict(last.options) if last is not None else {},
    )


def table_memory(store: Store) -> TableMemory:
    """The memory of the saved games of this data folder (damaged files are left out), each
    player by the name they were renamed to in the records, if they were (#14)."""
    memory = remember(list_saved(store).games)
    renames, _ = renames_or_why(store)  # (damaged settings: reported where used; as typed)
    if not renames:
        return memory
    players: list[Seat] = []
    seen: set[str] = set()
    for seat in memory.players:
        name = shown(seat.name, renames)
        if name.casefold() not in seen:
            seen.add(name.casefold())
            players.append(Seat(name, seat.colour))
    last = [Seat(shown(seat.name, renames), seat.colour) for seat in memory.last_table]
    return TableMemory(players, last, memory.last_game, memory.last_options)
