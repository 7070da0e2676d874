"""The seed of an unfinished game, sealed in its save file.

The seed decides every hand and the whole draw pile: whoever reads it can replay the deal and
see every card. Yet an unfinished save must resume exactly, so it has to hold the seed. It holds
it sealed: XORed with a keystream made from a random key of this installation (the file
``.seal-key`` in the games folder, mode 0600) and a random number of the game, with a tag that
tells a wrong key or an edited seal from a right one.

What the seal protects against: a glance at the file, ``cat``, ``grep``, an editor left open,
a save copied to a friend. What it does not: a player at the same account who reads this
module and the key file — the program must unseal the seed to resume, so anyone with the
program's rights can too. The seal keeps an honest table honest; it is not a lock.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from .i18n import _, render
from .textfile import UnreadableFile, read_text

#: The key's file in the games folder (a dotfile: no glob for saves matches it).
KEY_NAME = ".seal-key"
_KEY_BYTES = 32
_NONCE_BYTES = 8
_TAG_BYTES = 8
#: Seeds are padded to this many characters, so the seal's length does not tell the seed's.
_WIDTH = 24
_VERSION = "1"


class SealError(ValueError):
    """A seal that cannot be opened: no key, another installation's key, or an edited seal."""


def _stream(key: bytes, nonce: bytes, length: int) -> bytes:
    out = b""
    block = 0
    while len(out) < length:
        out += hmac.new(key, b"stream" + nonce + block.to_bytes(4, "big"), hashlib.sha256).digest()
        block += 1
    return out[:length]


def _tag(key: bytes, nonce: bytes, body: bytes) -> bytes:
    return hmac.new(key, b"tag" + nonce + body, hashlib.sha256).digest()[:_TAG_BYTES]


def new_nonce() -> bytes:
    """A game's own random number: two games with one seed get different seals."""
    return secrets.token_bytes(_NONCE_BYTES)


def seal(seed: int, key: bytes, nonce: bytes) -> str:
    """``1-<nonce>-<sealed seed>-<tag>``, all hexadecimal."""
    plain = str(seed).rjust(_WIDTH).encode("ascii")
    body = bytes(a ^ b for a, b in zip(plain, _stream(key, nonce, len(plain)), strict=True))
    return "-".join((_VERSION, nonce.hex(), body.hex(), _tag(key, nonce, body).hex()))


def unseal(text: str, key: bytes) -> int:
    """The seed in a seal made with ``key``; SealError if it was not, or was edited."""
    parts = text.strip().split("-")
    try:
        version, nonce, body, tag = parts[0], *map(bytes.fromhex, parts[1:])
    except ValueError:
        raise SealError(_("the seal is damaged (it is not what the program wrote)")) from None
    if version != _VERSION or len(parts) != 4 or len(nonce) != _NONCE_BYTES:
        raise SealError(_("the seal is damaged (it is not what the program wrote)"))
    if not hmac.compare_digest(tag, _tag(key, nonce, body)):
        raise SealError(
            _(
                "the seal does not open with this installation's key ({key}): the save was "
                "edited, or sealed elsewhere"
            ).format(key=KEY_NAME)
        )
    plain = bytes(a ^ b for a, b in zip(body, _stream(key, nonce, len(body)), strict=True))
    try:
        return int(plain.decode("ascii").strip())
    except (UnicodeDecodeError, ValueError):  # pragma: no cover - the tag vouched for it
        raise SealError(_("the seal is damaged")) from None


def _parse_key(text: str) -> bytes | None:
    try:
        key = bytes.fromhex(text.strip())
    except ValueError:
        return None
    return key if len(key) == _KEY_BYTES else None


def read_key(folder: Path) -> bytes:
    """The installation's key, as kept in ``folder``; SealError when it is missing or bad."""
    path = folder / KEY_NAME
    try:
        # The one reader of files (textfile): a FIFO or a device named like the key must not
        # hang --resume.
        text = read_text(path, limit=1024)
    except UnreadableFile as exc:
        if exc.reason == "does not exist":
            raise SealError(
                _("the key that opens the seal ({file}) is missing").format(file=path)
            ) from None
        reason = render(exc.reason_msg)
        raise SealError(
            _("the key that opens the seal ({file}) cannot be read: {reason}").format(
                file=path, reason=reason
            )
        ) from None
    key = _parse_key(text)
    if key is None:
        raise SealError(_("the key that opens the seal ({file}) is damaged").format(file=path))
    return key


def installation_key(folder: Path) -> bytes:
    """The key kept in ``folder``, made on first use (raises OSError if it cannot be written).

    The key appears whole or not at all: it is written to a file of its own, synced, then
    hard-linked into place, which fails if another game made it first — then that one is used.
    """
    try:
        return read_key(folder)
    except SealError:
        if (folder / KEY_NAME).exists():
            raise  # a damaged key is never replaced: a save sealed with it would be lost
    folder.mkdir(parents=True, exist_ok=True)
    key = secrets.token_bytes(_KEY_BYTES)
    tmp = folder / f"{KEY_NAME}.{secrets.token_hex(6)}.tmp"
    try:
        _write_new(tmp, key)
        try:
            os.link(tmp, folder / KEY_NAME)
        except FileExistsError:
            return read_key(folder)  # another game was first: one key for everyone
        except OSError:
            # A file system without hard links: create the key in place, exclusively.
            try:
                _write_new(folder / KEY_NAME, key)
            except FileExistsError:
                return read_key(folder)
    finally:
        tmp.unlink(missing_ok=True)
    sync_folder(folder)
    return key


def _write_new(path: Path, key: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(key.hex() + "\n")
        handle.flush()
        os.fsync(handle.fileno())


def sync_folder(folder: Path) -> None:
    """Make a rename or a new name in ``folder`` survive a power cut (where the OS can)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # some systems cannot open a folder: the rename is as durable as they allow
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
