"""The phone page in headless Chromium at phone size (issue 24), over loopback only.

A table of three is hosted with ``play --seats`` (served like ``imtheboss web``'s table and
watched by a websocket of this test), and a phone — Chromium at 390×844, touch on — opens the
phone page: 43 columns across, the seat chosen with a tap, no keyboard called up, nothing
fetched from anywhere but 127.0.0.1; a reload (the phone waking) comes back to the same seat
without asking. The browser table of ``imtheboss web``: a second tab is told in a sentence
and gets no table, and a reload resumes the same save. The Chromium of Debian is installed
with apt where it can be; where it cannot, the test is skipped and says why.

``IMTHEBOSS_SCREENSHOTS=DIR`` keeps the phone's screenshot there (the README's is made so).
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
from browser import Page, chromium, chromium_or_skip
from webkit import WAIT, free_port, screen_bytes, served, until

from imtheboss.web import server as web_server
from imtheboss.web.phones import PhoneSeats
from imtheboss.web.server import PHONE_COLUMNS
from imtheboss.web.table import OneTable

PHONE = {"width": 390, "height": 844}
_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")


class Streams:
    """What each seat process drew, as text (escape sequences taken out), and its size."""

    def __init__(self) -> None:
        self.drawn: dict[int, list[str]] = {}
        self.sizes: dict[int, tuple[int, int]] = {}

    def text(self, relay: object) -> str:
        return "".join(self.drawn.get(id(relay), []))

    def last(self) -> str:
        return "".join(list(self.drawn.values())[-1]) if self.drawn else ""


@pytest.fixture
def streams(monkeypatch: pytest.MonkeyPatch) -> Iterator[Streams]:
    seen = Streams()
    on_data = web_server._Relay.on_data
    start = web_server._Relay.start

    async def drawn(self: web_server._Relay, payload: bytes) -> None:
        seen.drawn.setdefault(id(self), []).append(
            _ESCAPE.sub("", payload.decode("utf-8", "replace"))
        )
        await on_data(self, payload)

    async def started(self: web_server._Relay, width: int, height: int) -> None:
        seen.sizes[id(self)] = (width, height)
        await start(self, width, height)

    monkeypatch.setattr(web_server._Relay, "on_data", drawn)
    monkeypatch.setattr(web_server._Relay, "start", started)
    yield seen


async def _drain(socket: aiohttp.ClientWebSocketResponse) -> None:
    while not socket.closed:
        await socket.receive()


async def _opened(page: Page) -> None:
    await page.wait_for("document.body && document.body.classList.contains('-first-byte')")


def test_a_phone_takes_a_seat_with_a_tap_and_a_reload_keeps_it(
    tmp_path: Path, streams: Streams
) -> None:
    program = chromium_or_skip()
    seats_port = free_port()
    host = OneTable(
        ["--seats", "--seats-port", str(seats_port), "--names", "Ann,Bob,Cy", "--seed", "11"],
        tmp_path,
    )
    phones = PhoneSeats(f"ws://127.0.0.1:{seats_port}/", tmp_path)

    async def scenario() -> None:
        async with (
            served(host) as table,
            served(phones, processes=4) as phone_site,
            aiohttp.ClientSession() as client,
            client.ws_connect(
                f"{table.url}/ws?width=100&height=30", headers=table.origin
            ) as shared_screen,
        ):
            assert await screen_bytes(shared_screen, 20_000) >= 20_000
            watching = asyncio.ensure_future(_drain(shared_screen))
            async with chromium(program) as page:
                await page.call(
                    "Emulation.setDeviceMetricsOverride", deviceScaleFactor=1, mobile=True, **PHONE
                )
                await page.call("Emulation.setTouchEmulationEnabled", enabled=True)
                await page.call("Network.enable")
                await page.call("Page.enable")
                await page.call("Page.navigate", url=phone_site.url + "/")
                await _opened(page)
                await until(lambda: "Choose your seat" in streams.last(), "the seats to choose")
                (relay,) = phone_site.server.relays
                columns, rows = streams.sizes[id(relay)]
                assert columns == PHONE_COLUMNS
                # Taps, never typing: the terminal's text field calls up no keyboard.
                assert await page.evaluate(
                    "[...document.querySelectorAll('textarea')].every("
                    "a => a.getAttribute('inputmode') === 'none')"
                )
                line = PHONE["height"] / rows
                # "2. Bob" is the seat list's second line, under its title and its border.
                await page.tap(PHONE["width"] / 4, 4.5 * line)
                await until(lambda: "only Bob looks" in streams.text(relay), "Bob's seat")
                await asyncio.sleep(1.0)  # the frame drawn to the end
                shots = Path(os.environ.get("IMTHEBOSS_SCREENSHOTS") or tmp_path)
                await page.screenshot(shots / "phone-seat.png")

                await page.call("Page.reload")
                await until(
                    lambda: (
                        bool(phone_site.server.relays)
                        and next(iter(phone_site.server.relays)) is not relay
                    ),
                    "the reloaded page's seat process",
                )
                (again,) = phone_site.server.relays
                await until(lambda: "only Bob looks" in streams.text(again), "Bob's seat again")
                assert "Choose your seat" not in streams.text(again)

                requests = [
                    event["params"]["request"]["url"]
                    for event in page.events
                    if event.get("method") == "Network.requestWillBeSent"
                ]
                assert requests
                assert all(
                    url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:", "data:"))
                    for url in requests
                ), requests
            watching.cancel()

    asyncio.run(asyncio.wait_for(scenario(), 6 * WAIT))


def test_the_table_in_chromium_tells_a_second_tab_and_resumes_on_reload(
    tmp_path: Path, streams: Streams
) -> None:
    program = chromium_or_skip()
    table = OneTable(["--names", "Ann,Bob,Cy", "--seed", "7"], tmp_path)

    async def scenario() -> None:
        async with served(table) as site, chromium(program) as page:
            await page.call(
                "Emulation.setDeviceMetricsOverride",
                width=1000,
                height=640,
                deviceScaleFactor=1,
                mobile=False,
            )
            await page.call("Page.enable")
            await page.call("Page.navigate", url=site.url + "/")
            await _opened(page)
            await until(lambda: "Place marker" in streams.last(), "the table")
            await until(lambda: table.save is not None, "the game's save")
            shots = Path(os.environ.get("IMTHEBOSS_SCREENSHOTS") or tmp_path)
            await asyncio.sleep(1.0)
            await page.screenshot(shots / "web-table.png")
            (first,) = site.server.relays
            # A second tab gets a sentence, and no table.
            async with page.another_tab() as second:
                await second.call("Page.enable")
                await second.call("Page.navigate", url=site.url + "/")
                told = await second.wait_for(
                    "document.body.classList.contains('-closed') && "
                    "document.querySelector('.ended p').textContent.includes('another tab') && "
                    "document.querySelector('.ended p').textContent",
                    timeout=WAIT,
                )
                assert told.startswith("This game is open in another tab or window")
                assert site.server.relays == {first}
                await second.call("Page.close")
            await page.call("Page.reload")
            await until(
                lambda: bool(site.server.relays) and next(iter(site.server.relays)) is not first,
                "the reloaded page's table",
            )
            (again,) = site.server.relays
            await until(lambda: "Place marker" in streams.text(again), "the table again")
            assert again.command.endswith(f"--resume {table.save}")
            assert len(list((tmp_path / "games").glob("*.txt"))) == 1

    asyncio.run(asyncio.wait_for(scenario(), 4 * WAIT))
