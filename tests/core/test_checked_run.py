"""A first read checks the entries from the start in a few passes over the list
(`_checked_run`) and leaves the first one that fails, and the rest, to the entry-by-entry
loop (#16). Whatever the bytes, the result is the entry-by-entry reading's: the same
entries, spans, good length, torn tail and damage (with its reason)."""

from __future__ import annotations

from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import gamefile
from companion.gamefile import entry_chunk, parse_journal
from companion.games import GAMES
from companion.games.base import RuleError
from companion.journal import Entry

HEADER = b'format = 2\ngame = "coloma"\n'

texts = st.text(max_size=12)
entries = st.builds(
    Entry,
    st.sampled_from(["adjust", "correct", "note"]),
    texts,
    st.dictionaries(st.sampled_from(["player", "delta", "number"]), st.integers(-5, 5)),
    texts,
)


def read_both(data: bytes, fmt: int | None = None) -> tuple[object, object]:
    def summary() -> object:
        try:
            parsed = parse_journal(data, fmt)
        except ValueError as error:  # the header itself unreadable (a change reached it)
            return repr(error)
        damage = parsed.damage and (parsed.damage.number, parsed.damage.what, parsed.damage.lost)
        return parsed.entries, parsed.good, parsed.torn, damage, parsed.spans

    quick = summary()
    with mock.patch.object(gamefile, "_checked_run", lambda *args: 0):
        one_by_one = summary()
    return quick, one_by_one


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=150)
@given(
    st.lists(entries, min_size=0, max_size=6),
    st.lists(st.tuples(st.integers(0, 10**6), st.binary(max_size=3)), max_size=2),
    st.integers(0, 40),
    st.sampled_from([None, 1, 2]),
)
def test_the_checked_run_reads_as_the_entry_by_entry_loop(
    written: list[Entry], changes: list[tuple[int, bytes]], cut: int, fmt: int | None
) -> None:
    """Entries as written, with bytes replaced here and there and the end cut short."""
    data = bytearray(HEADER + b"".join(entry_chunk(entry) for entry in written))
    for place, replacement in changes:
        at = len(HEADER) + place % max(1, len(data) - len(HEADER))
        data[at : at + len(replacement)] = replacement
    data = data[: len(data) - cut] if cut < len(data) - len(HEADER) else data
    quick, one_by_one = read_both(bytes(data), fmt)
    assert quick == one_by_one


def test_a_changed_entry_in_a_long_run_is_reported_as_before() -> None:
    chunks = [entry_chunk(Entry("adjust", f"Ann +{n}", {"delta": n}, "t")) for n in range(300)]
    data = HEADER + b"".join(chunks)
    place = data.index(b"Ann +150") + 5
    changed = data[:place] + b"9" + data[place + 1 :]
    quick, one_by_one = read_both(changed)
    assert quick == one_by_one
    parsed = parse_journal(changed)
    assert len(parsed.entries) == 150 and parsed.damage is not None
    assert parsed.damage.number == 151 and "changed on disk" in parsed.damage.what


def test_a_number_asked_by_an_odd_key_is_refused_as_before() -> None:
    """A key read from a crafted file may be anything: a list is refused like a wrong name."""
    rules = GAMES["coloma"]
    assert rules.number_spec("bucks").key == "bucks"
    for key in (["bucks"], 3, None, "nope"):
        try:
            rules.number_spec(key)  # type: ignore[arg-type]
        except RuleError as error:
            assert "tracks no number called" in str(error)
        else:
            raise AssertionError(f"{key!r} was taken")


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=60)
@given(
    st.lists(
        st.builds(
            Entry,
            st.sampled_from(["adjust", "note"]),
            texts,
            st.dictionaries(
                st.sampled_from(["player", "delta", "names"]),
                st.one_of(st.integers(-5, 5), st.lists(st.integers(0, 3), max_size=2)),
            ),
            texts,
        ),
        min_size=1,
        max_size=8,
    ),
    st.lists(st.integers(0, 20), max_size=10),
)
def test_entries_read_in_one_go_are_the_ones_read_one_by_one(
    written: list[Entry], wanted: list[int]
) -> None:
    """`EntryList.many` (the log's newest lines, a replay from a checkpoint) gives what
    reading each entry gives, plain entries or not, in the order asked."""
    data = HEADER + b"".join(entry_chunk(entry) for entry in written)
    parsed = parse_journal(data)
    places = [place % len(written) for place in wanted]
    together = gamefile.EntryList(data, parsed.spans).many(places)
    one_by_one = gamefile.EntryList(data, parsed.spans)
    assert together == [one_by_one[place] for place in places]


def test_the_journal_reads_its_tail_in_one_go() -> None:
    from companion.journal import Journal

    written = [Entry("adjust", f"Ann +{n}", {"delta": n}, "t") for n in range(300)]
    data = HEADER + b"".join(entry_chunk(entry) for entry in written)
    entries = gamefile.EntryList(data, parse_journal(data).spans)
    journal = Journal.restored(entries, range(300), ())
    with mock.patch.object(gamefile, "_entry_of_content", side_effect=AssertionError):
        tail = journal.tail(200)  # no entry read one by one
    assert tail == [(n, written[n]) for n in range(100, 300)]
    assert journal.effective_between(10, 20) == written[10:20]
