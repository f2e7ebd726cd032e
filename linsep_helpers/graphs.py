"""Small graphs for the vertex-cover reduction of notebook 05.

A graph is the pair ``(n, edges)``: n vertices 0..n-1 and a list of pairs (i, j) with i < j,
the way a student writes it down (no graph library needed). Here: the families the explorer
offers (cycle, path, complete, star, Petersen, the 3-cube, Erdős-Rényi), a minimum vertex
cover by brute force (the oracle tau(G) that ``hardness.min_disagreement`` must reproduce),
the vertex-cover test, and a layout for ``plotting.draw_graph``.

Split from ``hardness`` so that module holds the disagreement solvers and the reduction only.
Graphs have at most ``MAX_VERTICES`` (2000) vertices: beyond, a ValueError says so. Used in
notebook 05.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from functools import cache

import numpy as np

from ._validate import check_choice, check_int, check_scalar

__all__ = [
    "GRAPH_FAMILIES",
    "graph_from_family",
    "graph_name",
    "complete_graph",
    "cube_graph",
    "cycle_graph",
    "graph_layout",
    "is_vertex_cover",
    "min_vertex_cover",
    "path_graph",
    "petersen_graph",
    "random_graph",
    "star_graph",
]

Edge = tuple[int, int]

#: Largest number of vertices of a graph here: notebook 05 draws graphs of 3..10 vertices, and
#: a complete or random graph on n vertices lists n(n-1)/2 pairs (2 million at this limit).
MAX_VERTICES = 2000


def _check_vertex_count(n: object, name: str = "n", *, minimum: int = 1) -> int:
    n = check_int(n, name, minimum=minimum)
    if n > MAX_VERTICES:
        raise ValueError(
            f"{name} = {n} vertices is too many: the graphs here have at most {MAX_VERTICES} "
            "(a complete graph would list n(n-1)/2 edges)"
        )
    return n


def _check_graph(n: int, edges: Iterable[Sequence[int]]) -> tuple[int, list[Edge]]:
    n = _check_vertex_count(n)
    out: list[Edge] = []
    seen: set[Edge] = set()
    if (
        isinstance(edges, str | bytes)
        or not isinstance(edges, Iterable)
        or (isinstance(edges, np.ndarray) and edges.ndim == 0)
    ):
        raise ValueError(f"edges must be a list of pairs (i, j); got {edges!r:.60}")
    for k, e in enumerate(edges):
        try:
            i, j = e
        except (TypeError, ValueError) as exc:
            raise ValueError(f"edge {k} must be a pair (i, j); got {e!r}") from exc
        i = check_int(i, f"edge {k} endpoint")
        j = check_int(j, f"edge {k} endpoint")
        if not (0 <= i < n and 0 <= j < n):
            raise ValueError(f"edge {k} = ({i}, {j}) has an endpoint outside 0..{n - 1}")
        if i == j:
            raise ValueError(f"edge {k} = ({i}, {j}) is a self-loop")
        key = (min(i, j), max(i, j))
        if key in seen:
            raise ValueError(f"edge {k} = ({i}, {j}) is a duplicate")
        seen.add(key)
        out.append(key)
    return n, out


def is_vertex_cover(n: int, edges: Iterable[Sequence[int]], cover: Iterable[int]) -> bool:
    """Whether ``cover`` is a vertex cover: every edge {i, j} has i or j in it.

    Parameters
    ----------
    n : int
    edges : iterable of (int, int)
    cover : iterable of int
        Vertices in 0..n-1.

    Returns
    -------
    bool
        Used by the tests (notebook 05's verifier exercise states it in words).
    """
    n, E = _check_graph(n, edges)
    S = {check_int(v, "cover vertex") for v in cover}
    if any(not 0 <= v < n for v in S):
        raise ValueError(f"cover vertices must lie in 0..{n - 1}; got {sorted(S)}")
    return all(i in S or j in S for i, j in E)


def min_vertex_cover(n: int, edges: Iterable[Sequence[int]]) -> tuple[int, ...]:
    """A minimum vertex cover, exactly (n <= 24): the first in lexicographic order.

    tau(G) is found by branching on a vertex v of largest degree: either v is in the cover,
    or all of its neighbours are (a vertex of degree 1 needs no branch: its neighbour is
    taken). That is O(1.39^n) at worst, instant for n <= 24 (a complete graph is linear).
    The cover returned is the lexicographically first of size tau, the one a search over
    subsets of increasing size in ``itertools.combinations`` order would meet first.

    Parameters
    ----------
    n : int
        Number of vertices, <= 24.
    edges : iterable of (int, int)

    Returns
    -------
    tuple of int
        The cover, sorted; tau(G) is its length. Used in notebook 05 to compare with
        ``min_disagreement``.
    """
    n, E = _check_graph(n, edges)
    if n > 24:
        raise ValueError(f"min_vertex_cover is exponential in n; n = {n} > 24 is too large")
    if not E:
        return ()
    adj = [0] * n
    for i, j in E:
        adj[i] |= 1 << j
        adj[j] |= 1 << i

    @cache
    def tau(alive: int) -> int:
        """Size of a minimum cover of the subgraph induced by the vertex set ``alive``."""
        best_v, best_deg = -1, 0
        for v in range(n):
            if alive >> v & 1:
                deg = (adj[v] & alive).bit_count()
                if deg == 1:  # take its neighbour: never worse
                    u = (adj[v] & alive).bit_length() - 1
                    return 1 + tau(alive & ~(1 << u) & ~(1 << v))
                if deg > best_deg:
                    best_v, best_deg = v, deg
        if best_deg == 0:
            return 0
        v, nbrs = best_v, adj[best_v] & alive
        return min(1 + tau(alive & ~(1 << v)), best_deg + tau(alive & ~nbrs & ~(1 << v)))

    def smallest_with(forced: int, alive: int) -> int:
        """Smallest cover containing ``forced`` and avoiding the vertices outside ``alive``
        (the excluded ones, whose neighbours must then be in the cover); n + 1 if none."""
        excluded = ((1 << n) - 1) & ~alive
        need = forced
        for v in range(n):
            if excluded >> v & 1:
                if adj[v] & excluded:  # an edge with no endpoint allowed
                    return n + 1
                need |= adj[v]
        return need.bit_count() + tau(alive & ~need)

    # the lexicographically first cover of size tau: take each vertex in turn when possible
    everything = (1 << n) - 1
    target = tau(everything)
    cover, alive = 0, everything
    for v in range(n):
        if cover.bit_count() == target:
            break
        if smallest_with(cover | 1 << v, alive) == target:
            cover |= 1 << v
        else:
            alive &= ~(1 << v)
    return tuple(v for v in range(n) if cover >> v & 1)


# ---------------------------------------------------------------------------------------------
# graph families


def cube_graph() -> tuple[int, list[tuple[int, int]]]:
    """The 3-cube Q_3: vertices 0..7 (bit strings), edges between strings differing in one bit.

    Returns
    -------
    (n, edges) : (int, list of (int, int))
        8 vertices, 12 edges, tau = 4. Used in exercise 2 of notebook 05.
    """
    edges = [(i, i ^ (1 << k)) for i in range(8) for k in range(3) if i < i ^ (1 << k)]
    return 8, sorted(edges)


def petersen_graph() -> tuple[int, list[Edge]]:
    """The Petersen graph: outer 5-cycle 0..4, spokes i - i+5, inner pentagram 5+i - 5+(i+2)%5.

    Returns
    -------
    (n, edges) : (int, list of (int, int))
        10 vertices, 15 edges, tau = 6. Used in notebook 05.
    """
    outer = [(i, (i + 1) % 5) for i in range(5)]
    spokes = [(i, i + 5) for i in range(5)]
    inner = [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    return 10, [(min(e), max(e)) for e in outer + spokes + inner]


def cycle_graph(n: int) -> tuple[int, list[Edge]]:
    """The cycle C_n: vertices 0..n-1, edges {i, i+1 mod n}; tau = ceil(n / 2).

    Parameters
    ----------
    n : int
        >= 3.

    Returns
    -------
    (n, edges) : (int, list of (int, int))
        Used in notebook 05 (graph families of the explorer).
    """
    n = _check_vertex_count(n, minimum=3)
    return n, [(min(i, (i + 1) % n), max(i, (i + 1) % n)) for i in range(n)]


def path_graph(n: int) -> tuple[int, list[Edge]]:
    """The path P_n: vertices 0..n-1, edges {i, i+1}; tau = floor(n / 2).

    Parameters
    ----------
    n : int
        >= 1.

    Returns
    -------
    (n, edges) : (int, list of (int, int))
        Used in notebook 05 (graph families of the explorer).
    """
    n = _check_vertex_count(n)
    return n, [(i, i + 1) for i in range(n - 1)]


def complete_graph(n: int) -> tuple[int, list[Edge]]:
    """The complete graph K_n: every pair of 0..n-1 joined; tau = n - 1.

    Parameters
    ----------
    n : int
        >= 1.

    Returns
    -------
    (n, edges) : (int, list of (int, int))
        Used in notebook 05 (graph families of the explorer).
    """
    n = _check_vertex_count(n)
    return n, list(itertools.combinations(range(n), 2))


def star_graph(leaves: int) -> tuple[int, list[Edge]]:
    """A star: centre 0 joined to the leaves 1..leaves; tau = 1.

    Parameters
    ----------
    leaves : int
        >= 1 (so leaves + 1 vertices).

    Returns
    -------
    (n, edges) : (int, list of (int, int))
        Used in notebook 05 (graph families of the explorer).
    """
    leaves = check_int(leaves, "leaves", minimum=1)
    _check_vertex_count(leaves + 1, "leaves + 1")
    return leaves + 1, [(0, i) for i in range(1, leaves + 1)]


def random_graph(n: int, p: float, seed: int = 0) -> tuple[int, list[Edge]]:
    """Erdős-Rényi G(n, p): each of the n(n-1)/2 edges present independently with prob. p.

    Parameters
    ----------
    n : int
        >= 1.
    p : float
        Edge probability in [0, 1].
    seed : int
        Seed (>= 0) of ``numpy.random.default_rng``.

    Returns
    -------
    (n, edges) : (int, list of (int, int))
        Used in notebook 05 (graph families of the explorer).
    """
    n = _check_vertex_count(n)
    p = check_scalar(p, "p", nonnegative=True)
    if p > 1:
        raise ValueError(f"p must be a probability in [0, 1]; got {p:g}")
    seed = check_int(seed, "seed", minimum=0)
    rng = np.random.default_rng(seed)
    i, j = np.triu_indices(n, 1)  # the pairs in itertools.combinations order
    keep = rng.random(i.size) < p
    return n, list(zip(i[keep].tolist(), j[keep].tolist(), strict=True))


def graph_layout(n: int, edges: Iterable[Sequence[int]]) -> np.ndarray:
    """Positions for drawing a graph: vertices on the unit circle (vertex 0 at the top,
    clockwise); the Petersen graph (as built by ``petersen_graph``) gets its outer pentagon and
    inner pentagram (inner radius 1/2).

    Parameters
    ----------
    n : int
    edges : iterable of (int, int)

    Returns
    -------
    numpy.ndarray, shape (n, 2)
        Used in notebook 05 (the vertex-cover explorer, with ``draw_graph``).
    """
    n, E = _check_graph(n, edges)
    pn, pe = petersen_graph()
    angles = math.pi / 2 - 2 * math.pi * np.arange(n) / n
    if n == pn and set(E) == set(pe):
        a5 = math.pi / 2 - 2 * math.pi * np.arange(5) / 5
        r = np.concatenate([np.ones(5), np.full(5, 0.5)])
        a = np.concatenate([a5, a5])
        return np.column_stack([r * np.cos(a), r * np.sin(a)])
    return np.column_stack([np.cos(angles), np.sin(angles)])


# --- the graph selector of notebook 05 ---

#: The graphs of the notebook-05 selector; all but "Petersen" take their size from a slider.
GRAPH_FAMILIES = ("Petersen", "cycle", "path", "complete", "star", "random")


def graph_from_family(family: str, n: int, seed: int = 0) -> tuple[int, list[Edge]]:
    """The graph of the selector.

    Parameters
    ----------
    family : str
        One of GRAPH_FAMILIES. "Petersen" ignores n (always 10 vertices); "star" is a centre
        with n - 1 leaves; "random" is G(n, 1/2) drawn with ``seed``.
    n : int
        Number of vertices (>= 3).
    seed : int
        Seed of the "random" family.

    Returns
    -------
    n_vertices, edges

    Used in notebook 05.
    """
    family = check_choice(family, "family", GRAPH_FAMILIES)
    n = _check_vertex_count(n, minimum=3)
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


def graph_name(family: str, n: int, *, tex: bool = True) -> str:
    """A short name for the selector's graph.

    Parameters
    ----------
    family : str
        One of GRAPH_FAMILIES.
    n : int
        Number of vertices (>= 3).
    tex : bool
        True: matplotlib mathtext ("cycle $C_{6}$"); False: plain text for printed tables
        ("cycle C_6").

    Returns
    -------
    str

    Used in notebook 05.
    """
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
