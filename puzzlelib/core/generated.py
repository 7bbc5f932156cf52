"""What every puzzle's ``generate`` returns: the board, its answer, the proof's work and its rating.

``generate(size=None, *, seed=0, difficulty=None, time_limit=None, ...) -> Generated`` is the same in
all fourteen folders (the interface table's ``generate`` slot; ``tests/test_generate_contract.py``
holds every folder to it). The three parts beside the board and its answer:

* :class:`Proof`: how uniqueness was shown. For the logic puzzles, a search for a second answer
  with a no-good cut on the first (clauses on a SAT solver, or the integer program) came back
  empty; for Circuit Scramble, Slider and Match 22 the search ran among the *optimal* answers, so
  the answer is the one optimum. It counts the work: planted boards drawn, repairs made to them
  (a given added, two tanks or thermometers merged, a cell blacked out...), searches run, seconds.
* :class:`Rating`: how hard the board is through the integer program's eyes
  (:mod:`puzzlelib.engine.rating`): *easy* when propagation on the model's rows or its LP relaxation
  alone fixes every cell, *medium* when HiGHS needs cuts or a few branch-and-bound nodes to prove
  there is no second answer, *hard* beyond.
* ``extras``: what a puzzle's own generator adds (Sudoku's deduction ``grade`` and ``minimal``, the
  thermometer generator's ``tilings`` and ``merges``), read as attributes (``generated.grade``).

A ``Generated`` also unpacks as ``puzzle, answer = generate(...)``, the pair older code expected.
This module imports nothing else of puzzlelib.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The levels a rating takes and ``difficulty=`` asks for, easiest first.
LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Proof:
    """The work that showed the board has exactly one answer (one optimum, for the optimisation
    puzzles). Attributes not listed here are read from ``detail``, the puzzle's own proof record
    when it keeps one (Sudoku's ``solves``, the thermometer generator's ``found``)."""

    unique: bool
    search: str        # what the last search ran on: "sat" (clauses), "mip" (the integer program), ...
    method: str        # the argument in words
    boards: int = 1    # planted boards drawn (the last one kept)
    repairs: int = 0   # changes made to the boards to remove second answers
    searches: int = 1  # searches for a second answer (each: first answer, then a no-good cut)
    seconds: float = 0.0
    detail: Any = None

    def __getattr__(self, name):
        if name.startswith("__") or name == "detail":
            raise AttributeError(name)
        detail = self.__dict__.get("detail")
        if detail is not None and hasattr(detail, name):
            return getattr(detail, name)
        raise AttributeError(f"Proof has no attribute {name!r}")

    def __str__(self) -> str:
        verdict = "unique" if self.unique else "NOT shown unique"
        # no seconds here: a chapter prints this, and its stored output must not change from run to run
        return (f"{verdict}: {self.method} ({self.boards} board{'s' * (self.boards != 1)} drawn, "
                f"{self.repairs} repair{'s' * (self.repairs != 1)}, {self.searches} "
                f"search{'es' * (self.searches != 1)})")


@dataclass(frozen=True)
class Rating:
    """How hard a board is for integer programming (see :mod:`puzzlelib.engine.rating`).

    ``level`` is one of :data:`LEVELS`; ``step`` names what settled the board: "propagation" (bound
    propagation on the model's rows fixes every 0/1 variable), "lp" (the LP relaxation has no point
    that differs from the answer), "cuts" (HiGHS proves no second answer at the root node),
    "branching" (it needs ``nodes`` branch-and-bound nodes). ``propagated`` is the share of 0/1
    variables propagation fixes; ``lp_gap`` how far (in 0/1 variables) the LP relaxation can move
    away from the answer; ``score`` one number that grows with all of them (for sorting and
    comparing with graded sets)."""

    level: str
    step: str
    propagated: float
    lp_gap: float
    nodes: int
    score: float
    model: str = ""
    seconds: float = 0.0

    def __str__(self) -> str:
        words = {"propagation": "propagation on the rows fixes every cell",
                 "lp": "the LP relaxation alone fixes every cell",
                 "cuts": "HiGHS needs cuts at the root node, no branching",
                 "branching": f"HiGHS needs {self.nodes} branch-and-bound nodes"}
        return f"{self.level}: {words.get(self.step, self.step)}"


@dataclass(frozen=True)
class Generated:
    """A generated board, its one answer, the proof (:class:`Proof`) and its rating (:class:`Rating`).

    ``seed`` and ``size`` are what it was made from; ``seconds`` the whole call; ``extras`` what the
    puzzle's own generator adds, read as attributes. Unpacks as ``(puzzle, solution)``. Two are equal
    when their boards, answers, seeds and sizes are (timings and the work are left out)."""

    puzzle: Any
    solution: Any
    proof: Proof = field(compare=False)
    rating: Rating | None = field(compare=False)
    seed: int = 0
    size: Any = None
    seconds: float = field(default=0.0, compare=False)
    extras: dict = field(default_factory=dict, compare=False)

    def __iter__(self):
        yield self.puzzle
        yield self.solution

    def __getattr__(self, name):
        if name.startswith("__") or name == "extras":
            raise AttributeError(name)
        extras = self.__dict__.get("extras") or {}
        if name in extras:
            return extras[name]
        raise AttributeError(f"Generated has no attribute {name!r}")

    @property
    def answer(self):
        return self.solution

    @property
    def unique(self) -> bool:
        return self.proof.unique

    def summary(self) -> str:
        """One line for a player: that the board is unique, how that was shown, how hard it is."""
        rating = f"; {self.rating}" if self.rating is not None else ""
        how = "one optimum" if "optim" in self.proof.method else "one answer"
        return (f"Unique ({how}, proven by {self.proof.search} search with a no-good cut){rating}"
                if self.proof.unique else f"Not shown unique{rating}")
