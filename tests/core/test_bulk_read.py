"""A long game's first read (issue #16): the entries are read in bulk (one JSON document)
when they are in the plain form this app writes, and one by one otherwise. Whatever the
bytes, the bulk reading gives exactly what the entry-by-entry reading gives, or stands aside."""

from __future__ import annotations

import os
import zlib
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.gamefile import (
    _MARKER,
    _content_of,
    _entries_in_bulk,
    _entry_of_content,
    _sources_fingerprint,
    entry_chunk,
    parse_journal,
)
from companion.journal import Entry, JournalError
from companion.safe_text import visible

HEADER = b'format = 2\ngame = "coloma"\n'

texts = st.text(max_size=24)
numbers = st.integers(min_value=-(10**16), max_value=10**16)
scalars = st.one_of(texts, numbers, st.booleans())
keys = st.text("abcdefghijklmnopqrstuvwxyz_-0123456789", min_size=1, max_size=8).filter(
    lambda key: key not in ("kind", "text", "at", "check")
)
data = st.dictionaries(keys, st.one_of(scalars, st.lists(scalars, max_size=3)), max_size=4)
entries = st.builds(Entry, texts, texts, data, texts)


def one_by_one(contents: list[bytes]) -> list[Entry | str]:
    """What the entry-by-entry reading makes of each content (its error, if refused)."""
    read: list[Entry | str] = []
    for content in contents:
        try:
            read.append(_entry_of_content(content))
        except JournalError as error:
            read.append(str(error))
    return read


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(entries, min_size=1, max_size=8))
def test_the_bulk_reading_of_written_entries_is_the_one_by_one_reading(
    written: list[Entry],
) -> None:
    chunks = [entry_chunk(entry) for entry in written]
    contents = [_content_of(chunk[len(_MARKER) :], True) for chunk in chunks]
    bulk = _entries_in_bulk(contents)
    assert bulk is None or bulk == one_by_one(contents)
    parsed = parse_journal(HEADER + b"".join(chunks))
    expected = one_by_one(contents)
    good = [entry for entry in expected if isinstance(entry, Entry)]
    assert parsed.entries == good[: len(parsed.entries)]
    assert (parsed.damage is None) == all(isinstance(entry, Entry) for entry in expected)


def test_plain_entries_are_read_in_bulk() -> None:
    written = [
        Entry("adjust", f"Ann +{n} Buck (→ {n})", {"player": 0, "delta": n}, "x") for n in range(5)
    ]
    contents = [_content_of(entry_chunk(entry)[len(_MARKER) :], True) for entry in written]
    assert _entries_in_bulk(contents) == written


def test_only_printable_text_is_read_in_bulk() -> None:
    """What `visible` writes out (a C1 control, a direction override, a no-break space)
    keeps a run of entries off the bulk reading; an arrow or an accent does not (only the
    non-ASCII characters are looked at, #16)."""
    printable = [an_entry([b'who = "Zo\xc3\xab \xe2\x86\x92"\n']), an_entry([])]
    assert _entries_in_bulk(printable) == one_by_one(printable)
    for odd in ("\x85", "\u202e", "\xa0", "\u2028"):
        contents = [an_entry([]), an_entry([f'who = "a{odd}b"\n'.encode()])]
        assert _entries_in_bulk(contents) is None
        assert one_by_one(contents)[1] == Entry(
            "adjust", "Ann +1 \u2192 2", {"who": visible(f"a{odd}b")}, "2026"
        )


lines = st.sampled_from(
    [
        b"player = 0\n",
        b"seat = 2\n",
        b'number = "bucks"\n',
        b"delta = -1\n",
        b"delta = 1.5\n",
        b"delta = 1e400\n",
        b"delta = NaN\n",
        b"delta = Infinity\n",
        b"delta = null\n",
        b"delta = true\n",
        b"delta = +1\n",
        b"delta = 01\n",
        b"delta = 9999999999999999\n",
        b"big = 1000000000000000\n",
        b"list = [1, 2]\n",
        b"table = {}\n",
        b'a":1,"b = 2\n',
        b'a = 1,"b = 2\n',
        b'q = "x = y"\n',
        b"x\n",
        b" = 1\n",
        b"a.b = 1\n",
        b'"quoted" = 1\n',
        b"check = 1\n",
        b'text = "tab\there"\n',
        b'text = "back\\\\slash"\n',
        b'text = "\xe2\x80\xa8"\n',
        b'text = "\xc2\x85"\n',  # C1 control (NEL)
        b'text = "\xc2\xa0\xc2\xad"\n',  # no-break space, soft hyphen
        b'text = "\xe2\x80\xae"\n',  # right-to-left override
        b'text = "\xe2\x86\x92 \xc3\xa9"\n',  # printable: an arrow, an accent
        b'text = "\xed\xa0\x80"\n',
        b'text = "}{"\n',
        b"key = 1 # note\n",
        b"key =  2 \n",
        b"key=3\n",
        b'kind = "again"\n',
    ]
)


def an_entry(extra: list[bytes]) -> bytes:
    return b'kind = "adjust"\ntext = "Ann +1 \xe2\x86\x92 2"\n' + b"".join(extra) + b'at = "2026"\n'


@settings(deadline=None, max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(lines, max_size=3).map(an_entry), min_size=1, max_size=4))
def test_the_bulk_reading_never_differs_on_crafted_lines(contents: list[bytes]) -> None:
    """Lines a hand edit could leave (with their checks made again): the bulk reading gives
    the one-by-one result, or None when any entry is not in the plain form."""
    bulk = _entries_in_bulk(contents)
    if bulk is not None:
        assert bulk == one_by_one(contents)
    body = b"".join(
        _MARKER + content + b'check = "%08x"\n' % zlib.crc32(content) for content in contents
    )
    parsed = parse_journal(HEADER + body)
    expected = one_by_one(contents)
    first_bad = next(
        (number for number, entry in enumerate(expected) if not isinstance(entry, Entry)), None
    )
    if first_bad is None:
        assert parsed.entries == expected and parsed.damage is None
    else:
        assert parsed.entries == expected[:first_bad]
        assert parsed.damage is not None and parsed.damage.number == first_bad + 1
        assert parsed.damage.what.endswith(str(expected[first_bad]))
        assert len(parsed.spans or ()) == 2 * first_bad


def test_the_rules_fingerprint_follows_every_source_file(tmp_path: Path) -> None:
    """A snapshot is of the rules that made it: any core source file added, grown or
    touched, in any folder, gives another fingerprint; the bytecode cache does not."""
    (tmp_path / "games" / "coloma").mkdir(parents=True)
    rules = tmp_path / "games" / "coloma" / "rules.py"
    rules.write_text("A = 1\n")
    (tmp_path / "store.py").write_text("B = 2\n")
    first = _sources_fingerprint(str(tmp_path), "1.0")
    assert _sources_fingerprint(str(tmp_path), "1.0") == first
    assert _sources_fingerprint(str(tmp_path), "1.1") != first
    (tmp_path / "games" / "__pycache__").mkdir()
    (tmp_path / "games" / "__pycache__" / "x.py").write_text("")
    assert _sources_fingerprint(str(tmp_path), "1.0") == first
    rules.write_text("A = 10\n")
    grown = _sources_fingerprint(str(tmp_path), "1.0")
    assert grown != first
    info = rules.stat()
    os.utime(rules, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000))
    assert _sources_fingerprint(str(tmp_path), "1.0") != grown
    (tmp_path / "games" / "new.py").write_text("")
    assert _sources_fingerprint(str(tmp_path), "1.0") not in (first, grown)
