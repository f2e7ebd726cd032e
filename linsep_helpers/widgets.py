"""Slider explorers: compute (pure numpy) -> draw (move artists) -> widget (ipywidgets).

Every explorer follows the same pattern, so it can be tested without a browser:

- ``state = explorer.compute(**slider_values)`` returns plain numbers and arrays;
- ``explorer.draw(state)`` moves the artists created once in ``_setup`` and refreshes the
  canvas (no new figure, no new artists);
- ``explorer.widget()`` builds the sliders and wires them to ``update``; displaying the
  explorer in a notebook shows that widget, plus a static PNG of the current figure for
  readers without a kernel (GitHub, nbviewer, HTML export).

With ``%matplotlib widget`` (ipympl) the figure is a live canvas; with any other backend the
explorer falls back to re-encoding a PNG into an ``ipywidgets.Image`` on every move.
"""

from __future__ import annotations

import base64
import io
import math
from dataclasses import dataclass
from typing import Any, ClassVar

import ipywidgets as ipw
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Circle

from ._validate import check_choice, check_scalar
from .data import make_separable
from .geometry import functional_margin, geometric_margin, predict
from .plotting import (
    PALETTE,
    draw_data,
    draw_separator,
    line_in_box,
    square_limits,
    update_data,
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
                step=int(self.step or 1),
                **common,
            )
        if self.kind == "log":
            lo, hi = math.log10(self.min), math.log10(self.max)
            return ipw.FloatLogSlider(
                value=self.value,
                base=10,
                min=lo,
                max=hi,
                step=self.step or (hi - lo) / 100,
                readout_format=self.readout_format,
                **common,
            )
        return ipw.FloatSlider(
            value=self.value,
            min=self.min,
            max=self.max,
            step=self.step or (self.max - self.min) / 100,
            readout_format=self.readout_format,
            **common,
        )

    @property
    def extremes(self) -> tuple[float, float]:
        """The two ends of the slider (what the tests exercise)."""
        return (self.min, self.max)


class Explorer:
    """Base class of every explorer. Subclasses define ``sliders``, ``_setup``, ``compute``,
    ``draw`` and optionally ``readout``."""

    sliders: ClassVar[tuple[Slider, ...]] = ()
    figsize: ClassVar[tuple[float, float]] = (7.0, 5.0)

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
        with plt.ioff():
            self.fig: Figure = plt.figure(figsize=self.figsize, layout="constrained")
        self._setup(self.fig)
        self._image: ipw.Image | None = None
        self._readout: ipw.HTML | None = None
        self._box: ipw.VBox | None = None
        self.controls: dict[str, ipw.Widget] = {}
        self.state = self.compute(**self.values)
        self.draw(self.state)

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
        if self._image is not None:
            self._image.value = self.png()
        elif isinstance(self.fig.canvas, ipw.DOMWidget):
            self.fig.canvas.draw_idle()

    def png(self) -> bytes:
        """The current figure as PNG bytes."""
        buf = io.BytesIO()
        self.fig.savefig(buf, format="png")
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
        ax.add_patch(self.circle)
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=3, fontsize="small")

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
        self.ax.set_title(
            f"γ = {state['margin']:.3f}, R = {state['radius']:.2f}: measured "
            f"γ = {state['measured_margin']:.3f}, R = {state['measured_radius']:.2f}"
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
        self.ax.set_title("the separator does not move")
        self.ax2.set_title(
            f"c = {c:.3g}: functional {state['functional']:.3g}, geometric {state['geometric']:.3f}"
        )
        self.refresh()

    def readout(self, state: dict[str, Any]) -> str:
        return (
            f"c = {state['c']:.4g}: functional margin = {state['functional']:.6g}, "
            f"geometric margin = {state['geometric']:.6f}, "
            f"predictions changed = {state['changed_predictions']}"
        )


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
