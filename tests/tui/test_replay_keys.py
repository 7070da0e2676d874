"""``imtheboss replay``: the keys its help promises, no key hints of a live table, and the
final money (public at the end) on the last line."""

from __future__ import annotations

from pathlib import Path

from test_snapshots import finished
from tuikit import NAMES, run, screen_text

from imtheboss.engine import actions as A
from imtheboss.notation import parse, replay_document
from imtheboss.tui.replay import ReplayApp


def replay_app(tmp_path: Path) -> tuple[ReplayApp, list[int], list[int]]:
    """The replay of a finished game, its final money, and where each deal starts (the
    position after each ``deal`` line), worked out here from the moves, not by the app."""
    session = finished(tmp_path)
    assert session.save_path is not None
    path = session.save_path
    replay = replay_document(
        parse(path.read_text(encoding="utf-8")), close_at_end=False, base=path.parent
    )
    legal = [s for s in replay.steps if s.legal]
    starts = [i + 1 for i, s in enumerate(legal) if isinstance(s.action, A.StartDeal)]
    return ReplayApp(replay, str(path)), [p.money for p in session.state.players], starts


def test_home_end_and_the_page_keys(tmp_path: Path) -> None:
    async def game() -> None:
        app, money, expected = replay_app(tmp_path)
        last = len(app.states) - 1
        starts = app.deal_starts
        assert starts == expected
        assert len(starts) > 3
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.position == 0
            text = screen_text(app)
            assert "F1" not in text and "press" not in text and "keys 1–6" not in text, text
            await pilot.press("end")
            assert app.position == last
            text = screen_text(app)
            # The game is over: the sums, not the look of the piles.
            for amount in money:
                assert f"${amount}M" in text, text
            assert "The game is over." in text
            await pilot.press("home")
            assert app.position == 0
            await pilot.press("pagedown")
            assert app.position == starts[0]
            await pilot.press("pagedown")
            assert app.position == starts[1]
            await pilot.press("right", "pageup")
            assert app.position == starts[1]  # to the start of this deal
            await pilot.press("pageup")
            assert app.position == starts[0]
            await pilot.press("pageup")
            assert app.position == 0
            await pilot.press("end", "pagedown")
            assert app.position == last
            await pilot.press("l")
            assert "RBY+2:POG 6d" in screen_text(app)
            await pilot.press("escape")
            # Before the end the money is not public: the look of the piles (at the first
            # deal nobody has any).
            await pilot.press("home", "pagedown")
            rows = [line for line in screen_text(app).splitlines() if any(n in line for n in NAMES)]
            players = [row for row in rows if row.rstrip(" │").endswith("none")]
            assert len(players) == len(NAMES), rows

    run(game)
