"""The footer: f1 (Help) and ctrl+q (Quit) first on every screen that has one, and the other
keys giving way whole when they do not fit (a play-test at 80x24 found them run off the right
edge, and Boomtown's screen hid them even at 120 columns)."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from companion.store import Store
from screens.game import GameScreen
from screens.widgets.footer import SteadyFooter
from tests.conftest import NewGame
from tests.screens.helpers import make_app, open_screen, record_restyles, settle, until

SIZES = [(80, 24), (120, 40)]


async def shown_keys(pilot: Pilot) -> list[str]:
    """The keys the footer of the screen on top shows, in order; each is checked to be
    drawn whole, left of the command palette's key, and the first two drawn on screen."""
    await settle(pilot)
    screen = pilot.app.screen
    footer = screen.query_one(SteadyFooter)
    keys = [key for key in footer.query_children(FooterKey) if key.display]
    palette = [key for key in keys if key.has_class("-command-palette")]
    keys = [key for key in keys if not key.has_class("-command-palette")]
    edge = palette[0].region.x if palette else footer.region.right
    for key in keys:
        assert key.region.width > 0 and key.region.right <= edge, key.key
    drawn = [strip.text for strip in screen._compositor.render_strips()][footer.region.y]
    # (in Textual's compact style where only that shows every key: one space between keys)
    assert drawn.startswith(" f1 Help  ^q Quit " if not footer.compact else "f1 Help ^q Quit "), (
        drawn
    )
    return [key.key for key in keys]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["boomtown", "coloma", "builders", "calamityville"])
async def test_help_and_quit_come_first_on_each_game_screen(
    game: str, size: tuple[int, int], store: Store, new_game: NewGame
) -> None:
    session = new_game(game=game, names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=size) as pilot:
        await open_screen(pilot, session, GameScreen)
        keys = await shown_keys(pilot)
        assert keys[:2] == ["f1", "ctrl+q"] and "ctrl+z" in keys


@pytest.mark.parametrize("size", SIZES)
async def test_help_and_quit_come_first_on_every_other_screen(
    size: tuple[int, int], store: Store, new_game: NewGame
) -> None:
    """Home, the new-game dialog, the help, the records, the charts and the wizard."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=size) as pilot:
        assert (await shown_keys(pilot))[:2] == ["f1", "ctrl+q"]  # home
        for key in ["n", "f1", "h"]:  # the new-game dialog, the help, the records
            await pilot.press(key)
            await settle(pilot)
            assert (await shown_keys(pilot))[:2] == ["f1", "ctrl+q"], key
            await pilot.press("escape")
            await settle(pilot)
        await open_screen(pilot, session, GameScreen)
        for key in ["f3", "ctrl+f"]:  # the charts, the scoring wizard (asked first: y)
            await pilot.press(key)
            await settle(pilot)
            if key == "ctrl+f":
                await pilot.press("y")
                await settle(pilot)
            assert (await shown_keys(pilot))[:2] == ["f1", "ctrl+q"], key
            await pilot.press("escape")
            await settle(pilot)


async def test_keys_that_do_not_fit_give_way_and_come_back(store: Store, new_game: NewGame) -> None:
    """Boomtown's many keys at 80 columns: the last ones are hidden whole (no "esc Hom"),
    and shown again when the terminal is wider."""
    session = new_game(game="boomtown", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, session, GameScreen)
        narrow = await shown_keys(pilot)
        assert "escape" not in narrow
        await pilot.resize_terminal(200, 40)
        footer = pilot.app.screen.query_one(SteadyFooter)
        await settle(pilot)
        wide = await shown_keys(pilot)
        assert wide[: len(narrow)] == narrow and "escape" in wide and "ctrl+s" in wide
        assert all(key.display for key in footer.query_children(FooterKey))


@pytest.mark.parametrize(
    ("game", "size", "shown", "given_way"),
    [
        # Boomtown's own keys (the split calculator above all) were never shown, even at 120;
        # then f3 alone gave way there, though the other game screens show it (a play-test)
        ("boomtown", (120, 40), ["ctrl+l", "ctrl+t", "ctrl+s", "escape", "f2", "f3"], []),
        ("boomtown", (100, 30), ["ctrl+l", "ctrl+t", "f2"], ["f3", "escape", "ctrl+s"]),
        ("boomtown", (80, 24), ["f2"], ["f3", "escape", "ctrl+l", "ctrl+t", "ctrl+s"]),
        # (at 120 Calamityville's own keys, shorter now, leave room for f3 and esc: the test
        # above; at 100 esc comes back in the room ^g leaves)
        ("calamityville", (104, 30), ["ctrl+n", "ctrl+g"], ["f3", "escape"]),
        ("calamityville", (100, 30), ["ctrl+n", "escape"], ["f3", "ctrl+g"]),
        ("coloma", (120, 40), ["f2", "f3", "escape"], []),
    ],
)
async def test_charts_and_home_give_way_to_the_games_own_keys(
    game: str,
    size: tuple[int, int],
    shown: list[str],
    given_way: list[str],
    store: Store,
    new_game: NewGame,
) -> None:
    """When the keys do not all fit, f3 (Charts) and esc (Home), rare mid-game and listed by
    F1 and the palette, are hidden first; a key hidden early comes back if room is left."""
    session = new_game(game=game, names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=size) as pilot:
        await open_screen(pilot, session, GameScreen)
        keys = await shown_keys(pilot)
        assert set(shown) <= set(keys) and not set(given_way) & set(keys), keys
        declared = [key.key for key in pilot.app.screen.query(FooterKey)]
        assert keys == [key for key in declared if key in keys]  # still in their order


@pytest.mark.parametrize("game", ["boomtown", "coloma", "builders", "calamityville"])
async def test_every_key_of_a_game_screen_is_shown_at_120_columns(
    game: str, store: Store, new_game: NewGame
) -> None:
    """Boomtown's footer dropped f3 (Charts) at 120x40 "for room", where the other game
    screens show it (a play-test), and Calamityville's dropped f3 and esc (Home), its own
    two keys' descriptions long: a player at 120 columns sees every key of the screen.
    The keys are drawn closer together (Textual's compact style) only where that is what
    makes them fit (Boomtown's twelve, Calamityville's eleven); the others keep the usual
    style."""
    session = new_game(game=game, names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        keys = await shown_keys(pilot)
        footer = screen.query_one(SteadyFooter)
        declared = [key.key for key in footer.query_children(FooterKey)]
        assert keys == [key for key in declared if key != "ctrl+p"], keys
        assert "f3" in keys and "escape" in keys
        assert footer.compact == (game in ("boomtown", "calamityville"))
        await pilot.resize_terminal(160, 40)  # room for the usual style: it comes back
        await until(pilot, lambda: footer.size.width == 160)
        assert await shown_keys(pilot) == keys and not footer.compact
        await pilot.resize_terminal(80, 24)  # too narrow for all: the usual style, some go
        await until(pilot, lambda: footer.size.width == 80)
        narrow = await shown_keys(pilot)
        assert not footer.compact and narrow[:3] == ["f1", "ctrl+q", "ctrl+z"], narrow
        assert game not in ("boomtown", "calamityville") or "f3" not in narrow, narrow


async def test_a_wider_terminal_never_shows_fewer_keys(store: Store, new_game: NewGame) -> None:
    """Boomtown from 56 to 120 columns: the keys other than f3 and esc shown are always the
    first ones, and each width shows what the narrower one did and maybe more (a key that
    gave way came back in the middle of a narrower footer, and a pass that gave one back
    changed the hidden keys while going through them: a crash at some widths)."""
    session = new_game(game="boomtown", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(56, 30)) as pilot:
        await open_screen(pilot, session, GameScreen)
        declared = [key.key for key in pilot.app.screen.query(FooterKey)]
        others = [key for key in declared if key not in ("f3", "escape", "ctrl+p")]
        before: list[str] = []
        for width in range(56, 124, 4):
            await pilot.resize_terminal(width, 30)
            keys = await shown_keys(pilot)
            shown_others = [key for key in keys if key in others]
            assert shown_others == others[: len(shown_others)], (width, keys)
            assert set(before) <= set(keys), (width, before, keys)
            before = keys
        assert pilot.app._exception is None


@pytest.mark.parametrize("game", ["coloma", "builders"])
async def test_opening_a_game_restyles_no_key_and_no_field_but_for_its_focus(
    store: Store, new_game: NewGame, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual's footer keys start compact and drop it for the footer's value at their
    mount, a restyle each way; Input adds its `-valid` class at its first check, one more.
    Here the keys are made as they show and an always valid field has its class from the
    start: what is left is Textual's own (the field's focus, the palette's key). The keys
    still look as Textual's: compact only the palette's."""
    session = new_game(game=game, names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        restyled = record_restyles(monkeypatch)
        screen = await open_screen(pilot, session, GameScreen)
        await settle(pilot)
        names = sorted(
            f"{type(node).__name__} {getattr(node, 'key', '')}".strip() for node in restyled
        )
        assert names == ["CommandField", "FooterKey ctrl+p"]
        keys = screen.query_one(SteadyFooter).query(FooterKey)
        assert {key.key for key in keys if key.has_class("-compact")} == {"ctrl+p"}
        assert [key.key for key in keys if key.compact] == ["ctrl+p"]


async def test_the_keys_keep_their_order_whatever_has_the_focus(store: Store) -> None:
    """Records: its "Next tab" and "Rename player" are priority keys the filter field binds
    too; Textual put them where it met the field's, first with the filter focused and last
    with the table focused (a play-test). The footer keeps the screen's own order."""
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        orders = [await shown_keys(pilot)]
        for _ in range(3):  # the tabs, the table, back round
            await pilot.press("tab")
            orders.append(await shown_keys(pilot))
        assert orders[0] == ["f1", "ctrl+q", "escape", "ctrl+e", "ctrl+right"]
        assert all(order == orders[0] for order in orders), orders


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("game", "key", "own", "names"),
    [
        ("builders", "ctrl+t", ["escape"], ["esc Close"]),  # the Track Token calculator
        ("boomtown", "ctrl+s", ["escape"], ["esc Close"]),  # the Split calculator
        ("coloma", "ctrl+o", ["ctrl+s", "escape"], ["^s Record", "esc Cancel"]),  # correction
    ],
)
async def test_a_dialog_shows_its_own_keys_not_the_games(
    game: str,
    key: str,
    own: list[str],
    names: list[str],
    size: tuple[int, int],
    store: Store,
    new_game: NewGame,
) -> None:
    """A dialog showed the game's footer dimmed behind it, ^z Undo, ^o Correct and ^f
    Finish, keys that do nothing there (a play-test pressed ctrl+z in the calculator): its
    bottom line lists its own keys now, after f1 and ctrl+q."""
    session = new_game(game=game, names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=size) as pilot:
        game_screen = await open_screen(pilot, session, GameScreen)
        await pilot.press(key)
        await settle(pilot)
        screen = pilot.app.screen
        assert screen is not game_screen
        assert await shown_keys(pilot) == ["f1", "ctrl+q", *own]
        bottom = [strip.text for strip in screen._compositor.render_strips()][-1]
        assert all(name in bottom for name in names), bottom
        assert "Undo" not in bottom and "Correct" not in bottom and "Finish" not in bottom


async def test_every_dialog_has_one_footer(store: Store) -> None:
    """The footer comes with the `Dialog` mixin (screens/dialog.py) to a dialog whose compose
    yields none; one that yields its own (the help) keeps that one alone."""
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        await pilot.press("f1")
        await settle(pilot)
        assert len(pilot.app.screen.query(SteadyFooter)) == 1


async def test_a_screen_covered_by_another_makes_its_keys_when_shown_again(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The home screen is told its bindings changed as a game opens over it: its footer's
    keys (a dozen widgets, two layouts) are made when it is shown again, not while the game
    covers it. A game screen under a dialog, drawn dimmed behind it, keeps its keys made."""
    session = new_game(game="boomtown", names=("Ann", "Bo", "Cy"))
    composed: list[str] = []
    compose = SteadyFooter.compose

    def counted(footer: SteadyFooter):  # type: ignore[no-untyped-def]
        composed.append(type(footer.screen).__name__)
        return compose(footer)

    monkeypatch.setattr(SteadyFooter, "compose", counted)
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        composed.clear()  # (the game opened at once: the home screen's keys not made yet)
        await open_screen(pilot, session, GameScreen)
        await settle(pilot)
        assert "HomeScreen" not in composed and "BoomtownScreen" in composed
        await pilot.press("escape")
        assert (await shown_keys(pilot))[:4] == ["f1", "ctrl+q", "r", "n"]
        await open_screen(pilot, session, GameScreen)
        await pilot.press("ctrl+o")  # the correction dialog over the game
        await settle(pilot)
        game = pilot.app.screen_stack[-2]
        assert [key.key for key in game.query_one(SteadyFooter).query_children(FooterKey)][:2] == [
            "f1",
            "ctrl+q",
        ]
