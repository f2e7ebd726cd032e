"""The checks of notebook 03 (linsep_helpers.exercises.nb03): threshold offset, scale for
epsilon, the student's gradient and log-sigmoid functions, and a quasi-separated data set."""

import math
import warnings

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
)

import linsep_helpers as lh
from linsep_helpers.exercises import Feedback
from linsep_helpers.exercises.nb03 import check_quasi_separated

# ----------------------------------------------------------------------------- exercise checks


@pytest.mark.parametrize(
    "check",
    [
        lambda a: lh.check_threshold_offset(a, 0.9),
        lambda a: lh.check_scale_for_epsilon(a, [1.0, 0.0], 0.0, [[1.0, 0.0]], [1], 1e-3),
        lh.check_gradient_function,
        lh.check_log_sigmoid_function,
        check_quasi_separated,
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
    for rounded in (round(right, 2), round(right, 3), right + 0.004, right - 0.004):
        assert lh.check_threshold_offset(rounded, T)
    for off in (0.3, 0.01, -0.01):
        fb = lh.check_threshold_offset(right + off, T)
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
    for c in (c_bound, round(c_bound, 2), round(c_bound, 1), math.ceil(c_bound)):
        assert lh.check_scale_for_epsilon(c, w, b, X, y, 1e-3)
    # c = 10^6 reaches the target but is trial and error, not the bound
    assert ref_log_likelihood(1e6 * w, 1e6 * b, X, y) >= -1e-3
    fb = lh.check_scale_for_epsilon(1e6, w, b, X, y, 1e-3)
    assert not fb and "bound" in fb.message
    fb = lh.check_scale_for_epsilon(1.0, w, b, X, y, 1e-3)
    assert not fb and "solve" in fb.message and f"{c_bound:.3g}" not in fb.message
    fb = lh.check_scale_for_epsilon(math.log(1 / 1e-3) / m.min(), w, b, X, y, 1e-3)
    assert not fb and "factor n" in fb.message
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
    fb = lh.check_log_sigmoid_function(lambda z: -np.logaddexp(0, -z))  # right, but forbidden
    assert not fb and "logaddexp" in fb.message
    assert not lh.check_log_sigmoid_function(lambda z: lh.log_sigmoid(z))
    fb = lh.check_log_sigmoid_function(naive)
    assert not fb and "overflow" in fb.message
    fb = lh.check_log_sigmoid_function(clipped)
    assert not fb and "z = -1000" in fb.message
    fb = lh.check_log_sigmoid_function(inaccurate)
    assert not fb and "z = -1" in fb.message
    assert "shape" in lh.check_log_sigmoid_function(lambda z: z[:3]).message
    assert not lh.check_log_sigmoid_function("log_expit")


# ------------------------------------------------------------------------- odd answers, any form

WS, BS = np.array([1.0, 1.0]), -0.5
XS = np.array([[1.0, 1.0], [0.0, 0.0], [2.0, 0.5], [-1.0, 0.0]])
YS = np.array([1.0, -1.0, 1.0, -1.0])  # margins 1.5, 0.5, 2, 1.5 (by hand)


def ref_log_likelihood(w, b, X, y):
    """sum_i ln sigma(y_i (w.x_i + b)) with Python's math (log1p of exp of -margin >= -700)."""
    total = 0.0
    for xi, yi in zip(np.asarray(X), np.asarray(y), strict=True):
        g = float(yi * (np.dot(w, xi) + b))
        total -= math.log1p(math.exp(-g)) if g > -700 else -g
    return total


def ref_log_likelihood_scaled(c):
    """ln L(c w, c b) = -sum ln(1 + e^(-c m_i)) with Python's math; c m_i >= 0 here."""
    m = [1.5, 0.5, 2.0, 1.5]
    return -sum(math.log1p(math.exp(-c * mi)) for mi in m)


def right_gradient(w, b, X, y01):
    r = y01 - 1.0 / (1.0 + np.exp(-(X @ w + b)))
    return X.T @ r, r.sum()


def right_log_sigmoid(z):
    return np.minimum(z, 0) - np.log1p(np.exp(-np.abs(z)))


NUMBER_CHECKS = {
    "threshold_offset": lambda a: lh.check_threshold_offset(a, 0.9),
    "scale_for_epsilon": lambda a: lh.check_scale_for_epsilon(a, WS, BS, XS, YS, eps=1e-3),
}
FUNCTION_CHECKS = {
    "gradient_function": lh.check_gradient_function,
    "log_sigmoid_function": lh.check_log_sigmoid_function,
}


@pytest.mark.parametrize("check", list(NUMBER_CHECKS.values()) + list(FUNCTION_CHECKS.values()))
@pytest.mark.parametrize("answer", ODD_EXPLICIT, ids=odd_id)
def test_odd_answers_get_a_cross(check, answer):
    assert_cross(check(answer))


@pytest.mark.parametrize("name", NUMBER_CHECKS)
@settings(max_examples=40, deadline=None)
@given(answer=odd_answers())
def test_generated_odd_answers_get_a_cross(name, answer):
    assert_cross(NUMBER_CHECKS[name](answer))


@pytest.mark.parametrize("name", FUNCTION_CHECKS)
@pytest.mark.parametrize("func", ODD_FUNCTIONS)
def test_odd_functions_get_a_cross(name, func):
    assert_cross(FUNCTION_CHECKS[name](func))


@pytest.mark.parametrize("name", FUNCTION_CHECKS)
@settings(max_examples=40, deadline=None)
@given(value=odd_answers())
def test_functions_returning_odd_values_get_a_cross(name, value):
    assert_cross(FUNCTION_CHECKS[name](lambda *args: value))


@pytest.mark.parametrize("value", [5e-324, 1e-310, -1e-300, 1e300, -1.7e308, 1e6, -1e6])
def test_extreme_numbers_get_the_verdict_of_an_oracle(value):
    t = math.log(0.9 / 0.1)
    assert NUMBER_CHECKS["threshold_offset"](value).ok == (abs(value - t) <= 5e-3)
    fb = NUMBER_CHECKS["scale_for_epsilon"](value)
    assert isinstance(fb, Feedback)
    c_bound = math.log(4 / 1e-3) / 0.5  # n = 4, smallest margin 0.5 (by hand)
    assert fb.ok == (0.99 * c_bound <= value <= max(1.02 * c_bound, math.ceil(c_bound)))


def test_right_answers_in_every_form():
    for answer in number_forms(math.log(9.0)):
        assert_tick(NUMBER_CHECKS["threshold_offset"](answer))
    c = math.log(4 / 1e-3) / 0.5  # n e^(-c m_min) <= eps, worked out here
    for answer in number_forms(c) + number_forms(round(c, 1)):
        assert_tick(NUMBER_CHECKS["scale_for_epsilon"](answer))
    for answer in number_forms(1e300) + number_forms(10**20):  # work, but not the bound
        assert_cross(NUMBER_CHECKS["scale_for_epsilon"](answer))
    forms = [
        right_gradient,
        lambda w, b, X, y: [list(right_gradient(w, b, X, y)[0]), right_gradient(w, b, X, y)[1]],
        lambda w, b, X, y: (
            right_gradient(w, b, X, y)[0][:, None],
            np.array([right_gradient(w, b, X, y)[1]]),
        ),
    ]
    for func in forms:
        assert_tick(lh.check_gradient_function(func))
    for func in (right_log_sigmoid, lambda z: list(right_log_sigmoid(z))):
        assert_tick(lh.check_log_sigmoid_function(func))


def test_a_right_function_that_warns_is_right():
    """Both branches of np.where are evaluated: one overflows, the result is still right."""

    def where_both_branches(z):
        return np.where(z >= 0, -np.log1p(np.exp(-z)), z - np.log1p(np.exp(z)))

    def gradient_with_a_warning(w, b, X, y01):
        warnings.warn("just saying", UserWarning, stacklevel=1)
        return right_gradient(w, b, X, y01)

    assert_tick(lh.check_log_sigmoid_function(where_both_branches))
    assert_tick(lh.check_gradient_function(gradient_with_a_warning))


def test_a_wrong_function_that_warns_hears_the_warning():
    fb = lh.check_log_sigmoid_function(lambda z: np.log(1 / (1 + np.exp(-z))))
    assert_cross(fb)
    assert "numpy warned: overflow" in fb.message


def test_complex_output_is_named():
    fb = lh.check_log_sigmoid_function(lambda z: right_log_sigmoid(z) + 0j)
    assert_cross(fb)
    assert "complex" in fb.message


# ------------------------------------------------------------- exercise 5: quasi-separated data


def brute_force_1d(x, y):
    """(separable, quasi) for 1-D data by trying every threshold: separable if some (w, b)
    has every margin > 0; quasi if some (w, b) != 0 has every margin >= 0, one of them > 0."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    pts = np.unique(x)
    cuts = np.concatenate([[pts[0] - 1], pts, (pts[1:] + pts[:-1]) / 2, [pts[-1] + 1]])
    separable = quasi = False
    candidates = [(s, -s * t) for s in (1.0, -1.0) for t in cuts] + [(0.0, 1.0), (0.0, -1.0)]
    for w, b in candidates:
        g = [yi * (w * xi + b) for xi, yi in zip(x, y, strict=True)]
        separable |= min(g) > 0
        quasi |= min(g) >= 0 and max(g) > 0
    return separable, quasi


@pytest.mark.claim("C23")
def test_check_quasi_separated_on_the_notebook_example_and_its_relatives():
    pair = ([[-2.0], [-1.0], [0.0], [0.0], [1.0], [2.0]], [-1, -1, -1, 1, 1, 1])
    assert_tick(check_quasi_separated(pair))
    assert_tick(check_quasi_separated((np.array(pair[0]), np.array([0, 0, 0, 1, 1, 1]))))
    fb = check_quasi_separated(([[-1.0], [1.0]], [-1, 1]))
    assert_cross(fb)
    assert "separable" in fb.message
    fb = check_quasi_separated(([[-1.0], [0.0], [1.0]], [-1, 1, -1]))
    assert_cross(fb)
    assert "overlap" in fb.message
    # every example on the line x2 = 0 with overlapping labels: only (0, 1, 0) has margins >= 0
    fb = check_quasi_separated(([[0.0, 0.0], [1.0, 0.0], [2.0, 0.0]], [-1, 1, -1]))
    assert_cross(fb)
    assert "= 0" in fb.message
    # 2-D: a separable cloud plus a +/- pair on the separator x1 = x2
    X = [[2.0, 0.0], [3.0, 1.0], [0.0, 2.0], [1.0, 3.0], [1.0, 1.0], [1.0, 1.0]]
    assert_tick(check_quasi_separated((X, [1, 1, -1, -1, 1, -1])))


@pytest.mark.claim("C23")
@settings(max_examples=60, deadline=None)
@given(
    x=st.lists(st.integers(-3, 3), min_size=2, max_size=7),
    signs=st.lists(st.sampled_from([-1, 1]), min_size=7, max_size=7),
)
def test_check_quasi_separated_agrees_with_brute_force_in_1d(x, signs):
    y = signs[: len(x)]
    separable, quasi = brute_force_1d(x, y)
    fb = check_quasi_separated((np.array(x, float)[:, None], np.array(y)))
    assert fb.ok == (not separable and quasi)


@pytest.mark.parametrize(
    "answer",
    [
        None,
        3.0,
        "data",
        ([[0.0]],),
        ([[0.0], [1.0]], [1, 2]),
        ([[np.nan]], [1]),
        ([[0.0]], [1, -1]),
    ],
)
def test_check_quasi_separated_odd_answers_get_a_sentence(answer):
    assert_cross(check_quasi_separated(answer))


@pytest.mark.parametrize("scale", [1e-300, 1e-8, 1.0, 1e8, 1e150, 1e300])
@pytest.mark.parametrize("shift", [0.0, 1e8])
def test_check_quasi_separated_does_not_depend_on_units(scale, shift):
    """Scaling and shifting x changes neither separability nor quasi-separation."""
    x = np.array([[-2.0], [-1.0], [0.0], [0.0], [1.0], [2.0]])
    quasi = (x * scale + shift * scale, [-1, -1, -1, 1, 1, 1])
    fb = check_quasi_separated(quasi)
    assert_tick(fb)
    if shift == 0.0:  # the witness is (1, 0) whatever the scale: no round-off shown
        assert "(w, b) = ([1], 0)" in fb.message
    overlap = (x * scale + shift * scale, [-1, 1, -1, 1, -1, 1])
    assert "overlap" in check_quasi_separated(overlap).message


# ------------------------------------------------------------------ drag the data (issue 18)
def _drag03():
    import matplotlib

    matplotlib.use("Agg")
    return lh.DragLikelihoodExplorer(n=12, seed=3, margin=0.15)


def _sklearn_max_log_likelihood(X, y):
    """max ln L from scikit-learn's unpenalised logistic regression (oracle)."""
    from sklearn.linear_model import LogisticRegression

    fit = LogisticRegression(C=np.inf, tol=1e-12, max_iter=10_000).fit(X, y)
    z = y * (X @ fit.coef_[0] + fit.intercept_[0])
    return float(-np.sum(np.logaddexp(0.0, -z)))


def test_drag_overlap_accepts_the_maximum_read_after_one_move():
    ex = _drag03()
    ex.move_point(1, (0.08, -0.18))
    best = _sklearn_max_log_likelihood(ex.X, ex.y)
    for answer in (float(f"{best:.4g}"), best, np.float64(best), [best]):
        assert_tick(lh.check_drag_overlap(answer, ex))
    for wrong in (-best, best - 0.05, best + 0.05, -len(ex.y) * math.log(2.0)):
        fb = lh.check_drag_overlap(wrong, ex)
        assert_cross(fb)
        assert f"{best:.3g}" not in fb.message


def test_drag_overlap_refuses_separable_and_quasi_separable_data_and_other_edits():
    ex = _drag03()
    assert "not answered" in lh.check_drag_overlap(None, ex).message
    assert "no point has moved" in lh.check_drag_overlap(-1.0, ex).message
    ex.move_point(1, ex.X[1] + 0.01)
    assert "still separable" in lh.check_drag_overlap(-1.0, ex).message
    ex.reset()
    # point 1 (class -1) stacked on point 0 (class +1): the classes overlap, the MLE exists
    ex.move_point(1, ex.X[0])
    assert ex.y[0] == 1 and ex.y[1] == -1
    assert_tick(lh.check_drag_overlap(_sklearn_max_log_likelihood(ex.X, ex.y), ex))
    ex.reset()
    ex.add_point((0.0, 0.0), -1)
    assert "no adding or deleting" in lh.check_drag_overlap(-1.0, ex).message
