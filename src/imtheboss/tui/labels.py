"""Words and colours for what the table shows: cards, investors, actions.

Colours always come with their letter (R, B, Y, P, O, G), so nobody depends on the hue.

The game's own words (colours, card kinds, prices) are translated here, at display time, and
only here: every screen names a red investor or a hire card the same way, in the table's
language. A colour has a context (``pgettext``) for what it describes, because an adjective
agrees with its noun in some languages (Spanish: *inversor rojo*, *carta roja*).
"""

from __future__ import annotations

from rich.text import Text

from ..engine import actions as A
from ..engine import words
from ..engine.actions import Action
from ..engine.board import Tile
from ..engine.cards import Card, Colour, Kind
from ..engine.errors import IllegalAction
from ..engine.state import CardRef, GameState, InvestorRef, Price, WindowKind
from ..engine.view import PlayerView
from ..i18n import _, all_of, explain, fill, ngettext, pgettext, render
from ..i18n import money as i18n_money

#: What the words below are said from: a seat's view (the panels), or the whole state (the
#: table's log, which says only what is public). Both name a seat ``players[seat].name``.
Seen = GameState | PlayerView

STYLE: dict[Colour | None, str] = {
    Colour.RED: "bold white on red3",
    Colour.BLUE: "bold white on dodger_blue3",
    Colour.YELLOW: "bold black on yellow3",
    Colour.PINK: "bold black on hot_pink",
    Colour.ORANGE: "bold black on dark_orange",
    Colour.GREEN: "bold white on green4",
    None: "bold black on grey70",
}


# The colours are written out in each context below, not looped over: the catalogs' extractor
# reads only literal messages.


def colour_name(colour: Colour) -> str:
    """A colour on its own, as in a list of colours (``red, blue``; Swedish ``röd, blå``)."""
    return render(words.colour_word(colour))


def investor_colour(colour: Colour) -> str:
    """A colour describing an investor (``the {colour} investor``)."""
    return render(words.investor_colour(colour))


def definite_colour(colour: Colour) -> str:
    """A colour describing a card after "the", "your" or a possessive (``your {colour}
    family card``: Swedish *ditt röda familjekort*, Spanish *tu carta de familia roja*)."""
    return render(words.definite_colour(colour))


def card_colour(colour: Colour) -> str:
    """A colour describing a card (``a {colour} family card``, ``a {colour} travel card``)."""
    return {
        Colour.RED: pgettext("card", "red"),
        Colour.BLUE: pgettext("card", "blue"),
        Colour.YELLOW: pgettext("card", "yellow"),
        Colour.PINK: pgettext("card", "pink"),
        Colour.ORANGE: pgettext("card", "orange"),
        Colour.GREEN: pgettext("card", "green"),
    }[colour]


def investor_name(colour: Colour) -> str:
    """``red investor``."""
    return _("{colour} investor").format(colour=investor_colour(colour))


def family_name(colour: Colour) -> str:
    """``red family card``."""
    return _("{colour} family card").format(colour=card_colour(colour))


def card_name(card: Card) -> str:
    """One card with its noun, as a sentence or a list names it ("carta de viaje azul",
    "파란색 여행 카드"): the engine's ``words.card_word``, the one place a card is named."""
    return render(words.card_word(card))


def cards_list(cards: tuple[Card, ...]) -> str:
    """Cards in a sentence ("discards a stop card and a boss card"): the language's list."""
    return all_of([card_name(c) for c in cards])


def game_title() -> str:
    """The game's name as its rulebook prints it ("Yo soy el jefe"): a title, which some
    languages word apart from the card's call ("¡Soy el jefe!", ``'"I'm the Boss!"'``)."""
    # Translators: the name of the game, as on your rulebook's cover (not the boss card's
    # call, which is the message "\"I'm the Boss!\"" with quotes).
    return pgettext("game title", "I'm the Boss!")


def money(amount: int) -> str:
    """An amount of money: ``$12M`` (Chinese 1200萬): ``i18n.money``, one formatter per
    language."""
    return i18n_money(amount)


def price_words(price: Price) -> str:
    """A price as said at the table: ``$3M`` or ``2 dividends`` (N3)."""
    if price.dividends:
        return ngettext("{count} dividend", "{count} dividends", price.amount).format(
            count=price.amount
        )
    return money(price.amount)


def refusal(error: IllegalAction) -> str:
    """An engine's refusal with its rule ID, in the table's language."""
    return explain(error)


def chip(colour: Colour | None, text: str | None = None) -> Text:
    """A colour as a small coloured block with its letter: `` R ``."""
    letter = "?" if colour is None else colour.letter
    return Text(f" {text or letter} ", style=STYLE[colour])


def card_text(card: Card) -> Text:
    colour = card.colour
    if card.kind is Kind.FAMILY:
        name = card_colour(colour) if colour else ""
        return Text.assemble(chip(colour), " ", _("family {colour}").format(colour=name))
    if card.kind is Kind.TRAVEL:
        if colour is None:
            return Text.assemble(chip(None, "*"), " ", _("travel (grey, any colour)"))
        return Text.assemble(
            chip(colour), " ", _("travel {colour}").format(colour=card_colour(colour))
        )
    badge = {
        Kind.HIRE: pgettext("card badge", "HIRE"),
        Kind.BOSS: pgettext("card badge", "BOSS"),
        Kind.STOP: pgettext("card badge", "STOP"),
    }[card.kind]
    return Text(f" {badge} ", style="bold reverse") + Text(
        "  "
        + {
            Kind.HIRE: _("(3 take an investor)"),
            Kind.BOSS: _('"I\'m the Boss!"'),
            Kind.STOP: _("cancels a travel, boss or hire"),
        }[card.kind]
    )


def _name(state: Seen, seat: int) -> str:
    return state.players[seat].name


def _next_tile(state: Seen) -> Tile | None:
    return state.board.tiles[state.stack[0] - 1] if state.stack else None


def ref_text(state: Seen, ref: CardRef, viewer: int | None = None) -> str:
    """``Bob's yellow investor``; ``your yellow investor`` when ``viewer`` owns it."""
    if isinstance(ref, InvestorRef):
        owner = state.owners[ref.colour]
        colour = investor_colour(ref.colour)
        if owner is None:
            return _("the unowned {colour} investor").format(colour=colour)
        if owner == viewer:
            return _("your {colour} investor").format(colour=colour)
        return fill(_("{owner}'s {colour} investor"), owner=_name(state, owner), colour=colour)
    colour = definite_colour(ref.colour)
    if ref.owner == viewer:
        return _("your {colour} family card").format(colour=colour)
    return fill(_("{owner}'s {colour} family card"), owner=_name(state, ref.owner), colour=colour)


def refs_text(state: Seen, refs: tuple[CardRef, ...], viewer: int | None = None) -> str:
    """Cards of one proposal: ``Bob's red investor and your blue family card``; three or
    more as a list says them ("A, B and C"), not "A and B and C"."""
    return all_of([ref_text(state, r, viewer) for r in refs])


def price_text(price: Price, state: Seen) -> str:
    tile = _next_tile(state)
    if price.dividends and tile is not None:
        return _("{price} ({money})").format(
            price=price_words(price), money=money(price.dollars(tile.value))
        )
    return price_words(price)


def pending_play(state: Seen, viewer: int | None = None) -> str | None:
    """The play a reaction window waits on, in words: ``Bob's travel card on your red
    investor``, ``Bob's boss card``, ``Bob's hire set on the unowned red investor``,
    ``Cy's close``. A stop must say what it stops: a window can open while the keyboard is
    held, and the player choosing must not have to give it back to look at the table."""
    window = state.window
    if window is None:
        return None
    mine = window.player == viewer
    who = _name(state, window.player)
    target = "" if not window.target else ref_text(state, window.target, viewer)
    if window.kind is WindowKind.TRAVEL:
        grey = bool(window.cards) and window.cards[0].colour is None
        if grey:
            if mine:
                return _("your grey travel card on {target}").format(target=target)
            return fill(_("{who}'s grey travel card on {target}"), who=who, target=target)
        if mine:
            return _("your travel card on {target}").format(target=target)
        return fill(_("{who}'s travel card on {target}"), who=who, target=target)
    if window.kind is WindowKind.BOSS:
        if mine:
            return _('your boss card ("I\'m the Boss!")')
        return fill(_("{who}'s boss card (\"I'm the Boss!\")"), who=who)
    if window.kind is WindowKind.HIRE:
        if mine:
            return _("your hire set on {target}").format(target=target)
        return fill(_("{who}'s hire set on {target}"), who=who, target=target)
    if mine:
        return _('your close ("One, two…")')
    return fill(_('{who}\'s close ("One, two…")'), who=who)


def describe(action: Action, state: Seen) -> str:
    """A move as a menu line, from the point of view of the player making it."""

    def name(seat: int) -> str:
        return _name(state, seat)

    if isinstance(action, A.LayFamily):
        return _("Lay your {colour} family card face up").format(
            colour=definite_colour(action.colour)
        )
    if isinstance(action, A.PlayTravel):
        target = ref_text(state, action.target, action.player)
        if action.grey:
            return _("Send {target} travelling (grey travel card)").format(target=target)
        return _("Send {target} travelling ({colour} travel card)").format(
            target=target, colour=card_colour(action.target.colour)
        )
    if isinstance(action, A.PlayBoss):
        return _('"I\'m the Boss!" — play a boss card')
    if isinstance(action, A.PlayHire):
        return _("Hire the {colour} investor (3 hire cards)").format(
            colour=investor_colour(action.colour)
        )
    if isinstance(action, A.PlayStop):
        pending = pending_play(state, action.player)
        if pending:
            return _("STOP — cancel {play}").format(play=pending)
        return _("STOP — cancel that play")
    if isinstance(action, A.Pass):
        return _("Pass — let it stand")
    if isinstance(action, A.Accept):
        deal = state.deal
        if deal is not None and action.supplier is not None:
            prop = next(p for p in deal.proposals if p.supplier == action.supplier)
            return fill(
                _("Accept {supplier}'s price of {price}"),
                supplier=name(action.supplier),
                price=price_text(prop.price, state),
            )
        if deal is not None:
            prop = next(p for p in deal.proposals if p.supplier == action.player)
            return fill(
                _("Accept the Boss's offer of {price} for {cards}"),
                price=price_text(prop.price, state),
                cards=refs_text(state, prop.cards, action.player),
            )
        return _("Accept")
    if isinstance(action, A.Withdraw):
        if action.supplier is not None:
            return _("Withdraw your offer to {supplier}").format(supplier=name(action.supplier))
        # The player's own ask (N2), not an offer: the Boss offers, a player asks.
        return _("Withdraw your ask")
    if isinstance(action, A.CancelAgreement):
        return _("Cancel the agreement with {other} (both must)").format(other=name(action.other))
    if isinstance(action, A.Reset):
        return _("Start the negotiation afresh (cancel every agreement and offer)")
    if isinstance(action, A.Fail):
        return _("Declare the deal failed")
    if isinstance(action, A.Close):
        return _('Close the deal — "One, two…"')
    if isinstance(action, A.Discard):
        return _("Discard {cards}").format(cards=cards_list(action.cards))
    if isinstance(action, A.StartDeal):
        return _("Let's make a deal! (here)")
    if isinstance(action, A.Roll):
        return _("Roll the die")
    if isinstance(action, A.Draw):
        return _("Draw cards")
    if isinstance(action, A.PlaceMarker):
        return _("Put the dollar marker on space {space}").format(space=action.space)
    if isinstance(action, A.Offer):
        return _("Offer {supplier} {price} for {cards}").format(
            supplier=name(action.supplier),
            price=price_text(action.price, state),
            cards=refs_text(state, action.cards),
        )
    if isinstance(action, A.Ask):
        return _("Ask {price} for {cards}").format(
            price=price_text(action.price, state),
            cards=refs_text(state, action.cards, action.player),
        )
    return action.kind
