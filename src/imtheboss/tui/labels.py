"""Words and colours for what the table shows: cards, investors, actions.

Colours always come with their letter (R, B, Y, P, O, G), so nobody depends on the hue.
"""

from __future__ import annotations

from rich.text import Text

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.cards import Card, Colour, Kind
from ..engine.state import CardRef, GameState, InvestorRef, Price, WindowKind

STYLE: dict[Colour | None, str] = {
    Colour.RED: "bold white on red3",
    Colour.BLUE: "bold white on dodger_blue3",
    Colour.YELLOW: "bold black on yellow3",
    Colour.PINK: "bold black on hot_pink",
    Colour.ORANGE: "bold black on dark_orange",
    Colour.GREEN: "bold white on green4",
    None: "bold black on grey70",
}


def chip(colour: Colour | None, text: str | None = None) -> Text:
    """A colour as a small coloured block with its letter: `` R ``."""
    letter = "?" if colour is None else colour.letter
    return Text(f" {text or letter} ", style=STYLE[colour])


def card_text(card: Card) -> Text:
    colour = card.colour
    if card.kind is Kind.FAMILY:
        return Text.assemble(chip(colour), f" family {colour.value if colour else ''}")
    if card.kind is Kind.TRAVEL:
        if colour is None:
            return Text.assemble(chip(None, "*"), " travel (grey, any colour)")
        return Text.assemble(chip(colour), f" travel {colour.value}")
    return Text(f" {card.value.upper()} ", style="bold reverse") + Text(
        {
            Kind.HIRE: "  (3 take an investor)",
            Kind.BOSS: '  "I\'m the Boss!"',
            Kind.STOP: "  cancels a travel, boss or hire",
        }[card.kind]
    )


def ref_text(state: GameState, ref: CardRef, viewer: int | None = None) -> str:
    """``Bob's yellow investor``; ``your yellow investor`` when ``viewer`` owns it."""
    owner = state.owners[ref.colour] if isinstance(ref, InvestorRef) else ref.owner
    if owner is None:
        whose = "the unowned"
    elif owner == viewer:
        whose = "your"
    else:
        whose = f"{state.name(owner)}'s"
    kind = "investor" if isinstance(ref, InvestorRef) else "family card"
    return f"{whose} {ref.colour.value} {kind}"


def price_text(price: Price, state: GameState) -> str:
    tile = state.next_tile
    if price.dividends and tile is not None:
        return f"{price} (${price.dollars(tile.value)}M)"
    return str(price)


def pending_play(state: GameState, viewer: int | None = None) -> str | None:
    """The play a reaction window waits on, in words: ``Bob's travel card on your red
    investor``, ``Bob's boss card``, ``Bob's hire set on the unowned red investor``,
    ``Cy's close``. A stop must say what it stops: a window can open while the keyboard is
    held, and the player choosing must not have to give it back to look at the table."""
    window = state.window
    if window is None:
        return None
    who = "your" if window.player == viewer else f"{state.name(window.player)}'s"
    target = f" on {ref_text(state, window.target, viewer)}" if window.target else ""
    if window.kind is WindowKind.TRAVEL:
        card = "grey travel card" if window.cards and window.cards[0].colour is None else None
        return f"{who} {card or 'travel card'}{target}"
    if window.kind is WindowKind.BOSS:
        return f'{who} boss card ("I\'m the Boss!")'
    if window.kind is WindowKind.HIRE:
        return f"{who} hire set{target}"
    return f'{who} close ("One, two…")'


def describe(action: Action, state: GameState) -> str:
    """A move as a menu line, from the point of view of the player making it."""
    name = state.name
    if isinstance(action, A.LayFamily):
        return f"Lay your {action.colour.value} family card face up"
    if isinstance(action, A.PlayTravel):
        card = "grey travel card" if action.grey else f"{action.target.colour.value} travel card"
        return f"Send {ref_text(state, action.target, action.player)} travelling ({card})"
    if isinstance(action, A.PlayBoss):
        return '"I\'m the Boss!" — play a boss card'
    if isinstance(action, A.PlayHire):
        return f"Hire the {action.colour.value} investor (3 hire cards)"
    if isinstance(action, A.PlayStop):
        pending = pending_play(state, action.player)
        return f"STOP — cancel {pending}" if pending else "STOP — cancel that play"
    if isinstance(action, A.Pass):
        return "Pass — let it stand"
    if isinstance(action, A.Accept):
        deal = state.deal
        if deal is not None and action.supplier is not None:
            prop = next(p for p in deal.proposals if p.supplier == action.supplier)
            return f"Accept {name(action.supplier)}'s price of {price_text(prop.price, state)}"
        if deal is not None:
            prop = next(p for p in deal.proposals if p.supplier == action.player)
            return f"Accept the Boss's offer of {price_text(prop.price, state)}"
        return "Accept"
    if isinstance(action, A.Withdraw):
        who = f" to {name(action.supplier)}" if action.supplier is not None else ""
        return f"Withdraw your offer{who}"
    if isinstance(action, A.CancelAgreement):
        return f"Cancel the agreement with {name(action.other)} (both must)"
    if isinstance(action, A.Reset):
        return "Start the negotiation afresh (cancel every agreement and offer)"
    if isinstance(action, A.Fail):
        return "Declare the deal failed"
    if isinstance(action, A.Close):
        return 'Close the deal — "One, two…"'
    if isinstance(action, A.Discard):
        return "Discard " + ", ".join(c.value for c in action.cards)
    if isinstance(action, A.StartDeal):
        return "Let's make a deal! (here)"
    if isinstance(action, A.Roll):
        return "Roll the die"
    if isinstance(action, A.Draw):
        return "Draw cards"
    if isinstance(action, A.PlaceMarker):
        return f"Put the dollar marker on space {action.space}"
    if isinstance(action, A.Offer):
        cards = " and ".join(ref_text(state, r) for r in action.cards)
        return f"Offer {name(action.supplier)} {price_text(action.price, state)} for {cards}"
    if isinstance(action, A.Ask):
        cards = " and ".join(ref_text(state, r, action.player) for r in action.cards)
        return f"Ask {price_text(action.price, state)} for {cards}"
    return action.kind
