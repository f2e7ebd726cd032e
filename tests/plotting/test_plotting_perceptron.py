"""Tests of plotting/perceptron.py (notebook 02): the proof panels and the mistake plots.

Oracle: a textbook perceptron loop written in this file.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import reference_run

import linsep_helpers as lh
from linsep_helpers.plotting import draw_invariants, update_invariants


def test_update_invariants_lines_and_marker():
    fig, (a1, a2) = plt.subplots(1, 2)
    arts = draw_invariants(a1, a2)
    M = np.arange(6)
    uv = np.array([0, 0.3, 0.5, 0.9, 1.1, 1.6])
    nsq = np.array([0, 1.0, 1.5, 2.5, 3.0, 4.0])
    lim = update_invariants(arts, M, uv, nsq, gamma=0.25, radius=1.0, lr=2.0, step=3)
    assert lim.bound == pytest.approx(16.0)
    xs, ys = arts.lower.get_data()
    assert list(xs) == [1.0, lim.x_max]  # log-log: from M = 1 to the right end
    np.testing.assert_allclose(ys, np.asarray(xs) * 2 * 0.25)
    xs, ys = arts.uv.get_data()
    assert list(xs) == [1, 2, 3, 4, 5] and list(ys) == [0.3, 0.5, 0.9, 1.1, 1.6]
    xs, ys = arts.norm_sq.get_data()
    assert list(xs) == [1, 2, 3, 4, 5]  # log axes: M >= 1 only
    xs, ys = arts.upper.get_data()
    np.testing.assert_allclose(ys, np.asarray(xs) * 4.0)
    xs, ys = arts.quadratic.get_data()
    np.testing.assert_allclose(ys, (np.asarray(xs) * 0.5) ** 2)
    # the two lines cross at the bound, which lies inside the x range shown
    assert lim.x_max >= 16.0
    assert arts.mark_norm.get_data()[1][0] == 2.5
    # the limits: an even power of ten beyond twice the bound, powers of ten around
    # c = 100^i 10^j (lr = 2 -> i = 0; R^2 = 1 counts as the top of [0.1, 1]: j = -1) that
    # hold the lines' crossing; the left panel shows their square roots, rounded out
    assert lim.x_max == 100.0 and a1.get_xlim() == a2.get_xlim() == (0.8, 100.0)
    assert (lim.y_min, lim.y_max) == pytest.approx((1e-5, 1e5), rel=1e-12)
    assert a2.get_ylim() == pytest.approx((1e-5, 1e5), rel=1e-12)
    assert a1.get_ylim() == pytest.approx((1e-3, 1e3), rel=1e-12)
    for ax in (a1, a2):
        assert ax.get_xscale() == ax.get_yscale() == "log"
    cross = lim.bound * 4.0 * 1.0  # M lr^2 R^2 at the bound
    assert lim.y_min < 0.5**2 < cross < lim.y_max  # the quadratic's start, the crossing
    update_invariants(arts, M[:1], uv[:1], nsq[:1], gamma=0.25, radius=1.0)
    assert len(arts.mark_uv.get_data()[0]) == 0
    assert len(arts.norm_sq.get_data()[0]) == 0


def test_update_invariants_weights_back_at_zero():
    """||v_M||^2 can be exactly 0 after an update; the log axis limits must stay positive."""
    fig, (a1, a2) = plt.subplots(1, 2)
    arts = draw_invariants(a1, a2)
    lim = update_invariants(
        arts, [0, 1, 2], [0.0, 1.0, 0.0], [0.0, 1.0, 0.0], gamma=0.1, radius=1.0
    )
    assert 0 < lim.y_min < 0.01 and a2.get_ylim()[0] > 0


def test_update_invariants_bad_input():
    fig, (a1, a2) = plt.subplots(1, 2)
    arts = draw_invariants(a1, a2)
    with pytest.raises(ValueError, match="same length"):
        update_invariants(arts, [0, 1], [0.0], [0.0, 1.0], gamma=0.1, radius=1.0)
    with pytest.raises(ValueError, match="gamma must be > 0"):
        update_invariants(arts, [0], [0.0], [0.0], gamma=0.0, radius=1.0)
    with pytest.raises(ValueError, match="radius must be > 0"):
        update_invariants(arts, [0], [0.0], [0.0], gamma=0.1, radius=-1.0)


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
    xs, ys = arts.bound.get_data()
    np.testing.assert_allclose(ys, R2 * np.asarray(xs))
    assert updates <= R2 / gam**2
    plt.close(fig)


def test_plot_mistakes_vs_margin_points():
    fig, ax = plt.subplots()
    arts = lh.plot_mistakes_vs_margin(
        ax, [1.0, 10.0, 100.0], [0, 5, 50], 2.0, converged=[True, True, False]
    )
    xs, ys = arts.points.get_data()
    assert list(xs) == [1.0, 10.0] and list(ys) == [0.5, 5.0]  # 0 updates drawn at 1/2
    xs, ys = arts.capped.get_data()
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
    # a second curve with a larger first epoch is not clipped; the ticks are whole counts
    lh.plot_mistakes_per_epoch(ax, [11, 0], label="separable")
    lo, hi = ax.get_ylim()
    assert lo < 0 and hi > 11
    fig.canvas.draw()
    ticks = [t for t in ax.get_yticks() if lo <= t <= hi]
    assert ticks and all(float(t).is_integer() for t in ticks)
    with pytest.raises(ValueError, match="non-empty 1-D"):
        lh.plot_mistakes_per_epoch(ax, [])
    with pytest.raises(ValueError, match="non-empty 1-D"):
        lh.plot_mistakes_per_epoch(ax, [1, -1])
