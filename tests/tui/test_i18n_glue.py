"""Issue 22: a possessive, a card's name and a sum are never glued from pieces outside the
catalogs, on any screen line a game produces.

The pseudo-language makes every catalog message Hangul (``pseudo_locale.pseudo``) and gives
its own grammar: a possessive is the name and "‹", a sum "¤12¤"; the English ``{player}'s``
of a message becomes the pseudo-catalog's ``{player_gen}``, as a Swedish catalog writes it.
The players' names have no Latin letter either. So a Latin letter left on a line is a piece
of English glued by the program — "'s" after a name, "$12M" written by hand, "travel blue"
from a card's value — and ``str.format`` on a message with a possessive raises (it cannot fill
``{player_gen}``), which is the other way a possessive is glued.
"""

from __future__ import annotations

import gettext
import random
import re

import pytest
from pseudo_locale import pseudo

from imtheboss import i18n
from imtheboss.bots.random_play import random_steps
from imtheboss.engine.begin import start
from imtheboss.engine.legal import legal_actions
from imtheboss.engine.setup import Setup
from imtheboss.engine.state import Phase
from imtheboss.tui import labels, log

NAMES = ("민준", "安", "서연", "明華")
_POSSESSIVE = re.compile(r"\{(\w+)\}'s\b")
#: What may stay Latin: rule IDs (ST2) and the keys' names, which pseudo keeps too.
_ALLOWED = re.compile(r"\b[A-Z]{1,2}\d+\b|\b(?:Enter|Esc|Alt|Ctrl)\b|F\d+")


def _pseudo(message: str) -> str:
    return pseudo(_POSSESSIVE.sub(r"{\1_gen}", message))


class PseudoSpeaker(i18n.Speaker):
    def gettext(self, message: str, /) -> str:
        return _pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return _pseudo(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str, /) -> str:
        return _pseudo(message)

    def possessive(self, name: str, /) -> str:
        return name + "‹"

    def money(self, amount: int, /) -> str:
        return f"¤{amount}¤"


@pytest.fixture
def glue(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_current", PseudoSpeaker("ko", gettext.NullTranslations()))
    monkeypatch.setattr(i18n, "_language", "ko")


def _leaks(text: str | None) -> list[str]:
    if text is None:
        return []
    return re.findall(r"[A-Za-z$]+", _ALLOWED.sub("", text))


@pytest.mark.parametrize("seed", [3, 11])
def test_no_line_of_a_game_glues_english_pieces(glue: None, seed: int) -> None:
    state = start(Setup(players=NAMES, seed=seed))
    lines: list[str | None] = []
    seen_possessive = seen_money = False
    for before, action, after, events in random_steps(state, random.Random(seed)):
        for seat in range(len(NAMES)):
            lines.append(labels.pending_play(before, seat))
        for choice in legal_actions(before, getattr(action, "player", before.turn))[:40]:
            lines.append(labels.describe(choice, before))
        lines.append(log.move_line(action, before))
        lines.extend(log.event_note(before, event) for event in events)
        lines.append(log.said_move(action, before, events))
        if after.phase is Phase.OVER:
            lines.extend(log.said_end(before, events))
    for line in lines:
        assert not _leaks(line), (line, _leaks(line))
        seen_possessive = seen_possessive or "‹" in (line or "")
        seen_money = seen_money or "¤" in (line or "")
    assert seen_possessive and seen_money  # the lines did say possessives and sums
