"""Renaming a player without breaking the history (#14).

Game files and the history are never rewritten: a rename is kept in the settings
(`[players.renamed]`, each earlier name in lower case to the name shown now) and applied
wherever earlier games are shown (the records, the players offered for a new game). A player
renamed twice is shown with the newest name; a name is never blanked.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from companion.safe_text import text_problem
from companion.store import Store
from companion.table import MAX_NAME_LENGTH

SECTION = "players"
KEY = "renamed"


class RenameError(ValueError):
    """A rename that cannot be done; the message says why, for beside the field."""


class MergeAsked(RenameError):
    """A rename onto another player's name: done only when asked again (`merge=True`),
    for a name misspelt at a table (Cyd for Cy), whose games then count as one player's."""


def read_renames(store: Store) -> dict[str, str]:
    """Earlier name (case folded) -> the name shown now; {} when there are none.
    A damaged settings file raises DamagedFile (kept as it is, as everywhere)."""
    section = store.read_settings().get(SECTION, {})
    renamed = section.get(KEY, {}) if isinstance(section, Mapping) else {}
    if not isinstance(renamed, Mapping):
        return {}
    return {
        str(old): new
        for old, new in renamed.items()
        if isinstance(new, str) and new.strip() and text_problem(new) is None
    }


def renames_or_why(store: Store) -> tuple[dict[str, str], str]:
    """The renames, and "" ; or none and why, when the settings cannot be read: the
    records are shown all the same, as typed (a damaged settings file hid every record,
    though the history was whole: a play-test)."""
    from companion.store import DamagedFile

    try:
        return read_renames(store), ""
    except DamagedFile as damaged:
        return {}, (
            f"{damaged.path} cannot be read ({damaged.reason}); it is kept as it is, so "
            "names renamed in the records (ctrl+e) are shown as they were typed."
        )


def shown(name: str, renames: Mapping[str, str]) -> str:
    """How `name` is shown now (itself when it was never renamed)."""
    return renames.get(name.strip().casefold(), name)


def rename_player(
    store: Store,
    old: str,
    new: str,
    known: list[str],
    *,
    together: Collection[str] = (),
    merge: bool = False,
) -> str:
    """Show the player now called `old` as `new` in every earlier game; the tidy new name.

    `known`: the names shown now (records and saved games). A rename onto another player
    merges two records: refused (MergeAsked) unless `merge`, and always refused for a name
    in `together`, the players who sat at a game with `old` (two people, not one misspelt)."""
    new = " ".join(new.split())
    problem = text_problem(new, "A name")
    if problem:
        raise RenameError(problem)
    if not new:
        raise RenameError("Type the new name.")
    if len(new) > MAX_NAME_LENGTH:
        raise RenameError(f"A name is at most {MAX_NAME_LENGTH} characters.")
    old_key, new_key = old.strip().casefold(), new.casefold()
    others = {name.casefold(): name for name in known if name.casefold() != old_key}
    if new_key in others:
        new = others[new_key]  # their name as it is shown
        if new_key in {name.casefold() for name in together}:
            raise RenameError(
                f"{new} played in a game with {old}: two people, whose records stay apart."
            )
        if not merge:
            raise MergeAsked(
                f"{new} is another player. Enter again to merge: {old}'s games then count "
                f"as {new}'s (for a misspelt name)."
            )
    settings = store.read_settings()  # a damaged file raises DamagedFile and is kept
    section: dict[str, Any] = dict(settings.get(SECTION, {}))
    renamed: dict[str, str] = {
        k: v for k, v in dict(section.get(KEY, {})).items() if isinstance(v, str)
    }
    for earlier, now in list(renamed.items()):  # renamed before: follow to the newest name
        if now.casefold() == old_key:
            renamed[earlier] = new
    renamed[old_key] = new
    if new_key != old_key:  # a game played as `new` shows itself: no entry needed for it
        renamed.pop(new_key, None)
    section[KEY] = renamed
    settings[SECTION] = section
    store.write_settings(settings)
    return new
