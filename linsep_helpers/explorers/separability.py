"""Explorers of notebook 01 (linear separability): the margin and radius of generated data,
and the scaling (w, b) -> (c w, c b) that changes the functional margin only."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Circle

from .._validate import check_scalar
from ..data import make_separable
from ..geometry import data_radius, functional_margin, geometric_margin, line_in_box, predict
from ..plotting import (
    PALETTE,
    draw_data,
    draw_separator,
    square_limits,
    update_data,
    update_separator,
)
from ._base import MARGIN_SLIDER, RADIUS_SLIDER, Explorer, Slider, check_n_seed, set_title

__all__ = ["MarginExplorer", "MarginState", "ScalingExplorer", "ScalingState"]


@dataclass(frozen=True)
class MarginState:
    """What ``MarginExplorer`` shows for one (margin, radius).

    Attributes
    ----------
    X, y, w, b
        ``make_separable(n, 2, margin, radius, seed)``: the data and the true separator.
    margin, radius : float
        The slider values.
    measured_margin, measured_radius : float
        min_i y_i (w*.x_i + b*) (||w*|| = 1, so also geometric) and max_i ||x_i||.
    """

    X: np.ndarray
    y: np.ndarray
    w: np.ndarray
    b: float
    margin: float
    radius: float
    measured_margin: float
    measured_radius: float


class MarginExplorer(Explorer):
    """Sliders for the margin gamma and the radius R of ``make_separable`` data.

    The figure shows the data, the generator's separator (w*, b*) with its margin band, the
    circle of radius R (axes at +-1.08 ceil(R)), and the margin of (w*, b*) and the radius
    *measured* on the generated points. The data's own largest margin (the max-margin
    separator's) is usually larger than the margin of (w*, b*).
    Used in notebook 01.

    Parameters
    ----------
    n : int
        Number of points (>= 2).
    seed : int
        Seed of the data.
    **values
        Start values of the sliders ``margin`` and ``radius``.
    """

    sliders = (MARGIN_SLIDER, RADIUS_SLIDER)
    figsize = (6.0, 6.4)

    def __init__(self, *, n: int = 60, seed: int = 0, **values: float) -> None:
        self.n, self.seed = check_n_seed(n, seed)
        super().__init__(**values)

    def _setup(self, fig: Figure) -> None:
        ax = fig.add_subplot()
        self.ax = ax
        square_limits(ax, 1.0, pad=0.08)  # draw() fits them to R
        ax.set_xlabel("$x_1$")
        ax.set_ylabel("$x_2$")
        X0, y0, w0, b0 = make_separable(self.n, 2, 0.2, 1.0, seed=self.seed)
        self.data_artists = draw_data(ax, X0, y0, legend=False)
        self.sep_artists = draw_separator(ax, w0, b0, margin=0.2, label="separator $(w^*, b^*)$")
        self.sep_artists.normal.set_zorder(2.5)  # under the data: its tip may end on a point
        self.circle = Circle((0, 0), 1.0, fill=False, ls=":", lw=1.5, color=PALETTE["grey"])
        self.circle.set_label("circle of radius R")
        ax.add_patch(self.circle)
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2, fontsize="small")
        self.animate(self.data_artists, self.sep_artists, self.circle, ax.title)

    def compute(self, *, margin: float, radius: float) -> MarginState:
        X, y, w, b = make_separable(self.n, 2, margin, radius, seed=self.seed)
        return MarginState(
            X=X,
            y=y,
            w=w,
            b=b,
            margin=margin,
            radius=radius,
            measured_margin=functional_margin(w, b, X, y),  # ||w*|| = 1: also geometric
            measured_radius=data_radius(X),
        )

    def draw(self, state: MarginState) -> None:
        # axes fit the disc in whole steps (R <= 1, 2, 3): the points fill the panel, and a
        # change of R within a step is still seen as a bigger or smaller disc
        square_limits(self.ax, math.ceil(state.radius * (1.0 - 1e-9)), pad=0.08)
        update_data(self.data_artists, state.X, state.y)
        update_separator(self.sep_artists, state.w, state.b, margin=state.margin)
        self.circle.set_radius(state.radius)
        set_title(
            self.ax,
            f"sliders γ = {state.margin:.3f}, R = {state.radius:.2f}\nmeasured: margin of "
            f"$(w^*, b^*)$ = {state.measured_margin:.3f}, R = {state.measured_radius:.2f}",
        )
        self.refresh()

    def readout(self, state: MarginState) -> str:
        return (
            f"measured margin min<sub>i</sub> y<sub>i</sub>(w*·x<sub>i</sub> + b*) = "
            f"{state.measured_margin:.6f}; measured radius max ‖x<sub>i</sub>‖ = "
            f"{state.measured_radius:.6f}; R/γ = {state.radius / state.margin:.4g}"
        )


@dataclass(frozen=True)
class ScalingState:
    """What ``ScalingExplorer`` shows for one c.

    Attributes
    ----------
    c : float
        The scale factor.
    w, b
        The scaled separator (c w, c b).
    functional, geometric : float
        Its functional margin (c times the original) and geometric margin (unchanged).
    changed_predictions : int
        Points whose prediction differs from the one of (w, b): always 0 for c > 0.
    """

    c: float
    w: np.ndarray
    b: float
    functional: float
    geometric: float
    changed_predictions: int


class ScalingExplorer(Explorer):
    """Slider for c: (w, b) -> (c w, c b) scales the functional margin by c while the
    geometric margin and every prediction stay the same (claims C04/C05).

    Left: the data, the separator (unchanged) and the level lines c(w.x + b) = +-1, which
    close in on the separator as c grows. Right: functional and geometric margin against c
    on log-log axes, with the current c marked. Used in notebook 01.

    Parameters
    ----------
    n : int
        Number of points (>= 2).
    seed : int
        Seed of the data.
    margin : float
        Geometric margin of the generator's separator on the ``make_separable`` data (radius 1).
    w_norm : float
        Length of the fixed w (> 0; the generator's unit normal times ``w_norm``). The two
        margin curves cross at c = 1 / w_norm, where ||c w|| = 1; the default 2 keeps that
        crossing away from the start value c = 1.
    **values
        Start value of the slider ``c``.
    """

    sliders = (Slider("c", "scale c", 1e-2, 1e3, 1.0, kind="log", step=0.05),)
    figsize = (10.0, 4.6)

    def __init__(
        self,
        *,
        n: int = 30,
        seed: int = 1,
        margin: float = 0.25,
        w_norm: float = 2.0,
        **values: float,
    ) -> None:
        n, seed = check_n_seed(n, seed)
        margin = check_scalar(margin, "margin", positive=True)
        w_norm = check_scalar(w_norm, "w_norm", positive=True)
        if not 1e-3 <= w_norm <= 1e3:
            raise ValueError(f"w_norm must be in [0.001, 1000], got {w_norm:g}")
        self.X, self.y, w_unit, b_unit = make_separable(n, 2, margin, 1.0, seed=seed)
        self.w, self.b = w_norm * w_unit, w_norm * b_unit
        self.gamma_f = functional_margin(self.w, self.b, self.X, self.y)
        self.base_pred = predict(self.w, self.b, self.X)
        super().__init__(**values)

    def _setup(self, fig: Figure) -> None:
        ax, ax2 = fig.subplots(1, 2)
        self.ax, self.ax2 = ax, ax2
        square_limits(ax, 1.0)
        ax.set_xlabel("$x_1$")
        ax.set_ylabel("$x_2$")
        data = draw_data(ax, self.X, self.y, legend=False)
        separator = draw_separator(ax, self.w, self.b, margin=None, label="$c(w\\cdot x+b)=0$")
        separator.normal.set_zorder(2.5)  # the green normal w, under the data
        (self.level_pos,) = ax.plot([], [], color=PALETTE["blue"], ls="--", lw=1.5)
        (self.level_neg,) = ax.plot([], [], color=PALETTE["vermillion"], ls="--", lw=1.5)
        self.level_pos.set_label("$c(w\\cdot x+b)=+1$")
        self.level_neg.set_label("$c(w\\cdot x+b)=-1$")
        ax.legend(loc="lower left", fontsize="small")
        (spec,) = self.sliders
        cs = np.logspace(math.log10(spec.min), math.log10(spec.max), 200)
        ax2.loglog(cs, cs * self.gamma_f, color=PALETTE["blue"], label="functional margin")
        geo = geometric_margin(self.w, self.b, self.X, self.y)
        ax2.loglog(cs, np.full_like(cs, geo), color=PALETTE["green"], label="geometric margin")
        (self.mark_f,) = ax2.plot([], [], "o", color=PALETTE["blue"], ms=10)
        (self.mark_g,) = ax2.plot([], [], "s", color=PALETTE["green"], ms=10)
        ax2.set_xlabel("scale factor $c$")
        ax2.set_ylabel("margin of $(cw, cb)$")
        ax2.legend(loc="upper left")
        # the level lines move; the data and separator are drawn above them
        self.animate(self.level_pos, self.level_neg, data, separator, ax.title)
        self.animate(self.mark_f, self.mark_g, ax2.title)
        self.keep_on_top(ax.get_legend(), ax2.get_legend())

    def compute(self, *, c: float) -> ScalingState:
        c = check_scalar(c, "c", positive=True)
        w, b = c * self.w, c * self.b
        pred = predict(w, b, self.X)
        return ScalingState(
            c=c,
            w=w,
            b=b,
            functional=functional_margin(w, b, self.X, self.y),
            geometric=geometric_margin(w, b, self.X, self.y),
            changed_predictions=int(np.sum(pred != self.base_pred)),
        )

    def draw(self, state: ScalingState) -> None:
        c = state.c
        xlim, ylim = self.ax.get_xlim(), self.ax.get_ylim()
        # c (w.x + b) = +-1  <=>  w.x + (b -+ 1/c) = 0
        self.level_pos.set_data(*line_in_box(self.w, self.b - 1.0 / c, xlim, ylim))
        self.level_neg.set_data(*line_in_box(self.w, self.b + 1.0 / c, xlim, ylim))
        self.mark_f.set_data([c], [state.functional])
        self.mark_g.set_data([c], [state.geometric])
        set_title(self.ax, f"same line; predictions changed: {state.changed_predictions}")
        set_title(
            self.ax2,
            f"c = {c:.3g}: functional {state.functional:.3g}, geometric {state.geometric:.3g}",
        )
        self.refresh()

    def readout(self, state: ScalingState) -> str:
        return (
            f"c = {state.c:.4g}: functional margin = {state.functional:.6g}, "
            f"geometric margin = {state.geometric:.6f}, "
            f"predictions changed = {state.changed_predictions}"
        )
