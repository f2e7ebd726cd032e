"""Logistic regression seen from the separability side: the sigmoid and a log-likelihood that
stays finite at any scale, evaluated for a given classifier (w, b).

Notation: labels y in {-1, +1} (labels in {0, 1} are accepted everywhere and mapped), margins
m_i = y_i (w.x_i + b), and

    ln L(w, b) = sum_i ln sigma(m_i) = -sum_i ln(1 + exp(-m_i)),    sigma(z) = 1 / (1 + e^-z).

Everything here is pure numpy/scipy and warning-free for finite inputs, including scaled
parameters (c w, c b) with c up to 1e6, where the textbook formulas overflow or round to 0.
Learning (w, b) from data (the MLE, gradient descent and its limit, the hard-margin SVM) is in
``logistic_fit``.

Argument rule: every function here evaluates a classifier and takes ``(w, b, X, y)`` (or works on
numbers: the sigmoid family, the bounds); options are keyword-only. Used in notebook 03.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike
from scipy import optimize, special

from ._validate import (
    _as_float_array,
    _check_X_max_abs,
    check_choice,
    check_int,
    check_labels,
    check_scalar,
    check_vector,
    check_X,
)
from .geometry import _scaled_scores

__all__ = [
    "sigmoid",
    "log_sigmoid",
    "sigmoid_derivative",
    "naive_sigmoid",
    "naive_log_sigmoid",
    "threshold_offset",
    "log_likelihood",
    "log_likelihood_01",
    "log_neg_log_likelihood",
    "scaled_log_likelihood",
    "scaled_log_neg_log_likelihood",
    "LikelihoodBounds",
    "log_likelihood_bounds",
    "c_for_epsilon",
    "cross_entropy",
    "gradient_log_likelihood",
    "ScaleResult",
    "best_scale",
]


# ----------------------------------------------------------------------------- helpers


def _elementwise_input(z: ArrayLike, name: str = "z") -> np.ndarray:
    arr = _as_float_array(z, name)
    if np.isnan(arr).any():
        raise ValueError(f"{name} contains NaN; the sigmoid of NaN is undefined")
    return arr


def _scalar_or_array(arr: np.ndarray) -> float | np.ndarray:
    return float(arr) if arr.ndim == 0 else arr


def _params_data(
    w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike
) -> tuple[np.ndarray, float, np.ndarray, np.ndarray, np.ndarray]:
    """Validated (w, b, X, y) and the scores s = X w + b (+-inf where they overflow float64,
    never NaN: computed on power-of-two-normalised data, ``geometry._scaled_scores``)."""
    Xa, x_max = _check_X_max_abs(X, "X")
    ya = check_labels(y, Xa.shape[0])
    wa = check_vector(w, Xa.shape[1], "w")
    ba = check_scalar(b, "b")
    s, e = _scaled_scores(wa, ba, Xa, x_max)
    if e != 0:
        with np.errstate(over="ignore", under="ignore"):
            s = np.ldexp(s, e)
    return wa, ba, Xa, ya, s


def _sum(a: np.ndarray, axis: int | None = None) -> float | np.ndarray:
    """np.sum that lets an overflow give -inf silently (``_finite`` then says what it means)."""
    with np.errstate(over="ignore"):
        return np.sum(a, axis=axis)


def _finite(value: float | np.ndarray, what: str, cause: str = "w and b") -> float | np.ndarray:
    """``value`` if every entry is finite; else a ValueError: the true value is beyond float64."""
    if not np.all(np.isfinite(value)):
        raise ValueError(
            f"{what} is beyond float64's range (about 1.8e308): {cause} are too large for the "
            "data; use smaller ones or rescale X"
        )
    return value


def _log_softplus(x: np.ndarray) -> np.ndarray:
    """log(log(1 + e^x)), finite for every finite x.

    For x >= -30 the direct formula is accurate (log(1 + e^x) >= 9e-14 is a normal float).
    Below, with t = e^x: log(1 + t) = t (1 - t/2 + t^2/3 - ...), so the answer is
    x + log1p(-t/2 + t^2/3), which needs no division by an underflowing t.
    """
    x = np.asarray(x, dtype=float)
    out = np.empty_like(x)
    low = x < -30.0
    out[~low] = np.log(np.logaddexp(0.0, x[~low]))
    with np.errstate(under="ignore"):
        t = np.exp(x[low])
    out[low] = x[low] + np.log1p(-t / 2.0 + t * t / 3.0)
    return out


def _cs(cs: ArrayLike, name: str = "cs", *, nonnegative: bool = False) -> np.ndarray:
    arr = _as_float_array(cs, name)
    if arr.ndim > 1:
        raise ValueError(f"{name} must be a number or a 1-D array; got shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be finite; got {arr[~np.isfinite(arr)].ravel()[0]}")
    if nonnegative and np.any(arr < 0):
        raise ValueError(f"{name} must be >= 0; got minimum {arr.min():g}")
    return arr


# ----------------------------------------------------------------------------- sigmoid


def sigmoid(z: ArrayLike) -> float | np.ndarray:
    """sigma(z) = 1 / (1 + e^-z), computed without overflow (scipy.special.expit).

    Values in (0, 1), sigma(0) = 1/2, sigma(-z) = 1 - sigma(z). In float64 the result is
    exactly 1.0 once e^-z < 2^-53 (z >~ 36.7) and 0.0 below z ~ -745; +-inf give 1 and 0.

    Parameters
    ----------
    z : float or array_like
        No NaN (ValueError).

    Returns
    -------
    float or numpy.ndarray
        A float for a scalar, an array of the same shape otherwise. Used in notebook 03.
    """
    return _scalar_or_array(special.expit(_elementwise_input(z)))


def log_sigmoid(z: ArrayLike) -> float | np.ndarray:
    """ln sigma(z) = -ln(1 + e^-z) = -logaddexp(0, -z), stable (scipy.special.log_expit).

    Finite and <= 0 for every finite z: about z for z << 0 and about -e^-z for z >> 0
    (rounding to -0.0 beyond z ~ 745); z = +inf gives 0, z = -inf a ValueError.

    Parameters
    ----------
    z : float or array_like

    Returns
    -------
    float or numpy.ndarray
        Used in notebook 03.
    """
    za = _elementwise_input(z)
    if np.any(za == -np.inf):
        raise ValueError("z contains -inf: ln sigma(-inf) = -inf is not a number to compute with")
    return _scalar_or_array(special.log_expit(za))


def sigmoid_derivative(z: ArrayLike) -> float | np.ndarray:
    """sigma'(z) = sigma(z) (1 - sigma(z)), evaluated as sigma(z) sigma(-z) (no cancellation).

    Parameters
    ----------
    z : float or array_like

    Returns
    -------
    float or numpy.ndarray
        Values in [0, 1/4]. Used in notebook 03.
    """
    za = _elementwise_input(z)
    with np.errstate(under="ignore"):
        out = special.expit(za) * special.expit(-za)
    return _scalar_or_array(out)


def naive_sigmoid(z: ArrayLike) -> float | np.ndarray:
    """The textbook 1 / (1 + np.exp(-z)), silently: e^-z overflows to inf for z < -709.

    Errors are suppressed (np.errstate(all="ignore")), so it returns what float64 gives
    without a warning. For the numerics demo only.

    Parameters
    ----------
    z : float or array_like

    Returns
    -------
    float or numpy.ndarray
        Used in notebook 03.
    """
    za = _elementwise_input(z)
    with np.errstate(all="ignore"):
        out = 1.0 / (1.0 + np.exp(-za))
    return _scalar_or_array(out)


def naive_log_sigmoid(z: ArrayLike) -> float | np.ndarray:
    """The textbook np.log(1 / (1 + np.exp(-z))), silently.

    It returns -inf for z < ~-745 (the quotient underflows to 0) and exactly 0.0 for z > ~36.7
    (1 + e^-z rounds to 1). Errors are suppressed, so no warnings.

    Parameters
    ----------
    z : float or array_like

    Returns
    -------
    float or numpy.ndarray
        Used in notebook 03.
    """
    za = _elementwise_input(z)
    with np.errstate(all="ignore"):
        out = np.log(1.0 / (1.0 + np.exp(-za)))
    return _scalar_or_array(out)


def threshold_offset(T: float) -> float:
    """The score at which sigma reaches T: t = -ln(1/T - 1) = ln(T / (1 - T)) (the logit).

    Predicting y = 1 when sigma(w.x + b) >= T is predicting when w.x + b >= t, so the decision
    boundary for threshold T is the hyperplane w.x + b = t (t = 0 for T = 1/2).

    Parameters
    ----------
    T : float
        Threshold, 0 < T < 1 (ValueError otherwise).

    Returns
    -------
    float
        t. Used in notebook 03 (the threshold explorer and its exercise).
    """
    Tv = check_scalar(T, "T")
    if not 0.0 < Tv < 1.0:
        raise ValueError(f"threshold T must lie strictly between 0 and 1; got {Tv:g}")
    return float(special.logit(Tv))


# ----------------------------------------------------------------------------- likelihood


def log_likelihood(w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike) -> float:
    """ln L(w, b) = sum_i ln sigma(y_i (w.x_i + b)) for labels in {-1, +1} (or {0, 1}).

    Always <= 0 in float64 (< 0 mathematically); finite for any finite parameters, e.g.
    (c w, c b) with c = 1e6, where it may be a large negative number.

    Parameters
    ----------
    w : array_like, shape (d,)
    b : float
    X : array_like, shape (n, d)
    y : array_like, shape (n,)

    Returns
    -------
    float
        ln L(w, b). Used in notebook 03.
    """
    *_, ya, s = _params_data(w, b, X, y)
    return float(_finite(_sum(special.log_expit(ya * s)), "ln L"))


def log_likelihood_01(w: ArrayLike, b: float, X: ArrayLike, y01: ArrayLike) -> float:
    """The {0, 1}-label form sum_i [y_i ln p_i + (1 - y_i) ln(1 - p_i)], p_i = sigma(w.x_i + b).

    Computed stably as ln p = log_sigmoid(s), ln(1 - p) = log_sigmoid(-s) with s = w.x + b.
    It equals ``log_likelihood`` with labels 2y - 1.

    Parameters
    ----------
    w, b, X
        As in ``log_likelihood``.
    y01 : array_like, shape (n,)
        Labels in {0, 1} (labels in {-1, +1} are also accepted and mapped).

    Returns
    -------
    float
        Used in notebook 03.
    """
    *_, ya, s = _params_data(w, b, X, y01)
    # t ln sigma(s) + (1 - t) ln sigma(-s) with t = (y + 1) / 2 in {0, 1} is ln sigma(y s)
    return float(_finite(_sum(special.log_expit(ya * s)), "ln L"))


def log_neg_log_likelihood(w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike) -> float:
    """ln(-ln L(w, b)) = logsumexp_i ln softplus(-m_i), with softplus(x) = ln(1 + e^x).

    Finite even when -ln L underflows to 0.0 in float64 (every c m_i > ~745), so it can be
    plotted on a log scale for any c.

    Parameters
    ----------
    w, b, X, y
        As in ``log_likelihood``.

    Returns
    -------
    float
        Used in notebook 03.
    """
    *_, ya, s = _params_data(w, b, X, y)
    return float(_finite(special.logsumexp(_log_softplus(-(ya * s))), "ln(-ln L)"))


def scaled_log_likelihood(
    w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike, cs: ArrayLike
) -> float | np.ndarray:
    """ln L(c w, c b) = sum_i ln sigma(c m_i) for each c in cs (one (len(cs), n) evaluation).

    Parameters
    ----------
    w, b, X, y
        As in ``log_likelihood``.
    cs : float or array_like, shape (k,)
        Scales c (finite).

    Returns
    -------
    float or numpy.ndarray, shape (k,)
        A float for a scalar c. Used in notebook 03 (c slider, curve).
    """
    *_, ya, s = _params_data(w, b, X, y)
    c = _cs(cs)
    with np.errstate(over="ignore", invalid="ignore"):
        cm = np.multiply.outer(c, ya * s)
    cm[np.isnan(cm)] = 0.0  # c = 0 times an overflowed margin: ln sigma(0 m) = ln 1/2 (m finite)
    out = _sum(special.log_expit(cm), axis=-1)
    return _scalar_or_array(_finite(out, "ln L(c w, c b)", "c w and c b"))


def scaled_log_neg_log_likelihood(
    w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike, cs: ArrayLike
) -> float | np.ndarray:
    """ln(-ln L(c w, c b)) for each c in cs, finite for all finite c.

    See ``log_neg_log_likelihood``.

    Parameters
    ----------
    w, b, X, y, cs
        As in ``scaled_log_likelihood``.

    Returns
    -------
    float or numpy.ndarray, shape (k,)
        Used in notebook 03 (the log-scale curve).
    """
    *_, ya, s = _params_data(w, b, X, y)
    c = _cs(cs)
    m = ya * s
    with np.errstate(over="ignore", invalid="ignore"):
        z = -np.multiply.outer(c, m)
    z[np.isnan(z)] = 0.0  # c = 0 times an overflowed margin
    terms = _log_softplus(np.minimum(z, np.finfo(float).max))
    # softplus(z) ~ z for z >> 1: where -c m overflows, ln softplus = ln c + ln |m| (exact
    # to float64 there), so ln(-ln L) stays finite for any finite c and margins
    big = np.isposinf(z)
    if big.any():
        ci, mi = np.nonzero(np.atleast_2d(big))
        logs = np.log(np.abs(np.atleast_1d(c)[ci])) + np.log(np.abs(m[mi]))
        terms[big] = logs
    # an overflowed margin (|w.x + b| beyond float64) makes a term +inf: the answer is beyond
    # range, reported by _finite (older scipy's logsumexp would warn and return nan)
    out = np.inf if np.isposinf(terms).any() else special.logsumexp(terms, axis=-1)
    return _scalar_or_array(_finite(out, "ln(-ln L(c w, c b))", "c w and c b"))


@dataclass(frozen=True)
class LikelihoodBounds:
    """Bounds on ln L(c w, c b) for a separator with smallest margin m_min > 0 and n examples.

    Attributes
    ----------
    cs : float or numpy.ndarray
        The scales c.
    lower, upper : float or numpy.ndarray
        -n e^(-c m_min) <= ln L(c w, c b) <= -ln(1 + e^(-c m_min)).
    log_neg_lower, log_neg_upper : float or numpy.ndarray
        ln(-lower) = ln n - c m_min and ln(-upper): they bound ln(-ln L) from above and below
        and stay finite where the plain bounds round to 0.
    m_min : float
        The smallest margin.
    n : int
        The number of examples.
    """

    cs: float | np.ndarray
    lower: float | np.ndarray
    upper: float | np.ndarray
    log_neg_lower: float | np.ndarray
    log_neg_upper: float | np.ndarray
    m_min: float
    n: int


def log_likelihood_bounds(margins: ArrayLike, cs: ArrayLike) -> LikelihoodBounds:
    """The sandwich -n e^(-c m_min) <= ln L(c w, c b) <= -ln(1 + e^(-c m_min)).

    The lower bound uses ln(1 + u) <= u for each of the n terms, the upper keeps only the
    worst term. Hence ln L >= -eps once c >= ln(n / eps) / m_min (``c_for_epsilon``).

    Parameters
    ----------
    margins : array_like, shape (n,)
        Per-example margins m_i = y_i (w.x_i + b) of a separator (all > 0, ValueError
        otherwise), e.g. from ``geometry.margins``.
    cs : float or array_like
        Scales c >= 0.

    Returns
    -------
    LikelihoodBounds
        Used in notebook 03 (the scaling explorer).
    """
    m = check_vector(margins, None, "margins")
    if m.size == 0:
        raise ValueError("margins is empty: need at least one example")
    m_min = float(m.min()) + 0.0  # + 0.0 turns -0.0 into 0.0 for the message
    if m_min <= 0:
        raise ValueError(
            f"the bounds need a separator: every margin must be > 0, but the smallest is {m_min:g}"
        )
    c = _cs(cs, nonnegative=True)
    n = int(m.size)
    with np.errstate(over="ignore", under="ignore"):
        a = c * m_min
        lower = -n * np.exp(-a)
    upper = special.log_expit(a)
    log_neg_lower = np.log(n) - a
    log_neg_upper = _log_softplus(-a)
    _finite(np.asarray(a), "c m_min", "cs")
    return LikelihoodBounds(
        cs=_scalar_or_array(c),
        lower=_scalar_or_array(np.asarray(lower)),
        upper=_scalar_or_array(np.asarray(upper)),
        log_neg_lower=_scalar_or_array(np.asarray(log_neg_lower)),
        log_neg_upper=_scalar_or_array(np.asarray(log_neg_upper)),
        m_min=m_min,
        n=n,
    )


def c_for_epsilon(m_min: float, n: int, eps: float) -> float:
    """Smallest c the bounds certify: c = ln(n / eps) / m_min gives ln L(c w, c b) >= -eps.

    Parameters
    ----------
    m_min : float
        Smallest margin, > 0.
    n : int
        Number of examples, >= 1.
    eps : float
        Target, > 0.

    Returns
    -------
    float
        c, or 0.0 when eps >= n (then every c >= 0 works). Used in notebook 03.
    """
    mm = check_scalar(m_min, "m_min", positive=True)
    nn = check_int(n, "n", minimum=1)
    ee = check_scalar(eps, "eps", positive=True)
    # ln n - ln eps: n / eps overflows for eps = 1e-310, the difference of logs does not
    c = max(0.0, (math.log(nn) - math.log(ee)) / mm)
    if not math.isfinite(c):
        raise ValueError(
            f"c = ln(n / eps) / m_min exceeds float64's range: m_min = {mm:g} is too small"
        )
    return c


def cross_entropy(
    w: ArrayLike, b: float, X: ArrayLike, y01: ArrayLike, *, reduction: str = "mean"
) -> float:
    """Cross-entropy -[y ln p + (1 - y) ln(1 - p)], p = sigma(w.x + b), labels in {0, 1}.

    Parameters
    ----------
    w, b, X, y01
        As in ``log_likelihood_01``.
    reduction : {"mean", "sum"}
        "mean" (scikit-learn's log_loss) gives -ln L / n, "sum" gives -ln L.

    Returns
    -------
    float
        Used in notebook 03.
    """
    check_choice(reduction, "reduction", ("mean", "sum"))
    total = -log_likelihood_01(w, b, X, y01)
    if reduction == "mean":
        return total / check_X(X).shape[0]
    return total


def gradient_log_likelihood(
    w: ArrayLike, b: float, X: ArrayLike, y01: ArrayLike
) -> tuple[np.ndarray, float]:
    """Gradient of ln L with labels in {0, 1}: (sum_i (y_i - sigma_i) x_i, sum_i (y_i - sigma_i)).

    sigma_i = sigma(w.x_i + b). The gradient of the summed cross-entropy is its negative.

    Parameters
    ----------
    w, b, X, y01
        As in ``log_likelihood_01``.

    Returns
    -------
    (grad_w, grad_b) : (numpy.ndarray of shape (d,), float)
        d ln L / d w and d ln L / d b. Used in notebook 03.
    """
    _, _, Xa, ya, s = _params_data(w, b, X, y01)
    t = (ya + 1.0) / 2.0
    r = t - special.expit(s)
    with np.errstate(over="ignore"):
        gw = Xa.T @ r
    return _finite(gw, "the gradient", "the entries of X"), float(r.sum())


# ----------------------------------------------------------------------------- the best scale


@dataclass(frozen=True)
class ScaleResult:
    """The maximiser of c -> ln L(c w, c b) over c >= 0.

    Attributes
    ----------
    c : float
        The maximiser c* >= 0.
    log_likelihood : float
        ln L(c* w, c* b).
    """

    c: float
    log_likelihood: float


def best_scale(w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike) -> ScaleResult:
    """argmax over c >= 0 of ln L(c w, c b) when some margin m_i = y_i (w.x_i + b) is < 0.

    The function is concave in c with derivative g(c) = sum_i m_i sigma(-c m_i), decreasing
    from sum(m)/2 to sum_{m_i<0} m_i < 0, so c* = 0 if sum(m) <= 0 and otherwise the root of g
    (brentq).

    Parameters
    ----------
    w, b, X, y
        As in ``log_likelihood``; some margin must be < 0 (ValueError otherwise: then
        ln L(c w, c b) increases with c and its supremum is not attained).

    Returns
    -------
    ScaleResult
        Used in notebook 03.
    """
    *_, ya, s = _params_data(w, b, X, y)
    m = _finite(ya * s, "a margin y (w.x + b)")
    if m.min() >= 0:
        raise ValueError(
            "every margin of (w, b) is >= 0, so ln L(c w, c b) is non-decreasing in c and has no "
            "finite maximiser; best_scale needs a (w, b) that gets some point wrong"
        )

    def g(c: float) -> float:
        return float(np.sum(m * special.expit(-c * m)))

    if g(0.0) <= 0:
        c_star = 0.0
    else:
        hi = 1.0
        while g(hi) > 0:  # g(c) -> sum of the negative margins < 0 as c grows
            hi *= 2.0
            if hi > 1e300:  # pragma: no cover - only with margins below 1e-300
                raise ValueError("best_scale: the margins are too small to locate c*")
        c_star = float(optimize.brentq(g, 0.0, hi, xtol=1e-14, rtol=4 * np.finfo(float).eps))
    lnl = float(_sum(special.log_expit(c_star * m)))
    return ScaleResult(c=c_star, log_likelihood=float(_finite(lnl, "ln L(c* w, c* b)")))
