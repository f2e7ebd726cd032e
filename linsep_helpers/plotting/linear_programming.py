"""Figures of notebook 04 (linear programming): the convex hulls of the two classes and a
Gordan certificate (the common point and its weights)."""

from __future__ import annotations

from dataclasses import dataclass

import matplotlib as mpl
import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.lines import Line2D
from matplotlib.patches import Polygon
from matplotlib.text import Text
from numpy.typing import ArrayLike

from .._validate import check_vector, check_X, check_Xy
from ..geometry import (
    convex_hull_vertices,
)
from .style import CLASS_STYLE, PALETTE

__all__ = [
    "HullArtists",
    "draw_hulls",
    "update_hulls",
    "CertificateArtists",
    "draw_certificate",
    "update_certificate",
]


@dataclass(frozen=True)
class HullArtists:
    """The two convex-hull polygons of ``draw_hulls``: ``pos`` (class +1), ``neg`` (-1)."""

    pos: Polygon
    neg: Polygon


def draw_hulls(ax: Axes, X: ArrayLike, y: ArrayLike, *, alpha: float = 0.15) -> HullArtists:
    """Shade the convex hull of each class (class colours, outlined) in 2-D.

    A class with one point shows as a dot-sized polygon, collinear points as a segment
    (``geometry.convex_hull_vertices``).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    X : array_like, shape (n, 2)
    y : array_like, shape (n,)
    alpha : float
        Opacity of the fill.

    Returns
    -------
    HullArtists
        For ``update_hulls``. Used in notebook 04.
    """
    arts = {}
    for label in (1, -1):
        colour = CLASS_STYLE[label]["color"]
        poly = Polygon(
            np.zeros((0, 2)),
            closed=True,
            facecolor=mpl.colors.to_rgba(colour, alpha),
            edgecolor=colour,
            lw=1.5,
            label=f"hull of {CLASS_STYLE[label]['label']}",
            zorder=1,
        )
        ax.add_patch(poly)
        arts[label] = poly
    hulls = HullArtists(pos=arts[1], neg=arts[-1])
    update_hulls(hulls, X, y)
    return hulls


def update_hulls(arts: HullArtists, X: ArrayLike, y: ArrayLike) -> None:
    """Move the polygons of ``draw_hulls`` to the hulls of a new data set.

    Parameters
    ----------
    arts : HullArtists
    X : array_like, shape (n, 2)
    y : array_like, shape (n,)

    Returns
    -------
    None
        Used by the explorers.
    """
    Xa, ya = check_Xy(X, y)
    for label, poly in ((1, arts.pos), (-1, arts.neg)):
        pts = Xa[ya == label]
        poly.set_xy(convex_hull_vertices(pts) if pts.shape[0] else np.zeros((0, 2)))


@dataclass(frozen=True)
class CertificateArtists:
    """Artists of ``draw_certificate``: the common ``point`` p, the ``spokes`` x_i -> p (width
    grows with lambda_i), one label per example in ``labels`` ("λ=0.250", beside x_i on the
    side away from p unless that covers another point, then farther off with a leader line;
    hidden when lambda_i = 0) and their ``ax``."""

    point: Line2D
    spokes: LineCollection
    labels: list[Text]
    ax: Axes


def draw_certificate(
    ax: Axes,
    X: ArrayLike,
    lam: ArrayLike | None = None,
    point: ArrayLike | None = None,
    *,
    color: str = PALETTE["black"],
) -> CertificateArtists:
    """Draw a Gordan certificate in 2-D: the point p common to both convex hulls (a star),
    a spoke from every example with lambda_i > 0 to p, and the weight lambda_i next to it.

    One text artist is made per row of X, so ``update_certificate`` works for any
    certificate of the same n points.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    X : array_like, shape (n, 2)
    lam : array_like, shape (n,), optional
        The certificate's weights (``Certificate.lam``); None draws nothing yet (the artists
        exist, hidden).
    point : array_like, shape (2,), optional
        The common point p (``Certificate.point``).
    color : str
        Colour of the spokes and the star's rim.

    Returns
    -------
    CertificateArtists
        For ``update_certificate``. Used in notebook 04.
    """
    Xa = check_X(X)
    (pt,) = ax.plot(
        [],
        [],
        marker="*",
        ms=mpl.rcParams["lines.markersize"] * 2.6,
        color=PALETTE["yellow"],
        mec=color,
        mew=1.2,
        ls="none",
        label="common point p",
        zorder=6,
    )
    spokes = LineCollection([], colors=color, linestyles=":", zorder=2)
    ax.add_collection(spokes)
    # one label per example, placed in offset points beside its point (update_certificate)
    labels = [
        ax.annotate(
            "",
            xy=(0.0, 0.0),
            xytext=(0.0, 0.0),
            textcoords="offset points",
            fontsize="small",
            zorder=7,
            visible=False,
            bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.6},
            # a leader line, shown only for the example at p (update_certificate)
            arrowprops={"arrowstyle": "-", "color": color, "lw": 0.8, "shrinkB": 9.0},
        )
        for _ in range(Xa.shape[0])
    ]
    for t in labels:
        t.arrow_patch.set_visible(False)
    arts = CertificateArtists(point=pt, spokes=spokes, labels=labels, ax=ax)
    update_certificate(arts, Xa, lam, point)
    return arts


def update_certificate(
    arts: CertificateArtists, X: ArrayLike, lam: ArrayLike | None, point: ArrayLike | None
) -> None:
    """Move the artists of ``draw_certificate`` to a new certificate (None hides them).

    Parameters
    ----------
    arts : CertificateArtists
    X : array_like, shape (n, 2)
        The same number of rows as when drawn.
    lam : array_like, shape (n,), or None
    point : array_like, shape (2,), or None

    Returns
    -------
    None
        Used by the explorers.
    """
    Xa = check_X(X)
    if Xa.shape[0] != len(arts.labels):
        raise ValueError(
            f"X has {Xa.shape[0]} rows but the artists were drawn for {len(arts.labels)}"
        )
    if lam is None or point is None:
        arts.point.set_data([], [])
        arts.spokes.set_segments([])
        for t in arts.labels:
            t.set_visible(False)
        return
    la = check_vector(lam, Xa.shape[0], "lam")
    p = check_vector(point, 2, "point")
    arts.point.set_data([p[0]], [p[1]])
    support = np.flatnonzero(la > 0)
    arts.spokes.set_segments([np.array([Xa[i, :2], p]) for i in support])
    arts.spokes.set_linewidths([0.8 + 6.0 * la[i] for i in support])
    texts = {i: f"λ={la[i]:.3f}" for i in support}
    offsets, at_p = _label_offsets(arts.ax, Xa[:, :2], p, support, texts)
    for t in arts.labels:
        t.set_visible(False)
        t.arrow_patch.set_visible(False)
    for i in support:
        t = arts.labels[i]
        offset = offsets[i]
        unit = offset / np.hypot(*offset)
        t.xy = (float(Xa[i, 0]), float(Xa[i, 1]))
        t.set_position(tuple(offset))
        # a leader line joins every label not right beside its point (the star is larger)
        t.arrow_patch.set_visible(bool(np.hypot(*offset) > _NEAR + 1.0))
        t.arrow_patch.shrinkB = 9.0 if at_p[i] else 5.0
        t.set_horizontalalignment(
            "left" if unit[0] > 0.3 else "right" if unit[0] < -0.3 else "center"
        )
        t.set_verticalalignment(
            "bottom" if unit[1] > 0.3 else "top" if unit[1] < -0.3 else "center"
        )
        t.set_multialignment("center")
        t.set_text(texts[i] + ("\n(at p)" if at_p[i] else ""))
        t.set_visible(True)


# label offsets (points): right beside a point, and the farther rings tried when that is taken
_NEAR = 9.0
_RINGS = {False: (24.0, 36.0), True: (24.0, 40.0, 56.0)}  # keyed by "example at p"
_R2 = np.sqrt(0.5)
_DIRECTIONS = np.array(
    [[_R2, _R2], [-_R2, _R2], [-_R2, -_R2], [_R2, -_R2], [1, 0], [0, 1], [-1, 0], [0, -1]]
)


def _label_offsets(
    ax: Axes, X: np.ndarray, p: np.ndarray, support: np.ndarray, texts: dict[int, str]
) -> tuple[dict[int, np.ndarray], dict[int, bool]]:
    """Offsets (in points, from x_i) of the weight labels, and which examples sit at p.

    A label's first choice is right beside x_i (9 points) on the ray from p through x_i; the
    other candidates are that ray and eight directions at 24 or 36 points, where a leader line
    joins label and point (the example at p: eight directions at 24, 40 or 56 points, since its
    label has two lines and must clear the star). Each label takes the candidate whose box
    covers the fewest data points, stars and labels already placed; then the nearest, then the
    one closest to the ray (for the example at p: farthest from every spoke). The box is
    estimated in points (0.65 em per character, 1.2 em per line), aligned as
    ``update_certificate`` aligns it; a point counts when its centre is within 6 points (a
    marker's radius and a gap; 10 for the star) of it, or within 5 points of the leader line.
    Positions come from the current layout (a later layout may shift them a little).
    """
    size = mpl.font_manager.FontProperties(size="small").get_size_in_points()
    to_points = 72.0 / ax.figure.dpi
    pts = ax.transData.transform(X) * to_points  # points, in display space
    star = ax.transData.transform(p) * to_points
    span = float(np.diff(ax.get_xlim())[0])
    away = X[support] - p
    dist = np.hypot(away[:, 0], away[:, 1])
    at_p = {int(i): bool(d <= 1e-6 * max(span, 1.0)) for i, d in zip(support, dist, strict=True)}
    rays = {}
    for i in support:
        v = pts[i] - star
        rays[int(i)] = v / np.hypot(*v) if not at_p[int(i)] and np.hypot(*v) > 0 else None
    spokes = np.array([r for r in rays.values() if r is not None]).reshape(-1, 2)
    placed: list[tuple[float, float, float, float]] = []  # boxes: left, bottom, right, top
    offsets: dict[int, np.ndarray] = {}
    # the labels beside their points first, the larger label of the example at p last
    for i in sorted((int(i) for i in support), key=lambda i: at_p[i]):
        lines = 2 if at_p[i] else 1
        width, height = 0.65 * size * len(texts[i]), 1.2 * size * lines
        ray = rays[i]
        if ray is None:  # the example at p: eight directions on each ring
            candidates = [(k, r, u) for k, r in enumerate(_RINGS[True]) for u in _DIRECTIONS]
        else:  # right beside x_i on the ray, or farther off (with a leader line)
            directions = np.vstack([ray, _DIRECTIONS])
            candidates = [(0, _NEAR, ray)] + [
                (k, r, u) for k, r in enumerate(_RINGS[False], start=1) for u in directions
            ]
        best, best_score, best_box = None, None, None
        for ring, r, u in candidates:
            x0, y0 = pts[i] + r * u
            left = x0 if u[0] > 0.3 else x0 - width if u[0] < -0.3 else x0 - width / 2
            bottom = y0 if u[1] > 0.3 else y0 - height if u[1] < -0.3 else y0 - height / 2
            box = (left, bottom, left + width, bottom + height)
            others = pts if not at_p[i] else pts[np.hypot(*(pts - star).T) > 1.0]
            covered = int(_within(others, box, 6.0).sum())
            covered += int(_within(star[None, :], box, 10.0).sum()) if not at_p[i] else 0
            covered += sum(_overlap(box, b) for b in placed)
            if r > _NEAR:  # the leader line passes no other point
                near = np.hypot(*(others - pts[i]).T) > 1.0
                covered += int((_segment_distance(others[near], pts[i], (x0, y0)) < 5.0).sum())
            tie = -float(u @ ray) if ray is not None else float((spokes @ u).max(initial=-1))
            score = (covered, ring, tie)
            if best_score is None or score < best_score:
                best, best_score, best_box = r * u, score, box
        offsets[i] = best
        placed.append(best_box)
    return offsets, at_p


def _within(points: np.ndarray, box: tuple[float, float, float, float], pad: float) -> np.ndarray:
    """Which points lie within ``pad`` of the box (left, bottom, right, top)."""
    left, bottom, right, top = box
    return (
        (points[:, 0] > left - pad)
        & (points[:, 0] < right + pad)
        & (points[:, 1] > bottom - pad)
        & (points[:, 1] < top + pad)
    )


def _segment_distance(points: np.ndarray, a: np.ndarray, b: tuple[float, float]) -> np.ndarray:
    """Distance of every point to the segment from a to b."""
    ab = np.asarray(b) - a
    t = np.clip((points - a) @ ab / max(float(ab @ ab), 1e-12), 0.0, 1.0)
    return np.hypot(*(points - a - t[:, None] * ab).T)


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Whether two boxes (left, bottom, right, top) overlap, with 2 points to spare."""
    return a[0] < b[2] + 2.0 and b[0] < a[2] + 2.0 and a[1] < b[3] + 2.0 and b[1] < a[3] + 2.0
