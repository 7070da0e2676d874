"""A footer that rebuilds its keys only when they change.

Textual's ``Footer`` recomposes (a new widget per key, styled and laid out again) on every
"bindings updated" signal of its screen; the table sends several while it opens (the screen is
pushed, the focus lands, the table is drawn) with the very same keys each time, and those
rebuilds were a good part of the table's first frame (issue 10). This one compares what it
would show with what it shows, and keeps its keys when nothing differs.
"""

from __future__ import annotations

from collections.abc import Hashable

from textual.screen import Screen
from textual.widgets import Footer


class SteadyFooter(Footer):
    _shown: Hashable = None

    def _keys(self) -> Hashable:
        """What ``Footer.compose`` shows, as a value: the keys, their words and states."""
        keys = tuple(
            (binding.key, binding.action, binding.description, binding.group, enabled, tooltip)
            for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
            if binding.show
        )
        return (keys, self.show_command_palette, self.compact)

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            keys = self._keys()
            if keys == self._shown:
                return
            self._shown = keys
        super().bindings_changed(screen)
