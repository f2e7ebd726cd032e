"""Explorers of notebook 03 (the log-likelihood approaching 0): the threshold of the logistic
rule, the scaling (w, b) -> (c w, c b) of the log-likelihood, and the implicit bias of gradient
descent towards the max-margin direction."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import ipywidgets as ipw
import numpy as np
from matplotlib.figure import Figure

from .._validate import check_choice, check_int, check_scalar
from ..data import (
    LIKELIHOOD_DATA_OPTIONS,
    likelihood_scaling_data,
    make_implicit_bias_data,
    make_overlapping,
)
from ..geometry import data_radius, geometric_margin, line_in_box, margins
from ..logistic import (
    log_likelihood_bounds,
    scaled_log_likelihood,
    scaled_log_neg_log_likelihood,
    sigmoid,
    threshold_offset,
)
from ..logistic_fit import fit_logistic, fit_logistic_gd, max_margin_direction
from ..plotting import (
    PALETTE,
    draw_data,
    draw_probability,
    draw_separator,
    square_limits,
    update_data,
    update_probability,
    update_separator,
)
from ..plotting.likelihood import box_limits, label_log10_axis, scaling_limit_line
from ._base import Explorer, Slider, check_n_seed, set_title

__all__ = [
    "ImplicitBiasExplorer",
    "ImplicitBiasState",
    "LikelihoodScalingExplorer",
    "LikelihoodScalingState",
    "ThresholdExplorer",
    "ThresholdState",
]


@dataclass(frozen=True)
class ThresholdState:
    """What ``ThresholdExplorer`` shows for one threshold T.

    Attributes
    ----------
    T, t : float
        The threshold and the score t = -ln(1/T - 1) where sigma reaches it.
    predicted_positive, false_positive, false_negative, n : int
        Counts of the rule "predict +1 when w.x + b >= t" on the n points.
    """

    T: float
    t: float
    predicted_positive: int
    false_positive: int
    false_negative: int
    n: int


class ThresholdExplorer(Explorer):
    """Slider for the threshold T of the rule "predict +1 when sigma(w.x + b) >= T" (claim C18).

    (w, b) is the maximum-likelihood fit on two overlapping Gaussian blobs. Left: the sigmoid
    with the level T and the score t = -ln(1/T - 1) where it is reached. Right: the data on
    the shaded probability P(y = +1 | x), the boundary w.x + b = t for this T (solid) and the
    T = 1/2 boundary w.x + b = 0 (dashed). Used in notebook 03.

    Parameters
    ----------
    n : int
        Number of points (>= 2).
    seed : int
        Seed of the data.
    separation : float
        Distance between the blob centres (``make_overlapping``).
    **values
        Start value of the slider ``T``.
    """

    sliders = (Slider("T", "threshold T", 0.01, 0.99, 0.5, step=0.01, readout_format=".2f"),)
    figsize = (11.0, 4.6)
    #: Half-width of the score axis of the sigmoid panel.
    Z_RANGE = 8.0

    def __init__(
        self, *, n: int = 40, seed: int = 0, separation: float = 2.0, **values: float
    ) -> None:
        n, seed = check_n_seed(n, seed)
        self.X, self.y = make_overlapping(n, 2, separation, seed=seed)
        fit = fit_logistic(self.X, self.y)
        self.w, self.b = fit.w, fit.b
        self.scores = self.X @ self.w + self.b
        super().__init__(**values)

    def _setup(self, fig: Figure) -> None:
        ax1, ax2 = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.0, 1.15]})
        self.ax1, self.ax2 = ax1, ax2
        z = np.linspace(-self.Z_RANGE, self.Z_RANGE, 400)
        ax1.plot(z, sigmoid(z), color=PALETTE["black"], label="$\\sigma(z)$")
        (self.level,) = ax1.plot([], [], color=PALETTE["orange"], ls="--", label="level $T$")
        (self.drop,) = ax1.plot([], [], color=PALETTE["green"], ls=":", lw=2)
        (self.point,) = ax1.plot(
            [], [], "o", color=PALETTE["green"], ms=9, label="$t=-\\ln(1/T-1)$"
        )
        ax1.set_xlim(-self.Z_RANGE, self.Z_RANGE)
        ax1.set_ylim(-0.03, 1.03)
        ax1.set_xlabel("score $z = w\\cdot x + b$")
        ax1.set_ylabel("$\\sigma(z)$")
        ax1.legend(loc="upper left", fontsize="small")
        xlim, ylim = box_limits(self.X)
        ax2.set_xlim(xlim)
        ax2.set_ylim(ylim)
        ax2.set_aspect("equal", adjustable="box")
        draw_probability(ax2, self.w, self.b)
        draw_data(ax2, self.X, self.y, legend=False)
        (self.half_line,) = ax2.plot(
            *line_in_box(self.w, self.b, xlim, ylim),
            color=PALETTE["grey"],
            ls="--",
            lw=1.5,
            label="$T=1/2$: $w\\cdot x+b=0$",
        )
        (self.t_line,) = ax2.plot([], [], color=PALETTE["black"], lw=2.5, label="$w\\cdot x+b=t$")
        ax2.set_xlabel("$x_1$")
        ax2.set_ylabel("$x_2$")
        ax2.legend(loc="lower left", fontsize="small")
        self.animate(self.level, self.drop, self.point, ax1.title)
        self.animate(self.t_line, ax2.title)
        self.keep_on_top(ax1.get_legend(), ax2.get_legend())

    def compute(self, *, T: float) -> ThresholdState:
        t = threshold_offset(T)
        pred = self.scores >= t
        pos = self.y > 0
        return ThresholdState(
            T=float(T),
            t=t,
            predicted_positive=int(pred.sum()),
            false_positive=int(np.sum(pred & ~pos)),
            false_negative=int(np.sum(~pred & pos)),
            n=int(len(self.y)),
        )

    def draw(self, state: ThresholdState) -> None:
        T, t = state.T, state.t
        self.level.set_data([-self.Z_RANGE, self.Z_RANGE], [T, T])
        self.drop.set_data([t, t], [0.0, T])
        self.point.set_data([t], [T])
        self.t_line.set_data(
            *line_in_box(self.w, self.b - t, self.ax2.get_xlim(), self.ax2.get_ylim())
        )
        set_title(self.ax1, f"T = {T:.2f}  ⇒  t = {t:+.2f}")
        set_title(
            self.ax2,
            f"predict +1 when $w\\cdot x+b \\geq$ {t:+.2f}: "
            f"{state.false_positive} FP, {state.false_negative} FN",
        )
        self.refresh()

    def readout(self, state: ThresholdState) -> str:
        return (
            f"T = {state.T:.2f}: boundary w·x + b = −ln(1/T − 1) = {state.t:+.4f}; "
            f"predicted +1: {state.predicted_positive} of {state.n}; "
            f"false positives {state.false_positive}, false negatives {state.false_negative}"
        )


@dataclass(frozen=True)
class LikelihoodScalingState:
    """What ``LikelihoodScalingExplorer`` shows for one c.

    Attributes
    ----------
    c : float
        The scale factor.
    data : str
        The data set (one of LIKELIHOOD_DATA_OPTIONS).
    log_likelihood, log_neg_log_likelihood : float
        ln L(c w, c b) in float64 and ln(-ln L) as a log-sum-exp.
    underflowed : bool
        -ln L has rounded to 0.0.
    own_probability, min_own_probability
        sigma(c m_i) for every point, and the smallest.
    m_min : float
        The smallest functional margin min_i y_i (w.x_i + b) of the unscaled (w, b); k0 the
        number of functional margins exactly 0.
    lower, upper, log_neg_lower, log_neg_upper : float or None
        The bounds -n e^(-c m_min) <= ln L <= -ln(1 + e^(-c m_min)) and their ln(-.) (only
        when m_min > 0).
    limit : float
        lim ln L as c -> infinity: 0, -k0 ln 2 or -inf.
    """

    c: float
    data: str
    log_likelihood: float
    log_neg_log_likelihood: float
    underflowed: bool
    own_probability: np.ndarray
    min_own_probability: float
    m_min: float
    k0: int
    limit: float
    lower: float | None = None
    upper: float | None = None
    log_neg_lower: float | None = None
    log_neg_upper: float | None = None


class LikelihoodScalingExplorer(Explorer):
    """Slider for c: the log-likelihood of (c w, c b) on fixed data (claims C19-C21).

    ``data`` picks one of LIKELIHOOD_DATA_OPTIONS (also a toggle in the widget). Left: the data
    shaded by P(y = +1 | x) = sigma(c (w.x + b)), which sharpens to a step as c grows, with the
    special point ringed. Middle: ln L(c w, c b) against c with, for a separator, the bounds
    -n e^(-c gamma_min) <= ln L <= -ln(1 + e^(-c gamma_min)) (gamma_min the smallest functional
    margin of (w, b)), the -ln 2 line and the limit. Right: -ln L on a logarithmic axis, drawn
    from ln(-ln L) (a log-sum-exp), so it goes on below the smallest float64, where -ln L itself
    has rounded to 0.0 (c gamma_min > ~745, marked). Used in notebook 03.

    Parameters
    ----------
    data : str
        One of LIKELIHOOD_DATA_OPTIONS.
    n, seed, margin
        Passed to ``likelihood_scaling_data``.
    **values
        Start value of the slider ``c``.
    """

    sliders = (Slider("c", "scale c", 1e-2, 1e6, 1.0, kind="log", step=0.02),)
    figsize = (13.0, 5.2)
    UNDERFLOW = 745.2  # e^-x is 0.0 in float64 beyond this x
    #: The right panel shows -ln L from 10^LOG10_FLOOR (below the smallest float64) upwards.
    LOG10_FLOOR = -400.0

    def __init__(
        self,
        *,
        data: str = "separable",
        n: int = 12,
        seed: int = 3,
        margin: float = 0.3,
        **values: float,
    ) -> None:
        self.n, self.seed = check_n_seed(n, seed)
        self.margin = check_scalar(margin, "margin", positive=True)
        (spec,) = self.sliders
        self.cs = np.geomspace(spec.min, spec.max, 400)
        self._toggle: ipw.ToggleButtons | None = None
        self._load(data)
        super().__init__(**values)

    # -- data -----------------------------------------------------------------------------
    def _load(self, option: str) -> None:
        self.data = check_choice(option, "data", LIKELIHOOD_DATA_OPTIONS)
        self.X, self.y, self.w, self.b, self.special = likelihood_scaling_data(
            option, n=self.n, seed=self.seed, margin=self.margin
        )
        self.m = margins(self.w, self.b, self.X, self.y)
        self.m_min = float(self.m.min())
        self.k0 = int(np.sum(self.m == 0.0))
        self.curve = np.asarray(scaled_log_likelihood(self.w, self.b, self.X, self.y, self.cs))
        self.curve_log = np.asarray(
            scaled_log_neg_log_likelihood(self.w, self.b, self.X, self.y, self.cs)
        )
        self.bounds = log_likelihood_bounds(self.m, self.cs) if self.m_min > 0 else None

    def select(self, option: str) -> LikelihoodScalingState:
        """Switch to another data set (one of LIKELIHOOD_DATA_OPTIONS) and redraw."""
        self._load(option)
        self._draw_data_set()
        if self._toggle is not None and self._toggle.value != self.data:
            self._toggle.value = self.data
        return self.update()

    # -- figure ---------------------------------------------------------------------------
    def _setup(self, fig: Figure) -> None:
        ax0, ax1, ax2 = fig.subplots(1, 3, gridspec_kw={"width_ratios": [1.15, 1.0, 1.0]})
        self.ax0, self.ax1, self.ax2 = ax0, ax1, ax2
        square_limits(ax0, 1.0, pad=0.12)
        ax0.set_xlabel("$x_1$")
        ax0.set_ylabel("$x_2$")
        self.prob = draw_probability(ax0, self.w, self.b, colorbar=False)
        self.data_artists = draw_data(ax0, self.X, self.y, legend=False)
        self.sep = draw_separator(ax0, self.w, self.b, show_normal=False, label=None)
        (self.ring,) = ax0.plot(
            [], [], "o", ms=18, mfc="none", mec=PALETTE["black"], mew=1.8, zorder=4
        )
        (spec,) = self.sliders
        # middle: ln L on a linear axis
        kw = {"lw": 1.5, "ls": "--"}
        (self.line_ll,) = ax1.plot([], [], color=PALETTE["black"], label="$\\ln L(cw, cb)$")
        (self.line_up,) = ax1.plot([], [], color=PALETTE["blue"], label="upper bound", **kw)
        (self.line_lo,) = ax1.plot([], [], color=PALETTE["vermillion"], label="lower bound", **kw)
        (self.line_lim,) = ax1.plot([], [], color=PALETTE["green"], lw=2, ls="-.", label="limit")
        ax1.axhline(-math.log(2), color=PALETTE["purple"], ls=":", lw=2, label="$-\\ln 2$")
        (self.mark1,) = ax1.plot([], [], "o", color=PALETTE["orange"], ms=10, zorder=5)
        ax1.set_xscale("log")
        ax1.set_xlim(spec.min, spec.max)
        ax1.set_xlabel("scale $c$")
        ax1.set_ylabel("$\\ln L(cw, cb)$")
        # right: -ln L on a log axis, plotted as log10(-ln L) = ln(-ln L) / ln 10
        (self.line_lg,) = ax2.plot([], [], color=PALETTE["black"], label="$-\\ln L$ (log-sum-exp)")
        (self.line_lg_hi,) = ax2.plot(
            [], [], color=PALETTE["vermillion"], label="from lower bound", **kw
        )
        (self.line_lg_lo,) = ax2.plot([], [], color=PALETTE["blue"], label="from upper bound", **kw)
        ax2.axhline(
            math.log10(math.log(2)), color=PALETTE["purple"], ls=":", lw=2, label="$\\ln 2$"
        )
        ax2.axhline(
            math.log10(5e-324), color=PALETTE["grey"], ls="--", lw=1, label="smallest float64"
        )
        self.underflow = ax2.axvline(
            1.0, color=PALETTE["grey"], lw=1.5, label="$-\\ln L$ = 0.0 in float64"
        )
        (self.mark2,) = ax2.plot([], [], "o", color=PALETTE["orange"], ms=10, zorder=5)
        ax2.set_xscale("log")
        ax2.set_xlim(spec.min, spec.max)
        label_log10_axis(ax2)
        ax2.set_xlabel("scale $c$")
        ax2.set_ylabel("$-\\ln L(cw, cb)$ (log scale)")
        self._draw_data_set()
        # the probability image moves; what is drawn above it is redrawn with it
        self.animate(self.prob, self.data_artists, self.sep, self.ring, ax0.title)
        self.animate(self.mark1, ax1.title, self.mark2, ax2.title)

    def _draw_data_set(self) -> None:
        """Move the artists that depend on the data set only (not on c)."""
        update_data(self.data_artists, self.X, self.y)
        self.ring.set_data([self.X[self.special, 0]], [self.X[self.special, 1]])
        self.ring.set_visible(self.data != "separable")
        cs = self.cs
        self.line_ll.set_data(cs, self.curve)
        self.line_lg.set_data(cs, self.curve_log / math.log(10))
        if self.bounds is not None:
            self.line_up.set_data(cs, self.bounds.upper)
            self.line_lo.set_data(cs, self.bounds.lower)
            self.line_lg_hi.set_data(cs, self.bounds.log_neg_lower / math.log(10))
            self.line_lg_lo.set_data(cs, self.bounds.log_neg_upper / math.log(10))
            c_under = self.UNDERFLOW / self.m_min
            self.underflow.set_xdata([c_under, c_under])
            self.underflow.set_visible(c_under <= cs[-1])
        else:
            for line in (self.line_up, self.line_lo, self.line_lg_hi, self.line_lg_lo):
                line.set_data([], [])
            self.underflow.set_visible(False)
        *limit_line, limit_label = scaling_limit_line(self.m, cs)
        self.line_lim.set_data(*limit_line)
        self.line_lim.set_label(limit_label)
        for ax in (self.ax1, self.ax2):
            shown = [ln for ln in ax.get_lines() if ln.get_visible() and len(ln.get_xdata()) > 0]
            shown = [ln for ln in shown if not ln.get_label().startswith("_")]
            ax.legend(
                handles=shown,
                loc="upper center",
                bbox_to_anchor=(0.5, -0.2),
                ncol=2,
                fontsize="x-small",
            )
        # fixed ranges: the curves leave the view where they run off (ln L -> -inf, -ln L -> 0)
        self.ax1.set_ylim(-1.25 * len(self.y), 0.05 * len(self.y))
        self.ax2.set_ylim(self.LOG10_FLOOR, 8.0)

    def compute(self, *, c: float) -> LikelihoodScalingState:
        c = check_scalar(c, "c", positive=True)
        ll = float(scaled_log_likelihood(self.w, self.b, self.X, self.y, c))
        lnl = float(scaled_log_neg_log_likelihood(self.w, self.b, self.X, self.y, c))
        own = np.asarray(sigmoid(c * self.m))  # P(own label) of every point
        limit = 0.0 if self.m_min > 0 else -self.k0 * math.log(2) if self.m_min == 0 else -math.inf
        bounds: dict[str, float] = {}
        if self.bounds is not None:
            bd = log_likelihood_bounds(self.m, c)
            names = ("lower", "upper", "log_neg_lower", "log_neg_upper")
            bounds = {name: float(getattr(bd, name)) for name in names}
        return LikelihoodScalingState(
            c=c,
            data=self.data,
            log_likelihood=ll,
            log_neg_log_likelihood=lnl,
            underflowed=ll == 0.0,
            own_probability=own,
            min_own_probability=float(own.min()),
            m_min=self.m_min,
            k0=self.k0,
            limit=limit,
            **bounds,
        )

    def draw(self, state: LikelihoodScalingState) -> None:
        c = state.c
        update_probability(self.prob, self.w, self.b, scale=c)
        self.mark1.set_data([c], [state.log_likelihood])
        self.mark2.set_data([c], [state.log_neg_log_likelihood / math.log(10)])
        set_title(self.ax0, f"{self.data}\nsmallest P(own label) = {state.min_own_probability:.4g}")
        set_title(self.ax1, f"$c$ = {c:.3g}: $\\ln L$ = {state.log_likelihood:.4g}")
        k = state.log_neg_log_likelihood / math.log(10)  # -ln L = 10^k
        digits = ".0f" if abs(k) >= 100 else ".3g"
        set_title(self.ax2, f"$-\\ln L = 10^{{{k:{digits}}}}$")
        self.refresh()

    def readout(self, state: LikelihoodScalingState) -> str:
        text = (
            f"[{state.data}] c = {state.c:.4g}: ln L(cw, cb) = {state.log_likelihood:.6g}"
            f" (float64), ln(−ln L) = {state.log_neg_log_likelihood:.6g}, "
            f"smallest functional margin of (w, b): {state.m_min:.3g}"
        )
        if state.lower is not None:
            text += f"; bounds {state.lower:.3g} ≤ ln L ≤ {state.upper:.3g}"
        if state.underflowed:
            text += "; −ln L has rounded to 0.0 in float64"
        return text

    # -- widget with the data selector -------------------------------------------------------
    def widget(self) -> ipw.VBox:
        box = super().widget()
        if self._toggle is None:
            self._toggle = ipw.ToggleButtons(
                options=list(LIKELIHOOD_DATA_OPTIONS),
                value=self.data,
                description="data",
                style={"button_width": "190px"},
            )
            self._toggle.observe(self._on_data, names="value")
            box.children = (self._toggle, *box.children)
        return box

    def _on_data(self, change: dict[str, Any]) -> None:
        if change["new"] != self.data:
            self.select(change["new"])

    def __repr__(self) -> str:
        return f"{type(self).__name__}(c={self.values['c']:.4g}, data={self.data!r})"


@dataclass(frozen=True)
class ImplicitBiasState:
    """What ``ImplicitBiasExplorer`` shows at one recorded step.

    Attributes
    ----------
    t, slider_t : float
        The recorded step shown, at or before the slider value ``slider_t``.
    w : numpy.ndarray
        Gradient descent's w(t).
    angle_deg, norm, loss, margin : float
        Angle to the max-margin direction (degrees), ||w(t)||, mean logistic loss and
        geometric margin of w(t).
    svm_margin : float
        The largest geometric margin of a separator through the origin (homogeneous SVM).
    """

    t: float
    w: np.ndarray
    angle_deg: float
    norm: float
    loss: float
    margin: float
    svm_margin: float
    slider_t: float = math.nan


class ImplicitBiasExplorer(Explorer):
    """Slider for the step t of gradient descent on separable data (Soudry et al. 2018).

    Homogeneous logistic regression (b = 0) on ``make_implicit_bias_data``, run once for as many
    steps as the slider reaches and recorded at log-spaced t. Its limit direction is that of the
    max-margin separator through the origin (the homogeneous SVM, margin gamma*; an affine
    separator can have a larger margin). Top left: the data, that separator and the GD separator
    w(t).x = 0. Top right: the angle between w(t) and its direction against t. Bottom: ||w(t)||
    (grows like ln t with slope 1/gamma*) and the mean loss (falls like 1/t). Used in notebook 03.

    Parameters
    ----------
    seed : int
        Seed of ``make_implicit_bias_data``.
    **values
        Start value of the slider ``t``.
    """

    sliders = (Slider("t", "gradient step t", 1.0, 100_000.0, 100.0, kind="log", step=0.02),)
    figsize = (10.5, 8.0)

    def __init__(self, *, seed: int = 0, **values: float) -> None:
        seed = check_int(seed, "seed", minimum=0)
        self.X, self.y, self.u, self.gamma = make_implicit_bias_data(seed)
        self.svm = max_margin_direction(self.X, self.y)
        steps = int(self.slider("t").max)
        self.trace = fit_logistic_gd(self.X, self.y, steps=steps, record=300)
        keep = self.trace.steps >= 1
        self.ts = self.trace.steps[keep].astype(float)
        self.Ws = self.trace.w[keep]
        self.angles = np.degrees(self.trace.angles_to(self.svm.direction)[keep])
        self.norms = self.trace.norm[keep]
        self.losses = self.trace.loss[keep]
        super().__init__(**values)

    def _setup(self, fig: Figure) -> None:
        (ax0, ax1), (ax2, ax3) = fig.subplots(2, 2)
        self.axes = (ax0, ax1, ax2, ax3)
        square_limits(ax0, data_radius(self.X), pad=0.1)
        ax0.set_xlabel("$x_1$")
        ax0.set_ylabel("$x_2$")
        draw_data(ax0, self.X, self.y, legend=False)
        svm = draw_separator(ax0, self.svm.w, 0.0, margin=self.svm.margin, show_normal=False)
        svm.line.set_label("max margin through 0")
        svm.band.set_label("within $\\gamma^*$ of it")
        self.gd_sep = draw_separator(
            ax0, self.Ws[0], 0.0, color=PALETTE["orange"], label="GD: $w(t)\\cdot x=0$"
        )
        self.gd_sep.normal.set_label("$w(t)$")
        ax0.legend(loc="lower right", fontsize="x-small")
        ts, last = self.ts, self.ts[-1]
        ax1.semilogx(ts, self.angles, color=PALETTE["black"], label="angle")
        guide = self.angles[-1] * np.log(last) / np.log(np.maximum(ts, 2.0))
        dash = {"color": PALETTE["grey"], "ls": "--", "lw": 1.5}
        ax1.semilogx(ts, guide, **dash, label="$\\propto 1/\\ln t$")
        ax1.set_ylim(0.0, 1.1 * float(np.nanmax(self.angles)))
        ax1.set_xlabel("step $t$")
        ax1.set_ylabel("angle to max-margin direction (°)")
        ax1.legend(loc="upper right", fontsize="small")
        ax2.semilogx(ts, self.norms, color=PALETTE["black"], label="$\\|w(t)\\|$")
        slope = 1.0 / self.svm.margin
        ax2.semilogx(
            ts,
            self.norms[-1] + slope * (np.log(ts) - np.log(last)),
            **dash,
            label=f"slope $1/\\gamma^*$ = {slope:.3g} per unit of $\\ln t$",
        )
        ax2.set_ylim(0.0, 1.1 * float(self.norms.max()))
        ax2.set_xlabel("step $t$")
        ax2.set_ylabel("$\\|w(t)\\|$")
        ax2.legend(loc="upper left", fontsize="small")
        ax3.loglog(ts, self.losses, color=PALETTE["black"], label="mean loss $-\\ln L / n$")
        ax3.loglog(ts, self.losses[-1] * last / ts, **dash, label="$\\propto 1/t$")
        ax3.set_ylim(0.5 * float(self.losses.min()), 2.0 * float(self.losses.max()))
        ax3.set_xlabel("step $t$")
        ax3.set_ylabel("mean logistic loss")
        ax3.legend(loc="lower left", fontsize="small")
        self.vlines = [ax.axvline(1.0, color=PALETTE["orange"], lw=1.5) for ax in (ax1, ax2, ax3)]
        (self.mark,) = ax1.plot([], [], "o", color=PALETTE["orange"], ms=9)
        self.animate(self.gd_sep, self.vlines, self.mark, [ax.title for ax in self.axes])
        self.keep_on_top([ax.get_legend() for ax in self.axes])

    def compute(self, *, t: float) -> ImplicitBiasState:
        t = check_scalar(t, "t", positive=True)
        k = max(0, int(np.searchsorted(self.ts, t, side="right")) - 1)
        return ImplicitBiasState(
            t=float(self.ts[k]),
            w=self.Ws[k].copy(),
            angle_deg=float(self.angles[k]),
            norm=float(self.norms[k]),
            loss=float(self.losses[k]),
            margin=float(geometric_margin(self.Ws[k], 0.0, self.X, self.y)),
            svm_margin=float(self.svm.margin),
            slider_t=t,
        )

    def draw(self, state: ImplicitBiasState) -> None:
        t = state.t
        update_separator(self.gd_sep, state.w, 0.0)
        for line in self.vlines:
            line.set_xdata([t, t])
        self.mark.set_data([t], [state.angle_deg])
        shown = f"t = {t:.0f}" + (
            f" (recorded; slider {state.slider_t:.0f})" if round(t) != round(state.slider_t) else ""
        )
        set_title(self.axes[0], f"{shown}\ngeometric margin of w(t) {state.margin:.3f}")
        set_title(self.axes[1], f"angle {state.angle_deg:.2f}°")
        set_title(self.axes[2], f"‖w(t)‖ = {state.norm:.3g}")
        set_title(self.axes[3], f"loss = {state.loss:.3g}")
        self.refresh()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(t={self.state.t:.0f})"  # the recorded step shown

    def readout(self, state: ImplicitBiasState) -> str:
        return (
            f"t = {state.t:.0f}: angle to the max-margin direction {state.angle_deg:.3f}°, "
            f"‖w(t)‖ = {state.norm:.4g}, mean loss {state.loss:.4g}, geometric margin "
            f"{state.margin:.4f} (max margin through 0 {state.svm_margin:.4f})"
        )
