"""Every test starts in English, whatever the machine's locale, and leaves English behind.

The language is process-wide (``i18n.use``) and ``imtheboss`` reads it from LANGUAGE, LC_ALL,
LC_MESSAGES and LANG: a developer with ``LANG=sv_SE.UTF-8`` must get the same English texts
the tests compare, and a test that switched to Korean must not leave the next one in Korean.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from imtheboss import i18n


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for variable in i18n.ENV_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    i18n.use("en")
    yield
    i18n.use("en")
