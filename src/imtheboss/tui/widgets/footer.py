"""The table's footer: its keys drawn as one line of one widget.

Textual's ``Footer`` is a scrolling container with a widget per key (``FooterKey``), each
styled by its own CSS, laid out and drawn on its own, plus the docked command-palette key: at
the table's first frame that was about 100 M instructions, an eighth of a whole bare Textual
app (issue 20). This footer draws the same cells — the same words, the same colours from the
same theme variables, the key in bold and its words beside it, the palette key docked on the
right behind its thin border, a key under the mouse lit as ``FooterKey:hover`` lights it —
as one strip, and finds the key a click lands on by its column. It also keeps its keys when a
"bindings updated" signal brings the very same keys again (the table sends several as it
opens), as the footer before it did.

What it does not copy, because the table never uses it: the compact style and key groups
(``Binding.group``); none of the table's bindings has a group.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.color import Color
from textual.css.styles import StylesBase
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from ...plain import plain

#: The border left of the palette key (``border-left: vkey``).
_VKEY = "▏"


@plain(frozen=True, slots=True)
class _Key:
    """One key as the footer shows it."""

    key: str
    display: str
    description: str
    enabled: bool
    tooltip: str
    #: The command palette's key: docked on the right, compact, behind a border.
    palette: bool = False

    @property
    def width(self) -> int:
        if self.palette:
            return 1 + cell_len(self.display) + 1 + cell_len(self.description) + 1
        if not self.description:
            return cell_len(self.display)
        return 1 + cell_len(self.display) + 1 + cell_len(self.description) + 1


class TableFooter(Widget, can_focus=False, can_focus_children=False):
    """The keys of the screen, in the look of Textual's ``Footer`` (not compact)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "table-footer--item",
        "table-footer--hover",
        "table-footer--disabled",
        "table-footer--key",
        "table-footer--description",
        "table-footer--border",
    }
    # The rules of ``Footer`` and ``FooterKey``: each part of a key is a layer over the
    # footer, as a ``FooterKey`` and its component classes were.
    DEFAULT_CSS = """
    TableFooter {
        color: $footer-foreground;
        background: $footer-background;
        dock: bottom;
        height: 1;
        .table-footer--item {
            background: $footer-item-background;
        }
        .table-footer--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        .table-footer--disabled {
            text-style: dim;
        }
        .table-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .table-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .table-footer--border {
            color: $foreground 20%;
        }
    }
    """

    #: What the footer shows (None: no "bindings updated" signal yet, an empty line).
    _keys: tuple[_Key, ...] | None = None
    #: The keys as compared from one signal to the next.
    _shown: Hashable = None
    #: The key under the mouse (its index in ``_keys``).
    _hover: int | None = None
    #: How far the keys are scrolled to the left (a wheel moves them, when they overflow).
    _scroll = 0
    #: The mouse's column over the footer (None: elsewhere).
    _mouse_x: int | None = None
    #: The layered styles of the line being drawn (``_layered``; made anew by each line).
    _layers: dict[tuple[str, ...], Style]

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[object]) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            # Read once the refresh is done, as ``Footer`` recomposes then: what a key's
            # ``check_action`` says may change between the signal and the refresh.
            self.call_after_refresh(self._show_keys)

    def _show_keys(self) -> None:
        if self.is_attached and self._take_keys():
            self._hover = None
            self.tooltip = None
            self.refresh()

    def _take_keys(self) -> bool:
        """Read the screen's keys; whether they changed."""
        keys = tuple(self._read_keys())
        shown = tuple((k, k.enabled) for k in keys)
        if shown == self._shown:
            return False
        self._shown = shown
        self._keys = keys
        return True

    def _read_keys(self) -> Iterable[_Key]:
        """As ``Footer.compose`` lists them: one key an action, the first bound to it."""
        app = self.app
        active = self.screen.active_bindings
        by_action: dict[str, tuple[Binding, bool, str]] = {}
        for _node, binding, enabled, tooltip in active.values():
            if binding.show:
                by_action.setdefault(binding.action, (binding, enabled, tooltip))
        for binding, enabled, tooltip in by_action.values():
            yield _Key(
                binding.key, app.get_key_display(binding), binding.description, enabled, tooltip
            )
        if app.ENABLE_COMMAND_PALETTE:
            found = active.get(app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _node, binding, enabled, _tooltip = found
                yield _Key(
                    binding.key,
                    app.get_key_display(binding),
                    binding.description,
                    enabled,
                    binding.tooltip or binding.description,
                    palette=True,
                )

    # -- where each key is ------------------------------------------------------------------

    def _places(self) -> list[tuple[int, int, int]]:
        """(first column, width, index) of each key on screen, the palette's last."""
        keys = self._keys or ()
        width = self.size.width
        places: list[tuple[int, int, int]] = []
        palette = [i for i, key in enumerate(keys) if key.palette]
        right = width
        if palette:
            right = max(0, width - keys[palette[0]].width)
        column = -self._scroll
        for index, key in enumerate(keys):
            if key.palette:
                continue
            start, end = max(column, 0), min(column + key.width, right)
            if end > start:
                places.append((start, end - start, index))
            column += key.width
        if palette:
            places.append((right, width - right, palette[0]))
        return places

    def _key_at(self, x: int) -> int | None:
        for start, width, index in self._places():
            if start <= x < start + width:
                return index
        return None

    def _overflow(self) -> int:
        """How many columns of keys do not fit left of the palette key."""
        keys = self._keys or ()
        room = self.size.width - sum(k.width for k in keys if k.palette)
        return max(0, sum(k.width for k in keys if not k.palette) - room)

    # -- the mouse ----------------------------------------------------------------------------

    def on_mouse_down(self, event: events.MouseDown) -> None:
        index = self._key_at(event.x)
        if index is None or self._keys is None:
            return
        key = self._keys[index]
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._mouse_x = event.x
        self._hover_at(self._key_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._mouse_x = None
        self._hover_at(None)

    def _hover_at(self, index: int | None) -> None:
        if index != self._hover:
            self._hover = index
            keys = self._keys or ()
            tooltip = keys[index].tooltip if index is not None else ""
            self.tooltip = tooltip or None
            self.refresh()

    def _on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._scroll_by(event, round(self.app.scroll_sensitivity_x))

    def _on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._scroll_by(event, -round(self.app.scroll_sensitivity_x))

    def _scroll_by(self, event: events.MouseEvent, step: int) -> None:
        overflow = self._overflow()
        if overflow:
            scroll = min(max(self._scroll + step, 0), overflow)
            if scroll != self._scroll:
                self._scroll = scroll
                # The keys moved under the mouse: the one under it now is lit.
                self._hover_at(None if self._mouse_x is None else self._key_at(self._mouse_x))
                self.refresh()
            event.stop()
            event.prevent_default()

    def on_resize(self, event: events.Resize) -> None:
        self._scroll = min(self._scroll, self._overflow())

    # -- drawing ------------------------------------------------------------------------------

    def _layered(self, *components: str) -> Style:
        """The style of a component layered over the footer, as ``DOMNode.rich_style``
        composes a widget's over its ancestors (a ``FooterKey`` was one more layer); each
        once a line (every key asks for the same few)."""
        found = self._layers.get(components)
        if found is None:
            found = self._layers[components] = self._layer(components)
        return found

    def _layer(self, components: tuple[str, ...]) -> Style:
        background = Color(0, 0, 0, 0)
        color = Color(255, 255, 255, 0)
        style = Style()
        opacity = 1.0
        layers: list[StylesBase] = [node.styles for node in reversed(self.ancestors_with_self)]
        layers += [self.get_component_styles(name) for name in components]
        for styles in layers:
            has_rule = styles.has_rule
            opacity *= styles.opacity
            if has_rule("background"):
                text_background = background + styles.background.tint(styles.background_tint)
                background += styles.background.tint(styles.background_tint).multiply_alpha(opacity)
            else:
                text_background = background
            if has_rule("color"):
                color = styles.color
            style += styles.text_style
            if has_rule("auto_color") and styles.auto_color:
                color = text_background.get_contrast_text(color.a)
        return style + Style.from_color(
            (background + color).rich_color if (background.a or color.a) else None,
            background.rich_color if background.a else None,
        )

    def _blank(self, *components: str) -> Style:
        """Padding and the footer's empty cells: their background only."""
        return Style(bgcolor=self._layered(*components).bgcolor)

    def _key_segments(self, key: _Key, hovered: bool) -> list[Segment]:
        under = ["table-footer--hover" if hovered else "table-footer--item"]
        if not key.enabled:
            under.append("table-footer--disabled")
        key_style = self._layered(*under, "table-footer--key")
        words = self._layered(*under, "table-footer--description")
        if key.palette:
            # A border's colour is blended over what is under the key (Textual's
            # ``base_background``), the footer: a hovered key does not change it.
            border = self._layered("table-footer--border")
            return [
                Segment(_VKEY, Style(color=border.color, bgcolor=self._blank(*under).bgcolor)),
                Segment(key.display, key_style),
                Segment(" " + key.description, words),
                Segment(" ", self._blank(*under)),
            ]
        if not key.description:
            return [Segment(key.display, key_style)]
        return [
            Segment(f" {key.display} ", key_style),
            Segment(f"{key.description} ", words),
        ]

    def render_line(self, y: int) -> Strip:
        if self._keys is None:
            # The first frame: its keys are read as it is drawn, not once it has been drawn
            # (the signal's read after the refresh then finds them unchanged).
            self._take_keys()
        self._layers = {}  # the styles may have changed since the last line (a theme)
        width = self.size.width
        keys = self._keys or ()
        blank = self._blank()
        left: list[Segment] = []
        palette: list[Segment] = []
        for index, key in enumerate(keys):
            segments = self._key_segments(key, index == self._hover)
            (palette if key.palette else left).extend(segments)
        docked = sum(k.width for k in keys if k.palette)
        if docked > width:
            # Docked on the right of a footer narrower than itself: its left part is cut.
            return Strip(palette).crop(docked - width, docked)
        room = width - docked
        line = Strip(left).crop(self._scroll, self._scroll + room)
        line = line.extend_cell_length(room, blank)
        return Strip([*line, *palette])
