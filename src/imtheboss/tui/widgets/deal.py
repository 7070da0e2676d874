"""The middle of the table: what the player whose turn it is may do, or the deal in progress
— what the space needs and who covers it, the offers, the agreements, a pending play."""

from __future__ import annotations

import math
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...engine.cards import COLOURS, Colour
from ...engine.game import agreeing_cards
from ...engine.options import Variant
from ...engine.state import FamilyRef, InvestorRef, Phase, WindowKind
from ...engine.view import PlayerView
from ...i18n import _
from ..labels import STYLE, chip
from .players import seat_key


def _cover(view: PlayerView, colour: Colour) -> Text:
    """Who would supply ``colour`` if the Boss closed now (the engine says which cards agree)."""
    deal = view.deal
    assert deal is not None
    owners = view.owners
    names = view.players
    agreed = {ref: a for a in deal.agreements for ref in a.cards}
    sources = agreeing_cards(deal, owners, view.options.has(Variant.V8))[colour]
    if sources:
        ref = sources[0]
        owner = owners[colour] if isinstance(ref, InvestorRef) else ref.owner
        kind = "investor" if isinstance(ref, InvestorRef) else "family card"
        if owner == deal.boss:
            return Text(f"✓ the Boss's {kind}", style="green")
        price = f" ({agreed[ref].price})" if ref in agreed else ""
        assert owner is not None
        return Text(f"✓ {names[owner].name}'s {kind}{price}", style="green")
    if any(t.colour is colour for t in deal.trips):
        return Text("✗ investor travelling", style="red")
    if owners[colour] is None:
        return Text("✗ unowned: a family card is needed", style="red")
    return Text(f"✗ needs {names[owners[colour] or 0].name} or a family card", style="red")


class DealView(VerticalScroll):
    """A scroll, not a box: at 80×24 a big deal in its last call is taller than the room,
    and a bar saying there is more beats lines silently cut off."""

    def compose(self) -> ComposeResult:
        yield Static(id="deal-text")

    def show(
        self,
        view: PlayerView,
        remaining: float | None,
        asking: str | None,
        keys: bool = True,
        waits: Sequence[tuple[int, int, float]] = (),
    ) -> None:
        """``keys``: say which key does what (not in a replay, where nobody plays).
        ``waits``: the computer players waiting for a person's answer — (bot, person,
        seconds left) each."""
        deal = view.deal
        # The space and the Boss in the title, what a pending play allows on the bottom edge:
        # at 80×24 every row inside is wanted for the deal itself.
        if deal is None:
            self.border_title = "Turn"
        else:
            boss = view.players[deal.boss].name
            # Text, not a string: Textual reads a string title as markup, and a name is none.
            self.border_title = Text(f"Deal · space {deal.space} · Boss {boss}")
        self.border_subtitle = ""
        parts: list[RenderableType] = []
        if view.window is not None:
            # First, not last: at 80×24 a big deal fills the box, and a pending play or a
            # last call that scrolled out of sight could not be answered.
            line, hint = _window_line(view, remaining, asking, keys)
            parts.append(line)
            self.border_subtitle = Text(hint)
        # Right after a pending play, for the same reason: the person asked must see it.
        parts.extend(_wait_line(view, bot, person, left) for bot, person, left in waits)
        if view.deal is not None:
            parts.extend(self._deal(view))
        else:
            parts.append(_turn(view, keys))
        self.query_one("#deal-text", Static).update(Group(*parts))

    def _deal(self, view: PlayerView) -> list[RenderableType]:
        deal = view.deal
        assert deal is not None
        space = view.board.space(deal.space)
        agreed = sum(
            a.price.dollars(view.board.tiles[view.stack[0] - 1].value) for a in deal.agreements
        )
        head = Text.from_markup(
            f"Pays [b]${view.proceeds}M[/]: ${agreed}M promised, "
            f"Boss keeps ${view.proceeds - agreed}M"
        )
        needs = Text()
        for colour in COLOURS:
            if colour in space.required:
                needs.append_text(chip(colour))
                needs.append(" ")
                needs.append_text(_cover(view, colour))
                needs.append("\n")
        if space.pick:
            needs.append(f"and {space.pick} of: ")
            for colour in COLOURS:
                if colour in space.optional:
                    needs.append_text(chip(colour))
                    cover = _cover(view, colour)
                    needs.append("✓ " if cover.plain.startswith("✓") else "✗ ", style=cover.style)
            needs.append("\n")
        needs.rstrip()  # no blank line: at 80×24 every row of this box is wanted
        lines: list[RenderableType] = [head, needs]
        names = [p.name for p in view.players]
        if deal.family:
            # One group per owner: "Ann R O · Bob G" takes a line where a card each took three.
            laid = Text("Family cards on the table: ")
            owners = list(dict.fromkeys(fam.owner for fam in deal.family))
            for number, owner in enumerate(owners):
                if number:
                    laid.append(" · ")
                laid.append(names[owner])
                for fam in deal.family:
                    if fam.owner == owner:
                        laid.append(" ")
                        laid.append(fam.colour.letter, style=STYLE[fam.colour])
            lines.append(laid)
        for prop in deal.proposals:
            cards = " + ".join(_ref(names, r) for r in prop.cards)
            if prop.by_boss:
                lines.append(Text(f"Offer → {names[prop.supplier]}: {prop.price} for {cards}"))
            else:
                lines.append(Text(f"Ask: {names[prop.supplier]} wants {prop.price} for {cards}"))
        for agreement in deal.agreements:
            cards = " + ".join(_ref(names, r) for r in agreement.cards)
            lines.append(
                Text(
                    f"Agreed: {names[agreement.supplier]}'s {cards}, {agreement.price}",
                    style="green",
                )
            )
        return lines


def _turn(view: PlayerView, keys: bool) -> Text:
    # Names go into markup escaped: a player called "[red]Ann" is a name, not a style.
    turn = escape(view.players[view.turn].name)
    phase = view.phase
    if phase is Phase.PLACE_MARKER:
        placer = escape(view.players[(view.turn - 1) % len(view.players)].name)
        press = ": press [b reverse] m [/]." if keys else "."
        return Text.from_markup(
            f"{turn} starts. [b]{placer}[/], on {turn}'s right, places the dollar marker "
            f"on any space{press}"
        )
    if phase is Phase.TURN:
        if not keys:
            return Text.from_markup(
                f"[b]{turn}'s turn:[/] a deal here (space {view.marker}) or a roll of the die."
            )
        return Text.from_markup(
            f"[b]{turn}'s turn.[/] [b reverse] d [/] deal here (space {view.marker})  ·  "
            "[b reverse] r [/] roll the die and move"
        )
    if phase is Phase.ROLLED:
        if not keys:
            return Text.from_markup(
                f"[b]{turn}[/] moved to space {view.marker}: a deal here, or draw cards."
            )
        return Text.from_markup(
            f"[b]{turn}[/] moved to space {view.marker}. [b reverse] d [/] deal here  ·  "
            "[b reverse] w [/] draw cards"
        )
    if phase is Phase.HAND_LIMIT:
        if not keys:
            return Text.from_markup(f"[b]{turn}[/] holds more than the hand limit: a discard.")
        return Text.from_markup(
            f"[b]{turn}[/] holds more than the hand limit: {turn}, take the keyboard "
            f"([b reverse] {seat_key(view.turn)} [/]) to discard (or play hire sets first)."
        )
    if phase is Phase.END_ROLL:
        roller = escape(view.players[view.end_roller or 0].name)
        press = ": [b reverse] r [/]" if keys else "."
        return Text.from_markup(
            f"The tile is laid. [b]{roller}[/] rolls for the end of the game{press}"
        )
    winners = escape(" and ".join(view.players[w].name for w in view.winners))
    return Text.from_markup(f"[b]The game is over.[/] {winners} won.")


def _ref(names: list[str], ref: InvestorRef | FamilyRef) -> str:
    if isinstance(ref, FamilyRef):
        return f"{ref.colour.value} family"
    return f"{ref.colour.value} investor"


def _wait_line(view: PlayerView, bot: int, person: int, left: float) -> Text:
    """A computer player's count while it waits for a person's answer (public: the offer or
    the ask it waits on is on the table)."""
    said = _("{bot} waits for {person}'s answer (key {key}): {seconds}s left.").format(
        bot=view.players[bot].name,
        person=view.players[person].name,
        key=person + 1,
        seconds=math.ceil(left),  # "0s left" would be a wait that is over
    )
    # Text, not markup: the names are players' names.
    return Text.assemble((" " + _("ANSWER?") + " ", "b on dark_blue"), " ", said)


def _window_line(
    view: PlayerView, remaining: float | None, asking: str | None, keys: bool = True
) -> tuple[Text, str]:
    """The pending play on one line, and what may answer it (for the box's bottom edge)."""
    window = view.window
    assert window is not None
    who = escape(view.players[window.player].name)
    clock = f" {remaining:.0f}s left." if remaining is not None else ""
    your_key = " (your key)" if keys else ""
    answer = "an influence card calls it off" if window.kind is WindowKind.LAST_CALL else ""
    if asking is not None:
        clock, answer, your_key = "", f"asking {asking}", ""
    if window.kind is WindowKind.LAST_CALL:
        return (
            Text.from_markup(f'[b on dark_green] "One, two…" [/] {who} closes.{clock}'),
            f"{answer}{your_key}",
        )
    target = ""
    if window.target is not None:
        target = f" on the {_ref([p.name for p in view.players], window.target)}"
        if isinstance(window.target, FamilyRef):
            owner = escape(view.players[window.target.owner].name)
            target = f" on {owner}'s {window.target.colour.value} family card"
    what = {
        WindowKind.TRAVEL: "plays a travel card",
        WindowKind.BOSS: 'says "I\'m the Boss!"',
        WindowKind.HIRE: "plays a hire set",
    }[window.kind]
    return (
        Text.from_markup(f"[b on dark_red] WAIT [/] {who} {what}{target}.{clock}"),
        f"{answer or 'a stop cancels it'}{your_key}",
    )
