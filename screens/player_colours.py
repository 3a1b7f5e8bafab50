"""A player's colour as drawn: companion/table.py's set for the app's theme, dark or light
(`app.current_theme.dark`), and a redraw when the theme changes from one to the other.

Every place that draws a player's colour asks here, so the choice of set is made once."""

from __future__ import annotations

from collections.abc import Callable

from textual.dom import DOMNode
from textual.theme import Theme

from companion.table import player_rgb, rich_colour


def dark_theme(node: DOMNode) -> bool:
    """Whether `node`'s app shows a dark theme (a light one draws the light set)."""
    return node.app.current_theme.dark


def player_colour(node: DOMNode, colour: str) -> str:
    """A player's colour as a Rich style names it, for `node`'s app's theme (`rich_colour`):
    "default" for a name that is not an offered colour."""
    return rich_colour(colour, dark_theme(node))


def player_colours(node: DOMNode) -> Callable[[str], str]:
    """`player_colour` for many players at once: the theme looked up once (Builders' board
    draws a building a cell)."""
    dark = dark_theme(node)
    return lambda colour: rich_colour(colour, dark)


def player_line_rgb(node: DOMNode, colour: str) -> tuple[int, int, int] | str:
    """A player's colour as plotext takes it (RGB), for the theme: "default" for a name
    that is not an offered colour."""
    return player_rgb(colour, dark_theme(node)) or "default"


def follow_theme(node: DOMNode, redraw: Callable[[], object]) -> None:
    """Call `redraw` (on `node`, once its messages are handled) whenever the app's theme
    changes from dark to light or back: the players' colours change set. A mounted node
    only; it stops with the node. Parts that keep what they drew (the lines a widget repaints
    only when they change, a screen's note of what it shows) drop it in `redraw`."""
    dark = dark_theme(node)

    def changed(theme: Theme) -> None:
        nonlocal dark
        if theme.dark != dark:
            dark = theme.dark
            redraw()

    node.app.theme_changed_signal.subscribe(node, changed)
