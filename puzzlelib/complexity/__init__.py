"""Chapter 13's material: how hard puzzles are.

``reductions`` (3-edge-colouring of a cubic graph to V3ck and back, a solver-free backtracking
search that counts its nodes, and the graphs of the chapter: K4, Petersen, flower snarks, prisms),
``growth`` (a least-squares fit that tells exponential from polynomial growth, deterministic
measures of work, and the size series of ``benchmarks/bench_growth.py``) and ``checks`` (Exercises
13.1 and 13.2).
"""
