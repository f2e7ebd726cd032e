"""Tests of what notebook 01 adds to the package: the margin and scaling explorers at every
slider extreme, and the exercise checks (right answers pass, typical wrong answers fail with
a message that does not reveal the answer)."""

import numpy as np
import pytest

import linsep_helpers as lh

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
    ]
    for fb in checks:
        assert isinstance(fb, lh.Feedback) and not fb.ok
        assert fb.message.startswith("not answered yet")
        assert repr(fb).startswith("\u2718")


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
    assert not same_dir.ok and "not 1" in same_dir.message
    neg = lh.check_unit_margin((-w0 / 1.4, -b0 / 1.4), w0, b0, X1, Y1)
    assert not neg.ok and "c > 0" in neg.message
    other = lh.check_unit_margin((np.array([-1.0, 1.0]), 0.0), w0, b0, X1, Y1)
    assert not other.ok and "not a multiple" in other.message


@pytest.mark.claim("C02")
def test_check_lift_vector():
    w, b = np.array([1.0, -2.0]), 3.0
    assert lh.check_lift_vector([1.0, -2.0, 1.5], w, b, r=2.0).ok
    assert lh.check_lift_vector([1.0, -2.0, 3.0], w, b, r=1.0).ok
    last = lh.check_lift_vector([1.0, -2.0, 3.0], w, b, r=2.0)
    assert not last.ok and "last one" in last.message
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


def test_checks_reject_invalid_data():
    with pytest.raises(ValueError, match="labels"):
        lh.check_separator(([1.0, 0.0], 0.0), X1, [0, 2, 0, 2, 0, 2])
    with pytest.raises(ValueError, match="r must be > 0"):
        lh.check_lift_vector([1.0, 2.0], [1.0], 0.0, r=-1.0)
