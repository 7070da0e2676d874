"""Writing a game in the notation: the log a table reads, and the file a game is saved in."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.begin import start
from ..engine.board import built_in_name, reconstructed_board
from ..engine.events import DieRolled, Event
from ..engine.game import apply
from ..engine.options import StartPlayer
from ..engine.setup import Setup
from ..engine.state import CardRef, FamilyRef, GameState, InvestorRef, Price

if TYPE_CHECKING:
    from ..engine.position import Position


def as_recorded(action: Action, events: Iterable[Event]) -> Action:
    """The action as the log keeps it: a roll with the number the die showed, so the file
    reads like a game and replays against the seed (which must show the same number)."""
    if isinstance(action, A.Roll) and action.value is None:
        for event in events:
            if isinstance(event, DieRolled):
                return action.model_copy(update={"value": event.value})
    return action


def recorded_line(
    action: Action, before: GameState, events: Iterable[Event]
) -> tuple[Action, str | None]:
    """The action as the log keeps it (``as_recorded``) and its line, written once from it
    (None for the table's timer)."""
    recorded = as_recorded(action, events)
    return recorded, to_line(recorded, before)


def write_game(setup: Setup | Position, actions: Iterable[Action], title: str = "") -> str:
    """The whole game as notation. Replays the actions (each must be legal) for the names."""
    lines = [f"# {title}"] if title else []
    lines += header_lines(setup)
    lines.append("")
    state = start(setup)
    actions = list(actions)
    for number, action in enumerate(actions, 1):
        before = state
        state, events = apply(state, action)
        _, text = recorded_line(action, before, events)
        if text is None:
            # The timer is implied by the next line; only a last one must be written.
            if number == len(actions):
                lines.append("time up")
            continue
        lines.append(text)
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Actions to lines (the table writes them, and reads none: no parser at its start, issue 20)


def _ref_text(state: GameState, ref: CardRef, supplier: int | None) -> str:
    if isinstance(ref, InvestorRef):
        return ref.colour.value
    if ref.owner == supplier:
        return f"family {ref.colour.value}"
    return f"{state.name(ref.owner)}'s family {ref.colour.value}"


def _price_text(price: Price) -> str:
    if price.dividends:
        return f"{price.amount} dividend" + ("" if price.amount == 1 else "s")
    return str(price.amount)


def to_line(action: Action, state: GameState, *, amounts: bool = True) -> str | None:
    """The notation of ``action`` played in ``state``; None for the table's timer, which the
    notation leaves implicit (a window closes when the next line does not answer it).

    ``amounts=False``: a price is written "a price" — the table's log of a deal that is over
    says who offered what to whom, not for how much (M1). Such a line is not notation."""
    if isinstance(action, A.TimeUp):
        return None
    name = state.name(action.player)
    if isinstance(action, A.PlaceMarker):
        body = f"marker {action.space}"
    elif isinstance(action, A.StartDeal):
        body = "deal"
    elif isinstance(action, A.Roll):
        body = "roll" if action.value is None else f"roll {action.value}"
    elif isinstance(action, A.Draw):
        body = "draw"
    elif isinstance(action, A.Discard):
        body = "discard " + ", ".join(c.value for c in action.cards)
    elif isinstance(action, A.LayFamily):
        body = f"lay family {action.colour.value}"
    elif isinstance(action, A.Offer):
        cards = " and ".join(_ref_text(state, r, action.supplier) for r in action.cards)
        price = _price_text(action.price) if amounts else "a price"
        body = f"offer {state.name(action.supplier)} {cards} for {price}"
    elif isinstance(action, A.Ask):
        cards = " and ".join(_ref_text(state, r, action.player) for r in action.cards)
        price = _price_text(action.price) if amounts else "a price"
        body = f"ask {price} for {cards}"
    elif isinstance(action, A.Accept | A.Withdraw):
        body = action.kind
        if action.supplier is not None:
            body += f" {state.name(action.supplier)}"
    elif isinstance(action, A.CancelAgreement):
        body = f"cancel {state.name(action.other)}"
    elif isinstance(action, A.PlayTravel):
        grey = "grey " if action.grey else ""
        body = f"travel {grey}{_ref_text(state, action.target, None)}"
    elif isinstance(action, A.PlayBoss):
        body = "boss"
    elif isinstance(action, A.PlayHire):
        body = f"hire {action.colour.value}"
    elif isinstance(action, A.PlayStop):
        body = "stop"
    elif isinstance(action, A.Pass):
        body = "pass"
    elif isinstance(action, A.Reset):
        body = "reset"
    elif isinstance(action, A.Fail):
        body = "fail"
    elif isinstance(action, A.Close):
        parts = []
        for col, ref in action.supplies.items():
            if isinstance(ref, FamilyRef):
                parts.append(f"{col.value}={state.name(ref.owner)}/family")
            else:
                owner = state.owners[col]
                parts.append(f"{col.value}={state.name(owner) if owner is not None else '?'}")
        body = "close " + " ".join(parts)
    else:  # pragma: no cover - every action kind is listed above
        raise AssertionError(action)
    return f"{name}: {body}"


def header_lines(
    setup: Setup | Position,
    board_path: str | None = None,
    bots: dict[str, str] | None = None,
    seal: str | None = None,
    bot_budget: int | None = None,
) -> list[str]:
    """The header of a file that starts ``setup``. Its board is always named (a file without
    a ``board:`` line means the reconstruction): a built-in board by its name, a board of
    one's own by ``board_path``, its file's path.

    ``seal``: the seed sealed (an unfinished game's save), written as ``seal:`` in its place.
    ``bot_budget``: the sharks' playouts per decision, written only when a shark sits (no
    other bot reads it); None writes nothing and a resumed shark thinks with its default.
    """
    seed_line = f"seal: {seal}" if seal is not None else f"seed: {setup.seed}"
    lines = [f"players: {', '.join(setup.players)}"]
    if bots:
        lines.append("bots: " + "; ".join(f"{name}={kind}" for name, kind in bots.items()))
        if bot_budget is not None and "shark" in bots.values():
            lines.append(f"bot-budget: {bot_budget}")
    if board_path is None:
        board_path = built_in_name(setup.board or reconstructed_board())
        if board_path is None:
            raise ValueError("a game on a custom board needs the board file's path in its header")
    # Last, after the seed (or its seal): a file's first lines stay as they were before
    # boards were named.
    board_line = f"board: {board_path}"
    if setup.options.variants:
        lines.append("variants: " + " ".join(sorted(v.value for v in setup.options.variants)))
    if setup.options.start is not StartPlayer.RANDOM:
        lines.append(f"start: {setup.options.start.value}")
    if isinstance(setup, Setup):
        lines.append(seed_line)
        lines.append(board_line)
        return lines
    if setup.seed is not None:
        lines.append(seed_line)
    lines.append(f"deals-done: {setup.deals_done}")
    if setup.covered is not None:
        lines.append("covered: " + " ".join(map(str, setup.covered)))
    lines.append(f"marker: {setup.marker}")
    lines.append(f"turn: {setup.turn}")
    if setup.investors:
        lines.append(
            "investors: "
            + "; ".join(f"{n}={','.join(c.value for c in cs)}" for n, cs in setup.investors.items())
        )
    if setup.money:
        lines.append("money: " + "; ".join(f"{n}={m}" for n, m in setup.money.items()))
    for name, cards in setup.hands.items():
        lines.append(f"hand {name}: " + ", ".join(c.value for c in cards))
    if len(setup.hands) < len(setup.players):
        lines.append("hands: open")
    lines.append(board_line)
    return lines
