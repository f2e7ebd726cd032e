"""Margins, predictions and the pictures' geometry: small pure numpy functions.

Conventions (all notebooks): labels y in {-1, +1}; a *mistake* is y (w.x + b) <= 0, so ties
count as mistakes whatever sign(0) is; R = max_i ||x_i||.

The argument rule of the package: functions that *evaluate* a classifier take ``(w, b, X, y)``
(``margins``, ``mistakes``, ``predict(w, b, X)``, ...); functions that *describe* data take
``(X, y)`` (``class_prototype``, ``data_radius(X)``).

The second half holds the 2-D/3-D geometry behind the figures (no matplotlib here): the
segment of a line inside a box, half-planes and margin bands clipped to a box (one clipping
routine, ``clip_polygon``), the plane of the homogeneous lift inside a cube, convex hulls.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike

from ._validate import (
    _check_X_max_abs,
    check_choice,
    check_labels,
    check_scalar,
    check_vector,
    check_X,
)

__all__ = [
    "margins",
    "functional_margin",
    "geometric_margin",
    "separates",
    "predict",
    "mistakes",
    "class_prototype",
    "data_radius",
    "TIE_CONVENTIONS",
    "clip_polygon",
    "halfplane_polygon",
    "band_polygon",
    "line_in_box",
    "plane_in_cube",
    "convex_hull_vertices",
]

#: How sources break the tie w.x + b = 0 (see notebook 01):
#: "positive" predicts +1 (sign(0) = +1, e.g. the week-9 FAQ), "negative" puts the boundary
#: on the negative side (Cesa-Bianchi's notes: x in Gamma^+ iff w.x > c), "zero" returns 0
#: (numpy's np.sign).
TIE_CONVENTIONS = ("positive", "negative", "zero")


def _lift(X: np.ndarray, r: float) -> np.ndarray:
    """(x_i, r) for an already validated X: the one place that appends the bias column."""
    return np.hstack([X, np.full((X.shape[0], 1), r)])


def _wb(w: ArrayLike, b: float, d: int | None) -> tuple[np.ndarray, float]:
    return check_vector(w, d, "w"), check_scalar(b, "b")


def _margins(w: np.ndarray, b: float, X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """y_i (w.x_i + b) for arrays already validated: the one formula the package uses."""
    return y * (X @ w + b)


def _signed_rows(X: np.ndarray, y: np.ndarray, *, bias: bool = True) -> np.ndarray:
    """Rows z_i = y_i (x_i, 1) (or y_i x_i without bias), so that Z @ (w, b) = the margins."""
    return y[:, None] * (_lift(X, 1.0) if bias else X)


# ----------------------------------------------------------------------------- scale

#: Exponents e with 2^-SAFE <= max|x_ij|, max|w_j| <= 2^SAFE: products stay far inside float64.
_SAFE = 200


def _exponent(a: float) -> int:
    """e with 2^(e-1) <= a < 2^e (0 for a = 0): dividing by 2^e is exact and leaves a < 1."""
    return math.frexp(a)[1] if a > 0.0 else 0


def _max_abs(a: np.ndarray) -> float:
    return float(np.max(np.abs(a))) if a.size else 0.0


def _scaled_scores(w: np.ndarray, b: float, X: np.ndarray, x_max: float) -> tuple[np.ndarray, int]:
    """(s, e) with w.x_i + b = s_i 2^e, computed without overflow or underflow to zero.

    At ordinary scales (max |x_ij| and max |w_j| within 2^+-200, |b| < 2^400) this is the
    plain X @ w + b with e = 0. Otherwise X and w are divided by powers of two near their
    largest entries (exact), and b by their product, so the products are of order 1.
    """
    w_max = _max_abs(w)
    ex, ew = _exponent(x_max), _exponent(w_max)
    if abs(ex) <= _SAFE and abs(ew) <= _SAFE and abs(b) < 2.0**400:
        return X @ w + b, 0
    # the common exponent is that of the larger of w.x and b, so neither overflows (the
    # smaller may underflow: it is then below the other's precision anyway)
    e = max(ex + ew, _exponent(abs(b))) if b != 0.0 else ex + ew
    with np.errstate(over="ignore", under="ignore"):
        s = np.ldexp(np.ldexp(X, -ex) @ np.ldexp(w, -ew), ex + ew - e) + np.ldexp(b, -e)
    return s, e


def _too_large(what: str) -> ValueError:
    return ValueError(
        f"{what} exceeds float64's range (about 1.8e308): w, b and X are too large together; "
        "rescale them (the direction of w and the signs do not change)"
    )


def _unscale(s: np.ndarray, e: int, what: str) -> np.ndarray:
    """s 2^e, or a ValueError naming ``what`` when that overflows float64."""
    if e == 0:
        out = s
    else:
        with np.errstate(over="ignore", under="ignore"):
            out = np.ldexp(s, e)
    if not np.all(np.isfinite(out)):
        raise _too_large(what)
    return out


def _checked(
    w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike | None
) -> tuple[np.ndarray, float, np.ndarray, np.ndarray | None, float]:
    Xa, x_max = _check_X_max_abs(X, "X")
    ya = None if y is None else check_labels(y, Xa.shape[0])
    wa, ba = _wb(w, b, Xa.shape[1])
    return wa, ba, Xa, ya, x_max


# ----------------------------------------------------------------------------- margins


def margins(w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike) -> np.ndarray:
    """Per-example functional margins m_i = y_i (w.x_i + b); positive means correct.

    Parameters
    ----------
    w : array_like, shape (d,)
        Normal vector of the hyperplane w.x + b = 0.
    b : float
        Offset.
    X : array_like, shape (n, d)
        Examples, one per row.
    y : array_like, shape (n,)
        Labels in {-1, +1} (or {0, 1}, mapped to -1/+1).

    Returns
    -------
    numpy.ndarray, shape (n,)
        The margins m_i (ValueError if one exceeds float64's range). Used in notebooks 01
        and 03.
    """
    wa, ba, Xa, ya, x_max = _checked(w, b, X, y)
    s, e = _scaled_scores(wa, ba, Xa, x_max)
    return _unscale(ya * s, e, "a margin y (w.x + b)")


def functional_margin(w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike) -> float:
    """Functional margin min_i y_i (w.x_i + b); it scales by c when (w, b) -> (c w, c b).

    Parameters
    ----------
    w, b, X, y
        As in ``margins``.

    Returns
    -------
    float
        The smallest margin. Used in notebooks 01 and 04.
    """
    wa, ba, Xa, ya, x_max = _checked(w, b, X, y)
    s, e = _scaled_scores(wa, ba, Xa, x_max)
    return float(_unscale(np.min(ya * s), e, "the functional margin"))


def geometric_margin(w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike) -> float:
    """Geometric margin min_i y_i (w.x_i + b) / ||w||.

    The signed distance of the closest point to the hyperplane, invariant under
    (w, b) -> (c w, c b) for c > 0: computed with (w, b) divided by a power of two near
    max |w_j| (exact), so w of 1e300 or 1e-300 gives the same answer as w of 1.

    Parameters
    ----------
    w, b, X, y
        As in ``margins``; w must not be the zero vector (ValueError).

    Returns
    -------
    float
        The geometric margin. Used in notebooks 01-04.
    """
    wa, ba, Xa, ya, x_max = _checked(w, b, X, y)
    ew = _exponent(_max_abs(wa))
    if ew == 0 and not np.any(wa):
        raise ValueError("w is the zero vector: the geometric margin is undefined")
    with np.errstate(over="ignore", under="ignore"):
        wn, bn = np.ldexp(wa, -ew), float(np.ldexp(ba, -ew))
    s, e = _scaled_scores(wn, bn, Xa, x_max)
    return float(_unscale(np.min(ya * s) / np.linalg.norm(wn), e, "the geometric margin"))


def separates(w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike) -> bool:
    """Whether (w, b) separates the data: y_i (w.x_i + b) > 0 for every i (claim C01).

    Parameters
    ----------
    w, b, X, y
        As in ``margins``.

    Returns
    -------
    bool
        True iff every margin is > 0. Used in notebooks 01, 02 and 04.
    """
    wa, ba, Xa, ya, x_max = _checked(w, b, X, y)
    return bool(np.all(ya * _scaled_scores(wa, ba, Xa, x_max)[0] > 0))


def mistakes(w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike) -> int:
    """Number of mistakes: examples with y_i (w.x_i + b) <= 0 (ties are mistakes).

    Parameters
    ----------
    w, b, X, y
        As in ``margins``.

    Returns
    -------
    int
        The count. Used in notebooks 01 and 04.
    """
    wa, ba, Xa, ya, x_max = _checked(w, b, X, y)
    return int(np.sum(ya * _scaled_scores(wa, ba, Xa, x_max)[0] <= 0))


def predict(w: ArrayLike, b: float, X: ArrayLike, *, tie: str = "positive") -> np.ndarray:
    """Predicted labels sign(w.x + b), with the tie w.x + b = 0 broken by ``tie``.

    Parameters
    ----------
    w, b, X
        As in ``margins`` (no labels needed).
    tie : {"positive", "negative", "zero"}
        What w.x + b = 0 predicts: +1, -1 or 0 (see ``TIE_CONVENTIONS``).

    Returns
    -------
    numpy.ndarray, shape (n,)
        Labels in {-1, +1} (or 0 at ties with tie="zero"). Used in notebooks 01 and 04.
    """
    wa, ba, Xa, _, x_max = _checked(w, b, X, None)
    check_choice(tie, "tie", TIE_CONVENTIONS)
    s = _scaled_scores(wa, ba, Xa, x_max)[0]
    at_zero = {"positive": 1.0, "negative": -1.0, "zero": 0.0}[tie]
    return np.where(s > 0, 1.0, np.where(s < 0, -1.0, at_zero))


def class_prototype(X: ArrayLike, y: ArrayLike) -> tuple[np.ndarray, float]:
    """The class-prototype (nearest-mean) rule as a linear classifier (claim C29).

    Predict +1 iff x is closer to c+ than to c-, where c+- are the class means:
    ||x - c-||^2 - ||x - c+||^2 = 2 (c+ - c-).x + ||c-||^2 - ||c+||^2, so
    w = c+ - c- and b = (||c-||^2 - ||c+||^2) / 2: the perpendicular bisector of the means.

    Parameters
    ----------
    X : array_like, shape (n, d)
    y : array_like, shape (n,)
        Labels; both classes must occur (ValueError otherwise).

    Returns
    -------
    (w, b) : (numpy.ndarray, float)
        The classifier, as a pair like every (w, b) of the course. Used in notebooks 01, 03.
    """
    Xa, x_max = _check_X_max_abs(X, "X")
    ya = check_labels(y, Xa.shape[0])
    if not (np.any(ya > 0) and np.any(ya < 0)):
        raise ValueError("class_prototype needs both classes in y; one class is missing")
    ex = _exponent(x_max)
    if abs(ex) > _SAFE:  # work on X / 2^ex (exact) so the means and ||c||^2 cannot overflow
        Xa = np.ldexp(Xa, -ex)
    c_pos = Xa[ya > 0].mean(axis=0)
    c_neg = Xa[ya < 0].mean(axis=0)
    b = (c_neg @ c_neg - c_pos @ c_pos) / 2.0
    if abs(ex) > _SAFE:
        with np.errstate(over="ignore", under="ignore"):
            c_pos, c_neg, b = np.ldexp(c_pos, ex), np.ldexp(c_neg, ex), np.ldexp(b, 2 * ex)
        if not np.isfinite(b):
            raise ValueError(
                "b = (||c-||^2 - ||c+||^2) / 2 exceeds float64's range (about 1.8e308): X is "
                f"too large (max |x_ij| = {x_max:.3g}); rescale X"
            )
    return c_pos - c_neg, float(b)


def data_radius(X: ArrayLike) -> float:
    """The radius R = max_i ||x_i|| that enters every perceptron bound.

    Parameters
    ----------
    X : array_like, shape (n, d)

    Returns
    -------
    float
        R (ValueError when R exceeds float64's range). Used in notebook 02.
    """
    Xa, x_max = _check_X_max_abs(X, "X")
    ex = _exponent(x_max)
    if abs(ex) <= _SAFE:
        return float(np.max(np.linalg.norm(Xa, axis=1)))
    with np.errstate(over="ignore"):  # ||x|| = 2^ex ||x / 2^ex||: no overflow, no underflow
        R = float(np.ldexp(np.max(np.linalg.norm(np.ldexp(Xa, -ex), axis=1)), ex))
    if not math.isfinite(R):
        raise ValueError(
            f"the radius max ||x_i|| exceeds float64's range (about 1.8e308); rescale X "
            f"(max |x_ij| = {x_max:.3g})"
        )
    return R


# ----------------------------------------------------------------------------- clipping


def _clip(polygon: np.ndarray, w: np.ndarray, b: float) -> tuple[np.ndarray, np.ndarray]:
    """Sutherland-Hodgman step: the part of ``polygon`` where w.x + b >= 0, and the points of
    its boundary on the line w.x + b = 0 (vertices on it and edge crossings), in order."""
    s = polygon @ w + b
    out, on_line = [], []
    m = len(polygon)
    for k in range(m):
        p, q = polygon[k], polygon[(k + 1) % m]
        sp, sq = s[k], s[(k + 1) % m]
        if sp >= 0:
            out.append(p)
        if sp == 0:
            on_line.append(p)
        if (sp > 0 > sq) or (sp < 0 < sq):
            cross = p + sp / (sp - sq) * (q - p)
            out.append(cross)
            on_line.append(cross)
    return np.array(out).reshape(-1, 2), np.array(on_line).reshape(-1, 2)


def _box(xlim: Sequence[float], ylim: Sequence[float]) -> np.ndarray:
    (x0, x1), (y0, y1) = _limits(xlim, "xlim"), _limits(ylim, "ylim")
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])


def _limits(lim: Sequence[float], name: str) -> tuple[float, float]:
    """(lo, hi) of a box side: two finite numbers below 1e300 in size (so the box's corners
    and the scores w.x + b of a normalised w stay finite)."""
    if (
        isinstance(lim, tuple | list)
        and len(lim) == 2
        and all(isinstance(v, float) or (type(v) is int and abs(v) < 10**300) for v in lim)
    ):
        lo, hi = float(lim[0]), float(lim[1])  # the common case: (lo, hi) of an axes, fast
    else:
        v = check_vector(lim, 2, name)
        lo, hi = float(v[0]), float(v[1])
    if not (abs(lo) <= 1e300 and abs(hi) <= 1e300):  # also catches NaN
        raise ValueError(f"{name} must be two finite numbers within +-1e300; got {(lo, hi)}")
    return lo, hi


def _line(w: ArrayLike, b: float) -> tuple[np.ndarray, float]:
    """(w, b) of a 2-D line, divided by a power of two near max(|w_j|, |b|) when that is
    outside [2^-8, 2^8] (exact): the same line and half-planes, with scores w.x + b that
    cannot overflow inside a box of +-1e300."""
    wa, ba = _wb(w, b, 2)
    e = _exponent(max(abs(float(wa[0])), abs(float(wa[1])), abs(ba)))
    if abs(e) <= 8:
        return wa, ba
    return np.ldexp(wa, -e), float(np.ldexp(ba, -e))


def clip_polygon(polygon: ArrayLike, w: ArrayLike, b: float) -> np.ndarray:
    """The part of a convex polygon in the closed half-plane {x : w.x + b >= 0}.

    One Sutherland-Hodgman step: walk the edges, keep the vertices with w.x + b >= 0 and add
    the point p + t (q - p), t = s_p / (s_p - s_q), where an edge p -> q crosses the line.

    Parameters
    ----------
    polygon : array_like, shape (k, 2)
        Vertices of a convex polygon in order (either orientation), |coordinates| <= 1e300.
    w : array_like, shape (2,)
    b : float

    Returns
    -------
    numpy.ndarray, shape (m, 2)
        Vertices of the clipped polygon in the same orientation (m = 0 if nothing is left).
        Used by ``halfplane_polygon`` and ``band_polygon`` (figures of notebooks 01-04).
    """
    P, p_max = _check_X_max_abs(polygon, "polygon")
    if P.shape[1] != 2:
        raise ValueError(f"polygon must have shape (k, 2); got shape {P.shape}")
    if p_max > 1e300:
        raise ValueError(f"polygon's coordinates must lie within +-1e300; got {p_max:.3g}")
    return _clip(P, *_line(w, b))[0]


def halfplane_polygon(
    w: ArrayLike,
    b: float,
    xlim: Sequence[float],
    ylim: Sequence[float],
) -> np.ndarray:
    """Corners of {x in box : w.x + b >= 0}, the box being xlim x ylim.

    Parameters
    ----------
    w : array_like, shape (2,)
    b : float
    xlim, ylim : (float, float)
        The box, e.g. an axes' limits.

    Returns
    -------
    numpy.ndarray, shape (m, 2)
        The clipped box, counter-clockwise (m = 0 when the half-plane misses the box).
        Used in notebook 01 (``draw_halfspaces``).
    """
    return clip_polygon(_box(xlim, ylim), w, b)


def band_polygon(
    w: ArrayLike,
    b: float,
    half: float,
    xlim: Sequence[float],
    ylim: Sequence[float],
) -> np.ndarray:
    """Corners of the band {x in box : |w.x + b| <= half}, the box being xlim x ylim.

    The box clipped twice: by w.x + b + half >= 0 and by -(w.x + b) + half >= 0. With a unit
    w the band is the set of points within distance ``half`` of the line (the margin band).

    Parameters
    ----------
    w : array_like, shape (2,)
    b : float
    half : float
        Half-width in units of w.x + b (>= 0).
    xlim, ylim : (float, float)

    Returns
    -------
    numpy.ndarray, shape (m, 2)
        The band's polygon (m = 0 when it misses the box). Used in notebooks 01-04
        (``draw_separator``'s margin band).
    """
    wa, ba = _wb(w, b, 2)
    h = check_scalar(half, "half", nonnegative=True)
    e = _exponent(max(abs(float(wa[0])), abs(float(wa[1])), abs(ba), h))
    if abs(e) > 8:  # one power of two for w, b and half: exact, the same band
        wa, ba, h = np.ldexp(wa, -e), float(np.ldexp(ba, -e)), float(np.ldexp(h, -e))
    below = _clip(_box(xlim, ylim), wa, ba + h)[0]
    if below.shape[0] == 0:
        return below
    return _clip(below, -wa, h - ba)[0]


def line_in_box(
    w: ArrayLike, b: float, xlim: Sequence[float], ylim: Sequence[float]
) -> tuple[np.ndarray, np.ndarray]:
    """End points of the segment {x : w.x + b = 0} inside the box xlim x ylim (2-D).

    The points of the box's boundary on the line: where an edge crosses it, and corners on it.

    Parameters
    ----------
    w : array_like, shape (2,)
    b : float
    xlim, ylim : (float, float)

    Returns
    -------
    (xs, ys) : (numpy.ndarray, numpy.ndarray)
        x and y coordinates of the end points (two; empty if the line misses the box, one if
        it only touches a corner), ready for ``Line2D.set_data``. Used in notebooks 01-04.
    """
    ends = _clip(_box(xlim, ylim), *_line(w, b))[1]
    if ends.shape[0] == 0:
        return np.array([]), np.array([])
    return ends[:, 0], ends[:, 1]


def plane_in_cube(v: ArrayLike, half: float = 1.0) -> np.ndarray:
    """Vertices, in order around the polygon, of the plane {z in R^3 : v.z = 0} cut by the
    cube [-half, half]^3.

    Computed from the crossings of the plane with the cube's 12 edges (and the corners on it),
    sorted by angle around v, so it draws as one flat polygon (``Poly3DCollection``).

    Parameters
    ----------
    v : array_like, shape (3,)
        Normal of the plane through the origin (not zero).
    half : float
        Half the cube's side (> 0).

    Returns
    -------
    numpy.ndarray, shape (k, 3)
        The vertices, 3 <= k <= 6. Used in notebook 01 (``draw_lift_3d``).
    """
    va = check_vector(v, 3, "v")
    if not np.any(va):
        raise ValueError("v is the zero vector: it defines no plane")
    half = check_scalar(half, "half", positive=True)
    with np.errstate(under="ignore"):
        va = np.ldexp(va, -_exponent(_max_abs(va)))  # the same plane; its norm cannot overflow
    u = va / float(np.linalg.norm(va))
    # the plane cuts the cube [-half, half]^3 where it cuts [-1, 1]^3, times half: computed on
    # the unit cube (no overflow for half = 1e300, no underflow for 1e-300), scaled at the end
    corners = np.array([[i, j, k] for i in (-1, 1) for j in (-1, 1) for k in (-1, 1)], float)
    side = corners @ u
    side[np.abs(side) <= 1e-12] = 0.0  # corners (numerically) on the plane
    pts = [corners[a] for a in range(8) if side[a] == 0.0]
    for a in range(8):
        for c in range(a + 1, 8):
            if np.count_nonzero(corners[a] != corners[c]) != 1:
                continue  # not an edge of the cube
            sa, sc = side[a], side[c]
            if (sa > 0 > sc) or (sa < 0 < sc):
                pts.append(corners[a] + sa / (sa - sc) * (corners[c] - corners[a]))
    # merge crossings that coincide up to rounding (planes through or near a corner)
    P_list: list[np.ndarray] = []
    for p in pts:
        if all(np.linalg.norm(p - q) > 1e-9 for q in P_list):
            P_list.append(p)
    P = np.array(P_list)
    _, _, vt = np.linalg.svd(u[None, :])  # vt[1], vt[2]: an orthonormal basis of the plane
    angles = np.arctan2(P @ vt[2], P @ vt[1])
    return P[np.argsort(angles)] * half


def convex_hull_vertices(points: ArrayLike) -> np.ndarray:
    """Vertices of the convex hull of 2-D points, counter-clockwise (Andrew's monotone chain).

    Sort the points by (x, y); the lower hull keeps a left turn at every vertex (cross product
    > 0), the upper hull likewise on the reversed order. Unlike scipy.spatial.ConvexHull it
    never fails on degenerate input.

    Parameters
    ----------
    points : array_like, shape (n, >= 2)
        Only the first two columns are used; n >= 1, finite.

    Returns
    -------
    numpy.ndarray, shape (k, 2)
        The hull's vertices; one point gives that point, collinear points the two ends of
        their segment (duplicates merged). Used in notebook 04 (``draw_hulls``).
    """
    P = check_X(points, "points")
    if P.shape[1] < 2:
        raise ValueError(f"points must be a non-empty (n, 2) array; got shape {P.shape}")
    P = np.unique(P[:, :2], axis=0)  # sorted by x, then y
    if P.shape[0] <= 2:
        return P
    # the turn tests run on P / 2^e (exact), so cross products of huge or tiny points
    # neither overflow nor underflow to 0; the vertices returned are the original points
    e = _exponent(_max_abs(P))
    hull = _hull(np.ldexp(P, -e) if abs(e) > _SAFE else P)
    return hull if abs(e) <= _SAFE else np.ldexp(hull, e)


def _hull(P: np.ndarray) -> np.ndarray:
    """Andrew's monotone chain on unique points sorted by (x, y)."""

    def cross(o: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
        return float((a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]))

    lower: list[np.ndarray] = []
    for p in P:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[np.ndarray] = []
    for p in P[::-1]:
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return np.array(lower[:-1] + upper[:-1])
