"""The files of docs/examples: each one's verdict and outcome, through the notation and the CLI.

Every ``*.txt`` in docs/examples needs an entry in ``EXAMPLES`` (a test fails otherwise), so a
new dispute file cannot go untested. Each entry says whether the file is legal, where it first
breaks a rule and which one, and the facts of the outcome the dispute is about.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from imtheboss.cli import main
from imtheboss.notation import parse, replay_document, replay_text
from imtheboss.notation.outcome import Outcome, outcome
from imtheboss.notation.replay import Replay

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES_DIR = ROOT / "docs" / "examples"
NOTATION_DOC = ROOT / "docs" / "notation.md"

NOBODY_PAID = {"Ann": 0, "Bob": 0, "Cy": 0, "Di": 0}
SEATED = {"Ann": ["red"], "Bob": ["blue"], "Cy": ["yellow"], "Di": ["green"]}


@dataclass(frozen=True)
class Verdict:
    """What ``imtheboss check`` must say about one example file."""

    #: The rule IDs the file is about: each becomes a ``@pytest.mark.rule``.
    rules: tuple[str, ...]
    #: The first illegal line (1-based, as the checker counts) and its rule; None if legal.
    line: int | None = None
    rule: str | None = None
    #: Outcome fields (``Outcome`` attribute → expected value) the dispute turns on.
    facts: dict[str, Any] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return self.line is None


def legal(rules: str, **facts: Any) -> Verdict:
    """A legal file about ``rules`` (space-separated IDs)."""
    return Verdict(rules=tuple(rules.split()), facts=facts)


def illegal(line: int, rules: str, **facts: Any) -> Verdict:
    """A file whose ``line`` breaks the first of ``rules``; the others are what it is about."""
    ids = tuple(rules.split())
    return Verdict(rules=ids, line=line, rule=ids[0], facts=facts)


EXAMPLES: dict[str, Verdict] = {
    "worked-example.txt": legal(
        "§6 ST1 TR1 TR2 B1 B2 B3 H1 N5 CL3 CL4 CL5 CL6 E1",
        money={"Jeonghoon": 10, "Jaeyoung": 10, "Shinyoung": 0, "Seonju": 10},
        next_turn="Shinyoung",
        deals_done=13,
        game_over=False,
        returned={"Jeonghoon": ["family green", "family yellow"]},
    ),
    # ST1: a stop answers a travel card, a boss card or a hire set, and only at once.
    "st1-stop-after-a-lay.txt": illegal(
        15, "ST1", money=NOBODY_PAID, on_table=["Ann's family blue"]
    ),
    # N5, written as docs/notation.md's five-minute section shows (letters, either order).
    # E1 (issue 21): a move after an ending roll cites the roll that ended the game, not E3.
    "e1-no-move-after-the-end.txt": illegal(18, "E1 E3", game_over=True),
    # CL4 (ruling 2026-12-01): the outcome names the agreement it left unpaid, and why.
    "cl4-an-unused-agreement-is-not-paid.txt": legal(
        "CL4 CL3 N5",
        money={"Ann": 6, "Bob": 3, "Cy": 0, "Di": 0},
        unpaid=[
            "Di's agreement (family blue for $2M): not paid, none of its cards took part in "
            "the close"
        ],
    ),
    # CL2 (issue 21): a roll after a card called the close off says whose card, and that the
    # deal goes on.
    "cl2-a-called-off-close-goes-on.txt": illegal(19, "CL2 T1", money=NOBODY_PAID, deal_open=True),
    # T2 (issue 21): a second hire set after the first ended the turn at the hand limit says
    # so, not only T4.
    "t2-a-hire-at-the-limit-ends-the-turn.txt": illegal(21, "T2 H1 T4", next_turn="Bob"),
    "n5-agreed-is-agreed.txt": illegal(15, "N5 N1", money=NOBODY_PAID, deal_open=True),
    # N5 (ruling 2026-12-01): a travel card on an agreed family card ends nothing; its money
    # still counts toward N3's cap.
    "n5-travel-ends-no-agreement.txt": illegal(21, "N3 N5 TR3", money=NOBODY_PAID, deal_open=True),
    # N5 (ruling 2026-12-01): nor does a hire set that takes the agreed investor away.
    "n5-hire-ends-no-agreement.txt": illegal(20, "N3 N5 H1", money=NOBODY_PAID, deal_open=True),
    "st1-stop-too-late.txt": illegal(16, "ST1", on_table=["travel red on the red investor"]),
    # ST2: a stop cannot cancel a stop, but a new travel card is a new play.
    "st2-stop-a-stop.txt": illegal(16, "ST2", discarded=["travel red", "stop"]),
    "st2-a-new-travel-is-a-new-play.txt": legal(
        "ST2 ST1 ST3",
        money={"Ann": 6, "Bob": 3, "Cy": 0, "Di": 0},
        discarded=["travel red", "stop", "travel grey", "stop"],
        next_turn="Bob",
    ),
    # H2: with unowned investors beside the board, a hire set must take one of them.
    "h2-hire-unowned-first.txt": illegal(15, "H2 H1", investors=SEATED),
    "h2-hire-the-unowned-investor.txt": legal(
        "H2 H1 D3",
        money={"Ann": 12, "Bob": 0, "Cy": 0, "Di": 0},
        investors={**SEATED, "Ann": ["red", "orange"]},
        unowned=["pink"],
    ),
    # TR1: a travelling card cannot take part; a travel card matches its colour, grey any.
    "tr1-travelling-investor-cannot-supply.txt": illegal(17, "TR1 TR2"),
    "tr1-grey-goes-anywhere.txt": legal(
        "TR1 F2", money=NOBODY_PAID, discarded=["travel grey"], next_turn="Bob"
    ),
    "tr1-wrong-colour-travel.txt": illegal(15, "TR1"),
    # TR3: a family card sent travelling is discarded at once, with the travel card.
    "tr3-family-card-travels.txt": legal(
        "TR3",
        money={"Ann": 5, "Bob": 4, "Cy": 0, "Di": 0},
        discarded=["family blue", "travel blue"],
        returned={},
    ),
    "tr3-travelled-family-card-is-gone.txt": illegal(16, "CL3 TR3"),
    # TR5: outside V8 nobody sends their own investor travelling to escape an agreement.
    "tr5-own-investor-cannot-travel.txt": illegal(
        18, "TR5 N5", money=NOBODY_PAID, deal_open=True, investors=SEATED
    ),
    # B1: the Boss of the moment cannot play a boss card; an earlier Boss can.
    "b1-boss-cannot-boss-himself.txt": illegal(13, "B1"),
    "b1-take-the-deal-back.txt": legal(
        "B1 B2 B3", money={"Ann": 6, "Bob": 3, "Cy": 0, "Di": 0}, next_turn="Bob"
    ),
    # B3: after a deal the turn goes to the left of the last Boss.
    "b3-turn-goes-left-of-last-boss.txt": legal(
        "B3 CL5", money={"Ann": 0, "Bob": 0, "Cy": 9, "Di": 0}, next_turn="Di", deals_done=6
    ),
    "b3-skipped-player-cannot-play.txt": illegal(18, "T1 B3"),
    # N3: a price is a share of this deal's proceeds, and all of them together are capped.
    "n3-ask-more-than-the-deal.txt": illegal(14, "N3"),
    "n3-dividends-are-a-share.txt": legal("N3 CL4", money={"Ann": 3, "Bob": 6, "Cy": 0, "Di": 0}),
    "n3-promised-twice.txt": illegal(18, "N3 N4"),
    # CL2: a close is called off by another card during the count, never stopped.
    "cl2-a-close-cannot-be-stopped.txt": illegal(
        18,
        "CL2 CL1 ST1",
        money={"Ann": 6, "Bob": 3, "Cy": 0, "Di": 0},
        deals_done=6,
        next_turn="Bob",
    ),
    # CL3: another player's card needs an agreement; asking is not agreeing.
    "cl3-no-agreement-no-close.txt": illegal(15, "CL3 N4", money=NOBODY_PAID),
    # D2 on the printed board (issue 21): each group of a space gives its own count.
    "d2-each-group-its-own-count.txt": illegal(18, "D2 C1", money=NOBODY_PAID),
    # CL5: family cards that took part are discarded, the others go home.
    "cl5-unused-family-goes-home.txt": legal(
        "CL5 CL3 D3",
        money={"Ann": 9, "Bob": 0, "Cy": 0, "Di": 0},
        discarded=["family blue"],
        returned={"Ann": ["family red"], "Bob": ["family blue"]},
    ),
    "cl5-used-family-is-gone.txt": illegal(
        22,
        "N1 CL5",
        money={"Ann": 9, "Bob": 0, "Cy": 0, "Di": 0},
        returned={"Ann": ["family red"]},
        deals_done=6,
    ),
    # F2: after a failed deal family cards go home, every other card is discarded.
    "f2-failed-deal-family-returns.txt": legal(
        "F2 F3",
        money=NOBODY_PAID,
        returned={"Bob": ["family blue"]},
        discarded=["travel red"],
        next_turn="Bob",
        deals_done=5,
    ),
    "f2-travel-card-is-discarded.txt": illegal(
        19, "TR1 F2 F3", discarded=["travel red"], deals_done=5
    ),
    # E1: the last Boss rolls after the tile is laid; the tile's back decides.
    "e1-a-two-ends-the-game.txt": legal(
        "E1 E3",
        money={"Ann": 12, "Bob": 0, "Cy": 0, "Di": 0},
        game_over=True,
        winners=["Ann"],
        next_turn=None,
        deals_done=11,
    ),
    "e1-only-the-last-boss-rolls.txt": illegal(17, "E1 B3"),
    "e1-the-seeded-die-decides.txt": illegal(19, "E1", game_over=False),
    # V1: a boss card changes the Boss, not the turn order.
    "v1-turn-order-stays.txt": legal(
        "V1", money={"Ann": 0, "Bob": 0, "Cy": 9, "Di": 0}, next_turn="Bob", deals_done=6
    ),
    "v1-last-boss-left-waits.txt": illegal(19, "T1 V1"),
    # V3: only players who played an influence card in the deal are paid.
    "v3-no-card-no-money.txt": legal("V3", money={"Ann": 9, "Bob": 0, "Cy": 0, "Di": 0}),
    "v3-a-stopped-card-still-counts.txt": legal(
        "V3 ST1", money={"Ann": 6, "Bob": 3, "Cy": 0, "Di": 0}
    ),
}


def replay_file(name: str) -> Replay:
    path = EXAMPLES_DIR / name
    return replay_document(parse(path.read_text(encoding="utf-8")), base=path.parent)


def _cases() -> list[Any]:
    return [
        pytest.param(name, verdict, marks=[pytest.mark.rule(r) for r in verdict.rules], id=name)
        for name, verdict in EXAMPLES.items()
    ]


@pytest.mark.parametrize(("name", "verdict"), _cases())
def test_example_verdict_and_outcome(name: str, verdict: Verdict) -> None:
    replay = replay_file(name)
    first = replay.first_illegal
    assert replay.legal is verdict.legal, first.error if first else "legal"
    if verdict.legal:
        assert first is None
    else:
        assert first is not None and first.error is not None
        assert (first.line.number, first.error.rule) == (verdict.line, verdict.rule), (
            first.error.reason
        )
    result = outcome(replay)
    for key, expected in verdict.facts.items():
        assert getattr(result, key) == expected, key


def test_every_example_file_is_in_the_table() -> None:
    on_disk = {p.name for p in EXAMPLES_DIR.glob("*.txt")}
    assert on_disk - EXAMPLES.keys() == set(), "add these files to EXAMPLES"
    assert EXAMPLES.keys() - on_disk == set(), "these EXAMPLES entries have no file"
    assert len(on_disk) >= 13


def test_every_example_tells_its_story_first() -> None:
    for path in EXAMPLES_DIR.glob("*.txt"):
        assert path.read_text(encoding="utf-8").startswith("# "), path.name


@pytest.mark.rule("§6")
@pytest.mark.rule("B3")
@pytest.mark.rule("H1")
@pytest.mark.rule("CL4")
def test_worked_example_outcome() -> None:
    result: Outcome = outcome(replay_file("worked-example.txt"))
    assert result.money == {"Jeonghoon": 10, "Jaeyoung": 10, "Shinyoung": 0, "Seonju": 10}
    assert set(result.investors["Jeonghoon"]) == {"blue", "pink", "yellow"}
    assert result.investors["Shinyoung"] == ["green"]
    assert result.next_turn == "Shinyoung"
    assert result.hired == ["Jeonghoon hired Shinyoung's yellow investor"]


def _check_json(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    code = main(["check", str(path), "--json"])
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return code, data


def _assert_result_shape(result: dict[str, Any], players: set[str]) -> None:
    assert {"money", "investors", "next_turn", "deals_done", "game_over"} <= result.keys()
    assert set(result["money"]) == players and set(result["investors"]) == players
    assert all(isinstance(v, int) for v in result["money"].values())
    assert all(isinstance(v, list) for v in result["investors"].values())
    assert isinstance(result["deals_done"], int) and isinstance(result["game_over"], bool)


@pytest.mark.rule("§6")
def test_cli_json_for_the_worked_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = _check_json(EXAMPLES_DIR / "worked-example.txt", capsys)
    assert code == 0
    assert data["legal"] is True and data["first_illegal"] is None
    result = data["result"]
    _assert_result_shape(result, {"Jeonghoon", "Jaeyoung", "Shinyoung", "Seonju"})
    assert result["money"] == {"Jeonghoon": 10, "Jaeyoung": 10, "Shinyoung": 0, "Seonju": 10}
    assert sorted(result["investors"]["Jeonghoon"]) == ["blue", "pink", "yellow"]
    assert result["next_turn"] == "Shinyoung"
    assert (result["deals_done"], result["game_over"]) == (13, False)


@pytest.mark.rule("ST2")
def test_cli_json_for_an_illegal_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = _check_json(EXAMPLES_DIR / "st2-stop-a-stop.txt", capsys)
    assert code == 1
    assert data["legal"] is False
    first = data["first_illegal"]
    assert {"line", "rule", "reason"} <= first.keys()
    assert (first["line"], first["rule"]) == (16, "ST2")
    assert first["reason"] == "A stop cannot cancel a stop"
    _assert_result_shape(data["result"], {"Ann", "Bob", "Cy", "Di"})
    assert data["result"]["next_turn"] == "Ann"


def test_cli_json_for_an_unreadable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (EXAMPLES_DIR / "st2-stop-a-stop.txt").read_text(encoding="utf-8")
    bad = tmp_path / "typo.txt"
    bad.write_text(text.replace("Bob: stop", "Bob: stpo"), encoding="utf-8")
    code, data = _check_json(bad, capsys)
    assert code == 2
    assert data["legal"] is None
    assert (data["error"]["line"], data["error"]["column"]) == (16, 6)


# ---------------------------------------------------------------------------------------------
# docs/notation.md: every notation file it shows is legal


def _doc_files() -> list[str]:
    blocks = re.findall(r"```text\n(.*?)```", NOTATION_DOC.read_text(encoding="utf-8"), re.S)
    return [b for b in blocks if re.search(r"^players:", b, re.M)]


def test_notation_guide_shows_files() -> None:
    assert len(_doc_files()) >= 8


@pytest.mark.parametrize("text", _doc_files(), ids=lambda t: t.splitlines()[0][:40])
def test_notation_guide_examples_are_legal(text: str, tmp_path: Path) -> None:
    board = resources.files("imtheboss.engine") / "data" / "reconstructed.toml"
    with resources.as_file(board) as source:
        shutil.copy(source, tmp_path / "myboard.toml")
    replay = replay_document(parse(text), base=tmp_path)
    first = replay.first_illegal
    assert replay.legal, f"line {first.line.number}: {first.error}" if first else ""


# ---------------------------------------------------------------------------------------------
# A window closed by a line stays closed, even when that line is illegal


#: The outcome the file should show before its illegal line: the window before that line
#: closed (the line does not answer it), whatever the verdict on the line itself.
AFTER_THE_WINDOW = {
    "b3-skipped-player-cannot-play.txt": {
        "money": {"Ann": 0, "Bob": 0, "Cy": 9, "Di": 0},
        "deals_done": 6,
        "next_turn": "Di",
    },
    "tr1-travelling-investor-cannot-supply.txt": {"on_table": ["travel blue on the blue investor"]},
    "tr3-travelled-family-card-is-gone.txt": {
        "discarded": ["family blue", "travel blue"],
        "on_table": [],
    },
}


@pytest.mark.rule("ST1")
@pytest.mark.rule("CL2")
@pytest.mark.parametrize("name", sorted(AFTER_THE_WINDOW))
def test_outcome_before_an_illegal_line_counts_the_closed_window(name: str) -> None:
    result = outcome(replay_file(name))
    for key, expected in AFTER_THE_WINDOW[name].items():
        assert getattr(result, key) == expected, key


def test_replay_text_agrees_with_replay_document() -> None:
    text = (EXAMPLES_DIR / "n3-dividends-are-a-share.txt").read_text(encoding="utf-8")
    assert outcome(replay_text(text)).money == {"Ann": 3, "Bob": 6, "Cy": 0, "Di": 0}


@pytest.mark.rule("CL4")
@pytest.mark.rule("F1")
def test_outcome_names_the_agreements_a_failed_deal_leaves_unpaid() -> None:
    """CL4 (ruling 2026-12-01): a failed deal pays no agreement, and the outcome says so."""
    text = (EXAMPLES_DIR / "cl4-an-unused-agreement-is-not-paid.txt").read_text(encoding="utf-8")
    failed = text.replace("Ann: close red=Ann blue=Bob", "Ann: fail")
    result = outcome(replay_text(failed))
    assert result.money == NOBODY_PAID
    assert result.unpaid == [
        "Bob's agreement (blue for $3M): not paid, the deal failed",
        "Di's agreement (family blue for $2M): not paid, the deal failed",
    ]


@pytest.mark.rule("E3")
def test_the_panel_after_the_end_says_who_won_not_whose_turn() -> None:
    """Issue 21: check's panel said "Phase: over; Ann's turn" after the end."""
    from imtheboss.notation.outcome import describe

    final = replay_file("e1-no-move-after-the-end.txt").final
    assert final is not None
    said = [str(line) for line in describe(final)]
    assert "The game is over: Ann won." in said
    assert not any(line.startswith("Phase:") for line in said)
