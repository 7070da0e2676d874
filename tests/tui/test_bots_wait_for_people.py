"""Bots deal with people: a person Boss buys a colour from a bot, a bot Boss buys one from a
person who answers through the keys while the bot waits with a countdown on the table, a bot
that waits in vain moves on when its count runs out, and a bot Boss stops a person's boss card.

The deals are set up on seeds found for the purpose (two people, Ann and Bob, then two dealers):
seed 1 puts Ann first, and space 1 needs her investors and Dealer1's blue one; seed 12 puts
Dealer1 first, and space 1 needs its investors and Ann's red one; seed 11 is replayed up to
Dealer2's offer to Bob on space 4, which it can close without him. The tests wait for states,
never for fixed times: the only clocks are the bots' wait and the last call, and a test that
checks the wait measures it from what it saw.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from tuikit import Driver, log_text, run, screen_text, settings

from imtheboss.bots.dealer import CANCEL_PATIENCE, PATIENCE, DealerBot
from imtheboss.engine import actions as A
from imtheboss.engine.cards import Colour
from imtheboss.engine.legal import legal_actions
from imtheboss.engine.setup import Setup
from imtheboss.engine.state import FamilyRef, GameState, InvestorRef, Phase, Price
from imtheboss.session import GameSession
from imtheboss.tui.app import BossApp
from imtheboss.tui.bot_seats import questions
from imtheboss.tui.screens.close import CloseDialog

PEOPLE_AND_BOTS = ("Ann", "Bob", "Dealer1", "Dealer2")
BOTS = {"Dealer1": "dealer", "Dealer2": "dealer"}
ANN, DEALER1 = 0, 2
BOB, DEALER2 = 1, 3
BOT_SEATS = frozenset({2, 3})


def deal_started(tmp_path: Path, seed: int, boss: int, space: int) -> GameSession:
    """A new game of seed ``seed`` whose first deal, on ``space``, is ``boss``'s."""
    session = GameSession.new(Setup(players=PEOPLE_AND_BOTS, seed=seed), tmp_path, bots=BOTS)
    state = session.state
    assert state.turn == boss, "the seed no longer gives the first turn to this player"
    session.act(A.PlaceMarker(player=state.right_of(state.turn), space=space))
    session.act(A.StartDeal(player=boss))
    return session


def fair(state: GameState) -> int:
    """The dealer's fair price: the proceeds over the investors the space needs."""
    assert state.deal is not None
    investors: int = state.board.space(state.deal.space).investors
    return state.proceeds // max(2, investors)


def test_a_bot_sells_a_person_boss_its_colour(tmp_path: Path) -> None:
    session = deal_started(tmp_path, seed=1, boss=ANN, space=1)
    state = session.state
    assert state.owners[Colour.BLUE] == DEALER1
    price = fair(state)

    async def scenario() -> None:
        app = BossApp(settings(tmp_path, bot_pause=0.05, last_call=0.5), session)
        async with app.run_test(size=(100, 30)) as pilot:
            driver = Driver(pilot)
            blue = (InvestorRef(colour=Colour.BLUE),)
            panel = await driver.take_keyboard(ANN)
            await driver.choose(
                panel,
                lambda m: (
                    m.ask == "price"
                    and m.template.kind == "offer"
                    and m.template.supplier == DEALER1
                    and m.template.cards == blue
                ),
            )
            await driver.price(Price(amount=price))
            offer = A.Offer(player=ANN, supplier=DEALER1, cards=blue, price=Price(amount=price))
            assert driver.state.deal is not None and offer in session.actions
            await driver.give_back()

            def agreed() -> bool:
                deal = driver.state.deal
                return deal is not None and any(a.supplier == DEALER1 for a in deal.agreements)

            await driver.wait_for(agreed)
            assert A.Accept(player=DEALER1) in session.actions
            panel = await driver.take_keyboard(ANN)
            await driver.choose(panel, lambda m: m.ask == "close")
            dialog = app.screen
            assert isinstance(dialog, CloseDialog)
            assert dialog.proposal is not None and dialog.proposal[Colour.BLUE] == blue[0]
            await driver.close_now(dialog)
            # The last call runs out by the table's clock; the deal closes.
            await driver.wait_for(lambda: driver.state.deals_done == 1)
            close = next(a for a in session.actions if isinstance(a, A.Close))
            assert close.player == ANN and close.supplies[Colour.BLUE] == blue[0]
            assert driver.state.players[DEALER1].money == price
            assert "deal closed on space 1" in log_text(app)

    run(scenario)


def bot_offer_to_ann(state: GameState) -> bool:
    """Dealer1, the Boss, waits on an offer to Ann."""
    return any(q.asker == DEALER1 and q.person == ANN for q in questions(state, BOT_SEATS))


def bot_offer_to(state: GameState, person: int) -> bool:
    """The Boss, a bot, waits on an offer to ``person``."""
    return any(q.person == person and q.proposal is not None for q in questions(state, BOT_SEATS))


async def accepted_and_closed(driver: Driver, session: GameSession, person: int) -> A.Close:
    """``person`` accepts the bot Boss's offer through the keys; the close of the first deal
    that follows."""
    panel = await driver.take_keyboard(person)
    await driver.choose(panel, lambda m: m.action == A.Accept(player=person))
    await driver.confirm()
    await driver.wait_for(lambda: A.Accept(player=person) in session.actions)
    await driver.give_back()
    await driver.wait_for(lambda: driver.state.deals_done == 1)
    return next(a for a in session.actions if isinstance(a, A.Close))


def test_a_bot_boss_waits_for_a_person_who_accepts_through_the_keys(tmp_path: Path) -> None:
    session = deal_started(tmp_path, seed=12, boss=DEALER1, space=1)
    assert session.state.owners[Colour.RED] == ANN

    async def scenario() -> None:
        app = BossApp(settings(tmp_path, bot_pause=0.05, last_call=0.5, bot_wait=30.0), session)
        async with app.run_test(size=(100, 30)) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: bot_offer_to_ann(driver.state))
            deal = driver.state.deal
            assert deal is not None
            offer = next(p for p in deal.proposals if p.supplier == ANN)
            assert offer.by_boss and offer.cards == (InvestorRef(colour=Colour.RED),)
            # The countdown is on the table, naming who waits for whom and Ann's key.
            await driver.wait_for(lambda: "Dealer1 waits for Ann's answer" in screen_text(app))
            shown = screen_text(app)
            assert re.search(r"answer \(key 1\): \d+s", shown), shown
            # Long enough that a bot that does not wait would have failed the deal by now:
            # the dealer has nothing left to try but its fail, which the wait holds back.
            bot = app.bot_seats.bots[DEALER1]
            assert isinstance(bot, DealerBot)
            await driver.wait_for(lambda: bot._idle >= PATIENCE)
            assert driver.state.phase is Phase.DEAL and bot_offer_to_ann(driver.state)
            # The bot goes on at once: it closes with Ann's red investor.
            close = await accepted_and_closed(driver, session, ANN)
            assert close.player == DEALER1
            assert close.supplies[Colour.RED] == InvestorRef(colour=Colour.RED)
            assert driver.state.players[ANN].money == offer.price.amount
            assert not any(isinstance(a, A.Fail) for a in session.actions)
            assert "waits for Ann's answer" not in screen_text(app)

    run(scenario)


def test_a_bot_whose_wait_runs_out_moves_on(tmp_path: Path) -> None:
    session = deal_started(tmp_path, seed=12, boss=DEALER1, space=1)
    wait = 5.0

    async def scenario() -> None:
        app = BossApp(settings(tmp_path, bot_pause=0.05, bot_wait=wait), session)
        async with app.run_test(size=(100, 30)) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: bot_offer_to_ann(driver.state))
            seen_offer = time.monotonic()
            await driver.wait_for(lambda: "Dealer1 waits for Ann's answer" in screen_text(app))
            # Nobody answers: when the count runs out, the Boss goes on as before the wait —
            # with nothing else to try, it fails the deal.
            await driver.wait_for(lambda: driver.state.phase is not Phase.DEAL)
            waited = time.monotonic() - seen_offer
            assert any(isinstance(a, A.Fail) for a in session.actions)
            assert waited >= wait - 0.5, waited
            assert "Dealer1 declares the deal failed." in log_text(app)
            assert "waits for Ann's answer" not in screen_text(app)

    run(scenario)


def test_a_bot_boss_stops_a_persons_boss_card_and_its_wait_gives_way_to_the_window(
    tmp_path: Path,
) -> None:
    """Seed 70: Dealer1 starts, holding two stops; space 7 needs pink, which only Ann has. Ann
    answers Dealer1's offer with "I'm the Boss!": the bot stops it, as it would a bot's; while
    the boss card waits for an answer, the bot's count is off the table (nobody can answer an
    offer then, ST1), and it is back once the window is gone."""
    session = deal_started(tmp_path, seed=70, boss=DEALER1, space=7)
    assert session.state.owners[Colour.PINK] == ANN

    async def scenario() -> None:
        app = BossApp(settings(tmp_path, bot_pause=0.05), session)
        async with app.run_test(size=(100, 30)) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: bot_offer_to_ann(driver.state))
            await driver.wait_for(lambda: "Dealer1 waits for Ann's answer" in screen_text(app))
            # The bots sit still for a moment (a long pause between their moves), so that
            # the window can be looked at before Dealer1 answers it.
            app.settings.bot_pause = 3600.0
            panel = await driver.take_keyboard(ANN)
            await driver.choose(panel, lambda m: m.action == A.PlayBoss(player=ANN))
            await driver.wait_for(lambda: "I'm the Boss!" in screen_text(app))
            assert driver.state.window is not None
            assert "waits for Ann's answer" not in screen_text(app)
            app.settings.bot_pause = 0.05
            await driver.wait_for(lambda: A.PlayStop(player=DEALER1) in session.actions)
            state = driver.state
            assert state.deal is not None and state.deal.boss == DEALER1
            assert bot_offer_to_ann(state)  # the question stands, and so does its count
            await driver.wait_for(lambda: "Dealer1 waits for Ann's answer" in screen_text(app))

    run(scenario)


def test_a_bots_request_to_cancel_waits_for_the_person_with_a_count(tmp_path: Path) -> None:
    """N5: an agreement ends only when both sides cancel it. Seed 1: Ann, the Boss, agreed
    to buy Dealer1's blue investor, and Dealer1 asks her to cancel. Like an offer, the
    request is a question to a person: its count is on the table, it pauses while Ann holds
    the keyboard, and Ann's own cancel answers it."""
    session = deal_started(tmp_path, seed=1, boss=ANN, space=1)
    blue = (InvestorRef(colour=Colour.BLUE),)
    price = Price(amount=fair(session.state))
    session.act(A.Offer(player=ANN, supplier=DEALER1, cards=blue, price=price))
    session.act(A.Accept(player=DEALER1))
    session.act(A.CancelAgreement(player=DEALER1, other=ANN))
    cancel = A.CancelAgreement(player=ANN, other=DEALER1)

    def left() -> float:
        [(question, seconds)] = app.bot_waits.shown(time.monotonic())
        assert (question.asker, question.person, question.proposal) == (DEALER1, ANN, None)
        return seconds

    app = BossApp(settings(tmp_path, bot_pause=0.05, bot_wait=30.0), session)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: "Dealer1 waits for Ann's answer" in screen_text(app))
            shown = screen_text(app)
            assert re.search(r"answer \(key 1\): \d+s", shown), shown
            assert "Dealer1 asks to cancel the agreement with Ann" in shown
            # Ann takes the keyboard to think it over: the count waits for her.
            panel = await driver.take_keyboard(ANN)
            before = left()
            await pilot.pause(2.0)
            assert left() >= before - 1.0, (before, left())
            await driver.choose(panel, lambda m: m.action == cancel)
            await driver.wait_for(lambda: cancel in session.actions)
            deal = driver.state.deal
            assert deal is not None and not deal.agreements
            await driver.give_back()
            # The request is answered: its count is gone (Dealer1 may ask Ann anew, with a
            # count of its own).
            now = time.monotonic()
            assert all(q.proposal is not None for q, _ in app.bot_waits.shown(now))
            await driver.wait_for(lambda: "asks to cancel the agreement" not in screen_text(app))
            assert "Ann wants to cancel the agreement with Dealer1." in log_text(app)

    run(scenario)


def test_a_person_boss_asks_a_bot_supplier_to_cancel_and_it_gives_in(tmp_path: Path) -> None:
    """N5 the other way round. Seed 1: Ann, the Boss, agreed to buy Dealer1's blue investor,
    then asks it, through the keys, to cancel. She has no other blue, so the agreement is
    Dealer1's money if she closes: it keeps it while she asks — the request stands in the deal
    box — and cancels too once she has asked for a long while (CANCEL_PATIENCE times the table
    asked it). The agreement is gone, and the log says so."""
    session = deal_started(tmp_path, seed=1, boss=ANN, space=1)
    blue = (InvestorRef(colour=Colour.BLUE),)
    price = Price(amount=fair(session.state))
    session.act(A.Offer(player=ANN, supplier=DEALER1, cards=blue, price=price))
    session.act(A.Accept(player=DEALER1))
    asked = A.CancelAgreement(player=ANN, other=DEALER1)
    answer = A.CancelAgreement(player=DEALER1, other=ANN)

    async def scenario() -> None:
        app = BossApp(settings(tmp_path, bot_pause=0.05), session)
        async with app.run_test(size=(100, 30)) as pilot:
            driver = Driver(pilot)
            bot = app.bot_seats.bots[DEALER1]
            assert isinstance(bot, DealerBot)
            panel = await driver.take_keyboard(ANN)
            await driver.choose(panel, lambda m: m.action == asked)
            await driver.wait_for(lambda: asked in session.actions)
            await driver.give_back()
            # Asked once, not yet given in (it is asked four times a second at most, and the
            # check runs at once): the agreement and the request stand.
            await driver.wait_for(lambda: bot._cancel_asks[ANN] >= 1)
            assert bot._cancel_asks[ANN] < CANCEL_PATIENCE
            deal = driver.state.deal
            assert deal is not None and deal.agreements and answer not in session.actions
            shown = screen_text(app)
            assert "Ann asks to cancel the agreement with Dealer1" in shown, shown
            await driver.wait_for(lambda: answer in session.actions)
            assert bot._cancel_asks[ANN] == CANCEL_PATIENCE
            deal = driver.state.deal
            assert deal is not None and deal.agreements == () and not deal.cancel_requests
            await driver.wait_for(
                lambda: "Dealer1 wants to cancel the agreement with Ann." in log_text(app)
            )
            await driver.wait_for(lambda: "asks to cancel the agreement" not in screen_text(app))

    run(scenario)


def seed_11_offer_to_bob(save_dir: Path) -> GameSession:
    """Seed 11 as a table played it (issue 19, with sharks in tmux) up to the offer of the
    Boss, Dealer2, to Bob: $3M for his orange investor. Space 4 takes two of four colours
    besides blue and pink, so the Boss can close without orange."""
    session = GameSession.new(Setup(players=PEOPLE_AND_BOTS, seed=11), save_dir, bots=BOTS)
    session.act(A.PlaceMarker(player=BOB, space=4))
    for seat, value in ((DEALER1, 3), (DEALER2, 4), (ANN, 4), (BOB, 6), (DEALER1, 5)):
        session.act(A.Roll(player=seat, value=value))
        session.act(A.Draw(player=seat))
    three = Price(amount=3)
    session.act(A.StartDeal(player=DEALER2))
    session.act(A.Ask(player=DEALER1, cards=(InvestorRef(colour=Colour.GREEN),), price=three))
    session.act(A.LayFamily(player=DEALER1, colour=Colour.PINK))
    session.act(A.Accept(player=DEALER2, supplier=DEALER1))
    pink = (FamilyRef(owner=DEALER1, colour=Colour.PINK),)
    session.act(A.Ask(player=DEALER1, cards=pink, price=three))
    orange = (InvestorRef(colour=Colour.ORANGE),)
    session.act(A.Offer(player=DEALER2, supplier=BOB, cards=orange, price=three))
    return session


def test_a_bot_boss_does_not_close_without_the_person_it_offered_a_price(tmp_path: Path) -> None:
    """Issue 19: Shark2, the Boss, offered Bob $3M and ended the deal a moment later, before
    Bob could take the keyboard. The close needed no orange (it laid its own blue and pink),
    so nothing about the colour held it back; yet a close ends Bob's question unanswered as
    a fail does. The Boss waits for his answer, and Bob's accept is what closes the deal."""
    session = seed_11_offer_to_bob(tmp_path)
    offer = session.actions[-1]
    assert isinstance(offer, A.Offer) and offer.supplier == BOB

    def ended_early() -> bool:
        after = session.actions[session.actions.index(offer) + 1 :]
        return any(
            isinstance(a, A.Close | A.Fail | A.Reset)
            or (isinstance(a, A.Withdraw | A.Offer) and a.supplier == BOB)
            for a in after
        )

    def could_close() -> bool:
        return any(isinstance(a, A.Close) for a in legal_actions(session.state, DEALER2))

    async def scenario() -> None:
        changes = {"bot_pause": 0.05, "bot_wait": 600.0, "stop_window": 1.0, "last_call": 1.0}
        app = BossApp(settings(tmp_path, names=None, **changes), session)
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: could_close() or ended_early())
            # Many of the bots' moments (one each 0.05 s): without the wait it closed at once.
            await pilot.pause(2.0)
            assert not ended_early(), "\n".join(map(repr, session.actions[-6:]))
            assert driver.state.phase is Phase.DEAL and bot_offer_to(driver.state, BOB)
            close = await accepted_and_closed(driver, session, BOB)
            assert close.player == DEALER2 and Colour.ORANGE in close.supplies
            assert driver.state.players[BOB].money == 3

    run(scenario)
