"""Monodot's test cases as data, run by tests/test_puzzles.py."""

KIND = "monodot"

#: The chapter's board (SEED_BOARD); its one answer (up to swapping equal dots) is SEED_ANSWER.
SEED_TEXT = "monodot\ndots 1 1 1 2 2 2 3 3 3 4 4\n..##\n....\n...#\n....\n"
SEED_ANSWER = [".1##", "2431", "243#", ".231"]
#: Two dots numbered 1 on a 1x3 strip: three placements up to swapping, six with the dots told apart.
PAIR = "monodot\ndots 1 1\n...\n"
#: The numbers add up to 3, an odd number.
ODD = "monodot\ndots 1 2\n....\n....\n"
#: A 4 on a 2x2 board: no cell has four neighbours.
CROWDED = "monodot\ndots 4 2 2\n..\n..\n"
#: The answer as cells in dot order (the seed answer's canonical placement).
SEED_CELLS = [(0, 1), (1, 3), (3, 3), (1, 0), (2, 0), (3, 1), (1, 2), (2, 2), (3, 2), (1, 1), (2, 1)]

#: Each rule code with boards that break it: (puzzle text, answer, code). Answers are cells in dot
#: order (None: unplaced) or the board's rows with each dot's number on its cell.
FAULTS = [
    (SEED_TEXT, SEED_CELLS[:-1] + [None], "unplaced-dot"),
    (SEED_TEXT, [".1##", "2431", "24.#", ".231"], "unplaced-dot"),       # a 3 left off
    (SEED_TEXT, SEED_CELLS[:-1] + [(2, 2)], "shared-cell"),
    (SEED_TEXT, SEED_CELLS[:-1] + [(0, 3)], "blocked-cell"),
    (SEED_TEXT, [".1##", "2431", "234#", ".231"], "wrong-degree"),       # a 3 and a 4 swapped
    (PAIR, [(0, 0), (0, 2)], "wrong-degree"),                            # two 1s apart
]

#: Readers' examples: (format, text, expected text or error fragment).
READS = [
    ("text", "# a comment\nmonodot\n\ndots 1 1 1 2 2 2 3 3 3 4 4\n..##\n....\n\n...#\n....\n", SEED_TEXT),
    ("text", "MONODOT\ndiagonal\npartial\ndots 8 1\n...\n...\n...\n",
     "monodot\ndiagonal\npartial\ndots 8 1\n...\n...\n...\n"),
    ("text", "monodot\npartial\ndots 1 1 1\n..\n", "monodot\npartial\ndots 1 1 1\n..\n"),
    ("text", "dots 1 1\n..\n", "line 1: expected the first line to name the puzzle"),
    ("text", "", "empty"),
    ("text", "monodot\n", "expected a line 'dots n n ...'"),
    ("text", "monodot\nsquare\ndots 1 1\n..\n", "line 2: expected a line 'dots n n ...'"),
    ("text", "monodot\ndots 1 1\n", "line 2: expected the board's rows after the dots line"),
    ("text", "monodot\ndots\n..\n", "line 2: the dots line lists no dot"),
    ("text", "monodot\ndots 1 5\n...\n", "line 2, dot 1: '5' is not a number from 1 to 4"),
    ("text", "monodot\ndiagonal\ndots 9\n...\n", "line 3, dot 0: '9' is not a number from 1 to 8"),
    ("text", "monodot\ndots 1 x\n...\n", "line 2, dot 1: 'x' is not a number"),
    ("text", "monodot\ndots 1 0\n...\n", "line 2, dot 1: '0' is not a number"),
    ("text", "monodot\ndots 1 1\n.a.\n", "line 3, column 1: 'a' is not a cell"),
    ("text", "monodot\ndots 1 1\n...\n..\n", "line 4: 2 cells, the first row has 3"),
    ("text", "monodot\ndots 1 1 1\n.#\n", "dots: 3 dots, but the board has only 1 free cells"),
]

#: The command line: (file text, exit status, fragment of what it prints).
CLI = [
    (SEED_TEXT, 0, "unique: yes"),
    (SEED_TEXT, 0, "\n".join(SEED_ANSWER)),
    (PAIR, 0, "unique: no"),
    (ODD, 1, "the dots' numbers add up to 3, an odd number"),
    (CROWDED, 1, "a dot numbered 4 needs that many free neighbours, but no free cell has more than 2"),
    ("monodot\ndots 1 1 1\n.#\n", 2, "dots: 3 dots, but the board has only 1 free cells"),
]

#: Editor sessions: (actions, fragment of the editor's last message). The dots' strip is under the
#: board: dot d at x = d % 4, y = 4.5 + d // 4 on the 4x4 seed board; the '+' after the last dot.
EDITOR = [
    ([("press", "Solve")], "Solved: 11 of 11 dots placed, each with its number of neighbours."),
    ([("press", "Check uniqueness")], "Unique"),
    ([("click", 0, 0, 1)], "Valid puzzle: press Solve."),                              # (0, 0) blocked
    ([("click", 0, 2, 1), ("click", 0, 3, 1), ("press", "Solve")], "Solved: 11 of 11"),  # two cells freed
    ([("click_xy", 0, 4.5, 1), ("press", "Solve")], "an odd number"),                  # a 1 raised to 2
    ([("click_xy", 0, 4.5, 3), ("press", "Solve")], "an odd number"),                  # a 1 removed
    ([("click_xy", 3, 6.5, 1), ("press", "Solve")], "an odd number"),                  # a 1 added
    ([("click_xy", 3, 6.5, 1), ("click_xy", 0, 4.5, 3), ("press", "Check uniqueness")], "Unique"),
    ([("load", PAIR), ("press", "Check uniqueness")], "Not unique"),
    ([("load", CROWDED), ("press", "Solve")], "no free cell has more than 2"),
    ([("load", "monodot\ndots 1 5\n...\n")], "line 2, dot 1"),
]

#: Boards for the model-against-brute-force test: planted_puzzle(size, seed=s) for s in SEEDS (both
#: models: brute_force(model=) lists the aggregated model's answers or every assignment of the dots).
SMALL = dict(size=3, seeds=range(8), limit=6)
