"""The layer every exercise check is built on: a verdict, and one way to read an answer.

A check is a function whose FIRST argument is the student's answer, followed by the context
the answer is checked against (data, a threshold, ...), options keyword-only. It is decorated
with :func:`exercise`, which

- answers "not answered yet" while the answer is still ``None`` (or ``...``), and
- turns a :class:`Rejected` raised anywhere inside the check into the ✘ :class:`Feedback`
  it carries,

so the body of a check reads an answer with the parsers below in one line each, and never
returns a traceback for an answer a student could type::

    @exercise("a pair (w, b)")
    def check_separator(answer, X, y):
        Xa, ya = check_Xy(X, y)            # bad DATA from the notebook raises ValueError
        w, b = parse_wb(answer, Xa.shape[1])   # a bad ANSWER becomes a ✘ Feedback
        ...
        return Feedback(True, "...")

The parsers accept the same forms everywhere: a number is an int, a float, a numpy scalar or a
one-element array (a whole number may be written 3.0); a vector is a list, tuple or 1-D array;
(w, b) is a pair, or any result object with fields ``w`` and ``b``. They reject booleans,
complex numbers, text, NaN, inf and numbers too large for a float, each with a sentence that
says what to change.
"""

from __future__ import annotations

import copy
import functools
import inspect
import math
import numbers
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..geometry import margins
from ..hardness import _sign_margins

__all__ = [
    "Feedback",
    "Rejected",
    "answer_margins",
    "call_student",
    "exercise",
    "is_unanswered",
    "multiple_of",
    "not_answered",
    "parse_array",
    "parse_number",
    "parse_vector",
    "parse_wb",
    "scale_exponent",
]

_MAX_SHOWN = 60  # characters of an answer quoted back in a message


@dataclass(frozen=True)
class Feedback:
    """The verdict of a check: ``ok`` and a message that explains what is wrong (or right).

    Displayed in a notebook it prints as one line starting with a tick (✔) or a cross (✘);
    ``bool(feedback)`` is ``ok``.

    Parameters
    ----------
    ok : bool
        Whether the answer is right.
    message : str
        One or two sentences for the student; never the solution itself.
    """

    ok: bool
    message: str

    def __repr__(self) -> str:
        return ("\u2714 " if self.ok else "\u2718 ") + self.message

    def __bool__(self) -> bool:
        return self.ok


class Rejected(Exception):  # noqa: N818 - it is a verdict, not an error of the program
    """Raised by the parsers with the ✘ verdict for an answer that cannot be read.

    :func:`exercise` returns ``rejected.feedback`` instead of the traceback.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.feedback = Feedback(False, message)


def _shown(value: object) -> str:
    """A short description of an answer for a message (never a 400-digit number)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**15:
        return f"a whole number with {len(str(abs(value)))} digits"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a student's object may break even repr
        text = f"an object of type {type(value).__name__}"
    if len(text) > _MAX_SHOWN:
        text = text[: _MAX_SHOWN - 3] + "..."
    return text


# ------------------------------------------------------------------------- not answered yet


def is_unanswered(answer: object) -> bool:
    """Whether an answer is still the placeholder of the exercise cell.

    ``None`` and ``...`` are placeholders, and so is a tuple or list with a placeholder in it
    (``(w, None)``: b is still to be written).
    """
    if answer is None or answer is Ellipsis:
        return True
    if isinstance(answer, tuple | list):
        return any(item is None or item is Ellipsis for item in answer)
    return False


def not_answered(expected: str) -> Feedback:
    """The one verdict for an unanswered exercise: ✘ "not answered yet: replace None with ...".

    An ``expected`` that starts with "replace " is the whole instruction (for a function:
    "replace the line f = None by your def f(x)").
    """
    if expected.startswith("replace "):
        return Feedback(False, f"not answered yet: {expected}, then run the cell again")
    return Feedback(
        False, f"not answered yet: replace None with {expected}, then run the cell again"
    )


def exercise(expected: str) -> Callable[[Callable[..., Feedback]], Callable[..., Feedback]]:
    """Decorate a check ``check(answer, *context, **options) -> Feedback``.

    Parameters
    ----------
    expected : str
        What the answer should be, for the "not answered yet" message ("a pair (w, b)");
        it may name the check's other arguments in braces ("a vector of {d} numbers").

    Returns
    -------
    decorator
        Wraps the check: an unanswered ``answer`` (see :func:`is_unanswered`) gives
        ``not_answered(expected)`` without running the check, and a :class:`Rejected` raised
        inside the check gives its ✘ Feedback. Other exceptions (a ValueError for bad data
        passed by the notebook) propagate. The check runs under ``np.errstate(all="ignore")``:
        arithmetic on a huge answer gives inf or NaN, so write its tests so that NaN fails
        (``not abs(x - 1) <= tol`` rather than ``abs(x - 1) > tol``).
    """

    def decorate(check: Callable[..., Feedback]) -> Callable[..., Feedback]:
        signature = inspect.signature(check)

        @functools.wraps(check)
        def run(answer: object, *args: Any, **kwargs: Any) -> Feedback:
            if is_unanswered(answer):
                given = signature.bind_partial(answer, *args, **kwargs).arguments
                return not_answered(expected.format(**given) if "{" in expected else expected)
            try:
                with np.errstate(all="ignore"):  # odd answers overflow: inf, never a warning
                    return check(answer, *args, **kwargs)
            except Rejected as rejected:
                return rejected.feedback

        return run

    return decorate


# ----------------------------------------------------------------------------------- numbers


def _real_value(answer: object, name: str, what: str) -> numbers.Real:
    """The single real number inside ``answer`` (scalar or one-element array), not converted."""
    if isinstance(answer, bool | np.bool_):
        raise Rejected(f"{name} must be {what}, not {answer} (True/False is not a number)")
    if isinstance(answer, numbers.Real):
        return answer
    if isinstance(answer, str | bytes):
        raise Rejected(f"{name} must be {what}, not text; got {_shown(answer)}")
    if isinstance(answer, numbers.Complex):
        raise Rejected(f"{name} must be {what}, not the complex number {_shown(answer)}")
    try:
        arr = np.asarray(answer)
    except Exception:  # noqa: BLE001 - any object a student may type
        raise Rejected(f"{name} must be {what}; got {_shown(answer)}") from None
    if arr.size != 1:
        raise Rejected(f"{name} must be {what} (a single one); got {arr.size} values")
    kind = arr.dtype.kind
    if kind == "b":
        raise Rejected(f"{name} must be {what}, not True/False")
    if kind == "c":
        raise Rejected(f"{name} must be {what}, not a complex number")
    item = arr.reshape(-1)[0]
    if kind == "O" and isinstance(item, numbers.Real) and not isinstance(item, bool):
        return item
    if kind not in "iuf":
        raise Rejected(f"{name} must be {what}; got {_shown(answer)}")
    return item.item()


def parse_number(
    answer: object, name: str = "the answer", *, whole: bool = False, positive: bool = False
) -> float:
    """Read one finite real number from a student's answer.

    Parameters
    ----------
    answer : object
        What the student typed: an int, a float, a numpy scalar, or an array or list with
        exactly one number in it.
    name : str
        How the message calls it ("the answer", "r", "W").
    whole : bool, keyword-only
        Demand a whole number (a count): 3 and 3.0 are accepted, 2.5 is not.
    positive : bool, keyword-only
        Demand a number > 0.

    Returns
    -------
    float or int
        The number (an ``int`` when ``whole``).

    Raises
    ------
    Rejected
        For a bool, complex number, text, NaN, inf, a number beyond the float range (10**400),
        several numbers, or anything else; the message says what is wrong.
    """
    what = "a whole number" if whole else "a positive number" if positive else "a number"
    raw = _real_value(answer, name, what)
    if whole and isinstance(raw, numbers.Integral):
        if abs(int(raw)) > 2**53:
            raise Rejected(f"{name} is far too large: {_shown(int(raw))}")
        if positive and raw <= 0:
            raise Rejected(f"{name} must be {what}; got {int(raw)}")
        return int(raw)
    try:
        value = float(raw)
    except (OverflowError, ValueError, TypeError):
        raise Rejected(f"{name} is too large for a number here: {_shown(raw)}") from None
    if not math.isfinite(value):
        raise Rejected(f"{name} must be {what}, finite (no NaN or inf); got {value}")
    if positive and not value > 0:
        raise Rejected(f"{name} must be {what}; got {value:g}")
    if whole:
        if not value.is_integer():
            raise Rejected(f"{name} must be a whole number; got {value:g}")
        if abs(value) > 2**53:
            raise Rejected(f"{name} is far too large: {value:g}")
        return int(value)
    return value


def _holds_bool(answer: object, depth: int = 0) -> bool:
    """Whether nested lists/tuples hold a bool (numpy would silently read True as 1)."""
    if isinstance(answer, bool | np.bool_):
        return True
    if isinstance(answer, list | tuple) and depth < 8:
        return any(_holds_bool(item, depth + 1) for item in answer)
    return False


def parse_array(
    answer: object,
    name: str,
    shape: tuple[int, ...] | None = None,
    *,
    ravel: bool = False,
    finite: bool = True,
) -> np.ndarray:
    """Read an array of finite real numbers (a list, nested lists or a numpy array).

    Parameters
    ----------
    answer : object
        What the student typed.
    name : str
        How the message calls it ("w", "A", "lam").
    shape : tuple of int, optional
        The shape the answer must have; for one dimension the message counts entries.
    ravel : bool, keyword-only
        Flatten the array before the shape is checked (a column (d, 1) is then a vector).
    finite : bool, keyword-only
        Reject NaN and inf (the default); with False the caller says where they are.

    Returns
    -------
    numpy.ndarray
        A new float array (the student's object is never modified).

    Raises
    ------
    Rejected
        For text, booleans, complex numbers, ragged nested lists, NaN, inf, numbers beyond
        the float range, or the wrong shape.
    """
    if isinstance(answer, str | bytes):
        raise Rejected(f"{name} must be numbers (a list or a numpy array), not text")
    try:
        arr = np.asarray(answer)
    except Exception:  # noqa: BLE001 - ragged lists and any object a student may type
        raise Rejected(
            f"{name} must be numbers (a list or a numpy array, every row the same length)"
        ) from None
    kind = arr.dtype.kind
    if kind == "b" or _holds_bool(answer):
        raise Rejected(f"{name} must be numbers, not True/False values")
    if kind == "c":
        raise Rejected(f"{name} must be real numbers, not complex ones")
    if kind == "O":
        flat = arr.reshape(-1)
        if any(isinstance(v, bool | np.bool_) or not isinstance(v, numbers.Real) for v in flat):
            raise Rejected(f"{name} must be numbers (a list or a numpy array)")
        try:
            arr = arr.astype(float)
        except (OverflowError, ValueError, TypeError):
            raise Rejected(f"{name} contains a number too large for a float") from None
    elif kind not in "iuf":
        raise Rejected(f"{name} must be numbers (a list or a numpy array)")
    with np.errstate(over="ignore"):
        arr = np.array(arr, dtype=float)  # a copy: float128 beyond 1e308 becomes inf
    if ravel:
        arr = arr.reshape(-1)
    if shape is not None and arr.shape != tuple(shape):
        if len(shape) == 1:
            raise Rejected(
                f"{name} must have {shape[0]} entries (a vector of length {shape[0]}); "
                f"got shape {arr.shape}"
            )
        raise Rejected(f"{name} must have shape {tuple(shape)}; got shape {arr.shape}")
    if finite and not np.all(np.isfinite(arr)):
        raise Rejected(f"{name} contains NaN or inf: every entry must be a finite number")
    return arr


def parse_vector(answer: object, name: str, d: int, *, ravel: bool = False) -> np.ndarray:
    """Read a vector of ``d`` finite real numbers: ``parse_array(answer, name, (d,))``.

    A row (1, d) or a column (d, 1) is the same vector, in every check; ``ravel`` accepts any
    shape with d numbers.
    """
    arr = parse_array(answer, name, ravel=ravel, finite=False)
    if arr.ndim == 2 and 1 in arr.shape:
        arr = arr.reshape(-1)
    return parse_array(arr, name, (d,))


def parse_wb(
    answer: object, d: int, *, names: tuple[str, str] = ("w", "b"), ravel: bool = False
) -> tuple[np.ndarray, float]:
    """Read a classifier (w, b) with w in R^d and a number b.

    Parameters
    ----------
    answer : object
        A pair ``(w, b)`` (tuple or list) with w a vector of ``d`` numbers and b a number
        (a one-element array is fine), or a result object with fields ``w`` and ``b`` (such as
        ``lh.find_separator(X, y)``).
    d : int
        The number of features.
    names : (str, str), keyword-only
        What the messages call the two parts (("dw", "db") for a gradient).
    ravel : bool, keyword-only
        Accept any array with d numbers for w (a column (d, 1) too).

    Returns
    -------
    (numpy.ndarray, float)
        w as a new float vector of shape (d,), and b.

    Raises
    ------
    Rejected
        When the answer is not such a pair, or w or b cannot be read (see :func:`parse_vector`,
        :func:`parse_number`).
    """
    if isinstance(answer, tuple | list) and len(answer) == 2:
        w, b = answer
    else:
        try:
            w, b = answer.w, answer.b  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001 - not a result object either
            raise Rejected(
                f"the answer must be a pair ({names[0]}, {names[1]}): a vector {names[0]} and "
                f"a number {names[1]}; got {_shown(answer)}"
            ) from None
    return parse_vector(w, names[0], d, ravel=ravel), parse_number(b, names[1])


def answer_margins(
    w: np.ndarray, b: float, X: np.ndarray, y: np.ndarray, *, signs_only: bool = False
) -> np.ndarray:
    """The margins y_i (w.x_i + b) of a parsed answer (geometry.margins), without warnings.

    With ``signs_only`` it returns the signs (-1, 0, +1) of the margins, computed with X and
    (w, b) scaled by powers of two (exactly): they decide mistakes and separation, and are
    right even for w = 1e300 or 1e-310 and X = 1e300, where the raw scores overflow or
    underflow. Otherwise an overflow gives inf (or NaN), never a warning.
    """
    if signs_only:
        return _sign_margins(w, b, X, y)
    with np.errstate(all="ignore"):
        return margins(w, b, X, y)


def scale_exponent(X: np.ndarray) -> int:
    """The e with 2^(e-1) <= max|x_ij| < 2^e (0 for X = 0): ``np.ldexp(X, -e)`` is the data at
    scale 1, exactly (only exponents change), so a check that compares at that scale treats
    X, 1e200 X and 1e-200 X alike (its tolerances are then relative to the data)."""
    return math.frexp(float(np.max(np.abs(X), initial=0.0)))[1]


def multiple_of(z: np.ndarray, z0: np.ndarray) -> float | None:
    """The factor c with z = c z0 (to a relative 1e-9), or None when z is not a multiple of z0.

    Both directions are compared at scale 1 (z / max|z|, z0 / max|z0|), so z = 1e300 z0 or
    1e-300 z0, and z0 with entries of 1e154 and 1, are recognised; z = 0 gives c = 0. The
    sign of c is always right: a |c| below the float range comes back as the smallest
    subnormal of its sign. ``z0`` must not be zero.
    """
    s, s0 = float(np.max(np.abs(z))), float(np.max(np.abs(z0)))
    if s == 0.0:
        return 0.0
    with np.errstate(all="ignore"):
        zn, z0n = z / s, z0 / s0
        c = float(zn @ z0n) / float(z0n @ z0n)
        if not np.allclose(zn, c * z0n, rtol=1e-9, atol=1e-12 * abs(c)):
            return None
        scaled = c * (s / s0)
    return scaled if scaled != 0.0 or c == 0.0 else math.copysign(5e-324, c)


# -------------------------------------------------------------------- the student's function


def call_student(func: object, *args: object) -> tuple[object, tuple[str, ...]]:
    """Call a student's function on copies of ``args``, never letting it raise.

    Parameters
    ----------
    func : object
        The student's answer; it must be callable.
    *args
        The arguments; the function receives deep copies, so it may modify them freely.

    Returns
    -------
    (object, tuple of str)
        What the function returned, and the texts of the warnings it emitted (numpy's
        overflow warnings included), in order.

    Raises
    ------
    Rejected
        When ``func`` is not a function, or when calling it raises any exception (a warning
        turned into an error included); the message names the exception.
    """
    if not callable(func):
        raise Rejected(f"the answer must be a function (def ...); got {_shown(func)}")
    copies = copy.deepcopy(args)
    with warnings.catch_warnings(record=True) as caught, np.errstate(all="warn", under="ignore"):
        warnings.simplefilter("always")
        try:
            result = func(*copies)
        except (Exception, SystemExit) as exc:  # noqa: BLE001 - any error of the student's code
            try:
                detail = str(exc)
            except Exception:  # noqa: BLE001
                detail = ""
            if len(detail) > 2 * _MAX_SHOWN:
                detail = detail[: 2 * _MAX_SHOWN - 3] + "..."
            detail = f": {detail}" if detail else ""
            raise Rejected(
                f"your function raised {type(exc).__name__}{detail} (run it on a small "
                "example to see where)"
            ) from None
    return result, tuple(str(w.message) for w in caught)
