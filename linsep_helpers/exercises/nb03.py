"""Checks for the exercises of notebook 03 (the log-likelihood approaching 0).

Every check takes the student's answer first (a number or a function), then what it is
checked against; functions are called on copies, and whatever they raise or warn is reported
as a ✘ with a sentence, never as a traceback.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike

from .._validate import check_scalar
from ..logistic import (
    gradient_log_likelihood,
    log_sigmoid,
    scaled_log_likelihood,
    threshold_offset,
)
from ._feedback import (
    Feedback,
    Rejected,
    call_student,
    exercise,
    parse_array,
    parse_number,
    parse_wb,
)

__all__ = [
    "check_threshold_offset",
    "check_scale_for_epsilon",
    "check_gradient_function",
    "check_log_sigmoid_function",
]

#: Where a student's log-sigmoid is evaluated: both tails, where a naive formula overflows.
_LOG_SIGMOID_POINTS = (-1000.0, -750.0, -40.0, -1.0, 0.0, 1e-3, 3.0, 40.0, 750.0, 1000.0)


@exercise("your t (a number)")
def check_threshold_offset(answer: object, T: float) -> Feedback:
    """Is ``answer`` the score t at which sigma(t) = T (the boundary for threshold T, C18)?

    Parameters
    ----------
    answer : float
        The student's t.
    T : float
        The threshold, 0 < T < 1.

    Returns
    -------
    Feedback
        ✔ when t is within a relative 1e-6 of -ln(1/T - 1); names a flipped sign and a
        base-10 logarithm; otherwise says what sigma(t) is, not what t should be.

    Used in notebook 03.
    """
    value = parse_number(answer, "t")
    truth = threshold_offset(T)
    if abs(value - truth) <= 1e-6 * max(1.0, abs(truth)):
        return Feedback(True, f"right: sigma(t) = {T:g} at your t, so the boundary is w.x + b = t")
    if truth != 0 and abs(value + truth) <= 1e-6 * abs(truth):
        return Feedback(False, "the sign is flipped: for T > 1/2 the boundary moves to scores > 0")
    if truth != 0 and abs(value - truth / math.log(10)) <= 1e-6 * abs(truth):
        return Feedback(False, "that is a base-10 logarithm; the sigmoid uses the natural log")
    reached = 1.0 / (1.0 + math.exp(-max(min(value, 700.0), -700.0)))
    return Feedback(
        False, f"sigma(your t) = {reached:.4g}, not T = {T:g}: solve sigma(t) = T for t"
    )


@exercise("your c (a number)")
def check_scale_for_epsilon(
    answer: object, w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike, eps: float
) -> Feedback:
    """Is ``answer`` a scale c > 0 with ln L(c w, c b) >= -eps for the separator (w, b)?

    Parameters
    ----------
    answer : float
        The student's c.
    w, b : array-like of shape (d,), float
        A separator of (X, y).
    X, y : array-like
        The data.
    eps : float
        The target: ln L must be at least -eps (> 0).

    Returns
    -------
    Feedback
        ✔ for every c > 0 that achieves it (ln L evaluated stably, so c = 1e300 is fine);
        too small a c is told how far ln L still is from -eps.

    Used in notebook 03.
    """
    c = parse_number(answer, "c", positive=True)
    eps = check_scalar(eps, "eps", positive=True)
    value = float(scaled_log_likelihood(w, b, X, y, c))
    if value >= -eps:
        return Feedback(True, f"right: ln L(cw, cb) = {value:.3g} >= -{eps:g}")
    return Feedback(
        False,
        f"not yet: ln L(cw, cb) = {value:.4g} is below -{eps:g}; a larger c is needed "
        "(the lower bound -n exp(-c m_min) tells you how much larger)",
    )


def _gradient_cases(seed: int = 0) -> list[tuple[np.ndarray, float, np.ndarray, np.ndarray]]:
    """Three random problems (w, b, X, y01) with labels in {0, 1}, d = 2, 3, 1."""
    rng = np.random.default_rng(seed)
    cases = []
    for n, d in ((5, 2), (8, 3), (12, 1)):
        X = rng.normal(size=(n, d))
        y01 = (np.arange(n) % 2).astype(float)
        rng.shuffle(y01)
        cases.append((rng.normal(size=d), float(rng.normal()), X, y01))
    return cases


@exercise(
    "replace the line my_gradient = None by your def my_gradient(w, b, X, y01) returning (dw, db)"
)
def check_gradient_function(answer: object) -> Feedback:
    """Does ``answer(w, b, X, y01)`` return the gradient (dw, db) of ln L (claim C22)?

    Parameters
    ----------
    answer : callable
        The student's function; labels y01 are in {0, 1}; it returns a pair (dw, db).

    Returns
    -------
    Feedback
        ✔ when dw = sum_i (y_i - sigma_i) x_i and db = sum_i (y_i - sigma_i) (to a relative
        1e-6) on three random problems; names a flipped sign (the gradient of the
        cross-entropy), a wrong db, a wrong shape, and what the function raised.

    Used in notebook 03.
    """
    for w, b, X, y01 in _gradient_cases():
        gw, gb = gradient_log_likelihood(w, b, X, y01)
        got, _ = call_student(answer, w, b, X, y01)
        dw, db = parse_wb(got, len(w), names=("dw", "db"), ravel=True)
        if np.allclose(dw, -gw, rtol=1e-6, atol=1e-9) and not np.allclose(dw, gw):
            return Feedback(
                False, "the sign is flipped: that is the gradient of the cross-entropy -ln L"
            )
        if not np.allclose(dw, gw, rtol=1e-6, atol=1e-9):
            return Feedback(False, f"dw is wrong on a problem with d = {len(w)}, n = {len(X)}")
        if not math.isclose(db, gb, rel_tol=1e-6, abs_tol=1e-9):
            return Feedback(False, "dw is right but db is not: b acts like a feature that is 1")
    return Feedback(True, "right: your gradient matches sum_i (y_i - sigma_i)(x_i, 1)")


@exercise("replace the line my_log_sigmoid = None by your def my_log_sigmoid(z) returning ln σ(z)")
def check_log_sigmoid_function(answer: object) -> Feedback:
    """Does ``answer(z)`` compute ln sigma(z) on a numpy array, finite from z = -1000 to 1000?

    Parameters
    ----------
    answer : callable
        The student's function of a float array z.

    Returns
    -------
    Feedback
        ✔ when the result has one value per z, every value finite and within a relative 1e-9
        of ln sigma(z) (absolute 1e-300 near z = +1000). A right result is right even if numpy
        warned along the way; otherwise names the first z where it fails, with numpy's
        warning (an overflow in exp, a log of 0) when there was one.

    Used in notebook 03.
    """
    z = np.array(_LOG_SIGMOID_POINTS)
    truth = np.asarray(log_sigmoid(z))
    got, warned = call_student(answer, z)
    out = parse_array(got, "the result of your function", finite=False)
    if out.shape != z.shape:
        raise Rejected(f"return one value per z (shape {z.shape}); got shape {out.shape}")
    because = f" (numpy warned: {warned[0]})" if warned else ""
    for zi, oi, ti in zip(z, out, truth, strict=True):
        if not math.isfinite(oi):
            return Feedback(False, f"at z = {zi:g} your function returns {oi}{because}")
        if not math.isclose(oi, ti, rel_tol=1e-9, abs_tol=1e-300):
            return Feedback(False, f"at z = {zi:g} your value {oi:.6g} is not ln sigma(z){because}")
    return Feedback(True, "right: finite and accurate from z = -1000 to z = 1000")
