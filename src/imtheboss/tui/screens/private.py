"""A player's private panel: their hand, their exact money, and the moves open to them now.

Shown only after the player took the keyboard and confirmed (PrivacyScreen). Escape gives the
keyboard back; nothing of the hand stays on screen.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import actions as A
from ...engine.actions import Action
from ...engine.legal import legal_actions
from ...engine.state import GameState
from ...i18n import N_, _, ngettext
from ..labels import card_text, colour_name, describe, money, pending_play, refs_text
from ..language import translate_bindings
from ..markup import escape
from .dialogs import ConfirmDialog


@dataclass(frozen=True)
class Move:
    """One line of the menu: an action, or a question that leads to one."""

    label: str
    action: Action | None = None
    #: "price" (offer/ask: which price?), "discard", "close".
    ask: str | None = None
    template: Action | None = None

    @property
    def kind(self) -> str:
        action = self.action or self.template
        return action.kind if action is not None else ""


class ActionChosen(Message):
    """The player at the keyboard wants to do this; the app asks the engine."""

    def __init__(self, action: Action, keep_open: bool) -> None:
        super().__init__()
        self.action = action
        self.keep_open = keep_open


class MoveQuestion(Message):
    """A move that needs more (a price, the cards to discard, the terms of a close)."""

    def __init__(self, seat: int, move: Move) -> None:
        super().__init__()
        self.seat = seat
        self.move = move


#: Moves after which the keyboard stays with the player: talking, not playing cards.
_KEEP_OPEN = (A.LayFamily, A.Offer, A.Ask, A.Accept, A.Withdraw, A.CancelAgreement, A.Reset)


#: Moves a player cannot take back alone (only the whole table's undo can): asked twice.
#: The close asks in its own dialog, where the terms are named and a button says it.
_CONFIRM = ("accept", "fail", "hire")


#: The order of the menu: what ends or settles the deal first, sabotage last.
_ORDER = {
    "close": 0,
    "stop": 1,
    "pass": 2,
    "accept": 3,
    "discard": 4,
    "offer": 5,
    "ask": 5,
    "lay_family": 6,
    "withdraw": 7,
    "cancel": 8,
    "boss": 9,
    "hire": 10,
    "travel": 11,
    "reset": 12,
    "fail": 13,
}


def moves_for(state: GameState, seat: int) -> list[Move]:
    """The menu of a player's legal moves; offers and asks lead to a price dialog."""
    return sorted(_moves(state, seat), key=lambda m: _ORDER.get(m.kind, 20))


def _moves(state: GameState, seat: int) -> list[Move]:
    moves: list[Move] = []
    seen: set[tuple[object, ...]] = set()
    discard_shown = False
    for action in legal_actions(state, seat):
        if isinstance(action, A.Offer | A.Ask):
            key = (action.kind, getattr(action, "supplier", None), action.cards)
            if key in seen:
                continue
            seen.add(key)
            cards = refs_text(state, action.cards, seat)
            if isinstance(action, A.Offer):
                label = _("Offer {supplier} a price for {cards}…").format(
                    supplier=state.name(action.supplier), cards=cards
                )
            else:
                label = _("Name your price for {cards}…").format(cards=cards)
            moves.append(Move(label, ask="price", template=action))
        elif isinstance(action, A.Discard):
            if not discard_shown:
                discard_shown = True
                count = len(action.cards)
                label = ngettext("Discard {count} card…", "Discard {count} cards…", count)
                moves.append(Move(label.format(count=count), ask="discard", template=action))
        elif isinstance(action, A.Close):
            if ("close",) not in seen:
                seen.add(("close",))
                moves.append(Move(_('Close the deal — "One, two…"'), ask="close", template=action))
        else:
            moves.append(Move(describe(action, state), action=action))
    return moves


class PrivatePanel(ModalScreen[None]):
    BINDINGS = [Binding("escape", "give_back", N_("Give the keyboard back"))]

    def __init__(self, state: GameState, seat: int, remaining: float | None = None) -> None:
        super().__init__()
        self.state = state
        self.seat = seat
        self.remaining = remaining
        self.moves: list[Move] = []
        #: The menu now on screen, by option id. Ids are new with every menu: a choice made
        #: on a menu that has changed since (a quick second Enter) is not taken for another.
        self._menu: dict[str, Move] = {}
        self._menus = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="private"):
            yield Label(self._title(), id="private-title")
            yield Static(id="hand")
            yield Static(id="window")
            yield Label(self._prompt(), id="private-prompt")
            yield OptionList(id="moves")
        yield Footer()

    def _title(self) -> Text:
        name = escape(self.state.name(self.seat))
        return Text.from_markup(_("[b]{name}[/b] — only {name} looks").format(name=name))

    @staticmethod
    def _prompt() -> str:
        return _("What will you do? (Enter to choose, Escape to give the keyboard back)")

    def on_mount(self) -> None:
        translate_bindings(self)
        self.show(self.state, self.remaining)

    def retranslate(self) -> None:
        """Everything again in the table's language; the highlighted move stays where it is."""
        self.query_one("#private-title", Label).update(self._title())
        self.query_one("#private-prompt", Label).update(self._prompt())
        highlighted = self.query_one("#moves", OptionList).highlighted
        self.moves = []
        self.show(self.state, self.remaining)
        menu = self.query_one("#moves", OptionList)
        if highlighted is not None and highlighted < menu.option_count:
            menu.highlighted = highlighted

    def show(self, state: GameState, remaining: float | None = None) -> None:
        """The hand, the play waiting for an answer, and the menu. ``remaining``: the
        seconds left on the table's count (None: no count, or asking around)."""
        self.state = state
        player = state.players[self.seat]
        hand = Text()
        hand.append(_("Your money: {money}").format(money=money(player.money)), style="bold green")
        investors = _(", ").join(colour_name(c) for c in state.investors_of(self.seat))
        hand.append("    ")
        hand.append(_("Your investors: {investors}").format(investors=investors or _("none")))
        hand.append("\n")
        cards = player.hand
        if cards is None:
            hand.append(_("Your hand is not known to the program."))
        elif not cards:
            hand.append(_("Your hand is empty."))
        else:
            hand.append(
                ngettext(
                    "Your hand ({count} card):", "Your hand ({count} cards):", len(cards)
                ).format(count=len(cards))
            )
            hand.append("\n")
            for card, count in Counter(cards).items():
                hand.append(f"  {count} × ")
                hand.append_text(card_text(card))
                hand.append("\n")
        hand.rstrip()
        self.query_one("#hand", Static).update(hand)
        self._show_window(state, remaining)
        moves = moves_for(state, self.seat)
        if moves == self.moves and self._menus:
            return  # the same menu: rebuilding it would only move the highlight
        menu = self.query_one("#moves", OptionList)
        before = self._highlighted()
        self.moves = moves
        menu.clear_options()
        if not self.moves:
            menu.add_option(
                Option(
                    _("Nothing to play right now — Escape gives the keyboard back"), disabled=True
                )
            )
        first = not self._menus
        self._menus += 1
        self._menu = {f"{self._menus}.{i}": move for i, move in enumerate(self.moves)}
        # Labels as Text, not markup: they hold players' names.
        menu.add_options(Option(Text(move.label), id=key) for key, move in self._menu.items())
        menu.highlighted = self._landing(before, first)
        menu.focus()

    def _highlighted(self) -> Move | None:
        menu = self.query_one("#moves", OptionList)
        if menu.highlighted is None or menu.highlighted >= menu.option_count:
            return None
        return self._menu.get(menu.get_option_at_index(menu.highlighted).id or "")

    def _landing(self, before: Move | None, first: bool) -> int | None:
        """Where the highlight goes in a new menu. Never back to the top after a move: the
        top is often "Accept…" or "Close the deal", and a second Enter meant for the last
        move would play it. The same move if it is still there; else the first price to
        name (it only opens a dialog); else nowhere (Down starts from the top)."""
        if not self.moves:
            return None
        if first:
            return 0
        if before is not None:
            for index, move in enumerate(self.moves):
                if move.label == before.label:
                    return index
        for index, move in enumerate(self.moves):
            if move.ask == "price":
                return index
        return None

    def _show_window(self, state: GameState, remaining: float | None) -> None:
        box = self.query_one("#window", Static)
        pending = pending_play(state, self.seat)
        box.display = pending is not None
        if pending is None:
            return
        line = Text(_("Waiting: {play}").format(play=pending), style="bold")
        if remaining is not None:
            seconds = round(remaining)
            left = ngettext("{seconds}s left", "{seconds}s left", seconds).format(seconds=seconds)
            line.append(f" · {left}", style="bold")
            line.append(" " + _("(the count is paused while you hold the keyboard)"), style="dim")
        else:
            line.append(" · " + _("the table asks each player in turn"), style="dim")
        box.update(line)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        move = self._menu.get(event.option.id or "")
        if move is None:
            return  # chosen on a menu that is gone
        action = move.action
        if action is None:
            self.post_message(MoveQuestion(self.seat, move))
            return
        keep_open = isinstance(action, _KEEP_OPEN)
        if move.kind not in _CONFIRM:
            self.post_message(ActionChosen(action, keep_open))
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.post_message(ActionChosen(action, keep_open))

        state = self.state

        def question() -> str:
            return _("{move}?\n\nOnly the whole table's undo (Ctrl+Z) can take it back.").format(
                move=describe(action, state)
            )

        self.app.push_screen(ConfirmDialog(question, purpose=move.kind), answered)

    def action_give_back(self) -> None:
        self.dismiss(None)

    def on_unmount(self) -> None:
        # However the keyboard leaves (Escape, a move, another player's F-key), a refusal
        # shown to this player must not stay on screen for the next one: its reason may name
        # a card of this hand.
        self.app.clear_notifications()
