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
    """The solver could not answer: a time limit, a missing solver, or an unexpected status.

    ``found`` holds the checked solutions a search had before it gave up (empty when it had none):
    a uniqueness proof that runs out of time still leaves its first answer, which the CLI and the
    editors show with "not proven unique".
    """

    found: tuple = ()


class TimeLimitReached(SolverError):
    """A time limit ran out before the solver proved an answer (``found`` as for any SolverError).

    Its own class, so that the CLI, the editors and the homework sheets tell "out of time" from a
    solver that failed by the error's type, not by the words of its message."""
