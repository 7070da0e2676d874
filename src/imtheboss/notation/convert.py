"""Between notation and engine: a header becomes a setup, a line an action, and back.

A line can only become an action in a position: ``travel blue`` needs to know whose blue
investor it is, ``close red=Ann`` whether Ann really owns red. Such mismatches are rule
questions, so they are ``IllegalAction``s with a rule ID, not notation errors. A line that
could mean two cards (``travel family blue`` with two blue family cards on the table) is
different: it is unclear writing, a ``NotationError``. So is a header no game can reach.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..boardfile import board_from
from ..engine import actions as A
from ..engine.actions import Action
from ..engine.board import Board, reconstructed_board
from ..engine.cards import Colour
from ..engine.errors import (
    N_,
    OR,
    BoardFileError,
    IllegalAction,
    Msg,
    PositionError,
    all_of,
    in_words_msg,
    msg,
    words,
)
from ..engine.options import Options, StartPlayer, Variant
from ..engine.setup import Setup
from ..engine.state import CardRef, FamilyRef, GameState, InvestorRef, Price
from ..engine.words import colour_word, investor_colour
from .syntax import Document, Header, Line, NotationError, Ref, colour, parse_cards, whole_number
from .syntax import Token as _Token

if TYPE_CHECKING:
    from ..engine.position import Position

_POSITION_KEYS = ("deals-done", "marker", "turn", "investors", "covered", "money")


def options_from(doc: Document) -> Options:
    header = doc.header
    variants: set[Variant] = set()
    text = header.get("variants") or ""
    for word in text.replace(",", " ").split():
        try:
            variants.add(Variant(word.upper()))
        except ValueError:
            raise NotationError(
                header.line_of("variants"),
                1,
                msg(N_("'{given}' is not a variant (V1 … V8)"), given=word),
            ) from None
    start = header.get("start") or "random"
    if start not in ("random", "alphabetical"):
        raise NotationError(header.line_of("start"), 1, Msg(N_("start: random or alphabetical")))
    return Options(variants=frozenset(variants), start=StartPlayer(start))


def _int(doc: Document, key: str) -> int | None:
    text = doc.header.get(key)
    if text is None:
        return None
    value = whole_number(text)
    if value is None:
        raise NotationError(
            doc.header.line_of(key),
            1,
            msg(N_("{key}: a whole number, not '{given}'"), key=key, given=text),
        )
    return value


def _pairs(doc: Document, key: str) -> list[tuple[str, str]]:
    """``Ann=red,blue; Bob=yellow``."""
    text = doc.header.get(key) or ""
    out = []
    for part in text.split(";"):
        if not part.strip():
            continue
        name, eq, value = part.partition("=")
        name = name.strip()
        if not eq or name not in doc.players:
            raise NotationError(
                doc.header.line_of(key),
                1,
                msg(N_("{key}: write NAME=...; '{given}' is not"), key=key, given=part.strip()),
            )
        out.append((name, value.strip()))
    return out


def setup_from(doc: Document, base: Path | None = None) -> Setup | Position:
    """The header as a new game (``seed:`` alone) or a position (``marker:``, ``turn:`` …)."""
    header = doc.header
    options = options_from(doc)
    # No ``board:`` line: the reconstruction, which every file written before boards had
    # names was played on (None). A built-in board by its name, else a board file's path.
    board: Board | None = None
    if header.get("board"):
        try:
            board = board_from(header.get("board") or "", base)
        except BoardFileError as exc:
            raise NotationError(header.line_of("board"), 1, exc.message) from None
        if board is reconstructed_board():
            board = None
    if header.get("seal") is not None:
        if header.get("seed") is not None:
            raise NotationError(header.line_of("seal"), 1, Msg(N_("give seed: or seal:, not both")))
        raise NotationError(
            header.line_of("seal"),
            1,
            Msg(
                N_(
                    "an unfinished game: its seed is sealed until the game ends "
                    "(`imtheboss play --resume` goes on with it)"
                )
            ),
        )
    seed = _int(doc, "seed")
    is_position = any(k in header.values for k in _POSITION_KEYS) or header.hands
    if not is_position:
        if seed is None:
            raise NotationError(1, 1, Msg(N_("give 'seed:' for a new game, or a position")))
        return Setup(players=doc.players, seed=seed, options=options, board=board)
    return _position_from(doc, options, board, seed)


def _position_from(
    doc: Document, options: Options, board: Board | None, seed: int | None
) -> Position:
    """The header as a position, validated (pydantic, imported only for a position)."""
    from pydantic import ValidationError

    from ..engine.position import Position, check_setup_rules

    header = doc.header
    try:
        investors: dict[str, tuple[Colour, ...]] = {}
        for name, value in _pairs(doc, "investors"):
            investors[name] = tuple(
                colour(_Token(w, 1), header.line_of("investors"))
                for w in value.replace(",", " ").split()
            )
        money = {}
        for name, value in _pairs(doc, "money"):
            amount = whole_number(value.removeprefix("$").removesuffix("M"))
            if amount is None:
                raise NotationError(
                    header.line_of("money"),
                    1,
                    msg(N_("money: '{given}' for {name}?"), given=value, name=name),
                )
            money[name] = amount
        hands_mode = (header.get("hands") or "open").lower()
        if hands_mode != "open":
            raise NotationError(
                header.line_of("hands"), 1, Msg(N_("hands: open (or 'hand NAME:' lines)"))
            )
        marker = _int(doc, "marker")
        if marker is None:
            raise NotationError(
                1, 1, Msg(N_("marker: on which space (1–16) is the dollar marker?"))
            )
        covered_text = header.get("covered")
        covered = None
        if covered_text is not None:
            spaces = [whole_number(x) for x in covered_text.replace(",", " ").split()]
            if any(x is None for x in spaces):
                raise NotationError(
                    header.line_of("covered"), 1, Msg(N_("covered: space numbers, like 1 4 9"))
                )
            covered = tuple(x for x in spaces if x is not None)
        position = Position(
            players=doc.players,
            options=options,
            board=board,
            investors=investors,
            deals_done=_int(doc, "deals-done") or 0,
            covered=covered,
            marker=marker,
            turn=header.get("turn") or doc.players[0],
            money=money,
            hands={name: cards for name, (_, cards) in header.hands.items()},
            seed=seed,
        )
        check_setup_rules(position)
        return position
    except ValidationError as exc:
        err = exc.errors()[0]
        if err["loc"]:
            key = str(err["loc"][0]).replace("_", "-")
            meaning = HEADER_MEANING.get(key)
            if err["type"] != "value_error" and meaning:
                message = msg(
                    N_("{key}: {meaning}, not {given}"),
                    key=key,
                    meaning=Msg(meaning),
                    given=str(err.get("input")),
                )
            else:
                message = msg(N_("{key}: {message}"), key=key, message=in_words_msg(err))
        else:
            message = in_words_msg(err)
            key = str(message).partition(":")[0]  # the position's own checks name their key
        raise NotationError(_line_of(header, key), 1, message) from None
    except PositionError as exc:
        raise NotationError(_line_of(header, exc.key or ""), 1, exc.message) from None


#: What a position's header says, for a value it cannot take (docs/notation.md, section 2).
HEADER_MEANING = {
    "deals-done": N_(
        "how many deals have been completed, one deal tile laid for each: a whole number "
        "from 0 to 14, or 11 in the short game (after the last deal the game is over, E2)"
    ),
    "marker": N_("the space (1 to 16) the dollar marker stands on"),
}


def _line_of(header: Header, key: str) -> int:
    """The line of a header key; ``hands`` and ``hand NAME`` are the lines of the hands."""
    line = header.line_of(key)
    if not line and key.startswith("hand ") and key[5:] in header.hands:
        line = header.hands[key[5:]][0]
    if not line and key == "hands" and header.hands:
        line = min(number for number, _ in header.hands.values())
    # A key left out (no investors: line at all) is about the players the header lists.
    return line or header.line_of("players") or 1


# ---------------------------------------------------------------------------------------------
# Lines to actions


def _ref(state: GameState, ref: Ref, default_owner: int | None, rule: str, line: Line) -> CardRef:
    if not ref.family:
        return InvestorRef(colour=ref.colour)
    if ref.owner is not None:
        return FamilyRef(owner=state.seat(ref.owner), colour=ref.colour)
    if default_owner is not None:
        return FamilyRef(owner=default_owner, colour=ref.colour)
    laid = [] if state.deal is None else [f for f in state.deal.family if f.colour is ref.colour]
    owners = sorted({f.owner for f in laid})
    if len(owners) == 1:
        return FamilyRef(owner=owners[0], colour=ref.colour)
    if not owners:
        raise IllegalAction(
            rule,
            msg(N_("No {colour} family card is on the table"), colour=colour_word(ref.colour)),
        )
    # Several players' cards fit the words (only a travel card names no owner by default):
    # the line is unclear, which is an error in the writing, not against the rules.
    names = [state.name(o) for o in owners]
    grey = "grey " if line.args.get("grey") else ""
    # The choices are notation lines: they stay in the notation's words.
    choices_list = [
        f"`{line.actor}: travel {grey}{name}'s family {ref.colour.value}`" for name in names
    ]
    raise NotationError(
        line.number,
        ref.column or 1,
        msg(
            N_("which one? {names} have each laid a {colour} family card: write {choices}"),
            names=all_of(names),
            colour=colour_word(ref.colour),
            choices=words(choices_list, OR),
        ),
    )


def _price(amount: object) -> Price:
    from .syntax import Amount

    assert isinstance(amount, Amount)
    return Price(amount=amount.amount, dividends=amount.dividends)


def to_action(line: Line, state: GameState) -> Action:
    """The engine action a line means in ``state``."""
    if line.verb == "time":
        return A.TimeUp()
    p = state.seat(line.actor)
    a = line.args
    verb = line.verb
    if verb == "marker":
        return A.PlaceMarker(player=p, space=a["space"])
    if verb == "deal":
        return A.StartDeal(player=p)
    if verb == "roll":
        value = a.get("value")
        return A.Roll(player=p, value=value if isinstance(value, int) else None)
    if verb == "draw":
        return A.Draw(player=p)
    if verb == "discard":
        return A.Discard(player=p, cards=a["cards"])
    if verb == "lay":
        return A.LayFamily(player=p, colour=a["colour"])
    if verb == "offer":
        supplier = state.seat(str(a["supplier"]))
        cards = tuple(_ref(state, r, supplier, "N1", line) for r in a["refs"])
        return A.Offer(player=p, supplier=supplier, cards=cards, price=_price(a["price"]))
    if verb == "ask":
        cards = tuple(_ref(state, r, p, "N1", line) for r in a["refs"])
        return A.Ask(player=p, cards=cards, price=_price(a["price"]))
    if verb in ("accept", "withdraw"):
        named = a.get("supplier")
        chosen = state.seat(named) if isinstance(named, str) else None
        if verb == "accept":
            return A.Accept(player=p, supplier=chosen)
        return A.Withdraw(player=p, supplier=chosen)
    if verb == "cancel":
        return A.CancelAgreement(player=p, other=state.seat(str(a["other"])))
    if verb == "travel":
        target = a["target"]
        assert isinstance(target, Ref)
        target_ref = _ref(state, target, None, "TR1", line)
        return A.PlayTravel(player=p, target=target_ref, grey=bool(a["grey"]))
    if verb == "boss":
        return A.PlayBoss(player=p)
    if verb == "hire":
        return A.PlayHire(player=p, colour=a["colour"])
    if verb == "stop":
        return A.PlayStop(player=p)
    if verb == "pass":
        return A.Pass(player=p)
    if verb == "reset":
        return A.Reset(player=p)
    if verb == "fail":
        return A.Fail(player=p)
    if verb == "close":
        supplies: dict[Colour, CardRef] = {}
        given = a["supplies"]
        assert isinstance(given, dict)
        for col, ref in given.items():
            assert isinstance(ref, Ref) and ref.owner is not None
            if ref.family:
                supplies[col] = FamilyRef(owner=state.seat(ref.owner), colour=col)
                continue
            owner = state.owners[col]
            if owner != state.seat(ref.owner):
                if owner is None:
                    refusal = msg(
                        N_("The {colour} investor is unowned, not {player}'s"),
                        colour=investor_colour(col),
                        player=ref.owner,
                    )
                else:
                    refusal = msg(
                        N_("The {colour} investor is {owner}'s, not {player}'s"),
                        colour=investor_colour(col),
                        owner=state.name(owner),
                        player=ref.owner,
                    )
                raise IllegalAction("CL3", refusal)
            supplies[col] = InvestorRef(colour=col)
        return A.Close(player=p, supplies=supplies)
    raise AssertionError(verb)


__all__ = ["options_from", "parse_cards", "setup_from", "to_action"]
