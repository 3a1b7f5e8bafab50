"""A full disk, simulated with a file-size limit so that writes really come up short."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_full_disk_never_breaks_the_file_nor_loses_an_acknowledged_change(
    tmp_path: Path,
) -> None:
    """After every refused append the file is whole and holds exactly the acknowledged
    entries; once space is back the next change lands after a whole entry; a torn repair
    on a full disk leaves no partial copy (see full_disk_child.py)."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.reliability.full_disk_child", str(tmp_path), "150", "11"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    figures = json.loads(done.stdout.splitlines()[-1])
    assert figures["refused"] == 150 and figures["acknowledged"] >= 100
    print("full disk:", figures)
