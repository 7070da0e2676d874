"""The table, or a seat, in a browser: textual-serve with the doors a game night needs shut.

textual-serve runs one process of a Textual app per browser connection and relays the
terminal over a websocket. Out of the box it would also: load its font from a font CDN (no
network at game night: the page would wait on it), log a crash's traceback with its locals
(a hand is a local), take a websocket from any page the browser has open (another site could
drive the table), start a process for every connection there is, and take messages of up to
4 MiB. This server keeps textual-serve's relay and replaces the rest:

- the page is our own (``templates/``): its font from textual-serve's own static folder, a
  viewport for phones, every word translated;
- a request is served only when its ``Host`` is one of this server's names, and a websocket
  only when its ``Origin`` is this very page (a page elsewhere, or a name that another site
  resolved to this machine, is refused);
- a bounded number of processes, each started by the ``Launcher`` that says what to run
  (the table of ``imtheboss web``, a seat of ``imtheboss join`` for a phone) and which may
  refuse, in a sentence the page shows;
- messages of at most ``MESSAGE_LIMIT`` bytes, and only the relay's four kinds, checked
  before use (a bad one is dropped, never a traceback);
- plain log lines, never locals.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from ..i18n import _

log = logging.getLogger("imtheboss.web")

#: The largest message a browser may send: a key, a paste of a name, a resize (bytes).
MESSAGE_LIMIT = 16 * 1024

#: The largest terminal a browser may ask for, in cells each way (a phone asks ~43 × 30).
MAX_CELLS = 500

#: The columns a phone's page is laid out for (a seat's screen fits them).
PHONE_COLUMNS = 43

#: How long a process that was told to quit has before it is killed (seconds): it saves as it
#: goes, so nothing is lost past this.
QUIT_GRACE = 5.0

_TEMPLATES = Path(__file__).resolve().parent / "templates"


@dataclass(frozen=True)
class Launch:
    """One process to start for one connection."""

    words: Sequence[str]

    def command(self) -> str:
        """The words as one shell command (textual-serve starts a shell), each one quoted;
        the shell execs it, so the process the server holds (and may kill) is the app."""
        return "exec " + shlex.join(self.words)


class Launcher(Protocol):
    """What a server runs for each connection, and when it refuses one."""

    #: The phone page (a seat on a small touch screen) rather than the table's.
    phone: bool

    #: The page's title (the browser's tab), a catalog's message key (``N_``): looked up for
    #: each page, in that page's language (a phone's own, not the host's).
    title: str

    #: How long a connection waits for the place it wants to be let go (seconds): a reload
    #: closes the old page's process only once the new page has come.
    handover: float

    def refusal(self, cookies: Mapping[str, str]) -> str | None:
        """A sentence for the page if no process may start for it now, else None
        (``cookies``: the page's)."""

    def launch(self, cookies: Mapping[str, str]) -> Launch | None:
        """The process for a connection (None: refused); ``cookies`` are the page's."""

    def started(self, relay: object) -> None:
        """The connection just launched holds its place (``relay``: which one), before its
        process runs."""

    def running(self, process: asyncio.subprocess.Process) -> None:
        """The process of the connection last started runs."""

    def ended(self, relay: object) -> None:
        """That connection is gone and its process has ended (or never started)."""


class _Relay(AppService):
    """textual-serve's relay of one process, which can be made to end."""

    def __init__(self, launch: Launch, **kwargs: Any) -> None:
        super().__init__(launch.command(), **kwargs)

    @property
    def process(self) -> asyncio.subprocess.Process | None:
        return self._process

    async def finish(self) -> None:
        """Told to quit (it saves as it goes), then killed if it has not gone in time."""
        process = self._process
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.stop(), QUIT_GRACE)
        if process is None:
            return
        try:
            await asyncio.wait_for(process.wait(), QUIT_GRACE)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()


def loopback(host: str) -> bool:
    return host in ("127.0.0.1", "localhost", "::1") or host.startswith("127.")


@dataclass
class Names:
    """The names this server answers to (``Host``), for the origin and rebinding checks.

    With ``any_address`` (``--lan``) a page may also come by a host written as an IP address:
    a rebinding attack needs a name of the attacker's that resolves here (a browser sends an
    address only to that address), and a machine's LAN address is not always one it can list
    (a Debian machine's own name resolves to 127.0.1.1)."""

    port: int
    hosts: frozenset[str]
    any_address: bool = False

    def allows_host(self, host_header: str | None) -> bool:
        if not host_header:
            return False
        host, _sep, port = host_header.rpartition(":")
        if not _sep or not port.isdigit() or host.endswith(":"):
            host, port = host_header, "80"
        host = host.strip("[]").lower()
        if int(port) != self.port:
            return False
        return host in self.hosts or (self.any_address and _is_address(host))

    def allows_origin(self, origin: str | None, host_header: str | None) -> bool:
        """The page that opened the websocket is this server's own: same scheme-less origin
        as the host asked, and that host is ours."""
        if origin is None or host_header is None:
            return False
        return origin.lower() == f"http://{host_header.lower()}" and self.allows_host(host_header)


def _is_address(host: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


class GameServer(Server):
    """textual-serve's server, bounded and checked (see the module's docstring)."""

    def __init__(
        self,
        launcher: Launcher,
        *,
        host: str,
        port: int,
        names: Names,
        processes: int,
        per_address: int | None = None,
    ) -> None:
        import textual_serve.server

        statics = Path(textual_serve.server.__file__).resolve().parent / "static"
        super().__init__(
            "",
            host=host,
            port=port,
            title=launcher.title,
            statics_path=statics,
            templates_path=_TEMPLATES,
        )
        self.launcher = launcher
        self.names = names
        self.processes = processes
        #: The most processes the pages of one network address may hold (None: no bound but
        #: ``processes``): a phone is one seat, however many keys it makes up.
        self.per_address = per_address
        self.relays: set[_Relay] = set()
        self._remotes: dict[_Relay, str | None] = {}

    def initialize_logging(self) -> None:
        # One line a record: textual-serve's RichHandler prints tracebacks with locals.
        logging.basicConfig(level="INFO", format="%(message)s")

    async def on_startup(self, app: web.Application) -> None:
        """No banner: the command has said where to point the browser."""

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._check_host], client_max_size=MESSAGE_LIMIT)
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/refusal", self.handle_refusal, name="refusal"),
                web.static("/static", self.statics_path, show_index=False, name="static"),
            ]
        )
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    @web.middleware
    async def _check_host(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if not self.names.allows_host(request.headers.get("Host")):
            from .. import i18n

            with i18n.speaking(self._page_language(request)):
                said = _("This is not the address of this game.")
            raise web.HTTPMisdirectedRequest(text=said)
        response: web.StreamResponse = await handler(request)
        return response

    async def on_shutdown(self, app: web.Application) -> None:
        await asyncio.gather(*(relay.finish() for relay in list(self.relays)))

    def _refusal(self, request: web.Request) -> str | None:
        refusal = self.launcher.refusal(request.cookies)
        if refusal is None and len(self.relays) >= self.processes:
            refusal = _("Every place at this game is taken; close a page, then reload this one.")
        if refusal is None and self.per_address is not None:
            held = sum(1 for remote in self._remotes.values() if remote == request.remote)
            if held >= self.per_address:
                refusal = _("This device already holds a seat at this game: play it there.")
        return refusal

    async def handle_refusal(self, request: web.Request) -> web.Response:
        """Why this page's connection was refused, if it is: the page asks once it closed,
        to say so in a sentence rather than only that the table closed."""
        from .. import i18n

        with i18n.speaking(self._page_language(request)):
            return web.json_response({"refusal": self._refusal(request)})

    def _page_language(self, request: web.Request) -> str | None:
        """A phone's page is worded in the phone's language (its browser's first one the
        program speaks), as its seat is; the table's page in the table's (None)."""
        if not self.launcher.phone:
            return None
        return page_language(request.headers.get("Accept-Language"))

    async def handle_index(self, request: web.Request) -> web.Response:
        # Never a wait here: a browser keeps the old page (and its process) until the new
        # page has come, so a reload that waited for the old process would wait for itself.
        from .. import i18n

        with i18n.speaking(self._page_language(request)):
            context = {
                "language": i18n.language(),
                "title": _(self.launcher.title),
                "phone": self.launcher.phone,
                "static_url": "/static/",
                "websocket_url": f"ws://{request.host}/ws",
                "font_size": 16,
                "columns": PHONE_COLUMNS,
                "words": {
                    "connecting": _("Opening the table…"),
                    "ended": _("The table closed."),
                    "again": _("Open it again"),
                    "no_key": _(
                        "This page needs to keep a key on this device to hold your seat: allow "
                        "this site's storage (cookies), then reload."
                    ),
                },
            }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Cache-Control"] = "no-store"
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; script-src 'self' 'unsafe-inline'; "
            f"style-src 'self' 'unsafe-inline'; connect-src 'self' ws://{request.host}; "
            "img-src 'self' data:; font-src 'self'"
        )
        return response

    async def _process_messages(
        self, websocket: web.WebSocketResponse, app_service: AppService
    ) -> None:
        """The relay's four kinds of message, each checked; anything else is dropped."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = message.json()
            except ValueError:
                continue
            if not (isinstance(envelope, list) and len(envelope) == 2):
                continue
            kind, data = envelope
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                width, height = data.get("width"), data.get("height")
                if (
                    isinstance(width, int)
                    and isinstance(height, int)
                    and 0 < width <= MAX_CELLS
                    and 0 < height <= MAX_CELLS
                ):
                    await app_service.set_terminal_size(width, height)
            elif kind == "ping" and isinstance(data, str) and len(data) <= 64:
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if not self.names.allows_origin(request.headers.get("Origin"), request.headers.get("Host")):
            raise web.HTTPForbidden(text=_("This game takes its pages only from itself."))
        # The last wait is the handover's; from here to the place taken nothing awaits, so
        # two pages at once cannot both pass.
        loop = asyncio.get_running_loop()
        end = loop.time() + self.launcher.handover
        while self._refusal(request) is not None and loop.time() < end:
            await asyncio.sleep(0.1)
        refusal = self._refusal(request)
        if refusal is not None:
            raise web.HTTPServiceUnavailable(text=refusal)
        launch = self.launcher.launch(request.cookies)
        if launch is None:
            raise web.HTTPForbidden(text=_("This page cannot open a place at this game."))
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MESSAGE_LIMIT)
        relay = _Relay(
            launch,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
        )
        self.relays.add(relay)
        self._remotes[relay] = request.remote
        self.launcher.started(relay)
        try:
            await websocket.prepare(request)
            await relay.start(
                _cells(request.query.get("width"), 80), _cells(request.query.get("height"), 24)
            )
            assert relay.process is not None
            self.launcher.running(relay.process)
            await self._process_messages(websocket, relay)
        except (asyncio.CancelledError, ConnectionError):
            pass
        finally:
            await relay.finish()
            self.relays.discard(relay)
            self._remotes.pop(relay, None)
            self.launcher.ended(relay)
            with contextlib.suppress(Exception):
                await websocket.close()
        return websocket


def page_language(header: str | None) -> str | None:
    """The first language of an ``Accept-Language`` header that the program speaks (the
    header's order; its weights are the browser's and come in that order)."""
    from ..i18n import locale_language

    for part in (header or "").split(",")[:10]:
        tag = part.split(";")[0].strip()
        if re.fullmatch(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*", tag):
            found = locale_language(tag)
            if found is not None:
                return found
    return None


def _cells(value: str | None, default: int) -> int:
    if value is None or not value.isdigit():
        return default
    return min(max(int(value), 1), MAX_CELLS)


def local_names(lan: bool, port: int) -> Names:
    """The names a browser may reach this server by: loopback's, and with ``lan`` this
    machine's own name and its addresses."""
    hosts = {"127.0.0.1", "localhost", "::1"}
    if lan:
        import socket

        name = socket.gethostname().lower()
        hosts.update({name, f"{name}.local"})
    return Names(port=port, hosts=frozenset(hosts), any_address=lan)


#: Interfaces that are not the home network: containers' bridges and their ends.
_NOT_THE_LAN = ("docker", "br-", "veth", "virbr", "lo")


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its network interfaces, loopback and containers'
    bridges left out: where a phone on the same Wi-Fi finds the server. Read from the
    interfaces themselves (Linux), else from the resolver's answer for this machine's name;
    nothing is sent for it."""
    import socket

    found: list[str] = []
    try:
        import fcntl
        import struct

        for _index, interface in socket.if_nameindex():
            if interface.startswith(_NOT_THE_LAN):
                continue
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                try:
                    answer = fcntl.ioctl(
                        probe.fileno(), 0x8915, struct.pack("256s", interface.encode()[:15])
                    )  # SIOCGIFADDR: the interface's IPv4 address
                except OSError:
                    continue  # no IPv4 address on it
            found.append(socket.inet_ntoa(answer[20:24]))
    except (ImportError, OSError, AttributeError):
        pass
    if not found:
        with contextlib.suppress(OSError):
            for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
                found.append(str(info[4][0]))
    return [address for address in dict.fromkeys(found) if not loopback(address)]


def serve(server: GameServer) -> None:
    """Run until Ctrl+C or SIGTERM; every process it started is told to quit first."""
    server.serve()
