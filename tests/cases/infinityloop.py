"""Infinity Loop's test cases as data, run by tests/test_puzzles.py."""

from puzzlelib.infinityloop import SEED_BOARD

KIND = "infinityloop"

RING = "infinityloop\n9c\n36\n"                  # a closed ring of four corners, as given
TWO_RINGS = "infinityloop\n9c\n36\n9c\n36\n"     # two rings stacked: closed, but two pieces
#: Each rule code with boards that break it: (puzzle text, answer, code[, options]). ``disconnected``
#: is Net's rule, checked only with model="connected".
FAULTS = [
    (TWO_RINGS, [[9, 12], [3, 6], [9, 12], [3, 6]], "disconnected", {"model": "connected"}),
    (RING, [[9, 12], [3, 7]], "not-a-turn"),
    (RING, [[3, 12], [3, 6]], "off-board"),
    (RING, [[12, 12], [3, 6]], "open-end"),
]

#: Readers' examples: (format, text, expected text or error fragment).
READS = [
    ("text", "infinityloop\n# a comment\n6AC\n5f5\n\n39c\n", "infinityloop\n6ac\n5f5\n39c\n"),
    ("text", "infinityloop\n12g\n", "line 2, column 2"),
    ("text", "123\n456\n", "infinityloop\n123\n456\n"),  # two rows or more: the first line may be left out
    ("text", "123\n", "is a task string"),
    ("text", "infinityloop x\n11\n", "only 'infinityloop'"),
    ("puzzleteam", "6ac5f539c", "infinityloop\n6ac\n5f5\n39c\n"),
    ("puzzleteam", "12345", "not a square"),
    ("puzzleteam", "123g", "character 3"),
]

#: The command line: (file text, exit status, fragment of what it prints).
CLI = [
    (SEED_BOARD, 0, "unique: yes"),
    (SEED_BOARD, 0, "left turns in total"),
    ("infinityloop\n141\n", 1, "odd number"),
    ("infinityloop\n14z\n", 2, "line 2, column 2"),
]

#: Editor sessions: (actions, fragment of the editor's last message).
EDITOR = [
    ([("press", "Solve")], "Solved: 37 left turns"),
    ([("press", "Check uniqueness")], "Unique"),
    ([("load", "6ac5f539")], "not a square"),
    ([("load", "infinityloop\n141\n"), ("press", "Solve")], "odd number"),
]

#: Boards for the model-against-brute-force test: planted_puzzle(size, seed=s) for s in SEEDS.
SMALL = dict(size=3, seeds=range(20))
