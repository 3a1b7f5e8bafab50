"""The core stays free of Textual: an import-linter contract and a live import check."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_import_linter_contract_holds() -> None:
    lint_imports = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run(
        [str(lint_imports), "--config", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 kept, 0 broken" in result.stdout


def test_importing_the_core_loads_no_textual() -> None:
    code = (
        "import sys, pkgutil, importlib, companion, companion.games\n"
        "for m in pkgutil.walk_packages(companion.__path__, 'companion.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = [name for name in sys.modules if name.split('.')[0] in ('textual', 'screens')]\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
