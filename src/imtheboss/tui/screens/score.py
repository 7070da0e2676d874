"""The end (E3): the ranking, everyone's money at last, deals closed as Boss — and the seed,
kept secret during the game (it decides every hand), so the game can be replayed.

Fed the table's view of the finished game, as every screen below the app: at the end the
money is public (``final_money``), and the hands, which the view never holds, are not shown
here anyway."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Label, Static

from ...engine.view import PlayerView
from ...i18n import N_, _, all_of, ngettext
from ..dialog_css import DialogCSS
from ..labels import colour_name, money
from ..language import translate_bindings
from ..markup import escape, markup_text


class ScoreScreen(DialogCSS, Screen[str]):
    BINDINGS = [
        Binding("p", "choose('again')", N_("Play again")),
        Binding("q", "choose('quit')", N_("Quit")),
    ]

    def __init__(self, seen: PlayerView, seed: int | None = None) -> None:
        super().__init__()
        self.seen = seen
        self.seed = seed

    def compose(self) -> ComposeResult:
        seen = self.seen
        # Public once the game is over (E3); before that (a test pushes the screen at any
        # moment) nobody's money is known.
        final: tuple[int | None, ...] = seen.final_money or (None,) * len(seen.players)
        winners = all_of([seen.players[w].name for w in seen.winners])
        ranking = sorted(range(len(seen.players)), key=lambda s: -(final[s] or 0))
        table = Table(title=_("Final money"), expand=False)
        table.add_column("#", justify="right")
        table.add_column(_("player"))
        table.add_column(_("money"), justify="right")
        table.add_column(_("deals closed as Boss"), justify="right")
        table.add_column(_("investors"))
        place = 0
        last = None
        for i, seat in enumerate(ranking):
            player = seen.players[seat]
            if final[seat] != last:
                place, last = i + 1, final[seat]
            table.add_row(
                str(place),
                escape(player.name) + (" ★" if seat in seen.winners else ""),
                "?" if final[seat] is None else money(final[seat] or 0),
                str(player.deals_closed),
                _(", ").join(colour_name(c) for c in player.investors) or "–",
            )
        if len(seen.winners) > 1:
            title = _("I'm the Boss! — {winners} won (a shared win, E3)")
        else:
            title = _("I'm the Boss! — {winners} won")
        with Vertical(id="score"):
            yield Label(
                markup_text("[b]" + title.format(winners=escape(winners)) + "[/b]"),
                id="score-title",
            )
            yield Label(
                ngettext(
                    "{count} deal was closed.", "{count} deals were closed.", seen.deals_done
                ).format(count=seen.deals_done)
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
