"""Textual's Footer, composed again only when the keys it shows changed.

Textual's Footer throws its keys away and makes them anew at every change of the screen's
bindings, which comes with every move of the focus and every dialog closed: a dozen widgets
mounted, two layouts of the whole screen and two frames, though it shows the same keys
almost every time (#16). This one compares what it would show with what it shows first.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
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

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._compose_if_changed)

    async def _compose_if_changed(self) -> None:
        if self.is_attached and self._would_show() != self._shown:
            await self.recompose()
