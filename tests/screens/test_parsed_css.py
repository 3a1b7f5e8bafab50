"""Parsed stylesheets kept from one start to the next (screens/parsed_css.py, #16)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.css import stylesheet as textual_stylesheet
from textual.css.stylesheet import Stylesheet, StylesheetParseError

from screens import parsed_css
from screens.app import GoldrushApp
from screens.parsed_css import FILE_NAME, ParsedCss, cache_file, textual_build
from tests.screens.helpers import make_app

CSS = "Label { color: $accent; padding: 1 2; } #box > .x { height: 3; }"
VARIABLES = {"accent": "#ff0000"}


def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The CSS texts Textual really parses from now on."""
    seen: list[str] = []
    parse = textual_stylesheet.parse

    def counted(scope, css, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(css)
        return parse(scope, css, *args, **kwargs)

    monkeypatch.setattr(textual_stylesheet, "parse", counted)
    return seen


def styled(path: Path, css: str = CSS, variables: dict[str, str] = VARIABLES) -> Stylesheet:
    """A stylesheet as a start of the app makes it, through the kept parses at `path`."""
    kept = ParsedCss(path)
    sheet = Stylesheet(variables=dict(variables))
    kept.install(sheet)
    sheet.add_source(css, read_from=("app.tcss", ""))
    sheet.parse()
    kept.save()
    return sheet


def rules_of(sheet: Stylesheet) -> list[str]:
    return [rule.css for rule in sheet.rules]


def test_a_second_start_parses_nothing_and_styles_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / FILE_NAME
    seen = parses(monkeypatch)
    first = styled(path)
    assert seen == [CSS] and path.exists()
    second = styled(path)
    assert seen == [CSS]  # kept: not parsed again
    assert rules_of(second) == rules_of(first)
    assert "#ff0000" in "".join(rules_of(second)).lower()


def test_a_changed_stylesheet_or_theme_is_parsed_anew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / FILE_NAME
    seen = parses(monkeypatch)
    styled(path)
    changed = CSS.replace("padding: 1 2", "padding: 2 2")
    assert "padding: 2" in "".join(rules_of(styled(path, changed)))
    other_theme = styled(path, variables={"accent": "#00ff00"})
    assert "#00ff00" in "".join(rules_of(other_theme)).lower()
    assert len(seen) == 3
    styled(path, changed)
    styled(path, variables={"accent": "#00ff00"})
    assert len(seen) == 3  # each kept under its own key


def test_another_textual_parses_anew(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib.metadata import version

    assert textual_build().split()[0] == version("textual")  # as Textual's metadata says
    path = tmp_path / FILE_NAME
    seen = parses(monkeypatch)
    styled(path)
    monkeypatch.setattr(parsed_css, "textual_build", lambda: "99.0.0 1")
    styled(path)
    assert seen == [CSS, CSS]  # what another Textual made is not taken


def test_a_damaged_cache_is_parsed_anew_and_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(b"not a pickle")
    seen = parses(monkeypatch)
    sheet = styled(path)
    assert seen == [CSS] and rules_of(sheet)
    styled(path)
    assert seen == [CSS]  # the damaged file was replaced by a whole one


def test_css_with_errors_is_never_kept(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    for _ in range(2):  # reported each time, as Textual reports it
        with pytest.raises(StylesheetParseError):
            styled(path, "Label { colour: red; }")
    assert not path.exists()


def test_the_cache_is_in_the_users_cache_folder_never_the_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("GOLDRUSH_CACHE_DIR", str(tmp_path / "c"))
    assert cache_file() == tmp_path / "c" / FILE_NAME
    monkeypatch.delenv("GOLDRUSH_CACHE_DIR")
    assert "goldrush" in str(cache_file().parent)


async def test_the_app_keeps_what_its_first_frame_parsed(
    store, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("GOLDRUSH_CACHE_DIR", str(tmp_path / "cache"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    assert (tmp_path / "cache" / FILE_NAME).exists()
    seen = parses(monkeypatch)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app, GoldrushApp)
    assert seen == []  # the second start's home screen: every stylesheet kept


def test_a_reparse_in_the_same_run_unpickles_nothing_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dialog with its own .tcss opened the first time has every stylesheet parsed again
    (Textual's reparse): what this run took from the kept entries is not unpickled twice."""
    path = tmp_path / FILE_NAME
    styled(path)  # kept by a first start
    unpickled: list[bytes] = []
    loads = parsed_css.pickle.loads

    def counted(data: bytes) -> object:
        unpickled.append(data)
        return loads(data)

    monkeypatch.setattr(parsed_css.pickle, "loads", counted)
    kept = ParsedCss(path)
    sheet = Stylesheet(variables=dict(VARIABLES))
    kept.install(sheet)
    sheet.add_source(CSS, read_from=("app.tcss", ""))
    sheet.parse()
    assert len(unpickled) == 1
    first = rules_of(sheet)
    sheet.reparse()
    sheet.reparse()
    assert len(unpickled) == 1 and rules_of(sheet) == first


async def test_a_dialog_with_its_own_stylesheet_parses_nothing_kept(
    store, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Textual parses every stylesheet again when a screen brings its own .tcss (the
    new-game dialog's first opening): through the kept entries too. A new theme is parsed
    anew, and styles the screen."""
    monkeypatch.setenv("GOLDRUSH_CACHE_DIR", str(tmp_path / "cache"))
    for _ in range(2):
        async with make_app(store).run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            seen = parses(monkeypatch)
            await pilot.press("n")
            await pilot.pause()
            assert type(pilot.app.screen).__name__ == "NewGameScreen"
    assert seen == []  # the second time: every stylesheet kept, the dialog's too
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dark = pilot.app.screen.styles.background
        pilot.app.theme = "textual-light"
        await pilot.pause()
        assert seen and pilot.app.screen.styles.background != dark
