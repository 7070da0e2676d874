"""Garbage collection that never pauses a decision for long.

Python's cyclic collector walks every tracked object it has not been told to skip. After the
imports and the set-up of a game that is a few hundred thousand objects, so a full collection
took 20–120 ms — and landed inside bot decisions. The game's own values (states, actions,
events) are immutable trees without cycles: reference counting frees them, and the collector
has nothing to find in them. So:

- ``imported()`` once a process has imported what it runs (the table: when its app is
  built): ``gc.freeze()`` without a collection, so that the first full collection walks only
  what was made since, not the imports' objects (it came inside the table's first frame and
  took 20–30 ms of it);
- ``settle()`` once a process has set up (after its imports, or after the app is mounted):
  what was frozen is unfrozen, one full collection (so a cycle the imports dropped is still
  freed), then ``gc.freeze()`` — everything alive now moves to the permanent generation,
  which collections skip;
- ``keep_calm()`` now and then while playing (every new game, every move at the table):
  ``gc.freeze()`` again, so what piled up since (the game's history) is skipped too. It costs
  nothing, and frozen objects are still freed by reference counting when dropped.

Nothing is switched off: young collections keep running, so real cycles are still found (the
TUI's monkey test failed when the collector was disabled during start-up).
"""

from __future__ import annotations

import gc

_settled = False
_imported = False


def imported() -> None:
    """Once per process, when its imports are done: freeze them (no collection)."""
    global _imported
    if not _imported:
        _imported = True
        gc.freeze()


def settle() -> None:
    """Once per process, after set-up: collect, then freeze everything alive."""
    global _settled
    if _settled:
        keep_calm()
        return
    _settled = True
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def keep_calm() -> None:
    """Freeze what is alive now (cheap: no collection), so later collections skip it."""
    gc.freeze()
