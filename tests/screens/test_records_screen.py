"""The Records screen (#14, from home with `h`) and a game's charts (f3), through Pilot, with
snapshots at 80x24 and 120x40."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, Input, Static, TabbedContent

from companion.amounts import parse_amount
from companion.games import SHEETS
from companion.records import FinishedGame
from companion.scoring import sheet_text
from companion.session import GameSession
from companion.store import Store
from screens.charts import GameCharts
from screens.game import GameScreen
from screens.records import (
    RecordsScreen,
    StandingsDialog,
    read_filter,
    winners_cell,
    with_players,
)
from tests.conftest import NewGame
from tests.core.test_scoring import coloma
from tests.screens.helpers import make_app, open_screen, send_keys, settle, text_of

FIXED_TIME = 1_767_268_800


def record_boomtown(store: Store, games: list[dict[str, int]]) -> None:
    """Finished Boomtown games, one a month from January 2026: each player's gold."""
    for month, game in enumerate(games, start=1):
        rows = [{"name": n, "gold": g, "mines": [], "mayors": 0} for n, g in game.items()]
        store.record_finished(
            {
                "game": "boomtown",
                "title": "Boomtown",
                "file": f"2026{month:02d}-boomtown.toml",
                "finished": f"2026-{month:02d}-05T21:00:00",
                "players": list(game),
                "sheet": sheet_text(SHEETS["boomtown"], rows),
            }
        )


def record_coloma(store: Store, rows: list[dict[str, Any]] | None = None) -> None:
    """A finished Coloma game: by default of three, two of them with long names (Ann wins)."""
    if rows is None:
        names = ["Bartholomew the Third", "Evangeline Fitzgerald", "Ann"]
        rows = [coloma(name, track=3 * k, hotels=k, gold=k) for k, name in enumerate(names)]
    store.record_finished(
        {
            "game": "coloma",
            "title": "Coloma",
            "file": "202608-coloma.toml",
            "finished": "2026-08-05T21:00:00",
            "players": [row["name"] for row in rows],
            "sheet": sheet_text(SHEETS["coloma"], rows),
        }
    )


async def opened_standings(pilot: Pilot) -> tuple[StandingsDialog, list[str], str]:
    """Records, then enter on the first game: its standings, the lines drawn and their
    words (the dialog's frame left out)."""
    await pilot.press("h")
    await settle(pilot)
    await pilot.press("enter", "enter")  # to the list, the game
    await settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, StandingsDialog)
    lines = [strip.text for strip in dialog._compositor.render_strips()]
    return dialog, lines, " ".join(" ".join(lines).replace("█", " ").split())


def history(store: Store) -> None:
    """Six Boomtown games and one Calamityville game, with a shared win."""
    scores = [
        {"Ann": 30, "Bo": 20, "Cy": 10},
        {"Ann": 15, "Bo": 25, "Cy": 12},
        {"Ann": 22, "Bo": 22, "Di": 5},
        {"Ann": 40, "Bo": 18, "Cy": 33},
        {"Bo": 35, "Cy": 31, "Di": 30},
        {"Ann": 28, "Bo": 29, "Cy": 27, "Di": 3},
    ]
    record_boomtown(store, scores)
    rows = [{"name": "Ann", "money": 2500}, {"name": "Cy", "money": 2600}]
    store.record_finished(
        {
            "game": "calamityville",
            "title": "Calamityville",
            "file": "202607-calamityville.toml",
            "finished": "2026-07-05T21:00:00",
            "players": ["Ann", "Cy"],
            "sheet": sheet_text(SHEETS["calamityville"], rows),
        }
    )


async def test_records_filter_players_and_a_game_standings(store: Store) -> None:
    history(store)
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, RecordsScreen)
        games = screen.query_one("#records-games", DataTable)
        assert games.row_count == 7
        assert "7 finished games" in text_of(pilot, "#records-summary")
        players = screen.query_one("#records-players", DataTable)
        # Ann played Boomtown (gold) and Calamityville (dollars): her scores do not compare;
        # Bo played Boomtown only: his do
        assert [str(cell) for cell in players.get_row_at(1)][4:7] == ["-", "-", "-"]
        assert [str(cell) for cell in players.get_row_at(0)][4:7] == ["35", "24.8", "29"]
        # said under the list (a play-test found the "-" said only in F1)
        assert text_of(pilot, "#averages-note").startswith("-: scores of different games do not")
        assert screen.query_one("#tab-players").has_class("-mixed")
        screen.query_one("#records-filter", Input).value = "boom di"
        await settle(pilot)
        assert games.row_count == 3
        assert text_of(pilot, "#records-summary") == "3 finished games of Boomtown with Di"
        screen.query_one("#records-filter", Input).value = "boomtown"
        await settle(pilot)
        players = screen.query_one("#records-players", DataTable)
        rows = [[str(cell) for cell in players.get_row_at(i)] for i in range(4)]
        assert rows[0][:7] == ["Bo", "6", "4 (1 shared)", "67%", "35", "24.8", "29"]
        assert rows[1][:4] == ["Ann", "5", "3 (1 shared)", "60%"]
        assert [row[0] for row in rows[2:]] == ["Cy", "Di"]
        assert players.row_count == 4  # a row a player: the averages have a list of their own
        averages = screen.query_one("#records-averages", DataTable)
        assert [column.label.plain for column in averages.ordered_columns] == [
            "Player",
            "Gold",
            "Mines",
            "Mayors (5 each)",
        ]
        assert [str(cell) for cell in averages.get_row_at(0)] == ["Bo", "24.8", "0.0", "0.0"]
        await pilot.press("ctrl+right", "ctrl+right")
        assert screen.query_one(TabbedContent).active == "tab-duels"
        assert "Bo vs Ann: 5 games together; Bo ahead 2, Ann ahead 2, level 1" in text_of(
            pilot, "#records-duels"
        )
        await pilot.press("ctrl+left", "ctrl+left")
        await pilot.click("#records-filter")
        await pilot.press("enter")  # to the list
        await pilot.press("enter")  # the newest game
        await settle(pilot)
        dialog = pilot.app.screen
        assert isinstance(dialog, StandingsDialog)
        # the filter keeps Boomtown: the newest is June's (Bo 29, Ann 28)
        assert "Bo wins." in text_of(pilot, "#standings-sentences")
        await pilot.press("escape", "escape")
        await settle(pilot)
        assert not isinstance(pilot.app.screen, RecordsScreen | StandingsDialog)


async def test_down_from_the_filter_goes_into_the_list_shown(store: Store) -> None:
    """The play-test pressed down, then enter, in the filter: nothing moved (the first
    row looked chosen already)."""
    history(store)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await settle(pilot)
        screen = pilot.app.screen
        assert screen.focused is screen.query_one("#records-filter")
        await pilot.press("down")
        await settle(pilot)
        assert screen.focused is screen.query_one("#records-games")
        await pilot.press("enter")  # opens the highlighted game's standings
        await settle(pilot)
        assert isinstance(pilot.app.screen, StandingsDialog)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("ctrl+right")  # Players
        screen.query_one("#records-filter", Input).focus()
        await pilot.press("down")
        await settle(pilot)
        assert screen.focused is screen.query_one("#records-players")


async def test_a_damaged_history_is_said_and_kept(store: Store) -> None:
    store.root.mkdir(parents=True)
    store.history_path.write_text("games = [[[")
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        await settle(pilot)
        assert "cannot be read" in text_of(pilot, "#records-summary")
        # and what to do (a play-test was told only that nothing could be shown): a history
        # moved aside is written again from the finished games (test_finish_again)
        assert "move that file aside (rename it): Records then writes a new one" in text_of(
            pilot, "#records-summary"
        )
    assert store.history_path.read_text() == "games = [[["


async def test_a_damaged_settings_file_leaves_the_records_shown(store: Store) -> None:
    """The renames are kept in the settings: a damaged settings file hid every record,
    though the history was whole (a play-test). They are shown, as typed, and it is said."""
    record_boomtown(store, [{"Ann": 10, "Bo": 20}])
    store.settings_path.write_text("this is [not toml")
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        await settle(pilot)
        summary = text_of(pilot, "#records-summary")
        assert summary.startswith("1 finished game. ") and "cannot be read" in summary
        assert "shown as they were typed" in summary
        assert pilot.app.screen.query_one("#records-games", DataTable).row_count == 1
    assert store.settings_path.read_text() == "this is [not toml"


async def test_f3_charts_a_game_and_closes(store: Store, new_game: NewGame) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo"))
    session.act(session.rules.adjust(session.state, 0, "bucks", parse_amount("+3")))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        await pilot.press("f3")
        await settle(pilot)
        charts = pilot.app.screen
        assert isinstance(charts, GameCharts)
        assert [c.key for c in charts.charts][:2] == ["bucks", "gold"]
        assert charts.charts[0].lines["Ann"] == [2, 5]
        await pilot.press("escape")
        await settle(pilot)
        assert pilot.app.screen is screen


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_final_scores_legend_covers_no_bar(
    store: Store, new_game: NewGame, size: tuple[int, int]
) -> None:
    """f3 on a finished game at 80x24: the legend of the final scores (a line a category)
    was drawn over the first player's bar. It is under the chart now, each category in
    its segment's colour, and the bars are whole."""
    from rich.text import Text

    from screens.widgets.chart import LineChart

    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    rules = session.rules
    rows = rules.prefill(session.state)
    for k, row in enumerate(rows):
        row["track"], row["gold"] = 3 * k + 2, k + 1
    spec = rules.sheet_for(session.state)
    session.act(rules.finish(session.state, sheet_text(spec, rows), "Cy wins"))
    labels = [category.label for category in spec.categories]
    async with make_app(store).run_test(size=size) as pilot:
        charts = await open_f3(pilot, session)
        # the first tab, shown at once (the last, it was off the tab row at 80 columns)
        assert charts.query_one("#charts-tabs", TabbedContent).active == "chart-final"
        tab = charts.query_one("#charts-tabs Tab#--content-tab-chart-final")
        assert tab.region.right <= size[0]
        assert str(tab.render()) == ("Scores" if size[0] < 110 else "Final scores")  # narrow: short
        plot = charts.query_one("#plot-final", LineChart)
        drawn_plot = plot.render().plain  # type: ignore[union-attr]
        assert not any(label in drawn_plot for label in labels)  # no legend over the bars
        legend = charts.query_one("#legend-final")
        assert legend.region.y >= plot.region.bottom  # under the chart, on the screen
        assert legend.region.bottom <= size[1] - 1  # above the footer
        said = str(legend.render())
        assert all(label in said for label in labels)
        lines = Text(said).wrap(pilot.app.console, legend.content_size.width)
        assert len(lines) <= legend.content_size.height  # every category whole


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_final_scores_take_the_graves_off_the_bar(
    store: Store, new_game: NewGame, size: tuple[int, int]
) -> None:
    """A Coloma play-test: Cy's bar reached 40, his score 38: the -2 of his Graves was
    not drawn, though the legend named them. The Graves are shaded at the end of the bar,
    after the solid part (as long as Bo's, of the same score, with no Graves), and the
    legend's swatch is shaded and says they are taken off."""
    from screens.widgets.chart import NO_BREAK_BLANK, TAKEN_MARKER, LineChart
    from tests.screens.test_chart_widget import bar_cells

    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    rules = session.rules
    rows = rules.prefill(session.state)
    for row, track, graves in zip(rows, [10, 38, 40], [[], [], [1, 1]], strict=True):
        row["track"], row["graves"] = track, graves
    spec = rules.sheet_for(session.state)
    session.act(rules.finish(session.state, sheet_text(spec, rows), "Bo and Cy share"))
    async with make_app(store).run_test(size=size) as pilot:
        charts = await open_f3(pilot, session)
        plot = charts.query_one("#plot-final", LineChart)
        cy, _ = bar_cells(plot, "Cy")
        bo, _ = bar_cells(plot, "Bo")
        assert cy.rstrip(" ").rstrip(TAKEN_MARKER) == bo.rstrip(" ")  # 38 each
        assert TAKEN_MARKER in cy and TAKEN_MARKER not in bo
        said = str(charts.query_one("#legend-final", Static).render())
        assert (
            f"{TAKEN_MARKER * 2}{NO_BREAK_BLANK}Graves (taken off)".replace(" ", NO_BREAK_BLANK)
            in said
        )
        assert "██" + NO_BREAK_BLANK + "Track" in said  # (the others as they were)


async def open_f3(pilot: Pilot, session: GameSession) -> GameCharts:
    """The game's screen opened on `session`, f3 pressed: its charts."""
    await open_screen(pilot, session, GameScreen)
    await pilot.press("f3")
    await settle(pilot)
    charts = pilot.app.screen
    assert isinstance(charts, GameCharts)
    return charts


def legend_under(
    screen: Screen[Any],
    plot: Widget,
    legend: Static,
    names: Sequence[str],
    size: tuple[int, int],
) -> tuple[Text, Text, list[str]]:
    """Checks that no name is drawn inside `plot` and that `legend`, under it and above the
    footer, shows each name whole on a line after its swatch (two lines at 80 columns);
    the plot and the legend as drawn, and the swatches' styles."""
    from screens.widgets.chart import NO_BREAK_BLANK

    drawn_plot = plot.render()
    assert isinstance(drawn_plot, Text)
    assert not any(part in drawn_plot.plain for name in names for part in name.split())
    assert legend.region.y >= plot.region.bottom  # under the chart, on the screen
    assert legend.region.bottom <= size[1] - 1  # above the footer
    drawn = [strip.text for strip in screen._compositor.render_strips()]
    lines = drawn[legend.region.y : legend.region.bottom]
    assert len(lines) == (2 if size[0] == 80 else 1), lines
    for name in names:  # each whole on a line, after its swatch
        entry = f"██{NO_BREAK_BLANK}{name.replace(' ', NO_BREAK_BLANK)}"
        assert sum(entry in line for line in lines) == 1, (entry, lines)
    said = legend.content
    assert isinstance(said, Text)
    swatches = [str(span.style) for span in said.spans if said.plain[span.start] == "█"]
    return drawn_plot, said, swatches


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_scores_over_time_legend_is_under_the_chart(
    store: Store, new_game: NewGame, size: tuple[int, int]
) -> None:
    """Records' "Scores over time": plotext's legend, drawn inside the chart, covered the
    lines (as f3's covered a bar). It is under the chart now, as f3's, each name after a
    swatch of its line's colour, each whole on a line (at 80 columns it wraps)."""
    from companion.table import COLOURS, rich_colour
    from screens.widgets.chart import NO_BREAK_BLANK, LineChart

    names = (
        "Bartholomew the Third",
        "Evangeline Fitzgerald",
        "Maximilian Oberholzer",
        "Anastasia",
        "Gwendolyn Applebottom",
    )
    new_game(names=names)  # their colours, remembered: red, blue, green, yellow, magenta
    record_boomtown(
        store, [{name: 5 * k + game for k, name in enumerate(names)} for game in (1, 9, 4)]
    )
    async with make_app(store).run_test(size=size) as pilot:
        await pilot.press("h")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, RecordsScreen)
        screen.query_one("#records-tabs", TabbedContent).active = "tab-over-time"
        await settle(pilot)
        plot = screen.query_one("#over-time", LineChart)
        legend = screen.query_one("#over-time-legend", Static)
        drawn_plot, said, swatches = legend_under(screen, plot, legend, names, size)
        # each swatch in its line's colour (a yellow player's line was drawn bright blue)
        shown = [entry[3:].replace(NO_BREAK_BLANK, " ") for entry in said.plain.split("  ")]
        colours = [rich_colour(colour) for colour in COLOURS[:5]]  # as the game screen's
        assert dict(zip(shown, swatches, strict=True)) == dict(zip(names, colours, strict=True))
        drawn_colours = {
            str(span.style).split(" on ")[0]
            for span in drawn_plot.spans
            if drawn_plot.plain[span.start] in BRAILLE
        }
        assert drawn_colours == set(swatches)


BRAILLE = {chr(code) for code in range(0x2801, 0x2900)}  # a line's dots (not the blank)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_f3_line_chart_has_its_legend_under_it(
    store: Store, new_game: NewGame, size: tuple[int, int]
) -> None:
    """f3's tabs of a number over the game (Coloma's Bucks, Calamityville's money, ...):
    plotext's legend, drawn inside the chart, covered the lines (a play-test: "the legend
    box sits on top of the lines"). Each is under its chart now, as the final scores' and
    Records' are: each name after a swatch of its line's colour, each whole on a line."""
    from companion.table import COLOURS, rich_colour
    from screens.widgets.chart import LineChart

    names = ("Bartholomew the Third", "Evangeline Fitzgerald", "Maximilian Oberholzer", "Dée")
    session = new_game(game="coloma", names=names)  # red, blue, green, yellow
    for seat, change in enumerate(["+3", "-1", "+1", "+5"]):  # four lines apart on Bucks
        session.act(session.rules.adjust(session.state, seat, "bucks", parse_amount(change)))
    async with make_app(store).run_test(size=size) as pilot:
        charts = await open_f3(pilot, session)
        tabs = charts.query_one("#charts-tabs", TabbedContent)
        per_player = [i for i, c in enumerate(charts.charts) if list(c.lines) == list(names)]
        assert len(per_player) >= 2 and charts.charts[0].key == "bucks"  # Bucks, Gold, ...
        for index in per_player:
            tabs.active = f"chart-{index}"
            await settle(pilot)
            plot = charts.query_one(f"#plot-{index}", LineChart)
            legend = charts.query_one(f"#legend-{index}", Static)
            drawn_plot, _, swatches = legend_under(charts, plot, legend, names, size)
            assert swatches == [rich_colour(colour) for colour in COLOURS[:4]]
            drawn_colours = {
                str(span.style).split(" on ")[0]
                for span in drawn_plot.spans
                if drawn_plot.plain[span.start] in BRAILLE
            }
            # (the lines of other tabs may lie on one another: the last drawn is seen)
            assert drawn_colours == set(swatches) if index == 0 else drawn_colours <= set(swatches)
        # the value of gold, the table's own: one line, its title says it (no legend)
        (index,) = [i for i, c in enumerate(charts.charts) if c.key == "gold_value"]
        assert str(charts.query_one(f"#legend-{index}", Static).render()) == ""


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_four_players_final_scores_bars_are_apart(
    store: Store, new_game: NewGame, size: tuple[int, int]
) -> None:
    """A Calamityville play-test at 80x24: "Bo's and Dée's bars are the same colour and
    touch, so they read as one block". The bars are coloured by scoring category, not by
    player (Calamityville's one: Money, every bar alike), and plotext's bars filled the
    rows between them. A blank row parts each bar from the next now."""
    from screens.widgets.chart import LineChart
    from tests.screens.test_chart_widget import bar_rows

    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy", "Dée"))
    rules = session.rules
    rows = rules.prefill(session.state)
    for row, money in zip(rows, [1500, 1200, 900, 1300], strict=True):
        row["money"] = money
    spec = rules.sheet_for(session.state)
    session.act(rules.finish(session.state, sheet_text(spec, rows), "Ann wins"))
    async with make_app(store).run_test(size=size) as pilot:
        await open_screen(pilot, session, GameScreen)
        await pilot.press("f3")
        await settle(pilot)
        plot = pilot.app.screen.query_one("#plot-final", LineChart)
        runs = bar_rows(plot)
        assert len(runs) == 4 and len({len(run) for run in runs}) == 1, runs
        drawn = plot.render().plain.splitlines()  # type: ignore[union-attr]
        names = [row.split("┤")[0].strip() for row in drawn if "┤" in row]
        assert names == ["Cy", "Bo", "Dée", "Ann"]  # Bo's and Dée's bars, apart


async def test_the_final_scores_of_a_sheet_that_cannot_be_read_say_so(
    store: Store, new_game: NewGame
) -> None:
    """A finished game whose sheet cannot be read showed an empty Final scores tab, with no
    word of why (a play-test)."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    rules = session.rules
    session.act(rules.finish(session.state, "game = 'coloma'\nplayers = 3\n", "Cy wins"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        charts = await open_f3(pilot, session)
        said = " ".join(str(charts.query_one("#legend-final").render()).split())
        assert said.startswith("Its score sheet cannot be read (")
        assert said.endswith("ctrl+f on the game reopens it to score it again.")


@pytest.mark.parametrize("finished", [False, True])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_tab_of_colomas_charts_is_read_whole(
    store: Store, new_game: NewGame, size: tuple[int, int], finished: bool
) -> None:
    """Coloma's f3 at 80x24: its tab row (eight numbers, the value of a Gold Nugget and,
    finished, the final scores) is wider than 80 columns, and the last tabs were off the
    screen, cut at its edge (a play-test). Narrow, the long labels are shortened (the chart
    under a tab says its number in full), and every tab is on the screen, whole."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    if finished:
        rules = session.rules
        rows = rules.prefill(session.state)
        spec = rules.sheet_for(session.state)
        session.act(rules.finish(session.state, sheet_text(spec, rows), "Ann wins"))
    async with make_app(store).run_test(size=size) as pilot:
        charts = await open_f3(pilot, session)
        tabs = list(charts.query("#charts-tabs Tab"))
        assert len(tabs) == 9 + finished
        labels = [tab.label_text for tab in tabs]
        for tab, label in zip(tabs, labels, strict=True):
            assert tab.region.x >= 0 and tab.region.right <= size[0], (label, tab.region)
            assert tab.region.width == len(label) + 2, label  # the label whole
        wide = size[0] >= 110
        assert ("Value of a Gold Nugget (Bucks)" in labels) is wide
        assert ("Gold value" in labels) is not wide
        assert ("Final scores" in labels) is (finished and wide)
        assert ("Scores" in labels) is (finished and not wide)
        other = (120, 40) if not wide else (80, 24)  # the labels follow the terminal
        await pilot.resize_terminal(*other)
        await settle(pilot)
        labels = [tab.label_text for tab in charts.query("#charts-tabs Tab")]
        assert ("Value of a Gold Nugget (Bucks)" in labels) is not wide


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_records_snapshot(snap_compare, store: Store, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    history(store)
    assert snap_compare(make_app(store), press=["h", "ctrl+right"], terminal_size=size)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_records_chart_snapshot(snap_compare, store: Store, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    history(store)
    press = ["h", "ctrl+right", "ctrl+right", "ctrl+right"]
    assert snap_compare(make_app(store), press=press, terminal_size=size)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_game_chart_snapshot(
    snap_compare, store: Store, new_game: NewGame, size: tuple[int, int]
) -> None:  # type: ignore[no-untyped-def]
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"))
    for seat, change in [(0, "-300"), (1, "+150"), (2, "-50"), (0, "+500")]:
        session.act(session.rules.adjust(session.state, seat, "money", parse_amount(change)))
    os.utime(session.path, (FIXED_TIME, FIXED_TIME))

    async def open_game(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()

    assert snap_compare(make_app(store), run_before=open_game, press=["f3"], terminal_size=size)


async def test_ctrl_e_renames_a_player_in_every_earlier_game(store: Store) -> None:
    history(store)
    before = store.history_path.read_bytes()
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        await settle(pilot)
        screen = pilot.app.screen
        await pilot.press("ctrl+right")  # Players: Bo first (the most wins)
        await pilot.press("ctrl+e")
        await settle(pilot)
        field = pilot.app.screen.query_one("#rename-name", Input)
        field.value = "cy"
        await pilot.press("enter")
        await settle(pilot)
        # Bo and Cy played together: never merged (a misspelt name merges: test_renames)
        assert "Cy played in a game with Bo: two people" in text_of(pilot, "#rename-error")
        await pilot.press("enter")
        await settle(pilot)
        assert "two people" in text_of(pilot, "#rename-error")  # a second enter too
        field.value = "Bodhi"  # changed: the refusal goes (a play-test saw it stay)
        await settle(pilot)
        assert text_of(pilot, "#rename-error") == ""
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is screen
        players = screen.query_one("#records-players", DataTable)
        assert str(players.get_row_at(0)[0]) == "Bodhi"
        games = screen.query_one("#records-games", DataTable)
        assert all("Bo," not in str(games.get_row_at(i)[2]) for i in range(games.row_count))
    assert store.history_path.read_bytes() == before  # nothing rewritten
    async with make_app(store).run_test(size=(120, 40)) as pilot:  # and after a restart
        await pilot.press("h")
        await settle(pilot)
        players = pilot.app.screen.query_one("#records-players", DataTable)
        assert str(players.get_row_at(0)[0]) == "Bodhi"


async def test_ctrl_e_outside_players_goes_there_to_choose_whom(store: Store) -> None:
    """The play-test's ctrl+e on the Games tab offered to rename the first player of the
    records, unasked."""
    from screens.rename import RenameDialog

    history(store)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await settle(pilot)
        screen = pilot.app.screen
        await pilot.press("ctrl+e")  # on Games
        await settle(pilot)
        assert pilot.app.screen is screen and not isinstance(pilot.app.screen, RenameDialog)
        assert screen.query_one(TabbedContent).active == "tab-players"
        assert screen.focused is screen.query_one("#records-players")
        await pilot.press("down", "ctrl+e")  # the second player, chosen
        await settle(pilot)
        players = screen.query_one("#records-players", DataTable)
        assert isinstance(pilot.app.screen, RenameDialog)
        assert pilot.app.screen.old == str(players.get_row_at(1)[0])


async def test_a_misspelt_name_merges_with_a_second_enter(store: Store) -> None:
    """Cyd (a typo at setup) renamed to cy: the dialog asks, a second enter merges; a name
    changed in between asks again."""
    from companion.renames import read_renames
    from screens.rename import RenameDialog

    async with make_app(store).run_test(size=(80, 24)) as pilot:
        dialog = RenameDialog(store, "Cyd", ["Ann", "Bo", "Cy", "Cyd"], together={"Ann"})
        await pilot.app.push_screen(dialog)
        await settle(pilot)
        field = dialog.query_one("#rename-name", Input)
        field.value = "cy"
        await pilot.press("enter")
        await settle(pilot)
        assert "Cy is another player. Enter again to merge" in text_of(pilot, "#rename-error")
        field.value = "Bo"  # another name: asked again, for Bo
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert "Bo is another player" in text_of(pilot, "#rename-error")
        field.value = "cy"
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is dialog and read_renames(store) == {}  # asked first
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is not dialog
    assert read_renames(store) == {"cyd": "Cy"}


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_games_columns_fit_the_screen(store: Store, size: tuple[int, int]) -> None:
    """The play-test: with many finished games at 120x40 the Games tab's fixed columns
    (133 cells) needed a sideways scroll bar. They fit the screen, at 80 columns too (the
    day alone, long cells cut with an ellipsis); enter shows a game's standings whole."""
    names = ["Annabelle", "Bartholomew", "Christabel", "Dorothea", "Evangeline"]
    for month in range(1, 31):
        rows = [
            {"name": n, "gold": 10 + (7 * k + month) % 30, "mines": [], "mayors": 0}
            for k, n in enumerate(names)
        ]
        store.record_finished(
            {
                "game": "boomtown",
                "title": "Boomtown",
                "file": f"2026{month:03d}-boomtown.toml",
                "finished": f"20{20 + month // 12}-{month % 12 + 1:02d}-05T21:00:00",
                "players": names,
                "sheet": sheet_text(SHEETS["boomtown"], rows),
            }
        )
    async with make_app(store).run_test(size=size) as pilot:
        await pilot.press("h")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, RecordsScreen)
        games = screen.query_one("#records-games", DataTable)
        assert games.row_count == 30
        assert games.max_scroll_x == 0  # no sideways scroll bar
        right = games.region.x + sum(c.get_render_width(games) for c in games.columns.values())
        assert right <= games.scrollable_content_region.right
        lines = [strip.text for strip in screen._compositor.render_strips()]
        header = next(line for line in lines if "Finished" in line)
        assert header.split() == ["Finished", "Game", "Players", "Winner", "Scores"]
        first = lines[lines.index(header) + 1]
        when = ["2022-07-05", "21:00"] if size[0] >= 120 else ["2022-07-05"]
        assert first.split()[: len(when) + 1] == [*when, "Boomtown"]
        assert "Boomtown" in first and first.rstrip(" ▁▂▃▄▅▆▇█").endswith("…")


def drawn(pilot) -> list[str]:  # type: ignore[no-untyped-def]
    """The screen's lines as drawn."""
    return [strip.text for strip in pilot.app.screen._compositor.render_strips()]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_long_summary_wraps_and_is_read_whole(store: Store, size: tuple[int, int]) -> None:
    """The play-test at 80 columns: the summary of a long filter was cut with no ellipsis
    ("... with bartholomew, ann, bo, cy, dee, and,"), the rest lost. It wraps, and the
    tabs move down under it."""
    history(store)
    async with make_app(store).run_test(size=size) as pilot:
        await pilot.press("h")
        await settle(pilot)
        screen = pilot.app.screen
        words = "boomtown bartholomew annabelle bo cy dee and evangeline fitzgerald"
        screen.query_one("#records-filter", Input).value = words
        await settle(pilot)
        summary = screen.query_one("#records-summary")
        expected = (
            "0 finished games of Boomtown with bartholomew, annabelle, Bo, Cy, dee, and, "
            "evangeline, fitzgerald: no finished game has them: check the names typed"
        )  # (with games finished, "none yet, finish a game" was wrong advice: a play-test)
        assert text_of(pilot, "#records-summary") == expected
        lines = drawn(pilot)[summary.region.y : summary.region.bottom]
        assert " ".join(" ".join(lines).split()) == expected  # all of it drawn
        assert screen.query_one("#records-tabs").region.y == summary.region.bottom


def shared_win(store: Store) -> None:
    """A Boomtown game won by two, one of them with a long name, and one won alone."""
    record_boomtown(
        store,
        [
            {"Bartholomew the Third": 30, "Dee": 30, "Ann": 10},
            {"Bartholomew the Third": 31, "Dee": 30, "Ann": 10},
        ],
    )


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_shared_win_shows_as_shared(store: Store, size: tuple[int, int]) -> None:
    """The play-test: the Winner column of a shared win showed "Bartholomew t…", as if he
    had won alone. It says how many more share it; a win alone stays as it was."""
    shared_win(store)
    async with make_app(store).run_test(size=size) as pilot:
        await pilot.press("h")
        await settle(pilot)
        lines = drawn(pilot)
        header = next(line for line in lines if "Winner" in line)
        at = header.index("Winner")
        alone = next(line for line in lines if line.startswith(" 2026-02-05"))
        shared = next(line for line in lines if line.startswith(" 2026-01-05"))
        assert alone[at:].split()[0].startswith("Bartho") and "+1" not in alone
        winner = shared[at:].split("  ")[0]
        assert winner.startswith("Bartho") and winner.endswith("… +1")


def test_the_winners_cell_keeps_a_shared_win_shared() -> None:
    def shown(names: list[str], width: int) -> str:
        cell = winners_cell(names, width)
        cell.truncate(width, overflow="ellipsis")  # as its column draws it
        return cell.plain

    long = "Bartholomew the Third"
    assert shown([long, "Dee"], 14) == "Bartholome… +1"
    assert shown([long, "Dee"], 10) == "Bartho… +1"
    assert shown(["Ann", long], 14) == "Ann & Barthol…"  # all of them, the last one cut
    assert shown(["Ann", "Bo", "Cy"], 14) == "Ann & Bo & Cy"
    assert shown(["Ann", "Bo", "Cy"], 11) == "Ann & Bo +1"
    assert shown(["Ann", "Bo", "Cy"], 10) == "Ann +2"
    assert shown([long], 10) == "Bartholom…"  # alone: cut as before
    assert shown([], 10) == "?"
    assert shown(["花子花子花子", "Dee"], 10) == "花子花… +1"  # cells, not characters


def long_name(store: Store) -> None:
    """`history`, and a Boomtown game with a long name in it (and won by him)."""
    history(store)
    rows = [
        {"name": n, "gold": g, "mines": [], "mayors": 0}
        for n, g in {"Bartholomew the Third": 41, "Ann": 20, "Bo": 12}.items()
    ]
    store.record_finished(
        {
            "game": "boomtown",
            "title": "Boomtown",
            "file": "202608-boomtown.toml",
            "finished": "2026-08-05T21:00:00",
            "players": ["Bartholomew the Third", "Ann", "Bo"],
            "sheet": sheet_text(SHEETS["boomtown"], rows),
        }
    )


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_players_columns_stay_in_sight_and_follow_the_rows(
    store: Store, size: tuple[int, int]
) -> None:
    """The play-test: with a game in the filter, each player's category averages were rows
    of the Players list ("  Bartholomew the Third: on average Gold 5.0, ..."), in its Player
    column, which grew so wide the other columns went out of sight (at 80 columns only
    "Player" showed) and stayed that wide once the filter was cleared. Now the averages are
    a list of their own (a column a category), every column of both lists shows without
    scrolling sideways, and the widths follow the rows shown now."""
    long_name(store)
    async with make_app(store).run_test(size=size) as pilot:
        await pilot.press("h")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, RecordsScreen)
        players = screen.query_one("#records-players", DataTable)
        send_keys(pilot, "boomtown")
        await pilot.press("ctrl+right")
        await settle(pilot)

        def header_of(table: DataTable) -> list[str]:  # type: ignore[type-arg]
            return drawn(pilot)[table.region.y].split()

        def fits(table: DataTable) -> bool:  # type: ignore[type-arg]
            right = table.region.x + sum(c.get_render_width(table) for c in table.columns.values())
            return table.max_scroll_x == 0 and right <= table.scrollable_content_region.right

        everything = ["Player", "Played", "Wins", "Win", "rate", "Best", "Average", "Last"]
        assert header_of(players) == [*everything, "Streak"]
        assert fits(players)
        assert players.row_count == 5  # Bo, Ann, Bartholomew the Third, Cy, Di
        averages = screen.query_one("#records-averages", DataTable)
        assert averages.display and averages.row_count == 5
        assert header_of(averages) == ["Player", "Gold", "Mines", "Mayors", "(5", "each)"]
        assert fits(averages)
        row = drawn(pilot)[averages.region.y + 1 + 2].split()  # below the header
        assert row[0].startswith("Bartholomew") and row[-3:] == ["41.0", "0.0", "0.0"]
        if size[0] < 100:  # a long name is cut rather than push the figures out of sight
            assert "…" in drawn(pilot)[players.region.y + 1 + 2]

        await pilot.press("ctrl+u")  # the filter cleared: every game
        await settle(pilot)
        assert header_of(players) == [*everything, "Streak"] and fits(players)
        assert not averages.display
        name = players.ordered_columns[0]

        screen.query_one("#records-filter", Input).value = "calamityville"
        await settle(pilot)
        assert players.row_count == 2  # Ann, Cy
        assert players.ordered_columns[0].width == len("Player") < name.width  # follows
        assert header_of(players) == [*everything, "Streak"] and fits(players)


async def test_ctrl_e_in_the_averages_renames_the_player_highlighted_there(
    store: Store,
) -> None:
    long_name(store)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await settle(pilot)
        screen = pilot.app.screen
        screen.query_one("#records-filter", Input).value = "boomtown"
        await pilot.press("ctrl+right")
        await settle(pilot)
        averages = screen.query_one("#records-averages", DataTable)
        averages.focus()
        await pilot.press("down", "down")  # the third: Bartholomew the Third
        await pilot.press("ctrl+e")
        await settle(pilot)
        assert text_of(pilot, "#rename-title") == ("Rename Bartholomew the Third in the records")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_colomas_seven_categories_fit_80_columns(store: Store, size: tuple[int, int]) -> None:
    """Coloma's seven categories: their labels whole where they fit, without the note in
    brackets where they do not (at 80 columns), rather than scroll sideways."""
    record_coloma(store)
    async with make_app(store).run_test(size=size) as pilot:
        await pilot.press("h")
        await settle(pilot)
        screen = pilot.app.screen
        screen.query_one("#records-filter", Input).value = "coloma"
        await pilot.press("ctrl+right")
        await settle(pilot)
        averages = screen.query_one("#records-averages", DataTable)
        assert averages.max_scroll_x == 0
        header = drawn(pilot)[averages.region.y]
        labels = [category.label for category in SHEETS["coloma"].categories]
        if size[0] < 100:
            labels = [label.split(" (")[0] for label in labels]  # "Hotels (8 each)" -> "Hotels"
        assert header.split() == ["Player", *" ".join(labels).split()]
        assert "Hotels (8 each)" in header or size[0] < 100


def record_coloma_without_hotels(store: Store, names: tuple[str, ...], month: int) -> None:
    """A finished Coloma game played without the Hotel Building module: its sheet, as the
    wizard saves it, has no `hotels` (Town Buildings 4 VP each)."""
    from dataclasses import replace

    spec = SHEETS["coloma"]
    spec = replace(
        spec,
        fields=tuple(f for f in spec.fields if f.key != "hotels"),
        categories=tuple(c for c in spec.categories if c.key != "hotels"),
    )
    rows = [{**coloma(name, buildings=[4])} for name in names]
    for row in rows:
        del row["hotels"]
    store.record_finished(
        {
            "game": "coloma",
            "title": "Coloma",
            "file": f"2026{month:02d}-coloma.toml",
            "finished": f"2026-{month:02d}-05T21:00:00",
            "players": list(names),
            "sheet": sheet_text(spec, rows),
        }
    )


async def test_coloma_averages_count_hotels_only_in_games_with_the_module(store: Store) -> None:
    """A play-test: Ann built 2 Hotels (16 VP) in the one game with the Hotel Building
    module, and Records said 8.0 for her Hotels: the game without the module counted as 0.
    Only the games with Hotels count; with none shown, there is no Hotels column."""
    record_coloma_without_hotels(store, ("Ann", "Bo"), month=1)
    averages = await coloma_averages(store)
    labels = [column.label.plain for column in averages.ordered_columns]
    assert "Buildings" in labels and not any("Hotels" in label for label in labels)
    record_coloma(store, [coloma("Ann", buildings=[6], hotels=2), coloma("Cy", hotels=0)])
    averages = await coloma_averages(store)
    labels = [column.label.plain for column in averages.ordered_columns]
    rows = {
        str(averages.get_row_at(y)[0]): dict(
            zip(labels, map(str, averages.get_row_at(y)), strict=True)
        )
        for y in range(averages.row_count)
    }
    assert rows["Ann"]["Hotels (8 each)"] == "16.0"  # not 8.0
    assert rows["Ann"]["Buildings"] == "5.0"  # both games
    assert rows["Bo"]["Hotels (8 each)"] == "-"  # never played with the module
    assert rows["Cy"]["Hotels (8 each)"] == "0.0"  # played with it, built none


async def coloma_averages(store: Store) -> DataTable:
    """Records' Players averages, filtered to Coloma, as the screen showed them."""
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        await settle(pilot)
        screen = pilot.app.screen
        screen.query_one("#records-filter", Input).value = "coloma"
        await settle(pilot)
        return screen.query_one("#records-averages", DataTable)


async def test_a_wide_standings_shows_its_total_and_scrolls_sideways(store: Store) -> None:
    """The play-test at 80x24: Coloma's standings (enter on a game) were cut at the right
    with no way to scroll: no Total, and the tie-break rule cut mid-sentence. The total now
    follows the name, the sentences wrap, and the arrows scroll the table sideways."""
    record_coloma(store)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        dialog, lines, words = await opened_standings(pilot)
        header = next(line for line in lines if " Rank " in line)
        assert header.replace("█", " ").split()[:3] == ["Rank", "Player", "Total"]
        assert SHEETS["coloma"].tiebreak_sentence in words  # whole, wrapped
        box = dialog.query_one("#standings-box")
        assert box.max_scroll_x > 0 and box.scroll_x == 0
        await pilot.press("right")
        await settle(pilot)
        assert box.scroll_x > 0


def record_builders(store: Store, names: tuple[str, ...] = ("Ann", "Bo", "Cy")) -> None:
    """A finished Boomtown Builders game, each player with an investment or two."""
    rows = [
        {
            "name": name,
            "investments": [
                {"vp": 4 + k, "cube": 3 - k, "goldmine": k == 0},
                {"vp": 2, "cube": 1, "goldmine": False},
            ],
        }
        for k, name in enumerate(names)
    ]
    store.record_finished(
        {
            "game": "builders",
            "title": "Boomtown Builders",
            "file": "202609-builders.toml",
            "finished": "2026-09-05T21:00:00",
            "players": list(names),
            "sheet": sheet_text(SHEETS["builders"], rows),
        }
    )


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_builders_standings_headings_are_read_whole(
    store: Store, size: tuple[int, int]
) -> None:
    """The play-test at 80x24: Builders' standings (enter on a game) showed its tie-break
    column's heading as "Investme", the rest off the screen. A long heading wraps between
    its words where the room is short, and the table fits without scrolling sideways; at
    120 columns each heading is on one line."""
    record_builders(store, ("Bartholomew", "Bo", "Cy"))
    spec = SHEETS["builders"]
    headings = ["Rank", "Player", "Total", *(c.label for c in spec.categories)]
    headings += [t.label for t in spec.tiebreaks]
    async with make_app(store).run_test(size=size) as pilot:
        dialog, _lines, words = await opened_standings(pilot)
        box = dialog.query_one("#standings-box")
        assert box.max_scroll_x == 0  # nothing off to the right
        text = str(dialog.query_one("#standings-text").render())
        assert all(word in words for heading in headings for word in heading.split())
        top = next(line for line in text.splitlines() if line.startswith("Rank"))
        if size[0] >= 120:
            assert top.split("  ")[-1] == "Investment Cubes on the Scoring Track"
        else:
            assert "Investment" in top and "Track" not in top  # wrapped, below it
            assert max(len(line) for line in text.splitlines()) <= box.content_size.width


async def test_a_filter_that_finds_nothing_says_why(store: Store) -> None:
    """ "coloma bart" said to check the names, though Bart had finished games (of other
    kinds); "bart, chris" found nothing for the comma (a play-test)."""
    history(store)
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        await settle(pilot)
        screen = pilot.app.screen
        field = screen.query_one("#records-filter", Input)
        field.value = "coloma di"
        await settle(pilot)
        assert text_of(pilot, "#records-summary") == (
            "0 finished games of Coloma with Di: they have finished games of other kinds only"
        )
        field.value = "zed"
        await settle(pilot)
        assert text_of(pilot, "#records-summary").endswith("check the names typed")
        field.value = "di, cy"
        await settle(pilot)
        assert text_of(pilot, "#records-summary").startswith("2 finished games with Di, Cy")


def test_a_word_starting_a_players_name_is_theirs_not_a_games() -> None:
    """ "bo" kept Boomtown's games (none of them Bob's) where the table meant Bob; "cé" did
    not find "🤠Cé" (a play-test)."""

    def game(kind: str, *players: str) -> FinishedGame:
        return FinishedGame(kind, kind.title(), f"{kind}.toml", "2026-11-27", players, None, None)

    games = [game("builders", "Ann", "Bob", "🤠Cé"), game("boomtown", "Ann", "Dee")]
    assert read_filter("bo", games) == (None, ["bo"])
    assert with_players(games, ["bo"]) == games[:1]
    assert read_filter("boom", games) == ("boomtown", [])  # no name starts so
    assert read_filter("Boomtown Builders ann", games) == ("builders", ["ann"])  # the title
    assert read_filter("boomtown", [game("builders", "Boomtown Bill")]) == ("boomtown", [])
    assert read_filter("cé", games) == (None, ["cé"])
    assert with_players(games, ["cé"]) == games[:1]
    assert with_players(games, ["🤠"]) == games[:1]
    assert with_players(games, ["ce"]) == games[:1]  # accents aside: "zoe" finds Zoë
    assert with_players([game("coloma", "Zoë")], ["zoe"]) and read_filter("zoe", games)[1]


async def test_a_game_won_on_the_tie_break_says_so(store: Store) -> None:
    """ "Finished ...; won." and nothing after it, for a game decided by the tie-break (a
    play-test)."""
    record_coloma(store, [coloma("Ann", track=10, gold=3), coloma("Bo", track=10, gold=1)])
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        _, _, words = await opened_standings(pilot)
        assert "Finished 2026-08-05 21:00; won on the tie-break." in words


async def test_a_shared_win_says_jointly_not_by_how_much_one_won(store: Store) -> None:
    """ "won by 800" for two winners read as one of them beating the other (a play-test):
    it says the win is shared and how far ahead of the next they were."""
    record_coloma(
        store,
        [
            coloma("Ann", track=10, gold=3),
            coloma("Bo", track=10, gold=3),
            coloma("Cy", track=4, gold=0),
        ],
    )
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        _, _, words = await opened_standings(pilot)
        assert "Finished 2026-08-05 21:00; won jointly, 6 ahead of the next." in words


async def test_a_game_deleted_from_the_saved_games_is_said_so(store: Store) -> None:
    """A game deleted from home stays in Records; its file was named as if it were still
    there (a play-test)."""
    record_coloma(store)
    for kept in (False, True):
        if kept:
            store.games_dir.mkdir(parents=True, exist_ok=True)
            (store.games_dir / "202608-coloma.toml").write_text("")
        async with make_app(store).run_test(size=(120, 40)) as pilot:
            await opened_standings(pilot)
            said = text_of(pilot, "#standings-sentences")
            assert "File: 202608-coloma.toml" in said
            assert ("(deleted from the saved games)" in said) is not kept


async def test_a_finish_undone_on_a_full_disk_leaves_the_records(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ctrl+z, y on a finished game with no room for the history: the app said Records
    would put it right, and Records still listed the game as finished, with its result (a
    play-test). Records follows the game file; the history is put right when there is
    room."""
    from tests.core.test_history_full_disk import (
        fill_the_disk,
        finished_calamityville,
        finished_coloma,
    )

    other = finished_coloma(new_game(game="coloma", names=("Ua", "Vb")))
    other.record_in_history()
    session = finished_calamityville(new_game)
    session.record_in_history()
    session.close()
    async with make_app(store).run_test(size=(80, 24), notifications=True) as pilot:
        pilot.app.open_game(session.path)
        await settle(pilot)
        fill_the_disk(monkeypatch)
        await pilot.press("ctrl+z")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        game = pilot.app.screen
        assert isinstance(game, GameScreen) and not game.session.state.finished
        titles = [str(n.title) for n in pilot.app._notifications]
        assert "History not updated" in titles
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, RecordsScreen)
        assert text_of(pilot, "#records-summary") == "1 finished game"
        games = screen.query_one("#records-games", DataTable)
        assert games.row_count == 1 and "Coloma" in str(games.get_row_at(0)[1])
        assert len(store.read_history()) == 2  # not saved yet
        monkeypatch.undo()
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        assert text_of(pilot, "#records-summary") == "1 finished game"
    assert [row["file"] for row in store.read_history()] == [other.path.name]


async def test_the_summary_names_the_one_player_the_filter_finds(store: Store) -> None:
    """A play-test: `zo` said "1 finished game with zo", not whom it found. One player found:
    their name (accents aside, Zoë for `zo`); several or none: the word as typed, never
    read as markup."""
    record_boomtown(store, [{"Zoë": 30, "Bo": 20}, {"Bob": 10, "Ann": 12}])
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        await settle(pilot)
        field = pilot.app.screen.query_one("#records-filter", Input)
        for typed, summary in [
            ("zo", "1 finished game with Zoë"),
            ("ZOE", "1 finished game with Zoë"),
            ("bo", "2 finished games with bo"),  # Bo and Bob
            ("bob zo", "0 finished games with Bob, Zoë: no finished game has them"),
            ("[b]x", "0 finished games with [b]x: no finished game has them"),
        ]:
            field.value = typed
            await settle(pilot)
            assert text_of(pilot, "#records-summary").startswith(summary), typed
