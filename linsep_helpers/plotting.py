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

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import matplotlib as mpl
import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PathCollection
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrow, Polygon
from matplotlib.text import Text
from mpl_toolkits.mplot3d.art3d import Poly3DCollection
from numpy.typing import ArrayLike

from ._validate import check_int, check_scalar, check_vector, check_X, check_Xy
from .logistic import sigmoid

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
    "nice_ceiling",
    "decade_limits",
    "set_limits",
    "set_title",
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


def nice_ceiling(x: float) -> float:
    """The smallest of 1, 2, 5 times a power of ten that is >= x (x > 0), e.g. 37 -> 50."""
    v = check_scalar(x, "x", positive=True)
    p = 10.0 ** math.floor(math.log10(v))
    # 10 and beyond: log10 may round just below a whole number; inf: near the float maximum
    nice = next(c for c in (m * p for m in (1.0, 2.0, 5.0, 10.0, 20.0, 50.0)) if c >= v)
    return nice if math.isfinite(nice) else v


def decade_limits(lo: float, hi: float) -> tuple[float, float]:
    """Whole powers of ten around [lo, hi] (0 < lo <= hi), e.g. (0.3, 42) -> (0.1, 100): log
    axes whose limits follow the data keep them while the data move within a decade."""
    a = check_scalar(lo, "lo", positive=True)
    b = check_scalar(hi, "hi", positive=True)
    if a > b:
        raise ValueError(f"lo must be <= hi; got {a:g} > {b:g}")
    return 10.0 ** math.floor(math.log10(a)), 10.0 ** math.ceil(math.log10(b))


def set_limits(
    ax: Axes, xlim: Sequence[float] | None = None, ylim: Sequence[float] | None = None
) -> bool:
    """Set the axis limits that differ from the current ones; True if any changed.

    Setting a limit marks the axes as changed even when the value is the same, which forces
    a live figure to re-render instead of redrawing only the moved artists (blitting).
    """
    changed = False
    if xlim is not None and tuple(ax.get_xlim()) != (float(xlim[0]), float(xlim[1])):
        ax.set_xlim(float(xlim[0]), float(xlim[1]))
        changed = True
    if ylim is not None and tuple(ax.get_ylim()) != (float(ylim[0]), float(ylim[1])):
        ax.set_ylim(float(ylim[0]), float(ylim[1]))
        changed = True
    return changed


def set_title(ax: Axes, label: str, **kwargs: Any) -> bool:
    """``ax.set_title(label, **kwargs)`` unless the title already reads ``label``; True if set.

    Like ``set_limits``: re-setting an unchanged title marks it as changed, so a live figure
    would redraw it on every frame.
    """
    if ax.get_title() == label:
        return False
    ax.set_title(label, **kwargs)
    return True


def square_limits(ax: Axes, radius: float, pad: float = 0.15) -> tuple[float, float]:
    """Set equal x and y limits [-(1+pad) radius, (1+pad) radius] and an equal aspect
    (only what differs from the current limits, see ``set_limits``)."""
    r = check_scalar(radius, "radius", positive=True) * (1.0 + pad)
    set_limits(ax, (-r, r), (-r, r))
    if ax.get_aspect() != 1.0 or ax.get_adjustable() != "box":
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


# --- Notebook 01: linear separability ---
__all__ += ["draw_halfspaces", "plane_in_cube", "Lift3DArtists", "draw_lift_3d"]


def draw_halfspaces(
    ax: Axes, w: ArrayLike, b: float, *, alpha: float = 0.12
) -> tuple[Polygon, Polygon]:
    """Shade the two open halfplanes {w.x + b > 0} (blue) and {w.x + b < 0} (vermillion)
    inside the current limits of ``ax`` (set them first). Returns (positive, negative) patches.

    The second picture of a linear separator: not a line and a normal, but two regions.
    Used in notebook 01.
    """
    wa = check_vector(w, 2, "w")
    ba = check_scalar(b, "b")
    if not np.any(wa):
        raise ValueError("w is the zero vector: it defines no halfplanes")
    xlim, ylim = ax.get_xlim(), ax.get_ylim()
    patches = []
    for sign, key in ((1.0, "blue"), (-1.0, "vermillion")):
        corners = halfplane_polygon(sign * wa, sign * ba, xlim, ylim)
        patch = Polygon(corners, closed=True, facecolor=PALETTE[key], alpha=alpha, lw=0, zorder=0)
        ax.add_patch(patch)
        patches.append(patch)
    return patches[0], patches[1]


def plane_in_cube(v: ArrayLike, half: float = 1.0) -> np.ndarray:
    """Vertices, in order around the polygon, of {z in R^3 : v.z = 0} cut by the cube
    [-half, half]^3: shape (k, 3) with 4 <= k <= 6 (a plane through the cube's centre).

    Computed from the crossings of the plane with the cube's 12 edges, sorted by angle
    around v, so it draws as one flat polygon (``Poly3DCollection``). Notebook 01.
    """
    va = check_vector(v, 3, "v")
    norm = float(np.linalg.norm(va))
    if norm == 0.0:
        raise ValueError("v is the zero vector: it defines no plane")
    half = check_scalar(half, "half", positive=True)
    u = va / norm
    corners = np.array([[i, j, k] for i in (-1, 1) for j in (-1, 1) for k in (-1, 1)]) * half
    side = corners @ u
    side[np.abs(side) <= 1e-12 * half] = 0.0  # corners (numerically) on the plane
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
        if all(np.linalg.norm(p - q) > 1e-9 * half for q in P_list):
            P_list.append(p)
    P = np.array(P_list)
    _, _, vt = np.linalg.svd(u[None, :])  # vt[1], vt[2]: an orthonormal basis of the plane
    angles = np.arctan2(P @ vt[2], P @ vt[1])
    return P[np.argsort(angles)]


@dataclass
class Lift3DArtists:
    """Artists of ``draw_lift_3d``: one scatter per class, the plane v.z = 0, the plane
    z_3 = r holding the lifted data, and the line where the two planes meet."""

    pos: object
    neg: object
    plane: object
    data_plane: object
    meet: Line2D


def draw_lift_3d(
    ax: Axes, X: ArrayLike, y: ArrayLike, w: ArrayLike, b: float, *, r: float = 1.0
) -> Lift3DArtists:
    """Draw the homogeneous lift on a 3-D axes (``projection="3d"``): the points (x, r), the
    plane through the origin with normal v = (w, b / r), the plane z_3 = r that carries the
    data, and their intersection, which is the 2-D separator w.x + b = 0 lifted to height r.

    Since v.(x, r) = w.x + b, the points fall on the same sides of the homogeneous plane as of
    the affine line (claim C02). Used in notebook 01.
    """
    Xa, ya = check_Xy(X, y)
    if Xa.shape[1] != 2:
        raise ValueError(f"draw_lift_3d draws 2-D data; X has {Xa.shape[1]} columns")
    wa = check_vector(w, 2, "w")
    ba = check_scalar(b, "b")
    r = check_scalar(r, "r", positive=True)
    v = np.append(wa, ba / r)
    Z = np.hstack([Xa, np.full((Xa.shape[0], 1), r)])
    extent = 1.1 * max(float(np.max(np.abs(Xa))), r)
    arts = {}
    for label in (1, -1):
        style = CLASS_STYLE[label]
        pts = Z[ya == label]
        arts[label] = ax.scatter(
            pts[:, 0],
            pts[:, 1],
            pts[:, 2],
            s=45,
            c=style["color"],
            marker=style["marker"],
            label=f"{style['label']} at $x_3 = {r:g}$",
            depthshade=False,
        )
    lim = extent
    plane = Poly3DCollection(
        [plane_in_cube(v, lim)], facecolor=PALETTE["green"], alpha=0.25, edgecolor="none"
    )
    plane.set_label("$v\\cdot z = 0$, $v = (w, b/r)$")
    ax.add_collection3d(plane)
    g = np.linspace(-lim, lim, 2)
    G1, G2 = np.meshgrid(g, g)
    data_plane = ax.plot_surface(G1, G2, np.full_like(G1, r), color=PALETTE["grey"], alpha=0.15)
    xs, ys = line_in_box(wa, ba, (-lim, lim), (-lim, lim))
    (meet,) = ax.plot(xs, ys, np.full(len(xs), r), color=PALETTE["black"], lw=2.5)
    meet.set_label("$w\\cdot x + b = 0$ at height $r$")
    ax.quiver(0, 0, 0, *(v / np.linalg.norm(v) * extent), color=PALETTE["green"], lw=2)
    for axis in (ax.xaxis, ax.yaxis, ax.zaxis):
        axis.set_major_locator(mpl.ticker.MaxNLocator(3))
    ax.set_xlim(-lim, lim)
    ax.set_ylim(-lim, lim)
    ax.set_zlim(-lim, lim)
    ax.set_box_aspect((1, 1, 1))
    ax.set_xlabel("$x_1$")
    ax.set_ylabel("$x_2$")
    ax.set_zlabel("$x_3$")
    return Lift3DArtists(pos=arts[1], neg=arts[-1], plane=plane, data_plane=data_plane, meet=meet)


# --- Notebook 02: the perceptron and its convergence proof ---
__all__ += [
    "InvariantArtists",
    "draw_invariants",
    "update_invariants",
    "plot_mistakes_vs_margin",
    "plot_mistakes_per_epoch",
]


@dataclass
class InvariantArtists:
    """Artists of ``draw_invariants``: the lower-invariant panel and the squeeze panel."""

    ax_lower: Axes
    ax_squeeze: Axes
    uv: Line2D
    lower: Line2D
    norm_sq: Line2D
    upper: Line2D
    quadratic: Line2D
    bound: Line2D
    mark_uv: Line2D
    mark_norm: Line2D


def draw_invariants(ax_lower: Axes, ax_squeeze: Axes) -> InvariantArtists:
    """Create the two panels of the perceptron proof (empty; fill with ``update_invariants``).

    Left (linear axes): u.v_M against M with the line M eta gamma below it. Right (log-log):
    ||v_M||^2 against M between M^2 eta^2 gamma^2 (below, since (u.v_M)^2 <= ||v_M||^2) and
    M eta^2 R^2 (above); the two lines cross at M = R^2/gamma^2, the bound. Used in
    notebook 02.
    """
    uv = ax_lower.plot([], [], "o-", color=PALETTE["blue"], ms=4, lw=1.5, label="$u\\cdot v_M$")[0]
    lower = ax_lower.plot(
        [], [], "--", color=PALETTE["black"], lw=1.5, label="$M\\,\\eta\\gamma$ (lower line)"
    )[0]
    mark_uv = ax_lower.plot([], [], "o", color=PALETTE["orange"], ms=11, mec="black", zorder=5)[0]
    ax_lower.set_xlabel("update number $M$")
    ax_lower.set_ylabel("$u\\cdot v_M$")
    ax_lower.legend(loc="upper left", fontsize="small")
    norm_sq = ax_squeeze.loglog(
        [], [], "o-", color=PALETTE["blue"], ms=4, lw=1.5, label="$\\|v_M\\|^2$"
    )[0]
    upper = ax_squeeze.loglog(
        [], [], "--", color=PALETTE["vermillion"], lw=1.5, label="$M\\,\\eta^2R^2$ (upper)"
    )[0]
    quadratic = ax_squeeze.loglog(
        [], [], ":", color=PALETTE["green"], lw=2.0, label="$M^2\\eta^2\\gamma^2$ (lower)"
    )[0]
    bound = ax_squeeze.plot(
        [], [], "-", color=PALETTE["grey"], lw=1.0, label="bound $R^2/\\gamma^2$"
    )[0]
    mark_norm = ax_squeeze.plot([], [], "o", color=PALETTE["orange"], ms=11, mec="black", zorder=5)[
        0
    ]
    ax_squeeze.set_xlabel("update number $M$ (log scale)")
    ax_squeeze.set_ylabel("$\\|v_M\\|^2$ (log scale)")
    ax_squeeze.legend(loc="upper left", fontsize="small")
    return InvariantArtists(
        ax_lower, ax_squeeze, uv, lower, norm_sq, upper, quadratic, bound, mark_uv, mark_norm
    )


def update_invariants(
    arts: InvariantArtists,
    M: ArrayLike,
    u_dot_v: ArrayLike,
    norm_sq: ArrayLike,
    gamma: float,
    radius: float,
    lr: float = 1.0,
    step: int | None = None,
) -> dict[str, float]:
    """Move the proof panels to a run: M = 0..updates, u.v_M, ||v_M||^2 (from
    ``invariants``), the margin gamma and radius R of the (lifted) data, the learning rate.

    The lines drawn are M lr gamma and (log-log, M >= 1) M lr^2 R^2 and M^2 lr^2 gamma^2; the
    vertical line marks the bound R^2/gamma^2 where they cross. ``step`` puts a marker on
    update ``step`` (None or 0: no marker). Returns the axis limits used. Notebook 02.
    """
    Ma = np.asarray(M, dtype=float)
    uv = np.asarray(u_dot_v, dtype=float)
    nsq = np.asarray(norm_sq, dtype=float)
    if not (Ma.ndim == 1 and uv.shape == Ma.shape and nsq.shape == Ma.shape and Ma.size >= 1):
        raise ValueError(
            "M, u_dot_v and norm_sq must be 1-D arrays of the same length >= 1; got shapes "
            f"{Ma.shape}, {uv.shape}, {nsq.shape}"
        )
    g = check_scalar(gamma, "gamma", positive=True)
    R = check_scalar(radius, "radius", positive=True)
    eta = check_scalar(lr, "lr", positive=True)
    m_end = max(float(Ma[-1]), 1.0)
    # left panel: the run and the line M eta gamma, on linear axes; the limits are rounded
    # up to 1, 2 or 5 times a power of ten, so nearby runs share them (a live figure then
    # redraws only the lines, see _blit.py)
    m_lim = nice_ceiling(m_end)
    arts.uv.set_data(Ma, uv)
    arts.lower.set_data([0.0, m_lim], [0.0, m_lim * eta * g])
    lo = -nice_ceiling(-float(uv.min())) if float(uv.min()) < 0 else 0.0
    hi = nice_ceiling(max(float(uv.max()), m_lim * eta * g, 1e-300))
    set_limits(
        arts.ax_lower, (-0.03 * m_lim, 1.03 * m_lim), (lo - 0.05 * (hi - lo), hi + 0.08 * (hi - lo))
    )
    # right panel: log-log, M >= 1, up to beyond the bound where the two lines cross; the
    # limits are whole powers of ten
    bound = R * R / (g * g)
    x_hi = decade_limits(1.0, max(2.0 * bound, 2.0 * m_end, 10.0))[1]
    xs = np.geomspace(1.0, x_hi, 60)
    keep = Ma >= 1
    arts.norm_sq.set_data(Ma[keep], nsq[keep])
    arts.upper.set_data(xs, xs * eta * eta * R * R)
    arts.quadratic.set_data(xs, xs * xs * eta * eta * g * g)
    positive = nsq[keep & (nsq > 0)]  # a log axis cannot show 0 (weights can cancel exactly)
    y_lo = min(eta * eta * g * g, float(positive.min()) if positive.size else np.inf) / 3.0
    y_hi = x_hi * x_hi * eta * eta * g * g * 3.0
    y_lo, y_hi = decade_limits(y_lo, y_hi)
    arts.bound.set_data([bound, bound], [y_lo, y_hi])
    set_limits(arts.ax_squeeze, (0.8, x_hi), (y_lo, y_hi))
    if step is not None and 1 <= step < Ma.size:
        arts.mark_uv.set_data([Ma[step]], [uv[step]])
        arts.mark_norm.set_data([Ma[step]], [nsq[step]])
    else:
        arts.mark_uv.set_data([], [])
        arts.mark_norm.set_data([], [])
    return {"x_max": x_hi, "bound": bound, "y_min": y_lo, "y_max": y_hi}


def plot_mistakes_vs_margin(
    ax: Axes,
    inverse_gamma_sq: ArrayLike,
    updates: ArrayLike,
    radius_sq: float,
    *,
    converged: ArrayLike | None = None,
) -> dict[str, Line2D]:
    """Log-log plot of measured updates against 1/gamma^2 with the bound line R^2/gamma^2.

    Points of runs that did not converge (``converged`` False, e.g. stopped at an update cap)
    are drawn hollow. Returns the artists {"points", "capped", "bound"}. Notebook 02.
    """
    xg = np.asarray(inverse_gamma_sq, dtype=float)
    up = np.asarray(updates, dtype=float)
    if xg.ndim != 1 or xg.shape != up.shape or xg.size == 0:
        raise ValueError(
            f"inverse_gamma_sq and updates must be 1-D of the same length; got {xg.shape}, "
            f"{up.shape}"
        )
    if np.any(~np.isfinite(xg)) or np.any(xg <= 0):
        raise ValueError("inverse_gamma_sq must be finite and > 0")
    if np.any(~np.isfinite(up)) or np.any(up < 0):
        raise ValueError("updates must be finite and >= 0")
    R2 = check_scalar(radius_sq, "radius_sq", positive=True)
    ok = np.ones(xg.size, bool) if converged is None else np.asarray(converged, dtype=bool)
    if ok.shape != xg.shape:
        raise ValueError(f"converged must have shape {xg.shape}; got {ok.shape}")
    shown = np.maximum(up, 0.5)  # a run with 0 updates is drawn at 1/2 on the log axis
    points = ax.loglog(
        xg[ok], shown[ok], "o", color=PALETTE["blue"], ms=6, alpha=0.7, label="measured updates $M$"
    )[0]
    capped = ax.loglog(
        xg[~ok],
        shown[~ok],
        "o",
        mfc="none",
        mec=PALETTE["vermillion"],
        ms=7,
        label="stopped at the update cap" if np.any(~ok) else None,
    )[0]
    xs = np.geomspace(xg.min() / 1.5, xg.max() * 1.5, 50)
    bound = ax.loglog(xs, R2 * xs, "--", color=PALETTE["black"], label="bound $R^2/\\gamma^2$")[0]
    ax.set_xlabel("$1/\\gamma^2$")
    ax.set_ylabel("number of updates")
    ax.legend(loc="upper left")
    return {"points": points, "capped": capped, "bound": bound}


def plot_mistakes_per_epoch(
    ax: Axes, mistakes_per_epoch: ArrayLike, *, label: str | None = None, color: str | None = None
) -> Line2D:
    """Step plot of the number of updates (mistakes) in each epoch, epochs numbered from 1.

    On separable data it reaches 0 (the perceptron stops); on XOR it never does (C14).
    Notebook 02.
    """
    mpe = np.asarray(mistakes_per_epoch, dtype=float)
    if mpe.ndim != 1 or mpe.size == 0 or np.any(~np.isfinite(mpe)) or np.any(mpe < 0):
        raise ValueError("mistakes_per_epoch must be a non-empty 1-D array of counts >= 0")
    epochs = np.arange(1, mpe.size + 1)
    (line,) = ax.plot(epochs, mpe, "o-", label=label, color=color, lw=1.5, ms=5)
    ax.set_xlabel("epoch")
    ax.set_ylabel("mistakes (updates) in the epoch")
    ax.set_ylim(bottom=-0.3)
    return line


# --- Notebook 03: the log-likelihood approaching 0 ---

__all__ += [
    "PROBABILITY_CMAP",
    "probability_grid",
    "ProbabilityArtists",
    "draw_probability",
    "update_probability",
]

#: P(y = +1 | x) from vermillion (class -1) through white (1/2) to blue (class +1).
PROBABILITY_CMAP = mpl.colors.LinearSegmentedColormap.from_list(
    "linsep_probability", [PALETTE["vermillion"], "#FFFFFF", PALETTE["blue"]]
)


def probability_grid(
    w: ArrayLike,
    b: float,
    xlim: Sequence[float],
    ylim: Sequence[float],
    *,
    scale: float = 1.0,
    resolution: int = 120,
) -> np.ndarray:
    """sigma(scale (w.x + b)) on a resolution x resolution grid over the box xlim x ylim.

    Row k belongs to y = ylim[0] + k (ylim[1] - ylim[0]) / (resolution - 1) (image origin
    "lower"). Uses the overflow-free sigmoid, so scale may be 1e6. Used in notebook 03.
    """
    wa = check_vector(w, 2, "w")
    ba = check_scalar(b, "b")
    s = check_scalar(scale, "scale", nonnegative=True)
    res = check_int(resolution, "resolution", minimum=2)
    xs = np.linspace(float(xlim[0]), float(xlim[1]), res)
    ys = np.linspace(float(ylim[0]), float(ylim[1]), res)
    gx, gy = np.meshgrid(xs, ys)
    return np.asarray(sigmoid(s * (wa[0] * gx + wa[1] * gy + ba)))


@dataclass
class ProbabilityArtists:
    """The image of ``draw_probability`` and the box and resolution it was drawn on."""

    image: mpl.image.AxesImage
    xlim: tuple[float, float]
    ylim: tuple[float, float]
    resolution: int


def draw_probability(
    ax: Axes,
    w: ArrayLike,
    b: float,
    *,
    scale: float = 1.0,
    resolution: int = 120,
    alpha: float = 0.6,
    colorbar: bool = True,
) -> ProbabilityArtists:
    """Shade the current limits of ax by P(y = +1 | x) = sigma(scale (w.x + b)).

    Set the axes limits first (e.g. ``square_limits``). The colour scale is fixed to [0, 1],
    so the image can be updated for any scale without renormalising. Used in notebook 03.
    """
    xlim = tuple(float(v) for v in ax.get_xlim())
    ylim = tuple(float(v) for v in ax.get_ylim())
    grid = probability_grid(w, b, xlim, ylim, scale=scale, resolution=resolution)
    image = ax.imshow(
        grid,
        origin="lower",
        extent=(xlim[0], xlim[1], ylim[0], ylim[1]),
        cmap=PROBABILITY_CMAP,
        vmin=0.0,
        vmax=1.0,
        alpha=alpha,
        interpolation="bilinear",
        zorder=0,
    )
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    if colorbar:
        ax.figure.colorbar(image, ax=ax, label="$P(y=+1 \\mid x)$", shrink=0.8)
    return ProbabilityArtists(image=image, xlim=xlim, ylim=ylim, resolution=resolution)


def update_probability(
    arts: ProbabilityArtists, w: ArrayLike, b: float, *, scale: float = 1.0
) -> None:
    """Recolour the image of ``draw_probability`` for new (w, b) or a new scale (in place)."""
    arts.image.set_data(
        probability_grid(w, b, arts.xlim, arts.ylim, scale=scale, resolution=arts.resolution)
    )


# --- Notebook 04: finding a separator is a linear program ---


__all__ += [
    "convex_hull_vertices",
    "HullArtists",
    "draw_hulls",
    "update_hulls",
    "CertificateArtists",
    "draw_certificate",
    "update_certificate",
]


def convex_hull_vertices(points: ArrayLike) -> np.ndarray:
    """Vertices of the convex hull of 2-D points, counter-clockwise (Andrew's monotone chain).

    Unlike scipy.spatial.ConvexHull it never fails on degenerate input: one point gives that
    point, collinear points give the two ends of their segment (duplicates are merged).
    Only the first two columns are used. Used in notebook 04.
    """
    P = np.asarray(points, dtype=float)
    if P.ndim != 2 or P.shape[0] == 0 or P.shape[1] < 2:
        raise ValueError(f"points must be a non-empty (n, 2) array; got shape {P.shape}")
    if not np.all(np.isfinite(P[:, :2])):
        raise ValueError("points contain NaN or infinite values")
    P = np.unique(P[:, :2], axis=0)  # sorted by x, then y
    if P.shape[0] <= 2:
        return P

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


@dataclass
class HullArtists:
    """The two convex-hull polygons of ``draw_hulls`` (one per class)."""

    pos: Polygon
    neg: Polygon


def draw_hulls(ax: Axes, X: ArrayLike, y: ArrayLike, *, alpha: float = 0.15) -> HullArtists:
    """Shade the convex hull of each class (class colours, outlined) in 2-D.

    A class with one point shows as a dot-sized polygon, collinear points as a segment.
    Returns artists for ``update_hulls``. Used in notebook 04.
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
    """Move the polygons of ``draw_hulls`` to the hulls of a new data set."""
    Xa, ya = check_Xy(X, y)
    for label, poly in ((1, arts.pos), (-1, arts.neg)):
        pts = Xa[ya == label]
        poly.set_xy(convex_hull_vertices(pts) if pts.shape[0] else np.zeros((0, 2)))


@dataclass
class CertificateArtists:
    """Artists of ``draw_certificate``: the common point p, the spokes x_i -> p (width grows
    with lambda_i) and one text label per example (hidden when lambda_i = 0)."""

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

    ``lam=None`` draws nothing yet (the artists exist, hidden). One text artist is made per
    row of X, so ``update_certificate`` works for any certificate of the same n points.
    Used in notebook 04.
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
    labels = [
        ax.text(0.0, 0.0, "", fontsize="small", ha="left", va="bottom", zorder=7, visible=False)
        for _ in range(Xa.shape[0])
    ]
    arts = CertificateArtists(point=pt, spokes=spokes, labels=labels, ax=ax)
    update_certificate(arts, Xa, lam, point)
    return arts


def update_certificate(
    arts: CertificateArtists, X: ArrayLike, lam: ArrayLike | None, point: ArrayLike | None
) -> None:
    """Move the artists of ``draw_certificate`` to a new certificate (None hides them)."""
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
    span = np.diff(arts.ax.get_xlim())[0]
    for i, t in enumerate(arts.labels):
        if la[i] > 0:
            t.set_position((Xa[i, 0] + 0.02 * span, Xa[i, 1] + 0.02 * span))
            t.set_text(f"λ={la[i]:.3g}")
            t.set_visible(True)
        else:
            t.set_visible(False)


# --- Notebook 05: minimising disagreements is NP-hard ---

__all__ += ["GraphArtists", "draw_graph", "update_graph"]

#: How notebook 05 draws a graph: cover vertices are orange squares, the others white
#: circles; edges whose point e_i + e_j is misclassified are dashed vermillion.
GRAPH_STYLE = {
    "cover": {"color": PALETTE["orange"], "marker": "s"},
    "other": {"color": "white", "marker": "o"},
    "edge": PALETTE["grey"],
    "bad_edge": PALETTE["vermillion"],
}


@dataclass
class GraphArtists:
    """Artists of ``draw_graph``: the edges, the two vertex scatters and the vertex labels."""

    edges: LineCollection
    cover: PathCollection
    other: PathCollection
    labels: list
    ax: Axes


def _graph_arrays(
    n: int, edges: Sequence[Sequence[int]], pos: ArrayLike
) -> tuple[np.ndarray, np.ndarray]:
    from ._validate import check_int as _check_int

    n = _check_int(n, "n", minimum=1)
    P = np.asarray(pos, dtype=float)
    if P.shape != (n, 2) or not np.all(np.isfinite(P)):
        raise ValueError(f"pos must be a finite array of shape ({n}, 2); got shape {P.shape}")
    E = np.asarray(list(edges), dtype=int).reshape(-1, 2)
    if E.size and (E.min() < 0 or E.max() >= n):
        raise ValueError(f"edges must join vertices 0..{n - 1}")
    return P, E


def draw_graph(
    ax: Axes,
    n: int,
    edges: Sequence[Sequence[int]],
    pos: ArrayLike,
    *,
    cover: Sequence[int] = (),
    bad_edges: Sequence[int] = (),
    size: float = 420.0,
) -> GraphArtists:
    """Draw the graph G = ({0..n-1}, edges) at positions ``pos`` (n x 2).

    Vertices in ``cover`` are orange squares, the others white circles with a black rim; every
    vertex carries its number. ``bad_edges`` lists indices into ``edges`` drawn dashed in
    vermillion (in notebook 05: edges whose point e_i + e_j a separator gets wrong). The axes
    get an equal aspect and no ticks. Returns artists for ``update_graph``. Notebook 05.
    """
    lines = LineCollection([], linewidths=2.0, zorder=1)
    ax.add_collection(lines)
    common = {"s": size, "edgecolors": "black", "linewidths": 1.2, "zorder": 3}
    cov = ax.scatter(
        [], [], c=GRAPH_STYLE["cover"]["color"], marker="s", label="in the cover", **common
    )
    oth = ax.scatter(
        [], [], c=GRAPH_STYLE["other"]["color"], marker="o", label="not in the cover", **common
    )
    ax.set_aspect("equal", adjustable="box")
    ax.set_xlim(-1.3, 1.3)
    ax.set_ylim(-1.3, 1.3)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.grid(False)
    for side in ("left", "bottom"):
        ax.spines[side].set_visible(False)
    arts = GraphArtists(edges=lines, cover=cov, other=oth, labels=[], ax=ax)
    update_graph(arts, n, edges, pos, cover=cover, bad_edges=bad_edges)
    return arts


def update_graph(
    arts: GraphArtists,
    n: int,
    edges: Sequence[Sequence[int]],
    pos: ArrayLike,
    *,
    cover: Sequence[int] = (),
    bad_edges: Sequence[int] = (),
) -> None:
    """Move the artists of ``draw_graph`` to another graph, cover or set of bad edges.

    Label texts are reused; new ones are only made when the graph has more vertices than any
    drawn before, and surplus ones are hidden.
    """
    P, E = _graph_arrays(n, edges, pos)
    C = np.zeros(P.shape[0], dtype=bool)
    cov = [int(v) for v in cover]
    if any(not 0 <= v < P.shape[0] for v in cov):
        raise ValueError(f"cover vertices must lie in 0..{P.shape[0] - 1}; got {sorted(cov)}")
    C[cov] = True
    bad = np.zeros(E.shape[0], dtype=bool)
    bad_idx = [int(k) for k in bad_edges]
    if any(not 0 <= k < E.shape[0] for k in bad_idx):
        raise ValueError(f"bad_edges must index the {E.shape[0]} edges; got {sorted(bad_idx)}")
    bad[bad_idx] = True
    arts.edges.set_segments([P[[i, j]] for i, j in E])
    arts.edges.set_colors(
        [GRAPH_STYLE["bad_edge"] if b else GRAPH_STYLE["edge"] for b in bad] or ["none"]
    )
    arts.edges.set_linestyles([(0, (4, 3)) if b else "solid" for b in bad] or ["solid"])
    arts.cover.set_offsets(P[C].reshape(-1, 2))
    arts.other.set_offsets(P[~C].reshape(-1, 2))
    while len(arts.labels) < P.shape[0]:
        arts.labels.append(
            arts.ax.text(0, 0, "", ha="center", va="center", fontsize="small", zorder=4)
        )
    for k, txt in enumerate(arts.labels):
        if k < P.shape[0]:
            txt.set_position((P[k, 0], P[k, 1]))
            txt.set_text(str(k))
            txt.set_visible(True)
        else:
            txt.set_visible(False)
