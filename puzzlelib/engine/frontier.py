"""Counting every answer at once: frontier-based search over a graph's edge subsets (graphillion).

A uniqueness proof by no-good cuts asks a solver for a second answer and waits for "none". Each
solver searches answer by answer. On a few boards, clause learning needs thousands of conflicts
to rule out a global rearrangement that a person sees at a glance; on extreme_12x12_28 it needs
about 45,000 (``benchmarks/bench_flowfree.py --corpus --proof``).

Frontier-based search (Knuth's SIMPATH; Kawahara et al., 2017) takes the edges one at a time,
in a fixed order, and keeps only what the future can still see: for each vertex on the frontier
between decided and undecided edges, its degree so far and which other frontier vertex its
piece of path joins. Partial answers that agree there are merged. The work grows with the number
of different frontiers, which the graph's width bounds, not with the number of answers, and the
count settles that same level in a few hundredths of a second. graphillion (Inoue et al.) runs
it in C++; this module only asks it.

Two limits decide where it is used. graphillion cannot be interrupted, and on a board with a
large empty region its frontier can hold millions of states. So callers run it only on small
boards (see ``flowfree.solving``), and only after a SAT search with a short budget has not
settled the question. graphillion keeps one global "universe" graph; the count sets it and puts
back whatever was there before, under a lock.
"""

from __future__ import annotations

import threading

_LOCK = threading.Lock()


def available() -> bool:
    """Whether graphillion can be imported here (it is a dependency, but has no wheel everywhere)."""
    try:
        import graphillion  # noqa: F401
    except ImportError:
        return False
    return True


def count_subgraphs(edges, groups, degrees: dict, no_loop: bool = True) -> int | None:
    """How many sets of ``edges`` have each vertex's degree in ``degrees`` (an int each), each
    list in ``groups`` joined and different lists apart, and, with ``no_loop``, no cycle.

    ``edges`` are (u, v) pairs, taken in the order given: a row-major order keeps the frontier
    one row wide. Returns None when graphillion is not installed.
    """
    try:
        from graphillion import GraphSet
    except ImportError:
        return None
    edges = [tuple(e) for e in edges]
    if not edges:
        raise ValueError("count_subgraphs needs at least one edge")
    with _LOCK:
        before = GraphSet.universe()
        GraphSet.set_universe(edges, traversal="as-is")
        try:
            found = GraphSet.graphs(vertex_groups=[list(g) for g in groups],
                                    degree_constraints=dict(degrees), no_loop=no_loop)
            return int(found.len())
        finally:
            if before:
                GraphSet.set_universe(before, traversal="as-is")
