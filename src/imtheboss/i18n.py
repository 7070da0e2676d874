"""Every word a player reads passes through here, so one table can play in its own language.

The catalogs are standard gettext ``.po`` files under ``imtheboss/locale`` (compiled ``.mo``
beside them), read with the stdlib ``gettext``. The language is a process-wide choice because
a table has one screen: ``use("ko")`` switches every later lookup, which is what lets the
palette change the language mid-game without rebuilding anything but the widgets' text.

Call sites use ``_("…")`` and ``ngettext(…)`` at the moment they show a text, never at import
time: a module-level constant is marked with ``N_`` (which only marks it for extraction) and
translated with ``_`` where it is shown.
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path

DOMAIN = "imtheboss"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "es", "sv", "zh", "ko")

_current: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"


def use(language: str) -> None:
    """Switch the process to ``language`` (one of LANGUAGES); English needs no catalog."""
    global _current, _language
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    if language == "en":
        _current = _gettext.NullTranslations()
    else:
        _current = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)
    _language = language


def language() -> str:
    return _language


def _(message: str) -> str:
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _current.pgettext(context, message)


def N_(message: str) -> str:
    """Mark a text for the catalogs without translating it yet (module-level constants)."""
    return message
