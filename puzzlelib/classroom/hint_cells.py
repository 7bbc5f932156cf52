"""What a "cell" and its "value" are in each puzzle, for hints and play mode (issue 40).

A hint says "this cell must hold this value". For a grid of digits that is plain; for the other
puzzles of the course the player's unit of decision is something else, and each :class:`Spec` says
what, in the integer program's own variables:

* a **value** of a cell is a list of literals ``(variable, required 0/1)`` that all hold exactly
  when the cell has that value (a Sudoku digit: one binary at 1; "no dot here": every dot's binary
  at 0);
* ``cells(puzzle, variables)`` maps each cell to its values, from the variables ``build_model``
  returns (the formulation ``model``);
* ``answer(puzzle, solution, cells)`` reads the puzzle's one answer as a value per cell;
* ``optimum(solution)``: for the puzzles that minimise (Circuit Scramble's flips, Match 22's taps,
  Slider's slides), the objective's value at the answer. The hint's model then carries the row
  ``optimum``: objective <= that value, so what propagation and the LP force holds in every
  *optimal* answer, and the one optimum is the answer the hints lead to;
* ``quiet``: a value hinted only when no other value is forced ("the knight ends here", "the
  block never stops here"): true, but not what a player wants to hear first.

Cells are whatever the puzzle's player points at: a grid cell ``(row, col)`` for most, a switch's
name (Circuit Scramble), an edge's index (V3ck). This module only describes; hints.py reasons.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

#: The value of a path square with no next step (Knight Moves' last square, a Slider cell the
#: block never stops on).
END = "end"


def _must_be(puzzle, cell, value) -> str:
    return f"{cell} must be {value}"


@dataclass(frozen=True)
class Spec:
    cells: Callable[[Any, Any], dict]
    answer: Callable[[Any, Any, dict], dict]
    model: str | None = None
    optimum: Callable[[Any], float] | None = None
    quiet: Any = None
    says: Callable[[Any, Any, Any], str] = _must_be   # the claim in words: "(2, 3) must be 4"


def _one_hot(triples) -> dict:
    """``{cell: {value: [(var, 1)]}}`` from (cell, value, var): a value is its own binary at 1."""
    out: dict = {}
    for cell, value, var in triples:
        out.setdefault(cell, {})[value] = [(var, 1)]
    return out


def _with_none(cells: dict, none) -> dict:
    """Each cell gets the value ``none`` too: every one of its binaries at 0 (no dot, no pipe, no step)."""
    for values in cells.values():
        values[none] = [(lits[0][0], 0) for lits in list(values.values())]
    return cells


# -- grids of one value per cell -------------------------------------------------------------- #
def _binary_cells(puzzle, variables) -> dict:
    """0/1 grids: value v of a cell is its variable at v."""
    return {cell: {0: [(var, 0)], 1: [(var, 1)]} for cell, var in variables.items()
            if isinstance(cell, tuple) and len(cell) == 2}


def _digit_cells(puzzle, variables) -> dict:
    """Digit grids: value d of a cell is its variable (r, c, d) at 1."""
    return _one_hot(((key[0], key[1]), key[2], var) for key, var in variables.items()
                    if isinstance(key, tuple) and len(key) == 3)


def _grid_answer(puzzle, solution, cells) -> dict:
    grid = solution.grid
    return {cell: int(grid[cell[0]][cell[1]]) for cell in cells}


# -- Infinity Loop and Match 22: a tile's or a disk's turns ----------------------------------- #
def _turn_cells(puzzle, variables) -> dict:
    """Rotation puzzles: value k of a tile is its binary for k turns at 1 (one binary per picture)."""
    return {cell: {k: [(var, 1)] for k, var in turns.items()} for cell, turns in variables.items()
            if isinstance(cell, tuple) and isinstance(turns, dict)}


def _tile_answer(puzzle, solution, cells) -> dict:
    """The answer's turns as the model numbers them (a symmetric tile's pictures are fewer than four)."""
    out = {}
    for (r, c), values in cells.items():
        k = int(solution.turns[r][c])
        out[r, c] = k if k in values else min(values, key=lambda v: (v - k) % 4)
    return out


def _disk_cells(puzzle, variables) -> dict:
    """Match 22: disk i sits on ``puzzle.cells[i - 1]``; value k is its binary for k left turns."""
    return {puzzle.cells[i - 1]: {k: [(var, 1)] for k, var in turns.items()} for i, turns in variables.items()}


def _disk_answer(puzzle, solution, cells) -> dict:
    return {puzzle.cells[i - 1]: int(k) for i, k in solution.turns.items()}


# -- Flow Free: a colour per cell (or none, under Numberlink's rule) ------------------------- #
def _colour_cells(puzzle, variables) -> dict:
    out = _one_hot((cell, colour, var) for (cell, colour), var in variables["x"].items())
    return _with_none(out, ".") if getattr(puzzle, "rule", "") == "numberlink" else out  # a cell may stay empty


def _colour_answer(puzzle, solution, cells) -> dict:
    return {cell: solution.grid[cell[0]][cell[1]] for cell in cells}


# -- Monodot: a dot's number, or no dot ------------------------------------------------------- #
def _dot_cells(puzzle, variables) -> dict:
    return _with_none(_one_hot((cell, number, var) for (number, cell), var in variables.items()), 0)


def _dot_answer(puzzle, solution, cells) -> dict:
    out = {cell: 0 for cell in cells}
    for d, cell in enumerate(solution.cells):
        if cell is not None:
            out[tuple(cell)] = puzzle.dots[d]
    return out


# -- V3ck: a colour per edge ------------------------------------------------------------------ #
def _edge_cells(puzzle, variables) -> dict:
    return _one_hot((e, colour, var) for (e, colour), var in variables.items())


def _edge_answer(puzzle, solution, cells) -> dict:
    return {e: solution.colours[e] for e in cells}


# -- Circuit Scramble: a switch's final state ------------------------------------------------- #
def _switch_cells(puzzle, variables) -> dict:
    return {s: {0: [(variables[s], 0)], 1: [(variables[s], 1)]} for s in puzzle.switches}


def _switch_answer(puzzle, solution, cells) -> dict:
    return {s: int(solution.inputs[s]) for s in cells}


# -- paths: Knight Moves' jumps, Slider's slides ---------------------------------------------- #
def _successor_cells(arcs, skip=()) -> dict:
    """A square's value is the square the path goes to next (its arc at 1), or END (every arc out at 0)."""
    return _with_none(_one_hot((u, v, var) for (u, v), var in arcs.items() if u not in skip), END)


def _path_answer(puzzle, solution, cells) -> dict:
    out = {cell: END for cell in cells}
    for u, v in zip(solution.path, solution.path[1:]):
        if u in out:
            out[u] = v
    return out


def _knight_cells(puzzle, variables) -> dict:
    cells = _successor_cells(variables, skip=() if puzzle.end is None else (puzzle.end,))
    if puzzle.end is None:
        return cells
    return {u: {v: lits for v, lits in values.items() if v != END} for u, values in cells.items()}


def _slider_cells(puzzle, variables) -> dict:
    return _successor_cells(variables, skip=(puzzle.target,))


def _says_colour(puzzle, cell, value) -> str:
    return f"{cell} must stay empty" if value == "." else f"{cell} must be {value}"


def _says_dot(puzzle, cell, value) -> str:
    return f"{cell} must hold no dot" if value == 0 else f"{cell} must be {value}"


def _says_disk(puzzle, cell, value) -> str:
    return f"{cell} must be {value} (the disk there turns {value} time{'s' * (value != 1)})"


def _says_edge(puzzle, e, value) -> str:
    a, b = puzzle.edges[e]
    return f"edge {e} ({a}-{b}) must be {value}"


def _says_switch(puzzle, s, value) -> str:
    kept = value == puzzle.inputs[s]
    return f"switch {s} must be {value} ({'left as it is' if kept else 'flipped'})"


def _says_jump(puzzle, cell, value) -> str:
    return f"{cell}: the knight's path ends here" if value == END else f"{cell} must be {value} (the knight jumps there next)"


def _says_slide(puzzle, cell, value) -> str:
    return (f"{cell}: the block never stops here" if value == END
            else f"{cell} must be {value} (the block slides there next)")


#: Per kind: how hints and play mode see its cells.
SPECS: dict[str, Spec] = {
    "thermometer": Spec(_binary_cells, _grid_answer),
    "binairo": Spec(_binary_cells, _grid_answer),
    "aquarium": Spec(_binary_cells, _grid_answer),
    "starbattle": Spec(_binary_cells, _grid_answer),
    "sudoku": Spec(_digit_cells, _grid_answer),
    "kakuro": Spec(_digit_cells, _grid_answer),
    "infinityloop": Spec(_turn_cells, _tile_answer),
    "match22": Spec(_disk_cells, _disk_answer, optimum=lambda s: s.moves, says=_says_disk),
    "flowfree": Spec(_colour_cells, _colour_answer, says=_says_colour),
    "monodot": Spec(_dot_cells, _dot_answer, says=_says_dot),
    "v3ck": Spec(_edge_cells, _edge_answer, model="edges", says=_says_edge),   # no symmetry breaking: it removes answers
    "circuit": Spec(_switch_cells, _switch_answer, optimum=lambda s: len(s.flips), says=_says_switch),
    "knightmoves": Spec(_knight_cells, _path_answer, model="mtz", quiet=END, says=_says_jump),
    "slider": Spec(_slider_cells, _path_answer, optimum=lambda s: s.moves, quiet=END, says=_says_slide),
}
