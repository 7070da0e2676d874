"""The host's seats without a socket (issue 24): claims and secrets, versions, refusals to their
seat alone; a property test that no message to seat s holds more than ``view(state, s)``; a
fuzz of the host with malformed, oversized, replayed and out-of-order messages.

The property test plays ``IMTHEBOSS_SEAT_EXAMPLES`` random games (default 200: its CI time
stays small; set it to thousands for a longer run).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from imtheboss.bots.random_play import RandomPlayer
from imtheboss.engine import (
    Card,
    Colour,
    IllegalAction,
    InvestorRef,
    Setup,
    apply,
    legal_actions,
    new_game,
    view,
)
from imtheboss.engine import actions as A
from imtheboss.engine.actions import Action
from imtheboss.engine.position import Position, from_position
from imtheboss.engine.state import GameState, Phase
from imtheboss.seats.host import MAX_LINKS, SeatHost, SeatKeys, keys_path
from imtheboss.seats.protocol import (
    MAX_FROM_SEAT,
    Claim,
    Intent,
    Refused,
    Rejoin,
    Snapshot,
    Welcome,
    read_to_seat,
    write,
)

EXAMPLES = int(os.environ.get("IMTHEBOSS_SEAT_EXAMPLES", "200"))


class Table:
    """The host's table: a state and the one ``apply``."""

    def __init__(self, state: GameState, bots: frozenset[int] = frozenset()) -> None:
        self.state = state
        self.bots = bots
        self.remaining: float | None = None
        self.log: list[str] = []
        self.changes = 0

    def seat_state(self) -> GameState | None:
        return self.state

    def seat_play(self, action: Action) -> IllegalAction | None:
        try:
            self.state, _events = apply(self.state, action)
        except IllegalAction as exc:
            return exc
        return None

    def seat_remaining(self) -> float | None:
        return self.remaining

    def seat_log(self) -> Sequence[str]:
        return self.log

    def seat_bots(self) -> frozenset[int]:
        return self.bots

    def seats_changed(self) -> None:
        self.changes += 1


class Wire:
    """A device's connection: what it was sent."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed = False

    def send(self, text: str) -> None:
        self.sent.append(text)

    def close(self) -> None:
        self.closed = True

    def take(self) -> list[Any]:
        got, self.sent = [read_to_seat(t) for t in self.sent], []
        return got

    def last_snapshot(self) -> Snapshot:
        snapshots = [m for m in self.take() if isinstance(m, Snapshot)]
        assert snapshots
        return snapshots[-1]


def travel_window() -> GameState:
    """Space 5: Ann the Boss; Cy holds a travel card, Bob two stops."""
    position = Position(
        players=("Ann", "Bob", "Cy", "Di"),
        investors={
            "Ann": (Colour.RED, Colour.BLUE),
            "Bob": (Colour.YELLOW, Colour.PINK),
            "Cy": (Colour.ORANGE,),
            "Di": (Colour.GREEN,),
        },
        deals_done=3,
        marker=5,
        turn="Ann",
        hands={
            "Ann": (Card.FAMILY_GREEN, Card.STOP),
            "Bob": (Card.STOP, Card.STOP),
            "Cy": (Card.TRAVEL_RED,),
            "Di": (Card.HIRE,),
        },
        seed=3,
    )
    state = from_position(position)
    state, _ = apply(state, A.StartDeal(player=0))
    state, _ = apply(state, A.PlayTravel(player=2, target=InvestorRef(colour=Colour.RED)))
    return state


def seated(state: GameState, *seats: int) -> tuple[Table, SeatHost, dict[int, Wire]]:
    table = Table(state)
    host = SeatHost(table)
    wires: dict[int, Wire] = {}
    for seat in seats:
        wire = wires[seat] = Wire()
        assert host.connect(wire)
        host.receive(wire, write(Claim(seat=seat)))
    return table, host, wires


def refusals(wire: Wire) -> list[str]:
    return [m.code for m in wire.take() if isinstance(m, Refused)]


# -- claims and secrets -------------------------------------------------------------------------


def test_a_seat_is_claimed_once_and_its_secret_opens_it_alone(tmp_path: Path) -> None:
    state = new_game(Setup(players=("Ann", "Bob", "Cy", "Di"), seed=1))
    keys = SeatKeys.load(keys_path(tmp_path / "game.txt"))
    table = Table(state)
    host = SeatHost(table, keys)
    ann, bob, thief = Wire(), Wire(), Wire()
    for wire in (ann, bob, thief):
        host.connect(wire)
    host.receive(ann, write(Claim(seat=0)))
    host.receive(bob, write(Claim(seat=1)))
    welcome = [m for m in ann.take() if isinstance(m, Welcome)]
    bobs = [m for m in bob.take() if isinstance(m, Welcome)]
    assert len(welcome) == 1 and len(bobs) == 1
    # Taken: a third device cannot claim it, nor open it with Bob's secret.
    host.receive(thief, write(Claim(seat=0)))
    host.receive(thief, write(Rejoin(seat=0, secret=bobs[0].secret)))
    assert refusals(thief)[-2:] == ["seat_taken", "bad_secret"]
    assert host.links[thief] is None
    # The host keeps a hash, never the secret; a restarted host lets Ann back in.
    kept = (tmp_path / ".game.seats").read_text()
    assert welcome[0].secret not in kept
    assert oct((tmp_path / ".game.seats").stat().st_mode & 0o777) == "0o600"
    again = SeatHost(table, SeatKeys.load(keys_path(tmp_path / "game.txt")))
    back = Wire()
    again.connect(back)
    again.receive(back, write(Rejoin(seat=0, secret=welcome[0].secret)))
    assert again.links[back] == 0
    assert back.last_snapshot().view == view(state, 0)


def test_one_connection_and_one_address_claim_one_seat_each() -> None:
    """Issue 24: a device cannot take every free seat. A connection claims one seat in its
    whole life (even after its seat was freed), a network address holds one seat however many
    connections it opens; this machine's loopback (the phones' seat processes, ``join`` on
    the host) is bounded by its connections only."""
    _table, host, _ = seated(new_game(Setup(players=("Ann", "Bob", "Cy", "Di"), seed=2)))
    greedy = Wire()
    host.connect(greedy, "192.168.1.30")
    host.receive(greedy, write(Claim(seat=0)))
    host.receive(greedy, write(Claim(seat=1)))
    assert refusals(greedy) == ["one_seat"] and host.links[greedy] == 0
    host.release(0)  # freed at the shared keyboard: this connection still claims no other
    greedy.take()
    host.receive(greedy, write(Claim(seat=1)))
    assert refusals(greedy) == ["one_seat"]
    second, third = Wire(), Wire()
    host.connect(second, "192.168.1.31")
    host.receive(second, write(Claim(seat=1)))
    assert host.links[second] == 1
    host.connect(third, "192.168.1.31")  # the same device again, a new connection
    host.receive(third, write(Claim(seat=2)))
    assert refusals(third) == ["one_seat"] and host.links[third] is None
    host.disconnect(second)  # offline, the seat still its: no new claim from that address
    host.receive(third, write(Claim(seat=2)))
    assert refusals(third) == ["one_seat"]
    assert host.on_device() == {1}
    # Loopback: one seat a connection, as many connections as there are seats.
    for seat in (2, 3):
        local = Wire()
        host.connect(local, "127.0.0.1")
        host.receive(local, write(Claim(seat=seat)))
        assert host.links[local] == seat
    assert host.on_device() == {1, 2, 3}


def test_a_seat_moved_at_the_shared_keyboard_lets_its_old_device_go() -> None:
    _table, host, wires = seated(new_game(Setup(players=("Ann", "Bob", "Cy"), seed=2)), 0)
    secret = next(m for m in wires[0].take() if isinstance(m, Welcome)).secret
    host.release(0)
    assert refusals(wires[0]) == ["moved"]
    assert host.links[wires[0]] is None and 0 not in host.on_device()
    host.receive(wires[0], write(Rejoin(seat=0, secret=secret)))
    assert refusals(wires[0]) == ["bad_secret"]
    other = Wire()
    host.connect(other)
    host.receive(other, write(Claim(seat=0)))
    assert host.links[other] == 0


def test_a_bounded_number_of_devices() -> None:
    _, host, _ = seated(new_game(Setup(players=("Ann", "Bob", "Cy"), seed=2)))
    wires = [Wire() for _ in range(MAX_LINKS + 1)]
    taken = [host.connect(w) for w in wires]
    assert taken == [True] * MAX_LINKS + [False]
    assert wires[-1].closed and refusals(wires[-1]) == ["full"]


def test_a_dropped_seat_is_offline_and_the_game_goes_on() -> None:
    table, host, wires = seated(new_game(Setup(players=("Ann", "Bob", "Cy"), seed=2)), 0, 1)
    host.disconnect(wires[0])
    infos = {i.seat: i for i in host.seat_infos()}
    assert infos[0].claimed and not infos[0].online and infos[1].online
    mover = next(s for s in range(3) if legal_actions(table.state, s))
    before = table.state
    assert table.seat_play(legal_actions(table.state, mover)[0]) is None
    host.sync()
    assert table.state is not before
    assert wires[1].last_snapshot().view == view(table.state, 1)


# -- moves -------------------------------------------------------------------------------------


def test_the_first_stop_to_arrive_wins_and_the_later_one_is_refused_to_its_seat_alone() -> None:
    table, host, wires = seated(travel_window(), 0, 1, 2)
    versions = {seat: wires[seat].last_snapshot().version for seat in (0, 1, 2)}
    assert table.state.window is not None
    host.receive(wires[1], write(Intent(version=versions[1], action=A.PlayStop(player=1))))
    after_bob = table.state
    # Bob's stop cancelled the travel card: both are on the discard pile, red stays home.
    assert after_bob.window is None and after_bob.discard[-2:] == (Card.TRAVEL_RED, Card.STOP)
    assert after_bob.owners[Colour.RED] == 0
    host.receive(wires[0], write(Intent(version=versions[0], action=A.PlayStop(player=0))))
    assert table.state is after_bob  # Ann's stop came second: refused
    assert refusals(wires[0]) == ["stale"]
    assert refusals(wires[1]) == [] and refusals(wires[2]) == []


def test_a_move_for_another_seat_or_a_named_die_is_refused() -> None:
    state = new_game(Setup(players=("Ann", "Bob", "Cy"), seed=4))
    mover = next(s for s in range(3) if legal_actions(state, s))
    other = (mover + 1) % 3
    table, host, wires = seated(state, mover, other)
    version = wires[other].last_snapshot().version
    wires[mover].take()
    move = legal_actions(state, mover)[0]
    host.receive(wires[other], write(Intent(version=version, action=move)))
    host.receive(wires[other], write(Intent(version=version, action=A.TimeUp())))
    assert refusals(wires[other]) == ["illegal", "illegal"]
    assert table.state is state and wires[mover].sent == []
    # A seat that may roll still cannot name the number: it would probe the seed's die.
    table.seat_play(legal_actions(table.state, mover)[0])  # the marker, at the keyboard
    host.sync()
    roller = table.state.turn
    assert any(isinstance(a, A.Roll) for a in legal_actions(table.state, roller))
    wire = Wire()
    host.connect(wire)
    if roller not in (mover, other):
        host.receive(wire, write(Claim(seat=roller)))
    else:
        wire = wires[roller]
    version = wire.last_snapshot().version
    before = table.state
    host.receive(wire, write(Intent(version=version, action=A.Roll(player=roller, value=3))))
    assert refusals(wire) == ["illegal"] and table.state is before


# -- the property: a seat's messages hold its view and nothing more ------------------------------

_HIDDEN_KEYS = {"draw_pile", "rng", "seed", "counter", "bank_paid", "after_stop", "owners"}


def _keys(data: Any) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from _keys(value)
    elif isinstance(data, list):
        for value in data:
            yield from _keys(value)


def _check(wire: Wire, seat: int, state: GameState) -> None:
    """Every message to ``seat`` since the last check: the newest snapshot is ``view(state,
    seat)`` and its legal actions exactly, and no message names what the view does not."""
    last: str | None = None
    for text in wire.sent:
        data = json.loads(text)
        assert not _HIDDEN_KEYS & set(_keys(data)), text[:200]
        if data["type"] == "snapshot":
            assert data["seat"] == seat
            others = [p for p in data["view"]["players"] if p["seat"] != seat]
            assert all("money" not in p and "hand" not in p for p in others)
            last = text
    wire.sent = []
    if last is not None:
        snapshot = read_to_seat(last)
        assert isinstance(snapshot, Snapshot)
        assert snapshot.view == view(state, seat)
        over = state.phase is Phase.OVER
        assert snapshot.legal == (() if over else tuple(legal_actions(state, seat)))


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(3, 6),
    skip=st.integers(0, 300),
    devices=st.sets(st.integers(0, 5), min_size=1),
)
def test_no_message_to_a_seat_holds_more_than_its_view(
    seed: int, players: int, skip: int, devices: set[int]
) -> None:
    names = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")[:players]
    state = new_game(Setup(players=names, seed=seed))
    chooser = RandomPlayer(random.Random(seed))
    in_deal = 0

    def step(state: GameState) -> tuple[GameState, Action]:
        nonlocal in_deal
        action = chooser.choose(state, in_deal)
        after = (chooser.outcome(state, action) or apply(state, action))[0]
        in_deal = in_deal + 1 if after.deal is not None else 0
        return after, action

    for _ in range(skip):  # somewhere in the game, cheaply
        if state.phase is Phase.OVER:
            break
        state = step(state)[0]
    seats = sorted(d for d in devices if d < players)
    if not seats:
        return
    table, host, wires = seated(state, *seats)
    for seat in seats:
        _check(wires[seat], seat, table.state)
    for _ in range(40):
        if table.state.phase is Phase.OVER:
            break
        before = table.state
        after, action = step(before)
        actor = getattr(action, "player", None)
        if actor in wires:
            version = host.version
            host.receive(wires[actor], write(Intent(version=version, action=action)))
            assert table.state == after, action
        else:
            table.state = after  # a move at the shared keyboard, or the host's clock
            host.sync()
        for seat in seats:
            _check(wires[seat], seat, table.state)


# -- the fuzz: nothing a device sends changes the game unless it is a move ----------------------

_garbage = st.one_of(
    st.binary(max_size=300),
    st.text(max_size=300),
    st.just("x" * (MAX_FROM_SEAT + 1)),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
        max_leaves=20,
    ).map(json.dumps),
    st.builds(
        lambda kind, seat, extra: json.dumps({"type": kind, "seat": seat, **extra}),
        st.sampled_from(["claim", "rejoin", "intent", "snapshot", "welcome", "refused"]),
        st.integers(-3, 9),
        st.dictionaries(st.sampled_from(["version", "secret", "action", "x"]), st.integers()),
    ),
)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(messages=st.lists(_garbage, min_size=1, max_size=8))
def test_malformed_and_oversized_messages_change_nothing_and_are_refused(
    messages: list[str | bytes],
) -> None:
    table, host, wires = seated(travel_window(), 1)
    stranger = Wire()
    host.connect(stranger)
    stranger.take()
    wires[1].take()
    before, version = table.state, host.version
    for raw in messages:
        for wire in (stranger, wires[1]):
            host.receive(wire, raw)
            answers = wire.take()
            # A claim of a free seat is taken (it is a seat, not a move); anything else is
            # answered by one refusal, and the game is where it was (a seated device may
            # also be told that another one sat down).
            if not any(isinstance(m, Welcome) for m in answers):
                refused = [m for m in answers if isinstance(m, Refused)]
                assert len(refused) == 1, (raw, answers)
                others = [m for m in answers if not isinstance(m, Refused)]
                assert all(isinstance(m, Snapshot) and m.version == version for m in others)
    assert table.state is before and host.version == version


def test_replayed_and_out_of_order_intents_are_refused_without_a_change() -> None:
    table, host, wires = seated(travel_window(), 1, 2)
    bob = wires[1]
    old = bob.last_snapshot().version
    stop = write(Intent(version=old, action=A.PlayStop(player=1)))
    host.receive(bob, stop)
    played = table.state
    assert bob.last_snapshot().version == old + 1
    host.receive(bob, stop)  # the same message again (a replay)
    host.receive(bob, write(Intent(version=old + 5, action=A.PlayStop(player=1))))  # ahead
    host.receive(bob, write(Intent(version=old - 1, action=A.Pass(player=1))))  # behind
    assert refusals(bob) == ["stale", "stale", "stale"]
    assert table.state is played
    # And a seat nobody claimed sends nothing at all.
    stranger = Wire()
    host.connect(stranger)
    host.receive(stranger, write(Intent(version=host.version, action=A.Pass(player=0))))
    assert refusals(stranger) == ["not_seated"] and table.state is played


@pytest.mark.parametrize("seat", [3, 5])
def test_no_seat_beyond_the_table_or_at_a_bot(seat: int) -> None:
    table = Table(new_game(Setup(players=("Ann", "Bob", "Cy", "Di"), seed=1)), frozenset({3}))
    host = SeatHost(table)
    wire = Wire()
    host.connect(wire)
    host.receive(wire, write(Claim(seat=seat)))
    assert refusals(wire) == ["no_such_seat"]
