"""Minimising disagreements with a halfspace: exact solvers and the vertex-cover reduction.

MinDisagreement asks for (w, b) minimising the (weighted) number of mistakes, a mistake being
y_i (w.x_i + b) <= 0. It is NP-hard (Höffgen, Simon & Van Horn 1995), so the exact solvers
here are exponential in the worst case and meant for the small instances of notebook 05:

- ``min_disagreement`` (method "hitting_set"): implicit hitting sets. The examples classified
  correctly by any (w, b) form a separable set, so the mistakes must hit every NON-separable
  subset. A 0/1 program (scipy.optimize.milp, no big-M) finds the cheapest set hitting the
  non-separable subsets found so far (a lower bound); the box-free LP of ``lp.find_separator``
  either separates what is left (a witness: optimal) or returns a Gordan certificate whose
  support is a new non-separable subset to hit. Exact, with no box on (w, b).
- ``min_disagreement_bigm``: the textbook MILP y_i (w.x_i + b) >= 1 - M z_i with a box
  |w_j|, |b| <= W. Exact only when the box is large enough; too small a box silently returns a
  worse optimum (the pitfall shown in notebook 05).
- ``min_disagreement_bruteforce``: drop subsets cheapest first and LP-test the rest.

The reduction from vertex cover (``vertex_cover_instance``) turns a graph G with n vertices into
weighted points in R^n whose minimum weighted disagreement is tau(G), the minimum vertex-cover
size; ``cover_separator`` is the witness built from a cover. Graph helpers and a table of
hardness-of-approximation results complete the module. Used in notebook 05.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp

from ._validate import check_choice, check_int, check_sample_weights, check_scalar, check_Xy
from .lp import find_separator, separation_matrix

__all__ = [
    "DisagreementResult",
    "approximation_results",
    "complete_graph",
    "cover_separator",
    "cycle_graph",
    "graph_layout",
    "is_vertex_cover",
    "min_disagreement",
    "min_disagreement_bigm",
    "min_disagreement_bruteforce",
    "min_vertex_cover",
    "path_graph",
    "petersen_graph",
    "cube_graph",
    "random_graph",
    "star_graph",
    "vertex_cover_instance",
    "weighted_disagreements",
]

Edge = tuple[int, int]


@dataclass(frozen=True)
class DisagreementResult:
    """Outcome of a MinDisagreement solver.

    mistakes        the solver's answer: the minimum weighted number of mistakes (an int when
                    all weights are integers). For "bigm" it is the MILP optimum, which is the
                    true optimum only if the box was large enough.
    w, b            a halfspace; for the exact methods it has margin >= 1 on the examples it
                    keeps and makes exactly ``mistakes`` weighted mistakes.
    misclassified   boolean mask of y_i (w.x_i + b) <= 0 for the returned (w, b).
    disagreements   weighted count of ``misclassified`` (equals ``mistakes`` for exact methods).
    method          "hitting_set", "bigm" or "bruteforce".
    iterations      master problems solved (hitting_set), subsets tested (bruteforce), 1 (bigm).
    lower_bound     a proven lower bound on the true optimum (None for "bigm", whose MILP bound
                    only holds inside the box).
    upper_bound     a proven upper bound (the disagreements of the returned (w, b)).
    n_cuts          non-separable subsets collected (hitting_set), else 0.
    """

    mistakes: float | int
    w: np.ndarray
    b: float
    misclassified: np.ndarray
    disagreements: float | int
    method: str
    iterations: int
    lower_bound: float | int | None
    upper_bound: float | int
    n_cuts: int = 0


# ---------------------------------------------------------------------------------------------
# helpers


def _maybe_int(value: float, integral: bool) -> float | int:
    return int(round(value)) if integral else float(value)


def _integral(weights: np.ndarray) -> bool:
    return bool(np.all(weights == np.round(weights)))


def weighted_disagreements(
    w: np.ndarray, b: float, X: np.ndarray, y: np.ndarray, weights: np.ndarray | None = None
) -> float:
    """Sum of weights_i over the mistakes y_i (w.x_i + b) <= 0 (ties count as mistakes).

    Used in notebook 05.
    """
    X, y = check_Xy(X, y)
    weights = check_sample_weights(weights, X.shape[0])
    w = np.asarray(w, dtype=float)
    if w.shape != (X.shape[1],) or not np.all(np.isfinite(w)):
        raise ValueError(f"w must be a finite vector of length {X.shape[1]}; got shape {w.shape}")
    b = check_scalar(b, "b")
    wrong = y * (X @ w + b) <= 0
    return float(weights[wrong].sum())


def _result_from_witness(
    X: np.ndarray,
    y: np.ndarray,
    weights: np.ndarray,
    w: np.ndarray,
    b: float,
    *,
    mistakes: float,
    method: str,
    iterations: int,
    lower: float | None,
    n_cuts: int = 0,
) -> DisagreementResult:
    integral = _integral(weights)
    wrong = y * (X @ w + b) <= 0
    dis = float(weights[wrong].sum())
    return DisagreementResult(
        mistakes=_maybe_int(mistakes, integral),
        w=np.asarray(w, dtype=float),
        b=float(b),
        misclassified=wrong,
        disagreements=_maybe_int(dis, integral),
        method=method,
        iterations=iterations,
        lower_bound=None if lower is None else _maybe_int(lower, integral),
        upper_bound=_maybe_int(dis, integral),
        n_cuts=n_cuts,
    )


def _separate_subset(X: np.ndarray, y: np.ndarray, keep: np.ndarray):
    """find_separator on the kept examples; (w, b) = (0, 1) style trivial cases handled."""
    if not keep.any():
        return None
    return find_separator(X[keep], y[keep])


# ---------------------------------------------------------------------------------------------
# exact solvers


def min_disagreement(
    X: np.ndarray,
    y: np.ndarray,
    weights: np.ndarray | None = None,
    *,
    method: str = "hitting_set",
    max_iterations: int = 10_000,
) -> DisagreementResult:
    """Exact minimum weighted disagreement:
    min over (w, b) of sum_i weights_i [y_i (w.x_i + b) <= 0].

    method="hitting_set" (default, exact, no box on (w, b)):
      1. C = {} (non-separable subsets found so far).
      2. Master: min sum_i weights_i z_i  s.t.  sum_{i in T} z_i >= 1 for all T in C,
         z in {0,1}^n (scipy.optimize.milp, pure 0/1, relative gap 0). Its value is a lower
         bound: the correctly classified examples of any (w, b) are separable, so its mistakes
         hit every T in C.
      3. Test the kept examples (z = 0) with ``lp.find_separator``. Separable: its (w, b) makes
         at most the master's value of mistakes, so it is optimal. Otherwise the certificate's
         support (a minimal non-separable subset) joins C; to add several cuts per master solve,
         the cheapest example of that support is dropped and the rest tested again, which also
         yields a feasible solution (an upper bound).
    The returned (w, b) is checked to make exactly ``mistakes`` weighted mistakes.
    method="bigm" and method="bruteforce" dispatch to ``min_disagreement_bigm`` (default box)
    and ``min_disagreement_bruteforce``. Weights must be > 0 (default all 1). Used in notebook 05.
    """
    method = check_choice(method, "method", ("hitting_set", "bigm", "bruteforce"))
    if method == "bigm":
        return min_disagreement_bigm(X, y, weights)
    if method == "bruteforce":
        return min_disagreement_bruteforce(X, y, weights)
    X, y = check_Xy(X, y)
    n = X.shape[0]
    weights = check_sample_weights(weights, n)
    max_iterations = check_int(max_iterations, "max_iterations", minimum=1)
    scale = max(1.0, float(weights.sum()))

    cuts: list[np.ndarray] = []
    seen: set[tuple[int, ...]] = set()
    best: tuple[float, np.ndarray, float] | None = None  # (disagreements, w, b)
    lower = 0.0
    removed = np.zeros(n, dtype=bool)

    for iteration in range(1, max_iterations + 1):
        if cuts:
            rows = np.zeros((len(cuts), n))
            for r, T in enumerate(cuts):
                rows[r, T] = 1.0
            res = milp(
                weights,
                constraints=LinearConstraint(rows, lb=np.ones(len(cuts)), ub=np.inf),
                integrality=np.ones(n),
                bounds=Bounds(0.0, 1.0),
                options={"mip_rel_gap": 0.0},
            )
            if res.status != 0 or res.x is None:
                raise RuntimeError(f"min_disagreement: master MILP failed: {res.message}")
            removed = np.asarray(res.x) > 0.5
            lower = max(lower, float(weights[removed].sum()))

        keep = ~removed
        new_cut = False
        while True:
            sep = _separate_subset(X, y, keep)
            if sep is None:  # everything dropped: (0, 0) gets every example wrong
                w_, b_ = np.zeros(X.shape[1]), 0.0
            elif sep.separable:
                w_, b_ = sep.w, float(sep.b)
            else:
                idx = np.flatnonzero(keep)[sep.certificate.support]
                key = tuple(int(i) for i in idx)
                if key not in seen:
                    seen.add(key)
                    cuts.append(idx)
                    new_cut = True
                # drop the cheapest member of the circuit and look for further circuits
                keep = keep.copy()
                keep[idx[np.argmin(weights[idx])]] = False
                continue
            dis = float(weights[y * (X @ w_ + b_) <= 0].sum())
            if best is None or dis < best[0]:
                best = (dis, np.asarray(w_, dtype=float), b_)
            break

        # if the master's kept set was separable, its witness attains the lower bound
        if best[0] <= lower + 1e-9 * scale:
            dis, w_, b_ = best
            if dis < lower - 1e-9 * scale:
                raise RuntimeError(
                    "min_disagreement: a witness beat the proven lower bound; a certificate "
                    "must have been wrong (numerical trouble)"
                )
            return _result_from_witness(
                X,
                y,
                weights,
                w_,
                b_,
                mistakes=dis,
                method="hitting_set",
                iterations=iteration,
                lower=lower,
                n_cuts=len(cuts),
            )
        if not new_cut:
            raise RuntimeError(
                "min_disagreement: no new non-separable subset found and bounds did not meet "
                f"(lower {lower:g}, upper {best[0] if best else float('nan'):g})"
            )
    raise RuntimeError(f"min_disagreement: no optimum after {max_iterations} iterations")


def min_disagreement_bigm(
    X: np.ndarray,
    y: np.ndarray,
    weights: np.ndarray | None = None,
    *,
    box: float = 2.0,
    big_m: float | None = None,
) -> DisagreementResult:
    """The classic big-M MILP: minimise sum_i weights_i z_i subject to

        y_i (w.x_i + b) >= 1 - M z_i,   |w_j| <= W,  |b| <= W,  z_i in {0, 1},

    with W = ``box`` and M = ``big_m`` or W (max_i ||x_i||_1 + 1) + 1 (large enough that z_i = 1
    switches constraint i off inside the box). The answer is the true optimum only if some
    optimal halfspace, scaled to margin >= 1 on the examples it keeps, fits in the box; a small
    box silently over-counts (notebook 05 shows it). For the vertex-cover instance with origin
    weight n + 1, W = 2 (M = 3W + 1 for 0/1 points with two ones) is valid.
    """
    X, y = check_Xy(X, y)
    n, d = X.shape
    weights = check_sample_weights(weights, n)
    box = check_scalar(box, "box", positive=True)
    default_m = box * (float(np.max(np.abs(X).sum(axis=1))) + 1.0) + 1.0
    M = default_m if big_m is None else check_scalar(big_m, "big_m", positive=True)
    A = separation_matrix(X, y)
    # variables (w, b, z); constraint A (w, b) + M z >= 1
    cons = LinearConstraint(np.hstack([A, M * np.eye(n)]), lb=np.ones(n), ub=np.inf)
    lb = np.concatenate([np.full(d + 1, -box), np.zeros(n)])
    ub = np.concatenate([np.full(d + 1, box), np.ones(n)])
    c = np.concatenate([np.zeros(d + 1), weights])
    integrality = np.concatenate([np.zeros(d + 1), np.ones(n)])
    res = milp(
        c,
        constraints=cons,
        integrality=integrality,
        bounds=Bounds(lb, ub),
        options={"mip_rel_gap": 0.0},
    )
    if res.status != 0 or res.x is None:
        raise RuntimeError(f"min_disagreement_bigm: MILP failed: {res.message}")
    x = np.asarray(res.x, dtype=float)
    z = x[d + 1 :] > 0.5
    return _result_from_witness(
        X,
        y,
        weights,
        x[:d] + 0.0,
        float(x[d]) + 0.0,
        mistakes=float(weights[z].sum()),
        method="bigm",
        iterations=1,
        lower=None,
    )


def min_disagreement_bruteforce(
    X: np.ndarray,
    y: np.ndarray,
    weights: np.ndarray | None = None,
    max_points: int = 14,
) -> DisagreementResult:
    """Second exact method: try removal sets in order of increasing total weight (then size)
    and LP-test (box-free ``lp.find_separator``) the examples left; the first separable rest
    is optimal. 2^n subsets, so n <= ``max_points`` (ValueError otherwise). Notebook 05.
    """
    X, y = check_Xy(X, y)
    n = X.shape[0]
    weights = check_sample_weights(weights, n)
    max_points = check_int(max_points, "max_points", minimum=1)
    if n > max_points:
        raise ValueError(
            f"too many points for brute force: n = {n} > max_points = {max_points} "
            f"(2^{n} subsets); use min_disagreement instead"
        )
    masks = np.arange(2**n)
    bits = ((masks[:, None] >> np.arange(n)) & 1).astype(bool)
    cost = bits @ weights
    order = np.lexsort((masks, bits.sum(axis=1), cost))
    for tested, m in enumerate(order, start=1):
        keep = ~bits[m]
        sep = _separate_subset(X, y, keep)
        if sep is None:
            w_, b_ = np.zeros(X.shape[1]), 0.0
        elif sep.separable:
            w_, b_ = sep.w, float(sep.b)
        else:
            continue
        return _result_from_witness(
            X,
            y,
            weights,
            w_,
            b_,
            mistakes=float(cost[m]),
            method="bruteforce",
            iterations=tested,
            lower=float(cost[m]),
        )
    raise RuntimeError("min_disagreement_bruteforce: no subset worked (cannot happen)")


# ---------------------------------------------------------------------------------------------
# the vertex-cover reduction


def _check_graph(n: int, edges: Iterable[Sequence[int]]) -> tuple[int, list[Edge]]:
    n = check_int(n, "n", minimum=1)
    out: list[Edge] = []
    seen: set[Edge] = set()
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


def vertex_cover_instance(
    n: int, edges: Iterable[Sequence[int]], *, origin_weight: float | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The reduction from vertex cover: weighted points in R^n built from G = (V, E), |V| = n.

    Rows, in this order: the origin labelled +1 with weight n + 1 (or ``origin_weight``);
    e_i labelled -1 with weight 1 for every vertex i; e_i + e_j labelled +1 with weight 1 for
    every edge {i, j}. With weight n + 1 the minimum weighted disagreement equals tau(G); with
    origin weight 1 it is min(tau(G), 1) (the origin alone is given up). Returns (X, y, weights).
    Used in notebook 05.
    """
    n, E = _check_graph(n, edges)
    wo = float(n + 1) if origin_weight is None else check_scalar(origin_weight, "origin_weight")
    if wo <= 0:
        raise ValueError(f"origin_weight must be > 0; got {wo:g}")
    X = np.zeros((1 + n + len(E), n))
    X[1 : n + 1] = np.eye(n)
    for r, (i, j) in enumerate(E):
        X[1 + n + r, [i, j]] = 1.0
    y = np.concatenate([[1.0], -np.ones(n), np.ones(len(E))])
    weights = np.concatenate([[wo], np.ones(n + len(E))])
    return X, y, weights


def cover_separator(n: int, cover: Iterable[int]) -> tuple[np.ndarray, float]:
    """The witness of the reduction: w_i = +2 for i in the cover, -2 otherwise, b = 1.

    On ``vertex_cover_instance(n, edges)`` it keeps the origin (b = 1 > 0) and every edge point
    (w_i + w_j + 1 >= 1 when a cover vertex is an endpoint) and gets exactly the cover's e_i
    wrong (2 + 1 > 0), so its weighted disagreements equal |cover| when cover is a vertex cover.
    """
    n = check_int(n, "n", minimum=1)
    C = [check_int(v, "cover vertex") for v in cover]
    if any(not 0 <= v < n for v in C):
        raise ValueError(f"cover vertices must lie in 0..{n - 1}; got {sorted(C)}")
    if len(set(C)) != len(C):
        raise ValueError(f"cover has repeated vertices: {sorted(C)}")
    w = np.full(n, -2.0)
    w[C] = 2.0
    return w, 1.0


def is_vertex_cover(n: int, edges: Iterable[Sequence[int]], cover: Iterable[int]) -> bool:
    """True iff every edge has an endpoint in ``cover``."""
    n, E = _check_graph(n, edges)
    S = {check_int(v, "cover vertex") for v in cover}
    if any(not 0 <= v < n for v in S):
        raise ValueError(f"cover vertices must lie in 0..{n - 1}; got {sorted(S)}")
    return all(i in S or j in S for i, j in E)


def min_vertex_cover(n: int, edges: Iterable[Sequence[int]]) -> tuple[int, ...]:
    """A minimum vertex cover by brute force over subsets of increasing size (n <= 24).

    tau(G) is its length. Used in notebook 05 to compare with min_disagreement.
    """
    n, E = _check_graph(n, edges)
    if n > 24:
        raise ValueError(f"min_vertex_cover is brute force; n = {n} > 24 is too large")
    if not E:
        return ()
    edge_masks = [(1 << i) | (1 << j) for i, j in E]
    for k in range(n + 1):
        for combo in itertools.combinations(range(n), k):
            m = 0
            for v in combo:
                m |= 1 << v
            if all(m & e for e in edge_masks):
                return tuple(combo)
    raise RuntimeError("unreachable: all vertices always form a cover")


# ---------------------------------------------------------------------------------------------
# small graphs


def cube_graph() -> tuple[int, list[tuple[int, int]]]:
    """The 3-cube Q_3: vertices 0..7 (bit strings), edges between strings differing in one bit.

    8 vertices, 12 edges, tau = 4. Used in exercise 2 of notebook 05.
    """
    edges = [(i, i ^ (1 << k)) for i in range(8) for k in range(3) if i < i ^ (1 << k)]
    return 8, sorted(edges)


def petersen_graph() -> tuple[int, list[Edge]]:
    """The Petersen graph: outer 5-cycle 0..4, spokes i - i+5, inner pentagram 5+i - 5+(i+2)%5.

    10 vertices, 15 edges, tau = 6.
    """
    outer = [(i, (i + 1) % 5) for i in range(5)]
    spokes = [(i, i + 5) for i in range(5)]
    inner = [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    return 10, [(min(e), max(e)) for e in outer + spokes + inner]


def cycle_graph(n: int) -> tuple[int, list[Edge]]:
    """The cycle C_n (n >= 3): tau = ceil(n / 2)."""
    n = check_int(n, "n", minimum=3)
    return n, [(min(i, (i + 1) % n), max(i, (i + 1) % n)) for i in range(n)]


def path_graph(n: int) -> tuple[int, list[Edge]]:
    """The path P_n with n >= 1 vertices and n - 1 edges: tau = floor(n / 2)."""
    n = check_int(n, "n", minimum=1)
    return n, [(i, i + 1) for i in range(n - 1)]


def complete_graph(n: int) -> tuple[int, list[Edge]]:
    """The complete graph K_n (n >= 1): tau = n - 1."""
    n = check_int(n, "n", minimum=1)
    return n, list(itertools.combinations(range(n), 2))


def star_graph(leaves: int) -> tuple[int, list[Edge]]:
    """A star with centre 0 and ``leaves`` >= 1 leaves (so leaves + 1 vertices): tau = 1."""
    leaves = check_int(leaves, "leaves", minimum=1)
    return leaves + 1, [(0, i) for i in range(1, leaves + 1)]


def random_graph(n: int, p: float, seed: int = 0) -> tuple[int, list[Edge]]:
    """Erdős-Rényi G(n, p): each of the n(n-1)/2 edges present independently with prob. p."""
    n = check_int(n, "n", minimum=1)
    p = check_scalar(p, "p", nonnegative=True)
    if p > 1:
        raise ValueError(f"p must be a probability in [0, 1]; got {p:g}")
    seed = check_int(seed, "seed", minimum=0)
    rng = np.random.default_rng(seed)
    pairs = list(itertools.combinations(range(n), 2))
    keep = rng.random(len(pairs)) < p
    return n, [e for e, k in zip(pairs, keep, strict=True) if k]


def graph_layout(n: int, edges: Iterable[Sequence[int]]) -> np.ndarray:
    """Positions (n, 2) for drawing: vertices on a circle (vertex 0 at the top, clockwise);
    the Petersen graph (as built by ``petersen_graph``) gets its outer pentagon and inner
    pentagram (inner radius 1/2)."""
    n, E = _check_graph(n, edges)
    pn, pe = petersen_graph()
    angles = math.pi / 2 - 2 * math.pi * np.arange(n) / n
    if n == pn and set(E) == set(pe):
        a5 = math.pi / 2 - 2 * math.pi * np.arange(5) / 5
        r = np.concatenate([np.ones(5), np.full(5, 0.5)])
        a = np.concatenate([a5, a5])
        return np.column_stack([r * np.cos(a), r * np.sin(a)])
    return np.column_stack([np.cos(angles), np.sin(angles)])


# ---------------------------------------------------------------------------------------------
# literature


def approximation_results() -> list[dict[str, str]]:
    """Hardness results for minimising disagreements / maximising agreements with halfspaces.

    Each row: problem, result, source (authors, venue, year). Literature facts, not computed
    here; notebook 05 displays them as a table.
    """
    return [
        {
            "problem": "MinDisagreement for halfspaces",
            "result": "NP-hard to solve exactly (decision version NP-complete)",
            "source": "Höffgen, Simon & Van Horn, J. Comput. Syst. Sci. 50(1):114-125, 1995",
        },
        {
            "problem": "MinDisagreement for halfspaces",
            "result": "no constant-factor approximation in polynomial time unless P = NP",
            "source": "Arora, Babai, Stern & Sweedyk, J. Comput. Syst. Sci. 54(2):317-331, 1997",
        },
        {
            "problem": "min unsatisfied linear relations (MinDis as a linear system)",
            "result": "hard to approximate within any constant factor unless P = NP",
            "source": "Amaldi & Kann, Theoretical Computer Science 209(1-2):237-260, 1998",
        },
        {
            "problem": "MaxAgreement for halfspaces",
            "result": "NP-hard to approximate within 418/415",
            "source": "Ben-David, Eiron & Long, J. Comput. Syst. Sci. 66(3):496-514, 2003",
        },
        {
            "problem": "agnostic learning of halfspaces",
            "result": (
                "even if some halfspace agrees with a 1 - eps fraction, finding one that agrees "
                "with 1/2 + delta is NP-hard"
            ),
            "source": "Guruswami & Raghavendra, FOCS 2006",
        },
        {
            "problem": "agnostic learning of halfspaces",
            "result": "same 1 - eps versus 1/2 + delta gap, found independently",
            "source": "Feldman, Gopalan, Khot & Ponnuswami, FOCS 2006",
        },
        {
            "problem": "minimum vertex cover (hence the weighted instance of notebook 05)",
            "result": "NP-hard to approximate within 1.36",
            "source": "Dinur & Safra, Annals of Mathematics 162(1):439-485, 2005",
        },
    ]


# --- the graph selector of notebook 05 ---

__all__ += ["GRAPH_FAMILIES", "graph_from_family", "graph_name"]

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
