"""Checks for the exercises of notebook 01 (linear separability).

Every check takes the student's answer first, then the data it is checked against; it names
what is wrong (an example on the wrong side, a sign) and never prints the solution.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from decimal import Decimal
from typing import Any

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

#: Numbers are compared to 3 decimal places: an entry may differ by half a unit of the third
#: decimal (a rounding to 3 places or more passes, 1.501 for 1.5 does not) ...
HALF_UNIT = 5e-4
#: ... or by this fraction of the largest entry when that is below 1/4 (tiny data), so that
#: 3 decimals always pass when some entry is >= 1/4.
SMALL_REL = 2e-3
#: Relative tolerance of the direction tests ("nearly a multiple" uses 30 times this) and of
#: the function of exercise 7.
ROUNDING_TOL = 1e-3
#: A part of a pair (w or b) is allowed HALF_UNIT only from this size on (HALF_UNIT is then at
#: most 1 % of it, so a 1 % slip never passes for "rounding"); smaller parts get SMALL_REL.
PART_MIN = HALF_UNIT / 0.01


def _rounding_tol(scale: float) -> float:
    """How far an entry of an answer whose largest entry is ``scale`` may be from the truth.

    min(HALF_UNIT, SMALL_REL scale), plus 1e-9 scale of floating-point slack (so that
    1e300 times a right answer still passes).
    """
    return min(HALF_UNIT, SMALL_REL * scale) + 1e-9 * scale


def _pair_tols(w: np.ndarray, b: float, x_max: float, rel: float | None = None) -> np.ndarray:
    """Per-entry tolerances for a pair (w, b), each part at its own size, so that neither goes
    unchecked when the data are far from scale 1 (b then differs from w in size by a power of
    the scale).

    ``rel`` None: 3 decimals (HALF_UNIT) for a part whose largest entry is >= PART_MIN (3 decimals
    then at most 1 % off), else SMALL_REL of its size; ``rel`` a number: that relative
    tolerance. Plus floating-point slack: 1e-9 of the part, and for b 1e-9 of the scores'
    size max|w| max|x| (b may be 0).
    """
    w_scale = float(np.max(np.abs(w))) if w.size else 0.0
    b_scale = abs(float(b))

    def tol(scale: float) -> float:
        if rel is not None:
            return rel * scale
        return (HALF_UNIT if scale >= PART_MIN else SMALL_REL * scale) + 1e-9 * scale

    slack_b = 1e-9 * w_scale * x_max
    return np.append(np.full(w.shape[0], tol(w_scale)), tol(b_scale) + slack_b)


def _rounded_multiple(z: np.ndarray, t: np.ndarray, tau: np.ndarray | None = None) -> bool:
    """Is there a c > 0 with |z_j - c t_j| <= tau_j for every entry j (default tau_j =
    _rounding_tol(max|z|))?

    The c allowed by entry j form an interval; the answer passes when they intersect at some
    c > 0 (t is rescaled to max|t| = 1 first, which only rescales c).
    """
    if tau is None:
        tau = np.full(z.shape[0], _rounding_tol(float(np.max(np.abs(z)))))
    tn = t / float(np.max(np.abs(t)))
    lo, hi = 0.0, np.inf
    for zj, tj, tau_j in zip(z, tn, tau, strict=True):
        if tj == 0.0:
            if abs(zj) > tau_j:
                return False
            continue
        a, b = (zj - tau_j) / tj, (zj + tau_j) / tj
        lo, hi = max(lo, min(a, b)), min(hi, max(a, b))
    return lo <= hi and hi > 0.0


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


def _is_placeholder(part: object) -> bool:
    """Is one part of a pair still a placeholder: None, ``...``, or an array holding one?"""
    if part is None or part is Ellipsis:
        return True
    if isinstance(part, list | tuple | np.ndarray):
        try:
            entries = np.asarray(part, dtype=object).ravel()
        except Exception:  # noqa: BLE001 - ragged or hostile: parse_wb rejects it kindly
            return False
        return any(e is None or e is Ellipsis for e in entries)
    return False


def _one_part_missing(check: Callable[..., Feedback]) -> Callable[..., Feedback]:
    """Wrap a check of a pair (w, b): when only w or only b is still a placeholder, say which.

    (The generic "not answered yet: replace None with a pair (w, b)" would ask for the pair
    the student has already typed.)
    """

    @functools.wraps(check)
    def run(answer: object, *args: Any, **kwargs: Any) -> Feedback:
        if isinstance(answer, tuple | list) and len(answer) == 2:
            w_open, b_open = (_is_placeholder(part) for part in answer)
            if b_open and not w_open:
                shown = "None" if answer[1] is None else "..."
                return Feedback(
                    False,
                    f"b is {shown}: replace it with a number (your w is there), then run the "
                    "cell again",
                )
            if w_open and not b_open:
                return Feedback(
                    False,
                    "w still holds None or ...: replace it with a vector of numbers (your b is "
                    "there), then run the cell again",
                )
        return check(answer, *args, **kwargs)

    return run


@_one_part_missing
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
        side or on the boundary (a tie is not a separation), never a separator; w = 0 is
        told that it defines no line, a pair with only w or only b filled in which part is
        missing.

    Used in notebook 01.
    """
    Xa, ya = check_Xy(X, y)
    w, b = parse_wb(answer, Xa.shape[1])
    if not np.any(w):
        return Feedback(
            False,
            "w = 0 defines no line: w·x + b = b for every x, so all examples get the same "
            "score; a separator needs w ≠ 0",
        )
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


@_one_part_missing
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
        ✔ when (w, b) = (w0, b0) / min_i y_i (w0.x_i + b0) to 3 decimals (every entry within
        ``_rounding_tol``: answers rounded to 3 decimals pass); otherwise says whether the
        direction, the sign of the factor or the size of the margin (above or below 1,
        never its value) is wrong.

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
    m0 = float(np.min(answer_margins(z0[:-1], z0[-1], Xa, ya)))
    if not m0 > 0:
        raise ValueError("(w0, b0) must separate (X, y): its functional margin is not > 0")
    target = z0 / m0
    scale = float(np.max(np.abs(target)))
    x_max = float(np.max(np.abs(Xa)))
    err = np.abs(z - target)  # each part against its own scale (_pair_tols)
    if np.all(err <= _pair_tols(target[:-1], target[-1], x_max, rel=1e-9)):
        return Feedback(True, "same classifier, and min y(w·x + b) = 1")
    if np.all(err <= _pair_tols(target[:-1], target[-1], x_max)):
        return Feedback(True, "same classifier, and min y(w·x + b) = 1 to 3 decimals")
    c = _positive_factor(z, z0, 30 * ROUNDING_TOL)
    if c is None:
        return Feedback(
            False,
            "(w, b) is not a multiple of (w0, b0): rescaling may change the length of (w, b), "
            "not its direction",
        )
    if c <= 0:
        return Feedback(False, "a factor c <= 0 flips (or erases) every prediction: use c > 0")
    ratio = float(np.max(np.abs(z))) / scale  # c / c_true, without printing either
    if abs(ratio - 1.0) <= 30 * ROUNDING_TOL:
        return Feedback(
            False,
            "(w, b) is nearly, but not quite, the rescaled pair: if you rounded, keep at least "
            "3 decimals or type fractions such as 1/7",
        )
    side = "above 1: divide by more" if ratio > 1 else "below 1: divide by less"
    return Feedback(False, f"right direction, but the functional margin of (w, b) is {side}")


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
        ✔ when v = (w, b / r) to 3 decimals (every entry within ``_rounding_tol``), saying
        so when the match is not exact; otherwise says whether the first d entries or the
        last one is wrong, without giving the last one.

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
    scale = float(np.abs(target).max())
    tol = _rounding_tol(scale)
    if np.allclose(v, target, rtol=0, atol=1e-9 * scale):
        return Feedback(True, f"v·(x, {r:g}) = w·x + b for every x")
    if np.allclose(v, target, rtol=0, atol=tol):
        return Feedback(
            True, f"right to 3 decimals (the exact v has v·(x, {r:g}) = w·x + b for every x)"
        )
    if not np.allclose(v[:d], wa, rtol=0, atol=tol):
        return Feedback(False, "the first d entries of v multiply x: they must reproduce w·x")
    return Feedback(
        False,
        f"the first d entries are right, the last one is not: write out v·(x, {r:g}) and "
        "compare it with w·x + b",
    )


@_one_part_missing
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
    if not np.any(w):
        return Feedback(
            False,
            "w = 0 gives every corner the same score w·phi(x) + b = b; a separator needs w ≠ 0",
        )
    m = answer_margins(w, b, Z, y, signs_only=True)
    bad = [f"({X[i, 0]:g}, {X[i, 1]:g})" for i in np.flatnonzero(m <= 0)]
    if not bad:
        return Feedback(True, "all four corners are on their side: XOR is separable after phi")
    return Feedback(False, f"wrong side or on the boundary after phi: corners {', '.join(bad)}")


@_one_part_missing
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
        ✔ when (w, b) = c (c+ - c-, (||c-||^2 - ||c+||^2) / 2) for some c > 0, every entry
        within ``_rounding_tol`` (3 decimals); otherwise names the slip (w flipped, w not
        along c+ - c-, the line not through the midpoint, b of the wrong sign) without
        printing b.

    Used in notebook 01.
    """
    Xa, ya = check_Xy(X, y)
    e = scale_exponent(Xa)  # solve at scale 1: w scales like X, b like X^2
    w_true, b_true = class_prototype(np.ldexp(Xa, -e), ya)
    w, b = parse_wb(answer, w_true.shape[0])
    w_units, b_units = np.ldexp(w_true, e), float(np.ldexp(b_true, 2 * e))
    x_max = float(np.max(np.abs(Xa)))
    if np.all(np.isfinite(w_units)) and np.isfinite(b_units):
        w_true, b_true = w_units, b_units  # compare in the units the student rounded in
    else:  # b beyond float64 in the data's units: compare at scale 1
        w, b = np.ldexp(w, -e), float(np.ldexp(b, -2 * e))
        x_max = float(np.ldexp(x_max, -e))
    if not np.any(w):
        return Feedback(False, "w = 0 cannot be right: w must point from c- towards c+")
    c = _positive_factor(w, w_true, 30 * ROUNDING_TOL)
    if c is None:
        return Feedback(False, "w is not along the difference of the class means c+ - c-")
    if c < 0:
        return Feedback(False, "w points from the positive mean to the negative one: flip it")
    z, t = np.append(w, b), np.append(w_true, b_true)
    if _rounded_multiple(z, t, _pair_tols(w, b, x_max)):
        exact = _rounded_multiple(z, t, _pair_tols(w, b, x_max, rel=1e-9))
        how = "" if exact else " (to 3 decimals)"
        if abs(c - 1.0) <= ROUNDING_TOL:
            return Feedback(
                True, f"right{how}: w = c+ - c- and the line is the bisector of the two means"
            )
        return Feedback(
            True,
            f"right{how}: the same rule as w = c+ - c- (yours is {c:.3g} times that pair), "
            "and the line is the bisector of the two means",
        )
    if not _rounded_multiple(w, w_true):
        return Feedback(
            False,
            "w is nearly, but not quite, along c+ - c-: if you rounded, keep at least 3 "
            "decimals or type fractions such as 1/7",
        )
    if abs(b + c * b_true) <= _pair_tols(w, b, x_max)[-1]:
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
def _decimals(value: object) -> int:
    """The number of decimals of ``value`` as typed: its shortest positional form at its own
    precision (0.0348 -> 4, 0.035 -> 3, np.float32(0.0154) -> 4, not the 10 of its float64
    value), or a Decimal's exponent (Decimal("0.0150") -> 4)."""
    if isinstance(value, Decimal):
        return max(-int(value.as_tuple().exponent), 0)
    if not isinstance(value, np.floating):
        value = float(value)  # type: ignore[arg-type]
    text = np.format_float_positional(value, trim="-")
    return len(text.partition(".")[2])


@exercise("the data's margin γ* you read in the figure (a number)")
def check_drag_small_margin(answer: object, explorer: object, *, below: float = 0.05) -> Feedback:
    """Did the student move ONE point that is not ringed in the seeded figure (not on a margin
    line of the seeded data's max-margin separator) so that the data stay separable with a
    margin gamma < ``below``, and read that gamma off the figure?

    Parameters
    ----------
    answer : float
        The data's margin gamma = 1/||w|| of the max-margin separator (scaled so that its
        functional margin min_i y_i (w.x_i + b) is 1), as read in the figure.
    explorer : DragSeparabilityExplorer
        The explorer the student dragged (its data against its seeded data).
    below : float, keyword-only
        The margin to get under.

    Returns
    -------
    Feedback
        ✔ when exactly one point moved, it was not a support point of the seeded data, the
        data are separable, gamma < ``below`` and the answer is gamma rounded to the number k
        of decimals the student gave, k clamped to 3..6: |answer - gamma| <= 0.5 * 10**-k.
        (0.035 and 0.0348 pass for gamma = 0.034786, 0.0347 does not.) A list or tuple is not
        a number.

    Used in notebook 01.
    """
    from ..logistic_fit import max_margin_direction
    from ..lp import find_separator
    from ._drag_edits import one_moved_point, one_number

    below = check_scalar(below, "below", positive=True)
    typed = answer
    if isinstance(answer, Decimal) and answer.is_finite():
        answer = float(answer)  # the decimals are counted on the Decimal as typed
    value = one_number(answer, "γ*")
    if value <= 0:
        return Feedback(
            False,
            f"{value:g} is not a margin of separable data: γ* = 1/‖w‖ is positive; if the "
            "title shows a tiny γ* (e.g. 1.5e-05), enter it as shown",
        )
    X, y, i = one_moved_point(explorer)
    X0, y0 = explorer._X0, explorer._y0  # type: ignore[attr-defined]
    seeded = max_margin_direction(X0, y0, bias=True).support
    if i in set(seeded.tolist()):
        return Feedback(
            False,
            f"point {i} is ringed in the seeded figure (on a margin line), like the point the "
            "Try it drags: press Reset and move a point that is not ringed",
        )
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
    own_precision = isinstance(typed, (Decimal, np.floating))  # np.float32: its own repr
    k = min(max(_decimals(typed if own_precision else value), 3), 6)
    if not abs(value - gamma) <= 0.5 * 10.0**-k + 1e-12:
        if value > 0 and abs(1.0 / value - gamma) <= 1e-2 * gamma:
            return Feedback(False, "that looks like 1/γ* = ‖w‖; the margin is γ* = 1/‖w‖")
        if abs(value - 1.0) <= 1e-9:
            return Feedback(
                False,
                "1 is the functional margin γ̂ of the scaled separator; the geometric "
                "margin divides it by ‖w‖",
            )
        return Feedback(
            False,
            f"your data are right (one point moved, margin below {below:g}), but {value:g} "
            f"is not their margin γ* rounded to {k} decimals: read it in the figure's title "
            "or the readout",
        )
    rounded = f" to {k} decimals" if k < 6 else ""  # 6 decimals or more: exact
    return Feedback(
        True,
        f"right{rounded}: one point that was not on the margin lines moved, and the largest "
        f"margin shrank below {below:g}",
    )


__all__ += ["check_drag_small_margin"]
