"""Random Flow Free boards with a planted solution: a random Hamiltonian path cut into pipes.

``random_puzzle`` gives the board alone (what the contract and fuzz tests call); ``planted_puzzle``
gives the board and the solution it was made from, which proves it solvable (it need not be the
only solution).
"""

from __future__ import annotations

import random

from ..core.errors import PuzzleError
from ..core.validate import check_int, check_shape, check_flag, check_seed
from .board import COLOUR_NAMES, Cell, Puzzle, Solution, neighbours
from ..core.generated import Generated
from ..engine.generating import draw_until_unique, generate_with


def snake(nrows: int, ncols: int) -> list[Cell]:
    """The Hamiltonian path that walks the rows left, right, left, ..."""
    return [(r, c if r % 2 == 0 else ncols - 1 - c) for r in range(nrows) for c in range(ncols)]


def backbite(path: list[Cell], shape, rng: random.Random) -> list[Cell]:
    """One backbite move: join an end to a random neighbour on the path and reverse the loop formed.

    It keeps a Hamiltonian path Hamiltonian, and many moves make it look random.
    """
    if rng.random() < 0.5:
        path = path[::-1]
    end = path[-1]
    options = [w for w in neighbours(end, shape) if len(path) < 2 or w != path[-2]]
    if not options:
        return path
    w = rng.choice(options)
    i = path.index(w)
    return path[: i + 1] + path[i + 1:][::-1]


def random_path_cover(nrows: int, ncols: int, rng: random.Random, mean_len: float | None = None,
                      tidy: bool = True, moves: int | None = None) -> list[list[Cell]]:
    """Pipes that cover the board: a random Hamiltonian path cut into pieces.

    Piece lengths are drawn around ``mean_len``; with ``tidy`` a piece is also cut where it would
    run alongside itself, so the planted pipes look like those of designed levels. Pieces have at
    least two cells (tidy) or three (not tidy).
    """
    shape = (nrows, ncols)
    total = nrows * ncols
    mean = mean_len or max(3.0, (nrows + ncols) / 2)
    low = 2 if tidy else 3
    for _attempt in range(100):
        path = snake(nrows, ncols)
        for _ in range(moves if moves is not None else 8 * total):
            path = backbite(path, shape, rng)
        pieces: list[list[Cell]] = []
        piece: list[Cell] = []
        target = 0
        for cell in path:
            touches = tidy and any(w in piece[:-1] for w in neighbours(cell, shape))
            if piece and (len(piece) >= target or touches):
                pieces.append(piece)
                piece = []
            if not piece:
                target = max(low, min(int(round(rng.expovariate(1 / mean))), 3 * int(mean)))
            piece.append(cell)
        pieces.append(piece)
        if len(pieces[-1]) < low and len(pieces) > 1:  # the last piece is too short: join it to the one before
            tail = pieces.pop()
            if not tidy or not any(w in pieces[-1][:-1] for cell in tail for w in neighbours(cell, shape)):
                pieces[-1] += tail
            else:
                continue
        if all(len(p) >= low for p in pieces) or total < low:
            return _merge_pieces(pieces, shape, rng, 4 * mean) if tidy else pieces
    raise RuntimeError("could not cut the board into pipes")  # pragma: no cover - never seen


def _tidy_with(piece: list[Cell], cell: Cell, shape) -> bool:
    """Can ``cell`` be added after ``piece[-1]`` without the pipe running alongside itself?"""
    return all(w not in piece[:-1] for w in neighbours(cell, shape))


def _merge_pieces(pieces: list[list[Cell]], shape, rng: random.Random, max_len: float) -> list[list[Cell]]:
    """Fewer, longer pipes: shorter pipes give their end cells to neighbouring pipes.

    A move takes the end cell of a pipe and appends it to a neighbouring pipe whose end touches it,
    when both stay tidy; a pipe left with a single cell hands that cell over too and disappears.
    """
    pieces = [list(p) for p in pieces]
    for _ in range(30 * len(pieces)):
        ends = {}
        for i, p in enumerate(pieces):
            ends.setdefault(p[0], (i, 0))
            ends[p[-1]] = (i, -1)
        i = min(rng.sample(range(len(pieces)), min(3, len(pieces))), key=lambda k: len(pieces[k]))
        donor = pieces[i]
        for side in rng.sample([0, -1], 2):
            cell = donor[side]
            rest = donor[1:] if side == 0 else donor[:-1]
            if len(rest) == 1:
                continue
            takers = [ends[w] for w in neighbours(cell, shape) if w in ends and ends[w][0] != i]
            rng.shuffle(takers)
            for j, end in takers:
                taker = pieces[j] if end == -1 else pieces[j][::-1]
                if len(taker) + 1 > max_len or not _tidy_with(taker, cell, shape):
                    continue
                pieces[j] = taker + [cell]
                pieces[i] = rest
                break
            else:
                continue
            break
        if len(pieces[i]) == 2:  # try to dissolve a two-cell pipe into its neighbours
            a, b = pieces[i]
            ends = {}
            for k, p in enumerate(pieces):
                if k != i:
                    ends.setdefault(p[0], (k, 0))
                    ends[p[-1]] = (k, -1)
            options = [(ends[w], cell) for cell in (a, b) for w in neighbours(cell, shape) if w in ends]
            for (j, end), cell in options:
                other = b if cell == a else a
                taker = pieces[j] if end == -1 else pieces[j][::-1]
                if len(taker) + 2 <= max_len and _tidy_with(taker, cell, shape) and \
                        _tidy_with(taker + [cell], other, shape):
                    pieces[j] = taker + [cell, other]
                    del pieces[i]
                    break
    return pieces


def planted_puzzle(size: int | tuple[int, int] | None = None, *, seed: int = 0, mean_len: float | None = None,
                   tidy: bool = True) -> tuple[Puzzle, Solution]:
    """A random board and the planted solution it was made from (dots at the ends of its pipes).

    ``size`` is n (an n x n board) or (rows, cols); None is 5x5.

    The snake through the board is shuffled by backbite moves, cut into pipes of about
    ``mean_len`` cells (with ``tidy``, also where a pipe would run alongside itself), short pipes
    hand their end cells to neighbours, and the dots go at the ends.
    """
    nrows, ncols = (size, size) if size is None or isinstance(size, int) else _pair(size)
    nrows, ncols = check_shape(5 if nrows is None else nrows, 5 if ncols is None else ncols)
    seed = check_int(seed, "seed")
    tidy = check_flag(tidy, "tidy")
    if nrows * ncols < 2:
        raise PuzzleError("a board needs at least two cells")
    if mean_len is not None and (isinstance(mean_len, bool) or not isinstance(mean_len, (int, float))
                                 or not 1 <= mean_len <= nrows * ncols):
        raise PuzzleError(f"mean_len: expected a number of cells from 1 to {nrows * ncols}, got {mean_len!r}")
    rng = random.Random(check_seed(seed))
    pieces = random_path_cover(nrows, ncols, rng, mean_len, bool(tidy) and nrows * ncols > 2)
    if len(pieces) > len(COLOUR_NAMES):
        raise PuzzleError(f"{len(pieces)} pipes need more colours than the {len(COLOUR_NAMES)} names available")
    dots = [["."] * ncols for _ in range(nrows)]
    grid = [["."] * ncols for _ in range(nrows)]
    # name colours in reading order of their first dot, so the board reads A, B, C, ...
    order = sorted(range(len(pieces)), key=lambda i: min(pieces[i][0], pieces[i][-1]))
    paths = {}
    for name, i in zip(COLOUR_NAMES, order):
        piece = pieces[i] if pieces[i][0] <= pieces[i][-1] else pieces[i][::-1]
        for r, c in piece:
            grid[r][c] = name
        for r, c in (piece[0], piece[-1]):
            dots[r][c] = name
        paths[name] = tuple(piece)
    puzzle = Puzzle(["".join(row) for row in dots])
    return puzzle, Solution(tuple("".join(row) for row in grid), {k: paths[k] for k in puzzle.colours})


def random_puzzle(size: int | tuple[int, int] | None = None, *, seed: int = 0, mean_len: float | None = None,
                  tidy: bool = True) -> Puzzle:
    """A random solvable board (see :func:`planted_puzzle` for the solution it was made from)."""
    return planted_puzzle(size, seed=seed, mean_len=mean_len, tidy=tidy)[0]


def _pair(size) -> tuple:
    if isinstance(size, (tuple, list)) and len(size) == 2:
        return tuple(size)
    raise PuzzleError(f"size: expected n or (rows, cols), got {size!r:.30}")


def generate(size=None, *, seed: int = 0, difficulty: str | None = None, time_limit: float | None = None,
             tries: int = 200, **options) -> Generated:
    """A board with one answer (a no-good search finds no second) (:class:`~puzzlelib.core.generated.Generated`: the board, its answer, the proof's work, its
    rating; ``difficulty``: "easy", "medium" or "hard", see :mod:`puzzlelib.engine.rating`;
    ``time_limit``: seconds for the whole call): planted boards (:func:`planted_puzzle`, with
    ``options``) drawn from seeds made from ``seed`` until one is unique (PuzzleError after ``tries``)."""
    tries = check_int(tries, "tries", 1, 100_000)
    planted_puzzle(size, seed=seed, **options)  # the size, seed and options are checked before any search
    make = draw_until_unique(lambda board_seed: planted_puzzle(size, seed=board_seed, **options), tries)
    return generate_with(__package__, size, seed, difficulty, time_limit, make, search="sat", optimum=False)
