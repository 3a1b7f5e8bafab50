"""The `goldrush` command: starts the UI, or answers from the shell without it.

This is the one module of `companion` allowed to import `screens`, and only lazily, when
the UI is really started, so `goldrush list` and friends stay quick.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import os
import sys
from collections.abc import Iterator, Sequence
from datetime import datetime
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, NoReturn

from companion import __version__
from companion.files import MIB
from companion.safe_text import quoted, visible
from companion.store import SETTINGS_KEPT, Store, resolve_data_dir

# A score sheet is a few hundred bytes; a file far bigger than that is not a sheet.
SHEET_LIMIT = MIB
# The longest game id this app makes is about 40 characters; a file name has at most 255 bytes.
GAME_ID_LIMIT = 200
#: seconds a thread may hold Python's interpreter lock while another waits for it, while the
#: app runs (Python's own is 5 ms; see `_switch_quickly`)
SWITCH_INTERVAL = 0.0005


if TYPE_CHECKING:
    import argparse

    from companion.first_read import ReadAhead


@functools.cache
def build_parser() -> argparse.ArgumentParser:
    """Every command's options (argparse is imported here: starting the app needs none).
    Made once a process: parsing leaves it as it was (a test process runs hundreds of
    command lines, and building it was most of their cost)."""
    import argparse

    class _Parser(argparse.ArgumentParser):
        """argparse, but a usage error is one line and exit code 2."""

        def error(self, message: str) -> NoReturn:
            # (`message` quotes what was typed: an unexpected argument is quoted raw)
            self.exit(2, f"{self.prog}: {visible(message)} (try: goldrush --help)\n")

    parser = _Parser(
        prog="goldrush",
        description="Goldrush Companion: the bookkeeping for Boomtown, Coloma, "
        "Boomtown Builders and Calamityville, beside the real cardboard. "
        "Without a command it starts the app.",
    )
    parser.add_argument("--version", action="version", version=f"goldrush {__version__}")
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="where games, history and settings live (default: $GOLDRUSH_DATA_DIR, "
        "else the platform's user data folder)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.add_parser("list", help="list the saved games, one a line")
    opener = commands.add_parser("open", help="start the app on a saved game")
    opener.add_argument("game_id", metavar="GAME", help="a game's id, as `goldrush list` shows it")
    commands.add_parser("where", help="print the data folder")
    sheet = commands.add_parser("sheet", help="print a finished game's score sheet (TOML)")
    sheet.add_argument("game_id", metavar="GAME", help="a game's id, as `goldrush list` shows it")
    splitter = commands.add_parser(
        "split", help="Boomtown: who keeps what of a winning bid (the auction split)"
    )
    splitter.add_argument("bid", metavar="BID", type=_whole, help="the winning bid")
    splitter.add_argument("--players", type=_whole, required=True, metavar="N", help="3 to 5")
    splitter.add_argument(
        "--leftover",
        default="keep",
        metavar="keep|bank",
        help="at 4-5 players: the winner's left neighbour keeps the rest (keep, official) "
        "or keeps half and the rest goes to the bank (bank, Dutch rules)",
    )
    splitter.add_argument("--json", action="store_true", help="print one JSON object")
    scorer = commands.add_parser("score", help="print the standings of a score sheet (TOML)")
    scorer.add_argument("sheet", metavar="SHEET.toml", help="a score sheet (see README)")
    scorer.add_argument("--json", action="store_true", help="print one JSON object")
    exporter = commands.add_parser(
        "export", help="print a game: its table, numbers, standings and log"
    )
    exporter.add_argument(
        "game_id", metavar="GAME", help="a game's id, as `goldrush list` shows it"
    )
    exporter.add_argument("--format", default="json", metavar="json|csv|md", help="default: json")
    records = commands.add_parser("history", help="print the finished games and the records")
    records.add_argument("--game", metavar="G", help="boomtown, coloma, builders, calamityville")
    records.add_argument("--player", metavar="P", help="only the games with this player")
    shape = records.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help="print one JSON object")
    shape.add_argument("--csv", action="store_true", help="a row a player a game")
    saver = commands.add_parser("backup", help="put every game, the history and settings in a zip")
    saver.add_argument("file", metavar="FILE.zip", help="a new file whose name ends in .zip")
    restorer = commands.add_parser("restore", help="bring back a backup made by `goldrush backup`")
    restorer.add_argument("file", metavar="FILE.zip")
    restorer.add_argument(
        "--replace", action="store_true", help="replace files that differ without asking"
    )
    from companion import serve  # the table display (#15): its parser lines live there

    serve.add_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; every failure is one line on stderr and exit code 2, never a traceback.

    A reader that goes away (`goldrush list | head -1`) ends the command quietly."""
    try:
        code = _main(argv)
        sys.stdout.flush()  # a closed pipe shows here, inside the handler below
        return code
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except KeyboardInterrupt:
        return 130
    except RecursionError:
        return _fail("goldrush: a file is nested too deeply to be read")
    except OSError as error:
        where = f"{visible(str(error.filename))}: " if error.filename else ""
        return _fail(f"goldrush: {where}{error.strerror or error}")
    except Exception as error:  # the one line shown instead of a traceback
        return _fail(f"goldrush: unexpected error: {visible(str(error)) or type(error).__name__}")


NO_TERMINAL = (
    "goldrush: the app needs a terminal to draw in (its input and output); the list, "
    "export, history, sheet, score, split, backup and restore commands work without one"
)


def _has_terminal() -> bool:
    """Input and output are a terminal, or Textual is told of another driver (`goldrush
    serve` runs the display through pipes with its web driver): the UI started from a pipe,
    cron or a script ran at full CPU for good, holding its game's lock (a play-test)."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return True
    return _is_terminal(sys.stdin) and _is_terminal(sys.stdout)


def _is_terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (OSError, ValueError):  # closed
        return False


def _fail(message: str) -> int:
    with contextlib.suppress(OSError):
        print(visible(message), file=sys.stderr)
    return 2


def _silence_stdout() -> None:
    """Python's recipe for a closed pipe: point stdout at devnull, so the flush Python does
    on exit does not raise BrokenPipeError again (and print a second message)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # stdout is not a real file (tests)
        pass


def _game_id_problem(game_id: str) -> str | None:
    """Why `game_id` cannot name a saved game (too long, a path, odd characters), or None."""
    if len(game_id) > GAME_ID_LIMIT:
        return f"no saved game with an id of {len(game_id)} characters (see: goldrush list)"
    if not game_id or "/" in game_id or "\\" in game_id or "\x00" in game_id or game_id[0] == ".":
        return f"no saved game {quoted(game_id)} (see: goldrush list)"
    return None


def _no_saved_game(store: Store, game_id: str) -> str | None:
    """Why `game_id` names no saved game (`_game_id_problem`, or no file of its name), or
    None. A file of its name that cannot be read (a folder) is said by reading it, as
    `goldrush list` says it: "no saved game" there was contradicted by the list."""
    problem = _game_id_problem(game_id)
    if problem is None and not os.path.lexists(store.games_dir / f"{game_id}.toml"):
        problem = f"no saved game {quoted(game_id)} (see: goldrush list)"
    return problem


def _unopenable(store: Store, game_id: str) -> str | None:
    """Why the app cannot start on `game_id` (as `_no_saved_game`, or a file of its name that
    is not a regular file), or None."""
    path = store.games_dir / f"{game_id}.toml"
    problem = _no_saved_game(store, game_id)
    if problem is None and not path.is_file():
        problem = f"{visible(str(path))} cannot be opened: it is not a regular file"
    return problem


def _launch(argv: Sequence[str]) -> Any:
    """What argparse would make of a plain start of the app (`goldrush`, `goldrush open
    GAME`, each with `--data-dir DIR` first), or None for any other command line: then
    argparse reads it. (Building the parser with every command's options is a startup
    cost the app's own start does not need.)"""
    rest = list(argv)
    data_dir = None
    if rest[:1] == ["--data-dir"] and len(rest) >= 2 and not rest[1].startswith("-"):
        data_dir, rest = rest[1], rest[2:]
    elif rest[:1] and rest[0].startswith("--data-dir=") and rest[0] != "--data-dir=":
        data_dir, rest = rest[0].split("=", 1)[1], rest[1:]
    if not rest:
        return SimpleNamespace(data_dir=data_dir, command=None)
    if len(rest) == 2 and rest[0] == "open" and not rest[1].startswith("-"):
        return SimpleNamespace(data_dir=data_dir, command="open", game_id=rest[1])
    return None


class _GameIds:
    """The ids of the games the app knows, listed when a game file is first read (the
    home screen lists the saved games from their summaries, without any game's rules)."""

    def __iter__(self) -> Iterator[str]:
        from companion.games import GAME_IDS

        return iter(GAME_IDS)


def _main(argv: Sequence[str] | None) -> int:
    words = sys.argv[1:] if argv is None else argv
    args = _launch(words) or build_parser().parse_args(words)
    if args.data_dir is not None and not args.data_dir.strip():  # ("" read as no option
        # at all: the default folder, unsaid: a play-test)
        return _fail("goldrush: --data-dir needs a folder, not an empty name")
    root = resolve_data_dir(args.data_dir)
    if root.exists() and not root.is_dir():
        return _fail(f"goldrush: the data folder {visible(str(root))} is a file, not a folder")
    store = Store(root, _GameIds())
    if args.command == "list":
        return _list(store)
    if args.command == "where":
        print(visible(str(store.root)))
        return 0
    if args.command == "sheet":
        return _sheet(store, args.game_id)
    if args.command == "score":
        return _score(args.sheet, args.json)
    if args.command == "split":
        return _split(args.bid, args.players, args.leftover, args.json)
    if args.command in {"export", "history", "backup", "restore"}:
        return _records(store, args)
    if args.command == "display":
        return _display(store, args.game_id)
    if args.command == "serve":
        from companion import serve

        return serve.serve(store, args.host, args.port, args.full)
    open_id = getattr(args, "game_id", None) if args.command == "open" else None
    if open_id is not None:
        problem = _unopenable(store, open_id)
        if problem:
            return _fail(f"goldrush: {problem}")
    if not _has_terminal():
        return _fail(NO_TERMINAL)
    collecting = _pause_collector()
    switching = _switch_quickly()
    first_read: ReadAhead | None = None
    if open_id is not None:  # the game is read while the UI starts (companion/first_read.py)
        from companion.first_read import start_read_ahead

        first_read = start_read_ahead(store, store.games_dir / f"{open_id}.toml")
    try:
        from screens.app import GoldrushApp  # the UI only when it is started

        app = GoldrushApp(store, open_game=open_id, collector_paused=True, first_read=first_read)
        app.run()
    finally:
        if first_read is not None:  # ended, whatever ended the app
            first_read.end()
        if collecting:  # an app that ended before its first frame did not resume it
            gc.enable()
        sys.setswitchinterval(switching)
    # An unexpected error ends the app with its sentence on the screen; the shell sees it too.
    return app.return_code or 0


def _pause_collector() -> bool:
    """Pause Python's cycle collector until the app's first frame (GoldrushApp resumes it);
    True when it was running.

    Starting the UI creates a few hundred thousand objects that live as long as the app
    (modules, classes, styles, widgets, the game): the collector walked all of them several
    times on the way to the first frame (40-60 ms of opening a game, about a tenth), finding
    next to nothing to free."""
    running = gc.isenabled()
    gc.disable()
    return running


def _switch_quickly() -> float:
    """Let a thread waiting for Python's interpreter lock have it within `SWITCH_INTERVAL`
    while the app runs; the interval it had is returned, to be set back.

    Textual writes each frame from a thread of its own, which needs the lock for a moment
    to pick the frame up; the main thread, busy with what comes next (at the start: the
    screen laid out again for the terminal's size), kept it for Python's usual 5 ms: the
    first frame of `goldrush open ID` reached the terminal ~5 ms after it was made."""
    switching = sys.getswitchinterval()
    sys.setswitchinterval(min(switching, SWITCH_INTERVAL))
    return switching


def _sheet(store: Store, game_id: str) -> int:
    from companion.cli_records import read_undamaged
    from companion.session import GameSession
    from companion.store import DamagedFile

    problem = _no_saved_game(store, game_id)
    if problem:
        return _fail(f"goldrush sheet: {problem}")
    path = store.games_dir / f"{game_id}.toml"
    try:
        state = GameSession(store, read_undamaged(store, path)).state
    except DamagedFile as damaged:
        return _fail(f"goldrush sheet: {visible(str(damaged.path))}: {visible(damaged.reason)}")
    if not state.finished and state.sheet:  # scored, then reopened ("not scored yet": a
        # play-test)
        return _fail(
            f"goldrush sheet: {game_id} was reopened after it was scored (ctrl+f in the game "
            "scores it anew)"
        )
    if not state.finished or not state.sheet:
        return _fail(f"goldrush sheet: {game_id} is not scored yet (ctrl+f in the game)")
    print(visible(state.sheet, keep_lines=True), end="")
    return 0


def _whole(text: str) -> int:
    """A count typed on the command line, read as the app reads one (ASCII digits, at most
    999,999,999)."""
    import argparse

    from companion.amounts import AmountError, parse_count

    try:
        return parse_count(text, what="A number")
    except AmountError as error:
        raise argparse.ArgumentTypeError(visible(str(error))) from None


def _split(bid: int, players: int, leftover: str, as_json: bool) -> int:
    import json

    from companion.games.boomtown_split import LEFTOVERS, describe_split, split_bid

    if leftover not in LEFTOVERS:
        print(
            f"goldrush split: --leftover is keep or bank, not {quoted(leftover)}", file=sys.stderr
        )
        return 2
    try:
        split = split_bid(bid, players, leftover)  # type: ignore[arg-type]
    except ValueError as error:
        print(f"goldrush split: {error}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(split.to_json()))
    else:
        rule = (
            "the rest to the bank"
            if players == 3 or leftover == "bank"
            else ("the winner's left neighbour keeps the rest")
        )
        print(f"Bid {bid}, {players} players ({rule}):")
        for line in describe_split(split):
            print(f"  {line}")
    return 0


def _score(sheet_path: str, as_json: bool) -> int:
    """Standings of a sheet; a bad sheet is one line on stderr and exit code 2."""
    import json

    from companion.files import UnreadableFile, read_bounded
    from companion.games import SHEETS
    from companion.scoring import (
        SheetError,
        parse_sheet_as_played,
        score,
        score_json,
        standings_table,
        tie_notes,
    )

    shown_path = visible(sheet_path)
    try:
        data = read_bounded(sheet_path, SHEET_LIMIT)
    except UnreadableFile as error:
        return _fail(f"goldrush score: {shown_path}: {visible(error.reason)}")
    except OSError as error:
        return _fail(f"goldrush score: {shown_path}: {error.strerror or error}")
    try:
        spec, players = parse_sheet_as_played(data, SHEETS)  # (no Hotels column without them)
    except SheetError as error:
        return _fail(f"goldrush score: {shown_path}: {visible(str(error))}")
    result = score(spec, players)
    if as_json:
        # ensure_ascii: every non-ASCII character as \uXXXX, so no C1 control or direction
        # override reaches the terminal raw (JSON readers decode them back).
        data = score_json(spec, result)
        data["ties"] = tie_notes(spec, result)  # as `export`'s (the plain standings say them)
        print(json.dumps(data, ensure_ascii=True))
    else:
        print(visible(standings_table(spec, result), keep_lines=True))
    return 0


def _display(store: Store, game_id: str | None) -> int:
    """The table display (#15): a read-only view of one game, or of the latest in play."""
    if game_id is not None:
        problem = _unopenable(store, game_id)
        if problem:
            return _fail(f"goldrush display: {problem}")
    if not _has_terminal():
        return _fail(NO_TERMINAL)
    from screens.display import run_display  # the UI only when it is started

    return run_display(store, game_id)


def _records(store: Store, args: argparse.Namespace) -> int:
    from companion import cli_records

    if args.command == "export":
        problem = _no_saved_game(store, args.game_id)
        return cli_records.export(store, args.game_id, args.format, problem)
    if args.command == "history":
        fmt = "json" if args.json else "csv" if args.csv else "text"
        return cli_records.history(store, args.game, args.player, fmt)
    if args.command == "backup":
        return cli_records.backup(store, args.file)
    return cli_records.restore(store, args.file, args.replace)


def _list(store: Store) -> int:
    from companion.saved import list_saved

    saved = list_saved(store)
    if not saved.games and not saved.damaged:
        print(f"No saved games in {visible(str(store.games_dir))}")
    for game in saved.games:
        played = datetime.fromtimestamp(game.modified).strftime("%Y-%m-%d %H:%M")
        line = f"{game.game_id}  {game.title}  {game.names}  {game.progress}  {played}"
        print(visible(line))
    for damaged in saved.damaged:
        print(visible(f"damaged: {damaged.path}: {damaged.reason}"))
    settings = store.settings_damage()
    if settings is not None:
        print(visible(f"damaged: {settings.path}: {settings.reason} ({SETTINGS_KEPT})"))
    history = store.history_damage()  # (said for the settings only: a play-test)
    if history is not None:
        kept = "kept as it is; the records cannot be shown until it is mended or removed"
        print(visible(f"damaged: {history.path}: {history.reason} ({kept})"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
