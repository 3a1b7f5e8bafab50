"""`goldrush serve` in a process of its own, for the suite and for `make test-browser`."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_serve(data_dir: Path, port: int, output: int | None) -> subprocess.Popen[bytes]:
    """The server on 127.0.0.1:`port` for `data_dir`; `output` is where its stdout and
    stderr go (subprocess.PIPE to read its address, DEVNULL to drop it)."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion.cli",
            "--data-dir",
            str(data_dir),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        cwd=ROOT,
        stdout=output,
        stderr=subprocess.STDOUT if output == subprocess.PIPE else output,
    )
