import pytest

from companion.amounts import Amount, AmountError, parse_amount, parse_count


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("12", Amount(12, False)),
        ("+5", Amount(5, True)),
        ("-3", Amount(-3, True)),
        (" + 7 ", Amount(7, True)),
        ("0", Amount(0, False)),
    ],
)
def test_amounts(text: str, amount: Amount) -> None:
    assert parse_amount(text) == amount


@pytest.mark.parametrize("text", ["", "abc", "1.5", "++1", "5+", "1e3", "[b]5[/b]"])
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
