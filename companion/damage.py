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
    """The first entry that could not be used, why, and how many entries were not loaded.

    Reading goes on past it: `sound_after` entries after it read well (their checks hold,
    they can be used), and `bad` lists every entry that cannot be, this one first, each
    with why. Going on ("Continue from the readable part") keeps the sound ones."""

    number: int
    what: str
    lost: int
    backup: Path | None = None
    #: the entries after `number` that read well
    sound_after: int = 0
    #: (number, why) of each entry from `number` on that cannot be used, `number` first
    bad: tuple[tuple[int, str], ...] = ()

    def unread(self) -> str:
        """The entries not loaded, from this one: "it and the 2 entries after it", or "it"
        when it is the last (`goldrush export` said "it and the 0 after it": a play-test)."""
        after = self.lost - 1
        return f"it and the {after} entr{'ies' if after != 1 else 'y'} after it" if after else "it"

    def numbers(self) -> list[int]:
        """The numbers of the entries that cannot be used (this one alone when not known)."""
        return [number for number, _ in self.bad] or [self.number]

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
        sound = ""
        if self.sound_after:  # (damage in the middle hid that the rest was sound)
            sound = (
                f" {self._after_it()} read well: going on keeps them, without "
                f"{said_entries(self.numbers())}."
            )
        return (
            f"Entry {self.number} of this game file {self.what}: {self.unread()} could not be "
            f"loaded; the game shows {shown}.{sound}{kept} Nothing is saved to this game until "
            f"{until} (a copy keeps what could not be read)."
        )

    def _after_it(self) -> str:
        """ "The 295 entries after it" / "Of the 6 entries after it, 5" (some bad too)."""
        after = self.lost - 1
        if self.sound_after == after:
            return f"The {after} entr{'ies' if after != 1 else 'y'} after it"
        return f"Of the {after} entries after it, {self.sound_after}"


def said_entries(numbers: list[int]) -> str:
    """ "entry 5", "entries 3 and 6", "entries 3, 6 and 9"."""
    if len(numbers) == 1:
        return f"entry {numbers[0]}"
    listed = ", ".join(str(number) for number in numbers[:-1])
    return f"entries {listed} and {numbers[-1]}"
