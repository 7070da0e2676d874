"""The hand-over: whose turn at the keyboard it is, and the moves that need no hand.

It looks exactly the same for every player and every situation, so the table learns nothing
from it — not even whether that player has anything they could play. Its last lines name the
keys of the moves a player may make without opening their hand (a price for their own card
on the table, an offer made to them accepted, the Boss's acceptance of every price asked and
the close, the Boss's standing close), the same lines for everyone; the moves behind the
keys come from the table's view, which holds no hand, so what a key opens (the question,
which names the card) tells the table only what it sees already. Such a move gives the
keyboard back: no hand was shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import actions as A
from ...engine.actions import Action
from ...engine.cards import Colour
from ...engine.view import PlayerView
from ...i18n import N_, _
from ..dialog_css import DialogCSS
from ..language import translate_bindings
from ..markup import escape, markup_text
from .private import KEYS, Move, MoveKeys, colours_of, key_line, line_of, public_moves

#: The keys named on the cover (as the panel's: ``private.KEYS``).
_KEYS = (KEYS["ask"], KEYS["accept"], KEYS["close"], KEYS["bundle"], KEYS["standing"])


class PrivacyScreen(DialogCSS, MoveKeys, ModalScreen[bool]):
    BINDINGS = [
        Binding("enter", "confirm", N_("I am the one at the keyboard")),
        Binding("escape", "cancel", N_("Give the keyboard back")),
    ]

    KEEPS_THE_KEYBOARD = False

    DEFAULT_CSS = """
    #privacy-public {
        width: 54;
        padding: 1 1 0 1;
    }
    """

    def __init__(
        self,
        name: str,
        seen: PlayerView | None = None,
        legal: Sequence[Action] = (),
        then_close: Sequence[A.Accept] = (),
        standing: Sequence[Sequence[A.Offer]] = (),
    ) -> None:
        """``seen``: the table's view addressed to the seat (no hand, no money); ``legal``:
        the seat's public moves (``public_moves.public_actions``); ``then_close``: the Boss's
        acceptances before a close; ``standing``: the Boss's offers for a standing close."""
        super().__init__()
        self.player_name = name
        self.moves: list[Move] = []
        self._chord: list[int] = []
        #: Among the chord's lines, the one Enter chooses.
        self._marked: int | None = None
        self._colours: list[set[Colour]] = []
        if seen is not None:
            assert seen.viewer is not None
            self.seat = seen.viewer
            self._set(seen, legal, then_close, standing)

    def _set(
        self,
        seen: PlayerView,
        legal: Sequence[Action],
        then_close: Sequence[A.Accept],
        standing: Sequence[Sequence[A.Offer]],
    ) -> None:
        self.seen, self.legal, self.then_close = seen, tuple(legal), tuple(then_close)
        self.standing = tuple(map(tuple, standing))
        self.moves = public_moves(seen, self.legal, self.then_close, self.standing)
        self._colours = [colours_of(move, seen) for move in self.moves]
        self._chord, self._marked = [], None

    def compose(self) -> ComposeResult:
        # Rich markup with the name escaped, as a Text: Textual's own markup reads a name
        # such as "a[" or "x\\" differently from rich.markup.escape.
        with Middle(), Center():
            yield Static(self._card(), id="privacy-card")
            yield Static(self._public(), id="privacy-public")

    def _card(self) -> Text:
        name = escape(self.player_name)
        return markup_text(
            "[b]"
            + _("Keyboard to {name}").format(name=name)
            + "[/b]\n\n"
            + _("Everyone else, look away.")
            + "\n\n"
            + _("{name}: press [b reverse] Enter [/] to see your hand.").format(name=name)
            + "\n[dim]"
            + _("Escape gives the keyboard back.")
            + "[/dim]"
        )

    def _public(self) -> Text:
        """The keys of the moves without the hand: the same lines whatever the player may do
        (after a key of several moves, those moves, to be picked by a colour's letter)."""
        text = Text()
        if self._chord:
            text.append(_("Which one? A colour's letter, or the key again and Enter:"), "bold")
            for i in self._chord:
                text.append("\n")
                text.append("▶ " if i == self._marked else "  ", "bold")
                text.append_text(line_of(self.moves[i]))
            return text
        text.append(_("Without showing your hand (the table sees the move):"), "bold")
        for key, words in (
            (KEYS["ask"], _("a price for your card on the table")),
            (KEYS["accept"], _("accept the offer made to you")),
            (KEYS["close"], _("the Boss: accept the prices asked and close")),
            (KEYS["standing"], _("the Boss: one price to each supplier, then close")),
        ):
            text.append("\n")
            text.append_text(key_line(key, words))
        return text

    def on_key(self, event: events.Key) -> None:
        """A key of the public moves (see ``MoveKeys``); one with nothing behind it says so,
        which the table could see from the deal on the table anyway."""
        if (
            not self._chord
            and event.key in _KEYS
            and not any(m.key == event.key for m in self.moves)
        ):
            event.stop()
            event.prevent_default()
            self.notify(_("Nothing to do with that key without your hand: Enter shows it."))
            return
        if self._chord and self._marked is not None and self._between(event):
            return
        super().on_key(event)
        self._marked = self._chord[0] if self._chord else None
        self.query_one("#privacy-public", Static).update(self._public())

    def _between(self, event: events.Key) -> bool:
        """Among several lines of one key, as on the panel's menu: the key again marks the
        next line, Enter chooses the marked one (here Enter does not show the hand)."""
        assert self._marked is not None
        chord, marked = self._chord, self._marked
        if event.key == "enter":
            self._chord, self._marked = [], None
            move = self.moves[marked]
        elif event.key == self.moves[marked].key and not self._a_letter(event.key):
            self._marked = chord[(chord.index(marked) + 1) % len(chord)]
            move = None
        else:
            return False
        event.stop()
        event.prevent_default()
        self.query_one("#privacy-public", Static).update(self._public())
        if move is not None:
            self._choose(move)
        return True

    def _a_letter(self, key: str) -> bool:
        """The key is also the letter of a colour among the lines (p: pink): a letter first."""
        return any(key.upper() in {c.letter for c in self._colours[i]} for i in self._chord)

    def show(
        self,
        seen: PlayerView,
        legal: Sequence[Action],
        then_close: Sequence[A.Accept] = (),
        standing: Sequence[Sequence[A.Offer]] = (),
    ) -> None:
        """The public moves again, after the table changed under the cover."""
        assert seen.viewer == self.seat and seen.hand is None
        self._set(seen, legal, then_close, standing)
        self.query_one("#privacy-public", Static).update(self._public())

    def on_mount(self) -> None:
        translate_bindings(self)

    def retranslate(self) -> None:
        self.query_one("#privacy-card", Static).update(self._card())
        if self.moves:
            self._set(self.seen, self.legal, self.then_close, self.standing)
        self.query_one("#privacy-public", Static).update(self._public())

    def action_confirm(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
