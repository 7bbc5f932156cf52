"""Kakuro's test cases as data, run by tests/test_puzzles.py."""

KIND = "kakuro"

#: A board of two across runs and three down runs; it has three fillings (1 2 5 over 2 6 1 is one).
SMALL_BOARD = "kakuro\n  # 3\\ 8\\ 6\\\n\\8  .  .  .\n\\9  .  .  .\n"
#: Each rule code with boards that break it: (puzzle text, answer, code).
FAULTS = [
    (SMALL_BOARD, ["####", "#1.5", "#261"], "digit"),      # a white cell left empty
    (SMALL_BOARD, ["1###", "#125", "#261"], "digit"),      # a digit on a black cell
    (SMALL_BOARD, ["####", "#125", "#225"], "repeat"),     # 2 twice across, 5 twice down
    (SMALL_BOARD, ["####", "#134", "#261"], "sum"),        # down: 3 + 6 is not 8, 4 + 1 is not 6
]

#: Readers' examples: (format, text, expected text or error fragment).
READS = [
    ("text", "kakuro\n# 3\\\n\\3 .\n", "kakuro\n # 3\\\n\\3  .\n"),
    ("text", "# 3\\\n\\3 .\n", "kakuro\n # 3\\\n\\3  .\n"),                 # the first line may be left out
    ("text", "kakuro\n# 3\\\n\\3 . .\n", "line 3: 3 cells, but the first row has 2"),
    ("text", "kakuro\n# 3\\\n\\3 -1\n", "line 3, cell 2: '-1' is not"),
    ("text", "kakuro\n", "expected a line per row"),
    ("puzzlink", "https://puzz.link/p?kakuro/1/1/k33", "kakuro\n # 3\\\n\\3  .\n"),
    ("puzzlink", "https://puzz.link/p?kakuro/5/5/48la0.na0lh3", "the body ends after"),
    ("puzzlink", "https://puzz.link/p?kakuro/5/5/4#la0.na0lh3l0Bn.0cl.c4a3", "'#' is not a clue character"),
    ("puzzlink", "https://puzz.link/p?kakuro/5/x/48la0", "the number of rows ('x')"),
    ("cells", '{"cells": [["#", "3\\\\"], ["\\\\3", "."]]}', "kakuro\n # 3\\\n\\3  .\n"),
    ("cells", "[1, 2]", "expected a list of rows"),
]

#: Appendix B's 8x8 (the chapter's board), as the CLI reads it.
SEED_TEXT = r"""kakuro
  # 12\    6\   31\ 12\     #  14\ 32\   #
\11   .     .     .   .  8\14    .   .   #
\34   .     .     .   .     .    .   .  8\
  # 10\ 18\23     .   .     . 26\8   .   .
\23   .     .     .   #   \11    .   .   .
 \6   .     .     .  7\ 17\14    .   .   .
 \3   .     . 13\10   .     .    .  7\ 10\
  # \36     .     .   .     .    .   .   .
  #  \8     .     . \30     .    .   .   .
"""
#: The command line: (file text, exit status, fragment of what it prints).
CLI = [
    (SEED_TEXT, 0, "unique: yes"),
    (SEED_TEXT, 0, "\\11   3     1     5   2  8\\14    8   6   #"),
    ("kakuro\n# 10\\\n\\3 .\n", 2, "the down run of 10 at clue (0, 1)"),
    ("kakuro\n# 5\\\n\\3 .\n", 1, "share no digit"),
]

#: Editor sessions: (actions, fragment of the editor's last message).
EDITOR = [
    ([("press", "Solve")], "Solved: every one of the 30 runs adds up to its clue"),
    ([("press", "Check uniqueness")], "Unique"),
    ([("click", 1, 1, 1)], "Not a valid puzzle yet"),   # the default mode turns a white cell black
    ([("load", "kakuro\n# 3\\\n\\3 . .\n")], "line 3: 3 cells, but the first row has 2"),
    ([("load", "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"), ("press", "Check uniqueness")],
     "Unique"),
]

#: Boards for the model-against-brute-force test: planted_puzzle(size, seed=s) for s in SEEDS.
SMALL = dict(size=3, seeds=range(8))
