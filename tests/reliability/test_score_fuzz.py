"""`goldrush score` on generated sheets: a valid sheet scores; anything else is one line on
stderr and exit 2. Never a traceback, never a control character on the terminal."""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.games import SHEETS
from companion.scoring import MAX_SHEET_NUMBER, Field, SheetSpec

FUZZ = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)

numbers = st.integers(min_value=0, max_value=MAX_SHEET_NUMBER)
names = st.text(min_size=1, max_size=12).filter(lambda name: name.strip() != "")


def _value(field: Field) -> st.SearchStrategy[Any]:
    kind = field.kind
    if kind == "count":
        return numbers
    if kind == "list":  # as many as the components allow (Coloma: 4 Rivers a player)
        return st.lists(numbers, max_size=field.most if field.most is not None else 8)
    investment = st.fixed_dictionaries(
        {"vp": st.integers(0, 30), "cube": st.sampled_from([1, 2, 3])},
        optional={"goldmine": st.booleans()},
    )
    return st.lists(investment, max_size=3)


@st.composite
def valid_sheets(draw: st.DrawFn) -> tuple[SheetSpec, dict[str, Any]]:
    spec = SHEETS[draw(st.sampled_from(sorted(SHEETS)))]
    count = draw(st.integers(spec.min_players, spec.max_players))
    player_names = draw(
        st.lists(names, min_size=count, max_size=count, unique_by=lambda n: n.strip().casefold())
    )
    players = []
    for name in player_names:
        row: dict[str, Any] = {"name": name}
        for field in spec.fields:
            row[field.key] = draw(_value(field))
        players.append(row)
    return spec, {"game": spec.game, "players": players}


toml_leaves = (
    st.integers(min_value=-(10**30), max_value=10**30)
    | st.booleans()
    | st.text(max_size=10)
    | st.floats(allow_nan=False, allow_infinity=False)
)


@st.composite
def hostile_sheets(draw: st.DrawFn) -> dict[str, Any]:
    """A valid sheet with one value swapped for anything TOML can hold."""
    _, doc = draw(valid_sheets())
    player = draw(st.sampled_from(doc["players"]))
    key = draw(st.sampled_from(sorted(player)))
    player[key] = draw(
        st.recursive(
            toml_leaves,
            lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner),
            max_leaves=6,
        )
    )
    return doc


def _score(text: str | bytes, *args: str) -> tuple[int, str, str]:
    """What `goldrush score` printed, the sheet's path said as SHEET: a random folder name
    ("tmpnfield_0") had made "field" appear in a refusal that named no field."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheet.toml"
        path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(["score", str(path), *args])
            except SystemExit as exit_:  # argparse
                code = int(exit_.code or 0)
    return code, out.getvalue(), err.getvalue().replace(str(path), "SHEET")


def _refused_in_one_line(code: int, out: str, err: str) -> None:
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and err.startswith("goldrush score: "), err
    assert "Traceback" not in err and "\x1b" not in err


@FUZZ
@given(valid_sheets())
def test_valid_sheets_score(sheet: tuple[SheetSpec, dict[str, Any]]) -> None:
    spec, doc = sheet
    code, out, err = _score(tomli_w.dumps(doc), "--json")
    if code == 2:  # only a check across players may refuse (e.g. Boomtown's 5 mayors)
        _refused_in_one_line(code, out, err)
        # refused by the check across players, not as a field of the file: a player named
        # "field 7" (a random name) made "field" appear in the check's own refusal
        assert spec.check is not None
        assert not any(f"field {field.key!r}" in err for field in spec.fields)
        return
    assert code == 0 and err == "" and out.isascii()
    result = json.loads(out)
    assert sorted(s["name"] for s in result["standings"]) == sorted(
        p["name"] for p in doc["players"]
    )
    code, out, err = _score(tomli_w.dumps(doc))
    assert code == 0 and err == ""
    assert not any(0x80 <= ord(c) <= 0x9F or (ord(c) < 0x20 and c not in "\n\t") for c in out)


@FUZZ
@given(hostile_sheets())
def test_hostile_sheets_score_or_are_refused_in_one_line(doc: dict[str, Any]) -> None:
    code, out, err = _score(tomli_w.dumps(doc))
    if code != 0:
        _refused_in_one_line(code, out, err)


@FUZZ
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_any_bytes_are_refused_in_one_line(data: bytes | str) -> None:
    code, out, err = _score(data)
    if code != 0:
        _refused_in_one_line(code, out, err)
