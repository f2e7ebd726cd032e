"""Tests of the notebook-05 additions: the graph selector, VertexCoverExplorer, draw_graph /
update_graph and the exercise checks. The vertex-cover numbers are recomputed here by brute force
(independently of linsep_helpers.hardness), so the explorer's optimum is checked against an oracle.
"""

import itertools

import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import linsep_helpers as lh

FAMILIES = ("Petersen", "cycle", "path", "complete", "star", "random")
SIZES = range(3, 11)


# --------------------------------------------------------------------------------- oracles
def tau_oracle(n, edges):
    """Minimum vertex cover size by trying every subset (written here, not imported)."""
    for k in range(n + 1):
        for S in itertools.combinations(range(n), k):
            s = set(S)
            if all(i in s or j in s for i, j in edges):
                return k
    raise AssertionError("unreachable")


def weighted_mistakes(w, b, X, y, weights):
    return float(weights[y * (X @ w + b) <= 0].sum())


def reduction_points(n, edges, origin_weight):
    """The reduction written out by hand: origin (+), e_i (-), e_i + e_j (+)."""
    pts, labels, wts = [np.zeros(n)], [1.0], [origin_weight]
    for i in range(n):
        e = np.zeros(n)
        e[i] = 1.0
        pts.append(e)
        labels.append(-1.0)
        wts.append(1.0)
    for i, j in edges:
        e = np.zeros(n)
        e[[i, j]] = 1.0
        pts.append(e)
        labels.append(1.0)
        wts.append(1.0)
    return np.array(pts), np.array(labels), np.array(wts)


# ------------------------------------------------------------------------ graph selector
@pytest.mark.parametrize("n", [3, 6, 10])
def test_graph_from_family_shapes(n):
    fam = {f: lh.graph_from_family(f, n) for f in FAMILIES}
    assert fam["Petersen"][0] == 10 and len(fam["Petersen"][1]) == 15
    assert fam["cycle"][0] == n and len(fam["cycle"][1]) == n
    assert fam["path"][0] == n and len(fam["path"][1]) == n - 1
    assert fam["complete"][0] == n and len(fam["complete"][1]) == n * (n - 1) // 2
    assert fam["star"][0] == n and len(fam["star"][1]) == n - 1
    assert all(0 in e for e in fam["star"][1])
    nr, er = fam["random"]
    assert nr == n and all(0 <= i < j < n for i, j in er)
    degrees = np.bincount(np.array(fam["Petersen"][1]).ravel(), minlength=10)
    assert np.all(degrees == 3)  # the Petersen graph is 3-regular


def test_graph_from_family_random_is_seeded():
    assert lh.graph_from_family("random", 8, seed=1) == lh.graph_from_family("random", 8, seed=1)
    assert lh.graph_from_family("random", 8, seed=1) != lh.graph_from_family("random", 8, seed=2)


def test_graph_from_family_errors():
    with pytest.raises(ValueError, match="family"):
        lh.graph_from_family("wheel", 5)
    with pytest.raises(ValueError, match="n"):
        lh.graph_from_family("cycle", 2)
    with pytest.raises(ValueError, match="n"):
        lh.graph_from_family("cycle", 4.5)


def test_graph_name():
    assert lh.graph_name("cycle", 6) == "cycle $C_{6}$"
    assert lh.graph_name("star", 6) == "star $K_{1,5}$"
    assert lh.graph_name("Petersen", 10) == "Petersen graph"
    assert lh.graph_name("cycle", 6, tex=False) == "cycle C_6"
    assert lh.graph_name("star", 6, tex=False) == "star K_1,5"
    assert lh.graph_name("random", 9, tex=False) == "random G(9, 1/2)"
    with pytest.raises(ValueError, match="family"):
        lh.graph_name("wheel", 5)
    with pytest.raises(ValueError, match="n"):
        lh.graph_name("path", 1)


# ---------------------------------------------------------------------------- draw_graph
def test_draw_and_update_graph():
    fig, ax = plt.subplots()
    n, edges = lh.cycle_graph(5)
    pos = lh.graph_layout(n, edges)
    arts = lh.draw_graph(ax, n, edges, pos, cover=[0, 2], bad_edges=[1])
    np.testing.assert_allclose(arts.cover.get_offsets(), pos[[0, 2]])
    np.testing.assert_allclose(arts.other.get_offsets(), pos[[1, 3, 4]])
    segs = arts.edges.get_segments()
    assert len(segs) == 5
    np.testing.assert_allclose(segs[1], pos[[1, 2]])
    colours = arts.edges.get_colors()
    red = plt.matplotlib.colors.to_rgba(lh.PALETTE["vermillion"])
    assert np.allclose(colours[1], red) and not np.allclose(colours[0], red)
    assert [t.get_text() for t in arts.labels] == ["0", "1", "2", "3", "4"]
    n2, e2 = lh.complete_graph(3)
    lh.update_graph(arts, n2, e2, lh.graph_layout(n2, e2))
    assert arts.cover.get_offsets().shape[0] == 0
    assert arts.other.get_offsets().shape[0] == 3
    assert len(arts.edges.get_segments()) == 3
    assert [t.get_visible() for t in arts.labels] == [True, True, True, False, False]
    n3, e3 = lh.petersen_graph()
    lh.update_graph(arts, n3, e3, lh.graph_layout(n3, e3), cover=range(10))
    assert len(arts.labels) == 10 and arts.other.get_offsets().shape[0] == 0
    plt.close(fig)


def test_draw_graph_errors():
    fig, ax = plt.subplots()
    n, edges = lh.cycle_graph(4)
    pos = lh.graph_layout(n, edges)
    with pytest.raises(ValueError, match="pos"):
        lh.draw_graph(ax, n, edges, pos[:3])
    with pytest.raises(ValueError, match="pos"):
        lh.draw_graph(ax, n, edges, np.full((4, 2), np.nan))
    with pytest.raises(ValueError, match="edges"):
        lh.draw_graph(ax, n, [(0, 4)], pos)
    with pytest.raises(ValueError, match="cover"):
        lh.draw_graph(ax, n, edges, pos, cover=[4])
    with pytest.raises(ValueError, match="bad_edges"):
        lh.draw_graph(ax, n, edges, pos, bad_edges=[4])
    with pytest.raises(ValueError, match="n"):
        lh.draw_graph(ax, 0, [], np.zeros((0, 2)))
    plt.close(fig)


# ----------------------------------------------------------------------------- exercises
def test_cube_graph():
    n, edges = lh.cube_graph()
    assert n == 8 and len(edges) == 12
    assert all(bin(i ^ j).count("1") == 1 for i, j in edges)
    assert tau_oracle(n, edges) == 4


def good_verify(X, y, weights, k, w, b):
    return bool(np.asarray(weights)[np.asarray(y) * (np.asarray(X) @ w + b) <= 0].sum() <= k)


@pytest.mark.claim("C26")
def test_check_np_verifier():
    assert lh.check_np_verifier(good_verify).ok
    assert "not answered" in lh.check_np_verifier(None).message
    strict = lh.check_np_verifier(
        lambda X, y, wt, k, w, b: bool(wt[y * (X @ w + b) < 0].sum() <= k)
    )
    assert not strict.ok and "counts as a mistake" in strict.message
    unweighted = lh.check_np_verifier(
        lambda X, y, wt, k, w, b: bool(np.sum(y * (X @ w + b) <= 0) <= k)
    )
    assert not unweighted.ok and "weight" in unweighted.message
    off_by_one = lh.check_np_verifier(
        lambda X, y, wt, k, w, b: bool(wt[y * (X @ w + b) <= 0].sum() < k)
    )
    assert not off_by_one.ok and "at most k" in off_by_one.message
    assert not lh.check_np_verifier(lambda *a: 1).ok  # not a bool
    raised = lh.check_np_verifier(lambda *a: 1 / 0)
    assert not raised.ok and "ZeroDivisionError" in raised.message
    assert not lh.check_np_verifier("verify").ok


@pytest.mark.claim("C26")
def test_check_reduction_witness():
    n, edges = lh.cube_graph()
    even = [v for v in range(8) if bin(v).count("1") % 2 == 0]
    w = np.where(np.isin(np.arange(8), even), 2.0, -2.0)
    assert lh.check_reduction_witness((w, 1.0)).ok
    assert lh.check_reduction_witness((3 * w, 3.0)).ok  # scaling changes nothing
    fb = lh.check_reduction_witness((np.full(8, 2.0), 1.0))  # all vertices: 8 mistakes
    assert not fb.ok and "8 weighted" in fb.message and "2.0" not in fb.message
    fb = lh.check_reduction_witness((np.zeros(8), 0.0))
    assert not fb.ok and "origin" in fb.message
    odd_bad = w.copy()
    odd_bad[even[0]] = -2.0  # an uncovered edge point becomes a mistake
    fb = lh.check_reduction_witness((odd_bad, 1.0))
    assert not fb.ok and "edge point" in fb.message
    assert "not answered" in lh.check_reduction_witness(None).message
    assert not lh.check_reduction_witness(5).ok
    assert not lh.check_reduction_witness((np.zeros(3), 1.0)).ok
    assert not lh.check_reduction_witness((np.full(8, np.nan), 1.0)).ok


def good_cover(n, edges, w, b):
    if b <= 0:
        return set(range(n))
    C = {i for i in range(n) if w[i] + b >= 0}
    C |= {i for i, j in edges if w[i] + w[j] + b <= 0}
    return C


@pytest.mark.claim("C26")
def test_check_cover_from_separator():
    assert lh.check_cover_from_separator(good_cover).ok
    assert "not answered" in lh.check_cover_from_separator(None).message
    no_origin_case = lh.check_cover_from_separator(
        lambda n, e, w, b: (
            {i for i in range(n) if w[i] + b >= 0} | {i for i, j in e if w[i] + w[j] + b <= 0}
        )
    )
    assert not no_origin_case.ok and "misses" in no_origin_case.message
    everything = lh.check_cover_from_separator(lambda n, e, w, b: set(range(n)))
    assert not everything.ok and "must not be larger" in everything.message
    assert not lh.check_cover_from_separator(lambda n, e, w, b: {n}).ok
    assert not lh.check_cover_from_separator(lambda n, e, w, b: 7).ok
    assert "raised" in lh.check_cover_from_separator(lambda n, e, w, b: [][0]).message


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**31 - 1))
def test_good_cover_is_accepted_on_random_separators(seed):
    """The oracle cover_from_separator is right on random separators too (the proof's claim),
    checked against the oracle tau and the instance built here."""
    rng = np.random.default_rng(seed)
    n, edges = lh.random_graph(6, 0.5, seed=seed % 1000)
    w, b = rng.normal(size=n), float(rng.normal())
    C = good_cover(n, edges, w, b)
    X, y, wts = reduction_points(n, edges, n + 1.0)
    assert all(i in C or j in C for i, j in edges)
    assert len(C) <= weighted_mistakes(w, b, X, y, wts)
    assert tau_oracle(n, edges) <= weighted_mistakes(w, b, X, y, wts)


def test_check_bigm_box():
    assert lh.check_bigm_box(3.0).ok
    assert lh.check_bigm_box(10).ok
    fb = lh.check_bigm_box(2.0)
    assert not fb.ok and "reports 6" in fb.message
    assert "not answered" in lh.check_bigm_box(None).message
    assert not lh.check_bigm_box(0).ok
    assert not lh.check_bigm_box(-1.0).ok
    assert not lh.check_bigm_box(5000).ok
    assert not lh.check_bigm_box(True).ok
    assert not lh.check_bigm_box("3").ok
    assert not lh.check_bigm_box(float("inf")).ok


@pytest.mark.claim("C28")
def test_check_realizable_erm():
    def lp_erm(X, y):
        r = lh.find_separator(X, y)
        return r.w, r.b

    assert lh.check_realizable_erm(lp_erm).ok
    assert "not answered" in lh.check_realizable_erm(None).message
    zero = lh.check_realizable_erm(lambda X, y: (np.zeros(X.shape[1]), 0.0))
    assert not zero.ok and "training mistake" in zero.message

    # a short perceptron run is not enough on the staircase or the tiny margins
    def short_perceptron(X, y):
        r = lh.perceptron(X, y, max_epochs=3, trace=False)
        return r.w, r.b

    assert not lh.check_realizable_erm(short_perceptron).ok
    wrong_len = lh.check_realizable_erm(lambda X, y: (np.zeros(X.shape[1] + 1), 0.0))
    assert not wrong_len.ok and "length" in wrong_len.message
    assert not lh.check_realizable_erm(lambda X, y: "w").ok
    assert "raised" in lh.check_realizable_erm(lambda X, y: {}["x"]).message
