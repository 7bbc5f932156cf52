"""The second peer of issue 42: clingo (answer set programming, from PyPI) on the same boards as CP-SAT.

Each puzzle has an encoding written for this benchmark (below, in the usual generate-and-test style
of the Potassco guide) and a function that turns the JSON board of its ``cpsat_<kind>.py`` into
facts. ``solve(kind, board, time_limit)`` grounds and solves with ``--models=2`` (one answer set and
the search for a second: the same question as ``solutions(puzzle, limit=2)``) and returns
``{"answer": "unique" | "2+ solutions" | "none" | "time limit"}``. Run it through
``peer_child.py clingo <kind>``, in a process of its own, like the CP-SAT scripts; it imports
neither puzzlelib nor ortools.
"""

from __future__ import annotations

import clingo

JUMPS = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))

# A knight's path from S is a Hamiltonian cycle through an extra vertex z (z -> S, E -> z, or any
# square -> z when no end is fixed): one arc out of and into every vertex, every vertex reached from z.
KNIGHTMOVES = """
{ next(U,V) : arc(U,V) } = 1 :- vertex(U).
{ next(U,V) : arc(U,V) } = 1 :- vertex(V).
reached(z).
reached(V) :- reached(U), next(U,V).
:- vertex(V), not reached(V).
#show next/2.
"""

# Aquarium: a wet cell wets its tank's cells of the same row and of every row below (one row at a time).
AQUARIUM = """
{ wet(R,C) } :- cell(R,C,T).
:- cell(R,C,T), cell(R,D,T), wet(R,C), not wet(R,D).
:- cell(R,C,T), cell(R+1,D,T), wet(R,C), not wet(R+1,D).
:- rowcount(R,N), not N #count { C : wet(R,C) } N.
:- colcount(C,N), not N #count { R : wet(R,C) } N.
#show wet/2.
"""

# Star Battle: k stars per row, column and region, no two stars touching (diagonals too).
STARBATTLE = """
{ star(R,C) } :- cell(R,C,G).
:- row(R), not K #count { C : star(R,C) } K, stars(K).
:- col(C), not K #count { R : star(R,C) } K, stars(K).
:- region(G), not K #count { R,C : star(R,C), cell(R,C,G) } K, stars(K).
:- star(R,C), star(R+1,C).
:- star(R,C), star(R,C+1).
:- star(R,C), star(R+1,C+1).
:- star(R,C), star(R+1,C-1).
#show star/2.
"""

# Thermometers: a cell is filled only if the cell before it (towards the bulb) is; row and column counts.
THERMOMETER = """
{ full(R,C) } :- cell(R,C).
:- after(R,C,R0,C0), full(R,C), not full(R0,C0).
:- rowcount(R,N), not N #count { C : full(R,C) } N.
:- colcount(C,N), not N #count { R : full(R,C) } N.
#show full/2.
"""

# Numberlink: a colour or nothing per cell that is not a dot; a link joins neighbours of one colour; a
# dot has one link, any other coloured cell two; every coloured cell is reached along links from the
# first dot of some colour, so no pipe closes on itself (reached/2 is founded: a loop cannot reach
# itself). Several link sets can give one colouring: the models are projected onto col/3 (OPTIONS),
# so a second model is a second colouring, empty cells included.
NUMBERLINK = """
adj(R,C,R+1,C) :- cell(R,C), cell(R+1,C).
adj(R,C,R,C+1) :- cell(R,C), cell(R,C+1).
col(R,C,K) :- dot(R,C,K).
{ col(R,C,K) : colour(K) } 1 :- cell(R,C), not dot(R,C,_).
{ link(R,C,X,Y) } :- adj(R,C,X,Y), col(R,C,K), col(X,Y,K).
linked(R,C,X,Y) :- link(R,C,X,Y).
linked(X,Y,R,C) :- link(R,C,X,Y).
:- dot(R,C,_), not 1 #count { X,Y : linked(R,C,X,Y) } 1.
:- col(R,C,_), not dot(R,C,_), not 2 #count { X,Y : linked(R,C,X,Y) } 2.
reached(R,C) :- first(R,C).
reached(X,Y) :- reached(R,C), linked(R,C,X,Y).
:- col(R,C,_), not reached(R,C).
#show col/3.
"""


def knightmoves_facts(board) -> str:
    grid, start = board["grid"], tuple(board["start"])
    end = tuple(board["end"]) if board.get("end") else None
    squares = [(r, c) for r, line in enumerate(grid) for c, ch in enumerate(line) if ch != "#"]
    index = {cell: k + 1 for k, cell in enumerate(squares)}
    facts = ["vertex(z)."] + [f"vertex({k})." for k in index.values()]
    for (r, c), u in index.items():
        if (r, c) != end:
            for dr, dc in JUMPS:
                v = index.get((r + dr, c + dc))
                if v is not None and (r + dr, c + dc) != start:
                    facts.append(f"arc({u},{v}).")
        if (end is None and (r, c) != start) or (r, c) == end or len(squares) == 1:
            facts.append(f"arc({u},z).")
    facts.append(f"arc(z,{index[start]}).")
    return "\n".join(facts)


def aquarium_facts(board) -> str:
    facts = [f"cell({r},{c},{t})." for r, row in enumerate(board["tanks"]) for c, t in enumerate(row)]
    facts += [f"rowcount({r},{n})." for r, n in enumerate(board["rows"]) if n is not None]
    facts += [f"colcount({c},{n})." for c, n in enumerate(board["cols"]) if n is not None]
    return "\n".join(facts)


def starbattle_facts(board) -> str:
    regions = board["regions"]
    names = {g: k for k, g in enumerate(sorted({g for row in regions for g in row}, key=str))}
    n = len(regions)
    facts = [f"cell({r},{c},{names[g]})." for r, row in enumerate(regions) for c, g in enumerate(row)]
    facts += [f"row({i}). col({i})." for i in range(n)] + [f"region({k})." for k in names.values()]
    facts.append(f"stars({board['stars']}).")
    return "\n".join(facts)


def thermometer_facts(board) -> str:
    m, n = board["shape"]
    facts = [f"cell({r},{c})." for r in range(m) for c in range(n)]
    for cells in board["therms"]:
        facts += [f"after({b[0]},{b[1]},{a[0]},{a[1]})." for a, b in zip(cells, cells[1:])]
    facts += [f"rowcount({r},{k})." for r, k in enumerate(board["rows"]) if k is not None]
    facts += [f"colcount({c},{k})." for c, k in enumerate(board["cols"]) if k is not None]
    return "\n".join(facts)


def numberlink_facts(grid) -> str:
    """The grid of cpsat_numberlink.py (rows of colour letters and '.') as cells, dots and first dots."""
    facts, first = [], set()
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            facts.append(f"cell({r},{c}).")
            if ch != ".":
                facts.append(f'dot({r},{c},"{ch}"). colour("{ch}").')
                if ch not in first:
                    first.add(ch)
                    facts.append(f"first({r},{c}).")
    return "\n".join(facts)


ENCODINGS = {
    "knightmoves": (KNIGHTMOVES, knightmoves_facts),
    "aquarium": (AQUARIUM, aquarium_facts),
    "starbattle": (STARBATTLE, starbattle_facts),
    "thermometer": (THERMOMETER, thermometer_facts),
    "numberlink": (NUMBERLINK, numberlink_facts),
}

#: clingo options beyond ``--models=2`` for a kind: Numberlink counts colourings, not link sets.
OPTIONS = {"numberlink": ["--project=show"]}


def solve(kind: str, board, time_limit: float = 60.0) -> dict:
    """Ground and solve ``board`` with clingo, stopping after two answer sets (see the module docstring)."""
    program, facts = ENCODINGS[kind]
    control = clingo.Control(["--models=2", "--warn=none", *OPTIONS.get(kind, [])])
    control.add("base", [], program + "\n" + facts(board))
    control.ground([("base", [])])
    count = 0

    def on_model(model):
        nonlocal count
        count += 1

    with control.solve(on_model=on_model, async_=True) as handle:
        if not handle.wait(time_limit):
            handle.cancel()
            return {"answer": "time limit"}
        handle.get()
    return {"answer": {0: "none", 1: "unique"}.get(count, "2+ solutions")}
