"""Aquarium's test cases as data, run by tests/test_puzzles.py."""

KIND = "aquarium"

#: Tank d is split in its bottom row; its one filling is ..#. / ..## / ...# / .#.#
SPLIT_4X4 = "aquarium\n  0 1 2 3\n1 a a b c\n2 d a b b\n1 d d d b\n2 d e d f\n"
#: One tank of four cells and no counts: only the level rule can break.
NO_COUNTS = "aquarium\n  . .\n. a a\n. a a\n"
#: Row and column counts that no tank can meet together.
IMPOSSIBLE = "aquarium\n  3 0 2\n1 a b c\n3 a d c\n1 e d f\n"

#: Each rule code with boards that break it: (puzzle text, answer, code). Answers are strings of
#: ``#`` (water) and ``.`` (air), or 0/1 grids.
FAULTS = [
    (SPLIT_4X4, ["....", "....", "....", "...."], "row-count"),     # nothing wet: every count is short
    (SPLIT_4X4, ["....", "....", "....", "...."], "col-count"),
    (SPLIT_4X4, ["#.#.", "..##", "...#", ".#.#"], "tank-level"),    # tank a wet at the top, dry below
    (NO_COUNTS, [[1, 0], [0, 0]], "tank-level"),                     # one cell of a tank row wet
    (NO_COUNTS, ["#.", "##"], "tank-level"),
]

#: Readers' examples: (format, text, expected text or error fragment).
READS = [
    ("text", "# a comment\n  2 . 2 1\n3 a a b b\n1 c a a b\n. c c d d\n2 c c d d\n",
     "aquarium\n  2 . 2 1\n3 a a b b\n1 c a a b\n. c c d d\n2 c c d d\n"),      # the first line may be left out
    ("text", "aquarium\n 1 1\n1 a\n1 a a\n", "line 3: expected a count and 2 tank names, found 2 items"),
    ("text", "aquarium\n 1 x\n1 a b\n1 a b\n", "line 2, column count 1: 'x' is not a count"),
    ("text", "aquarium\n 1 1\n1 a b\n1 a b!\n", "line 4, cell 1: 'b!' is not a tank name"),
    ("puzzleteam", "1_1_1_1;1,1,2,2", "aquarium\n  1 1\n1 a a\n1 b b\n"),
    ("puzzleteam", "1_1_1_1;1,0,1,1", "tank id 1 (cell (0, 1)) is '0'"),
    ("puzzlink", "https://puzz.link/p?aquarium/4/4/bu8i90/i3213g",
     "aquarium\n  . . . 3\n2 a a b b\n1 c a b d\n3 c a c d\n. c c c d\n"),
    ("puzzlink", "http://pzv.jp/p.html?aquarium_edit/r/4/4/bu8i90/i3213g",
     "aquarium\n  . . . 3\n2 a a b b\n1 c a b d\n3 c a c d\n. c c c d\n"),
    ("puzzlink", "https://puzz.link/p?aquarium/4/4/bu8i9w/i3213g", "wall character 5 ('w') is not base 32"),
    ("puzzlink", "https://puzz.link/p?aquarium/4/4/bu8i90",  # pzprjs: the walls only, no clues
     "aquarium\n  . . . .\n. a a b b\n. c a b d\n. c a c d\n. c c c d\n"),
    ("puzzlink", "https://puzz.link/p?aquarium/4/4/bu8i90/i3.13g", "is '?'"),
]

#: The command line: (file text, exit status, fragment of what it prints).
CLI = [
    (SPLIT_4X4, 0, "unique: yes"),
    (SPLIT_4X4, 0, "..#.\n..##\n...#\n.#.#"),
    (IMPOSSIBLE, 1, "row"),
    ("aquarium\n 1 1\n1 a\n", 2, "line 3: expected a count and 2 tank names"),
]

#: Editor sessions: (actions, fragment of the editor's last message).
EDITOR = [
    ([("press", "Solve")], "Solved: 36 wet cells; 13 of 20 tanks hold water."),
    ([("press", "Check uniqueness")], "Unique"),
    ([("load", IMPOSSIBLE), ("press", "Solve")], "the nearest solvable counts change"),
    ([("load", "https://puzz.link/p?numlin/4/4/bu8i90/i3213g")], "the genre is 'numlin'"),
]

#: Boards for the model-against-brute-force test: planted_puzzle(size, seed=s) for s in SEEDS.
SMALL = dict(size=(5, 5), seeds=range(8))
