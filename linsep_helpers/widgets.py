"""Slider explorers: compute (pure numpy) -> draw (move artists) -> widget (ipywidgets).

Every explorer follows the same pattern, so it can be tested without a browser:

- ``state = explorer.compute(**slider_values)`` returns plain numbers and arrays;
- ``explorer.draw(state)`` moves the artists created once in ``_setup`` and refreshes the
  canvas (no new figure, no new artists);
- ``explorer.widget()`` builds the sliders and wires them to ``update``; displaying the
  explorer in a notebook shows that widget, plus a static PNG of the current figure for
  readers without a kernel (GitHub, nbviewer, HTML export).

With ``%matplotlib widget`` (ipympl) the figure is a live canvas whose frames are blitted
(only the moved artists are redrawn, see ``_blit.py``); with any other backend the explorer
falls back to re-encoding a PNG into an ``ipywidgets.Image`` on every move.  ``draw`` sets
limits and titles through ``set_limits`` / ``set_title``, which leave unchanged ones alone, so
that a move which keeps the axes can be blitted.
"""

from __future__ import annotations

import base64
import contextlib
import io
import math
from dataclasses import dataclass
from typing import Any, ClassVar

import ipywidgets as ipw
import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Circle

from ._blit import Blitter
from ._validate import check_choice, check_int, check_scalar
from .data import make_implicit_bias_data, make_overlapping, make_separable
from .data import staircase as _staircase
from .geometry import functional_margin, geometric_margin, line_in_box, predict
from .geometry import margins as _margins
from .graphs import (
    complete_graph,
    cycle_graph,
    graph_layout,
    min_vertex_cover,
    path_graph,
    petersen_graph,
    random_graph,
    star_graph,
)
from .hardness import cover_separator, min_disagreement, vertex_cover_instance
from .logistic import (
    log_likelihood_bounds,
    scaled_log_likelihood,
    scaled_log_neg_log_likelihood,
    sigmoid,
    threshold_offset,
)
from .logistic_fit import fit_logistic, fit_logistic_gd, max_margin_direction
from .lp import find_separator, homogeneous_staircase_lp, max_margin_lp, robust_lp
from .perceptron import invariants as _invariants
from .perceptron import mistake_bound as _mistake_bound
from .perceptron import perceptron
from .perceptron import staircase_updates as _staircase_updates
from .plotting import (
    PALETTE,
    decade_limits,
    draw_certificate,
    draw_data,
    draw_graph,
    draw_hulls,
    draw_invariants,
    draw_probability,
    draw_separator,
    set_limits,
    set_title,
    square_limits,
    update_certificate,
    update_data,
    update_graph,
    update_hulls,
    update_invariants,
    update_probability,
    update_separator,
)

__all__ = ["Slider", "Explorer", "MarginExplorer", "ScalingExplorer"]


@dataclass(frozen=True)
class Slider:
    """Specification of one slider: its range, start value and scale.

    ``kind`` is "float" (linear), "log" (log10 scale, min/max are the actual values) or
    "int".
    """

    name: str
    description: str
    min: float
    max: float
    value: float
    step: float | None = None
    kind: str = "float"
    readout_format: str = ".3g"

    def make(self) -> ipw.Widget:
        """Build the ipywidgets slider for this specification."""
        check_choice(self.kind, "kind", ("float", "log", "int"))
        common = {
            "description": self.description,
            "continuous_update": True,
            "style": {"description_width": "initial"},
            "layout": ipw.Layout(width="440px"),
        }
        if self.kind == "int":
            return ipw.IntSlider(
                value=int(self.value),
                min=int(self.min),
                max=int(self.max),
                step=int(self.key_step),
                **common,
            )
        if self.kind == "log":
            return ipw.FloatLogSlider(
                value=self.value,
                base=10,
                min=math.log10(self.min),
                max=math.log10(self.max),
                step=self.key_step,
                readout_format=self.readout_format,
                **common,
            )
        return ipw.FloatSlider(
            value=self.value,
            min=self.min,
            max=self.max,
            step=self.key_step,
            readout_format=self.readout_format,
            **common,
        )

    @property
    def key_step(self) -> float:
        """One step of the slider (a key press): ``step``, else 1 for "int" and 1/100 of the
        range otherwise; for "log" in powers of ten."""
        if self.step:
            return self.step
        if self.kind == "int":
            return 1
        if self.kind == "log":
            return (math.log10(self.max) - math.log10(self.min)) / 100
        return (self.max - self.min) / 100

    def neighbour(self, value: float) -> float:
        """The value one step away from ``value`` (up, or down at the top): one key press."""
        if self.kind == "log":
            factor = 10.0**self.key_step
            up = value * factor
            return up if up <= self.max else value / factor
        step = self.key_step
        return value + step if value + step <= self.max else value - step

    @property
    def extremes(self) -> tuple[float, float]:
        """The two ends of the slider (what the tests exercise)."""
        return (self.min, self.max)


def _half_up(radius: float) -> float:
    """A data radius rounded up to a multiple of 1/2: axes scaled by it keep their limits
    while the radius slider moves within a half (so those frames can be blits)."""
    return math.ceil(2.0 * radius) / 2.0


class Explorer:
    """Base class of every explorer. Subclasses define ``sliders``, ``_setup``, ``compute``,
    ``draw`` and optionally ``readout``."""

    sliders: ClassVar[tuple[Slider, ...]] = ()
    figsize: ClassVar[tuple[float, float]] = (7.0, 5.0)
    #: Widest a live figure may be on screen, in pixels: wider figures get a lower dpi, so
    #: they fit a JupyterLab output area next to the file browser (and a projector) unclipped.
    MAX_WIDTH_PX: ClassVar[int] = 940

    def __init__(self, **values: Any) -> None:
        names = {s.name for s in self.sliders}
        unknown = set(values) - names - set(self.extra_parameters())
        if unknown:
            raise ValueError(
                f"{type(self).__name__} has no parameter(s) {sorted(unknown)}; "
                f"sliders are {sorted(names)}"
            )
        self.values: dict[str, Any] = {s.name: s.value for s in self.sliders}
        self.values.update(values)
        self._check_values(self.values)
        dpi = mpl.rcParams["figure.dpi"]
        dpi = min(dpi, self.MAX_WIDTH_PX / self.figsize[0])
        with plt.ioff():
            self.fig: Figure = plt.figure(figsize=self.figsize, dpi=dpi, layout="constrained")
        self._setup(self.fig)
        self._image: ipw.Image | None = None
        self._readout: ipw.HTML | None = None
        self._box: ipw.VBox | None = None
        self.blitter: Blitter | None = None
        self._quiet = False
        self.controls: dict[str, ipw.Widget] = {}
        self.state = self.compute(**self.values)
        self.draw(self.state)
        # Lay the figure out once (constrained layout), then keep that layout: re-running the
        # layout engine on every slider move roughly doubled the cost of a redraw. (Not
        # canvas.draw(): an ipympl canvas drawn before it is shown stops sending new frames.)
        self.fig.draw_without_rendering()
        self.fig.set_layout_engine("none")

    # -- what subclasses provide -------------------------------------------------------
    def extra_parameters(self) -> tuple[str, ...]:
        """Names of keyword parameters that are not sliders (fixed for one explorer)."""
        return ()

    def _setup(self, fig: Figure) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def compute(self, **values: Any) -> dict[str, Any]:  # pragma: no cover - abstract
        """Slider values -> everything the figure shows (pure numpy)."""
        raise NotImplementedError

    def draw(self, state: dict[str, Any]) -> None:  # pragma: no cover - abstract
        """Move the artists to ``state`` and refresh the canvas."""
        raise NotImplementedError

    def readout(self, state: dict[str, Any]) -> str:
        """One line of text (HTML allowed) shown under the figure."""
        return ""

    # -- shared machinery --------------------------------------------------------------
    def _check_values(self, values: dict[str, Any]) -> None:
        for s in self.sliders:
            v = check_scalar(values[s.name], s.name)
            if not (s.min <= v <= s.max):
                raise ValueError(f"{s.name} must be in [{s.min:g}, {s.max:g}]; got {v:g}")

    def update(self, **values: Any) -> dict[str, Any]:
        """Set some slider values, recompute and redraw; returns the new state."""
        merged = {**self.values, **values}
        self._check_values(merged)
        self.values = merged
        self.state = self.compute(**merged)
        self.draw(self.state)
        if self._readout is not None:
            self._readout.value = self.readout(self.state)
        return self.state

    def refresh(self) -> None:
        """Push the figure to the screen: ipympl redraws itself, the fallback re-encodes."""
        if self._quiet:
            return
        if self._image is not None:
            self._image.value = self.png()
        elif self.blitter is not None:
            self.blitter.show()
        elif isinstance(self.fig.canvas, ipw.DOMWidget):
            self.fig.canvas.draw_idle()

    def png(self) -> bytes:
        """The current figure as PNG bytes."""
        buf = io.BytesIO()
        with self.blitter.everything_drawn() if self.blitter else contextlib.nullcontext():
            self.fig.savefig(buf, format="png", dpi="figure")
        return buf.getvalue()

    def widget(self) -> ipw.VBox:
        """The sliders, the figure and the readout in one box (built once, then reused)."""
        if self._box is not None:
            return self._box
        self.controls = {}
        for s in self.sliders:
            ctl = s.make()
            ctl.value = self.values[s.name]
            ctl.observe(self._on_change, names="value")
            self.controls[s.name] = ctl
        canvas = self.fig.canvas
        if isinstance(canvas, ipw.DOMWidget):  # ipympl: a live canvas widget
            canvas.header_visible = False
            canvas.footer_visible = False
            canvas.toolbar_visible = False
            canvas.resizable = False
            self.blitter = Blitter(self.fig)  # frames redraw only what a slider moved
            self._teach_blitter()
            view = canvas
        else:  # inline or headless: a PNG in an Image widget
            self._image = ipw.Image(value=self.png(), format="png")
            view = self._image
        self._readout = ipw.HTML(self.readout(self.state))
        self._box = ipw.VBox(
            [ipw.VBox(list(self.controls.values())), view, self._readout],
            layout=ipw.Layout(align_items="flex-start"),
        )
        return self._box

    def _teach_blitter(self) -> None:
        """Move every slider one step and back, unseen, so that the blitter knows from the
        start which artists each slider moves: the first real move is then a blit too."""
        assert self.blitter is not None
        self._quiet = True  # no refresh: nothing of this reaches the screen
        try:
            for s in self.sliders:
                probe = {**self.values, s.name: s.neighbour(self.values[s.name])}
                self.draw(self.compute(**probe))
                self.blitter.learn()
            self.draw(self.state)
        finally:
            self._quiet = False

    def _on_change(self, change: dict[str, Any]) -> None:
        owner = change["owner"]
        name = next(k for k, v in self.controls.items() if v is owner)
        self.update(**{name: change["new"]})

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v:.4g}" for k, v in self.values.items())
        return f"{type(self).__name__}({shown})"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """Live widget where a widget manager runs; a static PNG of the figure elsewhere."""
        bundle = dict(self.widget()._repr_mimebundle_(**kwargs))
        bundle["text/plain"] = repr(self)
        bundle["image/png"] = base64.b64encode(self.png()).decode("ascii")
        return bundle


# ---------------------------------------------------------------------------------------
# Notebook 01: linear separability
# ---------------------------------------------------------------------------------------


class MarginExplorer(Explorer):
    """Sliders for the margin gamma and the radius R of ``make_separable`` data (notebook 01).

    The figure shows the data, the true separator (w*, b*) with its margin band, the circle
    of radius R, and the margin and radius *measured* from the generated points.
    """

    sliders = (
        Slider("margin", "margin γ", 0.001, 0.5, 0.2, step=0.001),
        Slider("radius", "radius R", 0.5, 3.0, 1.0, step=0.05),
    )
    figsize = (6.0, 6.4)
    R_MAX = 3.0

    def extra_parameters(self) -> tuple[str, ...]:
        return ("n", "seed")

    def __init__(self, n: int = 60, seed: int = 0, **values: Any) -> None:
        self.n, self.seed = n, seed
        super().__init__(**values)

    def _setup(self, fig: Figure) -> None:
        ax = fig.add_subplot()
        self.ax = ax
        square_limits(ax, self.R_MAX, pad=0.08)
        ax.set_xlabel("$x_1$")
        ax.set_ylabel("$x_2$")
        X0, y0, w0, b0 = make_separable(self.n, 2, 0.2, 1.0, seed=self.seed)
        self.data_artists = draw_data(ax, X0, y0, legend=False)
        self.sep_artists = draw_separator(ax, w0, b0, margin=0.2, label="separator $(w^*, b^*)$")
        self.circle = Circle((0, 0), 1.0, fill=False, ls=":", lw=1.5, color=PALETTE["grey"])
        self.circle.set_label("circle of radius R")
        ax.add_patch(self.circle)
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2, fontsize="small")

    def compute(self, *, margin: float, radius: float) -> dict[str, Any]:
        X, y, w, b = make_separable(self.n, 2, margin, radius, seed=self.seed)
        return {
            "X": X,
            "y": y,
            "w": w,
            "b": b,
            "margin": margin,
            "radius": radius,
            "measured_margin": functional_margin(w, b, X, y),  # ||w*|| = 1: also geometric
            "measured_radius": float(np.max(np.linalg.norm(X, axis=1))),
        }

    def draw(self, state: dict[str, Any]) -> None:
        update_data(self.data_artists, state["X"], state["y"])
        update_separator(self.sep_artists, state["w"], state["b"], margin=state["margin"])
        self.circle.set_radius(state["radius"])
        set_title(
            self.ax,
            f"γ = {state['margin']:.3f}, R = {state['radius']:.2f}: measured "
            f"γ = {state['measured_margin']:.3f}, R = {state['measured_radius']:.2f}",
        )
        self.refresh()

    def readout(self, state: dict[str, Any]) -> str:
        return (
            f"measured margin min<sub>i</sub> y<sub>i</sub>(w*·x<sub>i</sub> + b*) = "
            f"{state['measured_margin']:.6f}; measured radius max ‖x<sub>i</sub>‖ = "
            f"{state['measured_radius']:.6f}; R/γ = {state['radius'] / state['margin']:.4g}"
        )


class ScalingExplorer(Explorer):
    """Slider for c: (w, b) -> (c w, c b) scales the functional margin by c while the
    geometric margin and every prediction stay the same (notebook 01, claims C04/C05).

    Left: the data, the separator (unchanged) and the level lines c(w.x + b) = +-1, which
    close in on the separator as c grows. Right: functional and geometric margin against c
    on log-log axes, with the current c marked.
    """

    sliders = (Slider("c", "scale c", 1e-2, 1e3, 1.0, kind="log", step=0.05),)
    figsize = (10.0, 4.6)
    C_RANGE = (1e-2, 1e3)

    def extra_parameters(self) -> tuple[str, ...]:
        return ("n", "seed", "margin")

    def __init__(self, n: int = 30, seed: int = 1, margin: float = 0.25, **values: Any) -> None:
        self.X, self.y, self.w, self.b = make_separable(n, 2, margin, 1.0, seed=seed)
        self.gamma_f = functional_margin(self.w, self.b, self.X, self.y)
        self.base_pred = predict(self.w, self.b, self.X)
        super().__init__(**values)

    def _setup(self, fig: Figure) -> None:
        ax, ax2 = fig.subplots(1, 2)
        self.ax, self.ax2 = ax, ax2
        square_limits(ax, 1.0)
        ax.set_xlabel("$x_1$")
        ax.set_ylabel("$x_2$")
        draw_data(ax, self.X, self.y, legend=False)
        draw_separator(ax, self.w, self.b, margin=None, label="$c(w\\cdot x+b)=0$")
        (self.level_pos,) = ax.plot([], [], color=PALETTE["blue"], ls="--", lw=1.5)
        (self.level_neg,) = ax.plot([], [], color=PALETTE["vermillion"], ls="--", lw=1.5)
        self.level_pos.set_label("$c(w\\cdot x+b)=+1$")
        self.level_neg.set_label("$c(w\\cdot x+b)=-1$")
        ax.legend(loc="lower left", fontsize="small")
        cs = np.logspace(math.log10(self.C_RANGE[0]), math.log10(self.C_RANGE[1]), 200)
        ax2.loglog(cs, cs * self.gamma_f, color=PALETTE["blue"], label="functional margin")
        geo = geometric_margin(self.w, self.b, self.X, self.y)
        ax2.loglog(cs, np.full_like(cs, geo), color=PALETTE["green"], label="geometric margin")
        (self.mark_f,) = ax2.plot([], [], "o", color=PALETTE["blue"], ms=10)
        (self.mark_g,) = ax2.plot([], [], "s", color=PALETTE["green"], ms=10)
        ax2.set_xlabel("scale factor $c$")
        ax2.set_ylabel("margin of $(cw, cb)$")
        ax2.legend(loc="upper left")

    def compute(self, *, c: float) -> dict[str, Any]:
        c = check_scalar(c, "c", positive=True)
        w, b = c * self.w, c * self.b
        pred = predict(w, b, self.X)
        return {
            "c": c,
            "w": w,
            "b": b,
            "functional": functional_margin(w, b, self.X, self.y),
            "geometric": geometric_margin(w, b, self.X, self.y),
            "changed_predictions": int(np.sum(pred != self.base_pred)),
        }

    def draw(self, state: dict[str, Any]) -> None:
        c = state["c"]
        xlim, ylim = self.ax.get_xlim(), self.ax.get_ylim()
        # c (w.x + b) = +-1  <=>  w.x + (b -+ 1/c) = 0
        self.level_pos.set_data(*line_in_box(self.w, self.b - 1.0 / c, xlim, ylim))
        self.level_neg.set_data(*line_in_box(self.w, self.b + 1.0 / c, xlim, ylim))
        self.mark_f.set_data([c], [state["functional"]])
        self.mark_g.set_data([c], [state["geometric"]])
        set_title(self.ax, f"same line; predictions changed: {state['changed_predictions']}")
        set_title(
            self.ax2,
            f"c = {c:.3g}: functional {state['functional']:.3g}, "
            f"geometric {state['geometric']:.3f}",
        )
        self.refresh()

    def readout(self, state: dict[str, Any]) -> str:
        return (
            f"c = {state['c']:.4g}: functional margin = {state['functional']:.6g}, "
            f"geometric margin = {state['geometric']:.6f}, "
            f"predictions changed = {state['changed_predictions']}"
        )


# --- Notebook 02: the perceptron and its convergence proof ---

__all__ += ["PerceptronProofExplorer", "StaircaseExplorer"]


class PerceptronProofExplorer(Explorer):
    """The convergence proof along a live run (notebook 02, claims C09-C13).

    Data: ``make_separable(n, 2, margin, radius, seed)`` with its separator (w*, b*).
    Run: the perceptron from 0 with w <- w + eta y x and b <- b + eta y r^2, where r = 1
    (``variant="affine"``, the b <- b + y rule when eta = 1) or r = R (``variant=
    "learning_rate"``, Shalizi's b <- b + eta y R^2). That run is the homogeneous
    perceptron on the lifted points x' = (x, r) with v = (w, b/r), so the proof lives there:
    u = (w*, b*/r)/||(w*, b*/r)||, gamma' = min y u.x', R' = max ||x'||.

    Panels: the data with the separator after update ``step`` (trace.w[step], trace.b[step])
    and the point that caused that update; u.v_M with the line M eta gamma'; ||v_M||^2
    squeezed between M^2 eta^2 gamma'^2 and M eta^2 R'^2 (log-log), which cross at the bound.
    The run stops at ``max_updates`` updates (stated in the figure when that happens).
    The step slider's range follows the run: values beyond the last update show the end.
    """

    STEP_MAX = 3000
    sliders = (
        Slider("margin", "margin γ", 0.001, 0.5, 0.1, step=0.001, readout_format=".3f"),
        Slider("radius", "radius R", 0.5, 3.0, 1.0, step=0.05, readout_format=".2f"),
        Slider("eta", "learning rate η", 0.01, 100.0, 1.0, kind="log", step=0.1),
        Slider("step", "update t", 0, STEP_MAX, STEP_MAX, kind="int"),
    )
    figsize = (13.0, 5.6)
    VARIANTS = ("affine", "learning_rate")

    def extra_parameters(self) -> tuple[str, ...]:
        return ("n", "seed", "variant", "max_updates")

    def __init__(
        self,
        n: int = 80,
        seed: int = 0,
        variant: str = "affine",
        max_updates: int = STEP_MAX,
        **values: Any,
    ) -> None:
        self.n = check_int(n, "n", minimum=2)
        self.seed = seed
        self.variant = check_choice(variant, "variant", self.VARIANTS)
        self.max_updates = check_int(max_updates, "max_updates", minimum=1)
        if self.max_updates > self.STEP_MAX:
            raise ValueError(
                f"max_updates must be at most {self.STEP_MAX} (the step slider's range); "
                f"got {self.max_updates}"
            )
        self._cache: tuple[tuple[float, float, float], dict[str, Any]] | None = None
        super().__init__(**values)

    # -- the numbers ------------------------------------------------------------------
    def _run(self, margin: float, radius: float, eta: float) -> dict[str, Any]:
        key = (float(margin), float(radius), float(eta))
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        X, y, w_star, b_star = make_separable(self.n, 2, margin, radius, seed=self.seed)
        R = float(np.max(np.linalg.norm(X, axis=1)))
        r = 1.0 if self.variant == "affine" else R
        res = perceptron(
            X, y, lr=eta, bias_step=eta * r * r, max_updates=self.max_updates, max_epochs=10**6
        )
        inv = _invariants(res, X, y, w_star, b_star)
        run = {
            "X": X,
            "y": y,
            "w_star": w_star,
            "b_star": b_star,
            "R": R,
            "gamma": functional_margin(w_star, b_star, X, y),  # ||w*|| = 1
            "r": r,
            "result": res,
            "inv": inv,
            "updates": res.updates,
            "converged": res.converged,
            "capped": (not res.converged) and res.updates >= self.max_updates,
            "bound_lifted": inv.bound,
            "bound_affine": _mistake_bound(X, y, w_star, b_star, "affine"),
            "bound_lift_R": _mistake_bound(X, y, w_star, b_star, "lift", r=R),
            "bound_learning_rate": _mistake_bound(X, y, w_star, b_star, "learning_rate"),
        }
        self._cache = (key, run)
        return run

    def compute(self, *, margin: float, radius: float, eta: float, step: int) -> dict[str, Any]:
        run = self._run(margin, radius, eta)
        tr = run["result"].trace
        t = int(min(max(int(step), 0), run["updates"]))
        return {
            **run,
            "margin": margin,
            "radius": radius,
            "eta": eta,
            "step": t,
            "w_t": tr.w[t].copy(),
            "b_t": float(tr.b[t]),
            "index_t": int(tr.index[t - 1]) if t >= 1 else None,
        }

    # -- the figure -------------------------------------------------------------------
    def _setup(self, fig: Figure) -> None:
        ax, ax_lo, ax_sq = fig.subplots(1, 3, width_ratios=[1.0, 1.0, 1.0])
        self.ax = ax
        square_limits(ax, 3.0, pad=0.05)
        ax.set_xlabel("$x_1$")
        ax.set_ylabel("$x_2$")
        X0, y0, w0, b0 = make_separable(self.n, 2, 0.2, 1.0, seed=self.seed)
        self.data_artists = draw_data(ax, X0, y0, legend=False)
        self.true_sep = draw_separator(
            ax, w0, b0, margin=None, show_normal=False, color=PALETTE["grey"], label="$(w^*, b^*)$"
        )
        self.true_sep.line.set_linestyle("--")
        self.cur_sep = draw_separator(ax, w0, b0, margin=None, label="$(w_t, b_t)$")
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
        self.suptitle = fig.suptitle("")

    def draw(self, state: dict[str, Any]) -> None:
        R = state["R"]
        lim = _half_up(max(1.0, R)) * 1.08
        set_limits(self.ax, (-lim, lim), (-lim, lim))
        update_data(self.data_artists, state["X"], state["y"])
        update_separator(self.true_sep, state["w_star"], state["b_star"])
        t = state["step"]
        update_separator(self.cur_sep, state["w_t"], state["b_t"])
        if state["index_t"] is not None:
            p = state["X"][state["index_t"]]
            self.ring.set_data([p[0]], [p[1]])
        else:
            self.ring.set_data([], [])
        inv = state["inv"]
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
        where = "start $w_0 = 0$" if t == 0 else f"after update {t} of {state['updates']}"
        set_title(self.ax, f"{where}")
        set_title(
            self.inv_artists.ax_lower, f"$u\\cdot v_M \\geq M\\eta\\gamma'$, η = {state['eta']:.3g}"
        )
        set_title(
            self.inv_artists.ax_squeeze,
            "$M^2\\eta^2\\gamma'^2 \\leq \\|v_M\\|^2 \\leq M\\eta^2R'^2$",
        )
        self.cap_text.set_text(
            f"stopped at the cap of {self.max_updates} updates (not converged)"
            if state["capped"]
            else ""
        )
        rule = "b ← b + ηy" if self.variant == "affine" else "b ← b + ηyR²"
        self.suptitle.set_text(
            f"γ = {state['gamma']:.3f}, R = {R:.2f}, rule {rule}: measured M = "
            f"{state['updates']}{' (capped)' if state['capped'] else ''}\n"
            f"bounds: R'²/γ'² = {state['bound_lifted']:.4g},  "
            f"(R²+1)(‖w*‖²+b*²)/γ² = {state['bound_affine']:.4g},  "
            f"(2R/γ)² = {state['bound_learning_rate']:.4g}"
        )
        self.refresh()

    def readout(self, state: dict[str, Any]) -> str:
        t = state["step"]
        if t == 0:
            where = "t = 0: w = 0, b = 0 (every point is a mistake: y(w·x + b) = 0)"
        else:
            i = state["index_t"]
            where = (
                f"update t = {t} was caused by example {i} (label {state['y'][i]:+.0f}); "
                f"now w = ({state['w_t'][0]:.3g}, {state['w_t'][1]:.3g}), b = {state['b_t']:.3g}"
            )
        inv = state["inv"]
        return f"{where}; lift r = {state['r']:.3g}; R' = {inv.radius:.4g}, γ' = {inv.gamma:.4g}"

    # -- keep the step slider's range equal to the run's length ----------------------
    def update(self, **values: Any) -> dict[str, Any]:
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

    def _sync_step(self, state: dict[str, Any]) -> None:
        ctl = self.controls.get("step")
        if ctl is None:
            return
        top = max(int(state["updates"]), 1)
        if ctl.max != top or ctl.value != state["step"]:
            ctl.unobserve(self._on_change, names="value")
            try:
                ctl.max = top
                ctl.value = state["step"]
            finally:
                ctl.observe(self._on_change, names="value")
        self.values["step"] = state["step"]


class StaircaseExplorer(Explorer):
    """Slider for the dimension d of the staircase data x_1 = e_1, x_k = e_k - 2 e_(k-1)
    (all labels +1): the cyclic homogeneous perceptron from 0 makes exactly
    sum_j (2^j - 1)^2 updates, about (4/3) 4^d, while the LP returns a separator at once
    (notebook 02, claim C16).

    Left: updates against d (log scale): the closed form, the measured counts for every d
    up to the slider's value, and the bound R^2/gamma^2 of the LP's separator. Right: the
    weights w_k of the perceptron's final w and of the LP's w (log scale): both double (at
    least) from one coordinate to the next, which is why gamma <= 2^(1-d).
    """

    D_MAX = 8
    sliders = (Slider("d", "dimension d", 2, D_MAX, 5, kind="int"),)
    figsize = (11.0, 4.5)

    def __init__(self, **values: Any) -> None:
        self._runs: dict[int, Any] = {}
        super().__init__(**values)

    def _run(self, d: int) -> dict[str, Any]:
        if d not in self._runs:
            X, y = _staircase(d)
            closed = _staircase_updates(d)
            res = perceptron(X, y, bias=False, max_epochs=closed + 2, trace=False)
            w_lp = homogeneous_staircase_lp(d)
            gamma_lp = float(np.min(_margins(w_lp, 0.0, X, y)) / np.linalg.norm(w_lp))
            R = float(np.max(np.linalg.norm(X, axis=1)))
            self._runs[d] = {
                "updates": res.updates,
                "converged": res.converged,
                "w": res.w.copy(),
                "closed_form": closed,
                "w_lp": w_lp,
                "gamma_lp": gamma_lp,
                "R": R,
                "bound_lp": _mistake_bound(X, y, w_lp, 0.0, "homogeneous"),
            }
        return self._runs[d]

    def compute(self, *, d: int) -> dict[str, Any]:
        d = check_int(d, "d", minimum=2)
        if d > self.D_MAX:
            raise ValueError(f"d must be at most {self.D_MAX}; got {d}")
        ds = list(range(2, d + 1))
        runs = [self._run(k) for k in ds]
        cur = runs[-1]
        return {
            "d": d,
            "ds": np.array(ds),
            "measured": np.array([r["updates"] for r in runs]),
            "bounds": np.array([r["bound_lp"] for r in runs]),
            **cur,
        }

    def _setup(self, fig: Figure) -> None:
        ax, ax2 = fig.subplots(1, 2)
        self.ax, self.ax2 = ax, ax2
        ds = np.arange(1, self.D_MAX + 1)
        ax.semilogy(
            ds,
            [_staircase_updates(int(k)) for k in ds],
            "-",
            color=PALETTE["black"],
            label="$\\sum_{j\\leq d}(2^j-1)^2$",
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
        ax.set_xlim(0.5, self.D_MAX + 0.5)
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

    def draw(self, state: dict[str, Any]) -> None:
        d = state["d"]
        self.measured.set_data(state["ds"], state["measured"])
        self.bound_pts.set_data(state["ds"], state["bounds"])
        self.current.set_data([d], [state["updates"]])
        top = max(float(np.max(state["bounds"])), 4.0**self.D_MAX * 4 / 3) * 3
        set_limits(self.ax, ylim=(0.5, decade_limits(0.5, top)[1]))
        set_title(
            self.ax, f"d = {d}: {state['updates']} updates (closed form {state['closed_form']})"
        )
        ks = np.arange(1, d + 1)
        self.w_perc.set_data(ks, state["w"])
        self.w_lp.set_data(ks, state["w_lp"])
        self.powers.set_data(ks, 2.0 ** (ks - 1))
        vals = np.concatenate([state["w"], state["w_lp"], 2.0 ** (ks - 1)])
        # fixed x range and whole powers of ten in y: neighbouring d share the limits
        lo, hi = float(vals.min()) / 2, float(vals.max()) * 2
        set_limits(
            self.ax2, (0.5, self.D_MAX + 0.5), decade_limits(lo, max(hi, 2.0 ** (self.D_MAX + 1)))
        )
        set_title(self.ax2, f"weights double: γ ≤ 2^(1-d) = {2.0 ** (1 - d):.3g}")
        self.refresh()

    def readout(self, state: dict[str, Any]) -> str:
        return (
            f"d = {state['d']}: perceptron updates = {state['updates']}, "
            f"closed form = {state['closed_form']}; LP separator's margin γ = "
            f"{state['gamma_lp']:.3g}, R = {state['R']:.3g}, R²/γ² = {state['bound_lp']:.4g}"
        )


# --- Notebook 03: the log-likelihood approaching 0 ---

__all__ += [
    "ThresholdExplorer",
    "LIKELIHOOD_DATA_OPTIONS",
    "likelihood_scaling_data",
    "LikelihoodScalingExplorer",
    "ImplicitBiasExplorer",
]


def _box_limits(
    X: np.ndarray, pad: float = 0.12
) -> tuple[tuple[float, float], tuple[float, float]]:
    """A square box around the data (same span on both axes), padded by ``pad`` of the span."""
    lo, hi = X[:, :2].min(axis=0), X[:, :2].max(axis=0)
    centre = (lo + hi) / 2.0
    half = float(np.max(hi - lo)) / 2.0 * (1.0 + 2.0 * pad)
    return (
        (float(centre[0] - half), float(centre[0] + half)),
        (float(centre[1] - half), float(centre[1] + half)),
    )


class ThresholdExplorer(Explorer):
    """Slider for the threshold T of the rule "predict +1 when sigma(w.x + b) >= T" (claim C18).

    (w, b) is the maximum-likelihood fit on two overlapping Gaussian blobs. Left: the sigmoid
    with the level T and the score t = -ln(1/T - 1) where it is reached. Right: the data on
    the shaded probability P(y = +1 | x), the boundary w.x + b = t for this T (solid) and the
    T = 1/2 boundary w.x + b = 0 (dashed). Used in notebook 03.
    """

    sliders = (Slider("T", "threshold T", 0.01, 0.99, 0.5, step=0.01, readout_format=".2f"),)
    figsize = (11.0, 4.6)
    Z_RANGE = 8.0

    def extra_parameters(self) -> tuple[str, ...]:
        return ("n", "seed", "separation")

    def __init__(self, n: int = 40, seed: int = 0, separation: float = 2.0, **values: Any) -> None:
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
        xlim, ylim = _box_limits(self.X)
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

    def compute(self, *, T: float) -> dict[str, Any]:
        t = threshold_offset(T)
        pred = self.scores >= t
        pos = self.y > 0
        return {
            "T": float(T),
            "t": t,
            "predicted_positive": int(pred.sum()),
            "false_positive": int(np.sum(pred & ~pos)),
            "false_negative": int(np.sum(~pred & pos)),
            "n": int(len(self.y)),
        }

    def draw(self, state: dict[str, Any]) -> None:
        T, t = state["T"], state["t"]
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
            f"{state['false_positive']} FP, {state['false_negative']} FN",
        )
        self.refresh()

    def readout(self, state: dict[str, Any]) -> str:
        return (
            f"T = {state['T']:.2f}: boundary w·x + b = −ln(1/T − 1) = {state['t']:+.4f}; "
            f"predicted +1: {state['predicted_positive']} of {state['n']}; "
            f"false positives {state['false_positive']}, false negatives {state['false_negative']}"
        )


#: The three data sets of ``LikelihoodScalingExplorer`` (the "data" selector).
LIKELIHOOD_DATA_OPTIONS = ("separable", "one point wrong", "one point on the boundary")


def _point_on_boundary(w: np.ndarray, b: float, X: np.ndarray, y: np.ndarray, i: int) -> np.ndarray:
    """Copy of X whose row i lies exactly on w.x + b = 0 (margin exactly 0.0 in float64).

    Start from the orthogonal projection, then nudge the second coordinate by a few ulps until
    the margin, evaluated the way the package evaluates it, is exactly zero.
    """
    Xb = X.copy()
    x = X[i] - (X[i] @ w + b) / (w @ w) * w
    j = int(np.argmax(np.abs(w)))
    k = 1 - j
    for step in range(2000):
        cand = x.copy()
        cand[j] = -(b + w[k] * cand[k]) / w[j]
        Xb[i] = cand
        if _margins(w, b, Xb, y)[i] == 0.0:
            return Xb
        x[k] = np.nextafter(x[k], np.inf if step % 2 == 0 else -np.inf) + step * 1e-17
    raise RuntimeError("could not place a point exactly on the boundary")  # pragma: no cover


def likelihood_scaling_data(
    option: str = "separable", *, n: int = 12, seed: int = 3, margin: float = 0.3
) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, int]:
    """The data of ``LikelihoodScalingExplorer``: (X, y, w, b, i) for one of three options.

    "separable": make_separable data with its separator (w*, b*), smallest margin ``margin``;
    "one point wrong": the label of the smallest-margin point i is flipped (margin -margin);
    "one point on the boundary": point i is moved onto w*.x + b* = 0 (margin exactly 0).
    i is the index of the point that differs between the options. Used in notebook 03.
    """
    option = check_choice(option, "data", LIKELIHOOD_DATA_OPTIONS)
    X, y, w, b = make_separable(n, 2, margin, 1.0, seed=seed)
    i = int(np.argmin(_margins(w, b, X, y)))
    if option == "one point wrong":
        y = y.copy()
        y[i] = -y[i]
    elif option == "one point on the boundary":
        X = _point_on_boundary(w, b, X, y, i)
    return X, y, w, float(b), i


class LikelihoodScalingExplorer(Explorer):
    """Slider for c: the log-likelihood of (c w, c b) on fixed data (claims C19-C21).

    ``data`` picks one of LIKELIHOOD_DATA_OPTIONS (also a toggle in the widget). Left: the data
    shaded by P(y = +1 | x) = sigma(c (w.x + b)), which sharpens to a step as c grows, with the
    special point ringed. Middle: ln L(c w, c b) against c (symlog axis) with, for a separator,
    the bounds -n e^(-c m_min) <= ln L <= -ln(1 + e^(-c m_min)), the -ln 2 line and the limit.
    Right: ln(-ln L), computed as a log-sum-exp, which stays finite after -ln L has rounded to 0
    in float64 (c m_min > ~745, marked). Used in notebook 03.
    """

    sliders = (Slider("c", "scale c", 1e-2, 1e6, 1.0, kind="log", step=0.02),)
    figsize = (13.0, 5.2)
    C_RANGE = (1e-2, 1e6)
    UNDERFLOW = 745.2  # e^-x is 0.0 in float64 beyond this x

    def extra_parameters(self) -> tuple[str, ...]:
        return ("data", "n", "seed", "margin")

    def __init__(
        self,
        data: str = "separable",
        n: int = 12,
        seed: int = 3,
        margin: float = 0.3,
        **values: Any,
    ) -> None:
        self.n, self.seed, self.margin = n, seed, margin
        self.cs = np.geomspace(*self.C_RANGE, 400)
        self._toggle: ipw.ToggleButtons | None = None
        self._load(data)
        super().__init__(**values)

    # -- data -----------------------------------------------------------------------------
    def _load(self, option: str) -> None:
        self.data = check_choice(option, "data", LIKELIHOOD_DATA_OPTIONS)
        self.X, self.y, self.w, self.b, self.special = likelihood_scaling_data(
            option, n=self.n, seed=self.seed, margin=self.margin
        )
        self.m = _margins(self.w, self.b, self.X, self.y)
        self.m_min = float(self.m.min())
        self.k0 = int(np.sum(self.m == 0.0))
        self.curve = np.asarray(scaled_log_likelihood(self.w, self.b, self.X, self.y, self.cs))
        self.curve_log = np.asarray(
            scaled_log_neg_log_likelihood(self.w, self.b, self.X, self.y, self.cs)
        )
        self.bounds = log_likelihood_bounds(self.m, self.cs) if self.m_min > 0 else None

    def select(self, option: str) -> dict[str, Any]:
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
        # middle: ln L
        kw = {"lw": 1.5, "ls": "--"}
        (self.line_ll,) = ax1.plot([], [], color=PALETTE["black"], label="$\\ln L(cw, cb)$")
        (self.line_up,) = ax1.plot([], [], color=PALETTE["blue"], label="upper bound", **kw)
        (self.line_lo,) = ax1.plot([], [], color=PALETTE["vermillion"], label="lower bound", **kw)
        (self.line_lim,) = ax1.plot([], [], color=PALETTE["green"], lw=2, ls="-.", label="limit")
        ax1.axhline(-math.log(2), color=PALETTE["purple"], ls=":", lw=2, label="$-\\ln 2$")
        (self.mark1,) = ax1.plot([], [], "o", color=PALETTE["orange"], ms=10, zorder=5)
        ax1.set_xscale("log")
        ax1.set_yscale("symlog", linthresh=1.0)
        ax1.set_xlim(*self.C_RANGE)
        ax1.set_xlabel("scale $c$")
        ax1.set_ylabel("$\\ln L(cw, cb)$ (symlog)")
        # right: ln(-ln L)
        (self.line_lg,) = ax2.plot([], [], color=PALETTE["black"], label="$\\ln(-\\ln L)$")
        (self.line_lg_hi,) = ax2.plot(
            [], [], color=PALETTE["vermillion"], label="from lower bound", **kw
        )
        (self.line_lg_lo,) = ax2.plot([], [], color=PALETTE["blue"], label="from upper bound", **kw)
        ax2.axhline(
            math.log(math.log(2)), color=PALETTE["purple"], ls=":", lw=2, label="$\\ln\\ln 2$"
        )
        self.underflow = ax2.axvline(
            1.0, color=PALETTE["grey"], lw=1.5, label="$-\\ln L$ = 0.0 in float64"
        )
        (self.mark2,) = ax2.plot([], [], "o", color=PALETTE["orange"], ms=10, zorder=5)
        ax2.set_xscale("log")
        ax2.set_yscale("symlog", linthresh=1.0)
        ax2.set_xlim(*self.C_RANGE)
        ax2.set_xlabel("scale $c$")
        ax2.set_ylabel("$\\ln(-\\ln L(cw, cb))$ (symlog)")
        self._draw_data_set()

    def _draw_data_set(self) -> None:
        """Move the artists that depend on the data set only (not on c)."""
        update_data(self.data_artists, self.X, self.y)
        self.ring.set_data([self.X[self.special, 0]], [self.X[self.special, 1]])
        self.ring.set_visible(self.data != "separable")
        cs = self.cs
        self.line_ll.set_data(cs, self.curve)
        self.line_lg.set_data(cs, self.curve_log)
        if self.bounds is not None:
            self.line_up.set_data(cs, self.bounds.upper)
            self.line_lo.set_data(cs, self.bounds.lower)
            self.line_lg_hi.set_data(cs, self.bounds.log_neg_lower)
            self.line_lg_lo.set_data(cs, self.bounds.log_neg_upper)
            c_under = self.UNDERFLOW / self.m_min
            self.underflow.set_xdata([c_under, c_under])
            self.underflow.set_visible(c_under <= self.C_RANGE[1])
            self.line_lim.set_data(cs, np.zeros_like(cs))
            self.line_lim.set_label("limit 0")
        else:
            for line in (self.line_up, self.line_lo, self.line_lg_hi, self.line_lg_lo):
                line.set_data([], [])
            self.underflow.set_visible(False)
            if self.k0 > 0 and self.m_min == 0.0:
                self.line_lim.set_data(cs, np.full_like(cs, -self.k0 * math.log(2)))
                self.line_lim.set_label(f"limit $-k_0 \\ln 2$, $k_0$ = {self.k0}")
            else:  # some margin < 0: ln L ~ c * (sum of the negative margins) -> -inf
                slope = float(self.m[self.m < 0].sum())
                far = cs * abs(self.m_min) >= 3.0  # where the asymptote is already close
                self.line_lim.set_data(cs[far], cs[far] * slope - self.k0 * math.log(2))
                self.line_lim.set_label(f"asymptote ${slope:.2f}\\,c$")
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
        lo1 = float(min(self.curve.min(), -len(self.y)))
        self.ax1.set_ylim(1.6 * lo1, 0.5)
        lo2 = float(min(self.curve_log.min(), -1.0))
        hi2 = float(self.curve_log.max())
        self.ax2.set_ylim(1.6 * lo2, hi2 + 0.5 * abs(hi2) + 1.0)

    def compute(self, *, c: float) -> dict[str, Any]:
        c = check_scalar(c, "c", positive=True)
        ll = float(scaled_log_likelihood(self.w, self.b, self.X, self.y, c))
        lnl = float(scaled_log_neg_log_likelihood(self.w, self.b, self.X, self.y, c))
        own = np.asarray(sigmoid(c * self.m))  # P(own label) of every point
        state = {
            "c": c,
            "data": self.data,
            "log_likelihood": ll,
            "log_neg_log_likelihood": lnl,
            "underflowed": ll == 0.0,
            "own_probability": own,
            "min_own_probability": float(own.min()),
            "m_min": self.m_min,
            "k0": self.k0,
            "lower": None,
            "upper": None,
        }
        if self.bounds is not None:
            bd = log_likelihood_bounds(self.m, c)
            state["lower"], state["upper"] = float(bd.lower), float(bd.upper)
            state["log_neg_lower"], state["log_neg_upper"] = (
                float(bd.log_neg_lower),
                float(bd.log_neg_upper),
            )
        if self.m_min > 0:
            state["limit"] = 0.0
        elif self.m_min == 0.0:
            state["limit"] = -self.k0 * math.log(2)
        else:
            state["limit"] = -math.inf
        return state

    def draw(self, state: dict[str, Any]) -> None:
        c = state["c"]
        update_probability(self.prob, self.w, self.b, scale=c)
        self.mark1.set_data([c], [state["log_likelihood"]])
        self.mark2.set_data([c], [state["log_neg_log_likelihood"]])
        set_title(
            self.ax0, f"{self.data}\nsmallest P(own label) = {state['min_own_probability']:.4g}"
        )
        set_title(self.ax1, f"c = {c:.3g}: ln L = {state['log_likelihood']:.4g}")
        set_title(self.ax2, f"ln(−ln L) = {state['log_neg_log_likelihood']:.4g}")
        self.refresh()

    def readout(self, state: dict[str, Any]) -> str:
        text = (
            f"[{state['data']}] c = {state['c']:.4g}: ln L(cw, cb) = {state['log_likelihood']:.6g}"
            f" (float64), ln(−ln L) = {state['log_neg_log_likelihood']:.6g}, "
            f"smallest margin m<sub>min</sub> = {state['m_min']:.3g}"
        )
        if state["lower"] is not None:
            text += f"; bounds {state['lower']:.3g} ≤ ln L ≤ {state['upper']:.3g}"
        if state["underflowed"]:
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


class ImplicitBiasExplorer(Explorer):
    """Slider for the step t of gradient descent on separable data (Soudry et al. 2018).

    Homogeneous logistic regression on ``make_implicit_bias_data`` (max-margin direction known),
    run once for STEPS steps and recorded at log-spaced t. Top left: the data, the max-margin
    separator and the GD separator w(t).x = 0. Top right: the angle between w(t) and the
    max-margin direction against t. Bottom: ||w(t)|| (grows like ln t with slope 1/gamma) and
    the mean loss (falls like 1/t). Used in notebook 03.
    """

    STEPS = 100_000
    sliders = (Slider("t", "gradient step t", 1.0, float(STEPS), 100.0, kind="log", step=0.02),)
    figsize = (10.5, 8.0)

    def extra_parameters(self) -> tuple[str, ...]:
        return ("seed",)

    def __init__(self, seed: int = 0, **values: Any) -> None:
        self.X, self.y, self.u, self.gamma = make_implicit_bias_data(seed)
        self.svm = max_margin_direction(self.X, self.y)
        self.trace = fit_logistic_gd(self.X, self.y, steps=self.STEPS, record=300)
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
        r = float(np.max(np.linalg.norm(self.X, axis=1)))
        square_limits(ax0, r, pad=0.1)
        ax0.set_xlabel("$x_1$")
        ax0.set_ylabel("$x_2$")
        draw_data(ax0, self.X, self.y, legend=False)
        draw_separator(
            ax0, self.svm.w, 0.0, margin=self.svm.margin, show_normal=False, label="max margin"
        )
        self.gd_sep = draw_separator(
            ax0, self.Ws[0], 0.0, color=PALETTE["orange"], label="GD: $w(t)\\cdot x=0$"
        )
        ax0.legend(loc="lower left", fontsize="x-small")
        ts, last = self.ts, self.ts[-1]
        ax1.semilogx(ts, self.angles, color=PALETTE["black"], label="angle")
        guide = self.angles[-1] * np.log(last) / np.log(np.maximum(ts, 2.0))
        ax1.semilogx(ts, guide, color=PALETTE["grey"], ls="--", lw=1.5, label="$\\propto 1/\\ln t$")
        ax1.set_ylim(0.0, 1.1 * float(np.nanmax(self.angles)))
        ax1.set_xlabel("step $t$")
        ax1.set_ylabel("angle to max-margin direction (°)")
        ax1.legend(loc="upper right", fontsize="small")
        ax2.semilogx(ts, self.norms, color=PALETTE["black"], label="$\\|w(t)\\|$")
        slope = 1.0 / self.svm.margin
        ax2.semilogx(
            ts,
            self.norms[-1] + slope * (np.log(ts) - np.log(last)),
            color=PALETTE["grey"],
            ls="--",
            lw=1.5,
            label=f"slope $1/\\gamma$ = {slope:.3g} per unit of $\\ln t$",
        )
        ax2.set_ylim(0.0, 1.1 * float(self.norms.max()))
        ax2.set_xlabel("step $t$")
        ax2.set_ylabel("$\\|w(t)\\|$")
        ax2.legend(loc="upper left", fontsize="small")
        ax3.loglog(ts, self.losses, color=PALETTE["black"], label="mean loss $-\\ln L / n$")
        ax3.loglog(
            ts,
            self.losses[-1] * last / ts,
            color=PALETTE["grey"],
            ls="--",
            lw=1.5,
            label="$\\propto 1/t$",
        )
        ax3.set_ylim(0.5 * float(self.losses.min()), 2.0 * float(self.losses.max()))
        ax3.set_xlabel("step $t$")
        ax3.set_ylabel("mean logistic loss")
        ax3.legend(loc="lower left", fontsize="small")
        self.vlines = [ax.axvline(1.0, color=PALETTE["orange"], lw=1.5) for ax in (ax1, ax2, ax3)]
        (self.mark,) = ax1.plot([], [], "o", color=PALETTE["orange"], ms=9)

    def compute(self, *, t: float) -> dict[str, Any]:
        t = check_scalar(t, "t", positive=True)
        k = max(0, int(np.searchsorted(self.ts, t, side="right")) - 1)
        return {
            "t": float(self.ts[k]),
            "w": self.Ws[k].copy(),
            "angle_deg": float(self.angles[k]),
            "norm": float(self.norms[k]),
            "loss": float(self.losses[k]),
            "margin": float(geometric_margin(self.Ws[k], 0.0, self.X, self.y)),
            "svm_margin": float(self.svm.margin),
        }

    def draw(self, state: dict[str, Any]) -> None:
        t = state["t"]
        update_separator(self.gd_sep, state["w"], 0.0)
        for line in self.vlines:
            line.set_xdata([t, t])
        self.mark.set_data([t], [state["angle_deg"]])
        set_title(self.axes[0], f"t = {t:.0f}: geometric margin {state['margin']:.3f}")
        set_title(self.axes[1], f"angle {state['angle_deg']:.2f}°")
        set_title(self.axes[2], f"‖w(t)‖ = {state['norm']:.3g}")
        set_title(self.axes[3], f"loss = {state['loss']:.3g}")
        self.refresh()

    def readout(self, state: dict[str, Any]) -> str:
        return (
            f"t = {state['t']:.0f}: angle to the max-margin direction {state['angle_deg']:.3f}°, "
            f"‖w(t)‖ = {state['norm']:.4g}, mean loss {state['loss']:.4g}, geometric margin "
            f"{state['margin']:.4f} (max margin {state['svm_margin']:.4f})"
        )


# --- Notebook 04: finding a separator is a linear program ---


__all__ += ["LPSeparatorsExplorer", "CertificateExplorer"]


def _euclidean_margin(w: np.ndarray | None, b: float | None, X: np.ndarray, y: np.ndarray) -> float:
    """min_i y_i (w.x_i + b) / ||w||_2, or nan when there is no separator (w None or 0)."""
    if w is None or b is None or not np.any(w != 0):
        return float("nan")
    return geometric_margin(w, b, X, y)


class LPSeparatorsExplorer(Explorer):
    """Sliders for the margin gamma and radius R of ``make_separable`` data; the figure shows
    four separators of the same data with their geometric (Euclidean) margins (notebook 04):

    - the feasibility LP A (w, b) >= 1 with a zero objective (``find_separator``),
    - the affine perceptron from 0 (b <- b + y), stopped after ``cap`` updates at the latest,
    - Mangasarian's max-margin LPs for the l1 and the l-infinity distance (``max_margin_lp``),

    next to the generating separator (w*, b*), whose margin is exactly gamma.
    """

    sliders = (
        Slider("margin", "margin γ", 0.001, 0.5, 0.2, step=0.001),
        Slider("radius", "radius R", 0.5, 3.0, 1.0, step=0.05),
    )
    figsize = (6.4, 7.0)
    NAMES = (
        "true (w*, b*)",
        "LP, zero objective",
        "perceptron",
        "max-margin LP, ℓ1",
        "max-margin LP, ℓ∞",
    )
    COLOURS = (
        PALETTE["grey"],
        PALETTE["black"],
        PALETTE["orange"],
        PALETTE["green"],
        PALETTE["purple"],
    )
    STYLES = (":", "-", "--", "-.", (0, (5, 1, 1, 1, 1, 1)))

    def extra_parameters(self) -> tuple[str, ...]:
        return ("n", "seed", "cap")

    def __init__(self, n: int = 40, seed: int = 0, cap: int = 5000, **values: Any) -> None:
        self.n, self.seed, self.cap = n, seed, cap
        super().__init__(**values)

    def _setup(self, fig: Figure) -> None:
        ax = fig.add_subplot()
        self.ax = ax
        square_limits(ax, 1.0)
        ax.set_xlabel("$x_1$")
        ax.set_ylabel("$x_2$")
        X0, y0, w0, b0 = make_separable(self.n, 2, 0.2, 1.0, seed=self.seed)
        self.data_artists = draw_data(ax, X0, y0, legend=False)
        self.seps = []
        for name, colour, style in zip(self.NAMES, self.COLOURS, self.STYLES, strict=True):
            arts = draw_separator(ax, w0, b0, show_normal=False, color=colour, label=name)
            arts.line.set_linestyle(style)
            self.seps.append(arts)
        self.legend = ax.legend(
            handles=[s.line for s in self.seps],
            loc="upper center",
            bbox_to_anchor=(0.5, -0.12),
            ncol=1,
            fontsize="small",
            title="geometric margin min y(w·x+b)/‖w‖",
            title_fontsize="small",
        )

    def compute(self, *, margin: float, radius: float) -> dict[str, Any]:
        X, y, w_star, b_star = make_separable(self.n, 2, margin, radius, seed=self.seed)
        lp = find_separator(X, y)
        per = perceptron(
            X, y, bias=True, max_updates=self.cap, max_epochs=self.cap + 1, trace=False
        )
        l1 = max_margin_lp(X, y, norm="l1")
        linf = max_margin_lp(X, y, norm="linf")
        wbs = [(w_star, b_star), (lp.w, lp.b), (per.w, per.b), (l1.w, l1.b), (linf.w, linf.b)]
        return {
            "X": X,
            "y": y,
            "margin": margin,
            "radius": radius,
            "separators": wbs,
            "geometric": [_euclidean_margin(np.asarray(w), b, X, y) for w, b in wbs],
            "lp_separable": lp.separable,
            "perceptron_updates": per.updates,
            "perceptron_converged": per.converged,
            "l1_margin": l1.margin,
            "linf_margin": linf.margin,
        }

    def _labels(self, state: dict[str, Any]) -> list[str]:
        g = state["geometric"]
        per = (
            f"perceptron, {state['perceptron_updates']} updates"
            if state["perceptron_converged"]
            else f"perceptron, STOPPED at the cap of {self.cap} updates"
        )
        names = list(self.NAMES)
        names[2] = per
        return [f"{name}: {m:.4f}" for name, m in zip(names, g, strict=True)]

    def draw(self, state: dict[str, Any]) -> None:
        square_limits(self.ax, _half_up(state["radius"]))
        update_data(self.data_artists, state["X"], state["y"])
        for arts, (w, b) in zip(self.seps, state["separators"], strict=True):
            update_separator(arts, w, b)
        for text, label in zip(self.legend.get_texts(), self._labels(state), strict=True):
            text.set_text(label)
        set_title(self.ax, f"γ = {state['margin']:.3f}, R = {state['radius']:.2f}: five separators")
        self.refresh()

    def readout(self, state: dict[str, Any]) -> str:
        return (
            f"ℓ1-distance margin of the ℓ1 LP = {state['l1_margin']:.5f}; "
            f"ℓ∞-distance margin of the ℓ∞ LP = {state['linf_margin']:.5f}; "
            f"R/γ = {state['radius'] / state['margin']:.4g}"
        )


class CertificateExplorer(Explorer):
    """Move one point (sliders for its coordinates) of a small data set and watch the LP
    switch between "separator found" and "certificate found" (notebook 04, claim C25).

    Eight fixed points (four per class) plus the moved point, labelled -1. Separable: the
    LP's separator is drawn. Not separable: Gordan's certificate lambda, the common point p
    of the two convex hulls (a star) and the weights lambda_i on the examples it uses. The
    readout adds the robust LP's mean slack (0 iff separable).
    """

    sliders = (
        Slider("px", "moved point x", -2.0, 2.0, -0.9, step=0.05),
        Slider("py", "moved point y", -2.0, 2.0, 0.3, step=0.05),
    )
    figsize = (6.4, 6.6)
    BASE_X = np.array(
        [
            [-1.4, 0.6],
            [-0.9, -1.1],
            [-0.3, 1.3],
            [-1.6, -0.4],
            [1.2, 0.9],
            [1.5, -0.6],
            [0.4, -1.4],
            [0.8, 0.2],
        ]
    )
    BASE_Y = np.array([1.0, 1.0, 1.0, 1.0, -1.0, -1.0, -1.0, -1.0])
    MOVED_LABEL = -1.0
    LIMIT = 2.2

    def data(self, px: float, py: float) -> tuple[np.ndarray, np.ndarray]:
        """The fixed points plus the moved point (last row)."""
        X = np.vstack([self.BASE_X, [[float(px), float(py)]]])
        return X, np.append(self.BASE_Y, self.MOVED_LABEL)

    def _setup(self, fig: Figure) -> None:
        ax = fig.add_subplot()
        self.ax = ax
        ax.set_xlim(-self.LIMIT, self.LIMIT)
        ax.set_ylim(-self.LIMIT, self.LIMIT)
        ax.set_aspect("equal", adjustable="box")
        ax.set_xlabel("$x_1$")
        ax.set_ylabel("$x_2$")
        X0, y0 = self.data(self.values["px"], self.values["py"])
        self.hulls = draw_hulls(ax, X0, y0)
        self.data_artists = draw_data(ax, X0, y0, legend=False)
        (self.moved,) = ax.plot(
            [],
            [],
            marker="o",
            ms=18,
            mfc="none",
            mec=PALETTE["black"],
            mew=1.5,
            ls="none",
            label="the moved point",
            zorder=5,
        )
        self.sep = draw_separator(ax, [1.0, 0.0], 0.0, show_normal=False, label="LP separator")
        self.cert = draw_certificate(ax, X0)
        ax.legend(
            handles=[
                self.data_artists.pos,
                self.data_artists.neg,
                self.moved,
                self.sep.line,
                self.cert.point,
            ],
            loc="upper center",
            bbox_to_anchor=(0.5, -0.12),
            ncol=3,
            fontsize="small",
        )

    def compute(self, *, px: float, py: float) -> dict[str, Any]:
        X, y = self.data(px, py)
        res = find_separator(X, y)
        rob = robust_lp(X, y)
        state: dict[str, Any] = {
            "X": X,
            "y": y,
            "px": float(px),
            "py": float(py),
            "separable": res.separable,
            "w": res.w,
            "b": res.b,
            "lam": None,
            "point": None,
            "robust": rob.objective,
        }
        if res.separable:
            state["kind"] = "separator"
            state["functional_margin"] = functional_margin(res.w, res.b, X, y)
            state["geometric_margin"] = geometric_margin(res.w, res.b, X, y)
        else:
            cert = res.certificate
            state["kind"] = "certificate"
            state["lam"] = cert.lam
            state["point"] = cert.point
            state["support"] = cert.support
        return state

    def draw(self, state: dict[str, Any]) -> None:
        X, y = state["X"], state["y"]
        update_data(self.data_artists, X, y)
        update_hulls(self.hulls, X, y)
        self.moved.set_data([state["px"]], [state["py"]])
        if state["separable"]:
            update_separator(self.sep, state["w"], state["b"])
            update_certificate(self.cert, X, None, None)
            set_title(
                self.ax,
                f"separator found: min y(w·x+b) = {state['functional_margin']:.3g}, "
                f"distance {state['geometric_margin']:.3f}",
            )
        else:
            update_separator(self.sep, [0.0, 0.0], 0.0)  # hides the line
            update_certificate(self.cert, X, state["lam"], state["point"])
            p = state["point"]
            set_title(self.ax, f"certificate found: p = ({p[0]:.3f}, {p[1]:.3f}) in both hulls")
        self.refresh()

    def readout(self, state: dict[str, Any]) -> str:
        verdict = (
            "separable: A(w, b) ≥ 1 is feasible"
            if state["separable"]
            else "not separable: λ ≥ 0, Aᵀλ = 0, Σλ = 1 is feasible"
        )
        return f"{verdict}; robust LP mean slack = {state['robust']:.4f}"


# --- Notebook 05: minimising disagreements is NP-hard ---

__all__ += ["GRAPH_FAMILIES", "graph_from_family", "graph_name", "VertexCoverExplorer"]

#: The graphs of the notebook-05 selector; all but "Petersen" take their size from a slider.
GRAPH_FAMILIES = ("Petersen", "cycle", "path", "complete", "star", "random")


def graph_from_family(family: str, n: int, seed: int = 0) -> tuple[int, list[tuple[int, int]]]:
    """The graph of the selector: ``family`` in GRAPH_FAMILIES with n vertices (3 <= n).

    "Petersen" ignores n (always 10 vertices); "star" is a centre with n - 1 leaves; "random"
    is G(n, 1/2) drawn with ``seed``. Returns (number of vertices, edges). Notebook 05.
    """
    family = check_choice(family, "family", GRAPH_FAMILIES)
    n = check_int(n, "n", minimum=3)
    if family == "Petersen":
        return petersen_graph()
    if family == "cycle":
        return cycle_graph(n)
    if family == "path":
        return path_graph(n)
    if family == "complete":
        return complete_graph(n)
    if family == "star":
        return star_graph(n - 1)
    return random_graph(n, 0.5, seed=seed)


def graph_name(family: str, n: int, tex: bool = True) -> str:
    """A short name for the selector's graph: "cycle $C_{6}$" (matplotlib mathtext) or, with
    ``tex=False``, plain text for printed tables ("cycle C_6")."""
    family = check_choice(family, "family", GRAPH_FAMILIES)
    n = check_int(n, "n", minimum=3)
    name = {
        "Petersen": "Petersen graph",
        "cycle": f"cycle $C_{{{n}}}$",
        "path": f"path $P_{{{n}}}$",
        "complete": f"complete $K_{{{n}}}$",
        "star": f"star $K_{{1,{n - 1}}}$",
        "random": f"random $G({n}, 1/2)$",
    }[family]
    if tex:
        return name
    return name.replace("$", "").replace("{", "").replace("}", "")


def _strip_heights(groups: np.ndarray) -> np.ndarray:
    """Vertical positions for the score strip: group g, members spread over g +- 0.32."""
    out = np.zeros(groups.shape[0])
    for g in np.unique(groups):
        idx = np.flatnonzero(groups == g)
        m = idx.shape[0]
        out[idx] = g + (0.32 * np.linspace(-1.0, 1.0, m) if m > 1 else 0.0)
    return out


class VertexCoverExplorer(Explorer):
    """The vertex-cover reduction, live (notebook 05, claim C26).

    Controls: the graph (``family``, a dropdown over GRAPH_FAMILIES), its size n (slider
    3..10, ignored by the Petersen graph), the weight of the origin ("n + 1" or "1") and the
    separator shown ("exact optimum" from ``min_disagreement`` or "cover witness" from
    ``cover_separator`` on a minimum cover). Left: the graph; vertices whose point e_i the
    separator gets wrong are orange squares, edges whose point e_i + e_j it gets wrong are
    dashed. Right: every point of the instance at its score w.x + b (origin, vertex points,
    edge points in three rows); mistakes are crossed. Solutions are cached per graph and
    origin weight, so revisiting a setting is instant.
    """

    sliders = (Slider("n", "graph size n", 3, 10, 6, step=1, kind="int"),)
    figsize = (11.0, 4.8)
    ORIGIN_OPTIONS = ("n + 1", "1")
    SEPARATOR_OPTIONS = ("exact optimum", "cover witness")

    def extra_parameters(self) -> tuple[str, ...]:
        return ("family", "origin_weight", "separator")

    def __init__(
        self,
        family: str = "Petersen",
        origin_weight: str = "n + 1",
        separator: str = "exact optimum",
        seed: int = 0,
        **values: Any,
    ) -> None:
        self.seed = check_int(seed, "seed", minimum=0)
        self._cache: dict[tuple[str, int, str], dict[str, Any]] = {}
        super().__init__(family=family, origin_weight=origin_weight, separator=separator, **values)

    def _check_values(self, values: dict[str, Any]) -> None:
        super()._check_values(values)
        check_choice(values["family"], "family", GRAPH_FAMILIES)
        check_choice(values["origin_weight"], "origin_weight", self.ORIGIN_OPTIONS)
        check_choice(values["separator"], "separator", self.SEPARATOR_OPTIONS)
        if int(values["n"]) != values["n"]:
            raise ValueError(f"n must be an integer; got {values['n']!r}")

    # -- numbers ------------------------------------------------------------------------------
    def solve(self, family: str, n: int, origin_weight: str) -> dict[str, Any]:
        """Instance, exact optimum, tau(G), a minimum cover and its witness (cached)."""
        n_v, edges = graph_from_family(family, int(n), seed=self.seed)
        key = (family, n_v, origin_weight)
        if key in self._cache:
            return self._cache[key]
        wo = float(n_v + 1) if origin_weight == "n + 1" else 1.0
        X, y, weights = vertex_cover_instance(n_v, edges, origin_weight=wo)
        res = min_disagreement(X, y, weights)
        cover = min_vertex_cover(n_v, edges)
        w_c, b_c = cover_separator(n_v, cover)
        sol = {
            "family": family,
            "n": n_v,
            "edges": list(edges),
            "pos": graph_layout(n_v, edges),
            "X": X,
            "y": y,
            "weights": weights,
            "origin_weight": wo,
            "optimum": res.mistakes,
            "tau": len(cover),
            "min_cover": tuple(cover),
            "optimum_separator": (np.asarray(res.w, dtype=float), float(res.b)),
            "witness_separator": (w_c, float(b_c)),
        }
        self._cache[key] = sol
        return sol

    def compute(self, *, family: str, n: int, origin_weight: str, separator: str) -> dict[str, Any]:
        sol = self.solve(family, n, origin_weight)
        w, b = sol["optimum_separator" if separator == "exact optimum" else "witness_separator"]
        X, y, weights = sol["X"], sol["y"], sol["weights"]
        n_v = sol["n"]
        scores = X @ w + b
        wrong = y * scores <= 0
        return {
            **sol,
            "separator": separator,
            "w": w,
            "b": b,
            "scores": scores,
            "wrong": wrong,
            "disagreements": float(weights[wrong].sum()),
            "origin_wrong": bool(wrong[0]),
            "wrong_vertices": tuple(int(i) for i in np.flatnonzero(wrong[1 : n_v + 1])),
            "wrong_edges": tuple(int(k) for k in np.flatnonzero(wrong[n_v + 1 :])),
        }

    # -- figure -------------------------------------------------------------------------------
    def _setup(self, fig: Figure) -> None:
        ax, ax2 = fig.subplots(1, 2, width_ratios=[1.0, 1.25])
        self.ax, self.ax2 = ax, ax2
        n0, e0 = petersen_graph()
        self.graph_artists = draw_graph(ax, n0, e0, graph_layout(n0, e0))
        ax.legend(
            handles=[self.graph_artists.cover, self.graph_artists.other],
            labels=["$e_i$ misclassified", "$e_i$ correct"],
            loc="upper center",
            bbox_to_anchor=(0.5, 0.02),
            ncol=2,
            fontsize="small",
            markerscale=0.5,
        )
        ax2.axvline(0.0, color=PALETTE["black"], lw=2, label="$w\\cdot x + b = 0$", zorder=2)
        self.strip = draw_data(ax2, np.zeros((2, 2)), np.array([1.0, -1.0]), legend=False)
        (self.crosses,) = ax2.plot(
            [], [], "o", mfc="none", mec=PALETTE["black"], ms=15, mew=1.8, label="mistake", zorder=5
        )
        self.origin_note = ax2.text(0, 2.25, "", ha="center", va="bottom", fontsize="small")
        ax2.set_ylim(-0.6, 2.75)
        ax2.set_yticks([0, 1, 2], ["edges\n$e_i+e_j$", "vertices\n$e_i$", "origin"])
        ax2.set_xlabel("score $w\\cdot x + b$ of each point")
        ax2.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=4, fontsize="small")

    def draw(self, state: dict[str, Any]) -> None:
        n_v, edges = state["n"], state["edges"]
        update_graph(
            self.graph_artists,
            n_v,
            edges,
            state["pos"],
            cover=state["wrong_vertices"],
            bad_edges=state["wrong_edges"],
        )
        groups = np.concatenate([[2], np.ones(n_v), np.zeros(len(edges))])
        P = np.column_stack([state["scores"], _strip_heights(groups)])
        update_data(self.strip, P, state["y"])
        self.crosses.set_data(P[state["wrong"], 0], P[state["wrong"], 1])
        span = max(1.0, float(np.max(np.abs(state["scores"])))) * 1.2
        set_limits(self.ax2, (-span, span))
        self.origin_note.set_position((state["scores"][0], 2.18))
        self.origin_note.set_text(f"weight {state['origin_weight']:g}")
        name = graph_name(state["family"], n_v)
        set_title(self.ax, f"{name}: $|E|$ = {len(edges)}, $\\tau(G)$ = {state['tau']}")
        set_title(
            self.ax2,
            f"{state['separator']} (origin weight {state['origin_weight']:g}): "
            f"weighted disagreements = {state['disagreements']:g}",
            fontsize="medium",
        )
        self.refresh()

    def readout(self, state: dict[str, Any]) -> str:
        opt, tau = state["optimum"], state["tau"]
        relation = "=" if opt == tau else "<"
        text = (
            f"minimum weighted disagreement (exact solver) = <b>{opt:g}</b> {relation} "
            f"τ(G) = {tau} (brute-force vertex cover); a minimum cover "
            f"{list(state['min_cover'])} gives the witness w = ±2, b = 1."
        )
        if opt < tau:
            text += " The origin is cheap, so the best separator simply gives it up."
        return text

    # -- widget -------------------------------------------------------------------------------
    def widget(self) -> ipw.VBox:
        """A dropdown for the graph, the size slider and two toggles above the figure."""
        if self._box is not None:
            return self._box
        family = ipw.Dropdown(
            options=list(GRAPH_FAMILIES), value=self.values["family"], description="graph"
        )
        origin = ipw.ToggleButtons(
            options=list(self.ORIGIN_OPTIONS),
            value=self.values["origin_weight"],
            description="origin weight",
            style={"description_width": "initial", "button_width": "70px"},
        )
        sep = ipw.ToggleButtons(
            options=list(self.SEPARATOR_OPTIONS),
            value=self.values["separator"],
            description="separator",
            style={"description_width": "initial", "button_width": "120px"},
        )
        box = super().widget()  # builds the n slider, the figure view and the readout
        self.controls.update({"family": family, "origin_weight": origin, "separator": sep})
        for name in ("family", "origin_weight", "separator"):
            self.controls[name].observe(self._on_change, names="value")
        self.controls["n"].disabled = self.values["family"] == "Petersen"
        sliders, *rest = box.children
        box.children = (ipw.HBox([family, sliders]), ipw.HBox([origin, sep]), *rest)
        return box

    def update(self, **values: Any) -> dict[str, Any]:
        state = super().update(**values)
        if "n" in self.controls:
            self.controls["n"].disabled = self.values["family"] == "Petersen"
        return state

    def __repr__(self) -> str:
        v = self.values
        return (
            f"{type(self).__name__}(family={v['family']!r}, n={int(v['n'])}, "
            f"origin_weight={v['origin_weight']!r}, separator={v['separator']!r})"
        )
