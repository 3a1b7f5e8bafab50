from companion.table import clockwise_from, left_of, name_problem, right_of


def test_left_is_next_clockwise_and_right_is_previous() -> None:
    assert [left_of(seat, 4) for seat in range(4)] == [1, 2, 3, 0]
    assert [right_of(seat, 4) for seat in range(4)] == [3, 0, 1, 2]


def test_clockwise_from_starts_with_the_given_seat() -> None:
    assert clockwise_from(2, 5) == [2, 3, 4, 0, 1]


def test_name_problems() -> None:
    assert name_problem("  ", []) == "A name cannot be empty."
    assert "at most 24 characters" in (name_problem("x" * 25, []) or "")
    assert name_problem("x" * 24, []) is None
    assert "already at the table" in (name_problem("ANN", ["Ann"]) or "")
    assert name_problem("[bold]Ann[/]", ["Ann"]) is None
