"""Tests of plotting/linear_programming.py (notebook 04): convex hulls (against scipy's Qhull)
and Gordan certificates.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.text import Text
from scipy.spatial import ConvexHull

import linsep_helpers as lh
from linsep_helpers.plotting import update_certificate, update_hulls


def hull_point_set(points):
    return {tuple(np.round(p, 9)) for p in points}


def polygon_vertices(poly):
    xy = poly.get_xy()
    return xy[:-1] if len(xy) > 1 and np.allclose(xy[0], xy[-1]) else xy


def test_draw_and_update_hulls_follow_the_data():
    X, y = lh.make_overlapping(30, separation=1.0, seed=3)
    fig, ax = plt.subplots()
    arts = lh.draw_hulls(ax, X, y)
    for label, poly in ((1, arts.pos), (-1, arts.neg)):
        pts = X[y == label]
        assert hull_point_set(polygon_vertices(poly)) == hull_point_set(
            pts[ConvexHull(pts).vertices]
        )
    X2 = X + np.array([5.0, -1.0])
    update_hulls(arts, X2, y)
    pts = X2[y == 1]
    assert hull_point_set(polygon_vertices(arts.pos)) == hull_point_set(
        pts[ConvexHull(pts).vertices]
    )
    assert len(ax.patches) == 2  # updated in place, nothing added


def test_draw_hulls_one_class_and_bad_labels():
    fig, ax = plt.subplots()
    X = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    arts = lh.draw_hulls(ax, X, np.ones(3))
    assert polygon_vertices(arts.neg).shape[0] == 0
    assert hull_point_set(polygon_vertices(arts.pos)) == hull_point_set(X)
    with pytest.raises(ValueError, match="label"):
        lh.draw_hulls(ax, X, [1.0, 2.0, 1.0])


def test_draw_certificate_shows_p_spokes_and_weights():
    X, y = lh.xor_data()
    lam = np.array([0.25, 0.25, 0.25, 0.25])
    p = np.array([0.5, 0.5])
    fig, ax = plt.subplots()
    ax.set_xlim(-0.5, 1.5)
    arts = lh.draw_certificate(ax, X, lam, p)
    assert np.allclose(np.column_stack(arts.point.get_data()), [p])
    segs = arts.spokes.get_segments()
    assert len(segs) == 4
    assert {tuple(s[0]) for s in segs} == {tuple(x) for x in X}
    assert all(np.allclose(s[1], p) for s in segs)
    assert all(t.get_visible() and "0.25" in t.get_text() for t in arts.labels)
    # a sparser certificate: only the support is labelled
    lam2 = np.array([0.5, 0.0, 0.5, 0.0])
    update_certificate(arts, X, lam2, [0.5, 0.0])
    assert len(arts.spokes.get_segments()) == 2
    assert [t.get_visible() for t in arts.labels] == [True, False, True, False]
    # None hides everything
    update_certificate(arts, X, None, None)
    assert len(arts.point.get_data()[0]) == 0
    assert len(arts.spokes.get_segments()) == 0
    assert not any(t.get_visible() for t in arts.labels)


def test_draw_certificate_bad_input():
    X, _ = lh.xor_data()
    fig, ax = plt.subplots()
    arts = lh.draw_certificate(ax, X)
    with pytest.raises(ValueError, match="rows"):
        update_certificate(arts, X[:3], np.ones(3) / 3, [0.0, 0.0])
    with pytest.raises(ValueError, match="lam"):
        update_certificate(arts, X, np.ones(3) / 3, [0.0, 0.0])
    with pytest.raises(ValueError, match="point"):
        update_certificate(arts, X, np.ones(4) / 4, [0.0, 0.0, 0.0])
    with pytest.raises(ValueError):
        lh.draw_certificate(ax, [[np.nan, 0.0]])


def _label_boxes(fig, arts):
    """Display-space boxes of the visible weight labels."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    return [t.get_window_extent(renderer) for t in arts.labels if t.get_visible()]


def test_certificate_labels_have_three_decimals_and_keep_off_the_star_and_each_other():
    # the blobs of notebook 04, section 4: one example sits at p with lambda = 1/2
    X = np.array([[0.0, 0.0], [-1.5, -0.2], [0.1, -1.3], [0.4, 0.3], [2.0, 2.0]])
    lam = np.array([0.5, 0.1, 0.05, 0.35, 0.0])
    p = np.array([0.0, 0.0])
    fig, ax = plt.subplots(figsize=(5, 5))
    ax.set_xlim(-2.5, 2.5)
    ax.set_ylim(-2.5, 2.5)
    arts = lh.draw_certificate(ax, X, lam, p)
    texts = [t.get_text() for t in arts.labels]
    assert texts[:4] == ["λ=0.500\n(at p)", "λ=0.100", "λ=0.050", "λ=0.350"]
    # only the label of the example at p has a leader line
    assert [t.arrow_patch.get_visible() for t in arts.labels[:4]] == [True, False, False, False]
    assert not arts.labels[4].get_visible()
    boxes = _label_boxes(fig, arts)
    star = ax.transData.transform(p)
    for box in boxes:  # no label covers the centre of the star
        assert not box.contains(*star)
    for a in range(len(boxes)):
        for b in range(a + 1, len(boxes)):
            assert not boxes[a].overlaps(boxes[b])
    # every label other than p's lies beyond its point, on the far side from p
    for i in (1, 2, 3):
        centre = np.array(arts.labels[i].get_window_extent().get_points().mean(axis=0))
        point = ax.transData.transform(X[i])
        assert np.dot(centre - point, point - star) > 0


def test_the_label_at_p_covers_no_data_point():
    """Section 4's blobs: the label of the example at p (lambda = 1/2) used to hide two
    negative examples; now its box (measured after drawing) contains no data point."""
    X, y = lh.make_overlapping(30, separation=1.5, seed=0)
    cert = lh.find_separator(X, y).certificate
    fig, ax = plt.subplots(figsize=(5.5, 4.8))
    lo, hi = X.min(axis=0) - 0.4, X.max(axis=0) + 0.4
    ax.set_xlim(lo[0], hi[0])
    ax.set_ylim(lo[1], hi[1])
    ax.set_aspect("equal", adjustable="box")
    arts = lh.draw_certificate(ax, X, cert.lam, cert.point)
    at_p = [t for t in arts.labels if t.get_visible() and "at p" in t.get_text()]
    assert len(at_p) == 1
    fig.canvas.draw()
    # the text alone (an Annotation's extent also holds its leader line)
    box = Text.get_window_extent(at_p[0], fig.canvas.get_renderer()).padded(4.0)
    shown = ax.transData.transform(X)
    assert not any(box.contains(*xy) for xy in shown)
    assert at_p[0].arrow_patch.get_visible()


def test_no_weight_label_hides_a_data_point_in_the_notebook_figure():
    """Notebook 04's figure of two certificates (same layout, legend below): the box of
    "λ=0.366" used to cover the blue example (0.59, 0.54), which has lambda = 0. Now no
    label's text box (measured after drawing, with 3 points to spare) contains a data point
    or another label, and a label away from its point is joined to it by a leader line."""
    X_ov, y_ov = lh.make_overlapping(30, separation=1.5, seed=0)
    X_xor, y_xor = lh.xor_data()
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.8), layout="constrained")
    drawn = []
    for ax, (X, y) in zip(axes, [(X_xor, y_xor), (X_ov, y_ov)], strict=True):
        cert = lh.find_separator(X, y).certificate
        lo, hi = X.min(axis=0) - 0.4, X.max(axis=0) + 0.4
        ax.set_xlim(lo[0], hi[0])
        ax.set_ylim(lo[1], hi[1])
        ax.set_aspect("equal", adjustable="box")
        lh.draw_hulls(ax, X, y)
        lh.draw_data(ax, X, y, legend=False)
        drawn.append((ax, X, cert.lam, lh.draw_certificate(ax, X, cert.lam, cert.point)))
    handles, labels = axes[1].get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncol=4, fontsize="small")
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    for ax, X, lam, arts in drawn:
        shown = ax.transData.transform(X)
        boxes = []
        for i, t in enumerate(arts.labels):
            assert t.get_visible() == (lam[i] > 0)
            if not t.get_visible():
                continue
            box = Text.get_window_extent(t, renderer).padded(3.0)
            assert not any(box.contains(*xy) for xy in shown), t.get_text()
            boxes.append(box)
            # the box's distance from its point, in points
            gap = np.hypot(
                max(box.x0 - shown[i, 0], 0.0, shown[i, 0] - box.x1),
                max(box.y0 - shown[i, 1], 0.0, shown[i, 1] - box.y1),
            ) * (72.0 / fig.dpi)
            assert t.arrow_patch.get_visible() or gap < 10.0, t.get_text()
        for a in range(len(boxes)):
            for b in range(a + 1, len(boxes)):
                assert not boxes[a].overlaps(boxes[b])
    # the label once placed over (0.59, 0.54) now has a leader line
    i = int(np.argmin(np.abs(drawn[1][2] - 0.366)))
    assert drawn[1][3].labels[i].get_text() == "λ=0.366"
    assert drawn[1][3].labels[i].arrow_patch.get_visible()
