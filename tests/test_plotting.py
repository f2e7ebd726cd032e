"""Tests of plotting.py: the artists exist, sit where the math says, and move in place."""

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.path import Path

import linsep_helpers as lh

BOX = ((-2.0, 3.0), (-1.5, 2.5))
coef = st.floats(-5, 5).filter(lambda t: abs(t) > 1e-3)


def offsets(coll):
    return np.asarray(coll.get_offsets(), dtype=float)


def marker_vertices(coll):
    return np.round(coll.get_paths()[0].vertices, 6)


# ----------------------------------------------------------------------------- style


def test_use_style_sets_the_course_style():
    lh.use_style()
    base = mpl.rcParams["font.size"]
    assert mpl.rcParams["axes.grid"] is True
    lh.use_style(presentation=True)
    assert mpl.rcParams["font.size"] > base
    lh.use_style()


# ----------------------------------------------------------------------------- draw_data


def test_draw_data_returns_two_collections_with_distinct_markers():
    X, y, _, _ = lh.make_separable(30, 2, 0.1, 1.0, seed=4)
    fig, ax = plt.subplots()
    arts = lh.draw_data(ax, X, y)
    assert arts.pos is not arts.neg
    assert len(ax.collections) == 2
    assert not np.array_equal(marker_vertices(arts.pos), marker_vertices(arts.neg))
    assert not np.allclose(arts.pos.get_facecolors()[0], arts.neg.get_facecolors()[0])
    assert np.array_equal(offsets(arts.pos), X[y > 0])
    assert np.array_equal(offsets(arts.neg), X[y < 0])
    assert ax.get_legend() is not None


def test_draw_data_accepts_zero_one_labels_and_one_feature():
    fig, ax = plt.subplots()
    arts = lh.draw_data(ax, [[1.0], [2.0], [3.0]], [0, 1, 1], legend=False)
    assert offsets(arts.pos).tolist() == [[2.0, 0.0], [3.0, 0.0]]
    assert offsets(arts.neg).tolist() == [[1.0, 0.0]]
    assert ax.get_legend() is None


def test_update_data_moves_points_without_new_artists():
    X, y, _, _ = lh.make_separable(30, 2, 0.1, 1.0, seed=4)
    X2, y2, _, _ = lh.make_separable(12, 2, 0.3, 2.0, seed=9)
    fig, ax = plt.subplots()
    arts = lh.draw_data(ax, X, y)
    lh.update_data(arts, X2, y2)
    assert len(ax.collections) == 2
    assert np.array_equal(offsets(arts.pos), X2[y2 > 0])
    assert np.array_equal(offsets(arts.neg), X2[y2 < 0])


def test_draw_data_rejects_bad_data():
    fig, ax = plt.subplots()
    with pytest.raises(ValueError, match="labels"):
        lh.draw_data(ax, [[0.0, 1.0]], [2])
    arts = lh.draw_data(ax, [[0.0, 1.0], [1.0, 0.0]], [1, -1])
    with pytest.raises(ValueError, match="contains NaN"):
        lh.update_data(arts, [[np.nan, 1.0]], [1])


# ----------------------------------------------------------------------------- halfplanes


@settings(max_examples=100, deadline=None)
@given(w1=coef, w2=coef, b=st.floats(-6, 6))
def test_halfplane_polygon_against_direct_evaluation(w1, w2, b):
    w = np.array([w1, w2])
    poly = lh.halfplane_polygon(w, b, *BOX)
    (x0, x1), (y0, y1) = BOX
    rng = np.random.default_rng(0)
    P = np.column_stack([rng.uniform(x0, x1, 400), rng.uniform(y0, y1, 400)])
    s = P @ w + b
    clear = np.abs(s) > 1e-6 * (1 + np.abs(w).sum())
    if poly.shape[0] < 3:
        assert np.all(s[clear] < 0)  # an empty polygon: nothing of the box is on the + side
        return
    assert np.all(poly @ w + b >= -1e-9)
    assert np.all((poly[:, 0] >= x0 - 1e-9) & (poly[:, 0] <= x1 + 1e-9))
    assert np.all((poly[:, 1] >= y0 - 1e-9) & (poly[:, 1] <= y1 + 1e-9))
    inside = Path(np.vstack([poly, poly[:1]]), closed=True).contains_points(P, radius=1e-9)
    boundary_dist = np.min(np.abs(P[:, :1] - [x0, x1]), axis=1)
    far = clear & (boundary_dist > 1e-6)
    assert np.array_equal(inside[far], s[far] > 0)


@settings(max_examples=100, deadline=None)
@given(w1=coef, w2=coef, b=st.floats(-6, 6))
def test_line_in_box_against_direct_evaluation(w1, w2, b):
    w = np.array([w1, w2])
    xs, ys = lh.line_in_box(w, b, *BOX)
    (x0, x1), (y0, y1) = BOX
    corners = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
    s = corners @ w + b
    if np.all(s > 0) or np.all(s < 0):
        assert len(xs) == 0 and len(ys) == 0  # the line misses the box
        return
    if np.any(s == 0):
        return  # through a corner: either representation is fine
    assert len(xs) == 2
    pts = np.column_stack([xs, ys])
    assert np.allclose(pts @ w + b, 0.0, atol=1e-9 * (1 + abs(b) + np.abs(w).sum()))
    on_edge = (
        np.isclose(pts[:, 0], x0)
        | np.isclose(pts[:, 0], x1)
        | np.isclose(pts[:, 1], y0)
        | np.isclose(pts[:, 1], y1)
    )
    assert on_edge.all()


def test_line_in_box_known_case():
    xs, ys = lh.line_in_box([0.0, 1.0], -0.5, (-1, 1), (-1, 1))  # the line y = 0.5
    assert sorted(xs.tolist()) == [-1.0, 1.0] and ys.tolist() == [0.5, 0.5]
    with pytest.raises(ValueError, match="w has length 3"):
        lh.line_in_box([1.0, 0.0, 0.0], 0.0, (-1, 1), (-1, 1))


# ----------------------------------------------------------------------------- separators


def test_draw_and_update_separator_positions():
    fig, ax = plt.subplots()
    lh.square_limits(ax, 2.0)
    w, b = np.array([3.0, 4.0]), -5.0  # line 0.6 x + 0.8 y = 1, unit normal (0.6, 0.8)
    arts = lh.draw_separator(ax, w, b, margin=0.5)
    u = w / 5.0
    line = np.column_stack(arts.line.get_data())
    upper = np.column_stack(arts.upper.get_data())
    lower = np.column_stack(arts.lower.get_data())
    assert np.allclose(line @ u - 1.0, 0.0)
    assert np.allclose(upper @ u - 1.0, 0.5) and np.allclose(lower @ u - 1.0, -0.5)
    band = arts.band.get_xy()
    assert np.all(np.abs(band @ u - 1.0) <= 0.5 + 1e-9)
    assert arts.normal.get_visible()
    # move it: same artists, new place; no band without a margin
    lh.update_separator(arts, [0.0, 2.0], 1.0)  # y = -0.5
    assert np.allclose(arts.line.get_data()[1], -0.5)
    assert len(arts.upper.get_data()[0]) == 0
    # w = 0: nothing to draw
    lh.update_separator(arts, [0.0, 0.0], 1.0)
    assert len(arts.line.get_data()[0]) == 0 and not arts.normal.get_visible()


def test_square_limits():
    fig, ax = plt.subplots()
    lo, hi = lh.square_limits(ax, 2.0, pad=0.1)
    assert (lo, hi) == pytest.approx((-2.2, 2.2))
    assert ax.get_xlim() == pytest.approx((-2.2, 2.2)) and ax.get_ylim() == pytest.approx(
        (-2.2, 2.2)
    )
    assert ax.get_aspect() == 1.0
    with pytest.raises(ValueError, match="radius must be > 0"):
        lh.square_limits(ax, 0.0)


# ----------------------------------------------------------------------------- notebook 01 helpers


def test_draw_halfspaces_shades_the_right_sides():
    fig, ax = plt.subplots()
    lh.square_limits(ax, 1.0)
    w, b = np.array([1.0, -2.0]), 0.3
    pos, neg = lh.draw_halfspaces(ax, w, b)
    assert np.all(pos.get_xy() @ w + b >= -1e-12)
    assert np.all(neg.get_xy() @ w + b <= 1e-12)
    assert not np.allclose(pos.get_facecolor(), neg.get_facecolor())
    with pytest.raises(ValueError, match="zero vector"):
        lh.draw_halfspaces(ax, [0.0, 0.0], 1.0)


@settings(max_examples=100, deadline=None)
@given(
    v=st.lists(st.floats(-3, 3), min_size=3, max_size=3).filter(lambda t: np.linalg.norm(t) > 1e-3),
    half=st.floats(0.1, 5),
)
def test_plane_in_cube(v, half):
    P = lh.plane_in_cube(v, half)
    u = np.array(v) / np.linalg.norm(v)
    assert 3 <= P.shape[0] <= 6 and P.shape[1] == 3
    assert np.allclose(P @ u, 0.0, atol=1e-9 * half)
    assert np.all(np.abs(P) <= half * (1 + 1e-9))
    # vertices in order: the polygon (projected on the plane) has area > 0 and is convex
    _, _, vt = np.linalg.svd(u[None, :])
    Q = np.column_stack([P @ vt[1], P @ vt[2]])

    def turn(a, b):
        return a[0] * b[1] - a[1] * b[0]

    m = len(Q)
    cross = [turn(Q[(k + 1) % m] - Q[k], Q[(k + 2) % m] - Q[(k + 1) % m]) for k in range(m)]
    assert np.all(np.array(cross) > 0) or np.all(np.array(cross) < 0)


@pytest.mark.parametrize(
    "v",
    [[1.0, 1.0, 1e-13], [1.0, -1.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, -1.0], [1.0, 1.0, 2.0]],
)
def test_plane_in_cube_through_or_near_corners(v):
    # planes that contain cube corners or edges (or nearly): no duplicate vertices, and the
    # corners on the plane are among the vertices
    P = lh.plane_in_cube(v, 1.0)
    gaps = np.linalg.norm(P - np.roll(P, 1, axis=0), axis=1)
    assert gaps.min() > 1e-6
    u = np.array(v) / np.linalg.norm(v)
    corners = np.array([[i, j, k] for i in (-1, 1) for j in (-1, 1) for k in (-1, 1)], float)
    for corner in corners[np.abs(corners @ u) < 1e-15]:
        assert np.min(np.linalg.norm(P - corner, axis=1)) < 1e-12


def test_plane_in_cube_known_case_and_errors():
    P = lh.plane_in_cube([0.0, 0.0, 1.0], 1.0)  # the square z = 0
    assert sorted(map(tuple, np.round(P, 12).tolist())) == [
        (-1.0, -1.0, 0.0),
        (-1.0, 1.0, 0.0),
        (1.0, -1.0, 0.0),
        (1.0, 1.0, 0.0),
    ]
    with pytest.raises(ValueError, match="zero vector"):
        lh.plane_in_cube([0.0, 0.0, 0.0])
    with pytest.raises(ValueError, match="v has length 2"):
        lh.plane_in_cube([1.0, 0.0])


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
