"""Sudoku's test cases as data, run by tests/test_puzzles.py."""

KIND = "sudoku"

#: pzprjs' own test board (4x4, four givens); its one solution is 2143 / 4312 / 3421 / 1234.
PZPRJS = "sudoku\n.1..\n...2\n3...\n..3.\n"
SOLVED = ["2143", "4312", "3421", "1234"]
#: The same board with a thermometer, a cage and an arrow that its solution keeps.
VARIANTS = PZPRJS + "thermo 3,0 3,1 3,2\ncage 7 0,2 0,3\narrow 3,3 : 3,2 2,3\n"
#: A solution with 1 and 2 swapped in row 0 (columns 1 and 2 then repeat them too).
SWAPPED = ["1243", "4312", "3421", "1234"]

#: Each rule code with boards that break it: (puzzle text, answer as strings of digits or a grid, code).
FAULTS = [
    (PZPRJS, ["2413", "4312", "3421", "1234"], "given"),      # (0, 1) is given as 1
    (PZPRJS, SWAPPED, "unit"),
    (VARIANTS, ["2143", "4312", "3421", "3214"], "thermo"),   # 3, 2, 1 along the thermometer
    ("sudoku\n....\n....\n....\n....\ncage 4 0,0 0,1\n", [[1, 1, 3, 4]] + [[3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]],
     "cage-repeat"),
    ("sudoku\n....\n....\n....\n....\ncage 4 0,0 0,1\n", ["1234", "3412", "2143", "4321"], "cage-sum"),
    ("sudoku\n....\n....\n....\n....\narrow 0,1 : 1,2\n", [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]],
     "arrow"),                                                   # the circle holds 2, its arrow 1
]

#: Readers' examples: (format, text, expected text or error fragment).
READS = [
    ("text", ".1..\n...2\n3...\n..3.\n", PZPRJS),                         # the first line may be left out
    ("text", "sudoku\n.1..\n...2\n3...\n..3.\ncage 7 0,2 0,3\n", "sudoku\n.1..\n...2\n3...\n..3.\ncage 7 0,2 0,3\n"),
    ("text", "sudoku\n.1..\n...2\n3.x.\n..3.\n", "line 4, col 2: 'x' is not a cell of a 4x4 Sudoku"),
    ("text", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
     "sudoku\n4.....8.5\n.3.......\n...7.....\n.2.....6.\n....8.4..\n....1....\n...6.3.7.\n5..2.....\n1.4......\n"),
    ("text", "sudoku\n.1..\n...2\n3...\n..3.\ncage x 0,2\n", "line 6: a cage starts with its total"),
    ("puzzlink", "https://puzz.link/p?sudoku/4/4/g1k23k3g", PZPRJS),
    ("puzzlink", "https://puzz.link/p?sudoku/4/4/g1k2", "sudoku\n.1..\n...2\n....\n....\n"),  # pzprjs: the rest empty
    ("puzzlink", "https://puzz.link/p?sudoku/4/4/g1k2zz", "runs past the 16 cells"),
    ("puzzlink", "https://puzz.link/p?sudoku/5/5/g1k23k3g", "size 5"),
    ("json", '{"size": 4, "box": [2, 2], "givens": [".1..", "...2", "3...", "..3."], "cages": []}', PZPRJS),
    ("json", '{"givens": [".1..", "...2", "3...", "..3."], "box": [1, 4]}', "box (1, 4) differs"),
]

#: The command line: (file text, exit status, fragment of what it prints).
CLI = [
    (PZPRJS, 0, "unique: yes"),
    (PZPRJS, 0, "2 1 | 4 3"),
    ("sudoku\n11..\n....\n....\n....\n", 2, "both given as 1"),
    (PZPRJS + "cage 3 0,2 0,3\n", 1, "cages"),
]

#: Editor sessions: (actions, fragment of the editor's last message).
EDITOR = [
    ([("press", "Solve")], "Solved"),
    ([("press", "Check uniqueness")], "nique"),
    ([("load", PZPRJS), ("press", "Check uniqueness")], "nique"),
]

#: Boards for the model-against-brute-force test: planted_puzzle(size, seed=s) for s in SEEDS.
SMALL = dict(size=4, seeds=range(8))
