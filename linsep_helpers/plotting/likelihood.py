"""Figures of notebook 03 (the log-likelihood): the probability P(y = +1 | x) shaded over the
plane."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import matplotlib as mpl
import numpy as np
from matplotlib.axes import Axes
from numpy.typing import ArrayLike

from .._validate import check_int, check_scalar, check_vector
from ..logistic import sigmoid
from .style import PALETTE

__all__ = [
    "PROBABILITY_CMAP",
    "probability_grid",
    "ProbabilityArtists",
    "draw_probability",
    "update_probability",
    "box_limits",
    "label_log10_axis",
    "scaling_limit_line",
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

    The image data of ``draw_probability``: P(y = +1 | x) of the logistic model. Uses the
    overflow-free sigmoid, so scale may be 1e6.

    Parameters
    ----------
    w : array_like, shape (2,)
    b : float
    xlim, ylim : (float, float)
        The box.
    scale : float
        c >= 0 in sigma(c (w.x + b)).
    resolution : int
        Grid points per side, >= 2.

    Returns
    -------
    numpy.ndarray, shape (resolution, resolution)
        Row k belongs to y = ylim[0] + k (ylim[1] - ylim[0]) / (resolution - 1) (image origin
        "lower"). Used in notebook 03 (through ``draw_probability``).
    """
    wa = check_vector(w, 2, "w")
    ba = check_scalar(b, "b")
    s = check_scalar(scale, "scale", nonnegative=True)
    res = check_int(resolution, "resolution", minimum=2)
    xs = np.linspace(float(xlim[0]), float(xlim[1]), res)
    ys = np.linspace(float(ylim[0]), float(ylim[1]), res)
    gx, gy = np.meshgrid(xs, ys)
    return np.asarray(sigmoid(s * (wa[0] * gx + wa[1] * gy + ba)))


@dataclass(frozen=True)
class ProbabilityArtists:
    """The ``image`` of ``draw_probability`` and the box (``xlim``, ``ylim``) and
    ``resolution`` it was drawn on."""

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
    so the image can be updated for any scale without renormalising.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    w : array_like, shape (2,)
    b : float
    scale : float
        c >= 0.
    resolution : int
        Grid points per side.
    alpha : float
        Opacity of the shading, in (0, 1]. The image is drawn opaque with its colours mixed
        with the white axes background, which is what a translucent image over white shows;
        a translucent image redrawn alone (a blitted frame) differs from a full render by a
        few levels on matplotlib < 3.11, an opaque one does not.
    colorbar : bool
        Add a colour bar.

    Returns
    -------
    ProbabilityArtists
        For ``update_probability``. Used in notebook 03 (the threshold explorer).
    """
    xlim = tuple(float(v) for v in ax.get_xlim())
    ylim = tuple(float(v) for v in ax.get_ylim())
    grid = probability_grid(w, b, xlim, ylim, scale=scale, resolution=resolution)
    alpha = check_scalar(alpha, "alpha", positive=True)
    if alpha > 1.0:
        raise ValueError(f"alpha must be in (0, 1]; got {alpha:g}")
    colours = PROBABILITY_CMAP(np.linspace(0.0, 1.0, 256))
    colours[:, :3] = alpha * colours[:, :3] + (1.0 - alpha)  # over white
    shading = mpl.colors.ListedColormap(colours, name="probability_on_white")
    image = ax.imshow(
        grid,
        origin="lower",
        extent=(xlim[0], xlim[1], ylim[0], ylim[1]),
        cmap=shading,
        vmin=0.0,
        vmax=1.0,
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
    """Recolour the image of ``draw_probability`` for new (w, b) or a new scale (in place).

    Parameters
    ----------
    arts : ProbabilityArtists
    w : array_like, shape (2,)
    b : float
    scale : float
        c >= 0.

    Returns
    -------
    None
        Used by the explorers.
    """
    arts.image.set_data(
        probability_grid(w, b, arts.xlim, arts.ylim, scale=scale, resolution=arts.resolution)
    )


def box_limits(
    X: ArrayLike, *, pad: float = 0.12
) -> tuple[tuple[float, float], tuple[float, float]]:
    """A square box around the points (the same span on both axes), padded by ``pad`` of it.

    Parameters
    ----------
    X : array_like, shape (n, d), d >= 2
        Only the first two columns are used.
    pad : float
        Padding on each side as a fraction of the larger span, >= 0.

    Returns
    -------
    (xlim, ylim) : two pairs of floats
        Used by the threshold explorer of notebook 03.
    """
    Xa = np.asarray(X, dtype=float)
    if Xa.ndim != 2 or Xa.shape[1] < 2 or len(Xa) == 0:
        raise ValueError(f"X must be a non-empty (n, d) array with d >= 2; got shape {Xa.shape}")
    p = check_scalar(pad, "pad", nonnegative=True)
    lo, hi = Xa[:, :2].min(axis=0), Xa[:, :2].max(axis=0)
    centre = (lo + hi) / 2.0
    half = max(float(np.max(hi - lo)), 1e-9) / 2.0 * (1.0 + 2.0 * p)
    return (
        (float(centre[0] - half), float(centre[0] + half)),
        (float(centre[1] - half), float(centre[1] + half)),
    )


def label_log10_axis(ax: Axes, *, axis: str = "y", nbins: int = 6) -> None:
    """Label an axis that shows log10(v) as a logarithmic axis of v: ticks 10^k at whole k.

    Plotting log10(v) on a linear axis, computed from ln v = log-sum-exp, reaches values such
    as v = 10^-130000 that a float64 (and so a matplotlib log axis) cannot hold.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    axis : {"x", "y"}
    nbins : int
        At most this many ticks.

    Returns
    -------
    None
        Used in notebook 03 (the scaling explorer and the -ln 2 demonstration).
    """
    if axis not in ("x", "y"):
        raise ValueError(f"axis must be 'x' or 'y'; got {axis!r}")
    target = ax.yaxis if axis == "y" else ax.xaxis
    target.set_major_locator(mpl.ticker.MaxNLocator(nbins=nbins, integer=True))
    target.set_major_formatter(mpl.ticker.FuncFormatter(lambda k, _: f"$10^{{{int(round(k))}}}$"))
    target.set_minor_locator(mpl.ticker.NullLocator())


def scaling_limit_line(m: ArrayLike, cs: ArrayLike) -> tuple[np.ndarray, np.ndarray, str]:
    """Where ln L(c w, c b) goes as c -> infinity, as a line over the scales cs.

    With functional margins gamma_i of (w, b): the limit 0 if every gamma_i > 0; -k0 ln 2 if
    the smallest is 0 (k0 of them); else the asymptote c sum_{gamma_i < 0} gamma_i - k0 ln 2,
    drawn only where c |min gamma_i| >= 3 (where it is already close).

    Returns
    -------
    (c, value, label) : the line's points and its legend label. Used by the scaling explorer.
    """
    g = np.asarray(m, dtype=float)
    c = np.asarray(cs, dtype=float)
    k0 = int(np.sum(g == 0.0))
    if g.min() > 0:
        return c, np.zeros_like(c), "limit 0"
    if g.min() == 0.0:
        return c, np.full_like(c, -k0 * np.log(2.0)), f"limit $-k_0 \\ln 2$, $k_0$ = {k0}"
    slope = float(g[g < 0].sum())
    far = c * abs(float(g.min())) >= 3.0
    return c[far], c[far] * slope - k0 * np.log(2.0), f"asymptote ${slope:.2f}\\,c$"
