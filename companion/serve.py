"""`goldrush serve`: the table display in browsers (and the parser lines of `display`, which
`companion.cli` starts: the one module of the core allowed to start the UI).

`serve` runs textual-serve (the Textual project's own web server for Textual apps): each
browser that opens the page gets its own copy of a fixed command, ours, started with fixed
arguments (this Python, `-m companion.cli`, the data folder, `display`). Nothing a browser
sends reaches that command line: textual-serve only passes the window's size. By default only
the display is served (read-only: it never writes a game), and only on this computer.
"""

from __future__ import annotations

import argparse
import shlex
import socket
import sys
from pathlib import Path

from companion.safe_text import quoted, visible
from companion.store import Store

DEFAULT_HOST = "localhost"
DEFAULT_PORT = 8000
#: Hosts that mean "every network this computer is on".
EVERYWHERE = ("0.0.0.0", "::", "")


def add_commands(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The parser lines of `display` and `serve` (kept here so cli.py changes little)."""
    display = commands.add_parser(
        "display", help="a read-only, large-type view of a game for the table (live)"
    )
    display.add_argument(
        "game_id",
        metavar="GAME",
        nargs="?",
        help="a game's id, as `goldrush list` shows it (default: the latest game in play)",
    )
    server = commands.add_parser(
        "serve", help="serve the table display to browsers (a TV, the phones at the table)"
    )
    server.add_argument(
        "--host",
        default=DEFAULT_HOST,
        metavar="H",
        help=f"where to listen (default: {DEFAULT_HOST}, this computer only; "
        "0.0.0.0 for the phones on the same network)",
    )
    server.add_argument(
        "--port", type=int, default=DEFAULT_PORT, metavar="P", help=f"default: {DEFAULT_PORT}"
    )
    server.add_argument(
        "--full", action="store_true", help="serve the whole app, not only the display"
    )


def _fail(message: str) -> int:
    print(visible(message), file=sys.stderr)
    return 2


def app_command(root: Path, full: bool) -> str:
    """The one command textual-serve runs for each browser: ours, with fixed arguments."""
    parts = [sys.executable, "-m", "companion.cli", "--data-dir", str(root)]
    if not full:
        parts.append("display")
    return shlex.join(parts)


def lan_address() -> str:
    """This computer's address on its network, as phones would reach it (no packet is sent:
    a UDP socket only picks the route), or its host name when there is no network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent
        return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()


def listen_problem(host: str, port: int) -> str | None:
    """Why the server could not listen there, or None: tried by binding a socket once, so
    that it is said before the address to open is printed (a port in use was said only
    after "Open http://localhost:8000", another server's: a play-test)."""
    import errno

    try:
        found = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except socket.gaierror as error:
        return f"cannot listen on {quoted(host)} (--host): {error.strerror}"
    family, kind, proto, _, address = found[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # (as the server does)
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return (
                    f"port {port} is already in use on {host} (another goldrush serve?): "
                    "choose another with --port"
                )
            if error.errno == errno.EACCES:
                return f"port {port} needs more rights: choose one above 1024 with --port"
            return f"cannot listen on {host}:{port}: {error.strerror or error}"
    return None


def serve(store: Store, host: str, port: int, full: bool) -> int:
    """Serve the display (or with `full`, the app) until ctrl+c."""
    if not 0 < port < 65536:
        return _fail(f"goldrush serve: --port is 1 to 65535, not {port}")
    problem = listen_problem(host, port)
    if problem is not None:  # said before "Open ..." (that address was someone else's)
        return _fail(f"goldrush serve: {problem}")
    from textual_serve.server import Server

    store.root.mkdir(parents=True, exist_ok=True)
    shown_host = lan_address() if host in EVERYWHERE else host
    url = f"http://{shown_host}:{port}"
    what = "the whole app" if full else "the table display (read-only)"
    print(f"Serving {what} on {url}", flush=True)
    if host in EVERYWHERE:
        print(f"Open {url} on the TV and the phones (same network).", flush=True)
    else:
        print(f"Open {url} in a browser on this computer.", flush=True)
    print("ctrl+c stops it.", flush=True)
    server = Server(
        app_command(store.root.resolve(), full),
        host=host,
        port=port,
        title="Goldrush Companion",
        public_url=url,
    )
    server.serve()
    return 0
