"""Tests of plotting/separability.py (notebook 01): the two half-planes and the 3-D lift."""

import matplotlib.pyplot as plt
import numpy as np
import pytest

import linsep_helpers as lh


def test_draw_halfspaces_shades_the_right_sides():
    fig, ax = plt.subplots()
    lh.square_limits(ax, 1.0)
    w, b = np.array([1.0, -2.0]), 0.3
    arts = lh.draw_halfspaces(ax, w, b)
    pos, neg = arts.pos, arts.neg
    assert list(ax.patches) == [pos, neg]
    assert np.all(pos.get_xy() @ w + b >= -1e-12)
    assert np.all(neg.get_xy() @ w + b <= 1e-12)
    assert not np.allclose(pos.get_facecolor(), neg.get_facecolor())
    with pytest.raises(ValueError, match="zero vector"):
        lh.draw_halfspaces(ax, [0.0, 0.0], 1.0)


def test_draw_halfspaces_again_replaces_the_shading():
    fig, ax = plt.subplots()
    lh.square_limits(ax, 1.0)
    w, b = np.array([0.6, 0.8]), -0.2
    other = ax.add_patch(plt.Circle((0, 0), 0.5))  # not drawn by draw_halfspaces: stays
    lh.draw_halfspaces(ax, w, b)
    arts = lh.draw_halfspaces(ax, -w, -b)  # the pair (-w, -b): same line, sides swapped
    assert list(ax.patches) == [other, arts.pos, arts.neg]
    # the blue patch now covers {-w.x - b > 0} = {w.x + b < 0}: checked at the vertices and
    # at a point well inside each region
    assert np.all(arts.pos.get_xy() @ w + b <= 1e-12)
    assert np.all(arts.neg.get_xy() @ w + b >= -1e-12)
    inside_pos = arts.pos.get_path().contains_point([-0.8, -0.8])  # w.x + b = -1.32 < 0
    assert inside_pos and not arts.neg.get_path().contains_point([-0.8, -0.8])
    blue = plt.matplotlib.colors.to_rgba(lh.PALETTE["blue"])[:3]
    assert np.allclose(arts.pos.get_facecolor()[:3], blue)


@pytest.mark.claim("C02")
def test_draw_lift_3d_meets_at_the_affine_line():
    X, y, w, b = lh.make_separable(20, 2, 0.2, 1.0, seed=2)
    fig = plt.figure()
    ax = fig.add_subplot(projection="3d")
    arts = lh.draw_lift_3d(ax, X, y, w, b, r=1.5)
    xs, ys, zs = arts.meet.get_data_3d()
    assert np.allclose(zs, 1.5)
    assert np.allclose(np.column_stack([xs, ys]) @ w + b, 0.0)
    v = np.append(w, b / 1.5)
    meet = np.column_stack([xs, ys, zs])
    assert np.allclose(meet @ v, 0.0)  # the meeting line lies on the homogeneous plane
    pts = np.column_stack(arts.pos._offsets3d)
    assert np.allclose(pts[:, :2], X[y > 0]) and np.allclose(pts[:, 2], 1.5)
    assert np.all(pts @ v > 0)
    neg = np.column_stack(arts.neg._offsets3d)
    assert np.all(neg @ v < 0)
    fig.canvas.draw()  # renders without error


def test_draw_lift_3d_rejects_bad_input():
    fig = plt.figure()
    ax = fig.add_subplot(projection="3d")
    with pytest.raises(ValueError, match="draws 2-D data"):
        lh.draw_lift_3d(ax, np.ones((3, 3)), [1, -1, 1], [1.0, 0.0, 0.0], 0.0)
    with pytest.raises(ValueError, match="r must be > 0"):
        lh.draw_lift_3d(ax, np.ones((2, 2)), [1, -1], [1.0, 0.0], 0.0, r=0.0)
