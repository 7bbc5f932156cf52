"""V3ck's test cases as data, run by tests/test_puzzles.py."""

from puzzlelib.v3ck import SEED_BOARD

KIND = "v3ck"

#: The chapter's board (SEED_BOARD); its one answer colours the edges r g b r r r g b g.
SEED_TEXT = SEED_BOARD
HEAD = "v3ck\ncolours r g b\n"
#: A triangle wanting one r and one g at each node: r's counts add up to 3, an odd number.
ODD = "v3ck\ncolours r g\nnode a 0 0 r=1 g=1\nnode b 2 0 r=1 g=1\nnode c 1 1 r=1 g=1\nedge a b\nedge b c\nedge c a\n"
#: A square wanting one r and one g at each node: two colourings.
SQUARE = ("v3ck\ncolours r g\nnode a 0 0 r=1 g=1\nnode b 1 0 r=1 g=1\nnode c 1 1 r=1 g=1\nnode d 0 1 r=1 g=1\n"
          "edge a b\nedge b c\nedge c d\nedge d a\n")

#: Each rule code with boards that break it: (puzzle text, answer, code).
FAULTS = [
    (SEED_TEXT, "r g b r r r g b .", "uncoloured-edge"),           # edge f-d left uncoloured
    (SEED_TEXT, ["r", "g", "b", "r", "r", "r", "g", "b", None], "uncoloured-edge"),
    (SEED_TEXT, "r g b r r r g b y", "unknown-colour"),            # y is not a colour of the board
    (SEED_TEXT, "g r b r r r g b g", "node-count"),                # a-b and b-c swapped
    (SEED_TEXT, {("a", "b"): "r", ("c", "b"): "g"}, "node-count"),  # a mapping: edges left out are uncoloured
]

#: Readers' examples: (format, text, expected text or error fragment).
READS = [
    ("text", "# a comment\nv3ck\n\n" + SEED_TEXT[5:].replace("edge d e", "# a comment\nedge d e"), SEED_TEXT),
    ("text", "v3ck\nCOLORS r g b\nnode a 0.5 -1 r=1\nnode b 1 0 r=1 g=0\nedge b a\n",
     "v3ck\ncolours r g b\nnode a 0.5 -1 r=1\nnode b 1 0 r=1\nedge b a\n"),
    ("text", "colours r g b\n", "expected the first line to name the puzzle"),
    ("text", "v3ck\nnode a 0 0 r=1\n", "line 2: expected 'colours' and the colour names"),
    ("text", HEAD + "node a 0 0 r=1\nnode b 1 0 r=1\nedge a c\n", "line 5: edge a-c: there is no node c"),
    ("text", HEAD + "node a 0 0 r=2\nnode b 1 0 r=1\nedge a a\n", "line 5: edge a-a: an edge joins two different nodes"),
    ("text", HEAD + "node a 0 0 r=2\nnode b 1 0 r=2\nedge a b\nedge b a\n", "line 6: edge b-a: the nodes are already joined"),
    ("text", HEAD + "node a 0 0 r=2\nnode b 1 0 r=1\nedge a b\n", "line 3: node a: its counts add up to 2, but it has 1 edge"),
    ("text", HEAD + "node a 0 0 r=-1\nnode b 1 0 r=1\nedge a b\n", "line 3: node a: 'r=-1' is not <colour>=<whole number>"),
    ("text", HEAD + "node a 0 0 r=1.5\nnode b 1 0 r=1\nedge a b\n", "line 3: node a: 'r=1.5' is not"),
    ("text", HEAD + "node a 0 0 r=inf\nnode b 1 0 r=1\nedge a b\n", "line 3: node a: 'r=inf' is not"),
    ("text", HEAD + "node a 0 0 y=1\nnode b 1 0 r=1\nedge a b\n", "line 3: node a: 'y' is not one of the colours r g b"),
    ("text", HEAD + "node a 0 nan r=1\nnode b 1 0 r=1\nedge a b\n", "line 3: node a: y 'nan' is not a number"),
    ("text", HEAD + "node a 0 0 r=1\nnode a 1 0 r=1\nedge a b\n", "line 4: node a is listed twice"),
    ("text", HEAD + "node a 0 0 r=1 r=1\nnode b 1 0 r=1\nedge a b\n", "line 3: node a: colour r is counted twice"),
    ("text", HEAD + "node a 0 0 r=1\nnode b 1 0 r=1\nfoo a b\n", "line 5: expected a 'node' or an 'edge' line"),
    ("text", "v3ck\ncolours r r\nnode a 0 0 r=1\nnode b 1 0 r=1\nedge a b\n", "line 2: colour r is listed twice"),
    ("text", "v3ck\ncolours r g\nnode a 0 0\n", "the graph needs at least one edge"),
]

#: The command line: (file text, exit status, fragment of what it prints).
CLI = [
    (SEED_TEXT, 0, "unique: yes"),
    (SEED_TEXT, 0, "a-b r\nb-c g\nc-a b\na-d r"),
    (SQUARE, 0, "unique: no"),
    (ODD, 1, "the counts of colour r add up to 3, an odd number"),
    (HEAD + "node a 0 0 r=1\nnode b 1 0 g=1\nnode c 0 1 r=1\nnode d 1 1 g=1\nedge a b\nedge c d\n", 1, "edge a-b: no colour is wanted at both a and b"),
    (HEAD + "node a 0 0 r=1\nnode b 1 0 r=1\nedge a c\n", 2, "line 5: edge a-c"),
]

#: Editor sessions: (actions, fragment of the editor's last message). The first mode colours edges.
_HAND = [("click_xy", 2, 0, 1), ("click_xy", 3, 1.5, 1), ("click_xy", 3, 1.5, 1), ("click_xy", 1, 1.5, 3),
         ("click_xy", 0.5, 0.5, 1), ("click_xy", 3.5, 0.5, 1), ("click_xy", 2, 2.5, 1), ("click_xy", 2, 1, 1),
         ("click_xy", 2, 1, 1), ("click_xy", 2.5, 1.5, 3), ("click_xy", 1.5, 1.5, 1), ("click_xy", 1.5, 1.5, 1)]
EDITOR = [
    ([("press", "Solve")], "Solved: 9 edges coloured, every node has its counts."),
    ([("press", "Check uniqueness")], "Unique"),
    ([("click_xy", 2, 0, 1)], "1 of 9 edges coloured; 0 of 6 nodes have their counts."),   # a-b red
    ([("click_xy", 2, 0, 3)], "1 of 9 edges coloured"),                                     # a-b blue (backwards)
    (_HAND, "Solved by hand: every node has its counts."),
    ([("click", 0, 2, 1), ("press", "Counts from colouring")], "colour every edge first"),
    ([("click_xy", 9, 9, 1)], "click on an edge to colour it"),
    (_HAND[:-1] + [("click_xy", 1.5, 1.5, 1), ("click_xy", 1.5, 1.5, 1), ("press", "Counts from colouring")],
     "Solved by hand"),                                                    # f-d blue, the counts read off it
    ([("load", "v3ck\ncolours r g\nnode a 0 0 r=1\nnode b 1 0 r=1\nedge a c\n")], "line 5: edge a-c"),
    ([("load", ODD), ("press", "Solve")], "an odd number"),
    ([("load", SQUARE), ("press", "Check uniqueness")], "Not unique"),
]

#: Boards for the model-against-brute-force test: planted_puzzle(size, seed=s) for s in SEEDS (both
#: models: brute_force(model="symmetric") keeps the same fixed colours as the symmetric formulation).
SMALL = dict(size=7, seeds=range(8))
