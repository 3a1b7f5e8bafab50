"""`make bench`: what a person at the table feels, measured in a real pseudo-terminal.

Every figure is a ratio against its baseline measured in the same run, because this machine
is shared and noisy and absolute times mean little: the bare app (`bare_app.py`: a header, a
label, an input and a footer) in the same pty harness, or the same figure on a short game.
Each time is the median of interleaved repetitions (the two sides take turns, so load hits
both alike). How a frame is recognised and a keypress timed: see `pty_harness.py`.

- key-to-frame, on each game screen at 10 and 10,000 entries: a command typed into the
  screen's command field (`#command`), then enter, timed from the enter; the command is the
  first of the game's COMMANDS that changes the game (the game's file grows), taking turns
  with the one that puts it back (or an untimed ctrl+z), so the game stays as it was; ctrl+z /
  ctrl+y when no typed command took. The table names what was timed. Against the bare app's
  enter with a few letters typed.                                  target <= 2
  A command that opens a game's next phase and draws a new part of the screen, typed once
  (Builders' `board 10x5`: the board; later games place the remembered board themselves at
  their open, before their first frame), is timed on its own the same way (put back by an
  untimed ctrl+z), then typed for good before the game's usual keys are timed. What the
  game before remembered of it (the board's size) is forgotten before each game is opened:
  otherwise the open places the board by itself and the command draws nothing new.
- startup until the saved games are listed (3 games on the home screen) / the bare app's
  first frame.                                                    target <= 1.1
- open, warm (caches in place) and cold (the game's caches deleted: a first read):
  `goldrush open ID` until the game's first frame (its command field drawn), at 10 / 1,000 /
  10,000 / 100,000 entries / the bare app's first frame.          target <= 1.2
- undo at 10,000 entries: ctrl+z / ctrl+y key-to-frame on Coloma / the same at 10 entries.
                                                                  target <= 1.2 (constant)
- peak memory (VmHWM) with a 100,000-entry game open and drawn / the bare app's first frame's.
                                                                  target <= 2

A game screen is recognised by its footer's "Undo" (ctrl+z), which the home screen has not.

Bytecode caching is on for both sides and warmed once before timing. `--quick`: a smoke run
with fewer repetitions. Prints a Markdown table (README shows exactly this), with
OVER TARGET where a ratio misses its target.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from pty_harness import HarnessError, PtyProgram, child_environment  # noqa: E402

from companion.amounts import parse_amount  # noqa: E402
from companion.gamefile import entry_chunk  # noqa: E402
from companion.games import GAMES  # noqa: E402
from companion.games.base import copy_state  # noqa: E402
from companion.journal import Entry  # noqa: E402
from companion.session import GameSession  # noqa: E402
from companion.setup import SetupForm, build_header  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.table import COLOURS  # noqa: E402

BARE = [sys.executable, str(ROOT / "benchmarks" / "bare_app.py")]
FIRST_TEXT = "enter to do it"  # the command field's placeholder, on both sides
GAME_TEXT = "Undo"  # in every game screen's footer (ctrl+z), not on the home screen
GAME_NAMES = {
    "boomtown": "Boomtown",
    "coloma": "Coloma",
    "builders": "Builders",
    "calamityville": "Calamityville",
}
#: the typed commands tried on each game screen, in turn, until one changes the game; each
#: with the command that puts it back (None: ctrl+z does, untimed). The screens' grammar is
#: still moving (#12): a command that is refused is skipped, and the table says what was timed.
COMMANDS: dict[str, list[tuple[str, str | None]]] = {
    "coloma": [("ann bucks +1", "ann bucks -1")],
    "boomtown": [("ann gold +1", "ann gold -1"), ("r", None), ("1", None), ("reveal", None)],
    "builders": [("ann vp +1", "ann vp -1"), ("1 1 s", None)],
    "calamityville": [
        ("pay ann bo 1 rent", "pay bo ann 1 rent"),
        ("ann money +1", "ann money -1"),
    ],
}
#: a command that opens the game's next phase, typed once (a new part of the screen drawn; later
#: games place what it told at their open):
#: timed on its own, then typed for good before the game's COMMANDS are timed
NEXT_PHASE = {"builders": "board 10x5"}
#: seconds a typed command may take to reach the file before it counts as refused
REFUSED_AFTER = 3.0
#: seconds to wait for typed text to be drawn before enter is sent anyway
ECHO_WAIT = 3.0
#: seconds a sample may take from its first key to its answer (no toast leaves meanwhile)
SAMPLE_LENGTH = 2.0
#: the number each game's filler entries change (one +1 and one -1 a player, in turn)
FILLER_NUMBER = {"boomtown": "gold", "coloma": "bucks", "builders": "vp", "calamityville": "money"}
#: the saved games on the home screen at startup, each with a first player found nowhere else
HOME_GAMES = {
    "boomtown": ("Annabel", "Bo", "Cy"),
    "coloma": ("Dorothea", "Ed", "Flo"),
    "builders": ("Xanthe", "Gus", "Hal"),
}


def goldrush(data_dir: Path, *args: str) -> list[str]:
    return [
        sys.executable,
        "-c",
        "import sys; from companion.cli import main; sys.exit(main())",
        "--data-dir",
        str(data_dir),
        *args,
    ]


def filler_entries(session: GameSession) -> list[Entry]:
    """One +1 and one -1 of the game's filler number for each player: valid in any order
    that keeps each +1 before its -1."""
    rules, state = session.rules, session.state
    key = FILLER_NUMBER[rules.id]
    entries = []
    for seat in range(len(state.players)):
        plus = rules.adjust(state, seat, key, parse_amount("+1"))
        after_plus = copy_state(state)
        rules.apply(after_plus, plus)
        entries += [plus, rules.adjust(after_plus, seat, key, parse_amount("-1"))]
    return entries


def make_game(store: Store, game: str, entries: int, names: tuple[str, ...]) -> str:
    """A saved game of `entries` entries (written in one go, as a long game would be)."""
    form = SetupForm(game, list(names), list(COLOURS[: len(names)]), 0, {})
    header, _ = build_header(form)
    session = GameSession.create(store, header)
    pairs = filler_entries(session)
    chunks = []
    for number in range(entries):
        pair = (number // 2) % (len(pairs) // 2)
        chunks.append(entry_chunk(pairs[2 * pair + number % 2]))
    with session.path.open("ab") as handle:
        handle.write(b"".join(chunks))
    return session.path.stem


def forget_caches(store: Store, game_id: str) -> None:
    """Every cached thing of a game gone (parsed entries, snapshots, ...): its next open is a
    first read of the journal."""
    if not store.cache_dir.exists():
        return
    for cached in sorted(store.cache_dir.rglob(f"{game_id}*"), reverse=True):
        if cached.is_dir():
            shutil.rmtree(cached)
        else:
            cached.unlink(missing_ok=True)


def forget_remembered(store: Store, game: str) -> None:
    """What earlier games of `game` told the app (Builders' board size) forgotten, so that
    the next game opened asks for it again: its first draw is then really a first."""
    settings = store.read_settings()
    if settings.pop(game, None) is not None:
        store.write_settings(settings)


def interleaved(runs: int, *measures: Callable[[], float]) -> list[float]:
    """The median of each measure, the measures taking turns `runs` times. Each round starts
    one further along, so no measure always comes right after the same one: with a fixed
    order the place showed in the ratios (a 10-entry cold open: 1.40 in rounds of bare, warm,
    cold; 1.11 in rounds of bare, cold, warm; same code, same hour)."""
    samples: list[list[float]] = [[] for _ in measures]
    for round_number in range(runs):
        for step in range(len(measures)):
            index = (round_number + step) % len(measures)
            samples[index].append(measures[index]())
    return [statistics.median(times) for times in samples]


@dataclass
class Row:
    figure: str
    ours: str
    bare: str
    ratio: float | None
    target: float | None
    target_text: str = ""

    def cells(self) -> list[str]:
        ratio = "" if self.ratio is None else f"{self.ratio:.2f}"
        if self.target is None:
            verdict = self.target_text
        else:
            over = (self.ratio or 0) > self.target
            verdict = f"<= {self.target}" + (" OVER TARGET" if over else "")
        return [self.figure, self.ours, self.bare, ratio, verdict]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 0.1 else f"{seconds * 1000:.0f} ms"


class Bench:
    def __init__(self, quick: bool) -> None:
        self.quick = quick
        self.folder = Path(tempfile.mkdtemp(prefix="goldrush-bench-"))
        self.env = child_environment()
        self.rows: list[Row] = []
        #: entries -> (warm, cold, bare) seconds, for the growth table
        self.open_times: dict[int, tuple[float, float, float]] = {}

    # -- programs ----------------------------------------------------------------------

    def first_frame(self, argv: list[str], text: str = FIRST_TEXT, timeout: float = 60) -> float:
        with PtyProgram(argv, self.env) as program:
            return program.wait_for_text(text, timeout)

    def listed(self, argv: list[str], texts: list[str]) -> float:
        """Until the frame in which the last of `texts` was drawn (every game listed)."""
        with PtyProgram(argv, self.env) as program:
            return max(program.wait_for_text(text) for text in texts)

    def bare_first_frame(self) -> float:
        return self.first_frame(BARE)

    # -- figures -----------------------------------------------------------------------

    def startup(self) -> None:
        data = self.folder / "home"
        store = Store(data, GAMES)
        for game, names in HOME_GAMES.items():
            make_game(store, game, 40, names)
        listed = goldrush(data)
        firsts = [names[0] for names in HOME_GAMES.values()]
        self.listed(listed, firsts)  # warm the bytecode cache (and the app's own caches)
        self.bare_first_frame()
        runs = 5 if self.quick else 15  # a first frame varies by a quarter from run to run
        bare, ours = interleaved(runs, self.bare_first_frame, lambda: self.listed(listed, firsts))
        self.rows.append(
            Row(
                "startup until the saved games are listed (3 games)",
                ms(ours),
                ms(bare),
                ours / bare,
                1.1,
            )
        )

    def opens(self) -> None:
        data = self.folder / "open"
        store = Store(data, GAMES)
        for size in (10, 1_000, 10_000, 100_000):
            self.open_size(store, data, size)

    def open_size(self, store: Store, data: Path, size: int) -> None:
        game_id = make_game(store, "coloma", size, ("Ann", "Bo", "Cy"))
        argv = goldrush(data, "open", game_id)
        timeout = 60 + size / 500  # a loaded machine took over 30 s for a cold 100,000

        def warm() -> float:
            return self.first_frame(argv, timeout=timeout)

        def cold() -> float:
            forget_caches(store, game_id)
            return self.first_frame(argv, timeout=timeout)

        warm()  # bytecode and the app's caches warm
        runs = (1 if self.quick else 5) if size >= 100_000 else (3 if self.quick else 15)
        bare, warm_time, cold_time = interleaved(runs, self.bare_first_frame, warm, cold)
        self.open_times[size] = (warm_time, cold_time, bare)
        kinds = (("warm (caches in place)", warm_time), ("cold (first read)", cold_time))
        for kind, time_taken in kinds:
            self.rows.append(
                Row(
                    f"open a {size:,}-entry game, {kind}",
                    ms(time_taken),
                    ms(bare),
                    time_taken / bare,
                    1.2,
                )
            )
        if size == 100_000:
            warm()  # the caches back, as a person opening it again would have them
            self.memory(argv)

    def memory(self, argv: list[str]) -> None:
        def peak(command: list[str]) -> int:
            with PtyProgram(command, self.env) as program:
                program.wait_for_text(FIRST_TEXT, timeout=120)
                program.settle()
                return program.peak_memory()

        bare, ours = peak(BARE), peak(argv)
        self.rows.append(
            Row(
                "peak memory with a 100,000-entry game open",
                f"{ours / 2**20:.0f} MiB",
                f"{bare / 2**20:.0f} MiB",
                ours / bare,
                2.0,
            )
        )

    def key_to_frame(self) -> None:
        data = self.folder / "keys"
        store = Store(data, GAMES)
        runs = 5 if self.quick else 11
        with PtyProgram(BARE, self.env) as bare:
            bare.wait_for_text(FIRST_TEXT)
            bare.settle()
            bare_key = _bare_enter(bare)
            for game in ("coloma", "boomtown", "builders", "calamityville"):
                for size in (10, 10_000):
                    game_id = make_game(store, game, size, ("Ann", "Bo", "Cy"))
                    path = store.games_dir / f"{game_id}.toml"
                    # the game before typed its next phase for good (the board is remembered
                    # and would be placed by itself at the open): forgotten, so this game's
                    # own first draw is timed
                    forget_remembered(store, game)
                    with PtyProgram(goldrush(data, "open", game_id), self.env) as app:
                        app.wait_for_text(GAME_TEXT)
                        app.settle()
                        if game in NEXT_PHASE:
                            command = NEXT_PHASE[game]
                            base, ours = interleaved(
                                runs, bare_key, _typed(app, path, command, None)
                            )
                            self.rows.append(
                                Row(
                                    f"key-to-frame, {GAME_NAMES[game]} `{command}` + enter "
                                    "(its next phase drawn; typed once: later games start "
                                    f"there), {size:,} entries",
                                    ms(ours),
                                    ms(base),
                                    ours / base,
                                    2.0,
                                )
                            )
                            type_in(app, command)
                            app.key_to_frame("enter", done=grown(path))
                        what, keys = _game_keys(game, app, path)
                        base, ours = interleaved(runs, bare_key, keys)
                        self.rows.append(
                            Row(
                                f"key-to-frame, {GAME_NAMES[game]} {what}, {size:,} entries",
                                ms(ours),
                                ms(base),
                                ours / base,
                                2.0,
                            )
                        )

    def undo(self) -> None:
        """ctrl+z / ctrl+y on two Coloma games open side by side, 10 and 10,000 entries, with
        the bare app's enter beside them."""
        data = self.folder / "undo"
        store = Store(data, GAMES)
        runs = 5 if self.quick else 11
        short, long = (
            make_game(store, "coloma", size, ("Ann", "Bo", "Cy")) for size in (10, 10_000)
        )
        with (
            PtyProgram(BARE, self.env) as bare,
            PtyProgram(goldrush(data, "open", short), self.env) as short_app,
            PtyProgram(goldrush(data, "open", long), self.env) as long_app,
        ):
            bare.wait_for_text(FIRST_TEXT)
            bare.settle()
            for app in (short_app, long_app):
                app.wait_for_text(GAME_TEXT)
                app.settle()
            base, small, big = interleaved(
                runs,
                _bare_enter(bare),
                _undo_redo(short_app, store.games_dir / f"{short}.toml"),
                _undo_redo(long_app, store.games_dir / f"{long}.toml"),
            )
        for size, took in ((10, small), (10_000, big)):
            self.rows.append(
                Row(
                    f"key-to-frame, Coloma ctrl+z / ctrl+y, {size:,} entries",
                    ms(took),
                    ms(base),
                    took / base,
                    2.0,
                )
            )
        self.rows.append(
            Row(
                "undo / redo key-to-frame at 10,000 entries (Coloma)",
                ms(big),
                f"{ms(small)} at 10",
                big / small,
                1.2,
                "",
            )
        )

    # -- output ------------------------------------------------------------------------

    def records(self) -> None:
        """`h` on the home screen until 1,000 finished games are listed in the Records: the
        first time (every sheet scored) and then from the records cache; against the bare
        app's answer to a key in the same run."""
        import random

        import tomli_w

        from companion.games import SHEETS
        from companion.scoring import sheet_text

        data = self.folder / "records"
        store = Store(data, GAMES)
        store.root.mkdir(parents=True, exist_ok=True)
        chance = random.Random(14)
        names = ("Ann", "Bo", "Cy", "Dee", "Eve", "Fay")
        rows = []
        for number in range(1_000):
            players = chance.sample(names, 4)
            sheet = [
                {"name": name, "gold": chance.randint(0, 60), "mines": [3, 4], "mayors": 0}
                for name in players
            ]
            rows.append(
                {
                    "game": "boomtown",
                    "title": "Boomtown",
                    "file": f"{number}.toml",
                    "finished": f"2026-01-01T{number:06d}",
                    "players": players,
                    "sheet": sheet_text(SHEETS["boomtown"], sheet),
                }
            )
        store.history_path.write_text(tomli_w.dumps({"games": rows}))
        listed = "1000 finished games"

        def records(first: bool) -> float:
            if first:
                for cache in store.cache_dir.glob("records*"):
                    cache.unlink()
            with PtyProgram(goldrush(data), self.env) as app:
                app.wait_for_text("No saved games")
                app.settle()
                pressed = time.perf_counter() - app.started
                app.send("h")
                return app.wait_for_text(listed) - pressed

        with PtyProgram(BARE, self.env) as bare:
            bare.wait_for_text(FIRST_TEXT)
            bare.settle()
            typed = [0]

            def bare_key() -> float:
                typed[0] += 1
                type_in(bare, f"abc{typed[0]}")
                return bare.key_to_frame("enter")

            records(False)  # bytecode and the cache warm
            runs = 3 if self.quick else 5
            base, first, cached = interleaved(
                runs, bare_key, lambda: records(True), lambda: records(False)
            )
        for kind, took in (("scored anew (no cache)", first), ("from the cache", cached)):
            self.rows.append(
                Row(
                    f"Records with 1,000 finished games, h until listed, {kind}",
                    ms(took),
                    ms(base),
                    took / base,
                    None,
                    "no target: quick (key-to-frame of bare is the yardstick)",
                )
            )

    def table(self) -> str:
        header = ["figure", "ours", "bare", "ratio", "target"]
        lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(row.cells()) + " |" for row in self.rows]
        return "\n".join(lines)

    def growth(self) -> str:
        """How an open grows with the game: each size against the 10-entry game's."""
        if 10 not in self.open_times:
            return ""
        warm_10, cold_10, _ = self.open_times[10]
        lines = [
            "| entries | warm | cold | warm / 10 entries | cold / 10 entries | bare |",
            "|---|---|---|---|---|---|",
        ]
        for size, (warm, cold, bare) in sorted(self.open_times.items()):
            lines.append(
                f"| {size:,} | {ms(warm)} | {ms(cold)} | {warm / warm_10:.2f} "
                f"| {cold / cold_10:.2f} | {ms(bare)} |"
            )
        return "\n".join(lines)


def type_in(app: PtyProgram, text: str) -> None:
    """Type `text` and wait until the field shows it (at most ECHO_WAIT), so that enter is
    timed from a screen that has caught up with the typing, on both sides alike."""
    word, mark = text.encode(), len(app.output)
    app.send(text)
    app.wait_until(lambda: word in app.output[mark:], ECHO_WAIT)


def grown(path: Path) -> Callable[[], bool]:
    """True once the file at `path` is longer than now (a change written)."""
    size = path.stat().st_size
    return lambda: path.stat().st_size > size


def _bare_enter(bare: PtyProgram) -> Callable[[], float]:
    """The bare app's key: a few letters, drawn in the field before enter is timed (so a
    late frame of the typing is not taken for the enter's answer)."""
    typed = [0]

    def bare_key() -> float:
        typed[0] += 1
        type_in(bare, f"abc{typed[0]}")
        return bare.key_to_frame("enter")

    return bare_key


def _game_keys(game: str, app: PtyProgram, path: Path) -> tuple[str, Callable[[], float]]:
    """What is timed on a game screen, and one sample of it: the first of the game's
    COMMANDS that changes the game (its file grows) typed + enter, taking turns with the
    command that puts it back (or an untimed ctrl+z); ctrl+z / ctrl+y when none does."""
    for command, back in COMMANDS[game]:
        changed = grown(path)
        type_in(app, command)
        app.key_to_frame("enter")
        if not app.wait_until(changed, REFUSED_AFTER):  # not this screen's grammar (yet)
            app.send("ctrl+u")  # the field keeps a refused text
            app.settle()
            continue
        if back is None:
            app.key_to_frame("ctrl+z", done=grown(path))
        else:
            type_in(app, back)
            app.key_to_frame("enter", done=grown(path))
        return f"`{command}` + enter", _typed(app, path, command, back)
    return "ctrl+z / ctrl+y (no typed command took)", _undo_redo(app, path)


def _typed(app: PtyProgram, path: Path, command: str, back: str | None) -> Callable[[], float]:
    turn = [0]

    def sample() -> float:
        turn[0] += 1
        app.clear_of_toasts(SAMPLE_LENGTH)
        if back is None:
            type_in(app, command)
            took = app.key_to_frame("enter", done=grown(path))
            app.key_to_frame("ctrl+z", done=grown(path))  # untimed: put back
            return took
        type_in(app, command if turn[0] % 2 else back)
        return app.key_to_frame("enter", done=grown(path))

    return sample


def _undo_redo(app: PtyProgram, path: Path) -> Callable[[], float]:
    """ctrl+z, then ctrl+y the next time: the game is back where it was every second key.
    A harmless key to the command field first restarts its cursor's blink cycle."""
    turn = [0]

    def key() -> float:
        app.clear_of_toasts(SAMPLE_LENGTH)
        app.send("right")
        app.settle()
        turn[0] += 1
        key = "ctrl+z" if turn[0] % 2 else "ctrl+y"
        return app.key_to_frame(key, done=grown(path))

    return key


STEPS = ("key_to_frame", "undo", "startup", "opens", "records")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: fewer repetitions")
    parser.add_argument(
        "--only", choices=STEPS, action="append", help="run only this part (may be repeated)"
    )
    args = parser.parse_args(argv)
    bench = Bench(args.quick)
    started = time.perf_counter()
    load_before = os.getloadavg()[0]
    print(f"cpus: {os.cpu_count()}, load: {load_before:.1f}", file=sys.stderr)
    failed = []
    try:
        for name in args.only or STEPS:
            try:
                getattr(bench, name)()
            except HarnessError as error:  # said in the table; the other parts still run
                failed.append(name)
                bench.rows.append(Row(f"{name}: not measured ({error})", "", "", None, None))
            took = time.perf_counter() - started
            print(f"  {name} done at {took:.0f} s", file=sys.stderr)
    finally:
        shutil.rmtree(bench.folder, ignore_errors=True)
    print(bench.table())
    if bench.open_times:
        print()
        print(bench.growth())
    print()
    print(
        f"{os.cpu_count()} CPUs, load average {load_before:.1f} at the start and "
        f"{os.getloadavg()[0]:.1f} at the end, {time.perf_counter() - started:.0f} s"
        + (", --quick" if args.quick else "")
        + "."
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
