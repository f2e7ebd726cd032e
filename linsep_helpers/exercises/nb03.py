"""Checks for the exercises of notebook 03 (the log-likelihood approaching 0), including a
data set the student builds (quasi-separated: not separable, yet ln L has no maximiser).

Every check takes the student's answer first (a number or a function), then what it is
checked against; functions are called on copies, and whatever they raise or warn is reported
as a ✘ with a sentence, never as a traceback.
"""

from __future__ import annotations

import math
import types
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike
from scipy import special
from scipy.optimize import linprog
from scipy.spatial.distance import pdist

from .._validate import check_labels, check_scalar
from ..geometry import margins
from ..logistic import (
    gradient_log_likelihood,
    log_sigmoid,
    scaled_log_likelihood,
    threshold_offset,
)
from ..lp import find_separator, separation_matrix
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
    "check_quasi_separated",
]

#: What a stable ln sigma written for exercise 4 may not use (it is what it should rebuild):
#: these names anywhere in its code, these objects under any name, and anything from scipy or
#: from this package (``lh``), whose modules it may not even refer to.
_BANNED_NAMES = ("logaddexp", "logaddexp2", "logsumexp", "expit", "log_expit", "log_sigmoid",
                 "scipy", "lh", "linsep_helpers")  # fmt: skip
_BANNED_OBJECTS = (np.logaddexp, np.logaddexp2, special.expit, special.log_expit,
                   special.logsumexp, log_sigmoid)  # fmt: skip
_BANNED_MODULES = ("scipy", "linsep_helpers")
#: scipy.special's ufuncs carry no module name: known by identity (numpy's own excluded).
_SCIPY_UFUNCS = tuple(
    v
    for v in vars(special).values()
    if isinstance(v, np.ufunc) and getattr(np, v.__name__, 0) is not v
)

#: |t - (-ln(1/T - 1))| accepted in exercise 1: t rounded to two decimals (5.29 for ln 199).
THRESHOLD_TOLERANCE = 5e-3
#: Exercise 2 asks for the lower bound's c = ln(n/eps)/gamma_hat_min, to two decimals or more:
#: accepted from c_bound - ROUNDING (rounded down to two decimals) up to HIGH c_bound or
#: ceil(c_bound), not any c that merely happens to work.
ROUNDING = 5e-3
HIGH = 1.02
#: Exercise 5 asks for distinct points: two rows of X closer than this share of the data's
#: size (largest |x_ij - centre_j|) in every coordinate count as the same point.
SAME_POINT = 1e-6

#: Where an overflow of a student's log-sigmoid is looked for first (to name the z in the
#: message): both tails, where a naive formula overflows.
_LOG_SIGMOID_POINTS = (-1000.0, -750.0, -40.0, -1.0, 0.0, 1e-3, 3.0, 40.0, 750.0, 1000.0)
#: Exercise 4's accuracy: a relative LOG_SIGMOID_RTOL where ln sigma(z) is a normal float64
#: (|ln sigma(z)| >= 2.2e-308, i.e. z <= 708.4); beyond, where fewer digits can be stored and
#: -e^-z ends as -0 from z ~ 745 on, an absolute LOG_SIGMOID_ATOL (2000 subnormal steps).
LOG_SIGMOID_RTOL = 1e-9
LOG_SIGMOID_ATOL = 1e-320


def _log_sigmoid_grid() -> np.ndarray:
    """Where exercise 4's function is compared with ln sigma: sorted, distinct, in [-1000, 1000].

    Every integer of [-1000, 1000], steps of 0.01 on [-60, 60] (where ln sigma bends and
    shortcuts such as log1p(u) ~ u go wrong), 4000 uniform random points of [-1000, 1000]
    (a fixed seed: the same verdict every run), the float64 landmarks (709.78 = ln of the largest
    float64, 708.4 = end of the normal range of e^-z, 745.13 = where e^-z rounds to 0) and
    +-1e-9.
    """
    rng = np.random.default_rng(20240311)
    landmarks = [709.78, 708.39, 708.40, 745.13, 745.14, 36.7, 37.0, 1e-3, 1e-9]
    parts = [
        np.linspace(-1000.0, 1000.0, 2001),
        np.linspace(-60.0, 60.0, 12001),
        rng.uniform(-1000.0, 1000.0, 4000),
        np.array(_LOG_SIGMOID_POINTS),
        np.array(landmarks),
        -np.array(landmarks),
    ]
    return np.unique(np.concatenate(parts))


@dataclass(frozen=True)
class _Overflowed:
    """What ``_overflow_raises`` returns instead of a result: numpy's overflow message."""

    text: str


def _overflow_raises(func: Callable[..., object]) -> Callable[..., object]:
    """``func`` run under ``np.errstate(over="raise")``; an overflow returns ``_Overflowed``."""

    def guarded(*args: object) -> object:
        with np.errstate(over="raise", under="ignore"):
            try:
                return func(*args)
            except FloatingPointError as err:
                if "overflow" not in str(err):
                    raise  # the student's own errstate: call_student reports it
                return _Overflowed(str(err))

    return guarded


def _overflow_message(func: Callable[..., object], text: str) -> str:
    """A kind sentence for a log-sigmoid that overflowed, naming the first z that does."""
    where = ""
    for zi in _LOG_SIGMOID_POINTS:
        try:
            alone, _ = call_student(_overflow_raises(func), np.array([zi]))
        except Rejected:
            continue
        if isinstance(alone, _Overflowed):
            where = f" at z = {zi:g}"
            break
    return (
        f"your function overflows{where} ({text}); the exercise asks for no overflow. "
        "If its values look right, the overflow is in a part you discard: np.where(cond, a, "
        "b) computes both a and b for every z. Let np.exp only see numbers <= 0"
    )


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
        ✔ when |t - (-ln(1/T - 1))| <= 5e-3 (t rounded to two decimals); names a
        flipped sign and a base-10 logarithm; otherwise says what sigma(t) is, not what t
        should be.

    Used in notebook 03.
    """
    value = parse_number(answer, "t")
    truth = threshold_offset(T)
    tol = THRESHOLD_TOLERANCE
    if abs(value - truth) <= tol:
        return Feedback(
            True, f"right: sigma(t) ≈ {T:g} at t = {value:g}, so the boundary is w.x + b = t"
        )
    if abs(truth) > tol and abs(value + truth) <= tol:
        return Feedback(False, "the sign is flipped: for T > 1/2 the boundary moves to scores > 0")
    if abs(truth) > tol and abs(value - truth / math.log(10)) <= tol:
        return Feedback(False, "that is a base-10 logarithm; the sigmoid uses the natural log")
    reached = 1.0 / (1.0 + math.exp(-max(min(value, 700.0), -700.0)))
    return Feedback(
        False,
        f"at your t, sigma(t) = {reached:.6f}, but it should be T = {T:g}: solve sigma(t) = T "
        "for t (give t rounded to two decimals)",
    )


@exercise("your c (a number)")
def check_scale_for_epsilon(
    answer: object, w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike, eps: float
) -> Feedback:
    """Is ``answer`` the scale c that the lower bound gives for ln L(c w, c b) >= -eps?

    For a separator (w, b) with smallest functional margin gamma_hat_min = min_i y_i (w.x_i + b)
    > 0, the bound ln L(c w, c b) >= -n e^(-c gamma_hat_min) guarantees the target from
    c_bound = ln(n / eps) / gamma_hat_min on (C20).

    Parameters
    ----------
    answer : float
        The student's c, to two decimals or more.
    w, b : array-like of shape (d,), float
        A separator of (X, y).
    X, y : array-like
        The data.
    eps : float
        The target: ln L must be at least -eps (> 0).

    Returns
    -------
    Feedback
        ✔ for c from c_bound - 0.005 (c_bound rounded down to two decimals) to
        max(1.02 c_bound, ceil(c_bound)); the message says when c is below c_bound by
        rounding only. A larger c, which works, is told to use the bound instead; a smaller
        one is told that the bound does not guarantee the target, with c_bound rounded to
        one decimal, ln(1/eps)/gamma_hat_min (n forgotten) and a c found by trial (it
        reaches the target, the bound does not) named.

    Used in notebook 03.
    """
    c = parse_number(answer, "c", positive=True)
    eps = check_scalar(eps, "eps", positive=True)
    gamma = margins(w, b, X, y)
    gamma_min = float(gamma.min())
    if gamma_min <= 0:
        raise ValueError("(w, b) must separate (X, y): its smallest functional margin is <= 0")
    n = len(gamma)
    bound = math.log(n / eps) / gamma_min
    value = float(scaled_log_likelihood(w, b, X, y, c))
    if bound <= c <= max(HIGH * bound, math.ceil(bound)):
        return Feedback(
            True,
            f"right: at this c the lower bound -n e^(-c gamma_hat_min) is >= -{eps:g}, so it "
            f"guarantees the target; indeed ln L(cw, cb) = {value:.3g}",
        )
    if bound - ROUNDING <= c < bound:
        return Feedback(
            True,
            "right, up to rounding: this is the bound's value rounded down (strictly, the "
            "bound guarantees the target from a c at most 0.005 larger); ln L(cw, cb) = "
            f"{value:.3g}",
        )
    forgot_n = math.isclose(c, math.log(1.0 / eps) / gamma_min, rel_tol=0.01)
    if c > bound:
        return Feedback(
            False,
            f"this c works (ln L(cw, cb) = {value:.3g}), but it is not what the lower bound "
            "gives: solve -n e^(-c gamma_hat_min) = -eps for c",
        )
    if bound - 10 * ROUNDING <= c < bound:
        return Feedback(
            False,
            "close, but below the bound's value by more than rounding to two decimals can "
            "explain: give c to two decimals or more, rounded up if in doubt",
        )
    if value >= -eps:
        return Feedback(
            False,
            f"this c does reach the target here (ln L(cw, cb) = {value:.3g}), but the lower "
            f"bound -n e^(-c gamma_hat_min) is still below -{eps:g} there: the exercise asks "
            "for the c the bound guarantees, derived from it, not found by trial"
            + (" (and the bound has a factor n)" if forgot_n else ""),
        )
    if forgot_n:
        return Feedback(False, "the bound is -n e^(-c gamma_hat_min): you left out the factor n")
    return Feedback(
        False,
        f"with this c the lower bound -n e^(-c gamma_hat_min) is still below -{eps:g}, so it "
        "does not guarantee the target (nor is it reached here); solve "
        "-n e^(-c gamma_hat_min) = -eps for c",
    )


def _gradient_cases(seed: int = 0) -> list[tuple[np.ndarray, float, np.ndarray, np.ndarray]]:
    """Three random problems (w, b, X, y) with labels in {-1, +1}, d = 2, 3, 1."""
    rng = np.random.default_rng(seed)
    cases = []
    for n, d in ((5, 2), (8, 3), (12, 1)):
        X = rng.normal(size=(n, d))
        y = np.where(np.arange(n) % 2 == 0, -1.0, 1.0)
        rng.shuffle(y)
        cases.append((rng.normal(size=d), float(rng.normal()), X, y))
    return cases


def _sigmoid(z: np.ndarray) -> np.ndarray:
    """sigma(z) = 1 / (1 + e^(-z)) for the moderate z of ``_gradient_cases``."""
    return 1.0 / (1.0 + np.exp(-z))


#: Gradients a student may derive by mistake for labels in {-1, +1}: (name, dw, db) from
#: (X, y, s = w.x + b), each with the sentence that names the mistake.
_GRADIENT_MISTAKES = (
    (
        "d/dz ln sigma(z) = 1 - sigma(z) = sigma(-z), not sigma(z)",
        lambda X, y, s: y * _sigmoid(y * s),
    ),
    (
        "each term needs the factor y_i: the chain rule through gamma_hat_i = y_i (w.x_i + b)",
        lambda X, y, s: _sigmoid(-y * s),
    ),
    (
        "that is the {0, 1} formula sum_i (y_i - sigma_i) x_i used with labels -1/+1; "
        "differentiate ln sigma(gamma_hat_i) instead",
        lambda X, y, s: y - _sigmoid(s),
    ),
)


@exercise(
    "replace the line my_gradient = None by your def my_gradient(w, b, X, y) returning (dw, db)"
)
def check_gradient_function(answer: object) -> Feedback:
    """Does ``answer(w, b, X, y)`` return the gradient (dw, db) of ln L for labels in {-1, +1}?

    ln L(w, b) = sum_i ln sigma(gamma_hat_i), gamma_hat_i = y_i (w.x_i + b), so (claim C22)
    dw = sum_i y_i sigma(-gamma_hat_i) x_i and db = sum_i y_i sigma(-gamma_hat_i): the {0, 1}
    form sum_i (y01_i - sigma_i) (x_i, 1) written with y01 = (y + 1) / 2.

    Parameters
    ----------
    answer : callable
        The student's function; labels y are -1.0 or +1.0; it returns a pair (dw, db).

    Returns
    -------
    Feedback
        ✔ when (dw, db) equals the gradient (to a relative 1e-6) on three random problems,
        whatever formula computed it; names a flipped sign (the gradient of the
        cross-entropy), sigma(gamma_hat) for sigma(-gamma_hat), a missing factor y_i, the
        {0, 1} formula used with labels -1/+1, a wrong db, a wrong shape, and what the
        function raised.

    Used in notebook 03.
    """
    for w, b, X, y in _gradient_cases():
        gw, gb = gradient_log_likelihood(w, b, X, (y + 1.0) / 2.0)
        got, _ = call_student(answer, w, b, X, y)
        dw, db = parse_wb(got, len(w), names=("dw", "db"), ravel=True)
        if np.allclose(dw, gw, rtol=1e-6, atol=1e-9):
            if not math.isclose(db, gb, rel_tol=1e-6, abs_tol=1e-9):
                return Feedback(False, "dw is right but db is not: b acts like a feature that is 1")
            continue
        if np.allclose(dw, -gw, rtol=1e-6, atol=1e-9):
            return Feedback(
                False, "the sign is flipped: that is the gradient of the cross-entropy -ln L"
            )
        s = X @ w + b
        for why, residual in _GRADIENT_MISTAKES:
            if np.allclose(dw, X.T @ residual(X, y, s), rtol=1e-6, atol=1e-9):
                return Feedback(False, why)
        return Feedback(False, f"dw is wrong on a problem with d = {len(w)}, n = {len(X)}")
    return Feedback(True, "right: your gradient matches sum_i y_i sigma(-gamma_hat_i) (x_i, 1)")


def _code_names(code: types.CodeType) -> set[str]:
    """Every global and attribute name a code object (and the code nested in it) refers to."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _code_names(const)
    return names


def _banned_from(thing: object) -> str | None:
    """The name of ``thing`` when it is a banned object, or a module or callable of scipy or lh."""
    if any(thing is banned for banned in _BANNED_OBJECTS):
        return getattr(thing, "__name__", "a forbidden function")
    if any(thing is ufunc for ufunc in _SCIPY_UFUNCS):
        return "scipy"
    module = thing.__name__ if isinstance(thing, types.ModuleType) else None
    if module is None and callable(thing) and not isinstance(thing, type):
        module = getattr(thing, "__module__", None)
    if isinstance(module, str) and module.split(".")[0] in _BANNED_MODULES:
        return "scipy" if module.startswith("scipy") else "lh (linsep_helpers)"
    return None


def _banned_call(func: object, depth: int = 0) -> str | None:
    """The name of a forbidden tool ``func`` uses, or None.

    Looks at the names in its code (``np.logaddexp``, ``special.expit``, ``scipy``), at what
    its global names and closure cells hold (``f = np.logaddexp`` then ``f(0, -z)``; any scipy
    module such as ``special``, also when used through ``getattr`` with a built name; the
    module ``lh``), and into the Python functions it calls by name (three levels). A numpy
    function fetched by a name built at run time (``getattr(np, "log" + "addexp")``) is not
    seen.
    """
    code = getattr(func, "__code__", None)
    if not isinstance(code, types.CodeType):
        return None
    names = _code_names(code)
    names |= {name.split(".")[0] for name in names}  # import scipy.special -> scipy
    hit = next((name for name in _BANNED_NAMES if name in names), None)
    if hit:
        return "lh (linsep_helpers)" if hit in ("lh", "linsep_helpers") else hit
    cells = [cell.cell_contents for cell in getattr(func, "__closure__", None) or ()
             if cell.cell_contents is not None]  # fmt: skip
    scope = getattr(func, "__globals__", {})
    referred = [scope[name] for name in names if name in scope] + cells
    for obj in referred:
        modules = [obj] if isinstance(obj, types.ModuleType) else []
        # vars(), not getattr: a module's __getattr__ may warn (np.object: FutureWarning)
        for thing in [obj] + [vars(m).get(name) for m in modules for name in names]:
            hit = _banned_from(thing)
            if hit:
                return hit
        if isinstance(obj, types.FunctionType) and obj is not func and depth < 3:
            hit = _banned_call(obj, depth + 1)
            if hit:
                return hit
    return None


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
        ✘ when its code refers to scipy, to lh, or to logaddexp, logsumexp, (log_)expit or
        log_sigmoid, also under another name (the exercise forbids them; see
        ``_banned_call``), and when any operation overflows (it runs under
        ``np.errstate(over="raise")``), even in a branch of ``np.where`` that is discarded;
        the message names the first z that overflows on its own. Otherwise it is called once
        on about 18 000 points of [-1000, 1000] (``_log_sigmoid_grid``) and ✔ when the result
        has one value per z, every value finite and |f(z) - ln sigma(z)| <= 1e-9 |ln sigma(z)|
        where ln sigma(z) is a normal float64 (z <= 708.4), <= 1e-320 beyond; else ✘ naming
        the smallest z where a value is not finite or not accurate, with numpy's warning (a
        log of 0, an invalid value) when there was one.

    Used in notebook 03.
    """
    banned = _banned_call(answer)
    if banned:
        raise Rejected(
            f"your function uses {banned}: the exercise asks you to build "
            "ln sigma(z) from np.exp, np.log1p, np.abs and np.minimum"
        )
    if not callable(answer):
        raise Rejected(f"the answer must be a function (def ...); got {type(answer).__name__}")
    z = _log_sigmoid_grid()
    truth = np.asarray(log_sigmoid(z))
    got, warned = call_student(_overflow_raises(answer), z.copy())
    if isinstance(got, _Overflowed):
        raise Rejected(_overflow_message(answer, got.text))
    out = parse_array(got, "the result of your function", finite=False)
    if out.shape != z.shape:
        raise Rejected(f"return one value per z (shape {z.shape}); got shape {out.shape}")
    because = f" (numpy warned: {warned[0]})" if warned else ""
    bad = ~np.isfinite(out)
    if bad.any():
        i = int(np.argmax(bad))
        return Feedback(False, f"at z = {z[i]:g} your function returns {out[i]}{because}")
    normal = np.abs(truth) >= np.finfo(float).tiny
    allowed = np.where(normal, LOG_SIGMOID_RTOL * np.abs(truth), LOG_SIGMOID_ATOL)
    wrong = np.abs(out - truth) > allowed
    if wrong.any():
        i = int(np.argmax(wrong))  # the smallest z where it fails
        if normal[i]:
            off = f"a relative {abs(out[i] - truth[i]) / abs(truth[i]):.2e} (at most 1e-9 asked)"
        else:
            off = f"{abs(out[i] - truth[i]):.2e} (at most 1e-320 asked beyond z = 708.4)"
        return Feedback(
            False,
            f"at z = {z[i]:.6g}, the smallest of {z.size} test points of [-1000, 1000] where "
            f"it fails, your value {out[i]:.10g} is off from ln sigma(z) by {off}{because}",
        )
    return Feedback(
        True,
        f"right: finite and accurate on {z.size} points from z = -1000 to z = 1000 (within a "
        "relative 1e-9 of ln sigma(z), and 1e-320 beyond z = 708.4)",
    )


def _widest_nonnegative_margins(A: np.ndarray) -> np.ndarray | None:
    """Some v != 0 with A v >= 0 and A v != 0, or None: max 1^T A v over 0 <= A v <= 1."""
    res = linprog(
        -A.sum(axis=0),
        A_ub=np.vstack([-A, A]),
        b_ub=np.concatenate([np.zeros(len(A)), np.ones(len(A))]),
        bounds=(None, None),
        method="highs",
    )
    if res.status != 0 or -res.fun <= 1e-7:
        return None
    v = np.asarray(res.x, dtype=float)
    g = A @ v
    scale = float(np.max(np.abs(g)))
    return v if g.min() >= -1e-9 * scale and g.max() > 1e-7 else None


@exercise("a pair (X, y): X of shape (n, d), y of n labels -1 or +1")
def check_quasi_separated(answer: object) -> Feedback:
    """Is ``answer = (X, y)`` a quasi-separated data set, one whose ln L has no maximiser (C23)?

    Accepts every (X, y) of distinct points (no two rows within SAME_POINT of the data's size
    in every coordinate; one point with both labels is the notebook's own example) that (1)
    is not linearly separable (the LP A (w, b) >= 1 is
    infeasible, with a verified Gordan certificate) and (2) is not overlapping: some (w, b)
    puts every example on its correct side or on the boundary, y_i (w.x_i + b) >= 0, with at
    least one of these functional margins > 0 (found by the LP max sum_i gamma_i over
    0 <= gamma_i <= 1). Along such a (w, b), ln L(c w, c b) rises towards -k0 ln 2 without
    reaching it (k0 examples on the boundary), and no finite maximiser exists.

    Parameters
    ----------
    answer : pair (X, y)
        X of shape (n, d) with 1 <= n <= 1000; labels in {-1, +1} (or {0, 1}).

    Returns
    -------
    Feedback
        ✔ with a (w, b) that shows it; otherwise says whether a point is repeated, or the
        data are separable, overlapping, or on a single hyperplane (every margin 0).

    Used in notebook 03.
    """
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        raise Rejected("give a pair (X, y), e.g. answer_5 = (X, y)")
    X = parse_array(answer[0], "X")
    if X.ndim == 1:
        X = X[:, None]
    if X.ndim != 2 or not 1 <= len(X) <= 1000:
        raise Rejected(f"X must be an (n, d) array with 1 <= n <= 1000; got shape {X.shape}")
    if X.shape[1] == 0:
        raise Rejected(f"X has no columns (shape {X.shape}): give each point its coordinates")
    try:
        y = check_labels(np.asarray(answer[1]), len(X))
    except (ValueError, TypeError) as err:
        raise Rejected(f"y must hold one label in {{-1, +1}} per row of X ({err})") from None
    # Both properties are invariant under x -> (x - centre) / scale (b absorbs the shift), so
    # the LPs see coordinates of size about 1 whatever the student's units.
    centre = X.min(axis=0) / 2 + X.max(axis=0) / 2  # halves first: no overflow near 1e308
    scale = float(np.max(np.abs(X - centre))) or 1.0
    Z = (X - centre) / scale
    close = pdist(Z, "chebyshev") <= SAME_POINT  # pairs (0, 1), (0, 2), ..., (1, 2), ...
    if np.any(close):
        pairs = np.transpose(np.triu_indices(len(Z), 1))  # same order as pdist
        i, j = (int(k) for k in pairs[np.argmax(close)])
        return Feedback(
            False,
            f"rows {i} and {j} of X are the same point (up to {SAME_POINT:g} of the data's "
            "size): the exercise asks for distinct points, so no point may appear twice "
            "(with both labels it is the example of Section 6)",
        )
    try:
        separable = find_separator(Z, y).separable
    except RuntimeError:
        raise Rejected("the LP cannot decide these data: keep the coordinates moderate") from None
    if separable:
        return Feedback(
            False,
            "these data are separable (some line has every functional margin > 0): that is "
            "the separable case; quasi-separated data are not separable",
        )
    A = separation_matrix(Z, y)
    v = _widest_nonnegative_margins(A)
    if v is None:
        if np.linalg.matrix_rank(A) < A.shape[1]:
            return Feedback(
                False,
                "some (w, b) != 0 has every functional margin = 0 (all examples on one "
                "hyperplane): ln L is constant along it, that is not the missing maximiser; "
                "move some examples off the boundary",
            )
        return Feedback(
            False,
            "the classes overlap: every (w, b) != 0 has a functional margin < 0, so ln L has a "
            "finite maximiser; no (w, b) may put an example on its wrong side",
        )
    g = A @ v
    k0 = int(np.sum(np.abs(g) <= 1e-9 * float(np.max(np.abs(g)))))
    w, b = v[:-1] / scale, float(v[-1] - v[:-1] @ centre / scale)  # back to the student's x
    size = np.append(np.abs(w) * np.max(np.abs(X), axis=0), abs(b))  # each term's share of w.x+b
    w, b = np.where(size[:-1] <= 1e-9 * size.max(), 0.0, w), b * (size[-1] > 1e-9 * size.max())
    top = max(float(np.max(np.abs(w))), abs(b))
    w_text = ", ".join(f"{wi / top + 0.0:.3g}" for wi in w)
    b_text = f"{b / top + 0.0:.3g}"
    return Feedback(
        True,
        f"right: not separable, yet (w, b) = ([{w_text}], {b_text}) has every functional "
        f"margin >= 0 ({k0} of them 0): along it ln L rises towards -{k0} ln 2, never reaching "
        "it, so no maximiser exists",
    )


# ------------------------------------------------------------------ drag the data (issue 18)
@exercise("the largest ln L you read in the figure (a number)")
def check_drag_overlap(answer: object, explorer: object) -> Feedback:
    """Did the student move ONE point so that the classes overlap (the maximum-likelihood fit
    exists), and read the maximum ln L of that fit?

    Parameters
    ----------
    answer : float
        max ln L(w, b) = sum_i ln sigma(y_i (w.x_i + b)) on the student's data, as shown in
        the figure (4 significant digits).
    explorer : DragLikelihoodExplorer
        The explorer the student dragged (its data against its seeded data).

    Returns
    -------
    Feedback
        ✔ when exactly one point moved, the data overlap (neither separable nor
        quasi-separable) and answer is max ln L within 1e-3 relative (+ 1e-4).

    Used in notebook 03.
    """
    from ..logistic_fit import _overlap_check, fit_logistic
    from ._drag_edits import one_moved_point

    value = parse_number(answer, "ln L")
    X, y, i = one_moved_point(explorer)
    if find_separator(X, y).separable:
        return Feedback(
            False,
            f"the data are still separable: ln L(cw, cb) keeps rising to 0 and has no "
            f"maximum; drag point {i} across the line, among the other class",
        )
    if _overlap_check(X, y, True) is not None:
        return Feedback(
            False,
            "the data are quasi-separable (points on the boundary): ln L still has no "
            f"maximum; drag point {i} a little further into the other class",
        )
    best = fit_logistic(X, y).log_likelihood
    if not abs(value - best) <= 1e-3 * abs(best) + 1e-4:
        if abs(value + best) <= 1e-3 * abs(best) + 1e-4:
            return Feedback(False, "check the sign: ln L is always negative")
        return Feedback(
            False,
            "your data are right (one point moved, the classes overlap), but that is not "
            "the maximum of ln L: read it in the right panel's title or the readout",
        )
    return Feedback(True, "right: the classes overlap and ln L has a finite maximum, the MLE")


__all__ += ["check_drag_overlap"]
