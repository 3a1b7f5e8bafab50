"""WrappedRows: a Static's wrapping, a Rows' repaint of only the lines that changed (#16)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from screens.widgets.wrapped_rows import WrappedRows, _wrap_line, wrapped_height
from tests.screens.test_fast_widgets import layouts_during

PROPERTIES = (("hotel", 300), ("hotel", 200), ("store", 1200), ("bank", 50))
PANEL = """
Static, WrappedRows {
    width: 24;
    padding: 0 1;
    border-left: wide red;
}
#fixed {
    height: 3;
}
"""

LINES = [
    Text.assemble(("Ann", "bold"), "  $1850  3/5"),
    Text("hotel $300, hotel $200, hotel $100, bank $50 and a long-long-long-word", "italic"),
]
#: the properties as Calamityville shows them: a no-break space in each
HELD = Text(", ".join(f"{kind}\u00a0${value}" for kind, value in PROPERTIES), style="italic")


class PanelApp(App[None]):
    CSS = PANEL

    def compose(self) -> ComposeResult:
        yield Static(Text("\n").join(LINES), id="static")
        yield WrappedRows(LINES, id="wrapped")
        yield WrappedRows([LINES[0], HELD], id="fixed")


def drawn(widget: Static | WrappedRows) -> list[str]:
    return [strip.text for strip in widget.render_lines(widget.region.reset_offset)]


async def test_it_wraps_as_a_static_does_and_keeps_the_text_as_given() -> None:
    app = PanelApp()
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        static, wrapped = app.query_one("#static", Static), app.query_one("#wrapped", WrappedRows)
        assert drawn(wrapped) == drawn(static)
        assert wrapped.size.height == static.size.height == 5
        assert wrapped.plain == "\n".join(line.plain for line in LINES)  # unwrapped


async def test_a_changed_number_repaints_its_line_alone_with_no_layout() -> None:
    app = PanelApp()
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        wrapped = app.query_one("#wrapped", WrappedRows)
        kept = dict(wrapped._strips)
        layouts = layouts_during(app)
        wrapped.show([Text.assemble(("Ann", "bold"), "  $1700  3/5"), LINES[1]])
        await pilot.pause()
        assert layouts[0] == 0
        assert all(wrapped._strips.get(y) is kept[y] for y in (1, 2, 3, 4))  # not drawn again
        assert "$1700" in drawn(wrapped)[0]
        wrapped.show([LINES[0], Text(LINES[1].plain + ", store $200, mine $1200")])
        await pilot.pause()
        assert layouts[0] >= 1 and wrapped.size.height == 7  # more lines: laid out anew


async def test_a_fixed_height_takes_a_line_more_or_less_without_a_layout() -> None:
    app = PanelApp()
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        fixed = app.query_one("#fixed", WrappedRows)
        assert len(fixed.texts) == 3  # cut to what it shows, as a Static's would be
        layouts = layouts_during(app)
        fixed.show([LINES[0], Text("no properties")])
        await pilot.pause()
        fixed.show([LINES[0], HELD])
        await pilot.pause()
        assert layouts[0] == 0
        assert drawn(fixed)[1].endswith(" hotel\u00a0$300,           ")


async def test_a_no_break_space_holds_its_words_together() -> None:
    app = PanelApp()
    async with app.run_test(size=(40, 20)) as pilot:
        fixed = app.query_one("#fixed", WrappedRows)
        fixed.styles.height = 6
        await pilot.pause()
        shown = [line.plain for line in fixed.texts[1:] if line.plain]
        assert shown == ["hotel\u00a0$300,", "hotel\u00a0$200,", "store\u00a0$1200, bank\u00a0$50"]


async def test_a_new_width_wraps_the_lines_anew() -> None:
    app = PanelApp()
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        wrapped = app.query_one("#wrapped", WrappedRows)
        wrapped.styles.width = 90
        await pilot.pause()
        assert wrapped.size.height == 2
        assert [line.plain for line in wrapped.texts] == [line.plain for line in LINES]


class RoomApp(App[None]):
    CSS = "#left { width: 10; } #room { width: 1fr; height: 1fr; }"

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield Static("left", id="left")
            yield WrappedRows([LINES[1]], id="room")


async def test_a_height_not_its_lines_is_wrapped_anew_in_the_layouts_own_frame(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    """A WrappedRows whose height is not its lines' (Builders' notes: the room under the
    board, #16) and whose width a layout changes is drawn wrapped at its new width in that
    layout's frame: wrapped only once the resize reached it, a second frame followed."""
    seen: list[tuple[int, int]] = []
    on_resize = WrappedRows.on_resize

    def resized(self, event):  # type: ignore[no-untyped-def]
        seen.append((self._width, self.size.width))  # wrapped at when the frame was drawn
        on_resize(self, event)

    monkeypatch.setattr(WrappedRows, "on_resize", resized)
    app = RoomApp()
    async with app.run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        room = app.query_one("#room", WrappedRows)
        seen.clear()
        app.query_one("#left").styles.width = 20
        await pilot.pause()
        assert room.size.width == 40
        assert seen == [(40, 40)]
        assert drawn(room)[1].startswith("$50 and a long-long-long-word")


class MostApp(App[None]):
    CSS = PANEL + "#most { max-height: 2; }"

    def compose(self) -> ComposeResult:
        yield WrappedRows([LINES[1]], id="most")


async def test_lines_cut_by_a_height_end_in_an_ellipsis() -> None:
    """What a fixed height or a `max-height` leaves out is shown to be there: a Coloma
    Event for six players lost its end with no sign of it (a play-test)."""
    app = MostApp()
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        most = app.query_one("#most", WrappedRows)
        assert most.size.height == 2
        shown = [line.rstrip() for line in drawn(most)]
        assert shown[0].endswith("hotel $300, hotel") and shown[1].endswith("…"), shown
        assert len(shown[1]) <= most.region.width
        most.show([Text("a short line now")])  # fits: no ellipsis
        await pilot.pause()
        assert "…" not in "".join(drawn(most))
    app = PanelApp()
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        assert drawn(app.query_one("#fixed", WrappedRows))[2].rstrip().endswith("$200,…")


def test_a_hanging_indent_puts_a_lines_continuation_under_it() -> None:
    """Boomtown's player cards: a town's mines wrapped onto a line of their own read as the
    next town's (a play-test); indented, they are the line above's."""
    line = Text("Cactus Junction: 8→7 9→2 10→3\u00a0mayor")
    assert [part.plain for part in _wrap_line(line, 22, hanging=2)] == [
        "Cactus Junction: 8→7",
        "  9→2 10→3\u00a0mayor",
    ]
    assert [part.plain for part in _wrap_line(line, 14, hanging=2)] == [
        "Cactus",
        "  Junction:",
        "  8→7 9→2",
        "  10→3\u00a0mayor",
    ]
    assert _wrap_line(line, 9, hanging=2)[1].plain == "Junction:"  # no room for an indent


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.text(st.sampled_from("ab .,\u00a0漢\n-"), max_size=12), max_size=6),
    st.integers(0, 12),
)
def test_the_lines_counted_are_the_lines_wrapped(words: list[str], width: int) -> None:
    """`wrapped_height` counts what `WrappedRows` shows, without making the lines (#16)."""
    text = Text(" ".join(words))
    assert wrapped_height(text, width) == len(_wrap_line(text, width))
