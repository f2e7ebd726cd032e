"""Tests of plotting/style.py: the course style, draw_data and draw_separator: the artists exist,
sit where the math says, and move in place."""

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
import pytest

import linsep_helpers as lh
from linsep_helpers.plotting import update_data, update_separator


def offsets(coll):
    return np.asarray(coll.get_offsets(), dtype=float)


def marker_vertices(coll):
    return np.round(coll.get_paths()[0].vertices, 6)


def test_use_style_sets_the_course_style():
    lh.use_style()
    base = mpl.rcParams["font.size"]
    assert mpl.rcParams["axes.grid"] is True
    lh.use_style(presentation=True)
    assert mpl.rcParams["font.size"] > base
    lh.use_style()


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
    update_data(arts, X2, y2)
    assert len(ax.collections) == 2
    assert np.array_equal(offsets(arts.pos), X2[y2 > 0])
    assert np.array_equal(offsets(arts.neg), X2[y2 < 0])


def test_draw_data_rejects_bad_data():
    fig, ax = plt.subplots()
    with pytest.raises(ValueError, match="labels"):
        lh.draw_data(ax, [[0.0, 1.0]], [2])
    arts = lh.draw_data(ax, [[0.0, 1.0], [1.0, 0.0]], [1, -1])
    with pytest.raises(ValueError, match="contains NaN"):
        update_data(arts, [[np.nan, 1.0]], [1])


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
    update_separator(arts, [0.0, 2.0], 1.0)  # y = -0.5
    assert np.allclose(arts.line.get_data()[1], -0.5)
    assert len(arts.upper.get_data()[0]) == 0
    # w = 0: nothing to draw
    update_separator(arts, [0.0, 0.0], 1.0)
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
