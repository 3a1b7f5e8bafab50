"""What reading a game file found wrong: a last entry a crash cut short (`TornTail`), or an
entry further up that cannot be used (`Damage`).

Imported only when a file has one (companion.gamefile re-exports both): opening a sound
game does without making these classes (#16)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.amounts import and_listed, plural


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
    they can be used). Going on ("Continue from the readable part", companion.going_on)
    keeps those that still replay, and says which entries it drops."""

    number: int
    what: str
    lost: int
    backup: Path | None = None
    #: the entries after `number` that read well
    sound_after: int = 0

    def unread(self) -> str:
        """The entries not loaded, from this one: "it and the 2 entries after it", or "it"
        when it is the last (`goldrush export` said "it and the 0 after it": a play-test)."""
        after = self.lost - 1
        return f"it and the {plural(after, 'entry', 'entries')} after it" if after else "it"

    def notice(self, follower: bool = False) -> str:
        """What a table is told on opening, short: at 80x24 it took 14 lines of a toast and
        covered the read-only line (a play-test). The read-only line says how to go on, and
        going on's question what it keeps; this says only that the entries after this one
        read well, not that going on keeps them (it may not: a play-test). A `follower` (a
        window that only follows the game) makes no copy: the window that writes it does
        (it said "No copy of the file could be made" beside a copy: a play-test)."""
        if self.backup:
            kept = " A copy of the whole file is kept."
        elif follower:  # (it said the writing window keeps a copy: only one that opens
            # the game after the damage does, a play-test)
            kept = ""
        else:
            kept = " No copy of the file could be made."
        until = (
            # (the window that plays it reads the damage by itself and goes on from it: "opened
            # again in a window that can change it" made a table close that window and hand
            # the game to this one, a play-test)
            "the window that plays the game goes on from it (ctrl+p there)"
            if follower
            else "you go on from it (ctrl+p)"
        )
        before = self.number - 1
        shown = f"the {plural(before, 'entry', 'entries')} before it"
        if not before:  # ("the game shows the 0 entries before it")
            shown = "none of its entries"
        if self.sound_after:  # (damage in the middle hid that the rest was sound)
            said = f"the game shows {'only ' if before else ''}{shown}. {self._after_it()}."
        else:
            said = f"{self.unread()} could not be loaded; the game shows {shown}."
        return (
            f"Entry {self.number} of this game file {self.what}: {said}{kept} Nothing is "
            f"saved to it until {until}."
        )

    def _after_it(self) -> str:
        """ "The 295 entries after it read well" / "Of the 6 entries after it, 5 read well",
        "1 reads well" (it said "The 1 entry after it read well": a play-test)."""
        after = self.lost - 1
        verb = "reads" if self.sound_after == 1 else "read"
        if self.sound_after == after:
            return f"The {plural(after, 'entry', 'entries')} after it {verb} well"
        return f"Of the {after} entries after it, {self.sound_after} {verb} well"


def said_entries(numbers: list[int]) -> str:
    """ "entry 5", "entries 3 and 6", "entries 3, 6 and 9"."""
    said = and_listed([str(number) for number in numbers])
    return f"entry {said}" if len(numbers) == 1 else f"entries {said}"
