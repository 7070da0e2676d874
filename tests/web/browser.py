"""Headless Chromium driven over the DevTools protocol, kept on loopback.

Debian's ``chromium`` is installed with apt where the machine allows it (root, a reachable
package archive); where it cannot be, ``chromium_or_skip`` says why and the test is skipped
with that reason. The browser reaches no name but 127.0.0.1 (``--host-resolver-rules``) and
its background services (updates, safe browsing, metrics) are off, so a test sends nothing
off this machine.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest

#: Debian's package and the program it installs.
PACKAGE = "chromium"
#: How long the install may take (seconds): a minute or two on a good line.
INSTALL_TIME = 600

_FLAGS = [
    "--headless=new",
    "--no-sandbox",  # the tests run as root here; the page is our own, on loopback
    "--disable-gpu",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--disable-sync",
    "--disable-breakpad",
    "--disable-default-apps",
    "--disable-extensions",
    "--no-pings",
    "--metrics-recording-only",
    "--disable-features=Translate,OptimizationHints,MediaRouter,InterestFeedContentSuggestions",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--remote-debugging-address=127.0.0.1",
    "--remote-debugging-port=0",
    "about:blank",
]


def chromium_or_skip() -> str:
    """The browser's path, installed with apt if need be; else the test is skipped, saying
    why (not root, no apt, the archive out of reach, the install failed)."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("IMTHEBOSS_NO_APT"):
        pytest.skip("chromium is not installed and IMTHEBOSS_NO_APT forbids installing it")
    if shutil.which("apt-get") is None:
        pytest.skip("chromium is not installed and this machine has no apt-get to install it")
    if os.geteuid() != 0:
        pytest.skip("chromium is not installed and apt-get needs root: apt-get install chromium")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    try:
        for words in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", PACKAGE]):
            done = subprocess.run(
                words, env=env, capture_output=True, text=True, timeout=INSTALL_TIME, check=False
            )
            if done.returncode != 0:
                last = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
                pytest.skip(f"chromium could not be installed: {' '.join(words)}: {last[0]}")
    except subprocess.TimeoutExpired:
        pytest.skip(f"chromium could not be installed within {INSTALL_TIME} s")
    found = shutil.which("chromium")
    if found is None:
        pytest.skip("apt-get installed chromium but no chromium command is on PATH")
    return found


class Page:
    """One tab, spoken to over its DevTools websocket."""

    def __init__(
        self, socket: aiohttp.ClientWebSocketResponse, client: aiohttp.ClientSession, port: int
    ) -> None:
        self.socket = socket
        self.client = client
        self.port = port
        self._ids = itertools.count(1)
        self.events: list[dict[str, Any]] = []

    async def call(self, method: str, timeout: float = 20.0, **params: Any) -> dict[str, Any]:
        number = next(self._ids)
        await self.socket.send_str(json.dumps({"id": number, "method": method, "params": params}))
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            message = await asyncio.wait_for(self.socket.receive(), end - loop.time())
            if message.type != aiohttp.WSMsgType.TEXT:
                raise RuntimeError(f"the browser closed its DevTools socket ({message.type})")
            answer = json.loads(message.data)
            if answer.get("id") == number:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                result: dict[str, Any] = answer.get("result", {})
                return result
            self.events.append(answer)
        raise TimeoutError(method)

    async def evaluate(self, expression: str) -> Any:
        answer = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return answer.get("result", {}).get("value")

    async def wait_for(self, expression: str, timeout: float = 30.0) -> Any:
        """Poll ``expression`` in the page until it is truthy (bounded)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            value = await self.evaluate(expression)
            if value:
                return value
            await asyncio.sleep(0.2)
        raise TimeoutError(expression)

    async def tap(self, x: float, y: float) -> None:
        await self.call("Input.synthesizeTapGesture", x=x, y=y, duration=50, tapCount=1)

    async def key(self, key: str, code: str, text: str = "", vk: int = 0) -> None:
        """One key pressed and let go (``text``: what it types, if anything)."""
        await self.call(
            "Input.dispatchKeyEvent",
            type="keyDown",
            key=key,
            code=code,
            text=text,
            windowsVirtualKeyCode=vk,
        )
        await self.call(
            "Input.dispatchKeyEvent", type="keyUp", key=key, code=code, windowsVirtualKeyCode=vk
        )

    @asynccontextmanager
    async def another_tab(self) -> AsyncIterator[Page]:
        """A second tab of the same browser (same cookies, same storage)."""
        async with self.client.put(f"http://127.0.0.1:{self.port}/json/new?about:blank") as made:
            target = await made.json()
        async with self.client.ws_connect(
            target["webSocketDebuggerUrl"], max_msg_size=64 * 1024 * 1024
        ) as socket:
            yield Page(socket, self.client, self.port)

    async def screenshot(self, path: Path) -> None:
        shot = await self.call("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(shot["data"]))


@asynccontextmanager
async def chromium(program: str) -> AsyncIterator[Page]:
    """A headless Chromium with one tab, stopped (and its profile removed) on the way out."""
    profile = tempfile.mkdtemp(prefix="imtheboss-chromium-")
    process = subprocess.Popen(
        [program, f"--user-data-dir={profile}", *_FLAGS],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        port_file = Path(profile) / "DevToolsActivePort"
        loop = asyncio.get_running_loop()
        end = loop.time() + 30
        while not port_file.exists() or not port_file.read_text().strip():
            if loop.time() > end or process.poll() is not None:
                raise RuntimeError("chromium did not open its DevTools port")
            await asyncio.sleep(0.1)
        port = int(port_file.read_text().split()[0])
        async with aiohttp.ClientSession() as client:
            async with client.get(f"http://127.0.0.1:{port}/json/list") as listing:
                tabs = await listing.json()
            target = next(t for t in tabs if t.get("type") == "page")
            async with client.ws_connect(
                target["webSocketDebuggerUrl"], max_msg_size=64 * 1024 * 1024
            ) as socket:
                yield Page(socket, client, port)
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        with contextlib.suppress(OSError):
            shutil.rmtree(profile)
