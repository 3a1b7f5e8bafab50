"""When its terminal goes away without a hangup, the app quits instead of spinning."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

from screens.terminal import terminal_gone

ROOT = Path(__file__).resolve().parents[2]


def test_a_closed_pseudo_terminal_is_gone_and_an_open_one_is_not() -> None:
    master, slave = os.openpty()
    try:
        assert not terminal_gone(slave)
        os.close(master)
        assert terminal_gone(slave)
    finally:
        os.close(slave)


def test_the_app_quits_when_its_terminal_goes_away(tmp_path: Path) -> None:
    """No SIGHUP: the process that held the terminal's other end just closed it."""
    master, slave = os.openpty()
    env = dict(os.environ, GOLDRUSH_DATA_DIR=str(tmp_path), TERM="xterm-256color")
    env["PYTHONPATH"] = str(ROOT)
    app = subprocess.Popen(
        [sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main())"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,  # no controlling terminal: closing it sends no hangup
        env=env,
    )
    os.close(slave)
    try:
        drawn = b""
        deadline = time.monotonic() + 30
        while b"saved games" not in drawn.lower() and time.monotonic() < deadline:
            if select.select([master], [], [], 0.2)[0]:
                drawn += os.read(master, 65536)
        assert b"saved games" in drawn.lower(), "the home screen was never drawn"
        os.close(master)
        app.wait(timeout=20)  # quits within a look or two at the terminal
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
