"""The close (CL1–CL7) and the failure (F1–F3) of a deal, and which cards would agree
now (D3, D4, N5, TR1, V8).

Part of ``apply`` (``game.py``), the one door into the rules: each handler here returns a new
state and appends the events it caused, or raises ``IllegalAction`` before anything is built.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations, product
from operator import is_
from typing import Any

from . import actions as A
from . import events as E
from .cards import COLOURS, Card, Colour, family
from .common import _begin_turn, _deal, _describe, _give, _name, _next_turn, _require_boss
from .end import _game_over
from .errors import N_, IllegalAction, Msg, msg, words
from .events import Event
from .options import Variant
from .state import (
    Agreement,
    CardRef,
    Deal,
    FamilyRef,
    GameState,
    InvestorRef,
    Phase,
    Window,
    WindowKind,
)
from .words import colour_word


def check_close(state: GameState, boss: int, supplies: dict[Colour, CardRef]) -> dict[int, int]:
    """CL3: validate the terms; returns what each player (not the Boss) is paid, in $M."""
    deal = _deal(state)
    space = state.board.space(deal.space)
    tile = state.next_tile
    assert tile is not None
    given = set(supplies)
    missing = space.required - given
    if missing:
        names = words(colour_word(c) for c in COLOURS if c in missing)
        raise IllegalAction(
            "CL3", msg(N_("The deal needs {colours}: name the card for each"), colours=names)
        )
    extra = given - space.required - space.optional
    if extra:
        names = words(colour_word(c) for c in COLOURS if c in extra)
        raise IllegalAction("D2", msg(N_("This space does not use {colours}"), colours=names))
    chosen = given & space.optional
    if len(chosen) != space.pick:
        raise IllegalAction(
            "D2",
            msg(
                N_("The deal needs exactly {pick} of {colours}, not {chosen}"),
                pick=space.pick,
                colours=words(colour_word(c) for c in COLOURS if c in space.optional),
                chosen=len(chosen),
            ),
        )
    used_family: list[FamilyRef] = []
    payments: dict[int, int] = {}
    used_agreements: list[Agreement] = []
    for colour, ref in supplies.items():
        if ref.colour is not colour:
            raise IllegalAction(
                "CL3",
                msg(
                    N_("A {card_colour} card cannot supply {colour}"),
                    card_colour=colour_word(ref.colour),
                    colour=colour_word(colour),
                ),
            )
        if isinstance(ref, InvestorRef):
            owner = state.owners[colour]
            if owner is None:
                raise IllegalAction(
                    "TR4", msg(N_("The {colour} investor is unowned"), colour=colour_word(colour))
                )
            if deal.travelling(colour):
                raise IllegalAction(
                    "TR1",
                    msg(
                        N_("The {colour} investor is travelling: it cannot take part"),
                        colour=colour_word(colour),
                    ),
                )
            supplier = owner
        else:
            available = deal.family.count(ref) - used_family.count(ref)
            if available < 1:
                raise IllegalAction(
                    "CL3", msg(N_("There is no {card} on the table"), card=_describe(ref, state))
                )
            used_family.append(ref)
            supplier = ref.owner
        if supplier == boss:
            continue  # D3
        agreement = next(
            (a for a in deal.agreements if a.supplier == supplier and ref in a.cards), None
        )
        if agreement is None:
            if state.options.has(Variant.V8) and isinstance(ref, InvestorRef):
                share = state.proceeds // space.investors
                payments[supplier] = payments.get(supplier, 0) + share
                continue
            raise IllegalAction(
                "CL3",
                msg(
                    N_("{card} needs an agreement with {player}"),
                    card=_describe(ref, state),
                    player=_name(state, supplier),
                ),
            )
        if agreement not in used_agreements:
            used_agreements.append(agreement)
            amount = agreement.price.dollars(tile.value)
            payments[supplier] = payments.get(supplier, 0) + amount
    if state.options.has(Variant.V3):
        payments = {p: (m if p in deal.played else 0) for p, m in payments.items()}
    if sum(payments.values()) > state.proceeds:
        raise IllegalAction("N3", Msg(N_("The payments exceed the deal's proceeds")))
    return payments


def _close(state: GameState, action: A.Close, events: list[Event]) -> GameState:
    """CL1–CL3: the Boss announces the terms; CL2: "One, two…" opens the last call."""
    deal = _require_boss(
        state,
        action.player,
        N_("close the deal only during a deal"),
        N_("Only the Boss ({boss}) can close the deal"),
        "CL1",
    )
    payments = check_close(state, deal.boss, action.supplies)
    events.append(E.LastCall(boss=deal.boss, supplies=action.supplies, payments=payments))
    window = Window(kind=WindowKind.LAST_CALL, player=deal.boss, supplies=action.supplies)
    return state.replace(window=window)


def _end_of_deal(state: GameState, used: list[FamilyRef], events: list[Event]) -> GameState:
    """CL5/F2: used family cards and travel cards are discarded; unused family go home."""
    deal = _deal(state)
    back: dict[int, list[Card]] = {}
    gone: list[Card] = [t.card for t in deal.trips]
    remaining = list(used)
    for ref in deal.family:
        if ref in remaining:
            remaining.remove(ref)
            gone.append(family(ref.colour))
        else:
            back.setdefault(ref.owner, []).append(family(ref.colour))
    players = list(state.players)
    for seat, cards in back.items():
        players[seat] = players[seat].replace(hand=_give(players[seat].hand, cards))
        events.append(E.CardsReturned(player=seat, cards=tuple(cards)))
    if gone:
        events.append(E.CardsDiscarded(cards=tuple(gone)))
    return state.replace(players=tuple(players), discard=state.discard + tuple(gone), deal=None)


def _close_effect(state: GameState, window: Window, events: list[Event]) -> GameState:
    """CL4–CL6 and E1/E2: pay, clear the table, lay the tile, move the marker."""
    deal = _deal(state)
    assert window.supplies is not None
    boss = deal.boss
    payments = check_close(state, boss, window.supplies)
    proceeds = state.proceeds
    tile_number = state.stack[0]
    tile = state.board.tiles[tile_number - 1]
    events.append(E.Paid(payer=None, payee=boss, amount=proceeds, note=N_("proceeds")))
    players = list(state.players)
    players[boss] = players[boss].replace(
        money=players[boss].money + proceeds - sum(payments.values()),
        deals_closed=players[boss].deals_closed + 1,
    )
    # Only V3 forfeits a payment; without it a $0 price is just a $0 price, not a forfeit.
    v3 = state.options.has(Variant.V3)
    for seat, amount in payments.items():
        players[seat] = players[seat].replace(money=players[seat].money + amount)
        note = N_("V3: played no influence card") if v3 and seat not in deal.played else ""
        events.append(E.Paid(payer=boss, payee=seat, amount=amount, note=note))
    events.append(
        E.DealClosed(
            boss=boss, space=deal.space, proceeds=proceeds, kept=proceeds - sum(payments.values())
        )
    )
    used = [ref for ref in window.supplies.values() if isinstance(ref, FamilyRef)]
    state = state.replace(players=tuple(players), bank_paid=state.bank_paid + proceeds)
    state = _end_of_deal(state, used, events)
    covered = {**state.covered, deal.space: tile_number}
    events.append(E.TileLaid(tile=tile_number, space=deal.space))
    state = state.replace(covered=covered, stack=state.stack[1:], deals_done=state.deals_done + 1)
    open_spaces = state.uncovered()
    if open_spaces:
        after = [s for s in open_spaces if s > deal.space] or list(open_spaces)
        events.append(E.MarkerMoved(space=after[0]))
        state = state.replace(marker=after[0])
    if tile.last or not state.stack:
        return _game_over(state, events)
    if tile.ends_on:
        return state.replace(phase=Phase.END_ROLL, end_roller=boss, end_tile=tile_number)
    return _begin_turn(state, _next_turn(state, boss), events)


def agreeing_cards(
    deal: Deal, owners: Mapping[Colour, int | None], v8: bool
) -> dict[Colour, list[CardRef]]:
    """For each colour, the cards on the table that would take part if the Boss closed now:
    the Boss's own investors and family cards (D3, D4), agreed cards (N5), not travelling
    (TR1); under V8 any owned investor. Owners come as a mapping so that a player's view,
    which knows who owns what, can ask too. Remembered with the deal: do not change it."""
    memo = deal.memo()
    key = ("agreeing", tuple(map(owners.__getitem__, COLOURS)), v8)
    found: dict[Colour, list[CardRef]] | None = memo.get(key)
    if found is None:
        found = memo[key] = _agreeing(deal, owners, v8)
    return found


def _agreeing(
    deal: Deal, owners: Mapping[Colour, int | None], v8: bool
) -> dict[Colour, list[CardRef]]:
    agreed = _agreed(deal)
    return {colour: list(_sources(deal, colour, owners, v8, agreed)) for colour in COLOURS}


def _agreed(deal: Deal) -> set[CardRef]:
    return {ref for a in deal.agreements for ref in a.cards}


def _sources(
    deal: Deal,
    colour: Colour,
    owners: Mapping[Colour, int | None],
    v8: bool,
    agreed: set[CardRef],
) -> Iterator[CardRef]:
    """The cards of ``colour`` that would take part if the Boss closed now (the rule of
    ``agreeing_cards``), the investor first, then each family card once, as laid."""
    if _investor_agrees(deal, colour, owners[colour], v8, agreed):
        yield _INVESTORS[colour]
    laid_by: set[int] = set()  # family cards of one colour are alike but for their owner
    for fam in deal.family:
        if fam.colour is colour and fam.owner not in laid_by:
            laid_by.add(fam.owner)
            if _family_agrees(deal, fam, agreed):
                yield fam


def _investor_agrees(
    deal: Deal, colour: Colour, owner: int | None, v8: bool, agreed: set[CardRef]
) -> bool:
    """The investor of ``colour`` would take part: owned and not travelling (TR1, TR4), and
    the Boss's own (D3), agreed (N5), or any owned one under V8."""
    return (
        owner is not None
        and not (deal.trips and deal.travelling(colour))
        and (owner == deal.boss or v8 or bool(agreed and _INVESTORS[colour] in agreed))
    )


def _family_agrees(deal: Deal, fam: FamilyRef, agreed: set[CardRef]) -> bool:
    """A family card laid would take part: the Boss's own (D4), or agreed (N5)."""
    return fam.owner == deal.boss or bool(agreed and fam in agreed)


_INVESTORS = {c: InvestorRef(colour=c) for c in COLOURS}


def possible_closes(state: GameState) -> Iterator[dict[Colour, CardRef]]:
    """Every close the Boss could announce now (CL3), from the cards that would agree.
    Worked out once per state and remembered with it."""
    return iter(_closes(state))


def _closes(state: GameState) -> list[dict[Colour, CardRef]]:
    """``possible_closes`` as a list remembered with the state.

    The closes depend on the deal's agreements, family cards, trips and plays (V3), its Boss
    and space, the owners, the options and the tile (the proceeds) — not on the proposals, so
    most steps of a negotiation (asks, offers, withdrawals) leave them as they were. A state
    copied with changes keeps the very objects it did not change, so the last answer is
    carried over when they are the same objects (held here, so no identity is reused)."""
    memo = state.__dict__.get("_memo") or state.memo()  # hot: no call
    found: list[dict[Colour, CardRef]] | None = memo.get("closes")
    if found is None:
        deal = state.deal
        if deal is None or not _may_meet(
            deal,
            state.board.space(deal.space).required,
            state.owners,
            state.options.has(Variant.V8),
        ):
            found = _NO_CLOSES  # most moments of a deal: a needed colour has no card yet
        else:
            facts = (
                deal.agreements,
                deal.family,
                deal.trips,
                deal.played,
                state.owners,
                state.options,
                state.stack,
                state.board,
            )
            last = _LAST_CLOSES[0]
            if (
                last is not None
                and last[1] == deal.boss
                and last[2] == deal.space
                and all(map(is_, last[0], facts))
            ):
                found = last[3]
            else:
                found = list(_find_closes(state))
                _LAST_CLOSES[0] = (facts, deal.boss, deal.space, found)
        memo["closes"] = found
    return found


#: ``_closes``' last answer, after the objects it was worked out from, the Boss and space.
_LAST_CLOSES: list[tuple[tuple[Any, ...], int, int, list[dict[Colour, CardRef]]] | None] = [None]


def close_actions(state: GameState) -> list[A.Close]:
    """The Boss's ``Close`` actions for ``possible_closes``, built once per state."""
    memo = state.__dict__.get("_memo") or state.memo()  # hot: no call
    found: list[A.Close] | None = memo.get("close actions")
    if found is None:
        closes = _closes(state)
        if not closes:
            found = _NO_CLOSE_ACTIONS
        else:
            boss = state.deal.boss  # type: ignore[union-attr]
            found = [A.Close(player=boss, supplies=supplies) for supplies in closes]
        memo["close actions"] = found
    return found


def _find_closes(state: GameState) -> Iterator[dict[Colour, CardRef]]:
    deal = state.deal
    if deal is None:
        return
    space = state.board.space(deal.space)
    boss = deal.boss
    v8 = state.options.has(Variant.V8)
    sources = agreeing_cards(deal, state.owners, v8)
    if any(not sources[c] for c in space.required):
        return
    usable_optional = [c for c in COLOURS if c in space.optional and sources[c]]
    required = [c for c in COLOURS if c in space.required]
    for chosen in combinations(usable_optional, space.pick):
        colours = required + list(chosen)
        for refs in product(*(sources[c] for c in colours)):
            supplies = dict(zip(colours, refs, strict=True))
            try:
                check_close(state, boss, supplies)
            except IllegalAction:
                continue  # V8 shares on top of agreements can exceed the proceeds (N3)
            yield supplies


def _may_meet(
    deal: Deal, required: frozenset[Colour], owners: Mapping[Colour, int | None], v8: bool
) -> bool:
    """Whether every required colour has a card that would agree (``_sources`` would yield
    one), without building the lists: the quick answer to "can the Boss close now?", which
    is no at most moments, asked of every state a Boss looks at."""
    agreed = _agreed(deal)
    for colour in required:
        if _investor_agrees(deal, colour, owners[colour], v8, agreed):
            continue
        for fam in deal.family:
            if fam.colour is colour and _family_agrees(deal, fam, agreed):
                break
        else:
            return False
    return True


#: No close possible: one list for every such state, never to be changed.
_NO_CLOSES: list[dict[Colour, CardRef]] = []
_NO_CLOSE_ACTIONS: list[A.Close] = []


def _fail(state: GameState, action: A.Fail, events: list[Event]) -> GameState:
    """F1–F3: family cards go home, the rest is discarded, the marker stays."""
    deal = _require_boss(
        state,
        action.player,
        N_("declare the deal failed only during a deal"),
        N_("Only the Boss ({boss}) can declare the deal failed"),
        "F1",
    )
    if state.options.has(Variant.V8) and _closes(state):
        raise IllegalAction(
            "V8", Msg(N_("The cards on the table meet the deal: the Boss must close it"))
        )
    events.append(E.DealFailed(boss=deal.boss, space=deal.space))
    state = _end_of_deal(state, [], events)
    return _begin_turn(state, _next_turn(state, deal.boss), events)
