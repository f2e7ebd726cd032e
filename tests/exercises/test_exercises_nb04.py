"""The checks of notebook 04 (linsep_helpers.exercises.nb04): the LP matrix, the rescaled
separator and Gordan certificates, against arithmetic written here."""

import re
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from odd_answers import (
    ODD_EXPLICIT,
    assert_cross,
    assert_tick,
    number_forms,
    odd_answers,
    odd_id,
    odd_pairs,
    vector_forms,
    wb_forms,
)

import linsep_helpers as lh
from linsep_helpers.exercises import Feedback
from linsep_helpers.exercises.nb04 import check_robust_optimum


def is_gordan_certificate(X, y, lam, tol=1e-8):
    """lam >= 0, sum lam = 1, sum lam_i y_i x_i = 0 and sum lam_i y_i = 0 (written out here)."""
    lam = np.asarray(lam, dtype=float)
    if np.any(lam < -tol) or abs(lam.sum() - 1.0) > tol:
        return False
    lin = sum(lam[i] * y[i] * X[i] for i in range(len(y)))
    return bool(np.all(np.abs(lin) <= tol) and abs(float(lam @ y)) <= tol)


# -------------------------------------------------------------------------------------------
# exercise checks
# -------------------------------------------------------------------------------------------

X1 = np.array([[1.0, 2.0], [0.5, -1.0], [-1.0, 0.0], [2.0, 1.5], [0.0, -2.0]])
Y1 = np.array([1.0, -1.0, -1.0, 1.0, 1.0])
A1 = np.array(  # written out by hand: rows y_i (x_i, 1)
    [
        [1.0, 2.0, 1.0],
        [-0.5, 1.0, -1.0],
        [1.0, 0.0, -1.0],
        [2.0, 1.5, 1.0],
        [0.0, -2.0, 1.0],
    ]
)


@pytest.mark.claim("C24")
def test_check_separation_matrix_accepts_the_right_matrix():
    fb = lh.check_separation_matrix(A1, X1, Y1)
    assert fb.ok and repr(fb).startswith("\u2714")
    assert lh.check_separation_matrix(A1.tolist(), X1, Y1).ok
    # labels {0, 1} mean the same matrix
    assert lh.check_separation_matrix(A1, X1, (Y1 + 1) / 2).ok


@pytest.mark.claim("C24")
@pytest.mark.parametrize(
    ("answer", "match"),
    [
        (None, "not answered yet"),
        ("abc", "must be numbers"),
        (np.full((5, 3), np.nan), "NaN"),
        (A1[:, :2], "shape"),
        (A1.T, "shape"),
        (np.abs(A1), "signs"),
        (np.column_stack([A1[:, :2], np.zeros(5)]), "last column"),
        (np.column_stack([Y1[:, None] * X1, np.ones(5)]), "last column|signs|rows"),
    ],
)
def test_check_separation_matrix_says_what_is_wrong(answer, match):
    fb = lh.check_separation_matrix(answer, X1, Y1)
    assert not fb.ok and not bool(fb)
    assert repr(fb).startswith("\u2718")
    assert fb.message  # an explanation, and it does not print the matrix
    assert re.search(match, fb.message)
    assert "2.0, 1.5" not in fb.message


def test_check_separation_matrix_names_the_wrong_row():
    bad = A1.copy()
    bad[3, 0] = 7.0
    fb = lh.check_separation_matrix(bad, X1, Y1)
    assert not fb.ok and "[3]" in fb.message


def test_check_separation_matrix_last_column_of_x_instead_of_ones():
    bad = A1.copy()
    bad[:, 2] = 2.0 * Y1
    fb = lh.check_separation_matrix(bad, X1, Y1)
    assert not fb.ok and "last column" in fb.message


X2 = np.array([[1.0, 0.0], [0.5, 1.25], [0.0, -1.0], [-1.0, 0.0], [0.0, 1.25], [-0.5, 0.25]])
Y2 = np.array([1.0, 1.0, 1.0, -1.0, -1.0, -1.0])
W0, B0 = np.array([2.0, -1.0]), 0.5  # margins 2.5, 0.25, 1.5, 1.5, 0.75, 0.75 (by hand)


@pytest.mark.claim("C05")
def test_check_rescaled_separator_cases():
    ok = lh.check_rescaled_separator((4 * W0, 4 * B0), X2, Y2, W0, B0)
    assert ok.ok and "smallest factor" in ok.message
    # feasible but not the smallest factor: a cross that says which way, without the minimum
    bigger = lh.check_rescaled_separator((10 * W0, 10 * B0), X2, Y2, W0, B0)
    assert not bigger.ok and "above 1" in bigger.message and "scale down" in bigger.message
    assert "2.5" not in bigger.message
    too_small = lh.check_rescaled_separator((2 * W0, 2 * B0), X2, Y2, W0, B0)
    assert not too_small.ok and "below 1" in too_small.message and "0.5" not in too_small.message
    negative = lh.check_rescaled_separator((-4 * W0, -4 * B0), X2, Y2, W0, B0)
    assert not negative.ok and "positive multiple" in negative.message
    rotated = lh.check_rescaled_separator((np.array([8.0, -3.0]), 2.0), X2, Y2, W0, B0)
    assert not rotated.ok and "positive multiple" in rotated.message
    assert "not answered" in lh.check_rescaled_separator((None, None), X2, Y2, W0, B0).message
    assert "not answered" in lh.check_rescaled_separator((4 * W0, None), X2, Y2, W0, B0).message
    shape = lh.check_rescaled_separator(([1.0, 2.0, 3.0], 1.0), X2, Y2, W0, B0)
    assert not shape.ok and "length 2" in shape.message
    assert not lh.check_rescaled_separator(("x", 1.0), X2, Y2, W0, B0).ok
    assert not lh.check_rescaled_separator(([np.inf, 0.0], 1.0), X2, Y2, W0, B0).ok


@pytest.mark.claim("C05")
@settings(max_examples=60, deadline=None)
@given(
    st.floats(0.01, 0.5),
    st.integers(0, 10_000),
    st.floats(0.05, 20.0),
)
def test_rescaling_by_the_margin_gives_functional_margin_one(margin, seed, c):
    X, y, w, b = lh.make_separable(15, 2, margin, 1.0, seed=seed)
    w, b = c * w, c * b  # any separator, at any scale
    gamma = np.min(y * (X @ w + b))  # its functional margin, computed here
    fb = lh.check_rescaled_separator((w / gamma, b / gamma), X, y, w, b)
    assert fb.ok
    assert np.min(y * (X @ (w / gamma) + b / gamma)) == pytest.approx(1.0, rel=1e-9)
    # half the factor is not enough (its margin is 1/2)
    assert not lh.check_rescaled_separator((w / (2 * gamma), b / (2 * gamma)), X, y, w, b).ok


X3 = np.array([[0.0, 0.0], [2.0, 0.0], [0.0, 2.0], [0.5, 0.5]])
Y3 = np.array([1.0, 1.0, 1.0, -1.0])
LAM3 = np.array([0.25, 0.125, 0.125, 0.5])


@pytest.mark.claim("C25")
def test_check_certificate_cases():
    assert is_gordan_certificate(X3, Y3, LAM3)  # the oracle agrees with the hand solution
    assert lh.check_certificate(LAM3, X3, Y3).ok
    assert lh.check_certificate(LAM3.tolist(), X3, Y3).ok
    cases = [
        (None, "not answered"),
        ("2/3", "not text"),  # every check reads numbers alike (_feedback.parse_number)
        ([0.5, 0.5], "4 entries"),
        ([0.75, 0.125, 0.125, 0.0], "same total weight"),
        ([-0.25, 0.25, 0.5, 0.5], ">= 0"),
        ([0.5, 0.25, 0.25, 1.0], "add up to 1"),
        ([0.5, 0.0, 0.0, 0.5], "weighted means"),
        ("abc", "numbers"),
    ]
    for lam, match in cases:
        fb = lh.check_certificate(lam, X3, Y3)
        assert not fb.ok, lam
        assert match in fb.message, (lam, fb.message)


@pytest.mark.claim("C25")
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_check_certificate_agrees_with_the_oracle_on_random_weights(seed):
    rng = np.random.default_rng(seed)
    X, y = lh.xor_data()
    lam = rng.dirichlet(np.ones(4))
    assert lh.check_certificate(lam, X, y).ok == is_gordan_certificate(X, y, lam, tol=1e-9)


@pytest.mark.parametrize(
    "fn",
    [
        lambda X, y: lh.check_separation_matrix(np.zeros((2, 3)), X, y),
        lambda X, y: lh.check_rescaled_separator(([1.0, 0.0], 0.0), X, y, [1.0, 0.0], 0.0),
        lambda X, y: lh.check_certificate([0.5, 0.5], X, y),
    ],
)
def test_checks_reject_bad_data(fn):
    with pytest.raises(ValueError, match="NaN|infinite|finite"):
        fn(np.array([[np.nan, 0.0], [1.0, 1.0]]), np.array([1.0, -1.0]))
    with pytest.raises(ValueError, match="label"):
        fn(np.array([[0.0, 0.0], [1.0, 1.0]]), np.array([1.0, 3.0]))


# ------------------------------------------------------------------------- odd answers, any form

CHECKS = {
    "separation_matrix": (lambda a: lh.check_separation_matrix(a, X1, Y1), None),
    "rescaled_separator": (lambda a: lh.check_rescaled_separator(a, X2, Y2, W0, B0), 2),
    "certificate": (lambda a: lh.check_certificate(a, X3, Y3), None),
    "robust_optimum": (lambda a: check_robust_optimum(a, X4, Y4), None),
}


@pytest.mark.parametrize("name", CHECKS)
@pytest.mark.parametrize("answer", ODD_EXPLICIT, ids=odd_id)
def test_odd_answers_get_a_cross(name, answer):
    assert_cross(CHECKS[name][0](answer))


@pytest.mark.parametrize("name", CHECKS)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_generated_odd_answers_get_a_cross(name, data):
    check, d = CHECKS[name]
    answer = data.draw(odd_answers() if d is None else st.one_of(odd_answers(), odd_pairs(d)))
    assert_cross(check(answer))


def test_complex_matrix_is_not_accepted():
    """Issue 16: a complex A used to get a tick (its imaginary part was dropped)."""
    fb = lh.check_separation_matrix(A1 + 0j, X1, Y1)
    assert_cross(fb)
    assert "complex" in fb.message
    assert_cross(lh.check_separation_matrix(A1.astype(bool), X1, Y1))


def test_right_answers_in_every_form():
    for answer in (
        A1,
        A1.tolist(),
        tuple(map(tuple, A1)),
        A1.astype(np.float32),
        A1.astype(object),
    ):
        assert_tick(CHECKS["separation_matrix"][0](answer))
    for answer in wb_forms(4 * W0, 4 * B0):
        assert_tick(CHECKS["rescaled_separator"][0](answer))
    for answer in vector_forms(LAM3) + [
        [Fraction(1, 4), Fraction(1, 8), Fraction(1, 8), Fraction(1, 2)]
    ]:
        assert_tick(CHECKS["certificate"][0](answer))


@settings(max_examples=60, deadline=None)
@given(st.floats(-300, 300))
def test_rescaled_separator_at_any_scale(log_c):
    """c (w0, b0) is feasible exactly when c * 0.25 >= 1 (the smallest margin, by hand)."""
    c = 10.0**log_c
    fb = lh.check_rescaled_separator((c * W0, c * B0), X2, Y2, W0, B0)
    assert isinstance(fb, Feedback)
    assert fb.ok == (abs(c * 0.25 - 1.0) <= 1e-6)  # only the smallest factor c = 4
    assert_cross(lh.check_rescaled_separator((-c * W0, -c * B0), X2, Y2, W0, B0))


@pytest.mark.claim("C05")
@pytest.mark.parametrize(
    ("c", "ok", "shown"),
    [
        (4.0, True, None),
        (4.0 * (1 + 1e-8), True, None),  # c to 8 digits
        (4.0 * (1 - 1e-8), True, None),
        (4.0001, False, "above 1"),  # 4.0001 * 0.25 = 1.000025: not rounded to "1"
        (4.00004, False, "above 1"),
        (3.9999, False, "below 1"),
        (5.0, False, "above 1"),
        (100.0, False, "above 1"),
    ],
)
def test_check_rescaled_separator_accepts_only_the_smallest_factor(c, ok, shown):
    """The smallest c has min_i y_i (c w0.x_i + c b0) = 1; by hand that minimum is 0.25 c."""
    fb = lh.check_rescaled_separator((c * W0, c * B0), X2, Y2, W0, B0)
    assert fb.ok == ok
    if shown is not None:
        assert shown in fb.message
        assert f"{0.25 * c:.6g}" not in fb.message  # the minimum would give the answer away


def test_check_rescaled_separator_needs_a_separating_w0():
    for w0, b0 in (([-2.0, 1.0], -0.5), ([0.0, 1.0], 0.0)):  # flipped; a line through points
        with pytest.raises(ValueError, match="w0, b0"):
            lh.check_rescaled_separator((w0, b0), X2, Y2, w0, b0)


@pytest.mark.parametrize("big", [1e300, 1.7e308])
def test_huge_weights_are_not_a_certificate(big):
    assert_cross(lh.check_certificate([big, big, big, big], X3, Y3))
    assert_cross(lh.check_certificate([big, 0.0, 0.0, big], X3, Y3))
    assert_cross(lh.check_certificate([5e-324, 0.0, 0.0, 5e-324], X3, Y3))


# ------------------------------------------------------------------ exercise 4: the robust LP

X4 = np.array([[0.0], [1.0], [2.0]])  # on a line: +, -, +
Y4 = np.array([1.0, -1.0, 1.0])
# by hand: the only certificate is lam = (1/4, 1/2, 1/4); sum lam_i xi_i >= 1 gives a mean
# slack >= 1 / (3 * 1/2) = 2/3, and (w, b) = (0, 1) has slacks (0, 2, 0): mean 2/3
OPT4 = Fraction(2, 3)


def robust_lp_oracle(X, y):
    """min mean xi s.t. y_i (w.x_i + b) >= 1 - xi_i, xi >= 0, with scipy's linprog here."""
    from scipy.optimize import linprog

    n, d = X.shape
    A = y[:, None] * np.column_stack([X, np.ones(n)])
    c = np.concatenate([np.zeros(d + 1), np.full(n, 1.0 / n)])
    A_ub = -np.column_stack([A, np.eye(n)])
    bounds = [(None, None)] * (d + 1) + [(0, None)] * n
    res = linprog(c, A_ub=A_ub, b_ub=-np.ones(n), bounds=bounds, method="highs")
    assert res.status == 0
    return res.fun


def test_robust_optimum_by_hand_matches_scipy():
    assert is_gordan_certificate(X4, Y4, [0.25, 0.5, 0.25])
    assert robust_lp_oracle(X4, Y4) == pytest.approx(float(OPT4), abs=1e-9)


@pytest.mark.parametrize(
    "answer",
    [*number_forms(2 / 3), OPT4, 0.667, 0.6667, 0.67, 0.665],
)
def test_check_robust_optimum_accepts_the_optimum_in_every_form(answer):
    assert_tick(check_robust_optimum(answer, X4, Y4))


@pytest.mark.parametrize(
    ("answer", "match"),
    [
        (0.5, "too small"),
        (0.6, "too small"),
        (0.66, "too small"),  # 2/3 - 0.0067: outside the tolerance of rounding
        (0.0, "too small"),
        (0.7, "too large"),
        (0.75, "too large"),
        (1.0, "too large"),
        (None, "not answered"),
    ],
)
def test_check_robust_optimum_rejects_wrong_values(answer, match):
    fb = check_robust_optimum(answer, X4, Y4)
    assert_cross(fb)
    assert match in fb.message
    if not isinstance(answer, str):  # (text is echoed back) the optimum is never shown
        assert "0.66" not in fb.message and "2/3" not in fb.message


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_check_robust_optimum_agrees_with_scipy_on_random_data(seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(7, 2))
    y = rng.choice([-1.0, 1.0], size=7)
    best = robust_lp_oracle(X, y)
    assert check_robust_optimum(best, X, y).ok
    assert not check_robust_optimum(best + 0.01, X, y).ok
    assert not check_robust_optimum(best - 0.01, X, y).ok


@pytest.mark.parametrize("answer", ODD_EXPLICIT, ids=odd_id)
def test_check_robust_optimum_odd_answers_get_a_cross(answer):
    assert_cross(check_robust_optimum(answer, X4, Y4))


# ------------------------------------------------------------------ drag the data (issue 18)
def _drag04():
    import matplotlib

    matplotlib.use("Agg")
    return lh.DragCertificateExplorer(n=10, seed=1, margin=0.15)


def _oracle_certificate(X, y):
    """Some λ >= 0, sum 1, sum λ_i y_i (x_i, 1) = 0, from scipy's LP (oracle), or None."""
    from scipy.optimize import linprog

    A = y[:, None] * np.column_stack([X, np.ones(len(y))])
    res = linprog(
        np.zeros(len(y)),
        A_eq=np.vstack([A.T, np.ones(len(y))]),
        b_eq=[0.0] * A.shape[1] + [1.0],
        bounds=(0, None),
        method="highs",
    )
    return res.x if res.status == 0 else None


def _outside_hull_oracle(p, P):
    """p is not in the convex hull of the rows of P (scipy's Delaunay triangulation)."""
    from scipy.spatial import Delaunay

    return Delaunay(P).find_simplex(np.atleast_2d(p))[0] < 0


def test_drag_certificate_accepts_every_form_of_a_certificate_after_one_move():
    ex = _drag04()
    ex.move_point(0, (-1.2, -1.2))  # point 0 (class +1) outside the class -1 hull
    assert _outside_hull_oracle(ex.X[0], ex.X[ex.y < 0])
    lam = _oracle_certificate(ex.X, ex.y)
    assert lam is not None
    assert is_gordan_certificate(ex.X, ex.y, lam)
    rounded = np.round(lam, 4)
    support = {i: float(rounded[i]) for i in np.flatnonzero(rounded > 0)}
    for answer in (
        lam,
        rounded,
        rounded.tolist(),
        support,
        {np.int64(k): v for k, v in support.items()},
        {float(k): v for k, v in support.items()},
    ):
        assert_tick(lh.check_drag_certificate(answer, ex))
    for wrong in (np.full(10, 0.1), {0: 1.0}, {0: 0.5, 1: 0.5}, rounded * 2, rounded[:4]):
        assert_cross(lh.check_drag_certificate(wrong, ex))
    for odd in ({"a": 1.0}, {99: 1.0}, {True: 1.0}, {0: "x"}, "0.5"):
        assert_cross(lh.check_drag_certificate(odd, ex))


def test_drag_certificate_refuses_separable_data_and_other_edits():
    ex = _drag04()
    assert "not answered" in lh.check_drag_certificate(None, ex).message
    assert "no point has moved" in lh.check_drag_certificate({0: 1.0}, ex).message
    ex.move_point(3, ex.X[3] + 0.02)
    assert _oracle_certificate(ex.X, ex.y) is None
    assert "still separable" in lh.check_drag_certificate({0: 1.0}, ex).message
    ex.reset()
    ex.remove_point(3)
    assert "no adding or deleting" in lh.check_drag_certificate({0: 1.0}, ex).message


def test_drag_certificate_refuses_a_point_moved_into_the_other_hull():
    # non-separable, and the λ is a right certificate, but the moved point is inside the
    # other class's hull: the exercise asks for the other way of making the hulls meet
    ex = _drag04()
    ex.move_point(0, (-0.48, -0.31))
    assert not _outside_hull_oracle(ex.X[0], ex.X[ex.y < 0])
    lam = _oracle_certificate(ex.X, ex.y)
    assert lam is not None
    feedback = lh.check_drag_certificate(lam, ex)
    assert_cross(feedback)
    assert "OUTSIDE" in feedback.message


def test_drag_certificate_says_two_decimals_lose_precision():
    """The readout after the solution's move shows λ_0 = 0.2553, λ_1 = 0.0587, λ_3 = 0.2447,
    λ_9 = 0.4413; rounded to 2 decimals they add up to 1 but no longer balance the classes."""
    ex = _drag04()
    ex.move_point(0, (-1.2, -1.2))
    four = {0: 0.2553, 1: 0.0587, 3: 0.2447, 9: 0.4413}
    two = {0: 0.26, 1: 0.06, 3: 0.24, 9: 0.44}
    A = ex.y[:, None] * np.column_stack([ex.X, np.ones(len(ex.y))])
    residual = {
        name: np.abs(sum(v * A[i] for i, v in lam.items())).max()
        for name, lam in (("four", four), ("two", two))
    }
    assert residual["four"] < 1e-3 < 5e-3 < residual["two"]  # computed here, not by the check
    assert_tick(lh.check_drag_certificate(four, ex))
    feedback = lh.check_drag_certificate(two, ex)
    assert_cross(feedback)
    assert "3 decimals" in feedback.message and "precision" in feedback.message
