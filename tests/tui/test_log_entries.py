"""The log's entries are drawn once per language (issue 24): the host words every seated
device's log in that device's language at every change and every tick of a count, and drew
each entry again each time — 9 to 18 ms a tick for four seats with a game's log behind them
(``bench/bench_seat_log.py``). An entry's words change only with its language (a catalog
read anew included) and when its amounts are forgotten (M1)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from imtheboss import i18n
from imtheboss.engine import Setup, new_game
from imtheboss.i18n import N_
from imtheboss.tui.log import TableLog, said


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.use("en")
    yield
    i18n.use("en")


def counted(drawn: list[bool]) -> TableLog:
    log = TableLog()
    words = said("dim", N_("A new game."))

    def render(amounts: bool) -> str:
        drawn.append(amounts)
        return words(amounts)

    log.add(render, has_amounts=True)
    return log


def test_an_entry_is_drawn_once_per_language_and_again_once_its_amounts_go() -> None:
    drawn: list[bool] = []
    log = counted(drawn)
    english = log.markups()
    assert log.markups() == english and len(drawn) == 1
    for _ in range(3):
        with i18n.speaking("es"):
            spanish = log.markups()
        with i18n.speaking("ko"):
            korean = log.markups()
    assert len(drawn) == 3  # English, Spanish, Korean: once each
    assert len({english[0], spanish[0], korean[0]}) == 3
    with i18n.speaking("es"):
        assert i18n._("A new game.") in spanish[0]
    # The deal is over: the entry is drawn again without its amounts, once per language.
    assert log.table_moves_on(new_game(Setup(players=("Ann", "Bob", "Cy"), seed=1)))
    log.markups()
    log.markups()
    assert drawn[3:] == [False]


def test_a_catalog_read_anew_draws_the_entries_again() -> None:
    """``use`` (the palette's switch, a test's pseudo-language) reads the catalog anew: what
    was drawn with the old one is not kept for it."""
    drawn: list[bool] = []
    log = counted(drawn)
    i18n.use("es")
    log.markups()
    i18n.use("es")
    log.markups()
    with i18n.speaking("es"):
        log.markups()  # the speaker ``use`` made last
    assert len(drawn) == 2


def test_the_last_entries_alone_are_drawn_for_a_device() -> None:
    drawn: list[bool] = []
    log = counted(drawn)
    for _ in range(9):
        log.add(said("dim", N_("A new game.")))
    assert len(log.markups(3)) == 3 and log.markups(3) == log.markups()[-3:]
    assert log.markups(50) == log.markups()
    assert drawn == [True]  # the first entry: drawn once, by the whole log only
