"""What a replay came to, in words and as data: the verdict a table asked for."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.events import CardsDiscarded, CardsReturned, Discarded, Hired, Paid
from ..engine.state import FamilyRef, GameState, InvestorRef, Phase
from .replay import Replay


@dataclass
class Outcome:
    money: dict[str, int]
    investors: dict[str, list[str]]
    unowned: list[str]
    hired: list[str] = field(default_factory=list)
    discarded: list[str] = field(default_factory=list)
    returned: dict[str, list[str]] = field(default_factory=dict)
    on_table: list[str] = field(default_factory=list)
    payments: list[str] = field(default_factory=list)
    next_turn: str | None = None
    deals_done: int = 0
    game_over: bool = False
    deal_open: bool = False
    winners: list[str] = field(default_factory=list)

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
    for event in replay.events:
        if isinstance(event, CardsDiscarded | Discarded):
            result.discarded.extend(c.value for c in event.cards)
        elif isinstance(event, CardsReturned):
            result.returned.setdefault(name(event.player), []).extend(c.value for c in event.cards)
        elif isinstance(event, Hired):
            was = "unowned" if event.previous is None else f"{name(event.previous)}'s"
            result.hired.append(f"{name(event.player)} hired {was} {event.colour.value} investor")
        elif isinstance(event, Paid):
            payer = "the bank" if event.payer is None else name(event.payer)
            note = f" ({event.note})" if event.note else ""
            result.payments.append(f"{payer} paid {name(event.payee)} ${event.amount}M{note}")
    if final.deal is not None:
        result.deal_open = True
        for fam in final.deal.family:
            result.on_table.append(f"{name(fam.owner)}'s family {fam.colour.value}")
        for trip in final.deal.trips:
            result.on_table.append(f"{trip.card.value} on the {trip.colour.value} investor")
    if final.window is not None:
        result.on_table.extend(f"{c.value} (still pending)" for c in final.window.cards)
    if final.phase is not Phase.OVER:
        result.next_turn = name(final.end_roller if final.end_roller is not None else final.turn)
    return result


def describe(state: GameState) -> list[str]:
    """The position, as a player would sum it up before arguing about it."""
    name = state.name
    done = state.deals_done
    lines = [f"{done} deal{'' if done == 1 else 's'} done; the marker is on space {state.marker}."]
    lines.append(f"Phase: {state.phase.value}; {name(state.turn)}'s turn.")
    deal = state.deal
    if deal is not None:
        space = state.board.space(deal.space)
        lines.append(
            f"Deal on space {deal.space} ({space.describe()}), worth ${state.proceeds}M; "
            f"Boss: {name(deal.boss)}."
        )
        if deal.family:
            laid = ", ".join(f"{name(f.owner)}'s {f.colour.value}" for f in deal.family)
            lines.append(f"Family cards on the table: {laid}.")
        if deal.trips:
            lines.append("Travelling: " + ", ".join(t.colour.value for t in deal.trips) + ".")
        for agreement in deal.agreements:
            cards = " and ".join(
                f"family {r.colour.value}" if isinstance(r, FamilyRef) else r.colour.value
                for r in agreement.cards
            )
            lines.append(f"Agreed: {name(agreement.supplier)}'s {cards} for {agreement.price}.")
        for prop in deal.proposals:
            who = name(deal.boss) if prop.by_boss else name(prop.supplier)
            cards = " and ".join(str(r) for r in prop.cards)
            lines.append(f"Open: {who} proposes {prop.price} for {name(prop.supplier)}'s {cards}.")
    window = state.window
    if window is not None:
        target = window.target
        what = window.kind.value
        if isinstance(target, InvestorRef | FamilyRef):
            what += f" on the {target}"
        lines.append(f"Waiting for an answer: {name(window.player)}'s {what}.")
    owners = "; ".join(
        f"{p.name}: {', '.join(c.value for c in state.investors_of(i)) or 'none'}"
        for i, p in enumerate(state.players)
    )
    lines.append(f"Investors — {owners}.")
    return lines
