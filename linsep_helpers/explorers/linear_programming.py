"""Explorers of notebook 04 (finding a separator is a linear program): five separators of the
same data with their geometric margins, and the LP switching between a separator and Gordan's
certificate as one point moves."""

from __future__ import annotations

import base64
import io
import math
import textwrap
from dataclasses import dataclass
from typing import Any

import matplotlib as mpl
import matplotlib.image  # noqa: F401  (mpl.image)
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.legend import Legend

from .._validate import check_int
from ..data import make_separable
from ..geometry import functional_margin, geometric_margin
from ..lp import find_separator, max_margin_lp, robust_lp
from ..perceptron import perceptron
from ..plotting import (
    PALETTE,
    draw_certificate,
    draw_data,
    draw_hulls,
    draw_separator,
    square_limits,
    update_certificate,
    update_data,
    update_hulls,
    update_separator,
)
from ._base import MARGIN_SLIDER, RADIUS_SLIDER, Explorer, Slider, check_n_seed, set_title

__all__ = ["CertificateExplorer", "CertificateState", "LPSeparatorsExplorer", "LPSeparatorsState"]


class _ReadoutInStaticPNG(Explorer):
    """An explorer whose static PNG (shown where no widget manager runs: a static notebook
    view, an HTML export) carries the read-out line under the figure, as the live view does.
    The notebook's text refers to that line."""

    def static_png(self) -> bytes:
        """The figure as PNG bytes with ``readout(state)`` as a caption under it.

        The caption is drawn in a figure of its own and stacked under the figure's PNG, so
        the live figure and its layout are never touched.
        """
        image = mpl.image.imread(io.BytesIO(self.png()), format="png")
        height, width = image.shape[:2]
        lines = textwrap.wrap(self.readout(self.state), 80)
        dpi = self.fig.dpi
        size = FontProperties(size="small").get_size_in_points()
        cap = Figure(figsize=(width / dpi, (len(lines) * 1.4 + 0.8) * size / 72.0), dpi=dpi)
        cap.patch.set_facecolor(image[0, 0, :3])
        cap.text(0.02, 0.5, "\n".join(lines), ha="left", va="center", fontsize="small")
        buf = io.BytesIO()
        FigureCanvasAgg(cap).print_png(buf)
        caption = mpl.image.imread(io.BytesIO(buf.getvalue()), format="png")
        fitted = np.ones((caption.shape[0], width, image.shape[2]), dtype=image.dtype)
        fitted[:, : min(width, caption.shape[1])] = caption[:, :width, : image.shape[2]]
        out = io.BytesIO()
        mpl.image.imsave(out, np.vstack([image, fitted]), format="png")
        return out.getvalue()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["image/png"] = base64.b64encode(self.static_png()).decode("ascii")
        return bundle


@dataclass(frozen=True)
class LPSeparatorsState:
    """What ``LPSeparatorsExplorer`` shows for one (margin, radius).

    Attributes
    ----------
    X, y
        ``make_separable(n, 2, margin, radius, seed)``.
    margin, radius : float
        The slider values.
    separators : list of (w, b)
        (w*, b*), the zero-objective LP, the perceptron, the l1 and the l-infinity LPs.
    geometric : list of float
        Their geometric margins min y (w.x + b) / ||w||_2.
    lp_separable : bool
        The LP's verdict.
    perceptron_updates, perceptron_converged
        The perceptron's run (stopped at ``cap`` updates at the latest).
    l1_margin, linf_margin : float
        The margins of the max-margin LPs in their own distances.
    perceptron_bound : float
        The affine perceptron's mistake bound (R^2 + 1)(||w*||^2 + b*^2) / gamma_hat^2 for the
        generator's (w*, b*): R = max_i ||x_i||, gamma_hat = min_i y_i (w*.x_i + b*) (= gamma,
        since ||w*|| = 1).
    """

    X: np.ndarray
    y: np.ndarray
    margin: float
    radius: float
    separators: list[tuple[np.ndarray, float]]
    geometric: list[float]
    lp_separable: bool
    perceptron_updates: int
    perceptron_converged: bool
    l1_margin: float
    linf_margin: float
    perceptron_bound: float


class LPSeparatorsExplorer(_ReadoutInStaticPNG):
    """Sliders for the margin gamma and radius R of ``make_separable`` data; the figure shows
    four separators of the same data with their geometric (Euclidean) margins:

    - the feasibility LP A (w, b) >= 1 with a zero objective (``find_separator``),
    - the affine perceptron from 0 (b <- b + y), stopped after ``cap`` updates at the latest,
    - Mangasarian's max-margin LPs for the l1 and the l-infinity distance (``max_margin_lp``),

    next to the generating separator (w*, b*), whose geometric margin is exactly gamma (the
    generator's margin; the data's own largest margin can be larger). Used in notebook 04.

    Parameters
    ----------
    n : int
        Number of points (>= 2).
    seed : int
        Seed of the data.
    cap : int
        Most perceptron updates (>= 1).
    **values
        Start values of the sliders ``margin`` and ``radius``.
    """

    sliders = (MARGIN_SLIDER, RADIUS_SLIDER)
    figsize = (6.4, 7.0)
    NAMES = (
        "generator's (w*, b*)",
        "LP, zero objective",
        "perceptron",
        "max ℓ1-distance margin LP (|w_j| ≤ 1)",
        "max ℓ∞-distance margin LP (‖w‖₁ ≤ 1)",
    )
    COLOURS = (
        PALETTE["grey"],
        PALETTE["black"],
        PALETTE["orange"],
        PALETTE["green"],
        PALETTE["purple"],
    )
    STYLES = (":", "-", "--", "-.", (0, (5, 1, 1, 1, 1, 1)))

    def __init__(self, *, n: int = 40, seed: int = 0, cap: int = 5000, **values: float) -> None:
        self.n, self.seed = check_n_seed(n, seed)
        self.cap = check_int(cap, "cap", minimum=1)
        super().__init__(**values)
        self._pin_margin_texts()

    def _pin_margin_texts(self) -> None:
        """Put each margin 6 points right of the legend, level with its row (in axes
        fractions, which the fixed layout keeps; placing them relative to the legend on every
        frame cost about 1 ms per text)."""
        renderer = self.fig.canvas.get_renderer()
        right = self.legend.get_window_extent(renderer).x1 + 6.0 * self.fig.dpi / 72.0
        to_axes = self.ax.transAxes.inverted()
        for text, row in zip(self.margin_texts, self.legend.get_texts(), strict=True):
            box = row.get_window_extent(renderer)
            text.set_position(to_axes.transform((right, (box.y0 + box.y1) / 2.0)))

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
        # the legend's names never change (it stays in the background of a live figure); the
        # margins are short texts right of its rows, the only parts redrawn (drawing the whole
        # legend cost 15-25 ms per frame)
        self.legend = ax.legend(
            handles=[s.line for s in self.seps],
            loc="upper left",
            bbox_to_anchor=(-0.15, -0.12),
            ncol=1,
            fontsize="small",
            frameon=False,
            title="geometric margin\nmin y(w·x+b)/‖w‖ of",
            title_fontsize="small",
            alignment="left",
        )
        # the classes, in a second legend right of the first one's title (added as an
        # artist: the axes' own legend, which the layout makes room for, stays the first)
        classes = Legend(
            ax,
            [self.data_artists.pos, self.data_artists.neg],
            [h.get_label() for h in (self.data_artists.pos, self.data_artists.neg)],
            loc="upper right",
            bbox_to_anchor=(1.0, -0.12),
            ncol=2,
            fontsize="small",
            frameon=False,
        )
        ax.add_artist(classes)
        # placed right of the legend's rows by _pin_margin_texts, once laid out
        self.margin_texts = [
            ax.text(
                0.0,
                0.0,
                "",
                transform=ax.transAxes,
                ha="left",
                va="center",
                fontsize="small",
                in_layout=False,
            )
            for _ in self.NAMES
        ]
        self.animate(self.data_artists, self.seps, self.margin_texts, ax.title)

    def compute(self, *, margin: float, radius: float) -> LPSeparatorsState:
        X, y, w_star, b_star = make_separable(self.n, 2, margin, radius, seed=self.seed)
        lp = find_separator(X, y)
        per = perceptron(
            X, y, bias=True, max_updates=self.cap, max_epochs=self.cap + 1, trace=False
        )
        l1 = max_margin_lp(X, y, norm="l1")
        linf = max_margin_lp(X, y, norm="linf")
        wbs = [(w_star, b_star), (lp.w, lp.b), (per.w, per.b), (l1.w, l1.b), (linf.w, linf.b)]
        radius2 = float(np.max(np.sum(X**2, axis=1)))
        bound = (
            (radius2 + 1.0)
            * (float(w_star @ w_star) + b_star**2)
            / functional_margin(w_star, b_star, X, y) ** 2
        )
        return LPSeparatorsState(
            X=X,
            y=y,
            margin=margin,
            radius=radius,
            separators=wbs,
            # every one separates (the data are separable): none is None or 0
            geometric=[geometric_margin(w, b, X, y) for w, b in wbs],
            lp_separable=lp.separable,
            perceptron_updates=per.updates,
            perceptron_converged=per.converged,
            l1_margin=l1.margin,
            linf_margin=linf.margin,
            perceptron_bound=bound,
        )

    def _labels(self, state: LPSeparatorsState) -> list[str]:
        """The margins shown right of the legend's rows (with the perceptron's updates)."""
        labels = [f"{m:.4f}" for m in state.geometric]
        labels[2] += (
            f" ({state.perceptron_updates} updates)"
            if state.perceptron_converged
            else f" (STOPPED at {self.cap})"
        )
        return labels

    def draw(self, state: LPSeparatorsState) -> None:
        # the radius rounded up to a whole number: the radius slider changes the range twice
        square_limits(self.ax, math.ceil(state.radius * (1.0 - 1e-9)))
        update_data(self.data_artists, state.X, state.y)
        for arts, (w, b) in zip(self.seps, state.separators, strict=True):
            update_separator(arts, w, b)
        for text, label in zip(self.margin_texts, self._labels(state), strict=True):
            text.set_text(label)
        set_title(self.ax, f"generator's margin γ = {state.margin:.3f}, R = {state.radius:.2f}")
        self.refresh()

    def readout(self, state: LPSeparatorsState) -> str:
        # the perceptron's update count stands in the legend; here its bound
        return (
            f"ℓ1-distance margin of the ℓ1 LP = {state.l1_margin:.5f}; "
            f"ℓ∞-distance margin of the ℓ∞ LP = {state.linf_margin:.5f}; "
            "affine perceptron's bound (R²+1)(‖w*‖²+b*²)/γ̂² for the generator's (w*, b*) = "
            f"{state.perceptron_bound:.4g} updates"
        )


@dataclass(frozen=True)
class CertificateState:
    """What ``CertificateExplorer`` shows for one position of the moved point.

    Attributes
    ----------
    X, y
        The fixed points plus the moved point (last row, label -1).
    px, py : float
        The moved point.
    separable : bool
        The LP's verdict; ``kind`` is "separator" or "certificate".
    w, b
        The LP's separator (None when not separable).
    robust : float
        The robust LP's mean slack (0 iff separable).
    functional_margin, geometric_margin : float or None
        Of the separator (when separable).
    lam, point, support
        Gordan's certificate lambda, the common point p of the hulls and the examples with
        lambda_i > 0 (when not separable).
    """

    X: np.ndarray
    y: np.ndarray
    px: float
    py: float
    separable: bool
    kind: str
    w: np.ndarray | None
    b: float | None
    robust: float
    functional_margin: float | None = None
    geometric_margin: float | None = None
    lam: np.ndarray | None = None
    point: np.ndarray | None = None
    support: np.ndarray | None = None


class CertificateExplorer(_ReadoutInStaticPNG):
    """Move one point (sliders for its coordinates) of a small data set and watch the LP
    switch between "separator found" and "certificate found" (claim C25).

    Eight fixed points (four per class, ``BASE_X``, ``BASE_Y``) plus the moved point, labelled
    -1. Separable: the LP's separator is drawn. Not separable: Gordan's certificate lambda, the
    common point p of the two convex hulls (a star) and the weights lambda_i on the examples it
    uses. The readout adds the robust LP's mean slack (0 iff separable). Used in notebook 04.

    Parameters
    ----------
    **values
        Start values of the sliders ``px`` and ``py`` (the data are fixed: ``BASE_X``).
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

    def data(self, px: float, py: float) -> tuple[np.ndarray, np.ndarray]:
        """The fixed points plus the moved point (last row)."""
        X = np.vstack([self.BASE_X, [[float(px), float(py)]]])
        return X, np.append(self.BASE_Y, self.MOVED_LABEL)

    def _setup(self, fig: Figure) -> None:
        ax = fig.add_subplot()
        self.ax = ax
        # the sliders' box, with room for the ring around the moved point
        lim = max(abs(v) for s in self.sliders for v in s.extremes) + 0.2
        ax.set_xlim(-lim, lim)
        ax.set_ylim(-lim, lim)
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
            label="the moved point (y = −1)",
            zorder=5,
        )
        self.sep = draw_separator(
            ax, [1.0, 0.0], 0.0, show_normal=False, label="LP separator (when separable)"
        )
        self.cert = draw_certificate(ax, X0)
        self.cert.point.set_label("common point p (when not separable)")
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
            ncol=2,
            fontsize="small",
        )
        self.animate(self.hulls, self.data_artists, self.moved, self.sep, self.cert, ax.title)

    def compute(self, *, px: float, py: float) -> CertificateState:
        X, y = self.data(px, py)
        res = find_separator(X, y)
        rob = robust_lp(X, y)
        common = {
            "X": X,
            "y": y,
            "px": float(px),
            "py": float(py),
            "separable": res.separable,
            "w": res.w,
            "b": res.b,
            "robust": rob.objective,
        }
        if res.separable:
            return CertificateState(
                **common,
                kind="separator",
                functional_margin=functional_margin(res.w, res.b, X, y),
                geometric_margin=geometric_margin(res.w, res.b, X, y),
            )
        cert = res.certificate
        return CertificateState(
            **common, kind="certificate", lam=cert.lam, point=cert.point, support=cert.support
        )

    def draw(self, state: CertificateState) -> None:
        X, y = state.X, state.y
        update_data(self.data_artists, X, y)
        update_hulls(self.hulls, X, y)
        self.moved.set_data([state.px], [state.py])
        if state.separable:
            update_separator(self.sep, state.w, state.b)
            update_certificate(self.cert, X, None, None)
            set_title(
                self.ax,
                f"separator found: min y(w·x+b) = {state.functional_margin:.3g}, "
                f"distance {state.geometric_margin:.3f}",
            )
        else:
            update_separator(self.sep, [0.0, 0.0], 0.0)  # hides the line
            update_certificate(self.cert, X, state.lam, state.point)
            p = state.point
            set_title(self.ax, f"certificate found: p = ({p[0]:.3f}, {p[1]:.3f}) in both hulls")
        self.refresh()

    def readout(self, state: CertificateState) -> str:
        verdict = (
            "separable: A(w, b) ≥ 1 is feasible"
            if state.separable
            else "not separable: λ ≥ 0, Aᵀλ = 0, Σλ = 1 is feasible"
        )
        return f"{verdict}; robust LP mean slack = {state.robust:.4f}"
