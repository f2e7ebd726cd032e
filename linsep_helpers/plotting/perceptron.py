"""Figures of notebook 02 (the perceptron): the two panels of the convergence proof, updates
against the margin, and mistakes per epoch."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.ticker import MaxNLocator
from numpy.typing import ArrayLike

from .._validate import check_scalar
from .style import PALETTE, decade_limits, set_limits

__all__ = [
    "InvariantArtists",
    "InvariantLimits",
    "draw_invariants",
    "update_invariants",
    "MistakesVsMarginArtists",
    "plot_mistakes_vs_margin",
    "plot_mistakes_per_epoch",
]


@dataclass(frozen=True)
class InvariantArtists:
    """Artists of ``draw_invariants``: the lower-invariant panel ``ax_lower`` (lines ``uv`` and
    ``lower``, marker ``mark_uv``) and the squeeze panel ``ax_squeeze`` (lines ``norm_sq``,
    ``upper``, ``quadratic``, the vertical ``bound``, marker ``mark_norm``)."""

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

    Both panels are log-log, with update numbers M >= 1. Left: u.v_M against M above the line
    M eta gamma. Right: ||v_M||^2 against M between M^2 eta^2 gamma^2 (below, since
    (u.v_M)^2 <= ||v_M||^2) and M eta^2 R^2 (above); the two lines cross at M = R^2/gamma^2,
    the bound.

    Parameters
    ----------
    ax_lower, ax_squeeze : matplotlib.axes.Axes
        The left and right panels.

    Returns
    -------
    InvariantArtists
        For ``update_invariants``. Used in notebook 02 (the proof explorer).
    """
    uv = ax_lower.loglog([], [], "o-", color=PALETTE["blue"], ms=4, lw=1.5, label="$u\\cdot v_M$")[
        0
    ]
    lower = ax_lower.loglog(
        [], [], "--", color=PALETTE["black"], lw=1.5, label="$M\\,\\eta\\gamma'$ (lower line)"
    )[0]
    mark_uv = ax_lower.plot([], [], "o", color=PALETTE["orange"], ms=11, mec="black", zorder=5)[0]
    ax_lower.set_xlabel("update number $M$ (log scale)")
    ax_lower.set_ylabel("$u\\cdot v_M$ (log scale)")
    ax_lower.legend(loc="upper left", fontsize="small")
    norm_sq = ax_squeeze.loglog(
        [], [], "o-", color=PALETTE["blue"], ms=4, lw=1.5, label="$\\|v_M\\|^2$"
    )[0]
    upper = ax_squeeze.loglog(
        [], [], "--", color=PALETTE["vermillion"], lw=1.5, label="$M\\,\\eta^2R'^2$ (upper)"
    )[0]
    quadratic = ax_squeeze.loglog(
        [], [], ":", color=PALETTE["green"], lw=2.0, label="$M^2\\eta^2\\gamma'^2$ (lower)"
    )[0]
    bound = ax_squeeze.plot(
        [], [], "-", color=PALETTE["grey"], lw=1.0, label="bound $R'^2/\\gamma'^2$"
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


@dataclass(frozen=True)
class InvariantLimits:
    """What ``update_invariants`` set on the squeeze panel.

    Attributes
    ----------
    x_max : float
        Right end of both x axes: the smallest of 100, 10^4, 10^6, ... that is at least twice
        the bound and the run's length.
    bound : float
        R^2 / gamma^2, where the vertical line is.
    y_min, y_max : float
        The y limits of the squeeze panel: c / (100 x_max) and 10^4 c x_max, where
        c = 100^i 10^j with lr in [10^(2i-1), 10^(2i+1)) and R^2 in [10^j, 10^(j+1)), so that
        lr^2 R^2 lies in c [1/100, 1000). The left panel shows their square roots, rounded
        out to powers of ten.
    """

    x_max: float
    bound: float
    y_min: float
    y_max: float


def update_invariants(
    arts: InvariantArtists,
    M: ArrayLike,
    u_dot_v: ArrayLike,
    norm_sq: ArrayLike,
    gamma: float,
    radius: float,
    *,
    lr: float = 1.0,
    step: int | None = None,
) -> InvariantLimits:
    """Move the proof panels to a run of the perceptron.

    The lines drawn (log-log, M >= 1) are M lr gamma on the left, M lr^2 R^2 and
    M^2 lr^2 gamma^2 on the right; the vertical line marks the bound R^2/gamma^2 where they
    cross. The axis limits are whole powers of ten that depend only on the bound, the run's
    length and the decades of lr and R^2 (see ``InvariantLimits``): nearby runs share them.

    Parameters
    ----------
    arts : InvariantArtists
    M, u_dot_v, norm_sq : array_like, shape (k,)
        M = 0..updates, u.v_M and ||v_M||^2 (from ``perceptron.invariants``).
    gamma, radius : float
        Margin and radius R of the (lifted) data, > 0.
    lr : float
        The learning rate eta, > 0.
    step : int, optional
        Puts a marker on update ``step`` (None or 0: no marker).

    Returns
    -------
    InvariantLimits
        The limits used. Used in notebook 02 (the proof explorer).
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
    # The limits depend on the run only through two keys, so that they change rarely while a
    # slider moves (a live figure then redraws only the lines, see explorers/_blit.py):
    # x_hi, the even power of ten (100, 10^4, 10^6, ...) at or beyond twice the bound and the
    # run, and c = 100^i 10^j, with eta in [10^(2i-1), 10^(2i+1)) and R^2 in [10^j, 10^(j+1))
    # (up to rounding: R^2 = 10 counts as 10^0.99...).  Then eta^2 R^2 lies in c [1/100, 1000)
    # and everything shown in c [1/(100 x_hi), 10^4 x_hi]: the quadratic starts at
    # eta^2 gamma^2 = eta^2 R^2 / bound >= c / (50 x_hi), the lines cross at
    # eta^2 R^2 bound < 500 c x_hi.
    m_end = max(float(Ma[-1]), 1.0)
    bound = R * R / (g * g)
    x_hi = 100.0 ** math.ceil(math.log10(max(2.0 * bound, 2.0 * m_end, 10.0)) / 2.0)
    i = math.floor((math.log10(eta) + 1.0) / 2.0)
    j = math.floor(math.log10(R * R) - 1e-9)
    c = 100.0**i * 10.0**j
    y_lo, y_hi = c / (100.0 * x_hi), 1e4 * c * x_hi
    keep = Ma >= 1  # log axes: the updates M >= 1
    # left panel: u.v_M >= M eta gamma; u.v_M <= ||v_M||, so the square roots of the limits
    arts.uv.set_data(Ma[keep], uv[keep])
    arts.lower.set_data([1.0, x_hi], [eta * g, x_hi * eta * g])
    set_limits(arts.ax_lower, (0.8, x_hi), decade_limits(math.sqrt(y_lo), math.sqrt(y_hi)))
    # right panel: the squeeze M^2 eta^2 gamma^2 <= ||v_M||^2 <= M eta^2 R^2
    xs = np.geomspace(1.0, x_hi, 60)
    arts.norm_sq.set_data(Ma[keep], nsq[keep])
    arts.upper.set_data(xs, xs * eta * eta * R * R)
    arts.quadratic.set_data(xs, xs * xs * eta * eta * g * g)
    arts.bound.set_data([bound, bound], [y_lo, y_hi])
    set_limits(arts.ax_squeeze, (0.8, x_hi), (y_lo, y_hi))
    if step is not None and 1 <= step < Ma.size:
        arts.mark_uv.set_data([Ma[step]], [uv[step]])
        arts.mark_norm.set_data([Ma[step]], [nsq[step]])
    else:
        arts.mark_uv.set_data([], [])
        arts.mark_norm.set_data([], [])
    return InvariantLimits(x_max=x_hi, bound=bound, y_min=y_lo, y_max=y_hi)


@dataclass(frozen=True)
class MistakesVsMarginArtists:
    """Artists of ``plot_mistakes_vs_margin``: the ``points`` of converged runs, the hollow
    ``capped`` points of runs stopped early, and the ``bound`` line R^2 / gamma^2."""

    points: Line2D
    capped: Line2D
    bound: Line2D


def plot_mistakes_vs_margin(
    ax: Axes,
    inverse_gamma_sq: ArrayLike,
    updates: ArrayLike,
    radius_sq: float,
    *,
    converged: ArrayLike | None = None,
) -> MistakesVsMarginArtists:
    """Log-log plot of measured updates against 1/gamma^2 with the bound line R^2/gamma^2.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    inverse_gamma_sq : array_like, shape (k,)
        1/gamma^2 of each run, > 0.
    updates : array_like, shape (k,)
        Updates M of each run, >= 0 (0 is drawn at 1/2 on the log axis).
    radius_sq : float
        R^2 > 0, the slope of the bound line.
    converged : array_like of bool, shape (k,), optional
        False for runs stopped early (drawn hollow); default all True.

    Returns
    -------
    MistakesVsMarginArtists
        Used in notebook 02.
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
    bound = ax.loglog(xs, R2 * xs, "--", color=PALETTE["black"], label="bound $R'^2/\\gamma'^2$")[0]
    ax.set_xlabel("$1/\\gamma^2$")
    ax.set_ylabel("number of updates")
    ax.legend(loc="upper left")
    return MistakesVsMarginArtists(points=points, capped=capped, bound=bound)


def plot_mistakes_per_epoch(
    ax: Axes, mistakes_per_epoch: ArrayLike, *, label: str | None = None, color: str | None = None
) -> Line2D:
    """Plot of the number of updates (mistakes) in each epoch, epochs numbered from 1.

    On separable data it reaches 0 (the perceptron stops); on XOR it never does (C14).
    Several calls may share ``ax``: the y range covers every curve drawn so far (from just
    below 0), and both axes have integer ticks (they count).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    mistakes_per_epoch : array_like, shape (k,)
        Counts >= 0, e.g. ``PerceptronResult.mistakes_per_epoch``.
    label, color : str, optional
        Legend label and colour of the line.

    Returns
    -------
    matplotlib.lines.Line2D
        Used in notebook 02.
    """
    mpe = np.asarray(mistakes_per_epoch, dtype=float)
    if mpe.ndim != 1 or mpe.size == 0 or np.any(~np.isfinite(mpe)) or np.any(mpe < 0):
        raise ValueError("mistakes_per_epoch must be a non-empty 1-D array of counts >= 0")
    epochs = np.arange(1, mpe.size + 1)
    (line,) = ax.plot(epochs, mpe, "o-", label=label, color=color, lw=1.5, ms=5)
    ax.set_xlabel("epoch")
    ax.set_ylabel("mistakes (updates) in the epoch")
    top = max(float(np.max(other.get_ydata())) for other in ax.lines if len(other.get_ydata()))
    ax.set_ylim(-0.3, top * 1.06 + 0.3)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    return line
