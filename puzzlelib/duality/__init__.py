"""Chapter 12: duality on puzzles.

Files, one job each: ``matrix`` (a PuLP model's LP relaxation as exact data, and HiGHS fed from
it), ``farkas`` (certificates that a board is impossible: weights on its named rules whose sum
reads 0 >= 1, found by HiGHS and checked without a solver), ``lp_dual`` (the dual of an LP written
out, weak and strong duality, reduced costs, complementary slackness), ``potentials`` (Slider's
dual as a potential on every cell), ``drawing`` (weights and potentials on the board) and
``checks`` (the exercises).
"""

from .farkas import Certificate, CertificateCheck, check_certificate, combine, farkas_certificate
from .lp_dual import (dual_objective_at, dual_problem, objective_at, reduced_costs, slackness,
                      without_upper_bounds)
from .matrix import LinearProgram, LPSolution, Row, as_lp, solve_lp, to_highs
from .potentials import potentials, potentials_from_duals, slider_lp, tight_arcs

__all__ = [
    "Certificate", "CertificateCheck", "check_certificate", "combine", "farkas_certificate",
    "dual_objective_at", "dual_problem", "objective_at", "reduced_costs", "slackness", "without_upper_bounds",
    "LinearProgram", "LPSolution", "Row", "as_lp", "solve_lp", "to_highs",
    "potentials", "potentials_from_duals", "slider_lp", "tight_arcs",
]
