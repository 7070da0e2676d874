"""The negotiation: D4, N1–N5 (family cards laid, asks, offers, acceptances, agreements
and their cancelling).

Part of ``apply`` (``game.py``), the one door into the rules: each handler here returns a new
state and appends the events it caused, or raises ``IllegalAction`` before anything is built.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache
from itertools import repeat
from operator import is_
from typing import Any

from . import actions as A
from . import events as E
from .cards import Colour, family
from .common import (
    ROOM,
    _deal_money,
    _name,
    _require_boss,
    _require_deal,
    _set_player,
    _take_from_hand,
    _with_deal,
    price_room,
)
from .deciders import may_cancel, price_fits
from .errors import N_, IllegalAction, Msg, msg
from .events import Event
from .kinds import SEAT_KINDS, SEAT_KINDS_BEFORE
from .legal import KINDS
from .memo import hand_on_blind_to_proposals
from .state import (
    Agreement,
    CardRef,
    Deal,
    FamilyRef,
    GameState,
    InvestorRef,
    Price,
    Proposal,
)
from .view import VIEW_FIELDS
from .words import definite_colour, investor_colour, money, price_words, ref_word


def _lay_family(state: GameState, action: A.LayFamily, events: list[Event]) -> GameState:
    """D4, N1: a family card is laid face up; it stays until the deal ends (N2)."""
    deal = _require_deal(state, N_("Family cards are laid only during a deal"))
    player = action.player
    hand = _take_from_hand(state, player, (family(action.colour),), "N1")
    ref, event = _laid(player, action.colour)
    events.append(event)
    played = deal.played
    new = state.replace(
        players=_set_player(state, player, hand=hand),
        deal=deal.replace(
            family=(*deal.family, ref), played=played if player in played else played | {player}
        ),
    )
    memo = state.__dict__.get("_memo")
    if memo:
        _hand_on_seat_kinds(memo, new, player)
    return new


@lru_cache(maxsize=64)
def _laid(player: int, colour: Colour) -> tuple[FamilyRef, E.FamilyLaid]:
    """A family card on the table and the event of laying it: immutable values compared by
    what they say, the same in every deal, so built once (a table lays thousands)."""
    return FamilyRef(owner=player, colour=colour), E.FamilyLaid(player=player, colour=colour)


def _agreed_refs(deal: Deal, supplier: int) -> set[CardRef]:
    return {ref for a in deal.agreements if a.supplier == supplier for ref in a.cards}


#: No card agreed (a deal without agreements): never to be changed.
_NONE_AGREED: frozenset[CardRef] = frozenset()


def _check_cards(state: GameState, deal: Deal, supplier: int, cards: tuple[CardRef, ...]) -> None:
    """The cards of an offer must be the supplier's, on the table, and free to join (N1)."""
    if len(cards) > 1 and len(set(cards)) != len(cards):
        raise IllegalAction("N1", Msg(N_("An offer names each card once")))
    agreed = _agreed_refs(deal, supplier) if deal.agreements else _NONE_AGREED
    for ref in cards:
        if isinstance(ref, InvestorRef):
            if state.owners[ref.colour] != supplier:
                raise IllegalAction(
                    "N1",
                    msg(
                        N_("{player} does not own the {colour} investor"),
                        player=_name(state, supplier),
                        colour=investor_colour(ref.colour),
                    ),
                )
            if deal.trips and deal.travelling(ref.colour):
                raise IllegalAction(
                    "TR1",
                    msg(
                        N_("The {colour} investor is travelling: it cannot take part"),
                        colour=investor_colour(ref.colour),
                    ),
                )
        else:
            if ref.owner != supplier:
                raise IllegalAction(
                    "N1",
                    msg(
                        N_("{player} can only offer their own family cards"),
                        player=_name(state, supplier),
                    ),
                )
            # by identity first (in C): the laid cards are shared values, and comparing
            # two of them field by field is a Python call
            if not any(map(is_, deal.family, repeat(ref))) and ref not in deal.family:
                raise IllegalAction(
                    "N1",
                    msg(
                        N_("{player} must first lay the {colour} family card face up"),
                        player=_name(state, supplier),
                        colour=definite_colour(ref.colour),
                    ),
                )
        if ref in agreed:
            raise IllegalAction(
                "N5",
                msg(
                    N_("The {card} is already agreed: cancel that agreement first (both sides)"),
                    card=ref_word(ref),
                ),
            )


def _check_price(state: GameState, price: Price) -> None:
    """N3: only a share of this deal's proceeds, never more than they are."""
    value, dividends, proceeds = _deal_money(state)
    if price.dividends and price.amount > dividends:
        raise IllegalAction(
            "N3",
            msg(
                N_("This deal pays {dividends} dividends, not {amount}"),
                dividends=dividends,
                amount=price.amount,
            ),
        )
    if price.dollars(value) > proceeds:  # CL4
        raise IllegalAction(
            "N3",
            msg(
                N_("{price} is more than this deal's proceeds ({proceeds})"),
                price=price_words(price),
                proceeds=money(proceeds),
            ),
        )


def _propose(
    state: GameState,
    deal: Deal,
    action: A.Offer | A.Ask,
    boss_side: bool,
    supplier: int,
    events: list[Event],
) -> GameState:
    _check_cards(state, deal, supplier, action.cards)
    _check_price(state, action.price)
    proposal, event = _proposal(action, supplier, boss_side)
    events.append(event)
    if not deal.proposals:
        return _with_proposals(state, (proposal,), supplier)
    others = tuple(p for p in deal.proposals if p.supplier != supplier)
    return _with_proposals(state, (*others, proposal), supplier)


def _proposal(action: A.Offer | A.Ask, supplier: int, by_boss: bool) -> tuple[Proposal, E.Proposed]:
    """The proposal an ask or offer makes, and its event: immutable values that follow from
    the action alone, and a table plays the same few hundred actions (the legal lists hold
    each once) thousands of times, so they are built once per action object (held here, so
    no identity is reused while its entry lives)."""
    found = _PROPOSALS.get(id(action))
    if found is None or found[0] is not action:
        proposal = Proposal(
            supplier=supplier, cards=action.cards, price=action.price, by_boss=by_boss
        )
        event = E.Proposed(
            player=action.player,  # the Boss who offers, or the supplier who asks
            supplier=supplier,
            cards=action.cards,
            price=action.price,
            by_boss=by_boss,
        )
        if len(_PROPOSALS) >= 4096:
            _PROPOSALS.clear()
        found = _PROPOSALS[id(action)] = (action, proposal, event)
    return found[1], found[2]


_PROPOSALS: dict[int, tuple[A.Offer | A.Ask, Proposal, E.Proposed]] = {}


def _offer(state: GameState, action: A.Offer, events: list[Event]) -> GameState:
    """N4/N5: the Boss proposes a price; it replaces any open proposal with that player."""
    deal = _require_boss(
        state,
        action.player,
        N_("make offers (others ask a price) only during a deal"),
        N_("Only the Boss ({boss}) can make offers (others ask a price)"),
        "N4",
    )
    if action.supplier == deal.boss:
        raise IllegalAction("D3", Msg(N_("The Boss's own cards agree automatically")))
    return _propose(state, deal, action, True, action.supplier, events)


def _ask(state: GameState, action: A.Ask, events: list[Event]) -> GameState:
    """N1/N5: a player names a price to the Boss for their cards."""
    deal = _require_deal(state, N_("Prices are asked only during a deal"))
    if action.player == deal.boss:
        raise IllegalAction(
            "D3", Msg(N_("The Boss's own cards agree automatically: make an offer"))
        )
    return _propose(state, deal, action, False, action.player, events)


def _accept(state: GameState, action: A.Accept, events: list[Event]) -> GameState:
    """N4: the Boss decides; an accepted proposal becomes an agreement (N5)."""
    deal = _require_deal(state, N_("Offers are accepted only during a deal"))
    if action.player == deal.boss:
        if action.supplier is None:
            raise IllegalAction("N4", Msg(N_("Name the player whose price the Boss accepts")))
        supplier, from_boss = action.supplier, False
    else:
        if action.supplier is not None:
            raise IllegalAction(
                "N4",
                Msg(N_("Only the Boss names whose price he accepts; you accept his offer to you")),
            )
        supplier, from_boss = action.player, True
    proposal = next((p for p in deal.proposals if p.supplier == supplier), None)
    if proposal is None or proposal.by_boss != from_boss:
        if from_boss:
            raise IllegalAction(
                "N4",
                msg(N_("The Boss has made no offer to {player}"), player=_name(state, supplier)),
            )
        raise IllegalAction(
            "N4", msg(N_("{player} has asked no price"), player=_name(state, supplier))
        )
    value, room = price_room(state, deal)
    if not price_fits(proposal.price, value, room):
        price = proposal.price.dollars(value)
        proceeds = _deal_money(state)[2]
        raise IllegalAction(
            "N3",
            msg(
                N_(
                    "{promised} is already promised; {price} more exceeds the proceeds ({proceeds})"
                ),
                promised=money(proceeds - room),
                price=money(price),
                proceeds=money(proceeds),
            ),
        )
    agreement = Agreement(supplier=supplier, cards=proposal.cards, price=proposal.price)
    events.append(E.Agreed(boss=deal.boss, agreement=agreement))
    return _with_deal(
        state,
        proposals=tuple(p for p in deal.proposals if p is not proposal),
        agreements=(*deal.agreements, agreement),
    )


def _withdraw(state: GameState, action: A.Withdraw, events: list[Event]) -> GameState:
    """N5: an offer not yet accepted may be withdrawn by whoever made it."""
    deal = _require_deal(state, N_("Offers are withdrawn only during a deal"))
    boss_side = action.player == deal.boss
    if not boss_side and action.supplier is not None:
        raise IllegalAction("N5", Msg(N_("You can only withdraw your own ask to the Boss")))
    supplier = action.supplier if boss_side else action.player
    proposal = next((p for p in deal.proposals if p.supplier == supplier), None)
    if supplier is None or proposal is None or proposal.by_boss != boss_side:
        raise IllegalAction(
            "N5",
            msg(N_("{player} has no open offer to withdraw"), player=_name(state, action.player)),
        )
    events.append(E.Withdrawn(player=action.player, supplier=supplier))
    return _with_proposals(state, tuple(p for p in deal.proposals if p is not proposal), supplier)


def _cancel(state: GameState, action: A.CancelAgreement, events: list[Event]) -> GameState:
    """N5: an agreement ends early only when the Boss and that player both cancel it."""
    deal = _require_deal(state, N_("Agreements are cancelled only during a deal"))
    if deal.boss not in (action.player, action.other) or action.player == action.other:
        raise IllegalAction("N5", Msg(N_("An agreement is between the Boss and one player")))
    supplier = action.other if action.player == deal.boss else action.player
    if not any(a.supplier == supplier for a in deal.agreements):
        raise IllegalAction(
            "N5",
            msg(N_("The Boss has no agreement with {player}"), player=_name(state, supplier)),
        )
    if not may_cancel(deal, action.player, action.other):
        raise IllegalAction(
            "N5",
            msg(
                N_("You asked already: the cancellation waits for {player}"),
                player=_name(state, action.other),
            ),
        )
    if (action.other, action.player) in deal.cancel_requests:
        events.append(E.AgreementsCancelled(supplier=supplier, why=N_("both sides cancelled")))
        return _with_deal(
            state,
            agreements=tuple(a for a in deal.agreements if a.supplier != supplier),
            cancel_requests=frozenset(r for r in deal.cancel_requests if supplier not in r),
        )
    events.append(E.CancelAsked(player=action.player, other=action.other))
    return _with_deal(state, cancel_requests=deal.cancel_requests | {(action.player, action.other)})


def _with_proposals(state: GameState, proposals: tuple[Proposal, ...], supplier: int) -> GameState:
    """``state`` with the deal's proposals replaced, only ``supplier``'s having changed, and
    every remembered fact that does not read them handed on (a table makes thousands of such
    steps a game): the facts blind to the proposals (``memo.BLIND_TO_PROPOSALS``), the view's
    shared fields with the new deal, and the seats' kinds that read no other proposal."""
    deal = state.deal
    assert deal is not None
    new_deal = deal.replace(proposals=proposals)
    new = state.replace(deal=new_deal)
    memo = state.__dict__.get("_memo")
    if memo:
        kept = hand_on_blind_to_proposals(memo)
        seen = memo.get(VIEW_FIELDS)
        if seen is not None:  # what every viewer sees (view.py): of it, only the deal changed
            kept[VIEW_FIELDS] = {**seen, "deal": new_deal}
        seats = memo.get(SEAT_KINDS)
        if seats is not None:
            # Each seat's negotiation kinds read its own proposal only (kinds.py): the others'
            # stay, the supplier's is worked out again; so do the kinds of every seat but the
            # supplier and the Boss (whose kinds read every proposal).
            kept[SEAT_KINDS_BEFORE] = (seats, supplier)
            boss = deal.boss
            for seat, kinds_key in enumerate(_KINDS_KEYS[: len(state.players)]):
                if seat != supplier and seat != boss:
                    kinds = memo.get(kinds_key)
                    if kinds is not None:
                        kept[kinds_key] = kinds
        if kept:
            new.__dict__["_memo"] = kept
    return new


#: The memo's keys of each seat's kinds (``legal.legal_kinds``), made once.
_KINDS_KEYS = tuple((KINDS, seat) for seat in range(8))


def _hand_on_seat_kinds(memo: dict[Hashable, Any], new: GameState, seat: int) -> None:
    """A family card laid by ``seat`` changes no agreement, no proposal and no other seat's
    cards: the seats' negotiation kinds (kinds.py) stay but ``seat``'s, and the room a price
    must fit stays; hand them on to ``new``."""
    seats = memo.get(SEAT_KINDS)
    room = memo.get(ROOM)
    if seats is None and room is None:
        return
    kept = new.memo()
    if seats is not None:
        kept[SEAT_KINDS_BEFORE] = (seats, seat)
    if room is not None:
        kept[ROOM] = room
