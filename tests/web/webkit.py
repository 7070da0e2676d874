"""A web server of the game on a loopback port, in the test's own event loop, and a page's
websocket to it: every test here talks to 127.0.0.1 only, with timeouts on every wait."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import aiohttp
from aiohttp import web

from imtheboss.web.server import GameServer, Launcher, local_names

#: The longest any one wait of these tests may take (seconds).
WAIT = 20.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Served:
    server: GameServer
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def origin(self) -> dict[str, str]:
        return {"Origin": self.url}


@asynccontextmanager
async def served(
    launcher: Launcher, processes: int = 1, per_address: int | None = None
) -> AsyncIterator[Served]:
    port = free_port()
    server = GameServer(
        launcher,
        host="127.0.0.1",
        port=port,
        names=local_names(False, port),
        processes=processes,
        per_address=per_address,
    )
    runner = web.AppRunner(await server._make_app(), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    try:
        yield Served(server, port)
    finally:
        await asyncio.wait_for(runner.cleanup(), WAIT)


async def screen_bytes(ws: aiohttp.ClientWebSocketResponse, enough: int) -> int:
    """Read the terminal's output until ``enough`` bytes came (the first frame), or time out."""
    got = 0
    loop = asyncio.get_running_loop()
    end = loop.time() + WAIT
    while got < enough and loop.time() < end:
        try:
            message = await asyncio.wait_for(ws.receive(), 1.0)
        except TimeoutError:
            continue
        if message.type == aiohttp.WSMsgType.BINARY:
            got += len(message.data)
        elif message.type in (
            aiohttp.WSMsgType.CLOSE,
            aiohttp.WSMsgType.CLOSED,
            aiohttp.WSMsgType.CLOSING,
            aiohttp.WSMsgType.ERROR,
        ):
            break
    return got


async def until(condition: object, what: str) -> None:
    """Wait (bounded) until ``condition()`` is true."""
    assert callable(condition)
    loop = asyncio.get_running_loop()
    end = loop.time() + WAIT
    while not condition():
        assert loop.time() < end, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)
