"""Match 22's test cases as data, run by tests/test_puzzles.py."""

from puzzlelib.match22 import SEED_BOARD, Solution

KIND = "match22"

PAIR = "match22\n1234 1234\n"          # side by side: disk 1 shows 4 on its right, disk 2 shows 2 on its left
STACK = "match22\n1234\n1234\n"        # one above the other: 3 at the bottom, 1 at the top
#: Each rule code with boards that break it: (puzzle text, answer, code).
FAULTS = [
    (PAIR, {1: 0}, "turns-missing"),
    (PAIR, {1: 5, 2: 0}, "turns-range"),
    (PAIR, [[0, 0]], "row-mismatch"),
    (STACK, [[0], [0]], "column-mismatch"),
    (PAIR, Solution({1: 0, 2: 2}, 3, (1, 2), ((0, 0), (0, 1))), "moves-wrong"),
]

#: Readers' examples: (format, text, expected text or error fragment).
READS = [
    ("text", "match22\n1423 .\n\n# a comment\n2112 1234\n", "match22\n1423 .\n2112 1234\n"),
    ("text", "1423 1334\n", "match22\n1423 1334\n"),              # the first line may be left out
    ("text", "match22\n1423 14x3\n", "line 2, cell 1"),
    ("text", "match22\n1423 1425\n", "'1425' is not a disk"),
    ("text", "match22 extra\n1111\n", "only 'match22'"),
    ("text", "match22\n", "no rows"),
    ("text", "match22\n1423 1423\n1423\n", "ragged"),
]

#: The command line: (file text, exit status, fragment of what it prints).
CLI = [
    (SEED_BOARD, 0, "unique: yes"),
    (SEED_BOARD, 0, "28 left turns in total"),
    ("match22\n1111 2222\n", 1, "share no colour"),
    ("match22\n1111 12x1\n", 2, "line 2, cell 1"),
]

#: Editor sessions: (actions, fragment of the editor's last message).
EDITOR = [
    ([("press", "Solve")], "Solved with 28 left turns"),
    ([("press", "Check uniqueness")], "Unique"),
    ([("load", "match22\n1111 2222\n"), ("press", "Solve")], "share no colour"),
    ([("load", "match22\n1111 12x1\n")], "line 2, cell 1"),
]

#: Boards for the model-against-brute-force test: planted_puzzle(size, seed=s) for s in SEEDS
#: (brute_force lists the optimal turnings, as solutions does).
SMALL = dict(size=3, seeds=range(25))
