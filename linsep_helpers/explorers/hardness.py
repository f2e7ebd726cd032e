"""Explorer of notebook 05 (minimising disagreements is NP-hard): the vertex-cover reduction,
live, on the graphs of ``GRAPH_FAMILIES``."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

import ipywidgets as ipw
import numpy as np
from matplotlib.figure import Figure

from .._validate import check_int
from ..graphs import (
    GRAPH_FAMILIES,
    graph_from_family,
    graph_layout,
    graph_name,
    min_vertex_cover,
    petersen_graph,
)
from ..hardness import cover_separator, min_disagreement, vertex_cover_instance
from ..plotting import (
    PALETTE,
    draw_data,
    draw_graph,
    set_limits,
    update_data,
    update_graph,
)
from ._base import Choice, Explorer, Slider, set_title

__all__ = ["VertexCoverExplorer", "VertexCoverSolution", "VertexCoverState"]


@dataclass(frozen=True)
class VertexCoverSolution:
    """The reduction of one graph and origin weight, solved (cached by the explorer).

    Attributes
    ----------
    family : str
        The graph family; ``n_vertices`` its number of vertices |V|, ``edges`` its edges,
        ``pos`` a layout.
    X, y, weights
        ``vertex_cover_instance``: the origin (+), e_i (-) and e_i + e_j (+), with weights.
    origin_weight : float
        The weight of the origin (|V| + 1 or 1).
    optimum : float
        The minimum weighted disagreement (``min_disagreement``).
    tau : int
        The vertex cover number; ``min_cover`` a minimum cover.
    optimum_separator, witness_separator : (w, b)
        The solver's separator and the cover's witness (``cover_separator``).
    """

    family: str
    n_vertices: int
    edges: list[tuple[int, int]]
    pos: np.ndarray
    X: np.ndarray
    y: np.ndarray
    weights: np.ndarray
    origin_weight: float
    optimum: float
    tau: int
    min_cover: tuple[int, ...]
    optimum_separator: tuple[np.ndarray, float]
    witness_separator: tuple[np.ndarray, float]


@dataclass(frozen=True)
class VertexCoverState(VertexCoverSolution):
    """What ``VertexCoverExplorer`` shows: the solution plus the separator shown.

    Attributes
    ----------
    separator : str
        "exact optimum" or "cover witness"; (w, b) that separator, scaled to ||w|| = 1.
    scores : numpy.ndarray
        w.x + b of every point, its signed distance to the hyperplane (||w|| = 1); ``wrong``
        marks y (w.x + b) <= 0.
    disagreements : float
        The weighted mistakes of (w, b).
    origin_wrong : bool
        The origin is misclassified.
    wrong_vertices, wrong_edges : tuple of int
        Misclassified vertex points and edge points (by index).
    """

    separator: str
    w: np.ndarray
    b: float
    scores: np.ndarray
    wrong: np.ndarray
    disagreements: float
    origin_wrong: bool
    wrong_vertices: tuple[int, ...]
    wrong_edges: tuple[int, ...]


def _strip_heights(groups: np.ndarray) -> np.ndarray:
    """Vertical positions for the score strip: group g, members spread over g +- 0.32."""
    out = np.zeros(groups.shape[0])
    for g in np.unique(groups):
        idx = np.flatnonzero(groups == g)
        m = idx.shape[0]
        out[idx] = g + (0.32 * np.linspace(-1.0, 1.0, m) if m > 1 else 0.0)
    return out


class VertexCoverExplorer(Explorer):
    """The vertex-cover reduction, live (claim C26).

    Controls: the graph (``family``, a dropdown over GRAPH_FAMILIES; the cycle at first), its
    number of vertices |V| (slider ``n_vertices``, 3..10, ignored by the Petersen graph, which
    has 10; n stays the number of examples),
    the weight of the origin ("|V| + 1" or "1") and the
    separator shown ("exact optimum" from ``min_disagreement`` or "cover witness" from
    ``cover_separator`` on a minimum cover). Left: the graph; vertices whose point e_i the
    separator gets wrong are orange squares, edges whose point e_i + e_j it gets wrong are
    dashed. Right: every point of the instance at its signed distance w.x + b to the
    hyperplane, (w, b) scaled to ||w|| = 1 (origin, vertex points, edge points in three rows);
    mistakes are ringed. The scale is fixed so that the picture does not depend on which
    multiple of (w, b) a solver returns. Solutions are cached per graph and
    origin weight, so revisiting a setting is instant. Used in notebook 05.

    Parameters
    ----------
    seed : int
        Seed of the "random" graph family.
    **values
        Start values of the slider ``n_vertices`` and the choices ``family``, ``origin_weight`` and
        ``separator``.
    """

    sliders = (Slider("n_vertices", "graph size |V|", 3, 10, 6, step=1, kind="int"),)
    choices = (
        Choice("family", "graph", GRAPH_FAMILIES, "cycle", kind="dropdown"),
        Choice("origin_weight", "origin weight", ("|V| + 1", "1"), "|V| + 1", button_width="70px"),
        Choice("separator", "separator", ("exact optimum", "cover witness"), "exact optimum"),
    )
    figsize = (11.0, 4.8)

    def __init__(self, *, seed: int = 0, **values: Any) -> None:
        self.seed = check_int(seed, "seed", minimum=0)
        self._cache: dict[tuple[str, int, str], VertexCoverSolution] = {}
        super().__init__(**values)

    # -- numbers ------------------------------------------------------------------------------
    def solve(self, family: str, n_vertices: int, origin_weight: str) -> VertexCoverSolution:
        """Instance, exact optimum, tau(G), a minimum cover and its witness (cached)."""
        n_v, edges = graph_from_family(family, int(n_vertices), seed=self.seed)
        key = (family, n_v, origin_weight)
        if key in self._cache:
            return self._cache[key]
        wo = float(n_v + 1) if origin_weight == "|V| + 1" else 1.0
        X, y, weights = vertex_cover_instance(n_v, edges, origin_weight=wo)
        res = min_disagreement(X, y, weights)
        cover = min_vertex_cover(n_v, edges)
        w_c, b_c = cover_separator(n_v, cover)
        sol = VertexCoverSolution(
            family=family,
            n_vertices=n_v,
            edges=list(edges),
            pos=graph_layout(n_v, edges),
            X=X,
            y=y,
            weights=weights,
            origin_weight=wo,
            optimum=res.mistakes,
            tau=len(cover),
            min_cover=tuple(cover),
            optimum_separator=(np.asarray(res.w, dtype=float), float(res.b)),
            witness_separator=(w_c, float(b_c)),
        )
        self._cache[key] = sol
        return sol

    def compute(
        self, *, family: str, n_vertices: int, origin_weight: str, separator: str
    ) -> VertexCoverState:
        sol = self.solve(family, n_vertices, origin_weight)
        w, b = sol.optimum_separator if separator == "exact optimum" else sol.witness_separator
        norm = float(np.linalg.norm(w))
        if norm > 0:  # show signed distances: the same for every multiple of (w, b)
            w, b = w / norm, b / norm
        n_v = sol.n_vertices
        scores = sol.X @ w + b
        wrong = sol.y * scores <= 0
        return VertexCoverState(
            **{f.name: getattr(sol, f.name) for f in fields(VertexCoverSolution)},
            separator=separator,
            w=w,
            b=b,
            scores=scores,
            wrong=wrong,
            disagreements=float(sol.weights[wrong].sum()),
            origin_wrong=bool(wrong[0]),
            wrong_vertices=tuple(int(i) for i in np.flatnonzero(wrong[1 : n_v + 1])),
            wrong_edges=tuple(int(k) for k in np.flatnonzero(wrong[n_v + 1 :])),
        )

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
        ax2.set_xlabel("signed distance $(w\\cdot x + b)\\,/\\,\\|w\\|$ of each point")
        ax2.set_title("", fontsize="medium")
        ax2.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=4, fontsize="small")
        self.animate(self.graph_artists, ax.title)
        self.animate(self.strip, self.crosses, self.origin_note, ax2.title)
        self.keep_on_top(ax.get_legend())

    def draw(self, state: VertexCoverState) -> None:
        n_v, edges = state.n_vertices, state.edges
        update_graph(
            self.graph_artists,
            n_v,
            edges,
            state.pos,
            cover=state.wrong_vertices,
            bad_edges=state.wrong_edges,
        )
        groups = np.concatenate([[2], np.ones(n_v), np.zeros(len(edges))])
        P = np.column_stack([state.scores, _strip_heights(groups)])
        update_data(self.strip, P, state.y)
        self.crosses.set_data(P[state.wrong, 0], P[state.wrong, 1])
        span = max(0.05, float(np.max(np.abs(state.scores)))) * 1.25
        set_limits(self.ax2, (-span, span))
        self.origin_note.set_position((state.scores[0], 2.18))
        self.origin_note.set_text(f"weight {state.origin_weight:g}")
        name = graph_name(state.family, n_v)
        set_title(self.ax, f"{name}: $|E|$ = {len(edges)}, $\\tau(G)$ = {state.tau}")
        set_title(
            self.ax2,
            f"{state.separator} (origin weight {state.origin_weight:g}): "
            f"weighted disagreements = {state.disagreements:g}",
        )
        self.refresh()

    def readout(self, state: VertexCoverState) -> str:
        opt, tau = state.optimum, state.tau
        relation = "=" if opt == tau else "<"
        text = (
            f"minimum weighted disagreement (exact solver) = <b>{opt:g}</b> {relation} "
            f"τ(G) = {tau} (brute-force vertex cover); a minimum cover "
            f"{list(state.min_cover)} gives the witness w = ±2, b = 1."
        )
        if opt < tau:
            text += " The origin is cheap, so the best separator simply gives it up."
        return text

    # -- widget -------------------------------------------------------------------------------
    def _layout_controls(self) -> list[ipw.Widget]:
        """The graph dropdown beside the size slider, then the two toggles."""
        c = self.controls
        return [
            ipw.HBox([c["family"], c["n_vertices"]]),
            ipw.HBox([c["origin_weight"], c["separator"]]),
        ]

    def widget(self) -> ipw.VBox:
        """The graph dropdown, the size slider and two toggles above the figure."""
        box = super().widget()
        self._sync_size()
        return box

    def update(self, **values: Any) -> VertexCoverState:
        state = super().update(**values)
        self._sync_size()
        return state

    def _sync_size(self) -> None:
        if "n_vertices" in self.controls:  # the Petersen graph has no size
            self.controls["n_vertices"].disabled = self.values["family"] == "Petersen"

    def __repr__(self) -> str:
        """The controls as constructor arguments; no ``n_vertices`` for the Petersen graph,
        which ignores it (it always has 10 vertices)."""
        v = self.values
        size = "" if v["family"] == "Petersen" else f", n_vertices={int(v['n_vertices'])}"
        return (
            f"{type(self).__name__}(family={v['family']!r}{size}, "
            f"origin_weight={v['origin_weight']!r}, separator={v['separator']!r})"
        )
