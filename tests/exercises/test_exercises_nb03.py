"""The checks of notebook 03 (linsep_helpers.exercises.nb03): threshold offset, scale for
epsilon, and the student's gradient and log-sigmoid functions."""

import math

import numpy as np
import pytest

import linsep_helpers as lh

# ----------------------------------------------------------------------------- exercise checks


@pytest.mark.parametrize(
    "check",
    [
        lambda a: lh.check_threshold_offset(a, 0.9),
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
    assert lh.check_threshold_offset(right, T)
    assert lh.check_threshold_offset(np.float64(right), T)
    if T != 0.5:
        fb = lh.check_threshold_offset(-right, T)
        assert not fb and "sign" in fb.message
        fb = lh.check_threshold_offset(right / math.log(10), T)
        assert not fb and "base-10" in fb.message
    fb = lh.check_threshold_offset(right + 0.3, T)
    assert not fb and "solve" in fb.message
    if T != 0.5:
        assert f"{right:.3g}" not in fb.message  # the answer itself is not printed
    assert not lh.check_threshold_offset("ln 9", T)
    assert not lh.check_threshold_offset(float("inf"), T)
    assert not lh.check_threshold_offset(1e6, T)  # sigma saturates, still a clean message


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
