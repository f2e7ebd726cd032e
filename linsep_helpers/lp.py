"""Linear programming for linear separators (scipy.optimize.linprog with HiGHS).

Every labelled example (x_i, y_i) becomes one row of the *separation matrix*
A_i = y_i (x_i, 1), so that the unknown z = (w, b) separates the data with functional
margin at least 1 exactly when A z >= 1. That turns "find a separator" into a linear
program with a zero objective, and Gordan's theorem of the alternative gives the other side:
either A z >= 1 is feasible, or there is a probability vector lambda with A^T lambda = 0,
which exhibits a point p lying in the convex hull of both classes.

Contents
- ``separation_matrix``: the matrix A.
- ``find_separator``: the feasibility LP, with a verified separator or a verified certificate.
- ``find_separator_default_bounds``: the same LP with linprog's default bounds (0, None),
  kept to show the pitfall that it silently forces w >= 0.
- ``verify_certificate``: an independent check of a Gordan certificate.
- ``max_margin_lp``: Mangasarian's LPs for the l1- and l-infinity-distance margins.
- ``robust_lp``: Bennett & Mangasarian's robust LP (minimise the mean violation).
- ``find_homogeneous_separator`` / ``homogeneous_staircase_lp``: separators through the origin.

Argument rule: every function here learns from or describes data and takes ``(X, y, ...)``;
options are keyword-only; results are frozen dataclasses. Scale: data far from scale 1 are
divided by a power of two before HiGHS sees them and the answer is mapped back exactly, so
s X gets the answer of X (mapped); what HiGHS still cannot solve is a ValueError saying
"rescale". Used in notebooks 02, 04 and 05
(and by ``hardness``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import ArrayLike
from scipy.optimize import linprog

from ._validate import check_choice, check_scalar, check_vector, check_Xy
from .data import staircase
from .geometry import _margins, _signed_rows

__all__ = [
    "Certificate",
    "MaxMarginLPResult",
    "NaiveLPResult",
    "RobustLPResult",
    "SeparatorResult",
    "find_separator",
    "find_homogeneous_separator",
    "homogeneous_staircase_lp",
    "find_separator_default_bounds",
    "max_margin_lp",
    "robust_lp",
    "separation_matrix",
    "verify_certificate",
]

# Attempts made before giving up on a numerically awkward instance: the default HiGHS call,
# then dual simplex with tight tolerances, then interior point with tight tolerances.
_ATTEMPTS: tuple[tuple[str, dict], ...] = (
    ("highs", {}),
    (
        "highs-ds",
        {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10},
    ),
    (
        "highs-ipm",
        {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10},
    ),
)


def separation_matrix(X: ArrayLike, y: ArrayLike) -> np.ndarray:
    """The separation matrix A with rows A_i = y_i (x_i, 1).

    (w, b) separates the data with functional margin >= 1 iff A @ (w, b) >= 1, since
    (A (w, b))_i = y_i (w.x_i + b).

    Parameters
    ----------
    X : array_like, shape (n, d)
    y : array_like, shape (n,)
        Labels in {-1, +1} or {0, 1}.

    Returns
    -------
    numpy.ndarray, shape (n, d + 1)
        A. Used in notebook 04.
    """
    X, y = check_Xy(X, y)
    return _signed_rows(X, y, bias=True)


@dataclass(frozen=True)
class Certificate:
    """A Gordan certificate that the data are NOT linearly separable.

    lam >= 0 with sum(lam) = 1 and A^T lam = 0, i.e. sum_i lam_i y_i (x_i, 1) = 0. The last
    coordinate says each class carries weight 1/2, and then 2 sum_{y_i=+1} lam_i x_i =
    2 sum_{y_i=-1} lam_i x_i is a point in the convex hull of each class: no halfspace can put
    it strictly on both sides.

    Attributes
    ----------
    lam : numpy.ndarray, shape (n,)
        The weights lambda_i.
    point : numpy.ndarray, shape (d,)
        The common point p of the two convex hulls.
    weight_pos, weight_neg : float
        Total weight of each class (1/2 each).
    support : numpy.ndarray of int
        Examples with lam_i > 0 (a minimal non-separable subset when lam is a vertex).
    """

    lam: np.ndarray
    point: np.ndarray
    weight_pos: float
    weight_neg: float
    support: np.ndarray

    def verify(self, X: ArrayLike, y: ArrayLike, *, tol: float = 1e-9) -> bool:
        """True iff lam is a valid certificate for (X, y); see ``verify_certificate``."""
        return verify_certificate(X, y, self.lam, tol=tol)


@dataclass(frozen=True)
class SeparatorResult:
    """Outcome of ``find_separator``.

    Exactly one of two things holds: ``separable`` is True and (w, b) has functional margin
    min_i y_i (w.x_i + b) >= 1 (``certificate`` is None), or ``separable`` is False, w and b
    are None and ``certificate`` proves non-separability.

    Attributes
    ----------
    separable : bool
    w : numpy.ndarray or None
    b : float or None
    certificate : Certificate or None
    functional_margin : float or None
        min_i y_i (w.x_i + b) of the returned separator (>= 1).
    status : int
        HiGHS status of the deciding LP (2 = infeasible for a certificate).
    message : str
        One line saying what was found.
    """

    separable: bool
    w: np.ndarray | None
    b: float | None
    certificate: Certificate | None
    functional_margin: float | None
    status: int
    message: str


@dataclass(frozen=True)
class NaiveLPResult:
    """What the naive call linprog(0, A_ub=-A, b_ub=-1) with default bounds w, b >= 0 gives.

    Attributes
    ----------
    feasible : bool
        Whether that LP found a point (it may not, on separable data).
    w, b : numpy.ndarray or None, float or None
        The point found (w >= 0, b >= 0), else None.
    status : int
    message : str
        HiGHS's status and message.
    """

    feasible: bool
    w: np.ndarray | None
    b: float | None
    status: int
    message: str


@dataclass(frozen=True)
class MaxMarginLPResult:
    """Outcome of ``max_margin_lp``.

    Attributes
    ----------
    separable : bool
    w : numpy.ndarray, shape (d,)
    b : float
    t : float
        min_i y_i (w.x_i + b) for the returned (w, b) (recomputed, not the solver's value).
    norm : {"l1", "linf"}
        The norm in which distances are measured.
    margin : float
        Distance in that norm from the hyperplane to the closest example: t / ||w||_inf for
        "l1" and t / ||w||_1 for "linf" (the dual norms); 0.0 when not separable.
    euclidean_margin : float
        t / ||w||_2 for comparison; 0.0 when not separable.
    status : int
    message : str
        HiGHS's status and message.
    """

    separable: bool
    w: np.ndarray
    b: float
    t: float
    norm: str
    margin: float
    euclidean_margin: float
    status: int
    message: str


@dataclass(frozen=True)
class RobustLPResult:
    """Outcome of ``robust_lp``.

    Attributes
    ----------
    separable : bool
        Whether the returned (w, b) separates strictly.
    w : numpy.ndarray, shape (d,)
    b : float
    xi : numpy.ndarray, shape (n,)
        Violations xi_i = max(0, 1 - y_i (w.x_i + b)).
    objective : float
        mean(xi).
    status : int
    message : str
        HiGHS's status and message.
    """

    separable: bool
    w: np.ndarray
    b: float
    xi: np.ndarray
    objective: float
    status: int
    message: str


def _normalise(X: np.ndarray) -> tuple[np.ndarray, int]:
    """X / 2^e and e, with 2^e the power of two just above max |x_ij|; e = 0 (X itself) when
    max |x_ij| is already within [2^-8, 2^8] (the data of the notebooks: bit-identical LPs).

    Only exponents change, so the scaling is exact (barring subnormal entries) and so is the
    map back: a (w', b) for the scaled data is (2^-e w', b) for X, with the same margins.
    The LPs are solved at this scale, where HiGHS's absolute tolerances mean what they say.
    """
    top = float(np.max(np.abs(X)))
    if top == 0.0 or 2.0**-8 <= top < 2.0**8:
        return X, 0
    e = math.frexp(top)[1]
    return np.ldexp(X, -e), e


def _too_extreme(func: str, what: str) -> ValueError:
    return ValueError(
        f"{func}: {what}; the data are numerically degenerate at this scale (features spanning "
        "more than ~1e300, or points that differ only in their last digits): rescale the "
        "features or remove near-duplicate points"
    )


def verify_certificate(X: ArrayLike, y: ArrayLike, lam: ArrayLike, *, tol: float = 1e-9) -> bool:
    """Check a Gordan certificate: lam >= -tol, |sum(lam) - 1| <= tol, |sum_i lam_i y_i| <= tol
    and max_j |sum_i lam_i y_i x_ij| <= tol * max|x_ij| (relative to the data's scale, so the
    answer is the same for X and 1e-200 X).

    If it returns True the data are not linearly separable: for any (w, b),
    sum_i lam_i y_i (w.x_i + b) = 0, so some example has y_i (w.x_i + b) <= 0.

    Parameters
    ----------
    X : array_like, shape (n, d)
    y : array_like, shape (n,)
    lam : array_like, shape (n,)
        The candidate weights.
    tol : float
        Tolerance, >= 0.

    Returns
    -------
    bool
        Used in notebook 04 and by the exercise checks.
    """
    X, y = check_Xy(X, y)
    lam = check_vector(lam, X.shape[0], name="lam")
    tol = check_scalar(tol, "tol", nonnegative=True)
    if np.any(lam < -tol) or not abs(float(lam.sum()) - 1.0) <= tol:
        return False
    if not abs(float(lam @ y)) <= tol:
        return False
    Xn, _ = _normalise(X)  # the residual at scale 1: no overflow, the same test for every scale
    return bool(np.max(np.abs((lam * y) @ Xn)) <= tol * float(np.max(np.abs(Xn))))


def _separator_from_lp(A: np.ndarray, method: str, options: dict) -> tuple[np.ndarray | None, int]:
    """Solve A z >= 1 (z free); return z rescaled to min(A z) >= 1, or None if that fails."""
    n, k = A.shape
    res = linprog(
        np.zeros(k),
        A_ub=-A,
        b_ub=-np.ones(n),
        bounds=(None, None),
        method=method,
        options=options,
    )
    if res.status != 0 or res.x is None:
        return None, int(res.status)
    return _unit_margin(A, np.asarray(res.x, dtype=float)), int(res.status)


def _unit_margin(A: np.ndarray, z: np.ndarray) -> np.ndarray | None:
    """z rescaled so that min(A z) >= 1 (HiGHS allows a small primal infeasibility), or None
    when z does not separate or is not finite."""
    with np.errstate(all="ignore"):
        m = float(np.min(A @ z))
        if not np.all(np.isfinite(z)) or not math.isfinite(m) or m <= 0:
            return None
        for _ in range(5):
            if m >= 1.0:
                break
            z = z * (1.0 / m) * (1.0 + 1e-12)
            m = float(np.min(A @ z))
    return z if m >= 1.0 and np.all(np.isfinite(z)) else None


def _reduce_to_vertex(M: np.ndarray, lam: np.ndarray) -> np.ndarray:
    """Carathéodory reduction: keep M lam fixed and lam >= 0 while shrinking the support
    until the columns of M on the support are linearly independent (lam is then a vertex)."""
    lam = lam.copy()
    for _ in range(lam.size + 1):
        S = np.flatnonzero(lam > 0)
        if S.size == 0:
            break
        sub = M[:, S]
        _, s, vt = np.linalg.svd(sub)
        rank = int(np.sum(s > 1e-10 * max(1.0, s[0]))) if s.size else 0
        if rank >= S.size:
            break
        v = vt[-1]
        if not np.any(v > 1e-12):
            v = -v
        pos = v > 1e-12
        ratios = lam[S][pos] / v[pos]
        j = int(np.argmin(ratios))
        alpha = float(ratios[j])
        new = lam[S] - alpha * v
        new[np.flatnonzero(pos)[j]] = 0.0
        new[new < 0] = 0.0
        lam[S] = new
    return lam


def _polish(M: np.ndarray, rhs: np.ndarray, lam: np.ndarray) -> np.ndarray:
    """Re-solve M_S lam_S = rhs exactly on the support S (a vertex has a unique solution)."""
    S = np.flatnonzero(lam > 0)
    sol, *_ = np.linalg.lstsq(M[:, S], rhs, rcond=None)
    if np.all(sol >= -1e-12):
        sol = np.clip(sol, 0.0, None)
        out = np.zeros_like(lam)
        out[S] = sol
        return out
    return lam


def _certificate_from_lp(
    X: np.ndarray, y: np.ndarray, A: np.ndarray, method: str, options: dict
) -> tuple[Certificate | None, int]:
    """Solve lam >= 0, A^T lam = 0, 1^T lam = 1; return a certificate verified on (X, y)
    (A is the separation matrix of the normalised X, the LP's scale), or None."""
    n, k = A.shape
    M = np.vstack([A.T, np.ones((1, n))])
    rhs = np.zeros(k + 1)
    rhs[-1] = 1.0
    res = linprog(np.zeros(n), A_eq=M, b_eq=rhs, bounds=(0, None), method=method, options=options)
    if res.status != 0 or res.x is None:
        return None, int(res.status)
    lam = np.asarray(res.x, dtype=float)
    lam[lam < 1e-13] = 0.0
    if lam.sum() <= 0:
        return None, int(res.status)
    lam = _polish(M, rhs, _reduce_to_vertex(M, lam / lam.sum()))
    if not np.all(np.isfinite(lam)) or not verify_certificate(X, y, lam, tol=1e-9):
        return None, int(res.status)
    pos = y > 0
    point = (2.0 * lam[pos]) @ X[pos] if pos.any() else np.zeros(X.shape[1])
    cert = Certificate(
        lam=lam,
        point=np.asarray(point, dtype=float),
        weight_pos=float(lam[pos].sum()),
        weight_neg=float(lam[~pos].sum()),
        support=np.flatnonzero(lam > 0),
    )
    return cert, int(res.status)


def find_separator(X: ArrayLike, y: ArrayLike) -> SeparatorResult:
    """Decide linear separability with the feasibility LP  A (w, b) >= 1, objective 0,
    all variables free (bounds=(None, None)).

    Separable: (w, b) is returned with functional margin min_i y_i (w.x_i + b) >= 1 (checked
    here, rescaled if HiGHS's tolerance left it a hair below 1). Not separable: the
    alternative LP  lam >= 0, A^T lam = 0, sum lam = 1  (Gordan) is solved, reduced to a vertex
    (support of at most d + 2 examples, a minimal non-separable subset) and verified.
    If neither can be verified after retrying with tighter tolerances, ValueError (rescale).

    The LPs are solved on X / 2^e, 2^e the power of two above max|x_ij| (exact), and the
    separator is mapped back (w = 2^-e w'), so X and s X get the same answer for any s. The
    answer is decided in floating point, to the solvers' tolerance (about 1e-9 relative to
    max|x_ij|): classes that only weights beyond float range separate come back as "not
    separable" with a certificate that verifies to that tolerance.

    Parameters
    ----------
    X : array_like, shape (n, d)
    y : array_like, shape (n,)

    Returns
    -------
    SeparatorResult
        A verified separator or a verified certificate. Used in notebooks 01, 04 and 05.
    """
    X, y = check_Xy(X, y)
    A = separation_matrix(X, y)
    Xn, e = _normalise(X)
    An = separation_matrix(Xn, y)
    last_status = -1
    for method, options in _ATTEMPTS:
        zn, st = _separator_from_lp(An, method, options)
        with np.errstate(over="ignore"):  # a w beyond float range is refused by _unit_margin
            z = None if zn is None else _unit_margin(A, np.append(np.ldexp(zn[:-1], -e), zn[-1]))
        if z is not None:
            m = float(np.min(A @ z))
            return SeparatorResult(
                separable=True,
                w=z[:-1].copy(),
                b=float(z[-1]),
                certificate=None,
                functional_margin=m,
                status=st,
                message=f"separable: found (w, b) with functional margin {m:.6g} >= 1",
            )
        cert, last_status = _certificate_from_lp(X, y, An, method, options)
        if cert is not None:
            return SeparatorResult(
                separable=False,
                w=None,
                b=None,
                certificate=cert,
                functional_margin=None,
                status=2,
                message=(
                    "not separable: A (w, b) >= 1 is infeasible; Gordan certificate with "
                    f"support {cert.support.tolist()}"
                ),
            )
    raise _too_extreme(
        "find_separator",
        "neither a separator with margin >= 1 nor a Gordan certificate could be verified "
        f"(last HiGHS status {last_status})",
    )


def find_homogeneous_separator(X: ArrayLike, y: ArrayLike) -> SeparatorResult:
    """Is there a separator through the origin, w with y_i w.x_i > 0 for every i?

    Reduction to ``find_separator``: (X, y) has one iff the mirrored set (x_i, y_i) together
    with (-x_i, -y_i) has an affine separator. If (w, b) gives y_i(w.x_i + b) >= 1 and
    -y_i(-w.x_i + b) >= 1, adding the two gives y_i w.x_i >= 1: w alone separates through the
    origin, so it is returned with b = 0. Conversely a homogeneous w separates both sets.
    When there is none, the certificate is that of the mirrored set (its indices i < n are
    the x_i, the others the -x_(i-n)).

    Parameters
    ----------
    X : array_like, shape (n, d)
    y : array_like, shape (n,)

    Returns
    -------
    SeparatorResult
        With b = 0 when separable. Used in notebook 04 (staircase data).
    """
    Xa, ya = check_Xy(X, y)
    res = find_separator(np.vstack([Xa, -Xa]), np.concatenate([ya, -ya]))
    if not res.separable:
        return replace(res, message=res.message + " (for the mirrored set: no w through 0)")
    m = float(np.min(_margins(res.w, 0.0, Xa, ya)))
    return replace(
        res,
        b=0.0,
        functional_margin=m,
        message=f"separable through the origin: w with min y_i w.x_i = {m:.6g} >= 1",
    )


def homogeneous_staircase_lp(d: int) -> np.ndarray:
    """The LP's separator through the origin of the staircase data of dimension d.

    ``find_homogeneous_separator`` on ``data.staircase(d)``, rescaled so that min_k w.x_k = 1;
    it has w_1 > 0 and w_k > 2 w_(k-1), so its margin is at most 2^(1-d).

    Parameters
    ----------
    d : int
        Dimension, >= 1.

    Returns
    -------
    numpy.ndarray, shape (d,)
        w. Used in notebook 02 (the staircase explorer and exercise).
    """
    X, y = staircase(d)
    w = find_homogeneous_separator(X, y).w
    return w / float(np.min(X @ w))


def find_separator_default_bounds(X: ArrayLike, y: ArrayLike) -> NaiveLPResult:
    """The pitfall: the same LP called with linprog's DEFAULT bounds (0, None).

    Those bounds silently add w_j >= 0 and b >= 0, so the LP can report "infeasible" on
    data that a separator with a negative weight splits perfectly; use ``find_separator``.

    Parameters
    ----------
    X : array_like, shape (n, d)
    y : array_like, shape (n,)

    Returns
    -------
    NaiveLPResult
        Used in notebook 04 (shown once).
    """
    X, y = check_Xy(X, y)
    Xn, e = _normalise(X)  # exact; w = 2^-e w' keeps the signs the default bounds impose
    A = separation_matrix(Xn, y)
    res = linprog(np.zeros(A.shape[1]), A_ub=-A, b_ub=-np.ones(A.shape[0]), method="highs")
    if res.status == 0 and res.x is not None:
        z = np.asarray(res.x, dtype=float)
        with np.errstate(over="ignore"):
            w = np.ldexp(z[:-1], -e)
        if not np.all(np.isfinite(w)):
            raise _too_extreme("find_separator_default_bounds", "w overflows float64")
        return NaiveLPResult(True, w, float(z[-1]), int(res.status), str(res.message))
    return NaiveLPResult(False, None, None, int(res.status), str(res.message))


def max_margin_lp(X: ArrayLike, y: ArrayLike, *, norm: str = "l1") -> MaxMarginLPResult:
    """Mangasarian's max-margin LPs (1999): maximise t subject to A (w, b) >= t and

    - norm="l1":   -1 <= w_j <= 1 (||w||_inf <= 1): maximises the l1-distance margin
      min_i y_i (w.x_i + b) / ||w||_inf;
    - norm="linf": ||w||_1 <= 1 written as w = u - v, u, v >= 0, sum(u + v) <= 1:
      maximises the l-infinity-distance margin min_i y_i (w.x_i + b) / ||w||_1.

    b is free. Needs both classes (otherwise t is unbounded). Non-separable data give
    t <= 0 (w = 0, b = 0 is optimal) and ``separable`` False. The LP is solved on
    X / 2^e (2^e the power of two above max|x_ij|, an exact scaling) and mapped back
    (w unchanged, b and t times 2^e): for data s X the margin is s times the margin for X.
    The Euclidean (l2) max margin is a quadratic program, not an LP
    (``logistic_fit.max_margin_direction``); ``euclidean_margin`` reports the l2 margin of the
    LP's hyperplane for comparison.

    Parameters
    ----------
    X : array_like, shape (n, d)
    y : array_like, shape (n,)
        Both classes must occur (ValueError).
    norm : {"l1", "linf"}
        The distance whose margin is maximised.

    Returns
    -------
    MaxMarginLPResult
        Used in notebook 04 (the LP separators explorer).
    """
    X, y = check_Xy(X, y)
    norm = check_choice(norm, "norm", ("l1", "linf"))
    if np.all(y > 0) or np.all(y < 0):
        raise ValueError("max_margin_lp needs examples of both classes (the margin is unbounded)")
    A = separation_matrix(X, y)
    Xn, e = _normalise(X)
    An = separation_matrix(Xn, y)
    n, k = A.shape
    d = k - 1
    if norm == "l1":
        # variables (w, b, t)
        c = np.zeros(k + 1)
        c[-1] = -1.0
        A_ub = np.hstack([-An, np.ones((n, 1))])
        b_ub = np.zeros(n)
        bounds = [(-1.0, 1.0)] * d + [(None, None), (None, None)]
    else:
        # variables (u, v, b, t) with w = u - v
        c = np.zeros(2 * d + 2)
        c[-1] = -1.0
        rows = np.hstack([-An[:, :d], An[:, :d], -An[:, d:], np.ones((n, 1))])
        budget = np.concatenate([np.ones(2 * d), [0.0, 0.0]])[None, :]
        A_ub = np.vstack([rows, budget])
        b_ub = np.concatenate([np.zeros(n), [1.0]])
        bounds = [(0.0, None)] * (2 * d) + [(None, None), (None, None)]
    res = linprog(c, A_ub=A_ub, b_ub=b_ub, bounds=bounds, method="highs")
    if res.status != 0 or res.x is None:
        raise _too_extreme("max_margin_lp", f"HiGHS failed ({res.status}: {res.message})")
    x = np.asarray(res.x, dtype=float)
    w = (x[:d] if norm == "l1" else x[:d] - x[d : 2 * d]) + 0.0  # + 0.0 turns -0.0 into 0.0
    t_n = float(np.min(An @ np.append(w, x[-2])))  # the margin at scale 1 decides separable
    with np.errstate(over="ignore", invalid="ignore"):
        b = float(np.ldexp(x[-2], e)) + 0.0
        t = float(np.min(A @ np.append(w, b)))
    if not (math.isfinite(b) and math.isfinite(t)):
        raise _too_extreme("max_margin_lp", "b overflows float64")
    separable = t_n > 1e-9 and np.any(w != 0)
    if separable:
        dual = float(np.max(np.abs(w))) if norm == "l1" else float(np.sum(np.abs(w)))
        margin = t / dual
        euclid = t / float(np.linalg.norm(w))
    else:
        margin = euclid = 0.0
    return MaxMarginLPResult(
        separable=bool(separable),
        w=w,
        b=b,
        t=t,
        norm=norm,
        margin=float(margin),
        euclidean_margin=float(euclid),
        status=int(res.status),
        message=str(res.message),
    )


def robust_lp(X: ArrayLike, y: ArrayLike) -> RobustLPResult:
    """Robust LP of Bennett & Mangasarian (1992): minimise (1/n) sum_i xi_i subject to
    A (w, b) >= 1 - xi, xi >= 0, with (w, b) free.

    Always feasible (w = 0, b = 0, xi = 1 gives objective 1), and the optimum is 0 iff the
    data are separable. ``separable`` is True when the returned (w, b) separates strictly
    (guaranteed once the objective is below 1/n, since then every xi_i < 1). On non-separable
    data a certificate lam gives sum_i lam_i xi_i >= 1, so the optimum is >= 1/n; XOR has
    optimum exactly 1 (lam = 1/4 each). xi and the objective are recomputed from (w, b).
    The LP is solved on X / 2^e (2^e the power of two above max|x_ij|) and w mapped back
    exactly (w = 2^-e w'): the same problem, at the scale where HiGHS works.

    Parameters
    ----------
    X : array_like, shape (n, d)
    y : array_like, shape (n,)

    Returns
    -------
    RobustLPResult
        Used in notebooks 04 and 05.
    """
    X, y = check_Xy(X, y)
    A = separation_matrix(X, y)
    Xn, e = _normalise(X)
    n, k = A.shape
    c = np.concatenate([np.zeros(k), np.full(n, 1.0 / n)])
    A_ub = np.hstack([-separation_matrix(Xn, y), -np.eye(n)])
    bounds = [(None, None)] * k + [(0.0, None)] * n
    res = linprog(c, A_ub=A_ub, b_ub=-np.ones(n), bounds=bounds, method="highs")
    if res.status != 0 or res.x is None:
        raise _too_extreme("robust_lp", f"HiGHS failed ({res.status}: {res.message})")
    z = np.asarray(res.x[:k], dtype=float)
    with np.errstate(over="ignore", invalid="ignore"):
        z[:-1] = np.ldexp(z[:-1], -e)
        xi = np.maximum(0.0, 1.0 - A @ z)
    if not np.all(np.isfinite(z)) or not np.all(np.isfinite(xi)):
        raise _too_extreme("robust_lp", "w overflows float64")
    obj = float(xi.mean())
    return RobustLPResult(
        separable=bool(np.all(A @ z > 0)),
        w=z[:-1].copy(),
        b=float(z[-1]),
        xi=xi,
        objective=obj,
        status=int(res.status),
        message=str(res.message),
    )
