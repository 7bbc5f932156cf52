"""The formats people share for chapter 11's puzzles (issue 26): puzzle-star-battle.com task strings,
puzz.link Star Battle URLs from public code, the four text formats on random boards, and the CLI.

Sources of the real boards (the facts only; no code is copied):
- puzzle-star-battle.com's page script, ``var task = '...'`` with the star count shown beside the
  board, as public solvers scrape it (split at ',' and take the ids 1-based); the 5x5 task below is
  one such page's, quoted in a public write-up of the site.
- puzz.link URLs: semiexp/cspuz_core (``cspuz_solver_backend/src/puzzle/star_battle.rs``, its
  serializer test, with the answer it expects), penpa-edit's puzz.link import tests (five boards),
  T0nyX1ang/noqx's example (15x15, 3 stars) and a pzprxs.vercel.app link.
"""

import pytest

from puzzlelib import cli, knightmoves, monodot, starbattle as sb, v3ck
from puzzlelib.core.errors import PuzzleError

# --------------------------------------------------------------------------------------------- #
# puzzle-star-battle.com task strings
# --------------------------------------------------------------------------------------------- #
#: A 5x5 1-star task from puzzle-star-battle.com's page source (its "var task").
SITE_TASK = "1,2,2,2,3,1,4,4,4,3,1,3,3,3,3,1,1,1,5,5,1,1,5,5,5"
SITE_ANSWER = ["...*.", ".*...", "....*", "*....", "..*.."]


def stars_of(solution) -> list[str]:
    return str(solution).splitlines()


def test_the_sites_task_reads_with_its_star_count_and_has_one_answer():
    puzzle = sb.Puzzle.from_puzzleteam(SITE_TASK, stars=1)
    assert puzzle == sb.Puzzle.read("stars=1;" + SITE_TASK, "puzzleteam")
    assert puzzle == sb.Puzzle.from_puzzleteam("k=1;" + SITE_TASK)
    assert puzzle.size == 5 and puzzle.stars == 1
    assert [stars_of(s) for s in sb.brute_force(puzzle)] == [SITE_ANSWER]
    assert [stars_of(s) for s in sb.solutions(puzzle, limit=2)] == [SITE_ANSWER]
    assert puzzle.to_puzzleteam() == "stars=1;" + SITE_TASK  # its ids are already in reading order


def test_a_task_is_read_with_spaces_and_zero_based_ids():
    puzzle = sb.Puzzle.from_puzzleteam(SITE_TASK, stars=1)
    spaced = " STARS = 1 ; " + SITE_TASK.replace(",", ", ") + "\n"
    zero_based = ",".join(str(int(v) - 1) for v in SITE_TASK.split(","))
    assert sb.Puzzle.from_puzzleteam(spaced) == puzzle
    assert sb.Puzzle.from_puzzleteam("stars=1;" + zero_based) == puzzle


def test_ids_in_any_order_name_the_same_regions():
    """The site numbers its regions as it likes; the writer numbers them in reading order."""
    swapped = {"1": "5", "5": "1", "2": "3", "3": "2"}
    task = ",".join(swapped.get(v, v) for v in SITE_TASK.split(","))
    puzzle = sb.Puzzle.from_puzzleteam(task, stars=1)
    assert puzzle == sb.Puzzle.from_puzzleteam(SITE_TASK, stars=1)
    assert puzzle.to_puzzleteam() == "stars=1;" + SITE_TASK


BAD_TASKS = [
    (SITE_TASK, "no star count"),
    ("stars=1;", "no region ids"),
    ("stars=x;" + SITE_TASK, "'x' is not a star count"),
    ("stars=123;" + SITE_TASK, "'123' is not a star count"),
    ("five;" + SITE_TASK, "expected 'stars=k;' before the region ids, found 'five'"),
    ("stars=1;" + SITE_TASK + ",1", "26 region ids, which is no n*n"),
    ("stars=1;" + SITE_TASK[:-2], "24 region ids, which is no n*n"),
    ("stars=1;" + SITE_TASK.replace("4", "a", 1), "entry 6 (cell (1, 1)) is 'a', not a region id"),
    ("stars=1;" + SITE_TASK.replace("4", "-4", 1), "entry 6 (cell (1, 1)) is '-4'"),
    ("stars=1;" + SITE_TASK.replace(",4,", ",,", 1), "entry 6 (cell (1, 1)) is ''"),
    ("stars=1;" + SITE_TASK.replace("5", "6", 1),
     "entry 18 (cell (3, 3)) is region 6, but a 5x5 board has 5 regions, 1 to 5"),
    ("stars=1;" + SITE_TASK.replace("1", "0", 1), "entry 0 (cell (0, 0)) is 0 and entry 18 (cell (3, 3)) is 5"),
    ("stars=1;" + SITE_TASK.replace("5", "3"), "no cell is in region 5; a 5x5 board needs 5 regions"),
    ("stars=1;1,1,2,2,3,3,4,4,1,1,2,2,3,3,4,4",
     "region 1 is in more than one piece: entry 0 (cell (0, 0)) and entry 8 (cell (2, 0)) are not joined"),
    ("stars=1;2,1,1,2", "region 2 is in more than one piece: entry 0 (cell (0, 0)) and entry 3 (cell (1, 1))"),
    ("stars=3;" + SITE_TASK, "3 stars per row is too many for a 5x5 board"),
    ("stars=0;" + SITE_TASK, "stars: 0 is below"),
    ("stars=1;" + SITE_TASK + ";", "entry 24 (cell (4, 4)) is '5;'"),
    ("stars=1;" + ",".join(["1"] * 201 * 201), "task string: the number of rows: 201"),
]


@pytest.mark.parametrize("task, message", BAD_TASKS)
def test_a_bad_task_is_refused_naming_the_entry(task, message):
    with pytest.raises(PuzzleError) as caught:
        sb.Puzzle.read(task, "puzzleteam")
    assert message in str(caught.value)


def test_a_star_count_given_twice_must_agree():
    with pytest.raises(PuzzleError, match="it says stars=2, but stars=1 was given"):
        sb.Puzzle.from_puzzleteam("stars=2;" + SITE_TASK, stars=1)
    assert sb.Puzzle.from_puzzleteam("stars=1;" + SITE_TASK, stars=1).stars == 1


# --------------------------------------------------------------------------------------------- #
# puzz.link Star Battle URLs from public code
# --------------------------------------------------------------------------------------------- #
PUZZLINK = [
    "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou",  # pzprjs' own debug URL
    "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk",  # semiexp/cspuz_core's serializer test
    "https://puzz.link/p?starbattle/10/10/2/5g252c2qkgbakk98igse7g88cp3730so000u",  # penpa-edit's tests
    "https://puzz.link/p?starbattle/10/10/2/l95las9vb5mmurbelo2m849c5gp068ci9029",
    "https://puzz.link/p?starbattle/12/12/2/g0410igil9ck6q3l12glrcp12c081pu07do1ge6c0g0m0628gdkcn0",
    "https://puzz.link/p?starbattle/13/13/2/40142jhssb4ij4491m8d6b0io4k8ab003vosuc02181v3e00o00fo3g00073phsg",
    "https://puzz.link/p?starbattle/9/9/2/12a955kh37khi20fe0g13toea1c07g",
    "https://puzz.link/p?starbattle/15/15/3/31g94h1gk30glmiuum28c52kl8mh0i10o51gh4i1go2h84a4802gt5hah8la6046hc9aign1ga18424a42h8",  # noqx
]


@pytest.mark.parametrize("url", PUZZLINK)
def test_public_puzzlink_urls_read_solve_uniquely_and_write_back(url):
    puzzle = sb.Puzzle.from_puzzlink(url)
    _, cols, rows, stars, _ = url.split("?")[1].split("/")
    assert puzzle.size == int(cols) == int(rows) and puzzle.stars == int(stars)
    assert puzzle.to_puzzlink() == url
    found = sb.solutions(puzzle, limit=2)
    assert len(found) == 1 and sb.verify(puzzle, found[0]) == []
    for name in ("text", "puzzleteam"):  # the same board through the other two formats
        assert sb.Puzzle.read(puzzle.write(name), name) == puzzle


def test_cspuz_cores_board_has_the_answer_its_test_expects():
    puzzle = sb.Puzzle.from_puzzlink("https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk")
    expected = [".*....", "....*.", "..*...", "*.....", ".....*", "...*.."]
    assert [stars_of(s) for s in sb.solutions(puzzle, limit=2)] == [expected]


def test_another_host_reads_and_is_written_for_puzz_link():
    url = "https://pzprxs.vercel.app/p?starbattle/10/10/2/00lhksmullfd75hm00u85lakb8442q5alk2f"
    puzzle = sb.Puzzle.from_puzzlink(url)
    assert puzzle.to_puzzlink() == url.replace("pzprxs.vercel.app", "puzz.link")
    assert len(sb.solutions(puzzle, limit=2)) == 1


# --------------------------------------------------------------------------------------------- #
# Every format of the four puzzles round-trips on random boards
# --------------------------------------------------------------------------------------------- #
ROUND_TRIPS = [
    (sb, [dict(size=n) for n in (4, 5, 6, 8, 10, 14)] + [dict(size=14, stars=3)]),
    (v3ck, [dict(size=n) for n in (4, 6, 9)] + [dict(size=8, graph="cubic")]),
    (monodot, [dict(size=n) for n in (3, 4, 6)] + [dict(size=(4, 6), diagonal=True, partial=True)]),
    (knightmoves, [dict(size=n) for n in (4, 5, 6)] + [dict(size=(5, 7), end=False)]),
]


@pytest.mark.parametrize("module, sizes", ROUND_TRIPS, ids=[m.KIND for m, _ in ROUND_TRIPS])
def test_every_format_round_trips_on_random_boards(module, sizes):
    count = 0
    for options in sizes:
        for seed in range(8):
            puzzle = module.random_puzzle(seed=seed, **options)
            for name, write in module.PUZZLE.writers.items():
                text = write(puzzle)
                again = module.Puzzle.read(text, name)
                assert again == puzzle and write(again) == text, (name, options, seed)
                count += 1
    assert count >= 8 * len(sizes)


def test_star_battle_has_the_three_formats():
    assert sb.PUZZLE.formats == ("text", "puzzlink", "puzzleteam", "penpa")


def test_the_editors_load_box_takes_a_task_string():
    editor = sb.editor()
    editor.text.value = "stars=1;" + SITE_TASK
    editor.load_text()
    assert editor.current_puzzle() == sb.Puzzle.from_puzzleteam(SITE_TASK, stars=1)
    editor.text.value = SITE_TASK  # the page's bare task: k is not in it, and nothing is guessed
    editor.load_text()
    assert "no star count" in editor.message.value


# --------------------------------------------------------------------------------------------- #
# The CLI: solve reads each puzzle's text, and Star Battle's puzz.link URLs and task strings
# --------------------------------------------------------------------------------------------- #
def run_cli(capsys, *args) -> tuple[int, str, str]:
    status = cli.main(["solve", *map(str, args)])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("module", [sb, v3ck, monodot, knightmoves], ids=lambda m: m.KIND)
def test_cli_solves_the_chapters_boards_and_random_ones(module, tmp_path, capsys):
    for name, puzzle in [("seed", module.PUZZLE.seed_puzzle()), ("random", module.random_puzzle(seed=3))]:
        path = tmp_path / f"{name}.txt"
        path.write_text(puzzle.to_text())
        status, out, err = run_cli(capsys, path)
        assert status == 0 and err.startswith(f"read: {module.PUZZLE.title} ({module.KIND}), format 'text'")
        assert out.splitlines()[-1] in ("unique: yes", "unique: no (a second solution exists)")
        count = len(module.solutions(puzzle, limit=2))
        assert out.splitlines()[-1] == ("unique: yes" if count == 1 else "unique: no (a second solution exists)")
        assert run_cli(capsys, path, "--kind", module.KIND)[0] == 0
    assert run_cli(capsys, tmp_path / "seed.txt")[1].startswith(
        module.format_solution(module.PUZZLE.seed_puzzle(), module.solve(module.PUZZLE.seed_puzzle())).splitlines()[0])


def test_cli_reads_star_battle_urls_and_task_strings(tmp_path, capsys):
    url, task = tmp_path / "url.txt", tmp_path / "task.txt"
    url.write_text(PUZZLINK[1] + "\n")
    task.write_text("stars=1;" + SITE_TASK + "\n")
    status, out, _ = run_cli(capsys, url, "--format", "puzzlink", "--kind", "starbattle")
    assert status == 0
    assert out.splitlines() == [".*....", "....*.", "..*...", "*.....", ".....*", "...*..", "unique: yes"]
    status, out, _ = run_cli(capsys, task, "--format", "puzzleteam", "--kind", "starbattle")
    assert status == 0 and out.splitlines() == [*SITE_ANSWER, "unique: yes"]


@pytest.mark.parametrize("text, args, status, message", [
    (PUZZLINK[1], ["--format", "puzzlink"], 2, "--format puzzlink needs --kind K"),
    (PUZZLINK[1], ["--format", "png", "--kind", "starbattle"], 2,
     "unknown format 'png': starbattle reads text, puzzlink"),
    (PUZZLINK[1], ["--format", "puzzlink", "--kind", "stars"], 2, "unknown puzzle kind 'stars'"),
    (SITE_TASK, ["--format", "puzzleteam", "--kind", "starbattle"], 2, "no star count"),
    ("v3ck\ncolours r\n", ["--kind", "starbattle"], 2, "the file is a v3ck puzzle, not starbattle"),
    ("https://puzz.link/p?nurikabe/4/4/g", [], 2, "the genre 'nurikabe' is not one the course reads"),
    ("starbattle\nstars 1\nabbb\nbbbb\nbbbb\nbbce\nx\n", [], 2, "line 7: 1 cells"),
    ("starbattle\nstars 1\nabbb\nbbbb\nbbbb\nbbcd\n", [], 1, "no solution: no placement of stars keeps every rule"),
    ("knightmoves\nS.#\n", [], 1, "no solution: no knight's path visits every open square"),
    ("knightmoves\n..#\n", [], 2, "no start square"),
    ("monodot\ndots 5\n...\n", [], 2, "line 2, dot 0: '5' is not a number from 1 to 4"),
])
def test_cli_names_bad_input_and_unsolvable_boards(text, args, status, message, tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    got, out, err = run_cli(capsys, path, *args)
    assert (got, out) == (status, "")
    assert message in err and len(err.strip().splitlines()) == 1
