"""The averaged and the pocket perceptron: two answers to data that no line separates.

Both run the perceptron's update rule (see :mod:`linsep_helpers.perceptron`, whose option
checks they share) for a fixed number of passes: the averaged perceptron returns the average
of all weights it went through, the pocket perceptron the best weights it has seen so far.
Functions take (X, y, ...), options keyword-only. Used in notebooks 02 and 05.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from ._validate import check_int, check_seed
from .perceptron import _check_finite_run, _check_options

__all__ = [
    "AveragedPerceptronResult",
    "averaged_perceptron",
    "PocketPerceptronResult",
    "pocket_perceptron",
]


@dataclass(frozen=True)
class AveragedPerceptronResult:
    """Outcome of :func:`averaged_perceptron`.

    Attributes
    ----------
    w, b : the average of the weights held after each of the max_epochs * n visits.
    w_last, b_last : the ordinary perceptron's last weights.
    updates, epochs : total updates; passes made (= max_epochs).
    mistakes_per_epoch : updates in each pass.
    train_errors, last_train_errors : training mistakes of the averaged (w, b), and of
        (w_last, b_last), after each pass.
    """

    w: np.ndarray
    b: float
    w_last: np.ndarray
    b_last: float
    updates: int
    epochs: int
    mistakes_per_epoch: np.ndarray
    train_errors: np.ndarray
    last_train_errors: np.ndarray


#: Visits (examples looked at one by one in Python) that finish in about ten seconds.
MAX_VISITS = 10_000_000


def _check_work(n: int, d: int, max_epochs: int) -> None:
    """Size guard: max_epochs passes over n examples, one Python step per visit."""
    if n * max_epochs > MAX_VISITS:
        raise ValueError(
            f"max_epochs * n = {max_epochs} * {n} visits exceed the limit of {MAX_VISITS} "
            "(it would run for minutes); use fewer max_epochs or fewer examples"
        )


def _mistakes(X: np.ndarray, y: np.ndarray, w: np.ndarray, b: float) -> int:
    """Training mistakes of (w, b) on validated data (no re-validation: a hot loop)."""
    return int(np.count_nonzero(y * (X @ w + b) <= 0))


def averaged_perceptron(
    X: ArrayLike,
    y: ArrayLike,
    *,
    max_epochs: int = 10,
    bias: bool = True,
    lr: float = 1.0,
    bias_step: float | None = None,
    order: str = "cyclic",
    seed: int | None = None,
) -> AveragedPerceptronResult:
    """Averaged perceptron (Freund & Schapire 1999).

    Runs the ordinary perceptron (same test and update as :func:`perceptron`) for exactly
    max_epochs passes, T = max_epochs n visits, and returns the average
    (1/T) sum_{t=1..T} (w_t, b_t) of the weights held after every visit; on non-separable
    data it is far more stable than the last iterate.  order is "cyclic" or "random" (seed).

    Returns
    -------
    AveragedPerceptronResult

    Used in notebooks 02 and 05.
    """
    Xa, ya, lr, bs, _ = _check_options(X, y, bias, lr, bias_step, order, ("cyclic", "random"))
    max_epochs = check_int(max_epochs, "max_epochs", minimum=1)
    seed = check_seed(seed)
    n, d = Xa.shape
    _check_work(n, d, max_epochs)
    rng = np.random.default_rng(seed) if order == "random" else None
    w, b = np.zeros(d), 0.0
    w_sum, b_sum = np.zeros(d), 0.0
    mpe, errors, last_errors = [], [], []
    for epoch in range(max_epochs):
        mistakes = 0
        for i in range(n) if rng is None else rng.permutation(n):
            if ya[i] * (w @ Xa[i] + b) <= 0:
                w = w + lr * ya[i] * Xa[i]
                b = b + bs * ya[i]
                mistakes += 1
            w_sum += w
            b_sum += b
        mpe.append(mistakes)
        visits = (epoch + 1) * n
        errors.append(_mistakes(Xa, ya, w_sum / visits, b_sum / visits))
        last_errors.append(_mistakes(Xa, ya, w, b))
    _check_finite_run(w_sum, b_sum, lr)
    return AveragedPerceptronResult(
        w=w_sum / visits,
        b=float(b_sum / visits),
        w_last=w,
        b_last=float(b),
        updates=int(sum(mpe)),
        epochs=max_epochs,
        mistakes_per_epoch=np.asarray(mpe, dtype=np.int64),
        train_errors=np.asarray(errors, dtype=np.int64),
        last_train_errors=np.asarray(last_errors, dtype=np.int64),
    )


@dataclass(frozen=True)
class PocketPerceptronResult:
    """Outcome of :func:`pocket_perceptron`.

    Attributes
    ----------
    w, b : the pocket weights (fewest training mistakes seen); errors : their mistakes.
    w_last, b_last : the perceptron's last weights.
    updates, epochs : total updates; passes made.
    mistakes_per_epoch : updates in each pass.
    pocket_errors_per_epoch : the pocket's training mistakes at the end of each pass.
    errors_per_update : training mistakes of the current weights right after each update.
    """

    w: np.ndarray
    b: float
    errors: int
    w_last: np.ndarray
    b_last: float
    updates: int
    epochs: int
    mistakes_per_epoch: np.ndarray
    pocket_errors_per_epoch: np.ndarray
    errors_per_update: np.ndarray


def pocket_perceptron(
    X: ArrayLike,
    y: ArrayLike,
    *,
    max_epochs: int = 10,
    bias: bool = True,
    lr: float = 1.0,
    bias_step: float | None = None,
    order: str = "random",
    seed: int | None = None,
) -> PocketPerceptronResult:
    """Pocket perceptron with ratchet (Gallant 1990).

    Runs the perceptron (same test and update as :func:`perceptron`) and after every update
    counts the training mistakes of the current (w, b); the "pocket" keeps the weights with
    strictly fewest mistakes so far (start: w = 0, b = 0, which misclassifies all n
    examples since ties count).  Stops after max_epochs passes or as soon as the current
    weights make no training mistake.  O(n d) per update.

    Returns
    -------
    PocketPerceptronResult

    Used in notebooks 02 and 05 (a heuristic for minimising disagreements).
    """
    Xa, ya, lr, bs, _ = _check_options(X, y, bias, lr, bias_step, order, ("cyclic", "random"))
    max_epochs = check_int(max_epochs, "max_epochs", minimum=1)
    seed = check_seed(seed)
    n, d = Xa.shape
    _check_work(n, d, max_epochs)
    rng = np.random.default_rng(seed) if order == "random" else None
    w, b = np.zeros(d), 0.0
    best_w, best_b, best_errors = w, b, n
    mpe, pocket_history, per_update = [], [], []
    for _epoch in range(max_epochs):
        mistakes = 0
        for i in range(n) if rng is None else rng.permutation(n):
            if ya[i] * (w @ Xa[i] + b) <= 0:
                w = w + lr * ya[i] * Xa[i]
                b = b + bs * ya[i]
                mistakes += 1
                per_update.append(_mistakes(Xa, ya, w, b))
                if per_update[-1] < best_errors:
                    best_w, best_b, best_errors = w, b, per_update[-1]
                if best_errors == 0:
                    break
        mpe.append(mistakes)
        pocket_history.append(best_errors)
        if mistakes == 0 or best_errors == 0:
            break
    _check_finite_run(w, b, lr)
    return PocketPerceptronResult(
        w=best_w,
        b=float(best_b),
        errors=int(best_errors),
        w_last=w,
        b_last=float(b),
        updates=len(per_update),
        epochs=len(mpe),
        mistakes_per_epoch=np.asarray(mpe, dtype=np.int64),
        pocket_errors_per_epoch=np.asarray(pocket_history, dtype=np.int64),
        errors_per_update=np.asarray(per_update, dtype=np.int64),
    )
