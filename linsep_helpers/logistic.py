"""Logistic regression seen from the separability side: the sigmoid, a log-likelihood that
stays finite at any scale, and gradient descent whose direction drifts to the max-margin one.

Notation: labels y in {-1, +1} (labels in {0, 1} are accepted everywhere and mapped), margins
m_i = y_i (w.x_i + b), and

    ln L(w, b) = sum_i ln sigma(m_i) = -sum_i ln(1 + exp(-m_i)),    sigma(z) = 1 / (1 + e^-z).

Everything here is pure numpy/scipy and warning-free for finite inputs, including scaled
parameters (c w, c b) with c up to 1e6, where the textbook formulas overflow or round to 0.

Used in notebook 03.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike
from scipy import optimize, special

from ._validate import (
    _as_float_array,
    check_choice,
    check_int,
    check_scalar,
    check_vector,
    check_X,
    check_Xy,
)

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
    "LogisticFit",
    "fit_logistic",
    "GDTrace",
    "fit_logistic_gd",
    "default_step_size",
    "HardMarginSVMResult",
    "max_margin_direction",
    "angle_between",
    "make_implicit_bias_data",
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
) -> tuple[np.ndarray, float, np.ndarray, np.ndarray]:
    Xa, ya = check_Xy(X, y)
    wa = check_vector(w, Xa.shape[1], "w")
    ba = check_scalar(b, "b")
    return wa, ba, Xa, ya


def _margins(w: np.ndarray, b: float, X: np.ndarray, y: np.ndarray) -> np.ndarray:
    return y * (X @ w + b)


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


def sigmoid(z: float | np.ndarray) -> float | np.ndarray:
    """sigma(z) = 1 / (1 + e^-z), computed without overflow (scipy.special.expit).

    Math: values in (0, 1), sigma(0) = 1/2, sigma(-z) = 1 - sigma(z). In float64 the result is
    exactly 1.0 once e^-z < 2^-53 (z >~ 36.7) and 0.0 below z ~ -745. +-inf give 1 and 0.
    Scalar in, float out; array in, array out. Used in notebook 03.
    """
    return _scalar_or_array(special.expit(_elementwise_input(z)))


def log_sigmoid(z: float | np.ndarray) -> float | np.ndarray:
    """ln sigma(z) = -ln(1 + e^-z) = -logaddexp(0, -z), stable (scipy.special.log_expit).

    Finite and <= 0 for every finite z: about z for z << 0 and about -e^-z for z >> 0
    (rounding to -0.0 beyond z ~ 745). Used in notebook 03.
    """
    return _scalar_or_array(special.log_expit(_elementwise_input(z)))


def sigmoid_derivative(z: float | np.ndarray) -> float | np.ndarray:
    """sigma'(z) = sigma(z) (1 - sigma(z)), evaluated as sigma(z) sigma(-z) (no cancellation).

    Used in notebook 03.
    """
    za = _elementwise_input(z)
    with np.errstate(under="ignore"):
        out = special.expit(za) * special.expit(-za)
    return _scalar_or_array(out)


def naive_sigmoid(z: float | np.ndarray) -> float | np.ndarray:
    """The textbook 1 / (1 + np.exp(-z)), silently: e^-z overflows to inf for z < -709.

    Errors are suppressed (np.errstate(all="ignore")), so it returns what float64 gives without a
    warning. For the numerics demo only. Used in notebook 03.
    """
    za = _elementwise_input(z)
    with np.errstate(all="ignore"):
        out = 1.0 / (1.0 + np.exp(-za))
    return _scalar_or_array(out)


def naive_log_sigmoid(z: float | np.ndarray) -> float | np.ndarray:
    """The textbook np.log(1 / (1 + np.exp(-z))), silently.

    It returns -inf for z < ~-745 (the quotient underflows to 0) and exactly 0.0 for z > ~36.7
    (1 + e^-z rounds to 1). Errors are suppressed, so no warnings. Used in notebook 03.
    """
    za = _elementwise_input(z)
    with np.errstate(all="ignore"):
        out = np.log(1.0 / (1.0 + np.exp(-za)))
    return _scalar_or_array(out)


def threshold_offset(T: float) -> float:
    """The score at which sigma reaches T: t = -ln(1/T - 1) = ln(T / (1 - T)) (the logit).

    Predicting y = 1 when sigma(w.x + b) >= T is predicting when w.x + b >= t, so the decision
    boundary for threshold T is the hyperplane w.x + b = t (t = 0 for T = 1/2).
    ValueError unless 0 < T < 1. Used in notebook 03.
    """
    Tv = check_scalar(T, "T")
    if not 0.0 < Tv < 1.0:
        raise ValueError(f"threshold T must lie strictly between 0 and 1; got {Tv:g}")
    return float(special.logit(Tv))


# ----------------------------------------------------------------------------- likelihood


def log_likelihood(w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike) -> float:
    """ln L(w, b) = sum_i ln sigma(y_i (w.x_i + b)) for labels in {-1, +1} (or {0, 1}).

    Always <= 0 in float64 (< 0 mathematically); finite for any finite parameters, e.g. (c w, c b)
    with c = 1e6, where it may be a large negative number. Used in notebook 03.
    """
    wa, ba, Xa, ya = _params_data(w, b, X, y)
    return float(np.sum(special.log_expit(_margins(wa, ba, Xa, ya))))


def log_likelihood_01(w: ArrayLike, b: float, X: ArrayLike, y01: ArrayLike) -> float:
    """The {0, 1}-label form sum_i [y_i ln p_i + (1 - y_i) ln(1 - p_i)], p_i = sigma(w.x_i + b).

    Computed stably as ln p = log_sigmoid(s), ln(1 - p) = log_sigmoid(-s) with s = w.x + b.
    It equals log_likelihood with labels 2y - 1 (labels in {-1, +1} are also accepted here and
    mapped to {0, 1}). Used in notebook 03.
    """
    wa, ba, Xa, ya = _params_data(w, b, X, y01)
    t = (ya + 1.0) / 2.0
    s = Xa @ wa + ba
    terms = t * special.log_expit(s) + (1.0 - t) * special.log_expit(-s)
    return float(np.sum(terms))


def log_neg_log_likelihood(w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike) -> float:
    """ln(-ln L(w, b)) = logsumexp_i ln softplus(-m_i), with softplus(x) = ln(1 + e^x).

    Finite even when -ln L underflows to 0.0 in float64 (every c m_i > ~745), so it can be
    plotted on a log scale for any c. Used in notebook 03.
    """
    wa, ba, Xa, ya = _params_data(w, b, X, y)
    return float(special.logsumexp(_log_softplus(-_margins(wa, ba, Xa, ya))))


def scaled_log_likelihood(
    w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike, cs: ArrayLike
) -> float | np.ndarray:
    """ln L(c w, c b) for each c in cs (vectorised: one (len(cs), n) evaluation).

    Scalar c gives a float, an array of c an array. Used in notebook 03 (c slider, curve).
    """
    wa, ba, Xa, ya = _params_data(w, b, X, y)
    c = _cs(cs)
    m = _margins(wa, ba, Xa, ya)
    out = special.log_expit(np.multiply.outer(c, m)).sum(axis=-1)
    return _scalar_or_array(out)


def scaled_log_neg_log_likelihood(
    w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike, cs: ArrayLike
) -> float | np.ndarray:
    """ln(-ln L(c w, c b)) for each c in cs, finite for all finite c (see log_neg_log_likelihood).

    Used in notebook 03 (the log-scale curve).
    """
    wa, ba, Xa, ya = _params_data(w, b, X, y)
    c = _cs(cs)
    m = _margins(wa, ba, Xa, ya)
    out = special.logsumexp(_log_softplus(-np.multiply.outer(c, m)), axis=-1)
    return _scalar_or_array(out)


@dataclass(frozen=True)
class LikelihoodBounds:
    """Bounds on ln L(c w, c b) for a separator with smallest margin m_min > 0 and n examples.

    lower = -n e^(-c m_min) <= ln L(c w, c b) <= upper = -ln(1 + e^(-c m_min)); log_neg_lower
    = ln(-lower) = ln n - c m_min and log_neg_upper = ln(-upper) bound ln(-ln L) from above and
    below respectively, and stay finite where the plain bounds round to 0.
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

    ``margins`` are the per-example margins m_i = y_i (w.x_i + b) of a separator (all > 0, e.g.
    from geometry.margins); cs >= 0 (number or 1-D array). The lower bound uses
    ln(1 + u) <= u for each of the n terms, the upper keeps only the worst term. Hence
    ln L >= -eps once c >= ln(n / eps) / m_min (c_for_epsilon). ValueError if some margin is
    <= 0. Used in notebook 03.
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
    a = c * m_min
    with np.errstate(under="ignore"):
        lower = -n * np.exp(-a)
    upper = special.log_expit(a)
    log_neg_lower = np.log(n) - a
    log_neg_upper = _log_softplus(-a)
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

    Returns 0.0 when eps >= n (then every c >= 0 works). ValueError unless m_min > 0, n >= 1,
    eps > 0. Used in notebook 03.
    """
    mm = check_scalar(m_min, "m_min", positive=True)
    nn = check_int(n, "n", minimum=1)
    ee = check_scalar(eps, "eps", positive=True)
    return max(0.0, float(np.log(nn / ee) / mm))


def cross_entropy(
    w: ArrayLike, b: float, X: ArrayLike, y01: ArrayLike, *, reduction: str = "mean"
) -> float:
    """Cross-entropy -[y ln p + (1 - y) ln(1 - p)], p = sigma(w.x + b), labels in {0, 1}.

    reduction="mean" (default, scikit-learn's log_loss) gives -ln L / n; "sum" gives -ln L.
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

    sigma_i = sigma(w.x_i + b); the second entry is d ln L / d b. The gradient of the summed
    cross-entropy is its negative. Used in notebook 03.
    """
    wa, ba, Xa, ya = _params_data(w, b, X, y01)
    t = (ya + 1.0) / 2.0
    r = t - special.expit(Xa @ wa + ba)
    return Xa.T @ r, float(r.sum())


# ----------------------------------------------------------------------------- MLE


def _overlap_check(Xa: np.ndarray, ya: np.ndarray, bias: bool) -> np.ndarray | None:
    """A (w, b) with all margins >= 0 and sum 1 if one exists (the MLE is then infinite)."""
    Z = ya[:, None] * (np.column_stack([Xa, np.ones(len(Xa))]) if bias else Xa)
    k = Z.shape[1]
    res = optimize.linprog(
        np.zeros(k),
        A_ub=-Z,
        b_ub=np.zeros(len(Z)),
        A_eq=Z.sum(axis=0)[None, :],
        b_eq=[1.0],
        bounds=[(None, None)] * k,
        method="highs",
    )
    return res.x if res.status == 0 else None


@dataclass(frozen=True)
class ScaleResult:
    """The maximiser c* >= 0 of c -> ln L(c w, c b) and the value there."""

    c: float
    log_likelihood: float


def best_scale(w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike) -> ScaleResult:
    """argmax over c >= 0 of ln L(c w, c b) when some margin m_i = y_i (w.x_i + b) is < 0.

    The function is concave in c with derivative g(c) = sum_i m_i sigma(-c m_i), decreasing from
    sum(m)/2 to sum_{m_i<0} m_i < 0, so the maximiser is c* = 0 if sum(m) <= 0 and otherwise the
    root of g (brentq). ValueError if every margin is >= 0: then ln L(c w, c b) increases with c
    and its supremum is not attained. Used in notebook 03.
    """
    wa, ba, Xa, ya = _params_data(w, b, X, y)
    m = _margins(wa, ba, Xa, ya)
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
        while g(hi) > 0:
            hi *= 2.0
        c_star = float(optimize.brentq(g, 0.0, hi, xtol=1e-14, rtol=4 * np.finfo(float).eps))
    return ScaleResult(c=c_star, log_likelihood=float(np.sum(special.log_expit(c_star * m))))


@dataclass(frozen=True)
class LogisticFit:
    """Unregularised maximum-likelihood logistic regression.

    log_likelihood = ln L(w, b) at the maximiser, gradient_norm = ||grad ln L(w, b)|| there
    (over w and b, or w only when bias=False), n_iter = L-BFGS-B iterations.
    """

    w: np.ndarray
    b: float
    log_likelihood: float
    gradient_norm: float
    n_iter: int


def fit_logistic(X: ArrayLike, y: ArrayLike, *, bias: bool = True) -> LogisticFit:
    """Maximise ln L(w, b) (no penalty) with L-BFGS-B and the analytic gradient.

    The maximiser is finite exactly when the classes overlap: no (w, b) != 0 has every margin
    y_i (w.x_i + b) >= 0 (Albert and Anderson 1984). Data that are separable, or only
    quasi-separable (some points forced onto the boundary), raise ValueError, since ln L then keeps
    increasing along a direction and the optimiser would run off to infinity. L-BFGS-B runs on the
    mean loss -ln L / n; a few Newton steps then polish the result to machine precision. bias=False
    fits w only (b = 0). Used in notebook 03.
    """
    Xa, ya = check_Xy(X, y)
    if not isinstance(bias, bool):
        raise ValueError(f"bias must be True or False; got {bias!r}")
    direction = _overlap_check(Xa, ya, bias)
    if direction is not None:
        raise ValueError(
            "the data are (quasi-)separable: some (w, b) != 0 has y(w.x + b) >= 0 for every "
            "example, so ln L increases along it forever and the MLE is not finite"
        )
    A = np.column_stack([Xa, np.ones(len(Xa))]) if bias else Xa
    Z = ya[:, None] * A
    n = len(Z)

    def f(theta: np.ndarray) -> tuple[float, np.ndarray]:
        m = Z @ theta
        loss = -np.sum(special.log_expit(m)) / n
        grad = -(Z.T @ special.expit(-m)) / n
        return float(loss), grad

    res = optimize.minimize(
        f,
        np.zeros(A.shape[1]),
        jac=True,
        method="L-BFGS-B",
        options={"maxiter": 20000, "ftol": 1e-15, "gtol": 1e-11, "maxcor": 20},
    )
    theta = np.asarray(res.x, dtype=float)
    # Newton polish: the Hessian Z^T diag(s(1-s)) Z / n is positive definite on overlapping data.
    for _ in range(5):
        m = Z @ theta
        s = special.expit(-m)
        grad = -(Z.T @ s) / n
        H = (Z.T * (s * (1.0 - s))) @ Z / n
        try:
            step = np.linalg.solve(H, grad)
        except np.linalg.LinAlgError:
            break
        new = theta - step
        if f(new)[0] <= f(theta)[0]:
            theta = new
        else:
            break
    m = Z @ theta
    gnorm = float(np.linalg.norm(Z.T @ special.expit(-m)))
    w = theta[: Xa.shape[1]].copy()
    b = float(theta[-1]) if bias else 0.0
    return LogisticFit(
        w=w,
        b=b,
        log_likelihood=float(np.sum(special.log_expit(m))),
        gradient_norm=gnorm,
        n_iter=int(res.nit),
    )


# ----------------------------------------------------------------------------- implicit bias


def default_step_size(X: ArrayLike, *, bias: bool = False) -> float:
    """1 / beta with beta = ||A||_2^2 / (4 n) (A = X, or [X, 1] when bias): a safe GD step.

    The mean loss F(w) = (1/n) sum_i ln(1 + e^(-m_i)) has Hessian (1/n) A^T D A with
    D = diag(sigma(m_i) sigma(-m_i)) <= 1/4, so F is beta-smooth. A step 1/beta makes every GD
    step decrease F (descent lemma) and is below the 2/beta that Soudry et al. (2018) require.
    Used in notebook 03.
    """
    Xa = check_X(X)
    A = np.column_stack([Xa, np.ones(len(Xa))]) if bias else Xa
    s = float(np.linalg.norm(A, 2))
    if s == 0.0:
        raise ValueError("X is all zeros: the loss is constant and no step size is needed")
    return 4.0 * len(A) / s**2


@dataclass(frozen=True)
class GDTrace:
    """Gradient descent on the mean logistic loss, recorded at log-spaced steps.

    steps[k] is the iteration count t (0 = start, last = steps; at most record + 1 rows); w[k],
    b[k] (0 when bias=False), loss[k] (mean loss = -ln L / n) and norm[k] = ||w(t)|| belong to that
    t. w_final/b_final are the last iterate, lr the step size used.
    """

    steps: np.ndarray
    w: np.ndarray
    b: np.ndarray
    loss: np.ndarray
    norm: np.ndarray
    lr: float
    w_final: np.ndarray
    b_final: float

    def angles_to(self, direction: ArrayLike) -> np.ndarray:
        """Angle (radians) between each recorded w(t) and ``direction`` (nan where w = 0)."""
        return angle_between(self.w, direction)


def _record_steps(steps: int, record: int) -> np.ndarray:
    ts = np.unique(np.round(np.geomspace(1, steps, record)).astype(np.int64))
    return np.concatenate([[0], ts])


def fit_logistic_gd(
    X: ArrayLike,
    y: ArrayLike,
    *,
    lr: float | None = None,
    steps: int = 10_000,
    bias: bool = False,
    w0: ArrayLike | None = None,
    record: int = 200,
) -> GDTrace:
    """Gradient descent on F(w, b) = -ln L(w, b) / n (= gradient ascent on ln L).

    Update: theta <- theta + lr * (1/n) sum_i y_i a_i sigma(-m_i), a_i = x_i (or (x_i, 1) when
    bias). Default lr = default_step_size(X, bias=bias) = 4n / ||A||_2^2, provably small enough.
    The state is recorded at t = 0 and at about ``record`` log-spaced t in [1, steps], so 1e5
    steps keep ~200 rows. On separable data (Soudry et al. 2018) ||w(t)|| grows like ln t, the loss
    falls like 1/t and w(t)/||w(t)|| tends to the hard-margin SVM direction. Used in notebook 03.
    """
    Xa, ya = check_Xy(X, y)
    if not isinstance(bias, bool):
        raise ValueError(f"bias must be True or False; got {bias!r}")
    steps = check_int(steps, "steps", minimum=1)
    record = check_int(record, "record", minimum=2)
    A = np.column_stack([Xa, np.ones(len(Xa))]) if bias else Xa
    d = Xa.shape[1]
    eta = default_step_size(Xa, bias=bias) if lr is None else check_scalar(lr, "lr", positive=True)
    theta = np.zeros(A.shape[1])
    if w0 is not None:
        theta[:d] = check_vector(w0, d, "w0")
    Z = ya[:, None] * A
    n = len(Z)
    ZT = np.ascontiguousarray(Z.T) * (eta / n)
    marks = _record_steps(steps, record)
    rows = np.empty((len(marks), A.shape[1]))
    losses = np.empty(len(marks))
    k = 0
    expit = special.expit
    for t in range(steps + 1):
        if t == marks[k]:
            m = Z @ theta
            rows[k] = theta
            losses[k] = -np.sum(special.log_expit(m)) / n
            k += 1
            if t == steps:
                break
        theta += ZT @ expit(-(Z @ theta))
    W = rows[:, :d].copy()
    B = rows[:, d].copy() if bias else np.zeros(len(marks))
    return GDTrace(
        steps=marks,
        w=W,
        b=B,
        loss=losses,
        norm=np.linalg.norm(W, axis=1),
        lr=float(eta),
        w_final=theta[:d].copy(),
        b_final=float(theta[d]) if bias else 0.0,
    )


def angle_between(W: ArrayLike, direction: ArrayLike) -> float | np.ndarray:
    """Angle in radians between w (a vector, or each row of a matrix) and ``direction``.

    Computed as arctan2(||w - (w.u) u||, w.u) with u the unit direction, which stays accurate for
    tiny angles (arccos does not); nan where w = 0. Used in notebook 03.
    """
    u = check_vector(direction, None, "direction")
    nu = float(np.linalg.norm(u))
    if nu == 0.0:
        raise ValueError("direction is the zero vector; it has no angle")
    u = u / nu
    Wa = _as_float_array(W, "W")
    single = Wa.ndim == 1
    Wm = np.atleast_2d(Wa)
    if Wm.ndim != 2 or Wm.shape[1] != u.size:
        raise ValueError(f"W must have rows of length {u.size}; got shape {Wa.shape}")
    cos_part = Wm @ u
    sin_part = np.linalg.norm(Wm - np.outer(cos_part, u), axis=1)
    with np.errstate(invalid="ignore"):
        ang = np.where(np.linalg.norm(Wm, axis=1) > 0, np.arctan2(sin_part, cos_part), np.nan)
    return float(ang[0]) if single else ang


@dataclass(frozen=True)
class HardMarginSVMResult:
    """Hard-margin SVM: w, b minimise ||w||^2 subject to y_i (w.x_i + b) >= 1.

    direction = w / ||w||, offset = b / ||w||, margin = 1 / ||w|| (the geometric margin),
    support = indices with y_i (w.x_i + b) within 1e-6 of 1.
    """

    w: np.ndarray
    b: float
    direction: np.ndarray
    offset: float
    margin: float
    support: np.ndarray


def max_margin_direction(X: ArrayLike, y: ArrayLike, *, bias: bool = False) -> HardMarginSVMResult:
    """The hard-margin SVM: min ||w||^2 s.t. y_i (w.x_i + b) >= 1 (b = 0 unless bias=True).

    Solved as a QP with SLSQP (analytic gradients) started from a feasible LP point (HiGHS).
    ValueError if the data are not linearly separable (through the origin when bias=False): then
    no w satisfies the constraints; also when bias=True and y has one class only. Only w is
    penalised; with the lift (x, 1) and bias=False the offset is penalised too. Used in notebook 03.
    """
    Xa, ya = check_Xy(X, y)
    if not isinstance(bias, bool):
        raise ValueError(f"bias must be True or False; got {bias!r}")
    if bias and np.unique(ya).size == 1:
        raise ValueError(
            "y contains one class only: with an offset, b alone classifies every point and the "
            "max-margin direction is undefined (use bias=False or add the other class)"
        )
    d = Xa.shape[1]
    A = np.column_stack([Xa, np.ones(len(Xa))]) if bias else Xa
    Z = ya[:, None] * A
    k = A.shape[1]
    lp = optimize.linprog(
        np.zeros(k),
        A_ub=-Z,
        b_ub=-np.ones(len(Z)),
        bounds=[(None, None)] * k,
        method="highs",
    )
    if lp.status != 0:
        where = "by a hyperplane through the origin (bias=False)" if not bias else ""
        raise ValueError(
            f"the data are not linearly separable {where}".rstrip()
            + ": no (w, b) has y(w.x + b) >= 1 for every example, so there is no max-margin "
            "separator"
        )
    pen = np.ones(k)
    if bias:
        pen[-1] = 0.0

    res = optimize.minimize(
        lambda th: float(np.sum(pen * th * th)),
        lp.x,
        jac=lambda th: 2.0 * pen * th,
        constraints=[{"type": "ineq", "fun": lambda th: Z @ th - 1.0, "jac": lambda th: Z}],
        method="SLSQP",
        options={"ftol": 1e-15, "maxiter": 2000},
    )
    theta = np.asarray(res.x, dtype=float)
    m = Z @ theta
    # SLSQP may stop a hair inside or outside the constraints: rescale so min margin is exactly 1.
    theta = theta / m.min()
    m = Z @ theta
    w = theta[:d].copy()
    b = float(theta[d]) if bias else 0.0
    nw = float(np.linalg.norm(w))
    return HardMarginSVMResult(
        w=w,
        b=b,
        direction=w / nw,
        offset=b / nw,
        margin=1.0 / nw,
        support=np.flatnonzero(m <= 1.0 + 1e-6),
    )


def make_implicit_bias_data(
    seed: int = 0, *, n_extra: int = 10, margin: float = 0.5, angle: float = 0.35
) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """A small 2-D data set, separable through the origin, with a known max-margin direction.

    With u = (cos angle, sin angle) and v = u rotated by +90 degrees, z_i = y_i x_i are two
    support vectors margin*u + 0.8 v and margin*u - 0.4 v (u lies in their cone, so u is the
    hard-margin direction with geometric margin ``margin``) plus ``n_extra`` points with
    u.z in [2 margin, 3.5 margin] (margin >= 2x at the max-margin direction) and v.z in [0.3, 1.2],
    which pull early gradient descent off u. Labels alternate +1/-1 (x_i = y_i z_i).
    Returns (X, y, u, margin). Used in notebook 03.
    """
    seed = check_int(seed, "seed", minimum=0)
    n_extra = check_int(n_extra, "n_extra", minimum=0)
    gamma = check_scalar(margin, "margin", positive=True)
    th = check_scalar(angle, "angle")
    rng = np.random.default_rng(seed)
    u = np.array([np.cos(th), np.sin(th)])
    v = np.array([-np.sin(th), np.cos(th)])
    along = np.concatenate([[gamma, gamma], rng.uniform(2.0 * gamma, 3.5 * gamma, n_extra)])
    across = np.concatenate([[0.8, -0.4], rng.uniform(0.3, 1.2, n_extra)])
    Zs = np.outer(along, u) + np.outer(across, v)
    y = np.where(np.arange(len(Zs)) % 2 == 0, 1.0, -1.0)
    return y[:, None] * Zs, y, u, gamma
