"""ctrl+o's dialog at the smallest size: its What list opens inside the dialog."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Select
from textual.widgets._select import SelectOverlay

from companion.session import GameSession
from companion.store import Store
from screens.builders import BuildersScreen
from screens.correction import CorrectionDialog
from screens.game import CommandScreen
from tests.conftest import NewGame
from tests.screens.helpers import make_app, open_screen, settle
from tests.screens.test_builders_screen import four_players_in_round_three


async def ctrl_o(
    pilot: Pilot, session: GameSession, kind: type[CommandScreen] = BuildersScreen
) -> CorrectionDialog:
    """The game's screen (`kind`) opened on `session`, ctrl+o pressed: its dialog."""
    await open_screen(pilot, session, kind)
    await pilot.press("ctrl+o")
    await settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, CorrectionDialog)
    return dialog


async def open_what(pilot: Pilot, dialog: CorrectionDialog) -> SelectOverlay:
    """What's list opened, as enter on it does."""
    dialog.query_one("#what", Select).focus()
    await pilot.press("enter")
    await settle(pilot)
    return dialog.query_one(SelectOverlay)


async def test_the_what_list_opens_inside_the_dialog_at_80x24(
    store: Store, new_game: NewGame
) -> None:
    """The list ran 5 lines past the dialog's bottom, over the board, and looked cut off
    and hung at 80x24 (a play-test): it opens inside the dialog, scrolling, on screen."""
    session = four_players_in_round_three(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        dialog = await ctrl_o(pilot, session)
        overlay = await open_what(pilot, dialog)
        box = dialog.query_one("#correction-box")
        assert overlay.display and overlay.region.height >= 6
        assert overlay.option_count > overlay.region.height  # it scrolls
        inside = box.region.shrink(dialog.query_one("#correction-box").styles.gutter)
        assert inside.contains_region(overlay.region), (box.region, overlay.region)
        assert overlay.region.bottom <= 23  # above the footer's line
        # the list still works: a name's first letters and enter pick, on to the value
        await pilot.press("d", "i")
        await pilot.press("enter")
        await settle(pilot)
        assert str(dialog.query_one("#what", Select).value) == "cubes:3"


async def test_the_dialog_fits_its_content_and_grows_only_while_what_is_open(
    store: Store, new_game: NewGame
) -> None:
    """It kept 4 empty lines at its foot, room for What's list even when closed (a
    play-test): the buttons are its last line, and it grows only while the list is open."""
    session = four_players_in_round_three(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        dialog = await ctrl_o(pilot, session)
        box = dialog.query_one("#correction-box")
        buttons = dialog.query_one("#correction-buttons")

        def foot() -> int:  # the lines between the buttons and the box's bottom border
            return box.region.shrink(box.styles.gutter).bottom - buttons.region.bottom

        assert foot() == 0, (box.region, buttons.region)
        closed = box.region.height
        await open_what(pilot, dialog)
        assert box.region.height > closed  # room for the list, inside the dialog
        await pilot.press("escape")
        await settle(pilot)
        assert not dialog.query_one(SelectOverlay).display
        assert box.region.height == closed and foot() == 0


async def test_the_highlighted_what_line_shows_what_the_others_do(
    store: Store, new_game: NewGame
) -> None:
    """The highlighted line of What's list lost its emoji and went out of line (a
    play-test): it was bold, which a terminal draws emoji with badly. It shows the same
    text in the same cells as when not highlighted, its colours alone telling it."""
    session = four_players_in_round_three(new_game)  # "🐻 Cy"
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        dialog = await ctrl_o(pilot, session)
        overlay = await open_what(pilot, dialog)
        index = next(i for i, o in enumerate(overlay.options) if "🐻" in str(o.prompt))
        line = overlay._index_to_line[index] - overlay.scroll_offset.y

        def shown() -> list[tuple[str, bool, bool, bool]]:
            strip = overlay.render_line(line)
            return [
                (segment.text, bool(style.bold), bool(style.italic), bool(style.underline))
                for segment in strip
                if (style := segment.style) is not None
            ]

        plain = shown()
        assert overlay.highlighted != index and "🐻 Cy" in "".join(t for t, *_ in plain)
        overlay.highlighted = index
        await settle(pilot)
        assert shown() == plain
