"""One place that checks inputs and says exactly what is wrong with them.

Every public function of the package passes its arrays through these helpers, so a
student who hands in a list of lists, labels in {0, 1}, or a matrix with a NaN gets the
same clear ``ValueError`` everywhere, naming the argument (``name``) that is wrong.
Private to the package (tested in tests/test_validate.py).
"""

from __future__ import annotations

import math
import numbers

import numpy as np
from numpy.typing import ArrayLike


def _as_float_array(a: ArrayLike, name: str, *, allow_bool: bool = False) -> np.ndarray:
    """``a`` as a float64 array, refusing what is not plainly real numbers.

    Rejected, with a message naming ``name``: None, strings (also arrays of strings, which
    numpy would silently parse), complex numbers (numpy would drop the imaginary part),
    booleans (unless ``allow_bool``: True/False are not magnitudes), ragged nested lists,
    objects that are not real numbers, and integers too large for float64 (e.g. 10**400).
    """
    if a is None or isinstance(a, (str, bytes, dict, set)):
        raise ValueError(f"{name} must be numeric (numbers); got {type(a).__name__} {a!r:.60}")
    try:
        raw = np.asarray(a)
    except (TypeError, ValueError, OverflowError) as exc:
        raise ValueError(
            f"{name} must be a rectangular array of numbers (rows of equal length); "
            f"could not read it ({exc})"
        ) from exc
    kind = raw.dtype.kind
    if kind in "fiu":
        return raw.astype(float, copy=False)
    if kind == "b":
        if allow_bool:
            return raw.astype(float)
        raise ValueError(
            f"{name} is boolean (True/False); pass numbers, e.g. {name}.astype(float), "
            "if 1.0/0.0 is what you mean"
        )
    if kind == "c":
        raise ValueError(
            f"{name} is complex; only real numbers are allowed (pass {name}.real if the "
            "imaginary part is meant to be dropped)"
        )
    if kind in "US":
        raise ValueError(f"{name} must be numeric; it holds strings (e.g. {raw.ravel()[:1]})")
    if kind == "O":
        for item in raw.ravel().tolist():
            if isinstance(item, (bool, np.bool_)) or not isinstance(item, numbers.Real):
                raise ValueError(
                    f"{name} must be numeric; it holds {type(item).__name__} {item!r:.40} "
                    "(a ragged list, a None or a string?)"
                )
        try:
            return raw.astype(float)
        except OverflowError as exc:
            raise ValueError(
                f"{name} holds an integer too large for float64 (|value| > 1.8e308)"
            ) from exc
    raise ValueError(f"{name} must be numeric; got an array of dtype {raw.dtype}")


def _finite_max_abs(arr: np.ndarray, name: str) -> float:
    """max |a_ij| of a float array, after checking that every entry is finite.

    Two reductions and no temporary array: the largest and smallest entry are finite exactly
    when every entry is (a NaN propagates through max and min).
    """
    if arr.size == 0:
        return 0.0
    hi, lo = float(arr.max()), float(arr.min())
    if not (math.isfinite(hi) and math.isfinite(lo)):
        bad = ~np.isfinite(arr)
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        kind = "NaN" if np.isnan(arr[where]) else "inf"
        raise ValueError(f"{name} contains {kind} (first at index {where}); remove or impute it")
    return max(hi, -lo)


def _check_finite(arr: np.ndarray, name: str) -> None:
    _finite_max_abs(arr, name)


def check_X(X: ArrayLike, name: str = "X") -> np.ndarray:
    """Return X as a finite float array of shape (n, d) with n >= 1 and d >= 1.

    Parameters
    ----------
    X : array_like
    name : str
        The argument's name in messages.

    Returns
    -------
    numpy.ndarray, shape (n, d)
    """
    return _check_X_max_abs(X, name)[0]


def _check_X_max_abs(X: ArrayLike, name: str) -> tuple[np.ndarray, float]:
    """``check_X``, and max |x_ij| found by its finiteness check."""
    arr = _as_float_array(X, name)
    if arr.ndim != 2:
        raise ValueError(
            f"{name} must be a 2-D array of shape (n_samples, n_features); got shape {arr.shape}"
        )
    if arr.shape[0] == 0:
        raise ValueError(f"{name} is empty: it has 0 rows (need at least one example)")
    if arr.shape[1] == 0:
        raise ValueError(f"{name} has 0 columns (need at least one feature)")
    return arr, _finite_max_abs(arr, name)


def check_Xy_max_abs(X: ArrayLike, y: ArrayLike) -> tuple[np.ndarray, np.ndarray, float]:
    """``check_Xy`` that also returns max |x_ij|, found by the finiteness check itself
    (the fast perceptron needs it for its rounding guard: no extra pass over X)."""
    Xa, x_max = _check_X_max_abs(X, "X")
    return Xa, check_labels(y, Xa.shape[0]), x_max


def check_labels(y: ArrayLike, n: int | None = None, name: str = "y") -> np.ndarray:
    """Return labels as floats in {-1, +1}.

    Accepts {-1, +1} or {0, 1} (0 is mapped to -1) and booleans (True is +1, False -1: a
    boolean label is a class, not a magnitude); anything else, a shape
    other than (n,), or a length that differs from ``n`` raises ``ValueError``.

    Parameters
    ----------
    y : array_like, shape (n,)
    n : int, optional
        Required length (the rows of X).
    name : str

    Returns
    -------
    numpy.ndarray, shape (n,)
        A new array of -1.0 and +1.0.
    """
    arr = _as_float_array(y, name, allow_bool=True)
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


def check_Xy(X: ArrayLike, y: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """Validate a data set: X of shape (n, d), y of n labels mapped to {-1, +1}.

    Parameters
    ----------
    X : array_like, shape (n, d)
    y : array_like, shape (n,)

    Returns
    -------
    (X, y) : (numpy.ndarray, numpy.ndarray)
        As ``check_X`` and ``check_labels`` return them.
    """
    Xa = check_X(X)
    return Xa, check_labels(y, Xa.shape[0])


def check_vector(w: ArrayLike, d: int | None = None, name: str = "w") -> np.ndarray:
    """Return a finite 1-D float vector, of length d when d is given.

    Parameters
    ----------
    w : array_like, shape (d,)
    d : int, optional
        Required length (the columns of X).
    name : str

    Returns
    -------
    numpy.ndarray, shape (d,)
    """
    arr = _as_float_array(w, name)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be a 1-D vector; got shape {arr.shape}")
    if d is not None and arr.shape[0] != d:
        raise ValueError(f"{name} has length {arr.shape[0]} but the data have {d} features")
    _check_finite(arr, name)
    return arr


def check_scalar(
    value: object, name: str, *, positive: bool = False, nonnegative: bool = False
) -> float:
    """Return value as a finite float; optionally demand > 0 or >= 0.

    Parameters
    ----------
    value : real number
        Python or numpy scalar (not bool, not a string, not an array of length > 1).
    name : str
    positive, nonnegative : bool
        Demand value > 0, or value >= 0.

    Returns
    -------
    float
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        try:  # a ragged list makes numpy raise: it is not a number either
            arr = np.asarray(value) if not isinstance(value, (str, bytes)) else None
        except (TypeError, ValueError):
            arr = None
        if arr is None or arr.shape != () or arr.dtype.kind not in "fiu":
            raise ValueError(f"{name} must be a real number; got {value!r:.60}")
    try:
        v = float(value)
    except OverflowError as exc:
        raise ValueError(f"{name} is too large for float64 (|{name}| > 1.8e308)") from exc
    if not math.isfinite(v):
        raise ValueError(f"{name} must be finite; got {v}")
    if positive and v <= 0:
        raise ValueError(f"{name} must be > 0; got {v:g}")
    if nonnegative and v < 0:
        raise ValueError(f"{name} must be >= 0; got {v:g}")
    return v


def check_int(
    value: object, name: str, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """Return value as an int (numpy integers allowed, floats and bools not), in
    [``minimum``, ``maximum``].

    Parameters
    ----------
    value : int
    name : str
    minimum, maximum : int, optional
        ``maximum`` is a size guard: its message says the limit.

    Returns
    -------
    int
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be an integer; got {value!r:.60}")
    v = int(value)
    if minimum is not None and v < minimum:
        raise ValueError(f"{name} must be >= {minimum}; got {v if abs(v) < 10**30 else 'huge'}")
    if maximum is not None and v > maximum:
        raise ValueError(
            f"{name} must be <= {maximum} (a larger {name} cannot finish in seconds); "
            f"got {v if v < 10**30 else 'a number with ' + str(len(str(v))) + ' digits'}"
        )
    return v


def check_seed(seed: object, name: str = "seed") -> int | None:
    """Return a seed for ``numpy.random.default_rng``: None or an integer >= 0.

    Parameters
    ----------
    seed : int or None
    name : str

    Returns
    -------
    int or None
    """
    if seed is None:
        return None
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, numbers.Integral):
        raise ValueError(f"{name} must be None or an integer >= 0; got {seed!r:.60}")
    if int(seed) < 0:
        raise ValueError(
            f"{name} must be >= 0 (numpy's generators take no negative seed); got {seed}"
        )
    return int(seed)


def check_bool(value: object, name: str) -> bool:
    """Return value if it is True or False (numpy booleans too); say so otherwise."""
    if not isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{name} must be True or False; got {value!r:.60}")
    return bool(value)


def check_sample_weights(weights: ArrayLike | None, n: int, name: str = "weights") -> np.ndarray:
    """Return per-example weights: None means all ones; otherwise finite, > 0, length n.

    Parameters
    ----------
    weights : array_like, shape (n,), or None
    n : int
    name : str

    Returns
    -------
    numpy.ndarray, shape (n,)
    """
    if weights is None:
        return np.ones(n)
    arr = _as_float_array(weights, name)
    if arr.ndim != 1 or arr.shape[0] != n:
        raise ValueError(f"{name} must have shape ({n},) to match X; got shape {arr.shape}")
    _check_finite(arr, name)
    if np.any(arr <= 0):
        raise ValueError(f"{name} must all be > 0; got minimum {arr.min():g}")
    return arr


def check_choice(value: object, name: str, choices: tuple[str, ...]) -> str:
    """Return value if it is one of ``choices``; otherwise say which values are allowed.

    Parameters
    ----------
    value : str
    name : str
    choices : tuple of str

    Returns
    -------
    str
    """
    if not isinstance(value, str) or value not in choices:  # an array has no truth value
        allowed = ", ".join(repr(c) for c in choices)
        raise ValueError(f"{name} must be one of {allowed}; got {value!r}")
    return value
