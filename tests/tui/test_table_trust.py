"""What the shared screen must never keep: the seed (it gives every hand away) and the amounts of
deals that are over (M1: the others' money is a pile, not a sum anyone can add up from the log).
And a games folder that cannot be written is a notice at the table, never a crash."""

from __future__ import annotations

from pathlib import Path

from tuikit import NAMES, log_text, run, screen_text, settings

from imtheboss.engine import actions as A
from imtheboss.engine.cards import Colour
from imtheboss.engine.game import possible_closes
from imtheboss.engine.position import Position
from imtheboss.engine.state import InvestorRef, Phase, Price, WindowKind
from imtheboss.notation import parse, replay_document
from imtheboss.session import GameSession
from imtheboss.tui.app import BossApp
from imtheboss.tui.replay import ReplayApp
from imtheboss.tui.screens.table import TableScreen
from imtheboss.tui.widgets.log_view import LogView

#: The terms of the deal below, as the log says them while it is on the table.
TERMS = ("Ann offers Bob $3M for", "Ann offers Cy $2M for", "1 dividend for")
#: The same terms as the replay shows them: its lines are the game's lines of notation.
LINES = ("Ann: offer Bob yellow for 3", "Ann: offer Cy pink for 2", "for 1 dividend")


def dealing(save_dir: Path) -> GameSession:
    """Ann deals on space 5 (R B Y + 2 of P O G): she owns red and blue; she buys yellow from
    Bob for $3M, pink from Cy for $2M and orange from Di for a dividend."""
    position = Position(
        players=NAMES,
        investors={
            "Ann": (Colour.RED, Colour.BLUE),
            "Bob": (Colour.YELLOW,),
            "Cy": (Colour.PINK,),
            "Di": (Colour.ORANGE, Colour.GREEN),
        },
        marker=5,
        turn="Ann",
        seed=3,
    )
    return GameSession.new(position, save_dir)


def terms() -> list[A.Action]:
    def buy(seat: int, colour: Colour, price: Price) -> list[A.Action]:
        cards = (InvestorRef(colour=colour),)
        offer = A.Offer(player=0, supplier=seat, cards=cards, price=price)
        return [offer, A.Accept(player=seat)]

    return [
        A.StartDeal(player=0),
        *buy(1, Colour.YELLOW, Price(amount=3)),
        *buy(2, Colour.PINK, Price(amount=2)),
        *buy(3, Colour.ORANGE, Price(amount=1, dividends=True)),
    ]


def next_move(session: GameSession) -> A.Action:
    """A move of the next turn, after the deal is over."""
    state = session.state
    assert state.deal is None and state.phase is Phase.TURN
    return A.Roll(player=state.turn)


def amounts_in(text: str, terms: tuple[str, ...] = TERMS) -> list[str]:
    return [t for t in (*terms, "$") if t in text]


def test_the_log_keeps_amounts_only_while_their_deal_is_on_the_table(tmp_path: Path) -> None:
    session = dealing(tmp_path)

    async def game() -> None:
        app = BossApp(settings(tmp_path, last_call=60.0, stop_window=60.0), session=session)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            for action in terms():
                assert app.play(action)
            await pilot.pause()
            assert amounts_in(log_text(app)) == [*TERMS, "$"], log_text(app)
            assert app.play(A.Close(player=0, supplies=next(possible_closes(app.state))))
            assert app.state.window is not None
            assert app.state.window.kind is WindowKind.LAST_CALL
            assert app.play(A.TimeUp())
            await pilot.pause()
            # The money changes hands as the deal closes: heard once, at that moment.
            text = log_text(app)
            assert "Ann pays Bob $3M" in text and "the bank pays Ann $" in text, text
            # The table moves on: the deal is over, and so are its amounts.
            assert app.play(next_move(app.session))  # type: ignore[arg-type]
            await pilot.pause()
            text = log_text(app)
            assert amounts_in(text) == [], text
            assert "Ann makes Bob an offer for the yellow investor." in text
            assert (
                "Cy accepts the Boss's offer for the pink investor." in text
                and "Ann pays Bob" in text
                and "the bank pays Ann" in text
            )
            assert "Ann pays Cy" in text and "Ann pays Di" in text

    run(game)


def test_an_undone_offer_forgets_its_price_with_the_deal(tmp_path: Path) -> None:
    """Issue 23, item 3: "↶ undone by agreement: Cy: offer Ann orange for 5" kept its price
    after the deal was over. The undo's line forgets it with the deal's other prices (M1)."""
    session = dealing(tmp_path)

    async def game() -> None:
        app = BossApp(settings(tmp_path, last_call=60.0, stop_window=60.0), session=session)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            moves = terms()
            for action in moves[:4]:  # ... and Ann's offer to Cy
                assert app.play(action)
            await pilot.press("ctrl+z")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            undone = "↶ undone by agreement: Ann offers Cy $2M for the pink investor."
            assert undone in log_text(app), log_text(app)
            for action in moves[3:]:
                assert app.play(action)
            assert app.play(A.Close(player=0, supplies=next(possible_closes(app.state))))
            assert app.play(A.TimeUp())
            assert app.play(next_move(app.session))  # type: ignore[arg-type]
            await pilot.pause()
            text = log_text(app)
            assert amounts_in(text) == [], text
            assert "↶ undone by agreement: Ann makes Cy an offer for the pink investor." in text

    run(game)


def test_a_resumed_log_shows_only_the_open_deal_s_amounts(tmp_path: Path) -> None:
    session = dealing(tmp_path)
    for action in terms()[:5]:
        session.act(action)
    shown: dict[str, str] = {}

    async def look(name: str, resumed: GameSession) -> None:
        app = BossApp(settings(tmp_path), session=resumed)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            shown[name] = log_text(app)

    run(lambda: look("mid-deal", GameSession.resume(tmp_path)))
    assert amounts_in(shown["mid-deal"]) == [*TERMS[:2], "$"], shown["mid-deal"]
    for action in terms()[5:]:
        session.act(action)
    session.act(A.Close(player=0, supplies=next(possible_closes(session.state))))
    session.act(A.TimeUp())
    session.act(next_move(session))
    run(lambda: look("after", GameSession.resume(tmp_path)))
    assert amounts_in(shown["after"]) == [], shown["after"]
    assert "Ann makes Cy an offer for the pink investor." in shown["after"]


def test_the_replay_forgets_amounts_as_the_table_does(tmp_path: Path) -> None:
    session = dealing(tmp_path)
    for action in terms():
        session.act(action)
    session.act(A.Close(player=0, supplies=next(possible_closes(session.state))))
    session.act(A.TimeUp())
    session.act(next_move(session))
    replay = replay_document(parse(session.text()), close_at_end=False)
    seen: dict[int, str] = {}

    async def watch() -> None:
        app = ReplayApp(replay, "a game")
        async with app.run_test(size=(120, 40)) as pilot:
            for position in range(len(app.lines) + 1):
                app.action_jump(position)
                await pilot.pause()
                lines = app.query_one("#log", LogView).lines
                seen[position] = " ".join(strip.text for strip in lines)

    run(watch)
    last = max(seen)
    offers = [p for p, text in seen.items() if LINES[0] in text]
    assert offers and max(offers) == last - 1, "the deal's terms stay while it is on the table"
    assert amounts_in(seen[last], LINES) == [], seen[last]
    assert "for a price" in seen[last]


def test_no_seed_on_the_table_or_in_the_file_name(tmp_path: Path) -> None:
    """A game without --seed: its seed is never on the screen, nor in the save's name or text."""

    async def game() -> None:
        app = BossApp(settings(tmp_path, seed=None))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert app.session is not None and app.session.save_path is not None
            seed = str(app.session.setup.seed)  # type: ignore[union-attr]
            assert seed not in screen_text(app) and seed not in log_text(app)
            assert "A new game." in log_text(app)
            assert seed not in app.session.save_path.name
            assert seed not in app.session.save_path.read_text(encoding="utf-8")

    run(game)


def test_an_unwritable_folder_is_a_notice_and_no_move_is_lost(tmp_path: Path) -> None:
    blocker = tmp_path / "games"
    blocker.write_text("a file where the games folder should be", encoding="utf-8")
    played: dict[str, GameSession] = {}

    async def game() -> None:
        app = BossApp(settings(tmp_path, last_call=60.0, stop_window=60.0))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert app.session is not None and app.session.save_problem is not None
            text = screen_text(app)
            assert "Not saved" in text and "NOT SAVED" in text, text
            placer = app.state.right_of(app.state.turn)
            assert app.play(A.PlaceMarker(player=placer, space=app.state.uncovered()[0]))
            assert isinstance(app.screen, TableScreen)
            assert app.session.save_problem is not None
            blocker.unlink()  # the folder can be written again: saved without another move
            await pilot.wait_for_scheduled_animations()
            for _ in range(400):
                if app.session.save_problem is None and "Saved again" in log_text(app):
                    break
                await pilot.pause(0.02)
            assert "Saved again" in log_text(app), log_text(app)
            assert "NOT SAVED" not in screen_text(app)
            played["session"] = app.session

    run(game)
    assert GameSession.resume(tmp_path).state == played["session"].state
