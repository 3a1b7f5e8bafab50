"""Going on after damage in the middle of a game file ("Game: Continue from the readable
part"): what is dropped, what is kept, and the question that says so.

A damaged entry (its check fails, or it cannot be read) is dropped, and the entries after
it that read well are kept, each as the very bytes it had. An entry whose `[[entries]]`
line was changed (the one line its check does not cover) is kept when its own check
holds, its first line written anew: only one that fails its check too is dropped.

Undo and redo entries take back or put back the newest change, not a named one: an undo or
redo whose change is a dropped entry is dropped with it (it took back or put back what is
gone), so each one kept still does what it did. A dropped entry is taken to have been a
change: when it was an undo or a redo itself, a kept undo or redo would then name another
change than the one it now takes back (its text says which), and the entries after the
damage are not kept (as when one of them no longer replays): the file is cut back to the
entries before the damage, as it was before this module, and the question says why.
Nothing is lost either way: the copy kept beside the game holds the whole file.

Imported only when a damaged game is gone on with."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from companion.amounts import plural
from companion.damage import Damage, said_entries
from companion.gamefile import Header, Salvage
from companion.games import Rules
from companion.games.base import WENT_ON
from companion.journal import REDO, UNDO, Entry, Journal, make_entry
from companion.safe_text import visible
from companion.store import FileStamp

#: the reasons the question names, at most (a file with many damaged entries)
SAID = 3
#: the kind of the entry going on writes: a change of nothing, in every game
#: (companion/games/base.py `_apply_went_on`)


@dataclass(frozen=True)
class GoingOn:
    """What going on from a damaged game does; `question()` asks the table."""

    #: the first damaged entry's number
    number: int
    #: (number, why) of each entry dropped: the damaged ones, and undos or redos of them
    dropped: tuple[tuple[int, str], ...]
    #: the numbers of the damaged entries (those dropped but their undos and redos)
    damaged: tuple[int, ...]
    #: the entries after the first damaged one that are kept
    kept_after: int
    #: the entries from the first damaged one on (those cutting back drops)
    lost: int
    #: the file as it will be written (None: cut back to the entries before the damage)
    data: bytes | None
    #: why the entries after the damage are not kept (None: they are, or there are none)
    fallback: str | None
    backup: Path | None
    #: the file's stamp when it was read for this (see Store.rewrite_damaged)
    stamp: FileStamp
    #: (number, why) of each entry kept whose `[[entries]]` line was changed (its own check
    #: holds): its first line is written anew
    rewritten: tuple[tuple[int, str], ...] = ()

    @property
    def before(self) -> int:
        return self.number - 1

    def question(self) -> str:
        """The question: what is dropped, what is kept, where the whole file is, and what to
        check on the cardboard."""
        copy = f"the copy at {self.backup} keeps the whole file"
        if self.data is None:
            whys = _whys(self.dropped[:1])
            cut = (
                f"The file is cut back to the {_entries(self.before)} before it: "
                f"{self._from_it()} dropped from it ({copy})."
            )
            if self.fallback is not None:
                return (
                    f"Play on from the {_entries(self.before)} before entry {self.number}? "
                    f"{whys} The entries after it cannot be kept: {self.fallback}. {cut} "
                    f"{self._cardboard()}"
                )
            return (
                f"Play on from the {_entries(self.before)} that could be read? {cut} {whys} "
                f"{self._cardboard()}"
            )
        anew = self._anew()
        if not self.dropped:  # (only first lines written anew: nothing is lost)
            after = ""
            if self.kept_after:
                verb = "are" if self.kept_after != 1 else "is"
                after = f" The {self._kept()} {verb} kept too."
            return (
                f"Write {self._first_lines()} anew and play on? {anew}{after} Nothing is "
                f"dropped; {copy}."
            )
        said = said_entries([number for number, _ in self.dropped])
        damaged = said_entries(list(self.damaged))
        kept = f"The {self._kept()} "
        kept += "are kept" if self.kept_after != 1 else "is kept"
        if anew:
            kept = f"{anew} {kept}"
        # (a kept change can follow from a dropped one and still replay: Bo's rent for the
        # bank Ann bought in the dropped entry; the app cannot tell, the table can)
        them = "it" if len(self.damaged) == 1 else "them"
        return (
            f"Play on without {said}? {_whys(self.dropped)} {kept}; {copy}. What {damaged} "
            f"did is not in the numbers, and later changes that followed from {them} are kept "
            "as they were: check the cardboard."
        )

    def _first_lines(self) -> str:
        """ "entry 3's first line" / "the first lines of entries 2 and 4"."""
        numbers = [number for number, _ in self.rewritten]
        if len(numbers) == 1:
            return f"entry {numbers[0]}'s first line"
        return f"the first lines of {said_entries(numbers)}"

    def _anew(self) -> str:
        """What the question says of the entries kept with their first line written anew
        ("" when there are none)."""
        said = [
            f"Entry {number} {why}; the rest of it reads well (its check holds): it is kept, "
            "its first line written anew."
            for number, why in self.rewritten[:SAID]
        ]
        if len(self.rewritten) > SAID:
            more = len(self.rewritten) - SAID
            said.append(f"{plural(more, 'more entry is', 'more entries are')} kept so too.")
        return " ".join(said)

    def _from_it(self) -> str:
        """ "entry 7 and the 11 entries after it are" / "entry 10 is": what cutting back
        drops (it did not say how many: a play-test)."""
        after = self.lost - 1
        if not after:
            return f"entry {self.number} is"
        return f"entry {self.number} and the {_entries(after)} after it are"

    def _cardboard(self) -> str:
        """What cutting back leaves out, to be checked on the cardboard."""
        if self.lost == 1:
            return f"Check the cardboard: what entry {self.number} did is not in the numbers."
        return (
            f"Check the cardboard: what the {self.lost} entries dropped did is not in the numbers."
        )

    def entry_text(self) -> str:
        """The journal's sentence for going on: the log and the file say what was dropped
        (only the copy beside the game showed it)."""
        kept = (
            # beside the game, by its name: the whole path made the entry ~6 lines of
            # the log (a play-test)
            f"the whole file as it was is kept beside the game as {self.backup.name}"
            if self.backup is not None
            else "no copy of the file was kept"
        )
        if self.data is None:
            after = self.lost - 1
            without = "it" if not after else f"it and the {_entries(after)} after it"
            why = f"it {self.dropped[0][1]}" if self.dropped else "it could not be used"
            if self.fallback is not None:
                why += f"; {self.fallback}"
            return (
                f"Went on from the {_entries(self.before)} before entry {self.number}, "
                f"without {without}: {why}; {kept}."
            )
        anew = ""
        if self.rewritten:
            if len(self.rewritten) == 1:
                why = f"it {self.rewritten[0][1]}"
            else:
                why = _reasons(self.rewritten)
            anew = f"{self._first_lines()} written anew: {why}"
        if not self.dropped:
            return f"Went on with {anew}; {kept}."
        said = said_entries([number for number, _ in self.dropped])
        why = f"it {self.dropped[0][1]}" if len(self.dropped) == 1 else _reasons(self.dropped)
        if anew:
            why += f"; {anew}"
        return f"Went on without {said}: {why}; {kept}."

    def _kept(self) -> str:
        """ "7 entries after entry 3", "6 other entries after entry 3" (6 is dropped too)."""
        count = self.kept_after
        # (other than an entry dropped after it: it is one of them, or kept)
        other = " other" if any(number > self.number for number, _ in self.dropped) else ""
        return f"{count}{other} entr{'ies' if count != 1 else 'y'} after entry {self.number}"

    def entry(self) -> Entry:
        """The journal entry going on writes (`entry_text`): the file's last, written with
        it in one go (GameSession.continue_from_readable)."""
        return make_entry(WENT_ON, self.entry_text())

    def outcome(self) -> str:
        """What was done, once it is (a toast)."""
        if self.data is not None:
            if not self.dropped:
                return (
                    f"The game goes on with {self._first_lines()} written anew: every entry "
                    "is kept."
                )
            kept = "is" if self.kept_after == 1 else "are"
            anew = f", and {self._first_lines()} is written anew" if self.rewritten else ""
            if len(self.rewritten) > 1:
                anew = anew.replace(" is written", " are written")
            return (
                f"The game goes on without {said_entries([n for n, _ in self.dropped])}: the "
                f"{self._kept()} {kept} kept{anew}."
            )
        if self.fallback is not None:
            return (
                f"The game goes on from the {_entries(self.before)} before entry "
                f"{self.number}: the entries after it could not be kept."
            )
        return "The game goes on from what could be read."


def _entries(count: int) -> str:
    return plural(count, "entry", "entries")


def _reasons(reported: tuple[tuple[int, str], ...]) -> str:
    """ "entry 3 was changed on disk (…); entry 6 cannot be read (…); 2 more"."""
    why = "; ".join(f"entry {number} {reason}" for number, reason in reported[:SAID])
    if len(reported) > SAID:
        why += f"; {len(reported) - SAID} more"
    return why


def _whys(dropped: tuple[tuple[int, str], ...]) -> str:
    """ "Entry 5 was changed on disk (it says “…”). Entry 9 cannot be read (…)." """
    said = [f"Entry {number} {why}." for number, why in dropped[:SAID]]
    if len(dropped) > SAID:
        more = len(dropped) - SAID
        said.append(f"{plural(more, 'more entry', 'more entries')} cannot be used either.")
    return " ".join(said)


def plan(
    rules: Rules,
    header: Header,
    found: Salvage,
    damage: Damage,
    stamp: FileStamp,
) -> GoingOn:
    """What going on does with the file `found` read (its damage as `damage` said, with its
    copy): keep what after the damage reads well and still replays, or cut back."""
    before = len(found.before)
    first = before  # the place of the first damaged entry
    sequence: list[tuple[int, Entry | None]] = list(enumerate(found.before))
    sequence += [(place, entry) for place, _, entry, _ in found.later]
    dropped = {place: why for place, _, entry, why in found.later if entry is None}
    # an entry whose `[[entries]]` line was changed, its own check holding: kept, the line
    # written anew (`Salvage.rebuilt`)
    anew = {place: why for place, _, entry, why in found.later if entry is not None and why}
    entries = dict(sequence)
    doubt = None  # why a kept undo or redo would no longer do what it did
    done: list[int] = []
    undone: list[int] = []
    for place, entry in sequence:
        kind = entry.kind if entry is not None else None
        if kind not in (UNDO, REDO):  # a change (a dropped entry is taken to be one)
            done.append(place)
            undone.clear()
            continue
        source, target = (done, undone) if kind == UNDO else (undone, done)
        if not source:  # nothing to take back or put back now: when written, it had
            if place > first and doubt is None and entry is not None:
                doubt = (
                    f"entry {place + 1} ({_quoted(entry.text)}) would no longer "
                    f"{'take back' if kind == UNDO else 'put back'} anything "
                    "(a dropped entry may have been an undo or a redo)"
                )
            continue
        moved = source.pop()
        target.append(moved)
        verb = "took back" if kind == UNDO else "put back"
        if moved in dropped:
            dropped[place] = f"{verb} entry {moved + 1}, which is dropped"
        elif place > first and doubt is None and entry is not None:
            prefix = f"{'Undone' if kind == UNDO else 'Redone'}: "
            change = entries[moved]
            said_so = change is not None and entry.text == prefix + change.text
            if entry.text.startswith(prefix) and not said_so:
                doubt = (
                    f"entry {place + 1} ({_quoted(entry.text)}) would no longer "
                    f"{'take back' if kind == UNDO else 'put back'} what it did "
                    "(a dropped entry may have been an undo or a redo)"
                )
    kept = [(place, entry) for place, entry in sequence if place not in dropped]
    keep = [place for place, _ in kept if place >= first]  # (the first one too, kept)
    after = [place for place in keep if place > first]
    said = tuple((place + 1, why) for place, why in sorted(dropped.items()))
    damaged = tuple(place + 1 for place, _, entry, _ in found.later if entry is None)
    # cutting back drops those too: said as the others (the first reported is one of them)
    cut_said = tuple((place + 1, why) for place, why in sorted({**dropped, **anew}.items()))
    cut = GoingOn(
        number=first + 1,
        dropped=cut_said,
        damaged=damaged,
        kept_after=0,
        lost=len(found.later),
        data=None,
        fallback=doubt,
        backup=damage.backup,
        stamp=stamp,
    )
    if doubt is not None or not keep:
        return cut
    failed = _replay_fails(rules, header, kept, first)
    if failed is not None:
        return replace(cut, fallback=failed)
    rewritten = tuple((place + 1, why) for place, why in sorted(anew.items()))
    return replace(
        cut, dropped=said, rewritten=rewritten, kept_after=len(after), data=found.rebuilt(keep)
    )


def _replay_fails(
    rules: Rules, header: Header, kept: list[tuple[int, Entry | None]], first: int
) -> str | None:
    """Why the kept entries do not replay (an entry after the damage that needs a dropped
    one: said), or None. One before the damage that no longer applies is skipped, as on
    opening: it did the same before."""
    entries = [entry for _, entry in kept if entry is not None]
    places = [place for place, entry in kept if entry is not None]
    journal = Journal(entries)
    state = rules.new_state(header)
    done, _ = journal.stacks()
    for index in done:
        entry = entries[index]
        try:
            rules.apply(state, entry)
        except Exception as error:  # a rule, or data its rule does not expect
            if places[index] < first:
                continue
            return (
                f"entry {places[index] + 1} ({_quoted(entry.text)}) cannot be replayed "
                f"without what is dropped ({visible(str(error)).rstrip('.')})"
            )
    return None


def _quoted(text: str) -> str:
    shown = visible(text)
    return f"\u201c{shown[:60]}{'…' if len(shown) > 60 else ''}\u201d"
