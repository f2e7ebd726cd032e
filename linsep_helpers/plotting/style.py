"""The course style and the picture every notebook draws: labelled points and a separator.

``PALETTE`` and ``CLASS_STYLE`` fix the colours, ``use_style`` the rcParams; ``draw_data`` /
``update_data`` scatter the two classes, ``draw_separator`` / ``update_separator`` draw the line
w.x + b = 0 with its margin band and normal vector; ``set_limits``, ``set_title``,
``square_limits`` and ``decade_limits`` set axes only when something changed
(so a live figure can redraw just the moved artists). Used in notebooks 01-05.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import matplotlib as mpl
import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import PathCollection
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrow, Polygon
from numpy.typing import ArrayLike

from .._validate import check_scalar, check_vector, check_Xy
from ..geometry import (
    band_polygon,
    line_in_box,
)

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
    "decade_limits",
    "set_limits",
    "set_title",
    "square_limits",
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


def _check_bool(value: object, name: str) -> bool:
    if not isinstance(value, bool | np.bool_):
        raise ValueError(f"{name} must be True or False; got {value!r}")
    return bool(value)


def _check_margin(margin: object) -> float | None:
    """None (no band), or a finite half-width >= 0."""
    return None if margin is None else check_scalar(margin, "margin", nonnegative=True)


def _check_limits(lim: object, name: str) -> tuple[float, float] | None:
    """None, or two different finite numbers (matplotlib allows an inverted axis)."""
    if lim is None:
        return None
    try:
        lo, hi = lim  # type: ignore[misc]
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a pair (low, high); got {lim!r}") from None
    lo, hi = check_scalar(lo, f"{name}[0]"), check_scalar(hi, f"{name}[1]")
    if lo == hi:
        raise ValueError(f"{name} must have two different ends; got ({lo:g}, {hi:g})")
    return lo, hi


def use_style(*, presentation: bool = False) -> None:
    """Set the course style on matplotlib's rcParams (call once, in the first cell).

    Parameters
    ----------
    presentation : bool
        The projector style: fonts, lines and markers 1.35 times larger.

    Returns
    -------
    None
        Used in notebooks 01-05.
    """
    scale = 1.35 if _check_bool(presentation, "presentation") else 1.0
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


@dataclass(frozen=True)
class DataArtists:
    """The two scatter collections of ``draw_data``: ``pos`` (class +1) and ``neg`` (-1)."""

    pos: PathCollection
    neg: PathCollection


def _split(X: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return X[y > 0, :2], X[y < 0, :2]


def draw_data(
    ax: Axes, X: ArrayLike, y: ArrayLike, *, size: float | None = None, legend: bool = True
) -> DataArtists:
    """Scatter 2-D points, class +1 as blue circles and -1 as vermillion triangles.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    X : array_like, shape (n, d)
        Only the first two columns are drawn (one column: drawn at height 0).
    y : array_like, shape (n,)
    size : float, optional
        Marker area in points², 0 < size <= 1e5 (default from the style).
    legend : bool
        Add a legend.

    Returns
    -------
    DataArtists
        For ``update_data``. Used in notebooks 01, 02 and 04.
    """
    Xa, ya = check_Xy(X, y)
    size = None if size is None else check_scalar(size, "size", positive=True)
    if size is not None and size > 1e5:
        raise ValueError(f"size is a marker area in points², at most 1e5; got {size:g}")
    legend = _check_bool(legend, "legend")
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


def update_data(arts: DataArtists, X: ArrayLike, y: ArrayLike) -> None:
    """Move the points of ``draw_data`` to a new data set (same style, no new artists).

    Parameters
    ----------
    arts : DataArtists
    X : array_like, shape (n, d)
    y : array_like, shape (n,)

    Returns
    -------
    None
        Used by the explorers.
    """
    Xa, ya = check_Xy(X, y)
    if Xa.shape[1] < 2:
        Xa = np.column_stack([Xa, np.zeros(Xa.shape[0])])
    pos_pts, neg_pts = _split(Xa, ya)
    arts.pos.set_offsets(pos_pts)
    arts.neg.set_offsets(neg_pts)


def decade_limits(lo: float, hi: float) -> tuple[float, float]:
    """Whole powers of ten around [lo, hi], e.g. (0.3, 42) -> (0.1, 100).

    Log axes whose limits follow the data keep them while the data move within a decade.

    Parameters
    ----------
    lo, hi : float
        0 < lo <= hi.

    Returns
    -------
    (float, float)
        10^floor(log10 lo), 10^ceil(log10 hi). Used by ``update_invariants`` and the explorers.
    """
    a = check_scalar(lo, "lo", positive=True)
    b = check_scalar(hi, "hi", positive=True)
    if a > b:
        raise ValueError(f"lo must be <= hi; got {a:g} > {b:g}")
    low, high = math.floor(math.log10(a)), math.ceil(math.log10(b))
    if low < -307 or high > 308:
        raise ValueError(
            f"lo and hi must lie within the decades float64 holds, 1e-307 to 1e308; got "
            f"({a:g}, {b:g})"
        )
    return 10.0**low, 10.0**high


def set_limits(
    ax: Axes, xlim: Sequence[float] | None = None, ylim: Sequence[float] | None = None
) -> bool:
    """Set the axis limits that differ from the current ones; True if any changed.

    Setting a limit marks the axes as changed even when the value is the same, which forces
    a live figure to re-render instead of redrawing only the moved artists (blitting).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    xlim, ylim : (float, float), optional
        New limits (None: leave as is).

    Returns
    -------
    bool
        Whether a limit changed. Used by the explorers.
    """
    xlim, ylim = _check_limits(xlim, "xlim"), _check_limits(ylim, "ylim")
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

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    label : str
    **kwargs
        Passed to ``Axes.set_title``.

    Returns
    -------
    bool
        Whether the title was set. Used by the explorers.
    """
    if ax.get_title() == label:
        return False
    ax.set_title(label, **kwargs)
    return True


def square_limits(ax: Axes, radius: float, *, pad: float = 0.15) -> tuple[float, float]:
    """Set equal x and y limits [-(1+pad) radius, (1+pad) radius] and an equal aspect.

    Only what differs from the current limits is set (see ``set_limits``).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    radius : float
        > 0, e.g. the data radius R.
    pad : float
        Relative margin around the radius, >= 0.

    Returns
    -------
    (float, float)
        The limits (-r, r). Used in notebooks 01 and 02.
    """
    r = check_scalar(radius, "radius", positive=True)
    r *= 1.0 + check_scalar(pad, "pad", nonnegative=True)
    if not math.isfinite(r):
        raise ValueError(f"radius * (1 + pad) overflows float64; got {radius!r} and {pad!r}")
    set_limits(ax, (-r, r), (-r, r))
    if ax.get_aspect() != 1.0 or ax.get_adjustable() != "box":
        ax.set_aspect("equal", adjustable="box")
    return -r, r


@dataclass(frozen=True)
class SeparatorArtists:
    """Artists of ``draw_separator``: the line, the two margin lines (``upper``, ``lower``),
    the ``band`` between them, the ``normal`` arrow (None if not shown) and their ``ax``."""

    line: Line2D
    upper: Line2D
    lower: Line2D
    band: Polygon
    normal: FancyArrow | None
    ax: Axes


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

    Set the axes limits first (e.g. ``square_limits``): the line is clipped to them.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    w : array_like, shape (2,)
    b : float
    margin : float, optional
        A *geometric* half-width >= 0: the band covers the points within that distance of
        the line (None or 0: no band).
    show_normal : bool
        Draw the normal vector w (from the point of the line closest to the origin).
    color : str
        Colour of the lines.
    label : str or None
        Legend label of the line.

    Returns
    -------
    SeparatorArtists
        For ``update_separator``. Used in notebooks 01, 02 and 04.
    """
    check_vector(w, 2, "w")  # validated before any artist is added
    check_scalar(b, "b")
    _check_margin(margin)
    show_normal = _check_bool(show_normal, "show_normal")
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
    """Move the artists of ``draw_separator`` to the separator (w, b) (2-D only).

    w = 0 hides everything (no line).

    Parameters
    ----------
    arts : SeparatorArtists
    w : array_like, shape (2,)
    b : float
    margin : float, optional
        As in ``draw_separator``.

    Returns
    -------
    None
        Used by the explorers.
    """
    wa = check_vector(w, 2, "w")
    ba = check_scalar(b, "b")
    margin = _check_margin(margin)
    ax = arts.ax
    xlim, ylim = ax.get_xlim(), ax.get_ylim()
    if np.any(wa):  # the unit normal and offset, from w and b scaled by a power of two
        e = math.frexp(float(np.max(np.abs(wa))))[1]
        with np.errstate(over="ignore"):  # a b beyond float range at this scale: no line
            wa, ba = np.ldexp(wa, -e), float(np.ldexp(ba, -e))
    norm = math.hypot(*wa)
    if norm == 0.0 or not math.isfinite(ba / norm):  # no line, or one beyond float range
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
        arts.band.set_xy(band_polygon(u, c, margin, xlim, ylim))
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
