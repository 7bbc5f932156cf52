"""How long an editor takes from a click on the board to a new picture, on the kernel side.

    python benchmarks/bench_editor.py

A click runs the editor's action, redraws the figure (matplotlib's Agg renderer) and encodes the
PNG that ipympl sends to the browser; the browser's share (one image) is not included. Target: a
click on a 10x10 board redraws within 200 ms. Median of 30 clicks on random cells.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelib import thermometer as th  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402


def click_times(editor, nrows, ncols, clicks=30, seed=0):
    rng = random.Random(seed)
    times = []
    for _ in range(clicks):
        start = time.perf_counter()
        editor.click(rng.randrange(nrows), rng.randrange(ncols))
        editor.canvas.draw()
        editor.canvas.get_diff_image()  # the PNG ipympl sends
        times.append(time.perf_counter() - start)
    return times


def main():
    rows = []
    for n in (5, 10, 20, 30):
        puzzle, _ = th.planted_puzzle(n, seed=n)
        editor = th.editor(puzzle)
        for mode in ("Fill", "Erase"):
            editor.mode.value = mode
            editor.puzzle = puzzle
            t = click_times(editor, n, n)
            rows.append((f"{n}x{n}", mode, seconds(statistics.median(t)), seconds(max(t))))
    print("Thermometers editor: click -> redraw -> PNG, kernel side, 30 clicks")
    print(table(["board", "mode", "median", "slowest"], rows, widths=[7, 6, 10, 10]))


if __name__ == "__main__":
    main()
