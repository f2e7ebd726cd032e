"""Explorers of notebook 02 (the perceptron): the convergence proof along a live run, and the
staircase data on which the perceptron needs exponentially many updates."""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from typing import Any

import ipywidgets as ipw
import numpy as np
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.text import Text
from matplotlib.transforms import ScaledTranslation

from .._validate import check_choice, check_int
from ..data import make_separable, staircase
from ..geometry import data_radius, functional_margin, geometric_margin
from ..lp import homogeneous_staircase_lp
from ..perceptron import PerceptronResult, ProofInvariants, invariants, mistake_bound, perceptron
from ..perceptron import staircase_updates as _staircase_updates
from ..plotting import (
    PALETTE,
    decade_limits,
    draw_data,
    draw_invariants,
    draw_separator,
    set_limits,
    square_limits,
    update_data,
    update_invariants,
    update_separator,
)
from ._base import MARGIN_SLIDER, RADIUS_SLIDER, Explorer, Slider, check_n_seed, set_title

__all__ = ["PerceptronProofExplorer", "ProofState", "StaircaseExplorer", "StaircaseState"]


@dataclass(frozen=True)
class _ProofRun:
    """One run of the proof explorer (depends on margin, radius, eta; not on the step)."""

    X: np.ndarray
    y: np.ndarray
    w_star: np.ndarray
    b_star: float
    R: float
    gamma: float
    r: float
    result: PerceptronResult
    inv: ProofInvariants
    updates: int
    converged: bool
    capped: bool
    bound_lifted: float
    bound_affine: float
    bound_lift_R: float
    bound_learning_rate: float


@dataclass(frozen=True)
class ProofState(_ProofRun):
    """What ``PerceptronProofExplorer`` shows.

    Attributes
    ----------
    X, y, w_star, b_star
        ``make_separable(n, 2, margin, radius, seed)`` and its separator (||w*|| = 1).
    R, gamma : float
        Measured radius max ||x_i|| and margin min y_i (w*.x_i + b*).
    r : float
        The lift scale of the run (1 for "affine", R for "learning_rate").
    result : PerceptronResult
        The traced run from 0.
    inv : ProofInvariants
        u.v_M, ||v_M||^2 and the proof's lines along the run.
    updates, converged, capped
        Length of the run, whether it converged, whether it stopped at ``max_updates``.
    bound_lifted, bound_affine, bound_lift_R, bound_learning_rate : float
        R'^2/gamma'^2 of the run's lift and the bounds of ``mistake_bound``'s variants.
    margin, radius, eta : float
        The slider values.
    step : int
        The update shown (clipped to ``updates``).
    w_t, b_t
        The separator after update ``step``.
    index_t : int or None
        The example that caused update ``step`` (None at step 0).
    """

    margin: float
    radius: float
    eta: float
    step: int
    w_t: np.ndarray
    b_t: float
    index_t: int | None


_STEP_MAX = 3000


def _number_rows(fig: Figure, rows: list[list[tuple[float, str, str]]]) -> dict[str, Text]:
    """Rows of "label = value" above the panels; returns the value texts by key.

    Each row lists (x, key, label): the label ends at x (a figure fraction) and the value
    starts there.  The labels never change, so they stay in the background of a live figure
    and only the short values are redrawn: drawing costs about 0.05 ms a glyph, and a
    two-line title with the same numbers cost 8 ms per frame.  Constrained layout keeps the
    strip free.
    """
    line = 1.5 * FontProperties(size="medium").get_size_in_points() / 72.0  # inches
    top = 1.0 - (len(rows) + 0.3) * line / fig.get_figheight()
    fig.get_layout_engine().set(rect=(0.0, 0.0, 1.0, top))
    values = {}
    for r, row in enumerate(rows):
        below_top = ScaledTranslation(0.0, -(r + 1) * line, fig.dpi_scale_trans)
        common = {"va": "baseline", "fontsize": "medium", "transform": fig.transFigure + below_top}
        for x, key, label in row:
            fig.text(x, 1.0, label + " ", ha="right", **common)
            values[key] = fig.text(x, 1.0, "", ha="left", **common)
    return values


class PerceptronProofExplorer(Explorer):
    """The convergence proof along a live run (claims C09-C13).

    Data: ``make_separable(n, 2, margin, radius, seed)`` with its separator (w*, b*).
    Run: the perceptron from 0 with w <- w + eta y x and b <- b + eta y r^2, where r = 1
    (``variant="affine"``, the b <- b + y rule when eta = 1) or r = R (``variant=
    "learning_rate"``, Shalizi's b <- b + eta y R^2). That run is the homogeneous
    perceptron on the lifted points x' = (x, r) with v = (w, b/r), so the proof lives there:
    u = (w*, b*/r)/||(w*, b*/r)||, gamma' = min y u.x', R' = max ||x'||.

    Panels: the data with the separator after update ``step`` (trace.w[step], trace.b[step])
    and the point that caused that update; u.v_M above the line M eta gamma' (log-log);
    ||v_M||^2 squeezed between M^2 eta^2 gamma'^2 and M eta^2 R'^2 (log-log), which cross at
    the bound. Above the panels: the margin of (w*, b*) (functional = geometric, since
    ||w*|| = 1), R, eta, the measured M, the lifted bound R'^2/gamma'^2 and the bound proved for
    the rule of b: (R^2+1)(||w*||^2+b*^2)/gamma_hat^2 for "affine", (2R/gamma)^2 for
    "learning_rate" ((2R/gamma)^2 is no bound for b <- b + y). The
    rule of the bias is in the legend. The run stops at ``max_updates`` updates (stated in
    the figure when that happens). The step slider's range follows the run: values beyond
    the last update show the end.
    Used in notebook 02.

    Parameters
    ----------
    n : int
        Number of points (>= 2).
    seed : int
        Seed of the data.
    variant : {"affine", "learning_rate"}
        The bias rule (see above).
    max_updates : int
        Cap of the run, at most the step slider's maximum.
    **values
        Start values of the sliders ``margin``, ``radius``, ``eta`` and ``step``.
    """

    STEP_MAX = _STEP_MAX
    sliders = (
        replace(MARGIN_SLIDER, value=0.1, readout_format=".3f"),
        replace(RADIUS_SLIDER, readout_format=".2f"),
        Slider("eta", "learning rate η", 0.01, 100.0, 1.0, kind="log", step=0.1),
        Slider("step", "update t", 0, _STEP_MAX, _STEP_MAX, kind="int"),
    )
    figsize = (13.0, 5.6)
    VARIANTS = ("affine", "learning_rate")

    def __init__(
        self,
        *,
        n: int = 80,
        seed: int = 0,
        variant: str = "affine",
        max_updates: int = _STEP_MAX,
        **values: float,
    ) -> None:
        self.n, self.seed = check_n_seed(n, seed)
        self.variant = check_choice(variant, "variant", self.VARIANTS)
        self.max_updates = check_int(max_updates, "max_updates", minimum=1)
        if self.max_updates > self.STEP_MAX:
            raise ValueError(
                f"max_updates must be at most {self.STEP_MAX} (the step slider's range); "
                f"got {self.max_updates}"
            )
        self._cache: tuple[tuple[float, float, float], _ProofRun] | None = None
        super().__init__(**values)

    # -- the numbers ------------------------------------------------------------------
    def _run(self, margin: float, radius: float, eta: float) -> _ProofRun:
        key = (float(margin), float(radius), float(eta))
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        X, y, w_star, b_star = make_separable(self.n, 2, margin, radius, seed=self.seed)
        R = data_radius(X)
        r = 1.0 if self.variant == "affine" else R
        res = perceptron(
            X, y, lr=eta, bias_step=eta * r * r, max_updates=self.max_updates, max_epochs=10**6
        )
        inv = invariants(X, y, res, w_star, b_star)
        run = _ProofRun(
            X=X,
            y=y,
            w_star=w_star,
            b_star=b_star,
            R=R,
            gamma=functional_margin(w_star, b_star, X, y),  # ||w*|| = 1
            r=r,
            result=res,
            inv=inv,
            updates=res.updates,
            converged=res.converged,
            capped=(not res.converged) and res.updates >= self.max_updates,
            bound_lifted=inv.bound,
            bound_affine=mistake_bound(X, y, w_star, b_star, variant="affine"),
            bound_lift_R=mistake_bound(X, y, w_star, b_star, variant="lift", r=R),
            bound_learning_rate=mistake_bound(X, y, w_star, b_star, variant="learning_rate"),
        )
        self._cache = (key, run)
        return run

    def compute(self, *, margin: float, radius: float, eta: float, step: int) -> ProofState:
        run = self._run(margin, radius, eta)
        tr = run.result.trace
        t = int(min(max(int(step), 0), run.updates))
        return ProofState(
            **{f.name: getattr(run, f.name) for f in fields(_ProofRun)},
            margin=margin,
            radius=radius,
            eta=eta,
            step=t,
            w_t=tr.w[t].copy(),
            b_t=float(tr.b[t]),
            index_t=int(tr.index[t - 1]) if t >= 1 else None,
        )

    # -- the figure -------------------------------------------------------------------
    def _setup(self, fig: Figure) -> None:
        ax, ax_lo, ax_sq = fig.subplots(1, 3, width_ratios=[1.0, 1.0, 1.0])
        self.ax = ax
        square_limits(ax, self.slider("radius").max, pad=0.05)
        ax.set_xlabel("$x_1$")
        ax.set_ylabel("$x_2$")
        X0, y0, w0, b0 = make_separable(self.n, 2, 0.2, 1.0, seed=self.seed)
        self.data_artists = draw_data(ax, X0, y0, legend=False)
        self.true_sep = draw_separator(
            ax, w0, b0, margin=None, show_normal=False, color=PALETTE["grey"], label="$(w^*, b^*)$"
        )
        self.true_sep.line.set_linestyle("--")
        rule = "b ← b + ηy" if self.variant == "affine" else "b ← b + ηyR²"
        self.cur_sep = draw_separator(ax, w0, b0, margin=None, label=f"$(w_t, b_t)$, rule {rule}")
        (self.ring,) = ax.plot(
            [],
            [],
            "o",
            mfc="none",
            mec=PALETTE["orange"],
            mew=2.5,
            ms=17,
            zorder=6,
            label="caused update $t$",
        )
        handles, labels = ax.get_legend_handles_labels()
        fig.legend(handles, labels, loc="outside lower left", ncol=4, fontsize="small")
        self.inv_artists = draw_invariants(ax_lo, ax_sq)
        # log axes have no offset text: their titles stay at y = 1, and a frame that rescales
        # a panel need not work out where to put them (a third of the panel's render)
        ax_lo.set_title("$u\\cdot v_M \\geq M\\eta\\gamma'$", y=1.0)
        ax_sq.set_title("$M^2\\eta^2\\gamma'^2 \\leq \\|v_M\\|^2 \\leq M\\eta^2R'^2$", y=1.0)
        self.cap_text = ax_sq.text(
            0.98,
            0.04,
            "",
            transform=ax_sq.transAxes,
            ha="right",
            va="bottom",
            color=PALETTE["vermillion"],
            fontsize="small",
        )
        self.numbers = _number_rows(
            fig,
            [
                [
                    (0.19, "gamma", "γ̂ = γ of (w*, b*) ="),
                    (0.3, "R", "R ="),
                    (0.41, "eta", "η ="),
                ],
                # one line: both bounds, then the measured count
                [
                    (0.2, "bound_lifted", "bounds: R'²/γ'² ="),
                    # each run is shown with the bound proved for its rule of b
                    (0.41, "bound_affine", ",  (R²+1)(‖w*‖²+b*²)/γ̂² =")
                    if self.variant == "affine"
                    else (0.32, "bound_learning_rate", ",  (2R/γ)² ="),
                    (0.63 if self.variant == "affine" else 0.53, "M", ";  measured updates M ="),
                ],
            ],
        )
        self.animate(self.data_artists, self.true_sep, self.cur_sep, self.ring, ax.title)
        self.animate(self.inv_artists, self.cap_text, list(self.numbers.values()))
        self.keep_on_top(self.inv_artists.ax_lower.get_legend())
        self.keep_on_top(self.inv_artists.ax_squeeze.get_legend())

    def draw(self, state: ProofState) -> None:
        # the data radius rounded up to a whole number (at least 1; R = 1 + 1e-15 counts as
        # 1): the radius slider changes this range twice, so nearly every frame is a blit
        lim = math.ceil(max(1.0, state.R) * (1.0 - 1e-9)) * 1.08
        set_limits(self.ax, (-lim, lim), (-lim, lim))
        update_data(self.data_artists, state.X, state.y)
        update_separator(self.true_sep, state.w_star, state.b_star)
        t = state.step
        update_separator(self.cur_sep, state.w_t, state.b_t)
        if state.index_t is not None:
            p = state.X[state.index_t]
            self.ring.set_data([p[0]], [p[1]])
        else:
            self.ring.set_data([], [])
        inv = state.inv
        update_invariants(
            self.inv_artists,
            inv.M,
            inv.u_dot_v,
            inv.norm_sq,
            inv.gamma,
            inv.radius,
            lr=inv.lr,
            step=t,
        )
        # at the end of the run (where margin, radius and eta moves land) the title stays the
        # same, so those frames need not redraw it; M is shown above the panels
        if t == 0:
            set_title(self.ax, "start $w_0 = 0$")
        elif t == state.updates:
            set_title(self.ax, "after the last update, t = M")
        else:
            set_title(self.ax, f"after update {t} of {state.updates}")
        self.cap_text.set_text(
            f"stopped at the cap of {self.max_updates} updates (not converged)"
            if state.capped
            else ""
        )
        for key, text in (
            ("gamma", f"{state.gamma:.3f}"),
            ("R", f"{state.R:.2f}"),
            ("eta", f"{state.eta:.3g}"),
            ("M", f"{state.updates}{' (capped)' if state.capped else ''}"),
            ("bound_lifted", f"{state.bound_lifted:.4g}"),
            ("bound_affine", f"{state.bound_affine:.4g}"),
            ("bound_learning_rate", f"{state.bound_learning_rate:.4g}"),
        ):
            if key in self.numbers:
                self.numbers[key].set_text(text)
        self.refresh()

    def readout(self, state: ProofState) -> str:
        t = state.step
        if t == 0:
            where = "t = 0: w = 0, b = 0 (every point is a mistake: y(w·x + b) = 0)"
        else:
            i = state.index_t
            where = (
                f"update t = {t} was caused by example {i} (label {state.y[i]:+.0f}); "
                f"now w = ({state.w_t[0]:.3g}, {state.w_t[1]:.3g}), b = {state.b_t:.3g}"
            )
        inv = state.inv
        return f"{where}; lift r = {state.r:.3g}; R' = {inv.radius:.4g}, γ' = {inv.gamma:.4g}"

    # -- keep the step slider's range equal to the run's length ----------------------
    def update(self, **values: Any) -> ProofState:
        """As Explorer.update; changing margin, radius or eta jumps to the end of the run."""
        if "step" not in values and {"margin", "radius", "eta"} & set(values):
            values = {**values, "step": self.STEP_MAX}
        state = super().update(**values)
        self._sync_step(state)
        return state

    def widget(self) -> ipw.VBox:
        box = super().widget()
        self._sync_step(self.state)
        return box

    def _sync_step(self, state: ProofState) -> None:
        ctl = self.controls.get("step")
        if ctl is None:
            return
        top = max(int(state.updates), 1)
        if ctl.max != top or ctl.value != state.step:
            ctl.unobserve(self._on_change, names="value")
            try:
                ctl.max = top
                ctl.value = state.step
            finally:
                ctl.observe(self._on_change, names="value")
        self.values["step"] = state.step


@dataclass(frozen=True)
class _StaircaseRun:
    updates: int
    converged: bool
    w: np.ndarray
    closed_form: int
    w_lp: np.ndarray
    gamma_lp: float
    R: float
    bound_lp: float


@dataclass(frozen=True)
class StaircaseState(_StaircaseRun):
    """What ``StaircaseExplorer`` shows for one dimension d.

    Attributes
    ----------
    updates, converged, w
        The cyclic homogeneous perceptron from 0 on ``staircase(d)``.
    closed_form : int
        sum_j (2^j - 1)^2, the exact number of updates.
    w_lp, gamma_lp, R, bound_lp
        The LP's separator, its geometric margin, the data radius and R^2/gamma^2.
    d : int
        The slider value.
    ds, measured, bounds : numpy.ndarray
        Every dimension 2..d with its measured updates and LP bound.
    """

    d: int
    ds: np.ndarray
    measured: np.ndarray
    bounds: np.ndarray


class StaircaseExplorer(Explorer):
    """Slider for the dimension d of the staircase data x_1 = e_1, x_k = e_k - 2 e_(k-1)
    (all labels +1): the cyclic homogeneous perceptron from 0 makes exactly
    sum_j (2^j - 1)^2 updates, about (4/3) 4^d, while the LP returns a separator at once
    (claim C16).

    Left: updates against d (log scale): the closed form, the measured counts for every d
    up to the slider's value, and the bound R^2/gamma^2 of the LP's separator. Right: the
    weights w_k of the perceptron's final w and of the LP's w (log scale): both double (at
    least) from one coordinate to the next, which is why gamma < 2^(1-d). Used in notebook 02.

    Parameters
    ----------
    **values
        Start value of the slider ``d`` (the data are ``staircase(d)``: nothing else to set).
    """

    sliders = (Slider("d", "dimension d", 2, 8, 5, kind="int"),)
    figsize = (11.0, 4.5)

    def __init__(self, **values: int) -> None:
        self._runs: dict[int, _StaircaseRun] = {}
        # every d of the slider, once (about 0.1 s): the axis ranges fit all of them, so a
        # move of the slider never changes them (each frame redraws only the moved points)
        runs = [self._run(d) for d in range(int(self.slider("d").min), self.d_max + 1)]
        top = max(max(r.bound_lp for r in runs), 4.0**self.d_max * 4 / 3) * 3
        self._ylim = (0.5, decade_limits(0.5, top)[1])
        weights = np.concatenate([np.concatenate([r.w, r.w_lp]) for r in runs])
        lo = min(float(weights.min()), 1.0) / 2  # 1 = 2^0, the first power of two
        hi = max(float(weights.max()) * 2, 2.0 ** (self.d_max + 1))
        self._wlim = decade_limits(lo, hi)
        super().__init__(**values)

    @property
    def d_max(self) -> int:
        """The largest d of the slider."""
        return int(self.slider("d").max)

    def _run(self, d: int) -> _StaircaseRun:
        if d not in self._runs:
            X, y = staircase(d)
            closed = _staircase_updates(d)
            res = perceptron(X, y, bias=False, max_epochs=closed + 2, trace=False)
            w_lp = homogeneous_staircase_lp(d)
            self._runs[d] = _StaircaseRun(
                updates=res.updates,
                converged=res.converged,
                w=res.w.copy(),
                closed_form=closed,
                w_lp=w_lp,
                gamma_lp=geometric_margin(w_lp, 0.0, X, y),
                R=data_radius(X),
                bound_lp=mistake_bound(X, y, w_lp, 0.0, variant="homogeneous"),
            )
        return self._runs[d]

    def compute(self, *, d: int) -> StaircaseState:
        d = check_int(d, "d", minimum=2)
        if d > self.d_max:
            raise ValueError(f"d must be at most {self.d_max}; got {d}")
        ds = list(range(2, d + 1))
        runs = [self._run(k) for k in ds]
        return StaircaseState(
            **{f.name: getattr(runs[-1], f.name) for f in fields(_StaircaseRun)},
            d=d,
            ds=np.array(ds),
            measured=np.array([r.updates for r in runs]),
            bounds=np.array([r.bound_lp for r in runs]),
        )

    def _setup(self, fig: Figure) -> None:
        ax, ax2 = fig.subplots(1, 2)
        self.ax, self.ax2 = ax, ax2
        ds = np.arange(1, self.d_max + 1)
        ax.semilogy(
            ds,
            [_staircase_updates(int(k)) for k in ds],
            "-",
            color=PALETTE["black"],
            label="$\\sum_{j\\leq d}(2^j-1)^2$ (fewest, any order)",
        )
        ax.semilogy(ds, 4.0**ds * 4 / 3, ":", color=PALETTE["grey"], label="$(4/3)\\,4^d$")
        (self.measured,) = ax.semilogy(
            [], [], "o", color=PALETTE["blue"], ms=9, label="measured (cyclic order)"
        )
        (self.bound_pts,) = ax.semilogy(
            [], [], "s", color=PALETTE["vermillion"], ms=7, label="$R^2/\\gamma^2$, LP's separator"
        )
        (self.current,) = ax.plot([], [], "o", mfc="none", mec=PALETTE["orange"], ms=16, mew=2.5)
        ax.set_xlabel("dimension $d$")
        ax.set_ylabel("perceptron updates from $w=0$")
        ax.legend(loc="upper left", fontsize="small")
        ax.set_xlim(0.5, self.d_max + 0.5)
        ax.set_ylim(*self._ylim)
        (self.w_perc,) = ax2.semilogy(
            [], [], "o-", color=PALETTE["blue"], label="perceptron's $w_k$"
        )
        (self.w_lp,) = ax2.semilogy(
            [], [], "s--", color=PALETTE["vermillion"], label="LP's $w_k$ ($\\min_k w\\cdot x_k=1$)"
        )
        (self.powers,) = ax2.semilogy([], [], ":", color=PALETTE["grey"], label="$2^{k-1}$")
        ax2.set_xlabel("coordinate $k$")
        ax2.set_ylabel("$w_k$ (log scale)")
        ax2.legend(loc="upper left", fontsize="small")
        ax2.set_xlim(0.5, self.d_max + 0.5)
        ax2.set_ylim(*self._wlim)
        for a in (ax, ax2):  # log axes have no offset text: the title stays at y = 1
            a.set_title("", y=1.0)  # (and a frame need not work out where to put it)
        self.animate(self.measured, self.bound_pts, self.current, ax.title)
        self.animate(self.w_perc, self.w_lp, self.powers, ax2.title)
        self.keep_on_top(ax.get_legend(), ax2.get_legend())

    def draw(self, state: StaircaseState) -> None:
        d = state.d
        self.measured.set_data(state.ds, state.measured)
        self.bound_pts.set_data(state.ds, state.bounds)
        self.current.set_data([d], [state.updates])
        set_title(self.ax, f"d = {d}: {state.updates} updates (closed form {state.closed_form})")
        ks = np.arange(1, d + 1)
        self.w_perc.set_data(ks, state.w)
        self.w_lp.set_data(ks, state.w_lp)
        self.powers.set_data(ks, 2.0 ** (ks - 1))
        exact = f"1/{2 ** (d - 1)}"  # 2^(1-d) exactly, not rounded
        bound = f"$\\gamma < 2^{{1-d}} = {exact}$"
        set_title(self.ax2, f"every separator through the origin has {bound}")
        self.refresh()

    def readout(self, state: StaircaseState) -> str:
        return (
            f"d = {state.d}: perceptron updates = {state.updates}, "
            f"closed form = {state.closed_form}; LP separator's margin γ = "
            f"{state.gamma_lp:.3g}, R = {state.R:.3g}, R²/γ² = {state.bound_lp:.4g}"
        )
