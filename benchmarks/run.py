"""`make bench`: costs that matter at the table, as ratios against a baseline measured in
the same run (this machine is noisy, so absolute times mean little and nothing here is a
test). Each figure is the median of interleaved repetitions.

- startup: the app's first frame (home screen, a few saved games) / a bare Textual app
  with a header, a label and a footer.              target <= 1.3
- append: one change (checked, written, fsynced) at journal length 10,000 / at 10.
                                                     target <= 1.5
- open: a 10,000-entry game to its first frame / the bare app, with the parse cache warm
  (every reopen after the app wrote it) and cold (first read ever).   target <= 2.0
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.amounts import parse_amount  # noqa: E402
from companion.games import GAMES  # noqa: E402
from companion.journal import make_entry  # noqa: E402
from companion.session import GameSession  # noqa: E402
from companion.setup import SetupForm, build_header  # noqa: E402
from companion.store import Store, entry_chunk  # noqa: E402

FIRST_FRAME = str(ROOT / "benchmarks" / "first_frame.py")


def wall(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, FIRST_FRAME, *args], check=True, capture_output=True)
    return time.perf_counter() - start


def interleaved(runs: int, *commands: Callable[[], float]) -> list[float]:
    """Median seconds of each command, run in turn so that load hits all alike."""
    samples: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for index, command in enumerate(commands):
            samples[index].append(command())
    return [statistics.median(times) for times in samples]


def new_session(store: Store, entries: int) -> GameSession:
    form = SetupForm("boomtown", ["Ann", "Bo", "Cy", "Di"], ["red", "blue", "green", "yellow"], 0)
    header, _ = build_header(form)
    path = store.create_game(header)
    chunks = []
    for number in range(entries):
        seat, delta = number % 4, 1 if (number // 4) % 2 == 0 else -1
        text = f"Seat {seat} {'+' if delta > 0 else '-'}1 gold"
        chunks.append(
            entry_chunk(make_entry("adjust", text, player=seat, number="gold", delta=delta))
        )
    with path.open("ab") as handle:
        handle.write(b"".join(chunks))
    return GameSession.open(store, path)


def report(name: str, ratio: float, target: float, detail: str) -> str:
    verdict = "ok" if ratio <= target else "OVER TARGET"
    return f"{name:<28} {ratio:5.2f}  (target <= {target}, {verdict})  {detail}"


def main() -> None:
    lines = []
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "data", GAMES)
        for _ in range(3):
            new_session(store, 40)
        big = new_session(store, 10_000)
        small = new_session(store, 10)

        bare, home = interleaved(9, lambda: wall(["bare"]), lambda: wall(["home", str(store.root)]))
        lines.append(
            report(
                "startup / bare app",
                home / bare,
                1.3,
                f"{home * 1000:.0f} ms vs {bare * 1000:.0f} ms",
            )
        )

        def act(session: GameSession) -> float:
            seat = 0
            entry = session.rules.adjust(session.state, seat, "gold", parse_amount("+1"))
            start = time.perf_counter()
            session.act(entry)
            return time.perf_counter() - start

        at_small, at_big = interleaved(200, lambda: act(small), lambda: act(big))
        lines.append(
            report(
                "append @10,000 / @10",
                at_big / at_small,
                1.5,
                f"{at_big * 1000:.2f} ms vs {at_small * 1000:.2f} ms",
            )
        )

        def undo_redo(session: GameSession) -> float:
            start = time.perf_counter()
            session.undo()
            session.redo()
            return (time.perf_counter() - start) / 2

        undo_small, undo_big = interleaved(20, lambda: undo_redo(small), lambda: undo_redo(big))
        lines.append(
            f"{'undo @10,000 / @10':<28} {undo_big / undo_small:5.2f}  (no target)  "
            f"{undo_big * 1000:.1f} ms vs {undo_small * 1000:.2f} ms"
        )

        cache = store.cache_dir / f"{big.path.stem}.json"

        def cold() -> float:
            cache.unlink(missing_ok=True)
            return wall(["open", str(store.root), big.game_id])

        bare, warm, cold_time = interleaved(
            9, lambda: wall(["bare"]), lambda: wall(["open", str(store.root), big.game_id]), cold
        )
        lines.append(
            report(
                "open 10,000 (warm) / bare",
                warm / bare,
                2.0,
                f"{warm * 1000:.0f} ms vs {bare * 1000:.0f} ms",
            )
        )
        lines.append(
            report(
                "open 10,000 (cold) / bare",
                cold_time / bare,
                2.0,
                f"{cold_time * 1000:.0f} ms (first read, no parse cache)",
            )
        )
    print("\n".join(lines))


if __name__ == "__main__":
    main()
