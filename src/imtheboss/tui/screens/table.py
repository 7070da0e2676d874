"""The table everyone sees: the board, the players, the deal and the log — public only.

The app feeds it through ``show`` (the public view and the table's counts) and ``write``
(a log entry); its widgets never see a state, so nothing here can draw a hand.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Static

from ...engine.view import PlayerView
from ...i18n import N_, _
from .. import language
from ..widgets.board import BoardView
from ..widgets.deal import DealView, Stands
from ..widgets.footer import TableFooter
from ..widgets.layout import table_layout
from ..widgets.log_view import LogView
from ..widgets.players import PlayersView


class TableScreen(Screen[None]):
    """Public information only: the board, the players, the deal, the log."""

    BINDINGS = [
        Binding("m", "app.table('marker')", N_("Place marker")),
        Binding("d", "app.table('deal')", N_("Deal here")),
        Binding("r", "app.table('roll')", N_("Roll")),
        Binding("w", "app.table('draw')", N_("Draw")),
        Binding("l", "app.legend", N_("Legend")),
        # Shown only at a table with seats on devices (``BossApp.check_action``).
        Binding("j", "app.seats", N_("Seats")),
        # The plain digits take the keyboard here, where no text field could want them.
        *(Binding(str(seat + 1), f"app.take_keyboard({seat})", show=False) for seat in range(6)),
    ]

    def __init__(self, ready: Callable[[], Awaitable[None]] | None = None) -> None:
        """``ready``: called once the widgets are composed, before the first layout (the app
        puts the game on them then, so that the first frame is the game's)."""
        super().__init__()
        self._ready = ready

    def compose(self) -> ComposeResult:
        yield from table_layout(_("Log"))
        yield TableFooter()

    #: From this size on, the table uses the room: the log as wide as the deal, the board's
    #: legend under the deal (at 160×50 the deal box was two thirds of the width, empty).
    ROOMY = (140, 40)

    async def on_mount(self) -> None:
        language.translate_bindings(self)
        self._use_the_room()
        if self._ready is not None:
            await self._ready()

    def on_resize(self) -> None:
        self._use_the_room()

    def _use_the_room(self) -> None:
        width, height = self.app.size
        roomy = width >= self.ROOMY[0] and height >= self.ROOMY[1]
        if roomy != self.has_class("-roomy"):
            self.set_class(roomy, "-roomy")
            if roomy:
                self._show_legend()

    def _show_legend(self) -> None:
        # Imported here: a table at 80×24 never draws it (the first frame stays light).
        from .legend import board_legend

        try:
            box = self.query_one("#board-legend", Static)
        except NoMatches:
            return
        box.border_title = _("Legend")
        box.update(board_legend())

    def retranslate(self) -> None:
        """The legend in the table's new language (the rest is drawn again by ``show``)."""
        if self.has_class("-roomy"):
            self._show_legend()

    def show(
        self,
        public: PlayerView,
        bots: frozenset[int],
        remaining: float | None,
        asking: str | None,
        waits: Sequence[tuple[int, int, float]],
        stands: Stands | None = None,
    ) -> None:
        """The public view on every panel, with the table's count, the bots' waits and the
        Boss's standing close."""
        try:
            board, players = self.query_one(BoardView), self.query_one(PlayersView)
            deal = self.query_one(DealView)
        except NoMatches:
            return  # a timer's tick while the table is still built or already taken down
        board.show(public)
        players.show(public, bots)
        self.query_one(LogView).keep_whole(player.name for player in public.players)
        deal.show(public, remaining, asking, waits=waits, bots=bots, stands=stands)

    def write(self, markup: str) -> None:
        """One more line of the log."""
        self.query_one(LogView).add_line(markup)

    def rewrite(self, markups: Iterable[str]) -> None:
        """The whole log again (its amounts forgotten, a new language)."""
        self.query_one(LogView).show_lines(markups)

    def show_seats(self, line: str) -> None:
        """The seats on devices (``--seats``): where to join and who has (public only; no
        secret, no seat's code: those go to the device alone)."""
        try:
            bar = self.query_one("#seats", Static)
        except NoMatches:
            bar = Static(id="seats", markup=False)
            self.mount(bar, before=self.query_one(TableFooter))
        bar.update(line)

    def retitle(self, unsaved: bool) -> None:
        log = self.query_one(LogView)
        log.border_title = _("Log")
        log.border_subtitle = "⚠ " + _("NOT SAVED") if unsaved else ""
