"""Hostile input to the numerical core (issue 16): data, geometry, perceptrons, logistic.

Part 1 feeds every public function of data, geometry, perceptron, perceptron_variants,
logistic and logistic_fit (and ``check_versions``) hostile values, one argument at a time
(tests/hostile_support.py): the call must raise a ValueError/TypeError naming an argument, or
return a finite result; it must never mutate an argument.
Part 2 checks that the answers that come back are right: against independent oracles
(scikit-learn, scipy, exact rational or decimal arithmetic, brute force) and under exact
rescaling by powers of two (the answer at X * 2^k is the answer at X, mapped).
Part 3 holds the examples of the issue.
"""

from __future__ import annotations

import importlib
import math
import warnings
from decimal import Decimal, localcontext
from fractions import Fraction

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
    separable_sets,
)
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import linsep_helpers as lh
from linsep_helpers import data, geometry, logistic, logistic_fit

perceptron = importlib.import_module("linsep_helpers.perceptron")

X0, Y0, W0, B0 = lh.make_separable(8, 2, 0.2, 1.0, seed=1)
XO, YO = lh.make_overlapping(10, 2, 0.5, seed=0)
RUN = lh.perceptron(X0, Y0)

# valid integers too large to finish in a test (the guards' limits are tested separately)
SMALL_OR_HOSTILE_INTS = hostile_ints().filter(
    lambda v: not (isinstance(v, int) and not isinstance(v, bool) and 300 < v < 10**12)
)
CHOICES = st.sampled_from(("x", "", None, 1, 1.5, True, "Cyclic", "cyclic ", ["cyclic"]))
HOSTILE = {
    "X": hostile_arrays(2),
    "y": st.one_of(hostile_labels(8), hostile_arrays(1)),
    "w": hostile_arrays(1),
    "scalar": hostile_scalars(),
    "int": SMALL_OR_HOSTILE_INTS,
    "choice": CHOICES,
    "anything": st.one_of(hostile_scalars(), hostile_arrays(None), CHOICES),
}

# (function, the valid arguments, {argument: kind of hostile value}, extra names a message may
# use for the problem it reports)
SPECS = [
    (data.make_separable, dict(n=8, d=2, margin=0.2, radius=1.0, seed=0),
     dict(n="int", d="int", margin="scalar", radius="scalar", seed="anything"), ()),
    (data.make_overlapping, dict(n=8, d=2, separation=1.0, seed=0),
     dict(n="int", d="int", separation="scalar", seed="anything"), ()),
    (data.staircase, dict(d=4), dict(d="int"), ()),
    (data.iris_pair, dict(a="setosa", b="versicolor", features=(0, 1)),
     dict(a="anything", b="anything", features="anything"), ()),
    (data.lift, dict(X=X0, r=1.0), dict(X="X", r="scalar"), ()),
    (data.make_implicit_bias_data, dict(seed=0, n_extra=4, margin=0.5, angle=0.35),
     dict(seed="anything", n_extra="int", margin="scalar", angle="scalar"), ()),
    (data.likelihood_scaling_data, dict(option="separable", n=8, seed=3, margin=0.3),
     dict(option="choice", n="int", seed="anything", margin="scalar"), ("radius",)),
    (geometry.margins, dict(w=W0, b=B0, X=X0, y=Y0), dict(w="w", b="scalar", X="X", y="y"),
     ("labels", "features", "margin")),
    (geometry.functional_margin, dict(w=W0, b=B0, X=X0, y=Y0),
     dict(w="w", b="scalar", X="X", y="y"), ("labels", "features", "margin")),
    (geometry.geometric_margin, dict(w=W0, b=B0, X=X0, y=Y0),
     dict(w="w", b="scalar", X="X", y="y"), ("labels", "features", "margin")),
    (geometry.separates, dict(w=W0, b=B0, X=X0, y=Y0), dict(w="w", b="scalar", X="X", y="y"),
     ("labels", "features")),
    (geometry.mistakes, dict(w=W0, b=B0, X=X0, y=Y0), dict(w="w", b="scalar", X="X", y="y"),
     ("labels", "features")),
    (geometry.predict, dict(w=W0, b=B0, X=X0, tie="positive"),
     dict(w="w", b="scalar", X="X", tie="choice"), ("features",)),
    (geometry.class_prototype, dict(X=X0, y=Y0), dict(X="X", y="y"), ("labels", "class")),
    (geometry.data_radius, dict(X=X0), dict(X="X"), ("radius",)),
    (geometry.clip_polygon, dict(polygon=[[0, 0], [1, 0], [1, 1]], w=[1.0, -1.0], b=0.1),
     dict(polygon="X", w="w", b="scalar"), ("features",)),
    (geometry.halfplane_polygon, dict(w=[1.0, 2.0], b=0.1, xlim=(-1, 1), ylim=(-1, 1)),
     dict(w="w", b="scalar", xlim="w", ylim="w"), ("features",)),
    (geometry.band_polygon, dict(w=[1.0, 2.0], b=0.1, half=0.2, xlim=(-1, 1), ylim=(-1, 1)),
     dict(w="w", b="scalar", half="scalar", xlim="w", ylim="w"), ("features",)),
    (geometry.line_in_box, dict(w=[1.0, 2.0], b=0.1, xlim=(-1, 1), ylim=(-1, 1)),
     dict(w="w", b="scalar", xlim="w", ylim="w"), ("features",)),
    (geometry.plane_in_cube, dict(v=[1.0, 2.0, 0.5], half=1.0),
     dict(v="w", half="scalar"), ("features",)),
    (geometry.convex_hull_vertices, dict(points=X0), dict(points="X"), ()),
    (perceptron.perceptron, dict(X=X0, y=Y0),
     dict(X="X", y="y", bias="anything", lr="scalar", bias_step="scalar", max_epochs="int",
          order="choice", seed="anything", w0="w", b0="scalar", trace="anything",
          max_updates="int"), ("labels", "features", "weights")),
    (perceptron.mistake_bound, dict(X=X0, y=Y0, w_star=W0, b_star=B0, variant="affine"),
     dict(X="X", y="y", w_star="w", b_star="scalar", variant="choice"),
     ("labels", "features", "bound", "w_star")),
    (perceptron.mistake_bound, dict(X=X0, y=Y0, w_star=W0, b_star=B0, variant="lift", r=0.5),
     dict(r="scalar"), ("bound",)),
    (perceptron.invariants, dict(X=X0, y=Y0, result=RUN, w_star=W0, b_star=B0),
     dict(X="X", y="y", result="anything", w_star="w", b_star="scalar"),
     ("labels", "features", "trace", "data", "w_star")),
    (perceptron.staircase_updates, dict(d=5), dict(d="int"), ()),
    (lh.averaged_perceptron, dict(X=X0, y=Y0, max_epochs=3),
     dict(X="X", y="y", max_epochs="int", bias="anything", lr="scalar", bias_step="scalar",
          order="choice", seed="anything"), ("labels", "features", "weights")),
    (lh.pocket_perceptron, dict(X=X0, y=Y0, max_epochs=3, seed=0),
     dict(X="X", y="y", max_epochs="int", bias="anything", lr="scalar", bias_step="scalar",
          order="choice", seed="anything"), ("labels", "features", "weights")),
    (logistic.sigmoid, dict(z=0.5), dict(z="anything"), ()),
    (logistic.log_sigmoid, dict(z=0.5), dict(z="anything"), ()),
    (logistic.sigmoid_derivative, dict(z=0.5), dict(z="anything"), ()),
    (logistic.threshold_offset, dict(T=0.3), dict(T="anything"), ("threshold",)),
    (logistic.log_likelihood, dict(w=W0, b=B0, X=X0, y=Y0),
     dict(w="w", b="scalar", X="X", y="y"), ("labels", "features", "ln l")),
    (logistic.log_likelihood_01, dict(w=W0, b=B0, X=X0, y01=Y0),
     dict(w="w", b="scalar", X="X", y01="y"), ("labels", "features", "ln l", "y")),
    (logistic.log_neg_log_likelihood, dict(w=W0, b=B0, X=X0, y=Y0),
     dict(w="w", b="scalar", X="X", y="y"), ("labels", "features", "ln")),
    (logistic.scaled_log_likelihood, dict(w=W0, b=B0, X=X0, y=Y0, cs=[0.0, 1.0, 5.0]),
     dict(w="w", b="scalar", X="X", y="y", cs="anything"), ("labels", "features", "ln l")),
    (logistic.scaled_log_neg_log_likelihood, dict(w=W0, b=B0, X=X0, y=Y0, cs=[0.0, 5.0]),
     dict(w="w", b="scalar", X="X", y="y", cs="anything"), ("labels", "features", "ln")),
    (logistic.log_likelihood_bounds, dict(margins=[0.2, 0.5], cs=[0.0, 3.0]),
     dict(margins="w", cs="anything"), ("margin", "c m_min")),
    (logistic.c_for_epsilon, dict(m_min=0.2, n=8, eps=0.01),
     dict(m_min="scalar", n="int", eps="scalar"), ()),
    (logistic.cross_entropy, dict(w=W0, b=B0, X=X0, y01=Y0, reduction="mean"),
     dict(w="w", b="scalar", X="X", y01="y", reduction="choice"),
     ("labels", "features", "ln l", "y")),
    (logistic.gradient_log_likelihood, dict(w=W0, b=B0, X=X0, y01=Y0),
     dict(w="w", b="scalar", X="X", y01="y"), ("labels", "features", "gradient", "y")),
    (logistic.best_scale, dict(w=W0, b=B0, X=X0, y=-Y0),
     dict(w="w", b="scalar", X="X", y="y"), ("labels", "features", "margin", "ln l")),
    (logistic_fit.fit_logistic, dict(X=XO, y=YO, bias=True),
     dict(X="X", y="y", bias="anything"), ("labels", "features", "separable", "class")),
    (logistic_fit.default_step_size, dict(X=X0, bias=False), dict(X="X", bias="anything"),
     ("step",)),
    (logistic_fit.fit_logistic_gd, dict(X=X0, y=Y0, steps=30, record=5),
     dict(X="X", y="y", lr="scalar", steps="int", bias="anything", w0="w", record="int"),
     ("labels", "features", "step", "gradient descent")),
    (logistic_fit.angle_between, dict(W=[[1.0, 2.0], [0.0, 1.0]], direction=[1.0, 0.0]),
     dict(W="X", direction="w"), ()),
    (logistic_fit.max_margin_direction, dict(X=X0, y=Y0, bias=True),
     dict(X="X", y="y", bias="anything"), ("labels", "features", "separable", "class")),
    (lh.check_versions, dict(minimum="0.1.0"), dict(minimum="anything"), ()),
]  # fmt: skip

# documented non-finite answers: the naive textbook formulas are the notebook's bad example,
# and angle_between answers nan for a zero row w (w(0) = 0 of a descent)
NON_FINITE_OK = {"angle_between"}

CASE_IDS = [
    (fn, base, arg, kind, extra) for fn, base, args, extra in SPECS for arg, kind in args.items()
]


@pytest.mark.parametrize(
    ("fn", "base", "arg", "kind", "extra"),
    CASE_IDS,
    ids=[f"{c[0].__name__}-{c[2]}" for c in CASE_IDS],
)
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_hostile_argument(fn, base, arg, kind, extra, data):
    """One argument hostile, the others valid: a clear error or a finite answer, no mutation."""
    value = data.draw(HOSTILE[kind], label=arg)
    kwargs = dict(base)
    kwargs[arg] = value
    names = (arg, *kwargs, *extra)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning would be printed under a notebook cell
        outcome = call_hostile(fn, names=names, **kwargs)
    if not outcome.raised and fn.__name__ not in NON_FINITE_OK:
        assert_finite(outcome.value, f"{fn.__name__}({arg}={value!r:.80})")


def test_naive_sigmoids_are_the_documented_bad_example():
    """naive_* return what float64 gives (inf, -inf, 0) by design; hostile types still fail."""
    assert logistic.naive_log_sigmoid(-800.0) == -np.inf
    assert logistic.naive_sigmoid(-800.0) == 0.0
    for fn in (logistic.naive_sigmoid, logistic.naive_log_sigmoid):
        for bad in ("x", None, 1 + 1j, np.array([1j]), [True], float("nan")):
            assert call_hostile(fn, bad, names="z").raised


# ----------------------------------------------------------------------------- part 2: oracles


def _ldexp(m: float, k: int) -> float:
    """m 2^k, inf (not OverflowError) beyond float64."""
    with np.errstate(over="ignore", under="ignore"):
        return float(np.ldexp(m, k))


def _exact_margins(w, b, X, y) -> list[Fraction]:
    """y_i (w.x_i + b) in exact rational arithmetic (the floats' exact values)."""
    return [
        int(yi) * (sum(Fraction(a) * Fraction(c) for a, c in zip(xi, w, strict=True)) + Fraction(b))
        for xi, yi in zip(X, y, strict=True)
    ]


def _exact(k: int, *arrays: np.ndarray) -> bool:
    """Multiplying by 2^k is exact for these arrays (no overflow, no underflow)."""
    with np.errstate(all="ignore"):
        return all(np.array_equal(np.ldexp(np.ldexp(a, k), -k), a) for a in arrays)


POW = st.integers(min_value=-900, max_value=900)


@settings(max_examples=60, deadline=None)
@given(separable_sets(), POW, POW)
def test_margins_scale_exactly(sep, kx, kw):
    """At (w 2^kw, b 2^(kw+kx), X 2^kx) the margins are 2^(kw+kx) times those at scale 1,
    computed from exact rationals (no rounding in the oracle); the signs never change."""
    X, y, w, b = sep
    assume(_exact(kx, X) and _exact(kw, w) and _exact(kx + kw, np.array([b])))
    Xs, ws, bs = np.ldexp(X, kx), np.ldexp(w, kw), float(np.ldexp(b, kx + kw))
    exact = [
        Fraction(int(yi))
        * (sum(Fraction(a) * Fraction(c) for a, c in zip(xi, ws, strict=True)) + Fraction(bs))
        for xi, yi in zip(Xs, y, strict=True)
    ]
    assert lh.mistakes(ws, bs, Xs, y) == sum(m <= 0 for m in exact) == 0
    assert lh.separates(ws, bs, Xs, y)
    pred = lh.predict(ws, bs, Xs)
    assert pred.tolist() == y.tolist()
    try:
        m = lh.margins(ws, bs, Xs, y)
    except ValueError as exc:
        assert "range" in str(exc)
        assert max(abs(e) for e in exact) > Fraction(np.finfo(float).max) / 4
        return
    for mi, ei in zip(m, exact, strict=True):
        if ei != 0:
            assert abs(Fraction(mi) - ei) <= abs(ei) * Fraction(1, 2**40) or abs(mi) < 1e-290


@settings(max_examples=60, deadline=None)
@given(separable_sets(), POW, POW)
def test_geometric_margin_is_scale_invariant(sep, kx, kw):
    """geometric_margin(w c, b c s, X s, y) = s geometric_margin(w, b, X, y) (powers of two)."""
    X, y, w, b = sep
    assume(_exact(kx, X) and _exact(kw, w) and _exact(kx + kw, np.array([b])))
    ref = min(yi * (xi @ w + b) for xi, yi in zip(X, y, strict=True)) / math.hypot(
        *w
    )  # w is unit: loop
    got = lh.geometric_margin(np.ldexp(w, kw), float(np.ldexp(b, kx + kw)), np.ldexp(X, kx), y)
    assert math.isfinite(got)
    assert math.isclose(_ldexp(got, -kx), ref, rel_tol=1e-12, abs_tol=1e-300)


@settings(max_examples=60, deadline=None)
@given(separable_sets(), POW)
def test_radius_and_prototype_scale_exactly(sep, k):
    X, y, _, _ = sep
    assume(_exact(k, X))
    R = max(math.hypot(*row) for row in X)  # math.hypot: an independent, stable norm
    try:
        got = lh.data_radius(np.ldexp(X, k))
    except ValueError as exc:
        assert "range" in str(exc) and _ldexp(R, k) == math.inf
    else:
        assert math.isclose(got, _ldexp(R, k), rel_tol=1e-14)
    w1, b1 = lh.class_prototype(X, y)
    try:
        wk, bk = lh.class_prototype(np.ldexp(X, k), y)
    except ValueError as exc:
        assert "range" in str(exc) and abs(_ldexp(b1, 2 * k)) > 1e307
    else:
        assert np.allclose(np.ldexp(wk, -k), w1, rtol=1e-14, atol=0)
        # b 4^k may be subnormal: then it is b rounded to the subnormal grid (ulp 5e-324)
        assert math.isclose(bk, _ldexp(b1, 2 * k), rel_tol=1e-12, abs_tol=1e-321)


@settings(max_examples=40, deadline=None)
@given(separable_sets(), st.integers(-400, 400), st.integers(-400, 400))
def test_mistake_bound_is_scale_invariant(sep, kx, kw):
    """Every variant's bound at (X s, w* c, b* c s) equals the bound at scale 1 (lift: r s),
    and equals the formula evaluated in exact rational arithmetic."""
    X, y, w, b = sep
    assume(_exact(kx, X) and _exact(kw, w) and _exact(kx + kw, np.array([b])))
    Xs, ws, bs = np.ldexp(X, kx), np.ldexp(w, kw), float(np.ldexp(b, kx + kw))
    Z = np.hstack([X, np.ones((len(X), 1))])  # homogeneous: the lifted data, (w, b)
    homog = lh.mistake_bound(np.ldexp(Z, kx), y, np.ldexp(np.append(w, b), kw), 0.0)
    ref = lh.mistake_bound(Z, y, np.append(w, b), 0.0)
    assert math.isclose(homog, ref, rel_tol=1e-12)
    R2 = max(sum(Fraction(v) ** 2 for v in row) for row in X)
    gf = min(_exact_margins(w, b, X, y))
    nw2 = sum(Fraction(v) ** 2 for v in w)
    r = 0.5
    lift_exact = (R2 + Fraction(r) ** 2) * (nw2 + Fraction(b) ** 2 / Fraction(r) ** 2) / gf**2
    lift = lh.mistake_bound(Xs, y, ws, bs, variant="lift", r=_ldexp(r, kx))
    assert math.isclose(lift, float(lift_exact), rel_tol=1e-12)
    lr_exact = 4 * R2 * nw2 / gf**2
    if abs(Fraction(b)) ** 2 <= R2 * nw2:
        got = lh.mistake_bound(Xs, y, ws, bs, variant="learning_rate")
        assert math.isclose(got, float(lr_exact), rel_tol=1e-12)
    affine = lh.mistake_bound(X, y, ws, float(np.ldexp(b, kw)), variant="affine")
    aff_exact = (R2 + 1) * (nw2 + Fraction(b) ** 2) / gf**2
    assert math.isclose(affine, float(aff_exact), rel_tol=1e-12)


@settings(max_examples=40, deadline=None)
@given(separable_sets(n_max=10), st.integers(-440, 440))
def test_perceptron_run_is_the_same_at_every_scale(sep, k):
    """perceptron(X 2^k, lr=1, bias_step=4^k) is the run on X with bias_step=1, scaled:
    the same updates, w 2^k and b 4^k (decisions compare lr 4^k (...) with 0)."""
    X, y, _, _ = sep
    assume(_exact(k, X) and _exact(2 * k, X))
    ref = lh.perceptron(X, y, max_epochs=200)
    got = lh.perceptron(np.ldexp(X, k), y, bias_step=_ldexp(1.0, 2 * k), max_epochs=200)
    assert got.updates == ref.updates and got.converged == ref.converged
    np.testing.assert_array_equal(got.w, np.ldexp(ref.w, k))
    assert got.b == _ldexp(ref.b, 2 * k)


@settings(max_examples=60, deadline=None)
@given(
    separable_sets(n_max=8), st.one_of(st.floats(1e-320, 1e308), st.sampled_from((1e308, 1e-310)))
)
def test_perceptron_lr_extremes_are_finite_and_right_or_refused(sep, lr):
    """Any lr: a ValueError naming lr, or a finite run whose converged (w, b) separates the
    data in exact rational arithmetic."""
    X, y, _, _ = sep
    for fn in (lh.perceptron, lh.averaged_perceptron, lh.pocket_perceptron):
        out = call_hostile(fn, X, y, lr=lr, names="lr")
        if out.raised:
            continue
        assert_finite(out.value, fn.__name__)
        res = out.value
        if fn is lh.perceptron and res.converged:
            for xi, yi in zip(X, y, strict=True):
                s = sum(
                    Fraction(a) * Fraction(c) for a, c in zip(xi, res.w, strict=True)
                ) + Fraction(res.b)
                assert yi * s > 0


@settings(max_examples=15, deadline=None)
@given(separable_sets(n_max=10, d_max=3), st.sampled_from((1e-200, 1e-8, 1.0, 1e6, 1e8, 1e200)))
def test_max_margin_direction_agrees_with_an_svm_at_every_scale(sep, s):
    """The margin at X s is s times scikit-learn's hard-margin SVC margin on X (C = 1e10),
    and the returned (w, b) makes no mistake."""
    from sklearn.svm import SVC

    X, y, _, _ = sep
    svc = SVC(kernel="linear", C=1e10, tol=1e-10).fit(X, y)
    svm_margin = 1.0 / np.linalg.norm(svc.coef_[0])
    res = lh.logistic_fit.max_margin_direction(X * s, y, bias=True)
    assert math.isclose(res.margin / s, svm_margin, rel_tol=1e-4)
    assert lh.mistakes(res.w, res.b, X * s, y) == 0
    assert math.isclose(lh.geometric_margin(res.w, res.b, X * s, y) / s, svm_margin, rel_tol=1e-4)


@settings(max_examples=15, deadline=None)
@given(overlapping_sets(n_max=12, d_max=2), st.integers(-900, 900))
def test_fit_logistic_is_scale_equivariant(ov, k):
    """w(X 2^k) = w(X) 2^-k, b and ln L unchanged; at scale 1, scikit-learn's unpenalised fit."""
    from sklearn.linear_model import LogisticRegression

    X, y = ov
    assume(_exact(k, X))
    try:
        ref = lh.fit_logistic(X, y)
    except ValueError:  # (quasi-)separable draw: both must refuse
        assert call_hostile(lh.fit_logistic, np.ldexp(X, k), y, names="separable").raised
        return
    sk = LogisticRegression(C=np.inf, tol=1e-12, max_iter=10_000).fit(X, y)
    assume(np.max(np.abs(sk.coef_)) < 1e3)  # a near-separable draw: both are ill-conditioned
    np.testing.assert_allclose(ref.w, sk.coef_[0], rtol=1e-4, atol=1e-6)
    got = lh.fit_logistic(np.ldexp(X, k), y)
    np.testing.assert_allclose(np.ldexp(got.w, k), ref.w, rtol=1e-6, atol=1e-9)
    assert math.isclose(got.b, ref.b, rel_tol=1e-6, abs_tol=1e-9)
    assert math.isclose(got.log_likelihood, ref.log_likelihood, rel_tol=1e-9)


@settings(max_examples=60, deadline=None)
@given(
    st.floats(1e-300, 1e300),
    st.integers(1, 10**6),
    st.one_of(st.floats(5e-324, 1e300), st.sampled_from((1e-310, 5e-324))),
)
def test_c_for_epsilon_against_decimal_arithmetic(m_min, n, eps):
    try:
        c = lh.c_for_epsilon(m_min, n, eps)
    except ValueError as exc:
        assert "m_min" in str(exc)
        with localcontext() as ctx:
            ctx.prec = 40
            true = (Decimal(n).ln() - Decimal(eps).ln()) / Decimal(m_min)
        assert true > Decimal("1.7e308")
        return
    with localcontext() as ctx:
        ctx.prec = 40
        true = max(Decimal(0), (Decimal(n).ln() - Decimal(eps).ln()) / Decimal(m_min))
    assert math.isfinite(c)
    assert math.isclose(c, float(true), rel_tol=1e-12, abs_tol=0)


@settings(max_examples=40, deadline=None)
@given(separable_sets(), st.floats(1e-3, 1e300))
def test_log_likelihoods_at_huge_scales_against_decimal(sep, c):
    """ln L(c w, c b) and ln(-ln L) at any c: finite and equal to a 50-digit evaluation
    (or a ValueError when the true ln L is below -1.8e308)."""
    X, y, w, b = sep
    m = [Decimal(float(v)) for v in y * (X @ w + b)]
    y2 = y.copy()
    y2[0] = -y2[0]  # one wrong point: ln L ~ -c |m_0|
    m2 = [Decimal(float(v)) for v in y2 * (X @ w + b)]
    with localcontext() as ctx:
        ctx.prec = 60
        cd = Decimal(c)

        def ln1p(t):  # ln(1 + t) for 0 <= t <= 1, accurate for tiny t as well
            return t - t * t / 2 + t * t * t / 3 if t < Decimal("1e-25") else (1 + t).ln()

        def lnl(ms):  # -sum ln(1 + e^z), z = -c m
            total = Decimal(0)
            for mi in ms:
                z = -cd * mi
                total -= z + ln1p((-z).exp()) if z > 0 else ln1p(z.exp())
            return total

        exact1, exact2 = lnl(m), lnl(m2)
    got1 = lh.scaled_log_likelihood(w, b, X, y, c)
    assert math.isclose(got1, float(exact1), rel_tol=1e-9, abs_tol=1e-300)
    lnneg1 = lh.scaled_log_neg_log_likelihood(w, b, X, y, c)
    if exact1 != 0:
        with localcontext() as ctx:
            ctx.prec = 60
            assert math.isclose(lnneg1, float((-exact1).ln()), rel_tol=1e-9, abs_tol=1e-12)
    lnneg2 = lh.scaled_log_neg_log_likelihood(w, b, X, y2, c)
    with localcontext() as ctx:
        ctx.prec = 60
        assert math.isclose(lnneg2, float((-exact2).ln()), rel_tol=1e-9, abs_tol=1e-12)
    out = call_hostile(lh.scaled_log_likelihood, w, b, X, y2, c, names="c w")
    if not out.raised:
        assert math.isclose(out.value, float(exact2), rel_tol=1e-9)
    else:
        assert exact2 < Decimal("-1.7e308")


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.floats(-1e300, 1e300), min_size=2, max_size=2),
    st.lists(st.floats(-1e300, 1e300), min_size=2, max_size=2),
)
def test_angle_between_is_scale_free_and_right(w, u):
    """The angle of (w, u) equals an exact-direction oracle: atan2 of the cross and dot
    products of the vectors divided by their largest entries."""
    assume(any(w) and any(u))
    a = logistic_fit.angle_between(w, u)
    wa, ua = np.array(w) / max(map(abs, w)), np.array(u) / max(map(abs, u))
    ref = math.atan2(abs(wa[0] * ua[1] - wa[1] * ua[0]), wa @ ua)
    assert 0.0 <= a <= math.pi
    assert math.isclose(a, ref, rel_tol=1e-9, abs_tol=1e-12)


@settings(max_examples=30, deadline=None)
@given(separable_sets(), st.integers(-700, 700), st.booleans())
def test_default_step_size_against_svd(sep, k, bias):
    """4 n / ||A||_2^2 with scipy's singular values; at X 2^k without bias it is 4^-k times
    the step at X (with bias the column of ones does not scale: only checked at k = 0)."""
    from scipy.linalg import svdvals

    X, _, _, _ = sep
    assume(_exact(k, X))
    A = np.hstack([X, np.ones((len(X), 1))]) if bias else X
    ref = 4.0 * len(X) / svdvals(A)[0] ** 2
    assert math.isclose(logistic_fit.default_step_size(X, bias=bias), ref, rel_tol=1e-12)
    out = call_hostile(logistic_fit.default_step_size, np.ldexp(X, k), names="X")
    if out.raised:
        assert not 1e-307 < _ldexp(4.0 * len(X) / svdvals(X)[0] ** 2, -2 * k) < 1e307
    else:
        ref0 = 4.0 * len(X) / svdvals(X)[0] ** 2
        assert math.isclose(out.value, _ldexp(ref0, -2 * k), rel_tol=1e-12)


def test_staircase_updates_closed_form_against_brute_force_and_a_run():
    for d in range(1, 60):
        assert lh.staircase_updates(d) == sum((2**j - 1) ** 2 for j in range(1, d + 1))
    for d in range(1, 7):
        X, y = lh.staircase(d)
        res = lh.perceptron(X, y, bias=False, max_epochs=10**6, trace=False)
        assert res.converged and res.updates == lh.staircase_updates(d)


def _named(name, fn):
    fn.__name__ = name  # the name call_hostile counts the calls under
    return fn


@st.composite
def odd_data(draw):
    """Valid but odd data: 1 row or 1 column, one class only, duplicate or all-zero points,
    entries of one magnitude 2^k (k in -1000..1000) or mixed magnitudes."""
    n = draw(st.integers(1, 6))
    d = draw(st.integers(1, 3))
    kind = draw(st.sampled_from(("normal", "zeros", "duplicates", "mixed")))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    X = rng.normal(size=(n, d))
    if kind == "zeros":
        X[:] = 0.0
    elif kind == "duplicates":
        X[:] = X[0]
    elif kind == "mixed":
        X = X * 10.0 ** rng.integers(-300, 300, size=(n, d))
    with np.errstate(over="ignore", under="ignore"):
        X = np.ldexp(X, draw(st.integers(-1000, 1000)))
    assume(np.all(np.isfinite(X)))
    y = draw(st.sampled_from(("both", "plus", "minus")))
    labels = {"plus": np.ones(n), "minus": -np.ones(n)}.get(
        y, np.where(np.arange(n) % 2, -1.0, 1.0)
    )
    with np.errstate(over="ignore", under="ignore"):
        w = np.ldexp(rng.normal(size=d), draw(st.integers(-1000, 1000)))
        b = float(np.ldexp(rng.normal(), draw(st.integers(-1000, 1000))))
    assume(np.all(np.isfinite(w)) and math.isfinite(b))
    return X, labels, w, b


DATA_FUNCTIONS = [
    _named("odd_data:margins", lambda X, y, w, b: lh.margins(w, b, X, y)),
    _named("odd_data:functional_margin", lambda X, y, w, b: lh.functional_margin(w, b, X, y)),
    _named("odd_data:geometric_margin", lambda X, y, w, b: lh.geometric_margin(w, b, X, y)),
    _named("odd_data:separates", lambda X, y, w, b: lh.separates(w, b, X, y)),
    _named("odd_data:mistakes", lambda X, y, w, b: lh.mistakes(w, b, X, y)),
    _named("odd_data:predict", lambda X, y, w, b: lh.predict(w, b, X)),
    _named("odd_data:class_prototype", lambda X, y, w, b: lh.class_prototype(X, y)),
    _named("odd_data:data_radius", lambda X, y, w, b: lh.data_radius(X)),
    _named("odd_data:lift", lambda X, y, w, b: lh.lift(X, 2.0)),
    _named("odd_data:perceptron_cyclic", lambda X, y, w, b: lh.perceptron(X, y, max_epochs=20)),
    _named(
        "odd_data:perceptron_random",
        lambda X, y, w, b: lh.perceptron(X, y, max_epochs=20, order="random", seed=1),
    ),
    _named(
        "odd_data:perceptron_batch",
        lambda X, y, w, b: lh.perceptron(X, y, max_epochs=20, order="batch", bias=False),
    ),
    _named(
        "odd_data:averaged_perceptron",
        lambda X, y, w, b: lh.averaged_perceptron(X, y, max_epochs=3),
    ),
    _named(
        "odd_data:pocket_perceptron",
        lambda X, y, w, b: lh.pocket_perceptron(X, y, max_epochs=3, seed=1),
    ),
    _named("odd_data:mistake_bound_homogeneous", lambda X, y, w, b: lh.mistake_bound(X, y, w, 0.0)),
    _named(
        "odd_data:mistake_bound_affine",
        lambda X, y, w, b: lh.mistake_bound(X, y, w, b, variant="affine"),
    ),
    _named(
        "odd_data:mistake_bound_lift",
        lambda X, y, w, b: lh.mistake_bound(X, y, w, b, variant="lift", r=3.0),
    ),
    _named(
        "odd_data:mistake_bound_learning_rate",
        lambda X, y, w, b: lh.mistake_bound(X, y, w, b, variant="learning_rate"),
    ),
    _named("odd_data:log_likelihood", lambda X, y, w, b: lh.log_likelihood(w, b, X, y)),
    _named("odd_data:log_likelihood_01", lambda X, y, w, b: lh.log_likelihood_01(w, b, X, y)),
    _named(
        "odd_data:log_neg_log_likelihood", lambda X, y, w, b: lh.log_neg_log_likelihood(w, b, X, y)
    ),
    _named(
        "odd_data:scaled_log_likelihood",
        lambda X, y, w, b: lh.scaled_log_likelihood(w, b, X, y, [0.0, 1e-300, 1.0, 1e300]),
    ),
    _named(
        "odd_data:scaled_log_neg_log_likelihood",
        lambda X, y, w, b: lh.scaled_log_neg_log_likelihood(w, b, X, y, [0.0, 1.0, 1e300]),
    ),
    _named("odd_data:cross_entropy", lambda X, y, w, b: lh.cross_entropy(w, b, X, y)),
    _named(
        "odd_data:gradient_log_likelihood",
        lambda X, y, w, b: lh.gradient_log_likelihood(w, b, X, y),
    ),
    _named("odd_data:best_scale", lambda X, y, w, b: lh.best_scale(w, b, X, y)),
    _named("odd_data:fit_logistic", lambda X, y, w, b: lh.fit_logistic(X, y)),
    _named("odd_data:fit_logistic_no_bias", lambda X, y, w, b: lh.fit_logistic(X, y, bias=False)),
    _named(
        "odd_data:default_step_size",
        lambda X, y, w, b: logistic_fit.default_step_size(X, bias=True),
    ),
    _named(
        "odd_data:fit_logistic_gd",
        lambda X, y, w, b: logistic_fit.fit_logistic_gd(X, y, steps=20, record=3),
    ),
    _named(
        "odd_data:max_margin_direction", lambda X, y, w, b: logistic_fit.max_margin_direction(X, y)
    ),
    _named(
        "odd_data:max_margin_direction_bias",
        lambda X, y, w, b: logistic_fit.max_margin_direction(X, y, bias=True),
    ),
    _named(
        "odd_data:convex_hull_vertices",
        lambda X, y, w, b: geometry.convex_hull_vertices(np.column_stack([X, X])),
    ),
]


@settings(max_examples=300, deadline=None)
@given(odd_data(), st.sampled_from(range(len(DATA_FUNCTIONS))))
def test_odd_but_valid_data(data_set, i):
    """Every data-taking function on odd data: a clear ValueError or a finite answer."""
    X, y, w, b = data_set
    fn = DATA_FUNCTIONS[i]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = call_hostile(fn, X, y, w, b)
    if not out.raised:
        assert_finite(out.value, f"function #{i}")


@settings(max_examples=40, deadline=None)
@given(separable_sets(), st.integers(-600, 600))
def test_likelihood_family_depends_on_margins_only(sep, k):
    """(w 2^-k, b, X 2^k) has the same margins as (w, b, X): every likelihood quantity and
    decision is the same (the w-gradient scales by 2^k)."""
    X, y, w, b = sep
    y = y.copy()
    y[0] = -y[0]  # one mistake, so best_scale has a finite answer
    assume(_exact(k, X) and _exact(-k, w))
    Xk, wk = np.ldexp(X, k), np.ldexp(w, -k)
    for fn in (lh.log_likelihood, lh.log_neg_log_likelihood, lh.cross_entropy):
        assert math.isclose(fn(wk, b, Xk, y), fn(w, b, X, y), rel_tol=1e-12)
    cs = [0.0, 0.5, 1e200]
    np.testing.assert_allclose(
        lh.scaled_log_neg_log_likelihood(wk, b, Xk, y, cs),
        lh.scaled_log_neg_log_likelihood(w, b, X, y, cs),
        rtol=1e-12,
    )
    assert math.isclose(lh.best_scale(wk, b, Xk, y).c, lh.best_scale(w, b, X, y).c, rel_tol=1e-9)
    gk, gbk = lh.gradient_log_likelihood(wk, b, Xk, y)
    g, gb = lh.gradient_log_likelihood(w, b, X, y)
    np.testing.assert_allclose(np.ldexp(gk, -k), g, rtol=1e-12, atol=1e-300)
    assert math.isclose(gbk, gb, rel_tol=1e-12, abs_tol=1e-15)
    assert lh.mistakes(wk, b, Xk, y) == lh.mistakes(w, b, X, y) == 1


# ----------------------------------------------------------------------------- part 3: issue


def test_issue_examples():
    X, y, w, b = X0, Y0, W0, B0
    # max_margin_direction at 1e6 and 1e-8: the margin scales with the data
    ref = logistic_fit.max_margin_direction(X, y, bias=True).margin
    for s in (1e6, 1e-8):
        res = logistic_fit.max_margin_direction(X * s, y, bias=True)
        assert math.isclose(res.margin / s, ref, rel_tol=1e-6)
        assert lh.mistakes(res.w, res.b, X * s, y) == 0
    # perceptron and variants with lr = 1e308: a ValueError naming lr
    for fn in (lh.perceptron, lh.pocket_perceptron, lh.averaged_perceptron):
        with pytest.raises(ValueError, match="lr"):
            fn(X, y, lr=1e308)
    # overflow read as an answer
    f = lh.fit_logistic(XO * 1e200, YO)
    f1 = lh.fit_logistic(XO, YO)
    np.testing.assert_allclose(f.w * 1e200, f1.w, rtol=1e-6)
    with pytest.raises(ValueError, match="X is too large"):
        lh.class_prototype(X * 1e200, y)  # b ~ 1e400: truly beyond float64
    wp, bp = lh.class_prototype(X * 1e150, y)
    w1, b1 = lh.class_prototype(X, y)
    assert math.isclose(bp / 1e300, b1, rel_tol=1e-12)
    assert math.isclose(lh.data_radius(X * 1e200) / 1e200, lh.data_radius(X), rel_tol=1e-14)
    assert math.isclose(lh.geometric_margin([1e300, 1e300], 0, X, y), -0.3615835998165816)
    assert math.isclose(lh.geometric_margin([1e-200, 1e-200], 0, X, y), -0.3615835998165816)
    assert math.isclose(lh.c_for_epsilon(1, 5, 1e-310), 715.4108167405883, rel_tol=1e-12)
    # tracebacks where a message belongs
    for s in (1e-300, 1e-100, 1e100, 1e300):
        assert math.isclose(
            lh.mistake_bound(X * s, y, w, b * s, variant="learning_rate"),
            lh.mistake_bound(X, y, w, b, variant="learning_rate"),
            rel_tol=1e-12,
        )
    with pytest.raises(ValueError, match="bias must be True or False"):
        logistic_fit.default_step_size(X, bias="x")
    Xr, yr, _, _ = lh.make_separable(10, 2, 1e159, 1e160, seed=0)
    assert math.isclose(lh.data_radius(Xr), 1e160, rel_tol=1e-12)
    with pytest.raises(ValueError, match="features"):
        lh.iris_pair(features=(1.5,))
    with pytest.raises(ValueError, match="minimum"):
        lh.check_versions(None)
    with pytest.raises(ValueError, match="seed must be >= 0"):
        lh.make_separable(8, seed=-1)
    with pytest.raises(ValueError, match="w has length 3"):
        geometry.halfplane_polygon([1.0, 2.0, 3.0], 0.0, (-1, 1), (-1, 1))
    with pytest.raises(ValueError, match="w contains NaN"):
        geometry.halfplane_polygon([np.nan, 1.0], 0.0, (-1, 1), (-1, 1))
    with pytest.raises(ValueError, match="b must be finite"):
        geometry.line_in_box([1.0, 1.0], np.nan, (-1, 1), (-1, 1))
    for bad in ([np.nan, 1.0], [np.inf, 1.0]):
        with pytest.raises(ValueError, match="W contains"):
            logistic_fit.angle_between(bad, [1.0, 0.0])
        with pytest.raises(ValueError, match="direction contains"):
            logistic_fit.angle_between([1.0, 0.0], bad)
    with pytest.raises(ValueError, match="d must be <= 5000"):
        lh.staircase_updates(10**6)
    with pytest.raises(ValueError, match="X is complex"):
        lh.margins(w, b, X + 1j, y)


@pytest.fixture(scope="module", autouse=True)
def _report():
    """After the module: the size of the hostile run (shown with pytest -s)."""
    yield
    print("\n" + report_cases())
