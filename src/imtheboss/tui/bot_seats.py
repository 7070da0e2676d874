"""Computer players at a table of people: who of them acts next, and with what.

The app asks this controller at a walking pace (a short, settable pause), so people can follow
what the bots do; bots answer reaction windows like anyone, out of turn included.

People need time to answer a bot: taking the keyboard, choosing, confirming takes seconds, and
a bot that gives up a moment after its offer leaves them no chance (a save showed an offer to
Ann at 7.7 s and the deal failed at 9.9 s). So a bot that has put a question to a person — its
offer as the Boss, its ask to a Boss who is a person, its request to cancel its agreement with
a person (N5: it ends only when both sides cancel) — waits for the answer (``BotWaits``):
until the person answers or the wait runs out, the bot neither fails nor closes the deal, nor
takes back or replaces its question. It goes on playing otherwise, and the rest of the table
keeps working.
The questions are proposals and requests said at the table, so the wait tells nothing that the
table does not already see.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import sys
import threading
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.legal import legal_actions
from ..engine.state import GameState, Phase, Proposal, WindowKind
from ..engine.view import PlayerView, view
from ..plain import plain

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from ..bots.base import Bot


@plain(frozen=True)
class Question:
    """A bot's proposal, or request to cancel an agreement, that a person has not answered
    yet. ``deal``: deals done, space and Boss — the same question in another deal is another
    question, with a wait of its own."""

    asker: int
    person: int
    #: The offer or ask; None for a request to cancel the agreement between the two (N5),
    #: answered by the person's own cancel.
    proposal: Proposal | None
    deal: tuple[int, int, int]


def questions(state: GameState, bots: Collection[int]) -> tuple[Question, ...]:
    """The open questions from a bot to a person: a bot Boss's offers to people, bots' asks
    to a Boss who is a person, and a bot's request to cancel its agreement with a person."""
    deal = state.deal
    if deal is None or state.phase is not Phase.DEAL:
        return ()
    key = (state.deals_done, deal.space, deal.boss)
    found = []
    for prop in deal.proposals:
        asker, person = (deal.boss, prop.supplier) if prop.by_boss else (prop.supplier, deal.boss)
        if asker in bots and person not in bots:
            found.append(Question(asker, person, prop, key))
    # Sorted: a frozenset's order is no order, and the table shows the waits in this one.
    for asker, person in sorted(deal.cancel_requests):
        if asker in bots and person not in bots:
            found.append(Question(asker, person, None, key))
    return tuple(found)


class BotWaits:
    """How long each bot's open question to a person has left. The clock is the caller's
    (the app passes ``time.monotonic()``; a test or a benchmark its own), never the engine's.
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._deadlines: dict[Question, float] = {}

    def update(self, state: GameState, bots: Collection[int], now: float) -> None:
        """Start the wait of each new question; forget the answered ones (an accepted offer,
        a counter-offer, a withdrawn one, a deal that ended)."""
        open_now = questions(state, bots)
        self._deadlines = {
            q: self._deadlines.get(q, now + self.seconds) for q in open_now if self.seconds > 0
        }

    def hold(self, elapsed: float) -> None:
        """The count waits while someone holds the keyboard, as a stop window's does."""
        for question in self._deadlines:
            self._deadlines[question] += elapsed

    def waiting(self, now: float) -> dict[int, tuple[Question, ...]]:
        """Each bot still waiting, with the questions it waits on."""
        found: dict[int, tuple[Question, ...]] = {}
        for question, deadline in self._deadlines.items():
            if now < deadline:
                found[question.asker] = (*found.get(question.asker, ()), question)
        return found

    def shown(self, now: float) -> list[tuple[Question, float]]:
        """The waits still running and their seconds left, for the table to show."""
        return [(q, d - now) for q, d in self._deadlines.items() if now < d]


def gives_up(action: Action, question: Question, state: GameState | None = None) -> bool:
    """Would this move end the question before its answer: failing the deal, taking the
    proposal back, or replacing it with another? (A request to cancel is never taken back:
    no move does that.) A Boss who offered a person a price does not close either: a close
    ends the offer unanswered as a fail does, whatever colours it is made of (a shark Boss
    closed with pink a moment after its offer to Bob for orange, issue 19). And, ``state``
    given, would that Boss take the colour from someone else first — accept another's card
    for it — when it promised the person the time to answer?"""
    if isinstance(action, A.Fail | A.Reset):
        return True
    if question.proposal is None:
        return False
    if question.proposal.by_boss:
        if isinstance(action, A.Close):
            return True
        if isinstance(action, A.Withdraw | A.Offer):
            return action.supplier == question.person
        if state is not None and state.deal is not None:
            return _takes_the_colour_elsewhere(action, question, state)
        return False
    return isinstance(action, A.Withdraw | A.Ask)


def _takes_the_colour_elsewhere(action: Action, question: Question, state: GameState) -> bool:
    assert question.proposal is not None and state.deal is not None
    promised = {ref.colour for ref in question.proposal.cards}
    if isinstance(action, A.Accept) and action.supplier not in (None, question.person):
        other = next((p for p in state.deal.proposals if p.supplier == action.supplier), None)
        return other is not None and any(ref.colour in promised for ref in other.cards)
    return False


class FarThinker:
    """A process of its own where the sharks search, so that their thinking takes nothing
    from the table's thread.

    A thread alone is not enough: a search is pure Python and holds the interpreter's lock,
    and the table, which gives it back at every wait for the terminal, got it back only
    every few milliseconds — Ctrl+Q took 3 s to show its question under a shark at budget
    20,000. The bot goes there with what it is asked and comes back with its answer and
    its memory, so that its next decision is the one it would have taken at home (the same
    seed, the same count of decisions: the same game).
    """

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # Imported here: a table without a shark never starts the process, and the
            # modules cost its first frame about 3 ms.
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            # spawn: a fresh interpreter, nothing of the table's threads or terminal in it.
            context = multiprocessing.get_context("spawn")
            # Textual holds sys.stderr while the table runs, with no file behind it, and the
            # helper process that multiprocessing starts first passes on stderr's file.
            with contextlib.redirect_stderr(sys.__stderr__):
                self._pool = ProcessPoolExecutor(
                    max_workers=1, mp_context=context, initializer=_far_away
                )
                self._pool.submit(_decide_far, None, None, ())  # the process starts now
        return self._pool

    def warm_up(self) -> None:
        """Start the process now (it imports the engine and the bots: a second or so), not at
        the first decision."""
        self._started()

    def decide(
        self, bot: Bot, seen: PlayerView, legal: Sequence[Action]
    ) -> tuple[Action | None, Bot]:
        """``bot``'s answer, and the bot as it is after giving it."""
        choice, after = self._started().submit(_decide_far, bot, seen, legal).result()
        assert after is not None
        return choice, after

    def close(self) -> None:
        """The table is gone: a search under way is not waited for (at budget 20,000 it goes
        on for half a minute)."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()


def _far_away() -> None:
    """The searching process writes nothing on the table's terminal, and a Ctrl+C typed
    there is the table's to handle (the process goes with the table)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)


def _decide_far(
    bot: Bot | None, seen: PlayerView | None, legal: Sequence[Action]
) -> tuple[Action | None, Bot | None]:
    if bot is None or seen is None:
        return None, None  # warming up
    return bot.decide(seen, legal), bot


def thinks_far(bot: Bot) -> bool:
    """A bot whose decisions are searches (the shark's playouts), not a few rules."""
    return hasattr(bot, "budget")


class BotSeats:
    def __init__(
        self,
        bots: Mapping[int, Bot],
        seed: int,
        ask_around: bool = False,
        far: FarThinker | None = None,
    ) -> None:
        """``far``: where searching bots think (None: here, on the caller's thread)."""
        self.bots = dict(bots)
        self.ask_around = ask_around
        self._rng = random.Random(seed)
        self._far = far
        if far is not None and any(thinks_far(b) for b in self.bots.values()):
            far.warm_up()

    def __contains__(self, seat: object) -> bool:
        return seat in self.bots

    def _ask(self, state: GameState, seat: int) -> Action | None:
        legal = legal_actions(state, seat)
        if not legal:
            return None
        bot = self.bots[seat]
        if self._far is not None and thinks_far(bot):
            choice, self.bots[seat] = self._far.decide(bot, view(state, seat), legal)
        else:
            choice = bot.decide(view(state, seat), legal)
        return choice if choice in legal else None

    def next_action(
        self,
        state: GameState,
        asked: int | None = None,
        waiting: Mapping[int, Sequence[Question]] | None = None,
    ) -> Action | None:
        """The bots' next move, or None to leave the moment to the people at the table.

        ``asked`` is the seat the table is waiting for in ask-around mode; ``waiting``: the
        bots waiting for a person's answer (``BotWaits.waiting``), whose moves that would give
        up on their question are held back.
        """
        if state.phase is Phase.OVER or not self.bots:
            return None
        window = state.window
        if window is not None:
            for seat in sorted(s for s in self.bots if s != window.player):
                answer = self._ask(state, seat)
                if answer is None:
                    continue
                if isinstance(answer, A.Pass):
                    # A bot's pass only matters when the table is asking it; otherwise the
                    # count runs out by itself and the log stays readable.
                    if self.ask_around and seat == asked:
                        return answer
                    continue
                if window.kind is WindowKind.LAST_CALL or isinstance(answer, A.PlayStop):
                    return answer
            if self.ask_around and asked in self.bots:
                return A.Pass(player=asked)
            return None
        if state.phase is Phase.DEAL:
            held = waiting or {}
            seats = list(self.bots)
            self._rng.shuffle(seats)
            for seat in seats:
                answer = self._ask(state, seat)
                if answer is None:
                    continue
                if any(gives_up(answer, q, state) for q in held.get(seat, ())):
                    continue  # not yet: the person has time to answer
                return answer
            return None
        decider = table_decider(state)
        if decider not in self.bots:
            return None
        answer = self._ask(state, decider)
        return answer if answer is not None else legal_actions(state, decider)[0]


def table_decider(state: GameState) -> int:
    """Who decides the table's move of the moment (marker, deal here, draw, the end roll)."""
    if state.phase is Phase.PLACE_MARKER:
        return state.right_of(state.turn)
    if state.phase is Phase.END_ROLL and state.end_roller is not None:
        return state.end_roller
    return state.turn


class Thinking:
    """One decision of the bots, worked out on a thread of its own.

    A shark plays a choice out hundreds of times before it answers; on the UI thread that
    froze the table for as long — and only when it held a card worth thinking about (a stop
    while a travel waited: 27–116 ms against 0.01 ms), which told the table what it held
    (issue 23). Off the UI thread the table keeps drawing, and the answer is played at
    a moment after ``asked_at`` that does not depend on what the bot holds.
    """

    def __init__(self, state: GameState, asked_at: float) -> None:
        #: The state the bots were asked about: their answer is played only on that state.
        self.state = state
        self.asked_at = asked_at
        self.action: Action | None = None
        self.error: BaseException | None = None
        self._done = threading.Event()

    def start(
        self,
        seats: BotSeats,
        asked: int | None,
        waiting: Mapping[int, Sequence[Question]],
    ) -> None:
        def think() -> None:
            try:
                self.action = seats.next_action(self.state, asked, waiting)
            except BaseException as exc:  # re-raised on the UI thread, where crashes are told
                self.error = exc
            finally:
                self._done.set()

        # A daemon: a decision still under way when the table quits is not waited for.
        self._thread = threading.Thread(target=think, name="bots thinking", daemon=True)
        self._thread.start()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def answer(self) -> Action | None:
        """The bots' move (None: nothing to do); a bot's error raised here."""
        if self.error is not None:
            raise self.error
        return self.action
