"""The shared keyboard's screen of the seats (key ``j`` at a table with ``--seats``): where to
join, who sits on a device, and freeing a seat — the one way a seat moves to another device
(or back to the keyboard). Only names, addresses and states: no secret, no seat's own code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, OptionList
from textual.widgets.option_list import Option

from ..i18n import N_, _
from ..tui.language import translate_bindings

if TYPE_CHECKING:
    from .hosting import HostedSeats


class SeatsScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape", "close", N_("Back"))]

    DEFAULT_CSS = """
    SeatsScreen { background: $background; }
    #seats-box { padding: 0 1; }
    #seats-list { height: auto; max-height: 10; }
    """

    def __init__(self, seats: HostedSeats) -> None:
        super().__init__()
        self.seats = seats

    def compose(self) -> ComposeResult:
        with Vertical(id="seats-box"):
            yield Label(self._address(), id="seats-address", markup=False)
            yield Label(
                _("A seat on a device: Enter frees it, to join it from another device."),
                id="seats-help",
            )
            yield OptionList(id="seats-list")
            page = self.seats.app.settings.seats_page
            if page:
                from ..tui.widgets.qr import QrCode

                yield Label(_("Phones: {page}").format(page=page), markup=False)
                yield QrCode(page, id="seats-qr")
        yield Footer()

    def _address(self) -> str:
        address = self.seats.address
        if address is None:
            return self.seats.problem or ""
        return _("Join from a terminal: imtheboss join {address}").format(address=address)

    def on_mount(self) -> None:
        translate_bindings(self)
        self.refill()

    def refill(self) -> None:
        menu = self.query_one("#seats-list", OptionList)
        menu.clear_options()
        infos = self.seats.host.seat_infos()
        for info in infos:
            if info.bot:
                said = _("{number}. {name}: a computer player")
            elif info.claimed and info.online:
                said = _("{number}. {name}: on a device")
            elif info.claimed:
                said = _("{number}. {name}: on a device, offline")
            else:
                said = _("{number}. {name}: at the shared keyboard")
            text = said.format(number=info.seat + 1, name=info.name)
            menu.add_option(Option(Text(text), id=str(info.seat), disabled=not info.claimed))
        claimed = [i for i, info in enumerate(infos) if info.claimed]
        if claimed:
            menu.highlighted = claimed[0]
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        seat = int(event.option.id or 0)
        infos = {i.seat: i for i in self.seats.host.seat_infos()}
        name = infos[seat].name
        from ..tui.screens.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self.seats.host.release(seat)
                self.refill()

        def question() -> str:
            return _(
                "Free {name}'s seat? Its device lets go of it; another device can join it, "
                "or {name} plays at the shared keyboard again."
            ).format(name=name)

        self.app.push_screen(ConfirmDialog(question, purpose="seat"), answered)

    def action_close(self) -> None:
        self.dismiss(None)
