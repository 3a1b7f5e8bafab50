import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.journal import (
    _FIELDS,
    Entry,
    Journal,
    JournalError,
    entries_of_columns,
    make_entry,
)


def entry(name: str) -> Entry:
    return make_entry("adjust", name, player=0, delta=1)


def texts(entries: list[Entry]) -> list[str]:
    return [e.text for e in entries]


def test_undo_and_redo_walk_whole_entries() -> None:
    journal = Journal([entry("a"), entry("b")])
    journal.append(journal.undo_entry())  # type: ignore[arg-type]
    assert texts(journal.effective()) == ["a"]
    journal.append(journal.redo_entry())  # type: ignore[arg-type]
    assert texts(journal.effective()) == ["a", "b"]


def test_a_new_change_ends_the_redo_chain() -> None:
    journal = Journal([entry("a"), entry("b")])
    journal.append(journal.undo_entry())  # type: ignore[arg-type]
    journal.append(entry("c"))
    assert journal.redo_entry() is None
    assert texts(journal.effective()) == ["a", "c"]


def test_nothing_to_undo_or_redo() -> None:
    journal = Journal()
    assert journal.undo_entry() is None
    assert journal.redo_entry() is None


def test_undo_and_redo_entries_name_what_they_take_back() -> None:
    journal = Journal([entry("Ann +5 gold")])
    undo = journal.undo_entry()
    assert undo is not None and undo.text == "Undone: Ann +5 gold"


@pytest.mark.parametrize(
    ("value", "says"),
    [(10**16, "holds too large a number"), ([10**16], "holds too large a number"), ({}, "holds a")],
)
def test_a_damaged_entrys_field_name_is_said_escaped_once(value: object, says: str) -> None:
    """visible(key)!r wrote visible's escapes again: a field (of a file) named we, an ESC, ird
    and a backslash was said with two backslashes before x1b and two at its end. It is
    said as `visible` writes it (one each), between quotes."""
    table = {"kind": "adjust", "text": "x", "at": "2026-01-01T00:00:00", "we\x1bird\\": value}
    with pytest.raises(JournalError) as raised:
        Entry.from_table(table)
    assert f"entry field 'we\\x1bird\\' {says}" in str(raised.value)


def test_table_round_trip_writes_at_last() -> None:
    original = make_entry("adjust", "Ann +5", player=0, delta=5, note=None, tags=[1, 2])
    table = original.to_table()
    assert list(table)[-1] == "at"
    assert "note" not in table  # TOML has no null: None is left out
    assert Entry.from_table(table) == original


@given(st.lists(st.sampled_from(["do", "undo", "redo"]), max_size=60))
def test_journal_matches_a_model_of_two_stacks(moves: list[str]) -> None:
    journal, done, undone = Journal(), [], []
    for number, move in enumerate(moves):
        if move == "do":
            journal.append(entry(str(number)))
            done.append(str(number))
            undone.clear()
        elif move == "undo":
            step = journal.undo_entry()
            if step is not None:
                journal.append(step)
                undone.append(done.pop())
            else:
                assert not done
        else:
            step = journal.redo_entry()
            if step is not None:
                journal.append(step)
                done.append(undone.pop())
            else:
                assert not undone
    assert texts(journal.effective()) == done
    # Replaying the whole file gives the same result as the live journal.
    assert texts(Journal(journal.entries).effective()) == done


def test_the_places_of_the_newest_entries_read_as_the_tail() -> None:
    """The log asks for the newest places first, then reads only the entries it lacks."""
    journal = Journal([entry("a"), entry("b"), entry("c")])
    journal.append(journal.undo_entry())  # type: ignore[arg-type]
    journal.append(entry("d"))
    places = journal.tail_places(2)
    assert list(zip(places, journal.entries_at(places), strict=True)) == journal.tail(2)
    assert texts(journal.entries_at(places)) == ["b", "d"]
    assert texts(journal.entries_at(places[1:])) == ["d"]


def test_the_newest_entry_of_a_kind_in_effect() -> None:
    """A finish far back (past one read of 64 entries) is found; an undone one is not."""
    journal = Journal([make_entry("finish", "first finish"), *(entry(str(n)) for n in range(100))])
    found = journal.newest_of("finish")
    assert found is not None and found.text == "first finish"
    journal.append(make_entry("finish", "second finish"))
    assert journal.newest_of("finish").text == "second finish"  # type: ignore[union-attr]
    journal.append(journal.undo_entry())  # type: ignore[arg-type]
    assert journal.newest_of("finish").text == "first finish"  # type: ignore[union-attr]
    assert journal.newest_of("reopen") is None and Journal([]).newest_of("finish") is None


@given(
    st.lists(
        st.tuples(
            st.text(max_size=8),
            st.text(max_size=8),
            st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
            st.text(max_size=8),
        ),
        max_size=6,
    )
)
def test_entries_made_a_column_at_a_time_are_the_entries(rows: list[tuple]) -> None:
    """The bulk reader's quick constructor (#16) makes exactly `Entry(kind, text, data, at)`:
    every field set, equal, hashed and shown alike, still frozen."""
    columns = [list(column) for column in zip(*rows, strict=True)] or [[], [], [], []]
    made = entries_of_columns(*columns)
    assert made == [Entry(*row) for row in rows]
    assert [repr(entry) for entry in made] == [repr(Entry(*row)) for row in rows]
    assert [entry.to_parts() for entry in made] == [Entry(*row).to_parts() for row in rows]
    for entry in made:
        with pytest.raises(dataclasses.FrozenInstanceError):
            entry.kind = "changed"  # type: ignore[misc]


def test_the_quick_constructor_knows_every_field_of_an_entry() -> None:
    """A field added to Entry (or a __post_init__) must be added to `entries_of_columns`."""
    assert tuple(field.name for field in dataclasses.fields(Entry)) == _FIELDS
    assert not hasattr(Entry, "__post_init__")
    with pytest.raises(ValueError):
        entries_of_columns(["adjust"], [], [{}], ["x"])
