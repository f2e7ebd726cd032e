"""The checks of notebook 05 (linsep_helpers.exercises.nb05): the NP verifier, the reduction
witness, the cover from a separator, the smallest big-M box, realizable ERM and the origin's
weight; the vertex-cover numbers
are recomputed here by brute force."""

import itertools
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from odd_answers import (
    ODD_EXPLICIT,
    ODD_FUNCTIONS,
    assert_cross,
    assert_tick,
    number_forms,
    odd_answers,
    odd_id,
    odd_pairs,
    wb_forms,
)
from oracles import (
    lp_separable,
    reduction_points,
    reference_run,
    tau_oracle,
    weighted_mistakes,
)
from scipy.optimize import linprog

import linsep_helpers as lh
from linsep_helpers.graphs import cube_graph, random_graph


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
def test_check_np_verifier_refuses_the_package():
    """Exercise 1 is done without lh: a verifier that calls lh.weighted_disagreements (right
    answers on every case) is refused, by any name and also through a helper of its own;
    numpy alone, and a verifier that merely mentions lh without calling it, are fine."""
    from linsep_helpers import weighted_disagreements as alias

    def helper(X, y, wt, w, b):
        return alias(w, b, X, y, wt)

    before = sys.gettrace()
    for cheat in (
        lambda X, y, wt, k, w, b: bool(lh.weighted_disagreements(w, b, X, y, wt) <= k),
        lambda X, y, wt, k, w, b: bool(alias(w, b, X, y, wt) <= k),
        lambda X, y, wt, k, w, b: bool(helper(X, y, wt, w, b) <= k),
        lambda X, y, wt, k, w, b: bool(lh.weighted_disagreements(X, y, w, b, wt) <= k),  # raises
    ):
        fb = lh.check_np_verifier(cheat)
        assert not fb.ok and "lh.weighted_disagreements" in fb.message
    assert sys.gettrace() is before  # the previous tracer (coverage, a debugger) is back
    assert lh.check_np_verifier(
        lambda X, y, wt, k, w, b: lh is not None and good_verify(X, y, wt, k, w, b)
    ).ok


@pytest.mark.claim("C26")
def test_check_reduction_witness():
    n, edges = cube_graph()
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


def ignores_origin(n, edges, w, b):
    """Examiner pass 3: no special case for b <= 0, and the endpoint j of bad edges."""
    cov = {i for i in range(n) if w[i] + b >= 0}
    for i, j in edges:
        if w[i] + w[j] + b <= 0:
            cov.add(j)
    return cov


def greedy_when_origin_wrong(n, edges, w, b):
    """Correct: with the origin wrong (weight n + 1 > n) any cover is small enough; this one
    takes one endpoint of each edge the vertex-and-edge reading leaves uncovered."""
    cov = {i for i in range(n) if w[i] + b >= 0} | {j for i, j in edges if w[i] + w[j] + b <= 0}
    if b <= 0:
        cov |= {i for i, j in edges if i not in cov and j not in cov}
    return cov


@pytest.mark.claim("C26")
def test_check_cover_from_separator_tests_the_misclassified_origin():
    # on w = 5, b = -7 the origin is the only mistake (vertex points score -2, edge points +3,
    # the origin -7): reading the vertex and edge points gives the empty set, and the check says
    # to remember the origin (not what to return)
    n, edges = lh.graph_from_family("cycle", 5)
    w5 = np.full(n, 5.0)
    X, y, wts = reduction_points(n, edges, n + 1.0)
    assert weighted_mistakes(w5, -7.0, X, y, wts) == n + 1  # the origin alone
    assert ignores_origin(n, edges, w5, -7.0) == set()
    # w = 0, b = 0 would be no counterexample: every point lies on the hyperplane, so a reading
    # that counts ties as mistakes returns every vertex, a cover, even without the origin case
    assert ignores_origin(n, edges, np.zeros(n), 0.0) == set(range(n))
    fb = lh.check_cover_from_separator(ignores_origin)
    assert not fb.ok and "misses" in fb.message and "origin" in fb.message
    assert "range" not in fb.message and "all vertices" not in fb.message
    # the failing case shown is C_5 with w = 5, b = -7, not a separator that, scaled to
    # functional margin 1, fits exercise 4's box W = 3 (w = 1, b = -3/2 did: 2 and -3)
    assert "C_5, w = 5 and b = -7" in fb.message and "b = -7 <= 0" in fb.message
    assert "-3/2" not in fb.message and "-1.5" not in fb.message
    fb = lh.check_cover_from_separator(
        lambda n, e, w, b: (
            {i for i in range(n) if w[i] + b >= 0} | {i for i, j in e if w[i] + w[j] + b <= 0}
        )
    )
    assert not fb.ok and "origin" in fb.message
    # every correct function is accepted: the solution's, the j-endpoint variant, the greedy
    # cover when the origin is wrong, and returning a list or a sorted tuple
    assert lh.check_cover_from_separator(good_cover).ok
    assert lh.check_cover_from_separator(greedy_when_origin_wrong).ok

    def j_endpoint(n, edges, w, b):
        return set(range(n)) if b <= 0 else ignores_origin(n, edges, w, b)

    assert lh.check_cover_from_separator(j_endpoint).ok
    assert lh.check_cover_from_separator(lambda *a: sorted(greedy_when_origin_wrong(*a))).ok
    assert lh.check_cover_from_separator(lambda *a: tuple(j_endpoint(*a))).ok


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**31 - 1))
def test_good_cover_is_accepted_on_random_separators(seed):
    """The oracle cover_from_separator is right on random separators too (the proof's claim),
    checked against the oracle tau and the instance built here."""
    rng = np.random.default_rng(seed)
    n, edges = random_graph(6, 0.5, seed=seed % 1000)
    w, b = rng.normal(size=n), float(rng.normal())
    C = good_cover(n, edges, w, b)
    X, y, wts = reduction_points(n, edges, n + 1.0)
    assert all(i in C or j in C for i, j in edges)
    assert len(C) <= weighted_mistakes(w, b, X, y, wts)
    assert tau_oracle(n, edges) <= weighted_mistakes(w, b, X, y, wts)


def test_check_bigm_box():
    # the MILP itself: W = 3 gives the box-free optimum 1, W just below does not
    n, edges = lh.petersen_graph()
    X, y, wts = reduction_points(n, edges, 1.0)
    assert lh.min_disagreement_bigm(X, y, wts, box=3.0).mistakes == 1
    assert lh.min_disagreement_bigm(X, y, wts, box=2.99).mistakes > 1
    assert lh.check_bigm_box(3.0).ok
    assert lh.check_bigm_box(3 + 1e-9).ok
    # too large and too small get the same hint (no bisection with the check), never the 3
    big, small = lh.check_bigm_box(10), lh.check_bigm_box(2.0)
    assert not big.ok and not small.ok
    assert big.message.replace("W = 10", "W = 2") == small.message
    assert "3" not in big.message and "functional margin 1" in big.message
    assert "not answered" in lh.check_bigm_box(None).message
    assert not lh.check_bigm_box(0).ok
    assert not lh.check_bigm_box(-1.0).ok
    assert not lh.check_bigm_box(5000).ok
    assert not lh.check_bigm_box(True).ok
    assert not lh.check_bigm_box("3").ok
    assert not lh.check_bigm_box(float("inf")).ok


@pytest.mark.claim("C26")
@pytest.mark.parametrize(
    "graph",
    [
        lh.graph_from_family("cycle", 5),  # tau = 3
        lh.graph_from_family("complete", 5),  # tau = 4
        lh.graph_from_family("star", 4),  # tau = 1
    ],
    ids=["C_5", "K_5", "star"],
)
@pytest.mark.parametrize("c", [0.5, 1.0, 1.5, 3.0, 4.0, 7.0])
def test_origin_weight_formula_matches_brute_force(graph, c):
    """The check's formula min(tau, c) against the exact optimum of the weighted instance,
    found by brute force over drop-sets (tau by brute force over vertex subsets): origin weights
    below, at and above tau, whole and fractional. (Small graphs: brute force on the Petersen
    graph's 26 points took minutes and proves nothing more.)"""
    n, edges = graph
    X, y, wts = reduction_points(n, edges, c)
    exact = lh.min_disagreement_bruteforce(X, y, wts, max_points=X.shape[0]).mistakes
    tau = tau_oracle(n, edges)
    assert exact == pytest.approx(min(tau, c))


def test_check_origin_weight():
    assert lh.check_origin_weight(lambda tau, c: min(tau, c)).ok
    assert lh.check_origin_weight(lambda t, w: min(t, w)).ok
    assert lh.check_origin_weight(lambda tau, c: np.minimum(tau, c)).ok
    assert lh.check_origin_weight(lambda tau, c: [float(min(tau, c))]).ok
    assert "not answered" in lh.check_origin_weight(None).message
    for wrong in (
        lambda tau, c: tau,  # forgets the cheap origin
        lambda tau, c: c,
        lambda tau, c: min(tau, 1),  # the weight-1 answer of section 2 only
        lambda tau, c: max(tau, c),
        lambda tau, c: min(tau, int(c)),  # rounds the weight
    ):
        fb = lh.check_origin_weight(wrong)
        assert not fb.ok and "wrong for tau" in fb.message
    assert not lh.check_origin_weight(lambda tau, c: "min").ok
    assert "raised" in lh.check_origin_weight(lambda tau, c: 1 / 0).message


def tau_complete_by_hand(n_vertices):
    """tau(K_|V|) = |V| - 1 by brute force over subsets (small |V|): the largest tau on |V|
    vertices, since all vertices but one always cover every edge."""
    edges = list(itertools.combinations(range(n_vertices), 2))
    for k in range(n_vertices + 1):
        for S in itertools.combinations(range(n_vertices), k):
            if all(i in S or j in S for i, j in edges):
                return k
    raise AssertionError("unreachable")


@pytest.mark.claim("C26")
def test_check_min_origin_weight():
    # the expected answer, by brute force: tau(K_|V|) is |V| - 1 for small |V|
    assert [tau_complete_by_hand(v) for v in range(2, 7)] == [1, 2, 3, 4, 5]
    assert lh.check_min_origin_weight(lambda n_vertices: n_vertices - 1).ok
    assert lh.check_min_origin_weight(lambda v: float(v - 1)).ok
    assert lh.check_min_origin_weight(lambda v: np.int64(v) - 1).ok
    assert lh.check_min_origin_weight(lambda v: [v - 1]).ok
    assert "not answered" in lh.check_min_origin_weight(None).message
    for wrong, why in (
        (lambda v: v, "smaller"),
        (lambda v: v + 1, "smaller"),  # the notebook's safe choice, not the smallest
        (lambda v: v - 2, "too small"),
        (lambda v: (v + 1) // 2, "too small"),  # tau of a cycle, not the largest tau
        (lambda v: 1, "too small"),
    ):
        fb = lh.check_min_origin_weight(wrong)
        assert not fb.ok and why in fb.message
    assert not lh.check_min_origin_weight(lambda v: v - 0.5).ok
    assert "raised" in lh.check_min_origin_weight(lambda v: 1 / 0).message


def test_notebook_spelling_cube_graph_is_q3():
    """Exercise 2 writes lh.cube_graph(): it must exist at the top level and build Q_3, whose
    8 vertices are the 3-bit strings and whose 12 edges join strings one bit apart (by hand)."""
    n, edges = lh.cube_graph()
    assert n == 8
    by_hand = {(u, v) for u in range(8) for v in range(u + 1, 8) if bin(u ^ v).count("1") == 1}
    assert len(by_hand) == 12
    assert {tuple(sorted(e)) for e in edges} == by_hand and len(edges) == 12


def brute_force_cover(n, edges, w, b):
    """A student's exponential answer to exercise 3: the smallest cover, by search."""
    for k in range(n + 1):
        for S in itertools.combinations(range(n), k):
            if all(i in S or j in S for i, j in edges):
                return set(S)
    return set(range(n))


@pytest.mark.claim("C26")
def test_check_cover_from_separator_rejects_search_over_subsets():
    fb = lh.check_cover_from_separator(brute_force_cover)
    assert not fb.ok and "still running" in fb.message and "60 vertices" in fb.message
    fb = lh.check_cover_from_separator(lambda n, e, w, b: set(lh.min_vertex_cover(n, e)))
    assert not fb.ok
    # the polynomial answer stays accepted, also under an outer tracer, which is restored
    previous = sys.gettrace()
    assert lh.check_cover_from_separator(good_cover).ok
    assert sys.gettrace() is previous


def hard_staircase(d):
    """The staircase x_1 = e_1, x_k = e_k - 2 e_(k-1) (labels +1) plus the origin labelled -1,
    written here by hand."""
    X = np.eye(d)
    for k in range(1, d):
        X[k, k - 1] = -2.0
    return np.vstack([X, np.zeros(d)]), np.concatenate([np.ones(d), [-1.0]])


def lp_erm(X, y):
    r = lh.find_separator(X, y)
    return r.w, r.b


def linprog_erm(X, y, method="highs"):
    """Solution 5: one feasibility LP with free variables."""
    A = y[:, None] * np.column_stack([X, np.ones(len(y))])
    res = linprog(
        np.zeros(A.shape[1]), A_ub=-A, b_ub=-np.ones(len(y)), bounds=(None, None), method=method
    )
    return res.x[:-1], res.x[-1]


def max_margin_box_erm(X, y):
    """Another LP: the largest t with y_i (w.x_i + b) >= t in the box |w_j|, |b| <= 1."""
    n, d = X.shape
    A = -np.column_stack([y[:, None] * X, y, -np.ones(n)])
    c = np.zeros(d + 2)
    c[-1] = -1.0
    res = linprog(c, A_ub=A, b_ub=np.zeros(n), bounds=[(-1, 1)] * (d + 1) + [(None, 1)])
    return res.x[:d], res.x[d]


def loop_built_erm(X, y):
    """The LP with its constraint matrix built row by row in Python, and scipy imported
    inside the function."""
    from scipy.optimize import linprog as lp

    rows = []
    for xi, yi in zip(X, y, strict=True):
        rows.append([-yi * v for v in xi] + [-yi])
    res = lp([0.0] * (X.shape[1] + 1), A_ub=rows, b_ub=[-1.0] * len(y), bounds=(None, None))
    return res.x[:-1], res.x[-1]


def textbook_perceptron(X, y):
    """The affine perceptron, until no mistake is left: a loop whose length depends on the
    margin."""
    w, b = np.zeros(X.shape[1]), 0.0
    while True:
        clean = True
        for xi, yi in zip(X, y, strict=True):
            if yi * (xi @ w + b) <= 0:
                w, b, clean = w + yi * xi, b + yi, False
        if clean:
            return w, b


@pytest.mark.claim("C28")
def test_check_realizable_erm():
    for erm in (lp_erm, linprog_erm, max_margin_box_erm, loop_built_erm):
        assert lh.check_realizable_erm(erm).ok, erm.__name__
    assert lh.check_realizable_erm(lambda X, y: linprog_erm(X, y, "highs-ipm")).ok
    assert "not answered" in lh.check_realizable_erm(None).message
    zero = lh.check_realizable_erm(lambda X, y: (np.zeros(X.shape[1]), 0.0))
    assert not zero.ok and "training mistake" in zero.message

    # a short perceptron run is not enough on the staircase or the tiny margins
    def short_perceptron(X, y):
        r = lh.perceptron(X, y, max_epochs=3, trace=False)
        return r.w, r.b

    short = lh.check_realizable_erm(short_perceptron)
    assert not short.ok and "training mistake" in short.message and "separable" in short.message
    wrong_len = lh.check_realizable_erm(lambda X, y: (np.zeros(X.shape[1] + 1), 0.0))
    assert not wrong_len.ok and "length" in wrong_len.message
    assert not lh.check_realizable_erm(lambda X, y: "w").ok
    assert "raised" in lh.check_realizable_erm(lambda X, y: {}["x"]).message


def default_bounds_erm(X, y):
    """Solution 5 with linprog's default bounds (0, None): w, b >= 0."""
    A = y[:, None] * np.column_stack([X, np.ones(len(y))])
    res = linprog(np.zeros(A.shape[1]), A_ub=-A, b_ub=-np.ones(len(y)))
    return res.x[:-1], res.x[-1]


@pytest.mark.claim("C28")
def test_check_realizable_erm_names_a_failed_linprog():
    """When the learner's linprog finds no solution (res.x is None), the check says so and
    points to the bounds, instead of relaying the TypeError that followed; it does not write
    the bounds that work."""
    # independent of the check: with w, b >= 0 the first hidden set (the origin labelled -1
    # forces b < 0) has no separator, and linprog reports it infeasible
    X, y = hard_staircase(16)
    A = y[:, None] * np.column_stack([X, np.ones(len(y))])
    res = linprog(np.zeros(A.shape[1]), A_ub=-A, b_ub=-np.ones(len(y)))
    assert res.status == 2 and res.x is None

    def returns_res_x(X, y):  # returns None itself, with the default bounds passed explicitly
        A = y[:, None] * np.column_stack([X, np.ones(len(y))])
        return linprog(np.zeros(A.shape[1]), A_ub=-A, b_ub=-np.ones(len(y)), bounds=(0, None)).x

    def zeros_on_failure(X, y):  # one pair (0, None) per variable; falls back to w = 0, b = 0
        A = y[:, None] * np.column_stack([X, np.ones(len(y))])
        bounds = [(0, None)] * A.shape[1]
        res = linprog(np.zeros(A.shape[1]), A_ub=-A, b_ub=-np.ones(len(y)), bounds=bounds)
        return (res.x[:-1], res.x[-1]) if res.success else (np.zeros(X.shape[1]), 0.0)

    for erm in (default_bounds_erm, returns_res_x, zeros_on_failure):
        fb = lh.check_realizable_erm(erm)
        assert not fb.ok and "d = 16" in fb.message, erm.__name__
        assert "linprog found no solution" in fb.message and "infeasible" in fb.message
        assert "every variable >= 0" in fb.message and "default bounds are (0, None)" in fb.message
        assert "TypeError" not in fb.message and "NoneType" not in fb.message
        assert "(None, None)" not in fb.message and "training mistake" not in fb.message

    def unbounded(X, y):  # free variables, but the margin t is maximised without a box
        n, d = X.shape
        A = -np.column_stack([y[:, None] * X, y, -np.ones(n)])
        c = np.zeros(d + 2)
        c[-1] = -1.0
        res = linprog(c, A_ub=A, b_ub=np.zeros(n), bounds=(None, None))
        return res.x[:d], res.x[d]

    fb = lh.check_realizable_erm(unbounded)
    assert not fb.ok and "unbounded" in fb.message and "res.x is None" in fb.message
    assert "every variable >= 0" not in fb.message and "TypeError" not in fb.message

    def retries(X, y):  # a failed first attempt, then an LP that works: accepted
        A = y[:, None] * np.column_stack([X, np.ones(len(y))])
        res = linprog(np.zeros(A.shape[1]), A_ub=-A, b_ub=-np.ones(len(y)))
        if res.x is None:
            res = linprog(np.zeros(A.shape[1]), A_ub=-A, b_ub=-np.ones(len(y)), bounds=(None, None))
        return res.x[:-1], res.x[-1]

    assert lh.check_realizable_erm(retries).ok

    def wrong_shape(X, y):  # linprog raises on its own: its error is relayed as before
        return linprog(np.zeros(3), A_ub=np.ones((2, 5)), b_ub=np.ones(2)).x

    fb = lh.check_realizable_erm(wrong_shape)
    assert not fb.ok and "raised ValueError" in fb.message and "found no solution" not in fb.message

    def mistakes_after_success(X, y):  # linprog succeeded; the learner then flips the sign
        w, b = linprog_erm(X, y)
        return -w, -b

    fb = lh.check_realizable_erm(mistakes_after_success)
    assert "training mistake" in fb.message and "linprog" not in fb.message


@pytest.mark.claim("C28")
def test_check_realizable_erm_stops_margin_dependent_loops():
    """A perceptron that runs to convergence, in the student's code or the package's, and an
    endless loop are stopped (they would never return on the first data set) and told why;
    the tracer that was active before (coverage, a debugger) is back afterwards."""

    def package_perceptron(X, y):
        r = lh.perceptron(X, y, max_epochs=10**12, trace=False)
        return r.w, r.b

    def endless(X, y):
        while True:
            try:
                pass
            except Exception:  # noqa: BLE001, S110 - a student's loop may swallow errors
                pass

    before = sys.gettrace()
    for loop in (textbook_perceptron, package_perceptron, endless):
        fb = lh.check_realizable_erm(loop)
        assert not fb.ok and "still running" in fb.message and "stopped it" in fb.message
        assert "depends on the margin" in fb.message and "linear program" in fb.message
        assert sys.gettrace() is before
    assert lh.check_realizable_erm(linprog_erm).ok
    assert sys.gettrace() is before


def test_imports_inside_a_learner_are_free(tmp_path, monkeypatch):
    """A first import runs module code, once, which is not the learner's loop: a module whose
    body takes about 3 million steps, imported inside a correct LP learner, is accepted."""
    (tmp_path / "slow_module_nb05.py").write_text(
        "total = 0\nfor i in range(1_500_000):\n    total += i\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))

    def importing_erm(X, y):
        __import__("slow_module_nb05")  # an import statement, written so that the pin scan
        # of tests/test_environment.py does not take this scratch module for a dependency

        return linprog_erm(X, y)

    try:
        assert lh.check_realizable_erm(importing_erm).ok
    finally:
        sys.modules.pop("slow_module_nb05", None)
    # the same loop inside the learner itself is stopped
    fb = lh.check_realizable_erm(lambda X, y: (sum(range(10)), [0 for _ in range(3_000_000)]))
    assert not fb.ok and "still running" in fb.message


@pytest.mark.claim("C16")
def test_hard_erm_set_claims():
    """What the check says about its first data set: separable, largest geometric margin below
    2^-15 (an LP bound written here), and the textbook perceptron's 85,373 updates at d = 7,
    about four times more per dimension (the oracle's loop)."""
    X, y = hard_staircase(16)
    assert lp_separable(X, y)
    # max t with y_i (w.x_i + b) >= t and |w_j| <= 1: for any separator scaled to max|w_j| = 1,
    # the geometric margin min_i y_i (w.x_i + b) / ||w|| is at most t / 1
    n, d = X.shape
    A = -np.column_stack([y[:, None] * X, y, -np.ones(n)])
    c = np.zeros(d + 2)
    c[-1] = -1.0
    res = linprog(c, A_ub=A, b_ub=np.zeros(n), bounds=[(-1, 1)] * d + [(None, None)] * 2)
    assert res.status == 0 and 0 < -res.fun < 2.0**-15
    counts = [len(reference_run(*hard_staircase(d), max_updates=10**6)) for d in (5, 6, 7)]
    assert counts[-1] == 85_373
    assert counts[1] > 3.9 * counts[0] and counts[2] > 3.9 * counts[1]
    fb = lh.check_realizable_erm(textbook_perceptron)
    assert "2^-15" in fb.message and "85,373" in fb.message and "d = 16" in fb.message
    # the plain staircase's count it quotes is section 6's run through the origin (cell 28)
    plain_X = hard_staircase(7)[0][:7]  # the staircase without the origin
    plain = len(reference_run(plain_X, np.ones(7), bias=False, max_updates=10**6))
    assert plain == 21_343 and "21,343" in fb.message


@settings(max_examples=20, deadline=None)
@given(st.floats(-300, 300))
def test_realizable_erm_at_any_scale(log_c):
    """Every positive multiple of a right (w, b) is right, however large or small."""
    c = 10.0**log_c
    assert_tick(lh.check_realizable_erm(lambda X, y: tuple(c * v for v in linprog_erm(X, y))))
    assert_cross(lh.check_realizable_erm(lambda X, y: tuple(-c * v for v in linprog_erm(X, y))))


# ------------------------------------------------------------------------- odd answers, any form

FUNCTION_CHECKS = {
    "np_verifier": lh.check_np_verifier,
    "cover_from_separator": lh.check_cover_from_separator,
    "realizable_erm": lh.check_realizable_erm,
    "origin_weight": lh.check_origin_weight,
    "min_origin_weight": lh.check_min_origin_weight,
}
VALUE_CHECKS = {
    "reduction_witness": (lh.check_reduction_witness, 8),
    "bigm_box": (lh.check_bigm_box, None),
}
ALL_CHECKS = list(FUNCTION_CHECKS.values()) + [c for c, _ in VALUE_CHECKS.values()]


def cube_witness():
    """A minimum cover of Q_3 (the even bit strings) and its separator, by hand."""
    even = [v for v in range(8) if bin(v).count("1") % 2 == 0]
    return np.where(np.isin(np.arange(8), even), 2.0, -2.0), 1.0


@pytest.mark.parametrize("check", ALL_CHECKS)
@pytest.mark.parametrize("answer", ODD_EXPLICIT, ids=odd_id)
def test_odd_answers_get_a_cross(check, answer):
    assert_cross(check(answer))


@pytest.mark.parametrize("name", VALUE_CHECKS)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_generated_odd_answers_get_a_cross(name, data):
    check, d = VALUE_CHECKS[name]
    answer = data.draw(odd_answers() if d is None else st.one_of(odd_answers(), odd_pairs(d)))
    assert_cross(check(answer))


@pytest.mark.parametrize("name", FUNCTION_CHECKS)
@pytest.mark.parametrize("func", ODD_FUNCTIONS)
def test_odd_functions_get_a_cross(name, func):
    assert_cross(FUNCTION_CHECKS[name](func))


@pytest.mark.parametrize("name", FUNCTION_CHECKS)
@settings(max_examples=30, deadline=None)
@given(value=odd_answers())
def test_functions_returning_odd_values_get_a_cross(name, value):
    assert_cross(FUNCTION_CHECKS[name](lambda *args: value))


def test_cover_results_that_are_not_vertex_numbers():
    for got in ([0.5], [True], ["0"], [10**400], [None], [1j]):
        assert_cross(lh.check_cover_from_separator(lambda n, e, w, b, got=got: got))


def test_right_answers_in_every_form():
    w, b = cube_witness()
    for answer in wb_forms(w, b):
        assert_tick(lh.check_reduction_witness(answer))
    for answer in number_forms(3):
        assert_tick(lh.check_bigm_box(answer))
    for answer in number_forms(10):
        assert_cross(lh.check_bigm_box(answer))
    assert_tick(lh.check_np_verifier(lambda *a: np.bool_(good_verify(*a))))
    for wrap in (
        list,
        tuple,
        frozenset,
        np.array,
        lambda c: (v for v in c),
        lambda c: dict.fromkeys(c),
    ):
        assert_tick(
            lh.check_cover_from_separator(
                lambda n, e, w, b, wrap=wrap: wrap(sorted(good_cover(n, e, w, b)))
            )
        )
    assert_tick(
        lh.check_cover_from_separator(lambda n, e, w, b: [float(v) for v in good_cover(n, e, w, b)])
    )
    for erm in (
        lp_erm,
        lambda X, y: list(lp_erm(X, y)),
        lambda X, y: (list(lp_erm(X, y)[0]), np.array([lp_erm(X, y)[1]])),
        lh.find_separator,  # a result with fields w and b is a pair
    ):
        assert_tick(lh.check_realizable_erm(erm))


@settings(max_examples=40, deadline=None)
@given(st.floats(-300, 300))
def test_reduction_witness_at_any_scale(log_c):
    w, b = cube_witness()
    c = 10.0**log_c
    assert_tick(lh.check_reduction_witness((c * w, c * b)))
    assert_cross(lh.check_reduction_witness((-c * w, -c * b)))


@pytest.mark.parametrize("W", [5e-324, 1e-300, 2.999, 3.00001, 1000.0001, 1e300])
def test_bigm_box_extremes(W):
    assert_cross(lh.check_bigm_box(W))


def test_a_learner_that_warns_and_is_right_is_right():
    def noisy_erm(X, y):
        np.exp(np.array([1000.0]))
        return lp_erm(X, y)

    assert_tick(lh.check_realizable_erm(noisy_erm))
