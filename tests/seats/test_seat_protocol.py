"""The seats' message schema (issue 24): what a snapshot carries is the seat's view and its
legal actions, whole; whatever else a device sends is refused by size or by schema."""

from __future__ import annotations

from typing import get_args

import pytest

from imtheboss import i18n
from imtheboss.engine import Setup, legal_actions, start, view
from imtheboss.seats.protocol import (
    MAX_FROM_SEAT,
    Claim,
    Intent,
    Language,
    ProtocolError,
    Snapshot,
    read_from_seat,
    read_to_seat,
    write,
)


def test_a_snapshot_comes_back_as_the_seats_own_view_and_moves() -> None:
    state = start(Setup(players=("Ann", "Bob", "Cy", "Di"), seed=3))
    seat = next(s for s in range(state.n) if legal_actions(state, s))
    sent = Snapshot(
        version=4,
        seat=seat,
        view=view(state, seat),
        legal=legal_actions(state, seat),
        remaining=2.5,
    )
    got = read_to_seat(write(sent))
    assert isinstance(got, Snapshot)
    assert got.view == view(state, seat)
    assert got.legal == tuple(legal_actions(state, seat))
    assert got.view.hand == state.players[seat].hand


def test_an_intent_is_read_back_as_the_engines_action() -> None:
    state = start(Setup(players=("Ann", "Bob", "Cy", "Di"), seed=3))
    seat = next(s for s in range(state.n) if legal_actions(state, s))
    action = legal_actions(state, seat)[0]
    got = read_from_seat(write(Intent(version=7, action=action)))
    assert got == Intent(version=7, action=action)


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("{", "malformed"),
        ("[]", "malformed"),
        ('{"type":"claim","seat":9}', "malformed"),
        ('{"type":"claim","seat":-1}', "malformed"),
        ('{"type":"claim","seat":1,"extra":1}', "malformed"),
        ('{"type":"rejoin","seat":1,"secret":"short"}', "malformed"),
        ('{"type":"intent","version":1,"action":{"kind":"fly","player":0}}', "malformed"),
        ('{"type":"snapshot","version":1}', "malformed"),  # a host's message, not a seat's
        ("x" * (MAX_FROM_SEAT + 1), "too_big"),
        (b"\xff\xfe\x00", "malformed"),
    ],
)
def test_anything_else_from_a_device_is_refused_by_code(raw: str | bytes, code: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        read_from_seat(raw)
    assert refused.value.code == code


def test_a_device_names_only_a_language_the_program_speaks() -> None:
    assert set(get_args(Language)) == set(i18n.LANGUAGES)
    assert read_from_seat('{"type": "claim", "seat": 1, "lang": "es"}') == Claim(seat=1, lang="es")
    with pytest.raises(ProtocolError):
        read_from_seat('{"type": "claim", "seat": 1, "lang": "../../etc"}')
