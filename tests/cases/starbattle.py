"""Star Battle's test cases as data, run by tests/test_puzzles.py."""

KIND = "starbattle"

#: The chapter's board (pzprjs' own example); its one answer is the pzprjs fixture's.
SEED_TEXT = "starbattle\nstars 1\naaabbb\nabbbcc\naddeec\nffddec\nfeeeec\nfccccc\n"
SEED_ANSWER = [".*....", "...*..", ".....*", "..*...", "....*.", "*....."]
SEED_URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
#: Regions a and b both lie in row 0, which holds one star: no answer, and the regions say why.
CRAMPED = "starbattle\nstars 1\naabb\ncccc\ncccc\ndddd\n"
#: Four stripes: every row and region is one of four columns' worth; the answers are the 4x4 ones.
STRIPES = "starbattle\nstars 1\naaaa\nbbbb\ncccc\ndddd\n"

#: Each rule code with boards that break it: (puzzle text, answer, code). Answers are strings of
#: ``*`` (a star) and ``.``, or 0/1 grids.
FAULTS = [
    (SEED_TEXT, [".*....", "...*..", ".....*", "..*...", "....*.", "......"], "row-count"),    # row 5 empty
    (SEED_TEXT, ["......"] * 6, "col-count"),
    (SEED_TEXT, ["..*...", "......", "*.....", "......", "......", "......"], "region-count"),  # pzprjs' bkStarGt
    (SEED_TEXT, [[0] * 6, [0] * 6, [0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 0, 0], [0] * 6, [0] * 6], "region-count"),
    (SEED_TEXT, ["......", "......", "...*..", "..*...", "......", "......"], "touching"),    # pzprjs' starAround
    (SEED_TEXT, [".*....", "...*..", ".....*", "..*...", ".*....", "....*."], "touching"),   # and other counts right
]

#: Readers' examples: (format, text, expected text or error fragment).
READS = [
    ("text", "# pzprjs' example\nstars 1\naaabbb\nabbbcc\naddeec\nffddec\n\nfeeeec\nfccccc\n", SEED_TEXT),
    ("text", "starbattle\nstars 1\nAAAxxx\nAxxxbb\nAyyzzb\nCCyyzb\nCzzzzb\nCbbbbb\n", SEED_TEXT),  # any letters
    ("text", "starbattle\nstars 1\na\n", "starbattle\nstars 1\na\n"),
    ("text", "starbattle\nstars 1\n", "expected a line 'stars k' and the board's rows"),
    ("text", "starbattle\nstar 1\nab\n", "line 2: expected 'stars k'"),
    ("text", "starbattle\nstars x\na\n", "line 2: 'x' is not a star count"),
    ("text", "starbattle\nstars 0\na\n", "stars: 0 is below"),
    ("text", "starbattle\nstars 1\na1\naa\n", "line 3, column 1: '1' is not a cell"),
    ("text", "starbattle\nstars 1\naa\na\n", "line 4: 1 cells, the first row has 2"),
    ("text", "starbattle\nstars 1\naab\nabb\n", "2 rows and 3 columns; a Star Battle board is square"),
    ("text", "starbattle\nstars 2\naaaa\nbbbb\ncccc\ndddd\n", "2 stars per row is too many for a 4x4 board"),
    ("text", "starbattle\nstars 1\naaba\nbbbb\ncccc\ndddd\n", "region 'a': cells (0, 0) and (0, 3) are not connected"),
    ("text", "starbattle\nstars 1\naabb\naabb\ncccc\ncccc\n", "3 regions on a 4x4 board, which needs exactly 4"),
    ("puzzlink", SEED_URL, SEED_TEXT),
    ("puzzlink", "http://pzv.jp/p.html?starbattle_edit/6/6/1/4ilbhgdnmhou", SEED_TEXT),
    ("puzzlink", "https://puzz.link/p?aquarium/6/6/1/4ilbhgdnmhou", "the genre is 'aquarium'"),
    ("puzzlink", "https://puzz.link/p?starbattle/6/5/1/4ilbhgdnmhou", "is square"),
    ("puzzlink", "https://puzz.link/p?starbattle/6/6/1/4ilbh", "the walls of a 6x6 board need 12 characters"),
    ("puzzlink", "https://puzz.link/p?starbattle/6/6/x/4ilbhgdnmhou", "'x' is not a star count"),
    ("puzzlink", "https://puzz.link/p?starbattle/6/6/4ilbhgdnmhou", "found no '/' after the star count"),
    ("puzzlink", "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhow", "wall character 11 ('w') is not base 32"),
    ("puzzlink", "https://puzz.link/p?starbattle/6/6/3/4ilbhgdnmhou", "3 stars per row is too many for a 6x6 board"),
]

#: The command line: (file text, exit status, fragment of what it prints).
CLI = [
    (SEED_TEXT, 0, "unique: yes"),
    (SEED_TEXT, 0, "\n".join(SEED_ANSWER)),
    (STRIPES, 0, "unique: no"),
    (CRAMPED, 1, "regions a, b lie wholly in row 0"),
    ("starbattle\nstars 1\na1\naa\n", 2, "line 3, column 1"),
]

#: Editor sessions: (actions, fragment of the editor's last message).
EDITOR = [
    ([("press", "Solve")], "Solved: 6 stars, 1 in every row, column and region."),
    ([("press", "Check uniqueness")], "Unique"),
    ([("click", 0, 0, 1)], "Valid puzzle: press Solve."),                                 # a into a: no change
    ([("click", 5, 0, 3), ("click", 0, 0, 1)], "region 'f': cells (0, 0) and (3, 0) are not connected"),
    ([("press", "New region"), ("click", 0, 5, 1)], "7 regions on a 6x6 board, which needs exactly 6"),
    ([("click_xy", 2.0, -1.0, 1), ("press", "Solve")], "Solved: 6 stars"),                 # k wraps: 6x6 takes 1
    ([("load", CRAMPED), ("press", "Solve")], "regions a, b lie wholly in row 0"),
    ([("load", STRIPES), ("press", "Check uniqueness")], "Not unique"),
    ([("load", "starbattle\nstars 1\na1\naa\n")], "line 3, column 1"),
    ([("load", SEED_URL), ("press", "Solve")], "Solved: 6 stars"),
    ([("load", "https://puzz.link/p?numlin/6/6/1/4ilbhgdnmhou")], "the genre is 'numlin'"),
]

#: Boards for the model-against-brute-force test: planted_puzzle(size, seed=s) for s in SEEDS.
SMALL = dict(size=6, seeds=range(8))
