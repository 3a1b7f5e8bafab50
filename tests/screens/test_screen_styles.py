"""Each screen's stylesheet styles its own screens only, so that reading it when the screen
is first pushed restyles nothing already shown (#16: Textual styled every screen again)."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest
from textual.css.stylesheet import Stylesheet
from textual.screen import Screen

from companion.store import Store
from screens.app import GoldrushApp
from screens.game import GameScreen
from tests.conftest import NewGame
from tests.screens.helpers import make_app, open_screen, send_keys, settle

SCREENS = Path(__file__).resolve().parents[2] / "screens"


def screen_classes() -> dict[str, type[Screen[object]]]:
    """Every screen the app defines, by its name."""
    found: dict[str, type[Screen[object]]] = {}
    for path in SCREENS.glob("*.py"):
        module = importlib.import_module(f"screens.{path.stem}")
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, Screen) and value.__module__.startswith("screens."):
                found[value.__name__] = value
    return found


async def test_every_screens_stylesheet_styles_only_screens_of_its_own(store: Store) -> None:
    """Every rule of a screen's .tcss starts with a screen's name (the app's own stylesheet,
    read once at start, is the exception)."""
    screens = screen_classes()
    assert not [name for name, screen in screens.items() if screen.CSS]  # .tcss files only
    paths = {SCREENS / screen.CSS_PATH for screen in screens.values() if screen.CSS_PATH}
    assert GoldrushApp.CSS_PATH not in paths and len(paths) > 10
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        variables = pilot.app.get_css_variables()
        for path in sorted(paths):
            sheet = Stylesheet(variables=variables)
            sheet.add_source(path.read_text(encoding="utf-8"), read_from=(str(path), ""))
            sheet.parse()
            for rule in sheet.rules:
                for chain in rule.selector_set:
                    first = chain.selectors[0]
                    assert first.name in screens and first.type.name == "TYPE", (path, rule.css)


@pytest.mark.parametrize("key", ["ctrl+o", "f1", "ctrl+f"])
async def test_a_dialog_shown_for_the_first_time_restyles_nothing_already_shown(
    store: Store, new_game: NewGame, key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual read the dialog's stylesheet and styled every screen shown again, the whole
    game screen under the dialog too (~12 ms at each dialog's first opening)."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        styled: list[object] = []
        update_nodes = Stylesheet.update_nodes

        def recorded(self, nodes, animate=False):  # type: ignore[no-untyped-def]
            nodes = list(nodes)
            styled.extend(nodes)
            return update_nodes(self, nodes, animate)

        monkeypatch.setattr(Stylesheet, "update_nodes", recorded)
        await pilot.press(key)
        await settle(pilot)
        assert pilot.app.screen is not screen  # the dialog (the wizard asks first)
        assert screen not in styled
        assert len([node for node in styled if node in set(screen.walk_children())]) <= 1


def test_no_widget_of_ours_shares_a_name_with_one_of_textuals() -> None:
    """A type selector in Textual's own styles matches any widget of that class name: the
    command palette's `CommandInput { border: blank }` reached our command field of the same
    name once the palette had been opened, and its frame went at the next resize (a
    play-test)."""
    import pkgutil

    import textual.widgets
    from textual.dom import DOMNode

    import screens

    def names(package: object, prefix: str) -> set[str]:
        found = set()
        modules = [prefix.rstrip(".")] + [
            info.name
            for info in pkgutil.walk_packages(package.__path__, prefix)  # type: ignore[attr-defined]
        ]
        for name in modules:
            module = importlib.import_module(name)
            for value in vars(module).values():
                ours = inspect.isclass(value) and issubclass(value, DOMNode)
                if ours and value.__module__.startswith(prefix.rstrip(".")):
                    found.add(value.__name__)
        return found

    textuals = names(textual.widgets, "textual.widgets.")
    for module in ("textual.command", "textual.screen", "textual.containers"):
        textuals |= {
            value.__name__
            for value in vars(importlib.import_module(module)).values()
            if inspect.isclass(value) and issubclass(value, DOMNode)
        }
    assert "CommandInput" in textuals  # (the palette's, which ours was called)
    assert names(screens, "screens.") & textuals == set()


async def test_the_command_fields_frame_stays_after_the_palette_and_a_resize(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        field = screen.query_one("#command")
        frame = field.styles.border_top
        await pilot.press("ctrl+p")
        await settle(pilot)
        send_keys(pilot, "gold has")  # a command run from the palette (refused: Boom first)
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is screen
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert screen.size == (120, 40) and not screen.has_class("-narrow")  # restyled
        assert field.styles.border_top == frame and frame[0] != "blank"
