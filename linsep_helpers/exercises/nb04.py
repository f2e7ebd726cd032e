"""Checks for the exercises of notebook 04 (finding a separator is a linear program).

Every check takes the student's answer first, then the data; it says which property fails
(a shape, a sign, a row, a condition of the certificate) without printing the solution.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from .._validate import check_scalar, check_vector, check_Xy
from ..lp import robust_lp
from ._feedback import (
    Feedback,
    answer_margins,
    exercise,
    multiple_of,
    parse_array,
    parse_number,
    parse_vector,
    parse_wb,
)

__all__ = [
    "check_separation_matrix",
    "check_rescaled_separator",
    "check_certificate",
    "check_robust_optimum",
]


@exercise("your matrix A (a numpy array with one row y_i (x_i, 1) per example)")
def check_separation_matrix(answer: object, X: ArrayLike, y: ArrayLike) -> Feedback:
    """Is ``answer`` the LP matrix A with rows A_i = y_i (x_i, 1) (claim C24)?

    Parameters
    ----------
    answer : array-like of shape (n, d + 1)
        The student's A, so that A (w, b) >= 1 says y_i (w.x_i + b) >= 1 for every i.
    X, y : array-like
        The data (labels {0, 1} mean the same matrix as {-1, +1}).

    Returns
    -------
    Feedback
        ✔ for the right matrix (to a relative 1e-9); otherwise says which property fails:
        the shape, the signs, the last column (the ±1 of b), or which rows are wrong.

    Used in notebook 04.
    """
    Xa, ya = check_Xy(X, y)
    A = parse_array(answer, "A")
    n, d = Xa.shape
    if A.shape != (n, d + 1):
        return Feedback(
            False,
            f"A has shape {A.shape}; it needs one row per example and one column per "
            f"unknown of (w, b), i.e. shape ({n}, {d + 1})",
        )
    expected = ya[:, None] * np.hstack([Xa, np.ones((n, 1))])
    tol = 1e-9 * np.append(np.full(d, np.max(np.abs(Xa))), 1.0)  # relative to X's scale
    if np.allclose(np.abs(A), np.abs(expected), atol=tol) and not np.allclose(
        A, expected, atol=tol
    ):
        return Feedback(False, "the magnitudes are right but some signs are not: multiply by y_i")
    if not np.allclose(np.abs(A[:, -1]), 1.0, atol=1e-9):
        return Feedback(False, "the last column belongs to b: its entries are ±1, as x_i is lifted")
    wrong = [i for i in range(n) if not np.allclose(A[i], expected[i], atol=tol)]
    if wrong:
        return Feedback(False, f"rows {wrong} are not y_i (x_i, 1) (0-based row numbers)")
    return Feedback(True, f"A is right: A (w, b) >= 1 says y_i (w.x_i + b) >= 1 for all {n}")


SMALLEST_TOL = 1e-6
"""How far from 1 the smallest y_i (w.x_i + b) of exercise 2 may be: c to 6 digits."""


@exercise("replace the two Nones with your w (one number per feature) and your b")
def check_rescaled_separator(
    answer: object, X: ArrayLike, y: ArrayLike, w0: ArrayLike, b0: float
) -> Feedback:
    """Is ``answer = (w, b)`` the smallest positive multiple c (w0, b0) meeting
    y_i (w.x_i + b) >= 1 (C05)?

    Parameters
    ----------
    answer : (w, b)
        The student's rescaled separator.
    X, y : array-like
        The data.
    w0, b0 : array-like of shape (d,), float
        A separator of (X, y): every y_i (w0.x_i + b0) > 0 (else ValueError).

    Returns
    -------
    Feedback
        ✔ only for the smallest factor, c = 1 / min_i y_i (w0.x_i + b0), i.e. (w, b) with
        min_i y_i (w.x_i + b) = 1 (to ``SMALLEST_TOL``); otherwise says that (w, b) is not a
        positive multiple, or whether its smallest y_i (w.x_i + b) (not printed: it would give the
        answer away) is
        below 1 (scale up) or above 1 (feasible, but scale down).

    Used in notebook 04.
    """
    Xa, ya = check_Xy(X, y)
    z0 = np.append(check_vector(w0, Xa.shape[1], "w0"), check_scalar(b0, "b0"))
    if not np.any(z0):
        raise ValueError("(w0, b0) must not be zero")
    m0 = float(np.min(answer_margins(z0[:-1], z0[-1], Xa, ya)))
    if not m0 > 0:
        raise ValueError("(w0, b0) must separate (X, y): some y_i (w0.x_i + b0) is <= 0")
    w, b = parse_wb(answer, Xa.shape[1])
    c = multiple_of(np.append(w, b), z0)
    if c is None or c <= 0:  # only z = c z0 with c > 0 is the same classifier
        return Feedback(
            False, "(w, b) is not a positive multiple of (w0, b0): only rescale, never rotate"
        )
    m = c * m0  # min_i y_i (w.x_i + b), without overflow in w.x_i for huge c
    if not abs(m - 1.0) <= SMALLEST_TOL:
        # the direction only: printing m would give away min_i y_i (w0.x_i + b0) = m / c
        side = (
            "below 1: infeasible, scale up"
            if m < 1.0
            else "above 1: feasible, but not the smallest factor; scale down"
        )
        return Feedback(False, f"the smallest y_i (w.x_i + b) is {side}")
    return Feedback(True, "feasible, and with the smallest factor: min y_i (w.x_i + b) = 1")


@exercise("your weights λ (one per example)")
def check_certificate(answer: object, X: ArrayLike, y: ArrayLike, *, tol: float = 1e-9) -> Feedback:
    """Is ``answer`` a Gordan certificate that (X, y) cannot be separated (claim C25)?

    Parameters
    ----------
    answer : array-like of shape (n,)
        The student's weights lam, one per example.
    X, y : array-like
        The data.
    tol : float, keyword-only
        Tolerance of every condition (the last one relative to max |X|).

    Returns
    -------
    Feedback
        ✔ when lam >= 0, sum_i lam_i = 1 and sum_i lam_i y_i (x_i, 1) = 0, i.e. the two
        classes carry weight 1/2 each and their weighted means coincide; otherwise says
        which condition fails first.

    Used in notebook 04.
    """
    Xa, ya = check_Xy(X, y)
    tol = check_scalar(tol, "tol", nonnegative=True)
    lam = parse_vector(answer, "lam", Xa.shape[0])
    if np.any(lam < -tol):
        neg = np.flatnonzero(lam < -tol).tolist()
        return Feedback(False, f"weights must be >= 0; entries {neg} are not")
    total = float(lam.sum())
    if not abs(total - 1.0) <= tol:
        return Feedback(False, f"the weights must add up to 1; they add up to {total:.6g}")
    if not abs(float(lam @ ya)) <= tol:
        return Feedback(
            False,
            "sum lam_i y_i is not 0: the two classes must carry the same total weight (1/2 each)",
        )
    resid = (lam * ya) @ Xa
    if not np.max(np.abs(resid)) <= tol * float(np.max(np.abs(Xa))):  # relative to X's scale
        return Feedback(
            False,
            "sum lam_i y_i x_i is not 0: the weighted means of the two classes differ "
            f"(their difference has norm {2 * np.linalg.norm(resid):.4g})",
        )
    return Feedback(True, "a valid certificate: no (w, b) separates these data")


@exercise("your optimal mean slack (a number)")
def check_robust_optimum(
    answer: object, X: ArrayLike, y: ArrayLike, *, tol: float = 5e-3
) -> Feedback:
    """Is ``answer`` the optimum of the robust LP, min (1/n) sum_i xi_i subject to
    y_i (w.x_i + b) >= 1 - xi_i, xi_i >= 0?

    Parameters
    ----------
    answer : float or str
        The student's optimal mean slack: a number (a fraction such as 2 / 7 typed without
        quotes, or its decimals), or the text of one ("2/7", "0.2857").
    X, y : array-like
        The data.
    tol : float, keyword-only
        Absolute tolerance (5e-3 accepts 0.67 for 2/3 and rejects 0.66 and 0.6).

    Returns
    -------
    Feedback
        ✔ for the optimum; otherwise whether the answer is below it (impossible: a
        certificate lambda bounds the mean slack from below) or above it (some (w, b) does
        better), without the value.

    Used in notebook 04.
    """
    Xa, ya = check_Xy(X, y)
    tol = check_scalar(tol, "tol", positive=True)
    value = parse_number(answer, "the mean slack")
    best = robust_lp(Xa, ya).objective
    if abs(value - best) <= tol:
        return Feedback(True, "right: no (w, b) has a smaller mean slack, and one attains it")
    if value < best:
        return Feedback(
            False,
            "too small: no (w, b) gets the mean slack that low; average the constraints with "
            "the weights of a certificate, sum_i lam_i xi_i >= 1, to see the true lower bound",
        )
    return Feedback(
        False,
        "too large: some (w, b) has a smaller mean slack; which example should carry the "
        "slack, given the certificate's weights?",
    )


# ------------------------------------------------------------------ drag the data (issue 18)
def _weights(answer: object, n: int) -> np.ndarray:
    """λ as a vector of n numbers, from a vector or a dict {example index: weight}."""
    from ._feedback import Rejected

    if isinstance(answer, dict):
        lam = np.zeros(n)
        for key, weight in answer.items():
            if isinstance(key, float | np.floating) and float(key).is_integer():
                key = int(key)  # 0.0 is the index 0
            if isinstance(key, bool) or not isinstance(key, int | np.integer):
                raise Rejected(
                    f"the keys of the dict must be example indices (whole numbers); got {key!r}"
                )
            if not 0 <= key < n:
                raise Rejected(f"index {key} is not an example: the indices run from 0 to {n - 1}")
            lam[int(key)] = parse_number(weight, f"λ[{key}]")
        return lam
    return parse_vector(answer, "λ", n)


def _in_hull(p: np.ndarray, P: np.ndarray) -> bool:
    """Is p in the (closed) convex hull of the rows of P? (LP: mu >= 0, sum mu = 1, mu P = p.)"""
    from scipy.optimize import linprog

    A_eq = np.vstack([P.T, np.ones(len(P))])
    res = linprog(np.zeros(len(P)), A_eq=A_eq, b_eq=np.append(p, 1.0), bounds=(0, None))
    return res.status == 0


@exercise("the weights λ you read in the readout ({{i: λ_i}} or one number per example)")
def check_drag_certificate(answer: object, explorer: object, *, tol: float = 2e-3) -> Feedback:
    """Did the student make the data non-separable by moving ONE point that stays OUTSIDE the
    other class's convex hull, and read a Gordan certificate λ (λ >= 0, sum λ_i = 1,
    sum λ_i y_i (x_i, 1) = 0) of the new data?

    Parameters
    ----------
    answer : dict or array-like
        The weights: a dict {example index: λ_i} of the nonzero ones, as the readout lists
        them, or a vector with one weight per example.
    explorer : DragCertificateExplorer
        The explorer the student dragged (its data against its seeded data).
    tol : float, keyword-only
        Tolerance of each condition (the readout's 4 decimals pass).

    Returns
    -------
    Feedback
        ✔ when exactly one point moved, it is not in the other class's closed convex hull,
        the data are not separable and λ is a certificate of them within ``tol`` (any
        certificate, not only the LP's).

    Used in notebook 04.
    """
    from ..lp import find_separator
    from ._drag_edits import one_moved_point

    tol = check_scalar(tol, "tol", positive=True)
    X, y, i = one_moved_point(explorer)
    lam = _weights(answer, len(y))
    if find_separator(X, y).separable:
        return Feedback(
            False,
            f"the data are still separable, so no certificate exists: drag point {i} "
            "further, until the two classes' convex hulls meet",
        )
    if _in_hull(X[i], X[y != y[i]]):
        return Feedback(
            False,
            f"point {i} lies in the other class's hull: that makes the data non-separable, but "
            "the exercise asks for a point that stays OUTSIDE it; where else can the two hulls "
            "meet?",
        )
    if np.any(lam < -tol):
        return Feedback(
            False, f"weights must be >= 0; entries {np.flatnonzero(lam < -tol).tolist()} are not"
        )
    if not abs(float(lam.sum()) - 1.0) <= tol:
        return Feedback(False, f"the weights must add up to 1; they add up to {lam.sum():.6g}")
    A = y[:, None] * np.column_stack([X, np.ones(len(y))])
    if not np.max(np.abs(lam @ A)) <= tol * max(1.0, float(np.max(np.abs(X)))):
        return Feedback(
            False,
            "Σ λ_i y_i (x_i, 1) is not 0: each class must carry weight 1/2 and the weighted "
            "means of the two classes must coincide; read all the λ_i of the readout "
            "(with their indices), each to at least 3 decimals: weights rounded to 2 decimals "
            "lose the precision this needs",
        )
    return Feedback(True, "right: a valid certificate, so no line separates your data")


__all__ += ["check_drag_certificate"]
