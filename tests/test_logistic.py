"""Tests for linsep_helpers.logistic (notebook 03).

Oracles: Python's decimal module at high precision, scikit-learn's log_loss,
scipy.optimize.check_grad, finite differences and plain loops written here.
"""

from __future__ import annotations

import math
import warnings
from decimal import Decimal, localcontext

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import check_grad
from sklearn.metrics import log_loss

from linsep_helpers.logistic import (
    LikelihoodBounds,
    best_scale,
    c_for_epsilon,
    cross_entropy,
    gradient_log_likelihood,
    log_likelihood,
    log_likelihood_01,
    log_likelihood_bounds,
    log_neg_log_likelihood,
    log_sigmoid,
    naive_log_sigmoid,
    naive_sigmoid,
    scaled_log_likelihood,
    scaled_log_neg_log_likelihood,
    sigmoid,
    sigmoid_derivative,
    threshold_offset,
)

LN2 = math.log(2.0)
FINITE = st.floats(allow_nan=False, allow_infinity=False)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
STRICT = {"over": "raise", "divide": "raise", "invalid": "raise"}


# ----------------------------------------------------------------------------- oracles


def _dec_log1p(t: Decimal) -> Decimal:
    if t < Decimal("1e-30"):
        return t - t * t / 2 + t * t * t / 3
    return (1 + t).ln()


def dec_log_sigmoid(z: float) -> float:
    """ln sigma(z) = -ln(1 + e^-z) in 60-digit decimal arithmetic."""
    with localcontext() as ctx:
        ctx.prec = 60
        ctx.Emax = 10**9
        ctx.Emin = -(10**9)
        return float(-_dec_log1p((-Decimal(z)).exp()))


def dec_log_neg_log_likelihood(margins: np.ndarray, c: float) -> float:
    """ln(sum_i ln(1 + e^(-c m_i))) in decimal arithmetic (exact float inputs)."""
    with localcontext() as ctx:
        ctx.prec = 60
        ctx.Emax = 10**9
        ctx.Emin = -(10**9)
        total = sum(_dec_log1p((-Decimal(c) * Decimal(float(m))).exp()) for m in margins)
        return float(total.ln())


def random_problem(seed: int, n: int = 30, d: int = 3, flips: int = 0):
    """Data labelled by a random hyperplane (w*, b*), optionally with some labels flipped."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    w_star = rng.normal(size=d)
    # an offset near the median score keeps both classes present
    scores = X @ w_star
    b_star = -float(np.median(scores)) + 0.2 * float(np.std(scores)) * float(rng.normal())
    s = X @ w_star + b_star
    y = np.where(s > 0, 1.0, -1.0)
    if flips:
        y[rng.choice(n, size=flips, replace=False)] *= -1
    return X, y, w_star, b_star, rng


def overlapping_blobs(seed: int, n: int = 80):
    rng = np.random.default_rng(seed)
    y = np.where(np.arange(n) % 2 == 0, 1.0, -1.0)
    X = rng.normal(size=(n, 2)) + 0.6 * y[:, None] * np.array([1.0, 0.5])
    return X, y


def margins_of(w, b, X, y) -> np.ndarray:
    return y * (X @ np.asarray(w, dtype=float) + b)


# ----------------------------------------------------------------------------- sigmoid (C17)


@pytest.mark.claim("C17")
@settings(max_examples=200, deadline=None)
@given(FINITE)
def test_sigmoid_in_unit_interval(z):
    with np.errstate(**STRICT):
        s = sigmoid(z)
    assert isinstance(s, float)
    assert 0.0 <= s <= 1.0
    # Strictly inside (0, 1) wherever float64 can tell it apart from the ends: 1 - sigma(z) is
    # about e^-z, which is below half an ulp of 1 beyond z ~ 36.7; sigma(z) ~ e^z underflows
    # below z ~ -745.
    if -700.0 <= z <= 36.0:
        assert 0.0 < s < 1.0


@pytest.mark.claim("C17")
def test_sigmoid_float64_ends():
    assert sigmoid(0.0) == 0.5
    assert sigmoid(37.0) == 1.0  # e^-37 < 2^-53: the exact value rounds to 1
    assert sigmoid(36.0) < 1.0
    assert sigmoid(-800.0) == 0.0
    assert sigmoid(np.inf) == 1.0 and sigmoid(-np.inf) == 0.0


@pytest.mark.claim("C17")
@settings(max_examples=200, deadline=None)
@given(FINITE)
def test_sigmoid_symmetry(z):
    # a few ulps of 1: sigma is accurate to ~1 ulp and 1 - sigma(z) is exact for sigma >= 1/2
    assert abs(sigmoid(-z) - (1.0 - sigmoid(z))) <= 2.0**-51


@pytest.mark.claim("C17")
@settings(max_examples=200, deadline=None)
@given(st.floats(min_value=-30.0, max_value=30.0))
def test_sigmoid_derivative_matches_finite_difference(z):
    h = 1e-5
    fd = (sigmoid(z + h) - sigmoid(z - h)) / (2 * h)
    s = sigmoid(z)
    assert sigmoid_derivative(z) == pytest.approx(fd, abs=1e-10)
    assert s * (1.0 - s) == pytest.approx(fd, abs=1e-10)
    # s (1 - s) loses ~1e-16 absolutely to cancellation in 1 - s; sigma(z) sigma(-z) does not
    assert sigmoid_derivative(z) == pytest.approx(s * (1.0 - s), abs=3e-16)


def test_sigmoid_derivative_at_extremes_is_finite():
    z = np.array([-1e300, -800.0, 0.0, 800.0, 1e300])
    with np.errstate(**STRICT):
        out = sigmoid_derivative(z)
    assert np.all(np.isfinite(out)) and np.all(out >= 0)
    assert out[2] == 0.25


@pytest.mark.claim("C17")
def test_sigmoid_monotone_and_shapes():
    z = np.sort(np.random.default_rng(0).normal(scale=50.0, size=(500,)))
    s = sigmoid(z)
    assert s.shape == z.shape
    assert np.all(np.diff(s) >= 0)
    grid = sigmoid(np.zeros((2, 3)))
    assert grid.shape == (2, 3) and np.all(grid == 0.5)
    assert isinstance(log_sigmoid(1), float)


# ----------------------------------------------------------------------------- log sigmoid


@settings(max_examples=150, deadline=None)
@given(st.floats(min_value=-1000.0, max_value=1000.0))
def test_log_sigmoid_matches_decimal(z):
    with np.errstate(**STRICT):
        got = log_sigmoid(z)
    assert math.isclose(got, dec_log_sigmoid(z), rel_tol=1e-14, abs_tol=1e-300)


@settings(max_examples=200, deadline=None)
@given(FINITE)
def test_log_sigmoid_finite_nonpositive_everywhere(z):
    with np.errstate(**STRICT):
        got = log_sigmoid(z)
    assert math.isfinite(got)
    assert got <= 0.0
    if z <= 700.0:  # -ln(1 + e^-z) ~ -e^-z is a nonzero float there
        assert got < 0.0
    if z < -40.0:  # ln sigma(z) = z - ln(1 + e^z) and e^z < 5e-18
        assert got == pytest.approx(z, rel=1e-15)


def test_log_sigmoid_array_extremes():
    z = np.array([-1e308, -1e6, -800.0, -40.0, 0.0, 40.0, 745.0, 800.0, 1e6, 1e308])
    with np.errstate(**STRICT):
        out = log_sigmoid(z)
    assert np.all(np.isfinite(out)) and np.all(out <= 0)
    assert out[0] == -1e308 and out[1] == -1e6 and out[2] == -800.0
    assert out[4] == pytest.approx(-LN2, rel=1e-15)


# ----------------------------------------------------------------------------- naive formulas


def test_naive_formulas_fail_quietly_where_content_says():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert naive_log_sigmoid(-800.0) == -np.inf  # 1 / (1 + e^800) -> 1 / inf = 0
        assert naive_log_sigmoid(-746.0) == -np.inf
        assert naive_log_sigmoid(40.0) == 0.0  # 1 + e^-40 rounds to 1
        assert naive_log_sigmoid(37.0) == 0.0
        assert naive_log_sigmoid(36.0) < 0.0
        assert naive_sigmoid(-800.0) == 0.0
        out = naive_log_sigmoid(np.array([-1e6, 1e6]))
    assert out[0] == -np.inf and out[1] == 0.0
    # The stable versions are finite at the same points.
    assert log_sigmoid(-800.0) == -800.0
    assert log_sigmoid(40.0) == pytest.approx(-math.exp(-40.0), rel=1e-14)


@settings(max_examples=100, deadline=None)
@given(st.floats(min_value=-30.0, max_value=30.0))
def test_naive_formulas_agree_where_they_work(z):
    assert naive_sigmoid(z) == pytest.approx(sigmoid(z), rel=1e-14)
    assert naive_log_sigmoid(z) == pytest.approx(log_sigmoid(z), rel=1e-8)


# ----------------------------------------------------------------------------- threshold (C18)


@pytest.mark.claim("C18")
@settings(max_examples=150, deadline=None)
@given(st.floats(min_value=1e-6, max_value=1 - 1e-6))
def test_threshold_offset_formula(T):
    t = threshold_offset(T)
    assert t == pytest.approx(-math.log(1.0 / T - 1.0), rel=1e-9, abs=1e-9)
    assert sigmoid(t) == pytest.approx(T, rel=1e-12)
    assert threshold_offset(0.5) == 0.0


@pytest.mark.claim("C18")
@settings(max_examples=100, deadline=None)
@given(SEEDS, st.floats(min_value=0.01, max_value=0.99))
def test_points_on_threshold_boundary_have_probability_T(seed, T):
    rng = np.random.default_rng(seed)
    w = rng.normal(size=2) * rng.uniform(0.2, 5.0)
    b = float(rng.normal())
    t = threshold_offset(T)
    x0 = (t - b) * w / (w @ w)  # the point of {w.x + b = t} nearest the origin
    along = np.array([-w[1], w[0]]) / np.linalg.norm(w)
    pts = x0 + np.outer(rng.uniform(-3, 3, size=8), along)
    assert np.allclose(sigmoid(pts @ w + b), T, rtol=0, atol=1e-12)
    # just off the boundary the probability is on the matching side of T
    unit = w / np.linalg.norm(w)
    assert np.all(sigmoid((pts + 1e-3 * unit) @ w + b) > T)
    assert np.all(sigmoid((pts - 1e-3 * unit) @ w + b) < T)


@pytest.mark.claim("C18")
@settings(max_examples=100, deadline=None)
@given(SEEDS, st.floats(min_value=1e-3, max_value=50.0))
def test_label_forms_give_same_likelihood(seed, scale):
    X, y, _, _, rng = random_problem(seed, flips=3)
    w = rng.normal(size=3) * scale
    b = float(rng.normal()) * scale
    y01 = (y > 0).astype(int)
    ref = log_likelihood(w, b, X, y)
    assert log_likelihood_01(w, b, X, y01) == pytest.approx(ref, rel=1e-12)
    assert log_likelihood(w, b, X, y01) == ref  # {0,1} labels are mapped to -1/+1


# ----------------------------------------------------------------------------- C19 / C22 oracles


@pytest.mark.claim("C19")
@settings(max_examples=150, deadline=None)
@given(SEEDS, st.floats(min_value=-6.0, max_value=6.0))
def test_log_likelihood_is_negative(seed, log10_scale):
    X, y, _, _, rng = random_problem(seed, flips=int(seed % 4))
    w = rng.normal(size=3) * 10.0**log10_scale
    b = float(rng.normal()) * 10.0**log10_scale
    with np.errstate(**STRICT):
        ll = log_likelihood(w, b, X, y)
        lnl = log_neg_log_likelihood(w, b, X, y)
    assert math.isfinite(ll) and ll <= 0.0
    if margins_of(w, b, X, y).min() <= 700.0:
        assert ll < 0.0
    # -ln L > 0 even where ln L rounds to 0.0: its logarithm is finite
    assert math.isfinite(lnl)


@pytest.mark.claim("C19")
@pytest.mark.claim("C22")
@settings(max_examples=100, deadline=None)
@given(SEEDS)
def test_log_likelihood_equals_sklearn_log_loss(seed):
    X, y, _, _, rng = random_problem(seed, n=40, flips=5)
    w = rng.normal(size=3)
    b = float(rng.normal())
    y01 = (y > 0).astype(int)
    p = 1.0 / (1.0 + np.exp(-(X @ w + b)))  # scores are O(10): no clipping in log_loss
    ref = log_loss(y01, p, labels=[0, 1])
    assert log_likelihood(w, b, X, y) == pytest.approx(-len(y) * ref, rel=1e-9)
    assert cross_entropy(w, b, X, y01) == pytest.approx(ref, rel=1e-9)
    assert cross_entropy(w, b, X, y01, reduction="sum") == pytest.approx(len(y) * ref, rel=1e-9)


@pytest.mark.claim("C22")
@settings(max_examples=60, deadline=None)
@given(SEEDS)
def test_gradient_matches_finite_differences(seed):
    X, y, _, _, rng = random_problem(seed, n=25, d=3, flips=4)
    y01 = (y > 0).astype(float)
    theta0 = rng.normal(size=4)

    def f(theta):
        return log_likelihood(theta[:3], theta[3], X, y)

    def g(theta):
        gw, gb = gradient_log_likelihood(theta[:3], theta[3], X, y01)
        return np.append(gw, gb)

    assert check_grad(f, g, theta0) < 1e-5 * max(1.0, np.linalg.norm(g(theta0)))
    # the explicit formula sum (y_i - sigma_i) x_i, written out here
    sig = 1.0 / (1.0 + np.exp(-(X @ theta0[:3] + theta0[3])))
    gw, gb = gradient_log_likelihood(theta0[:3], theta0[3], X, y01)
    assert np.allclose(gw, ((y01 - sig)[:, None] * X).sum(axis=0), rtol=1e-12, atol=1e-12)
    assert gb == pytest.approx(float(np.sum(y01 - sig)), rel=1e-12, abs=1e-12)


# ----------------------------------------------------------------------------- C21


@pytest.mark.claim("C21")
@settings(max_examples=200, deadline=None)
@given(SEEDS, st.integers(0, 3), st.floats(min_value=-1.0, max_value=3.0))
def test_log_likelihood_above_minus_ln2_implies_separator(seed, flips, log10_scale):
    X, y, w_star, b_star, rng = random_problem(seed, n=20, flips=flips)
    c = 10.0**log10_scale
    w = c * (w_star + 0.3 * rng.normal(size=3))
    b = c * (b_star + 0.3 * float(rng.normal()))
    ll = log_likelihood(w, b, X, y)
    m = margins_of(w, b, X, y)
    k_bad = int(np.sum(m <= 0))
    # each point with margin <= 0 costs at least ln 2 on its own
    assert ll <= -k_bad * LN2 + 1e-12
    if ll > -LN2:
        assert k_bad == 0 and m.min() > 0


@pytest.mark.claim("C21")
def test_minus_ln2_test_is_not_vacuous():
    """Both sides of the implication occur for the generator used above."""
    above = below_but_separating = 0
    for seed in range(200):
        X, y, w_star, b_star, rng = random_problem(seed, n=20)
        c = 10.0 ** rng.uniform(-1.0, 3.0)
        w = c * (w_star + 0.3 * rng.normal(size=3))
        b = c * (b_star + 0.3 * float(rng.normal()))
        ll = log_likelihood(w, b, X, y)
        sep = margins_of(w, b, X, y).min() > 0
        above += ll > -LN2
        below_but_separating += (ll <= -LN2) and sep
    assert above >= 10 and below_but_separating >= 10


# ----------------------------------------------------------------------------- C20


def separable_problem(seed: int):
    X, y, w_star, b_star, _ = random_problem(seed, n=30)
    m = margins_of(w_star, b_star, X, y)
    keep = m > 0.05  # an explicit margin keeps c * m_min moderate to large in the grid
    return X[keep], y[keep], w_star, b_star


@pytest.mark.claim("C20")
@settings(max_examples=40, deadline=None)
@given(SEEDS)
def test_scaled_separator_increases_to_zero_within_bounds(seed):
    X, y, w, b = separable_problem(seed)
    m = margins_of(w, b, X, y)
    n, m_min = len(m), float(m.min())
    cs = np.concatenate([[0.0], np.geomspace(1e-3, 1e6, 300)])
    with np.errstate(**STRICT):
        ll = scaled_log_likelihood(w, b, X, y, cs)
    assert ll.shape == cs.shape and np.all(np.isfinite(ll))
    assert ll[0] == pytest.approx(-n * LN2, rel=1e-14)
    assert np.all(np.diff(ll) >= 0)
    assert ll[-1] == 0.0  # every term is below half an ulp of 0 at c = 1e6
    lower = -n * np.exp(-cs * m_min)
    upper = -np.log1p(np.exp(-cs * m_min))
    assert np.all(lower <= ll + 1e-12 * np.abs(ll))
    assert np.all(ll <= upper + 1e-12 * np.abs(upper))
    bounds = log_likelihood_bounds(m, cs)
    assert isinstance(bounds, LikelihoodBounds)
    assert bounds.n == n and bounds.m_min == m_min
    assert np.allclose(bounds.lower, lower, rtol=1e-13, atol=0)
    assert np.allclose(bounds.upper, upper, rtol=1e-13, atol=0)


@pytest.mark.claim("C20")
@settings(max_examples=60, deadline=None)
@given(SEEDS, st.floats(min_value=1e-9, max_value=1.0))
def test_c_for_epsilon_certifies_epsilon(seed, eps):
    X, y, w, b = separable_problem(seed)
    m = margins_of(w, b, X, y)
    c = c_for_epsilon(float(m.min()), len(m), eps)
    assert c == pytest.approx(math.log(len(m) / eps) / m.min(), rel=1e-14)
    assert log_likelihood(c * w, c * b, X, y) >= -eps
    assert c_for_epsilon(1.0, 3, 5.0) == 0.0  # eps >= n: any c >= 0 will do


@pytest.mark.claim("C20")
@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_log_neg_log_likelihood_past_underflow(seed):
    X, y, w, b = separable_problem(seed)
    m = margins_of(w, b, X, y)
    for c in (1.0, 30.0, 1e3, 1e4, 1e6):
        got = log_neg_log_likelihood(c * w, c * b, X, y)
        want = dec_log_neg_log_likelihood(margins_of(c * w, c * b, X, y), 1.0)
        assert got == pytest.approx(want, rel=1e-12, abs=1e-12)
        assert scaled_log_neg_log_likelihood(w, b, X, y, c) == pytest.approx(
            dec_log_neg_log_likelihood(m, c), rel=1e-12, abs=1e-12
        )
    c = 1e6
    assert log_likelihood(c * w, c * b, X, y) == 0.0  # -ln L underflowed in float64 ...
    bounds = log_likelihood_bounds(m, c)
    lnl = scaled_log_neg_log_likelihood(w, b, X, y, c)
    # ... but its logarithm is still there, between the log-form bounds
    assert bounds.log_neg_upper <= lnl + 1e-12 * abs(lnl)
    assert lnl <= bounds.log_neg_lower + 1e-12 * abs(lnl)
    assert bounds.log_neg_lower == pytest.approx(math.log(len(m)) - c * m.min(), rel=1e-14)
    assert bounds.log_neg_upper == pytest.approx(-c * m.min(), rel=1e-14)


@pytest.mark.claim("C20")
def test_point_on_boundary_limits_to_k0_ln2():
    X = np.array([[0.0, 1.0], [0.0, -2.0], [1.0, 0.3], [-0.5, 2.0], [2.0, -1.0], [-1.5, 0.0]])
    y = np.array([1.0, -1.0, 1.0, -1.0, 1.0, -1.0])
    w, b = np.array([1.0, 0.0]), 0.0  # the first two points sit on the boundary: k0 = 2
    cs = np.geomspace(1e-2, 1e6, 200)
    ll = scaled_log_likelihood(w, b, X, y, cs)
    assert np.all(ll <= -2 * LN2)
    assert np.all(np.diff(ll) >= 0)
    assert ll[-1] == pytest.approx(-2 * LN2, rel=1e-14)
    with pytest.raises(ValueError, match="smallest is 0"):
        log_likelihood_bounds(margins_of(w, b, X, y), 1.0)
    with pytest.raises(ValueError, match="no\\s+finite maximiser"):
        best_scale(w, b, X, y)


@pytest.mark.claim("C20")
def test_wrong_point_sends_log_likelihood_to_minus_infinity():
    X = np.array([[1.0, 0.0], [2.0, 1.0], [-1.0, 0.5], [0.5, 0.0]])
    y = np.array([1.0, 1.0, -1.0, -1.0])  # the last point is on the wrong side of w
    w, b = np.array([1.0, 0.0]), 0.0
    cs = np.geomspace(1.0, 1e6, 100)
    with np.errstate(**STRICT):
        ll = scaled_log_likelihood(w, b, X, y, cs)
    assert np.all(np.isfinite(ll))
    assert np.all(ll <= -cs * 0.5)  # ln sigma(-a) <= -a for the wrong point (a = 0.5 c)
    # for small c the correct points gain more than the wrong one loses; from c = 10 on the
    # wrong point dominates and ln L falls without bound
    assert np.all(np.diff(ll[cs >= 10]) < 0)
    assert ll[-1] == pytest.approx(-0.5e6, rel=1e-12)


# ----------------------------------------------------------------------------- extremes


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.floats(min_value=-6.0, max_value=6.0))
def test_everything_finite_and_quiet_up_to_c_1e6(seed, log10_c):
    X, y, _, _, rng = random_problem(seed, n=15, flips=int(seed % 3))
    w = rng.normal(size=3)
    b = float(rng.normal())
    c = 10.0**log10_c
    y01 = (y > 0).astype(int)
    with warnings.catch_warnings(), np.errstate(**STRICT):
        warnings.simplefilter("error")
        values = [
            log_likelihood(c * w, c * b, X, y),
            log_likelihood_01(c * w, c * b, X, y01),
            log_neg_log_likelihood(c * w, c * b, X, y),
            scaled_log_likelihood(w, b, X, y, c),
            scaled_log_neg_log_likelihood(w, b, X, y, c),
            cross_entropy(c * w, c * b, X, y01),
            *gradient_log_likelihood(c * w, c * b, X, y01)[0],
            gradient_log_likelihood(c * w, c * b, X, y01)[1],
        ]
    assert all(math.isfinite(v) for v in values)


@settings(max_examples=40, deadline=None)
@given(SEEDS)
def test_scaled_matches_pointwise(seed):
    X, y, _, _, rng = random_problem(seed, n=12, flips=2)
    w = rng.normal(size=3)
    b = float(rng.normal())
    cs = np.array([0.0, 1e-3, 0.7, 5.0, 80.0, 1e4])
    vec = scaled_log_likelihood(w, b, X, y, cs)
    loop = np.array([log_likelihood(c * w, c * b, X, y) for c in cs])
    assert np.allclose(vec, loop, rtol=1e-12, atol=1e-300)
    assert isinstance(scaled_log_likelihood(w, b, X, y, 2.0), float)
    assert isinstance(scaled_log_neg_log_likelihood(w, b, X, y, 2.0), float)


# ----------------------------------------------------------------------------- C23


@pytest.mark.claim("C23")
@settings(max_examples=50, deadline=None)
@given(SEEDS)
def test_best_scale_is_finite_maximiser(seed):
    X, y = overlapping_blobs(seed % 1000, n=40)
    rng = np.random.default_rng(seed)
    w = rng.normal(size=2)
    b = float(rng.normal())
    res = best_scale(w, b, X, y)
    assert math.isfinite(res.c) and res.c >= 0
    assert res.log_likelihood == pytest.approx(log_likelihood(res.c * w, res.c * b, X, y))
    grid = np.concatenate([np.linspace(0, 3 * res.c + 1, 400), np.geomspace(1e-3, 1e3, 200)])
    values = np.array([log_likelihood(c * w, c * b, X, y) for c in grid])
    assert res.log_likelihood >= values.max() - 1e-9 * abs(values.max())
    # the curve turns down: beyond the maximiser it decreases
    assert values[np.argmax(grid)] < res.log_likelihood
    if np.sum(margins_of(w, b, X, y)) <= 0:
        assert res.c == 0.0
    else:
        h = 1e-6 * max(res.c, 1.0)
        up = log_likelihood((res.c + h) * w, (res.c + h) * b, X, y)
        down = log_likelihood((res.c - h) * w, (res.c - h) * b, X, y)
        assert abs(up - down) / (2 * h) < 1e-5 * len(y)


# ----------------------------------------------------------------------------- ValueError


def test_value_errors():
    X = np.array([[1.0, 0.0], [0.0, 1.0]])
    y = np.array([1.0, -1.0])
    w = np.array([1.0, 1.0])
    with pytest.raises(ValueError, match="NaN"):
        sigmoid(np.array([0.0, np.nan]))
    with pytest.raises(ValueError, match="NaN"):
        log_sigmoid(float("nan"))
    with pytest.raises(ValueError, match="numeric"):
        sigmoid("abc")
    for T in (0.0, 1.0, -0.5, 2.0):
        with pytest.raises(ValueError, match="strictly between 0 and 1"):
            threshold_offset(T)
    with pytest.raises(ValueError, match="finite"):
        threshold_offset(float("nan"))
    with pytest.raises(ValueError, match="length 3"):
        log_likelihood([1.0, 2.0, 3.0], 0.0, X, y)
    with pytest.raises(ValueError, match="labels"):
        log_likelihood(w, 0.0, X, [1.0, 2.0])
    with pytest.raises(ValueError, match="must match"):
        log_likelihood_01(w, 0.0, X, [1, 0, 1])
    with pytest.raises(ValueError, match="NaN"):
        log_neg_log_likelihood(w, 0.0, np.array([[np.nan, 0.0], [0.0, 1.0]]), y)
    with pytest.raises(ValueError, match="b must be finite"):
        gradient_log_likelihood(w, np.inf, X, y)
    with pytest.raises(ValueError, match="cs must be finite"):
        scaled_log_likelihood(w, 0.0, X, y, [1.0, np.inf])
    with pytest.raises(ValueError, match="1-D"):
        scaled_log_neg_log_likelihood(w, 0.0, X, y, np.ones((2, 2)))
    with pytest.raises(ValueError, match="reduction"):
        cross_entropy(w, 0.0, X, y, reduction="median")
    with pytest.raises(ValueError, match="smallest is -1"):
        log_likelihood_bounds([1.0, -1.0], 1.0)
    with pytest.raises(ValueError, match=">= 0"):
        log_likelihood_bounds([1.0, 2.0], [-1.0, 1.0])
    with pytest.raises(ValueError, match="empty"):
        log_likelihood_bounds([], 1.0)
    with pytest.raises(ValueError, match="m_min must be > 0"):
        c_for_epsilon(0.0, 3, 0.1)
    with pytest.raises(ValueError, match="n must be >= 1"):
        c_for_epsilon(1.0, 0, 0.1)
    with pytest.raises(ValueError, match="eps must be > 0"):
        c_for_epsilon(1.0, 3, 0.0)
    with pytest.raises(ValueError, match="no finite maximiser"):
        best_scale([1.0, -1.0], 0.0, X, y)  # a separator: margins 1 and 1
