"""The seats' websocket server: a few lines of aiohttp in the table's own event loop.

It carries texts between the devices and ``SeatHost``, and guards the door: loopback unless
the LAN is asked for, no browser page's connection (a page's ``Origin``: the phones' pages run
``imtheboss join`` on the host, which sends none), a bounded number of connections, and frames
bounded in size before anything is read. A device too slow to read its snapshots is let go
rather than queued without end.
"""

from __future__ import annotations

import asyncio
import socket

from aiohttp import WSMsgType, web

from .host import MAX_LINKS, SeatHost

#: The largest frame aiohttp reads at all (larger ones close the connection, code 1009); up to
#: it, ``read_from_seat`` refuses anything over ``MAX_FROM_SEAT`` with a "too_big".
MAX_FRAME = 64 * 1024
#: Texts waiting for a slow device before it is let go.
MAX_QUEUED = 64
#: The default port of ``--seats``.
DEFAULT_PORT = 8765
LOOPBACK = "127.0.0.1"


def lan_address() -> str:
    """This machine's address on the LAN (the one its default route leaves by). A UDP
    ``connect`` sends nothing: it only asks the kernel which interface it would use."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            return str(probe.getsockname()[0])
        except OSError:
            return LOOPBACK


class _SocketLink:
    """A websocket as the host's ``Link``: sends are queued and written in order by a task
    of their own, so the host never waits on a device."""

    def __init__(self, socket: web.WebSocketResponse) -> None:
        self.socket = socket
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(MAX_QUEUED)
        self.writer = asyncio.get_running_loop().create_task(self._write())
        self.closed = False
        self._closing: asyncio.Task[bool] | None = None

    def send(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self.queue.put_nowait(None)  # what was queued first, then the close
        except asyncio.QueueFull:
            self.writer.cancel()
            self._closing = asyncio.get_running_loop().create_task(self.socket.close())

    async def _write(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                await self.socket.close()
                return
            try:
                await self.socket.send_str(text)
            except (ConnectionError, RuntimeError):
                return


class SeatServer:
    """The door of ``host``, on ``bind``:``port`` (port 0: any free one)."""

    def __init__(self, host: SeatHost, bind: str = LOOPBACK, port: int = DEFAULT_PORT) -> None:
        self.host = host
        self.bind = bind
        self.port = port
        self._runner: web.AppRunner | None = None

    @property
    def address(self) -> str:
        return f"ws://{self.bind}:{self.port}/"

    async def start(self) -> str:
        """Listen; the address devices join (``OSError`` when the port is taken)."""
        app = web.Application()
        app.router.add_get("/", self._socket)
        # No access log: a log line is a place a secret or a name must never be written.
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        try:
            for bind in self.binds():
                site = web.TCPSite(runner, bind, self.port, backlog=MAX_LINKS)
                await site.start()
                server = site._server
                sockets = getattr(server, "sockets", None) or ()
                if sockets:  # port 0: the next address listens on the port this one got
                    self.port = int(sockets[0].getsockname()[1])
        except OSError:
            await runner.cleanup()
            raise
        self._runner = runner
        return self.address

    def binds(self) -> tuple[str, ...]:
        """Where the server listens: ``bind``, and loopback too when ``bind`` is the LAN's
        (the phone page's seat processes and a ``join`` on this machine come by loopback)."""
        return (self.bind,) if self.bind == LOOPBACK else (self.bind, LOOPBACK)

    def listening(self) -> list[tuple[str, int]]:
        """The addresses the server's sockets are bound to, as the kernel says."""
        found: list[tuple[str, int]] = []
        if self._runner is not None:
            for site in self._runner.sites:
                server = getattr(site, "_server", None)
                for sock in getattr(server, "sockets", None) or ():
                    name = sock.getsockname()
                    found.append((str(name[0]), int(name[1])))
        return found

    async def stop(self) -> None:
        if self._runner is not None:
            runner, self._runner = self._runner, None
            for link in list(self.host.links):
                link.close()
            await runner.cleanup()

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if request.headers.get("Origin") is not None:
            # A web page on any site could otherwise open a seat from a player's browser.
            return web.Response(status=403, text="no web page may join a seat")
        if len(self.host.links) >= MAX_LINKS:
            return web.Response(status=503, text="the table is full")
        socket = web.WebSocketResponse(max_msg_size=MAX_FRAME, heartbeat=5.0)
        if not socket.can_prepare(request).ok:
            return web.Response(status=426, text="a websocket, please")
        await socket.prepare(request)
        link = _SocketLink(socket)
        try:
            if self.host.connect(link, request.remote):
                async for message in socket:
                    if message.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                        self.host.receive(link, message.data)
                    else:
                        break
        finally:
            self.host.disconnect(link)
            link.close()
        return socket
