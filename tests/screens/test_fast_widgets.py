"""The widgets that let a key repaint only what it changed (#16): Rows, TailLog, the field."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Input, Static
from textual.widgets._footer import FooterKey

from screens.widgets import backdrop
from screens.widgets.backdrop import PlainHorizontal, PlainVertical
from screens.widgets.command_input import CommandField
from screens.widgets.footer import SteadyFooter
from screens.widgets.rows import Rows, columns, line_strip, painted_line, styled_segments
from screens.widgets.tail_log import TailLog, wrapped
from tests.screens.helpers import send_keys, settle


class RowsApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Rows(["Bucks  1  2", "Gold   3  4", "Land   0  0"], id="rows")
        yield TailLog(id="tail")
        yield CommandField(lambda typed: ["Ann"], id="command")
        yield Static("below", id="below")


def layouts_during(app: App[None]) -> list[int]:
    """Counts the screen's layouts from now on (Textual's compositor reflows)."""
    count = [0]
    screen = app.screen
    original = screen._refresh_layout

    def counting(*args: object, **kwargs: object) -> None:
        count[0] += 1
        original(*args, **kwargs)  # type: ignore[arg-type]

    screen._refresh_layout = counting  # type: ignore[method-assign]
    return count


def test_columns_line_cells_up_and_cut_long_ones() -> None:
    lines = columns(
        [["", "Ann", "Bo"], ["Bucks", "10", "2"], ["Land and more", "1", Text("12345", "red")]],
        justify=["left", "right", "right"],
        max_widths=[8, None, 3],
    )
    assert [line.plain for line in lines] == [
        "         Ann  Bo",
        "Bucks     10   2",
        "Land an…   1 12…",
    ]
    assert lines[2].spans and lines[2].spans[-1].style == "red"  # a cell keeps its style


_STYLES = st.sampled_from(["", "bold", "red", "on blue", "italic green", "reverse"])


@st.composite
def _styled_lines(draw: st.DrawFn) -> Text:
    """A line as the screens make them: runs of styled cells (wide characters, tabs and
    newlines too, which take Rich's own way)."""
    text = Text(
        style=draw(_STYLES), justify=draw(st.sampled_from([None, "default", "left", "right"]))
    )
    for _ in range(draw(st.integers(0, 6))):
        cell = draw(st.text(st.sampled_from("ab .$€漢\t\n▶"), max_size=6))
        text.append(cell, draw(_STYLES) or None)
    return text


@settings(max_examples=300, deadline=None)
@given(_styled_lines(), st.integers(0, 14))
def test_a_line_is_drawn_as_rich_draws_it(text: Text, width: int) -> None:
    """The quick way of drawing a line that fits gives what Rich's whole way gives."""
    assert_drawn_as_rich_draws_it(text, width)


def assert_drawn_as_rich_draws_it(text: Text, width: int) -> Console:
    """`line_strip` draws `text` at `width` as Rich's whole way does; the console used."""
    console = Console(width=80, color_system="truecolor", legacy_windows=False)
    options = console.options.update(width=width, no_wrap=True, overflow="ellipsis")
    expected = console.render_lines(text, options, pad=False)[0] if width else []
    assert _drawn(line_strip(console, text, width)) == _drawn(
        Strip(expected).crop_extend(0, width, None)
    )
    return console


@settings(max_examples=300, deadline=None)
@given(_styled_lines(), st.integers(0, 14), _STYLES)
def test_a_line_is_painted_as_its_drawing_given_the_widgets_style(
    text: Text, width: int, style: str
) -> None:
    """A Rows line made in one go with the widget's style is the line drawn, then given
    that style (#16)."""
    console = Console(width=80, color_system="truecolor", legacy_windows=False)
    widget_style = Style.parse(style or "none") + Style(bgcolor="#102030")
    painted = painted_line(console, text, width, widget_style)
    expected = line_strip(console, text, width).apply_style(widget_style)
    assert painted.cell_length == expected.cell_length == width
    assert _drawn(painted) == _drawn(expected)


@st.composite
def _overlapping_lines(draw: st.DrawFn) -> Text:
    """A styled line with styles laid over parts of it too: spans that overlap, nest, are
    empty or reach past the end (Rich's own way draws those)."""
    text = draw(_styled_lines())
    for _ in range(draw(st.integers(0, 3))):
        start = draw(st.integers(0, len(text.plain) + 1))
        end = draw(st.integers(0, len(text.plain) + 2))
        text.stylize(draw(_STYLES) or "underline", start, end)
    return text


@settings(max_examples=300, deadline=None)
@given(_overlapping_lines(), st.integers(0, 14))
def test_a_line_with_overlapping_styles_is_drawn_as_rich_draws_it(text: Text, width: int) -> None:
    """The segments made directly give Rich's, overlapping styles included (#16)."""
    console = assert_drawn_as_rich_draws_it(text, width)
    if text.spans:  # (a line without any is drawn without them)
        assert _drawn(Strip(styled_segments(console, text))) == _drawn(
            Strip(list(text.render(console)))
        )


@settings(max_examples=300, deadline=None)
@given(_styled_lines(), st.integers(1, 14))
def test_a_log_sentence_is_wrapped_as_rich_wraps_it(text: Text, width: int) -> None:
    """The quick way of drawing a sentence that fits gives what Rich's wrapping gives."""
    console = Console(width=80, color_system="truecolor", legacy_windows=False)
    expected = console.render_lines(text, console.options.update_width(width), pad=False)
    assert [_drawn(line) for line in wrapped(console, text, width)] == [
        _drawn(Strip(line).extend_cell_length(width)) for line in expected
    ]


def _drawn(strip: Strip) -> list[tuple[str, object]]:
    """What a line looks like: its characters and their styles (empty pieces draw nothing)."""
    pieces = Strip([segment for segment in strip if segment.text]).simplify()
    return [(segment.text, segment.style) for segment in pieces]


def test_columns_of_nothing() -> None:
    assert columns([]) == []


async def test_rows_repaint_only_the_line_that_changed_without_a_layout() -> None:
    app = RowsApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        rows = app.query_one(Rows)
        assert rows.size.height == 3
        drawn = dict(rows._strips)
        assert set(drawn) == {0, 1, 2}
        layouts = layouts_during(app)
        rows.show(["Bucks  1  2", "Gold   9  4", "Land   0  0"])
        await settle(pilot)
        assert layouts[0] == 0
        assert rows._strips[0] is drawn[0] and rows._strips[2] is drawn[2]
        assert "Gold   9  4" in rows.render_line(1).text
        rows.show(["Bucks  1  2", "Gold   9  4", "Land   0  0", "Horses 1"])
        await settle(pilot)
        assert layouts[0] >= 1 and rows.size.height == 4  # one more line: laid out anew
        rows.show(rows.texts)  # the same text: nothing at all
        assert rows.plain.splitlines()[-1] == "Horses 1"


class SizedRowsApp(App[None]):
    CSS = """
    #cells { height: 4; width: 20; }
    #room { height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        yield Rows(["one", "two"], id="cells")
        yield Rows(["three"], id="room")


async def test_rows_of_a_size_not_their_contents_take_more_lines_or_fewer_without_a_layout() -> (
    None
):
    """A height (or width) in cells or fractions does not depend on the lines: more of them,
    fewer, or a wider one, are repainted in place (Builders' board, in the place kept for it
    before its size is typed: #16). A line more than the height is not drawn."""
    app = SizedRowsApp()
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        cells, room = app.query_one("#cells", Rows), app.query_one("#room", Rows)
        sizes = (cells.size, room.size)
        layouts = layouts_during(app)
        cells.show(["one", "two", "three", "a line wider than before", "five"])
        room.show(["three", "four"])
        await settle(pilot)
        assert layouts[0] == 0 and (cells.size, room.size) == sizes
        drawn = [strip.text for strip in cells.render_lines(cells.region.reset_offset)]
        assert drawn == [
            "one".ljust(20),
            "two".ljust(20),
            "three".ljust(20),
            "a line wider than b…",
        ]
        assert room.render_line(1).text.startswith("four")
        cells.show(["one"])
        await settle(pilot)
        assert layouts[0] == 0
        drawn = [strip.text for strip in cells.render_lines(cells.region.reset_offset)]
        assert drawn == ["one".ljust(20), *[" " * 20] * 3]  # the lines gone are blank


def rows_made(tail: TailLog) -> list[int]:
    """The rows the log makes from now on (Textual asks for a row only when it is not in its
    styles cache)."""
    made: list[int] = []
    original = tail.render_line

    def spy(y: int):  # type: ignore[no-untyped-def]
        made.append(y)
        return original(y)

    tail.render_line = spy  # type: ignore[method-assign]
    return made


async def test_the_tail_log_shows_its_newest_lines_and_looks_back() -> None:
    app = RowsApp()
    async with app.run_test(size=(40, 20)) as pilot:
        tail = app.query_one(TailLog)
        tail.styles.height = 4
        await settle(pilot)
        tail.set_texts([Text(f"line {number}") for number in range(10)])
        await settle(pilot)
        shown = [tail.render_line(y).text.strip() for y in range(4)]
        assert shown == ["line 6", "line 7", "line 8", "line 9"]
        layouts = layouts_during(app)
        tail.append([Text("line 10")], keep=8)
        await settle(pilot)
        assert layouts[0] == 0  # an appended line repaints the log alone
        assert len(tail.lines) == 8 and tail.lines[0].text.strip() == "line 3"
        assert tail.render_line(3).text.strip() == "line 10"
        tail.page(1)
        assert tail.back == 3
        assert tail.render_line(0).text.strip() == "line 4"
        tail.page(5)  # no further than the oldest
        assert tail.render_line(0).text.strip() == "line 3"
        tail.page(-5)
        assert tail.back == 0
        tail.page(1)
        tail.append([Text("line 11")], keep=8)  # a new line brings back the newest
        assert tail.back == 0


async def test_the_tail_log_wraps_a_long_sentence_at_its_width() -> None:
    app = RowsApp()
    async with app.run_test(size=(20, 20)) as pilot:
        tail = app.query_one(TailLog)
        tail.set_texts([Text("a sentence far longer than the log is wide")])
        await settle(pilot)
        assert len(tail.lines) > 1
        assert all(line.cell_length == tail.size.width for line in tail.lines)


async def test_typing_in_the_command_field_needs_no_layout() -> None:
    app = RowsApp()
    async with app.run_test(size=(40, 20)) as pilot:
        field = app.query_one(CommandField)
        field.focus()
        await settle(pilot)
        layouts = layouts_during(app)
        await pilot.press("a", "n", "n", "backspace")
        field.value = ""
        await settle(pilot)
        assert layouts[0] == 0


async def test_a_long_command_scrolls_in_its_field() -> None:
    app = RowsApp()
    async with app.run_test(size=(20, 10)) as pilot:
        field = app.query_one(CommandField)
        field.focus()
        send_keys(pilot, "pay ann bo 200 rent and more")
        await settle(pilot)
        assert field.value == "pay ann bo 200 rent and more"
        assert field.scroll_offset.x > 0  # the cursor stays in sight


async def test_drawing_the_log_anew_wraps_only_the_sentences_it_had_not() -> None:
    """An undo draws the log anew with one sentence gone and an older one back in view."""
    app = RowsApp()
    async with app.run_test(size=(40, 20)) as pilot:
        tail = app.query_one(TailLog)
        texts = [Text(f"sentence {number}") for number in range(1, 6)]
        tail.set_texts(texts)
        await settle(pilot)
        before = {line.text: line for line in tail.lines}
        tail.set_texts([Text("sentence 0"), *texts[:-1]])
        await settle(pilot)
        kept = [line for line in tail.lines if line.text in before]
        assert len(kept) == 4 and all(line is before[line.text] for line in kept)
        assert tail.lines[0].text.startswith("sentence 0")


async def test_a_log_not_yet_full_repaints_only_its_new_line() -> None:
    app = RowsApp()
    async with app.run_test(size=(40, 20)) as pilot:
        tail = app.query_one(TailLog)
        tail.styles.height = 6
        tail.set_texts([Text("one"), Text("two")])
        await settle(pilot)
        painted = rows_made(tail)
        tail.append([Text("three")], keep=10)
        await settle(pilot)
        assert painted == [2]
        assert tail.render_line(2).text.strip() == "three"
        painted.clear()
        tail.append([Text(f"line {number}") for number in range(5)], keep=10)
        await settle(pilot)
        # now full: the lines moved up two rows, and only the rows showing new lines are
        # made (row 0 shows "three", already made)
        assert sorted(painted) == [1, 2, 3, 4, 5]
        assert [tail.render_line(y).text.strip() for y in (0, 5)] == ["three", "line 4"]


async def test_a_full_log_moves_its_drawn_lines_and_draws_only_the_new_ones() -> None:
    """Once the log is full each new line moves the others up: the rows already styled are
    moved, not made again (#16), and what is drawn is exactly what drawing it anew gives,
    whatever is appended, wrapped or dropped."""
    app = RowsApp()
    rng = random.Random(16)
    async with app.run_test(size=(30, 20)) as pilot:
        tail = app.query_one(TailLog)
        tail.styles.height = 7
        tail.set_texts([Text("start", style="bold")])
        await settle(pilot)
        painted = rows_made(tail)
        moved = 0  # steps where a full log moved its lines
        for step in range(60):
            words = " ".join(f"w{step}" for _ in range(rng.choice((1, 1, 1, 4, 9))))
            texts = [Text(words, style=rng.choice(("", "italic", "red")))]
            texts *= rng.choice((1, 1, 1, 2, 3))
            keep = rng.choice((4, 6, 12, 40))
            painted.clear()
            full_before = len(tail.lines) >= 7
            tail.append(texts, keep=keep)
            await settle(pilot)
            made = sorted(painted)
            drawn = tail.render_lines(tail.size.region)
            tail._styles_cache.clear()  # the same lines made anew, from nothing
            assert drawn == tail.render_lines(tail.size.region), f"step {step}"
            new_lines = sum(len(lines) for lines in tail._wrapped[-len(texts) :])
            if full_before and new_lines < 7 and len(tail.lines) >= 7:
                assert made == list(range(7 - new_lines, 7)), f"step {step}"
                moved += 1
        assert moved >= 10


async def test_undos_and_looking_back_draw_what_drawing_anew_gives() -> None:
    """Undos (the log drawn anew, one sentence gone and an older one back), appends and
    looking back, in any order: every row shows what a log drawn from nothing shows."""
    app = RowsApp()
    rng = random.Random(61)
    history = [Text(f"change {number} " + "word " * (number % 5)) for number in range(80)]
    async with app.run_test(size=(30, 20)) as pilot:
        tail = app.query_one(TailLog)
        tail.styles.height = 6
        end = 20
        tail.set_texts(history[end - 10 : end])
        await settle(pilot)
        for step in range(80):
            roll = rng.random()
            if roll < 0.35 and end > 11:  # an undo: the newest ten again, one fewer at the end
                end -= 1
                tail.set_texts(history[end - 10 : end])
            elif roll < 0.7 and end < len(history):
                end += 1
                tail.append([history[end - 1]], keep=10)
            else:
                tail.page(rng.choice((1, -1, 2)))
            await settle(pilot)
            drawn = tail.render_lines(tail.size.region)
            tail._styles_cache.clear()
            assert drawn == tail.render_lines(tail.size.region), f"step {step}"
            # the newest lines, ending above the rows undos left blank (none while looking
            # back), and never more blank rows than a third of the height (#16)
            gap = tail._gap
            assert gap <= 6 // 3 and (gap == 0 or tail.back == 0), f"step {step}"
            newest = [line.text for line in tail.lines][-(6 - gap) - tail.back :]
            blank = " " * tail.size.width
            assert [line.text for line in drawn] == newest[: 6 - gap] + [blank] * gap, step


async def test_an_undo_in_a_full_log_leaves_its_rows_and_a_blank_one_at_the_bottom() -> None:
    """At 10,000 entries an undo moved every row of the full log down one (an older line
    back at the top): the whole log repainted, ~3 ms more a key than at 10 entries (#16).
    The undone line's row is left blank, the rows above stay; the next line fills it; a
    gap grown past a third of the height closes (the newest at the bottom again)."""
    app = RowsApp()
    history = [Text(f"change {number}") for number in range(40)]
    async with app.run_test(size=(30, 20)) as pilot:
        tail = app.query_one(TailLog)
        tail.styles.height = 9
        await settle(pilot)
        tail.set_texts(history[10:30])
        await settle(pilot)
        made = rows_made(tail)
        tail.set_texts(history[9:29])  # an undo: change 29 goes, change 9 is back (unseen)
        await settle(pilot)
        assert made == [8]  # only the undone line's row is drawn again
        shown = [tail.render_line(y).text.strip() for y in range(9)]
        assert shown == [f"change {n}" for n in range(21, 29)] + [""]
        made.clear()
        tail.append([history[29]], keep=20)  # the redo fills it
        await settle(pilot)
        assert made == [8] and tail._gap == 0
        assert [tail.render_line(y).text.strip() for y in range(9)][-1] == "change 29"
        for end in (29, 28, 27):  # three undos: three blank rows, a third of 9
            tail.set_texts(history[end - 20 : end])
            await settle(pilot)
        assert tail._gap == 3
        assert [tail.render_line(y).text.strip() for y in range(9)][-4:] == [
            "change 26",
            "",
            "",
            "",
        ]
        tail.set_texts(history[5:25])  # a fourth: past a third, the gap closes
        await settle(pilot)
        assert tail._gap == 0
        assert [tail.render_line(y).text.strip() for y in range(9)][-1] == "change 24"


async def test_a_long_log_wraps_only_the_sentences_it_shows() -> None:
    """A long game opened: 200 sentences, a few rows; the others wait until looked back."""
    app = RowsApp()
    async with app.run_test(size=(30, 20)) as pilot:
        tail = app.query_one(TailLog)
        tail.styles.height = 5
        await settle(pilot)
        tail.set_texts([Text(f"sentence {number}") for number in range(200)])
        await settle(pilot)
        assert sum(lines is not None for lines in tail._wrapped) <= 6
        assert tail.render_line(4).text.strip() == "sentence 199"
        tail.page(3)
        await settle(pilot)
        assert tail.render_line(0).text.strip() == "sentence 183"


class FooterApp(App[None]):
    """Two fields (moving the focus between them changes no key the footer shows) and a
    binding that shows only while the second field has the focus."""

    BINDINGS = [("ctrl+z", "undo", "Undo")]

    def compose(self) -> ComposeResult:
        yield CommandField(lambda: [], id="first")
        yield SecondField(id="second")
        yield Static("plain", id="plain")
        yield SteadyFooter()

    def action_undo(self) -> None:
        pass

    def action_clear_it(self) -> None:
        pass


class SecondField(Input):
    BINDINGS = [("ctrl+k", "app.clear_it", "Clear")]


async def test_the_footer_keeps_its_keys_when_what_it_shows_is_the_same() -> None:
    app = FooterApp()
    async with app.run_test(size=(80, 10)) as pilot:
        footer = app.query_one(SteadyFooter)
        await settle(pilot)
        keys = list(footer.query(FooterKey))
        assert [key.description for key in keys] == ["Undo", "palette"]
        app.query_one("#plain", Static).can_focus = True
        app.query_one("#plain", Static).focus()
        await settle(pilot)
        app.query_one("#first", CommandField).focus()
        await settle(pilot)
        assert list(footer.query(FooterKey)) == keys  # the same widgets: not made again
        app.query_one("#second", SecondField).focus()
        await settle(pilot)
        # the field's own key after the app's (which keep their places as the focus moves)
        assert [key.description for key in footer.query(FooterKey)] == ["Undo", "Clear", "palette"]
        app.query_one("#first", CommandField).focus()
        await settle(pilot)
        assert [key.description for key in footer.query(FooterKey)] == ["Undo", "palette"]


class BackdropApp(App[None]):
    CSS = """
    #side { border-left: tall $primary; padding: 1 2 0 1; background: $panel; width: 30; }
    #boxed { border: round $accent; border-title-align: left; height: 6; }
    """

    def compose(self) -> ComposeResult:
        with PlainHorizontal(id="body"):
            with PlainVertical(id="side"):
                yield Static("a line", id="inside")
            with PlainVertical(id="boxed") as boxed:
                boxed.border_title = "Title"
                yield Static("in a box")


def _cells(app: App[None]) -> list[list[tuple[str, object]]]:
    strips = app.screen._compositor.render_strips()
    return [
        [(char, segment.style) for segment in strip for char in segment.text] for strip in strips
    ]


async def test_containers_drawing_one_line_look_as_drawing_all(monkeypatch) -> None:
    """A container that draws one of its lines for all of them (side borders, padding, a
    background) looks as Textual draws it line by line; one with a top border and a title
    is drawn line by line."""
    async with BackdropApp().run_test(size=(60, 12)) as pilot:
        await settle(pilot)
        assert backdrop.lines_alike(pilot.app.query_one("#side").styles)
        assert not backdrop.lines_alike(pilot.app.query_one("#boxed").styles)
        quick = _cells(pilot.app)
        monkeypatch.setattr(backdrop, "lines_alike", lambda styles: False)
        for widget in pilot.app.screen.walk_children():
            widget._styles_cache.clear()
        assert _cells(pilot.app) == quick


async def test_calamityvilles_panel_shows_the_line_a_new_property_adds(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The player panels are fixed-height WrappedRows in a grid, whose rows took the
    panels' content height: a fourth property, wrapped onto one more line, was cut off."""
    from companion.games import GAMES
    from companion.session import GameSession
    from companion.setup import SetupForm, build_header
    from companion.store import Store
    from companion.table import COLOURS
    from screens.game import GameScreen
    from tests.screens.helpers import command, make_app, open_screen, text_of

    store = Store(tmp_path, GAMES)
    header, _ = build_header(SetupForm("calamityville", ["Ann", "Bo", "Cy"], COLOURS[:3], 0, {}))
    session = GameSession.create(store, header)
    session.close()
    for size in ((80, 24), (120, 40)):
        async with make_app(store).run_test(size=size) as pilot:
            screen = await open_screen(pilot, session, GameScreen)
            if size == (80, 24):
                for typed in ("buy ann bank 300", "buy ann bank 100", "buy ann store 100"):
                    assert await command(pilot, typed) == ""
                assert await command(pilot, "buy ann mine 300") == ""
            panel = screen.query_one("#player-0")
            drawn = [strip.text for strip in screen._compositor.render_strips()]
            shown = drawn[panel.region.y : panel.region.bottom]
            assert "mine\u00a0$300" in text_of(pilot, "#player-0")
            assert any("mine\u00a0$300" in line for line in shown), shown
            assert panel.size.height >= 3


async def test_builders_board_appears_in_one_frame_without_a_layout(
    store,
    new_game,
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    """The board's first draw narrowed the players' column beside it: its container's
    virtual size set a second layout going, and the legend's lines, wrapped anew only when
    the resize reached it, a second frame. Its place is now kept from the screen's first
    frame, so it lays nothing out at all (it was one layout, the whole screen redrawn: #16);
    a layout of the column beside it still asks for no second one."""
    from textual._compositor import Compositor
    from textual.geometry import Size
    from textual.screen import Screen

    from screens.game import GameScreen
    from tests.screens.helpers import (
        _queues_empty,
        make_app,
        open_screen,
        settle,
        text_of,
        type_into,
    )

    session = new_game(game="builders", names=("Ann", "Bo", "Cy"))
    session.close()
    counts = {"layouts": 0, "frames": 0}
    reflow, render = Compositor.reflow, Compositor.render_update

    def counted_reflow(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        counts["layouts"] += isinstance(args[0], GameScreen)
        return reflow(self, *args, **kwargs)

    def counted_render(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn = render(self, *args, **kwargs)  # (a refresh with nothing to draw draws no
        counts["frames"] += isinstance(self.root, GameScreen) and drawn is not None  # frame)
        return drawn

    def once_delivered(self) -> None:  # type: ignore[no-untyped-def]
        # Each widget tells the screen of its repaint or new layout from its own idle: on a
        # loaded machine the screen's timer can tick between two of those messages and draw
        # the ones already in (a CI run: 2 frames, 1 layout), Textual's scheduling, not the
        # screen's. The timer draws here once all of the key's messages are in, as on an
        # idle machine; it goes on ticking until then.
        if _queues_empty(self.app):
            update(self)

    update = Screen._on_timer_update
    monkeypatch.setattr(Compositor, "reflow", counted_reflow)
    monkeypatch.setattr(Compositor, "render_update", counted_render)
    monkeypatch.setattr(Screen, "_on_timer_update", once_delivered)
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        # the cursor's blink is a frame of its own, when the machine is slow enough for it
        # to come during the settle (a full run of the suite saw 2 frames)
        screen.query_one("#command").cursor_blink = False
        await type_into(pilot, "#command", "board 10x5")
        await settle(pilot)
        counts.update(layouts=0, frames=0)
        await pilot.press("enter")
        await settle(pilot)
        assert counts == {"layouts": 0, "frames": 1}
        side = screen.query_one("#side")  # a column that never scrolls: a new virtual size
        side.virtual_size = Size(side.size.width, side.size.height + 7)  # (as a layout sets)
        assert not screen._layout_required  # asks for no second layout (in a real terminal)
        legend = screen.query_one("#legend")
        drawn = [strip.text for strip in screen._compositor.render_strips()]
        shown = "\n".join(
            line[legend.region.x : legend.region.right]
            for line in drawn[legend.region.y : legend.region.bottom]
        )
        assert " ".join(shown.split()) == " ".join(text_of(pilot, "#legend").split())


def test_a_lists_typed_search_takes_names_without_accents() -> None:
    """ctrl+o's list: `bo` jumped past "Bö's cubes left" to another line (a play-test)."""
    from screens.widgets.select import _SteadyOverlay

    overlay = _SteadyOverlay()
    overlay.add_options(["A building the board has", "Ann: cubes left", "Bö 🤠: cubes left"])
    assert overlay._find_search_match("bo") == 2  # its name's start, before "board"
    assert overlay._find_search_match("ANN") == 1 and overlay._find_search_match("zz") is None


async def test_rows_painted_directly_look_as_textuals_styles_cache_paints_them(
    store,
    new_game,
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    """Rows without padding, border or effects paint their lines themselves (#16): every game
    screen looks cell for cell as when Textual's styles cache paints every line, with the
    app's line filters too (a monochrome one here), and a widget cut at its side."""
    from textual.filter import Monochrome

    from screens.game import GameScreen
    from tests.screens.helpers import make_app, open_screen
    from tests.screens.test_snapshots import coloma_game
    from tests.screens.test_snapshots_boomtown import five_player_game
    from tests.screens.test_snapshots_builders import four_player_game

    for made in (four_player_game, coloma_game, five_player_game):
        session = made(store, new_game)
        for size in ((120, 40), (80, 24)):
            async with make_app(store).run_test(size=size) as pilot:
                screen = await open_screen(pilot, session, GameScreen)
                await settle(pilot)
                rows = [w for w in screen.walk_children(Rows) if w.region]
                assert any(w._plainly_drawn() for w in rows)  # (most of them)
                for filters in ([], [Monochrome()]):
                    monkeypatch.setattr(
                        type(pilot.app), "get_line_filters", lambda _, shown=filters: shown
                    )
                    direct = _cells(pilot.app)
                    with monkeypatch.context() as textuals:
                        textuals.setattr(Rows, "_plainly_drawn", lambda _: False)
                        for widget in rows:
                            widget._styles_cache.clear()
                        assert _cells(pilot.app) == direct, (made.__name__, size, filters)
                    for widget in rows:
                        region = widget.region.reset_offset
                        cut = Region(1, 0, max(region.width - 2, 0), region.height)
                        assert [strip.text for strip in widget.render_lines(cut)] == [
                            strip.text[1 : 1 + cut.width] for strip in widget.render_lines(region)
                        ]


async def test_the_parts_a_key_repaints_tell_the_screen_without_a_message_each(
    store,
    new_game,
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    """The key that draws Builders' board repaints a dozen parts: each sent itself a
    message, then the screen one, before the frame (two dozen turns of the event loop,
    ~0.7 ms of the key in a terminal, #16). The parts now tell the screen themselves: none
    of them gets a message, and what the screen draws is what they show."""
    import asyncio

    from textual._compositor import Compositor
    from textual.message_pump import MessagePump

    from screens.game import GameScreen
    from screens.widgets.shown import Shown
    from tests.screens.helpers import (
        _queues_empty,
        key_event,
        make_app,
        open_screen,
        settle,
        text_of,
        type_into,
    )

    session = new_game(game="builders", names=("Ann", "Bo", "Cy"))
    session.close()
    received: list[str] = []
    dispatch = MessagePump._dispatch_message

    async def noted(self, message):  # type: ignore[no-untyped-def]
        if isinstance(self, Rows | TailLog | Shown):
            received.append(f"{type(message).__name__} to #{self.id}")
        return await dispatch(self, message)

    frames = [0]
    render = Compositor.render_update

    def counted_render(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn = render(self, *args, **kwargs)
        frames[0] += isinstance(self.root, GameScreen) and drawn is not None
        return drawn

    monkeypatch.setattr(MessagePump, "_dispatch_message", noted)
    monkeypatch.setattr(Compositor, "render_update", counted_render)
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        screen.query_one("#command").cursor_blink = False  # (a frame of its own)
        await pilot.press("ctrl+z")  # (nothing to undo: said beside the field, then cleared)
        await type_into(pilot, "#command", "board 10x5")
        await settle(pilot)
        await asyncio.sleep(0.05)  # (the timer, paused, waits to be resumed: it then ticks
        received.clear()  # at once, as after a pause between keys in a terminal)
        frames[0] = 0
        # drawn by the screen's own timer, as in a terminal (`settle` draws at once): the
        # parts told, and the emptied field, in one frame (the field's Update, sent after
        # the screen was told of the others, waited for the timer's next tick: 2 frames)
        pilot.app.post_message(key_event(pilot.app, "enter"))
        for _ in range(100):
            await asyncio.sleep(0.002)
            if frames[0] and _queues_empty(pilot.app):
                break
        await asyncio.sleep(0.05)  # (a second frame would come within a tick: 1/60 s)
        assert frames[0] == 1, frames
        assert received == []
        assert screen.query_one("#command", Input).value == ""
        drawn = [strip.text for strip in screen._compositor.render_strips()]
        for part in ("#board", "#players", "#step", "#round-line", "#notes"):
            rows = screen.query_one(part, Rows)
            region = rows.content_region
            shown = [line[region.x : region.right].rstrip() for line in drawn]
            lines = [text.plain.rstrip() for text in rows.texts]
            assert lines and shown[region.y : region.y + len(lines)] == lines, part
        assert "The board: 10 rows of 5 locations" in text_of(pilot, "#log-lines")
        log = screen.query_one("#log-lines").region
        assert "The board: 10 rows of 5 locations" in "".join(drawn[log.y : log.bottom])


class MessageApp(App[None]):
    CSS = "#said { height: auto; padding: 0 1; }"

    def compose(self) -> ComposeResult:
        from screens.widgets.shown import Shown

        yield Shown("", id="said")
        yield Static("below", id="below")


async def test_a_one_line_message_replaced_by_another_is_not_weighed(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A message line emptied, or one line said instead of another, keeps its height: it was
    made into Textual's content twice (the new and the old) to compare their heights, at
    every key that cleared a refusal (#16). A message that takes more lines still lays the
    screen out."""
    from screens.widgets import shown as shown_module

    weighed: list[object] = []
    visualize = shown_module.visualize

    def counted(widget, content, **options):  # type: ignore[no-untyped-def]
        weighed.append(content)
        return visualize(widget, content, **options)

    async with MessageApp().run_test(size=(40, 10)) as pilot:
        said = pilot.app.query_one("#said", Static)
        await settle(pilot)
        monkeypatch.setattr(shown_module, "visualize", counted)
        layouts = layouts_during(pilot.app)
        for text in ("Refused: no such player.", "", Text("Done: Ann pays $3.", "bold"), ""):
            shown_module.say(said, text)
            await settle(pilot)
            assert pilot.app.query_one("#below").region.y == 1
        assert weighed == [] and layouts == [0]
        shown_module.say(said, "A refusal too long for one line of the forty columns here.")
        await settle(pilot)
        assert layouts == [1] and pilot.app.query_one("#below").region.y == 2
        for text in ("tab\there", "two\nlines"):  # (a tab or a break: weighed)
            shown_module.say(said, "")
            shown_module.say(said, text)
            assert weighed[-1] == text


@given(st.text(max_size=50), st.integers(min_value=1, max_value=60))
@settings(max_examples=200, deadline=None)
def test_a_line_said_to_take_one_line_takes_one(text: str, width: int) -> None:
    """What `one_line` takes for a line takes one line in a Static of that width."""
    from textual.content import Content

    from screens.widgets.shown import one_line

    if one_line(text, width):
        assert Content(text).get_height(Static().styles, width) == 1
