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
    side away from p; hidden when lambda_i = 0) and their ``ax``."""

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
            bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.8},
        )
        for _ in range(Xa.shape[0])
    ]
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
    span = float(np.diff(arts.ax.get_xlim())[0])
    away = Xa[support, :2] - p
    dist = np.hypot(away[:, 0], away[:, 1])
    at_p = dist <= 1e-6 * max(span, 1.0)
    units = np.zeros_like(away)
    units[~at_p] = away[~at_p] / dist[~at_p, None]
    # an x_i at p (lambda_i = 1/2 on one example) is labelled on the diagonal farthest from
    # every spoke (diagonals, because the label is wide)
    diagonals = np.array([[1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]]) / np.sqrt(2.0)
    closeness = (diagonals @ units[~at_p].T).max(axis=1, initial=-1.0)
    free = diagonals[int(np.argmin(closeness))]
    for t in arts.labels:
        t.set_visible(False)
    for k, i in enumerate(support):
        # the label sits beyond x_i on the ray from p through x_i: it covers neither the
        # spoke nor the star
        t = arts.labels[i]
        unit = free if at_p[k] else units[k]
        t.xy = (float(Xa[i, 0]), float(Xa[i, 1]))
        t.set_position(tuple((18.0 if at_p[k] else 9.0) * unit))
        t.set_horizontalalignment(
            "left" if unit[0] > 0.3 else "right" if unit[0] < -0.3 else "center"
        )
        t.set_verticalalignment(
            "bottom" if unit[1] > 0.3 else "top" if unit[1] < -0.3 else "center"
        )
        t.set_text(f"λ={la[i]:.3f}" + (" (at p)" if at_p[k] else ""))
        t.set_visible(True)
