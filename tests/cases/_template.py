"""Template's test cases as data, run by tests/test_puzzles.py (copy this file with the folder)."""

KIND = "_template"

#: The chapter's board (SEED_BOARD); its one answer is 0100 / 0100 / 1100 / 1011.
SEED_TEXT = "_template\nrows 1 1 2 3\ncols 2 3 1 1\n....\n....\n....\n.0..\n"

#: Each rule code with boards that break it: (puzzle text, answer, code[, options]). The answer is anything
#: check_rules accepts (a Solution, rows of 0/1, or strings such as "0110"); options (a dict, e.g.
#: {"model": ...}) go to check_rules and verify, for a rule only some formulations check.
FAULTS = [
    (SEED_TEXT, ["0100", "0100", "1100", "1010"], "row-count"),        # row 3 holds two 1s, not three
    (SEED_TEXT, [[1, 0, 0, 0], [0, 1, 0, 0], [0, 1, 1, 0], [1, 0, 1, 1]], "col-count"),  # rows right, columns not
    (SEED_TEXT, ["0100", "0100", "1001", "1110"], "given-changed"),    # every count kept, the given 0 is a 1
]

#: Readers' examples: (format, text, expected text or error fragment).
READS = [
    ("text", "# a comment\n_template\n\nrows 1 1 2 3\ncols 2 3 1 1\n....\n....\n# between rows\n....\n.0..\n",
     SEED_TEXT),
    ("text", "_template\nrows 1\ncols 1\n.\n", "_template\nrows 1\ncols 1\n.\n"),
    ("text", "_template\nROWS 1 0\ncols 1\n1\n0\n", "_template\nrows 1 0\ncols 1\n1\n0\n"),
    ("text", "rows 1\ncols 1\n.\n", "expected the first line to name the puzzle"),
    ("text", "_template\n", "expected a line 'rows ...', a line 'cols ...' and the board's rows"),
    ("text", "_template\ncols 1\nrows 1\n.\n", "line 2: expected 'rows'"),
    ("text", "_template\nrows 1\ncols x\n.\n", "line 3, count 0: 'x' is not a whole number"),
    ("text", "_template\nrows 1 1\ncols 1\n.\n", "line 2: 2 row counts, the board has 1 rows"),
    ("text", "_template\nrows 1\ncols 1 0\n.\n", "line 3: 2 column counts, the board has 1 columns"),
    ("text", "_template\nrows 1\ncols 1\n2\n", "line 4, column 0: '2' is not a cell"),
    ("text", "_template\nrows 1 1\ncols 1 1\n..\n.\n", "line 5: 1 cells, the first row has 2"),
    ("text", "_template\nrows 2\ncols 1\n.\n", "rows: the count of row 0: 2 is above"),
]

#: The command line: (file text, exit status, fragment of what it prints).
CLI = [
    (SEED_TEXT, 0, "unique: yes"),
    (SEED_TEXT, 0, ".#..\n.#..\n##..\n#.##"),
    ("_template\nrows 1 1\ncols 1 1\n..\n..\n", 0, "unique: no"),
    ("_template\nrows 1\ncols 1\n0\n", 1, "no solution"),
    ("_template\nrows 1 0\ncols 0 0\n..\n..\n", 1, "the row counts add up to 1, the column counts to 0"),
    ("_template\nrows 1\ncols 1\n2\n", 2, "line 4, column 0"),
]

#: Editor sessions: (actions, fragment of the editor's last message).
EDITOR = [
    ([("press", "Solve")], "Solved: 7 cells hold a 1."),
    ([("press", "Check uniqueness")], "Unique"),
    ([("click", 0, 0, 1)], "Valid puzzle: press Solve."),                        # (0, 0) given 1
    ([("click", 0, 0, 1), ("press", "Solve")], "no filling keeps every count"),
    ([("click", -1, 0, 1), ("press", "Solve")], "the row counts add up to 7, the column counts to 8"),
    ([("click", 3, 1, 1), ("press", "Check uniqueness")], "Not unique"),         # the given 0 opened
    ([("click", 3, 1, 3), ("click", 3, 1, 3)], "Valid puzzle"),                  # 0 -> 1 -> open, backwards
    ([("load", "_template\nrows 1\ncols 1\n2\n")], "line 4, column 0"),
    ([("load", "_template\nrows 1 1\ncols 1 1\n1.\n..\n"), ("press", "Solve")], "Solved: 2 cells hold a 1."),
]

#: Boards for the model-against-brute-force test: planted_puzzle(size, seed=s) for s in SEEDS.
#: Optional keys: models=(...) the formulations held against brute_force (default: every one of
#: PUZZLE.models; leave out one that models a variant on purpose), limit=k (answers asked of both,
#: default 10), objective="moves" (a Solution attribute, or a function, to minimise: for puzzles whose
#: solutions() lists only the best answers, brute_force's answers are cut to the best), options=dict(...)
#: (more keyword arguments of planted_puzzle).
SMALL = dict(size=3, seeds=range(8))
