"""Tests of what notebook 04 adds to the package: the convex-hull and certificate drawing
helpers, the two explorers (at every slider extreme) and the exercise checks.

The LP algorithms themselves (find_separator, max_margin_lp, robust_lp, ...) are tested in
tests/test_lp.py; here every answer an explorer returns is re-verified with arithmetic written
in this file (margins, Gordan's conditions), and hulls are compared with scipy's Qhull.
"""

import re

import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.spatial import ConvexHull

import linsep_helpers as lh

# -------------------------------------------------------------------------------------------
# independent checks used throughout
# -------------------------------------------------------------------------------------------


def strictly_separates(w, b, X, y):
    return bool(np.all(y * (X @ np.asarray(w) + b) > 0))


def is_gordan_certificate(X, y, lam, tol=1e-8):
    """lam >= 0, sum lam = 1, sum lam_i y_i x_i = 0 and sum lam_i y_i = 0 (written out here)."""
    lam = np.asarray(lam, dtype=float)
    if np.any(lam < -tol) or abs(lam.sum() - 1.0) > tol:
        return False
    lin = sum(lam[i] * y[i] * X[i] for i in range(len(y)))
    return bool(np.all(np.abs(lin) <= tol) and abs(float(lam @ y)) <= tol)


def hull_point_set(points):
    return {tuple(np.round(p, 9)) for p in points}


# -------------------------------------------------------------------------------------------
# convex_hull_vertices
# -------------------------------------------------------------------------------------------

coords = st.floats(-10, 10, allow_nan=False).map(lambda v: round(v, 3))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(coords, coords), min_size=3, max_size=25))
def test_hull_matches_qhull(pts):
    P = np.array(pts, dtype=float)
    U = np.unique(P, axis=0)
    # Qhull needs 3 affinely independent points; otherwise the hull is a segment or a point
    centred = U - U.mean(axis=0)
    if U.shape[0] < 3 or np.linalg.matrix_rank(centred, tol=1e-9) < 2:
        return
    try:
        qh = ConvexHull(U)
    except Exception:  # pragma: no cover - nearly collinear input Qhull refuses
        return
    mine = lh.convex_hull_vertices(P)
    assert hull_point_set(mine) == hull_point_set(U[qh.vertices])
    # counter-clockwise: positive signed area (shoelace formula)
    x, y = mine[:, 0], mine[:, 1]
    area = 0.5 * float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))
    assert area == pytest.approx(qh.volume, rel=1e-9, abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(coords, coords), min_size=1, max_size=20))
def test_every_point_inside_hull(pts):
    P = np.array(pts, dtype=float)
    H = lh.convex_hull_vertices(P)
    if H.shape[0] < 3:
        return
    # each point is on the left of (or on) every counter-clockwise edge
    for a, b in zip(H, np.roll(H, -1, axis=0), strict=True):
        cross = (b[0] - a[0]) * (P[:, 1] - a[1]) - (b[1] - a[1]) * (P[:, 0] - a[0])
        assert np.all(cross >= -1e-7 * (1 + np.abs(P).max() ** 2))


def test_hull_degenerate_cases():
    assert np.array_equal(lh.convex_hull_vertices([[1.0, 2.0]]), [[1.0, 2.0]])
    assert np.array_equal(lh.convex_hull_vertices([[1.0, 2.0], [1.0, 2.0]]), [[1.0, 2.0]])
    seg = lh.convex_hull_vertices([[0.0, 0.0], [2.0, 2.0], [1.0, 1.0], [0.5, 0.5]])
    assert hull_point_set(seg) == {(0.0, 0.0), (2.0, 2.0)}
    square = lh.convex_hull_vertices([[0, 0], [1, 0], [1, 1], [0, 1], [0.5, 0.5], [1, 0.5]])
    assert hull_point_set(square) == {(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)}


@pytest.mark.parametrize(
    ("points", "match"),
    [
        (np.zeros((0, 2)), "non-empty"),
        (np.zeros(4), "non-empty"),
        (np.zeros((3, 1)), "non-empty"),
        ([[0.0, np.nan], [1.0, 1.0]], "NaN or infinite"),
        ([[0.0, np.inf]], "NaN or infinite"),
    ],
)
def test_hull_rejects_bad_input(points, match):
    with pytest.raises(ValueError, match=match):
        lh.convex_hull_vertices(points)


# -------------------------------------------------------------------------------------------
# draw_hulls / draw_certificate
# -------------------------------------------------------------------------------------------


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
    lh.update_hulls(arts, X2, y)
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
    lh.update_certificate(arts, X, lam2, [0.5, 0.0])
    assert len(arts.spokes.get_segments()) == 2
    assert [t.get_visible() for t in arts.labels] == [True, False, True, False]
    # None hides everything
    lh.update_certificate(arts, X, None, None)
    assert len(arts.point.get_data()[0]) == 0
    assert len(arts.spokes.get_segments()) == 0
    assert not any(t.get_visible() for t in arts.labels)


def test_draw_certificate_bad_input():
    X, _ = lh.xor_data()
    fig, ax = plt.subplots()
    arts = lh.draw_certificate(ax, X)
    with pytest.raises(ValueError, match="rows"):
        lh.update_certificate(arts, X[:3], np.ones(3) / 3, [0.0, 0.0])
    with pytest.raises(ValueError, match="lam"):
        lh.update_certificate(arts, X, np.ones(3) / 3, [0.0, 0.0])
    with pytest.raises(ValueError, match="point"):
        lh.update_certificate(arts, X, np.ones(4) / 4, [0.0, 0.0, 0.0])
    with pytest.raises(ValueError):
        lh.draw_certificate(ax, [[np.nan, 0.0]])


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
    fb = lh.check_separation_matrix(X1, Y1, A1)
    assert fb.ok and repr(fb).startswith("\u2714")
    assert lh.check_separation_matrix(X1, Y1, A1.tolist()).ok
    # labels {0, 1} mean the same matrix
    assert lh.check_separation_matrix(X1, (Y1 + 1) / 2, A1).ok


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
    fb = lh.check_separation_matrix(X1, Y1, answer)
    assert not fb.ok and not bool(fb)
    assert repr(fb).startswith("\u2718")
    assert fb.message  # an explanation, and it does not print the matrix
    assert re.search(match, fb.message)
    assert "2.0, 1.5" not in fb.message


def test_check_separation_matrix_names_the_wrong_row():
    bad = A1.copy()
    bad[3, 0] = 7.0
    fb = lh.check_separation_matrix(X1, Y1, bad)
    assert not fb.ok and "[3]" in fb.message


def test_check_separation_matrix_last_column_of_x_instead_of_ones():
    bad = A1.copy()
    bad[:, 2] = 2.0 * Y1
    fb = lh.check_separation_matrix(X1, Y1, bad)
    assert not fb.ok and "last column" in fb.message


X2 = np.array([[1.0, 0.0], [0.5, 1.25], [0.0, -1.0], [-1.0, 0.0], [0.0, 1.25], [-0.5, 0.25]])
Y2 = np.array([1.0, 1.0, 1.0, -1.0, -1.0, -1.0])
W0, B0 = np.array([2.0, -1.0]), 0.5  # margins 2.5, 0.25, 1.5, 1.5, 0.75, 0.75 (by hand)


@pytest.mark.claim("C05")
def test_check_rescaled_separator_cases():
    ok = lh.check_rescaled_separator(X2, Y2, W0, B0, 4 * W0, 4 * B0)
    assert ok.ok and "smallest factor" in ok.message
    bigger = lh.check_rescaled_separator(X2, Y2, W0, B0, 10 * W0, 10 * B0)
    assert bigger.ok and "2.5" in bigger.message  # 10 * 0.25
    too_small = lh.check_rescaled_separator(X2, Y2, W0, B0, 2 * W0, 2 * B0)
    assert not too_small.ok and "0.5 < 1" in too_small.message
    negative = lh.check_rescaled_separator(X2, Y2, W0, B0, -4 * W0, -4 * B0)
    assert not negative.ok and "positive multiple" in negative.message
    rotated = lh.check_rescaled_separator(X2, Y2, W0, B0, np.array([8.0, -3.0]), 2.0)
    assert not rotated.ok and "positive multiple" in rotated.message
    assert "not answered" in lh.check_rescaled_separator(X2, Y2, W0, B0, None, None).message
    assert "not answered" in lh.check_rescaled_separator(X2, Y2, W0, B0, 4 * W0, None).message
    shape = lh.check_rescaled_separator(X2, Y2, W0, B0, [1.0, 2.0, 3.0], 1.0)
    assert not shape.ok and "length 2" in shape.message
    assert not lh.check_rescaled_separator(X2, Y2, W0, B0, "x", 1.0).ok
    assert not lh.check_rescaled_separator(X2, Y2, W0, B0, [np.inf, 0.0], 1.0).ok


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
    fb = lh.check_rescaled_separator(X, y, w, b, w / gamma, b / gamma)
    assert fb.ok
    assert np.min(y * (X @ (w / gamma) + b / gamma)) == pytest.approx(1.0, rel=1e-9)
    # half the factor is not enough (its margin is 1/2)
    assert not lh.check_rescaled_separator(X, y, w, b, w / (2 * gamma), b / (2 * gamma)).ok


X3 = np.array([[0.0, 0.0], [2.0, 0.0], [0.0, 2.0], [0.5, 0.5]])
Y3 = np.array([1.0, 1.0, 1.0, -1.0])
LAM3 = np.array([0.25, 0.125, 0.125, 0.5])


@pytest.mark.claim("C25")
def test_check_certificate_cases():
    assert is_gordan_certificate(X3, Y3, LAM3)  # the oracle agrees with the hand solution
    assert lh.check_certificate(X3, Y3, LAM3).ok
    assert lh.check_certificate(X3, Y3, LAM3.tolist()).ok
    cases = [
        (None, "not answered"),
        ([0.5, 0.5], "4 entries"),
        ([0.75, 0.125, 0.125, 0.0], "same total weight"),
        ([-0.25, 0.25, 0.5, 0.5], ">= 0"),
        ([0.5, 0.25, 0.25, 1.0], "add up to 1"),
        ([0.5, 0.0, 0.0, 0.5], "weighted means"),
        ("abc", "numbers"),
    ]
    for lam, match in cases:
        fb = lh.check_certificate(X3, Y3, lam)
        assert not fb.ok, lam
        assert match in fb.message, (lam, fb.message)


@pytest.mark.claim("C25")
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_check_certificate_agrees_with_the_oracle_on_random_weights(seed):
    rng = np.random.default_rng(seed)
    X, y = lh.xor_data()
    lam = rng.dirichlet(np.ones(4))
    assert lh.check_certificate(X, y, lam).ok == is_gordan_certificate(X, y, lam, tol=1e-9)


@pytest.mark.parametrize(
    "fn",
    [
        lambda X, y: lh.check_separation_matrix(X, y, np.zeros((2, 3))),
        lambda X, y: lh.check_rescaled_separator(X, y, [1.0, 0.0], 0.0, [1.0, 0.0], 0.0),
        lambda X, y: lh.check_certificate(X, y, [0.5, 0.5]),
    ],
)
def test_checks_reject_bad_data(fn):
    with pytest.raises(ValueError, match="NaN|infinite|finite"):
        fn(np.array([[np.nan, 0.0], [1.0, 1.0]]), np.array([1.0, -1.0]))
    with pytest.raises(ValueError, match="label"):
        fn(np.array([[0.0, 0.0], [1.0, 1.0]]), np.array([1.0, 3.0]))
