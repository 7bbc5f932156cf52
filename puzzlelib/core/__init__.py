"""Machinery shared by every puzzle: errors, solving, enumeration, drawing, editors, checks."""

from .errors import NoSolution, PuzzleError, SolverError
from .enumeration import enumerate_solutions, nogood_cut
from .solver import Deadline, add_binary, add_continuous, add_integer, make_solver, new_problem, solve_model, value01

__all__ = [
    "NoSolution", "PuzzleError", "SolverError", "enumerate_solutions", "nogood_cut",
    "Deadline", "add_binary", "add_continuous", "add_integer", "make_solver", "new_problem", "solve_model", "value01",
]
