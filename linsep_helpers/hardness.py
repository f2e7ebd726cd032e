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
size; ``cover_separator`` is the witness built from a cover. A table of hardness-of-approximation
results completes the module; the graphs themselves (families, layout, brute-force minimum
cover) are in ``graphs``.

Argument rule: solvers take ``(X, y, weights=None, *, options)``; ``weighted_disagreements``
evaluates a classifier and takes ``(w, b, X, y, weights=None)``. A graph is the pair
``(n, edges)`` of its vertex count and a list of pairs (i, j), i < j, as students write it.
Used in notebook 05.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from numpy.typing import ArrayLike
from scipy.optimize import Bounds, LinearConstraint, milp

from ._validate import (
    check_choice,
    check_int,
    check_sample_weights,
    check_scalar,
    check_vector,
    check_Xy,
)
from .graphs import _check_graph, _check_vertex_count
from .lp import SeparatorResult, find_separator, separation_matrix

__all__ = [
    "DisagreementResult",
    "ApproximationResult",
    "approximation_results",
    "cover_separator",
    "min_disagreement",
    "min_disagreement_bigm",
    "min_disagreement_bruteforce",
    "vertex_cover_instance",
    "weighted_disagreements",
]


@dataclass(frozen=True)
class DisagreementResult:
    """Outcome of a MinDisagreement solver.

    Attributes
    ----------
    mistakes : float or int
        The solver's answer: the minimum weighted number of mistakes (an int when all weights
        are integers). For "bigm" it is the MILP optimum, which is the true optimum only if
        the box was large enough.
    w : numpy.ndarray, shape (d,)
    b : float
        A halfspace; for the exact methods it has margin >= 1 on the examples it keeps and
        makes exactly ``mistakes`` weighted mistakes.
    misclassified : numpy.ndarray of bool, shape (n,)
        Mask of y_i (w.x_i + b) <= 0 for the returned (w, b).
    disagreements : float or int
        Weighted count of ``misclassified`` (equals ``mistakes`` for exact methods).
    method : {"hitting_set", "bigm", "bruteforce"}
    iterations : int
        Master problems solved (hitting_set), subsets tested (bruteforce), 1 (bigm).
    lower_bound : float or int or None
        A proven lower bound on the true optimum (None for "bigm", whose MILP bound only holds
        inside the box).
    upper_bound : float or int
        A proven upper bound (the disagreements of the returned (w, b)).
    n_cuts : int
        Non-separable subsets collected (hitting_set), else 0.
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


#: Largest ratio max(weights) / min(weights) the MILPs are given: their absolute tolerances
#: (1e-6) must stay far below the smallest weight once the weights are normalised.
_MAX_WEIGHT_RATIO = 1e6
#: Largest big-M constant (and box): HiGHS's integrality tolerance is 1e-6, so z_i = 1e-6
#: already relaxes a constraint by M * 1e-6, which must stay below the margin 1.
_MAX_BIG_M = 1e5


def _milp_weights(weights: np.ndarray, func: str) -> np.ndarray:
    """The weights divided by the power of two at their minimum (exact; the optimum's argmin
    is unchanged), after checking that their range suits the MILP's tolerances."""
    lo, hi = float(weights.min()), float(weights.max())
    if hi > _MAX_WEIGHT_RATIO * lo:
        raise ValueError(
            f"{func}: the weights range from {lo:.3g} to {hi:.3g}, a ratio above "
            f"{_MAX_WEIGHT_RATIO:.0e} that the MILP cannot resolve; rescale them or drop the "
            "lightest examples"
        )
    return np.ldexp(weights, -math.frexp(lo)[1] + 1)


def _sign_margins(w: np.ndarray, b: float, X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The signs (-1, 0, +1) of the margins y_i (w.x_i + b), exactly, for any finite floats.

    X and (w, b) are first scaled by powers of two (exactly), so nothing overflows; a row
    whose float score is within its rounding-and-underflow error bound of 0 is then decided
    in exact rational arithmetic. So a mistake (<= 0) is counted right for w = 1e300,
    X = 1e-300, entries of w 1e300 apart, and exact ties.
    """
    n, d = X.shape
    q = math.frexp(float(np.max(np.abs(X), initial=0.0)))[1]
    w_top = float(np.max(np.abs(w), initial=0.0))
    exponents = [math.frexp(w_top)[1] + q] if w_top else []  # of the terms w.x and b
    exponents += [math.frexp(b)[1]] if b else []
    top = max(exponents, default=0)
    with np.errstate(under="ignore"):
        Xs, ws, bs = np.ldexp(X, -q), np.ldexp(w, q - top), math.ldexp(b, -top)
        scores = Xs @ ws + bs
        size = np.abs(Xs) @ np.abs(ws) + abs(bs)  # every scaled term is at most 1
    bound = (d + 2) * 2.0**-50 * size + (3 * d + 3) * 2.0**-1070
    for i in np.flatnonzero(np.abs(scores) <= bound):  # too close to call in floats
        exact = sum(Fraction(wj) * Fraction(xj) for wj, xj in zip(w, X[i], strict=True))
        exact += Fraction(b)
        scores[i] = (exact > 0) - (exact < 0)
    return y * np.sign(scores)


def _maybe_int(value: float, integral: bool) -> float | int:
    return int(round(value)) if integral else float(value)


def _integral(weights: np.ndarray) -> bool:
    """Whole-number weights small enough that their sums are exact ints (<= 2^53)."""
    return bool(np.all(weights == np.round(weights)) and weights.sum() <= 2.0**53)


def weighted_disagreements(
    w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike, weights: ArrayLike | None = None
) -> float:
    """Weighted mistakes sum_i weights_i [y_i (w.x_i + b) <= 0] (ties count as mistakes).

    Parameters
    ----------
    w : array_like, shape (d,)
    b : float
    X : array_like, shape (n, d)
    y : array_like, shape (n,)
    weights : array_like, shape (n,), optional
        Positive weights (default all 1).

    Returns
    -------
    float
        Used in notebook 05.
    """
    X, y = check_Xy(X, y)
    weights = check_sample_weights(weights, X.shape[0])
    w = check_vector(w, X.shape[1], "w")
    b = check_scalar(b, "b")
    return float(weights[_sign_margins(w, b, X, y) <= 0].sum())


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
    wrong = _sign_margins(w, b, X, y) <= 0
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


def _separate_subset(X: np.ndarray, y: np.ndarray, keep: np.ndarray) -> SeparatorResult | None:
    """find_separator on the kept examples; None when nothing is kept."""
    if not keep.any():
        return None
    return find_separator(X[keep], y[keep])


# ---------------------------------------------------------------------------------------------
# exact solvers


def min_disagreement(
    X: ArrayLike,
    y: ArrayLike,
    weights: ArrayLike | None = None,
    *,
    method: str = "hitting_set",
    max_iterations: int = 10_000,
    time_limit: float = 60.0,
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

    Parameters
    ----------
    X : array_like, shape (n, d)
    y : array_like, shape (n,)
    weights : array_like, shape (n,), optional
        Positive weights (default all 1).
    method : {"hitting_set", "bigm", "bruteforce"}
        "bigm" and "bruteforce" dispatch to ``min_disagreement_bigm`` (default box) and
        ``min_disagreement_bruteforce``.
    max_iterations : int
        Master problems before giving up (ValueError).
    time_limit : float
        Seconds before giving up (ValueError): the work grows exponentially in the worst case,
        so a size that cannot finish is stopped rather than run for minutes (default 60 s).

    Returns
    -------
    DisagreementResult
        Used in notebook 05.
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
    master_weights = _milp_weights(weights, "min_disagreement")
    time_limit = check_scalar(time_limit, "time_limit", positive=True)
    deadline = time.monotonic() + time_limit

    def out_of_time() -> ValueError:
        return ValueError(
            f"min_disagreement is exact, and exponential in the worst case: no optimum within "
            f"time_limit = {time_limit:g} s for n = {n} examples; use fewer examples or raise "
            "time_limit"
        )

    tol = 1e-9 * float(weights.sum())  # relative: weights of 1e-300 or 1e300 alike

    cuts: list[np.ndarray] = []
    seen: set[tuple[int, ...]] = set()
    best: tuple[float, np.ndarray, float] | None = None  # (disagreements, w, b)
    lower = 0.0
    removed = np.zeros(n, dtype=bool)

    for iteration in range(1, max_iterations + 1):
        if time.monotonic() > deadline:
            raise out_of_time()
        if cuts:
            rows = np.zeros((len(cuts), n))
            for r, T in enumerate(cuts):
                rows[r, T] = 1.0
            res = milp(
                master_weights,
                constraints=LinearConstraint(rows, lb=np.ones(len(cuts)), ub=np.inf),
                integrality=np.ones(n),
                bounds=Bounds(0.0, 1.0),
                options={
                    "mip_rel_gap": 0.0,
                    "time_limit": max(deadline - time.monotonic(), 1e-3),
                },
            )
            if res.status == 1:  # HiGHS stopped at the time limit
                raise out_of_time()
            if res.status != 0 or res.x is None:
                raise ValueError(
                    f"min_disagreement: the master MILP failed ({res.message}); rescale the "
                    "weights or the features"
                )
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
            dis = float(weights[_sign_margins(w_, b_, X, y) <= 0].sum())
            if best is None or dis < best[0]:
                best = (dis, np.asarray(w_, dtype=float), b_)
            break

        # if the master's kept set was separable, its witness attains the lower bound
        if best[0] <= lower + tol:
            dis, w_, b_ = best
            if dis < lower - tol:
                raise ValueError(
                    "min_disagreement: a witness beat the proven lower bound, so a certificate "
                    "was wrong: the data are numerically degenerate; rescale the features or "
                    "remove near-duplicate points"
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
            raise ValueError(
                "min_disagreement: no new non-separable subset found and the bounds did not "
                f"meet (lower {lower:g}, upper {best[0]:g}): the data are numerically "
                "degenerate; rescale the features or remove near-duplicate points"
            )
    raise ValueError(
        f"min_disagreement: no optimum after max_iterations = {max_iterations} master problems; "
        "raise max_iterations or use fewer examples"
    )


def min_disagreement_bigm(
    X: ArrayLike,
    y: ArrayLike,
    weights: ArrayLike | None = None,
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

    Parameters
    ----------
    X : array_like, shape (n, d)
    y : array_like, shape (n,)
    weights : array_like, shape (n,), optional
        Positive weights (default all 1).
    box : float
        W > 0.
    big_m : float, optional
        M > 0 (default as above).

    Returns
    -------
    DisagreementResult
        ``lower_bound`` is None. Used in notebook 05.
    """
    X, y = check_Xy(X, y)
    n, d = X.shape
    weights = check_sample_weights(weights, n)
    box = check_scalar(box, "box", positive=True)
    default_m = box * (float(np.max(np.abs(X).sum(axis=1))) + 1.0) + 1.0
    M = default_m if big_m is None else check_scalar(big_m, "big_m", positive=True)
    for name, value in (("box", box), ("big_m" if big_m is not None else "the default big_m", M)):
        if value > _MAX_BIG_M:
            raise ValueError(
                f"min_disagreement_bigm: {name} = {value:.3g} exceeds {_MAX_BIG_M:.0e}: with "
                "HiGHS's integrality tolerance 1e-6 a z_i of 1e-6 would already switch a "
                "constraint off; rescale the features or choose a smaller box"
            )
    objective = _milp_weights(weights, "min_disagreement_bigm")
    A = separation_matrix(X, y)
    # variables (w, b, z); constraint A (w, b) + M z >= 1
    cons = LinearConstraint(np.hstack([A, M * np.eye(n)]), lb=np.ones(n), ub=np.inf)
    lb = np.concatenate([np.full(d + 1, -box), np.zeros(n)])
    ub = np.concatenate([np.full(d + 1, box), np.ones(n)])
    c = np.concatenate([np.zeros(d + 1), objective])
    integrality = np.concatenate([np.zeros(d + 1), np.ones(n)])
    res = milp(
        c,
        constraints=cons,
        integrality=integrality,
        bounds=Bounds(lb, ub),
        options={"mip_rel_gap": 0.0},
    )
    if res.status != 0 or res.x is None:
        raise ValueError(
            f"min_disagreement_bigm: the MILP failed ({res.message}); rescale the features "
            "or the weights"
        )
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
    X: ArrayLike,
    y: ArrayLike,
    weights: ArrayLike | None = None,
    *,
    max_points: int = 14,
) -> DisagreementResult:
    """Second exact method: try removal sets in order of increasing total weight (then size)
    and LP-test (box-free ``lp.find_separator``) the examples left; the first separable rest
    is optimal.

    Parameters
    ----------
    X : array_like, shape (n, d)
    y : array_like, shape (n,)
    weights : array_like, shape (n,), optional
        Positive weights (default all 1).
    max_points : int
        Largest n accepted (2^n subsets; ValueError beyond); at most 20.

    Returns
    -------
    DisagreementResult
        Used in notebook 05.
    """
    X, y = check_Xy(X, y)
    n = X.shape[0]
    weights = check_sample_weights(weights, n)
    max_points = check_int(max_points, "max_points", minimum=1)
    if max_points > 20:
        raise ValueError(
            f"max_points must be <= 20 (2^20 subsets, each an LP, already take minutes); "
            f"got {max_points}"
        )
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


def vertex_cover_instance(
    n: int, edges: Iterable[Sequence[int]], *, origin_weight: float | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The reduction from vertex cover: weighted points in R^n built from G = (V, E), |V| = n.

    Rows, in this order: the origin labelled +1 with weight n + 1 (or ``origin_weight``);
    e_i labelled -1 with weight 1 for every vertex i; e_i + e_j labelled +1 with weight 1 for
    every edge {i, j}. With weight n + 1 the minimum weighted disagreement equals tau(G); with
    origin weight 1 it is min(tau(G), 1) (the origin alone is given up).

    Parameters
    ----------
    n : int
        Number of vertices, >= 1.
    edges : iterable of (int, int)
        Distinct edges between vertices 0..n-1, no self-loops.
    origin_weight : float, optional
        Weight of the origin, > 0 (default n + 1).

    Returns
    -------
    X : numpy.ndarray, shape (1 + n + |E|, n)
    y : numpy.ndarray, shape (1 + n + |E|,)
    weights : numpy.ndarray, shape (1 + n + |E|,)
        A data set, unpacked like ``make_separable``'s. Used in notebook 05.
    """
    n, E = _check_graph(n, edges)
    if (1 + n + len(E)) * n > 4_000_000:
        raise ValueError(
            f"the instance of a graph with n = {n} vertices and {len(E)} edges would have "
            f"{1 + n + len(E)} x {n} entries (limit 4 million): use a smaller graph"
        )
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

    Parameters
    ----------
    n : int
        Number of vertices.
    cover : iterable of int
        Distinct vertices in 0..n-1.

    Returns
    -------
    (w, b) : (numpy.ndarray of shape (n,), float)
        Used in notebook 05.
    """
    n = _check_vertex_count(n)
    C = [check_int(v, "cover vertex") for v in cover]
    if any(not 0 <= v < n for v in C):
        raise ValueError(f"cover vertices must lie in 0..{n - 1}; got {sorted(C)}")
    if len(set(C)) != len(C):
        raise ValueError(f"cover has repeated vertices: {sorted(C)}")
    w = np.full(n, -2.0)
    w[C] = 2.0
    return w, 1.0


# ---------------------------------------------------------------------------------------------
# literature


@dataclass(frozen=True)
class ApproximationResult:
    """One hardness result from the literature.

    Attributes
    ----------
    problem : str
        The problem, e.g. "MinDisagreement for halfspaces".
    result : str
        What is hard, and how hard.
    source : str
        Authors, venue, year.
    """

    problem: str
    result: str
    source: str


def approximation_results() -> list[ApproximationResult]:
    """Hardness results for minimising disagreements / maximising agreements with halfspaces.

    Literature facts, not computed here.

    Returns
    -------
    list of ApproximationResult
        One row per result; notebook 05 displays them as a table.
    """
    rows = [
        (
            "MinDisagreement for halfspaces",
            "NP-hard to solve exactly (decision version NP-complete)",
            "Höffgen, Simon & Van Horn, J. Comput. Syst. Sci. 50(1):114-125, 1995",
        ),
        (
            "MinDisagreement for halfspaces",
            "no constant-factor approximation in polynomial time unless P = NP",
            "Arora, Babai, Stern & Sweedyk, J. Comput. Syst. Sci. 54(2):317-331, 1997",
        ),
        (
            "min unsatisfied linear relations (MinDis as a linear system)",
            "hard to approximate within any constant factor unless P = NP",
            "Amaldi & Kann, Theoretical Computer Science 209(1-2):237-260, 1998",
        ),
        (
            "MaxAgreement for halfspaces",
            "NP-hard to approximate within 418/415",
            "Ben-David, Eiron & Long, J. Comput. Syst. Sci. 66(3):496-514, 2003",
        ),
        (
            "agnostic learning of halfspaces",
            "even if some halfspace agrees with a 1 - eps fraction, finding one that agrees "
            "with 1/2 + delta is NP-hard",
            "Guruswami & Raghavendra, FOCS 2006",
        ),
        (
            "agnostic learning of halfspaces",
            "same 1 - eps versus 1/2 + delta gap, found independently",
            "Feldman, Gopalan, Khot & Ponnuswami, FOCS 2006",
        ),
        (
            "minimum vertex cover (hence the weighted instance of the reduction)",
            "NP-hard to approximate within 1.36",
            "Dinur & Safra, Annals of Mathematics 162(1):439-485, 2005",
        ),
    ]
    return [ApproximationResult(*row) for row in rows]
