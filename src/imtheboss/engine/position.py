"""A game picked up in the middle: what a table can reconstruct when it disputes a ruling.

Who owns what, how many deals are done, where the marker is, whose turn, and perhaps the
hands. Hands left out are *unknown*: whatever their owner plays is taken to have been in them.
A position comes from a file a player wrote, so it is a validated pydantic model, imported
only when a position (or a save file) is read: a new game never waits for pydantic.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .board import Board, reconstructed_board
from .cards import COLOURS, DECK_COUNTS, Card, Colour, full_deck, sort_hand
from .errors import N_, IllegalAction, Msg, PositionError, all_of, msg, plural
from .frozen import Discriminated, lend_field
from .options import HAND_LIMIT, Options, Variant
from .rng import shuffled
from .setup import Setup, _check_names, _stack, investors_each
from .state import GameState, Phase, PlayerState, Rng
from .words import colour_word, money

lend_field()  # the engine's values inside these models name Field in their annotations


class Position(BaseModel):
    """A game picked up in the middle (see module docstring)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    kind: Literal["position"] = "position"
    players: tuple[str, ...]
    options: Options = Options()
    #: None: the reconstruction (as for ``Setup``).
    board: Board | None = None
    investors: dict[str, tuple[Colour, ...]] = {}
    deals_done: int = Field(default=0, ge=0, le=14)
    #: Covered spaces; when left out, the ones just behind the marker (counter-clockwise).
    covered: tuple[int, ...] | None = None
    marker: int = Field(ge=1, le=16)
    turn: str
    money: dict[str, int] = {}
    #: Known hands; players left out have unknown hands.
    hands: dict[str, tuple[Card, ...]] = {}
    #: With a seed the engine rolls the dice (and shuffles); without one they are written.
    seed: int | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Position:
        names = set(self.players)
        for field, keys in (
            ("investors", self.investors),
            ("money", self.money),
            ("hands", self.hands),
        ):
            for key in keys:
                if key not in names:
                    raise ValueError(f"{field}: {key!r} is not one of the players")
        if self.turn not in names:
            raise ValueError(f"turn: {self.turn!r} is not one of the players")
        owned = [c for cs in self.investors.values() for c in cs]
        twice = [c.value for c, k in Counter(owned).items() if k > 1]
        if twice:
            raise ValueError(f"investors: {twice[0]} has two owners")
        if any(m < 0 for m in self.money.values()):
            raise ValueError("money: nobody has less than nothing")
        held = Counter(c for cards in self.hands.values() for c in cards)
        for card, k in held.items():
            if k > DECK_COUNTS[card]:
                raise ValueError(f"hands: the deck has only {DECK_COUNTS[card]} × {card.value}")
        if self.covered is not None:
            if len(set(self.covered)) != len(self.covered):
                raise ValueError("covered: a space is listed twice")
            if len(self.covered) != self.deals_done:
                raise ValueError(
                    f"covered: {len(set(self.covered))} spaces for {self.deals_done} deals done"
                )
            if self.marker in self.covered:
                raise ValueError("marker: the marker never stands on a covered space")
            if any(not 1 <= s <= 16 for s in self.covered):
                raise ValueError("covered: spaces are numbered 1 to 16")
        return self


GameSetup = Annotated[Setup | Position, Discriminated("kind")]


def check_setup_rules(position: Position) -> None:
    """Refuse a position no game reaches from its setup, naming the header and the rule.

    A position read from a file must be one a table can be in: ``check`` should not rule on
    a 3-player game with unowned investors (H2 is about 4 or 5 players). What stays true from
    the setup on, whatever was played:

    - S2 (V8 with 2): the investors dealt keep an owner. A hire set (H1) moves one from player
      to player or takes an unowned one, never gives one back; so with 2, 3 or 6 players all
      six have owners, with 4 or 5 at least one per player. (How many each has changes.)
    - E2 (V7): one deal tile is laid per deal done, and the last one ends the game.
    - T2: over the hand limit a player discards at once, so no hand holds more than 12.
    - S5, CL4: money comes only from completed deals, at most dividends × tile value each.

    Programs and tests may still build any Position; ``from_position`` does not call this.
    """
    try:
        _check_names(position.players, position.options)  # S1 first: the rest counts seats
    except IllegalAction as exc:
        raise PositionError(
            msg(N_("{reason} ({rule})"), reason=exc.message, rule=exc.rule),
            key="players",
            rule=exc.rule,
        ) from None
    n = len(position.players)
    board = position.board or reconstructed_board()
    stack = _stack(board, position.options)
    if position.deals_done >= len(stack):
        refusal = (
            N_(
                "{key}: 0 to {most} in the short game (V7), not {given}: the game has {tiles} "
                "deal tiles and ends when the last one is laid (E2)"
            )
            if position.options.has(Variant.V7)
            else N_(
                "{key}: 0 to {most}, not {given}: the game has {tiles} deal tiles and ends "
                "when the last one is laid (E2)"
            )
        )
        raise PositionError(
            msg(
                refusal,
                key="deals-done",
                most=len(stack) - 1,
                given=position.deals_done,
                tiles=len(stack),
            ),
            key="deals-done",
            rule="E2",
        )
    owned = [c for colours in position.investors.values() for c in colours]
    dealt = min(len(COLOURS), n * investors_each(n))
    if len(owned) < dealt:
        unowned = [colour_word(c) for c in COLOURS if c not in owned]
        rule = "V8" if n == 2 else "S2"
        each = Msg(_COUNT[investors_each(n)])
        if dealt == len(COLOURS):
            investors = plural(
                (
                    "{key}: {colours} is listed for nobody, but with {n} players every investor "
                    "card has an owner: {rule} deals {each} to each, and a hire set (H1) moves "
                    "an investor card but never leaves one unowned ({rule})"
                ),
                (
                    "{key}: {colours} are listed for nobody, but with {n} players every "
                    "investor card has an owner: {rule} deals {each} to each, and a hire set "
                    "(H1) moves an investor card but never leaves one unowned ({rule})"
                ),
                len(unowned),
                key="investors",
                colours=all_of(unowned),
                n=n,
                rule=rule,
                each=each,
            )
        else:
            investors = plural(
                (
                    "{key}: only {owned} is listed, but with {n} players at least {dealt} "
                    "investor cards have owners: {rule} deals {each} to each, and a hire set "
                    "(H1) moves an investor card but never leaves one unowned ({rule})"
                ),
                (
                    "{key}: only {owned} are listed, but with {n} players at least {dealt} "
                    "investor cards have owners: {rule} deals {each} to each, and a hire set "
                    "(H1) moves an investor card but never leaves one unowned ({rule})"
                ),
                len(owned),
                key="investors",
                owned=len(owned),
                n=n,
                dealt=dealt,
                rule=rule,
                each=each,
            )
        raise PositionError(
            investors,
            key="investors",
            rule=rule,
        )
    for name, hand in position.hands.items():
        if len(hand) > HAND_LIMIT:
            raise PositionError(
                msg(
                    N_(
                        "{key}: {count} cards, but a hand never holds more than {limit} at the "
                        "start of a turn: over the limit a player discards at once (T2)"
                    ),
                    key=f"hand {name}",
                    count=len(hand),
                    limit=HAND_LIMIT,
                ),
                key=f"hand {name}",
                rule="T2",
            )
    made = sum(position.money.values())
    if made and not position.deals_done:
        raise PositionError(
            msg(
                N_(
                    "{key}: with no deal done nobody has made money yet: everyone starts with "
                    "none (S5), and only a completed deal pays"
                ),
                key="money",
            ),
            key="money",
            rule="S5",
        )
    richest = max(space.dividends for space in board.spaces)
    most = sum(board.tiles[t - 1].value * richest for t in stack[: position.deals_done])
    if made > most:
        raise PositionError(
            plural(
                (
                    "{key}: the players have {made} between them, but {deals} deal paid at "
                    "most {most}: a deal pays its dividends × the value of its tile, and "
                    "nothing else brings money (CL4)"
                ),
                (
                    "{key}: the players have {made} between them, but {deals} deals paid at "
                    "most {most}: a deal pays its dividends × the value of its tile, and "
                    "nothing else brings money (CL4)"
                ),
                position.deals_done,
                key="money",
                made=money(made),
                deals=position.deals_done,
                most=money(most),
            ),
            key="money",
            rule="CL4",
        )


#: Investor cards dealt to each player (S2), in words.
_COUNT = {1: N_("one"), 2: N_("two"), 3: N_("three")}


def from_position(position: Position) -> GameState:
    names = position.players
    _check_names(names, position.options)
    board = position.board or reconstructed_board()
    stack = _stack(board, position.options)
    if position.deals_done >= len(stack):
        raise PositionError(
            msg(
                N_("{key}: only {tiles} deal tiles are in this game"),
                key="deals-done",
                tiles=len(stack),
            )
        )
    laid, stack = stack[: position.deals_done], stack[position.deals_done :]
    if position.covered is None:
        # Behind the marker: as if the marker had moved on past each covered space.
        behind = [((position.marker - 2 - i) % 16) + 1 for i in range(position.deals_done)]
    else:
        behind = list(position.covered)
    covered = dict(zip(behind, laid, strict=True))
    owners: dict[Colour, int | None] = {c: None for c in COLOURS}
    for name, colours in position.investors.items():
        for colour in colours:
            owners[colour] = names.index(name)
    players = tuple(
        PlayerState(
            name=name,
            hand=sort_hand(position.hands[name]) if name in position.hands else None,
            money=position.money.get(name, 0),
        )
        for name in names
    )
    rng = None if position.seed is None else Rng(seed=position.seed)
    pile: tuple[Card, ...] | None = None
    if rng is not None and all(p.hand is not None for p in players):
        rest = Counter(full_deck())
        rest.subtract(c for p in players for c in (p.hand or ()))
        pile, rng = shuffled(sorted(rest.elements()), rng)
    return GameState(
        board=board,
        options=position.options,
        players=players,
        owners=owners,
        stack=stack,
        covered=covered,
        deals_done=position.deals_done,
        marker=position.marker,
        turn=names.index(position.turn),
        phase=Phase.TURN,
        draw_pile=pile,
        rng=rng,
        bank_paid=sum(p.money for p in players),
    )
