"""Thermometers' test cases as data, run by tests/test_puzzles.py."""

from puzzlelib.thermometer import SEED_BOARD

KIND = "thermometer"

#: The chapter's 5x5 board (Jandhyala's seed 000) and its one filling.
SEED_TEXT = SEED_BOARD
SEED_SOLUTION = ["###.#", "...##", "..#..", "#..##", "#.##."]
#: Two 1x3 thermometers with their bulbs on the left.
BARS = "thermometer\n  1 0 1\n2 A a a\n0 B b b\n"

#: Each rule code with boards that break it: (puzzle text, answer as rows of 0/1 digits, code).
FAULTS = [
    (SEED_TEXT, ["11111", "00011", "00100", "10011", "10110"], "row-count"),   # one cell too many in row 0
    (SEED_TEXT, ["11111", "00011", "00100", "10011", "10110"], "col-count"),   # ... and in column 3
    (SEED_TEXT, ["01101", "00011", "00100", "10011", "10110"], "fill-gap"),     # A's bulb emptied
    (BARS, ["101", "000"], "fill-gap"),                                          # a gap in the middle of A
    (BARS, ["110", "000"], "col-count"),
]

#: Readers' examples: (format, text, expected text or error fragment).
READS = [
    ("text", "thermometer\n1 1\n1 A a\n1 B b\n", "thermometer\n  1 1\n1 A a\n1 B b\n"),
    ("text", "# no first line\n1 1\n1 A a\n1 B b\n", "thermometer\n  1 1\n1 A a\n1 B b\n"),
    ("text", "thermometer\n2 1\n2 A a\n1 c C\npath c: 1,1 1,0\n", "thermometer\n  2 1\n2 A a\n1 b B\n"),
    ("text", "thermometer\n1 1\n", "expected a line of column counts and at least one row"),
    ("text", "thermometer\n1 1\n1 A a\n1 B\n", "line 4: expected a count and 2 cells, found 2 items"),
    ("text", "thermometer\n1 x\n1 A a\n1 B b\n", "line 2, column 1: 'x' is not a count"),
    ("text", "thermometer\n1 1\n1 a a\n1 B b\n", "thermometer A: has no bulb"),
    ("text", "thermometer\n1 1\n1 A A\n1 B b\n", "thermometer A: has 2 bulbs"),
    ("text", "thermometer\n1 1\n1 A 1\n1 B b\n", "cell (0, 1): '1' is not a thermometer name"),
    ("text", "thermometer\n1 1\n1 A b\n1 B a\n", "thermometer A: its cells do not form one path"),
    ("text", "thermometer\n2 2 0\n2 A a b\n2 a a B\n",
     "thermometer A: the walk from the bulb (0, 0) can go two ways at (0, 0); add a line 'path a:"),
    ("text", "thermometer extra\n1 1\n1 A a\n1 B b\n", "line 1: the line naming the puzzle must hold only"),
    ("text", "thermometer\n1 1\n1 A a\n1 B b\npath b: 1,0 x\n", "line 5: a path lists cells"),
    ("puzzleteam", "3_2_1_1_2_1_2_2;1,2;5,2,3,7;5,4,8,12,13,14,15;5,9,5,6;1,2",
     "thermometer\n  3 2 1 1\n2 A a B b\n1 C d d b\n2 c D E e\n2 c c c c\n"),
    ("puzzleteam", "1_1_x_1;1,2", "count 3: 'x' is not a count"),
    ("puzzleteam", "1_1_1;1,2", "3 counts cannot be split"),
    ("puzzleteam", "1_1_1_1;1,2;7,2", "thermometer B ('7,2'): unknown type"),
    ("puzzleteam", "1_1_1_1;1,2;1,2;1,2", "no free cell is left"),
    ("puzzleteam", "1_1_1_1;1,a", "thermometer A ('1,a'): 'a' is not a count"),
]

#: The command line: (file text, exit status, fragment of what it prints).
CLI = [
    (SEED_TEXT, 0, "unique: yes"),
    (SEED_TEXT, 0, "\n".join(SEED_SOLUTION)),
    ("thermometer\n  3 1 1 1\n3 A a D d\n1 C a b B\n2 c c e E\n", 0, "unique: no"),
    ("thermometer\n1 1\n1 A a\n1 B\n", 2, "line 4: expected a count and 2 cells"),
    ("thermometer\n  2 0\n2 A B\n0 a b\n", 1, "no filling meets every count"),
]

#: Editor sessions: (actions, fragment of the editor's last message).
EDITOR = [
    ([("press", "Solve")], "Solved: 13 cells of mercury in 8 thermometers."),
    ([("press", "Check uniqueness")], "Unique"),
    ([("click", 2, 2, 1)], "already belongs to a thermometer"),
    ([("load", "thermometer\n  2 0\n2 A B\n0 a b\n"), ("press", "Solve")], "no filling meets every count"),
]

#: Boards for the model-against-brute-force test: planted_puzzle(size, seed=s) for s in SEEDS.
SMALL = dict(size=5, seeds=range(8))  # seeds 0, 5 and 6 have two, two and three fillings
