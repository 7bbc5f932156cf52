"""Knight Moves' test cases as data, run by tests/test_puzzles.py (the format: tests/cases/_template.py)."""

KIND = "knightmoves"

#: The chapter's board (SEED_BOARD): 5x5, the centre blocked, S in a corner, E fixed; one path.
SEED_TEXT = "knightmoves\nS..E.\n.....\n..#..\n.....\n.....\n"
#: Its one path, start first.
PATH = [(0, 0), (2, 1), (4, 0), (3, 2), (4, 4), (2, 3), (0, 4), (1, 2), (2, 4), (4, 3), (3, 1), (1, 0), (0, 2),
        (1, 4), (3, 3), (4, 1), (2, 0), (0, 1), (1, 3), (3, 4), (4, 2), (3, 0), (1, 1), (0, 3)]
#: A 3x4 board with the end free: two paths.
OPEN_3X4 = "knightmoves\nS...\n....\n....\n"
#: A 4x4 board whose light and dark open squares differ by three.
PARITY = "knightmoves\n#S..\n....\n#...\n.#..\n"

#: Each rule code with boards that break it: (puzzle text, answer, code).
FAULTS = [
    (SEED_TEXT, PATH[1:], "wrong-start"),                                   # the first square left out
    (SEED_TEXT, PATH[::-1], "wrong-start"),                                 # walked backwards
    (SEED_TEXT, PATH[:-1], "wrong-end"),                                    # stops one short of E
    (SEED_TEXT, PATH + [(2, 2)], "blocked-square"),                         # (0, 3) -> (2, 2) is a jump, onto the block
    (SEED_TEXT, PATH[:1] + PATH[2:3] + PATH[1:2] + PATH[3:], "not-a-knight-move"),  # two squares swapped
    (SEED_TEXT, PATH + [(1, 1)], "visits-twice"),                           # jumps back to (1, 1)
    (SEED_TEXT, PATH[:-1], "misses-square"),                                # E never reached
    (OPEN_3X4, [(0, 0), (1, 2), (2, 0), (0, 1)], "misses-square"),
    (OPEN_3X4, [], "wrong-start"),                                          # the empty path
]

#: Readers' examples: (format, text, expected text or error fragment).
READS = [
    ("text", "# a comment before the name\nknightmoves\n\nS..E.\n.....\n  ..#..\n.....\n.....\n", SEED_TEXT),
    ("text", "KnightMoves\nS.\n", "knightmoves\nS.\n"),
    ("text", "knightmoves\n#S\n#E\n", "knightmoves\n#S\n#E\n"),            # a row may start with a block
    ("text", "S..\n", "line 1: expected the first line to name the puzzle"),
    ("text", "", "empty"),
    ("text", "knightmoves\n", "expected the rows of the board"),
    ("text", "hello\nknightmoves\nS.\n", "line 1: 'hello' before the 'knightmoves' line"),
    ("text", "knightmoves 5\nS.\n", "line 1: the line naming the puzzle must hold only"),
    ("text", "knightmoves\n..\n..\n", "no start square"),
    ("text", "knightmoves\nSS\n", "the grid marks 2 start squares"),
    ("text", "knightmoves\nSEE\n", "the grid marks 2 end squares"),
    ("text", "knightmoves\nS.x\n", "line 2, column 2: 'x' is not a cell"),
    ("text", "knightmoves\nS..\n..\n", "line 3: 2 cells, the first row has 3"),
    ("text", "knightmoves\nS" + "." * 30 + "\n", "the number of columns: 31 is above"),
]

#: The command line: (file text, exit status, fragment of what it prints).
CLI = [
    (SEED_TEXT, 0, "unique: yes"),
    (SEED_TEXT, 0, " 1 18 13 24  7\n12 23  8 19 14\n17  2  #  6  9"),
    (OPEN_3X4, 0, "unique: no"),
    ("knightmoves\nS.\n..\n", 1, "square (0, 0) has no knight neighbour"),
    (PARITY, 1, "the light and dark open squares may differ by at most one"),
    ("knightmoves\nS..E.\n.....\n.....\n.....\n.....\n", 1, "ends on a light square, but the end (0, 3) is not one"),
    ("knightmoves\nS.x\n", 2, "line 2, column 2"),
]

#: Editor sessions: (actions, fragment of the editor's last message).
EDITOR = [
    ([("press", "Solve")], "Solved: a knight's path of 24 squares from (0, 0) to (0, 3)."),
    ([("press", "Check uniqueness")], "Unique"),
    ([("click", 2, 2, 1)], "Valid puzzle: press Solve."),                  # the centre opened
    ([("click", 2, 2, 1), ("press", "Solve")], "a knight always jumps to the other colour"),
    ([("click", 0, 0, 1)], "holds the start"),
    ([("click", 0, 1, 1), ("click", 0, 1, 3)], "Valid puzzle"),            # blocked, then opened again
    ([("click", 1, 2, 1), ("press", "Solve")], "no knight's path visits every open square"),
    ([("load", OPEN_3X4), ("press", "Check uniqueness")], "Not unique"),
    ([("load", "knightmoves\nS.x\n")], "line 2, column 2"),
    ([("load", "knightmoves\nS\n"), ("press", "Solve")], "Solved: a knight's path of 1 squares"),
]

#: Boards for the model-against-brute-force test: planted_puzzle(size, seed=s) for s in SEEDS (both
#: models; the end is fixed, as on generated boards; tests/test_knightmoves.py tries free ends).
SMALL = dict(size=5, seeds=range(8))
