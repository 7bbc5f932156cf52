"""Chapter 13's library: the reduction from 3-edge-colouring to V3ck and back, the solver-free
searches, the graphs of the chapter, the growth fit and the deterministic measures of work."""

from __future__ import annotations

import math
import random

import pytest

from puzzlelib import v3ck
from puzzlelib.complexity import growth as gr
from puzzlelib.complexity import reductions as rd
from puzzlelib.core.errors import PuzzleError


# -- graphs -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("graph", [rd.K4, rd.petersen(), rd.flower_snark(3), rd.flower_snark(4), rd.flower_snark(7),
                                   rd.prism(5)])
def test_the_chapters_graphs_are_cubic_and_simple(graph):
    n, edges = rd.check_graph(*graph)
    assert rd.degrees(n, edges) == [3] * n and len(edges) == 3 * n // 2


def test_the_petersen_graph_is_the_v3ck_board_of_chapter_11():
    n, edges = rd.graph_of(v3ck.Puzzle.from_text(v3ck.PETERSEN))
    assert n == 10 and {frozenset(e) for e in edges} == {frozenset(e) for e in rd.petersen()[1]}


@pytest.mark.parametrize("k, colourable", [(3, False), (4, True), (5, False), (6, True)])
def test_flower_snarks_have_no_colouring_when_k_is_odd(k, colourable):
    assert bool(rd.edge_colourings(*rd.flower_snark(k), limit=1).colourings) == colourable


def test_known_counts_of_colourings():
    assert len(rd.edge_colourings(*rd.K4).colourings) == 6  # three perfect matchings, 3! namings
    assert rd.edge_colourings(*rd.petersen()).colourings == ()
    assert len(rd.edge_colourings(5, [(i, (i + 1) % 5) for i in range(5)]).colourings) == 30  # C5: 3*2*... proper


@pytest.mark.parametrize("bad, phrase", [
    ((3, [(0, 0), (1, 2)]), "loop"),
    ((3, [(0, 1), (1, 0)]), "twice"),
    ((3, [(0, 3)]), "above the largest"),
    ((3, [(0, 1, 2)]), "pair"),
    ((3, [(0, 1.0)]), "whole number"),
    ((0, [(0, 1)]), "below"),
])
def test_bad_graphs_are_refused_naming_the_edge(bad, phrase):
    with pytest.raises(PuzzleError, match=phrase):
        rd.check_graph(*bad)


# -- the reduction and back -------------------------------------------------------------------------
def test_k4_gives_a_board_with_a_colouring_that_maps_back():
    board = rd.cubic_to_v3ck(*rd.K4)
    assert board.names == ("v0", "v1", "v2", "v3") and all(node.demand == (1, 1, 1) for node in board.nodes)
    solution = v3ck.solve(board)
    assert v3ck.verify(board, solution) == []
    assert rd.is_edge_colouring(*rd.K4, rd.colouring_from_v3ck(*rd.K4, board, solution)) == []


def test_petersen_gives_an_impossible_board():
    board = rd.cubic_to_v3ck(*rd.petersen())
    assert v3ck.brute_force(board) == []
    from puzzlelib.core.errors import NoSolution

    with pytest.raises(NoSolution):
        v3ck.solve(board)


@pytest.mark.parametrize("seed", range(6))
def test_board_and_graph_have_the_same_colourings(seed):
    n, edges = rd.prism(3 + seed % 3) if seed < 3 else rd.flower_snark(3 + seed % 3)
    board = rd.cubic_to_v3ck(n, edges)
    on_graph = set(rd.edge_colourings(n, edges).colourings)
    on_board = {tuple(rd.colouring_from_v3ck(n, edges, board, s)) for s in v3ck.brute_force(board)}
    assert on_graph == on_board and set(rd.board_colourings(board).colourings) == on_graph


def test_a_graph_that_is_not_cubic_is_refused_naming_the_node():
    with pytest.raises(PuzzleError, match="node 0 has 2 edges"):
        rd.cubic_to_v3ck(3, [(0, 1), (1, 2), (2, 0)])


def test_mapping_back_needs_the_graphs_edges_on_the_board():
    board = rd.cubic_to_v3ck(*rd.K4)
    with pytest.raises(PuzzleError, match="edge 0-4"):
        rd.colouring_from_v3ck(5, [(0, 1), (0, 4)], board, v3ck.solve(board))


def test_is_edge_colouring_names_what_is_wrong():
    assert rd.is_edge_colouring(3, [(0, 1), (1, 2)], [0, 0]) == [
        "node 1 has two edges of colour 0: (0, 1) and (1, 2)"]
    assert "not one of 0..2" in rd.is_edge_colouring(2, [(0, 1)], [3])[0]
    assert rd.is_edge_colouring(2, [(0, 1)], []) == ["0 colours for 1 edges"]


def test_search_nodes_and_budget():
    full = rd.edge_colourings(*rd.flower_snark(5))
    assert full.complete and full.colourings == () and full.nodes > 1000
    cut = rd.edge_colourings(*rd.flower_snark(5), budget=100)
    assert not cut.complete and cut.nodes == 100
    again = rd.edge_colourings(*rd.flower_snark(5))
    assert again.nodes == full.nodes  # deterministic


def test_board_colourings_reads_any_counts():
    board = v3ck.Puzzle.from_text(v3ck.SEED_BOARD)
    found = rd.board_colourings(board)
    assert len(found.colourings) == len(v3ck.brute_force(board)) == 1
    assert [board.colours[c] for c in found.colourings[0]] == list(v3ck.brute_force(board)[0].colours)


# -- the fit ----------------------------------------------------------------------------------------
def noisy(law, sizes, seed, noise=0.05):
    rng = random.Random(seed)
    return [law(n) * math.exp(rng.gauss(0, noise)) for n in sizes]


@pytest.mark.parametrize("seed", range(5))
def test_fit_finds_an_exponential(seed):
    sizes = list(range(4, 22, 2))
    found = gr.fit(sizes, noisy(lambda n: 0.01 * 1.7 ** n, sizes, seed))
    assert found.kind == "exponential" and abs(found.rate - 1.7) < 0.03 and 0.005 < found.a < 0.02
    assert found.describe() == f"exponential, about {found.rate:.2f}^n"
    assert found.residuals["exponential"] < found.residuals["polynomial"]


@pytest.mark.parametrize("seed", range(5))
def test_fit_finds_a_polynomial(seed):
    sizes = [10, 20, 40, 70, 100, 150, 200]
    found = gr.fit(sizes, noisy(lambda n: 0.3 * n ** 2, sizes, seed))
    assert found.kind == "polynomial" and abs(found.rate - 2) < 0.1 and found.polynomial == (found.a, found.rate)
    assert math.isclose(found.predict(50), found.a * 50 ** found.rate)


def test_fit_is_exact_on_exact_data():
    found = gr.fit([1, 2, 3, 4], [3 * 2 ** n for n in (1, 2, 3, 4)])
    assert found.kind == "exponential" and math.isclose(found.rate, 2) and math.isclose(found.a, 3)
    assert found.residuals["exponential"] < 1e-20


@pytest.mark.parametrize("sizes, values, phrase", [
    ([1, 2], [1, 2], "three points"),
    ([1, 2, 3], [1, 2], "3 sizes but 2 values"),
    ([0, 1, 2], [1, 2, 3], "positive"),
    ([1, 2, 3], [1, 0, 3], "positive"),
    ([2, 2, 2], [1, 2, 3], "different sizes"),
    ([1, 2, 3], [1, float("nan"), 3], "positive"),
])
def test_fit_refuses_bad_data(sizes, values, phrase):
    with pytest.raises(PuzzleError, match=phrase):
        gr.fit(sizes, values)


# -- measures of work -------------------------------------------------------------------------------
def test_highs_and_sat_agree_with_the_search_on_small_snarks():
    for k in (3, 4, 5):
        n, edges = rd.flower_snark(k)
        board = rd.cubic_to_v3ck(n, edges)
        truth = bool(rd.edge_colourings(n, edges, limit=1).colourings)
        highs = gr.highs_count(v3ck.build_model(board)[0])
        sat = gr.sat_colouring(board)
        assert (highs.status == "optimal") == truth == sat.found
        assert highs.nodes >= 1 and sat.conflicts >= 0
        if sat.found:
            assert v3ck.verify(board, list(sat.colouring)) == []
    assert gr.sat_colouring(rd.cubic_to_v3ck(*rd.flower_snark(5))) == gr.sat_colouring(
        rd.cubic_to_v3ck(*rd.flower_snark(5)))  # deterministic


def test_sat_colouring_refuses_other_boards():
    with pytest.raises(PuzzleError, match="V3ck Puzzle"):
        gr.sat_colouring("v3ck")


def test_slider_work_grows_with_the_board():
    small, big = (gr.slider_work(gr.SERIES["slider"].board(n, 0)) for n in (10, 20))
    assert 100 < small < big < 20 * small


def test_measure_keeps_the_order_of_sizes():
    assert gr.measure([3, 1, 2], lambda n: n * n) == [(3, 9), (1, 1), (2, 4)]


def test_series_are_deterministic_and_named():
    assert set(gr.SERIES) >= {"slider", "binairo", "sudoku", "v3ck"}
    assert sum(s.complexity == "polynomial" for s in gr.SERIES.values()) >= 1
    for kind, series in gr.SERIES.items():
        assert set(series.quick) <= set(series.sizes)
        first = gr.boards(kind, series.quick[:1])
        assert [b.to_text() for _, _, b in first] == [b.to_text() for _, _, b in gr.boards(kind, series.quick[:1])]
    with pytest.raises(PuzzleError, match="kind"):
        gr.boards("chess")
