"""Hostile input to the solvers, graphs, figure options and slider specifications (issue 16).

The promise: given anything, a ValueError/TypeError that names the argument, or a finite
result that is right. "Right" is checked against independent oracles (scipy's linprog and
milp written out here, brute force over subsets, exact rational arithmetic) and against the
scale property: the answer for s X is the answer for X, mapped (the LPs are solved at scale
1 and mapped back exactly). Inputs are never mutated (``call_hostile`` compares copies).

Modules covered: lp, hardness, graphs, plotting.style, explorers._base (Slider).
"""

import itertools
import math
from fractions import Fraction

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
import pytest
from hostile_support import (
    assert_finite,
    call_hostile,
    hostile_arrays,
    hostile_ints,
    hostile_labels,
    hostile_scalars,
    overlapping_sets,
    report_cases,
    scales,
    separable_sets,
)
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from oracles import lp_separable, tau_oracle, weighted_mistakes
from scipy.optimize import linprog

from linsep_helpers import graphs, hardness, lp
from linsep_helpers.explorers._base import Slider
from linsep_helpers.plotting import style


# hostile_support's mutation test compares a deep copy with ==, which a bare object() never
# equals: those values are tried in test_bare_objects_are_refused instead.
def _not_bare(value):
    return type(value) is not object


def _on(fn, *fixed):
    """fn with its first arguments fixed (an Axes, which the mutation test cannot compare),
    under fn's own name (the count of cases is per name)."""

    def call(*args, **kwargs):
        return fn(*fixed, *args, **kwargs)

    call.__name__ = fn.__name__
    return call


SCALARS = hostile_scalars().filter(_not_bare)
INTS = hostile_ints().filter(_not_bare)

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# ------------------------------------------------------------------------ data-taking solvers

DATA_SOLVERS = [
    lp.separation_matrix,
    lp.find_separator,
    lp.find_homogeneous_separator,
    lp.find_separator_default_bounds,
    lp.max_margin_lp,
    lp.robust_lp,
    hardness.min_disagreement,
    hardness.min_disagreement_bigm,
    hardness.min_disagreement_bruteforce,
]


@pytest.mark.parametrize("solver", DATA_SOLVERS, ids=lambda f: f.__name__)
@FAST
@given(X=hostile_arrays(2), data=st.data())
def test_solvers_given_hostile_data_raise_clearly_or_answer(solver, X, data):
    assume(not (isinstance(X, np.generic | float) and X != X))  # NaN never equals its copy
    n = len(X) if isinstance(X, list) or (isinstance(X, np.ndarray) and X.ndim >= 1) else 3
    y = data.draw(hostile_labels(max(n, 1)))
    out = call_hostile(solver, X, y, names=("X", "y", "label", "both classes", "rescale"))
    if not out.raised:
        assert_finite(out.value, solver.__name__)


@pytest.mark.parametrize(
    ("solver", "options"),
    [
        (lp.max_margin_lp, ("norm",)),
        (hardness.min_disagreement, ("weights", "method", "max_iterations")),
        (hardness.min_disagreement_bigm, ("weights", "box", "big_m")),
        (hardness.min_disagreement_bruteforce, ("weights", "max_points")),
    ],
    ids=lambda v: getattr(v, "__name__", "opts"),
)
@FAST
@given(value=st.one_of(SCALARS, INTS, hostile_arrays(1)), data=st.data())
def test_solver_options_given_hostile_values(solver, options, value, data):
    X = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    y = np.array([1.0, -1.0, -1.0, 1.0])
    name = data.draw(st.sampled_from(options))
    if name == "weights":
        out = call_hostile(solver, X, y, value, names=("weights",))
    else:
        out = call_hostile(solver, X, y, names=(name, "rescale"), **{name: value})
    if not out.raised:
        assert_finite(out.value, solver.__name__)


# ------------------------------------------------------------- right answers at every scale


def _exact_margins(w, b, X, y):
    """y_i (w.x_i + b) in exact rational arithmetic (no rounding, no overflow)."""
    F = Fraction
    return [
        F(float(yi)) * (sum(F(float(a)) * F(float(c)) for a, c in zip(w, x, strict=True)) + F(b))
        for x, yi in zip(X, y, strict=True)
    ]


def _margins_at_least_one(w, b, X, y):
    """min_i y_i (w.x_i + b) >= 1 - 1e-9, exactly."""
    return min(_exact_margins(w, b, X, y)) >= Fraction(1) - Fraction(1, 10**9)


@FAST
@given(sets=st.one_of(separable_sets(), overlapping_sets()), s=scales())
def test_find_separator_is_right_at_every_scale(sets, s):
    X, y = sets[0], sets[1]
    truth = lp_separable(X, y)  # the oracle decides at scale 1
    res = call_hostile(lp.find_separator, X * s, y).value
    assert res.separable == truth
    if truth:
        assert _margins_at_least_one(res.w, res.b, X * s, y)
    else:
        assert res.certificate.verify(X * s, y) and res.certificate.verify(X, y)


def _l1_margin_oracle(X, y):
    """max t s.t. y_i (w.x_i + b) >= t, |w_j| <= 1: scipy linprog written out here."""
    n, d = X.shape
    # variables (w, b, t); -y_i (x_i, 1).(w, b) + t <= 0
    A_ub = np.hstack([-(y[:, None] * np.hstack([X, np.ones((n, 1))])), np.ones((n, 1))])
    res = linprog(
        np.r_[np.zeros(d + 1), -1.0],
        A_ub=A_ub,
        b_ub=np.zeros(n),
        bounds=[(-1, 1)] * d + [(None, None), (None, None)],
    )
    return -res.fun


@FAST
@given(sets=st.one_of(separable_sets(), overlapping_sets()), s=scales())
def test_max_margin_lp_margin_scales_with_the_data(sets, s):
    X, y = sets[0], sets[1]
    res = call_hostile(lp.max_margin_lp, X * s, y).value
    t1 = _l1_margin_oracle(X, y)
    if t1 > 1e-7:
        assert res.separable
        # the l1 margin t / ||w||_inf at scale s is s times the oracle's at scale 1
        assert math.isclose(res.margin / s, t1, rel_tol=1e-6)
        assert np.all(y * ((X * s) @ res.w + res.b) > 0)
    elif t1 < -1e-7 or not res.separable:
        assert not res.separable and res.margin == 0.0
    linf = call_hostile(lp.max_margin_lp, X * s, y, norm="linf").value
    assert linf.separable == res.separable
    if linf.separable:
        base = lp.max_margin_lp(X, y, norm="linf").margin
        assert math.isclose(linf.margin / s, base, rel_tol=1e-6)


def _robust_oracle(X, y):
    n, d = X.shape
    A = y[:, None] * np.hstack([X, np.ones((n, 1))])
    res = linprog(
        np.r_[np.zeros(d + 1), np.full(n, 1.0 / n)],
        A_ub=np.hstack([-A, -np.eye(n)]),
        b_ub=-np.ones(n),
        bounds=[(None, None)] * (d + 1) + [(0, None)] * n,
    )
    return res.fun


@FAST
@given(sets=overlapping_sets(), s=scales())
def test_robust_lp_objective_does_not_depend_on_the_scale(sets, s):
    X, y = sets
    res = call_hostile(lp.robust_lp, X * s, y).value
    assert math.isclose(res.objective, _robust_oracle(X, y), rel_tol=1e-6, abs_tol=1e-7)
    xi = np.maximum(0.0, 1.0 - y * ((X * s) @ res.w + res.b))  # recomputed here
    assert np.allclose(res.xi, xi, atol=1e-9)


@FAST
@given(sets=st.one_of(separable_sets(), overlapping_sets()), s=scales())
def test_default_bounds_pitfall_at_every_scale(sets, s):
    X, y = sets[0], sets[1]
    res = call_hostile(lp.find_separator_default_bounds, X * s, y).value
    # oracle: the same feasibility LP with w, b >= 0, at scale 1
    A = y[:, None] * np.hstack([X, np.ones((len(y), 1))])
    feasible = linprog(np.zeros(A.shape[1]), A_ub=-A, b_ub=-np.ones(len(y))).status == 0
    assert res.feasible == feasible
    if feasible:
        assert np.all(res.w >= 0) and res.b >= 0
        assert _margins_at_least_one(res.w, res.b, X * s, y)


def _min_disagreement_oracle(X, y, weights):
    """Brute force: the cheapest set of examples whose removal leaves separable data."""
    n = len(y)
    best = math.inf
    for r in range(n + 1):
        for drop in itertools.combinations(range(n), r):
            keep = np.setdiff1d(np.arange(n), drop)
            cost = float(weights[list(drop)].sum())
            if cost < best and (keep.size == 0 or lp_separable(X[keep], y[keep])):
                best = cost
    return best


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sets=overlapping_sets(n_max=7, d_max=2), s=scales(), k=st.integers(-1000, 1000))
def test_min_disagreement_at_every_scale_of_data_and_weights(sets, s, k):
    X, y = sets
    weights = np.arange(1.0, len(y) + 1)
    truth = _min_disagreement_oracle(X, y, weights)
    res = call_hostile(hardness.min_disagreement, X * s, y, np.ldexp(weights, k)).value
    assert float(res.mistakes) == math.ldexp(truth, k)
    assert weighted_mistakes(res.w, res.b, X * s, y, np.ldexp(weights, k)) == res.mistakes
    brute = hardness.min_disagreement_bruteforce(X * s, y, weights)
    assert brute.mistakes == truth


@FAST
@given(
    w=st.lists(st.floats(-1e300, 1e300), min_size=2, max_size=2),
    b=st.floats(-1e300, 1e300),
    s=scales(),
)
def test_weighted_disagreements_are_exact(w, b, s):
    X = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [-2.0, 0.5]]) * s
    y = np.array([1.0, -1.0, -1.0, 1.0, 1.0])
    got = call_hostile(hardness.weighted_disagreements, w, b, X, y).value
    assert got == sum(1.0 for m in _exact_margins(w, b, X, y) if m <= 0)


def test_weights_beyond_the_milp_range_are_refused_by_name():
    X = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    y = np.array([1.0, -1.0, -1.0, 1.0])
    for solver in (hardness.min_disagreement, hardness.min_disagreement_bigm):
        with pytest.raises(ValueError, match="weights range"):
            solver(X, y, [1e300, 1.0, 1.0, 1.0])
    with pytest.raises(ValueError, match="big_m .* exceeds"):
        hardness.min_disagreement_bigm(X * 1e16, y)
    with pytest.raises(ValueError, match="max_points must be <= 20"):
        hardness.min_disagreement_bruteforce(X, y, max_points=40)


def test_issue_examples_of_the_solvers():
    """The cases named in issue 16, each with its oracle."""
    from linsep_helpers import make_overlapping, make_separable

    X, y, _, _ = make_separable(8, 2, 0.2, 1.0, seed=1)
    Xo, yo = make_overlapping(10, 2, 0.5, seed=0)
    base = lp.max_margin_lp(X, y).margin
    assert math.isclose(lp.max_margin_lp(X * 1e16, y).margin, base * 1e16, rel_tol=1e-9)
    assert math.isclose(lp.max_margin_lp(X * 1e-8, y).margin, base * 1e-8, rel_tol=1e-9)
    assert lp.robust_lp(X * 1e16, y).objective <= 1e-12  # separable: the optimum is 0
    assert lp.robust_lp(X * 1e16, y).separable
    assert hardness.min_disagreement(Xo * 1e10, yo).mistakes == _min_disagreement_oracle(
        Xo, yo, np.ones(len(yo))
    )
    res = hardness.min_disagreement(Xo, yo, np.full(len(yo), 1e300))
    assert res.mistakes == hardness.min_disagreement(Xo, yo).mistakes * 1e300


# ---------------------------------------------------------------------------------- graphs


@settings(max_examples=150, deadline=None)
@given(n=st.integers(1, 11), p=st.floats(0, 1), seed=st.integers(0, 10_000))
def test_min_vertex_cover_against_brute_force(n, p, seed):
    n, edges = graphs.random_graph(n, p, seed=seed)
    cover = graphs.min_vertex_cover(n, edges)
    assert len(cover) == tau_oracle(n, edges)
    # the first cover in combinations order, as the original subset search returned it
    first = next(
        c
        for k in range(n + 1)
        for c in itertools.combinations(range(n), k)
        if all(i in c or j in c for i, j in edges)
    )
    assert cover == (first if edges else ())


@pytest.mark.parametrize("n", [12, 18, 24])
def test_min_vertex_cover_of_large_complete_and_sparse_graphs(n):
    assert graphs.min_vertex_cover(*graphs.complete_graph(n)) == tuple(range(n - 1))
    assert len(graphs.min_vertex_cover(*graphs.cycle_graph(n))) == math.ceil(n / 2)
    assert len(graphs.min_vertex_cover(*graphs.star_graph(n - 1))) == 1
    nn, edges = graphs.random_graph(n, 0.5, seed=n)
    assert graphs.is_vertex_cover(nn, edges, graphs.min_vertex_cover(nn, edges))


GRAPH_CALLS = [
    (graphs.cycle_graph, "n"),
    (graphs.path_graph, "n"),
    (graphs.complete_graph, "n"),
    (graphs.star_graph, "leaves"),
    (lambda n: graphs.random_graph(n, 0.5), "n"),
    (lambda n: graphs.graph_from_family("random", n), "n"),
    (lambda n: graphs.graph_name("cycle", n), "n"),
    (lambda n: graphs.min_vertex_cover(n, []), "n"),
    (lambda n: graphs.graph_layout(n, []), "n"),
    (lambda n: hardness.vertex_cover_instance(n, []), "n"),
    (lambda n: hardness.cover_separator(n, []), "n"),
    (lambda s: graphs.random_graph(5, 0.5, seed=s), "seed"),
    (lambda p: graphs.random_graph(5, p), "p"),
]


@pytest.mark.parametrize(("call", "name"), GRAPH_CALLS, ids=lambda v: getattr(v, "__name__", v))
@FAST
@given(value=st.one_of(INTS, SCALARS))
def test_graph_functions_given_hostile_sizes(call, name, value):
    out = call_hostile(call, value, names=(name, "vertices", "too many", "too large"))
    if not out.raised:
        assert_finite(out.value)


def test_size_guards_say_the_limit():
    with pytest.raises(ValueError, match="at most 2000"):
        graphs.random_graph(5000, 0.5)
    with pytest.raises(ValueError, match="at most 2000"):
        graphs.complete_graph(10**6)
    with pytest.raises(ValueError, match="n = 25 > 24"):
        graphs.min_vertex_cover(25, [])
    with pytest.raises(ValueError, match="limit 4 million"):
        hardness.vertex_cover_instance(*graphs.complete_graph(300))


@FAST
@given(edges=st.one_of(hostile_arrays(2), st.lists(SCALARS, max_size=3)))
def test_graphs_given_hostile_edges(edges):
    for fn in (graphs.min_vertex_cover, graphs.graph_layout, hardness.vertex_cover_instance):
        out = call_hostile(fn, 4, edges, names=("edge",))
        if not out.raised:
            assert_finite(out.value)


# ------------------------------------------------------------------- figure options


@pytest.fixture(scope="module")
def ax():
    fig, ax = plt.subplots()
    ax.set_xlim(-2, 2)
    ax.set_ylim(-2, 2)
    yield ax
    plt.close(fig)


@FAST
@given(value=SCALARS)
def test_style_options_given_hostile_values(ax, value):
    with mpl.rc_context():  # use_style changes the global rcParams
        call_hostile(
            lambda presentation: style.use_style(presentation=presentation),
            value,
            names=("presentation",),
        )
    out = call_hostile(style.decade_limits, value, 10.0, names=("lo", "hi", "decades"))
    if not out.raised:
        lo, hi = out.value
        assert 0 < lo <= float(value) and hi == 10.0
    out = call_hostile(_on(style.square_limits, ax), 1.0, pad=value, names=("pad", "overflow"))
    if not out.raised:
        assert out.value[0] < 0 < out.value[1]
    ax.set_xlim(-2, 2)  # back to ordinary limits for the separator
    ax.set_ylim(-2, 2)
    out = call_hostile(
        _on(style.draw_separator, ax), [1.0, 1.0], 0.0, margin=value, names=("margin",)
    )
    if not out.raised:
        assert value is None or float(value) >= 0
    call_hostile(_on(style.set_limits, ax), (value, 1.0), names=("xlim",))
    call_hostile(
        _on(style.draw_data, ax), [[0.0, 0.0], [1.0, 1.0]], [1, -1], size=value, names=("size",)
    )
    plt.close("all")


@FAST
@given(w=hostile_arrays(1), b=SCALARS)
def test_draw_separator_given_hostile_w_and_b(ax, w, b):
    out = call_hostile(_on(style.draw_separator, ax), w, b, names=("w", "b"))
    if not out.raised:
        arts = out.value
        for line in (arts.line, arts.upper, arts.lower):
            assert np.all(np.isfinite(np.asarray(line.get_xydata(), dtype=float)))
    ax.cla()
    ax.set_xlim(-2, 2)
    ax.set_ylim(-2, 2)


def test_update_separator_for_huge_and_tiny_w(ax):
    arts = style.draw_separator(ax, [1.0, 0.0], -0.5)
    for scale in (1e-300, 1e300, 1.7e308):
        style.update_separator(arts, [scale, 0.0], -0.5 * scale)
        x, y = arts.line.get_data()
        assert np.allclose(x, 0.5)  # the line x = 0.5 at every scale of (w, b)


# ---------------------------------------------------------------------- slider specifications


@FAST
@given(
    lo=SCALARS,
    hi=SCALARS,
    value=SCALARS,
    step=st.one_of(st.none(), SCALARS),
    kind=st.sampled_from(["float", "log", "int", "linear", None, 3]),
)
def test_slider_specifications_given_hostile_values(lo, hi, value, step, kind):
    out = call_hostile(
        Slider,
        "x",
        "x",
        lo,
        hi,
        value,
        step,
        kind,
        names=("min", "max", "value", "step", "kind"),
    )
    if not out.raised:
        s = out.value
        assert s.min < s.max and s.min <= s.value <= s.max
        assert math.isfinite(s.key_step) and s.key_step > 0
        for v in s.extremes:
            assert s.min <= s.neighbour(v) <= s.max
        s.make()  # the widget accepts the specification


def test_bare_objects_are_refused():
    thing = object()
    for call in (
        lambda: graphs.complete_graph(thing),
        lambda: Slider("a", "a", 0.0, 1.0, thing),
        lambda: style.square_limits(plt.gca(), 1.0, pad=thing),
        lambda: lp.max_margin_lp([[0.0], [1.0]], [1, -1], norm=thing),
        lambda: hardness.min_disagreement_bigm([[0.0], [1.0]], [1, -1], box=thing),
    ):
        with pytest.raises(ValueError):
            call()
    plt.close("all")


def test_slider_issue_examples():
    with pytest.raises(ValueError, match="min must be < max"):
        Slider("a", "a", 5.0, 1.0, 3.0)
    with pytest.raises(ValueError, match="min must be > 0"):
        Slider("a", "a", 0.0, 1.0, 0.5, kind="log")
    with pytest.raises(ValueError, match="value must be in"):
        Slider("a", "a", 0.0, 1.0, 2.0)


@pytest.fixture(scope="module", autouse=True)
def _report_the_cases():
    """Print the calls made per function at the end of the module (pytest -s shows it)."""
    yield
    print("\n" + report_cases())
