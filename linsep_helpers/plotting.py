"""One figure style for the course, and drawing helpers that return their artists.

Every ``draw_*`` function creates artists once and returns them in a small dataclass; the
matching ``update_*`` function moves those same artists (set_data, set_offsets, set_xy), so
a slider never re-creates a figure. Style guide (kept short on purpose):

- class +1: blue circles; class -1: vermillion triangles (Okabe-Ito palette, safe for
  colour-blind readers, and the marker shape alone tells the classes apart);
- separators are black, margin bands light grey, normal vectors bluish green;
- every axis is labelled, geometry uses an equal aspect ratio, titles say what changed;
- ``use_style(presentation=True)`` enlarges fonts and lines for a projector.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import matplotlib as mpl
import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import PathCollection
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrow, Polygon
from numpy.typing import ArrayLike

from ._validate import check_scalar, check_vector, check_Xy

__all__ = [
    "PALETTE",
    "CLASS_STYLE",
    "use_style",
    "DataArtists",
    "draw_data",
    "update_data",
    "SeparatorArtists",
    "draw_separator",
    "update_separator",
    "square_limits",
    "halfplane_polygon",
    "line_in_box",
]

#: Okabe & Ito (2008) colours, safe for the common forms of colour blindness.
PALETTE = {
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "green": "#009E73",
    "orange": "#E69F00",
    "sky": "#56B4E9",
    "purple": "#CC79A7",
    "yellow": "#F0E442",
    "black": "#000000",
    "grey": "#999999",
}

#: How each class is drawn: colour AND marker shape differ.
CLASS_STYLE = {
    1: {"color": PALETTE["blue"], "marker": "o", "label": "y = +1"},
    -1: {"color": PALETTE["vermillion"], "marker": "^", "label": "y = -1"},
}

_BASE_RC = {
    "figure.dpi": 100,
    "savefig.dpi": 100,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.prop_cycle": mpl.cycler(
        color=[
            PALETTE[c] for c in ("blue", "vermillion", "green", "orange", "purple", "sky", "black")
        ]
    ),
    "legend.framealpha": 0.9,
    "image.cmap": "cividis",
}


def use_style(presentation: bool = False) -> None:
    """Set the course style on matplotlib's rcParams (call once, in the first cell).

    ``presentation=True`` is the projector style: larger fonts, thicker lines and markers.
    """
    scale = 1.35 if presentation else 1.0
    rc = dict(_BASE_RC)
    rc.update(
        {
            "font.size": 12 * scale,
            "axes.titlesize": 13 * scale,
            "axes.labelsize": 12 * scale,
            "xtick.labelsize": 11 * scale,
            "ytick.labelsize": 11 * scale,
            "legend.fontsize": 11 * scale,
            "lines.linewidth": 2.0 * scale,
            "lines.markersize": 7 * scale,
            "scatter.edgecolors": "white",
        }
    )
    mpl.rcParams.update(rc)


@dataclass
class DataArtists:
    """The two scatter collections of ``draw_data`` (one per class)."""

    pos: PathCollection
    neg: PathCollection


def _split(X: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return X[y > 0, :2], X[y < 0, :2]


def draw_data(
    ax: Axes, X: ArrayLike, y: ArrayLike, *, size: float | None = None, legend: bool = True
) -> DataArtists:
    """Scatter 2-D points, class +1 as blue circles and -1 as vermillion triangles.

    Only the first two columns are drawn. Returns the artists so that ``update_data`` can
    move the points later.
    """
    Xa, ya = check_Xy(X, y)
    if Xa.shape[1] < 2:
        Xa = np.column_stack([Xa, np.zeros(Xa.shape[0])])
    s = size if size is not None else mpl.rcParams["lines.markersize"] ** 2 * 1.2
    pos_pts, neg_pts = _split(Xa, ya)
    arts = {}
    for label, pts in ((1, pos_pts), (-1, neg_pts)):
        style = CLASS_STYLE[label]
        arts[label] = ax.scatter(
            pts[:, 0],
            pts[:, 1],
            s=s,
            c=style["color"],
            marker=style["marker"],
            label=style["label"],
            edgecolors="white",
            linewidths=0.6,
            zorder=3,
        )
    if legend:
        ax.legend(loc="upper right")
    return DataArtists(pos=arts[1], neg=arts[-1])


def update_data(artists: DataArtists, X: ArrayLike, y: ArrayLike) -> None:
    """Move the points of ``draw_data`` to a new data set (same style, no new artists)."""
    Xa, ya = check_Xy(X, y)
    if Xa.shape[1] < 2:
        Xa = np.column_stack([Xa, np.zeros(Xa.shape[0])])
    pos_pts, neg_pts = _split(Xa, ya)
    artists.pos.set_offsets(pos_pts)
    artists.neg.set_offsets(neg_pts)


def square_limits(ax: Axes, radius: float, pad: float = 0.15) -> tuple[float, float]:
    """Set equal x and y limits [-(1+pad) radius, (1+pad) radius] and an equal aspect."""
    r = check_scalar(radius, "radius", positive=True) * (1.0 + pad)
    ax.set_xlim(-r, r)
    ax.set_ylim(-r, r)
    ax.set_aspect("equal", adjustable="box")
    return -r, r


def line_in_box(
    w: ArrayLike, b: float, xlim: Sequence[float], ylim: Sequence[float]
) -> tuple[np.ndarray, np.ndarray]:
    """End points of the segment {x : w.x + b = 0} inside the box xlim x ylim (2-D).

    Returns two arrays of x and y coordinates (empty if the line misses the box).
    """
    wa = check_vector(w, 2, "w")
    poly = halfplane_polygon(wa, float(b), xlim, ylim, boundary_only=True)
    if poly.shape[0] == 0:
        return np.array([]), np.array([])
    return poly[:, 0], poly[:, 1]


def halfplane_polygon(
    w: ArrayLike,
    b: float,
    xlim: Sequence[float],
    ylim: Sequence[float],
    *,
    boundary_only: bool = False,
) -> np.ndarray:
    """Corners of {x in box : w.x + b >= 0} (Sutherland-Hodgman clipping of the box).

    With ``boundary_only`` return just the two points where w.x + b = 0 crosses the box.
    """
    wa = np.asarray(w, dtype=float)
    (x0, x1), (y0, y1) = xlim, ylim
    box = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
    s = box @ wa + b
    out, crossings = [], []
    for k in range(4):
        p, q = box[k], box[(k + 1) % 4]
        sp, sq = s[k], s[(k + 1) % 4]
        if sp >= 0:
            out.append(p)
        if (sp > 0 > sq) or (sp < 0 < sq):
            t = sp / (sp - sq)
            cross = p + t * (q - p)
            out.append(cross)
            crossings.append(cross)
    if boundary_only:
        return np.array(crossings).reshape(-1, 2)
    return np.array(out).reshape(-1, 2)


@dataclass
class SeparatorArtists:
    """Artists of ``draw_separator``: the line, the two margin lines, the band, the normal."""

    line: Line2D
    upper: Line2D
    lower: Line2D
    band: Polygon
    normal: FancyArrow | None
    ax: Axes


def _band_polygon(w: np.ndarray, b: float, half: float, ax: Axes) -> np.ndarray:
    """Polygon of {x : |w.x + b| <= half} inside the current limits of ax."""
    xlim, ylim = ax.get_xlim(), ax.get_ylim()
    pos = halfplane_polygon(w, b + half, xlim, ylim)  # w.x + b >= -half
    if pos.shape[0] < 3:
        return np.zeros((0, 2))
    # clip that polygon by -(w.x + b) + half >= 0
    s = -(pos @ w + b) + half
    out = []
    for k in range(len(pos)):
        p, q = pos[k], pos[(k + 1) % len(pos)]
        sp, sq = s[k], s[(k + 1) % len(pos)]
        if sp >= 0:
            out.append(p)
        if (sp > 0 > sq) or (sp < 0 < sq):
            out.append(p + sp / (sp - sq) * (q - p))
    return np.array(out).reshape(-1, 2)


def draw_separator(
    ax: Axes,
    w: ArrayLike,
    b: float,
    *,
    margin: float | None = None,
    show_normal: bool = True,
    color: str = PALETTE["black"],
    label: str | None = "w.x + b = 0",
) -> SeparatorArtists:
    """Draw the line w.x + b = 0 in 2-D, its margin band and the normal vector w.

    ``margin`` is a *geometric* half-width: the band covers the points within that distance
    of the line (None: no band). Set the axes limits first (e.g. ``square_limits``): the
    line is clipped to them. Returns artists for ``update_separator``.
    """
    line = ax.plot([], [], color=color, lw=mpl.rcParams["lines.linewidth"], label=label)[0]
    upper = ax.plot([], [], color=color, lw=1, ls="--")[0]
    lower = ax.plot([], [], color=color, lw=1, ls="--")[0]
    band = Polygon(np.zeros((0, 2)), closed=True, facecolor=PALETTE["grey"], alpha=0.2, lw=0)
    ax.add_patch(band)
    normal = None
    if show_normal:
        normal = FancyArrow(0, 0, 0, 0, width=0.0, color=PALETTE["green"], zorder=4)
        ax.add_patch(normal)
    arts = SeparatorArtists(line=line, upper=upper, lower=lower, band=band, normal=normal, ax=ax)
    update_separator(arts, w, b, margin=margin)
    return arts


def update_separator(
    arts: SeparatorArtists, w: ArrayLike, b: float, *, margin: float | None = None
) -> None:
    """Move the artists of ``draw_separator`` to the separator (w, b) (2-D only)."""
    wa = check_vector(w, 2, "w")
    ba = check_scalar(b, "b")
    norm = float(np.linalg.norm(wa))
    ax = arts.ax
    xlim, ylim = ax.get_xlim(), ax.get_ylim()
    if norm == 0.0:
        for artist in (arts.line, arts.upper, arts.lower):
            artist.set_data([], [])
        arts.band.set_xy(np.zeros((0, 2)))
        if arts.normal is not None:
            arts.normal.set_visible(False)
        return
    u, c = wa / norm, ba / norm  # unit normal: the same line, distances in data units
    arts.line.set_data(*line_in_box(u, c, xlim, ylim))
    if margin is not None and margin > 0:
        arts.upper.set_data(*line_in_box(u, c - margin, xlim, ylim))
        arts.lower.set_data(*line_in_box(u, c + margin, xlim, ylim))
        arts.band.set_xy(_band_polygon(u, c, margin, ax))
    else:
        arts.upper.set_data([], [])
        arts.lower.set_data([], [])
        arts.band.set_xy(np.zeros((0, 2)))
    if arts.normal is not None:
        span = min(xlim[1] - xlim[0], ylim[1] - ylim[0])
        foot = -c * u  # the point of the line closest to the origin
        length = 0.18 * span
        arts.normal.set_data(
            x=foot[0],
            y=foot[1],
            dx=length * u[0],
            dy=length * u[1],
            width=0.012 * span,
            head_width=0.045 * span,
            head_length=0.05 * span,
        )
        arts.normal.set_visible(True)


# === Notebook 01: linear separability (MarginExplorer, ScalingExplorer above; add more here) ===
# (section owned by the notebook-01 author: add code between these two markers;
#  extend __all__ here with `__all__ += [...]`)
# === end of notebook 01 section ===


# === Notebook 02: the perceptron and its convergence proof ===
# (section owned by the notebook-02 author: add code between these two markers;
#  extend __all__ here with `__all__ += [...]`)
# === end of notebook 02 section ===


# === Notebook 03: the log-likelihood approaching 0 ===
# (section owned by the notebook-03 author: add code between these two markers;
#  extend __all__ here with `__all__ += [...]`)
# === end of notebook 03 section ===


# === Notebook 04: finding a separator is a linear program ===
# (section owned by the notebook-04 author: add code between these two markers;
#  extend __all__ here with `__all__ += [...]`)
# === end of notebook 04 section ===


# === Notebook 05: minimising disagreements is NP-hard ===
# (section owned by the notebook-05 author: add code between these two markers;
#  extend __all__ here with `__all__ += [...]`)
# === end of notebook 05 section ===
