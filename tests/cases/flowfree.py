"""Flow Free's test cases as data, run by tests/test_puzzles.py."""

from puzzlelib.flowfree import Solution

KIND = "flowfree"

#: Hartmann's 8x8 (the chapter's board, SEED_BOARD without its comment): 15 colourings, so not unique.
SEED_TEXT = "flowfree\n........\n121.342.\n........\n........\n..3.4...\n.5.....5\n.......6\n6...7..7\n"
#: The editor's 5x5 and its one solution.
DEMO = "flowfree\n.....\n.A...\n.BB..\n.C..D\n.DC.A\n"
DEMO_SOLUTION = ["DDDDD", "DAAAD", "DBBAD", "DCCAD", "DDCAA"]
SMALL_BOARD = "flowfree\nA.B\n...\nA.B\n"
#: A 3x3 and its one answer with its pipes: the rules about pipes need the pipes (a Solution).
PIPES_BOARD = "flowfree\nABB\n...\n..A\n"
RIGHT_GRID = ("ABB", "ABB", "AAA")
PIPE_A = ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2))
PIPE_B = ((0, 1), (1, 1), (1, 2), (0, 2))

#: Each rule code with boards that break it: (puzzle text, answer, code).
FAULTS = [
    (SMALL_BOARD, ["ABB", "A.B"], "shape"),
    (SMALL_BOARD, ["ABB", "A.B", "AAA"], "uncovered"),
    (SMALL_BOARD, ["ABB", "AZB", "AAA"], "unknown"),
    (SMALL_BOARD, ["AAB", "ABB", "AAA"], "dot"),
    (DEMO, ["DDDDD", "DAAAD", "DBBAD", "DCCAD", "DDCCA"], "one-path"),
    (PIPES_BOARD, Solution(RIGHT_GRID, {"A": PIPE_A}, cycles=(((1, 1), (1, 2), (0, 2), (0, 1)),)), "loop"),
    (PIPES_BOARD, Solution(RIGHT_GRID, {"A": PIPE_A[:-1], "B": PIPE_B}), "ends"),
    (PIPES_BOARD, Solution(RIGHT_GRID, {"A": ((0, 0), (2, 0), (2, 1), (2, 2)), "B": PIPE_B}), "jump"),
    (PIPES_BOARD, Solution(RIGHT_GRID, {"A": PIPE_A + ((3, 2),), "B": PIPE_B}), "off-board"),
    (PIPES_BOARD, Solution(RIGHT_GRID, {"A": PIPE_A, "B": ((0, 1), (1, 1), (1, 0), (1, 1), (1, 2), (0, 2))}),
     "shared"),
    # the Numberlink rule: a cell may stay empty, but a coloured cell must lie on its pipe
    ("flowfree\nrule: numberlink\nA.B\n...\nA.B\n",
     Solution(("AAB", "A.B", "A.B"), {"A": ((0, 0), (1, 0), (2, 0)), "B": ((0, 2), (1, 2), (2, 2))}), "empty"),
    ("flowfree\nA.A\n.B.\nB..\n", Solution(("AAA", "BBB", "BBB"),
                                              {"A": ((0, 0), (0, 1), (0, 2)),
                                               "B": ((1, 1), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2))}), "through-dot"),
]

#: Readers' examples: (format, text, expected text or error fragment).
READS = [
    ("text", SEED_TEXT, SEED_TEXT),
    ("text", "# a comment\n  A.B \nA.B\n", "flowfree\nA.B\nA.B\n"),
    ("text", "flowfree\n", "expected at least 1 row of cells"),
    ("text", "flowfree\nA..\n..\n", "line 3: 2 cells, the first row has 3"),
    ("text", "flowfree\nA.!\nA..\n", "line 2, column 2: '!' is neither a colour"),
    ("text", "flowfree\nA..\n...\n", "colour A"),
    ("level", "R.G\n...\nR.G\n", "flowfree\nR.G\n...\nR.G\n"),
    ("level", "A1A\n", "flowfree\nA.A\n"),
    ("level", "\n\n", "the level file is empty"),
    ("text", "flowfree\nrule: numberlink\nA.A\n...\n", "flowfree\nrule: numberlink\nA.A\n...\n"),
    ("text", "flowfree\nRule = Flowfree\nA.A\n", "flowfree\nA.A\n"),
    ("text", "flowfree\nrule: nonsense\nA.A\n", "the rule 'nonsense' is not one of"),
    ("text", "flowfree\nA.A\nrule: numberlink\n", "line 3: the rule line comes before the rows"),
    # pzprjs (src/variety/numlin.js): numlin has no "every cell on a line" check: Nikoli's rule
    ("puzzlink", "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3",
     "flowfree\nrule: numberlink\nA....\nB..C.\n.....\n.A..B\n....C\n"),
    ("puzzlink", "https://puzz.link/p?nurikabe/5/5/1j2h3m1h2j3", "expected 'numlin' or 'arukone'"),
    # arukone fills every cell unless its flag 'e' ("dontpassallcell") is set
    ("puzzlink", "https://puzz.link/p?arukone/4/4/12l3123j", "flowfree\nAB..\n....\nCABC\n....\n"),
    ("puzzlink", "https://puzz.link/p?arukone/e/5/5/1m2h3g3h1m2",
     "flowfree\nrule: numberlink\nA....\n...B.\n.C.C.\n.A...\n....B\n"),
    ("puzzlink", "https://puzz.link/p?numlin/e/5/5/1m2h3g3h1m2", "numlin has no flags"),
    ("puzzlink", "https://puzz.link/p?numlin/5/5/1j2h3m1h2j", "number 3 appears once"),  # pzprjs: the last cell empty
    ("puzzlink", "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3zz", "goes on after"),
    ("puzzlink", "https://puzz.link/p?numlin/5/5/1j2h3m1h2j.", "unknown number"),
    ("puzzlink", "https://puzz.link/p?numlin/5/5", "<cols>/<rows>/<body>"),
]

#: The command line: (file text, exit status, fragment of what it prints).
CLI = [
    (DEMO, 0, "unique: yes"),
    (DEMO, 0, "\n".join(DEMO_SOLUTION)),
    (SEED_TEXT, 0, "unique: no"),
    ("flowfree\nA..\n...\n", 2, "colour A"),
    ("flowfree\nAB\nBA\n", 1, "no way to join every pair"),
]

#: Editor sessions: (actions, fragment of the editor's last message).
EDITOR = [
    ([("press", "Solve")], "Solved: 7 pipes fill all 64 cells"),                  # the chapter's board
    ([("press", "Check uniqueness")], "Not unique"),
    ([("load", DEMO), ("press", "Solve")], "Solved: 4 pipes fill all 25 cells"),
    ([("load", DEMO), ("press", "Check uniqueness")], "Unique"),
    ([("press", "Clear board")], "no dots"),
    ([("press", "Clear board"), ("click", 0, 0, 1)], "colour A has 1 dot"),
    ([("press", "Clear board"), ("click", 0, 0, 1), ("click", 4, 4, 1)], "Valid puzzle"),
    ([("load", "flowfree\nA..\n...\n")], "colour A"),
]

#: Boards for the model-against-brute-force test: planted_puzzle(size, seed=s) for s in SEEDS.
#: solutions lists colourings with the cells model only (its no-goods are on the cell colours);
#: solve takes every model (tests/test_flowfree.py runs each against the planted boards).
SMALL = dict(size=(3, 4), seeds=range(8), models=("cells",))
