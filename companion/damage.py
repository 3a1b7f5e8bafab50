"""What reading a game file found wrong: a last entry a crash cut short (`TornTail`), or an
entry further up that cannot be used (`Damage`).

Imported only when a file has one (companion.gamefile re-exports both): opening a sound
game does without making these classes (#16)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class TornTail:
    """The unreadable end of a game file that a crash left; what was dropped, and where."""

    dropped_bytes: int
    backup: Path | None = None
    #: the bytes dropped were not the start of an entry (NULs a power cut left, a stray
    #: space): no change was lost
    junk: bool = False

    def notice(self) -> str:
        kept = f" A copy of the file as it was is at {self.backup}." if self.backup else ""
        if self.junk:  # (it said a change was dropped, none was: a play-test)
            return (
                f"The game file ended in {self.dropped_bytes} "
                f"byte{'s' if self.dropped_bytes != 1 else ''} that were no change (left by a "
                f"crash or another program): cut off, and every change kept.{kept}"
            )
        return (
            "The last change was cut off when the app stopped while saving it; it was "
            f"dropped and everything before it kept.{kept}"
        )


@dataclass(frozen=True)
class Damage:
    """The first entry that could not be used, why, and how many entries were not loaded."""

    number: int
    what: str
    lost: int
    backup: Path | None = None

    def unread(self) -> str:
        """The entries not loaded, from this one: "it and the 2 entries after it", or "it"
        when it is the last (`goldrush export` said "it and the 0 after it": a play-test)."""
        after = self.lost - 1
        return f"it and the {after} entr{'ies' if after != 1 else 'y'} after it" if after else "it"

    def notice(self, follower: bool = False) -> str:
        """What a table is told; a `follower` (a window that only follows the game) makes no
        copy: the window that writes it does (it said "No copy of the file could be made"
        beside a copy: a play-test)."""
        if self.backup:
            kept = f" A copy of the file as it was is at {self.backup}."
        elif follower:  # (it said the writing window keeps a copy: only one that opens
            # the game after the damage does, a play-test)
            kept = ""
        else:
            kept = " No copy of the file could be made."
        choice = "\u201cGame: Continue from the readable part\u201d"
        until = (
            f"it is opened again in a window that can change it, and {choice} is chosen there"
            if follower
            else f"you choose {choice}"
        )
        before = self.number - 1
        shown = f"the {before} entr{'ies' if before != 1 else 'y'} before it"
        return (
            f"Entry {self.number} of this game file {self.what}: {self.unread()} could not be "
            f"loaded; the game shows {shown}.{kept} Nothing is saved to this game until "
            f"{until} (a copy keeps what could not be read)."
        )
