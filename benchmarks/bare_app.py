"""The bare baseline: a Textual app with a header, a label, an input and a footer.

Enter puts the typed text in the label and clears the field, the least an app can do for a
command; its field has the game screens' placeholder, so both draw the same text first.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Input, Label

PLACEHOLDER = "type here, enter to do it"


class BareApp(App[None]):
    TITLE = "Bare"

    def compose(self) -> ComposeResult:
        yield Header()
        yield Label("nothing typed yet", id="said", markup=False)
        yield Input(id="command", placeholder=PLACEHOLDER)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#said", Label).update(event.value)
        event.input.value = ""


if __name__ == "__main__":
    BareApp().run()
