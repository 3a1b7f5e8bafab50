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


def test_a_command_names_its_player_by_name_or_a_unique_start() -> None:
    from companion.table import Player, find_player

    players = [Player("Ann", "red"), Player("Mary Ann", "blue"), Player("Mo", "green")]
    assert find_player(players, ["ann", "gold", "+2"]) == (0, ["gold", "+2"])
    assert find_player(players, ["Mary", "Ann", "vp", "3"]) == (1, ["vp", "3"])
    assert find_player(players, ["mar", "vp"]) == (1, ["vp"])
    assert find_player(players, ["m", "vp"]) is None  # Mary Ann or Mo
    assert find_player(players, ["zed"]) is None and find_player(players, []) is None
    assert find_player([*players, Player("[b]Cy", "red")], ["cy", "vp"]) == (3, ["vp"])


def test_players_matching_says_who_a_short_name_could_mean() -> None:
    from companion.table import Player, find_player, players_matching

    players = [Player("Ann Lee", "red"), Player("Ann Ray", "blue"), Player("Bo", "green")]
    assert find_player(players, ["ann", "vp", "3"]) is None
    assert players_matching(players, "ann") == [0, 1]
    assert players_matching(players, "ray") == [1] and players_matching(players, "zed") == []
    assert find_player(players, ["ann", "ray", "vp", "3"]) == (1, ["vp", "3"])


def test_names_compare_without_case_or_accents() -> None:
    """A keyboard without ë found no "Zoë" (`zoe`), in commands, dialogs and Records (a
    play-test)."""
    from companion.table import Player, find_player, folded, players_matching

    players = [Player("Zoë", "red"), Player("José Ñu", "blue"), Player("🤠 Cow", "green")]
    assert folded("ZOË") == "zoe" and folded("Ann") == "ann"
    assert find_player(players, ["zoe", "gold", "+2"]) == (0, ["gold", "+2"])
    assert find_player(players, ["jose", "nu", "vp", "1"]) == (1, ["vp", "1"])
    assert players_matching(players, "nu") == [1] and players_matching(players, "cow") == [2]
    assert find_player(players, ["Zoë"]) == (0, [])


def test_names_compare_without_apostrophes() -> None:
    """`obrien` found no "O'Brien" while `elodie` found "Élodie" (a play-test)."""
    from companion.table import Player, find_player, folded

    players = [Player("O'Brien", "red"), Player("D\u2019Arcy", "blue")]
    assert folded("O'Brien") == "obrien" == folded("O\u2019Brien")
    assert find_player(players, ["obrien", "bucks", "+1"]) == (0, ["bucks", "+1"])
    assert find_player(players, ["darcy", "vp", "2"]) == (1, ["vp", "2"])
    assert find_player(players, ["O'Brien"]) == (0, [])


def test_names_told_apart_by_accents_alone_are_refused_and_found_as_typed() -> None:
    """Zoe and Zoë at one table could not be named at all once accents were ignored (a
    play-test): a new table refuses the second; a table seated before finds each as typed."""
    from companion.table import Player, find_player, name_problem, players_matching

    assert name_problem("Zoë", ["Zoe"]) == (
        "'Zoe' is already at the table (names ignore case and accents)."
    )
    players = [Player("Zoë", "red"), Player("Zoe", "blue"), Player("Cy", "green")]
    assert find_player(players, ["zoë", "bucks", "+3"]) == (0, ["bucks", "+3"])
    assert find_player(players, ["Zoe", "bucks"]) == (1, ["bucks"])
    assert players_matching(players, "zoë") == [0] and players_matching(players, "zoe") == [1]
    assert players_matching(players, "zo") == [0, 1]


def test_a_word_of_a_name_a_keyboard_types() -> None:
    """What a hint tells the table to type for a player: a word a keyboard has."""
    from companion.table import typed_word

    assert typed_word("🤠 Zed") == "zed"
    assert typed_word("O'Brien") == "obrien"
    assert typed_word("Zoë Ann") == "zoe"
    assert typed_word("🤠") == "🤠"
