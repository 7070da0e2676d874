"""A player's private panel: their hand, their exact money, the moves open to them now, and
beside them the public deal box (what the deal still needs, the offers, the agreements).

Shown only after the player took the keyboard and confirmed (PrivacyScreen). Escape gives the
keyboard back; nothing of the hand stays on screen. The panel is fed a seat's view and that
seat's legal actions, never the game's state: it cannot show what the seat may not see.

The menu is made for fingers that go faster than eyes: each kind of move has a key of its own
(``a`` accept, ``o`` offer, ``c`` close, …; shown on its line); after every move the highlight
goes back to the first line, which only gives the keyboard back; a move that cannot be taken
back is asked again, answered with ``y`` alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import actions as A
from ...engine.actions import Action
from ...engine.cards import Colour
from ...engine.closes import colours_still_needed
from ...engine.options import Variant
from ...engine.state import FamilyRef, Price
from ...engine.view import PlayerView
from ...i18n import N_, _, all_of, ngettext
from ..dialog_css import DialogCSS
from ..labels import (
    card_colour,
    card_text,
    colour_name,
    describe,
    money,
    pending_play,
    price_words,
    refs_text,
)
from ..language import translate_bindings
from ..markup import escape, markup_text
from ..widgets.board import BoardView
from ..widgets.deal import DealView, Stands
from .dialogs import ConfirmDialog, PriceDialog


@dataclass(frozen=True)
class Move:
    """One line of the menu: an action, or a question that leads to one (or to several)."""

    label: str
    action: Action | None = None
    #: "price" (offer/ask: which price?), "lay_price" (lay a family card, then ask for it),
    #: "discard", "close", "accept_all", "accept_close" (the Boss accepts every price asked
    #: and closes), "standing" (the Boss's offers, one price, and the close once they are
    #: accepted), "more" (unfold), "give_back".
    ask: str | None = None
    template: Action | None = None
    #: The moves played together (``accept_all``; ``accept_close``: before the close;
    #: ``standing``: the offers, their price still to name).
    actions: tuple[Action, ...] = ()

    @property
    def kind(self) -> str:
        named = {
            "accept_all": "accept",
            "accept_close": "close",
            "standing": "standing",
            "more": "more",
            "give_back": "give_back",
        }
        if self.ask in named:
            return named[self.ask]
        action = self.action or self.template
        return action.kind if action is not None else ""

    @property
    def key(self) -> str:
        """The key that chooses it (the same in every language, as the table's m, d, r, w).
        One price for several cards has its own (``u``): ``p`` then stays one line for a
        seat with one card to ask for."""
        if self.ask == "price" and len(getattr(self.template, "cards", ())) > 1:
            return KEYS["bundle"]
        return KEYS.get(self.kind, "")


class ActionChosen(Message):
    """The player at the keyboard wants to do this; the app asks the engine."""

    def __init__(self, action: Action, keep_open: bool) -> None:
        super().__init__()
        self.action = action
        self.keep_open = keep_open


class MoveQuestion(Message):
    """A move that needs more (a price, the cards to discard, the terms of a close).
    ``keep_open``: the keyboard stays with the player once the move is made (the panel's
    talk); a move made on the privacy cover gives it back."""

    def __init__(self, seat: int, move: Move, keep_open: bool = True) -> None:
        super().__init__()
        self.seat = seat
        self.move = move
        self.keep_open = keep_open


#: Moves after which the keyboard stays with the player: talking, not playing cards.
_KEEP_OPEN = (A.LayFamily, A.Offer, A.Ask, A.Accept, A.Withdraw, A.CancelAgreement, A.Reset)


#: Moves a player cannot take back alone (only the whole table's undo can): asked twice.
#: The close asks in its own dialog, where the terms are named.
_CONFIRM = ("accept", "fail", "hire")

#: One key per kind of move, shown on its line. Several lines of one kind: the key goes from
#: one to the next, Enter chooses.
KEYS = {
    "give_back": "esc",
    "close": "c",
    "stop": "s",
    "pass": "n",
    "accept": "a",
    "discard": "d",
    "offer": "o",
    "ask": "p",
    "lay_family": "l",
    "withdraw": "w",
    "cancel": "x",
    "boss": "b",
    "hire": "h",
    "travel": "t",
    "reset": "r",
    "fail": "f",
    "more": "m",
    "bundle": "u",
    # One price to each supplier, and the close once they accept: not o, which is also
    # orange's letter after a key of several lines (so "o o" could not mean "the next").
    "standing": "e",
}


#: The order of the menu: what ends or settles the deal first, sabotage last.
_ORDER = {
    "give_back": -1,
    "close": 0,
    "standing": 0,
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
    "more": 20,
}


#: Moves that supply the deal a colour (or buy one): useless once that colour is covered.
_SUPPLIES = ("accept", "offer", "ask", "lay_family", "hire", "standing")


def still_needed(seen: PlayerView) -> frozenset[Colour]:
    """What the deal this player sees still lacks (the engine's rule, asked of the view)."""
    deal = seen.deal
    if deal is None:
        return frozenset()
    space = seen.board.space(deal.space)
    return colours_still_needed(deal, space, seen.owners, seen.options.has(Variant.V8))


def moves_for(
    seen: PlayerView,
    legal: Sequence[Action],
    unfolded: bool = False,
    then_close: Sequence[A.Accept] = (),
    standing: Sequence[Sequence[A.Offer]] = (),
) -> list[Move]:
    """The menu of a player's legal moves: first the line that gives the keyboard back, then
    the moves about a colour the deal still needs, then one line that unfolds the rest
    (``unfolded``: the rest is shown instead). ``then_close``: the Boss's acceptances of every
    price asked, after which the deal can close (one line does both); ``standing``: the
    Boss's standing closes, each its offers (``engine.one_step.standing_offers``).

    Among the moves shown, those that would supply only colours already covered (an offer for
    a colour the Boss's own investor gives) come after the rest: a player scrolled past them
    to the colour still missing."""
    near: list[Move] = []
    far: list[Move] = []
    lines = [*_moves(seen, legal), *_accept_close(seen, then_close), *_standing(seen, standing)]
    for move in lines:
        (near if _matters(move, seen) else far).append(move)
    needed = still_needed(seen)

    def place(move: Move) -> tuple[int, int]:
        if move.ask == "more":
            return (2, 0)
        colours = colours_of(move, seen)
        settled = seen.deal is not None and move.kind in _SUPPLIES and not colours & needed
        return (1 if settled and colours else 0, _ORDER.get(move.kind, 20))

    if far and not unfolded:
        label = ngettext("More moves ({count})…", "More moves ({count})…", len(far))
        near.append(Move(label.format(count=len(far)), ask="more"))
    else:
        near.extend(far)
    ordered = sorted(near, key=place)
    back = Move(_("Give the keyboard back"), ask="give_back")
    return [back, *ordered]


def public_moves(
    seen: PlayerView,
    legal: Sequence[Action],
    then_close: Sequence[A.Accept] = (),
    standing: Sequence[Sequence[A.Offer]] = (),
) -> list[Move]:
    """The moves of the privacy cover: those of ``legal`` (the seat's moves that read nothing
    of its hand) about a colour the deal needs, without the lines that give the keyboard back
    or unfold the rest (the panel has them)."""
    assert seen.hand is None and seen.money is None, "the cover is fed the public view"
    moves = moves_for(seen, legal, False, then_close, standing)
    return [m for m in moves if m.ask not in _PANEL_ONLY]


#: Lines of the panel's menu that the cover has not.
_PANEL_ONLY = ("give_back", "more")


def _accept_close(seen: PlayerView, accepts: Sequence[A.Accept]) -> list[Move]:
    if not accepts:
        return []
    prices = _(", ").join(_named_price(seen, a) for a in accepts)
    label = _("Accept the prices asked ({prices}) and close — “One, two…”").format(prices=prices)
    return [Move(label, ask="accept_close", actions=tuple(accepts))]


def _standing(seen: PlayerView, choices: Sequence[Sequence[A.Offer]]) -> list[Move]:
    label = _("Offer {names} one price each for {cards}; close once they all accept…")
    moves = []
    for offers in choices:
        names = all_of([seen.players[o.supplier].name for o in offers])
        cards = refs_text(seen, tuple(ref for o in offers for ref in o.cards), seen.viewer)
        said = label.format(names=names, cards=cards)
        moves.append(Move(said, ask="standing", actions=tuple(offers)))
    return moves


def colours_of(move: Move, seen: PlayerView) -> set[Colour]:
    """The colours a move is about (the letter after its key picks among several lines)."""
    if move.ask == "standing":
        return {ref.colour for o in move.actions if isinstance(o, A.Offer) for ref in o.cards}
    action = move.action or move.template
    if isinstance(action, A.Accept) and seen.deal is not None:
        supplier = action.player if action.supplier is None else action.supplier
        return {r.colour for p in seen.deal.proposals if p.supplier == supplier for r in p.cards}
    if isinstance(action, A.LayFamily | A.PlayHire):
        return {action.colour}
    if isinstance(action, A.PlayTravel):
        return {action.target.colour}
    if isinstance(action, A.Offer | A.Ask):
        return {ref.colour for ref in action.cards}
    return set()


def _matters(move: Move, seen: PlayerView) -> bool:
    """A move about no colour in particular, or about one the deal's space asks for (but not
    a card laid without its price by another than the Boss: it has its line with the price)."""
    deal = seen.deal
    lay = isinstance(move.action, A.LayFamily) and move.ask is None
    if lay and deal is not None and deal.boss != seen.viewer:
        return False
    colours = colours_of(move, seen)
    if not colours or seen.deal is None or isinstance(move.action, A.Accept):
        return True
    space = seen.board.space(seen.deal.space)
    return bool(colours & (space.required | space.optional))


def _moves(seen: PlayerView, legal: Sequence[Action]) -> list[Move]:
    seat = seen.viewer
    assert seat is not None
    deal = seen.deal
    moves: list[Move] = []
    seen_keys: set[tuple[object, ...]] = set()
    discard_shown = False
    bundles: dict[tuple[str, int | None], list[A.Offer | A.Ask]] = {}
    accepts: list[A.Accept] = []
    for action in legal:
        if isinstance(action, A.Offer | A.Ask):
            key = (action.kind, getattr(action, "supplier", None), action.cards)
            if key in seen_keys:
                continue
            seen_keys.add(key)
            bundles.setdefault((action.kind, getattr(action, "supplier", None)), []).append(action)
            moves.append(_price_move(seen, action))
        elif isinstance(action, A.Discard):
            if not discard_shown:
                discard_shown = True
                count = len(action.cards)
                label = ngettext("Discard {count} card…", "Discard {count} cards…", count)
                moves.append(Move(label.format(count=count), ask="discard", template=action))
        elif isinstance(action, A.Close):
            if ("close",) not in seen_keys:
                seen_keys.add(("close",))
                moves.append(Move(_('Close the deal — "One, two…"'), ask="close", template=action))
        elif isinstance(action, A.LayFamily) and deal is not None and deal.boss != seat:
            # Laid to be paid for: the card and its price in one step (the plain lay, for a
            # Boss who would rather offer, is among the folded moves).
            ask = A.Ask(
                player=seat,
                cards=(FamilyRef(owner=seat, colour=action.colour),),
                price=Price(amount=1),
            )
            label = _("Lay your {colour} family card and name your price…").format(
                colour=card_colour(action.colour)
            )
            moves.append(Move(label, ask="lay_price", action=action, template=ask))
            moves.append(Move(describe(action, seen), action=action))
        else:
            if isinstance(action, A.Accept) and action.supplier is not None:
                accepts.append(action)
            moves.append(Move(describe(action, seen), action=action))
    if len(accepts) > 1:
        prices = _(", ").join(_named_price(seen, a) for a in accepts)
        label = _("Accept every price asked: {prices}").format(prices=prices)
        moves.insert(0, Move(label, ask="accept_all", actions=tuple(accepts)))
    for group in bundles.values():
        if len(group) > 1:
            cards = tuple(ref for a in group for ref in a.cards)
            template = group[0].model_copy(update={"cards": cards})
            moves.append(_price_move(seen, template))
    return moves


def _price_move(seen: PlayerView, action: A.Offer | A.Ask) -> Move:
    cards = refs_text(seen, action.cards, seen.viewer)
    if isinstance(action, A.Offer):
        label = _("Offer {supplier} a price for {cards}…").format(
            supplier=seen.players[action.supplier].name, cards=cards
        )
    else:
        label = _("Name your price for {cards}…").format(cards=cards)
    return Move(label, ask="price", template=action)


def _named_price(seen: PlayerView, accept: A.Accept) -> str:
    deal = seen.deal
    assert deal is not None and accept.supplier is not None
    prop = next(p for p in deal.proposals if p.supplier == accept.supplier)
    return _("{player} {price}").format(
        player=seen.players[accept.supplier].name, price=price_words(prop.price)
    )


def asked_twice(said: str) -> Callable[[], str]:
    """The question before a move only the whole table's undo takes back (``said``: the
    move, as its line says it), in the language of the moment."""

    def question() -> str:
        return _("{move}?\n\nOnly the whole table's undo (Ctrl+Z) can take it back.").format(
            move=said
        )

    return question


class MoveKeys:
    """The keys of a list of moves, for the private panel and the privacy cover: a move's key
    plays it (or, with several lines of its kind, waits for a colour's letter); a move that
    cannot be taken back is asked again. The cover's moves give the keyboard back."""

    seat: int
    seen: PlayerView
    moves: list[Move]
    _chord: list[int]
    _colours: list[set[Colour]]
    app: App[object]
    #: A talking move keeps the keyboard with the player (the panel), or gives it back (the
    #: cover: the hand was never shown, the next player takes the keyboard).
    KEEPS_THE_KEYBOARD = True

    def _moves_menu(self) -> OptionList | None:
        """The menu whose highlight the keys move (the cover has none)."""
        return None

    def _send(self, actions: Sequence[Action]) -> None:
        """Play ``actions`` in order; the last one on the cover gives the keyboard back."""
        for i, action in enumerate(actions):
            if self.KEEPS_THE_KEYBOARD:
                keep = isinstance(action, _KEEP_OPEN)
            else:
                keep = i < len(actions) - 1
            self.app.post_message(ActionChosen(action, keep))

    def on_key(self, event: events.Key) -> None:
        """A move's key: the move, or, when there are several lines of its kind, the next
        of them — and then a colour's letter (R B Y P O G) picks the line of that colour."""
        chord, self._chord = self._chord, []
        menu = self._moves_menu()
        if chord:
            letter = event.key.upper()
            picked = [i for i in chord if letter in {c.letter for c in self._colours[i]}]
            # A line of that colour alone first (the card, not a bundle that holds it).
            alone = [i for i in picked if {c.letter for c in self._colours[i]} == {letter}]
            picked = alone or picked
            if picked:
                event.stop()
                event.prevent_default()
                if len(picked) == 1:
                    self._choose(self.moves[picked[0]])
                else:
                    if menu is not None:
                        menu.highlighted = picked[0]
                    self._chord = picked
                return
        lines = [i for i, move in enumerate(self.moves) if move.key == event.key]
        if not lines or event.key == "esc":
            return
        event.stop()
        event.prevent_default()
        if len(lines) == 1:
            self._choose(self.moves[lines[0]])
            return
        if menu is not None:
            after = [i for i in lines if menu.highlighted is not None and i > menu.highlighted]
            menu.highlighted = (after or lines)[0]
        self._chord = lines

    def _choose(self, move: Move) -> None:
        if move.ask == "accept_all":
            self._confirm(move.kind, move.actions, move.label)
            return
        if move.ask == "lay_price":
            self._lay_and_ask(move)
            return
        action = move.action
        if action is None:
            self.app.post_message(MoveQuestion(self.seat, move, self.KEEPS_THE_KEYBOARD))
            return
        if move.kind not in _CONFIRM:
            self._send((action,))
            return
        self._confirm(move.kind, (action,), describe(action, self.seen))

    def _confirm(self, kind: str, actions: tuple[Action, ...], said: str) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self._send(actions)

        self.app.push_screen(ConfirmDialog(asked_twice(said), purpose=kind), answered)

    def _lay_and_ask(self, move: Move) -> None:
        lay, ask = move.action, move.template
        deal = self.seen.deal
        assert isinstance(lay, A.LayFamily) and isinstance(ask, A.Ask) and deal is not None

        def priced(price: Price | None) -> None:
            if price is not None:
                self._send((lay, ask.model_copy(update={"price": price})))

        dividends = self.seen.board.space(deal.space).dividends
        question = move.label.rstrip("…")
        self.app.push_screen(PriceDialog(question, self.seen.proceeds, dividends), priced)


class Menu(OptionList):
    """The moves, with no wrapping round: Up on the first line (where every move leaves the
    highlight) stays there, never on the last move of the menu."""

    def action_cursor_up(self) -> None:
        if self.highlighted:
            super().action_cursor_up()

    def action_cursor_down(self) -> None:
        if self.highlighted is None or self.highlighted < self.option_count - 1:
            super().action_cursor_down()


class PrivatePanel(DialogCSS, MoveKeys, ModalScreen[None]):
    BINDINGS = [Binding("escape", "give_back", N_("Give the keyboard back"))]
    #: What the count does while this panel is open, beside its seconds: at the shared
    #: keyboard it is paused (a seat's own device says otherwise).
    COUNT_NOTE = N_("(the count is paused while you hold the keyboard)")

    DEFAULT_CSS = """
    #private-title { padding: 0 1; }
    #private-body { height: 1fr; }
    #private { width: 1fr; }
    #private-side {
        width: 40%;
        max-width: 70;
    }
    #private-deal {
        height: 1fr;
        border: round $primary;
        padding: 0 1;
    }
    #private-board {
        height: auto;
        border: round $primary;
        padding: 0 1;
    }
    """

    #: From this size on, the panel shows the board beside the hand, under the deal.
    ROOM_FOR_THE_BOARD = (140, 40)

    def __init__(
        self,
        seen: PlayerView,
        legal: Sequence[Action],
        remaining: float | None = None,
        then_close: Sequence[A.Accept] = (),
        standing: Sequence[Sequence[A.Offer]] = (),
    ) -> None:
        """``then_close``: the Boss's acceptances after which the deal can close; ``standing``:
        the Boss's offers for a standing close (``moves_for``)."""
        super().__init__()
        assert seen.viewer is not None
        self.seen = seen
        self.legal = tuple(legal)
        self.seat = seen.viewer
        self.remaining = remaining
        self.then_close = tuple(then_close)
        self.standing = tuple(map(tuple, standing))
        self.moves: list[Move] = []
        #: The Boss's standing close, shown in the deal box (the app sets it before ``show``).
        self.stands: Stands | None = None
        #: The menu now on screen, by option id. Ids are new with every menu: a choice made
        #: on a menu that has changed since (a quick second Enter) is not taken for another.
        self._menu: dict[str, Move] = {}
        self._menus = 0
        self._unfolded = False
        #: The lines a colour's letter may pick among now (after a key of several lines).
        self._chord: list[int] = []
        #: Each line's colours, for that letter.
        self._colours: list[set[Colour]] = []

    def compose(self) -> ComposeResult:
        yield Label(self._title(), id="private-title")
        # The play waiting for an answer across the whole width: it must be read in one go.
        yield Static(id="window")
        with Horizontal(id="private-body"):
            with Vertical(id="private"):
                yield Static(id="hand")
                yield Static(self._prompt(), id="private-prompt")  # it wraps: no word lost
                yield Menu(id="moves")
            with Vertical(id="private-side"):
                yield DealView(id="private-deal")
                # At 160×50 there is room for the board too (hidden on a smaller terminal).
                yield BoardView(id="private-board")
        yield Footer()

    def _title(self) -> Text:
        name = escape(self.seen.players[self.seat].name)
        return markup_text(_("[b]{name}[/b] — only {name} looks").format(name=name))

    @staticmethod
    def _prompt() -> str:
        return _("Your move: its key (then a colour's letter), or Enter on it.")

    def on_mount(self) -> None:
        translate_bindings(self)
        self.show(self.seen, self.legal, self.remaining, self.then_close, self.standing)

    def retranslate(self) -> None:
        """Everything again in the table's language; the highlighted move stays where it is."""
        self.query_one("#private-title", Label).update(self._title())
        self.query_one("#private-prompt", Static).update(self._prompt())
        highlighted = self.query_one("#moves", OptionList).highlighted
        self.moves = []
        self.show(self.seen, self.legal, self.remaining, self.then_close, self.standing)
        menu = self.query_one("#moves", OptionList)
        if highlighted is not None and highlighted < menu.option_count:
            menu.highlighted = highlighted

    def show(
        self,
        seen: PlayerView,
        legal: Sequence[Action],
        remaining: float | None = None,
        then_close: Sequence[A.Accept] = (),
        standing: Sequence[Sequence[A.Offer]] = (),
    ) -> None:
        """The hand, the play waiting for an answer, the deal, and the menu. ``remaining``:
        the seconds left on the table's count (None: no count, or asking around)."""
        assert seen.viewer == self.seat
        self.seen, self.legal, self.remaining = seen, tuple(legal), remaining
        self.then_close, self.standing = tuple(then_close), tuple(map(tuple, standing))
        self._show_hand(seen)
        self._show_window(seen, remaining)
        deal = self.query_one("#private-deal", DealView)
        deal.show(seen, remaining, None, keys=False, stands=self.stands)
        board = self.query_one("#private-board", BoardView)
        board.display = self._room_for_the_board()
        if board.display:
            board.show(seen)
        moves = moves_for(seen, self.legal, self._unfolded, self.then_close, self.standing)
        if self._menus and _same_lines(moves, self.moves):
            # The same moves: rebuilding the menu would only move the highlight, and an
            # order changed by another's move (a colour covered meanwhile) would move the
            # lines under the player's finger while they choose. The order stays until the
            # moves themselves change.
            self._colours = [colours_of(move, seen) for move in self.moves]
            return
        menu = self.query_one("#moves", OptionList)
        self.moves = moves
        self._colours = [colours_of(move, seen) for move in moves]
        self._chord = []
        menu.clear_options()
        self._menus += 1
        self._menu = {f"{self._menus}.{i}": move for i, move in enumerate(self.moves)}
        menu.add_options(Option(line_of(move), id=key) for key, move in self._menu.items())
        if len(self.moves) == 1:
            menu.add_option(Option(_("Nothing to play right now"), disabled=True))
        # Always the first line: it only gives the keyboard back, so an Enter meant for
        # the move just made (or typed ahead) can never play another.
        menu.highlighted = 0
        menu.focus()

    def _room_for_the_board(self) -> bool:
        width, height = self.app.size
        return width >= self.ROOM_FOR_THE_BOARD[0] and height >= self.ROOM_FOR_THE_BOARD[1]

    def on_resize(self) -> None:
        board = self.query_one("#private-board", BoardView)
        if board.display != self._room_for_the_board():
            board.display = not board.display
            if board.display:
                board.show(self.seen)

    def _show_hand(self, seen: PlayerView) -> None:
        player = seen.players[self.seat]
        hand = Text()
        hand.append(
            _("Your money: {money}").format(money=money(seen.money or 0)), style="bold green"
        )
        investors = _(", ").join(colour_name(c) for c in player.investors)
        hand.append("    ")
        hand.append(_("Your investors: {investors}").format(investors=investors or _("none")))
        hand.append("\n")
        cards = seen.hand
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
                hand.append(f"{count} × ")
                hand.append_text(card_text(card))
                hand.append("\n")
        hand.rstrip()
        self.query_one("#hand", Static).update(hand)

    def _show_window(self, seen: PlayerView, remaining: float | None) -> None:
        box = self.query_one("#window", Static)
        pending = pending_play(seen, self.seat)
        box.display = pending is not None
        if pending is None:
            return
        line = Text(_("Waiting: {play}").format(play=pending), style="bold")
        if remaining is not None:
            seconds = round(remaining)
            left = ngettext("{seconds}s left", "{seconds}s left", seconds).format(seconds=seconds)
            line.append(f" · {left}", style="bold")
            line.append(" " + _(self.COUNT_NOTE), style="dim")
        else:
            line.append(" · " + _("the table asks each player in turn"), style="dim")
        box.update(line)

    def _moves_menu(self) -> OptionList | None:
        return self.query_one("#moves", OptionList)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        move = self._menu.get(event.option.id or "")
        if move is not None:  # else: chosen on a menu that is gone
            self._choose(move)

    def _choose(self, move: Move) -> None:
        if move.ask == "give_back":
            self.action_give_back()
            return
        if move.ask == "more":
            self._unfolded = True
            self.show(self.seen, self.legal, self.remaining, self.then_close, self.standing)
            return
        super()._choose(move)

    def action_give_back(self) -> None:
        self.dismiss(None)

    def on_unmount(self) -> None:
        # However the keyboard leaves (Escape, a move, another player's F-key), a refusal
        # shown to this player must not stay on screen for the next one: its reason can name
        # a card of this hand.
        self.app.clear_notifications()


def _same_lines(moves: Sequence[Move], shown: Sequence[Move]) -> bool:
    """The same lines, in whatever order."""
    return len(moves) == len(shown) and all(m in shown for m in moves)


def line_of(move: Move) -> Text:
    """A menu line: its key, then its words (Text, not markup: they hold players' names)."""
    return key_line(move.key, move.label)


def key_line(key: str, words: str) -> Text:
    shown = _("Esc") if key == "esc" else key
    return Text.assemble((f" {shown} ", "bold reverse"), " ", words)
