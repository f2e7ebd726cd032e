"""Tests for linsep_helpers.hardness: exact MinDisagreement and the vertex-cover reduction.

The oracles are written here: a brute force over removal sets with its own separability LP,
a brute-force minimum vertex cover, and the reduction's points built by hand.
"""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles import tau_oracle
from scipy.optimize import linprog

from linsep_helpers.data import make_separable
from linsep_helpers.graphs import (
    complete_graph,
    cycle_graph,
    is_vertex_cover,
    min_vertex_cover,
    path_graph,
    petersen_graph,
    random_graph,
    star_graph,
)
from linsep_helpers.hardness import (
    ApproximationResult,
    approximation_results,
    cover_separator,
    min_disagreement,
    min_disagreement_bigm,
    min_disagreement_bruteforce,
    vertex_cover_instance,
    weighted_disagreements,
)
from linsep_helpers.lp import find_separator, robust_lp

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ------------------------------------------------------------------------------------------
# oracles written for the tests


def _separable(X: np.ndarray, y: np.ndarray) -> bool:
    """Own LP: is there (w, b) with y_i (w.x_i + b) >= 1? A found (w, b) is re-checked."""
    if X.shape[0] == 0:
        return True
    A = y[:, None] * np.hstack([X, np.ones((X.shape[0], 1))])
    res = linprog(
        np.zeros(A.shape[1]),
        A_ub=-A,
        b_ub=-np.ones(A.shape[0]),
        bounds=(None, None),
        method="highs",
    )
    if res.status == 0:
        assert np.all(A @ res.x > 0)
        return True
    assert res.status == 2
    return False


def _brute_min_dis(X: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """Cheapest removal set whose complement is separable, over ALL 2^n removal sets."""
    n = X.shape[0]
    best = float(w.sum())
    for mask in range(2**n):
        removed = np.array([(mask >> i) & 1 for i in range(n)], dtype=bool)
        cost = float(w[removed].sum())
        if cost < best and _separable(X[~removed], y[~removed]):
            best = cost
    return best


def _mistakes(w: np.ndarray, b: float, X: np.ndarray, y: np.ndarray, wt: np.ndarray) -> float:
    return float(wt[y * (X @ w + b) <= 0].sum())


def _check_exact_result(res, X, y, wt, expected):
    assert res.mistakes == pytest.approx(expected, abs=1e-9)
    # the returned halfspace really makes that many weighted mistakes
    assert _mistakes(res.w, res.b, X, y, wt) == pytest.approx(expected, abs=1e-9)
    assert np.array_equal(res.misclassified, y * (X @ res.w + res.b) <= 0)
    assert res.disagreements == pytest.approx(expected, abs=1e-9)
    assert res.lower_bound == pytest.approx(expected, abs=1e-9)
    assert res.upper_bound == pytest.approx(expected, abs=1e-9)
    # margin >= 1 on a kept set carrying all weight except the mistakes
    high = y * (X @ res.w + res.b) >= 1 - 1e-9
    assert wt[high].sum() >= wt.sum() - expected - 1e-9


@st.composite
def weighted_instances(draw, max_n=8, integer_weights=True):
    n = draw(st.integers(1, max_n))
    d = draw(st.integers(1, 2))
    X = np.array(
        draw(st.lists(st.integers(-2, 2), min_size=n * d, max_size=n * d)), dtype=float
    ).reshape(n, d)
    y = np.array(draw(st.lists(st.sampled_from([-1.0, 1.0]), min_size=n, max_size=n)))
    if integer_weights:
        wt = np.array(draw(st.lists(st.integers(1, 3), min_size=n, max_size=n)), dtype=float)
    else:
        wt = np.array(draw(st.lists(st.floats(0.25, 3.0), min_size=n, max_size=n)))
    return X, y, wt


SMALL_GRAPHS = (
    [("path", *path_graph(k)) for k in range(1, 7)]
    + [("cycle", *cycle_graph(k)) for k in range(3, 8)]
    + [("star", *star_graph(k)) for k in range(1, 6)]
    + [("complete", *complete_graph(k)) for k in range(3, 6)]
    + [("petersen", *petersen_graph())]
)


# ------------------------------------------------------------------------------------------
# the exact solvers against the brute force written here


@pytest.mark.claim("C26")
@SETTINGS
@given(weighted_instances())
def test_hitting_set_equals_brute_force(inst):
    X, y, wt = inst
    expected = _brute_min_dis(X, y, wt)
    res = min_disagreement(X, y, wt)
    assert res.method == "hitting_set"
    _check_exact_result(res, X, y, wt, expected)
    assert isinstance(res.mistakes, int)  # integer weights give an int


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(weighted_instances(max_n=7, integer_weights=False))
def test_real_weights_and_bruteforce_method(inst):
    X, y, wt = inst
    expected = _brute_min_dis(X, y, wt)
    _check_exact_result(min_disagreement(X, y, wt), X, y, wt, expected)
    _check_exact_result(min_disagreement_bruteforce(X, y, wt), X, y, wt, expected)
    via = min_disagreement(X, y, wt, method="bruteforce")
    assert via.method == "bruteforce"
    assert via.mistakes == pytest.approx(expected, abs=1e-9)


def test_unweighted_default_and_xor():
    from linsep_helpers.data import xor_data

    X, y = xor_data()
    res = min_disagreement(X, y)
    assert res.mistakes == 1 and isinstance(res.mistakes, int)
    assert _mistakes(res.w, res.b, X, y, np.ones(4)) == 1
    assert min_disagreement(X, y, method="bigm").mistakes == 1


@pytest.mark.claim("C28")
@pytest.mark.parametrize("seed", range(6))
def test_realizable_case_is_one_lp(seed):
    X, y, _, _ = make_separable(40, d=3, margin=0.05, seed=seed)
    res = min_disagreement(X, y)
    assert res.mistakes == 0
    assert res.iterations == 1 and res.n_cuts == 0
    assert np.all(y * (X @ res.w + res.b) >= 1 - 1e-9)
    sep = find_separator(X, y)  # the same single LP
    assert sep.separable
    assert np.allclose(res.w, sep.w) and res.b == pytest.approx(sep.b)


# ------------------------------------------------------------------------------------------
# the vertex-cover reduction


def test_instance_points_built_by_hand():
    n, E = cycle_graph(4)
    X, y, wt = vertex_cover_instance(n, E)
    expected_X = [[0, 0, 0, 0]] + np.eye(4).tolist()
    for i, j in E:
        row = [0.0] * 4
        row[i] = row[j] = 1.0
        expected_X.append(row)
    assert np.array_equal(X, np.array(expected_X))
    assert np.array_equal(y, [1, -1, -1, -1, -1, 1, 1, 1, 1])
    assert np.array_equal(wt, [5, 1, 1, 1, 1, 1, 1, 1, 1])
    assert set(np.unique(X)) <= {0.0, 1.0}  # C26: points in {0, 1}^n


@pytest.mark.claim("C26")
@pytest.mark.parametrize(("name", "n", "edges"), SMALL_GRAPHS, ids=lambda v: str(v)[:12])
def test_min_disagreement_equals_tau(name, n, edges):
    X, y, wt = vertex_cover_instance(n, edges)
    tau = tau_oracle(n, edges)
    res = min_disagreement(X, y, wt)
    _check_exact_result(res, X, y, wt, tau)
    # the big-M MILP with box 2 is valid on these instances (origin weight n + 1)
    big = min_disagreement_bigm(X, y, wt, box=2.0)
    assert big.mistakes == tau
    assert _mistakes(big.w, big.b, X, y, wt) <= tau
    if X.shape[0] <= 12:  # the library's brute force as a third opinion
        assert min_disagreement_bruteforce(X, y, wt, max_points=12).mistakes == tau
    assert len(min_vertex_cover(n, edges)) == tau
    assert is_vertex_cover(n, edges, min_vertex_cover(n, edges))


@pytest.mark.claim("C26")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 7), p=st.floats(0.1, 0.9), seed=st.integers(0, 10_000))
def test_random_graphs_min_disagreement_equals_tau(n, p, seed):
    n, E = random_graph(n, p, seed=seed)
    X, y, wt = vertex_cover_instance(n, E)
    _check_exact_result(min_disagreement(X, y, wt), X, y, wt, tau_oracle(n, E))
    assert min_disagreement_bigm(X, y, wt).mistakes == tau_oracle(n, E)


@pytest.mark.claim("C26")
@pytest.mark.parametrize("graph", [cycle_graph(4), cycle_graph(5), complete_graph(4)])
def test_origin_weight_one_breaks_the_reduction(graph):
    n, E = graph
    tau = tau_oracle(n, E)
    assert tau >= 2
    X, y, wt = vertex_cover_instance(n, E, origin_weight=1)
    assert wt[0] == 1
    expected = min(tau, 1)
    if X.shape[0] <= 11:
        assert _brute_min_dis(X, y, wt) == expected
    _check_exact_result(min_disagreement(X, y, wt), X, y, wt, expected)


def test_origin_weight_one_on_petersen():
    n, E = petersen_graph()
    X, y, wt = vertex_cover_instance(n, E, origin_weight=1)
    res = min_disagreement(X, y, wt)
    _check_exact_result(res, X, y, wt, 1)
    assert res.misclassified[0] and res.misclassified.sum() == 1  # only the origin is given up


@pytest.mark.claim("C26")
def test_big_m_pitfall_box_too_small():
    # C4 with origin weight 1: the truth is 1 (drop the origin, w = 2, b = -3), but |b| = 3
    # does not fit in the box W = 2, and inside that box the best is 2.
    n, E = cycle_graph(4)
    X, y, wt = vertex_cover_instance(n, E, origin_weight=1)
    truth = _brute_min_dis(X, y, wt)
    assert truth == 1
    w, b = np.full(4, 2.0), -3.0
    assert _mistakes(w, b, X, y, wt) == 1
    small = min_disagreement_bigm(X, y, wt, box=2.0)
    assert small.mistakes == 2  # wrong answer, silently
    assert small.lower_bound is None  # the MILP bound is not a bound on the true problem
    assert np.max(np.abs(small.w)) <= 2 + 1e-9 and abs(small.b) <= 2 + 1e-9
    big = min_disagreement_bigm(X, y, wt, box=3.0)
    assert big.mistakes == 1  # a box that fits (w, b) = (2, ..., 2, -3) is exact again
    assert min_disagreement(X, y, wt).mistakes == 1


@pytest.mark.claim("C26")
@pytest.mark.parametrize("graph", [path_graph(4), cycle_graph(5), star_graph(3), complete_graph(4)])
def test_cover_separator_counts_cover_size(graph):
    n, E = graph
    X, y, wt = vertex_cover_instance(n, E)
    for k in range(n + 1):
        for C in itertools.combinations(range(n), k):
            w, b = cover_separator(n, C)
            assert np.array_equal(w, [2.0 if i in C else -2.0 for i in range(n)]) and b == 1.0
            uncovered = sum(1 for i, j in E if i not in C and j not in C)
            assert _mistakes(w, b, X, y, wt) == len(C) + uncovered
            assert is_vertex_cover(n, E, C) == (uncovered == 0)
            assert weighted_disagreements(w, b, X, y, wt) == len(C) + uncovered


# ------------------------------------------------------------------------------------------
# C27: literature plus a concrete heuristic gap


@pytest.mark.claim("C27")
def test_approximation_results_cite_the_sources():
    rows = approximation_results()
    assert all(isinstance(r, ApproximationResult) for r in rows)
    text = " ".join(r.source for r in rows)
    for name in [
        "Höffgen",
        "Arora, Babai, Stern & Sweedyk",
        "Amaldi & Kann",
        "Ben-David, Eiron & Long",
        "Guruswami & Raghavendra",
        "Feldman, Gopalan, Khot & Ponnuswami",
        "Dinur & Safra",
    ]:
        assert name in text
    assert any("418/415" in r.result for r in rows)
    assert [f.name for f in dataclasses.fields(ApproximationResult)] == [
        "problem",
        "result",
        "source",
    ]
    assert all(r.problem and r.result and r.source for r in rows)


@pytest.mark.claim("C27")
def test_a_polynomial_heuristic_can_be_far_from_optimal():
    # Not the theorem (that needs P != NP); it only shows that the natural polynomial-time
    # surrogate, the robust LP, can make several times the optimal number of mistakes.
    X = np.array([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [100.0]])
    y = np.array([-1.0, -1.0, -1.0, 1.0, 1.0, 1.0, -1.0])
    opt = _brute_min_dis(X, y, np.ones(7))
    assert opt == 1
    heur = robust_lp(X, y)
    assert _mistakes(heur.w, heur.b, X, y, np.ones(7)) >= 3 * opt
    # and on the weighted reduction (the robust LP ignores weights) it overshoots tau
    n, E = petersen_graph()
    Xp, yp, wp = vertex_cover_instance(n, E)
    hp = robust_lp(Xp, yp)
    assert _mistakes(hp.w, hp.b, Xp, yp, wp) > 6


# ------------------------------------------------------------------------------------------
# input validation


@pytest.mark.parametrize(
    ("edges", "match"),
    [
        ([(0, 5)], "outside"),
        ([(-1, 2)], "outside"),
        ([(1, 1)], "self-loop"),
        ([(0, 1), (1, 0)], "duplicate"),
        ([(0, 1, 2)], "pair"),
        ([(0.5, 1)], "integer"),
    ],
)
def test_bad_edges(edges, match):
    with pytest.raises(ValueError, match=match):
        vertex_cover_instance(4, edges)
    with pytest.raises(ValueError, match=match):
        min_vertex_cover(4, edges)


def test_bad_graph_arguments():
    with pytest.raises(ValueError, match="n must be >= 1"):
        vertex_cover_instance(0, [])
    with pytest.raises(ValueError, match="origin_weight"):
        vertex_cover_instance(3, [(0, 1)], origin_weight=0)
    with pytest.raises(ValueError, match="0..3"):
        cover_separator(4, [4])
    with pytest.raises(ValueError, match="repeated"):
        cover_separator(4, [1, 1])


def test_bad_solver_arguments():
    X = np.array([[0.0], [1.0], [2.0]])
    y = np.array([1.0, -1.0, 1.0])
    with pytest.raises(ValueError, match="weights"):
        min_disagreement(X, y, [1.0, -1.0, 1.0])
    with pytest.raises(ValueError, match="weights"):
        min_disagreement(X, y, [1.0, 1.0])
    with pytest.raises(ValueError, match="NaN"):
        min_disagreement(X, y, [1.0, np.nan, 1.0])
    with pytest.raises(ValueError, match="NaN"):
        min_disagreement(np.array([[0.0], [np.nan], [2.0]]), y)
    with pytest.raises(ValueError, match="method"):
        min_disagreement(X, y, method="greedy")
    with pytest.raises(ValueError, match="max_iterations"):
        min_disagreement(X, y, max_iterations=0)
    with pytest.raises(ValueError, match="too many points"):
        min_disagreement_bruteforce(np.zeros((15, 1)), np.ones(15))
    with pytest.raises(ValueError, match="max_points"):
        min_disagreement_bruteforce(X, y, max_points=0)
    with pytest.raises(ValueError, match="box"):
        min_disagreement_bigm(X, y, box=0.0)
    with pytest.raises(ValueError, match="big_m"):
        min_disagreement_bigm(X, y, big_m=-1.0)
    with pytest.raises(ValueError, match="labels"):
        min_disagreement_bigm(X, [1, 2, 3])
    with pytest.raises(ValueError, match="w has length 2 but the data have 1 features"):
        weighted_disagreements([1.0, 2.0], 0.0, X, y)
