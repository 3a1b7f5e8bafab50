import pytest

from companion.amounts import Amount, AmountError, is_number, parse_amount, parse_count


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("12", Amount(12, False)),
        ("+5", Amount(5, True)),
        ("-3", Amount(-3, True)),
        (" + 7 ", Amount(7, True)),
        ("0", Amount(0, False)),
        ("$2,750", Amount(2750, False)),  # as printed on money (a play-test typed it)
        ("+$200", Amount(200, True)),
        ("- $1,000,000", Amount(-1_000_000, True)),
    ],
)
def test_amounts(text: str, amount: Amount) -> None:
    assert parse_amount(text) == amount


@pytest.mark.parametrize(
    "text", ["", "abc", "1.5", "++1", "5+", "1e3", "[b]5[/b]", "1,5", "2,50", "$", "$+5", "2.500"]
)
def test_not_amounts(text: str) -> None:
    with pytest.raises(AmountError, match="Type a whole number"):
        parse_amount(text)


def test_applied_to() -> None:
    assert parse_amount("+5").applied_to(10) == 15
    assert parse_amount("-3").applied_to(10) == 7
    assert parse_amount("4").applied_to(10) == 4


def test_counts() -> None:
    assert parse_count("3", minimum=2, maximum=12, what="The roll") == 3
    with pytest.raises(AmountError, match="The roll must be 2 to 12"):
        parse_count("13", minimum=2, maximum=12, what="The roll")
    with pytest.raises(AmountError, match="must be a whole number"):
        parse_count("x", what="The bid")
    assert parse_count("$2,500", what="The rent") == 2500
    with pytest.raises(AmountError, match="The bid is too large"):
        parse_count("$" + "9" * 5000, what="The bid")


def test_a_count_typed_with_a_sign_or_past_its_range_says_the_range_and_the_text() -> None:
    """ctrl+o's Cards left said "must be a whole number (not +1)" to `+1`, and "The cards
    left is too large" to eleven digits; a count is set as typed, within its own range."""
    with pytest.raises(AmountError, match=r"^The cards left: type the number without \+ "):
        parse_count("+1", maximum=30, what="The cards left")
    with pytest.raises(AmountError, match=r"\(0 to 30; not \+1\)\.$"):
        parse_count("+1", maximum=30, what="The cards left")
    with pytest.raises(AmountError, match=r"^The cards left must be 0 to 30 \(not 99999999999\)"):
        parse_count("99999999999", maximum=30, what="The cards left")
    with pytest.raises(AmountError, match=r"\(1 or more; not \+2\)"):
        parse_count("+2", minimum=1, what="The Dudes")
    with pytest.raises(AmountError, match="must be a whole number"):
        parse_count("+", what="A Site")  # a + alone is no number
    assert parse_count("-0", what="A count") == 0


@pytest.mark.parametrize("typed", ["٣", "²", "1٣", "+٣", "-²", "\uff11\uff12"])
def test_numbers_are_ascii_digits_only(typed: str) -> None:
    """Issue #13: `²` and `٣` passed the digit checks and crashed int() or read as another
    number; every game reads ASCII digits only."""
    with pytest.raises(AmountError):
        parse_amount(typed)
    with pytest.raises(AmountError, match="must be a whole number"):
        parse_count(typed, what="A die")
    assert not is_number(typed)


def test_a_number_too_large_says_so() -> None:
    with pytest.raises(AmountError, match="too large \\(at most 999,999,999\\)"):
        parse_amount("+1234567890")
    with pytest.raises(AmountError, match="The bid is too large"):
        parse_count("9" * 5000, what="The bid")
    assert parse_count("000000000012", what="x") == 12 and is_number("12")


@pytest.mark.parametrize(
    ("kind", "typed"), [("count", "٣"), ("list", "3 ²"), ("investments", "5x٣")]
)
def test_the_wizard_reads_ascii_digits_only(kind: str, typed: str) -> None:
    from companion.scoring import Field, SheetError, parse_answer

    with pytest.raises(SheetError):
        parse_answer(Field("f", "F", kind), typed)  # type: ignore[arg-type]
    with pytest.raises(SheetError, match="too large"):
        parse_answer(Field("f", "F", "count"), "12345678901")


def test_nothing_typed_is_said_so() -> None:
    """The play-test's empty correction read "(not nothing)"."""
    from companion.scoring import Field, SheetError, parse_answer

    with pytest.raises(AmountError, match=r"\(nothing was typed\)\.$"):
        parse_amount("  ")
    with pytest.raises(AmountError, match=r"The bid must be a whole number \(nothing was typed\)"):
        parse_count("", what="The bid")
    with pytest.raises(AmountError, match=r"\(not 1x\)"):
        parse_count("1x", what="The bid")
    with pytest.raises(SheetError, match=r"\(nothing was typed\)"):
        parse_answer(Field("f", "F", "count"), " ")


def test_words_are_listed_as_a_sentence() -> None:
    from companion.amounts import and_listed

    assert and_listed(["bank", "store", "hotel", "mine"]) == "bank, store, hotel and mine"
    assert and_listed(["Ann", "Annabel"]) == "Ann and Annabel"
    assert and_listed(["Ann"]) == "Ann"
