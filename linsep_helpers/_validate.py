"""One place that checks inputs and says exactly what is wrong with them.

Every public function of the package passes its arrays through these helpers, so a
student who hands in a list of lists, labels in {0, 1}, or a matrix with a NaN gets the
same clear ``ValueError`` everywhere.
"""

from __future__ import annotations

import numbers

import numpy as np


def _as_float_array(a, name: str) -> np.ndarray:
    try:
        arr = np.asarray(a, dtype=float)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name} must be numeric; could not convert it to floats ({exc})") from exc
    return arr


def _check_finite(arr: np.ndarray, name: str) -> None:
    bad = ~np.isfinite(arr)
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        kind = "NaN" if np.isnan(arr[where]) else "inf"
        raise ValueError(f"{name} contains {kind} (first at index {where}); remove or impute it")


def check_X(X, name: str = "X") -> np.ndarray:
    """Return X as a finite float array of shape (n, d) with n >= 1 and d >= 1."""
    arr = _as_float_array(X, name)
    if arr.ndim != 2:
        raise ValueError(
            f"{name} must be a 2-D array of shape (n_samples, n_features); got shape {arr.shape}"
        )
    if arr.shape[0] == 0:
        raise ValueError(f"{name} is empty: it has 0 rows (need at least one example)")
    if arr.shape[1] == 0:
        raise ValueError(f"{name} has 0 columns (need at least one feature)")
    _check_finite(arr, name)
    return arr


def check_labels(y, n: int | None = None, name: str = "y") -> np.ndarray:
    """Return labels as floats in {-1, +1}.

    Accepts {-1, +1} or {0, 1} (0 is mapped to -1) and booleans; anything else, a shape
    other than (n,), or a length that differs from ``n`` raises ``ValueError``.
    """
    arr = np.asarray(y)
    if arr.dtype == bool:
        arr = arr.astype(int)
    arr = _as_float_array(arr, name)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be a 1-D array of labels; got shape {arr.shape}")
    if arr.shape[0] == 0:
        raise ValueError(f"{name} is empty: it has 0 labels")
    _check_finite(arr, name)
    if n is not None and arr.shape[0] != n:
        raise ValueError(f"{name} has {arr.shape[0]} labels but X has {n} rows; they must match")
    values = np.unique(arr)
    if np.all(np.isin(values, (-1.0, 1.0))):
        return arr.copy()
    if np.all(np.isin(values, (0.0, 1.0))):
        return np.where(arr > 0, 1.0, -1.0)
    shown = ", ".join(f"{v:g}" for v in values[:6])
    raise ValueError(f"labels in {name} must be in {{-1, +1}} or {{0, 1}}; got values {{{shown}}}")


def check_Xy(X, y) -> tuple[np.ndarray, np.ndarray]:
    """Validate a data set: X of shape (n, d), y of n labels mapped to {-1, +1}."""
    Xa = check_X(X)
    return Xa, check_labels(y, Xa.shape[0])


def check_vector(w, d: int | None = None, name: str = "w") -> np.ndarray:
    """Return a finite 1-D float vector, of length d when d is given."""
    arr = _as_float_array(w, name)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be a 1-D vector; got shape {arr.shape}")
    if d is not None and arr.shape[0] != d:
        raise ValueError(f"{name} has length {arr.shape[0]} but the data have {d} features")
    _check_finite(arr, name)
    return arr


def check_scalar(value, name: str, *, positive: bool = False, nonnegative: bool = False) -> float:
    """Return value as a finite float; optionally demand > 0 or >= 0."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        arr = np.asarray(value)
        if arr.shape != () or not np.issubdtype(arr.dtype, np.number):
            raise ValueError(f"{name} must be a real number; got {value!r}")
    v = float(value)
    if not np.isfinite(v):
        raise ValueError(f"{name} must be finite; got {v}")
    if positive and v <= 0:
        raise ValueError(f"{name} must be > 0; got {v:g}")
    if nonnegative and v < 0:
        raise ValueError(f"{name} must be >= 0; got {v:g}")
    return v


def check_int(value, name: str, *, minimum: int | None = None) -> int:
    """Return value as an int (numpy integers allowed), at least ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be an integer; got {value!r}")
    v = int(value)
    if minimum is not None and v < minimum:
        raise ValueError(f"{name} must be >= {minimum}; got {v}")
    return v


def check_sample_weights(weights, n: int, name: str = "weights") -> np.ndarray:
    """Return per-example weights: None means all ones; otherwise finite, > 0, length n."""
    if weights is None:
        return np.ones(n)
    arr = _as_float_array(weights, name)
    if arr.ndim != 1 or arr.shape[0] != n:
        raise ValueError(f"{name} must have shape ({n},) to match X; got shape {arr.shape}")
    _check_finite(arr, name)
    if np.any(arr <= 0):
        raise ValueError(f"{name} must all be > 0; got minimum {arr.min():g}")
    return arr


def check_choice(value, name: str, choices: tuple[str, ...]) -> str:
    """Return value if it is one of ``choices``; otherwise say which values are allowed."""
    if value not in choices:
        allowed = ", ".join(repr(c) for c in choices)
        raise ValueError(f"{name} must be one of {allowed}; got {value!r}")
    return value
