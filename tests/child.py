"""A Python script run in a fresh process from the project's folder: what it prints last, as
JSON (what a fresh start imports, compiles or shows, without this test process's modules)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def json_of(script: str, *args: str, timeout: float = 60) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=timeout,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]
