"""``imtheboss join`` (issue 24): the seat app drawn from the host's snapshots alone, over
loopback against the real server with a table of its own; its secret kept on the device (a
file of its own per phone), and back in its seat by itself after the host went away."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from imtheboss.engine import Card, Colour, InvestorRef, apply, view
from imtheboss.engine import actions as A
from imtheboss.engine.actions import Action
from imtheboss.engine.errors import IllegalAction
from imtheboss.engine.position import Position, from_position
from imtheboss.engine.state import FamilyRef, GameState, Price, WindowKind
from imtheboss.seats.client import BadAddress, DeviceKeys, SeatApp, SeatPanel, device_keys, ws_url
from imtheboss.seats.host import SeatHost, SeatKeys
from imtheboss.seats.protocol import write
from imtheboss.seats.server import SeatServer
from imtheboss.tui.screens.dialogs import ConfirmDialog
from imtheboss.tui.screens.private import ActionChosen


class Table:
    def __init__(self, state: GameState) -> None:
        self.state = state

    def seat_state(self) -> GameState | None:
        return self.state

    def seat_play(self, action: Action) -> IllegalAction | None:
        try:
            self.state, _ = apply(self.state, action)
        except IllegalAction as exc:
            return exc
        return None

    def seat_remaining(self) -> float | None:
        return 30.0 if self.state.window is not None else None

    def seat_log(self) -> list[str]:
        return ["A new game."]

    def seat_bots(self) -> frozenset[int]:
        return frozenset()

    def seats_changed(self) -> None:
        pass


def travel_ready() -> GameState:
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
            "Ann": (Card.FAMILY_GREEN,),
            "Bob": (Card.STOP, Card.STOP),
            "Cy": (Card.TRAVEL_RED,),
            "Di": (Card.HIRE,),
        },
        seed=3,
    )
    state, _ = apply(from_position(position), A.StartDeal(player=0))
    return state


async def until(condition: Callable[[], bool], seconds: float = 20.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the seat never got there")


def test_the_seat_app_plays_a_stop_and_comes_back_after_the_host_went_away(
    tmp_path: Path,
) -> None:
    async def night() -> None:
        table = Table(travel_ready())
        keys = SeatKeys.load(tmp_path / ".game.seats")
        server = SeatServer(SeatHost(table, keys), port=0)
        url = await server.start()
        app = SeatApp(url, None, DeviceKeys(tmp_path / "device.json"))
        async with app.run_test(size=(80, 24)) as pilot:
            from imtheboss.seats.client import ChooseSeat

            await until(lambda: isinstance(app.screen, ChooseSeat))
            await pilot.press("down")  # Bob, the second seat
            await pilot.press("enter")
            await until(lambda: isinstance(app.screen, SeatPanel) and app.snapshot is not None)
            assert app.seat == 1
            panel = app.screen
            assert isinstance(panel, SeatPanel)
            assert panel.seen == view(table.state, 1)
            # Cy's travel card at the host's table: Bob's device shows the count and a stop.
            table.state, _ = apply(
                table.state, A.PlayTravel(player=2, target=InvestorRef(colour=Colour.RED))
            )
            server.host.sync()
            await until(lambda: any(m.kind == "stop" for m in panel.moves))
            await pilot.press("s")
            await until(lambda: table.state.window is None)
            assert table.state.owners[Colour.RED] == 0
            # The host goes away and comes back on the same port: the device rejoins alone.
            port = server.port
            await server.stop()
            await until(lambda: app.socket is None)
            again = SeatServer(SeatHost(table, SeatKeys.load(tmp_path / ".game.seats")), port=port)
            await again.start()
            await until(lambda: 1 in again.host.online(), seconds=30)
            await until(
                lambda: app.snapshot is not None and app.snapshot.view == view(table.state, 1)
            )
            await again.stop()

    asyncio.run(night())


def test_a_device_keeps_its_secret_readable_by_its_owner_only(tmp_path: Path) -> None:
    keys = device_keys(str(tmp_path))
    keys.put("ws://127.0.0.1:8765/", 2, "s" * 43)
    kept = tmp_path / "devices.json"
    assert kept.is_file() and oct(kept.stat().st_mode & 0o777) == "0o600"
    assert device_keys(str(tmp_path)).get("ws://127.0.0.1:8765/") == (2, "s" * 43)
    assert device_keys(str(tmp_path)).get("ws://127.0.0.1:9999/") is None
    keys.forget("ws://127.0.0.1:8765/")
    assert device_keys(str(tmp_path)).get("ws://127.0.0.1:8765/") is None


@pytest.mark.parametrize(
    ("given", "url"),
    [
        ("127.0.0.1:8765", "ws://127.0.0.1:8765/"),
        ("ws://192.168.1.20:8765/", "ws://192.168.1.20:8765/"),
        ("http://192.168.1.20:9000", "ws://192.168.1.20:9000/"),
    ],
)
def test_an_address_as_the_table_shows_it(given: str, url: str) -> None:
    assert ws_url(given) == url


@pytest.mark.parametrize("given", ["", "127.0.0.1", "ftp://x:1/", "host:port", "ws://:80/"])
def test_an_address_that_is_none_is_refused(given: str) -> None:
    with pytest.raises(BadAddress):
        ws_url(given)


def test_a_phone_sees_its_hand_and_moves_above_the_deal_in_43_columns(tmp_path: Path) -> None:
    async def phone() -> None:
        table = Table(travel_ready())
        server = SeatServer(SeatHost(table), port=0)
        url = await server.start()
        app = SeatApp(url, 1, DeviceKeys(tmp_path / "device.json"))
        async with app.run_test(size=(43, 30)) as pilot:
            await until(lambda: isinstance(app.screen, SeatPanel) and app.snapshot is not None)
            await pilot.pause()
            panel = app.screen
            assert "-narrow" in panel.classes
            mine, side = panel.query_one("#private"), panel.query_one("#private-side")
            assert mine.region.right <= 43 and side.region.right <= 43
            assert side.region.y >= mine.region.bottom  # under the hand and the moves
            assert mine.region.width > 35  # the whole width for the hand, not a third
        await server.stop()

    asyncio.run(phone())


def test_two_moves_chosen_together_reach_the_host_one_after_the_other(tmp_path: Path) -> None:
    """Laying a family card and asking its price are two moves chosen at once: the second is
    sent on the version the first made, not refused as late."""

    async def night() -> None:
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
            hands={"Ann": (), "Bob": (), "Cy": (), "Di": (Card.FAMILY_ORANGE,)},
            seed=3,
        )
        state, _ = apply(from_position(position), A.StartDeal(player=0))
        table = Table(state)
        server = SeatServer(SeatHost(table), port=0)
        url = await server.start()
        app = SeatApp(url, 3, DeviceKeys(tmp_path / "device.json"))
        async with app.run_test(size=(80, 24)):
            await until(lambda: app.snapshot is not None)
            lay = A.LayFamily(player=3, colour=Colour.ORANGE)
            ask = A.Ask(
                player=3, cards=(FamilyRef(owner=3, colour=Colour.ORANGE),), price=Price(amount=2)
            )
            app.post_message(ActionChosen(lay, True))
            app.post_message(ActionChosen(ask, True))
            await until(lambda: table.state.deal is not None and bool(table.state.deal.proposals))
            assert table.state.deal is not None and table.state.deal.family
        await server.stop()

    asyncio.run(night())


def test_the_boss_on_a_device_accepts_the_prices_asked_and_closes_in_one_step(
    tmp_path: Path,
) -> None:
    """Bob asks $2M for yellow and pink, Cy $1M for orange: Ann's device has the table's
    one-step line (c, then y), and the host gets the two acceptances and the close."""

    async def night() -> None:
        state = travel_ready()
        yellow, pink = InvestorRef(colour=Colour.YELLOW), InvestorRef(colour=Colour.PINK)
        orange = InvestorRef(colour=Colour.ORANGE)
        for ask in (
            A.Ask(player=1, cards=(yellow, pink), price=Price(amount=2)),
            A.Ask(player=2, cards=(orange,), price=Price(amount=1)),
        ):
            state, _ = apply(state, ask)
        table = Table(state)  # the last call's count ticks on the device as the app closes
        server = SeatServer(SeatHost(table), port=0)
        url = await server.start()
        app = SeatApp(url, 0, DeviceKeys(tmp_path / "device.json"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, SeatPanel) and app.snapshot is not None)
            await pilot.pause()
            assert app.snapshot is not None and app.snapshot.one_step
            panel = app.screen
            assert isinstance(panel, SeatPanel)
            assert any(m.ask == "accept_close" for m in panel.moves)
            await pilot.press("c")
            await until(lambda: isinstance(app.screen, ConfirmDialog))
            await until(lambda: getattr(app.screen, "_drawn_at", None) is not None)
            await pilot.press("y")
            await until(lambda: table.state.window is not None)
            assert (
                table.state.window is not None and table.state.window.kind is WindowKind.LAST_CALL
            )
            deal = table.state.deal
            assert deal is not None and {a.supplier for a in deal.agreements} == {1, 2}
        await server.stop()

    asyncio.run(night())


def test_a_tick_or_a_snapshot_while_the_panel_is_taken_down_draws_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual takes a screen down while it is still on the stack (an app that closes: its
    widgets go first, then the screen), and the app's timer and its connection's worker run
    in tasks of their own meanwhile. A count's tick, or a snapshot arriving then, found the
    panel without its widgets: NoMatches for ``#hand`` (seen under load at a test's end)."""
    seen: list[BaseException | None] = []

    async def night() -> None:
        state, _ = apply(
            travel_ready(), A.PlayTravel(player=2, target=InvestorRef(colour=Colour.RED))
        )
        table = Table(state)  # a travel's count runs: the app's timer redraws the panel
        server = SeatServer(SeatHost(table), port=0)
        url = await server.start()
        app = SeatApp(url, 1, DeviceKeys(tmp_path / "device.json"))

        class Watched(SeatPanel):
            def on_unmount(self) -> None:
                # Its widgets are gone and it is still on the app's stack: a count's tick
                # comes, and the host's next snapshot.
                assert self in app.screen_stack and not self.query("#hand")
                later = server.host.snapshot(
                    table.state, 1, 29.0, ["A new game."], server.host.seat_infos()
                )
                try:
                    app._tick()
                    app._received(write(later.model_copy(update={"version": later.version + 1})))
                except Exception as exc:  # the race is what is looked for
                    seen.append(exc)
                else:
                    seen.append(None)
                super().on_unmount()

        monkeypatch.setattr("imtheboss.seats.client.SeatPanel", Watched)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, Watched) and app.snapshot is not None)
            await pilot.pause()
            assert app.snapshot is not None and app.snapshot.remaining is not None  # a count
        await server.stop()

    asyncio.run(night())
    assert seen == [None]


def test_two_snapshots_before_the_panel_is_drawn_leave_it_on_the_later(tmp_path: Path) -> None:
    """The first snapshot puts the panel up; a second that comes before the panel is mounted
    must be the one it shows (it showed the first until the next change: moves of a
    version the host had left)."""

    async def night() -> None:
        table = Table(travel_ready())
        host = SeatHost(table)
        first = host.snapshot(table.state, 1, None, ["A new game."], host.seat_infos())
        table.state, _ = apply(
            table.state, A.PlayTravel(player=2, target=InvestorRef(colour=Colour.RED))
        )
        host.sync()
        # No count: a count's ticks would draw the later one anyway.
        later = host.snapshot(table.state, 1, None, ["A new game."], host.seat_infos())
        later = later.model_copy(update={"version": first.version + 1})
        app = SeatApp("ws://127.0.0.1:9/", None, DeviceKeys(tmp_path / "device.json"))
        async with app.run_test(size=(80, 24)) as pilot:
            app._received(write(first))
            app._received(write(later))
            await until(lambda: isinstance(app.screen, SeatPanel) and app.screen.is_mounted)
            await pilot.pause()
            await pilot.pause()
            panel = app.screen
            assert isinstance(panel, SeatPanel)
            assert panel.seen == later.view
            assert any(m.kind == "stop" for m in panel.moves)

    asyncio.run(night())


class Standing(Table):
    """The host's standing close, as the app makes it: the offers, all or none."""

    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        self.stood: list[tuple[A.Offer, ...]] = []

    def seat_stand(self, seat: int, offers: tuple[A.Offer, ...]) -> IllegalAction | None:
        after = self.state
        try:
            for offer in offers:
                after, _ = apply(after, offer)
        except IllegalAction as exc:
            return exc
        self.state = after
        self.stood.append(offers)
        return None


def test_the_boss_on_a_device_names_one_price_for_a_standing_close(tmp_path: Path) -> None:
    """Ann's device has the table's standing close: ``e``, a colour's letter to pick among
    the closes (orange, then pink: Bob's yellow and pink, Cy's orange), a price, and the
    host is sent the offers of that close at that price."""

    async def night() -> None:
        table = Standing(travel_ready())
        server = SeatServer(SeatHost(table), port=0)
        url = await server.start()
        app = SeatApp(url, 0, DeviceKeys(tmp_path / "device.json"))
        async with app.run_test(size=(80, 24)) as pilot:
            from imtheboss.tui.screens.dialogs import PriceDialog

            await until(lambda: isinstance(app.screen, SeatPanel) and app.snapshot is not None)
            await pilot.pause()
            panel = app.screen
            assert isinstance(panel, SeatPanel)
            assert any(m.ask == "standing" for m in panel.moves)
            await pilot.press("e", "o", "p")
            await until(lambda: isinstance(app.screen, PriceDialog))
            await pilot.press("2", "enter")
            await until(lambda: bool(table.stood))
            yellow, pink = InvestorRef(colour=Colour.YELLOW), InvestorRef(colour=Colour.PINK)
            two = Price(amount=2)
            assert table.stood == [
                (
                    A.Offer(player=0, supplier=1, cards=(yellow, pink), price=two),
                    A.Offer(
                        player=0, supplier=2, cards=(InvestorRef(colour=Colour.ORANGE),), price=two
                    ),
                )
            ]
            assert table.state.deal is not None and len(table.state.deal.proposals) == 2
        await server.stop()

    asyncio.run(night())
