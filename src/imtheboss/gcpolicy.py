"""Garbage collection that never pauses a decision for long.

Python's cyclic collector walks every tracked object it has not been told to skip. After the
imports and the set-up of a game that is a few hundred thousand objects, so a full collection
took 20–120 ms — and landed inside bot decisions. The game's own values (states, actions,
events) are immutable trees without cycles: reference counting frees them, and the collector
has nothing to find in them. So:

- ``starting()`` as the table's modules begin to import: the young generation's threshold
  raised from 700 objects to 20,000 until ``settle()``, which puts it back. The imports and
  the first frame build objects that live as long as the table; the young collections that
  walked them again and again, and moved them on to the older generations, were about 10 M
  instructions of the first frame (one callgrind run);
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
#: The collector's thresholds before ``starting()`` raised the first (None: not raised).
_before: tuple[int, int, int] | None = None

#: The young generation's threshold from the table's imports to ``settle()``.
STARTING_THRESHOLD = 20_000


def starting() -> None:
    """The table's imports begin: fewer young collections until ``settle()``."""
    global _before
    if _before is None and not _settled:
        _before = gc.get_threshold()
        gc.set_threshold(STARTING_THRESHOLD, *_before[1:])


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
    global _before
    if _before is not None:
        gc.set_threshold(*_before)
        _before = None
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def keep_calm() -> None:
    """Freeze what is alive now (cheap: no collection), so later collections skip it."""
    gc.freeze()
