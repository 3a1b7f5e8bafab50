"""Textual's Footer, composed again only when the keys it shows changed.

Textual's Footer throws its keys away and makes them anew at every change of the screen's
bindings, which comes with every move of the focus and every dialog closed: a dozen widgets
mounted, two layouts of the whole screen and two frames, though it shows the same keys
almost every time (#16). This one compares what it would show with what it shows first.

It also shows f1 (Help) and ctrl+q (Quit) first, the two keys a new player needs: Textual
puts the app's keys after the screen's, and on a narrow terminal (80 columns) or a screen
with many keys (Boomtown's) they ran off the right edge. The other keys give way: a key that
does not fit whole is not shown at all, rather than cut in the middle; the keys a screen
names as giving way go first. The keys keep the order their screen gives them, whatever has
the focus. Where the keys fit only in Textual's compact style (one space between keys, not
two), they are drawn in it: Boomtown's twelve keys at 120 columns, where f3 gave way (a
play-test), and Calamityville's eleven (its own keys' descriptions kept short for it); a
footer whose keys fit as usual, or do not all fit even so, keeps the usual.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

#: The keys shown first, in this order, on every screen that has them (the app's).
FIRST_KEYS = ("f1", "ctrl+q")
#: The columns a key takes beside its key and description (Textual's FooterKey styles): as
#: usual, a space each side of the key and one after the description; compact, one space
#: between them and one after the key (its margin).
KEY_EXTRA = {False: 3, True: 2}
#: The command palette's key beside its key and description: a space between them (it is
#: always compact), its left border and a space after it (padding as usual, margin compact).
PALETTE_EXTRA = 3


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
            *sorted(
                (
                    (binding, enabled, tooltip)
                    for (_, binding, enabled, tooltip) in active.values()
                    if binding.show
                ),
                key=lambda shown: shown[0].key,
            ),
        )

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        shown: list[Widget] = [
            FooterKey(
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                disabled=not enabled,
                tooltip=tooltip,
            ).data_bind(compact=Footer.compact)
            for binding, enabled, tooltip in self._first_keys()
        ]
        made = list(super().compose())
        if all(isinstance(widget, FooterKey) for widget in made):  # (no groups of keys)
            places = self._declared_places()

            def place(key: FooterKey) -> tuple[bool, tuple[int, int]]:
                # the palette's key stays last, docked on the right
                return key.has_class("-command-palette"), places.get(key.key, (0, 0))

            made.sort(key=place)  # type: ignore[arg-type]
        shown += [  # the others in the screen's order, after
            widget
            for widget in made
            if not isinstance(widget, FooterKey) or widget.key not in FIRST_KEYS
        ]
        # the style the keys are made in, for the room they will have (the screen's width
        # before the first layout): a style changed later restyles every key
        compact = self._compact_fits(
            [key for key in shown if isinstance(key, FooterKey)],
            self.size.width or self.screen.size.width or self.app.size.width,
        )
        if compact != self.compact:
            self.set_reactive(Footer.compact, compact)
            # (its keys, not made yet, take it at their mount; it draws nothing of its own)
            self.set_class(compact, "-compact", update=False)
        self._shown = self._would_show()  # (the style counts: not made again for it)
        for widget in shown:
            yield self._as_footer(widget) if isinstance(widget, FooterKey) else widget
        self.call_after_refresh(self._give_way)

    def _declared_places(self) -> dict[str, tuple[int, int]]:
        """Each active key's place: its owner's depth (the app, the screen, a widget in it),
        then its place in the owner's bindings. Textual orders the keys as it meets them
        from the focused widget up, so a screen's priority key took the place of a key the
        focused field binds too (Records: "Next tab" came first with the filter focused,
        last with the table focused). The footer keeps one order whatever has the focus."""
        places = {}
        for key, (owner, binding, _, _) in self.screen.active_bindings.items():
            declared = [bound for _, bound in owner._bindings]
            index = next((i for i, bound in enumerate(declared) if bound is binding), 0)
            places[key] = (len(owner.ancestors_with_self), index)
        return places

    @staticmethod
    def _key_width(key: FooterKey, compact: bool) -> int:
        """The columns a key takes in the footer, its margin counted (a key without a
        description is its key alone): counted from its text, as Textual's styles draw it,
        so that the style is chosen before the keys are made and laid out."""
        width = cell_len(key.key_display)
        if key.has_class("-command-palette"):
            return width + cell_len(key.description) + PALETTE_EXTRA
        if not key.description:
            return width + (1 if compact else 0)
        return width + cell_len(key.description) + KEY_EXTRA[compact]

    def _compact_fits(self, keys: Sequence[FooterKey], room: int) -> bool:
        """True when the keys do not all fit in the usual style and do in the compact one."""
        for key in keys:
            if key.has_class("-command-palette"):
                room -= self._key_width(key, True)
        keys = [key for key in keys if not key.has_class("-command-palette")]
        if sum(self._key_width(key, False) for key in keys) <= room:
            return False
        return sum(self._key_width(key, True) for key in keys) <= room

    def _as_footer(self, key: FooterKey) -> FooterKey:
        """A key bound to the footer's `compact` made with its value: Textual's keys start
        compact, add the class for it at their mount, then take the footer's value and drop
        the class again, and each change restyled the key (~8 ms as a game screen opened).
        The palette's key, not bound, is left as Textual makes it."""
        if "compact" in (key._reactive_connect or {}):
            key.set_reactive(FooterKey.compact, self.compact)
            key.set_class(self.compact, "-compact", update=False)
        return key

    def _first_keys(self) -> list[tuple[Binding, bool, str]]:
        """f1 and ctrl+q as the screen has them; a dialog (ModalScreen) leaves the app's
        bindings out of its own, though these two, priority bindings, work in it too."""
        active = self.screen.active_bindings
        first = []
        for key in FIRST_KEYS:
            if key in active:
                _, binding, enabled, tooltip = active[key]
            else:
                bindings = self.app._bindings.key_to_bindings.get(key, [])
                if not (bindings and bindings[0].priority):
                    continue
                binding, enabled, tooltip = bindings[0], True, bindings[0].tooltip
            if binding.show:
                first.append((binding, enabled, tooltip))
        return first

    def on_resize(self) -> None:
        self._give_way()

    def _give_way(self) -> None:
        """Show the keys that fit whole, left of the command palette's key. When they do not
        all fit, the keys the screen names in `FOOTER_GIVES_WAY` are hidden first (in that
        order), then the last ones: a screen's own keys (Boomtown's Split, Calamityville's
        Gold out) outrank keys a table rarely needs mid-game, which F1 and the palette
        still list. The style follows the width: compact only where that shows them all."""
        if not self.is_attached or not self.size.width:
            return  # not laid out yet: done again when it is (its first size is a resize)
        made = list(self.query_children(FooterKey))
        compact = self._compact_fits(made, self.size.width)
        if compact != self.compact:  # (a new width: the keys restyled, not made again)
            self.compact = compact
            if self._shown is not None:
                self._shown = (compact, *self._shown[1:])
        room = self.size.width
        keys: list[tuple[FooterKey, int]] = []
        for key in made:
            if key.has_class("-command-palette"):
                room -= self._key_width(key, compact)  # docked on the right, always shown
            else:
                keys.append((key, self._key_width(key, compact)))
        gives_way: Sequence[str] = getattr(self.screen, "FOOTER_GIVES_WAY", ())
        first_hidden = [shown for name in gives_way for shown in keys if shown[0].key == name]
        used = sum(width for _, width in keys)
        hidden: dict[FooterKey, int] = {}
        for key, width in [*first_hidden, *reversed(keys)]:
            if used <= room:
                break
            if key not in hidden:
                hidden[key] = width
                used -= width
        early = [shown for shown in first_hidden if shown[0] in hidden]
        for key, width in reversed(early):  # the last keys hidden too: room may be left
            if used + width <= room:
                del hidden[key]
                used += width
        for key, _ in keys:
            key.display = key not in hidden

    async def recompose(self) -> None:
        """Textual asks for it at every change of the bindings: done only when the keys to
        show are not the ones shown (and not at all once it is gone, as Textual's own)."""
        if not self.is_attached or self._pruning or not self._in_sight():
            return
        if self._shown is None or self._would_show() != self._shown:
            await super().recompose()

    def _in_sight(self) -> bool:
        """Its screen is on top, or under dialogs only (drawn dimmed behind them). A screen
        covered by another is told its bindings changed as it is left (the home screen's,
        as a game opened over it): its keys are made when it is shown again, whose resume
        tells it too, not while nobody sees them (a dozen widgets, two layouts)."""
        stack = self.app.screen_stack
        if self.screen not in stack:
            return True
        return all(above.is_modal for above in stack[stack.index(self.screen) + 1 :])
