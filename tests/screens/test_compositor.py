"""The game screens' compositor (screens/compositor.py, #16): a key's repaint draws only the
lines it changed, and writes to the terminal exactly what Textual's own repaint writes."""

from __future__ import annotations

import pytest
from textual._compositor import ChopsUpdate, Compositor, LayoutUpdate
from textual.geometry import Region
from textual.widget import Widget

from companion.amounts import parse_amount
from companion.store import Store
from screens.compositor import ScreenCompositor
from screens.game import GameScreen
from screens.widgets.footer import SteadyFooter
from tests.conftest import NewGame
from tests.screens.helpers import command, make_app, open_screen, settle, until

#: each game's usual commands, one refused, and one that opens a new part of the screen
COMMANDS = {
    "coloma": ["ann bucks +1", "zzz", "ann bucks -1"],
    "boomtown": ["r", "zzz", "ann gold +1"],
    "builders": ["board 10x5", "1 1 s", "zzz", "ann vp +1"],
    "calamityville": ["pay ann bo 1 rent", "zzz", "ann money +1"],
}
FILLER = {"coloma": "bucks", "boomtown": "gold", "builders": "vp", "calamityville": "money"}


def count_draws(monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, int], list[str]]:
    """Widgets drawn (render_lines calls), counted for whichever side is named last in the
    returned list ("ours" or "textual's"; nothing is counted while it is empty)."""
    drawn = {"ours": 0, "textual's": 0}
    counting: list[str] = []
    render_lines = Widget.render_lines

    def counted(self: Widget, crop):  # type: ignore[no-untyped-def]
        if counting:
            drawn[counting[-1]] += 1
        return render_lines(self, crop)

    monkeypatch.setattr(Widget, "render_lines", counted)
    return drawn, counting


@pytest.mark.parametrize("game", sorted(COMMANDS))
async def test_a_keys_repaint_writes_what_textuals_writes(
    store: Store, new_game: NewGame, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every partial repaint of a long game (its log full: every line moves at each key),
    at two sizes, through commands, a refusal, undo and redo, is compared with Textual's."""
    session = new_game(game=game, names=("Ann", "Bo", "Cy"))
    for step in range(60):
        amount = parse_amount("+1" if step % 2 == 0 else "-1")
        session.act(session.rules.adjust(session.state, step // 2 % 3, FILLER[game], amount))
    session.close()
    compared: list[tuple[str, str]] = []
    drawn, counting = count_draws(monkeypatch)
    ours = ScreenCompositor.render_partial_update

    def both(self: ScreenCompositor) -> ChopsUpdate | None:
        regions = set(self._dirty_regions)
        counting.append("textual's")
        theirs = Compositor.render_partial_update(self)
        self._dirty_regions.update(regions)
        counting[-1] = "ours"
        mine = ours(self)
        counting.clear()
        console = self_console[0]
        compared.append(
            (
                "" if theirs is None else theirs.render_segments(console),
                "" if mine is None else mine.render_segments(console),
            )
        )
        return mine

    monkeypatch.setattr(ScreenCompositor, "render_partial_update", both)
    # Textual's partial repaint as Textual draws it (ours draws a full one its own way)
    monkeypatch.setattr(ScreenCompositor, "_render_chops", Compositor._render_chops)
    self_console: list = []
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        self_console.append(pilot.app.console)
        await open_screen(pilot, session, GameScreen)
        for size in ((120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            for text in COMMANDS[game]:
                await command(pilot, text)
            for key in ("ctrl+z", "ctrl+y"):
                await pilot.press(key)
                await settle(pilot)
    assert len(compared) >= 10
    for theirs, mine in compared:
        assert mine == theirs
    assert drawn["ours"] < 0.7 * drawn["textual's"]  # widgets drawn (Textual's: the box's)


@pytest.mark.parametrize("game", sorted(COMMANDS))
async def test_a_full_repaint_writes_what_textuals_writes(
    store: Store, new_game: NewGame, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every full repaint (the screen shown, resized, a dialog opened and closed over it) is
    compared with Textual's, and draws fewer widgets: those entirely behind others are not
    drawn."""
    session = new_game(game=game, names=("Ann", "Bo", "Cy"))
    session.close()
    compared: list[tuple[str, str]] = []
    drawn, counting = count_draws(monkeypatch)

    def both(self: ScreenCompositor, simplify: bool = False) -> LayoutUpdate:
        region = self.size.region
        self._dirty_regions.clear()
        counting.append("textual's")
        theirs = Compositor._render_chops(self, region, lambda y: True)
        counting[-1] = "ours"
        mine = self._render_chops(region, lambda y: True)
        counting.clear()
        console = self_console[0]
        compared.append(
            tuple(  # type: ignore[arg-type]
                LayoutUpdate([chop.values() for chop in chops], region).render_segments(console)
                for chops in (theirs, mine)
            )
        )
        return LayoutUpdate([chop.values() for chop in mine], region)

    monkeypatch.setattr(ScreenCompositor, "render_full_update", both)
    self_console: list = []
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        self_console.append(pilot.app.console)
        await open_screen(pilot, session, GameScreen)
        for size in ((80, 24), (120, 40)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            await command(pilot, COMMANDS[game][0])
            await pilot.press("f1")
            await settle(pilot)
            await pilot.press("escape")
            await settle(pilot)
    assert len(compared) >= 4
    for theirs, mine in compared:
        assert mine == theirs
    assert drawn["ours"] < 0.9 * drawn["textual's"]


async def test_a_toast_gone_is_painted_over_after_a_dialog_over_the_narrow_log(
    store: Store, new_game: NewGame
) -> None:
    """The play-test at 80x24: f2 (the log instead of the game), f1 and escape, ctrl+z: the
    undo's toast stayed on screen for good. The hidden command field's cursor, blinking,
    marked Textual's map of the screen out of date; the next lookup made it anew from the
    widgets as they were (the toast just removed), and the layout that followed the removal
    found nothing changed to paint over. The layout now compares with what it last laid
    out (and what a scroll laid out since)."""
    from screens.app import GoldrushApp

    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    session.act(session.rules.adjust(session.state, 0, "bucks", parse_amount("+1")))
    session.close()
    app = GoldrushApp(store, open_game=session.game_id)  # `goldrush open ID`
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        for key in ("f2", "f1", "escape"):
            await pilot.press(key)
            await settle(pilot)
        assert screen.log_instead_of_game() and pilot.app.screen is screen
        painted: list[set[tuple[int, int, int, int]]] = []
        compositor = screen._compositor
        render_partial_update = compositor.render_partial_update

        def recorded() -> ChopsUpdate | None:
            painted.append({tuple(region) for region in compositor._dirty_regions})
            return render_partial_update()

        compositor.render_partial_update = recorded  # type: ignore[method-assign]
        # (an undo's toast then; an undo says what it did beside the field now: #16)
        screen.notify("Undone: Ann +1 Buck", markup=False)
        await settle(pilot)
        from textual.widgets._toast import Toast

        shown = screen.query_one(Toast)
        toast = shown.region
        assert toast
        # the hidden field's cursor blinks while the toast is up: the repaint of a widget
        # off the screen marks Textual's map out of date (waited for, not for the toast's
        # seconds); then the toast's time is up (its timer's own call, at once)
        await until(pilot, lambda: compositor._full_map_invalidated)
        painted.clear()
        shown._expire()
        await until(pilot, lambda: not pilot.app._notifications and not screen.query(Toast))
        await settle(pilot)
        covered = [
            region for update in painted for region in update if Region(*region).overlaps(toast)
        ]
        assert covered, f"nothing painted over the toast's {toast} once it went: {painted}"


async def test_a_keys_repaint_draws_no_container_for_what_it_writes_nothing_of(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A changed line ends where a container's side (its padding, its border) begins: the
    update writes nothing of that side but a cursor move, yet the container was drawn for
    it, a line each, at Builders' board key the screen's body, its main column, the table
    and the log panel (#16). Now only the widgets that show in what is written are drawn,
    and what is written is Textual's (`test_a_keys_repaint_writes_what_textuals_writes`)."""
    from screens.widgets.backdrop import AlikeLines

    session = new_game(game="builders", names=("Ann", "Bo", "Cy"))
    session.close()
    drawn: list[str] = []
    render_lines = Widget.render_lines

    def counted(self: Widget, crop):  # type: ignore[no-untyped-def]
        drawn.append(f"{type(self).__name__}#{self.id}")
        return render_lines(self, crop)

    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        containers = [f"{type(w).__name__}#{w.id}" for w in screen.walk_children(AlikeLines)]
        assert "PlainVertical#main" in containers
        # the first frames all drawn: the footer's keys come in a frame of their own, laid
        # out (on a loaded machine that frame fell inside the first key's, and drew them all)
        footer = screen.query_one(SteadyFooter)
        await until(pilot, lambda: footer._bindings_ready)
        await settle(pilot)
        monkeypatch.setattr(Widget, "render_lines", counted)
        for text in ("board 10x5", "1 1 s"):
            # (the footer's keys change after the board's coming, in a laid-out frame of
            # their own: on a loaded machine it fell inside the next key's; let it pass)
            await pilot.pause(0.2)
            await settle(pilot)
            drawn.clear()
            await command(pilot, text)
            assert "CommandField#command" in drawn  # (the field emptied: drawn)
            assert [name for name in drawn if name in containers] == [], (text, drawn)
