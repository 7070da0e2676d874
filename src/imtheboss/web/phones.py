"""The phone page's seats: one ``imtheboss join`` process for each phone, on the host.

A phone keeps a random device key (its page makes it and keeps it in localStorage, and a
cookie carries it to the websocket). ``join`` keeps the seat's secret in its data folder
(``devices.json``); every phone's seat process runs on the host as the same user, so each
device gets a folder of its own, named by a hash of its key: a phone that slept and reloads
finds its secret there and rejoins its seat, and the name ``ps`` shows (the process's words)
is no key to anyone's seat. A key that is not 32 hex digits is refused before anything runs.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from ..i18n import N_, _
from .server import Launch, page_language

#: The cookie the phone page sets, and the form of its value.
DEVICE_COOKIE = "imtheboss_device"
DEVICE_KEY = re.compile(r"[0-9a-f]{32}")
#: The cookie that carries the phone's own language (its browser's, ``navigator.language``:
#: what it sends as Accept-Language): the phone's seat reads its screen and its refusals in
#: it, not in the host's.
LANG_COOKIE = "imtheboss_lang"
#: Where the seat processes keep their devices' secrets, in the host's data folder.
PHONES_FOLDER = "phones"

#: How long a phone's new page waits for its old page's process to go (a reload).
HANDOVER = 6.0


def device_of(cookies: Mapping[str, str]) -> str | None:
    key = cookies.get(DEVICE_COOKIE, "")
    return key if DEVICE_KEY.fullmatch(key) else None


def language_of(cookies: Mapping[str, str]) -> str | None:
    """The phone's language, if it is one the program speaks (``es-ES`` → ``es``)."""
    return page_language(cookies.get(LANG_COOKIE, "")[:35])


class PhoneSeats:
    """A seat process for each phone, at most one per device key."""

    phone = True
    handover = HANDOVER
    title = N_("I'm the Boss! — your seat")

    def __init__(self, address: str, save_dir: Path, words: Sequence[str] | None = None) -> None:
        from .. import i18n

        #: What each phone runs: the seat client of the table at ``address``, in the
        #: phone's language (else the server's); the words can be given instead, to serve
        #: another app the same way.
        self.words = list(words) if words is not None else None
        self.address = address
        self.language = i18n.language()
        self.save_dir = save_dir
        self.devices: dict[str, object] = {}
        self._starting: str | None = None

    def folder(self, device: str) -> Path:
        """The data folder of ``device``'s seat process (its secret's ``devices.json``)."""
        name = hashlib.sha256(device.encode("ascii")).hexdigest()[:32]
        return self.save_dir / PHONES_FOLDER / name

    def refusal(self, cookies: Mapping[str, str]) -> str | None:
        # A page without a key yet is served: it makes the key (and says so if this browser
        # keeps no cookies); its websocket without one is refused in ``launch``.
        device = device_of(cookies)
        if device is not None and device in self.devices:
            return _("Your seat is open in another page on this device: play it there.")
        return None

    def launch(self, cookies: Mapping[str, str]) -> Launch | None:
        device = device_of(cookies)
        if device is None or device in self.devices:
            return None
        self._starting = device
        words = self.words
        if words is None:
            lang = language_of(cookies) or self.language
            words = [sys.executable, "-m", "imtheboss.cli", "join", "--lang", lang, self.address]
        return Launch([*words, "--save-dir", str(self.folder(device))])

    def started(self, relay: object) -> None:
        if self._starting is not None:
            self.devices[self._starting] = relay
            self._starting = None

    def running(self, process: asyncio.subprocess.Process) -> None:
        """Nothing to learn from a seat's process: the host keeps the seats."""

    def ended(self, relay: object) -> None:
        for device, holder in list(self.devices.items()):
            if holder is relay:
                del self.devices[device]
