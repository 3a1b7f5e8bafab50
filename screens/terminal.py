"""The app quits when its terminal goes away without a hangup signal.

A terminal window closed, or an ssh session dropped, sends the app SIGHUP and it ends. A
terminal that simply vanishes (a program that drove it killed, a pseudo-terminal closed by
its owner) sends nothing: Textual's input thread then reads end-of-file over and over, and
the app ran on at ~40% of a core, holding its game as the one writer, so the next copy opened
it read-only. Everything shown is already saved: quitting loses nothing.
"""

from __future__ import annotations

import errno
import os

CHECK_EVERY = 2.0  # seconds between looks at the terminal (a zero-byte write each)
GONE = {errno.EIO, errno.ENXIO, errno.EBADF}


def terminal_gone(fd: int) -> bool:
    """True when the terminal behind `fd` is gone: writing nothing to it fails (a zero-byte
    write to a live terminal does nothing at all)."""
    try:
        os.write(fd, b"")
    except OSError as error:
        return error.errno in GONE
    return False
