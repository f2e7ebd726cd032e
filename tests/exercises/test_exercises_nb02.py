"""The checks of notebook 02 (linsep_helpers.exercises.nb02): the perceptron by hand, the
Novikoff bound, the best lift scale, the staircase; odd answers get a ✘, never a traceback."""

import math

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
    vector_forms,
)
from oracles import reference_run

import linsep_helpers as lh

check_staircase_lower_bound = lh.check_staircase_lower_bound

# ---------------------------------------------------------------------------------------
# exercise checks
# ---------------------------------------------------------------------------------------

HAND_X = np.array([[1.0, 2.0], [2.0, -1.0], [-1.0, -1.0]])
HAND_Y = np.array([1.0, -1.0, -1.0])
# by hand: w0 = 0; x1 mistake -> (1, 2); x2: -(2 - 2) = 0 mistake -> (-1, 3);
# x3: -(1 - 3) = 2 ok; pass 2: x1: -1 + 6 > 0, x2: -(-2 - 3) > 0, x3 ok -> stop
HAND_W = [[1.0, 2.0], [-1.0, 3.0]]


@pytest.mark.claim("C07")
def test_check_perceptron_by_hand():
    assert lh.check_perceptron_by_hand(HAND_W, HAND_X, HAND_Y).ok
    fb = lh.check_perceptron_by_hand(None, HAND_X, HAND_Y)
    assert not fb.ok and "not answered" in fb.message
    fb = lh.check_perceptron_by_hand([[1.0, 2.0]], HAND_X, HAND_Y)
    assert not fb.ok and "not over" in fb.message
    fb = lh.check_perceptron_by_hand([[1.0, 2.0], [-1.0, 3.0], [0.0, 2.0]], HAND_X, HAND_Y)
    assert not fb.ok and "stops after 2" in fb.message
    # the tie slip: treating y w.x = 0 as correct skips update 2
    fb = lh.check_perceptron_by_hand([[1.0, 2.0], [2.0, 3.0]], HAND_X, HAND_Y)
    assert not fb.ok and "update 2 is wrong" in fb.message and "3.0" not in fb.message
    fb = lh.check_perceptron_by_hand([[-1.0, -2.0]], HAND_X, HAND_Y)
    assert not fb.ok and "update 1 is wrong" in fb.message
    assert not lh.check_perceptron_by_hand([[1.0]], HAND_X, HAND_Y).ok
    # the start w = 0 listed first: the student is told to leave it out, not that update 1 is wrong
    fb = lh.check_perceptron_by_hand([[0.0, 0.0], *HAND_W], HAND_X, HAND_Y)
    assert_cross(fb)
    assert "leave out the start w = 0" in fb.message and "rest of your list is right" in fb.message
    fb = lh.check_perceptron_by_hand([[0.0, 0.0], [1.0, 2.0], [2.0, 3.0]], HAND_X, HAND_Y)
    assert_cross(fb)
    assert "leave out the start w = 0" in fb.message and "rest" not in fb.message
    assert not lh.check_perceptron_by_hand(5, HAND_X, HAND_Y).ok
    assert "✘" in repr(fb)


@pytest.mark.claim("C09")
def test_check_novikoff_bound():
    X = np.array([[3.0, 4.0], [1.0, -1.0], [-2.0, 0.5]])
    y = np.array([1.0, 1.0, -1.0])
    w = np.array([2.0, 0.0])  # not unit norm: gamma = min(6, 2, 4) / 2 = 1, R = 5
    assert lh.check_novikoff_bound(25.0, X, y, w).ok
    assert "R/γ" in lh.check_novikoff_bound(5.0, X, y, w).message
    assert "geometric" in lh.check_novikoff_bound(25.0 / 4, X, y, w).message
    assert "upside down" in lh.check_novikoff_bound(1 / 25, X, y, w).message
    fb = lh.check_novikoff_bound(7.0, X, y, w)
    assert not fb.ok and "25" not in fb.message
    assert "not answered" in lh.check_novikoff_bound(None, X, y, w).message
    assert not lh.check_novikoff_bound("25", X, y, w).ok
    assert not lh.check_novikoff_bound(float("nan"), X, y, w).ok
    with pytest.raises(ValueError, match="does not separate"):
        lh.check_novikoff_bound(1.0, X, y, np.array([-1.0, 0.0]))


@pytest.mark.claim("C10")
@settings(max_examples=50, deadline=None)
@given(
    R=st.floats(0.1, 50),
    wn=st.floats(0.1, 10),
    b=st.floats(-20, 20).filter(lambda v: abs(v) > 1e-3),
)
def test_check_best_lift_scale_minimises_the_bound(R, wn, b):
    r_best = math.sqrt(R * abs(b) / wn)
    assert lh.check_best_lift_scale(r_best, R, wn, b).ok

    def bound(r):
        return (R**2 + r**2) * (wn**2 + b**2 / r**2)

    # brute force: no r on a fine grid does better, and the minimum is (R wn + |b|)^2
    grid = np.geomspace(r_best / 100, r_best * 100, 2001)
    assert bound(r_best) <= np.min(bound(grid)) * (1 + 1e-12)
    assert bound(r_best) == pytest.approx((R * wn + abs(b)) ** 2, rel=1e-9)
    for wrong, side in ((r_best * 3, "too large"), (r_best / 3, "too small")):
        fb = lh.check_best_lift_scale(wrong, R, wn, b)
        # a wrong r that happens to equal the best r^2 (to the check's 0.5 %) gets that hint
        expected = "best r²" if math.isclose(wrong, r_best**2, rel_tol=5e-3) else side
        assert not fb.ok and expected in fb.message


@settings(max_examples=60, deadline=None)
@given(
    R=st.floats(0.1, 50),
    wn=st.floats(0.1, 10),
    b=st.floats(-20, 20).filter(lambda v: abs(v) > 1e-3),
    k=st.integers(2, 6),
)
def test_check_best_lift_scale_accepts_roundings_and_nothing_two_units_off(R, wn, b, k):
    """The best r rounded to k >= 2 decimals is right (when the rounding keeps a significant
    digit); two units off in the k-th decimal is not, whatever the scale of r."""
    r_best = math.sqrt(R * abs(b) / wn)
    rounded = round(r_best, k)
    if rounded != 0:
        assert_tick(lh.check_best_lift_scale(rounded, R, wn, b))
    for off in (round(rounded + 2 * 10.0**-k, k), round(rounded - 2 * 10.0**-k, k)):
        # 8.838 + 0.002 = 8.84 is r = 8.8379 rounded to two decimals: still right
        if off > 0 and all(round(r_best, j) != off for j in range(2, k + 1)):
            assert_cross(lh.check_best_lift_scale(off, R, wn, b))


def test_check_best_lift_scale_messages():
    # R = 4, ||w*|| = 1, b* = 1: best r^2 = 4, r = 2
    assert lh.check_best_lift_scale(2.0, 4.0, 1.0, 1.0).ok
    assert "r²" in lh.check_best_lift_scale(4.0, 4.0, 1.0, 1.0).message
    assert "> 0" in lh.check_best_lift_scale(-1.0, 4.0, 1.0, 1.0).message
    assert "not answered" in lh.check_best_lift_scale(None, 4.0, 1.0, 1.0).message
    with pytest.raises(ValueError, match="b_star must be nonzero"):
        lh.check_best_lift_scale(1.0, 4.0, 1.0, 0.0)
    with pytest.raises(ValueError, match="radius must be > 0"):
        lh.check_best_lift_scale(1.0, 0.0, 1.0, 1.0)


def test_check_best_lift_scale_near_the_minimum_says_how_much():
    """R = 20.5, ||w*|| = 1, b* = 9: best r = sqrt(184.5) = 13.583 (by hand). One decimal is not
    enough, and the message gives the excess of the bound in percent, never as "1 times"."""
    for answer, side in ((13.5, "too small"), (13.6, "too large"), (14.0, "too large")):
        fb = lh.check_best_lift_scale(answer, 20.5, 1.0, 9.0)
        assert_cross(fb)
        assert side in fb.message and "%" in fb.message and " 1 times" not in fb.message
        assert "derivative" in fb.message
        # the excess written out here: (R^2 + r^2)(1 + b^2/r^2) / (R + b)^2 - 1, in percent
        excess = (20.5**2 + answer**2) * (1 + 81 / answer**2) / 29.5**2 - 1
        assert f"{100 * excess:.2g} %" in fb.message
    fb = lh.check_best_lift_scale(20.0, 20.5, 1.0, 9.0)  # 13 % above the minimum (by hand)
    assert_cross(fb)
    assert "by 13 %" in fb.message and "derivative" not in fb.message
    fb = lh.check_best_lift_scale(1000.0, 20.5, 1.0, 9.0)
    assert_cross(fb)
    assert "times the smallest" in fb.message


@pytest.mark.claim("C16")
def test_check_staircase_separator():
    assert lh.check_staircase_separator([1, 3, 7], 3).ok
    fb = lh.check_staircase_separator([1, 2, 5], 3)
    assert not fb.ok and "w_2 - 2 w_1" in fb.message
    fb = lh.check_staircase_separator([0, 1, 3], 3)
    assert not fb.ok and "w_1 must be > 0" in fb.message
    fb = lh.check_staircase_separator([1, 3, 6], 3)
    assert not fb.ok and "w_3 - 2 w_2" in fb.message
    assert not lh.check_staircase_separator([1, 3], 3).ok
    assert not lh.check_staircase_separator("abc", 3).ok
    assert "not answered" in lh.check_staircase_separator(None, 3).message
    with pytest.raises(ValueError, match="d must be >= 1"):
        lh.check_staircase_separator([1.0], 0)


def steep_staircase(a, d):
    """x_1 = e_1, x_k = e_k - a e_(k-1), written out here."""
    X = np.zeros((d, d))
    for k in range(d):
        X[k, k] = 1.0
        if k > 0:
            X[k, k - 1] = -float(a)
    return X, np.ones(d)


@pytest.mark.claim("C16")
def test_check_staircase_separator_with_step_3():
    # by hand: w_1 > 0, w_k > 3 w_(k-1): (1, 4, 13, 40) is the smallest integer one
    assert_tick(lh.check_staircase_separator([1, 4, 13, 40], 4, factor=3))
    assert_tick(lh.check_staircase_separator([0.5, 2, 7, 22], 4, factor=3))
    fb = lh.check_staircase_separator([1, 3, 7, 15], 4, factor=3)
    assert not fb.ok and "w_2 - 3 w_1" in fb.message
    fb = lh.check_staircase_separator([1, 4, 12, 40], 4, factor=3)
    assert not fb.ok and "w_3 - 3 w_2" in fb.message and "(here it is 0)" in fb.message
    for answer in vector_forms([1, 4, 13, 40]):
        assert_tick(lh.check_staircase_separator(answer, 4, factor=3))
    with pytest.raises(ValueError, match="factor must be >= 1"):
        lh.check_staircase_separator([1.0], 1, factor=0)


def least_updates_formula(a, d):
    """sum_k s_k^2 with s_k = 1 + a + ... + a^(k-1): the smallest integer separator w_k >= s_k,
    and a run ending at w costs sum_k s_k w_k updates (worked out by hand, section 10)."""
    total, s = 0, 0
    for _ in range(d):
        s = a * s + 1
        total += s * s
    return total


@pytest.mark.claim("C16")
@pytest.mark.parametrize("a", [2, 3, 4])
@pytest.mark.parametrize("d", [1, 2, 3, 4])
def test_staircase_lower_bound_against_runs(a, d):
    """The cyclic run makes exactly the bound; random orders (written out here) never fewer."""
    X, y = steep_staircase(a, d)
    least = least_updates_formula(a, d)
    assert len(reference_run(X, y, bias=False, max_updates=10**6)) == least
    rng = np.random.default_rng(10 * a + d)
    for _ in range(3):
        w, count = np.zeros(d), 0
        while True:
            wrong = np.flatnonzero(X @ w <= 0)
            if wrong.size == 0:
                break
            w = w + X[rng.choice(wrong)]
            count += 1
        assert count >= least


@pytest.mark.claim("C16")
def test_check_staircase_lower_bound_accepts_every_correct_form():
    forms = [
        least_updates_formula,
        lambda a, d: sum(((a**k - 1) // (a - 1)) ** 2 for k in range(1, d + 1)),
        lambda a, d: float(sum(((a**k - 1) / (a - 1)) ** 2 for k in range(1, d + 1))),
        # the closed form of the geometric sums, in floats
        lambda a, d: (
            ((a ** (2 * d + 2) - a**2) / (a**2 - 1) - 2 * (a ** (d + 1) - a) / (a - 1) + d)
            / (a - 1) ** 2
        ),
        lambda a, d: np.sum((np.power(float(a), np.arange(1, d + 1)) - 1) ** 2) / (a - 1) ** 2,
        lambda a, d: np.int64(least_updates_formula(a, d)),
        lambda a, d: np.array([least_updates_formula(a, d)]),
    ]
    for f in forms:
        assert_tick(check_staircase_lower_bound(f))


@pytest.mark.claim("C16")
def test_check_staircase_lower_bound_rejects_slips():
    def only_for_two(a, d):
        return least_updates_formula(2, d)

    def weights_summed(a, d):
        return sum((a**k - 1) // (a - 1) for k in range(1, d + 1))

    def off_by_one(a, d):
        return least_updates_formula(a, d + 1)

    def powers_squared(a, d):  # w_k >= a^(k-1) (the margin argument) instead of the integers
        return sum(a ** (2 * (k - 1)) for k in range(1, d + 1))

    fb = check_staircase_lower_bound(only_for_two)
    assert_cross(fb)
    assert "a = 2 only" in fb.message
    fb = check_staircase_lower_bound(weights_summed)
    assert_cross(fb)
    assert "sum of the smallest weights" in fb.message
    fb = check_staircase_lower_bound(off_by_one)
    assert_cross(fb)
    assert "d = 1" in fb.message
    assert_cross(check_staircase_lower_bound(powers_squared))
    assert "not answered" in check_staircase_lower_bound(None).message
    # the message never quotes the right count: bound(2, 2) = 10 is the first one checked
    fb = check_staircase_lower_bound(lambda a, d: 1 if d == 1 else 11)
    assert_cross(fb)
    assert "10" not in fb.message


@pytest.mark.parametrize("func", ODD_FUNCTIONS, ids=odd_id)
def test_check_staircase_lower_bound_odd_functions(func):
    assert_cross(check_staircase_lower_bound(func))


# ------------------------------------------------------------------------- odd answers, any form

XB = np.array([[3.0, 4.0], [1.0, -1.0], [-2.0, 0.5]])
YB = np.array([1.0, 1.0, -1.0])
WB = np.array([2.0, 0.0])  # R = 5, gamma = 1 (by hand): the bound is 25

CHECKS = {
    "perceptron_by_hand": lambda a: lh.check_perceptron_by_hand(a, HAND_X, HAND_Y),
    "novikoff_bound": lambda a: lh.check_novikoff_bound(a, XB, YB, WB),
    "best_lift_scale": lambda a: lh.check_best_lift_scale(a, 20.5, 1.0, 9.0),
    "staircase_separator": lambda a: lh.check_staircase_separator(a, 4),
    "steep_staircase_separator": lambda a: lh.check_staircase_separator(a, 4, factor=3),
    "staircase_lower_bound": check_staircase_lower_bound,
}


@pytest.mark.parametrize("name", CHECKS)
@pytest.mark.parametrize("answer", ODD_EXPLICIT, ids=odd_id)
def test_odd_answers_get_a_cross(name, answer):
    assert_cross(CHECKS[name](answer))


@pytest.mark.parametrize("name", CHECKS)
@settings(max_examples=40, deadline=None)
@given(answer=odd_answers())
def test_generated_odd_answers_get_a_cross(name, answer):
    assert_cross(CHECKS[name](answer))


def test_right_answers_in_every_form():
    for answer in (
        HAND_W,
        np.array(HAND_W),
        tuple(map(tuple, HAND_W)),
        [np.array(w) for w in HAND_W],
    ):
        assert_tick(CHECKS["perceptron_by_hand"](answer))
    for answer in number_forms(25):
        assert_tick(CHECKS["novikoff_bound"](answer))
    for answer in number_forms(math.sqrt(20.5 * 9.0)):
        assert_tick(CHECKS["best_lift_scale"](answer))
    # exactly, or rounded (to two decimals or more): sqrt(184.5) = 13.583078 (by hand)
    for answer in (13.58, 13.583, 13.5831, 13.58308):
        assert_tick(CHECKS["best_lift_scale"](answer))
    for answer in (13.57, 13.59, 13.5, 13.6, 13.0, 14.0, 184.5, 184.0):
        assert_cross(CHECKS["best_lift_scale"](answer))
    # within 0.005 but with wrong further decimals (13.585 is not 13.583 rounded): told so
    for answer in (13.585, 13.5781, 13.58307):
        fb = CHECKS["best_lift_scale"](answer)
        assert_cross(fb)
        assert "further decimals" in fb.message
    for answer in (25, 25.0, 25.00, 25.000, 25.0000000001):
        assert_tick(CHECKS["novikoff_bound"](answer))
    for answer in (24.996, 25.004):
        fb = CHECKS["novikoff_bound"](answer)
        assert_cross(fb)
        assert "further decimals" in fb.message
    for answer in (25.01, 24.99, 25.1, 24.9, 26.0, 24.0, 5.0, 6.25):
        assert_cross(CHECKS["novikoff_bound"](answer))
    for answer in (25.01, 24.99, 25.1, 24.9):  # within half a percent: told it is close
        assert "not right to two decimals" in CHECKS["novikoff_bound"](answer).message
    assert "close" not in CHECKS["novikoff_bound"](26.0).message
    for answer in vector_forms([1, 3, 7, 15]):
        assert_tick(CHECKS["staircase_separator"](answer))


@pytest.mark.parametrize("r", [5e-324, 1e-310, 1e-160, 1e160, 1e300, 1.7e308])
def test_best_lift_scale_at_extreme_r_says_which_side(r):
    fb = lh.check_best_lift_scale(r, 20.5, 1.0, 9.0)
    assert_cross(fb)
    assert ("too small" if r < 1 else "too large") in fb.message


@pytest.mark.parametrize("answer", [5e-324, 1e-300, 1e300, 1.7e308, -3.0, 0.0])
@pytest.mark.parametrize("scale", [1e-200, 1.0, 1e200])
def test_novikoff_bound_at_any_scale_of_the_data(answer, scale):
    """The bound does not depend on the scale of X: 25 stays right, nothing else is (issue 16)."""
    assert_tick(lh.check_novikoff_bound(25.0, XB * scale, YB, WB))
    assert_cross(lh.check_novikoff_bound(answer, XB * scale, YB, WB))


def plain_homogeneous_run(X, y, max_updates=1000):
    """The homogeneous perceptron's weights after each update, written out here."""
    w, out = np.zeros(X.shape[1]), []
    while len(out) < max_updates:
        clean = True
        for xi, yi in zip(X, y, strict=True):
            if yi * (w @ xi) <= 0:
                w = w + yi * xi
                out.append(w.copy())
                clean = False
        if clean:
            return out
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_perceptron_by_hand_against_a_plain_loop(seed):
    rng = np.random.default_rng(seed)
    w_star = rng.integers(-3, 4, size=2)
    if not np.any(w_star):
        w_star[0] = 1
    X = rng.integers(-3, 4, size=(5, 2)).astype(float)
    y = np.sign(X @ w_star)
    keep = y != 0
    if keep.sum() < 2:
        return
    X, y = X[keep], y[keep]
    truth = plain_homogeneous_run(X, y)
    assert_tick(lh.check_perceptron_by_hand([list(w) for w in truth], X, y))
    if truth:
        assert_cross(lh.check_perceptron_by_hand([list(w) for w in truth[:-1]], X, y))
        assert_cross(lh.check_perceptron_by_hand([list(-w) for w in truth], X, y))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.floats(0.01, 10), min_size=1, max_size=6),
    st.floats(-300, 300),
)
def test_staircase_separators_at_any_scale(gaps, log_c):
    """w_1 > 0 and w_k = 2 w_(k-1) + gap separates (the inequalities worked out here)."""
    w = [gaps[0]]
    for g in gaps[1:]:
        w.append(2 * w[-1] + g)
    w = np.array(w) * 10.0**log_c
    if not np.all(np.isfinite(w)) or w[0] == 0:
        return
    assert_tick(lh.check_staircase_separator(w, len(w)))
    assert_cross(lh.check_staircase_separator(-w, len(w)))


# ------------------------------------------------------------------ the affine invariant (ex. 6)


@pytest.mark.claim("C11")
@pytest.mark.parametrize(
    ("eta", "s"), [(1.0, 0.25), (1.0, 1.0), (1.0, 4.0), (0.1, 1.0), (3.0, 30.0)]
)
def test_affine_invariants_along_runs(eta, s):
    """Along textbook runs with steps eta (for w) and s (for b): ||w||^2 + (eta/s) b^2 grows by at
    most eta (eta R^2 + s) and w.w* + (eta/s) b b* by at least eta times the functional margin;
    ||w||^2 + b^2/s breaks the first unless eta = 1, and ||w||^2 + b^2 unless s = eta."""
    rng = np.random.default_rng(int(s * 100 + eta * 10))
    X = rng.uniform(-1, 1, size=(30, 2)) + np.array([2.0, 0.0])
    w_star, b_star = np.array([1.0, -1.0]), -2.0
    score = X @ w_star + b_star
    keep = np.abs(score) > 0.1
    X, y = X[keep], np.sign(score[keep])
    R2 = float(np.max(np.sum(X**2, axis=1)))
    g_hat = float(np.min(y * (X @ w_star + b_star)))
    lam = eta / s
    w, b = np.zeros(2), 0.0
    breaks = {"1/s": False, "1": False}
    for w_new, b_new, _ in reference_run(X, y, lr=eta, bias_step=s):
        growth = eta * (eta * R2 + s) + 1e-9
        assert (w_new @ w_new + lam * b_new**2) - (w @ w + lam * b**2) <= growth
        gain = (w_new @ w_star + lam * b_new * b_star) - (w @ w_star + lam * b * b_star)
        assert gain >= eta * g_hat - 1e-9
        breaks["1/s"] |= (w_new @ w_new + b_new**2 / s) - (w @ w + b**2 / s) > growth
        breaks["1"] |= (w_new @ w_new + b_new**2) - (w @ w + b**2) > growth
        w, b = w_new, b_new
    assert breaks == {"1/s": eta != 1.0, "1": s != eta}


@pytest.mark.claim("C11")
def test_check_affine_invariant_weight():
    check = lh.check_affine_invariant_weight
    for f in (
        lambda eta, s: eta / s,
        lambda eta, s: eta * s**-1,
        np.divide,
        lambda eta, s: np.float64(eta) / s,
        lambda eta, s: np.array([eta / s]),
        lambda eta, s: 2.0 * eta / (2 * s),
    ):
        assert_tick(check(f))
    fb = check(lambda eta, s: 1 / s)
    assert_cross(fb)
    assert "η = 1 only" in fb.message and "weight(0.5, 1)" in fb.message
    fb = check(lambda eta, s: 1.0)
    assert_cross(fb)
    assert "s = η" in fb.message
    for f in (lambda eta, s: s / eta, lambda eta, s: eta**2 / s, lambda eta, s: 1 / (eta * s)):
        fb = check(f)
        assert_cross(fb)
        assert "cross term must be a multiple" in fb.message
    fb = check(lambda eta, s: 2 * eta / s)
    assert_cross(fb)
    assert "η/s" not in fb.message and "η / s" not in fb.message
    assert_cross(check(lambda s: 1 / s))  # the one-argument form: a sentence, not a traceback
    assert "not answered" in check(None).message


@pytest.mark.parametrize("func", ODD_FUNCTIONS, ids=odd_id)
def test_check_affine_invariant_weight_odd_functions(func):
    assert_cross(lh.check_affine_invariant_weight(func))


# ------------------------------------------------------------------ drag the data (issue 18)
def _drag02():
    import matplotlib

    matplotlib.use("Agg")
    return lh.DragPerceptronExplorer(n=20, seed=0, margin=0.1)


def test_drag_long_run_accepts_the_update_count_after_one_move():
    ex = _drag02()
    ex.move_point(7, (-0.2, -0.95))
    w, b, updates, converged = _oracle_run(ex.X, ex.y)
    assert converged and updates > 200
    for answer in (updates, float(updates), np.int64(updates)):
        assert_tick(lh.check_drag_long_run(answer, ex))
    for one_in_a_container in ([updates], (updates,), np.array([updates])):
        fb = lh.check_drag_long_run(one_in_a_container, ex)
        assert_cross(fb)
        assert "one number" in fb.message
    for wrong in (updates - 1, updates + 1, updates + 0.5):
        fb = lh.check_drag_long_run(wrong, ex)
        assert_cross(fb)
        assert str(updates) not in fb.message.replace(str(wrong), "")  # only the echo


def test_drag_long_run_refuses_short_runs_non_separable_data_and_other_edits():
    ex = _drag02()
    assert "not answered" in lh.check_drag_long_run(None, ex).message
    assert "no point has moved" in lh.check_drag_long_run(17, ex).message
    ex.move_point(5, (0.05, 0.0))
    _, _, updates, converged = _oracle_run(ex.X, ex.y)
    assert converged and updates <= 200
    assert "at most 200" in lh.check_drag_long_run(updates, ex).message
    ex.reset()
    ex.move_point(7, (0.3, -0.9))  # among the +1 points: not separable
    assert not _oracle_run(ex.X, ex.y)[3]
    fb = lh.check_drag_long_run(5000, ex)
    assert "does not stop" in fb.message and "no line separates" in fb.message
    ex.reset()
    ex.remove_point(5)
    assert "no adding or deleting" in lh.check_drag_long_run(300, ex).message


def _separable_by_linprog(X, y) -> bool:
    """Feasibility of y_i (w.x_i + b) >= 1 with free variables, straight from scipy."""
    from scipy.optimize import linprog

    A = -y[:, None] * np.column_stack([X, np.ones(len(y))])
    res = linprog(np.zeros(A.shape[1]), A_ub=A, b_ub=-np.ones(len(y)), bounds=(None, None))
    return res.status == 0


def test_drag_long_run_says_when_separable_data_hit_the_cap():
    """Separable, but so narrowly that the run hits the cap: the message must not suggest the
    data stopped being separable."""
    ex = _drag02()
    ex.move_point(7, (-0.1999, -0.9501))
    assert _separable_by_linprog(ex.X, ex.y) and not _oracle_run(ex.X, ex.y)[3]
    fb = lh.check_drag_long_run(5000, ex)
    assert_cross(fb)
    assert "the data are separable" in fb.message and "no line" not in fb.message


def _oracle_run(X, y):
    """The affine perceptron written out (tests/oracles.py): (w, b, updates, converged within
    5000 updates)."""
    steps = reference_run(X, y, max_updates=5001)
    w, b, _ = steps[-1]
    return w, b, len(steps), len(steps) <= 5000
