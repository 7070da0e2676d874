"""The rule tests import the shared builders of ``tests/support.py``."""

from __future__ import annotations

import pathlib
import sys

_TESTS = str(pathlib.Path(__file__).resolve().parents[1])
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)
