"""The perceptron, the convergence proof and the bounds (the averaged and pocket variants are
in :mod:`linsep_helpers.perceptron_variants`).

Conventions: labels y in {-1, +1} ({0, 1} is mapped); a *mistake* is y (w.x + b) <= 0 (a tie
counts); R = max_i ||x_i||.  Functions that learn from or describe data take (X, y, ...),
options are keyword-only.  The heart is :func:`_plain_loop`, the loop notebook 02 shows;
long cyclic runs go through ``_perceptron_fast``, which makes bit for bit the same run.
Used in notebooks 02, 04 and 05.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from ._perceptron_fast import cyclic_run
from ._validate import (
    _check_X_max_abs,
    check_bool,
    check_choice,
    check_int,
    check_scalar,
    check_seed,
    check_vector,
    check_Xy,
    check_Xy_max_abs,
)
from .data import lift
from .geometry import _SAFE, _exponent, _scaled_scores, data_radius, functional_margin

__all__ = [
    "PerceptronTrace",
    "PerceptronResult",
    "perceptron",
    "ProofInvariants",
    "invariants",
    "mistake_bound",
    "staircase_updates",
]

_ORDERS = ("cyclic", "random", "batch")
_VARIANTS = ("homogeneous", "affine", "lift", "learning_rate")


def _plain_loop(
    X: np.ndarray, y: np.ndarray, w: np.ndarray, b: float, lr: float, bias_step: float,
    max_epochs: int, max_updates: int | None, rng: np.random.Generator | None,
    trace: list | None,
) -> tuple[np.ndarray, float, list[int], bool]:  # fmt: skip
    """The perceptron, one example at a time (the loop notebook 02 shows).

    Returns (w, b, mistakes_per_epoch, converged); appends (i, epoch, w, b) to ``trace`` (a
    list, or None) after every update.  bias_step = 0 keeps b at 0 (homogeneous).
    """
    mistakes_per_epoch, updates = [], 0
    for epoch in range(max_epochs):
        mistakes = 0
        order = range(len(y)) if rng is None else rng.permutation(len(y))
        for i in order:
            if y[i] * (w @ X[i] + b) <= 0:  # a mistake (a tie counts)
                w = w + lr * y[i] * X[i]
                b = b + bias_step * y[i]
                mistakes += 1
                updates += 1
                if trace is not None:
                    trace.append((i, epoch, w, b))
                if updates == max_updates:
                    return w, b, mistakes_per_epoch + [mistakes], False
        mistakes_per_epoch.append(mistakes)
        if mistakes == 0:
            return w, b, mistakes_per_epoch, True  # a full pass without a mistake
    return w, b, mistakes_per_epoch, False


def _batch_loop(
    X: np.ndarray, y: np.ndarray, w: np.ndarray, b: float, lr: float, bias_step: float,
    max_epochs: int, max_updates: int | None, trace: list | None,
) -> tuple[np.ndarray, float, list[int], bool]:  # fmt: skip
    """order="batch": every scan looks at all examples and updates on the first mistake."""
    mistakes_per_scan, updates = [], 0
    for scan in range(max_epochs):
        wrong = np.flatnonzero(y * (X @ w + b) <= 0)
        mistakes_per_scan.append(wrong.size)
        if wrong.size == 0:
            return w, b, mistakes_per_scan, True
        i = wrong[0]
        w = w + lr * y[i] * X[i]
        b = b + bias_step * y[i]
        updates += 1
        if trace is not None:
            trace.append((i, scan, w, b))
        if updates == max_updates:
            break
    return w, b, mistakes_per_scan, False


@dataclass(frozen=True)
class PerceptronTrace:
    """Every state of a perceptron run with M updates.

    Attributes
    ----------
    w, b : ndarray, shapes (M + 1, d) and (M + 1,)
        Row 0 the start, row t the weights and bias after update t.
    index, epoch : ndarray of int, shape (M,)
        The example (row of X) of update t and its epoch (0-based; the scan for "batch").
    """

    w: np.ndarray
    b: np.ndarray
    index: np.ndarray
    epoch: np.ndarray

    @property
    def n_updates(self) -> int:
        """M, the number of updates recorded."""
        return int(self.index.shape[0])


@dataclass(frozen=True)
class PerceptronResult:
    """Outcome of :func:`perceptron`.

    Attributes
    ----------
    w, b : ndarray, float
        The final weights and bias.
    updates, epochs : int
        M, the number of updates; the passes started (scans for order="batch").
    converged : bool
        True iff the run ended with a pass (scan) without a mistake.
    mistakes_per_epoch : ndarray of int
        Updates in each pass (for "batch": the training mistakes seen by each scan).
    trace : PerceptronTrace or None
        Every state of the run (trace=True).
    bias, lr, bias_step, order
        The settings (for :func:`invariants`; bias_step is 0 when bias=False).
    """

    w: np.ndarray
    b: float
    updates: int
    epochs: int
    converged: bool
    mistakes_per_epoch: np.ndarray
    trace: PerceptronTrace | None
    bias: bool
    lr: float
    bias_step: float
    order: str

    @property
    def lift_scale(self) -> float:
        """r with bias_step = lr r^2: the run is a homogeneous perceptron on x' = (x, r).

        0.0 for the homogeneous perceptron (bias=False).
        """
        if not self.bias:
            return 0.0
        q = self.bias_step / self.lr
        if 1e-300 < q < 1e300:
            return math.sqrt(q)
        return math.sqrt(self.bias_step) / math.sqrt(self.lr)  # q would over- or underflow


def _check_options(
    X: ArrayLike, y: ArrayLike, bias: bool, lr: float, bias_step: float | None, order: str,
    orders: tuple[str, ...] = _ORDERS,
) -> tuple[np.ndarray, np.ndarray, float, float, float]:  # fmt: skip
    """Validated (X, y, lr, bias_step, max |x_ij|); bias_step is 0 for the homogeneous
    perceptron."""
    Xa, ya, x_max = check_Xy_max_abs(X, y)
    check_choice(order, "order", orders)
    lr = check_scalar(lr, "lr", positive=True)
    bias = check_bool(bias, "bias")
    if bias_step is not None and not bias:
        raise ValueError(
            "bias_step was given but bias=False (the homogeneous perceptron has no bias to step)"
        )
    bs = lr if bias_step is None else check_scalar(bias_step, "bias_step", positive=True)
    _check_run_scale(Xa.shape[1], x_max, lr, bs if bias else 0.0)
    return Xa, ya, lr, bs if bias else 0.0, x_max


#: The margins of a run stay within 2^+-900 of lr R^2: far from float64's limits 2^+-1022.
_SCALE_LIMIT = 2.0**900


def _check_run_scale(d: int, x_max: float, lr: float, bias_step: float) -> None:
    """Refuse a learning rate whose margins y (w.x + b) leave float64's range.

    After M updates from 0, |w.x| <= M lr R^2 with R = sqrt(d) max |x_ij| and the first
    update gives margins of order lr max|x_ij|^2: above 2^900 they overflow after a few
    updates (w becomes inf), below 2^-900 they underflow to 0 (a tie, so a mistake). Both
    would make a run that is not the perceptron's.
    """
    R = math.sqrt(d) * x_max
    if lr * R * R > _SCALE_LIMIT:
        raise ValueError(
            f"lr = {lr:.3g} is too large for X (lr R^2 = {lr * R * R:.3g}, R = sqrt(d) "
            f"max |x_ij| = {R:.3g}): the weights and margins would overflow float64; use a "
            "smaller lr or rescale X"
        )
    if bias_step > _SCALE_LIMIT:
        raise ValueError(
            f"bias_step = {bias_step:.3g} is too large: b would overflow float64; use a smaller "
            "bias_step"
        )
    if x_max > 0.0 and lr * x_max * x_max < 1.0 / _SCALE_LIMIT:
        raise ValueError(
            f"lr = {lr:.3g} is too small for X (lr max|x_ij|^2 = {lr * x_max * x_max:.3g}): "
            "the margins y (w.x + b) would underflow to 0 (every example a tie); use a larger "
            "lr or rescale X"
        )


def _check_finite_run(w: np.ndarray, b: float, lr: float) -> None:
    """A run whose weights overflowed is not an answer: say which setting to change."""
    if not (np.all(np.isfinite(w)) and math.isfinite(b)):
        raise ValueError(
            f"the weights overflowed float64 during the run (lr = {lr:.3g}); use a smaller lr, "
            "a smaller bias_step, fewer epochs or rescale X"
        )


def perceptron(
    X: ArrayLike,
    y: ArrayLike,
    *,
    bias: bool = True,
    lr: float = 1.0,
    bias_step: float | None = None,
    max_epochs: int = 1000,
    order: str = "cyclic",
    seed: int | None = None,
    w0: ArrayLike | None = None,
    b0: float = 0.0,
    trace: bool = True,
    max_updates: int | None = None,
) -> PerceptronResult:
    """Run the (Rosenblatt) perceptron; return its final state and, optionally, its trace.

    Start at w = w0 (default 0), b = b0.  An example is a mistake when y (w.x + b) <= 0; on
    a mistake

        w <- w + lr y x,    b <- b + bias_step y

    (bias_step defaults to lr; Shalizi's R^2 variant passes bias_step = lr R^2; with
    bias=False, the homogeneous perceptron, b stays 0).  Stop after a pass without a
    mistake (converged=True) or after max_epochs passes or max_updates updates.

    Parameters
    ----------
    X, y : array_like, shapes (n, d) and (n,)
        The examples and their labels in {-1, +1} (or {0, 1}).
    bias, lr, bias_step, max_epochs, max_updates
        The update rule and the stopping rule above (max_epochs counts scans for "batch").
    order : {"cyclic", "random", "batch"}
        "cyclic": every pass visits 0..n-1; "random": a fresh permutation per pass from
        np.random.default_rng(seed); "batch": every scan looks at all examples and updates
        on the first mistake in index order (Shalev-Shwartz).
    w0, b0
        The start (b0 must be 0 when bias=False).
    trace : bool
        Record every state (O(M d) memory; trace=False for long runs).

    Returns
    -------
    PerceptronResult

    Notes
    -----
    The run is :func:`_plain_loop`.  For order="cyclic" ``_perceptron_fast.cyclic_run``
    computes it (measured: faster from n = 16 examples, or from ~20 us of run on fewer,
    with or without the trace): one matrix-vector product per chunk of examples finds the
    next mistake, near-ties are settled by the plain loop's own test, and the tests check
    that both give bit-identical runs (w, b, updates, trace).  order="batch" computes the
    scan as y * (X @ w + b).

    Used in notebooks 02, 04 and 05.
    """
    Xa, ya, lr, bs, x_max = _check_options(X, y, bias, lr, bias_step, order)
    max_epochs = check_int(max_epochs, "max_epochs", minimum=1)
    if max_updates is not None:
        max_updates = check_int(max_updates, "max_updates", minimum=0)
    trace = check_bool(trace, "trace")
    seed = check_seed(seed)
    n, d = Xa.shape
    w = np.zeros(d) if w0 is None else check_vector(w0, d, "w0").copy()
    b = check_scalar(b0, "b0") + 0.0  # + 0.0 turns -0.0 into 0.0
    if (math.sqrt(d) * x_max * float(np.max(np.abs(w))) + abs(b)) * math.sqrt(d) > _SCALE_LIMIT:
        raise ValueError(
            "w0 and b0 are too large for X: their margins y (w0.x + b0) would overflow float64; "
            "rescale w0 and b0 (or X)"
        )
    if not bias and b != 0.0:
        raise ValueError(f"b0 must be 0 when bias=False (homogeneous perceptron); got {b:g}")
    steps: list | None = [] if trace else None
    epochs = 0 if max_updates == 0 else max_epochs
    args = (Xa, ya, w, b, lr, bs, epochs, max_updates)
    if order == "batch":
        w_end, b_end, mpe, converged = _batch_loop(*args, steps)
    elif order == "cyclic":
        w_end, b_end, mpe, converged = cyclic_run(
            Xa, ya, w, b, lr=lr, bias_step=bs, max_epochs=epochs, max_updates=max_updates,
            trace=steps, x_max=x_max,
        )  # fmt: skip
    else:
        rng = np.random.default_rng(seed) if order == "random" else None
        w_end, b_end, mpe, converged = _plain_loop(*args, rng, steps)
    _check_finite_run(w_end, b_end, lr)
    return PerceptronResult(
        w=np.array(w_end, dtype=float),
        b=float(b_end),
        # batch: one update per scan that found a mistake
        updates=int(np.count_nonzero(mpe) if order == "batch" else sum(mpe)),
        epochs=len(mpe),
        converged=converged,
        mistakes_per_epoch=np.asarray(mpe, dtype=np.int64),
        trace=None if steps is None else _as_trace(w, b, steps),
        bias=bool(bias),
        lr=lr,
        bias_step=bs,
        order=order,
    )


def _as_trace(w0: np.ndarray, b0: float, steps: list) -> PerceptronTrace:
    """The trace from the start (w0, b0) and the (i, epoch, w, b) of every update."""
    return PerceptronTrace(
        w=np.array([w0] + [s[2] for s in steps], dtype=float).reshape(len(steps) + 1, -1),
        b=np.array([b0] + [s[3] for s in steps], dtype=float),
        index=np.array([s[0] for s in steps], dtype=np.int64),
        epoch=np.array([s[1] for s in steps], dtype=np.int64),
    )


@dataclass(frozen=True)
class ProofInvariants:
    """The two quantities of the Novikoff proof along a traced run, in the lifted space.

    The run is a homogeneous perceptron on x' = (x, r) with v = (w, b / r) and step lr
    (r = result.lift_scale; for bias=False simply x' = x, v = w).  u = (w*, b* / r) / norm is
    the unit separator there, gamma its margin min y u.x', radius R' = max ||x'||.

    Attributes
    ----------
    M : ndarray
        0..updates.
    u_dot_v, lower : ndarray
        u.v_M  >=  lower[M] = u.v_0 + M lr gamma.
    norm_sq, upper : ndarray
        ||v_M||^2  <=  upper[M] = ||v_0||^2 + M lr^2 R'^2.
    gamma, radius, r, lr : float
        gamma, R', the lift scale r and the learning rate.
    bound : float
        R'^2 / gamma^2: from v_0 = 0, Cauchy-Schwarz gives M <= bound.
    """

    M: np.ndarray
    u_dot_v: np.ndarray
    norm_sq: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    gamma: float
    radius: float
    r: float
    lr: float
    bound: float


def invariants(
    X: ArrayLike,
    y: ArrayLike,
    result: PerceptronResult,
    w_star: ArrayLike,
    b_star: float = 0.0,
) -> ProofInvariants:
    """u.v_M, ||v_M||^2 and the lines M lr gamma, M lr^2 R'^2 along a traced run.

    Parameters
    ----------
    X, y : the data of the run.
    result : PerceptronResult
        A run with trace=True; its lift scale r = sqrt(bias_step / lr) is used (r = 1 for
        b <- b + y with lr = 1, r = R for Shalizi's b <- b + lr y R^2).
    w_star, b_star : a separator of (X, y); b_star must be 0 for a homogeneous run.

    Returns
    -------
    ProofInvariants

    Used in notebook 02.
    """
    if not isinstance(result, PerceptronResult):
        raise ValueError("result must be a PerceptronResult returned by perceptron()")
    if result.trace is None:
        raise ValueError("result has no trace: run perceptron(..., trace=True)")
    Xa, ya = check_Xy(X, y)
    ws = check_vector(w_star, Xa.shape[1], "w_star")
    bst = check_scalar(b_star, "b_star")
    tr = result.trace
    if tr.w.shape[1] != Xa.shape[1]:
        raise ValueError(
            f"result has {tr.w.shape[1]} features but X has {Xa.shape[1]}; use the same data"
        )
    gamma_f = _separating_margin(Xa, ya, ws, bst)
    if result.bias:
        r = result.lift_scale
        u, V, Xl = np.append(ws, bst / r), np.column_stack([tr.w, tr.b / r]), lift(Xa, r)
    else:
        if bst != 0.0:
            raise ValueError(
                "the run is homogeneous (bias=False) but b_star != 0; use a separator "
                "through the origin"
            )
        r, u, V, Xl = 0.0, ws.copy(), tr.w, Xa
    radius = data_radius(Xl)
    nu = float(np.linalg.norm(u))
    u /= nu
    gamma = gamma_f / nu
    uv = V @ u
    nsq = np.sum(V * V, axis=1)
    M = np.arange(tr.w.shape[0])
    lr = result.lr
    return ProofInvariants(
        M=M,
        u_dot_v=uv,
        norm_sq=nsq,
        lower=uv[0] + M * lr * gamma,
        upper=nsq[0] + M * lr * lr * radius * radius,
        gamma=float(gamma),
        radius=radius,
        r=r,
        lr=lr,
        bound=float(radius * radius / (gamma * gamma)),
    )


def _separating_margin(X: np.ndarray, y: np.ndarray, w: np.ndarray, b: float) -> float:
    """gamma_f = min y (w.x + b), which must be > 0 ((w, b) separates the data)."""
    gf = functional_margin(w, b, X, y)
    if not gf > 0.0:
        raise ValueError(
            f"(w_star, b_star) does not separate the data: its functional margin "
            f"min y (w.x + b) is {gf:g} (must be > 0)"
        )
    return gf


def mistake_bound(
    X: ArrayLike,
    y: ArrayLike,
    w_star: ArrayLike,
    b_star: float = 0.0,
    *,
    variant: str = "homogeneous",
    r: float | None = None,
) -> float:
    """Upper bound on the number of perceptron updates from 0, given a separator (w*, b*).

    With R = max ||x_i||, gamma_f = min y_i (w*.x_i + b*) > 0, gamma = gamma_f / ||w*||:

    ================  ==============================================  =====================
    variant           bound                                           update of b
    ================  ==============================================  =====================
    "homogeneous"     R^2 / gamma^2 (Novikoff 1962; b* must be 0)     none (bias=False)
    "affine"          (R^2 + 1)(||w*||^2 + b*^2) / gamma_f^2          b <- b + y
    "lift"            (R^2 + r^2)(||w*||^2 + b*^2/r^2) / gamma_f^2    b <- b + lr r^2 y
    "learning_rate"   (2R / gamma)^2 (needs |b*| <= R ||w*||, true    b <- b + lr R^2 y
                      for every separator when both classes occur)
    ================  ==============================================  =====================

    Every bound depends only on R / gamma-type ratios: rescaling X leaves it unchanged.

    Parameters
    ----------
    X : array_like, shape (n, d)
    y : array_like, shape (n,)
        Labels in {-1, +1} or {0, 1}.
    w_star : array_like, shape (d,)
        A separator's weights: every y_i (w*.x_i + b*) must be > 0.
    b_star : float
        Its bias (0 for variant "homogeneous").
    variant : {"homogeneous", "affine", "lift", "learning_rate"}
        Which perceptron the bound is for (table above).
    r : float, optional
        The lift x -> (x, r) of variant "lift" (default 1).

    Returns
    -------
    float
        The bound on the number of updates. Used in notebook 02.
    """
    Xa, ya = check_Xy(X, y)
    ws = check_vector(w_star, Xa.shape[1], "w_star")
    bst = check_scalar(b_star, "b_star")
    check_choice(variant, "variant", _VARIANTS)
    if r is not None and variant != "lift":
        raise ValueError(f"r is only used by variant='lift'; got r={r!r} with {variant!r}")
    if variant == "homogeneous" and bst != 0.0:
        raise ValueError(
            f"variant 'homogeneous' needs b_star == 0 (got {bst:g}); use variant='affine' "
            "(or 'lift') for a separator with a bias"
        )
    rr = None
    if variant == "lift":
        if r is None:
            raise ValueError("variant 'lift' needs the keyword r (the lift x -> (x, r)), r > 0")
        rr = check_scalar(r, "r", positive=True)
    _, x_max = _check_X_max_abs(Xa, "X")
    ex = _exponent(x_max)
    ew = _exponent(max(float(np.max(np.abs(ws))), abs(bst)))
    er = 0 if rr is None else _exponent(rr)
    if abs(ex) <= _SAFE and abs(ew) <= _SAFE and abs(er) <= _SAFE:  # the formulas as printed
        gf = _separating_margin(Xa, ya, ws, bst)
        R = data_radius(Xa)
        nw2 = float(ws @ ws)
        if variant == "homogeneous":
            bound = R * R * nw2 / gf**2
        elif variant == "affine":
            bound = (R * R + 1.0) * (nw2 + bst * bst) / gf**2
        elif variant == "lift":
            bound = (R * R + rr * rr) * (nw2 + bst * bst / (rr * rr)) / gf**2
        else:
            _learning_rate_applies(R, math.sqrt(nw2), bst)
            bound = 4.0 * R * R * nw2 / gf**2
    else:
        bound = _scaled_bound(Xa, ya, ws, bst, variant, rr, x_max, ex, ew)
    if not math.isfinite(bound):
        raise ValueError(
            "the mistake bound exceeds float64's range (about 1.8e308): the margin of "
            "(w_star, b_star) is tiny compared with the data, so the bound says nothing"
        )
    return float(bound)


def _learning_rate_applies(R: float, norm_w: float, b: float) -> None:
    """Variant "learning_rate" needs R > 0 and |b*| <= R ||w*||."""
    if R == 0.0:
        raise ValueError("variant 'learning_rate' needs R = max ||x|| > 0; all x are 0")
    if abs(b) > R * norm_w:
        raise ValueError(
            f"variant 'learning_rate' needs |b_star| <= R ||w_star|| (got |b*| = {abs(b):g} > "
            f"{R * norm_w:g}); use variant='lift' with r=R"
        )


def _scaled_bound(
    Xa: np.ndarray, ya: np.ndarray, ws: np.ndarray, bst: float, variant: str,
    r: float | None, x_max: float, ex: int, ew: int,
) -> float:  # fmt: skip
    """The bounds at extreme scales, from X / 2^ex and (w*, b*) / 2^ew (exact).

    With y (w*.x + b*) = 2^ew y s_i 2^e (``_scaled_scores``), g = min y s, R = R1 2^ex,
    ||w* / 2^ew|| = nwm 2^kw and b* / 2^ew = bn, each bound is a sum of squares of products
    such as R ||w*|| / gamma_f = (R1 nwm / g) 2^(ex - e + kw), every one computed as a
    mantissa of order 1 times a power of two, so no intermediate overflows or underflows:
    homogeneous (R ||w||/gf)^2, learning_rate 4 (R ||w||/gf)^2, affine
    (R^2 + 1)(||w||^2 + b^2)/gf^2, lift (R^2 + r^2)(||w||^2 + b^2/r^2)/gf^2, expanded.
    Overflow gives inf (the caller says so).
    """
    ldexp = np.ldexp
    with np.errstate(over="ignore", under="ignore"):
        bn = float(ldexp(bst, -ew))
        s, e = _scaled_scores(ldexp(ws, -ew), bn, Xa, x_max)
        g = float(np.min(ya * s))
        if not g > 0.0:
            raise ValueError(
                "(w_star, b_star) does not separate the data: its functional margin "
                f"min y (w.x + b) is {float(ldexp(g, e + ew)):g} (must be > 0)"
            )
        R1 = float(np.max(np.linalg.norm(ldexp(Xa, -ex), axis=1)))
        ew_w = _exponent(float(np.max(np.abs(ws))))
        nwm, kw = float(np.linalg.norm(ldexp(ws, -ew_w))), ew_w - ew

        def two(m: float, k: int) -> float:
            return float(ldexp(m, k))

        Rw = two(R1 * nwm / g, ex - e + kw)  # R ||w*|| / gamma_f
        if variant == "homogeneous":
            return Rw * Rw
        if variant == "learning_rate":
            if R1 == 0.0:
                raise ValueError("variant 'learning_rate' needs R = max ||x|| > 0; all x are 0")
            if abs(bn) > two(R1 * nwm, ex + kw):
                raise ValueError(
                    f"variant 'learning_rate' needs |b_star| <= R ||w_star|| (got |b*| = "
                    f"{abs(bst):g} > {two(R1 * nwm, ex + kw + ew):g}); use variant='lift' "
                    "with r=R"
                )
            return 4.0 * Rw * Rw
        Rb = two(R1 * bn / g, ex - e)  # R |b*| / gamma_f
        if variant == "affine":
            w1 = two(nwm / g, kw - e)  # ||w*|| / gamma_f
            b1 = two(bn / g, -e)  # |b*| / gamma_f
            return Rw * Rw + Rb * Rb + w1 * w1 + b1 * b1
        rm, er = math.frexp(r)
        rw = two(rm * nwm / g, er - e + kw)  # r ||w*|| / gamma_f
        Rbr = two(R1 * bn / (g * rm), ex - e - er)  # R |b*| / (r gamma_f)
        b1 = two(bn / g, -e)  # r |b*| / (r gamma_f)
        return Rw * Rw + Rbr * Rbr + rw * rw + b1 * b1


def staircase_updates(d: int) -> int:
    """Updates of the cyclic homogeneous perceptron from 0 on the staircase data.

    The closed form sum_{j=1..d} (2^j - 1)^2 (an exact Python int) for x_1 = e_1,
    x_k = e_k - 2 e_{k-1} (all labels +1); a lower bound for every order.  Grows like
    (4/3) 4^d.

    Parameters
    ----------
    d : int
        The dimension, 1 <= d <= 5000 (the answer then has about 3000 digits).

    Returns
    -------
    int
        The number of updates. Used in notebooks 02, 04 and 05.
    """
    d = check_int(d, "d", minimum=1, maximum=5000)
    # sum_j (4^j - 2 2^j + 1) = (4^(d+1) - 4) / 3 - 2 (2^(d+1) - 2) + d, exactly
    return (4 ** (d + 1) - 4) // 3 - 2 * (2 ** (d + 1) - 2) + d
