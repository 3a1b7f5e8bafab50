"""Another copy of the app in its own process, for the tests of two copies on one game."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from companion.store import Store

WORKER = Path(__file__).with_name("copy_worker.py")
ROOT = Path(__file__).resolve().parents[2]


class Copy:
    """Another copy of the app (the core) in its own process."""

    def __init__(self, store: Store) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.process = subprocess.Popen(
            [sys.executable, str(WORKER), str(store.root)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )

    def __call__(self, line: str) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        reply = self.process.stdout.readline()
        assert reply, f"the copy stopped while doing {line!r}"
        return json.loads(reply)

    def exit(self) -> None:
        self("exit")
        assert self.process.wait(timeout=10) == 0

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
