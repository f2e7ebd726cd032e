"""The checks of notebook 01 (linsep_helpers.exercises.nb01): right answers pass in every
form, typical wrong answers fail with a message that does not reveal the answer, and odd
answers get a ✘ instead of a traceback."""

from decimal import Decimal
from fractions import Fraction

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
    vector_forms,
    wb_forms,
)

import linsep_helpers as lh
from linsep_helpers.exercises import Feedback

check_lifted_margin = lh.check_lifted_margin

# ----------------------------------------------------------------------------- exercise checks

X1 = np.array([[0.0, 2.0], [1.0, 3.0], [2.0, 2.5], [2.0, 0.0], [3.0, 1.0], [1.0, -0.5]])
Y1 = np.array([1, 1, 1, -1, -1, -1])


def test_every_check_says_not_answered_for_none():
    checks = [
        lh.check_separator(None, X1, Y1),
        lh.check_mistake_count(None, [1.0, 0.0], 0.0, X1, Y1),
        lh.check_unit_margin(None, [-2.0, 2.0], 0.4, X1, Y1),
        lh.check_lift_vector(None, [1.0, 2.0], 3.0),
        lh.check_xor_feature(None),
        lh.check_class_prototype(None, X1, Y1),
        check_lifted_margin(None),
    ]
    for fb in checks:
        assert isinstance(fb, Feedback) and not fb.ok
        assert fb.message.startswith("not answered yet")
        assert repr(fb).startswith("\u2718")
    # the lift exercise names the length of v, not "one entry more than w"
    assert "length 3" in lh.check_lift_vector(None, [1.0, -2.0], 3.0, r=2.0).message
    assert "length 4" in lh.check_lift_vector(None, [1.0, -2.0, 0.0], 3.0).message


@pytest.mark.claim("C01")
def test_check_separator():
    ok = lh.check_separator((np.array([-1.0, 1.0]), 0.0), X1, Y1)
    assert ok.ok and repr(ok).startswith("\u2714")
    wrong = lh.check_separator((np.array([1.0, -1.0]), 0.0), X1, Y1)
    assert not wrong.ok and "wrong side" in wrong.message
    tie = lh.check_separator(([0.0, 1.0], -2.0), X1, Y1)  # (0, 2) lies on y = 2
    assert not tie.ok and "[0]" in tie.message and "on the line" in tie.message
    assert "pair (w, b)" in lh.check_separator(3.0, X1, Y1).message
    assert "2 entries" in lh.check_separator(([1.0, 2.0, 3.0], 0.0), X1, Y1).message
    assert "finite" in lh.check_separator(([np.nan, 1.0], 0.0), X1, Y1).message
    assert "numbers" in lh.check_separator((["a", "b"], 0.0), X1, Y1).message


@pytest.mark.parametrize(
    ("check", "d"),
    [
        (lambda a: lh.check_separator(a, X1, Y1), 2),
        (lambda a: lh.check_unit_margin(a, [-2.0, 2.0], 0.4, X1, Y1), 2),
        (lh.check_xor_feature, 3),
        (lambda a: lh.check_class_prototype(a, X1, Y1), 2),
    ],
    ids=["separator", "unit_margin", "xor_feature", "class_prototype"],
)
def test_pair_checks_name_the_missing_part(check, d):
    w = np.ones(d)
    for b in (None, ...):
        fb = check((w, b))
        assert not fb.ok and fb.message.startswith("b is ") and "your w is there" in fb.message
    for w_open in (None, ..., [1.0] * (d - 1) + [None], np.array([...] * d, dtype=object)):
        fb = check((w_open, 0.5))
        assert not fb.ok and fb.message.startswith("w still holds") and "your b" in fb.message
    for unanswered in (None, (None, None), (np.array([...] * d), ...)):
        assert check(unanswered).message.startswith("not answered yet")


def test_w_zero_defines_no_line():
    for b in (0.0, 1.0, -2.0):
        fb = lh.check_separator(([0.0, 0.0], b), X1, Y1)
        assert not fb.ok and "w = 0 defines no line" in fb.message
        fb = lh.check_xor_feature(([0.0, 0.0, 0.0], b))
        assert not fb.ok and "w = 0" in fb.message


@pytest.mark.claim("C03")
def test_check_mistake_count_explains_ties():
    X = np.array([[1.0, 1.0], [2.0, 0.0], [0.0, 2.0], [3.0, 3.0], [1.0, 2.0]])
    y = np.array([1, 1, -1, -1, 1])
    w, b = np.array([1.0, -1.0]), 0.0  # margins 0, 2, 2, 0, -1 (computed by hand)
    assert lh.check_mistake_count(3, w, b, X, y).ok
    no_ties = lh.check_mistake_count(1, w, b, X, y)
    assert not no_ties.ok and "boundary" in no_ties.message
    assert "too many" in lh.check_mistake_count(4, w, b, X, y).message
    assert "too few" in lh.check_mistake_count(0, w, b, X, y).message
    assert "whole number" in lh.check_mistake_count(2.5, w, b, X, y).message
    assert "whole number" in lh.check_mistake_count(True, w, b, X, y).message


@pytest.mark.claim("C05")
def test_check_unit_margin():
    w0, b0 = np.array([-2.0, 2.0]), 0.4  # functional margin 1.4 on X1 (by hand)
    assert lh.check_unit_margin((w0 / 1.4, b0 / 1.4), w0, b0, X1, Y1).ok
    same_dir = lh.check_unit_margin((w0, b0), w0, b0, X1, Y1)
    assert not same_dir.ok and "above 1" in same_dir.message
    assert "1.4" not in same_dir.message  # the number the exercise asks for is never shown
    small = lh.check_unit_margin((w0 / 3, b0 / 3), w0, b0, X1, Y1)  # margin 1.4 / 3
    assert not small.ok and "below 1" in small.message and "0.4" not in small.message
    neg = lh.check_unit_margin((-w0 / 1.4, -b0 / 1.4), w0, b0, X1, Y1)
    assert not neg.ok and "c > 0" in neg.message
    other = lh.check_unit_margin((np.array([-1.0, 1.0]), 0.0), w0, b0, X1, Y1)
    assert not other.ok and "not a multiple" in other.message
    # the answer ((-10/7, 10/7), 2/7) typed as decimals: 3 or more decimals pass, 2 do not
    for digits in (3, 4, 6, 8):
        w, b = np.round([-10 / 7, 10 / 7], digits), round(2 / 7, digits)
        fb = lh.check_unit_margin((w, b), w0, b0, X1, Y1)
        assert fb.ok and "to 3 decimals" in fb.message, digits  # not claimed exact
    exact = lh.check_unit_margin(([-10 / 7, 10 / 7], 2 / 7), w0, b0, X1, Y1)
    assert exact.ok and "decimals" not in exact.message
    # a shifted line (b off by 0.001) is not a rounding of the answer
    assert not lh.check_unit_margin(([-1.429, 1.429], 0.287), w0, b0, X1, Y1).ok
    with pytest.raises(ValueError, match="must separate"):
        lh.check_unit_margin((w0, b0), -w0, -b0, X1, Y1)
    two = lh.check_unit_margin(([-1.43, 1.43], 0.29), w0, b0, X1, Y1)  # margin 1.005
    assert not two.ok and "3 decimals" in two.message
    assert not lh.check_unit_margin(([-1.43, 1.43], 0.2), w0, b0, X1, Y1).ok  # other direction


@pytest.mark.claim("C02")
def test_check_lift_vector():
    w, b = np.array([1.0, -2.0]), 3.0
    assert lh.check_lift_vector([1.0, -2.0, 1.5], w, b, r=2.0).ok
    assert lh.check_lift_vector([1.0, -2.0, 3.0], w, b, r=1.0).ok
    last = lh.check_lift_vector([1.0, -2.0, 3.0], w, b, r=2.0)
    assert not last.ok and "last one" in last.message
    assert "1.5" not in last.message and "multiplied" not in last.message  # no give-away
    # compared to 3 decimals: 1.5004 is a rounding of 1.5 and says so, 1.501 is not
    near = lh.check_lift_vector([1.0, -2.0, 1.5004], w, b, r=2.0)
    assert near.ok and "to 3 decimals" in near.message
    assert "decimals" not in lh.check_lift_vector([1.0, -2.0, 1.5], w, b, r=2.0).message
    assert not lh.check_lift_vector([1.0, -2.0, 1.501], w, b, r=2.0).ok
    assert not lh.check_lift_vector([1.001, -2.0, 1.5], w, b, r=2.0).ok
    first = lh.check_lift_vector([2.0, -4.0, 3.0], w, b, r=2.0)
    assert not first.ok and "first d entries" in first.message
    assert "3 entries" in lh.check_lift_vector([1.0, 2.0], w, b).message
    assert "finite" in lh.check_lift_vector([1.0, np.inf, 2.0], w, b).message


@pytest.mark.claim("C06")
def test_check_xor_feature():
    assert lh.check_xor_feature(([0.0, 0.0, 1.0], -0.5)).ok
    assert lh.check_xor_feature(([-1.0, -1.0, 3.0], -0.5)).ok  # another separator
    fb = lh.check_xor_feature(([1.0, 1.0, 0.0], -0.5))  # a plain line cannot do it
    assert not fb.ok and "(1, 1)" in fb.message
    assert "length 3" not in fb.message and "3 entries" in lh.check_xor_feature(([1, 1], 0)).message


@pytest.mark.claim("C29")
def test_check_class_prototype():
    X = np.array([[0.0, 0.0], [2.0, 0.0], [1.0, 3.0], [4.0, 4.0], [6.0, 4.0], [5.0, 1.0]])
    y = np.array([-1, -1, -1, 1, 1, 1])
    # by hand: c+ = (5, 3), c- = (1, 1), w = (4, 2), b = (2 - 34) / 2 = -16
    assert lh.check_class_prototype((np.array([4.0, 2.0]), -16.0), X, y).ok
    assert "flip" in lh.check_class_prototype(([-4.0, -2.0], 16.0), X, y).message
    assert "wrong sign" in lh.check_class_prototype(([4.0, 2.0], 16.0), X, y).message
    assert "midpoint" in lh.check_class_prototype(([4.0, 2.0], -3.0), X, y).message
    assert "difference" in lh.check_class_prototype(([1.0, 2.0], -16.0), X, y).message
    fb = lh.check_class_prototype(([4.0, 2.0], -3.0), X, y)
    assert "-16" not in fb.message and "16" not in fb.message  # never reveals b
    # the same rule written as any positive multiple: the unhalved expansion
    # (2(c+ - c-), |c-|^2 - |c+|^2) = ((8, 4), -32), or ((2, 1), -8), or ((1, 0.5), -4)
    for c in (2.0, 0.5, 0.25, 1e-6, 1e6):
        fb = lh.check_class_prototype((c * np.array([4.0, 2.0]), -16.0 * c), X, y)
        assert fb.ok and "same rule" in fb.message, c
    assert "wrong sign" in lh.check_class_prototype(([8.0, 4.0], 32.0), X, y).message
    assert "midpoint" in lh.check_class_prototype(([8.0, 4.0], -16.0), X, y).message
    assert "flip" in lh.check_class_prototype(([-8.0, -4.0], 32.0), X, y).message
    assert not lh.check_class_prototype(([0.0, 0.0], 0.0), X, y).ok
    # compared to 3 decimals: a shifted line b = -16.01 fails; (4, 2, -16) / 3 typed with 3
    # decimals passes and says "to 3 decimals", with 2 decimals it fails
    assert not lh.check_class_prototype(([4.0, 2.0], -16.01), X, y).ok
    assert "decimals" not in lh.check_class_prototype(([4.0, 2.0], -16.0), X, y).message
    third = lh.check_class_prototype(([1.333, 0.667], -5.333), X, y)
    assert third.ok and "to 3 decimals" in third.message
    # (4, 2, -16) / 48, largest entry 1/3, to 3 decimals
    assert lh.check_class_prototype(([0.083, 0.042], -0.333), X, y).ok
    two = lh.check_class_prototype(([1.33, 0.67], -5.33), X, y)
    assert not two.ok and "3 decimals" in two.message


def _brute_lifted_margin(X, y, w, b, r):
    """Geometric margin of v = (w, b / r) on the points (x, r), by a loop."""
    v = list(w) + [b / r]
    norm = sum(t * t for t in v) ** 0.5
    return min(
        yi * (sum(a * c for a, c in zip(v, list(xi) + [r], strict=True))) / norm
        for xi, yi in zip(X, y, strict=True)
    )


def _right_lifted_margin(gamma, w_norm, b, r):
    return gamma * w_norm / np.sqrt(w_norm**2 + (b / r) ** 2)


@pytest.mark.claim("C02")
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.floats(-2.0, 2.0), st.floats(0.1, 10.0))
def test_lifted_margin_formula_matches_a_loop(seed, b, r):
    """The formula the check expects is the margin measured on lifted data."""
    rng = np.random.default_rng(seed)
    w = rng.normal(size=2) * rng.uniform(0.2, 3.0)
    X = rng.normal(size=(12, 2))
    scores = X @ w + b
    keep = np.abs(scores) > 1e-3
    X, y = X[keep], np.sign(scores[keep])
    gamma = min(yi * (float(xi @ w) + b) for xi, yi in zip(X, y, strict=True)) / np.hypot(*w)
    brute = _brute_lifted_margin(X, y, w, b, r)
    assert _right_lifted_margin(gamma, float(np.hypot(*w)), b, r) == pytest.approx(brute)
    assert_tick(check_lifted_margin(_right_lifted_margin))


@pytest.mark.claim("C02")
def test_check_lifted_margin_accepts_every_form_and_rejects_slips():
    import math

    right = [
        _right_lifted_margin,
        lambda g, wn, b, r: g / math.sqrt(1 + (b / (r * wn)) ** 2),
        lambda g, wn, b, r: g * wn * r / math.hypot(wn * r, b),
        lambda g, wn, b, r: np.array([g * wn / np.linalg.norm([wn, b / r])]),
        lambda g, wn, b, r: round(g * wn / math.hypot(wn, b / r), 4),  # rounded
    ]
    for f in right:
        assert_tick(check_lifted_margin(f))
    # 0.5 % off at every point is not a rounding
    assert_cross(check_lifted_margin(lambda g, wn, b, r: 1.005 * _right_lifted_margin(g, wn, b, r)))
    unchanged = check_lifted_margin(lambda g, wn, b, r: g)
    assert not unchanged.ok and "||v||" in unchanged.message
    no_r = check_lifted_margin(lambda g, wn, b, r: g * wn / math.hypot(wn, b))
    assert not no_r.ok
    grows = check_lifted_margin(lambda g, wn, b, r: g * math.hypot(wn, b / r) / wn)
    assert not grows.ok and "never increases" in grows.message
    at_zero = check_lifted_margin(lambda g, wn, b, r: g / 2)
    assert not at_zero.ok and "b = 0" in at_zero.message
    for fb in (unchanged, no_r, grows, at_zero):  # never the formula
        assert "sqrt" not in fb.message and "hypot" not in fb.message


@pytest.mark.parametrize("func", ODD_FUNCTIONS, ids=odd_id)
def test_lifted_margin_odd_functions_get_a_cross(func):
    assert_cross(check_lifted_margin(func))


def test_checks_reject_invalid_data():
    with pytest.raises(ValueError, match="labels"):
        lh.check_separator(([1.0, 0.0], 0.0), X1, [0, 2, 0, 2, 0, 2])
    with pytest.raises(ValueError, match="r must be > 0"):
        lh.check_lift_vector([1.0, 2.0], [1.0], 0.0, r=-1.0)


# ------------------------------------------------------------------------- odd answers, any form

X2 = np.array([[1.0, 1.0], [2.0, 0.0], [0.0, 2.0], [3.0, 3.0], [1.0, 2.0]])
Y2 = np.array([1, 1, -1, -1, 1])
# exercise 3: (w0, b0) = ((2, -1), 0.4) has margins 2.4, 1.9, 1.4, 1.6, 1.6, 2.6 (by hand)
X3 = np.array([[1.0, 0.0], [0.5, -0.5], [1.0, 1.0], [-1.0, 0.0], [0.0, 2.0], [-1.0, 1.0]])
Y3 = np.array([1, 1, 1, -1, -1, -1])
X6 = np.array([[0.0, 0.0], [2.0, 0.0], [1.0, 3.0], [4.0, 4.0], [6.0, 4.0], [5.0, 1.0]])
Y6 = np.array([-1, -1, -1, 1, 1, 1])

#: every check of notebook 01 on the notebook's data: answer -> Feedback, and d for (w, b)
CHECKS = {
    "separator": (lambda a: lh.check_separator(a, X1, Y1), 2),
    "mistake_count": (lambda a: lh.check_mistake_count(a, [1.0, -1.0], 0.0, X2, Y2), None),
    "unit_margin": (lambda a: lh.check_unit_margin(a, [2.0, -1.0], 0.4, X3, Y3), 2),
    "lift_vector": (lambda a: lh.check_lift_vector(a, [1.0, -2.0], 3.0, r=2.0), None),
    "xor_feature": (lh.check_xor_feature, 3),
    "class_prototype": (lambda a: lh.check_class_prototype(a, X6, Y6), 2),
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


def test_right_answers_in_every_form():
    # the answers of the notebook, worked out by hand in its solution cells
    for answer in wb_forms([-1.0, 1.0], 0.0):
        assert_tick(CHECKS["separator"][0](answer))
    for answer in number_forms(3):
        assert_tick(CHECKS["mistake_count"][0](answer))
    for answer in wb_forms([10 / 7, -5 / 7], 2 / 7):
        assert_tick(CHECKS["unit_margin"][0](answer))
    assert_tick(CHECKS["unit_margin"][0](([1.429, -0.714], 0.286)))  # rounded to 3 decimals
    assert_cross(CHECKS["unit_margin"][0](([1.43, -0.71], 0.29)))  # to 2 decimals
    assert_cross(CHECKS["unit_margin"][0](([2.0, -1.0], 0.4)))  # not rescaled
    for answer in vector_forms([1.0, -2.0, 1.5]):
        assert_tick(CHECKS["lift_vector"][0](answer))
    for answer in wb_forms([0.0, 0.0, 1.0], -0.5):
        assert_tick(CHECKS["xor_feature"][0](answer))
    for answer in wb_forms([4.0, 2.0], -16.0):
        assert_tick(CHECKS["class_prototype"][0](answer))


def test_a_result_object_is_a_pair():
    assert_tick(lh.check_separator(lh.find_separator(X1, Y1), X1, Y1))


@settings(max_examples=60, deadline=None)
@given(st.floats(-300, 300))
def test_separators_at_any_scale(log_c):
    """A positive multiple of a separator separates, at 1e-300 as at 1e300 (no overflow)."""
    c = 10.0**log_c
    assert_tick(lh.check_separator((c * np.array([-1.0, 1.0]), 0.0), X1, Y1))
    assert_tick(lh.check_xor_feature((c * np.array([0.0, 0.0, 1.0]), -0.5 * c)))
    assert_cross(lh.check_separator((c * np.array([1.0, -1.0]), 0.0), X1, Y1))
    fb = lh.check_unit_margin((c * np.array([-2.0, 2.0]), 0.4 * c), [-2.0, 2.0], 0.4, X1, Y1)
    # the answer is (-2, 2, 0.4) / 1.4 (margin 1.4 by hand); its largest entries (size 2c) may
    # be off by half a unit of the third decimal
    off = 2.0 * abs(c - 1.0 / 1.4)
    if off <= 4.9e-4:
        assert fb.ok
    elif off >= 5.1e-4:
        assert not fb.ok
        assert "functional margin" in fb.message or "3 decimals" in fb.message


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 10_000),
    st.lists(st.integers(-3, 3), min_size=2, max_size=2),
    st.integers(-3, 3),
)
def test_mistake_count_against_a_loop(seed, w, b):
    rng = np.random.default_rng(seed)
    X = rng.integers(-3, 4, size=(8, 2)).astype(float)  # integer grid: ties happen
    y = rng.choice([-1, 1], size=8)
    count = sum(
        1 for xi, yi in zip(X, y, strict=True) if yi * (w[0] * xi[0] + w[1] * xi[1] + b) <= 0
    )
    for answer in number_forms(count):
        assert_tick(lh.check_mistake_count(answer, w, b, X, y))
    assert_cross(lh.check_mistake_count(count + 1, w, b, X, y))
    assert_cross(lh.check_mistake_count(count + 0.5, w, b, X, y))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_class_prototype_against_means_computed_here(seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(9, 3)) * 10.0 ** rng.uniform(-3, 3)
    y = np.array([1, -1] * 4 + [1])
    pos = [x for x, t in zip(X, y, strict=True) if t > 0]
    neg = [x for x, t in zip(X, y, strict=True) if t < 0]
    c_pos, c_neg = sum(pos) / len(pos), sum(neg) / len(neg)
    w, b = c_pos - c_neg, (float(c_neg @ c_neg) - float(c_pos @ c_pos)) / 2
    assert_tick(lh.check_class_prototype((w, b), X, y))
    assert_tick(lh.check_class_prototype((list(w), np.array([b])), X, y))
    assert_cross(lh.check_class_prototype((-w, -b), X, y))


@settings(max_examples=80, deadline=None)
@given(st.floats(1 / 64, 100.0), st.integers(3, 8))
def test_class_prototype_accepts_every_rounding_of_a_multiple(c, digits):
    """The stated precision: any positive multiple of ((4, 2), -16) (by hand) whose largest entry
    is >= 1/4, rounded to 3 or more decimals, passes; moving b by 0.01 (more than a change of
    the factor within the rounding of w can absorb) does not."""
    w, b = np.round(c * np.array([4.0, 2.0]), digits), round(-16.0 * c, digits)
    assert_tick(lh.check_class_prototype((w, b), X6, Y6))
    w3, b3 = np.round(c * np.array([4.0, 2.0]), 3), round(-16.0 * c, 3)
    if 16.0 * c >= 1.0:
        assert_cross(lh.check_class_prototype((w3, b3 + 0.01), X6, Y6))


# ------------------------------------------------------------------ drag the data (issue 18)
def _drag01():
    import matplotlib

    matplotlib.use("Agg")
    return lh.DragSeparabilityExplorer(n=20, seed=0, margin=0.15)


def _svm(X, y):
    """The data's margin 1/||w|| and the support points of scikit-learn's hard-margin-like
    linear SVC (oracle)."""
    from sklearn.svm import SVC

    svc = SVC(kernel="linear", C=1e8, tol=1e-10).fit(X, y)
    return 1.0 / np.linalg.norm(svc.coef_[0]), set(svc.support_.tolist())


def test_drag_small_margin_accepts_the_margin_read_after_one_move():
    ex = _drag01()
    assert 5 not in _svm(ex.X, ex.y)[1]  # point 5 is not ringed in the seeded figure
    ex.move_point(5, (0.25, -0.55))
    gamma = _svm(ex.X, ex.y)[0]
    assert gamma < 0.05
    for k in (3, 4, 5):
        fb = lh.check_drag_small_margin(round(gamma, k), ex)
        assert_tick(fb)
        assert f"to {k} decimals" in fb.message  # says what precision it checked
    for answer in (gamma, np.float32(gamma), np.array(gamma), Fraction(round(gamma, 4))):
        fb = lh.check_drag_small_margin(answer, ex)
        assert_tick(fb)
    for one_in_a_container in ([gamma], (round(gamma, 4),), np.array([gamma])):
        fb = lh.check_drag_small_margin(one_in_a_container, ex)
        assert_cross(fb)
        assert "one number" in fb.message
    # 6e-4 off is no rounding of gamma to 3 or more decimals
    for wrong in (gamma + 6e-4, gamma - 6e-4):
        assert_cross(lh.check_drag_small_margin(wrong, ex))
    # within 5e-4 but not gamma rounded to the 4 (or 6) decimals given
    for k, off in ((4, 1e-4), (4, -1e-4), (6, 2e-6)):
        wrong = round(round(gamma, k) + off, k)
        assert abs(wrong - gamma) < 5e-4
        fb = lh.check_drag_small_margin(wrong, ex)
        assert_cross(fb)
        assert f"rounded to {k} decimals" in fb.message
    for wrong in (round(gamma, 3) + 0.002, 1.0, 1.0 / gamma, -gamma):
        fb = lh.check_drag_small_margin(wrong, ex)
        assert_cross(fb)
        # never the answer (the student's own number is echoed)
        assert f"{gamma:.3f}" not in fb.message.replace(f"{wrong:g}", "")


def test_drag_small_margin_counts_decimals_at_the_answers_own_precision():
    """np.float32(0.0154) and Decimal("0.0154") are 0.0154 typed with 4 decimals (a float64
    conversion of the float32 would have 10); Decimal("0.01537") has 5."""
    ex = _drag01()
    ex.move_point(5, (0.25, -0.55))
    gamma = _svm(ex.X, ex.y)[0]
    assert abs(gamma - 0.01537) < 5e-6  # oracle: 0.0154 and 0.01537 are its roundings
    for answer, k in (
        (np.float32(0.0154), 4),
        (Decimal("0.0154"), 4),
        (Decimal("0.01537"), 5),
        (np.float16(0.0154), 4),
    ):
        fb = lh.check_drag_small_margin(answer, ex)
        assert_tick(fb)
        assert f"to {k} decimals" in fb.message
    for wrong in (np.float32(0.0155), Decimal("0.0155"), Decimal("0.01536")):
        fb = lh.check_drag_small_margin(wrong, ex)
        assert_cross(fb)
        assert "rounded to" in fb.message


def test_drag_small_margin_refuses_answers_at_or_below_zero_alike():
    """Separable data have a positive margin: 0 and 0.0 get the same cross, even when the
    margin is so small that 0.0 is its rounding to 3 decimals."""
    ex = _drag01()
    ex.move_point(5, (0.25, -0.5876))
    assert _oracle_separable(ex.X, ex.y)  # gamma* = 1.46e-05 (examiner's own QP); SVC stalls
    messages = set()
    for answer in (0, 0.0, np.float64(0), Decimal("0.000"), -0.0, -1.5e-05):
        fb = lh.check_drag_small_margin(answer, ex)
        assert_cross(fb)
        assert "positive" in fb.message
        messages.add(fb.message.split(" is not")[1])
    assert len(messages) == 1
    assert_tick(lh.check_drag_small_margin(1.5e-05, ex))  # as the title shows it


def test_drag_small_margin_refuses_a_point_ringed_in_the_seeded_figure():
    """The Try it drags a ringed point; the exercise asks for one that is not ringed."""
    ex = _drag01()
    ringed = _svm(ex.X, ex.y)[1]
    assert ringed == {0, 4, 8}
    for i, xy in ((0, (-0.33, -0.55)), (8, (-0.1, -0.75))):
        ex.reset()
        ex.move_point(i, xy)
        gamma = _svm(ex.X, ex.y)[0]
        assert 0 < gamma < 0.05  # the data fit, but the wrong point moved
        fb = lh.check_drag_small_margin(round(gamma, 4), ex)
        assert_cross(fb)
        assert "ringed" in fb.message


def test_drag_small_margin_refuses_data_that_do_not_fit_the_exercise():
    ex = _drag01()
    assert "not answered" in lh.check_drag_small_margin(None, ex).message
    assert "no point has moved" in lh.check_drag_small_margin(0.01, ex).message
    ex.move_point(5, (0.0, 0.0))  # a point that leaves the margin as it was
    assert "not below" in lh.check_drag_small_margin(0.2, ex).message
    ex.reset()
    ex.move_point(5, (0.3, -0.7))  # into the class +1 hull: not separable
    assert not _oracle_separable(ex.X, ex.y)
    assert "no line separates" in lh.check_drag_small_margin(0.01, ex).message
    ex.reset()
    ex.move_point(5, (0.25, -0.55))
    ex.move_point(1, (0.6, -0.4))
    assert "2 points have moved" in lh.check_drag_small_margin(0.015, ex).message
    ex.reset()
    ex.add_point((0.0, 0.0), 1)
    assert "no adding or deleting" in lh.check_drag_small_margin(0.015, ex).message
    for odd in ("0.015", True, float("nan"), 10**400):
        assert_cross(lh.check_drag_small_margin(odd, ex))
    with pytest.raises(TypeError, match="drag explorer"):
        lh.check_drag_small_margin(0.015, object())


def _oracle_separable(X, y):
    from oracles import lp_separable

    return lp_separable(X, y)
