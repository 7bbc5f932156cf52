"""Homework on the model (issue 39): each student models a Sudoku variant the library does not solve;
the grader runs their model on hidden boards of that variant."""

from __future__ import annotations

import itertools
import textwrap

import pytest

from puzzlelib.classroom import variants as V
from puzzlelib.classroom.homework import Secret
from puzzlelib.core.errors import PuzzleError

SECRET = Secret(b"lecturer's secret for the variant tests", "test")
COURSE = "ip-2026-hw4"
ROSTER = ["Ada Lovelace", "Ben Bitdiddle", "Cy D. Fect"]

#: a student who models every variant (what a right answer looks like)
RIGHT = '''
import pulp
from puzzlelib.engine import add_binary, new_problem


def variant_model(board):
    n = board.size
    h, w = board.box
    D = range(1, n + 1)
    problem = new_problem("mine")
    x = {(r, c, v): add_binary(problem, f"x_{r}_{c}_{v}") for r in range(n) for c in range(n) for v in D}
    units = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    units += [[(br + i, bc + j) for i in range(h) for j in range(w)] for br in range(0, n, h) for bc in range(0, n, w)]
    if board.rule == "diagonal":
        units += [[(i, i) for i in range(n)], [(i, n - 1 - i) for i in range(n)]]
    for r in range(n):
        for c in range(n):
            problem += pulp.lpSum(x[r, c, v] for v in D) == 1
            if board.givens[r][c]:
                problem += x[r, c, board.givens[r][c]] == 1
            if board.parity and board.parity[r][c]:
                for v in D:
                    if (v % 2 == 0) != (board.parity[r][c] == "e"):
                        problem += x[r, c, v] == 0
    for unit in units:
        for v in D:
            problem += pulp.lpSum(x[r, c, v] for r, c in unit) == 1
    steps = {"anti-knight": [(1, 2), (2, 1), (1, -2), (2, -1)], "anti-king": [(1, 1), (1, -1)],
             "non-consecutive": [(0, 1), (1, 0)]}.get(board.rule, [])
    for r in range(n):
        for c in range(n):
            for dr, dc in steps:
                a, b = r + dr, c + dc
                if 0 <= a < n and 0 <= b < n:
                    for v in D:
                        if board.rule == "non-consecutive":
                            if v < n:
                                problem += x[r, c, v] + x[a, b, v + 1] <= 1
                                problem += x[r, c, v + 1] + x[a, b, v] <= 1
                        else:
                            problem += x[r, c, v] + x[a, b, v] <= 1
    return problem, x
'''

#: the plain library's answer: the released Sudoku model, and its own answer and uniqueness claim
LIBRARY = '''
from puzzlelib import sudoku as sd
from puzzlelib.engine import NoSolution, solve_model
import pulp


def variant_model(board):
    return sd.build_model(sd.Puzzle([list(row) for row in board.givens]))


def _answer(givens):
    problem, G = sd.build_model(sd.Puzzle(givens))
    found = []
    while len(found) < 2:
        try:
            solve_model(problem)
        except NoSolution:
            break
        ones = [k for k, var in G.items() if var.value() > 0.5]
        found.append(ones)
        problem += pulp.lpSum(G[k] for k in ones) <= len(ones) - 1
    n = len(givens)
    grid = [[0] * n for _ in range(n)]
    for r, c, v in found[0]:
        grid[r][c] = v
    return {"grid": grid, "unique": len(found) == 1}


ANSWER = _answer(GIVENS)
'''


def answer_file(tmp_path, name, body, sheet, grid=None, unique=True):
    path = tmp_path / f"{name}.py"
    head = f"GIVENS = {[list(r) for r in sheet.board.givens]!r}\n"
    tail = f"\nANSWER = {{'grid': {grid!r}, 'unique': {unique!r}}}\n" if grid is not None else ""
    path.write_text(head + textwrap.dedent(body) + tail)
    return path


@pytest.fixture(scope="module")
def sheets():
    return V.make_sheets(ROSTER, SECRET, COURSE, size=6)


def test_three_students_three_variants(sheets):
    rules = {name: sheet.rule for name, sheet in sheets.items()}
    assert len(set(rules.values())) == 3, rules
    assert rules == V.deal(reversed(ROSTER), SECRET, COURSE)  # the deal is the secret's, not the roster's order
    other = V.deal(ROSTER, Secret(b"another lecturer's secret entirely", "x"), COURSE)
    assert set(other.values()) <= set(V.VARIANTS) and len(set(other.values())) == 3
    for sheet in sheets.values():
        assert V.RULE_TEXT[sheet.rule] in sheet.markdown() and sheet.board.text() in sheet.markdown()


def test_five_students_every_variant():
    names = [f"student {k}" for k in range(5)]
    assert sorted(V.deal(names, SECRET, COURSE).values()) == sorted(V.VARIANTS)


def test_boards_are_proven_and_separate_the_variant(sheets):
    """The key keeps every rule (checked without a solver); the sheet's board is unique under the
    variant (no-good enumeration) and not under the plain rules; hidden boards are what they say."""
    for sheet in sheets.values():
        assert V.rule_faults(sheet.board, sheet.key) == []
        assert V.other_filling(sheet.board, sheet.key) is None
        assert V.other_filling(sheet.board, sheet.key, variant=False) is not None
        kinds = [kind for kind, _, _ in sheet.hidden]
        assert kinds == list(V.HIDDEN)
        for kind, board, key in sheet.hidden:
            problem, x = V.reference_model(board)
            found = V.fillings(problem, x, board.size, 3)
            assert len(found) == {"unique": 1, "none": 0}.get(kind, len(found)) and (kind != "several" or len(found) >= 2)
            if kind == "unique":
                assert found == [key] and V.rule_faults(board, key) == []
            if kind == "none":
                problem, x = V.reference_model(board, variant=False)
                assert V.fillings(problem, x, board.size, 1)  # the plain rules still have a filling


def test_same_secret_same_sheet_other_secret_other_board(sheets):
    name = ROSTER[0]
    again = V.make_sheet(name, sheets[name].rule, SECRET, COURSE, 6)
    assert again.board == sheets[name].board and again.key == sheets[name].key
    other = V.make_sheet(name, sheets[name].rule, Secret(b"x" * 32, "x"), COURSE, 6)
    assert other.board != sheets[name].board


def test_the_right_model_scores_full(sheets, tmp_path):
    for name, sheet in sheets.items():
        mark = V.grade_file(answer_file(tmp_path, "right", RIGHT, sheet, sheet.key, True), sheet)
        assert mark.points == mark.total == 5, (sheet.rule, str(mark))


def test_the_plain_library_scores_nothing(sheets, tmp_path):
    """A student who hands in the released library's Sudoku model (and its answer and uniqueness claim
    for their board) scores 0 on every variant."""
    for name, sheet in sheets.items():
        mark = V.grade_file(answer_file(tmp_path, "library", LIBRARY, sheet), sheet)
        assert mark.points == 0, (sheet.rule, str(mark))


def test_wrong_claims_and_wrong_rules(sheets, tmp_path):
    sheet = next(iter(sheets.values()))
    mark = V.grade_file(answer_file(tmp_path, "claim", RIGHT, sheet, sheet.key, False), sheet)
    assert mark.points == 4 and "uniqueness claim is wrong" in mark.lines[0]
    # another student's variant modelled instead of one's own
    wrong = RIGHT.replace("def variant_model(board):", "def variant_model(board, _rule=None):").replace(
        "board.rule", "WRONG_RULE")
    other = next(rule for rule in V.VARIANTS if rule not in (sheet.rule, "even-odd", "diagonal"))
    wrong = f"WRONG_RULE = {other!r}\n" + wrong
    mark = V.grade_file(answer_file(tmp_path, "wrong", wrong, sheet, sheet.key, True), sheet)
    assert mark.points < 5, str(mark)
    crash = V.grade_file(answer_file(tmp_path, "crash", "def variant_model(board):\n    raise ValueError('x')\n",
                                     sheet, sheet.key, True), sheet)
    assert crash.points == 1 and all("ValueError" in line for line in crash.lines[1:])


def test_rule_checker_by_hand():
    n = 4
    board = V.VariantBoard("anti-king", n, tuple((0,) * n for _ in range(n)))
    grid = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
    assert V.rule_faults(V.VariantBoard("diagonal", n, board.givens), grid) != []
    assert any("anti-king" in f for f in V.rule_faults(board, grid))
    assert V.rule_faults(V.VariantBoard("anti-knight", n, board.givens), [[1] * 4] * 4)
    assert V.rule_faults(board, [[1, 2]]) == ["not a 4x4 grid"]
    with pytest.raises(PuzzleError):
        V.make_sheet("x", "anti-bishop", SECRET, COURSE)
    # every 4x4 filling the checker accepts under non-consecutive is one the reference model finds
    plain = V.VariantBoard("non-consecutive", n, board.givens)
    problem, x = V.reference_model(plain)
    found = V.fillings(problem, x, n, 50)
    assert all(V.rule_faults(plain, g) == [] for g in found)
    every = [list(p) for p in itertools.permutations(range(1, 5))]
    accepted = [g for g in itertools.product(every, repeat=4) if not V.rule_faults(plain, [list(r) for r in g])]
    assert sorted(map(str, found)) == sorted(str([list(r) for r in g]) for g in accepted)


def test_command_line_make_and_grade(tmp_path):
    """make writes sheets and keys (the keys hold the hidden boards); grade marks a folder of answers."""
    from puzzlelib.classroom.homework import slug

    secret = tmp_path / "secret.txt"
    from puzzlelib.classroom.homework import new_secret

    new_secret(secret)
    roster = tmp_path / "roster.txt"
    roster.write_text("Ada Lovelace\n")
    out = tmp_path / "hw"
    assert V.main(["make", str(roster), "--secret-file", str(secret), "--course", COURSE, "--out", str(out)]) == 0
    key = out / "keys" / f"{slug('Ada Lovelace')}.json"
    sheet = V.read_key(key)
    assert (out / "sheets" / f"{slug('Ada Lovelace')}.md").read_text() == sheet.markdown()
    assert str(sheet.key[0]) not in (out / "sheets" / f"{slug('Ada Lovelace')}.md").read_text()
    answers = tmp_path / "answers"
    answers.mkdir()
    answer_file(answers, slug("Ada Lovelace"), RIGHT, sheet, sheet.key, True)
    assert V.main(["grade", str(out / "keys"), str(answers), "--csv", str(tmp_path / "marks.csv")]) == 0
    assert ",5.00,5.00," in (tmp_path / "marks.csv").read_text()


# --------------------------------------------------------------------------------------------- #
# Attacks: the student's file runs behind the operating system's walls (classroom/confined.py)
# --------------------------------------------------------------------------------------------- #
#: reads its own key (the keys folder the lecturer keeps beside the answers) and answers with it
READ_KEY = '''
import json
key = json.load(open({key!r}))
ANSWER = {{"grid": key["key"], "unique": True}}
'''
#: copies another student's answer file
READ_OTHER = '''
exec(open({other!r}).read())
'''
WRITE_OUTSIDE = '''
open({target!r}, "w").write("owned")
'''
DAEMON = '''
import os
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execv("/bin/sleep", ["sleep", "299.75"])
    os._exit(0)
'''
NETWORK = '''
import socket
socket.create_connection(("127.0.0.1", {port}), timeout=2).sendall(b"from the sandbox")
'''
LOOP = '''
while True:
    pass
'''


def _sleepers() -> list[str]:
    import subprocess

    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    return [line for line in ps.splitlines() if "299.75" in line]


@pytest.mark.skipif(V.__name__ and __import__("puzzlelib.classroom.isolation", fromlist=["mode"]).mode() == "none",
                    reason="this machine gives no namespaces: the variant grader refuses to run files")
def test_attacks_on_the_variant_grader_gain_nothing(sheets, tmp_path):
    import socket
    import threading

    keys = tmp_path / "hw"
    V.write_sheets(sheets, keys)
    name, sheet = next(iter(sheets.items()))
    key_path = next((keys / "keys").glob("*.json"))
    right = answer_file(tmp_path, "right", RIGHT, sheet, sheet.key, True)
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    server.settimeout(0.2)
    heard = []

    def listen():
        for _ in range(200):
            try:
                conn, _ = server.accept()
                heard.append(conn.recv(100))
            except OSError:
                pass

    threading.Thread(target=listen, daemon=True).start()
    target = tmp_path / "owned.txt"
    attacks = {"read-key": READ_KEY.format(key=str(key_path)),
               "read-other": READ_OTHER.format(other=str(right)),
               "write-outside": WRITE_OUTSIDE.format(target=str(target)) + RIGHT,
               "daemon": DAEMON,
               "network": NETWORK.format(port=server.getsockname()[1]),
               "loop": LOOP}
    for attack, body in attacks.items():
        path = tmp_path / f"attack-{attack}.py"
        path.write_text(f"GIVENS = {[list(r) for r in sheet.board.givens]!r}\n" + body)
        mark = V.grade_file(path, sheet, time_limit=10)
        assert mark.points == 0, (attack, str(mark))
        honest = V.grade_file(right, sheet)
        assert honest.points == honest.total == 5, (attack, str(honest))
    assert not target.exists()
    assert not heard
    assert not _sleepers()
    server.close()
