"""Progress bars for the loops a user waits on (generators, enumerations, benchmarks, experiments).

:func:`progress` wraps an iterable in ``tqdm.auto``: a widget in JupyterLab, a text bar on a
terminal's stderr. Bars never reach the stored outputs of the course's notebooks, which nbval
compares run after run: they are off when ``PUZZLELIB_PROGRESS=0`` (set by ``make test``, by
``make sync`` and by :mod:`puzzlelib.classroom.runner` when it runs a notebook) and off for short loops.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")
ENV_VAR = "PUZZLELIB_PROGRESS"


def enabled() -> bool:
    """Whether bars may be shown here (not when notebooks are run for their stored outputs)."""
    return os.environ.get(ENV_VAR, "1").strip().lower() not in ("0", "false", "no", "off")


def progress(iterable: Iterable[T], total: int | None = None, desc: str | None = None,
             show: bool | None = None, min_total: int = 2) -> Iterable[T]:
    """``iterable`` with a progress bar when ``show`` (default: when :func:`enabled`).

    A bar appears only after half a second (tqdm's ``delay``), so quick loops stay silent, and it
    is removed when the loop ends (``leave=False``), so nothing is left behind in a notebook.
    """
    if show is None:
        show = enabled()
    if total is None and hasattr(iterable, "__len__"):
        total = len(iterable)  # type: ignore[arg-type]
    if not show or (total is not None and total < min_total):
        return iterable
    from tqdm.auto import tqdm

    return tqdm(iterable, total=total, desc=desc, leave=False, delay=0.5, dynamic_ncols=True)
