"""Checks for the exercises of notebook 02 (the perceptron and its convergence proof).

Every check takes the student's answer first, then what it is checked against; it recognises
the usual slips (a tie read as correct, a bound not squared) and never prints the solution.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike

from .._validate import check_int, check_scalar, check_vector, check_Xy
from ..data import staircase
from ..perceptron import perceptron
from ._feedback import Feedback, Rejected, call_student, exercise, parse_number, parse_vector

__all__ = [
    "check_perceptron_by_hand",
    "check_novikoff_bound",
    "check_best_lift_scale",
    "check_staircase_separator",
    "check_staircase_lower_bound",
    "check_affine_invariant_weight",
]


def _close(a: float, b: float, rel: float = 1e-6) -> bool:
    return abs(a - b) <= rel * max(1.0, abs(b))


# A hand computation rounds: 13.58 for sqrt(184.5) = 13.583 is right.  Half a percent is far
# below the gap to every slip the checks name (r against r^2, R/gamma against its square).
_ROUNDED = 5e-3


def _times(log_ratio: float) -> str:
    """exp(log_ratio) as "3.2 times" or, when it is astronomically large, "about 10^400 times"."""
    if log_ratio < math.log(1e6):
        return f"{math.exp(log_ratio):.3g} times"
    return f"about 10^{log_ratio / math.log(10):.0f} times"


@exercise("the list of weight vectors after each update (without the start w = 0)")
def check_perceptron_by_hand(answer: object, X: ArrayLike, y: ArrayLike) -> Feedback:
    """Is ``answer`` the list of weight vectors of the homogeneous perceptron's updates (C07)?

    Parameters
    ----------
    answer : list of array-like of shape (d,)
        w_1, w_2, ..., w_M: the weights after each update of the perceptron without bias
        (cyclic order, start w = 0, update w <- w + y x when y w.x <= 0), up to convergence.
    X, y : array-like
        The data run by hand.

    Returns
    -------
    Feedback
        ✔ for the exact list; otherwise names the first wrong update (with a hint about ties
        and where the pass continues), too many or too few updates; never the right vector.

    Used in notebook 02.
    """
    Xa, ya = check_Xy(X, y)
    d = Xa.shape[1]
    if not isinstance(answer, list | tuple | np.ndarray) or getattr(answer, "ndim", 1) == 0:
        raise Rejected("the answer must be a list of vectors (one per update)")
    rows = [parse_vector(a, f"vector {k} of your list", d) for k, a in enumerate(answer, 1)]
    run = perceptron(Xa, ya, bias=False, max_epochs=1000, max_updates=1000)
    truth = run.trace.w[1:] if run.trace is not None else np.zeros((0, d))
    for k, a in enumerate(rows, start=1):
        if k > truth.shape[0]:
            return Feedback(
                False,
                f"the perceptron stops after {truth.shape[0]} updates, but you listed "
                f"{len(rows)}: after the last update a full pass finds no mistake",
            )
        if not np.allclose(a, truth[k - 1], rtol=1e-9, atol=1e-9 * float(np.max(np.abs(Xa)))):
            if k == 1:
                hint = "the first update happens at the first example with y w·x <= 0 for w = 0"
            else:
                hint = (
                    f"continue the pass right after the example that caused update {k - 1}, "
                    "and remember that y w·x = 0 counts as a mistake"
                )
            return Feedback(False, f"update {k} is wrong ({hint})")
    if len(rows) < truth.shape[0]:
        return Feedback(
            False,
            f"your {len(rows)} updates are right, but the run is not over: some example still "
            "has y w·x <= 0",
        )
    return Feedback(True, f"right: {len(rows)} updates, then a full pass without a mistake")


@exercise("the number R²/γ²")
def check_novikoff_bound(answer: object, X: ArrayLike, y: ArrayLike, w_star: ArrayLike) -> Feedback:
    """Is ``answer`` the homogeneous mistake bound R^2 / gamma^2 (claim C09)?

    Parameters
    ----------
    answer : float
        The student's bound.
    X, y : array-like
        The data.
    w_star : array-like of shape (d,)
        A separator through the origin (min_i y_i w*.x_i > 0, else ValueError); any length.

    Returns
    -------
    Feedback
        ✔ when answer = (R / gamma)^2 with R = max_i ||x_i|| and gamma = min_i y_i w*.x_i /
        ||w*|| (to a relative 0.5 %, for rounded hand computations); names the slips R/gamma,
        gamma not normalised, and the ratio upside down. The bound does not change when X is
        scaled, and neither does the check.

    Used in notebook 02.
    """
    v = parse_number(answer)
    Xa, ya = check_Xy(X, y)
    ws = check_vector(w_star, Xa.shape[1], "w_star")
    Xs = Xa / float(np.max(np.abs(Xa))) if np.any(Xa) else Xa  # R/γ does not depend on the scale
    with np.errstate(all="ignore"):
        gf = float(np.min(ya * (Xs @ ws)))
        if not gf > 0:
            raise ValueError("w_star does not separate (X, y) through the origin")
        R = float(np.max(np.linalg.norm(Xs, axis=1)))
        g = gf / math.hypot(*ws)  # no overflow for w* = 1e200
    if _close(v, (R / g) * (R / g), _ROUNDED):
        return Feedback(True, "right: R²/γ² with γ the margin of the unit-norm separator")
    if _close(v, R / g, _ROUNDED):
        return Feedback(False, "that is R/γ; the bound is its square")
    if _close(v, (R / gf) * (R / gf), _ROUNDED) and not _close(gf, g, 2 * _ROUNDED):
        return Feedback(False, "γ must be the geometric margin: divide min y w*·x by ‖w*‖ first")
    if _close(v, (g / R) * (g / R), _ROUNDED) or _close(v, g / R, _ROUNDED):
        return Feedback(False, "the ratio is upside down: R on top, γ below")
    return Feedback(False, "not the bound: compute R = max‖x‖ and γ = min y w*·x / ‖w*‖")


@exercise("a number r > 0")
def check_best_lift_scale(answer: object, radius: float, w_norm: float, b_star: float) -> Feedback:
    """Is ``answer`` the r > 0 that minimises the bound of the lift x -> (x, r) (C10, C12)?

    Parameters
    ----------
    answer : float
        The student's r.
    radius : float
        R = max_i ||x_i|| (> 0).
    w_norm : float
        ||w*|| (> 0).
    b_star : float
        b* (nonzero: with b* = 0 no lift is needed).

    Returns
    -------
    Feedback
        ✔ when r = sqrt(R |b*| / ||w*||), the minimiser of (R^2 + r^2)(||w*||^2 + b*^2 / r^2)
        (to a relative 0.5 %, for a rounded r); otherwise says r is too small or too large and
        how many times the bound at r exceeds the smallest one, or that the answer is the best
        r^2.

    Used in notebook 02.
    """
    R = check_scalar(radius, "radius", positive=True)
    wn = check_scalar(w_norm, "w_norm", positive=True)
    b = check_scalar(b_star, "b_star")
    if b == 0.0:
        raise ValueError("b_star must be nonzero (with b* = 0 the best r is 0: no lift needed)")
    v = parse_number(answer, "r")
    if v <= 0:
        return Feedback(False, "r must be > 0 (the lifted points are (x, r))")

    def log_excess(r: float) -> float:  # ln of bound * gamma^2, finite for every r > 0
        lr, lR, lw, lb = math.log(r), math.log(R), math.log(wn), math.log(abs(b))
        return float(np.logaddexp(2 * lR, 2 * lr) + np.logaddexp(2 * lw, 2 * lb - 2 * lr))

    best_r2 = R * abs(b) / wn
    best_r = math.sqrt(R) * math.sqrt(abs(b)) / math.sqrt(wn)  # no underflow at R = 1e-200
    if abs(v - best_r) <= _ROUNDED * best_r:
        return Feedback(True, "right: at this r the bound is (R‖w*‖ + |b*|)²/γ̂², its minimum")
    if math.isfinite(best_r2) and abs(v - best_r2) <= _ROUNDED * best_r2:
        return Feedback(False, "that is the best r², not r")
    side = "too small" if v < best_r else "too large"
    more = _times(log_excess(v) - log_excess(best_r))
    return Feedback(False, f"r is {side}: the bound at your r is {more} the smallest possible")


def _staircase_points(d: int, factor: int) -> np.ndarray:
    """x_1 = e_1 and x_k = e_k - factor e_(k-1): ``staircase(d)`` when factor = 2."""
    if factor == 2:
        return staircase(d)[0]
    X = np.eye(d)
    X[np.arange(1, d), np.arange(0, d - 1)] = -float(factor)
    return X


@exercise("a vector of {d} numbers")
def check_staircase_separator(answer: object, d: int, *, factor: int = 2) -> Feedback:
    """Does ``w = answer`` separate the staircase of dimension d through the origin (C16)?

    Parameters
    ----------
    answer : array-like of shape (d,)
        The student's w.
    d : int
        The dimension (>= 1): x_1 = e_1, x_k = e_k - factor e_(k-1), every label +1.
    factor : int
        The step of the staircase (>= 1); 2 gives ``staircase(d)``.

    Returns
    -------
    Feedback
        ✔ when w.x_k > 0 for every k, i.e. w_1 > 0 and w_k > factor w_(k-1); otherwise names
        the first failing inequality.

    Used in notebook 02.
    """
    d = check_int(d, "d", minimum=1)
    a = check_int(factor, "factor", minimum=1)
    w = parse_vector(answer, "w", d)
    X = _staircase_points(d, a)
    s = float(np.max(np.abs(w)))
    signs = X @ (w / s) if s > 0 else X @ w  # the signs at scale 1: no overflow
    bad = np.flatnonzero(signs <= 0)
    if bad.size == 0:
        return Feedback(True, f"w separates all {d} staircase points: every w·x_k > 0")
    k = int(bad[0]) + 1
    if k == 1:
        return Feedback(False, "w·x_1 = w_1 must be > 0")
    with np.errstate(over="ignore"):
        value = float(X[k - 1] @ w)
    return Feedback(False, f"w·x_{k} = w_{k} - {a} w_{k - 1} must be > 0 (here it is {value:.3g})")


def _least_updates(factor: int, d: int) -> int:
    """The lower bound on the updates of a perceptron run from 0 on the staircase of step a.

    With a = factor >= 2 and s_k = (a^k - 1)/(a - 1) = 1 + a + ... + a^(k-1): a separating
    integer w has w_k >= s_k, and a run from 0 that ends at w made sum_k s_k w_k updates, so
    the bound is sum_{k=1..d} s_k^2 (exact integer arithmetic; for a = 2 it is
    ``staircase_updates(d)``).
    """
    a = check_int(factor, "factor", minimum=2)
    d = check_int(d, "d", minimum=1)
    return sum(((a**k - 1) // (a - 1)) ** 2 for k in range(1, d + 1))


# the (a, d) at which a student's formula is evaluated: the first one that fails is named
_LOWER_BOUND_GRID = tuple((a, d) for a in (2, 3, 4, 5, 10) for d in range(1, 9))


@exercise("a function of (a, d) that returns a number")
def check_staircase_lower_bound(answer: object) -> Feedback:
    """Is ``answer(a, d)`` the lower bound on the updates on the staircase with step a (C16)?

    The staircase with step a: x_1 = e_1, x_k = e_k - a e_(k-1) (k = 2..d), every label +1.
    Every run of the homogeneous perceptron from 0, in any order, makes at least
    sum_{k=1..d} ((a^k - 1)/(a - 1))^2 updates (the proof of notebook 02, section 10, with 2
    replaced by a); the cyclic order makes exactly that many for small a and d (tested).

    Parameters
    ----------
    answer : callable
        The student's ``bound(a, d)``, called with ints a in {2, 3, 4, 5, 10} and d = 1..8.
        Any formula that gives these numbers is accepted (an int, a float or a numpy number
        equal to the integer to a relative 1e-9).

    Returns
    -------
    Feedback
        ✔ when every value is right; otherwise the first (a, d) where it is not, with a hint
        (wrong for d = 1, right for a = 2 only, the bound on the weights summed instead of the
        count, ...); never the right value.

    Used in notebook 02.
    """
    for a, d in _LOWER_BOUND_GRID:
        value = parse_number(call_student(answer, a, d)[0], f"bound({a}, {d})")
        truth = _least_updates(a, d)
        if _close(value, truth, 1e-9):
            continue
        if d == 1:
            hint = "with d = 1 there is one point, x_1 = e_1: how many updates does w = 0 need?"
        elif a != 2 and all(
            _close(parse_number(call_student(answer, 2, k)[0]), _least_updates(2, k), 1e-9)
            for k in range(1, 9)
        ):
            hint = "it is right for a = 2 only: redo the inequalities w_k > a w_(k-1) with a"
        elif _close(value, sum((a**k - 1) // (a - 1) for k in range(1, d + 1)), 1e-9):
            hint = (
                "that is the sum of the smallest weights w_k; the count of updates weighs each "
                "w_k by how many updates it costs"
            )
        else:
            hint = (
                "write w = sum_k c_k x_k with c_k the updates on x_k, read off c_k from the "
                "coordinates of w, and use the smallest integer w_k"
            )
        return Feedback(False, f"bound({a}, {d}) = {value:.6g} is not the lower bound ({hint})")
    return Feedback(
        True,
        "right: every run from 0, in any order, needs at least that many updates (for small a "
        "and d, lh.perceptron in cyclic order makes exactly that many: try it)",
    )


# the bias steps s at which a student's weight lambda(s) is evaluated
_BIAS_STEPS = (1.0, 0.25, 4.0, 20.5**2, 1e-3)


@exercise("a function of s that returns a number")
def check_affine_invariant_weight(answer: object) -> Feedback:
    """Is ``answer(s)`` the weight lambda of b^2 in the affine perceptron's invariant (C11)?

    With the update w <- w + y x, b <- b + y s (bias step s > 0) at a mistake
    y (w.x + b) <= 0,

        Q(w + y x, b + y s) = Q(w, b) + 2 y (w.x + lambda s b) + ||x||^2 + lambda s^2

    for Q(w, b) = ||w||^2 + lambda b^2. The cross term is the mistake's score, hence <= 0, and the
    growth at most R^2 + s, exactly when lambda = 1/s: then Q = ||v||^2 for the lifted
    v = (w, b/r), r^2 = s.

    Parameters
    ----------
    answer : callable
        The student's ``weight(s)``, called with s in {1, 0.25, 4, 420.25, 0.001}; any formula
        equal to 1/s (to a relative 1e-9) is accepted.

    Returns
    -------
    Feedback
        ✔ for 1/s; otherwise names the first s where it fails, with a hint for the slips
        lambda = 1 (right at s = 1 only), lambda = s and lambda = 1/s^2; never the formula.

    Used in notebook 02.
    """
    for step in _BIAS_STEPS:
        value = parse_number(call_student(answer, step)[0], f"weight({step:g})")
        if _close(value, 1.0 / step, 1e-9):
            continue
        if _close(value, 1.0, 1e-9):
            hint = (
                "a constant weight 1 works for s = 1 only: expand Q(w + yx, b + ys) and make the "
                "cross term the mistake's score y(w·x + b)"
            )
        elif _close(value, step, 1e-9) or _close(value, 1.0 / step**2, 1e-9):
            hint = "compare the cross term 2y(w·x + λ s b) with the mistake's score y(w·x + b)"
        else:
            hint = "expand Q(w + yx, b + ys) and use y(w·x + b) <= 0 at a mistake"
        return Feedback(
            False, f"weight({step:g}) = {value:.6g} does not make Q an invariant ({hint})"
        )
    return Feedback(
        True,
        "right: Q grows by at most R² + s per update, and with w·w* + b b*/s, which grows by at "
        "least the functional margin, Cauchy–Schwarz gives the bound (R² + s)(‖w*‖² + b*²/s)/γ̂²",
    )


# ------------------------------------------------------------------ drag the data (issue 18)
@exercise("the number of updates M you read in the figure (a whole number)")
def check_drag_long_run(answer: object, explorer: object, *, more_than: int = 200) -> Feedback:
    """Did the student move ONE point so that the perceptron (from 0, cyclic, b <- b + y)
    still converges but needs more than ``more_than`` updates, and read that number M?

    Parameters
    ----------
    answer : int
        The number of updates M of the run on the student's data, as shown in the figure.
    explorer : DragPerceptronExplorer
        The explorer the student dragged (its data against its seeded data, its ``cap``).
    more_than : int, keyword-only
        The number of updates to exceed.

    Returns
    -------
    Feedback
        ✔ when exactly one point moved, the run converges within the explorer's cap with
        M > ``more_than`` updates, and answer == M.

    Used in notebook 02.
    """
    from ._drag_edits import one_moved_point

    more_than = check_int(more_than, "more_than", minimum=0)
    value = parse_number(answer, "M", whole=True)
    X, y, i = one_moved_point(explorer)
    cap = int(getattr(explorer, "cap", 5000))
    run = perceptron(X, y, bias=True, max_updates=cap, max_epochs=cap + 1, trace=False)
    if not run.converged:
        return Feedback(
            False,
            f"on your data the perceptron does not stop within {cap} updates (are the data "
            "still separable?): the run must converge; drag the point back a little",
        )
    if not run.updates > more_than:
        return Feedback(
            False,
            f"the run converges, but with at most {more_than} updates: shrink the margin "
            f"more (drag point {i} closer to the other class, without crossing it)",
        )
    if value != run.updates:
        return Feedback(
            False,
            "your data are right (one point moved, a long run), but that is not the run's "
            "number of updates M: read M in the bar chart's title or the readout "
            "(not the bound R′²/γ′²)",
        )
    return Feedback(
        True, f"right: one point moved and the perceptron needs more than {more_than} updates"
    )


__all__ += ["check_drag_long_run"]
