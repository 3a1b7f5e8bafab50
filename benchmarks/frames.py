"""What a key costs, frame by frame: a diagnostic beside `make bench`, not part of it.

    .venv/bin/python benchmarks/frames.py coloma [--entries 10000] [--runs 9] [--hide-log]
        [--command "ann bucks +1" --back "ann bucks -1"]  (--back ctrl+z: an untimed undo)
        [--first "board 10x5"]  (typed once, untimed, before: the bench's NEXT_PHASE; "" none)

Opens a game of the given length in a real pty (120x40) and the bare app beside it, types a
command that changes the game (and the one that puts it back) in turns, and prints, for each
enter, every frame it caused: when it arrived (ms after the enter) and how many bytes it was.
One frame a key, and few bytes, is the aim (#16). `--hide-log` presses f2 first (the log
hidden) to tell a screen's own cost from the log's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import run  # noqa: E402
from pty_harness import PtyProgram, child_environment  # noqa: E402

from companion.games import GAMES  # noqa: E402
from companion.store import Store  # noqa: E402

F2 = b"\x1bOQ"
UNDO = "ctrl+z"


def frames_after_enters(program: PtyProgram, commands: list[str], runs: int) -> list[float]:
    """Type each command in turn, time its enter; print its frames. The last frame's times."""
    lasts = []
    for number in range(runs):
        command = commands[number % len(commands)]
        if commands[-1] == UNDO:  # each command put back by an untimed undo
            command = commands[0]
            if number:
                program.send(UNDO)
                program.settle()
        program.send(command)
        program.settle()
        before, offset = len(program.frame_ends), len(program.output)
        sent = time.perf_counter()
        program.send("enter")
        program.settle()
        frames = program.frame_ends[before:]
        shown = []
        for end, arrived in frames:
            shown.append(f"{(arrived - sent) * 1000:.1f} ms/{end - offset} B")
            offset = end
        print("   ", ", ".join(shown) or "no frame")
        if frames:
            lasts.append((frames[-1][1] - sent) * 1000)
    return lasts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(run.COMMANDS))
    parser.add_argument("--entries", type=int, default=10)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--hide-log", action="store_true")
    parser.add_argument("--command", help="typed and timed (default: the bench's first)")
    parser.add_argument(
        "--back", help="typed in turn with it (default: the bench's; ctrl+z: an untimed undo)"
    )
    parser.add_argument(
        "--first", help="typed once before, untimed (default: NEXT_PHASE's; '' for none)"
    )
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="goldrush-frames-"))
    game_id = run.make_game(Store(data, GAMES), args.game, args.entries, ("Ann", "Bo", "Cy"))
    env = child_environment()
    command, back = run.COMMANDS[args.game][0]
    if args.command:
        command, back = args.command, args.back
    back = back or UNDO
    with PtyProgram(run.BARE, env) as bare:
        bare.wait_for_text(run.FIRST_TEXT)
        bare.settle()
        print("bare app")
        bare_lasts = frames_after_enters(bare, ["abc1", "abc2"], args.runs)
    with PtyProgram(run.goldrush(data, "open", game_id), env) as app:
        app.wait_for_text(run.GAME_TEXT)
        app.settle()
        first = run.NEXT_PHASE.get(args.game) if args.first is None else args.first
        if first:
            run.type_in(app, first)
            app.send("enter")
            app.settle()
        if args.hide_log:
            app.send(F2)
            app.settle()
        print(f"{args.game}, {args.entries} entries: {command!r} / {back!r}")
        lasts = frames_after_enters(app, [command, back], args.runs)
    ours, base = statistics.median(lasts), statistics.median(bare_lasts)
    print(f"median to the last frame: {ours:.1f} ms, bare {base:.1f} ms, ratio {ours / base:.2f}")


if __name__ == "__main__":
    main()
