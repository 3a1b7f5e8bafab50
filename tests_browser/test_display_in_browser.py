"""`make test-browser` (not in `make test`): the served display in a real, headless Chromium.

The system's Chromium (Debian's `chromium` package), driven by Playwright with that
executable: no browser is downloaded. A second process plays two Boomtown rounds while the
browser shows the display; the browser must receive and draw the new gold. The terminal in
the page is drawn on a canvas, so what it shows is read from the bytes the page received
(the gold in the display's seven-segment glyphs) and kept as a screenshot (the artifact).
"""

from __future__ import annotations

import io
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright
from rich.console import Console
from textual.renderables.digits import Digits

from companion.games import GAMES
from companion.session import GameSession
from companion.store import Store
from tests.display.serving import free_port, start_serve

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = Path(os.environ.get("BROWSER_ARTIFACTS", ROOT / "build" / "test-browser"))


def player(root: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "tests.display.player", str(root), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.strip()


def glyphs(number: str) -> list[str]:
    """The three lines the display draws for `number` (bold seven-segment digits)."""
    console = Console(file=io.StringIO(), width=40, color_system=None, legacy_windows=False)
    with console.capture() as captured:
        console.print(Digits(number, style="bold"))
    return [line.rstrip() for line in captured.get().splitlines() if line.strip()]


def wait_for_page(url: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            assert server.poll() is None, "goldrush serve stopped"
            time.sleep(0.2)
    raise AssertionError(f"{url} did not answer in 30 s")


def test_the_browser_shows_the_gold_of_two_rounds_played_elsewhere(tmp_path: Path) -> None:
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium")
    assert executable, "no chromium: `make test-browser` installs Debian's package"
    path = Path(player(tmp_path, "new", "Ann", "Bo", "Cy"))
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    server = start_serve(tmp_path, port, subprocess.DEVNULL)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    received: list[str] = []
    try:
        wait_for_page(url, server)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=executable, headless=True, args=["--no-sandbox"]
            )
            page = browser.new_page(viewport={"width": 1280, "height": 720})

            def on_socket(websocket) -> None:  # type: ignore[no-untyped-def]
                def on_frame(payload: str | bytes) -> None:
                    data = payload if isinstance(payload, str) else payload.decode(errors="replace")
                    received.append(data)

                websocket.on("framereceived", on_frame)

            page.on("websocket", on_socket)
            page.goto(url)
            deadline = time.monotonic() + 30
            while "Following" not in "".join(received):
                assert time.monotonic() < deadline, "the display did not start in the browser"
                page.wait_for_timeout(200)
            page.wait_for_timeout(500)
            page.screenshot(path=str(ARTIFACTS / "display-before.png"))
            seen_before = len(received)

            player(tmp_path, "rounds", str(path), "2")
            state = GameSession(
                Store(tmp_path, GAMES), Store(tmp_path, GAMES).read_game(path)
            ).state
            gold = str(state.numbers[0]["gold"])
            assert gold != "10" and state.round == 3  # type: ignore[attr-defined]
            lines = glyphs(gold)
            deadline = time.monotonic() + 10
            while True:
                since = "".join(received[seen_before:])
                if "Round 3" in since and all(line.strip() in since for line in lines):
                    break
                assert time.monotonic() < deadline, f"the browser did not get the gold {gold}"
                page.wait_for_timeout(200)
            page.wait_for_timeout(500)
            page.screenshot(path=str(ARTIFACTS / "display.png"))
            browser.close()
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    assert (ARTIFACTS / "display.png").stat().st_size > 0
