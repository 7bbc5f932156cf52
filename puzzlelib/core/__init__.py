"""The base layer: errors, argument checks, the PuLP compatibility shims, the shared codecs and the
puzzle interface. It imports nothing else of puzzlelib, and every other layer may import it."""

from .errors import NoSolution, PuzzleError, SolverError, TimeLimitReached

__all__ = ["NoSolution", "PuzzleError", "SolverError", "TimeLimitReached"]
