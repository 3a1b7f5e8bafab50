"""`goldrush serve`: it answers HTTP on a free port and its page opens a websocket that runs
the display (an HTTP client against 127.0.0.1 only, every wait bounded)."""

from __future__ import annotations

import asyncio
import re
import shlex
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from companion.cli import build_parser
from companion.serve import app_command
from companion.session import GameSession
from tests.display.serving import free_port, start_serve


def test_the_served_command_is_ours_with_fixed_arguments(tmp_path: Path) -> None:
    odd = tmp_path / "data; rm -rf ~ $(reboot)"
    assert shlex.split(app_command(odd, full=False)) == [
        sys.executable,
        "-m",
        "companion.cli",
        "--data-dir",
        str(odd),
        "display",
    ]
    assert shlex.split(app_command(odd, full=True))[-1] == str(odd)  # the whole app


def test_serve_listens_on_this_computer_only_unless_told() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.full) == ("localhost", 8000, False)


def test_a_port_in_use_or_an_unknown_host_is_said_before_any_address(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A port in use was said only after "Open http://localhost:PORT in a browser", which
    was another server's; an unknown host named neither the host nor the option (a
    play-test)."""
    import socket

    from companion.games import GAMES
    from companion.serve import serve
    from companion.store import Store

    store = Store(tmp_path, GAMES)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert serve(store, "127.0.0.1", port, full=False) == 2
    out, err = capsys.readouterr()
    assert out == "" and f"port {port} is already in use on 127.0.0.1" in err
    assert "--port" in err
    assert serve(store, "nosuchhost.invalid", 8000, full=False) == 2
    out, err = capsys.readouterr()
    assert out == "" and "cannot listen on 'nosuchhost.invalid' (--host)" in err


#: A terminal's control sequences (colours, cursor moves), taken out of what the page gets.
CONTROL = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]")


async def _served(data_dir: Path, size: str, wanted: list[bytes]) -> bytes:
    """What `goldrush serve` on `data_dir` sends a browser's window of `size` ("80x24"), its
    terminal's control sequences taken out, until it has said each of `wanted` (or 30 s)."""
    port = free_port()
    server = start_serve(data_dir, port, subprocess.PIPE)
    try:
        page = ""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as answer:
                    assert answer.status == 200
                    page = answer.read().decode()
                break
            except OSError:
                assert server.poll() is None, server.stdout.read().decode()  # type: ignore[union-attr]
                await asyncio.sleep(0.2)
        assert f"ws://127.0.0.1:{port}/ws" in page
        width, height = size.split("x")
        seen = b""
        async with (
            aiohttp.ClientSession() as client,
            client.ws_connect(
                f"ws://127.0.0.1:{port}/ws?width={width}&height={height}",
                timeout=aiohttp.ClientWSTimeout(ws_close=5),
            ) as websocket,
        ):
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                if all(part in CONTROL.sub(b"", seen) for part in wanted):
                    break
                message = await asyncio.wait_for(websocket.receive(), timeout=30)
                if message.type == aiohttp.WSMsgType.BINARY:
                    seen += message.data
                elif message.type == aiohttp.WSMsgType.TEXT:
                    seen += message.data.encode()
                else:
                    break
        return CONTROL.sub(b"", seen)
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


async def test_serve_answers_http_and_its_websocket_runs_the_display(tmp_path: Path) -> None:
    seen = await _served(tmp_path, "80x24", [b"No game"])
    assert b"No game" in seen  # the display's list: no game is saved in this folder


async def test_a_served_builders_game_shows_its_board(tmp_path: Path) -> None:
    """The browser's display (the same display, served) showed no Builders board: it shows
    the board, its buildings, Track Token and Train Marker, as the terminal's does."""
    from companion.games import GAMES
    from companion.setup import SetupForm, build_header
    from companion.store import Store
    from companion.table import COLOURS

    store = Store(tmp_path, GAMES)
    names = ["Ann", "Bo", "Cy", "Dee"]
    header, _ = build_header(SetupForm("builders", names, list(COLOURS[:4]), 0, {}))
    session = GameSession.create(store, header)
    rules: Any = session.rules
    session.act(rules.board(session.state, [5] * 10))
    session.act(rules.build(session.state, 0, 3, 1, 3))
    session.act(rules.build(session.state, 1, 2, 4, 2))
    session.close()
    wanted = [b"A Ann", b"A3", b"B2", "◀".encode(), b"=..= Track Token"]
    seen = await _served(tmp_path, "120x40", wanted)
    assert all(part in seen for part in wanted), seen[-2000:]
