"""How a game begins from a seed (S1–S6). A position written down mid-game is
``position.py``'s (it reads a file, so it is imported only when one is read); ``begin.start``
takes either."""

from __future__ import annotations

from typing import Literal

from .board import Board, is_the_reconstruction, reconstructed_board
from .cards import COLOURS, Colour, full_deck, sort_hand
from .errors import N_, IllegalAction, Msg, msg
from .frozen import Frozen, value
from .options import Options, StartPlayer, Variant
from .rng import choice, shuffled
from .state import GameState, Phase, PlayerState, Rng

HAND_SIZE = 5


def player_bounds(options: Options) -> tuple[int, int]:
    """S1: 3 to 6 players; the two-player rules (V8) allow 2."""
    return (2 if options.has(Variant.V8) else 3), 6


def check_player_count(count: int, options: Options) -> None:
    """S1: refuse a table of ``count`` players (IllegalAction), in the words every command
    says it in."""
    low, high = player_bounds(options)
    if not low <= count <= high:
        refusal = (
            N_("I'm the Boss! is for 3 to 6 players, not {n}")
            if low == 2
            else N_(
                "I'm the Boss! is for 3 to 6 players (2 with the two-player rules, V8), not {n}"
            )
        )
        raise IllegalAction("S1", msg(refusal, n=count))


def _check_names(names: tuple[str, ...], options: Options) -> None:
    check_player_count(len(names), options)
    if len(set(names)) != len(names):
        raise IllegalAction("S1", Msg(N_("Every player needs a different name")))
    if any(not n.strip() for n in names):
        raise IllegalAction("S1", Msg(N_("A player's name cannot be empty")))


@value
class Setup(Frozen):
    """A new game: names in clockwise seating order, a seed, the options, the board.

    Built in code it is trusted (the names are judged by ``new_game``, S1); read from a save
    file it is validated at the edge, with the record."""

    kind: Literal["new"] = "new"
    players: tuple[str, ...]
    seed: int
    options: Options = Options()
    #: None: the reconstruction, the board every file without a ``board:`` line was played on
    #: (``engine.board.reconstructed_board``); new games name theirs (``default_board``).
    board: Board | None = None

    def __post_init__(self) -> None:
        if type(self.players) is not tuple:
            object.__setattr__(self, "players", tuple(self.players))
        if is_the_reconstruction(self.board):
            # The reconstruction named is the reconstruction left out: one Setup, which
            # compares, saves and hashes as the games played on it before boards had names.
            object.__setattr__(self, "board", None)


def _stack(board: Board, options: Options) -> tuple[int, ...]:
    """S4, V7: the tiles, #1 on top; the short game takes out #3, #6 and #9."""
    removed = {3, 6, 9} if options.has(Variant.V7) else set()
    return tuple(t.number for t in board.tiles if t.number not in removed)


def investors_each(players: int) -> int:
    """S2: one each with 4–6 players, two each with 3, three each with 2 (V8 ruling)."""
    return {2: 3, 3: 2}.get(players, 1)


def new_game(setup: Setup) -> GameState:
    """S1–S6 from a seed: investors dealt (S2), the influence cards shuffled and dealt (S3),
    the tiles stacked (S4), no money yet (S5), the start player chosen and the marker to
    place (S6)."""
    names = setup.players
    _check_names(names, setup.options)
    board = setup.board or reconstructed_board()
    rng = Rng(seed=setup.seed)
    colours, rng = shuffled(COLOURS, rng)
    each = investors_each(len(names))
    owners: dict[Colour, int | None] = {c: None for c in COLOURS}
    for seat in range(len(names)):
        for colour in colours[seat * each : (seat + 1) * each]:
            owners[colour] = seat
    deck, rng = shuffled(full_deck(), rng)
    players = tuple(
        PlayerState(name=name, hand=sort_hand(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]))
        for i, name in enumerate(names)
    )
    if setup.options.start is StartPlayer.ALPHABETICAL:
        first = min((c for c in COLOURS if owners[c] is not None), key=lambda c: c.value)
        start = owners[first]
        assert start is not None
    else:
        start, rng = choice(len(names), rng)
    return GameState(
        board=board,
        options=setup.options,
        players=players,
        owners=owners,
        stack=_stack(board, setup.options),
        turn=start,
        phase=Phase.PLACE_MARKER,
        draw_pile=deck[len(names) * HAND_SIZE :],
        rng=rng,
    )
