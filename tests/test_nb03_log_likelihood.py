"""Tests of what notebook 03 adds to the package: the probability image (plotting), the three
explorers (threshold T, scale c with its data selector, gradient-descent step t) at every slider
extreme, the data of the scaling explorer, and the four exercise checks."""

import math

import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import linsep_helpers as lh

LN2 = math.log(2.0)


def ref_sigmoid(z):
    """Textbook sigmoid, only used where it cannot overflow (|z| < 700)."""
    return 1.0 / (1.0 + np.exp(-np.asarray(z, dtype=float)))


def ref_log_likelihood(m):
    """sum_i -ln(1 + e^(-m_i)) with Python's math (exp(-large) quietly underflows to 0)."""
    total = 0.0
    for mi in m:
        if -mi > 700:  # ln(1 + e^x) = x + ln(1 + e^-x)
            total -= -mi + math.log1p(math.exp(mi))
        else:
            total -= math.log1p(math.exp(-mi))
    return total


def ref_log_neg_log_likelihood_large(m, c):
    """ln(-ln L(cw, cb)) for c m_min large: ln(sum_i e^(-c m_i)), as a log-sum-exp."""
    x = -c * np.asarray(m)
    top = x.max()
    return float(top + math.log(np.sum(np.exp(x - top))))


# ----------------------------------------------------------------------------- plotting


@settings(max_examples=60, deadline=None)
@given(
    w=st.tuples(st.floats(-5, 5), st.floats(-5, 5)),
    b=st.floats(-3, 3),
    scale=st.floats(0, 20),
)
def test_probability_grid_matches_textbook_sigmoid(w, b, scale):
    xlim, ylim = (-1.0, 2.0), (-0.5, 1.5)
    grid = lh.probability_grid(w, b, xlim, ylim, scale=scale, resolution=7)
    xs, ys = np.linspace(*xlim, 7), np.linspace(*ylim, 7)
    expected = np.array([[ref_sigmoid(scale * (w[0] * x + w[1] * y + b)) for x in xs] for y in ys])
    assert grid.shape == (7, 7)
    np.testing.assert_allclose(grid, expected, rtol=1e-12, atol=1e-15)


def test_probability_grid_rows_run_along_y_and_scale_zero_is_one_half():
    grid = lh.probability_grid([0.0, 1.0], 0.0, (-1, 1), (-1, 1), scale=5.0, resolution=5)
    assert grid[0, 0] < 0.5 < grid[-1, 0]  # row 0 is y = -1
    assert np.all(lh.probability_grid([3.0, -2.0], 1.0, (-1, 1), (-1, 1), scale=0.0) == 0.5)


def test_probability_grid_finite_at_scale_1e6():
    grid = lh.probability_grid([0.6, -0.8], 0.2, (-1, 1), (-1, 1), scale=1e6)
    assert np.all(np.isfinite(grid)) and grid.min() == 0.0 and grid.max() == 1.0


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"w": [1.0, 2.0, 3.0]}, "w"),
        ({"scale": -1.0}, "scale"),
        ({"resolution": 1}, "resolution"),
        ({"b": float("nan")}, "b"),
    ],
)
def test_probability_grid_rejects_bad_input(kwargs, match):
    args = {"w": [1.0, 0.0], "b": 0.0, "scale": 1.0, "resolution": 10} | kwargs
    with pytest.raises(ValueError, match=match):
        lh.probability_grid(
            args["w"],
            args["b"],
            (-1, 1),
            (-1, 1),
            scale=args["scale"],
            resolution=args["resolution"],
        )


def test_draw_and_update_probability_reuse_the_image():
    fig, ax = plt.subplots()
    lh.square_limits(ax, 1.0)
    arts = lh.draw_probability(ax, [1.0, 0.0], 0.0, resolution=30)
    assert arts.image.get_clim() == (0.0, 1.0)
    assert len(fig.axes) == 2  # the axes and its colour bar
    before = arts.image.get_array().copy()
    lh.update_probability(arts, [1.0, 0.0], 0.0, scale=1e6)
    after = arts.image.get_array()
    assert after.shape == (30, 30) and list(ax.images) == [arts.image]
    assert np.all(np.isin(after, [0.0, 0.5, 1.0])) and not np.array_equal(before, after)


# ----------------------------------------------------------------------------- scaling data


def test_likelihood_scaling_data_options():
    X, y, w, b, i = lh.likelihood_scaling_data("separable")
    m = y * (X @ w + b)
    assert m.min() == pytest.approx(0.3, abs=1e-12) and np.argmin(m) == i
    Xw, yw, ww, bw, iw = lh.likelihood_scaling_data("one point wrong")
    mw = yw * (Xw @ ww + bw)
    assert iw == i and np.sum(mw < 0) == 1 and mw[i] == pytest.approx(-0.3, abs=1e-12)
    np.testing.assert_array_equal(Xw, X)
    Xb, yb, wb, bb, ib = lh.likelihood_scaling_data("one point on the boundary")
    mb = lh.margins(wb, bb, Xb, yb)
    assert ib == i and mb[i] == 0.0 and np.sum(mb == 0.0) == 1 and np.all(np.delete(mb, i) > 0)
    assert np.linalg.norm(Xb[i] - X[i]) == pytest.approx(0.3, abs=1e-9)  # moved by its margin


@pytest.mark.parametrize("seed", range(6))
def test_boundary_point_is_exact_for_other_seeds(seed):
    X, y, w, b, i = lh.likelihood_scaling_data("one point on the boundary", seed=seed)
    assert lh.margins(w, b, X, y)[i] == 0.0


def test_likelihood_scaling_data_rejects_unknown_option():
    with pytest.raises(ValueError, match="data"):
        lh.likelihood_scaling_data("almost separable")


# ----------------------------------------------------------------------------- exercise checks


@pytest.mark.parametrize(
    "check",
    [
        lambda a: lh.check_threshold_offset(0.9, a),
        lambda a: lh.check_scale_for_epsilon(a, [1.0, 0.0], 0.0, [[1.0, 0.0]], [1], 1e-3),
        lh.check_gradient_function,
        lh.check_log_sigmoid_function,
    ],
)
def test_checks_say_not_answered_for_none(check):
    fb = check(None)
    assert not fb and "not answered" in fb.message and repr(fb).startswith("\u2718")


@pytest.mark.claim("C18")
@pytest.mark.parametrize("T", [0.01, 0.25, 0.5, 0.9, 0.99])
def test_check_threshold_offset(T):
    right = math.log(T) - math.log1p(-T)
    assert lh.check_threshold_offset(T, right)
    assert lh.check_threshold_offset(T, np.float64(right))
    if T != 0.5:
        fb = lh.check_threshold_offset(T, -right)
        assert not fb and "sign" in fb.message
        fb = lh.check_threshold_offset(T, right / math.log(10))
        assert not fb and "base-10" in fb.message
    fb = lh.check_threshold_offset(T, right + 0.3)
    assert not fb and "solve" in fb.message
    if T != 0.5:
        assert f"{right:.3g}" not in fb.message  # the answer itself is not printed
    assert not lh.check_threshold_offset(T, "ln 9")
    assert not lh.check_threshold_offset(T, float("inf"))
    assert not lh.check_threshold_offset(T, 1e6)  # sigma saturates, still a clean message


def test_check_scale_for_epsilon():
    X, y, w, b, _ = lh.likelihood_scaling_data("separable")
    m = y * (X @ w + b)
    c_bound = math.log(len(y) / 1e-3) / m.min()
    assert lh.check_scale_for_epsilon(c_bound, w, b, X, y, 1e-3)
    assert lh.check_scale_for_epsilon(1e6, w, b, X, y, 1e-3)
    fb = lh.check_scale_for_epsilon(1.0, w, b, X, y, 1e-3)
    assert not fb and "larger" in fb.message and f"{c_bound:.3g}" not in fb.message
    for bad in (-5.0, 0.0, "big", float("nan")):
        fb = lh.check_scale_for_epsilon(bad, w, b, X, y, 1e-3)
        assert not fb and "positive" in fb.message


@pytest.mark.claim("C22")
def test_check_gradient_function_accepts_the_right_gradient_and_names_mistakes():
    def right(w, b, X, y01):
        r = y01 - 1.0 / (1.0 + np.exp(-(X @ w + b)))
        return X.T @ r, r.sum()

    def flipped(w, b, X, y01):
        dw, db = right(w, b, X, y01)
        return -dw, -db

    def no_bias(w, b, X, y01):
        return right(w, b, X, y01)[0], 0.0

    def pm_labels(w, b, X, y01):  # uses labels in {-1, +1} in the {0, 1} formula
        return right(w, b, X, 2 * y01 - 1)

    def broken(w, b, X, y01):
        raise RuntimeError("oops")

    def bad_shape(w, b, X, y01):
        return np.zeros(len(w) + 1), 0.0

    assert lh.check_gradient_function(right)
    assert "sign" in lh.check_gradient_function(flipped).message
    assert "db" in lh.check_gradient_function(no_bias).message
    assert not lh.check_gradient_function(pm_labels)
    assert "RuntimeError" in lh.check_gradient_function(broken).message
    assert "shape" in lh.check_gradient_function(bad_shape).message
    assert not lh.check_gradient_function(42)


def test_check_log_sigmoid_function():
    def stable(z):
        return np.minimum(z, 0) - np.log1p(np.exp(-np.abs(z)))

    def naive(z):
        return np.log(1 / (1 + np.exp(-z)))

    def clipped(z):
        return -np.log1p(np.exp(-np.clip(z, -700, None)))

    def inaccurate(z):
        return np.minimum(z, 0) - np.exp(-np.abs(z))  # ln(1 + u) ~ u is wrong near z = 0

    assert lh.check_log_sigmoid_function(stable)
    assert lh.check_log_sigmoid_function(lambda z: -np.logaddexp(0, -z))
    fb = lh.check_log_sigmoid_function(naive)
    assert not fb and "overflow" in fb.message
    fb = lh.check_log_sigmoid_function(clipped)
    assert not fb and "z = -1000" in fb.message
    fb = lh.check_log_sigmoid_function(inaccurate)
    assert not fb and "z = -1" in fb.message
    assert "shape" in lh.check_log_sigmoid_function(lambda z: z[:3]).message
    assert not lh.check_log_sigmoid_function("log_expit")
