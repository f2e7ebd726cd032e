"""Checks for the exercises of notebook 01 (linear separability).

Every check takes the student's answer first, then the data it is checked against; it names
what is wrong (an example on the wrong side, a sign) and never prints the solution.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from .._validate import check_scalar, check_vector, check_Xy
from ..data import xor_data
from ..geometry import class_prototype
from ._feedback import (
    Feedback,
    answer_margins,
    call_student,
    exercise,
    is_unanswered,
    not_answered,
    parse_number,
    parse_vector,
    parse_wb,
    scale_exponent,
)

__all__ = [
    "check_separator",
    "check_mistake_count",
    "check_unit_margin",
    "check_lift_vector",
    "check_xor_feature",
    "check_class_prototype",
    "check_lifted_margin",
]

#: Relative tolerance of the checks that accept rounded numbers (3 decimals or more pass).
ROUNDING_TOL = 1e-3


def _positive_factor(z: np.ndarray, z0: np.ndarray, tol: float) -> float | None:
    """The c with z ~ c z0 (residual <= tol ||z||), or None when z is not along z0.

    Compared at scale 1 (z / max|z|), so z = 1e300 z0 or 1e-300 z0 are recognised; z and z0
    must not be zero.
    """
    s = float(np.max(np.abs(z)))
    zn = z / s
    c = float(zn @ z0) / float(z0 @ z0)
    if not float(np.linalg.norm(zn - c * z0)) <= tol * float(np.linalg.norm(zn)):
        return None
    return c * s


@exercise("a pair (w, b)")
def check_separator(answer: object, X: ArrayLike, y: ArrayLike) -> Feedback:
    """Does ``answer = (w, b)`` separate (X, y) (claim C01)?

    Parameters
    ----------
    answer : (w, b)
        The student's classifier: w a vector of d numbers, b a number.
    X : array-like of shape (n, d)
        The examples.
    y : array-like of shape (n,)
        Their labels in {-1, +1} (or {0, 1}).

    Returns
    -------
    Feedback
        ✔ when y_i (w.x_i + b) > 0 for every i; otherwise names the examples on the wrong
        side or on the boundary (a tie is not a separation), never a separator.

    Used in notebook 01.
    """
    Xa, ya = check_Xy(X, y)
    w, b = parse_wb(answer, Xa.shape[1])
    m = answer_margins(w, b, Xa, ya, signs_only=True)
    wrong = np.flatnonzero(m < 0).tolist()
    tied = np.flatnonzero(m == 0).tolist()
    if not wrong and not tied:
        return Feedback(True, f"(w, b) separates all {len(ya)} examples: every y(w·x + b) > 0")
    parts = []
    if wrong:
        parts.append(f"examples {wrong} are on the wrong side")
    if tied:
        parts.append(f"examples {tied} lie on the line w·x + b = 0 (a tie is not a separation)")
    return Feedback(False, "; ".join(parts))


@exercise("a whole number")
def check_mistake_count(
    answer: object, w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike
) -> Feedback:
    """Is ``answer`` the number of mistakes of (w, b) on (X, y), ties included (claim C03)?

    Parameters
    ----------
    answer : int
        The student's count (3 and 3.0 are both fine).
    w, b : array-like of shape (d,), float
        The classifier whose mistakes are counted.
    X, y : array-like
        The data.

    Returns
    -------
    Feedback
        ✔ when the answer is #{i : y_i (w.x_i + b) <= 0}; a count of the strict mistakes
        only is told that the boundary counts too; otherwise "too many" or "too few".

    Used in notebook 01.
    """
    count = parse_number(answer, whole=True)
    Xa, ya = check_Xy(X, y)
    wa, ba = check_vector(w, Xa.shape[1], "w"), check_scalar(b, "b")
    m = answer_margins(wa, ba, Xa, ya, signs_only=True)  # the signs, also for w = 1e300
    strict, with_ties = int(np.sum(m < 0)), int(np.sum(m <= 0))
    if count == with_ties:
        return Feedback(True, "right: every example with y(w·x + b) <= 0 counts, ties included")
    if count == strict and strict != with_ties:
        return Feedback(
            False,
            "you counted only the examples strictly on the wrong side: the mistake test "
            "y(w·x + b) <= 0 also counts the examples on the boundary",
        )
    if count > with_ties:
        return Feedback(False, "too many: some of the examples you counted have y(w·x + b) > 0")
    return Feedback(False, "too few: compute y(w·x + b) for every example and count those <= 0")


@exercise("a pair (w, b)")
def check_unit_margin(
    answer: object, w0: ArrayLike, b0: float, X: ArrayLike, y: ArrayLike
) -> Feedback:
    """Is ``answer = (w, b)`` the rescaling of (w0, b0) with functional margin 1 (claim C05)?

    Parameters
    ----------
    answer : (w, b)
        The student's rescaled classifier.
    w0, b0 : array-like of shape (d,), float
        The separator to rescale (not both zero).
    X, y : array-like
        The data; (w0, b0) separates them.

    Returns
    -------
    Feedback
        ✔ when (w, b) = c (w0, b0) with c > 0 and min_i y_i (w.x_i + b) = 1, both to a
        relative ``ROUNDING_TOL`` (answers rounded to 3 decimals pass), i.e.
        c = 1 / min_i y_i (w0.x_i + b0); otherwise says whether the direction, the sign of c
        or the size of the margin is wrong.

    Used in notebook 01.
    """
    Xa, ya = check_Xy(X, y)
    z0 = np.append(check_vector(w0, Xa.shape[1], "w0"), check_scalar(b0, "b0"))
    if not np.any(z0):
        raise ValueError("(w0, b0) must not be zero")
    w, b = parse_wb(answer, Xa.shape[1])
    z = np.append(w, b)
    if not np.any(z):
        return Feedback(False, "(w, b) = 0 predicts nothing: rescale (w0, b0) by a factor c > 0")
    c = _positive_factor(z, z0, ROUNDING_TOL)
    if c is None and _positive_factor(z, z0, 30 * ROUNDING_TOL) is not None:
        return Feedback(
            False,
            "(w, b) is nearly, but not quite, a multiple of (w0, b0): if you rounded, keep at "
            "least 3 decimals or type fractions such as 1/7",
        )
    if c is None:
        return Feedback(
            False,
            "(w, b) is not a multiple of (w0, b0): rescaling may change the length of (w, b), "
            "not its direction",
        )
    if c <= 0:
        return Feedback(False, "a factor c <= 0 flips (or erases) every prediction: use c > 0")
    m = float(np.min(answer_margins(w, b, Xa, ya)))
    if not abs(m - 1.0) <= ROUNDING_TOL:
        return Feedback(
            False,
            f"right direction, but the functional margin is {m:.6g}, not 1 (if you rounded, "
            "keep at least 3 decimals or type fractions such as 1/7)",
        )
    return Feedback(True, "same classifier, and min y(w·x + b) = 1 (to 3 decimals or better)")


def check_lift_vector(answer: object, w: ArrayLike, b: float, *, r: float = 1.0) -> Feedback:
    """Is ``answer`` the vector v with v.(x, r) = w.x + b for every x (the lift, claim C02)?

    Parameters
    ----------
    answer : array-like of shape (d + 1,)
        The student's v.
    w, b : array-like of shape (d,), float
        The classifier to lift.
    r : float, keyword-only
        The constant appended to every x (> 0).

    Returns
    -------
    Feedback
        ✔ when v = (w, b / r) (to ``ROUNDING_TOL`` times its largest entry); otherwise says
        whether the first d entries or the last one is wrong.

    Used in notebook 01.
    """
    if is_unanswered(answer):
        d = check_vector(w, None, "w").shape[0]
        return not_answered(f"a vector v of length {d + 1}")
    return _check_lift_vector(answer, w, b, r=r)


@exercise("a vector v")
def _check_lift_vector(answer: object, w: ArrayLike, b: float, *, r: float) -> Feedback:
    """:func:`check_lift_vector` once the answer is given."""
    wa = check_vector(w, None, "w")
    ba, r = check_scalar(b, "b"), check_scalar(r, "r", positive=True)
    d = wa.shape[0]
    v = parse_vector(answer, "v", d + 1)
    target = np.append(wa, ba / r)
    tol = ROUNDING_TOL * float(np.abs(target).max())  # relative: w = 1e-200 is not 0
    if np.allclose(v, target, rtol=0, atol=tol):
        return Feedback(True, f"v·(x, {r:g}) = w·x + b for every x")
    if not np.allclose(v[:d], wa, rtol=0, atol=tol):
        return Feedback(False, "the first d entries of v multiply x: they must reproduce w·x")
    return Feedback(
        False,
        f"the first d entries are right; the last one is multiplied by {r:g}, and the "
        "product must be b",
    )


@exercise("a pair (w, b) with w of length 3")
def check_xor_feature(answer: object) -> Feedback:
    """Does ``answer = (w, b)`` separate XOR after phi(x) = (x_1, x_2, (x_1 - x_2)^2) (C06)?

    Parameters
    ----------
    answer : (w, b)
        The student's classifier in the feature space: w of length 3, b a number.

    Returns
    -------
    Feedback
        ✔ when y (w.phi(x) + b) > 0 on all four corners of ``xor_data()``; otherwise names
        the corners on the wrong side or on the boundary.

    Used in notebook 01.
    """
    X, y = xor_data()
    Z = np.column_stack([X, (X[:, 0] - X[:, 1]) ** 2])
    w, b = parse_wb(answer, 3)
    m = answer_margins(w, b, Z, y, signs_only=True)
    bad = [f"({X[i, 0]:g}, {X[i, 1]:g})" for i in np.flatnonzero(m <= 0)]
    if not bad:
        return Feedback(True, "all four corners are on their side: XOR is separable after phi")
    return Feedback(False, f"wrong side or on the boundary after phi: corners {', '.join(bad)}")


@exercise("a pair (w, b)")
def check_class_prototype(answer: object, X: ArrayLike, y: ArrayLike) -> Feedback:
    """Is ``answer = (w, b)`` the class-prototype rule of (X, y) (claim C29)?

    The rule "closer to c+ than to c-" is sign(w.x + b) for w = c+ - c-,
    b = (||c-||^2 - ||c+||^2) / 2, and equally for every positive multiple of that pair
    (the unhalved (2(c+ - c-), ||c-||^2 - ||c+||^2) of the expansion included).

    Parameters
    ----------
    answer : (w, b)
        The student's classifier.
    X, y : array-like
        The data, both classes present.

    Returns
    -------
    Feedback
        ✔ when (w, b) = c (c+ - c-, (||c-||^2 - ||c+||^2) / 2) with c > 0 (to a relative
        ``ROUNDING_TOL``); otherwise names the slip (w flipped, w not along c+ - c-, the line
        not through the midpoint, b of the wrong sign) without printing b.

    Used in notebook 01.
    """
    Xa, ya = check_Xy(X, y)
    e = scale_exponent(Xa)  # compare at scale 1: w scales like X, b like X^2
    w_true, b_true = class_prototype(np.ldexp(Xa, -e), ya)
    w, b = parse_wb(answer, w_true.shape[0])
    w, b = np.ldexp(w, -e), float(np.ldexp(b, -2 * e))
    if not np.any(w):
        return Feedback(False, "w = 0 cannot be right: w must point from c- towards c+")
    c = _positive_factor(w, w_true, ROUNDING_TOL)
    if c is None:
        return Feedback(False, "w is not along the difference of the class means c+ - c-")
    if c < 0:
        return Feedback(False, "w points from the positive mean to the negative one: flip it")
    tol = ROUNDING_TOL * abs(c) * float(np.hypot(np.linalg.norm(w_true), b_true))
    if abs(b - c * b_true) <= tol:
        if abs(c - 1.0) <= ROUNDING_TOL:
            return Feedback(
                True, "right: w = c+ - c- and the line is the bisector of the two means"
            )
        return Feedback(
            True,
            f"right: the same rule as w = c+ - c- (yours is {c:.3g} times that pair), and the "
            "line is the bisector of the two means",
        )
    if abs(b + c * b_true) <= tol:
        return Feedback(False, "w is right; b has the wrong sign")
    return Feedback(
        False, "w is right, b is not: the line must pass through the midpoint (c+ + c-)/2"
    )


#: Points (gamma, ||w||, b, r) at which :func:`check_lifted_margin` evaluates the answer.
_LIFT_POINTS = (
    (1.0, 1.0, 0.0, 1.0),
    (0.5, 2.0, 0.0, 3.0),
    (0.2, 1.0, 1.0, 1.0),
    (0.3, 2.0, -1.5, 1.0),
    (0.1, 0.5, 2.0, 4.0),
    (0.7, 3.0, -0.25, 0.5),
    (2.0, 1.5, 5.0, 10.0),
)


def _lifted_margin(gamma: float, w_norm: float, b: float, r: float) -> float:
    """gamma ||w|| / sqrt(||w||^2 + (b / r)^2): the margin of v = (w, b / r) on (x, r)."""
    return gamma * w_norm / float(np.hypot(w_norm, b / r))


@exercise(
    "replace the line lifted_margin = None by your def lifted_margin(gamma, w_norm, b, r) "
    "returning the geometric margin of v on the lifted points"
)
def check_lifted_margin(answer: object) -> Feedback:
    """Is ``answer`` the geometric margin of the lifted separator (a derivation, claim C02)?

    (w, b) separates X with geometric margin gamma; v = (w, b / r) separates the lifted points
    (x, r) through the origin, with geometric margin
    min_i y_i v.(x_i, r) / ||v|| = gamma ||w|| / sqrt(||w||^2 + b^2 / r^2).

    Parameters
    ----------
    answer : callable
        The student's ``lifted_margin(gamma, w_norm, b, r)``; any algebraic form is fine, it
        is compared with the formula at a few points, to a relative ``ROUNDING_TOL``.

    Returns
    -------
    Feedback
        ✔ when the function agrees at every point; otherwise a hint that names the failed
        special case (b = 0, the sign of b, r) without printing the formula.

    Used in notebook 01.
    """
    for gamma, w_norm, b, r in _LIFT_POINTS:
        value, _ = call_student(answer, gamma, w_norm, b, r)
        got = parse_number(value, "what lifted_margin returns")
        want = _lifted_margin(gamma, w_norm, b, r)
        if abs(got - want) <= ROUNDING_TOL * want:
            continue
        where = f"gamma = {gamma:g}, ||w|| = {w_norm:g}, b = {b:g}, r = {r:g}"
        if b == 0:
            hint = "with b = 0 the lift adds a zero entry to v: the margin cannot change"
        elif got > gamma * (1 + ROUNDING_TOL):
            hint = "lifting never increases the margin: ||v|| >= ||w|| while v.(x, r) = w.x + b"
        else:
            hint = "write min y v.(x, r) with w.x + b, and ||v|| with ||w||, b and r"
        return Feedback(False, f"at {where} your function gives {got:.6g}: {hint}")
    return Feedback(True, "right: lifting divides the functional margin by ||v||, not ||w||")


# ------------------------------------------------------------------ drag the data (issue 18)
@exercise("the geometric margin γ you read in the figure (a number)")
def check_drag_small_margin(answer: object, explorer: object, *, below: float = 0.05) -> Feedback:
    """Did the student move ONE point so that the data stay separable with a geometric margin
    gamma < ``below``, and read that gamma off the figure?

    Parameters
    ----------
    answer : float
        The data's margin gamma = 1/||w|| of the max-margin separator (scaled so that its
        functional margin min_i y_i (w.x_i + b) is 1), as read in the figure (3 decimals).
    explorer : DragSeparabilityExplorer
        The explorer the student dragged (its data against its seeded data).
    below : float, keyword-only
        The margin to get under.

    Returns
    -------
    Feedback
        ✔ when exactly one point moved, the data are separable, gamma < ``below`` and
        |answer - gamma| <= 6e-4 (the title's rounding).

    Used in notebook 01.
    """
    from ..logistic_fit import max_margin_direction
    from ..lp import find_separator
    from ._drag_edits import one_moved_point

    below = check_scalar(below, "below", positive=True)
    value = parse_number(answer, "γ")
    X, y, i = one_moved_point(explorer)
    if not find_separator(X, y).separable:
        return Feedback(
            False,
            f"after moving point {i} no line separates the data (margin 0 or less): the "
            "data must stay separable; drag the point back a little",
        )
    gamma = max_margin_direction(X, y, bias=True).margin
    if not gamma < below:
        return Feedback(
            False,
            f"the data's margin is not below {below:g} yet: drag point {i} closer to the "
            "other class (into the band between the margin lines)",
        )
    if not abs(value - gamma) <= 6e-4:
        if value > 0 and abs(1.0 / value - gamma) <= 1e-2 * gamma:
            return Feedback(False, "that looks like 1/γ = ‖w‖; the margin is γ = 1/‖w‖")
        if abs(value - 1.0) <= 1e-9:
            return Feedback(
                False,
                "1 is the functional margin γ̂ of the scaled separator; the geometric "
                "margin divides it by ‖w‖",
            )
        return Feedback(
            False,
            f"your data are right (one point moved, margin below {below:g}), but {value:g} "
            "is not their margin γ: read it in the figure's title or the readout",
        )
    return Feedback(True, f"right: one point moved and the largest margin shrank below {below:g}")


__all__ += ["check_drag_small_margin"]
