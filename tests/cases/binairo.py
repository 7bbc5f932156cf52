"""Binary Sudoku's test cases as data, run by tests/test_puzzles.py."""

from puzzlelib.binairo import SEED_BOARD

KIND = "binairo"

#: The chapter's 6x6 (Jandhyala's seed 003) and its one filling.
SEED_TEXT = SEED_BOARD
SEED_SOLUTION = ["100110", "101010", "010101", "010110", "101001", "011001"]
EMPTY_4 = "binairo\n....\n....\n....\n....\n"
#: Two fillings keep rules 1 and 2, and each repeats a line: no solution with rule 3.
ONLY_RULE3_FORBIDS = "binairo\n00..1.\n00.1..\n......\n0..1..\n.1....\n..0..0\n"

#: Each rule code with boards that break it: (puzzle text, answer, code).
FAULTS = [
    (SEED_TEXT, ["000110", *SEED_SOLUTION[1:]], "given"),        # the given 1 at (0, 0) is a 0
    (SEED_TEXT, ["000110", *SEED_SOLUTION[1:]], "balance"),      # ... and row 0 has two ones
    (EMPTY_4, ["0111", "1000", "0110", "1001"], "three"),        # 1 1 1 in row 0
    (EMPTY_4, ["0101", "1010", "0101", "1010"], "distinct"),     # rows 0 and 2 are equal
    (EMPTY_4, "0011/0011/1100/1100", "distinct"),                # and so are columns 0 and 1
]

#: Readers' examples: (format, text, expected text or error fragment).
READS = [
    ("text", SEED_TEXT, SEED_TEXT),
    ("text", "# no first line\n10\n01\n", "binairo\n10\n01\n"),
    ("text", "binairo\n1 0 . .\n- _ . .\n....\n....\n", "binairo\n10..\n....\n....\n....\n"),
    ("text", "binairo\n", "expected at least 1 row of cells"),
    ("text", "binairo\n01.\n10\n", "line 3: 2 cells, the first row has 3"),
    ("text", "binairo\n01\n10\n01\n", "3 rows of 2 cells; it must be square"),
    ("text", "binairo\n0a\n..\n", "line 2, column 1: 'a' is not a cell"),
    ("text", "binairo\n111...\n......\n......\n......\n......\n......\n",
     "row 0: cells (0, 0), (0, 1), (0, 2) are all given as 1"),
    ("text", "binairo 6x6\n10\n01\n", "line 1: the line naming the puzzle must hold only"),
    ("puzzleteam", "1c1c1b0a1a1b0c1c1b1a1a0b", SEED_TEXT),
    ("puzzleteam", "zzl", "binairo\n" + "........\n" * 8),
    ("puzzleteam", "00f1c1h1i1b0", "35 cells do not make a square board"),
    ("puzzleteam", "00F1", "character 'F' at position 2"),
    ("puzzleteam", "", "0 cells do not make a square board"),
]

#: The command line: (file text, exit status, fragment of what it prints).
CLI = [
    (SEED_TEXT, 0, "unique: yes"),
    (SEED_TEXT, 0, "\n".join(SEED_SOLUTION)),
    (EMPTY_4, 0, "unique: no"),
    ("binairo\n111...\n......\n......\n......\n......\n......\n", 2, "row 0: cells (0, 0), (0, 1), (0, 2)"),
    ("binairo\n01.\n", 2, "the board has 1 rows of 3 cells"),
    (ONLY_RULE3_FORBIDS, 1, "no filling keeps every rule"),
]

#: Editor sessions: (actions, fragment of the editor's last message).
EDITOR = [
    ([("press", "Solve")], "Solved: every row and column holds 3 ones"),
    ([("press", "Solve")], "25, 21, 42, 26, 37, 38"),
    ([("press", "Check uniqueness")], "Unique"),
    ([("click", 0, 0, 1), ("click", 0, 0, 1)], "Valid puzzle"),                 # 1 -> empty -> 0
    ([("load", "binairo\n111.\n....\n....\n....\n")], "row 0 has 3 ones given"),
    ([("load", ONLY_RULE3_FORBIDS), ("press", "Solve")], "repeats a row or a column"),
    ([("load", "binairo\n0a\n..\n")], "line 2, column 1"),
]

#: Boards for the model-against-brute-force test: planted_puzzle(size, seed=s) for s in SEEDS.
#: "none" leaves rule 3 out, so its answers may repeat a line: not a model of the puzzle's rules.
SMALL = dict(size=6, seeds=range(8), models=("lazy", "exact", "bigm", "bigm_vars"))
