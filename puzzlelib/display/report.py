"""Plain-text tables whose layout does not change from run to run.

Notebooks print measured times; nbval replaces the digits of a time with TIME (see
``tests/sanitize.cfg``), so a time must always take the same width: :func:`seconds` pads it.
"""

from __future__ import annotations

from collections.abc import Sequence


def seconds(t: float | None) -> str:
    """A time in a fixed width, e.g. ``'   0.012 s'``; None (not run, or over the limit) as a dash."""
    return "         -" if t is None else f"{t:8.3f} s"


def table(headers: Sequence[str], rows: Sequence[Sequence], widths: Sequence[int] | None = None) -> str:
    """Right-aligned columns, as wide as the header or the given width (never the data)."""
    widths = list(widths) if widths else [max(len(h), 10) for h in headers]
    lines = ["  ".join(str(h).rjust(w) for h, w in zip(headers, widths)),
             "  ".join("-" * w for w in widths)]
    for row in rows:
        lines.append("  ".join(str(v).rjust(w) for v, w in zip(row, widths)))
    return "\n".join(lines)
