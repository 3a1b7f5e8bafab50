"""The records commands of `goldrush`: export, history, backup, restore.

Kept apart from `companion.cli` (which parses and dispatches) so the app's own start does not
import them. Each returns an exit code; every failure is one line on stderr with code 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from companion.safe_text import quoted, visible
from companion.store import DamagedFile, Store

if TYPE_CHECKING:
    from companion.gamefile import GameRecord
    from companion.records import FinishedGame


def fail(message: str) -> int:
    print(visible(message), file=sys.stderr)
    return 2


def read_undamaged(store: Store, path: Path) -> GameRecord:
    """A game read for a command that prints it: DamagedFile when an entry further up
    cannot be used (export printed the readable part as if it were the whole game, with
    code 0: a play-test). The app opens such a game read-only, and its "Continue from the
    readable part" is the table's choice, not a script's."""
    record = store.read_game(path)
    if record.damage is not None:
        damage = record.damage
        raise DamagedFile(
            path,
            f"entry {damage.number} of the file {damage.what}, so {damage.unread()} cannot be "
            "read; open the game in the app to see what can be done (the file is kept as it is)",
        )
    return record


def export(store: Store, game_id: str, fmt: str, problem: str | None) -> int:
    """`problem`: why `game_id` names no saved game (`cli._no_saved_game`), or None."""
    from companion.export import FORMATS, export_text
    from companion.session import GameSession

    if fmt not in FORMATS:
        return fail(f"goldrush export: --format is one of {', '.join(FORMATS)}, not {quoted(fmt)}")
    if problem:  # (a file of its name there but unreadable, a folder: said by reading it)
        return fail(f"goldrush export: {problem}")
    path = store.games_dir / f"{game_id}.toml"
    try:
        session = GameSession(store, read_undamaged(store, path))
    except DamagedFile as damaged:
        return fail(f"goldrush export: {damaged.path}: {damaged.reason}")
    print(visible(export_text(session, fmt), keep_lines=True), end="")
    return 0


def history(store: Store, game: str | None, player: str | None, fmt: str) -> int:
    from companion.games import GAME_IDS, SHEETS
    from companion.history_sync import finished_games
    from companion.records import (
        games_table,
        only,
        player_records,
        renamed,
        to_json,
    )
    from companion.renames import renames_or_why

    if game is not None and game not in GAME_IDS:  # its start, as the Records filter takes
        # it (`calam` was refused: a play-test)
        starting = [known for known in GAME_IDS if known.startswith(game.strip().lower())]
        if len(starting) != 1 or not game.strip():
            return fail(
                f"goldrush history: --game is one of {', '.join(GAME_IDS)} (or its start), "
                f"not {quoted(game)}"
            )
        game = starting[0]
    if player is not None and not player.strip():  # ("No finished games yet.": a play-test)
        return fail("goldrush history: --player needs a name, or the start of one")
    try:
        every = finished_games(store, SHEETS)  # (the history follows the games)
    except DamagedFile as damaged:
        return fail(f"goldrush history: {damaged.path}: {damaged.reason} (the file is kept)")
    renames, problem = renames_or_why(store)  # as the app's records show the names
    if problem:
        print(visible(f"goldrush history: {problem}"), file=sys.stderr)
    every = renamed(every, renames)
    games = only(every, game=game, player=player)
    records = player_records(games)
    if fmt == "json":
        doc = to_json(games, records)
        for item, finished in zip(doc["games"], games, strict=True):  # as `export`'s
            item["ties"] = _ties(finished)
        print(json.dumps(doc, ensure_ascii=True, indent=2))
        return 0
    if fmt == "csv":
        _history_csv(games)
        return 0
    if not games:
        print("No finished games" + (" with these filters." if game or player else " yet."))
        return 0
    from companion.records import records_table

    print(visible(games_table(games), keep_lines=True))
    tied = [(finished, note) for finished in games for note in _ties(finished)]
    if tied:  # what ranked a tie, as `export` says it (the table gave the totals alone)
        print()
        print("Ties:")
        for finished, note in tied:
            print(visible(f"  {finished.finished[:16]}  {finished.title}: {note}"))
    print()
    print(visible(records_table(records), keep_lines=True))
    return 0


def _ties(game: FinishedGame) -> list[str]:
    """`tie_notes` of a finished game: each tie on a total, and what ranked it."""
    from companion.scoring import tie_notes

    if game.result is None or game.spec is None:
        return []
    return tie_notes(game.spec, game.result)


def _history_csv(games: list[FinishedGame]) -> None:
    import csv

    from companion.export import tie_of_each

    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(["finished", "game", "file", "player", "total", "rank", "winner", "tie"])
    for game in games:
        if game.result is None or game.spec is None:
            continue
        ties = tie_of_each(game.spec, game.result)
        for standing, tie in zip(game.result.standings, ties, strict=True):
            writer.writerow(
                [
                    game.finished,
                    game.game,
                    visible(game.file),
                    visible(standing.name),
                    standing.total,
                    standing.rank,
                    "yes" if standing.rank == 1 else "no",
                    visible(tie),
                ]
            )


def backup(store: Store, target: str) -> int:
    from companion.backup import BackupError, kept_copies_said
    from companion.backup import backup as make_backup
    from companion.store import kept_kind

    if not target.strip():  # ("." already exists: a play-test)
        return fail("goldrush backup: name the zip to write, e.g. goldrush backup games.zip")
    try:
        names = make_backup(store, Path(target))
    except BackupError as error:
        return fail(f"goldrush backup: {error}")
    copies = kept_copies_said(names)  # (they were left out, unsaid: a play-test)
    files = [name for name in names if not kept_kind(name)]
    games = sum(name.startswith("games/") for name in files)
    others = len(files) - games
    print(
        f"Backed up {games} game{'s' if games != 1 else ''}{',' if copies else ' and'} "
        f"{others} other file{'s' if others != 1 else ''}{f' and {copies}' if copies else ''} "
        f"to {visible(target)}."
    )
    from companion.saved import list_saved

    damaged = [*list_saved(store).damaged, *filter(None, [store.settings_damage()])]
    for file in damaged:  # (a backup of them, or without them, was not said: a play-test)
        kept = file.path.is_file() and file.path.relative_to(store.root).as_posix() in names
        what = "Copied as it is" if kept else "Left out"
        print(visible(f"{what}, as it cannot be read: {file.path}: {file.reason}"))
    return 0


def restore(
    store: Store, source: str, replace_all: bool, ask: Callable[[str], bool] | None = None
) -> int:
    """Restore a backup; a differing file is replaced with --replace, or when the person at
    a terminal answers y; otherwise it is kept and said so."""
    from companion.backup import (
        BackupError,
        compared,
        damage_said,
        kept_copies_said,
        open_in_the_app,
        plan_restore,
    )
    from companion.backup import restore as write_restore
    from companion.store import kept_kind

    if not source.strip():
        return fail("goldrush restore: name the zip to restore, e.g. goldrush restore games.zip")
    try:
        plan = plan_restore(store, Path(source))
    except BackupError as error:
        return fail(f"goldrush restore: {error}")
    if ask is None and sys.stdin.isatty():
        ask = _ask
    if replace_all or ask is not None:  # said before asking (it asked, then refused: a
        # play-test); `restore` checks the locks again as it writes
        from companion.lock import held_elsewhere

        for name in plan.differing:
            if name.startswith("games/") and held_elsewhere(store.root / name):
                return fail(f"goldrush restore: {open_in_the_app(visible(name))}")
    replace = set()
    for name in plan.differing:  # (what each copy holds, to choose: a play-test could not)
        if replace_all or (ask is not None and ask(f"{name} ({compared(store, plan, name)})")):
            replace.add(name)
    try:
        written = write_restore(store, plan, replace)
    except BackupError as error:
        return fail(f"goldrush restore: {error}")
    kept = [name for name in plan.differing if name not in replace]
    copies = kept_copies_said(written)  # beside the games, not games
    files = [name for name in written if not kept_kind(name)]
    print(
        f"Restored {len(files)} file{'s' if len(files) != 1 else ''}"
        f"{f' and {copies}' if copies else ''}; {len(plan.same)} already the same."
    )
    for name in kept:  # a damaged copy here said, as the question says it (only
        # "differs" when not at a terminal: a play-test)
        damage = damage_said(store, store.root / name) if name.startswith("games/") else ""
        print(
            f"Kept yours: {visible(name)} differs from the backup (--replace takes the "
            f"backup's){f'; yours is {damage}' if damage else ''}."
        )
    for name in plan.copies_differing:
        print(
            f"Not restored: {visible(name)} is here already and differs from the backup's (a "
            "kept copy is never written over)."
        )
    for copy in plan.replaced:
        print(f"The file replaced is kept as {visible(str(copy))}.")
    return 0


def _ask(name: str) -> bool:
    try:
        answer = input(  # (`name` says what each copy holds: "here" said once)
            f"{visible(name)}: replace the file here with the backup's? [y/N] "
        )
    except EOFError:
        return False
    if answer.strip().lower() in {"y", "yes"}:
        return True
    if answer.strip().lower() in {"n", "no"}:  # a plain no ("Taken as no ('n' is not y)":
        # a play-test)
        print("Yours is kept.")
    elif answer.strip():  # anything else is no: said (taken as no unsaid: a play-test)
        print(f"Taken as no ({quoted(answer.strip())} is not y): yours is kept.")
    return False
