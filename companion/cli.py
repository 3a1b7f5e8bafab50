"""The `goldrush` command: starts the UI, or answers from the shell without it.

This is the one module of `companion` allowed to import `screens`, and only lazily, when
the UI is really started, so `goldrush list` and friends stay quick.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from datetime import datetime
from typing import NoReturn

from companion import __version__
from companion.games import GAMES
from companion.store import Store, resolve_data_dir


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (try: goldrush --help)\n")


def build_parser() -> argparse.ArgumentParser:
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
    splitter.add_argument("--players", type=int, required=True, metavar="N", help="3 to 5")
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    store = Store(resolve_data_dir(args.data_dir), GAMES)
    if args.command == "list":
        return _list(store)
    if args.command == "where":
        print(store.root)
        return 0
    if args.command == "sheet":
        return _sheet(store, args.game_id)
    if args.command == "score":
        return _score(args.sheet, args.json)
    if args.command == "split":
        return _split(args.bid, args.players, args.leftover, args.json)
    open_id = getattr(args, "game_id", None)
    if open_id is not None and not (store.games_dir / f"{open_id}.toml").is_file():
        print(f"goldrush: no saved game {open_id!r} (see: goldrush list)", file=sys.stderr)
        return 2
    from screens.app import GoldrushApp  # the UI only when it is started

    GoldrushApp(store, open_game=open_id).run()
    return 0


def _sheet(store: Store, game_id: str) -> int:
    from companion.session import GameSession
    from companion.store import DamagedFile

    path = store.games_dir / f"{game_id}.toml"
    if not path.is_file():
        print(f"goldrush sheet: no saved game {game_id!r} (see: goldrush list)", file=sys.stderr)
        return 2
    try:
        state = GameSession(store, store.read_game(path)).state
    except DamagedFile as damaged:
        print(f"goldrush sheet: {damaged.path}: {damaged.reason}", file=sys.stderr)
        return 2
    if not state.finished or not state.sheet:
        print(f"goldrush sheet: {game_id} is not scored yet (ctrl+f in the game)", file=sys.stderr)
        return 2
    print(state.sheet, end="")
    return 0


def _whole(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"a bid is a whole number of 0 or more, not {text!r}")
    return int(text)


def _split(bid: int, players: int, leftover: str, as_json: bool) -> int:
    import json

    from companion.games.boomtown_split import LEFTOVERS, describe_split, split_bid

    if leftover not in LEFTOVERS:
        print(f"goldrush split: --leftover is keep or bank, not {leftover!r}", file=sys.stderr)
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

    from companion.games import SHEETS
    from companion.scoring import SheetError, parse_sheet_text, score, standings_table

    try:
        with open(sheet_path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        print(f"goldrush score: {sheet_path}: {error.strerror or error}", file=sys.stderr)
        return 2
    try:
        spec, players = parse_sheet_text(data, SHEETS)
    except SheetError as error:
        print(f"goldrush score: {sheet_path}: {error}", file=sys.stderr)
        return 2
    result = score(spec, players)
    if as_json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print(standings_table(spec, result))
    return 0


def _list(store: Store) -> int:
    from companion.saved import list_saved

    saved = list_saved(store)
    if not saved.games and not saved.damaged:
        print(f"No saved games in {store.games_dir}")
    for game in saved.games:
        played = datetime.fromtimestamp(game.modified).strftime("%Y-%m-%d %H:%M")
        print(f"{game.game_id}  {game.title}  {game.names}  {game.progress}  {played}")
    for damaged in saved.damaged:
        print(f"damaged: {damaged.path}: {damaged.reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
