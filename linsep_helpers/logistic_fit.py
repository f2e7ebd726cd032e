"""Learning (w, b) from data with the logistic loss, and where the learning goes.

- ``fit_logistic``: the maximum-likelihood estimate, finite exactly when the classes overlap.
- ``fit_logistic_gd``: gradient descent, recorded at log-spaced steps. On linearly separable
  data the loss has no minimiser; the descent still runs, ||w(t)|| grows like ln t and
  w(t) / ||w(t)|| tends to the hard-margin SVM direction (Soudry et al. 2018): the implicit bias.
- ``max_margin_direction``: that hard-margin SVM, and ``angle_between`` to measure the gap.

``logistic`` evaluates a given (w, b) (sigmoid, likelihood, bounds); this module learns one, so
the two follow the package's argument rule: ``(w, b, X, y)`` there, ``(X, y, ...)`` here, with
options keyword-only. The hard-margin SVM is a quadratic program, not an LP, so it lives here,
next to the descent whose limit it is, rather than in ``lp``. Used in notebook 03.
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
    check_bool,
    check_int,
    check_labels,
    check_scalar,
    check_vector,
)
from .geometry import _exponent, _lift, _signed_rows

__all__ = [
    "LogisticFit",
    "fit_logistic",
    "default_step_size",
    "GDTrace",
    "fit_logistic_gd",
    "angle_between",
    "HardMarginSVMResult",
    "max_margin_direction",
]


def _check_bias(bias: object) -> bool:
    return check_bool(bias, "bias")


#: max |x_ij| within [2^-8, 2^8]: the solvers see X as given; otherwise X / 2^ex (exact).
_NORMAL = 8


def _normalised(X: ArrayLike, y: ArrayLike) -> tuple[np.ndarray, np.ndarray, int]:
    """(X / 2^ex, y, ex): the data scaled by a power of two so that max |x_ij| is near 1.

    Exact (a power of two), so a (w', b) found for X / 2^ex is w = w' / 2^ex, b = b' for X:
    w.x + b = w'.(x / 2^ex) + b. At ordinary scales (max |x_ij| in [2^-8, 2^8]) ex = 0.
    """
    Xa, x_max = _check_X_max_abs(X, "X")
    ya = check_labels(y, Xa.shape[0])
    ex = _exponent(x_max)
    if abs(ex) <= _NORMAL:
        return Xa, ya, 0
    return np.ldexp(Xa, -ex), ya, ex


def _linprog(*args: object, **kwargs: object) -> optimize.OptimizeResult:
    """HiGHS through scipy; a failure other than "infeasible" is a ValueError, not a
    silently wrong answer."""
    res = optimize.linprog(*args, method="highs", **kwargs)
    if res.status not in (0, 2):
        raise ValueError(
            f"the LP solver (HiGHS) failed: {res.message} (status {res.status}); the data are "
            "probably badly scaled: rescale X so that its entries are of order 1"
        )
    return res


# ----------------------------------------------------------------------------- the MLE


def _overlap_check(Xa: np.ndarray, ya: np.ndarray, bias: bool) -> np.ndarray | None:
    """A (w, b) with all margins >= 0 and sum 1 if one exists (the MLE is then infinite)."""
    Z = _signed_rows(Xa, ya, bias=bias)
    k = Z.shape[1]
    res = _linprog(
        np.zeros(k),
        A_ub=-Z,
        b_ub=np.zeros(len(Z)),
        A_eq=Z.sum(axis=0)[None, :],
        b_eq=[1.0],
        bounds=[(None, None)] * k,
    )
    return res.x if res.status == 0 else None


@dataclass(frozen=True)
class LogisticFit:
    """Unregularised maximum-likelihood logistic regression.

    Attributes
    ----------
    w : numpy.ndarray, shape (d,)
    b : float
        0 when fitted with bias=False.
    log_likelihood : float
        ln L(w, b) at the maximiser.
    gradient_norm : float
        ||grad ln L(w, b)|| there (over w and b, or w only when bias=False).
    n_iter : int
        L-BFGS-B iterations.
    """

    w: np.ndarray
    b: float
    log_likelihood: float
    gradient_norm: float
    n_iter: int


def fit_logistic(X: ArrayLike, y: ArrayLike, *, bias: bool = True) -> LogisticFit:
    """Maximise ln L(w, b) (no penalty) with L-BFGS-B and the analytic gradient.

    The maximiser is finite exactly when the classes overlap: no (w, b) != 0 has every margin
    y_i (w.x_i + b) >= 0 with at least one > 0 (Albert and Anderson 1984). Separable or
    quasi-separable data raise ValueError, since ln L then keeps increasing along a direction.
    L-BFGS-B runs on the mean loss -ln L / n; a few Newton steps then polish the result to
    machine precision.

    Parameters
    ----------
    X : array_like, shape (n, d)
    y : array_like, shape (n,)
    bias : bool
        Fit an offset b (default); False fits w only (b = 0).

    Returns
    -------
    LogisticFit
        Used in notebooks 03 and 05.
    """
    Xa, ya, ex = _normalised(X, y)  # fitted on X / 2^ex, mapped back below (exact)
    bias = _check_bias(bias)
    direction = _overlap_check(Xa, ya, bias)
    if direction is not None:
        raise ValueError(
            "the data are (quasi-)separable: some (w, b) != 0 has y(w.x + b) >= 0 for every "
            "example and > 0 for at least one, so ln L increases along it forever and the MLE "
            "is not finite"
        )
    Z = _signed_rows(Xa, ya, bias=bias)
    n = len(Z)

    def f(theta: np.ndarray) -> tuple[float, np.ndarray]:
        m = Z @ theta
        loss = -np.sum(special.log_expit(m)) / n
        grad = -(Z.T @ special.expit(-m)) / n
        return float(loss), grad

    res = optimize.minimize(
        f,
        np.zeros(Z.shape[1]),
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
        (f_old, g_old), (f_new, g_new) = f(theta), f(new)
        # Accept a step that lowers the loss, or lowers the gradient while the loss stays
        # within rounding (near the optimum the loss cannot resolve the improvement).
        rounding = 8 * np.finfo(float).eps * max(abs(f_old), 1.0)
        if f_new <= f_old or (
            f_new <= f_old + rounding and np.linalg.norm(g_new) < np.linalg.norm(g_old)
        ):
            theta = new
        else:
            break
    m = Z @ theta
    grad = Z.T @ special.expit(-m)
    d = Xa.shape[1]
    with np.errstate(over="ignore", under="ignore"):
        # d/dw = 2^ex d/dw' (w' = 2^ex w); d/db unchanged
        gnorm = float(np.hypot(np.ldexp(np.linalg.norm(grad[:d]), ex), grad[d] if bias else 0.0))
        w = np.ldexp(theta[:d], -ex)
    if not (np.all(np.isfinite(w)) and math.isfinite(gnorm)):
        raise ValueError(
            f"the MLE's weights are beyond float64's range for X of max |x_ij| ~ 2^{ex}; rescale X"
        )
    b = float(theta[-1]) if bias else 0.0
    return LogisticFit(
        w=w,
        b=b,
        log_likelihood=float(np.sum(special.log_expit(m))),
        gradient_norm=gnorm,
        n_iter=int(res.nit),
    )


# ----------------------------------------------------------------------------- gradient descent


def default_step_size(X: ArrayLike, *, bias: bool = False) -> float:
    """A safe gradient-descent step 1 / beta, beta = ||A||_2^2 / (4 n) (A = X, or [X, 1]).

    The mean loss F(w) = (1/n) sum_i ln(1 + e^(-m_i)) has Hessian (1/n) A^T D A with
    D = diag(sigma(m_i) sigma(-m_i)) <= 1/4, so F is beta-smooth. A step 1/beta makes every
    GD step decrease F (descent lemma) and is below the 2/beta that Soudry et al. (2018) require.

    Parameters
    ----------
    X : array_like, shape (n, d)
        Not all zeros (ValueError).
    bias : bool
        Whether the descent also moves an offset b (then A = [X, 1]).

    Returns
    -------
    float
        4 n / ||A||_2^2. Used in notebook 03 (through ``fit_logistic_gd``).
    """
    Xa, x_max = _check_X_max_abs(X, "X")
    bias = _check_bias(bias)
    if x_max == 0.0:
        raise ValueError("X is all zeros: the loss is constant and no step size is needed")
    # ||A||_2 = 2^ex ||A / 2^ex||_2 (exact scaling): no overflow for X = 1e200, no underflow
    ex = _exponent(x_max) if abs(_exponent(x_max)) > 200 else 0
    A = np.ldexp(Xa, -ex) if ex else Xa
    if bias:
        A = _lift(A, math.ldexp(1.0, -ex))
    s = float(np.linalg.norm(A, 2))
    with np.errstate(over="ignore", under="ignore"):
        step = float(np.ldexp(4.0 * len(A) / (s * s), -2 * ex))
    if not (math.isfinite(step) and step > 0.0):
        raise ValueError(
            f"the step size 4 n / ||A||^2 is outside float64's range for X of max |x_ij| = "
            f"{x_max:.3g}; rescale X"
        )
    return step


@dataclass(frozen=True)
class GDTrace:
    """Gradient descent on the mean logistic loss, recorded at log-spaced steps.

    Attributes
    ----------
    steps : numpy.ndarray of int, shape (k,)
        Iteration counts t recorded (0 = start, last = the number of steps; k <= record + 1).
    w : numpy.ndarray, shape (k, d)
        w(t) at each recorded t.
    b : numpy.ndarray, shape (k,)
        b(t) (all 0 when bias=False).
    loss : numpy.ndarray, shape (k,)
        Mean loss -ln L / n at each recorded t.
    norm : numpy.ndarray, shape (k,)
        ||w(t)||.
    lr : float
        The step size used.
    w_final, b_final : numpy.ndarray, float
        The last iterate.
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


#: Work of ``fit_logistic_gd`` (steps times (n d + Python overhead)) that takes ~ 10 s.
MAX_GD_WORK = 2_000_000_000


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

    Update: theta <- theta + lr (1/n) sum_i y_i a_i sigma(-m_i), with a_i = x_i (or (x_i, 1)
    when bias) and m_i = y_i theta.a_i. On separable data ||w(t)|| grows like ln t, the loss
    falls like 1/t and w(t)/||w(t)|| tends to the hard-margin SVM direction (Soudry et al. 2018).

    Parameters
    ----------
    X : array_like, shape (n, d)
    y : array_like, shape (n,)
    lr : float, optional
        Step size > 0; default ``default_step_size(X, bias=bias)``, provably small enough.
    steps : int
        Number of steps, >= 1.
    bias : bool
        Also learn an offset b (default: through the origin).
    w0 : array_like, shape (d,), optional
        Start (default 0; b starts at 0).
    record : int
        About how many log-spaced t in [1, steps] are recorded (>= 2), besides t = 0.

    Returns
    -------
    GDTrace
        The recorded run. Used in notebook 03.
    """
    Xa, x_max = _check_X_max_abs(X, "X")
    ya = check_labels(y, Xa.shape[0])
    bias = _check_bias(bias)
    steps = check_int(steps, "steps", minimum=1)
    record = check_int(record, "record", minimum=2, maximum=100_000)
    d = Xa.shape[1]
    if steps * (Xa.size + 1000) > MAX_GD_WORK:
        raise ValueError(
            f"steps = {steps} on X of shape {Xa.shape} is above the limit of about "
            f"{MAX_GD_WORK:.0e} operations (it would run for minutes); use fewer steps"
        )
    eta = default_step_size(Xa, bias=bias) if lr is None else check_scalar(lr, "lr", positive=True)
    Z = _signed_rows(Xa, ya, bias=bias)
    theta = np.zeros(Z.shape[1])
    if w0 is not None:
        theta[:d] = check_vector(w0, d, "w0")
    n = len(Z)
    ZT = np.ascontiguousarray(Z.T) * (eta / n)
    marks = _record_steps(steps, record)
    rows = np.empty((len(marks), Z.shape[1]))
    losses = np.empty(len(marks))
    k = 0
    expit = special.expit
    finite = True
    with np.errstate(over="ignore", invalid="ignore"):  # a divergent lr is reported below
        for t in range(steps + 1):
            if t == marks[k]:
                m = Z @ theta
                rows[k] = theta
                losses[k] = -np.sum(special.log_expit(m)) / n
                k += 1
                finite = bool(np.isfinite(losses[k - 1]) and np.all(np.isfinite(theta)))
                if t == steps or not finite:
                    break
            theta += ZT @ expit(-(Z @ theta))
    if not finite:
        raise ValueError(
            f"gradient descent diverged to inf/NaN with lr = {eta:.3g}; use a smaller lr "
            "(the default, 4 n / ||A||^2, is always small enough)"
        )
    W = rows[:, :d].copy()
    B = rows[:, d].copy() if bias else np.zeros(len(marks))
    peak = np.max(np.abs(W), axis=1)
    if np.all((peak == 0) | ((peak > 1e-150) & (peak < 1e150))):
        norms = np.linalg.norm(W, axis=1)
    else:  # ||w|| = p ||w / p||: no overflow of the squares
        p = np.where(peak > 0, peak, 1.0)
        with np.errstate(over="ignore"):
            norms = p * np.linalg.norm(W / p[:, None], axis=1)
    if not np.all(np.isfinite(norms)):
        raise ValueError(
            f"gradient descent with lr = {eta:.3g} made ||w|| overflow float64; use a smaller lr"
        )
    return GDTrace(
        steps=marks,
        w=W,
        b=B,
        loss=losses,
        norm=norms,
        lr=float(eta),
        w_final=theta[:d].copy(),
        b_final=float(theta[d]) if bias else 0.0,
    )


def angle_between(W: ArrayLike, direction: ArrayLike) -> float | np.ndarray:
    """Angle in radians between w (a vector, or each row of a matrix) and ``direction``.

    Computed as arctan2(||w - (w.u) u||, w.u) with u the unit direction, which stays accurate
    for tiny angles (arccos does not).

    Parameters
    ----------
    W : array_like, shape (d,) or (k, d)
    direction : array_like, shape (d,)
        Not the zero vector.

    Returns
    -------
    float or numpy.ndarray, shape (k,)
        Angles in [0, pi]; nan where w = 0. Used in notebook 03.
    """
    u = check_vector(direction, None, "direction")
    if not np.any(u):
        raise ValueError("direction is the zero vector; it has no angle")
    u = _unit_rows(u[None, :])[0]
    Wa = _as_float_array(W, "W")
    single = Wa.ndim == 1
    Wm = np.atleast_2d(Wa)
    if Wm.ndim != 2 or Wm.shape[1] != u.size:
        raise ValueError(f"W must have rows of length {u.size}; got shape {Wa.shape}")
    if not np.all(np.isfinite(Wm)):
        raise ValueError("W contains NaN or inf; an angle needs finite vectors")
    zero = ~np.any(Wm, axis=1)
    Wm = _unit_rows(Wm)  # the angle does not depend on the lengths: no overflow, no underflow
    cos_part = Wm @ u
    sin_part = np.linalg.norm(Wm - np.outer(cos_part, u), axis=1)
    ang = np.where(zero, np.nan, np.arctan2(sin_part, cos_part))
    return float(ang[0]) if single else ang


def _unit_rows(W: np.ndarray) -> np.ndarray:
    """Each row divided by its length (zero rows stay zero), computed on the row divided by a
    power of two near its largest entry, so rows of 1e300 or 1e-300 give unit rows too."""
    peak = np.max(np.abs(W), axis=1)
    _, e = np.frexp(peak)
    with np.errstate(under="ignore"):
        V = np.ldexp(W, -e[:, None])
    norms = np.linalg.norm(V, axis=1)
    norms[norms == 0] = 1.0
    return V / norms[:, None]


@dataclass(frozen=True)
class HardMarginSVMResult:
    """Hard-margin SVM: (w, b) minimises ||w||^2 subject to y_i (w.x_i + b) >= 1.

    Attributes
    ----------
    w : numpy.ndarray, shape (d,)
    b : float
        0 when fitted with bias=False.
    direction : numpy.ndarray, shape (d,)
        w / ||w||.
    offset : float
        b / ||w||.
    margin : float
        1 / ||w||, the geometric margin.
    support : numpy.ndarray of int
        Indices with y_i (w.x_i + b) within 1e-6 of 1 (the support vectors).
    """

    w: np.ndarray
    b: float
    direction: np.ndarray
    offset: float
    margin: float
    support: np.ndarray


def max_margin_direction(X: ArrayLike, y: ArrayLike, *, bias: bool = False) -> HardMarginSVMResult:
    """The hard-margin SVM: min ||w||^2 s.t. y_i (w.x_i + b) >= 1 (b = 0 unless bias=True).

    Solved as a QP with SLSQP (analytic gradients) started from a feasible LP point (HiGHS),
    then rescaled so that the smallest margin is exactly 1. Only w is penalised; with the lift
    (x, 1) and bias=False the offset is penalised too.

    Parameters
    ----------
    X : array_like, shape (n, d)
    y : array_like, shape (n,)
        Both classes when bias=True.
    bias : bool
        Allow an offset b.

    Returns
    -------
    HardMarginSVMResult
        ValueError if the data are not linearly separable (through the origin when
        bias=False). Used in notebook 03 (the limit direction of ``fit_logistic_gd``).
    """
    Xa, ya, ex = _normalised(X, y)  # solved for X / 2^ex, mapped back below (exact)
    bias = _check_bias(bias)
    if bias and np.unique(ya).size == 1:
        raise ValueError(
            "y contains one class only: with an offset, b alone classifies every point and the "
            "max-margin direction is undefined (use bias=False or add the other class)"
        )
    d = Xa.shape[1]
    Z = _signed_rows(Xa, ya, bias=bias)
    k = Z.shape[1]
    lp = _linprog(
        np.zeros(k),
        A_ub=-Z,
        b_ub=-np.ones(len(Z)),
        bounds=[(None, None)] * k,
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
    # the objective ||w||^2 / q with q = ||w_LP||^2 starts at 1 (any scale of margins), so
    # SLSQP's tolerance on it is relative
    q = max(float(np.sum(pen * lp.x * lp.x)), np.finfo(float).tiny)

    res = optimize.minimize(
        lambda th: float(np.sum(pen * th * th)) / q,
        lp.x,
        jac=lambda th: 2.0 * pen * th / q,
        constraints=[{"type": "ineq", "fun": lambda th: Z @ th - 1.0, "jac": lambda th: Z}],
        method="SLSQP",
        options={"ftol": 1e-15, "maxiter": 2000},
    )
    theta = np.asarray(res.x, dtype=float)
    m = Z @ theta
    if not (np.all(np.isfinite(theta)) and m.min() > 0):
        theta, m = lp.x, Z @ lp.x  # pragma: no cover - SLSQP failed: fall back on the LP point
    # SLSQP may stop a hair inside or outside the constraints: rescale so min margin is exactly 1.
    theta = theta / m.min()
    m = Z @ theta
    with np.errstate(over="ignore", under="ignore"):
        w = np.ldexp(theta[:d], -ex)  # w' / 2^ex for the data as given
        ew = _exponent(float(np.max(np.abs(w))))
        nw = float(np.ldexp(np.linalg.norm(np.ldexp(w, -ew)), ew))  # ||w|| without overflow
        margin = float(np.ldexp(1.0 / np.linalg.norm(theta[:d]), ex))
    b = float(theta[d]) if bias else 0.0
    if not (np.all(np.isfinite(w)) and math.isfinite(nw) and nw > 0 and margin > 0):
        raise ValueError(
            f"the max-margin (w, b) is beyond float64's range for X of max |x_ij| ~ 2^{ex}; "
            "rescale X"
        )
    return HardMarginSVMResult(
        w=w,
        b=b,
        direction=theta[:d] / np.linalg.norm(theta[:d]),
        offset=b / nw,
        margin=margin,
        support=np.flatnonzero(m <= 1.0 + 1e-6),
    )
