"""Player colours as the app draws them: no two offered colours look alike, in truecolor or in
a 256-colour terminal (tmux's default), on the game screen and on the table display, on a
dark theme and on a light one."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

from rich.color import Color as RichColor
from rich.color import ColorSystem
from rich.segment import Segment
from textual.app import App

from companion.games import GAMES
from companion.session import GameSession
from companion.setup import SetupForm, build_header
from companion.store import Store
from companion.table import COLOURS, rich_colour
from screens.coloma import ColomaScreen
from screens.display import DisplayApp, DisplayScreen
from tests.screens.helpers import SIZE, make_app, open_screen, settle

NAMES = ("Ann", "Bo", "Cy", "Dee")

#: The least distance (CIE76, in Lab) between two players' colours as drawn: red and
#: magenta were one colour (0), yellow and orange 29 apart in 256 colours.
FAR_ENOUGH = 35.0


def coloma_games(store: Store) -> list[tuple[GameSession, tuple[str, ...]]]:
    """Games of four (Coloma seats five at most) that give every offered colour a player."""
    games = []
    for start in range(0, len(COLOURS), len(NAMES)):
        colours = COLOURS[start : start + len(NAMES)]
        form = SetupForm("coloma", list(NAMES[: len(colours)]), list(colours), 0, {})
        session = GameSession.create(store, build_header(form)[0])
        session.close()  # (the app opens it by its path)
        games.append((session, colours))
    return games


def drawn_colours(
    app: App[object], colours: tuple[str, ...], selector: str
) -> dict[str, RichColor]:
    """The colour each player's name is drawn in, in the widgets `selector` finds on the
    app's screen: the segments of their lines as they go to the terminal (the theme's
    filters applied)."""
    found: dict[str, set[tuple[int, int, int]]] = {colour: set() for colour in colours}
    rows = {y for widget in app.screen.query(selector) for y in range(*widget.region.line_span)}
    strips = app.screen._compositor.render_strips()
    for y in sorted(rows):
        for segment in strips[y]:
            assert isinstance(segment, Segment)
            style = segment.style
            if style is None or style.color is None or not style.bold:
                continue
            for name, colour in zip(NAMES, colours, strict=False):
                if name in segment.text.replace("★", " ").split():  # (★: the Sheriff)
                    triplet = style.color.get_truecolor()
                    found[colour].add((triplet.red, triplet.green, triplet.blue))
    assert all(len(drawn) == 1 for drawn in found.values()), found  # each name, one colour
    return {colour: RichColor.from_rgb(*drawn.pop()) for colour, drawn in found.items()}


def lab(color: RichColor) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a colour's RGB."""
    triplet = color.get_truecolor()

    def linear(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = linear(triplet.red), linear(triplet.green), linear(triplet.blue)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def assert_all_apart(drawn: dict[str, RichColor]) -> None:
    """Every two colours differ in a 256-colour terminal and are far apart in truecolor."""
    assert sorted(drawn) == sorted(COLOURS)
    eight_bit = {
        colour: color.downgrade(ColorSystem.EIGHT_BIT).number for colour, color in drawn.items()
    }
    for one, other in itertools.combinations(COLOURS, 2):
        assert eight_bit[one] != eight_bit[other], (one, other, eight_bit)
        distance = math.dist(lab(drawn[one]), lab(drawn[other]))
        assert distance >= FAR_ENOUGH, (one, other, round(distance, 1))


async def test_no_two_players_colours_look_alike_on_the_game_screen(store: Store) -> None:
    """A red and a magenta player were both drawn in colour 197 in tmux (the default theme's
    red and magenta are one colour), a yellow one in 208 beside orange's 214 (a play-test)."""
    drawn: dict[str, RichColor] = {}
    for session, colours in coloma_games(store):
        async with make_app(store).run_test(size=SIZE) as pilot:
            await open_screen(pilot, session, ColomaScreen)
            await settle(pilot)
            drawn |= drawn_colours(pilot.app, colours, "#players")
    assert_all_apart(drawn)


async def test_the_display_draws_each_player_as_the_game_screen_does(tmp_path: Path) -> None:
    store = Store(tmp_path / "data", GAMES)
    on_screen: dict[str, RichColor] = {}
    on_display: dict[str, RichColor] = {}
    for session, colours in coloma_games(store):
        async with make_app(store).run_test(size=SIZE) as pilot:
            await open_screen(pilot, session, ColomaScreen)
            await settle(pilot)
            on_screen |= drawn_colours(pilot.app, colours, "#players")
        app = DisplayApp(store, session.path.stem)
        async with app.run_test(size=(200, 60)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, DisplayScreen)
            on_display |= drawn_colours(app, colours, ".seat-name")
    assert on_display == on_screen
    assert_all_apart(on_display)


def light_set() -> dict[str, RichColor]:
    return {colour: RichColor.parse(rich_colour(colour, dark=False)) for colour in COLOURS}


async def test_a_light_theme_draws_the_players_in_the_light_set_when_switched_to(
    store: Store,
) -> None:
    """On a light theme the dark background's yellow (#ffd75f) and white (#e4e4e4) players
    could not be read, the others were pale: switched to while a game is shown, the players
    are drawn again in the light set, every two still apart."""
    drawn: dict[str, RichColor] = {}
    for session, colours in coloma_games(store):
        async with make_app(store).run_test(size=SIZE) as pilot:
            await open_screen(pilot, session, ColomaScreen)
            await settle(pilot)
            dark = drawn_colours(pilot.app, colours, "#players")
            pilot.app.theme = "textual-light"
            await settle(pilot)
            drawn |= drawn_colours(pilot.app, colours, "#players")
            assert all(drawn[colour] != dark[colour] for colour in colours)
            pilot.app.theme = "textual-dark"
            await settle(pilot)
            assert drawn_colours(pilot.app, colours, "#players") == dark
    assert drawn == light_set()
    assert_all_apart(drawn)


async def test_the_display_on_a_light_theme_draws_the_light_set(tmp_path: Path) -> None:
    store = Store(tmp_path / "data", GAMES)
    on_display: dict[str, RichColor] = {}
    for session, colours in coloma_games(store):
        app = DisplayApp(store, session.path.stem)
        async with app.run_test(size=(200, 60)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, DisplayScreen)
            app.theme = "textual-light"
            await settle(pilot)
            on_display |= drawn_colours(app, colours, ".seat-name")
    assert on_display == light_set()
