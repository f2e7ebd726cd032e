"""The perceptron, the convergence proof and the bounds (the averaged and pocket variants are
in :mod:`linsep_helpers.perceptron_variants`).

Conventions: labels y in {-1, +1} ({0, 1} is mapped); a *mistake* is y (w.x + b) <= 0 (a tie
counts); R = max_i ||x_i||.  Functions that learn from or describe data take (X, y, ...),
options are keyword-only.  The heart is :func:`_plain_loop`, the loop notebook 02 shows;
long cyclic runs go through ``_perceptron_fast``, which makes bit for bit the same run.
Used in notebooks 02, 04 and 05.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from ._perceptron_fast import cyclic_run
from ._validate import (
    check_choice,
    check_int,
    check_scalar,
    check_vector,
    check_Xy,
    check_Xy_max_abs,
)
from .data import lift
from .geometry import data_radius, functional_margin

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
        return float(np.sqrt(self.bias_step / self.lr))


def _check_options(
    X: ArrayLike, y: ArrayLike, bias: bool, lr: float, bias_step: float | None, order: str,
    orders: tuple[str, ...] = _ORDERS,
) -> tuple[np.ndarray, np.ndarray, float, float, float]:  # fmt: skip
    """Validated (X, y, lr, bias_step, max |x_ij|); bias_step is 0 for the homogeneous
    perceptron."""
    Xa, ya, x_max = check_Xy_max_abs(X, y)
    check_choice(order, "order", orders)
    lr = check_scalar(lr, "lr", positive=True)
    if not isinstance(bias, bool | np.bool_):
        raise ValueError(f"bias must be True or False; got {bias!r}")
    if bias_step is not None and not bias:
        raise ValueError(
            "bias_step was given but bias=False (the homogeneous perceptron has no bias to step)"
        )
    bs = lr if bias_step is None else check_scalar(bias_step, "bias_step", positive=True)
    return Xa, ya, lr, bs if bias else 0.0, x_max


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
    if not isinstance(trace, bool | np.bool_):
        raise ValueError(f"trace must be True or False; got {trace!r}")
    n, d = Xa.shape
    w = np.zeros(d) if w0 is None else check_vector(w0, d, "w0").copy()
    b = check_scalar(b0, "b0") + 0.0  # + 0.0 turns -0.0 into 0.0
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
    gf = _separating_margin(Xa, ya, ws, bst)
    R = data_radius(Xa)
    nw2 = float(ws @ ws)
    if variant == "homogeneous":
        return R * R * nw2 / gf**2
    if variant == "affine":
        return (R * R + 1.0) * (nw2 + bst * bst) / gf**2
    if variant == "lift":
        if r is None:
            raise ValueError("variant 'lift' needs the keyword r (the lift x -> (x, r)), r > 0")
        rr = check_scalar(r, "r", positive=True)
        return (R * R + rr * rr) * (nw2 + bst * bst / (rr * rr)) / gf**2
    if R == 0.0:
        raise ValueError("variant 'learning_rate' needs R = max ||x|| > 0; all x are 0")
    if abs(bst) > R * np.sqrt(nw2):
        raise ValueError(
            f"variant 'learning_rate' needs |b_star| <= R ||w_star|| (got |b*| = {abs(bst):g} > "
            f"{R * np.sqrt(nw2):g}); use variant='lift' with r=R"
        )
    return 4.0 * R * R * nw2 / gf**2


def staircase_updates(d: int) -> int:
    """Updates of the cyclic homogeneous perceptron from 0 on the staircase data.

    The closed form sum_{j=1..d} (2^j - 1)^2 (an exact Python int) for x_1 = e_1,
    x_k = e_k - 2 e_{k-1} (all labels +1); a lower bound for every order.  Grows like
    (4/3) 4^d.

    Parameters
    ----------
    d : int
        The dimension, >= 1.

    Returns
    -------
    int
        The number of updates. Used in notebooks 02, 04 and 05.
    """
    d = check_int(d, "d", minimum=1)
    return sum((2**j - 1) ** 2 for j in range(1, d + 1))
