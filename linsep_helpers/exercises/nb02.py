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
from ..lp import find_separator
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


def _same_count(value: float, count: int) -> bool:
    """Is ``value`` the whole number ``count``: nearer to it than to any other integer (a float
    formula may be off by round-off, never by one update)."""
    return abs(value - count) < 0.5


# Numbers computed by hand are asked for "exactly, or rounded to two decimals". An answer is
# right when it equals the true value up to float round-off, or when it is the true value
# correctly rounded to the answer's own number of decimals, two or more: 13.58 and 13.583 for
# sqrt(184.5) = 13.5831, 25 and 25.000 for 25, but not 24.996 (three decimals, and 25 to three
# decimals is 25.000) nor 13.6 (one decimal). The rule does not depend on the scale of the data:
# a true value of 2e-200 is not "0.00 rounded" (the rounding must keep a significant digit).
_HALF_UNIT = 5e-3

_FURTHER_DECIMALS = (
    "right to two decimals, but the further decimals you gave are not: give the value exactly, "
    "or rounded to two decimals"
)


def _decimals(v: float) -> int:
    """How many decimals ``v`` was written with (at least 2; binary float noise ignored)."""
    for k in range(2, 400):
        if abs(v - round(v, k)) <= 1e-12 * abs(v):
            return k
    return 400


def _exact_or_rounded(v: float, truth: float) -> bool:
    """``v`` is ``truth`` up to round-off, or ``truth`` rounded to v's decimals (at least 2)."""
    if abs(v - truth) <= 1e-9 * abs(truth):
        return True
    unit = 0.5 * 10.0 ** -_decimals(v)
    return unit < abs(truth) and abs(v - truth) <= unit * (1 + 1e-9)


# The slips the checks name (r against r^2, R/gamma against its square) are recognised to half a
# percent: far below the gap between them and the right value.
_ROUNDED = 5e-3


def _compared(log_ratio: float) -> str:
    """A bound exp(log_ratio) times the smallest one, compared with it in words."""
    if log_ratio < math.log(2.0):
        percent = 100.0 * math.expm1(max(log_ratio, 0.0))
        if percent < 1e-6:
            return "is within a millionth of a percent of the smallest possible"
        return f"exceeds the smallest possible by {percent:.2g} %"
    if log_ratio < math.log(1e6):
        return f"is {math.exp(log_ratio):.3g} times the smallest possible"
    return f"is about 10^{log_ratio / math.log(10):.0f} times the smallest possible"


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
    if rows and not np.any(rows[0]) and (truth.shape[0] == 0 or np.any(truth[0])):
        rest_right = len(rows) - 1 == truth.shape[0] and all(
            np.allclose(a, t, atol=1e-9) for a, t in zip(rows[1:], truth, strict=True)
        )
        return Feedback(
            False,
            "leave out the start w = 0: list only the weights after each update"
            + (" (the rest of your list is right)" if rest_right else ""),
        )
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
        ||w*||, exactly or correctly rounded to two (or more) decimals; names the slips R/gamma,
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
    bound = (R / g) * (R / g)
    if _exact_or_rounded(v, bound):
        return Feedback(True, "right: R²/γ² with γ the margin of the unit-norm separator")
    if abs(v - bound) <= _HALF_UNIT:
        return Feedback(False, _FURTHER_DECIMALS)
    if _close(v, bound, _ROUNDED):
        return Feedback(False, "close, but not right to two decimals: compute R and γ exactly")
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
        ✔ when r = sqrt(R |b*| / ||w*||), the minimiser of (R^2 + r^2)(||w*||^2 + b*^2 / r^2),
        exactly or correctly rounded to two (or more) decimals; otherwise says r is too small or too
        large and by how much the bound at r exceeds the smallest one, or that the answer is
        the best r^2.

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
    if _exact_or_rounded(v, best_r):
        return Feedback(True, "right: at this r the bound is (R‖w*‖ + |b*|)²/γ̂², its minimum")
    if abs(v - best_r) <= _HALF_UNIT and _HALF_UNIT < best_r:
        return Feedback(False, _FURTHER_DECIMALS)
    if math.isfinite(best_r2) and abs(v - best_r2) <= _ROUNDED * best_r2:
        return Feedback(False, "that is the best r², not r")
    side = "too small" if v < best_r else "too large"
    excess = log_excess(v) - log_excess(best_r)
    message = f"r is {side}: the bound at your r {_compared(excess)}"
    if excess < math.log(1.01):
        message += " (it is flat near its minimum: find r from the derivative, to two decimals)"
    return Feedback(False, message)


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
        within 0.5 of the integer: round-off passes, one update more or less does not).

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
        if _same_count(value, truth):
            continue
        if d == 1:
            hint = "with d = 1 there is one point, x_1 = e_1: how many updates does w = 0 need?"
        elif a != 2 and all(
            _same_count(parse_number(call_student(answer, 2, k)[0]), _least_updates(2, k))
            for k in range(1, 9)
        ):
            hint = "it is right for a = 2 only: redo the inequalities w_k > a w_(k-1) with a"
        elif _same_count(value, sum((a**k - 1) // (a - 1) for k in range(1, d + 1))):
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


# the steps (eta for w, s for b) at which a student's weight lambda(eta, s) is evaluated
_STEPS = ((1.0, 1.0), (1.0, 4.0), (0.5, 1.0), (0.1, 0.25), (2.0, 20.5**2), (1e-3, 1e3), (3.0, 0.5))

# slips with a hint of their own: (weight as a function of (eta, s), hint)
_WEIGHT_SLIPS = (
    (
        lambda eta, s: 1.0 / s,
        "that weight is right when η = 1 only: w moves by ηyx, so expand ‖w + ηyx‖² with the η",
    ),
    (
        lambda eta, s: 1.0,
        "a constant weight works only when s = η: expand Q(w + ηyx, b + sy) and look at the "
        "cross term",
    ),
)


@exercise("a function of (eta, s) that returns a number")
def check_affine_invariant_weight(answer: object) -> Feedback:
    """Is ``answer(eta, s)`` the weight lambda of b^2 in the affine perceptron's invariant (C11)?

    With the update w <- w + eta y x, b <- b + s y (steps eta, s > 0) at a mistake
    y (w.x + b) <= 0,

        Q(w + eta y x, b + s y) = Q(w, b) + 2 y (eta w.x + lambda s b) + eta^2 ||x||^2 + lambda s^2

    for Q(w, b) = ||w||^2 + lambda b^2. The cross term is 2 eta times the mistake's score, hence
    <= 0, and the growth at most eta (eta R^2 + s), exactly when lambda = eta / s; for any other
    lambda the cross term 2 b (lambda s - eta) (take y = 1, w.x = -b) is unbounded. Then
    Q = ||v||^2 for the lift v = (w, b/r) with r^2 = s / eta.

    Parameters
    ----------
    answer : callable
        The student's ``weight(eta, s)``, called with the pairs (1, 1), (1, 4), (0.5, 1),
        (0.1, 0.25), (2, 420.25), (0.001, 1000), (3, 0.5); any formula equal to eta / s (to a
        relative 1e-9) is accepted.

    Returns
    -------
    Feedback
        ✔ for eta / s; otherwise names the first (eta, s) where it fails, with a hint for the
        slips lambda = 1/s (right for eta = 1 only) and lambda = 1 (right for s = eta only);
        never the formula.

    Used in notebook 02.
    """
    values = [
        parse_number(call_student(answer, eta, s)[0], f"weight({eta:g}, {s:g})")
        for eta, s in _STEPS
    ]
    wrong = [
        (eta, s, v)
        for (eta, s), v in zip(_STEPS, values, strict=True)
        if not _close(v, eta / s, 1e-9)
    ]
    if not wrong:
        return Feedback(
            True,
            "right: Q grows by at most η(ηR² + s) per update, and with w·w* + λ b b*, which grows "
            "by at least η γ̂, Cauchy–Schwarz gives M <= (R² + s/η)(‖w*‖² + η b*²/s)/γ̂², the "
            "bound of the lift (x, r) with r² = s/η",
        )
    hint = (
        "expand Q(w + ηyx, b + sy): the cross term must be a multiple of the mistake's score "
        "y(w·x + b), which is <= 0"
    )
    for slip, slip_hint in _WEIGHT_SLIPS:
        if all(_close(v, slip(eta, s), 1e-9) for (eta, s), v in zip(_STEPS, values, strict=True)):
            hint = slip_hint
            break
    eta, s, v = wrong[0]
    return Feedback(
        False, f"weight({eta:g}, {s:g}) = {v:.6g} does not make Q an invariant ({hint})"
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
        M > ``more_than`` updates, and answer == M (a number, not a list holding it).

    Used in notebook 02.
    """
    from ._drag_edits import one_moved_point, one_number

    more_than = check_int(more_than, "more_than", minimum=0)
    value = one_number(answer, "M", whole=True)
    X, y, i = one_moved_point(explorer)
    cap = int(getattr(explorer, "cap", 5000))
    run = perceptron(X, y, bias=True, max_updates=cap, max_epochs=cap + 1, trace=False)
    if not run.converged:
        if find_separator(X, y).separable:  # separable, but the margin is too small for the cap
            why = "the data are separable, but so narrowly that the run needs more updates"
        else:
            why = "no line separates the data any more"
        return Feedback(
            False,
            f"on your data the perceptron does not stop within {cap} updates ({why}): the run "
            "must converge; drag the point back a little",
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
