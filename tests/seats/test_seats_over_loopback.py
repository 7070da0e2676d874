"""The table with seats on devices over loopback (issue 24): the real server in the app's own
event loop, devices as plain websocket clients. A seat on a device is never opened at the
shared keyboard; a stop from a device during a travel count cancels it; a device killed
mid-deal, or the host itself, loses nothing: everyone is back after resume and rejoin.

Every wait is bounded (``until``): a test that cannot reach its state fails, never hangs."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
from rich.cells import cell_len
from textual.geometry import Region
from textual.widgets import Label, Static

from imtheboss import i18n
from imtheboss.engine import Card, Colour, InvestorRef, apply, view
from imtheboss.engine import actions as A
from imtheboss.engine.errors import IllegalAction
from imtheboss.engine.legal import legal_actions
from imtheboss.engine.one_step import standing_offers
from imtheboss.engine.position import Position
from imtheboss.engine.state import Price, WindowKind
from imtheboss.seats.hosting import HostedSeats, SeatsScreen
from imtheboss.seats.protocol import (
    MAX_FROM_SEAT,
    Claim,
    Intent,
    Refused,
    Rejoin,
    Snapshot,
    Stand,
    Welcome,
    read_to_seat,
    write,
)
from imtheboss.seats.server import lan_address
from imtheboss.session import GameSession
from imtheboss.tui.app import BossApp, TableSettings
from imtheboss.tui.screens.table import TableScreen

NAMES = ("Ann", "Bob", "Cy", "Di")


def travel_ready(save_dir: Path) -> GameSession:
    """Space 5, Ann the Boss; Cy holds a travel card, Bob two stops, Ann a stop."""
    position = Position(
        players=NAMES,
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
    session = GameSession.new(position, save_dir)
    session.act(A.StartDeal(player=0))
    return session


def table_settings(save_dir: Path, **changes: Any) -> TableSettings:
    base: dict[str, Any] = {
        "names": NAMES,
        "save_dir": save_dir,
        "stop_window": 600.0,
        "last_call": 600.0,
        "seats_port": 0,  # any free port: tests never collide with a table being played
    }
    base.update(changes)
    return TableSettings(**base)


async def until(condition: Callable[[], bool], seconds: float = 20.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the table never got there")


def seats_line(app: BossApp) -> str:
    table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    return str(table.query_one("#seats", Static).render())


class Device:
    """A seat's websocket, as ``imtheboss join`` holds it."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.got: list[Any] = []
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        async for message in self.socket:
            if message.type is aiohttp.WSMsgType.TEXT:
                self.got.append(read_to_seat(message.data))

    async def send(self, text: str) -> None:
        await self.socket.send_str(text)

    def snapshot(self) -> Snapshot | None:
        found = [m for m in self.got if isinstance(m, Snapshot)]
        return found[-1] if found else None

    def refusals(self) -> list[str]:
        return [m.code for m in self.got if isinstance(m, Refused)]

    def secret(self) -> str:
        return next(m.secret for m in self.got if isinstance(m, Welcome))


async def claim(http: aiohttp.ClientSession, url: str, seat: int) -> Device:
    device = Device(await http.ws_connect(url))
    await device.send(write(Claim(seat=seat)))
    await until(lambda: device.snapshot() is not None)
    return device


def run(test: Callable[[], Any]) -> None:
    asyncio.run(test())


def test_a_stop_from_a_device_cancels_the_travel_count(tmp_path: Path) -> None:
    async def game() -> None:
        session = travel_ready(tmp_path)
        app = BossApp(table_settings(tmp_path), session, HostedSeats)
        async with app.run_test(size=(80, 24)) as pilot, aiohttp.ClientSession() as http:
            await pilot.pause()
            assert app.seats is not None and app.seats.address is not None
            url = app.seats.address
            assert url.startswith("ws://127.0.0.1:")  # loopback unless --lan
            assert f"Join: {url}" in seats_line(app)
            bob = await claim(http, url, 1)
            await until(lambda: "on devices: Bob" in seats_line(app))
            # Bob's hand is on his device: the shared keyboard never opens it.
            await pilot.press("2")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            # Cy plays her travel card at the keyboard; the count runs on the host's clock.
            app.play(A.PlayTravel(player=2, target=InvestorRef(colour=Colour.RED)))
            await until(lambda: (s := bob.snapshot()) is not None and s.view.window is not None)
            snap = bob.snapshot()
            assert snap is not None and snap.remaining is not None and snap.remaining > 500
            assert snap.view == view(session.state, 1)
            await bob.send(write(Intent(version=snap.version, action=A.PlayStop(player=1))))
            await until(lambda: session.state.window is None)
            assert isinstance(session.actions[-1], A.PlayStop)
            assert session.state.owners[Colour.RED] == 0  # red never travelled
            # The same stop again (a replay): refused to Bob alone, nothing changes.
            played = session.state
            await bob.send(write(Intent(version=snap.version, action=A.PlayStop(player=1))))
            await until(lambda: "stale" in bob.refusals())
            assert session.state is played
            await bob.socket.close()

    run(game)


def test_the_door_refuses_web_pages_and_oversized_messages(tmp_path: Path) -> None:
    async def game() -> None:
        session = travel_ready(tmp_path)
        app = BossApp(table_settings(tmp_path), session, HostedSeats)
        async with app.run_test(size=(80, 24)) as pilot, aiohttp.ClientSession() as http:
            await pilot.pause()
            assert app.seats is not None and app.seats.address is not None
            url = app.seats.address
            before = session.state
            try:
                await http.ws_connect(url, origin="http://evil.example")
            except aiohttp.WSServerHandshakeError as refused:
                assert refused.status == 403
            else:
                raise AssertionError("a web page's connection was let in")
            device = await claim(http, url, 0)
            await device.send("x" * (MAX_FROM_SEAT + 10))
            await until(lambda: "too_big" in device.refusals())
            await device.send("{not json")
            await until(lambda: "malformed" in device.refusals())
            # A frame beyond what the server reads at all closes that device's connection.
            await device.send("x" * (256 * 1024))
            await until(lambda: device.socket.closed)
            assert session.state is before
            await until(lambda: "offline: Ann" in seats_line(app))

    run(game)


def test_a_device_or_the_host_killed_mid_deal_loses_nothing(tmp_path: Path) -> None:
    async def first_night() -> tuple[str, str]:
        session = travel_ready(tmp_path)
        app = BossApp(table_settings(tmp_path), session, HostedSeats)
        async with app.run_test(size=(80, 24)) as pilot, aiohttp.ClientSession() as http:
            await pilot.pause()
            assert app.seats is not None and app.seats.address is not None
            url = app.seats.address
            ann = await claim(http, url, 0)
            cy = await claim(http, url, 2)
            secret = ann.secret()
            snap = cy.snapshot()
            assert snap is not None
            travel = A.PlayTravel(player=2, target=InvestorRef(colour=Colour.RED))
            await cy.send(write(Intent(version=snap.version, action=travel)))
            await until(lambda: session.state.window is not None)
            # Ann's device dies mid-count: she is offline, the game goes on without her.
            ann.reader.cancel()
            await ann.socket.close()
            await until(lambda: "offline: Ann" in seats_line(app))
            assert session.state.window is not None
            back = Device(await http.ws_connect(url))
            await back.send(write(Rejoin(seat=0, secret=secret)))
            await until(lambda: back.snapshot() is not None)
            snap = back.snapshot()
            assert snap is not None and snap.view == view(session.state, 0)
            await until(lambda: "on devices: Ann" in seats_line(app))
            await back.socket.close()
            await cy.socket.close()
            save = session.save_path
            assert save is not None
            return str(save), secret

    save, secret = asyncio.run(first_night())

    async def after_the_host_died() -> None:
        # The host comes back on the same save (resume): Ann's secret still opens her seat.
        session = GameSession.resume(tmp_path, Path(save))
        assert session.state.window is not None  # the travel count is still open
        app = BossApp(table_settings(tmp_path), session, HostedSeats)
        async with app.run_test(size=(80, 24)) as pilot, aiohttp.ClientSession() as http:
            await pilot.pause()
            assert app.seats is not None and app.seats.address is not None
            ann = Device(await http.ws_connect(app.seats.address))
            await ann.send(write(Rejoin(seat=0, secret=secret)))
            await until(lambda: ann.snapshot() is not None)
            snap = ann.snapshot()
            assert snap is not None and snap.view == view(session.state, 0)
            assert snap.view.hand == (Card.FAMILY_GREEN, Card.STOP)
            # And still no hand of hers at the shared keyboard.
            await pilot.press("1")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            await ann.send(write(Intent(version=snap.version, action=A.PlayStop(player=0))))
            await until(lambda: session.state.window is None)
            await ann.socket.close()
        session.close()

    asyncio.run(after_the_host_died())


def test_a_seat_moves_to_another_device_only_from_the_shared_keyboard(tmp_path: Path) -> None:
    async def game() -> None:
        from imtheboss.tui.screens.privacy import PrivacyScreen

        session = travel_ready(tmp_path)
        page = "http://127.0.0.1:8766/"
        app = BossApp(table_settings(tmp_path, seats_page=page), session, HostedSeats)
        async with app.run_test(size=(80, 24)) as pilot, aiohttp.ClientSession() as http:
            await pilot.pause()
            assert app.seats is not None and app.seats.address is not None
            url = app.seats.address
            ann = await claim(http, url, 0)
            # Another device cannot take it: only the shared keyboard frees it.
            thief = Device(await http.ws_connect(url))
            await thief.send(write(Claim(seat=0)))
            await until(lambda: "seat_taken" in thief.refusals())
            await pilot.press("j")
            await until(lambda: isinstance(app.screen, SeatsScreen))
            assert app.screen.query_one("#seats-qr") is not None  # the phones' page
            await pilot.press("enter")  # Ann, the first line, on a device
            await pilot.pause()
            await pilot.press("y")
            await until(lambda: "moved" in ann.refusals())
            assert app.seats is not None and 0 not in app.seats.on_device()
            await thief.send(write(Claim(seat=0)))
            await until(lambda: thief.snapshot() is not None)
            await pilot.press("escape")
            # The seat is the new device's: the shared keyboard still never opens it.
            await pilot.press("1")
            await pilot.pause()
            assert not isinstance(app.screen, PrivacyScreen)
            await thief.socket.close()
            await ann.socket.close()

    run(game)


def test_a_hand_open_at_the_keyboard_closes_when_a_device_takes_its_seat(tmp_path: Path) -> None:
    async def game() -> None:
        from imtheboss.tui.screens.private import PrivatePanel

        session = travel_ready(tmp_path)
        app = BossApp(table_settings(tmp_path), session, HostedSeats)
        async with app.run_test(size=(80, 24)) as pilot, aiohttp.ClientSession() as http:
            await pilot.pause()
            assert app.seats is not None and app.seats.address is not None
            await pilot.press("2")
            await pilot.pause()
            await pilot.press("enter")  # Bob confirms: his hand at the shared keyboard
            await until(lambda: isinstance(app.screen, PrivatePanel))
            bob = await claim(http, app.seats.address, 1)
            await until(lambda: isinstance(app.screen, TableScreen))
            await bob.socket.close()

    run(game)


def test_a_count_gives_half_a_second_of_grace_for_a_stop_on_its_way(tmp_path: Path) -> None:
    async def game() -> None:
        import time

        session = travel_ready(tmp_path)
        app = BossApp(table_settings(tmp_path), session, HostedSeats)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.play(A.PlayTravel(player=2, target=InvestorRef(colour=Colour.RED)))
            await pilot.pause()
            app.deadline = time.monotonic() - 0.3  # ran out, on the host's clock
            app._tick()
            assert session.state.window is not None  # within the grace: still open
            app.deadline = time.monotonic() - 0.6
            app._tick()
            assert session.state.window is None and isinstance(session.actions[-1], A.TimeUp)

    run(game)


def test_an_offline_seat_is_played_by_a_bot_only_when_the_host_says_so(tmp_path: Path) -> None:
    async def game() -> None:
        session = travel_ready(tmp_path)
        app = BossApp(table_settings(tmp_path, bot_pause=0.1), session, HostedSeats)
        async with app.run_test(size=(80, 24)) as pilot, aiohttp.ClientSession() as http:
            await pilot.pause()
            assert app.seats is not None and app.seats.address is not None
            url = app.seats.address
            ann = await claim(http, url, 0)  # Ann, the Boss of the deal on the table
            secret = ann.secret()
            ann.reader.cancel()
            await ann.socket.close()
            await until(lambda: "offline: Ann" in seats_line(app))
            moves = len(session.actions)
            await asyncio.sleep(1.0)
            assert len(session.actions) == moves  # offline: nobody plays for her
            await pilot.press("j")
            await until(lambda: isinstance(app.screen, SeatsScreen))
            await pilot.press("b")  # the host says a bot plays for Ann while she is away
            assert 0 in app.bot_seats and "Ann" not in session.bots  # not saved as a bot
            await pilot.press("escape")  # bots play only with the table in sight
            await until(lambda: len(session.actions) > moves)
            assert getattr(session.actions[moves], "player", None) == 0  # for Ann alone
            # Ann's device is back: her seat is hers again, and the bot stands up.
            back = Device(await http.ws_connect(url))
            await back.send(write(Rejoin(seat=0, secret=secret)))
            await until(lambda: back.snapshot() is not None)
            await until(lambda: 0 not in app.bot_seats)
            assert app.seats is not None and 0 in app.seats.on_device()
            await back.socket.close()

    run(game)


def test_the_door_is_loopback_unless_the_lan_is_asked_for(tmp_path: Path) -> None:
    """``--seats`` listens on 127.0.0.1 alone; ``--lan`` listens on this machine's LAN address
    as well (loopback still: the phones' seat processes come by it), says so on the shared
    screen with the address and a warning, and shows no secret. The test connects only to
    127.0.0.1, never to the LAN address it bound."""

    async def night(lan: bool) -> None:
        session = travel_ready(tmp_path / str(lan))
        settings = table_settings(tmp_path / str(lan), seats_lan=lan)
        app = BossApp(settings, session, HostedSeats)
        async with app.run_test(size=(100, 24)) as pilot, aiohttp.ClientSession() as http:
            await pilot.pause()
            seats = app.seats
            assert seats is not None and seats.address is not None
            bound = seats.server.listening()
            port = seats.server.port
            line = seats_line(app)
            if not lan:
                assert bound == [("127.0.0.1", port)]
                assert seats.address == f"ws://127.0.0.1:{port}/"
                assert "⚠" not in line
                return
            address = lan_address()
            assert seats.address == f"ws://{address}:{port}/"
            assert {(address, port), ("127.0.0.1", port)} == set(bound)
            assert f"Join: ws://{address}:{port}/" in line
            assert "⚠ open to the LAN" in line
            device = await claim(http, f"ws://127.0.0.1:{port}/", 1)
            await until(lambda: "on devices: Bob" in seats_line(app))
            assert device.secret() not in seats_line(app)
            # The bar is one line: at 80 columns the warning leaves room for the names.
            assert cell_len(seats_line(app)) <= 70, seats_line(app)
            # The seats screen says it in full.
            await pilot.press("j")
            await pilot.pause()
            assert isinstance(app.screen, SeatsScreen)
            said = str(app.screen.query_one("#seats-lan", Label).render())
            assert said.startswith("⚠ open to this whole network: any device on it can take")
            await device.socket.close()

    run(lambda: night(False))
    run(lambda: night(True))


def test_a_spanish_seat_reads_its_refusals_and_log_in_spanish_at_a_korean_table(
    tmp_path: Path,
) -> None:
    """Issue 24: a seat's private refusals, and the log on its screen, are worded in the
    language its device reads (``join --lang``, the phone's), not the host's; the shared
    screen stays in the host's."""

    async def game() -> None:
        session = travel_ready(tmp_path)
        app = BossApp(table_settings(tmp_path), session, HostedSeats)
        async with app.run_test(size=(80, 24)) as pilot, aiohttp.ClientSession() as http:
            await pilot.pause()
            assert app.seats is not None and app.seats.address is not None
            url = app.seats.address
            bob = Device(await http.ws_connect(url))
            await bob.send(write(Claim(seat=1, lang="es")))
            cy = Device(await http.ws_connect(url))
            await cy.send(write(Claim(seat=2)))  # no language said: the table's
            await until(lambda: bob.snapshot() is not None and cy.snapshot() is not None)
            snap = bob.snapshot()
            assert snap is not None
            # Bob has no travel card: the engine refuses, and Bob reads why in Spanish.
            wrong = A.PlayTravel(player=1, target=InvestorRef(colour=Colour.ORANGE))
            await bob.send(write(Intent(version=snap.version, action=wrong)))
            await until(lambda: "illegal" in bob.refusals())
            said = next(m.reason for m in bob.got if isinstance(m, Refused))
            try:
                apply(session.state, wrong)
            except IllegalAction as error:
                with i18n.speaking("es"):
                    spanish = i18n.explain(error)
                korean = i18n.explain(error)
            assert said == spanish and said != korean
            assert i18n.language() == "ko"  # the host's words are the host's again
            # The log: Bob's in Spanish, Cy's (and the shared screen's) in Korean.
            with i18n.speaking("es"):
                log_es = app.table_log.markups()
            log_ko = app.table_log.markups()
            assert log_es != log_ko
            bob_snap, cy_snap = bob.snapshot(), cy.snapshot()
            assert bob_snap is not None and cy_snap is not None
            assert list(bob_snap.log) == log_es[-len(bob_snap.log) :]
            assert list(cy_snap.log) == log_ko[-len(cy_snap.log) :]
            await bob.socket.close()
            await cy.socket.close()

    i18n.use("ko")
    try:
        run(game)
    finally:
        i18n.use("en")


def test_the_seats_screen_says_everything_at_80_by_24_in_every_language(tmp_path: Path) -> None:
    """The seats screen (``j``) at 80×24, with the LAN's warning: its help and warning are
    drawn in full in every language (wrapped to the screen's width, never cut short)."""

    async def night(code: str) -> None:
        session = travel_ready(tmp_path / code)
        settings = table_settings(tmp_path / code, seats_lan=True)
        app = BossApp(settings, session, HostedSeats)
        with i18n.speaking(code):
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                await pilot.press("j")
                await until(lambda: isinstance(app.screen, SeatsScreen))
                await pilot.pause()
                for name in ("#seats-help", "#seats-lan"):
                    label = app.screen.query_one(name, Label)
                    width, height = label.content_size
                    drawn = "".join(
                        strip.text for strip in label.render_lines(Region(0, 0, width, height))
                    )
                    said = str(label.content)
                    assert label.region.right <= 80, (code, name)
                    assert "".join(drawn.split()) == "".join(said.split()), (code, drawn)

    for code in ("en", "es", "sv", "zh", "ko"):
        asyncio.run(night(code))


def logged(app: BossApp) -> str:
    """The public log's entries, as the host draws them (markup)."""
    return " ".join(app.table_log.markups())


def _priced(offers: tuple[A.Offer, ...], amount: int) -> tuple[A.Offer, ...]:
    return tuple(o.model_copy(update={"price": Price(amount=amount)}) for o in offers)


def test_the_boss_on_a_device_makes_the_standing_close_and_the_host_closes(
    tmp_path: Path,
) -> None:
    """Issue 19's standing close from a device: Ann's snapshot offers the table's choices;
    her ``Stand`` makes the offers through the one ``apply``, the log (hers too) says she
    closes once they accept, and the last acceptance brings her close, played by the host."""

    async def game() -> None:
        session = travel_ready(tmp_path)
        app = BossApp(table_settings(tmp_path), session, HostedSeats)
        async with app.run_test(size=(80, 24)) as pilot, aiohttp.ClientSession() as http:
            await pilot.pause()
            assert app.seats is not None and app.seats.address is not None
            ann = await claim(http, app.seats.address, 0)
            snap = ann.snapshot()
            assert snap is not None
            choices = standing_offers(session.state, 0)
            assert choices and snap.standing == choices
            before = len(session.actions)
            made = _priced(choices[0], 2)
            await ann.send(write(Stand(version=snap.version, offers=made)))
            await until(lambda: len(session.actions) == before + len(made))
            assert tuple(session.actions[before:]) == made
            assert app.standing is not None
            names = " and ".join(session.state.name(o.supplier) for o in made)
            said = f"Ann closes once {names} accept."
            assert said in logged(app)
            await until(lambda: any(said in line for line in (ann.snapshot() or snap).log))
            for offer in made:
                assert session.state.window is None
                app.play(A.Accept(player=offer.supplier))
            await pilot.pause()
            last = session.actions[-1]
            assert isinstance(last, A.Close) and last.player == 0
            window = session.state.window
            assert window is not None and window.kind is WindowKind.LAST_CALL
            assert ann.refusals() == []
            await ann.socket.close()

    run(game)


def test_another_move_calls_the_devices_standing_close_off_and_a_made_up_one_is_refused(
    tmp_path: Path,
) -> None:
    """A ``Stand`` that is not one of the snapshot's choices at one price is refused to
    that device and plays nothing; once the offers stand, any other move calls them off,
    and the log says so: the acceptances then close nothing."""

    async def game() -> None:
        session = travel_ready(tmp_path)
        app = BossApp(table_settings(tmp_path), session, HostedSeats)
        async with app.run_test(size=(80, 24)) as pilot, aiohttp.ClientSession() as http:
            await pilot.pause()
            assert app.seats is not None and app.seats.address is not None
            ann = await claim(http, app.seats.address, 0)
            snap = ann.snapshot()
            assert snap is not None and snap.standing
            choice = snap.standing[0]
            before = len(session.actions)
            if len(choice) > 1:  # two prices: not a standing close
                uneven = (*_priced(choice[:1], 1), *_priced(choice[1:], 3))
            else:  # another seat's cards: not one of the choices
                uneven = (choice[0].model_copy(update={"player": 0, "supplier": 3}),)
            await ann.send(write(Stand(version=snap.version, offers=uneven)))
            await until(lambda: "illegal" in ann.refusals())
            assert len(session.actions) == before and app.standing is None
            made = _priced(choice, 2)
            await ann.send(write(Stand(version=snap.version, offers=made)))
            await until(lambda: app.standing is not None)
            suppliers = {o.supplier for o in made}
            other = next(
                a
                for seat in range(1, 4)
                if seat not in suppliers
                for a in legal_actions(session.state, seat)
                if isinstance(a, A.Ask)
            )
            app.play(other)
            await pilot.pause()
            assert app.standing is None
            assert "Ann no longer closes once the offers are accepted." in logged(app)
            for supplier in suppliers:
                app.play(A.Accept(player=supplier))
            await pilot.pause()
            assert not isinstance(session.actions[-1], A.Close)
            assert session.state.window is None
            await ann.socket.close()

    run(game)


def test_an_undo_at_the_table_calls_the_devices_standing_close_off_at_once(
    tmp_path: Path,
) -> None:
    """The whole table undoes Ann's last offer (Ctrl+Z, y): her standing close is off, and
    the log says so then, not at the next move."""

    async def game() -> None:
        session = travel_ready(tmp_path)
        app = BossApp(table_settings(tmp_path), session, HostedSeats)
        async with app.run_test(size=(80, 24)) as pilot, aiohttp.ClientSession() as http:
            await pilot.pause()
            assert app.seats is not None and app.seats.address is not None
            ann = await claim(http, app.seats.address, 0)
            snap = ann.snapshot()
            assert snap is not None and snap.standing
            made = _priced(snap.standing[0], 2)
            await ann.send(write(Stand(version=snap.version, offers=made)))
            await until(lambda: app.standing is not None)
            offers = len(session.actions)
            await pilot.press("ctrl+z")
            await pilot.pause()
            await pilot.press("y")
            await until(lambda: len(session.actions) == offers - 1)
            await pilot.pause()
            assert app.standing is None
            said = "Ann no longer closes once the offers are accepted."
            assert said in logged(app)
            await until(lambda: any(said in line for line in (ann.snapshot() or snap).log))
            await ann.socket.close()

    run(game)
