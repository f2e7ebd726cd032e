"""Explorers whose controls are the data (notebooks 01-04): drag a point, click to add one,
right-click (or the delete mode) to remove one, Reset to get the seeded data back.

=========================  =======================================================  ========
explorer                   what follows the data                                    notebook
=========================  =======================================================  ========
DragSeparabilityExplorer   the max-margin separator, both margin lines, the verdict  01
DragPerceptronExplorer     the perceptron's run from 0, its updates, R'^2/gamma'^2   02
DragLikelihoodExplorer     ln L(c w, c b) against c; the MLE when classes overlap    03
DragCertificateExplorer    the LP's separator, or Gordan's certificate lambda and    04
                           the common point p of the two hulls
=========================  =======================================================  ========

The mouse layer (events, hit-testing, edits, messages in the figure) is ``_drag.DragExplorer``;
every edit is also a method (``move_point``, ``add_point``, ``remove_point``, ``reset``,
``set_data``; ``press``/``drag_to``/``release`` simulate the mouse), and ``explorer.X``,
``explorer.y`` are copies of the current data.  Each explorer's ``compute_data(X, y)`` is pure,
so tests compare it with independent oracles.  Every computation here takes a few ms (an LP
or a small QP with HiGHS/SLSQP, a perceptron run): each move reruns them all.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from .._validate import check_int, check_scalar
from ..data import lift, make_separable
from ..geometry import data_radius
from ..logistic import scaled_log_likelihood
from ..logistic_fit import _overlap_check, fit_logistic, max_margin_direction
from ..lp import SeparatorResult, find_separator
from ..perceptron import perceptron
from ..plotting import (
    PALETTE,
    draw_certificate,
    draw_data,
    draw_hulls,
    draw_separator,
    set_limits,
    square_limits,
    update_certificate,
    update_data,
    update_hulls,
    update_separator,
)
from ._base import check_n_seed, set_title
from ._drag import DragExplorer

__all__ = [
    "DragCertificateExplorer",
    "DragCertificateState",
    "DragLikelihoodExplorer",
    "DragLikelihoodState",
    "DragPerceptronExplorer",
    "DragPerceptronState",
    "DragSeparabilityExplorer",
    "DragSeparabilityState",
]

#: Margins this close to 0 count as "on the boundary" (the LPs' tolerance is about 1e-9).
ON_BOUNDARY = 1e-7
TOUCH_NOTE = "the two classes' convex hulls only touch (margin 0): no line separates them strictly"


def _title_margin(gamma: float) -> str:
    """A margin as the title shows it: 3 decimals from 0.1 on, 4 below (so "below 0.05" never
    reads 0.050), and two significant figures below 0.001 (so a tiny margin never reads 0)."""
    if gamma >= 0.1:
        return f"{gamma:.3f}"
    if gamma >= 1e-3:
        return f"{gamma:.4f}"
    return f"{gamma:#.2g}"


def _fixed(value: float, decimals: int) -> str:
    """``value`` with ``decimals`` decimals, never "-0.00" (a tiny negative rounds to 0.00)."""
    return f"{round(float(value), decimals) + 0.0:.{decimals}f}"


def _precise(gamma: float) -> str:
    """A margin as the readout shows it: 5 decimals, or 3 significant figures below 0.001."""
    return f"{gamma:.5f}" if gamma >= 1e-3 else f"{gamma:#.3g}"


def _seeded(n: int, seed: int, margin: float) -> tuple[np.ndarray, np.ndarray]:
    """``make_separable(n, 2, margin, 1, seed)`` with the constructor's checks."""
    n, seed = check_n_seed(n, seed, n_min=DragExplorer.MIN_POINTS)
    margin = check_scalar(margin, "margin", positive=True)
    X, y, _, _ = make_separable(n, 2, margin, 1.0, seed=seed)
    return X, y


def _data_setup(ex: DragExplorer, ax: Axes) -> None:
    ex.ax = ax
    square_limits(ax, 1.0, pad=0.3)
    ax.set_xlabel("$x_1$")
    ax.set_ylabel("$x_2$")
    ex.data_artists = draw_data(ax, ex._X, ex._y, legend=False)


def _legend(ex: DragExplorer, handles: list, labels: list, *, ncol: int = 2) -> None:
    """The legend under the data axes: the two classes, then ``handles`` named ``labels``."""
    ex.ax.legend(
        handles=[ex.data_artists.pos, ex.data_artists.neg, *handles],
        labels=["y = +1", "y = −1", *labels],
        loc="upper center",
        bbox_to_anchor=(0.5, -0.12),
        ncol=ncol,
        fontsize="small",
    )


def _touching(X: np.ndarray, y: np.ndarray) -> bool:
    """Not strictly separable, but some (w, b) != 0 has every y_i (w.x_i + b) >= 0."""
    return _overlap_check(X, y, True) is not None


def _max_margin(X: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, float, float, np.ndarray]:
    """The hard-margin SVM (w, b) (min ||w|| with y(w.x + b) >= 1), gamma = 1/||w||, support."""
    svm = max_margin_direction(X, y, bias=True)
    return svm.w, svm.b, svm.margin, svm.support


# ------------------------------------------------------------------------------ notebook 01
@dataclass(frozen=True)
class DragSeparabilityState:
    """What ``DragSeparabilityExplorer`` shows for one data set.

    Attributes
    ----------
    X, y
        The data.
    separable : bool
        The LP's verdict (``find_separator``).
    touching : bool
        Not separable, but only because points lie exactly on the boundary (margin 0).
    w, b : numpy.ndarray, float or None
        The max-margin separator, scaled so that min_i y_i (w.x_i + b) = 1 (None if not
        separable).
    gamma : float or None
        Its geometric margin 1/||w||, the data's largest margin.
    support : numpy.ndarray of int
        The points on the margin lines (empty if not separable).
    """

    X: np.ndarray
    y: np.ndarray
    separable: bool
    touching: bool
    w: np.ndarray | None
    b: float | None
    gamma: float | None
    support: np.ndarray


class DragSeparabilityExplorer(DragExplorer):
    """Drag the data; the max-margin separator, both margin lines and the verdict
    "separable (data's margin γ* = ...)" / "not separable" follow (notebook 01).

    Parameters
    ----------
    n : int
        Number of seeded points (>= 3), ``make_separable(n, 2, margin, 1, seed)``.
    seed : int
        Seed of the data.
    margin : float
        Margin of the seeded data's generator (> 0).
    **values
        Start values of the toggles ``add_label`` and ``mode``.
    """

    figsize = (6.0, 6.4)

    def __init__(self, *, n: int = 20, seed: int = 0, margin: float = 0.15, **values: str):
        super().__init__(*_seeded(n, seed, margin), **values)

    def _setup_plot(self, fig: Figure) -> None:
        _data_setup(self, fig.add_subplot())
        ax = self.ax
        self.sep = draw_separator(ax, [1.0, 0.0], 0.0, show_normal=False, label=None)
        (self.sv,) = ax.plot([], [], "o", ms=13, mfc="none", mec=PALETTE["green"], mew=1.5)
        _legend(
            self,
            [self.sep.line, (self.sep.band, self.sep.upper, self.sv)],
            [
                "max-margin separator (if separable)",
                "margin lines w·x + b = ±1, points on them",
            ],
        )
        self.animate(self.data_artists, self.sep, self.sv)

    def compute_data(self, X: np.ndarray, y: np.ndarray) -> DragSeparabilityState:
        lp = find_separator(X, y)
        if lp.separable:
            w, b, gamma, support = _max_margin(X, y)
            return DragSeparabilityState(X, y, True, False, w, b, gamma, support)
        return DragSeparabilityState(
            X, y, False, _touching(X, y), None, None, None, np.zeros(0, dtype=int)
        )

    def verdict(self, state: DragSeparabilityState) -> str:
        """ "separable (data's margin γ* = ...)" or "not separable"."""
        if not state.separable:
            return "not separable"
        return f"separable (data's margin γ* = {_title_margin(state.gamma)})"

    def draw_state(self, state: DragSeparabilityState) -> None:
        update_data(self.data_artists, state.X, state.y)
        if state.separable:
            update_separator(self.sep, state.w, state.b, margin=state.gamma)
            self.sv.set_data(state.X[state.support, 0], state.X[state.support, 1])
        else:
            update_separator(self.sep, [0.0, 0.0], 0.0)
            self.sv.set_data([], [])
        set_title(self.ax, f"{self.action}\n→ {self.verdict(state)}")

    def notes(self, state: DragSeparabilityState) -> list[str]:
        return [TOUCH_NOTE] if state.touching else []

    def readout(self, state: DragSeparabilityState) -> str:
        if not state.separable:
            return (
                f"n = {len(state.y)}: not separable (no (w, b) has y<sub>i</sub>(w·x<sub>i</sub> "
                "+ b) ≥ 1 for all i)"
            )
        return (
            f"n = {len(state.y)}: separable; max-margin separator w = ({_fixed(state.w[0], 4)}, "
            f"{_fixed(state.w[1], 4)}), b = {_fixed(state.b, 4)}, data's margin γ* = 1/‖w‖ = "
            f"{_precise(state.gamma)}; points on the margin lines: {state.support.tolist()}"
        )


# ------------------------------------------------------------------------------ notebook 02
@dataclass(frozen=True)
class DragPerceptronState:
    """What ``DragPerceptronExplorer`` shows for one data set.

    Attributes
    ----------
    X, y
        The data.
    w, b
        The perceptron's (w, b) at the end of its run (cyclic, from 0, b <- b + y).
    updates : int
        Its number of updates (at most ``cap``).
    converged : bool
        It stopped after a pass without mistakes (False: it hit the cap).
    separable : bool
        The LP's verdict.
    R_lift, gamma_lift : float or None
        R' = max ||(x_i, 1)|| and the lifted points' true margin
        gamma' = max_{||v|| = 1} min_i y_i v.(x_i, 1) (hard-margin SVM on the lifted points).
    bound : float or None
        R'^2 / gamma'^2, the bound on the updates of this run (None if not separable).
    w_best, b_best, gamma : numpy.ndarray, float, float or None
        The max-margin separator in the plane and its geometric margin (the data's margin).
    """

    X: np.ndarray
    y: np.ndarray
    w: np.ndarray
    b: float
    updates: int
    converged: bool
    separable: bool
    R_lift: float | None
    gamma_lift: float | None
    bound: float | None
    w_best: np.ndarray | None
    b_best: float | None
    gamma: float | None


class DragPerceptronExplorer(DragExplorer):
    """Drag the data; the perceptron's run from 0, its update count M and the bound
    R'^2/gamma'^2 with the data's true lifted margin update together (notebook 02).

    The run is ``perceptron(X, y, bias=True)`` (cyclic, w <- w + y x, b <- b + y), the
    homogeneous perceptron on x' = (x, 1); Novikoff's bound there is R'^2/gamma'^2 with
    R'^2 = R^2 + 1 and gamma' the lifted points' largest margin.  Shrink the margin with the
    mouse and the run gets long; on data that are not separable it stops at ``cap`` updates.
    Left: the data, the perceptron's line and the max-margin separator. Right: M and the
    bound on a log scale.

    Parameters
    ----------
    n, seed, margin
        The seeded data ``make_separable(n, 2, margin, 1, seed)``.
    cap : int
        Most updates of a run (>= 1).
    **values
        Start values of the toggles ``add_label`` and ``mode``.
    """

    figsize = (10.0, 5.4)
    BAR_RANGE = (1.0, 1e7)

    def __init__(
        self, *, n: int = 20, seed: int = 0, margin: float = 0.1, cap: int = 5000, **values: str
    ):
        self.cap = check_int(cap, "cap", minimum=1)
        super().__init__(*_seeded(n, seed, margin), **values)

    def _setup_plot(self, fig: Figure) -> None:
        ax, ax2 = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.2, 1.0]})
        _data_setup(self, ax)
        self.ax2 = ax2
        self.best = draw_separator(
            ax, [1.0, 0.0], 0.0, show_normal=False, color=PALETTE["grey"], label=None
        )
        self.best.line.set_linestyle(":")
        self.per = draw_separator(
            ax, [1.0, 0.0], 0.0, show_normal=False, color=PALETTE["orange"], label=None
        )
        _legend(
            self,
            [self.per.line, self.best.line],
            ["perceptron's (w, b)", "max-margin separator (if separable)"],
        )
        bars = ax2.barh([1, 0], [1.0, 1.0], color=[PALETTE["orange"], PALETTE["grey"]], height=0.6)
        self.bar_updates, self.bar_bound = bars.patches
        ax2.set_xscale("log")
        ax2.set_xlim(*self.BAR_RANGE)
        ax2.set_ylim(-0.6, 1.6)
        ax2.set_yticks([1, 0], ["updates M", "bound\n$R'^2/\\gamma'^2$"])
        ax2.set_xlabel("number of updates (log scale)")
        self.bar_texts = [
            ax2.text(0.0, y, "", va="center", ha="left", fontsize="small") for y in (1, 0)
        ]
        self.animate(self.data_artists, self.best, self.per)
        self.animate(self.bar_updates, self.bar_bound, self.bar_texts, ax2.title)

    def compute_data(self, X: np.ndarray, y: np.ndarray) -> DragPerceptronState:
        run = perceptron(
            X, y, bias=True, max_updates=self.cap, max_epochs=self.cap + 1, trace=False
        )
        common = {
            "X": X,
            "y": y,
            "w": run.w,
            "b": run.b,
            "updates": run.updates,
            "converged": run.converged,
        }
        if not find_separator(X, y).separable:
            return DragPerceptronState(
                **common, separable=False, R_lift=None, gamma_lift=None, bound=None,
                w_best=None, b_best=None, gamma=None,
            )  # fmt: skip
        gamma_lift = max_margin_direction(lift(X, 1.0), y, bias=False).margin
        R_lift = math.sqrt(data_radius(X) ** 2 + 1.0)
        w_best, b_best, gamma, _ = _max_margin(X, y)
        return DragPerceptronState(
            **common,
            separable=True,
            R_lift=R_lift,
            gamma_lift=gamma_lift,
            bound=R_lift**2 / gamma_lift**2,
            w_best=w_best,
            b_best=b_best,
            gamma=gamma,
        )

    def draw_state(self, state: DragPerceptronState) -> None:
        update_data(self.data_artists, state.X, state.y)
        update_separator(self.per, state.w, state.b)
        lo, hi = self.BAR_RANGE
        self.bar_updates.set_width(min(max(state.updates, lo), hi))
        self.bar_texts[0].set_text(f" M = {state.updates}")
        self.bar_texts[0].set_x(lo)
        if state.separable:
            update_separator(self.best, state.w_best, state.b_best)
            self.bar_bound.set_width(min(state.bound, hi))
            beyond = ", off the axis →" if state.bound > hi else ""  # a clipped bar
            self.bar_texts[1].set_text(f" {state.bound:.4g}{beyond}")
            ratio = f"bound R′²/γ′² = {state.bound:.4g} (γ′ = {_title_margin(state.gamma_lift)})"
            verdict = f"separable (max-margin separator's γ = {_title_margin(state.gamma)})"
        else:
            update_separator(self.best, [0.0, 0.0], 0.0)
            self.bar_bound.set_width(lo)
            self.bar_texts[1].set_text(" no bound: not separable")
            ratio = "no bound: not separable"
            verdict = "not separable"
        self.bar_texts[1].set_x(lo)
        run = (
            f"converged after M = {state.updates} updates"
            if state.converged
            else f"STOPPED at the cap of {self.cap} updates"
        )
        set_title(self.ax, f"{self.action}\n→ {verdict}")
        set_title(self.ax2, f"{run}\n{ratio}")

    def notes(self, state: DragPerceptronState) -> list[str]:
        if state.separable:
            return []
        note = f"not separable: the perceptron never converges (its run is capped at {self.cap})"
        return [note, TOUCH_NOTE] if _touching(state.X, state.y) else [note]

    def readout(self, state: DragPerceptronState) -> str:
        run = (
            f"perceptron: {state.updates} updates"
            if state.converged
            else f"perceptron: STOPPED at {self.cap} updates (not converged)"
        )
        if not state.separable:
            return f"n = {len(state.y)}: not separable; {run}"
        return (
            f"n = {len(state.y)}: {run}; R′ = {state.R_lift:.4f}, "
            f"γ′ = {_precise(state.gamma_lift)}, bound R′²/γ′² = {state.bound:.6g}; "
            f"margin in the plane γ = {_precise(state.gamma)}"
        )


# ------------------------------------------------------------------------------ notebook 03
@dataclass(frozen=True)
class DragLikelihoodState:
    """What ``DragLikelihoodExplorer`` shows for one data set.

    Attributes
    ----------
    X, y
        The data.
    kind : {"separable", "quasi-separable", "overlapping"}
        Separable: some line separates strictly. Quasi-separable: not strictly, but some
        (w, b) != 0 has every y_i (w.x_i + b) >= 0 (points on its boundary): ln L has no
        maximiser and there is no separator. Overlapping: the MLE exists.
    w, b
        The fixed direction, ||w|| = 1: the max-margin separator (separable), a direction
        with all margins >= 0 (quasi-separable), the MLE's direction (overlapping).
    cs, curve : numpy.ndarray
        ln L(c w, c b) for the scales ``cs``.
    on_boundary : int
        Points with y_i (w.x_i + b) = 0 (up to ``ON_BOUNDARY``).
    limit : float
        lim ln L(c w, c b) as c -> infinity: 0, -on_boundary ln 2, or -inf.
    c_mle, log_likelihood_mle : float or None
        The maximiser: the MLE is (c_mle w, c_mle b), with ln L = log_likelihood_mle
        (overlapping only).
    """

    X: np.ndarray
    y: np.ndarray
    kind: str
    w: np.ndarray
    b: float
    cs: np.ndarray
    curve: np.ndarray
    on_boundary: int
    limit: float
    c_mle: float | None = None
    log_likelihood_mle: float | None = None


class DragLikelihoodExplorer(DragExplorer):
    """Drag a point across the boundary: ln L(c w, c b) against c stops approaching 0 and
    the maximum-likelihood fit appears (notebook 03).

    Left: the data and the fixed direction's line w.x + b = 0. Right: ln L(c w, c b) for
    c from ``C_RANGE``, with its limit; for separable data it rises to 0 (no maximiser: the
    likelihood keeps growing along the max-margin direction), for overlapping data it has a
    maximum, the MLE (``fit_logistic``, marked), and for quasi-separable data (points on the
    boundary of every separating direction) it rises to -k ln 2: no maximiser and no
    separator, named in the figure.

    Parameters
    ----------
    n, seed, margin
        The seeded data ``make_separable(n, 2, margin, 1, seed)``.
    **values
        Start values of the toggles ``add_label`` and ``mode``.
    """

    figsize = (10.0, 5.8)
    C_RANGE = (1e-2, 1e4)

    def __init__(self, *, n: int = 12, seed: int = 3, margin: float = 0.15, **values: str):
        self.cs = np.geomspace(*self.C_RANGE, 240)
        super().__init__(*_seeded(n, seed, margin), **values)

    def _setup_plot(self, fig: Figure) -> None:
        ax, ax2 = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.0, 1.1]})
        _data_setup(self, ax)
        self.ax2 = ax2
        self.sep = draw_separator(ax, [1.0, 0.0], 0.0, show_normal=True, label=None)
        (self.curve,) = ax2.plot([], [], color=PALETTE["black"], label="$\\ln L(cw, cb)$")
        (self.limit,) = ax2.plot(
            [], [], color=PALETTE["green"], ls="-.", lw=2, label="limit as $c\\to\\infty$"
        )
        (self.mle,) = ax2.plot(
            [], [], "D", color=PALETTE["orange"], ms=10, zorder=5, label="maximum (the MLE)"
        )
        ax2.axhline(0.0, color=PALETTE["grey"], lw=1)
        ax2.set_xscale("log")
        ax2.set_xlim(*self.C_RANGE)
        ax2.set_xlabel("scale $c$ of the fixed $(w, b)$, $\\|w\\| = 1$")
        ax2.set_ylabel("$\\ln L(cw, cb)$")
        ax2.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=3, fontsize="small")
        self.animate(self.data_artists, self.sep)
        self.animate(self.curve, self.limit, self.mle, ax2.title)

    def compute_data(self, X: np.ndarray, y: np.ndarray) -> DragLikelihoodState:
        c_mle = ll_mle = None
        if find_separator(X, y).separable:
            kind = "separable"
            w, b, _, _ = _max_margin(X, y)
        else:
            direction = _overlap_check(X, y, True)
            if direction is not None:
                kind, w, b = "quasi-separable", direction[:2], float(direction[2])
            else:
                kind = "overlapping"
                fit = fit_logistic(X, y)
                w, b = fit.w, fit.b
                ll_mle = fit.log_likelihood
        norm = float(np.linalg.norm(w))
        if norm == 0.0:  # only the offset separates: a line cannot be drawn
            raise ValueError("the fixed direction has w = 0")
        w, b = w / norm, float(b) / norm
        if kind == "overlapping":
            c_mle = norm
        m = y * (X @ w + b)
        on_boundary = int(np.sum(np.abs(m) <= ON_BOUNDARY))
        limit = {"separable": 0.0, "quasi-separable": -on_boundary * math.log(2.0)}
        return DragLikelihoodState(
            X=X,
            y=y,
            kind=kind,
            w=w,
            b=b,
            cs=self.cs,
            curve=np.asarray(scaled_log_likelihood(w, b, X, y, self.cs)),
            on_boundary=on_boundary,
            limit=limit.get(kind, -math.inf),
            c_mle=c_mle,
            log_likelihood_mle=ll_mle,
        )

    def draw_state(self, state: DragLikelihoodState) -> None:
        update_data(self.data_artists, state.X, state.y)
        update_separator(self.sep, state.w, state.b)
        n = len(state.y)
        # ln L starts at -n ln 2: the range changes with n only (then a full render)
        set_limits(self.ax2, ylim=(-1.15 * n * math.log(2.0), 0.1 * n * math.log(2.0)))
        self.curve.set_data(state.cs, state.curve)
        if math.isfinite(state.limit):
            self.limit.set_data(self.C_RANGE, [state.limit, state.limit])
        else:
            self.limit.set_data([], [])
        if state.c_mle is not None:
            self.mle.set_data([state.c_mle], [state.log_likelihood_mle])
            right = f"maximum ln L = {state.log_likelihood_mle:.4g} at c = {state.c_mle:.3g}"
        elif state.kind == "separable":
            right = "ln L → 0: no maximiser"
        else:
            right = f"ln L → −{state.on_boundary} ln 2: no maximiser"
        if state.c_mle is None:
            self.mle.set_data([], [])
        line = {
            "separable": "max-margin direction",
            "quasi-separable": "a direction with every margin ≥ 0",
            "overlapping": "direction of the MLE",
        }[state.kind]
        set_title(self.ax, f"{self.action}\n→ {state.kind}; line: {line}")
        set_title(self.ax2, right)

    def notes(self, state: DragLikelihoodState) -> list[str]:
        if state.kind != "quasi-separable":
            return []
        return [
            "quasi-separable: points lie on the boundary of every direction that puts each\n"
            "example on its correct side or on the boundary; ln L has no maximiser (no MLE)\n"
            "and no line separates strictly"
        ]

    def readout(self, state: DragLikelihoodState) -> str:
        text = f"n = {len(state.y)}: {state.kind}; "
        if state.kind == "overlapping":
            return text + (
                f"MLE: ln L = {state.log_likelihood_mle:.6g} at ‖w‖ = c = {state.c_mle:.4g}"
            )
        if state.kind == "separable":
            return text + "ln L(cw, cb) → 0 as c → ∞ along the max-margin direction (no MLE)"
        return text + (
            f"{state.on_boundary} point(s) on the boundary: ln L → −{state.on_boundary} ln 2 "
            "(no MLE, no strict separator)"
        )


# ------------------------------------------------------------------------------ notebook 04
@dataclass(frozen=True)
class DragCertificateState:
    """What ``DragCertificateExplorer`` shows for one data set.

    Attributes
    ----------
    X, y
        The data.
    separable : bool
        The LP's verdict (``find_separator``).
    w, b
        The LP's separator, min_i y_i (w.x_i + b) >= 1 (None when not separable).
    lam, point, support
        Gordan's certificate: lambda >= 0, sum lambda = 1, sum_i lambda_i y_i (x_i, 1) = 0;
        the common point p of the two convex hulls; the examples with lambda_i > 0
        (None when separable).
    touching : bool
        Not separable only because points lie exactly on the boundary (margin 0).
    """

    X: np.ndarray
    y: np.ndarray
    separable: bool
    w: np.ndarray | None
    b: float | None
    lam: np.ndarray | None
    point: np.ndarray | None
    support: np.ndarray | None
    touching: bool


class DragCertificateExplorer(DragExplorer):
    """Drag a point until no line separates the data: Gordan's certificate (lambda and the
    common point p of the two convex hulls) appears, and disappears when you drag back
    (notebook 04).

    The LP A (w, b) >= 1 (``find_separator``) either gives a separator, drawn with the hulls,
    or is infeasible, and then its alternative gives lambda: the spokes join the examples
    with lambda_i > 0 (labelled) to the star p = 2 sum_{y_i = +1} lambda_i x_i =
    2 sum_{y_i = -1} lambda_i x_i, a point of both hulls.

    Parameters
    ----------
    n, seed, margin
        The seeded data ``make_separable(n, 2, margin, 1, seed)``.
    **values
        Start values of the toggles ``add_label`` and ``mode``.
    """

    figsize = (6.4, 6.6)
    #: Most examples labelled with lambda_i (a vertex certificate uses at most d + 2 = 4).
    LABELS = 8

    def __init__(self, *, n: int = 10, seed: int = 1, margin: float = 0.15, **values: str):
        super().__init__(*_seeded(n, seed, margin), **values)

    def _setup_plot(self, fig: Figure) -> None:
        ax = fig.add_subplot()
        self.hulls = draw_hulls(ax, self._X, self._y)
        _data_setup(self, ax)
        self.sep = draw_separator(ax, [1.0, 0.0], 0.0, show_normal=False, label=None)
        self.cert = draw_certificate(ax, np.zeros((self.LABELS, 2)))
        _legend(
            self,
            [self.sep.line, self.cert.point],
            ["LP separator (if separable)", "common point p of the hulls (if not)"],
        )
        self.animate(self.hulls, self.data_artists, self.sep, self.cert)

    def compute_data(self, X: np.ndarray, y: np.ndarray) -> DragCertificateState:
        res: SeparatorResult = find_separator(X, y)
        if res.separable:
            return DragCertificateState(X, y, True, res.w, res.b, None, None, None, False)
        cert = res.certificate
        return DragCertificateState(
            X, y, False, None, None, cert.lam, cert.point, cert.support, _touching(X, y)
        )

    def draw_state(self, state: DragCertificateState) -> None:
        update_hulls(self.hulls, state.X, state.y)
        update_data(self.data_artists, state.X, state.y)
        blank = np.zeros((self.LABELS, 2))
        if state.separable:
            update_separator(self.sep, state.w, state.b)
            update_certificate(self.cert, blank, None, None)
            verdict = "separable: the LP found (w, b) with y(w·x + b) ≥ 1"
        else:
            update_separator(self.sep, [0.0, 0.0], 0.0)
            # the largest weights (all of them for a vertex certificate) on the label pool
            shown = np.argsort(-state.lam)[: self.LABELS]
            shown = shown[state.lam[shown] > 0]
            Xs, lam = blank.copy(), np.zeros(self.LABELS)
            Xs[: len(shown)] = state.X[shown]
            lam[: len(shown)] = state.lam[shown]
            update_certificate(self.cert, Xs, lam, state.point)
            px, py = state.point
            p = f"({_fixed(px, 2)}, {_fixed(py, 2)})"
            verdict = f"NOT separable: certificate λ, p = {p} in both hulls"
        set_title(self.ax, f"{self.action}\n→ {verdict}")

    def notes(self, state: DragCertificateState) -> list[str]:
        return [TOUCH_NOTE] if state.touching else []

    def readout(self, state: DragCertificateState) -> str:
        if state.separable:
            return (
                f"n = {len(state.y)}: separable; LP separator w = ({_fixed(state.w[0], 4)}, "
                f"{_fixed(state.w[1], 4)}), b = {_fixed(state.b, 4)}"
            )
        lam = ", ".join(f"λ<sub>{i}</sub> = {state.lam[i]:.4f}" for i in state.support)
        p = state.point
        return (
            f"n = {len(state.y)}: not separable; Gordan certificate {lam} "
            f"(Σλ = 1, Σ λ<sub>i</sub> y<sub>i</sub> (x<sub>i</sub>, 1) = 0); "
            f"common point p = ({_fixed(p[0], 4)}, {_fixed(p[1], 4)})"
        )
