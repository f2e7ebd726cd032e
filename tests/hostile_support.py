"""Shared hypothesis strategies and invariants for the hostile-input suites (issue 16).

Used by tests/test_hostile_core.py (the numerics) and the suite of the checks and explorers.
The API is stable: names are only ever added.

Strategies
----------
hostile_arrays(ndim=2)       anything a user might pass where an array is meant: every dtype
                             (float, int, bool, complex, object, str), shapes with 0 rows or
                             columns, wrong ndim, ragged lists, NaN/inf, magnitudes 1e-300..1e300
hostile_scalars()            10**400, 1e-310, -0.0, True, 'x', None, nan, +-inf, complex, arrays...
hostile_labels(n)            labels of every wrong kind (and a few right ones)
scales()                     powers of ten (and of two) from 1e-300 to 1e300
separable_sets()             small, well-separated data sets (X, y, w, b) at scale 1
overlapping_sets()           small data sets with both classes, not necessarily separable

Invariants
----------
call_hostile(fn, *args, names=..., **kwargs) -> Outcome
    calls ``fn``; passes if it raises ValueError/TypeError whose message names one of
    ``names`` (case-insensitive), or returns; fails on any other exception and on a mutated
    argument. Counts every call in ``CASES[fn.__name__]``.
assert_finite(result, what)  every number in a result (dataclass, tuple, dict, ndarray) finite
report_cases()               one line per function: the calls made (for the closing note)
"""

from __future__ import annotations

import copy
import dataclasses
import math
import numbers
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from hypothesis import strategies as st

# ----------------------------------------------------------------------------- scalars

#: Scalars that break naive code: overflowing ints, subnormals, signed zero, bools, strings.
HOSTILE_SCALARS: tuple[object, ...] = (
    10**400,
    -(10**400),
    2**63,
    1e-310,
    -1e-310,
    5e-324,
    -0.0,
    0.0,
    0,
    -1,
    -1.5,
    1e308,
    -1e308,
    1.7976931348623157e308,
    1e-300,
    1e300,
    float("nan"),
    float("inf"),
    float("-inf"),
    True,
    False,
    "x",
    "1.0",
    "",
    None,
    1 + 1j,
    complex(2, 0),
    np.float32(1e38),
    np.float16(1.0),
    np.int64(-3),
    np.uint8(255),
    np.bool_(True),
    np.array(1.0),
    np.array([1.0]),
    np.array([1.0, 2.0]),
    [1.0],
    (),
    {},
    object(),
    np.nan,
    np.complex128(1 + 0j),
)


def hostile_scalars() -> st.SearchStrategy:
    """Every hostile scalar above, plus floats over the whole range (NaN, inf, subnormals)."""
    return st.one_of(
        st.sampled_from(HOSTILE_SCALARS),
        st.floats(allow_nan=True, allow_infinity=True, allow_subnormal=True),
        st.integers(min_value=-(10**400), max_value=10**400),
    )


def hostile_ints() -> st.SearchStrategy:
    """Values passed where an integer (a count, a seed, an epoch limit) is meant."""
    return st.one_of(
        st.sampled_from(
            (
                10**400,
                -(10**400),
                2**63,
                2**64,
                -1,
                -(2**31),
                0,
                1.0,
                3.0,
                2.5,
                float("nan"),
                float("inf"),
                True,
                False,
                "3",
                None,
                np.int64(3),
                np.int8(-1),
                np.uint64(2**63),
                np.float64(3.0),
                np.array(3),
                [3],
                1 + 0j,
            )
        ),
        st.integers(min_value=-(10**30), max_value=10**30),
    )


def scales() -> st.SearchStrategy:
    """Scale factors s with 1e-300 <= s <= 1e300: powers of ten, of two, and in between."""
    return st.one_of(
        st.integers(min_value=-300, max_value=300).map(lambda k: 10.0**k),
        st.integers(min_value=-990, max_value=990).map(lambda k: 2.0**k),
        st.floats(min_value=1e-300, max_value=1e300).filter(lambda s: s > 0),
    )


# ----------------------------------------------------------------------------- arrays

_DTYPES = ("float", "int", "bool", "complex", "object", "str", "float32", "uint8", "int8")
_SPECIALS = (
    float("nan"),
    float("inf"),
    float("-inf"),
    0.0,
    -0.0,
    1e-310,
    1e300,
    -1e300,
    1e308,
    1.0,
    -1.0,
)


def _values(magnitude: float) -> st.SearchStrategy:
    return st.one_of(
        st.floats(min_value=-magnitude, max_value=magnitude, allow_subnormal=True),
        st.sampled_from(_SPECIALS),
    )


@st.composite
def _numeric_array(draw, ndim: int | None) -> np.ndarray:
    k = draw(st.integers(min_value=0, max_value=3)) if ndim is None else ndim
    shape = tuple(draw(st.integers(min_value=0, max_value=5)) for _ in range(k))
    size = int(np.prod(shape)) if shape else 1
    magnitude = 10.0 ** draw(st.integers(min_value=-300, max_value=300))
    flat = draw(st.lists(_values(magnitude), min_size=size, max_size=size))
    base = np.array(flat, dtype=float).reshape(shape)
    kind = draw(st.sampled_from(_DTYPES))
    with np.errstate(all="ignore"):
        if kind == "float":
            return base
        if kind == "float32":
            return base.astype(np.float32)
        if kind in ("int", "uint8", "int8"):
            clean = np.nan_to_num(base, nan=0.0, posinf=1e6, neginf=-1e6)
            dtype = {"int": np.int64, "uint8": np.uint8, "int8": np.int8}[kind]
            info = np.iinfo(dtype)
            return np.clip(np.round(clean), info.min, info.max).astype(dtype)
        if kind == "bool":
            return base > 0
        if kind == "complex":
            return base + 1j * draw(st.sampled_from((0.0, 1.0, -2.5)))
        if kind == "object":
            out = np.empty(shape, dtype=object)
            out[...] = base
            if size and draw(st.booleans()):
                out.flat[0] = draw(st.sampled_from((None, "a", 10**400, [1.0], 1 + 1j)))
            return out
        return base.astype(str)


@st.composite
def _ragged(draw) -> list:
    rows = draw(st.integers(min_value=2, max_value=4))
    lengths = draw(st.lists(st.integers(min_value=0, max_value=3), min_size=rows, max_size=rows))
    if len(set(lengths)) == 1:
        lengths[0] += 1
    return [[1.0] * k for k in lengths]


def hostile_arrays(ndim: int | None = 2) -> st.SearchStrategy:
    """Array-likes of every dtype and shape, magnitudes 1e-300..1e300 with NaN/inf mixed in.

    ``ndim`` is the ndim the caller expects; a quarter of the draws have another ndim.
    """
    return st.one_of(
        _numeric_array(ndim),
        _numeric_array(None),
        _ragged(),
        st.sampled_from(
            (
                None,
                "X",
                3.0,
                [],
                [[]],
                [[1.0, "a"]],
                [[10**400, 1.0]],
                [[1.0, 2.0], [3.0]],
                {"a": 1},
                [[1 + 1j, 2.0]],
            )
        ),
    )


def hostile_labels(n: int) -> st.SearchStrategy:
    """Labels of length n of every wrong kind, and a few right ones ({-1,+1}, {0,1})."""
    good = st.lists(st.sampled_from((-1.0, 1.0)), min_size=n, max_size=n).map(np.array)
    return st.one_of(
        good,
        good.map(lambda y: (y > 0).astype(int)),
        good.map(lambda y: y > 0),
        good.map(lambda y: y + 0j),
        good.map(lambda y: y.astype(object)),
        good.map(lambda y: y.astype(str)),
        good.map(lambda y: y * 2),
        good.map(lambda y: np.append(y, 1.0)),
        good.map(lambda y: y[:-1]),
        good.map(lambda y: y.reshape(-1, 1)),
        st.just(np.full(n, np.nan)),
        st.just([None] * n),
        st.just("y" * n),
    )


@st.composite
def separable_sets(
    draw, n_max: int = 12, d_max: int = 3, margin: float = 0.25
) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """(X, y, w, b): points in [-1, 1]^d at distance >= margin/2 from the unit-normal (w, b)."""
    d = draw(st.integers(min_value=1, max_value=d_max))
    n = draw(st.integers(min_value=2, max_value=n_max))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    rng = np.random.default_rng(seed)
    w = rng.normal(size=d)
    w /= np.linalg.norm(w)
    b = float(rng.uniform(-0.3, 0.3))
    X = rng.uniform(-1.0, 1.0, size=(n, d))
    f = X @ w + b
    push = np.where(f >= 0, 1.0, -1.0)
    X = X + np.outer(push * margin / 2, w)
    y = push.copy()
    y[0], y[-1] = 1.0, -1.0
    X[0] = w * (margin - b)
    X[-1] = -w * (margin + b)
    return X, y, w, b


@st.composite
def overlapping_sets(draw, n_max: int = 12, d_max: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """(X, y): Gaussian points in d dimensions with both labels present (may overlap)."""
    d = draw(st.integers(min_value=1, max_value=d_max))
    n = draw(st.integers(min_value=2, max_value=n_max))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = np.where(rng.random(n) < 0.5, 1.0, -1.0)
    y[0], y[-1] = 1.0, -1.0
    return X, y


# ----------------------------------------------------------------------------- invariants

#: Calls made per function name (for the closing note: functions covered, cases run).
CASES: Counter = Counter()
#: Outcomes per function name: "error" (a clear ValueError/TypeError) or "value".
OUTCOMES: Counter = Counter()


@dataclasses.dataclass(frozen=True)
class Outcome:
    """What a hostile call did: raised (``error`` is the exception) or returned ``value``."""

    value: Any = None
    error: BaseException | None = None

    @property
    def raised(self) -> bool:
        return self.error is not None


def _snapshot(obj: object) -> object:
    try:
        return copy.deepcopy(obj)
    except Exception:  # noqa: BLE001  (an uncopyable argument cannot be compared)
        return None


def _same(a: object, b: object) -> bool:
    if isinstance(a, np.ndarray) and isinstance(b, np.ndarray):
        if a.dtype != b.dtype or a.shape != b.shape:
            return False
        if a.dtype.kind in "US":
            return a.tolist() == b.tolist()
        if a.dtype.kind == "O":
            return all(map(_same, a.ravel().tolist(), b.ravel().tolist()))
        return bool(np.all((a == b) | ((a != a) & (b != b))))
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, numbers.Number) and isinstance(b, numbers.Number) and a != a and b != b:
        return True  # NaN (real or complex) is unchanged NaN
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if not isinstance(a, (numbers.Number, str, bytes, type(None))):
        return True  # an opaque object (no value equality): nothing to compare
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001
        return True


def _name_of(fn: Callable) -> str:
    return getattr(fn, "__name__", None) or type(fn).__name__


def call_hostile(
    fn: Callable, *args: object, names: Sequence[str] | str = (), **kwargs: object
) -> Outcome:
    """Call ``fn(*args, **kwargs)`` as a hostile user would and check the promise.

    Passes when ``fn`` raises ValueError/TypeError whose message names one of ``names``
    (case-insensitive; every name when ``names`` is empty is not required), or returns.
    Fails (AssertionError) on any other exception type, on a message that names none of
    ``names``, and on an argument that the call mutated.
    """
    if isinstance(names, str):
        names = (names,)
    label = _name_of(fn)
    CASES[label] += 1
    before = [_snapshot(a) for a in args] + [_snapshot(v) for v in kwargs.values()]
    try:
        value = fn(*args, **kwargs)
    except (ValueError, TypeError) as exc:
        message = str(exc).lower()
        assert message, f"{label} raised {type(exc).__name__} with an empty message"
        if names:
            assert any(n.lower() in message for n in names), (
                f"{label} raised {type(exc).__name__}({exc!s}) naming none of {list(names)}"
            )
        outcome = Outcome(error=exc)
        OUTCOMES[f"{label}: error"] += 1
    except Exception as exc:  # noqa: BLE001
        raise AssertionError(
            f"{label} raised {type(exc).__name__}({exc}) instead of a ValueError/TypeError"
        ) from exc
    else:
        outcome = Outcome(value=value)
        OUTCOMES[f"{label}: value"] += 1
    after = list(args) + list(kwargs.values())
    for i, (old, new) in enumerate(zip(before, after, strict=True)):
        if old is not None:
            assert _same(old, new), f"{label} mutated its argument #{i}"
    return outcome


def _numbers(obj: object, seen: int = 0):
    if seen > 6:
        return
    if isinstance(obj, np.ndarray):
        if obj.dtype.kind in "fc":
            yield from obj.ravel().tolist()
        elif obj.dtype.kind == "O":
            for v in obj.ravel().tolist():
                yield from _numbers(v, seen + 1)
        return
    if isinstance(obj, (bool, np.bool_, str, bytes)) or obj is None:
        return
    if isinstance(obj, numbers.Number):
        yield obj
        return
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from _numbers(getattr(obj, f.name), seen + 1)
        return
    if isinstance(obj, dict):
        for v in obj.values():
            yield from _numbers(v, seen + 1)
        return
    if isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _numbers(v, seen + 1)


def assert_finite(result: object, what: str = "result") -> None:
    """Every float in ``result`` (recursively through dataclasses, tuples, dicts) is finite
    and real."""
    for v in _numbers(result):
        assert not isinstance(v, complex) or v.imag == 0, f"{what} holds a complex number {v}"
        assert math.isfinite(float(abs(v))), f"{what} holds a non-finite number {v}"


def report_cases() -> str:
    """One line per function: calls made, clear errors, values returned."""
    lines = [
        f"{name}: {CASES[name]} calls, {OUTCOMES[name + ': error']} errors, "
        f"{OUTCOMES[name + ': value']} values"
        for name in sorted(CASES)
    ]
    total = sum(CASES.values())
    lines.append(f"{len(CASES)} functions, {total} hostile calls")
    return "\n".join(lines)
