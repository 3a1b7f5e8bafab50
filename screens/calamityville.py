"""The Calamityville screen: the money ledger, properties and rent, the newspaper deck.

Money moves as logged payments (player to player, to the bank, from the bank) with a
reason; the rules refuse a payment larger than the payer's money and say the shortfall.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Footer, Header, Input, Select, Static

from companion.amounts import AmountError, parse_count
from companion.games import RuleError
from companion.games.calamityville import (
    BANK,
    KINDS,
    PRICE,
    READINGS,
    CalamityState,
    CalamityvilleRules,
)
from screens.confirm import ConfirmDialog
from screens.game import COMMON_HELP, GameScreen
from screens.widgets.log_panel import LogPanel
from screens.widgets.select import TableSelect


class CalamityvilleScreen(GameScreen):
    CSS_PATH = "calamityville.tcss"
    HELP_TITLE = "Calamityville"
    HELP_TEXT = (
        """\
- **Pay**: who pays whom (a player or the bank), how much, and why; enter records it. A
  payment larger than the payer's money is refused with the shortfall.
- **Buy**: who buys which type of property, and the value printed on its space; the price
  ($200 unless your rules say otherwise) is remembered. Nobody owns more than five.
- **Rent**: the space landed on and the visitor: the rent is worked out (value x the owner's
  properties of that type, + the bonus for all three) and collected with enter.
- **Pass**: a property a card passes to a player (one with five: the next one clockwise).
- **ctrl+n** reads a newspaper card (29 yellow Boom, then 20 red Bust);
  **ctrl+g** when "Gold Has Run Out!" (a red card) is read: the richest player wins.
"""
        + COMMON_HELP
        + "\n"
        + READINGS
    )
    BINDINGS = [
        Binding("ctrl+n", "newspaper", "Newspaper", id="newspaper"),
        Binding("ctrl+g", "gold_out", "Gold runs out", id="gold-out"),
    ]

    @property
    def state(self) -> CalamityState:
        assert isinstance(self.session.state, CalamityState)
        return self.session.state

    @property
    def rules(self) -> CalamityvilleRules:
        assert isinstance(self.session.rules, CalamityvilleRules)
        return self.session.rules

    def compose(self) -> ComposeResult:
        players = [(Text(p.name), seat) for seat, p in enumerate(self.session.state.players)]
        parties = [*players, ("the bank", BANK)]
        yield Header()
        with Horizontal(id="body"):
            with VerticalScroll(id="main"):
                yield Static(id="news", markup=False)
                yield Static(id="players", markup=False)
                with Vertical(classes="form"):
                    yield Static("Pay", classes="form-title")
                    with Horizontal(classes="row"):
                        yield TableSelect(parties, prompt="From", id="pay-from", compact=True)
                        yield TableSelect(parties, prompt="To", id="pay-to", compact=True)
                        yield Input(placeholder="$", id="pay-amount", compact=True)
                        yield Input(
                            placeholder="why (rent, card, ...)", id="pay-reason", compact=True
                        )
                        yield Button("Pay", id="pay", compact=True)
                    yield Static("", id="pay-error", classes="error", markup=False)
                with Vertical(classes="form"):
                    yield Static("Buy", classes="form-title")
                    with Horizontal(classes="row"):
                        yield TableSelect(players, prompt="Who", id="buy-who", compact=True)
                        yield TableSelect(
                            [(k, k) for k in KINDS], prompt="Type", id="buy-kind", compact=True
                        )
                        yield Input(placeholder="space $", id="buy-value", compact=True)
                        yield Input(
                            str(self.session.recall("price", PRICE)),
                            id="buy-price",
                            compact=True,
                            tooltip="The price of a property",
                        )
                        yield Button("Buy", id="buy", compact=True)
                    yield Static("", id="buy-error", classes="error", markup=False)
                with Vertical(classes="form"):
                    yield Static("Rent", classes="form-title")
                    with Horizontal(classes="row"):
                        yield TableSelect([], prompt="Space", id="rent-space", compact=True)
                        yield TableSelect(
                            players, prompt="Visitor", id="rent-visitor", compact=True
                        )
                        yield Input(
                            str(self.session.recall("bonus_rent", "")),
                            id="rent-bonus",
                            placeholder="bonus $",
                            compact=True,
                            tooltip="Bonus rent for owning all three of a type",
                        )
                        yield Button("Collect", id="rent", compact=True)
                    yield Static("", id="rent-error", classes="error", markup=False)
                with Vertical(classes="form"):
                    yield Static("Pass a property", classes="form-title")
                    with Horizontal(classes="row"):
                        yield TableSelect([], prompt="Property", id="pass-what", compact=True)
                        yield TableSelect(players, prompt="To", id="pass-to", compact=True)
                        yield Button("Pass", id="pass", compact=True)
                    yield Static("", id="pass-error", classes="error", markup=False)
            yield LogPanel(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#pay-from", Select).focus()

    # -- showing ---------------------------------------------------------------------

    def render_state(self) -> None:
        state = self.state
        if state.finished:
            news = "The game is finished. ctrl+f reopens it to correct it."
        elif state.gold_out:
            news = "The gold has run out: properties are worth nothing. ctrl+f scores the game."
        else:
            news = (
                f"Newspaper: {state.boom_left} Boom (yellow), {state.bust_left} Bust (red) left; "
                f"the {state.card_up} card is up.  ctrl+n reads one."
            )
        self.query_one("#news", Static).update(news)
        text = Text()
        for seat, player in enumerate(state.players):
            text.append("▶ " if seat == state.first_player else "  ")
            text.append(player.name, style=f"bold {player.colour}")
            text.append(f"  ${state.money(seat)}")
            owned = state.owned(seat)
            text.append(f"   {len(owned)}/5 properties: ")
            text.append(", ".join(f"{p.kind} ${p.value}" for p in owned) or "none", style="italic")
            text.append("\n")
        self.query_one("#players", Static).update(text)
        options = [(Text(p.label(state)), index) for index, p in enumerate(state.properties)]
        for select_id in ("#rent-space", "#pass-what"):
            select = self.query_one(select_id, Select)
            previous = select.value
            with select.prevent(Select.Changed):
                select.set_options(options)
                if isinstance(previous, int) and previous < len(options):
                    select.value = previous
        self._rent_preview()

    # -- forms -------------------------------------------------------------------------

    def _choice(self, select_id: str, what: str) -> int:
        value = self.query_one(select_id, Select).value
        if not isinstance(value, int):
            raise RuleError(f"Choose {what}.")
        return value

    def _form(self, error_id: str, build) -> None:  # type: ignore[no-untyped-def]
        """Build an entry from a form and record it; a problem is shown beside the form."""
        error = self.query_one(error_id, Static)
        try:
            entry = build()
        except (RuleError, AmountError) as problem:
            error.update(str(problem))
            return
        if self.run(entry):
            error.update("")

    @on(Button.Pressed, "#pay")
    @on(Input.Submitted, "#pay-amount, #pay-reason")
    def _pay(self) -> None:
        def build():  # type: ignore[no-untyped-def]
            payer = self._choice("#pay-from", "who pays")
            payee = self._choice("#pay-to", "who is paid")
            amount = parse_count(
                self.query_one("#pay-amount", Input).value, minimum=1, what="The amount"
            )
            return self.rules.pay(
                self.state, payer, payee, amount, self.query_one("#pay-reason", Input).value
            )

        self._form("#pay-error", build)

    @on(Button.Pressed, "#buy")
    @on(Input.Submitted, "#buy-value, #buy-price")
    def _buy(self) -> None:
        def build():  # type: ignore[no-untyped-def]
            seat = self._choice("#buy-who", "who buys")
            kind = self.query_one("#buy-kind", Select).value
            if not isinstance(kind, str):
                raise RuleError("Choose the type of property.")
            value = parse_count(
                self.query_one("#buy-value", Input).value, what="The value on its space"
            )
            price = parse_count(self.query_one("#buy-price", Input).value, what="The price")
            entry = self.rules.buy(self.state, seat, kind, value, price)
            if price != self.session.recall("price", PRICE):
                self.remember("price", price)
            return entry

        self._form("#buy-error", build)

    def _bonus(self) -> int | None:
        text = self.query_one("#rent-bonus", Input).value.strip()
        return parse_count(text, what="The bonus rent") if text else None

    @on(Select.Changed, "#rent-space, #rent-visitor")
    @on(Input.Changed, "#rent-bonus")
    def _rent_preview(self) -> None:
        error = self.query_one("#rent-error", Static)
        space, visitor = (self.query_one(s, Select).value for s in ("#rent-space", "#rent-visitor"))
        if not (isinstance(space, int) and isinstance(visitor, int)):
            error.update("")
            return
        try:
            amount, how = self.rules.rent_due(self.state, space, visitor, self._bonus())
        except (RuleError, AmountError) as problem:
            error.update(str(problem))
            return
        error.update(Text(f"Rent due: ${amount} ({how}). Collect takes it.", style="bold"))

    @on(Button.Pressed, "#rent")
    @on(Input.Submitted, "#rent-bonus")
    def _rent(self) -> None:
        def build():  # type: ignore[no-untyped-def]
            space = self._choice("#rent-space", "the space landed on")
            visitor = self._choice("#rent-visitor", "the visitor")
            bonus = self._bonus()
            entry = self.rules.rent(self.state, space, visitor, bonus)
            if bonus is not None and bonus != self.session.recall("bonus_rent"):
                self.remember("bonus_rent", bonus)
            return entry

        self._form("#rent-error", build)

    @on(Button.Pressed, "#pass")
    def _pass(self) -> None:
        self._form(
            "#pass-error",
            lambda: self.rules.pass_property(
                self.state,
                self._choice("#pass-what", "the property"),
                self._choice("#pass-to", "who gets it"),
            ),
        )

    # -- the deck --------------------------------------------------------------------------

    def action_newspaper(self) -> None:
        try:
            self.run(self.rules.newspaper(self.state))
        except RuleError as problem:
            self.notify(str(problem), severity="warning", markup=False)

    def action_gold_out(self) -> None:
        try:  # refused before asking: the card comes after the Boom cards, and only once
            self.rules.gold_runs_out(self.state)
        except RuleError as problem:
            self.notify(str(problem), title="Refused", severity="warning", markup=False)
            return

        def done(confirmed: bool | None) -> None:
            if not confirmed:
                return
            try:  # asked again: the table may have changed while the dialog was open
                entry = self.rules.gold_runs_out(self.state)
            except RuleError as problem:
                self.notify(str(problem), title="Refused", severity="warning", markup=False)
                return
            if self.run(entry):
                self.action_finish()

        self.app.push_screen(
            ConfirmDialog(
                'Was "Gold Has Run Out!" read? Properties become worthless and the '
                "richest player wins.",
                yes="The gold ran out",
                no="Not yet",
            ),
            done,
        )

    def palette_commands(self) -> list[SystemCommand]:
        return [
            *super().palette_commands(),
            SystemCommand(
                "Game: Read a newspaper card", "One card off the deck", self.action_newspaper
            ),
            SystemCommand(
                "Game: Gold Has Run Out!", "The end: the richest wins", self.action_gold_out
            ),
        ]
