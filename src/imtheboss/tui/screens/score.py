"""The end (E3): the ranking, everyone's money at last, deals closed as Boss — and the seed,
kept secret during the game (it decides every hand), so the game can be replayed."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Label, Static

from ...engine.state import GameState
from ...i18n import N_, _, ngettext
from ..labels import colour_name, money
from ..language import translate_bindings
from ..markup import escape


class ScoreScreen(Screen[str]):
    BINDINGS = [
        Binding("p", "choose('again')", N_("Play again")),
        Binding("q", "choose('quit')", N_("Quit")),
    ]

    def __init__(self, state: GameState, seed: int | None = None) -> None:
        super().__init__()
        self.state = state
        self.seed = seed

    def compose(self) -> ComposeResult:
        state = self.state
        winners = _(" and ").join(state.name(w) for w in state.winners)
        ranking = sorted(range(state.n), key=lambda s: -state.players[s].money)
        table = Table(title=_("Final money"), expand=False)
        table.add_column("#", justify="right")
        table.add_column(_("player"))
        table.add_column(_("money"), justify="right")
        table.add_column(_("deals closed as Boss"), justify="right")
        table.add_column(_("investors"))
        place = 0
        last = None
        for i, seat in enumerate(ranking):
            player = state.players[seat]
            if player.money != last:
                place, last = i + 1, player.money
            table.add_row(
                str(place),
                escape(player.name) + (" ★" if seat in state.winners else ""),
                money(player.money),
                str(player.deals_closed),
                _(", ").join(colour_name(c) for c in state.investors_of(seat)) or "–",
            )
        if len(state.winners) > 1:
            title = _("I'm the Boss! — {winners} won (a shared win, E3)")
        else:
            title = _("I'm the Boss! — {winners} won")
        with Vertical(id="score"):
            yield Label(
                Text.from_markup("[b]" + title.format(winners=escape(winners)) + "[/b]"),
                id="score-title",
            )
            yield Label(
                ngettext(
                    "{count} deal was closed.", "{count} deals were closed.", state.deals_done
                ).format(count=state.deals_done)
            )
            if self.seed is not None:
                yield Label(
                    _("The seed was {seed} (--seed {seed} deals this game again).").format(
                        seed=self.seed
                    ),
                    id="score-seed",
                )
            yield Static(table)
            with Horizontal(classes="buttons"):
                yield Button(_("Play again (p)"), variant="primary", id="again")
                yield Button(_("Quit (q)"), id="quit")

    def on_mount(self) -> None:
        translate_bindings(self)

    def retranslate(self) -> None:
        # Nothing on this screen is typed or chosen: it is simply built again.
        self.call_after_refresh(self.recompose)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "quit")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
