"""Circuit Scramble's test cases as data, run by tests/test_puzzles.py."""

from puzzlelib.circuit import SEED_BOARD, Solution

KIND = "circuit"

#: The six-switch circuit of the chapter: flipping x5 and x6 lights g12, and nothing with fewer flips.
SEED_TEXT = SEED_BOARD
FIX = {"x1": 0, "x2": 0, "x3": 0, "x4": 1, "x5": 1, "x6": 0}
#: Each rule code with boards that break it: (puzzle text, answer, code). An answer is a mapping from
#: switch to state, or a Solution (whose flips and node values are checked too).
FAULTS = [
    (SEED_TEXT, {k: v for k, v in FIX.items() if k != "x6"}, "switch-missing"),
    (SEED_TEXT, {**FIX, "x7": 1}, "not-a-switch"),
    (SEED_TEXT, {**FIX, "x5": 2}, "state-not-bit"),
    (SEED_TEXT, {**FIX, "x5": 0, "x6": 1}, "lamp-off"),
    (SEED_TEXT, Solution(FIX, ("x5",), {}), "flips-wrong"),
    (SEED_TEXT, Solution(FIX, ("x5", "x6"), {"g7": 1}), "value-wrong"),
]

#: Readers' examples: (format, text, expected text or error fragment).
READS = [
    ("text", "circuit\nswitches: a=0 b=1\ng = AND a b\nlamp: g\n", "circuit\nswitches: a=0 b=1\ng = AND a b\nlamp: g\n"),
    ("text", "# a comment\nCircuit\nlamp: g\ng = and a b\nswitches: a=1\nswitches: b=0\n",
     "circuit\nswitches: a=1 b=0\ng = AND a b\nlamp: g\n"),
    ("text", "switches: a=0\nlamp: a\n", "circuit\nswitches: a=0\nlamp: a\n"),     # the first line may be left out
    ("text", "circuit\nswitches: a=0\ng = NOT a\n", "no 'lamp:' line"),
    ("text", "circuit\nswitches: a=2\nlamp: a\n", "line 2: write each switch as name=0 or name=1, found 'a=2'"),
    ("text", "circuit\nswitches: a=0 a=1\nlamp: a\n", "line 2: switch a is listed twice"),
    ("text", "circuit\nswitches: a=0\ng = NOT a\nlamp: g\nlamp: a\n", "line 5: a second lamp line"),
    ("text", "circuit\nswitches: a=0\nlamp:\n", "line 3: the lamp line names no node"),
    ("text", "circuit\nswitches: a=0\nwhat is this\nlamp: a\n", "line 3: expected"),
    ("text", "circuit\nswitches: a=0\ng =\nlamp: a\n", "line 3: a gate is written"),
    ("text", "circuit\nswitches: a=0 b=0\ng = AND a c\nlamp: g\n", "line 3: gate g: input 'c'"),
    ("text", "circuit\nswitches: a=0 b=0\ng = FOO a b\nlamp: g\n", "line 3: gate g: unknown kind 'FOO'"),
    ("text", "circuit\nswitches: a=0\ng = AND a\nlamp: g\n", "line 3: gate g: AND needs at least 2 inputs, has 1"),
]

#: The command line: (file text, exit status, fragment of what it prints).
CLI = [
    (SEED_TEXT, 0, "flips: 2 (x5 x6)\nswitches: x1=0 x2=0 x3=0 x4=1 x5=1 x6=0\nlamp: g12 on\nunique: yes"),
    ("circuit\nswitches: a=0\ng = AND a\nlamp: g\n", 2, "error: line 3: gate g: AND needs at least 2 inputs, has 1"),
    ("circuit\nswitches: a=0\nn = NOT a\nz = AND a n\nlamp: z\n", 1, "lamp z is off for every setting"),
    # switch and gate names equal to the model's own names never reach PuLP
    ("circuit\nswitches: le_a=0 x=1 y=1\nlamp = AND x y\nlamp: lamp le_a\n", 0, "flips: 1 (le_a)"),
]

#: Editor sessions: (actions, fragment of the editor's last message).
EDITOR = [
    ([("load", SEED_TEXT), ("press", "Solve")], "Solved: 2 flips (x5, x6)"),
    ([("load", "circuit\nswitches: a=0\ng = AND a\nlamp: g\n")], "line 3: gate g: AND needs at least 2 inputs"),
]

#: Boards for the model-against-brute-force test: planted_puzzle(size, seed=s) for s in SEEDS.
SMALL = dict(size=5, seeds=range(8))
