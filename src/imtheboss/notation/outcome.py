"""What a replay came to, in words and as data: the verdict a table asked for."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import actions as A
from ..engine.closes import unpaid_agreements
from ..engine.errors import N_, Money, Msg, all_of, msg, plural, words
from ..engine.events import (
    CardsDiscarded,
    CardsReturned,
    DealClosed,
    DealFailed,
    Discarded,
    Event,
    Hired,
    Paid,
)
from ..engine.state import Agreement, FamilyRef, GameState, InvestorRef, Phase
from ..engine.words import (
    PHASE_WORDS,
    card_word,
    colour_word,
    definite_colour,
    investor_colour,
    play_word,
    price_words,
    ref_word,
)
from ..engine.words import money as dollars
from .replay import Replay


@dataclass
class Outcome:
    money: dict[str, int]
    investors: dict[str, list[str]]
    unowned: list[str]
    discarded: list[str] = field(default_factory=list)
    returned: dict[str, list[str]] = field(default_factory=dict)
    #: Messages, which a report shows in the table's language; the English of each (the JSON,
    #: the tests) is its ``str``, read from the properties below.
    hired_words: list[Msg] = field(default_factory=list)
    on_table_words: list[Msg] = field(default_factory=list)
    payments_words: list[Msg] = field(default_factory=list)
    #: CL4 (ruling 2026-12-01): every agreement a closed or failed deal left unpaid, and why.
    unpaid_words: list[Msg] = field(default_factory=list)
    next_turn: str | None = None
    deals_done: int = 0
    game_over: bool = False
    deal_open: bool = False
    winners: list[str] = field(default_factory=list)

    @property
    def hired(self) -> list[str]:
        return [str(m) for m in self.hired_words]

    @property
    def on_table(self) -> list[str]:
        return [str(m) for m in self.on_table_words]

    @property
    def payments(self) -> list[str]:
        return [str(m) for m in self.payments_words]

    @property
    def unpaid(self) -> list[str]:
        return [str(m) for m in self.unpaid_words]

    def as_json(self) -> dict[str, Any]:
        return {
            "money": self.money,
            "investors": self.investors,
            "next_turn": self.next_turn,
            "deals_done": self.deals_done,
            "game_over": self.game_over,
            "winners": self.winners,
            "discarded": self.discarded,
            "returned": self.returned,
            "on_table": self.on_table,
            "unpaid": self.unpaid,
        }


def outcome(replay: Replay) -> Outcome:
    start, final = replay.start, replay.final
    assert final is not None
    name = final.name
    money = {p.name: p.money - s.money for p, s in zip(final.players, start.players, strict=True)}
    result = Outcome(
        money=money,
        investors={
            p.name: [c.value for c in final.investors_of(i)] for i, p in enumerate(final.players)
        },
        unowned=[c.value for c in final.unowned()],
        deals_done=final.deals_done,
        game_over=final.phase is Phase.OVER,
        winners=[name(w) for w in final.winners],
    )
    result.unpaid_words = _unpaid(replay)
    for event in replay.events:
        if isinstance(event, CardsDiscarded | Discarded):
            result.discarded.extend(c.value for c in event.cards)
        elif isinstance(event, CardsReturned):
            result.returned.setdefault(name(event.player), []).extend(c.value for c in event.cards)
        elif isinstance(event, Hired):
            colour = investor_colour(event.colour)
            if event.previous is None:
                result.hired_words.append(
                    msg(
                        N_("{player} hired unowned {colour} investor"),
                        player=name(event.player),
                        colour=colour,
                    ),
                )
            else:
                result.hired_words.append(
                    msg(
                        N_("{player} hired {previous}'s {colour} investor"),
                        player=name(event.player),
                        previous=name(event.previous),
                        colour=colour,
                    ),
                )
        elif isinstance(event, Paid):
            paid: dict[str, str | Msg | Money] = {
                "payee": name(event.payee),
                "amount": dollars(event.amount),
            }
            if event.payer is None:
                key = (
                    N_("the bank paid {payee} {amount} ({note})")
                    if event.note
                    else N_("the bank paid {payee} {amount}")
                )
            else:
                paid["payer"] = name(event.payer)
                key = (
                    N_("{payer} paid {payee} {amount} ({note})")
                    if event.note
                    else N_("{payer} paid {payee} {amount}")
                )
            if event.note:
                paid["note"] = Msg(event.note)
            result.payments_words.append(msg(key, **paid))
    if final.deal is not None:
        result.deal_open = True
        for fam in final.deal.family:
            result.on_table_words.append(
                msg(
                    N_("{player}'s family {colour}"),
                    player=name(fam.owner),
                    colour=definite_colour(fam.colour),
                ),
            )
        for trip in final.deal.trips:
            result.on_table_words.append(
                msg(
                    N_("{card} on the {colour} investor"),
                    card=card_word(trip.card),
                    colour=investor_colour(trip.colour),
                ),
            )
    if final.window is not None:
        for card in final.window.cards:
            result.on_table_words.append(
                msg(N_("{card} (still pending)"), card=card_word(card)),
            )
    if final.phase is not Phase.OVER:
        result.next_turn = name(final.end_roller if final.end_roller is not None else final.turn)
    return result


def _unpaid(replay: Replay) -> list[Msg]:
    """CL4: the agreements each deal left unpaid, named so that nobody has to ask why: a close
    pays only those one of whose cards took part; a failed deal pays none."""
    out: list[Msg] = []
    close: tuple[GameState, A.Close] | None = None  # the close called last, and its table

    def name_all(agreements: list[Agreement], why: str, state: GameState) -> None:
        for agreement in agreements:
            out.append(
                msg(
                    why,
                    player=state.name(agreement.supplier),
                    cards=all_of(ref_word(r) for r in agreement.cards),
                    price=price_words(agreement.price),
                )
            )

    def judge(events: tuple[Event, ...], before: GameState) -> None:
        nonlocal close
        for event in events:
            if isinstance(event, DealClosed) and close is not None:
                state, action = close
                assert state.deal is not None
                unpaid = unpaid_agreements(state.deal, state.owners, action.supplies)
                name_all(
                    unpaid,
                    N_(
                        "{player}'s agreement ({cards} for {price}): not paid, none of its "
                        "cards took part in the close"
                    ),
                    state,
                )
                close = None
            elif isinstance(event, DealFailed) and before.deal is not None:
                name_all(
                    list(before.deal.agreements),
                    N_("{player}'s agreement ({cards} for {price}): not paid, the deal failed"),
                    before,
                )

    for step in replay.steps:
        if isinstance(step.action, A.Close):
            close = (step.before, step.action)
        judge(step.events, step.before)
    judge(replay.closing_events, replay.final or replay.start)
    return out


def describe(state: GameState) -> list[Msg]:
    """The position, as a player would sum it up before arguing about it (``str()`` of each
    line is its English text; a report renders them in the table's language)."""
    name = state.name
    done = state.deals_done
    lines = [
        plural(
            "{n} deal done; the marker is on space {space}.",
            "{n} deals done; the marker is on space {space}.",
            done,
            n=done,
            space=str(state.marker),
        )
    ]
    if state.phase is Phase.OVER:
        # Issue 21: not "Phase: over; Ann's turn", nobody's turn is left, only who won.
        lines.append(
            plural(
                "The game is over: {winners} won.",
                "The game is over: {winners} share the win.",
                len(state.winners),
                winners=all_of(name(w) for w in state.winners),
            )
        )
    else:
        lines.append(
            msg(
                N_("Phase: {phase}; {player}'s turn."),
                phase=Msg(PHASE_WORDS[state.phase.value]),
                player=name(state.turn),
            )
        )
    deal = state.deal
    if deal is not None:
        space = state.board.space(deal.space)
        lines.append(
            msg(
                N_("Deal on space {space} ({needs}), worth {proceeds}; Boss: {boss}."),
                space=deal.space,
                needs=space.describe_msg(),
                proceeds=dollars(state.proceeds),
                boss=name(deal.boss),
            )
        )
        if deal.family:
            laid = words(
                msg(
                    N_("{player}'s {colour}"),
                    player=name(f.owner),
                    colour=definite_colour(f.colour),
                )
                for f in deal.family
            )
            lines.append(msg(N_("Family cards on the table: {cards}."), cards=laid))
        if deal.trips:
            lines.append(
                msg(
                    N_("Travelling: {colours}."),
                    colours=words(colour_word(t.colour) for t in deal.trips),
                )
            )
        for agreement in deal.agreements:
            lines.append(
                msg(
                    N_("Agreed: {player}'s {cards} for {price}."),
                    player=name(agreement.supplier),
                    cards=all_of(ref_word(r) for r in agreement.cards),
                    price=price_words(agreement.price),
                )
            )
        for prop in deal.proposals:
            who = name(deal.boss) if prop.by_boss else name(prop.supplier)
            lines.append(
                msg(
                    N_("Open: {who} proposes {price} for {player}'s {cards}."),
                    who=who,
                    price=price_words(prop.price),
                    player=name(prop.supplier),
                    cards=all_of(ref_word(r) for r in prop.cards),
                )
            )
    window = state.window
    if window is not None:
        target = window.target
        if isinstance(target, InvestorRef | FamilyRef):
            lines.append(
                msg(
                    N_("Waiting for an answer: {player}'s {play} on the {card}."),
                    player=name(window.player),
                    play=play_word(window.kind.value),
                    card=ref_word(target),
                )
            )
        else:
            lines.append(
                msg(
                    N_("Waiting for an answer: {player}'s {play}."),
                    player=name(window.player),
                    play=play_word(window.kind.value),
                )
            )
    owners = words(
        (
            msg(
                N_("{player}: {colours}"),
                player=p.name,
                colours=words(colour_word(c) for c in state.investors_of(i))
                if state.investors_of(i)
                else Msg(N_("none")),
            )
            for i, p in enumerate(state.players)
        ),
        N_("; "),
    )
    lines.append(msg(N_("Investors — {owners}."), owners=owners))
    return lines
