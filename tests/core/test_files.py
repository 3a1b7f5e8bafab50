"""Bounded reads: FIFOs, devices, folders and oversized files are refused, never waited on."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.files import UnreadableFile, read_bounded


def test_a_regular_file_within_the_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "a.toml"
    path.write_bytes(b"x" * 100)
    assert read_bounded(path, 100) == b"x" * 100


def test_a_file_over_the_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "a.toml"
    path.write_bytes(b"x" * 101)
    with pytest.raises(UnreadableFile, match="too large"):
        read_bounded(path, 100)


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    os.mkfifo(path)
    with pytest.raises(UnreadableFile, match="a pipe"):
        read_bounded(path, 100)


def test_a_link_to_an_endless_device_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.symlink_to("/dev/zero")
    with pytest.raises(UnreadableFile, match="a device"):
        read_bounded(path, 100)


def test_a_folder_and_a_missing_file_are_refused(tmp_path: Path) -> None:
    with pytest.raises(UnreadableFile, match="a folder"):
        read_bounded(tmp_path, 100)
    with pytest.raises(UnreadableFile, match="cannot be read"):
        read_bounded(tmp_path / "missing", 100)
