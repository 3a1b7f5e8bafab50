"""Textual's Footer, composed again only when the keys it shows changed.

Textual's Footer throws its keys away and makes them anew at every change of the screen's
bindings, which comes with every move of the focus and every dialog closed: a dozen widgets
mounted, two layouts of the whole screen and two frames, though it shows the same keys
almost every time (#16). This one compares what it would show with what it shows first.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer


class SteadyFooter(Footer):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shown: tuple[object, ...] | None = None

    def _would_show(self) -> tuple[object, ...]:
        """What its keys are made from: each shown binding, enabled or not, its tooltip, and
        the command palette's key."""
        active = self.screen.active_bindings
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        return (
            self.compact,
            self.show_command_palette,
            None if palette is None else (palette.binding, palette.enabled, palette.tooltip),
            *(
                (binding, enabled, tooltip)
                for (_, binding, enabled, tooltip) in active.values()
                if binding.show
            ),
        )

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self._shown = self._would_show()
        yield from super().compose()

    async def recompose(self) -> None:
        """Textual asks for it at every change of the bindings: done only when the keys to
        show are not the ones shown (and not at all once it is gone, as Textual's own)."""
        if not self.is_attached or self._pruning:
            return
        if self._shown is None or self._would_show() != self._shown:
            await super().recompose()
