"""Textual's stylesheets as parsed, kept from one start of the app to the next (#16).

Every start parses the same stylesheets again: Textual's own defaults, each widget's, the
app's and the screen's .tcss files, about 20 ms before the first frame (Textual's tokenizer
is a regular expression walked one token at a time). What each parse made is kept in the
user's cache folder (the platform's, or $GOLDRUSH_CACHE_DIR) under a digest of everything
it depends on: the CSS text, where it was read from, how it was added, the theme's variables
and which Textual (its version, when it was installed). A stylesheet that changed, another
theme or another Textual is parsed anew; a kept entry that cannot be read is parsed anew
too. CSS with errors is never kept, so Textual reports it as it always does.

The entries are pickles, kept where Python keeps its compiled bytecode: in the user's own
folders, never in the data folder (which a table may share).
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import textual
from textual.css.stylesheet import Stylesheet

ENV_CACHE_DIR = "GOLDRUSH_CACHE_DIR"
FILE_NAME = "parsed-css.pickle"
#: kept entries at the most (a new theme or a changed .tcss adds some): the oldest go first
MOST = 400


def cache_file() -> Path:
    """Where the parsed stylesheets are kept: $GOLDRUSH_CACHE_DIR, else the platform's
    cache folder for this app."""
    folder = os.environ.get(ENV_CACHE_DIR)
    if not folder:
        import platformdirs

        folder = platformdirs.user_cache_dir("goldrush-companion", appauthor=False)
    return Path(folder).expanduser() / FILE_NAME


@functools.cache
def textual_build() -> str:
    """Which Textual parsed a kept entry: its version, read from the name of its
    `.dist-info` folder beside the package, and when the package was installed.

    Not `textual.__version__`, which asks `importlib.metadata` each time (12 ms the first
    time, 0.5 ms each next: it was ~25 ms of every start, more than the parses it saved). A
    reinstall of the same version counts as another Textual (parsed anew, never wrong)."""
    package = Path(textual.__file__).parent
    try:
        installed = (package / "__init__.py").stat().st_mtime_ns
        folders = [
            entry.name
            for entry in os.scandir(package.parent)
            if entry.name.startswith("textual-") and entry.name.endswith(".dist-info")
        ]
    except OSError:
        installed, folders = 0, []
    if len(folders) == 1:
        version = folders[0].removeprefix("textual-").removesuffix(".dist-info")
    else:  # not installed beside its metadata (or two versions' metadata): ask
        version = textual.__version__
    return f"{version} {installed}"


class ParsedCss:
    """The kept parses, read once at start; `install` makes a stylesheet use them."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.entries: dict[str, bytes] = {}
        self._unpickled: dict[str, list[Any]] = {}  # the entries unpickled in this run
        self.added = False
        self._variables: tuple[int, str] = (0, "")  # (id of the variables dict, digest)
        try:
            with path.open("rb") as kept:
                entries = pickle.load(kept)
            if isinstance(entries, dict):
                self.entries = entries
        except Exception:  # none yet, or unreadable: everything is parsed (and kept) anew
            self.entries = {}

    def install(self, stylesheet: Stylesheet) -> None:
        """Parse through the kept entries from now on."""
        parse: Callable[..., list[Any]] = stylesheet._parse_rules

        def kept_or_parsed(
            css: str,
            read_from: tuple[str, str],
            is_default_rules: bool = False,
            tie_breaker: int = 0,
            scope: str = "",
        ) -> list[Any]:
            textual_key = (css, read_from, is_default_rules, tie_breaker, scope)
            if textual_key in stylesheet._parse_cache:  # parsed already in this run
                return parse(css, read_from, is_default_rules, tie_breaker, scope)
            key = self._key(stylesheet, textual_key)
            rules = self._kept(key)
            if rules is not None:
                stylesheet._parse_cache[textual_key] = rules
                return rules
            rules = parse(css, read_from, is_default_rules, tie_breaker, scope)
            if not any(rule.errors for rule in rules):
                self.entries[key] = pickle.dumps(rules, protocol=pickle.HIGHEST_PROTOCOL)
                self.added = True
            return rules

        stylesheet._parse_rules = kept_or_parsed  # type: ignore[method-assign]
        stylesheet.reparse = lambda: self._reparse(stylesheet)  # type: ignore[method-assign]

    def _reparse(self, stylesheet: Stylesheet) -> None:
        """Textual's `Stylesheet.reparse` (a dialog with its own .tcss opened the first
        time, a theme changed), whose fresh Stylesheet parses every source again: here that
        Stylesheet parses through the kept entries too (the new-game dialog's first opening
        parsed ~30 ms of CSS). As Textual's: errors leave the stylesheet as it was."""
        fresh = Stylesheet(variables=stylesheet._variables)
        self.install(fresh)
        for read_from, (css, is_defaults, tie_breaker, scope) in stylesheet.source.items():
            fresh.add_source(
                css,
                read_from=read_from,
                is_default_css=is_defaults,
                tie_breaker=tie_breaker,
                scope=scope,
            )
        try:
            fresh.parse()
        except Exception:
            stylesheet._invalid_css.update(fresh._invalid_css)
            raise
        stylesheet._rules = fresh.rules
        stylesheet._rules_map = None
        stylesheet.source = fresh.source
        stylesheet._require_parse = False

    def _kept(self, key: str) -> list[Any] | None:
        """The rules kept under `key` (a digest of all they depend on), unpickled once a
        run: a dialog with its own .tcss opened the first time has every stylesheet parsed
        again (~90 entries unpickled, a few ms each opening). Nothing changes a rule set
        once parsed (Textual gives the same ones to every node, and to each repeated
        parse of a stylesheet), and the key holds the theme's variables: two stylesheets
        of this app may share them."""
        if key in self._unpickled:
            return list(self._unpickled[key])
        kept = self.entries.get(key)
        if kept is None:
            return None
        try:
            rules = pickle.loads(kept)
        except Exception:
            rules = None
        if not isinstance(rules, list):
            del self.entries[key]
            return None
        self._unpickled[key] = rules
        return list(rules)

    def _key(self, stylesheet: Stylesheet, textual_key: tuple[Any, ...]) -> str:
        variables = stylesheet._variables
        if self._variables[0] != id(variables):  # a new theme: a new dict (set_variables)
            digest = hashlib.sha256(repr(sorted(variables.items())).encode()).hexdigest()
            self._variables = (id(variables), digest)
        text = repr((textual_build(), self._variables[1], textual_key))
        return hashlib.sha256(text.encode()).hexdigest()

    def save(self) -> None:
        """Keep what was parsed anew this run (written whole, then moved into place: a
        second copy of the app writing at the same time leaves one whole file)."""
        if not self.added:
            return
        self.added = False
        entries = dict(list(self.entries.items())[-MOST:])
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            partial = self.path.with_name(f"{FILE_NAME}.{os.getpid()}.partial")
            with partial.open("wb") as kept:
                pickle.dump(entries, kept, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(partial, self.path)
        except OSError:  # a full disk or a read-only cache: the next start parses again
            pass
