"""The legend of the table's short codes (key ``l``): the board, the players, the keys.

The board must fit 80 columns, so its spaces are codes (``Y+2:POG 4d``); a first table should
not need the rulebook to read them.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ...engine.cards import COLOURS
from ...i18n import N_, _
from ..labels import chip, colour_name
from ..language import translate_bindings
from ..widgets.players import KEYS_HINT

#: One block, so a translation can keep its own columns aligned (each line is a row).
_LEGEND = N_(
    """\
[b]The board[/b]
 [b]RBY+2:POG 6d[/b]  needs red, blue and yellow, and 2 of pink,
               orange and green; pays 6 dividends
 [b reverse]$5[/]            the dollar marker is on space 5
 [dim]▓▓ #3[/dim]         a deal was done here (deal tile 3)
 [b]next $2M/div.[/b] each dividend of the next deal pays $2M
 [b]then 1–3 ends it[/b]  after that deal a roll of 1, 2 or 3
               ends the game
 [b]the last deal[/b] the game ends after it

[b]The players[/b]
 [b]key[/b]    takes the keyboard: the digit at the table,
        Alt+digit or the F-key anywhere ({keys})
        [dim]bot[/dim]: a computer player
 [b]BOSS[/b]   the Boss of the deal · [b]turn[/b]: whose turn it is
 [b]inv.[/b]   the investors a player owns · ✈ travelling
 [b]money[/b]  the look of the pile (the sum is secret):
        none · thin (under $10M) · stack ($10M–$24M) ·
        pile ($25M–$49M) · heap ($50M and more)

[b]The colours[/b]  """
)


def legend_text() -> Text:
    text = Text.from_markup(_(_LEGEND).format(keys=KEYS_HINT))
    for colour in COLOURS:
        text.append_text(chip(colour))
        text.append(f" {colour_name(colour)}  ")
    return text


class LegendScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,l", "close", N_("Back to the table"))]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide"):
            yield Static(legend_text(), id="legend")
        yield Footer()

    def on_mount(self) -> None:
        translate_bindings(self)

    def retranslate(self) -> None:
        self.query_one("#legend", Static).update(legend_text())

    def action_close(self) -> None:
        self.dismiss(None)
