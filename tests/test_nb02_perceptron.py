"""Tests of what notebook 02 adds to the package: the proof and staircase explorers, the
invariant / mistake plots, and the exercise checks.

The perceptron itself is tested in test_perceptron.py; here a plain-loop reference perceptron
written in this file is the oracle for what the explorers show.
"""

import math

import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import linsep_helpers as lh

# ---------------------------------------------------------------------------------------
# independent oracles
# ---------------------------------------------------------------------------------------


def reference_run(X, y, *, lr=1.0, bias_step=1.0, bias=True, max_updates=100_000):
    """Textbook perceptron, one example at a time: returns [(w, b, i)] after each update."""
    X = np.asarray(X, float)
    y = np.asarray(y, float)
    w, b = np.zeros(X.shape[1]), 0.0
    steps = []
    while True:
        clean = True
        for i in range(len(y)):
            if y[i] * (X[i] @ w + b) <= 0:
                w = w + lr * y[i] * X[i]
                if bias:
                    b = b + bias_step * y[i]
                steps.append((w.copy(), b, i))
                clean = False
                if len(steps) >= max_updates:
                    return steps
        if clean:
            return steps


def staircase_sum(d):
    total = 0
    for j in range(1, d + 1):
        total += (2**j - 1) ** 2
    return total


def lifted_bound(X, y, w_star, b_star, r):
    """R'^2/gamma'^2 for the lift x -> (x, r) and v* = (w*, b*/r), from scratch."""
    Xl = np.hstack([X, np.full((len(y), 1), r)])
    v = np.append(w_star, b_star / r)
    gamma = np.min(y * (Xl @ v)) / np.linalg.norm(v)
    R = np.max(np.linalg.norm(Xl, axis=1))
    return (R / gamma) ** 2


@pytest.mark.claim("C16")
@pytest.mark.parametrize("d", [1, 2, 4, 8, 12])
def test_homogeneous_staircase_lp_separator(d):
    w = lh.homogeneous_staircase_lp(d)
    X, _ = lh.staircase(d)
    m = X @ w
    assert np.all(m > 0) and m.min() == pytest.approx(1.0)
    assert w[0] > 0 and np.all(w[1:] > 2 * w[:-1])
    # so its margin is at most 2^(1-d), and the perceptron's bound R^2/gamma^2 is huge
    gamma = m.min() / np.linalg.norm(w)
    assert gamma <= 2.0 ** (1 - d)


# ---------------------------------------------------------------------------------------
# plotting helpers
# ---------------------------------------------------------------------------------------


def test_update_invariants_lines_and_marker():
    fig, (a1, a2) = plt.subplots(1, 2)
    arts = lh.draw_invariants(a1, a2)
    M = np.arange(6)
    uv = np.array([0, 0.3, 0.5, 0.9, 1.1, 1.6])
    nsq = np.array([0, 1.0, 1.5, 2.5, 3.0, 4.0])
    lim = lh.update_invariants(arts, M, uv, nsq, gamma=0.25, radius=1.0, lr=2.0, step=3)
    assert lim["bound"] == pytest.approx(16.0)
    xs, ys = arts.lower.get_data()
    assert list(xs) == [0.0, 5.0] and ys[1] == pytest.approx(5 * 2 * 0.25)
    xs, ys = arts.norm_sq.get_data()
    assert list(xs) == [1, 2, 3, 4, 5]  # log axes: M >= 1 only
    xs, ys = arts.upper.get_data()
    np.testing.assert_allclose(ys, np.asarray(xs) * 4.0)
    xs, ys = arts.quadratic.get_data()
    np.testing.assert_allclose(ys, (np.asarray(xs) * 0.5) ** 2)
    # the two lines cross at the bound, which lies inside the x range shown
    assert lim["x_max"] >= 16.0
    assert arts.mark_norm.get_data()[1][0] == 2.5
    lh.update_invariants(arts, M[:1], uv[:1], nsq[:1], gamma=0.25, radius=1.0)
    assert len(arts.mark_uv.get_data()[0]) == 0
    assert len(arts.norm_sq.get_data()[0]) == 0


def test_update_invariants_weights_back_at_zero():
    """||v_M||^2 can be exactly 0 after an update; the log axis limits must stay positive."""
    fig, (a1, a2) = plt.subplots(1, 2)
    arts = lh.draw_invariants(a1, a2)
    lim = lh.update_invariants(
        arts, [0, 1, 2], [0.0, 1.0, 0.0], [0.0, 1.0, 0.0], gamma=0.1, radius=1.0
    )
    assert 0 < lim["y_min"] < 0.01 and a2.get_ylim()[0] > 0


def test_update_invariants_bad_input():
    fig, (a1, a2) = plt.subplots(1, 2)
    arts = lh.draw_invariants(a1, a2)
    with pytest.raises(ValueError, match="same length"):
        lh.update_invariants(arts, [0, 1], [0.0], [0.0, 1.0], gamma=0.1, radius=1.0)
    with pytest.raises(ValueError, match="gamma must be > 0"):
        lh.update_invariants(arts, [0], [0.0], [0.0], gamma=0.0, radius=1.0)
    with pytest.raises(ValueError, match="radius must be > 0"):
        lh.update_invariants(arts, [0], [0.0], [0.0], gamma=0.1, radius=-1.0)


@pytest.mark.claim("C09")
@settings(max_examples=60, deadline=None)
@given(
    g=st.floats(0.02, 0.9),
    R=st.floats(1.0, 3.0),
    n=st.integers(5, 40),
    seed=st.integers(0, 10_000),
)
def test_mistakes_below_bound_line(g, R, n, seed):
    """Homogeneous runs on lifted data sit below the line R'^2 / gamma'^2 of the log-log plot."""
    g = min(g, R)
    X, y, w, b = lh.make_separable(n, 2, g, R, seed=seed)
    Xl = lh.lift(X, 1.0)
    v = np.append(w, b)
    gam = np.min(y * (Xl @ v)) / np.linalg.norm(v)
    R2 = np.max(np.sum(Xl**2, axis=1))
    updates = len(reference_run(Xl, y, bias=False, max_updates=10**5))
    fig, ax = plt.subplots()
    arts = lh.plot_mistakes_vs_margin(ax, [1 / gam**2], [updates], R2)
    xs, ys = arts["bound"].get_data()
    np.testing.assert_allclose(ys, R2 * np.asarray(xs))
    assert updates <= R2 / gam**2
    plt.close(fig)


def test_plot_mistakes_vs_margin_points():
    fig, ax = plt.subplots()
    arts = lh.plot_mistakes_vs_margin(
        ax, [1.0, 10.0, 100.0], [0, 5, 50], 2.0, converged=[True, True, False]
    )
    xs, ys = arts["points"].get_data()
    assert list(xs) == [1.0, 10.0] and list(ys) == [0.5, 5.0]  # 0 updates drawn at 1/2
    xs, ys = arts["capped"].get_data()
    assert list(xs) == [100.0] and list(ys) == [50.0]
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    with pytest.raises(ValueError, match="same length"):
        lh.plot_mistakes_vs_margin(ax, [1.0, 2.0], [1], 1.0)
    with pytest.raises(ValueError, match="finite and > 0"):
        lh.plot_mistakes_vs_margin(ax, [0.0], [1], 1.0)
    with pytest.raises(ValueError, match="updates must be"):
        lh.plot_mistakes_vs_margin(ax, [1.0], [-1], 1.0)
    with pytest.raises(ValueError, match="radius_sq must be > 0"):
        lh.plot_mistakes_vs_margin(ax, [1.0], [1], 0.0)
    with pytest.raises(ValueError, match="converged must have shape"):
        lh.plot_mistakes_vs_margin(ax, [1.0], [1], 1.0, converged=[True, False])


@pytest.mark.claim("C14")
def test_plot_mistakes_per_epoch_on_xor():
    X, y = lh.xor_data()
    res = lh.perceptron(X, y, max_epochs=30)
    fig, ax = plt.subplots()
    line = lh.plot_mistakes_per_epoch(ax, res.mistakes_per_epoch, label="XOR")
    xs, ys = line.get_data()
    assert list(xs) == list(range(1, 31))
    # XOR: every epoch has a mistake (the run never stops); checked against the plain loop
    w, b = np.zeros(2), 0.0
    for k in range(30):
        count = 0
        for i in range(4):
            if y[i] * (X[i] @ w + b) <= 0:
                w, b, count = w + y[i] * X[i], b + y[i], count + 1
        assert ys[k] == count > 0
    with pytest.raises(ValueError, match="non-empty 1-D"):
        lh.plot_mistakes_per_epoch(ax, [])
    with pytest.raises(ValueError, match="non-empty 1-D"):
        lh.plot_mistakes_per_epoch(ax, [1, -1])


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
        # a wrong r that happens to equal the best r^2 gets the more specific hint
        expected = "best r²" if math.isclose(wrong, r_best**2, rel_tol=1e-6) else side
        assert not fb.ok and expected in fb.message


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
