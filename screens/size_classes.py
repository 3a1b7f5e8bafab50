"""The classes a screen's .tcss lays it out by for a small terminal: `-narrow`, `-short`.

They are given to a screen as it is made, from the terminal's size then (#16): added at the
screen's first resize instead, each restyled the whole screen just after its widgets were
styled as mounted (at 80x24, a fifth of a game screen's cost to its first frame). A resize
afterwards changes them as before.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual._context import active_app  # the running app, as a screen is made
from textual.dom import DOMNode
from textual.geometry import Size

#: Below this many columns the log gives way to the game (f2 shows it instead of it).
NARROW = 110
#: Below this many rows, screens drop their spacing.
SHORT = 30


def size_classes(size: Size) -> dict[str, bool]:
    """Each class and whether a terminal of this size has it."""
    return {"-narrow": size.width < NARROW, "-short": size.height < SHORT}


def set_size_classes(screen: DOMNode, size: Size) -> None:
    """At a resize: the classes this size has set, the others taken away."""
    for name, wanted in size_classes(size).items():
        screen.set_class(wanted, name)


def initial_classes() -> str:
    """The classes of a screen made now, for its constructor ("" outside a running app)."""
    try:
        size = active_app.get().size
    except LookupError:
        return ""
    return " ".join(name for name, on in size_classes(size).items() if on)


def narrow_like_the_screen_below() -> bool | None:
    """For a dialog made now: whether the screen it opens over is laid out narrow (None: that
    screen does not ask its dialogs to follow its width, as home)."""
    try:
        stack = active_app.get().screen_stack
    except LookupError:
        return None
    if not stack or not getattr(stack[-1], "DIALOGS_FOLLOW_ITS_WIDTH", False):
        return None
    return stack[-1].has_class("-narrow")


class NarrowLikeBelow:
    """Mixed in before a screen class shown over a game (the dialogs, the command palette):
    `-narrow` as the screen below, and along with the terminal after a resize, so app.tcss
    shows its toasts where the game's show (seen twice, in two places, before). A plain
    mixin, not a DOMNode."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sized_like_below = narrow_like_the_screen_below()
        if self._sized_like_below:
            self.set_class(True, "-narrow", update=False)  # type: ignore[attr-defined]

    def on_resize(self, event: events.Resize) -> None:
        if self._sized_like_below is not None:
            narrow = size_classes(event.size)["-narrow"]
            self.set_class(narrow, "-narrow")  # type: ignore[attr-defined]
