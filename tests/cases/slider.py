"""Slider's test cases as data, run by tests/test_puzzles.py."""

KIND = "slider"

#: Hartmann's 6x4 example of Appendix D (the chapter's board): three slides, up, right, down.
SEED_TEXT = """slider
.#..
...#
.S..
....
..T.
..#.
"""
#: Each rule code with routes that break it: (puzzle text, answer: the cells the block rests on, code).
FAULTS = [
    (SEED_TEXT, [], "empty"),
    (SEED_TEXT, [(3, 1), (0, 0)], "wrong-start"),
    (SEED_TEXT, [(2, 1), (1, 2)], "not-a-slide"),
    (SEED_TEXT, [(2, 1), (0, 1), (4, 2)], "wrong-stop"),
    (SEED_TEXT, [(2, 1), (1, 1), (1, 2)], "off-target"),
    (SEED_TEXT, [(2, 1), (2, 0), (0, 0), (5, 0), (5, 1), (1, 1), (1, 2), (4, 2)], "not-shortest"),
]

#: Readers' examples: (format, text, expected text or error fragment).
READS = [
    ("text", "slider\nS..\n.#.\n..T\n", "slider\nS..\n.#.\n..T\n"),
    ("text", "# a comment\nslider\n\n  S.#T  \n..#.\n", "slider\nS.#T\n..#.\n"),
    ("text", "S.\n.T\n", "slider\nS.\n.T\n"),                                   # the first line may be left out
    ("text", "slider\n.S.\n.T\n", "line 3: 2 cells, the first row has 3"),
    ("text", "slider\nS.x\n..T\n", "line 2, column 2: 'x' is not a cell"),
    ("text", "oops\nslider\nS.T\n", "line 1: 'oops' before the 'slider' line"),
    ("text", "slider\n", "expected the rows of the board"),
    ("text", "slider\n...\n.T.\n", "no start"),
    ("text", "slider\nS..\n...\n", "target"),
    ("text", "slider\nS.T\nS..\n", "start"),
]

#: The command line: (file text, exit status, fragment of what it prints).
CLI = [
    (SEED_TEXT, 0, "3 moves:"),
    (SEED_TEXT, 0, "unique: yes"),
    ("slider\n.S.\n.T\n", 2, "line 3"),
    ("slider\nS.#T\n..#.\n", 1, "not reachable"),
]

#: Editor sessions: (actions, fragment of the editor's last message).
EDITOR = [
    ([("press", "Solve")], "Solved: 3 moves (up, right, down)."),
    ([("press", "Check uniqueness")], "Unique"),
    ([("load", "slider\nS.#T\n..#.\n"), ("press", "Solve")], "not reachable"),
]

#: Boards for the model-against-brute-force test: planted_puzzle(size, seed=s) for s in SEEDS.
#: Hartmann's printed model has the gap chapter 4 shows (it admits routes that break a rule), so
#: only the chapter's own model is held against the brute force.
SMALL = dict(size=5, seeds=range(8), models=("shortest-path",))
