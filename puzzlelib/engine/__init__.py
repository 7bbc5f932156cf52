"""The solving engine: models in PuLP, solved on HiGHS or CBC, solutions listed by no-good cuts,
the SAT search and the frontier count. No matplotlib, no ipywidgets (a test of the import graph
keeps it so). What a student's own model needs is importable from here in one line."""

from ..core.errors import NoSolution, PuzzleError, SolverError
from .enumeration import enumerate_solutions, nogood_cut
from .solver import Deadline, add_binary, add_continuous, add_integer, make_solver, new_problem, solve_model, value01

__all__ = [
    "NoSolution", "PuzzleError", "SolverError", "enumerate_solutions", "nogood_cut",
    "Deadline", "add_binary", "add_continuous", "add_integer", "make_solver", "new_problem", "solve_model", "value01",
]
