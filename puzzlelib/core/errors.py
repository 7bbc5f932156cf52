"""The three ways a puzzle can fail, so that users never see a traceback from inside PuLP."""


class PuzzleError(ValueError):
    """The puzzle itself is malformed: the message names the line, cell, clue or gate at fault."""


class NoSolution(Exception):
    """The puzzle is well formed but nothing satisfies every rule.

    ``reason`` says why, when the data shows it (for example a count no line can reach).
    """

    def __init__(self, message: str, reason: str | None = None):
        super().__init__(message if reason is None else f"{message}: {reason}")
        self.reason = reason


class SolverError(RuntimeError):
    """The solver could not answer: a time limit, a missing solver, or an unexpected status."""
