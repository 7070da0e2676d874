"""A QR code as half blocks: the join address on the shared screen, scanned by a phone.

A terminal cell is about twice as tall as it is wide, so one cell draws two modules, one above
the other (``▀``, ``▄``, ``█``, or a blank), and the code comes out square. It is drawn black on
white whatever the terminal's colours: a phone's camera reads dark modules on a light field,
and an inverted code (light on dark, as a dark theme would draw it) fails on many phones. The
quiet zone — four light modules all around, as the standard asks — is part of the drawing, so
the code reads even beside other text.
"""

from __future__ import annotations

#: The light modules around the code (ISO/IEC 18004: four).
QUIET_ZONE = 4

#: A pair of modules (top dark, bottom dark) as the one cell that draws it, in the code's
#: black on white: the foreground is the dark half.
_HALF_BLOCKS = {
    (False, False): " ",
    (True, False): "▀",
    (False, True): "▄",
    (True, True): "█",
}

Modules = tuple[tuple[bool, ...], ...]


def qr_modules(text: str) -> Modules:
    """The code's modules, row by row, True for dark, the quiet zone included.

    Error correction M (15 % of the code may be lost: a scratched screen, a glare) is the
    standard's usual choice; never a Micro QR code, which many phone cameras do not read.
    """
    import segno  # only when a code is drawn: the table opens without it

    code = segno.make(text, error="m", micro=False)
    return tuple(
        tuple(module == 0x1 for module in row)
        for row in code.matrix_iter(scale=1, border=QUIET_ZONE)
    )


def half_block_rows(modules: Modules) -> list[str]:
    """``modules`` two rows to a line; an odd last row is paired with a light one (the quiet
    zone stays light)."""
    width = len(modules[0]) if modules else 0
    light = (False,) * width
    lines = []
    for top in range(0, len(modules), 2):
        bottom = modules[top + 1] if top + 1 < len(modules) else light
        lines.append("".join(_HALF_BLOCKS[pair] for pair in zip(modules[top], bottom, strict=True)))
    return lines


def qr_rows(text: str) -> list[str]:
    """``text``'s code as lines of half blocks, to be drawn black on white."""
    return half_block_rows(qr_modules(text))
