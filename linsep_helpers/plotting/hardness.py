"""Figures of notebook 05 (NP-hardness): a graph with a vertex cover and the edges a
separator gets wrong."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PathCollection
from matplotlib.text import Text
from numpy.typing import ArrayLike

from .._validate import check_int
from .style import PALETTE

__all__ = ["GraphArtists", "draw_graph", "update_graph"]

#: How notebook 05 draws a graph: cover vertices are orange squares, the others white
#: circles; edges whose point e_i + e_j is misclassified are dashed vermillion.
GRAPH_STYLE = {
    "cover": {"color": PALETTE["orange"], "marker": "s"},
    "other": {"color": "white", "marker": "o"},
    "edge": PALETTE["grey"],
    "bad_edge": PALETTE["vermillion"],
}


@dataclass(frozen=True)
class GraphArtists:
    """Artists of ``draw_graph``: the ``edges``, the two vertex scatters (``cover``,
    ``other``), the vertex ``labels`` (a list that grows with the largest graph drawn) and
    their ``ax``."""

    edges: LineCollection
    cover: PathCollection
    other: PathCollection
    labels: list[Text]
    ax: Axes


def _graph_arrays(
    n: int, edges: Sequence[Sequence[int]], pos: ArrayLike
) -> tuple[np.ndarray, np.ndarray]:
    n = check_int(n, "n", minimum=1)
    P = np.asarray(pos, dtype=float)
    if P.shape != (n, 2) or not np.all(np.isfinite(P)):
        raise ValueError(f"pos must be a finite array of shape ({n}, 2); got shape {P.shape}")
    E = np.asarray(list(edges), dtype=int).reshape(-1, 2)
    if E.size and (E.min() < 0 or E.max() >= n):
        raise ValueError(f"edges must join vertices 0..{n - 1}")
    return P, E


def draw_graph(
    ax: Axes,
    n: int,
    edges: Sequence[Sequence[int]],
    pos: ArrayLike,
    *,
    cover: Sequence[int] = (),
    bad_edges: Sequence[int] = (),
    size: float = 420.0,
) -> GraphArtists:
    """Draw the graph G = ({0..n-1}, edges) at positions ``pos`` (n x 2).

    Vertices in ``cover`` are orange squares, the others white circles with a black rim; every
    vertex carries its number. ``bad_edges`` lists indices into ``edges`` drawn dashed in
    vermillion (in notebook 05: edges whose point e_i + e_j a separator gets wrong). The axes
    get an equal aspect and no ticks.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    n : int
        Number of vertices.
    edges : sequence of (int, int)
    pos : array_like, shape (n, 2)
        Vertex positions (e.g. ``graphs.graph_layout``).
    cover : sequence of int
        Vertices drawn as squares.
    bad_edges : sequence of int
        Indices into ``edges`` drawn dashed.
    size : float
        Marker area of the vertices.

    Returns
    -------
    GraphArtists
        For ``update_graph``. Used in notebook 05 (the vertex-cover explorer).
    """
    lines = LineCollection([], linewidths=2.0, zorder=1)
    ax.add_collection(lines)
    common = {"s": size, "edgecolors": "black", "linewidths": 1.2, "zorder": 3}
    cov = ax.scatter(
        [], [], c=GRAPH_STYLE["cover"]["color"], marker="s", label="in the cover", **common
    )
    oth = ax.scatter(
        [], [], c=GRAPH_STYLE["other"]["color"], marker="o", label="not in the cover", **common
    )
    ax.set_aspect("equal", adjustable="box")
    ax.set_xlim(-1.3, 1.3)
    ax.set_ylim(-1.3, 1.3)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.grid(False)
    for side in ("left", "bottom"):
        ax.spines[side].set_visible(False)
    arts = GraphArtists(edges=lines, cover=cov, other=oth, labels=[], ax=ax)
    update_graph(arts, n, edges, pos, cover=cover, bad_edges=bad_edges)
    return arts


def update_graph(
    arts: GraphArtists,
    n: int,
    edges: Sequence[Sequence[int]],
    pos: ArrayLike,
    *,
    cover: Sequence[int] = (),
    bad_edges: Sequence[int] = (),
) -> None:
    """Move the artists of ``draw_graph`` to another graph, cover or set of bad edges.

    Label texts are reused; new ones are only made when the graph has more vertices than any
    drawn before, and surplus ones are hidden.

    Parameters
    ----------
    arts : GraphArtists
    n, edges, pos, cover, bad_edges
        As in ``draw_graph``.

    Returns
    -------
    None
        Used by the explorers.
    """
    P, E = _graph_arrays(n, edges, pos)
    C = np.zeros(P.shape[0], dtype=bool)
    cov = [int(v) for v in cover]
    if any(not 0 <= v < P.shape[0] for v in cov):
        raise ValueError(f"cover vertices must lie in 0..{P.shape[0] - 1}; got {sorted(cov)}")
    C[cov] = True
    bad = np.zeros(E.shape[0], dtype=bool)
    bad_idx = [int(k) for k in bad_edges]
    if any(not 0 <= k < E.shape[0] for k in bad_idx):
        raise ValueError(f"bad_edges must index the {E.shape[0]} edges; got {sorted(bad_idx)}")
    bad[bad_idx] = True
    arts.edges.set_segments([P[[i, j]] for i, j in E])
    arts.edges.set_colors(
        [GRAPH_STYLE["bad_edge"] if b else GRAPH_STYLE["edge"] for b in bad] or ["none"]
    )
    arts.edges.set_linestyles([(0, (4, 3)) if b else "solid" for b in bad] or ["solid"])
    arts.cover.set_offsets(P[C].reshape(-1, 2))
    arts.other.set_offsets(P[~C].reshape(-1, 2))
    while len(arts.labels) < P.shape[0]:
        arts.labels.append(
            arts.ax.text(0, 0, "", ha="center", va="center", fontsize="small", zorder=4)
        )
    for k, txt in enumerate(arts.labels):
        if k < P.shape[0]:
            txt.set_position((P[k, 0], P[k, 1]))
            txt.set_text(str(k))
            txt.set_visible(True)
        else:
            txt.set_visible(False)
