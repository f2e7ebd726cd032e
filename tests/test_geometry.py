"""Tests of geometry.py: margins, predictions and prototypes, and the pictures' geometry (one
polygon clipping routine, lines in a box, half-planes, margin bands, the plane of the lift in a
cube, convex hulls).

Expected values come from explicit loops, integer arithmetic, scipy (linprog, Qhull), matplotlib's
point-in-polygon test or brute-force point sampling, never from the code under test.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.path import Path
from oracles import loop_margins, lp_separable
from scipy.spatial import ConvexHull

import linsep_helpers as lh
from linsep_helpers.geometry import (
    band_polygon,
    clip_polygon,
    convex_hull_vertices,
    halfplane_polygon,
    line_in_box,
    plane_in_cube,
)

# ----------------------------------------------------------------------------- helpers


small_ints = st.integers(-4, 4)


@st.composite
def int_data(draw, max_n=8, max_d=3):
    n = draw(st.integers(1, max_n))
    d = draw(st.integers(1, max_d))
    X = np.array(
        draw(st.lists(st.lists(small_ints, min_size=d, max_size=d), min_size=n, max_size=n))
    )
    y = np.array(draw(st.lists(st.sampled_from([-1, 1]), min_size=n, max_size=n)))
    w = np.array(draw(st.lists(small_ints, min_size=d, max_size=d)))
    b = draw(small_ints)
    return X.astype(float), y.astype(float), w.astype(float), float(b)


@pytest.mark.claim("C01")
@settings(max_examples=150, deadline=None)
@given(data=int_data())
def test_separates_is_the_definition(data):
    X, y, w, b = data
    m = loop_margins(w, b, X, y)
    assert np.allclose(lh.margins(w, b, X, y), m)
    assert lh.separates(w, b, X, y) == all(t > 0 for t in m)
    assert lh.mistakes(w, b, X, y) == sum(t <= 0 for t in m)


@pytest.mark.claim("C01")
def test_separates_known_cases():
    X, y, w, b = lh.make_separable(50, 3, 0.2, 1.0, seed=3)
    assert lh.separates(w, b, X, y)
    assert not lh.separates(-w, -b, X, y)
    # a point exactly on the line is not separated (strict inequality)
    assert not lh.separates(np.array([1.0, 0.0]), 0.0, [[0.0, 5.0], [1.0, 0.0]], [1, 1])


@pytest.mark.claim("C04")
@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    c=st.floats(1e-3, 1e6),
    margin=st.floats(1e-3, 0.9),
)
def test_functional_scales_geometric_invariant(seed, c, margin):
    X, y, w, b = lh.make_separable(25, 3, margin, 1.0, seed=seed)
    w = w * 1.7  # a non-unit separator
    b = b * 1.7
    f1, f2 = lh.functional_margin(w, b, X, y), lh.functional_margin(c * w, c * b, X, y)
    explicit_f = min(loop_margins(c * w, c * b, X, y))
    assert f2 == pytest.approx(explicit_f, rel=1e-12)
    assert f2 == pytest.approx(c * f1, rel=1e-12)
    g1, g2 = lh.geometric_margin(w, b, X, y), lh.geometric_margin(c * w, c * b, X, y)
    assert g2 == pytest.approx(g1, rel=1e-12)
    assert g1 == pytest.approx(f1 / np.sqrt(np.sum(w**2)), rel=1e-12)
    assert np.array_equal(lh.predict(w, b, X), lh.predict(c * w, c * b, X))


@pytest.mark.claim("C05")
@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 10_000), margin=st.floats(1e-3, 0.9), scale=st.floats(1e-3, 1e3))
def test_rescaling_to_functional_margin_one(seed, margin, scale):
    X, y, w, b = lh.make_separable(25, 2, margin, 1.0, seed=seed)
    w, b = scale * w, scale * b
    gamma = min(loop_margins(w, b, X, y))
    w1, b1 = w / gamma, b / gamma
    m = np.asarray(loop_margins(w1, b1, X, y))
    assert m.min() == pytest.approx(1.0, rel=1e-12)
    assert np.all(m >= 1.0 - 1e-12)
    assert np.array_equal(lh.predict(w1, b1, X), lh.predict(w, b, X))


def test_geometric_margin_of_zero_vector_is_an_error():
    with pytest.raises(ValueError, match="zero vector"):
        lh.geometric_margin([0.0, 0.0], 1.0, [[1.0, 2.0]], [1])


def test_data_radius():
    X = np.array([[3.0, 4.0], [-1.0, 0.0], [0.0, -6.0]])
    assert lh.data_radius(X) == 6.0


@pytest.mark.claim("C03")
def test_predict_tie_conventions():
    w, b = np.array([1.0, -1.0]), 0.0
    X = np.array([[2.0, 1.0], [1.0, 1.0], [0.0, 3.0], [-2.0, -2.0]])  # scores 1, 0, -3, 0
    assert lh.predict(w, b, X, tie="positive").tolist() == [1, 1, -1, 1]
    assert lh.predict(w, b, X, tie="negative").tolist() == [1, -1, -1, -1]
    assert lh.predict(w, b, X, tie="zero").tolist() == [1, 0, -1, 0]
    assert lh.predict(w, b, X).tolist() == [1, 1, -1, 1]  # default: sign(0) = +1
    assert lh.TIE_CONVENTIONS == ("positive", "negative", "zero")


@pytest.mark.claim("C03")
@settings(max_examples=150, deadline=None)
@given(data=int_data())
def test_mistake_test_is_convention_free(data):
    """y(w.x + b) <= 0 counts every tie as a mistake for either label; 'pred != y' depends on
    the convention, and the two agree away from the boundary."""
    X, y, w, b = data
    s = [t / yi for t, yi in zip(loop_margins(w, b, X, y), y, strict=True)]  # the raw scores
    tie = np.array([t == 0 for t in s])
    by_margin = lh.margins(w, b, X, y) <= 0
    assert np.array_equal(by_margin[tie], np.ones(tie.sum(), bool))
    for conv in lh.TIE_CONVENTIONS:
        pred = lh.predict(w, b, X, tie=conv)
        assert np.array_equal((pred != y)[~tie], by_margin[~tie])
    # 'pred != y' under "positive" misses exactly the ties labelled +1
    pred_pos = lh.predict(w, b, X, tie="positive")
    assert np.array_equal((pred_pos == y) & by_margin, tie & (y > 0))


def test_predict_rejects_unknown_tie():
    with pytest.raises(ValueError, match="tie must be one of"):
        lh.predict([1.0], 0.0, [[1.0]], tie="coin")


@pytest.mark.claim("C29")
@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    n=st.integers(2, 30),
    d=st.integers(1, 4),
    shift=st.floats(-3, 3),
)
def test_class_prototype_is_the_nearest_mean_rule(seed, n, d, shift):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) + shift
    y = np.where(np.arange(n) % 2 == 0, 1.0, -1.0)
    w, b = lh.class_prototype(X, y)
    c_pos = [sum(X[i, j] for i in range(n) if y[i] > 0) / np.sum(y > 0) for j in range(d)]
    c_neg = [sum(X[i, j] for i in range(n) if y[i] < 0) / np.sum(y < 0) for j in range(d)]
    assert np.allclose(w, np.subtract(c_pos, c_neg))
    T = rng.normal(size=(200, d)) * 3 + shift
    d_pos = np.array([np.sqrt(sum((t[j] - c_pos[j]) ** 2 for j in range(d))) for t in T])
    d_neg = np.array([np.sqrt(sum((t[j] - c_neg[j]) ** 2 for j in range(d))) for t in T])
    clear = np.abs(d_pos - d_neg) > 1e-6  # leave out points (numerically) on the bisector
    brute = np.where(d_pos < d_neg, 1.0, -1.0)
    assert np.array_equal(lh.predict(w, b, T)[clear], brute[clear])


@pytest.mark.claim("C29")
def test_class_prototype_can_fail_on_separable_data():
    # positives: a cluster at (0, 1) and a far tail at (10, 1); negatives at (0, -0.5)
    X = np.array([[0.0, 1.0], [0.2, 1.0], [10.0, 1.0], [12.0, 1.0], [0.0, -0.5], [0.3, -0.5]])
    y = np.array([1, 1, 1, 1, -1, -1])
    assert lp_separable(X, y)  # x2 = 0.25 separates
    w, b = lh.class_prototype(X, y)
    assert not lh.separates(w, b, X, y)


def test_class_prototype_needs_both_classes():
    with pytest.raises(ValueError, match="both classes"):
        lh.class_prototype([[0.0], [1.0]], [1, 1])


@pytest.mark.parametrize(
    ("w", "b", "match"),
    [
        ([1.0, 2.0, 3.0], 0.0, "w has length 3 but the data have 2 features"),
        ([[1.0, 2.0]], 0.0, "w must be a 1-D vector"),
        ([1.0, np.nan], 0.0, "w contains NaN"),
        ([1.0, 2.0], np.inf, "b must be finite"),
        ([1.0, 2.0], "zero", "b must be a real number"),
        ([1.0, 2.0], [0.0, 1.0], "b must be a real number"),
    ],
)
def test_geometry_rejects_bad_parameters(w, b, match):
    X, y = np.ones((2, 2)), [1, -1]
    with pytest.raises(ValueError, match=match):
        lh.margins(w, b, X, y)
    with pytest.raises(ValueError, match=match):
        lh.predict(w, b, X)


BOX = ((-2.0, 3.0), (-1.5, 2.5))


coef = st.floats(-5, 5).filter(lambda t: abs(t) > 1e-3)


@settings(max_examples=100, deadline=None)
@given(w1=coef, w2=coef, b=st.floats(-6, 6))
def test_halfplane_polygon_against_direct_evaluation(w1, w2, b):
    w = np.array([w1, w2])
    poly = halfplane_polygon(w, b, *BOX)
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
    xs, ys = line_in_box(w, b, *BOX)
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
    xs, ys = line_in_box([0.0, 1.0], -0.5, (-1, 1), (-1, 1))  # the line y = 0.5
    assert sorted(xs.tolist()) == [-1.0, 1.0] and ys.tolist() == [0.5, 0.5]
    with pytest.raises(ValueError, match="w has length 3"):
        line_in_box([1.0, 0.0, 0.0], 0.0, (-1, 1), (-1, 1))


@settings(max_examples=100, deadline=None)
@given(
    v=st.lists(st.floats(-3, 3), min_size=3, max_size=3).filter(lambda t: np.linalg.norm(t) > 1e-3),
    half=st.floats(0.1, 5),
)
def test_plane_in_cube(v, half):
    P = plane_in_cube(v, half)
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
    P = plane_in_cube(v, 1.0)
    gaps = np.linalg.norm(P - np.roll(P, 1, axis=0), axis=1)
    assert gaps.min() > 1e-6
    u = np.array(v) / np.linalg.norm(v)
    corners = np.array([[i, j, k] for i in (-1, 1) for j in (-1, 1) for k in (-1, 1)], float)
    for corner in corners[np.abs(corners @ u) < 1e-15]:
        assert np.min(np.linalg.norm(P - corner, axis=1)) < 1e-12


def test_plane_in_cube_known_case_and_errors():
    P = plane_in_cube([0.0, 0.0, 1.0], 1.0)  # the square z = 0
    assert sorted(map(tuple, np.round(P, 12).tolist())) == [
        (-1.0, -1.0, 0.0),
        (-1.0, 1.0, 0.0),
        (1.0, -1.0, 0.0),
        (1.0, 1.0, 0.0),
    ]
    with pytest.raises(ValueError, match="zero vector"):
        plane_in_cube([0.0, 0.0, 0.0])
    with pytest.raises(ValueError, match="v has length 2"):
        plane_in_cube([1.0, 0.0])


def hull_point_set(points):
    return {tuple(np.round(p, 9)) for p in points}


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
    mine = convex_hull_vertices(P)
    assert hull_point_set(mine) == hull_point_set(U[qh.vertices])
    # counter-clockwise: positive signed area (shoelace formula)
    x, y = mine[:, 0], mine[:, 1]
    area = 0.5 * float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))
    assert area == pytest.approx(qh.volume, rel=1e-9, abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(coords, coords), min_size=1, max_size=20))
def test_every_point_inside_hull(pts):
    P = np.array(pts, dtype=float)
    H = convex_hull_vertices(P)
    if H.shape[0] < 3:
        return
    # each point is on the left of (or on) every counter-clockwise edge
    for a, b in zip(H, np.roll(H, -1, axis=0), strict=True):
        cross = (b[0] - a[0]) * (P[:, 1] - a[1]) - (b[1] - a[1]) * (P[:, 0] - a[0])
        assert np.all(cross >= -1e-7 * (1 + np.abs(P).max() ** 2))


def test_hull_degenerate_cases():
    assert np.array_equal(convex_hull_vertices([[1.0, 2.0]]), [[1.0, 2.0]])
    assert np.array_equal(convex_hull_vertices([[1.0, 2.0], [1.0, 2.0]]), [[1.0, 2.0]])
    seg = convex_hull_vertices([[0.0, 0.0], [2.0, 2.0], [1.0, 1.0], [0.5, 0.5]])
    assert hull_point_set(seg) == {(0.0, 0.0), (2.0, 2.0)}
    square = convex_hull_vertices([[0, 0], [1, 0], [1, 1], [0, 1], [0.5, 0.5], [1, 0.5]])
    assert hull_point_set(square) == {(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)}


@pytest.mark.parametrize(
    ("points", "match"),
    [
        (np.zeros((0, 2)), "points is empty"),
        (np.zeros(4), "points must be a 2-D array"),
        (np.zeros((3, 1)), "non-empty"),
        ([[0.0, np.nan], [1.0, 1.0]], "points contains NaN"),
        ([[0.0, np.inf]], "points contains inf"),
        ([[0.0, 1j]], "points is complex"),
    ],
)
def test_hull_rejects_bad_input(points, match):
    with pytest.raises(ValueError, match=match):
        convex_hull_vertices(points)


# ----------------------------------------------------------------------------- one clipping routine


def inside_polygon(poly, P):
    """matplotlib's point-in-polygon test (independent of geometry.py)."""
    return Path(np.vstack([poly, poly[:1]]), closed=True).contains_points(P)


def random_convex_polygon(rng, k):
    """A convex polygon: k points on an ellipse at sorted random angles (counter-clockwise)."""
    t = np.sort(rng.uniform(0, 2 * np.pi, k))
    return np.column_stack([2.0 * np.cos(t) + 0.3, 1.2 * np.sin(t) - 0.2])


@settings(max_examples=150, deadline=None)
@given(
    w=st.tuples(st.floats(-5, 5), st.floats(-5, 5)).filter(lambda t: np.hypot(*t) > 1e-2),
    b=st.floats(-6, 6),
    k=st.integers(3, 9),
    seed=st.integers(0, 10_000),
)
def test_clip_polygon_is_the_polygon_and_the_halfplane(w, b, k, seed):
    """A sample point lies in the clipped polygon iff it lies in the polygon and w.x + b >= 0
    (brute force, away from the boundaries where rounding decides)."""
    rng = np.random.default_rng(seed)
    poly = random_convex_polygon(rng, k)
    if np.min(np.linalg.norm(np.diff(np.vstack([poly, poly[:1]]), axis=0), axis=1)) < 1e-6:
        return  # (numerically) repeated vertex
    w = np.array(w)
    clipped = clip_polygon(poly, w, b)
    P = rng.uniform([-2.5, -1.8], [2.8, 1.4], size=(600, 2))
    s = P @ w + b
    in_poly = inside_polygon(poly, P)
    expected = in_poly & (s > 0)
    # distance to the clipping line and to the polygon's edges
    near_line = np.abs(s) / np.linalg.norm(w) < 1e-6
    edge_dist = np.min(
        [
            np.abs((q - p)[0] * (P - p)[:, 1] - (q - p)[1] * (P - p)[:, 0]) / np.linalg.norm(q - p)
            for p, q in zip(poly, np.roll(poly, -1, axis=0), strict=True)
        ],
        axis=0,
    )
    clear = ~near_line & (edge_dist > 1e-6)
    if clipped.shape[0] < 3:
        assert not np.any(expected[clear])
        return
    assert np.all(clipped @ w + b >= -1e-9 * (1 + abs(b) + np.abs(w).sum()))
    assert np.array_equal(inside_polygon(clipped, P)[clear], expected[clear])


def test_clip_polygon_known_cases():
    square = np.array([[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]])
    left = clip_polygon(square, [-1.0, 0.0], 1.0)  # x <= 1
    assert {tuple(p) for p in left} == {(0.0, 0.0), (1.0, 0.0), (1.0, 2.0), (0.0, 2.0)}
    assert clip_polygon(square, [1.0, 0.0], -5.0).shape == (0, 2)  # x >= 5: nothing
    np.testing.assert_array_equal(clip_polygon(square, [1.0, 1.0], 1.0), square)  # all
    with pytest.raises(ValueError, match="w has length 3"):
        clip_polygon(square, [1.0, 0.0, 0.0], 0.0)


@settings(max_examples=100, deadline=None)
@given(w1=coef, w2=coef, b=st.floats(-6, 6), half=st.floats(0.0, 3.0))
def test_band_polygon_against_direct_evaluation(w1, w2, b, half):
    """A sample point lies in the band's polygon iff it lies in the box and |w.x + b| <= half."""
    w = np.array([w1, w2])
    poly = band_polygon(w, b, half, *BOX)
    (x0, x1), (y0, y1) = BOX
    rng = np.random.default_rng(1)
    P = np.column_stack([rng.uniform(x0, x1, 500), rng.uniform(y0, y1, 500)])
    s = P @ w + b
    scale = 1e-6 * (1 + np.abs(w).sum())
    clear = (np.abs(np.abs(s) - half) > scale) & (np.abs(s) > scale)
    inside = np.abs(s) < half
    if poly.shape[0] < 3:
        assert not np.any(inside[clear])
        return
    assert np.all(np.abs(poly @ w + b) <= half + 1e-9 * (1 + abs(b) + np.abs(w).sum()))
    assert np.all((poly[:, 0] >= x0 - 1e-9) & (poly[:, 0] <= x1 + 1e-9))
    assert np.all((poly[:, 1] >= y0 - 1e-9) & (poly[:, 1] <= y1 + 1e-9))
    assert np.array_equal(inside_polygon(poly, P)[clear], inside[clear])


def test_band_polygon_known_case_and_errors():
    # |y| <= 0.5 in the box [-1, 1]^2: a 2 x 1 rectangle
    poly = band_polygon([0.0, 1.0], 0.0, 0.5, (-1, 1), (-1, 1))
    assert {tuple(p) for p in poly} == {(-1.0, -0.5), (1.0, -0.5), (1.0, 0.5), (-1.0, 0.5)}
    assert band_polygon([0.0, 1.0], 5.0, 0.5, (-1, 1), (-1, 1)).shape == (0, 2)
    with pytest.raises(ValueError, match="half must be >= 0"):
        band_polygon([0.0, 1.0], 0.0, -0.5, (-1, 1), (-1, 1))


@pytest.mark.parametrize(
    ("w", "b", "ends"),
    [
        ([1.0, 1.0], 0.0, {(1.0, -1.0), (-1.0, 1.0)}),  # the diagonal: through two corners
        ([0.0, 1.0], 1.0, {(-1.0, -1.0), (1.0, -1.0)}),  # y = -1: along the bottom edge
        ([1.0, 2.0], -1.0, {(1.0, 0.0), (-1.0, 1.0)}),  # through the corner (-1, 1) and an edge
    ],
)
def test_line_in_box_through_corners(w, b, ends):
    """Lines through corners keep both end points (crossings and corners on the line)."""
    xs, ys = line_in_box(w, b, (-1, 1), (-1, 1))
    pts = {(float(x), float(y)) for x, y in zip(xs, ys, strict=True)}
    assert pts == ends
    assert np.allclose(np.column_stack([xs, ys]) @ np.array(w) + b, 0.0)
