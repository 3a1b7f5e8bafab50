"""Text that reaches the terminal is made safe: refused when typed, made visible when read."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.games import RuleError
from companion.games.boomtown import find_mine, load_catalog
from companion.games.builders import cubes_typed
from companion.games.coloma.chart import parse_tier
from companion.safe_text import quoted, text_problem, unsafe_characters, visible
from companion.table import name_problem
from tests.conftest import NewGame


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Ann", "Ann"),
        ("Zoë 🎲", "Zoë 🎲"),
        ("A\x1b]0;pwned\x07", "A\\x1b]0;pwned\\x07"),
        ("\x9b2J", "\\x9b2J"),
        ("Bo\u202eoB", "Bo\\u202eoB"),
        ("x\x7f", "x\\x7f"),
        ("a\nb", "a\\x0ab"),
    ],
)
def test_visible_writes_out_every_unsafe_character(raw: str, shown: str) -> None:
    assert visible(raw) == shown
    assert not unsafe_characters(visible(raw))


def test_visible_can_keep_lines_for_multi_line_text() -> None:
    assert visible("a\n\tb\x1b", keep_lines=True) == "a\n\tb\\x1b"


def test_quoted_escapes_once_between_quotes() -> None:
    assert quoted("ab\x1b[31mc") == "'ab\\x1b[31mc'"
    assert quoted("a\\b\tc") == "'a\\b\\x09c'"
    assert quoted("Bo's") == '"Bo\'s"'
    assert quoted('Bo\'s "X"') == "'Bo's \"X\"'"


def test_typed_text_with_control_characters_is_refused_with_what_was_found() -> None:
    assert text_problem("Ann") is None
    problem = text_problem("A\x1b[2J\x1b", "A name")
    assert problem is not None
    assert problem.startswith("A name cannot hold control")
    assert "\\x1b" in problem and problem.count("\\x1b") == 1
    assert "\x1b" not in problem


def test_messages_repeat_typed_text_as_typed(new_game: NewGame) -> None:
    """A backslash typed is said once, as typed (`!r` wrote it twice: `'a\\\\b'` for a\\b)."""
    session = new_game(game="boomtown", names=("Ann", "Bo", "Cy"))
    typed_wrongly: list[Callable[[], object]] = [
        lambda: session.rules.seat_named(session.state, "D\\i"),
        lambda: find_mine("c\\j", load_catalog(), session.state),
        lambda: find_mine("cm 6\\ 7", load_catalog(), session.state),
        lambda: parse_tier("3 V\\P"),
        lambda: cubes_typed("3 4 \\7"),
    ]
    for attempt in typed_wrongly:
        with pytest.raises(RuleError) as refused:
            attempt()
        said = str(refused.value)
        assert "\\" in said and "\\\\" not in said, said
    said = name_problem("Zo\\e", ["zo\\e"])
    assert said == "'zo\\e' is already at the table (names ignore case and accents).", said


def test_quoted_shows_a_value_read_from_a_file_as_repr_does() -> None:
    """A replayed entry's field may be anything a file holds (a number where a town goes)."""
    assert quoted(7) == "7"
    assert quoted(None) == "None"
    assert quoted(["a\x1b"]) == "['a\\x1b']"
