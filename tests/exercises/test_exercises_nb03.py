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
from scipy import special as scipy_special

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
    for c in (c_bound, round(c_bound, 2), round(c_bound, 3), math.ceil(c_bound), c_bound - 0.004):
        assert lh.check_scale_for_epsilon(c, w, b, X, y, 1e-3)
    # below the bound's value only by rounding: accepted, and the message says so
    assert "rounding" in lh.check_scale_for_epsilon(c_bound - 0.004, w, b, X, y, 1e-3).message
    assert "rounding" not in lh.check_scale_for_epsilon(c_bound, w, b, X, y, 1e-3).message
    # more than rounding below: the bound does not guarantee the target, never a tick
    for c in (c_bound - 0.006, c_bound - 0.04):
        fb = lh.check_scale_for_epsilon(c, w, b, X, y, 1e-3)
        assert not fb and "two decimals" in fb.message
    # c = 10^6 reaches the target but is trial and error, not the bound
    assert ref_log_likelihood(1e6 * w, 1e6 * b, X, y) >= -1e-3
    fb = lh.check_scale_for_epsilon(1e6, w, b, X, y, 1e-3)
    assert not fb and "bound" in fb.message
    # the smallest c that reaches the target (bisection on an independent ln L) is below the
    # bound: found by trial, told so
    lo, hi = 0.0, c_bound
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if ref_log_likelihood(mid * w, mid * b, X, y) >= -1e-3 else (mid, hi)
    assert hi < 0.9 * c_bound
    fb = lh.check_scale_for_epsilon(hi, w, b, X, y, 1e-3)
    assert not fb and "trial" in fb.message
    fb = lh.check_scale_for_epsilon(1.0, w, b, X, y, 1e-3)
    assert not fb and "solve" in fb.message and f"{c_bound:.3g}" not in fb.message
    fb = lh.check_scale_for_epsilon(math.log(1 / 1e-3) / m.min(), w, b, X, y, 1e-3)
    assert not fb and "factor n" in fb.message
    for bad in (-5.0, 0.0, "big", float("nan")):
        fb = lh.check_scale_for_epsilon(bad, w, b, X, y, 1e-3)
        assert not fb and "positive" in fb.message


def ref_gradient_pm(w, b, X, y):
    """sum_i y_i sigma(-gamma_i) (x_i, 1), gamma_i = y_i (w.x_i + b), in plain Python."""
    dw, db = [0.0] * len(w), 0.0
    for xi, yi in zip(np.asarray(X).tolist(), np.asarray(y).tolist(), strict=True):
        g = yi * (sum(wj * xj for wj, xj in zip(w, xi, strict=True)) + b)
        r = yi / (1.0 + math.exp(g))
        dw = [dj + r * xj for dj, xj in zip(dw, xi, strict=True)]
        db += r
    return np.array(dw), db


@pytest.mark.claim("C22")
def test_check_gradient_function_accepts_the_right_gradient_and_names_mistakes():
    def right(w, b, X, y):
        return ref_gradient_pm(w, b, X, y)

    def via_01_labels(w, b, X, y):  # the {0, 1} formula after converting the labels
        r = (y + 1) / 2 - 1.0 / (1.0 + np.exp(-(X @ w + b)))
        return X.T @ r, r.sum()

    def finite_difference(w, b, X, y):  # any correct method is right
        def lnl(w, b):
            return -np.sum(np.log1p(np.exp(-y * (X @ w + b))))

        h = 1e-6
        dw = [(lnl(w + h * e, b) - lnl(w - h * e, b)) / (2 * h) for e in np.eye(len(w))]
        return np.array(dw), (lnl(w, b + h) - lnl(w, b - h)) / (2 * h)

    def flipped(w, b, X, y):
        dw, db = right(w, b, X, y)
        return -dw, -db

    def no_bias(w, b, X, y):
        return right(w, b, X, y)[0], 0.0

    def sigma_of_plus(w, b, X, y):  # sigma(gamma) for sigma(-gamma)
        r = y / (1.0 + np.exp(-y * (X @ w + b)))
        return X.T @ r, r.sum()

    def no_label(w, b, X, y):  # the factor y_i forgotten
        r = 1.0 / (1.0 + np.exp(y * (X @ w + b)))
        return X.T @ r, r.sum()

    def zero_one_formula(w, b, X, y):  # sum (y - sigma) x with y in {-1, +1}
        r = y - 1.0 / (1.0 + np.exp(-(X @ w + b)))
        return X.T @ r, r.sum()

    def broken(w, b, X, y):
        raise RuntimeError("oops")

    def bad_shape(w, b, X, y):
        return np.zeros(len(w) + 1), 0.0

    for func in (right, via_01_labels, finite_difference):
        assert_tick(lh.check_gradient_function(func))
    assert "sign" in lh.check_gradient_function(flipped).message
    assert "db" in lh.check_gradient_function(no_bias).message
    assert "sigma(-z)" in lh.check_gradient_function(sigma_of_plus).message
    assert "factor y_i" in lh.check_gradient_function(no_label).message
    assert "{0, 1} formula" in lh.check_gradient_function(zero_one_formula).message
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
    assert not fb and "overflows at z = -1000" in fb.message
    fb = lh.check_log_sigmoid_function(clipped)
    assert not fb and "z = -1000" in fb.message
    fb = lh.check_log_sigmoid_function(inaccurate)  # relative error u^2 / (2|z|) > 1e-9 at z = -8.9
    assert not fb and "z = -8.92" in fb.message
    assert "shape" in lh.check_log_sigmoid_function(lambda z: z[:3]).message
    assert not lh.check_log_sigmoid_function("log_expit")


def test_the_examiners_nearly_right_log_sigmoids_are_refused():
    """Each is right at the few points the check used to test and wrong elsewhere: a grid of
    about 18 000 points of [-1000, 1000] finds the error (by hand: log1p(u) - u ~ u^2 / 2)."""

    def right(z):
        return np.minimum(z, 0) - np.log1p(np.exp(-np.abs(z)))

    def shortcut(z):  # log1p(u) ~ u for |z| > 10: relative error e^-10.01 / 2 = 2.2e-5
        a = np.abs(z)
        return np.minimum(z, 0) - np.where(a > 10, np.exp(-a), np.log1p(np.exp(-a)))

    def scaled_on(lo, hi):
        return lambda z: np.where((z > lo) & (z < hi), right(z) * (1 + 1e-3), right(z))

    for func, where in [
        (shortcut, "z = 10.01"),
        (scaled_on(-700, -40), "z = -699.9"),
        (scaled_on(5, 39.99), "z = 5.01"),
        (scaled_on(40.001, 745), "z = 40.01"),
        (lambda z: np.where(z > 40.01, 0.0, right(z)), "z = 40.01"),
        (lambda z: np.where(z > 708.5, 0.0, right(z)), "beyond z = 708.4"),
    ]:
        fb = lh.check_log_sigmoid_function(func)
        assert_cross(fb)
        assert where in fb.message


def test_log_sigmoid_accuracy_is_relative_where_normal_and_absolute_beyond():
    """A shortcut that is right to 1e-9 is right: log1p(u) ~ u for |z| > 21 (u^2 / 2 / |ln sigma|
    < 1e-9 there); -0 from z = 745.2 on (the true value is below 5e-324) is right too."""

    def shortcut21(z):
        a = np.abs(z)
        return np.minimum(z, 0) - np.where(a > 21, np.exp(-a), np.log1p(np.exp(-a)))

    def zero_beyond_745(z):
        return np.where(z > 745.2, -0.0, np.minimum(z, 0) - np.log1p(np.exp(-np.abs(z))))

    for func in (shortcut21, zero_beyond_745):
        assert_tick(lh.check_log_sigmoid_function(func))
    z = np.array([21.0, 30.0, 709.0, 745.2])  # oracle: Python's math, term by term
    exact = [-math.log1p(math.exp(-t)) for t in z.tolist()]
    assert np.all(np.abs(shortcut21(z) - exact) <= np.maximum(1e-9 * np.abs(exact), 1e-320))


ALIAS = np.logaddexp  # a forbidden ufunc under another name, used by a function below


def test_a_forbidden_tool_under_any_name_is_refused():
    """Exercise 4 bans logaddexp, expit, log_expit and lh.log_sigmoid: also through an alias,
    a helper function, a closure, or code whose source is not kept (exec)."""
    from scipy import special

    def via_alias(z):
        return -ALIAS(0, -z)

    def helper(z):
        return special.log_expit(z)

    def via_helper(z):
        return helper(z) + 0.0

    bound = np.logaddexp

    def via_closure(z):
        return -bound(0, -z)

    scope = {}
    exec("import numpy as np\ndef hidden(z):\n    return -np.logaddexp(0, -z)\n", scope)
    for func, name in [
        (via_alias, "logaddexp"),
        (via_helper, "log_expit"),
        (via_closure, "logaddexp"),
        (scope["hidden"], "logaddexp"),
        (lambda z: lh.log_sigmoid(z), "log_sigmoid"),
        (lambda z: np.log(special.expit(z)), "expit"),
    ]:
        fb = lh.check_log_sigmoid_function(func)
        assert_cross(fb)
        assert f"uses {name}" in fb.message


NDTR_ALIAS = scipy_special.log_ndtr  # a scipy ufunc (no module name) under another name


def test_any_use_of_scipy_or_lh_is_refused():
    """The exercise bans scipy and lh outright: logsumexp, a name built for getattr on a scipy
    module, an import inside the function, and any lh function (even lh.sigmoid)."""
    import scipy.special
    from scipy import special

    def imports_inside(z):
        from scipy.special import log_ndtr  # noqa: F401 (any scipy import is refused)

        return np.minimum(z, 0) - np.log1p(np.exp(-np.abs(z)))

    for func, name in [
        (lambda z: -scipy.special.logsumexp(np.stack([np.zeros_like(z), -z]), axis=0), "logsumexp"),
        (lambda z: getattr(scipy.special, "log_" + "expit")(z), "scipy"),
        (lambda z: getattr(special, "log_" + "expit")(z), "scipy"),
        (imports_inside, "scipy"),
        (lambda z: -NDTR_ALIAS(z) + z, "scipy"),
        (lambda z: np.log(lh.sigmoid(z)), "lh"),
    ]:
        fb = lh.check_log_sigmoid_function(func)
        assert_cross(fb)
        assert f"uses {name}" in fb.message


def test_a_helper_named_like_nothing_forbidden_is_fine():
    def softplus(u):  # the student's own helper: allowed
        return np.log1p(np.exp(-np.abs(u)))

    def stable(z):
        return np.minimum(z, 0) - softplus(z)

    assert_tick(lh.check_log_sigmoid_function(stable))


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


def right_gradient(w, b, X, y):
    r = y / (1.0 + np.exp(y * (X @ w + b)))  # y_i sigma(-gamma_i)
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
    assert fb.ok == (c_bound - 0.005 <= value <= max(1.02 * c_bound, math.ceil(c_bound)))


def test_right_answers_in_every_form():
    for answer in number_forms(math.log(9.0)):
        assert_tick(NUMBER_CHECKS["threshold_offset"](answer))
    c = math.log(4 / 1e-3) / 0.5  # n e^(-c m_min) <= eps, worked out here
    for answer in number_forms(c) + number_forms(round(c, 2)):
        assert_tick(NUMBER_CHECKS["scale_for_epsilon"](answer))
    for answer in number_forms(1e300) + number_forms(10**20):  # work, but not the bound
        assert_cross(NUMBER_CHECKS["scale_for_epsilon"](answer))
    for answer in number_forms(c - 0.05) + number_forms(c - 0.006):  # below the bound
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


def test_an_overflow_in_a_discarded_branch_is_named():
    """np.where evaluates both branches: one overflows although the result is right."""

    def where_both_branches(z):
        return np.where(z >= 0, -np.log1p(np.exp(-z)), z - np.log1p(np.exp(z)))

    def masked(z):  # each branch only on its own z: no overflow anywhere, right
        z = np.asarray(z, dtype=float)
        out = np.empty_like(z)
        pos = z >= 0
        out[pos] = -np.log1p(np.exp(-z[pos]))
        out[~pos] = z[~pos] - np.log1p(np.exp(z[~pos]))
        return out

    assert np.allclose(where_both_branches(np.array([-3.0, 3.0])), right_log_sigmoid([-3, 3.0]))
    fb = lh.check_log_sigmoid_function(where_both_branches)
    assert_cross(fb)
    assert "np.where" in fb.message and "overflows at z = " in fb.message
    assert_tick(lh.check_log_sigmoid_function(masked))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the check itself lets no warning escape
        lh.check_log_sigmoid_function(where_both_branches)


def test_a_right_gradient_that_warns_is_right():
    def gradient_with_a_warning(w, b, X, y):
        warnings.warn("just saying", UserWarning, stacklevel=1)
        return right_gradient(w, b, X, y)

    assert_tick(lh.check_gradient_function(gradient_with_a_warning))


def test_a_wrong_function_that_warns_hears_the_warning():
    fb = lh.check_log_sigmoid_function(lambda z: np.log(1 / (1 + np.exp(-z))))
    assert_cross(fb)
    assert "overflow encountered" in fb.message


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


#: Distinct points: + - + on the line x2 = 0 (no threshold on the line separates them), one
#: point on each side of it with its own label. (w, b) = ((0, 1), 0) has margins 0, 0, 0, 1, 1.
COLLINEAR = ([[-1.0, 0.0], [0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [0.0, -1.0]], [1, -1, 1, 1, -1])


@pytest.mark.claim("C23")
def test_check_quasi_separated_on_distinct_points_and_relatives():
    assert_tick(check_quasi_separated(COLLINEAR))
    assert_tick(check_quasi_separated((np.array(COLLINEAR[0]), np.array([1, 0, 1, 1, 0]))))
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


@pytest.mark.claim("C23")
@pytest.mark.parametrize(
    "X, y",
    [
        ([[-2.0], [-1.0], [0.0], [0.0], [1.0], [2.0]], [-1, -1, -1, 1, 1, 1]),
        (
            [[2.0, 0.0], [3.0, 1.0], [0.0, 2.0], [1.0, 3.0], [1.0, 1.0], [1.0, 1.0]],
            [1, 1, -1, -1, 1, -1],
        ),
        ([[0.0, 0.0], [1.0, 1.0], [1e-8, 0.0]], [1, -1, -1]),  # closer than 1e-6 of the size
    ],
)
def test_check_quasi_separated_rejects_a_repeated_point(X, y):
    """The exercise asks for distinct points: one point with both labels is Section 6's data."""
    fb = check_quasi_separated((X, y))
    assert_cross(fb)
    assert "same point" in fb.message


def test_check_quasi_separated_rejects_the_notebook_data():
    Xb, yb, _, _, k = lh.likelihood_scaling_data("one point on the boundary")
    fb = check_quasi_separated((np.vstack([Xb, Xb[k]]), np.append(yb, -yb[k])))
    assert_cross(fb)
    assert f"rows {k} and {len(yb)}" in fb.message


@pytest.mark.claim("C23")
@settings(max_examples=60, deadline=None)
@given(
    on_line=st.lists(st.integers(-20, 20), min_size=3, max_size=8, unique=True),
    off=st.lists(st.tuples(st.integers(-20, 20), st.integers(1, 20)), min_size=1, max_size=6),
    angle=st.floats(0.0, 6.28),
    shift=st.tuples(st.floats(-5, 5), st.floats(-5, 5)),
)
def test_check_quasi_separated_accepts_built_quasi_separated_data(on_line, off, angle, shift):
    """Distinct points on a rotated, shifted line labelled + - + ... (a - between two +, so no
    threshold on the line separates them, and no line in the plane does), plus at least one
    distinct point off it, each on its own side with its label: quasi-separated by construction."""
    t = np.sort(np.array(on_line, float))
    line_y = np.where(np.arange(len(t)) == 1, -1, 1)  # the 2nd point negative, between two +
    side = np.array([s for _, s in off], float)
    flip = np.array([1 if i % 2 else -1 for i in range(len(off))])
    off_pts = np.column_stack([[u for u, _ in off], side * flip])
    pts = np.concatenate([np.column_stack([t, 0 * t]), off_pts])
    labels = np.concatenate([line_y, flip]).astype(int)
    pts, keep = np.unique(pts, axis=0, return_index=True)
    labels = labels[keep]
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    X = pts @ rot.T + np.array(shift)
    assert_tick(check_quasi_separated((X, labels)))


@pytest.mark.claim("C23")
@settings(max_examples=60, deadline=None)
@given(
    x=st.lists(st.integers(-3, 3), min_size=2, max_size=7),
    signs=st.lists(st.sampled_from([-1, 1]), min_size=7, max_size=7),
)
def test_check_quasi_separated_agrees_with_brute_force_in_1d(x, signs):
    """In one dimension distinct points are never quasi-separated (one point on the boundary
    can always be cut off), and a repeated point is refused."""
    y = signs[: len(x)]
    separable, quasi = brute_force_1d(x, y)
    fb = check_quasi_separated((np.array(x, float)[:, None], np.array(y)))
    assert not fb.ok
    if len(set(x)) == len(x):
        assert not (quasi and not separable)
    else:
        assert "same point" in fb.message


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
    x = np.array(COLLINEAR[0])
    quasi = (x * scale + shift * scale, COLLINEAR[1])
    fb = check_quasi_separated(quasi)
    assert_tick(fb)
    if shift == 0.0:  # the witness is ((0, 1), 0) whatever the scale: no round-off shown
        assert "(w, b) = ([0, 1], 0)" in fb.message
    overlap = (x * scale + shift * scale, [1, -1, 1, 1, 1])  # (0, -1) now + : overlap
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
