"""Checks for the exercises: each ``check_*`` says what is right or wrong in an answer
without printing the solution. Every notebook's exercises call the functions here.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from ._validate import check_Xy
from .graphs import cube_graph
from .logistic import (
    gradient_log_likelihood,
    log_sigmoid,
    scaled_log_likelihood,
    threshold_offset,
)

__all__ = ["Feedback"]


@dataclass(frozen=True)
class Feedback:
    """The verdict of a check: ``ok`` and a message that explains what is wrong (or right).

    Displayed in a notebook it prints as one line starting with a tick or a cross.
    """

    ok: bool
    message: str

    def __repr__(self) -> str:
        return ("\u2714 " if self.ok else "\u2718 ") + self.message

    def __bool__(self) -> bool:
        return self.ok


# --- Notebook 01: linear separability ---

__all__ += [
    "check_separator",
    "check_mistake_count",
    "check_unit_margin",
    "check_lift_vector",
    "check_xor_feature",
    "check_class_prototype",
]


def _nb01_not_answered(what: str) -> Feedback:
    return Feedback(False, f"not answered yet: replace None with {what}")


def _nb01_pair(answer: object, d: int) -> tuple[object, object] | Feedback:
    """Unpack answer = (w, b) with w of length d and a finite scalar b, or say what is wrong."""
    import numpy as np

    try:
        w, b = answer  # type: ignore[misc]
    except (TypeError, ValueError):
        return Feedback(False, "the answer must be a pair (w, b): a vector w and a number b")
    try:
        wa = np.asarray(w, dtype=float)
        ba = float(b)
    except (TypeError, ValueError):
        return Feedback(False, "w must be a vector of numbers and b a single number")
    if wa.shape != (d,):
        return Feedback(False, f"w must have {d} entries (one per feature); got shape {wa.shape}")
    if not (np.all(np.isfinite(wa)) and np.isfinite(ba)):
        return Feedback(False, "w and b must be finite numbers (no NaN or inf)")
    return wa, ba


def check_separator(answer: object, X: ArrayLike, y: ArrayLike) -> Feedback:
    """Does answer = (w, b) separate (X, y), i.e. y_i (w.x_i + b) > 0 for every i (C01)?

    Names the examples that are wrong or on the boundary, never a separator. Notebook 01.
    """
    import numpy as np

    from ._validate import check_Xy

    if answer is None:
        return _nb01_not_answered("a pair (w, b)")
    Xa, ya = check_Xy(X, y)
    parsed = _nb01_pair(answer, Xa.shape[1])
    if isinstance(parsed, Feedback):
        return parsed
    w, b = parsed
    m = ya * (Xa @ w + b)
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


def check_mistake_count(
    answer: object, w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike
) -> Feedback:
    """Is ``answer`` the number of examples with y_i (w.x_i + b) <= 0 (ties included, C03)?

    Notebook 01.
    """
    import numbers

    import numpy as np

    from ._validate import check_scalar, check_vector, check_Xy

    if answer is None:
        return _nb01_not_answered("a whole number")
    if isinstance(answer, bool) or not isinstance(answer, numbers.Integral):
        return Feedback(False, f"the answer must be a whole number; got {answer!r}")
    Xa, ya = check_Xy(X, y)
    m = ya * (Xa @ check_vector(w, Xa.shape[1], "w") + check_scalar(b, "b"))
    strict, with_ties = int(np.sum(m < 0)), int(np.sum(m <= 0))
    if int(answer) == with_ties:
        return Feedback(True, "right: every example with y(w·x + b) <= 0 counts, ties included")
    if int(answer) == strict and strict != with_ties:
        return Feedback(
            False,
            "you counted only the examples strictly on the wrong side: the mistake test "
            "y(w·x + b) <= 0 also counts the examples on the boundary",
        )
    if int(answer) > with_ties:
        return Feedback(False, "too many: some of the examples you counted have y(w·x + b) > 0")
    return Feedback(False, "too few: compute y(w·x + b) for every example and count those <= 0")


def check_unit_margin(
    answer: object, w0: ArrayLike, b0: float, X: ArrayLike, y: ArrayLike
) -> Feedback:
    """Is answer = (w, b) a positive multiple of (w0, b0) whose functional margin
    min_i y_i (w.x_i + b) is exactly 1 (C05)? Notebook 01."""
    import numpy as np

    from ._validate import check_scalar, check_vector, check_Xy

    if answer is None:
        return _nb01_not_answered("a pair (w, b)")
    Xa, ya = check_Xy(X, y)
    z0 = np.append(check_vector(w0, Xa.shape[1], "w0"), check_scalar(b0, "b0"))
    parsed = _nb01_pair(answer, Xa.shape[1])
    if isinstance(parsed, Feedback):
        return parsed
    z = np.append(parsed[0], parsed[1])
    scale = float(z @ z0) / float(z0 @ z0)
    if not np.allclose(z, scale * z0, rtol=1e-9, atol=1e-12 * max(1.0, float(np.abs(z).max()))):
        return Feedback(
            False,
            "(w, b) is not a multiple of (w0, b0): rescaling may change the length of (w, b), "
            "not its direction",
        )
    if scale <= 0:
        return Feedback(False, "a factor c <= 0 flips (or erases) every prediction: use c > 0")
    m = float(np.min(ya * (Xa @ z[:-1] + z[-1])))
    if abs(m - 1.0) > 1e-9:
        return Feedback(False, f"right direction, but the functional margin is {m:.6g}, not 1")
    return Feedback(True, "same classifier, and min y(w·x + b) = 1 exactly")


def check_lift_vector(answer: object, w: ArrayLike, b: float, r: float = 1.0) -> Feedback:
    """Is ``answer`` the vector v with v.(x, r) = w.x + b for every x (the lift, C02)?

    Notebook 01.
    """
    import numpy as np

    from ._validate import check_scalar, check_vector

    if answer is None:
        return _nb01_not_answered("a vector v with one entry more than w")
    wa = check_vector(w, None, "w")
    ba, r = check_scalar(b, "b"), check_scalar(r, "r", positive=True)
    d = wa.shape[0]
    try:
        v = np.asarray(answer, dtype=float)
    except (TypeError, ValueError):
        return Feedback(False, "v must be a vector of numbers")
    if v.shape != (d + 1,):
        return Feedback(False, f"v must have {d + 1} entries (d + 1); got shape {v.shape}")
    if not np.all(np.isfinite(v)):
        return Feedback(False, "v must be finite (no NaN or inf)")
    target = np.append(wa, ba / r)
    tol = 1e-9 * max(1.0, float(np.abs(target).max()))
    if np.allclose(v, target, rtol=0, atol=tol):
        return Feedback(True, f"v·(x, {r:g}) = w·x + b for every x")
    if not np.allclose(v[:d], wa, rtol=0, atol=tol):
        return Feedback(False, "the first d entries of v multiply x: they must reproduce w·x")
    return Feedback(
        False,
        f"the first d entries are right; the last one is multiplied by {r:g}, and the "
        "product must be b",
    )


def check_xor_feature(answer: object) -> Feedback:
    """Does answer = (w, b), w in R^3, separate XOR after the map
    phi(x) = (x_1, x_2, (x_1 - x_2)^2), i.e. y (w.phi(x) + b) > 0 on all four corners (C06)?

    Notebook 01.
    """
    import numpy as np

    from .data import xor_data

    if answer is None:
        return _nb01_not_answered("a pair (w, b) with w of length 3")
    X, y = xor_data()
    Z = np.column_stack([X, (X[:, 0] - X[:, 1]) ** 2])
    parsed = _nb01_pair(answer, 3)
    if isinstance(parsed, Feedback):
        return parsed
    w, b = parsed
    m = y * (Z @ w + b)
    bad = [f"({X[i, 0]:g}, {X[i, 1]:g})" for i in np.flatnonzero(m <= 0)]
    if not bad:
        return Feedback(True, "all four corners are on their side: XOR is separable after phi")
    return Feedback(False, f"wrong side or on the boundary after phi: corners {', '.join(bad)}")


def check_class_prototype(answer: object, X: ArrayLike, y: ArrayLike) -> Feedback:
    """Is answer = (w, b) the class-prototype rule of (X, y): w = c+ - c-,
    b = (||c-||^2 - ||c+||^2) / 2 with c+- the class means (C29)? Notebook 01."""
    import numpy as np

    from .geometry import class_prototype

    if answer is None:
        return _nb01_not_answered("a pair (w, b)")
    w_true, b_true = class_prototype(X, y)
    parsed = _nb01_pair(answer, w_true.shape[0])
    if isinstance(parsed, Feedback):
        return parsed
    w, b = parsed
    tol = 1e-9 * max(1.0, float(np.abs(w_true).max()), abs(b_true))
    w_ok = np.allclose(w, w_true, rtol=0, atol=tol)
    b_ok = abs(b - b_true) <= tol
    if w_ok and b_ok:
        return Feedback(True, "right: w = c+ - c- and the line is the bisector of the two means")
    if np.allclose(w, -w_true, rtol=0, atol=tol):
        return Feedback(False, "w points from the positive mean to the negative one: flip it")
    if not w_ok:
        return Feedback(False, "w is not the difference of the class means c+ - c-")
    if abs(b + b_true) <= tol:
        return Feedback(False, "w is right; b has the wrong sign")
    return Feedback(
        False, "w is right, b is not: the line must pass through the midpoint (c+ + c-)/2"
    )


# --- Notebook 02: the perceptron and its convergence proof ---

__all__ += [
    "check_perceptron_by_hand",
    "check_novikoff_bound",
    "check_best_lift_scale",
    "check_staircase_separator",
]


def _nb02_number(answer: object, what: str) -> float | Feedback:
    """answer as a finite float, or a Feedback saying what is wrong with it."""
    import numbers

    if answer is None:
        return Feedback(False, f"not answered yet: replace None with {what}")
    if isinstance(answer, bool) or not isinstance(answer, numbers.Real):
        return Feedback(False, f"the answer must be a single number; got {answer!r}")
    v = float(answer)
    if not np.isfinite(v):
        return Feedback(False, "the answer must be a finite number (no NaN or inf)")
    return v


def check_perceptron_by_hand(answer: object, X: ArrayLike, y: ArrayLike) -> Feedback:
    """Is ``answer`` the list of weight vectors w_1, w_2, ..., w_M that the homogeneous
    perceptron (cyclic order, start w = 0, update w <- w + y x on y w.x <= 0) holds after
    each of its updates on (X, y), up to convergence? Says which update is the first wrong
    one, never the right vector. Notebook 02 (claim C07).
    """
    from ._validate import check_Xy
    from .perceptron import perceptron

    if answer is None:
        return Feedback(False, "not answered yet: replace None with a list of weight vectors")
    Xa, ya = check_Xy(X, y)
    d = Xa.shape[1]
    try:
        rows = [np.asarray(a, dtype=float) for a in answer]  # type: ignore[union-attr]
    except (TypeError, ValueError):
        return Feedback(False, "the answer must be a list of vectors (one per update)")
    for k, a in enumerate(rows, start=1):
        if a.shape != (d,) or not np.all(np.isfinite(a)):
            return Feedback(False, f"entry {k} must be a vector of {d} finite numbers")
    run = perceptron(Xa, ya, bias=False, max_epochs=1000, max_updates=1000)
    truth = run.trace.w[1:] if run.trace is not None else np.zeros((0, d))
    for k, a in enumerate(rows, start=1):
        if k > truth.shape[0]:
            return Feedback(
                False,
                f"the perceptron stops after {truth.shape[0]} updates, but you listed "
                f"{len(rows)}: after the last update a full pass finds no mistake",
            )
        if not np.allclose(a, truth[k - 1], atol=1e-9):
            if k == 1:
                hint = "the first update happens at the first example with y w·x <= 0 for w = 0"
            else:
                hint = (
                    f"continue the pass right after the example that caused update {k - 1}, "
                    "and remember that y w·x = 0 counts as a mistake"
                )
            return Feedback(False, f"update {k} is wrong ({hint})")
    if len(rows) < truth.shape[0]:
        return Feedback(
            False,
            f"your {len(rows)} updates are right, but the run is not over: some example still "
            "has y w·x <= 0",
        )
    return Feedback(True, f"right: {len(rows)} updates, then a full pass without a mistake")


def check_novikoff_bound(answer: object, X: ArrayLike, y: ArrayLike, w_star: ArrayLike) -> Feedback:
    """Is ``answer`` the homogeneous mistake bound R^2/gamma^2 for the data (X, y) and the
    separator w_star (R = max ||x||, gamma = min y w*.x / ||w*||)? Recognises the usual slips
    (forgetting the square, not normalising w*). Notebook 02 (claim C09).
    """
    from ._validate import check_vector, check_Xy

    v = _nb02_number(answer, "the number R²/γ²")
    if isinstance(v, Feedback):
        return v
    Xa, ya = check_Xy(X, y)
    ws = check_vector(w_star, Xa.shape[1], "w_star")
    gf = float(np.min(ya * (Xa @ ws)))
    if not gf > 0:
        raise ValueError("w_star does not separate (X, y) through the origin")
    R = float(np.max(np.linalg.norm(Xa, axis=1)))
    g = gf / float(np.linalg.norm(ws))
    truth = (R / g) ** 2

    def close(a: float, b: float) -> bool:
        return abs(a - b) <= 1e-6 * max(1.0, abs(b))

    if close(v, truth):
        return Feedback(True, "right: R²/γ² with γ the margin of the unit-norm separator")
    if close(v, R / g):
        return Feedback(False, "that is R/γ; the bound is its square")
    if close(v, (R / gf) ** 2) and not close(gf, g):
        return Feedback(False, "γ must be the geometric margin: divide min y w*·x by ‖w*‖ first")
    if close(v, (g / R) ** 2) or close(v, g / R):
        return Feedback(False, "the ratio is upside down: R on top, γ below")
    return Feedback(False, "not the bound: compute R = max‖x‖ and γ = min y w*·x / ‖w*‖")


def check_best_lift_scale(answer: object, radius: float, w_norm: float, b_star: float) -> Feedback:
    """Is ``answer`` the r > 0 that minimises the lift bound
    (R^2 + r^2)(||w*||^2 + b*^2/r^2) / gamma^2 (the lift x -> (x, r))? Compares the bound at
    the answer with the best one without revealing r. Notebook 02 (claim C10, C12).
    """
    from ._validate import check_scalar

    R = check_scalar(radius, "radius", positive=True)
    wn = check_scalar(w_norm, "w_norm", positive=True)
    b = check_scalar(b_star, "b_star")
    if b == 0.0:
        raise ValueError("b_star must be nonzero (with b* = 0 the best r is 0: no lift needed)")
    v = _nb02_number(answer, "a number r > 0")
    if isinstance(v, Feedback):
        return v
    if v <= 0:
        return Feedback(False, "r must be > 0 (the lifted points are (x, r))")

    def excess(r: float) -> float:  # bound * gamma^2
        return (R * R + r * r) * (wn * wn + b * b / (r * r))

    best_r2 = R * abs(b) / wn
    best = excess(float(np.sqrt(best_r2)))
    if abs(v - np.sqrt(best_r2)) <= 1e-6 * max(1.0, np.sqrt(best_r2)):
        return Feedback(True, "right: at this r the bound is (R‖w*‖ + |b*|)²/γ², its minimum")
    if abs(v - best_r2) <= 1e-6 * max(1.0, best_r2):
        return Feedback(False, "that is the best r², not r")
    ratio = excess(v) / best
    side = "too small" if v * v < best_r2 else "too large"
    return Feedback(
        False, f"r is {side}: the bound at your r is {ratio:.3g} times the smallest possible"
    )


def check_staircase_separator(answer: object, d: int) -> Feedback:
    """Does w = answer separate the staircase data of dimension d through the origin
    (w.x_k > 0 for x_1 = e_1, x_k = e_k - 2 e_(k-1))? Names the first failing example.
    Notebook 02 (claim C16).
    """
    from ._validate import check_int
    from .data import staircase

    d = check_int(d, "d", minimum=1)
    if answer is None:
        return Feedback(False, f"not answered yet: replace None with a vector of {d} numbers")
    try:
        w = np.asarray(answer, dtype=float)
    except (TypeError, ValueError):
        return Feedback(False, "the answer must be a vector of numbers")
    if w.shape != (d,) or not np.all(np.isfinite(w)):
        return Feedback(False, f"the answer must be a vector of {d} finite numbers")
    X, _ = staircase(d)
    m = X @ w
    bad = np.flatnonzero(m <= 0)
    if bad.size == 0:
        return Feedback(True, f"w separates all {d} staircase points: every w·x_k > 0")
    k = int(bad[0]) + 1
    if k == 1:
        return Feedback(False, "w·x_1 = w_1 must be > 0")
    return Feedback(False, f"w·x_{k} = w_{k} - 2 w_{k - 1} must be > 0 (here it is {m[k - 1]:.3g})")


# --- Notebook 03: the log-likelihood approaching 0 ---


__all__ += [
    "NOT_ANSWERED",
    "check_threshold_offset",
    "check_scale_for_epsilon",
    "check_gradient_function",
    "check_log_sigmoid_function",
]

#: The verdict for an exercise whose answer is still ``None``.
NOT_ANSWERED = Feedback(False, "not answered yet: replace None by your answer and run the cell")


def _as_number(answer: object) -> float | None:
    try:
        value = float(answer)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def check_threshold_offset(T: float, answer: object) -> Feedback:
    """Exercise: the score t at which sigma(t) = T, i.e. the boundary w.x + b = t for threshold T.

    Accepts any number within 1e-6 of -ln(1/T - 1); diagnoses a flipped sign and log base 10.
    Used in notebook 03.
    """
    if answer is None:
        return NOT_ANSWERED
    value = _as_number(answer)
    if value is None:
        return Feedback(False, f"the answer must be a finite number; got {answer!r}")
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


def check_scale_for_epsilon(
    answer: object, w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike, eps: float
) -> Feedback:
    """Exercise: a scale c with ln L(c w, c b) >= -eps for the separator (w, b).

    Any c > 0 that achieves it is right (the check evaluates ln L stably); too small a c is
    told how far ln L still is from -eps. Used in notebook 03.
    """
    if answer is None:
        return NOT_ANSWERED
    c = _as_number(answer)
    if c is None or c <= 0:
        return Feedback(False, f"c must be a positive finite number; got {answer!r}")
    value = float(scaled_log_likelihood(w, b, X, y, c))
    if value >= -eps:
        return Feedback(True, f"right: ln L(cw, cb) = {value:.3g} >= -{eps:g}")
    return Feedback(
        False,
        f"not yet: ln L(cw, cb) = {value:.4g} is below -{eps:g}; a larger c is needed "
        "(the lower bound -n exp(-c m_min) tells you how much larger)",
    )


def _gradient_cases(seed: int = 0) -> list[tuple[np.ndarray, float, np.ndarray, np.ndarray]]:
    rng = np.random.default_rng(seed)
    cases = []
    for n, d in ((5, 2), (8, 3), (12, 1)):
        X = rng.normal(size=(n, d))
        y01 = (np.arange(n) % 2).astype(float)
        rng.shuffle(y01)
        cases.append((rng.normal(size=d), float(rng.normal()), X, y01))
    return cases


def check_gradient_function(func: object) -> Feedback:
    """Exercise: ``func(w, b, X, y01)`` returns the gradient (dw, db) of ln L, labels in {0, 1}.

    Compared with sum_i (y_i - sigma_i) x_i and sum_i (y_i - sigma_i) on three random problems;
    a sign error (the cross-entropy gradient) and a missing bias gradient are named.
    Used in notebook 03.
    """
    if func is None:
        return NOT_ANSWERED
    if not callable(func):
        return Feedback(False, f"give a function grad(w, b, X, y01); got {type(func).__name__}")
    f: Callable = func
    for w, b, X, y01 in _gradient_cases():
        gw, gb = gradient_log_likelihood(w, b, X, y01)
        try:
            out = f(w.copy(), b, X.copy(), y01.copy())
            dw, db = out
            dw = np.asarray(dw, dtype=float).reshape(-1)
            db = float(np.asarray(db, dtype=float).reshape(-1)[0])
        except Exception as exc:  # a student's function may fail in any way
            return Feedback(False, f"calling your function failed: {type(exc).__name__}: {exc}")
        if dw.shape != gw.shape:
            return Feedback(False, f"dw should have shape {gw.shape}; got {dw.shape}")
        if np.allclose(dw, -gw, rtol=1e-6, atol=1e-9) and not np.allclose(dw, gw):
            return Feedback(
                False, "the sign is flipped: that is the gradient of the cross-entropy -ln L"
            )
        if not np.allclose(dw, gw, rtol=1e-6, atol=1e-9):
            return Feedback(False, f"dw is wrong on a problem with d = {len(w)}, n = {len(X)}")
        if not math.isclose(db, gb, rel_tol=1e-6, abs_tol=1e-9):
            return Feedback(False, "dw is right but db is not: b acts like a feature that is 1")
    return Feedback(True, "right: your gradient matches sum_i (y_i - sigma_i)(x_i, 1)")


_LOG_SIGMOID_POINTS = (-1000.0, -750.0, -40.0, -1.0, 0.0, 1e-3, 3.0, 40.0, 750.0, 1000.0)


def check_log_sigmoid_function(func: object) -> Feedback:
    """Exercise: ``func(z)`` computes ln sigma(z) on a numpy array without overflow.

    Evaluated on z from -1000 to 1000 with numpy warnings turned into errors; the result must
    be finite and within a relative 1e-9 of ln sigma(z) (absolute 1e-300 near z = +1000).
    Names the first z where it fails. Used in notebook 03.
    """
    if func is None:
        return NOT_ANSWERED
    if not callable(func):
        return Feedback(False, f"give a function log_sigmoid(z); got {type(func).__name__}")
    z = np.array(_LOG_SIGMOID_POINTS)
    truth = np.asarray(log_sigmoid(z))
    try:
        with (
            np.errstate(over="raise", divide="raise", invalid="raise", under="ignore"),
            warnings.catch_warnings(),
        ):
            warnings.simplefilter("error")  # underflow to 0 is fine, overflow and log(0) are not
            out = np.asarray(func(z.copy()), dtype=float)
    except (FloatingPointError, RuntimeWarning) as exc:
        return Feedback(
            False,
            f"numpy reported {type(exc).__name__} ({exc}): a step overflows or takes log(0)",
        )
    except Exception as exc:  # a student's function may fail in any way
        return Feedback(False, f"calling your function failed: {type(exc).__name__}: {exc}")
    if out.shape != z.shape:
        return Feedback(False, f"return one value per z (shape {z.shape}); got shape {out.shape}")
    for zi, oi, ti in zip(z, out, truth, strict=True):
        if not math.isfinite(oi):
            return Feedback(False, f"at z = {zi:g} your function returns {oi}")
        if not math.isclose(oi, ti, rel_tol=1e-9, abs_tol=1e-300):
            return Feedback(False, f"at z = {zi:g} your value {oi:.6g} is not ln sigma(z)")
    return Feedback(True, "right: finite and accurate from z = -1000 to z = 1000")


# --- Notebook 04: finding a separator is a linear program ---


__all__ += ["check_separation_matrix", "check_rescaled_separator", "check_certificate"]

_NOT_YET = "not answered yet: replace None by your answer and run the cell again"


def _as_array(value: object, name: str) -> tuple[np.ndarray | None, Feedback | None]:
    """Turn an answer into a float array, or explain why that is impossible."""
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        return None, Feedback(False, f"{name} must be numbers (a list or a numpy array)")
    if not np.all(np.isfinite(arr)):
        return None, Feedback(False, f"{name} contains NaN or infinite values")
    return arr, None


def check_separation_matrix(X: ArrayLike, y: ArrayLike, A: object) -> Feedback:
    """Exercise check (notebook 04): is A the LP matrix with rows A_i = y_i (x_i, 1)?

    Says which property fails (shape, the column of ones, the signs, a row) without printing
    the expected matrix.
    """
    Xa, ya = check_Xy(X, y)
    if A is None:
        return Feedback(False, _NOT_YET)
    Aa, bad = _as_array(A, "A")
    if bad is not None:
        return bad
    n, d = Xa.shape
    if Aa.shape != (n, d + 1):
        return Feedback(
            False,
            f"A has shape {Aa.shape}; it needs one row per example and one column per "
            f"unknown of (w, b), i.e. shape ({n}, {d + 1})",
        )
    expected = ya[:, None] * np.hstack([Xa, np.ones((n, 1))])
    tol = 1e-9 * max(1.0, float(np.max(np.abs(expected))))
    if np.allclose(np.abs(Aa), np.abs(expected), atol=tol) and not np.allclose(
        Aa, expected, atol=tol
    ):
        return Feedback(False, "the magnitudes are right but some signs are not: multiply by y_i")
    if not np.allclose(np.abs(Aa[:, -1]), 1.0, atol=tol):
        return Feedback(False, "the last column belongs to b: its entries are ±1, as x_i is lifted")
    wrong = [i for i in range(n) if not np.allclose(Aa[i], expected[i], atol=tol)]
    if wrong:
        return Feedback(False, f"rows {wrong} are not y_i (x_i, 1) (0-based row numbers)")
    return Feedback(True, f"A is right: A (w, b) >= 1 says y_i (w.x_i + b) >= 1 for all {n}")


def check_rescaled_separator(
    X: ArrayLike, y: ArrayLike, w0: ArrayLike, b0: float, w: object, b: object
) -> Feedback:
    """Exercise check (notebook 04, claim C05): is (w, b) a positive multiple of the separator
    (w0, b0) that satisfies the LP's constraints y_i (w.x_i + b) >= 1?"""
    Xa, ya = check_Xy(X, y)
    if w is None or b is None:
        return Feedback(False, _NOT_YET)
    wa, bad = _as_array(w, "w")
    if bad is not None:
        return bad
    ba, bad = _as_array(b, "b")
    if bad is not None:
        return bad
    if wa.shape != (Xa.shape[1],) or ba.shape != ():
        return Feedback(False, f"w must be a vector of length {Xa.shape[1]} and b one number")
    z0 = np.append(np.asarray(w0, dtype=float), float(b0))
    z = np.append(wa, float(ba))
    # z = c z0 with c > 0  <=>  z and z0 are parallel and point the same way
    c = float(z @ z0) / float(z0 @ z0)
    if c <= 0 or not np.allclose(z, c * z0, rtol=1e-9, atol=1e-12 * np.linalg.norm(z0)):
        return Feedback(
            False, "(w, b) is not a positive multiple of (w0, b0): only rescale, never rotate"
        )
    m = float(np.min(ya * (Xa @ wa + float(ba))))
    if m < 1.0 - 1e-9:
        return Feedback(
            False, f"the smallest y_i (w.x_i + b) is {m:.4g} < 1: scale up a little more"
        )
    if m > 1.0 + 1e-9:
        return Feedback(
            True, f"feasible (min y_i (w.x_i + b) = {m:.4g}); the smallest factor gives 1"
        )
    return Feedback(True, "feasible, and with the smallest factor: min y_i (w.x_i + b) = 1")


def check_certificate(X: ArrayLike, y: ArrayLike, lam: object, tol: float = 1e-9) -> Feedback:
    """Exercise check (notebook 04, claim C25): is lam a Gordan certificate for (X, y), i.e.
    lam >= 0, sum(lam) = 1 and sum_i lam_i y_i (x_i, 1) = 0? Says which condition fails."""
    Xa, ya = check_Xy(X, y)
    if lam is None:
        return Feedback(False, _NOT_YET)
    la, bad = _as_array(lam, "lam")
    if bad is not None:
        return bad
    n = Xa.shape[0]
    if la.shape != (n,):
        return Feedback(False, f"lam needs one weight per example: {n} entries, got {la.shape}")
    if np.any(la < -tol):
        neg = np.flatnonzero(la < -tol).tolist()
        return Feedback(False, f"weights must be >= 0; entries {neg} are not")
    if abs(float(la.sum()) - 1.0) > tol:
        return Feedback(False, f"the weights must add up to 1; they add up to {la.sum():.6g}")
    if abs(float(la @ ya)) > tol:
        return Feedback(
            False,
            "sum lam_i y_i is not 0: the two classes must carry the same total weight (1/2 each)",
        )
    resid = (la * ya) @ Xa
    if np.max(np.abs(resid)) > tol * max(1.0, float(np.max(np.abs(Xa)))):
        return Feedback(
            False,
            "sum lam_i y_i x_i is not 0: the weighted means of the two classes differ "
            f"(their difference has norm {2 * np.linalg.norm(resid):.4g})",
        )
    return Feedback(True, "a valid certificate: no (w, b) separates these data")


# --- Notebook 05: minimising disagreements is NP-hard ---


__all__ += [
    "check_np_verifier",
    "check_reduction_witness",
    "check_cover_from_separator",
    "check_bigm_box",
    "check_realizable_erm",
]


def _nb05_call(func: object, *args: object) -> tuple[object, Feedback | None]:
    """Call the student's function; a Feedback instead of a traceback if it raises."""
    if not callable(func):
        return None, Feedback(False, f"the answer must be a function; got {func!r}")
    try:
        return func(*args), None
    except Exception as exc:  # noqa: BLE001 - any error of the student's code is reported
        return None, Feedback(False, f"your function raised {type(exc).__name__}: {exc}")


def _nb05_weighted_mistakes(
    w: object, b: object, X: np.ndarray, y: np.ndarray, weights: np.ndarray
) -> float:
    s = X @ np.asarray(w, dtype=float) + float(b)  # type: ignore[arg-type]
    return float(weights[y * s <= 0].sum())


def check_np_verifier(verify: object) -> Feedback:
    """Exercise 1 of notebook 05 (claim C26): ``verify(X, y, weights, k, w, b)`` must return
    True exactly when the weighted number of mistakes y_i (w.x_i + b) <= 0 of (w, b) is at
    most k - the polynomial-time check that puts MinDisagreement in NP. Runs hidden cases
    (ties, weights, k at the boundary) and says which kind of case fails.
    """
    if verify is None:
        return Feedback(False, "not answered yet: replace None with your function verify")
    rng = np.random.default_rng(5)
    X = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    y = np.array([1.0, -1.0, -1.0, 1.0])
    ones = np.ones(4)
    cases: list[tuple[str, tuple[object, ...]]] = [
        (
            "a separator of XOR-like data that gets exactly 2 wrong, k = 2",
            (X, y, ones, 2, np.array([1.0, 1.0]), -0.5),
        ),
        ("the same separator with k = 1", (X, y, ones, 1, np.array([1.0, 1.0]), -0.5)),
        (
            "w = 0, b = 0 (every point on the hyperplane), k = 3",
            (X, y, ones, 3, np.zeros(2), 0.0),
        ),
        ("w = 0, b = 0 with k = 4", (X, y, ones, 4, np.zeros(2), 0.0)),
        (
            "a point exactly on the hyperplane and k = 0",
            (X[:2], np.array([1.0, 1.0]), np.ones(2), 0, np.array([-1.0, 0.0]), 1.0),
        ),
        (
            "weighted points (one mistake of weight 3), k = 2",
            (X, y, np.array([3.0, 1, 1, 1]), 2, np.array([-2.0, -2.0]), -1.0),
        ),
        (
            "weighted points (one mistake of weight 3), k = 3",
            (X, y, np.array([3.0, 1, 1, 1]), 3, np.array([-2.0, -2.0]), -1.0),
        ),
    ]
    for t in range(12):
        Xr = rng.integers(0, 2, size=(7, 4)).astype(float)
        yr = rng.choice([-1.0, 1.0], size=7)
        wr = rng.normal(size=4)
        br = float(rng.normal())
        wt = rng.integers(1, 4, size=7).astype(float)
        kr = int(rng.integers(0, 10))
        cases.append((f"random 0/1 instance number {t + 1}", (Xr, yr, wt, kr, wr, br)))
    for what, args in cases:
        X_, y_, wt_, k_, w_, b_ = args
        truth = _nb05_weighted_mistakes(w_, b_, X_, y_, wt_) <= k_  # type: ignore[arg-type]
        got, err = _nb05_call(verify, *args)
        if err is not None:
            return err
        if not isinstance(got, bool | np.bool_):
            return Feedback(False, f"verify must return True or False; got {got!r}")
        if bool(got) != truth:
            hint = ""
            if "hyperplane" in what:
                hint = " (remember: a point with y (w.x + b) = 0 counts as a mistake)"
            elif "weight" in what:
                hint = " (each mistake counts with its weight)"
            elif "k = " in what:
                hint = " (the question is 'at most k')"
            return Feedback(False, f"wrong answer on: {what}{hint}")
    return Feedback(
        True,
        f"correct on all {len(cases)} cases; it costs O(m d) arithmetic operations on a "
        "witness (w, b) of polynomial size, so MinDisagreement is in NP",
    )


def check_reduction_witness(answer: object) -> Feedback:
    """Exercise 2 of notebook 05 (claim C26): ``answer = (w, b)`` for the reduction instance
    of the cube graph Q_3 (origin weight 9). Correct when its weighted disagreements equal
    tau(Q_3), the optimum; otherwise says what the separator gets wrong (origin, vertex points,
    edge points), never which (w, b) to take.
    """
    from .graphs import min_vertex_cover
    from .hardness import vertex_cover_instance

    if answer is None:
        return Feedback(False, "not answered yet: replace None with a pair (w, b)")
    n, edges = cube_graph()
    try:
        w, b = answer  # type: ignore[misc]
        w = np.asarray(w, dtype=float)
        b = float(b)
    except (TypeError, ValueError):
        return Feedback(False, "the answer must be a pair (w, b): a vector of length 8, a number")
    if w.shape != (n,) or not np.all(np.isfinite(w)) or not np.isfinite(b):
        return Feedback(False, f"w must be a finite vector of length {n}; got shape {w.shape}")
    X, y, weights = vertex_cover_instance(n, edges)
    tau = len(min_vertex_cover(n, edges))
    wrong = y * (X @ w + b) <= 0
    dis = float(weights[wrong].sum())
    if dis == tau:
        return Feedback(True, f"{dis:g} weighted disagreements: no separator can do better")
    parts = []
    if wrong[0]:
        parts.append(f"the origin is misclassified (that alone costs {weights[0]:g})")
    nv, ne = int(wrong[1 : n + 1].sum()), int(wrong[n + 1 :].sum())
    parts.append(f"{nv} vertex point(s) e_i and {ne} edge point(s) e_i + e_j are misclassified")
    return Feedback(
        False,
        f"{dis:g} weighted disagreements, more than the optimum: "
        + "; ".join(parts)
        + ". Hint: start from a vertex cover of Q_3.",
    )


def _nb05_cases() -> list[tuple[str, int, list[tuple[int, int]], np.ndarray, float]]:
    from .graphs import (
        complete_graph,
        cycle_graph,
        min_vertex_cover,
        path_graph,
        petersen_graph,
        random_graph,
        star_graph,
    )
    from .hardness import cover_separator

    graphs = {
        "C_5": cycle_graph(5),
        "K_4": complete_graph(4),
        "P_6": path_graph(6),
        "star with 4 leaves": star_graph(4),
        "Petersen": petersen_graph(),
        "Q_3": cube_graph(),
        "G(7, 0.4)": random_graph(7, 0.4, seed=3),
    }
    rng = np.random.default_rng(11)
    cases = []
    for name, (n, edges) in graphs.items():
        cover = min_vertex_cover(n, edges)
        w, b = cover_separator(n, cover)
        cases.append((f"{name}, the witness of a minimum cover", n, edges, w, b))
        w, b = cover_separator(n, range(n))
        cases.append((f"{name}, the witness of the cover of all vertices", n, edges, w, b))
        cases.append((f"{name}, w = 0 and b = 1", n, edges, np.zeros(n), 1.0))
        for t in range(4):
            w = rng.normal(size=n)
            b = float(abs(rng.normal())) if t < 3 else -0.5
            cases.append((f"{name}, random separator {t + 1}", n, edges, w, b))
    return cases


def check_cover_from_separator(func: object) -> Feedback:
    """Exercise 3 of notebook 05 (claim C26, the hard direction of the reduction):
    ``func(n, edges, w, b)`` must return a vertex cover of G whose size is at most the weighted
    disagreements of (w, b) on ``vertex_cover_instance(n, edges)``. Runs hidden graphs and
    separators and names the first case that fails.
    """
    from .hardness import vertex_cover_instance

    if func is None:
        return Feedback(False, "not answered yet: replace None with your function")
    cases = _nb05_cases()
    for what, n, edges, w, b in cases:
        got, err = _nb05_call(func, n, list(edges), w.copy(), b)
        if err is not None:
            return err
        try:
            C = {int(v) for v in got}  # type: ignore[union-attr]
        except (TypeError, ValueError):
            return Feedback(False, f"return a collection of vertex numbers; got {got!r}")
        if any(not 0 <= v < n for v in C):
            return Feedback(False, f"on {what}: vertex numbers must lie in 0..{n - 1}")
        missed = [e for e in edges if e[0] not in C and e[1] not in C]
        if missed:
            return Feedback(False, f"on {what}: your set misses {len(missed)} edge(s)")
        X, y, weights = vertex_cover_instance(n, edges)
        dis = _nb05_weighted_mistakes(w, b, X, y, weights)
        if len(C) > dis:
            return Feedback(
                False,
                f"on {what}: a cover of size {len(C)}, but (w, b) makes only {dis:g} "
                "weighted mistakes; the cover must not be larger",
            )
    return Feedback(True, f"a small enough vertex cover in all {len(cases)} cases")


def check_bigm_box(box: object) -> Feedback:
    """Exercise 4 of notebook 05: a box W (|w_j|, |b| <= W) for which the big-M MILP
    ``min_disagreement_bigm`` finds the true optimum of the Petersen instance with origin
    weight 1. Says whether the MILP's answer is right, not which W to take.
    """
    import numbers

    from .graphs import petersen_graph
    from .hardness import min_disagreement, min_disagreement_bigm, vertex_cover_instance

    if box is None:
        return Feedback(False, "not answered yet: replace None with a number W > 0")
    if isinstance(box, bool) or not isinstance(box, numbers.Real) or not np.isfinite(box):
        return Feedback(False, f"W must be one finite number; got {box!r}")
    W = float(box)
    if W <= 0:
        return Feedback(False, "W must be positive")
    if W > 1000:
        return Feedback(False, "choose W <= 1000: huge big-M constants make the MILP fragile")
    n, edges = petersen_graph()
    X, y, weights = vertex_cover_instance(n, edges, origin_weight=1.0)
    truth = min_disagreement(X, y, weights).mistakes
    got = min_disagreement_bigm(X, y, weights, box=W).mistakes
    if got == truth:
        return Feedback(True, f"with W = {W:g} the MILP's optimum agrees with the box-free solver")
    return Feedback(
        False,
        f"with W = {W:g} the MILP reports {got:g} mistakes, but a separator with fewer exists: "
        "it does not fit in the box (look at |b| of an optimal separator)",
    )


def check_realizable_erm(func: object) -> Feedback:
    """Exercise 5 of notebook 05 (claim C28): ``func(X, y)`` must return (w, b) with no
    training mistake on linearly separable data (ERM in the realizable case). Runs hidden
    separable data sets (small margins, several dimensions, the staircase).
    """
    from .data import make_separable, staircase

    if func is None:
        return Feedback(False, "not answered yet: replace None with your function")
    sets = [
        (
            f"make_separable(n={n}, d={d}, margin={m}, seed={s})",
            *make_separable(n, d, m, 1.0, seed=s)[:2],
        )
        for n, d, m, s in ((30, 2, 0.1, 0), (60, 5, 0.01, 1), (40, 10, 0.001, 2), (5, 3, 0.3, 3))
    ]
    sets += [(f"the staircase with d = {d}", *staircase(d)) for d in (5, 12)]
    for what, X, y in sets:
        got, err = _nb05_call(func, X.copy(), y.copy())
        if err is not None:
            return err
        try:
            w, b = got  # type: ignore[misc]
            w = np.asarray(w, dtype=float)
            b = float(b)
        except (TypeError, ValueError):
            return Feedback(False, f"on {what}: return a pair (w, b); got {got!r}")
        if w.shape != (X.shape[1],) or not np.all(np.isfinite(w)):
            return Feedback(False, f"on {what}: w must be a finite vector of length {X.shape[1]}")
        k = int(np.sum(y * (X @ w + b) <= 0))
        if k:
            return Feedback(False, f"on {what}: {k} training mistake(s); ERM here is 0")
    return Feedback(True, f"zero training mistakes on all {len(sets)} separable data sets")
