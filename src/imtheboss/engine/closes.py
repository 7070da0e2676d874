"""Which closes the Boss could announce now: the terms of a close (CL3, with D2, D3, V3 and
the proceeds, N3), the cards that would take part (D3, D4, D5, N5, TR1, V8), and V8's "the
Boss must close". Asked by the close and the fail (``closing.py``), by the legal lists and
kinds (``legal.py``) and by the bots; worked out once per state (``memo``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from itertools import chain, combinations, product
from operator import is_
from typing import Any

from . import actions as A
from .board import Space
from .cards import COLOURS, Colour
from .common import _deal, _describe, _name
from .errors import N_, IllegalAction, Msg, all_of, msg, none_of
from .memo import Carry, Fact
from .options import Variant
from .state import (
    Agreement,
    CardRef,
    Deal,
    FamilyRef,
    GameState,
    InvestorRef,
)
from .words import colour_word, investor_colour

#: The enum members these steps compare, looked up once: in Python 3.11 each
#: ``Phase.DEAL`` in a function goes through ``EnumType.__getattr__``'s hook (~900
#: instructions, against a global's few).
_V3 = Variant.V3
_V8 = Variant.V8

#: The possible closes and the Boss's Close actions for them: blind to the proposals.
CLOSES = Fact("closes", blind_to_proposals=True)
CLOSE_ACTIONS = Fact("close actions", blind_to_proposals=True)
#: Of a deal's memo: the cards that would agree, by owners and V8.
AGREEING = Fact("agreeing")


def check_close(state: GameState, boss: int, supplies: dict[Colour, CardRef]) -> dict[int, int]:
    """CL3: validate the terms (D2: the space's colours, D3: the Boss's own cards agree, D5:
    the rest by agreement, V3:
    only who played is paid, N3: within the proceeds, valued by the tile, C4); returns what
    each player (not the Boss) is paid, in $M."""
    deal = _deal(state)
    space = state.board.space(deal.space)
    tile = state.next_tile
    assert tile is not None
    given = set(supplies)
    missing = space.required - given
    if missing:
        names = all_of(colour_word(c) for c in COLOURS if c in missing)
        raise IllegalAction(
            "CL3", msg(N_("The deal needs {colours}: name the card for each"), colours=names)
        )
    extra = given - space.required - space.optional
    if extra:
        names = none_of(colour_word(c) for c in COLOURS if c in extra)
        raise IllegalAction("D2", msg(N_("This space does not use {colours}"), colours=names))
    if space.groups:  # a printed space's groups: each its own count
        for group in space.groups:
            _check_pick(given, group.of, group.pick)
    else:
        _check_pick(given, space.optional, space.pick)
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
                    "TR4",
                    msg(N_("The {colour} investor is unowned"), colour=investor_colour(colour)),
                )
            if deal.travelling(colour):
                raise IllegalAction(
                    "TR1",
                    msg(
                        N_("The {colour} investor is travelling: it cannot take part"),
                        colour=investor_colour(colour),
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
        agreement = agreement_for(deal, supplier, ref)
        if agreement is None:
            if state.options.has(_V8) and isinstance(ref, InvestorRef):
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
    if state.options.has(_V3):
        payments = {p: (m if p in deal.played else 0) for p, m in payments.items()}
    if sum(payments.values()) > state.proceeds:
        raise IllegalAction("N3", Msg(N_("The payments exceed the deal's proceeds")))
    return payments


def unpaid_agreements(
    deal: Deal, owners: Mapping[Colour, int | None], supplies: Mapping[Colour, CardRef]
) -> list[Agreement]:
    """CL4 (ruling 2026-12-01): the agreements a close leaves unpaid, none of whose cards took
    part as its own player's card (the match ``check_close`` pays by), for the outcome to name."""

    paid = [agreement_for(deal, supplier_of(ref, owners), ref) for ref in supplies.values()]
    return [a for a in deal.agreements if not any(a is b for b in paid)]


def _check_pick(given: set[Colour], optional: frozenset[Colour], pick: int) -> None:
    """D2: exactly ``pick`` of the ``optional`` colours (of a space, or of one of its groups)."""
    chosen = given & optional
    if len(chosen) != pick:
        raise IllegalAction(
            "D2",
            msg(
                N_("The deal needs exactly {pick} of {colours}, not {chosen}"),
                pick=pick,
                colours=all_of(colour_word(c) for c in COLOURS if c in optional),
                chosen=len(chosen),
            ),
        )


def supplier_of(ref: CardRef, owners: Mapping[Colour, int | None]) -> int | None:
    """Whose card ``ref`` is in a deal: a family card's who laid it, an investor's owner's."""
    return ref.owner if isinstance(ref, FamilyRef) else owners[ref.colour]


def agreement_for(deal: Deal, supplier: int | None, ref: CardRef) -> Agreement | None:
    """CL4: the agreement a card takes part in the close by: its supplier's, covering it."""
    return next((a for a in deal.agreements if a.supplier == supplier and ref in a.cards), None)


def agreeing_cards(
    deal: Deal, owners: Mapping[Colour, int | None], v8: bool
) -> dict[Colour, list[CardRef]]:
    """For each colour, the cards on the table that would take part if the Boss closed now:
    the Boss's own investors and family cards (D3, D4), agreed cards (N5), not travelling
    (TR1); under V8 any owned investor. Owners come as a mapping so that a player's view,
    which knows who owns what, can ask too. Remembered with the deal: do not change it."""
    memo = deal.memo()
    key = (AGREEING, tuple(map(owners.__getitem__, COLOURS)), v8)
    found: dict[Colour, list[CardRef]] | None = memo.get(key)
    if found is None:
        found = memo[key] = _agreeing(deal, owners, v8)
    return found


def _agreeing(
    deal: Deal, owners: Mapping[Colour, int | None], v8: bool
) -> dict[Colour, list[CardRef]]:
    """``agreeing_cards`` worked out: for each colour the investor first, then each family card
    once (alike but for their owner), as laid; in one pass over the family cards instead of
    one per colour (worked out again at every change of a deal's cards)."""
    agreed = _agreed(deal, owners)
    found: dict[Colour, list[CardRef]] = {
        colour: [_INVESTORS[colour]]
        if _investor_agrees(deal, colour, owners[colour], v8, agreed)
        else []
        for colour in COLOURS
    }
    if deal.family:
        laid: set[tuple[Colour, int]] = set()  # alike but for their owner: each owner's once
        for fam in deal.family:
            key = (fam.colour, fam.owner)
            if key not in laid:
                laid.add(key)
                if _family_agrees(deal, fam, agreed):
                    found[fam.colour].append(fam)
    return found


def colours_covered(
    deal: Deal, owners: Mapping[Colour, int | None], v8: bool
) -> AbstractSet[Colour]:
    """The colours ``agreeing_cards`` would list a card for, without listing them: a chooser
    asks what a deal still needs at most moments, when no close is possible."""
    agreed = _agreed(deal, owners)
    covered = {c for c in COLOURS if _investor_agrees(deal, c, owners[c], v8, agreed)}
    for fam in deal.family:
        if fam.colour not in covered and _family_agrees(deal, fam, agreed):
            covered.add(fam.colour)
    return covered


def colours_still_needed(
    deal: Deal, space: Space, owners: Mapping[Colour, int | None], v8: bool
) -> frozenset[Colour]:
    """The colours a close still lacks (D1, D2): each required colour no card agrees for yet,
    and the uncovered colours of a group whose count is not reached (none of a full one).
    A player's view can ask too (``owners`` as for ``agreeing_cards``)."""
    covered = colours_covered(deal, owners, v8)
    needed = set(space.required - covered)
    for group in space.choices():
        if len(group.of & covered) < group.pick:
            needed |= group.of - covered
    return frozenset(needed)


def _agreed(deal: Deal, owners: Mapping[Colour, int | None]) -> AbstractSet[CardRef]:
    """The cards agreed by the player they belong to now: an agreement outlives a hire that
    takes its investor away (N5), but the investor then agrees only by its new owner's."""
    if not deal.agreements:
        return _NONE_AGREED  # most moments of a deal: asked of every state a Boss looks at
    return {
        ref
        for a in deal.agreements
        for ref in a.cards
        if isinstance(ref, FamilyRef) or owners[ref.colour] == a.supplier
    }


_NONE_AGREED: frozenset[CardRef] = frozenset()


def _investor_agrees(
    deal: Deal, colour: Colour, owner: int | None, v8: bool, agreed: AbstractSet[CardRef]
) -> bool:
    """The investor of ``colour`` would take part: owned and not travelling (TR1, TR4), and
    the Boss's own (D3), agreed (N5), or any owned one under V8."""
    return (
        owner is not None
        and not (deal.trips and deal.travelling(colour))
        and (owner == deal.boss or v8 or bool(agreed and _INVESTORS[colour] in agreed))
    )


def _family_agrees(deal: Deal, fam: FamilyRef, agreed: AbstractSet[CardRef]) -> bool:
    """A family card laid would take part: the Boss's own (D4), or agreed (N5)."""
    return fam.owner == deal.boss or bool(agreed and fam in agreed)


_INVESTORS = {c: InvestorRef(colour=c) for c in COLOURS}


def possible_closes(state: GameState) -> Iterator[dict[Colour, CardRef]]:
    """Every close the Boss could announce now (CL3), from the cards that would agree.
    Worked out once per state and remembered with it."""
    return iter(_closes(state))


def _closes(state: GameState) -> tuple[dict[Colour, CardRef], ...]:
    """``possible_closes`` remembered with the state (each close's supplies: never change one).

    The closes depend on the deal's agreements, family cards, trips and plays (V3), its Boss
    and space, the owners, the options and the tile (the proceeds) — not on the proposals, so
    most steps of a negotiation (asks, offers, withdrawals) leave them as they were. A state
    copied with changes keeps the very objects it did not change, so the last answer is
    carried over when they are the same objects (held here, so no identity is reused)."""
    memo = state.__dict__.get("_memo") or state.memo()  # hot: no call
    found: tuple[dict[Colour, CardRef], ...] | None = memo.get(CLOSES)
    if found is None:
        deal = state.deal
        if deal is None or not _may_meet(
            deal,
            state.board.space(deal.space).required,
            state.owners,
            state.options.has(_V8),
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
            last = _LAST_CLOSES.last
            if (
                last is not None
                and last[1] == deal.boss
                and last[2] == deal.space
                and all(map(is_, last[0], facts))
            ):
                found = last[3]
            else:
                found = tuple(_find_closes(state))
                _LAST_CLOSES.last = (facts, deal.boss, deal.space, found)
        memo[CLOSES] = found
    return found


#: ``_closes``' last answer, after the objects it was worked out from, the Boss and space.
_LAST_CLOSES: Carry[tuple[tuple[Any, ...], int, int, tuple[dict[Colour, CardRef], ...]]] = Carry(
    "closes"
)


def close_actions(state: GameState) -> tuple[A.Close, ...]:
    """The Boss's ``Close`` actions for ``possible_closes``, built once per state."""
    memo = state.__dict__.get("_memo") or state.memo()  # hot: no call
    found: tuple[A.Close, ...] | None = memo.get(CLOSE_ACTIONS)
    if found is None:
        closes = _closes(state)
        if not closes:
            found = _NO_CLOSE_ACTIONS
        else:
            boss = state.deal.boss  # type: ignore[union-attr]
            found = tuple(A.Close(player=boss, supplies=supplies) for supplies in closes)
        memo[CLOSE_ACTIONS] = found
    return found


def _find_closes(state: GameState) -> Iterator[dict[Colour, CardRef]]:
    deal = state.deal
    if deal is None:
        return
    space = state.board.space(deal.space)
    boss = deal.boss
    v8 = state.options.has(_V8)
    sources = agreeing_cards(deal, state.owners, v8)
    if any(not sources[c] for c in space.required):
        return
    required = [c for c in COLOURS if c in space.required]
    choices: Iterable[tuple[Colour, ...]]
    if space.groups:  # a pick from each group, in the groups' order
        choices = map(
            _joined,
            product(
                *(
                    combinations([c for c in COLOURS if c in group.of and sources[c]], group.pick)
                    for group in space.groups
                )
            ),
        )
    else:
        usable_optional = [c for c in COLOURS if c in space.optional and sources[c]]
        choices = combinations(usable_optional, space.pick)
    for chosen in choices:
        colours = required + list(chosen)
        for refs in product(*(sources[c] for c in colours)):
            supplies = dict(zip(colours, refs, strict=True))
            try:
                check_close(state, boss, supplies)
            except IllegalAction:
                continue  # V8 shares on top of agreements can exceed the proceeds (N3)
            yield supplies


def _joined(picks: tuple[tuple[Colour, ...], ...]) -> tuple[Colour, ...]:
    return tuple(chain.from_iterable(picks))


def _may_meet(
    deal: Deal, required: frozenset[Colour], owners: Mapping[Colour, int | None], v8: bool
) -> bool:
    """Whether every required colour has a card that would agree (``_agreeing`` would list
    one), without building the lists: the quick answer to "can the Boss close now?", which
    is no at most moments, asked of every state a Boss looks at."""
    agreed = _agreed(deal, owners)
    for colour in required:
        if _investor_agrees(deal, colour, owners[colour], v8, agreed):
            continue
        for fam in deal.family:
            if fam.colour is colour and _family_agrees(deal, fam, agreed):
                break
        else:
            return False
    return True


#: Read once: each lookup on an enum class goes through ``EnumType.__getattr__`` in 3.11.
_V8 = Variant.V8

#: No close possible: the answer of most states.
_NO_CLOSES: tuple[dict[Colour, CardRef], ...] = ()
_NO_CLOSE_ACTIONS: tuple[A.Close, ...] = ()


def must_close(state: GameState) -> bool:
    """V8: the Boss must close (and may not fail, F1) while the cards on the table meet the
    deal's conditions."""
    return state.options.has(_V8) and bool(_closes(state))


__all__ = [
    "agreeing_cards",
    "check_close",
    "close_actions",
    "colours_covered",
    "colours_still_needed",
    "must_close",
    "possible_closes",
]
