"""What a student may type instead of an answer, and the valid forms of a right answer.

Shared by the tests in tests/exercises/: hypothesis strategies of answers that are never a
valid number, vector or pair (each contains a NaN, an inf, a bool, text, a complex number, an
integer beyond the float range, None, an object, ... somewhere), functions that misbehave, and
generators of the forms in which a right answer may be written (list, tuple, numpy array,
numpy scalar, one-element array, result object).
"""

import itertools
import warnings
from decimal import Decimal
from types import SimpleNamespace

import numpy as np
from hypothesis import strategies as st

from linsep_helpers.exercises import Feedback


class _Unprintable:
    def __repr__(self):
        raise RuntimeError("no repr")

    def __float__(self):
        raise RuntimeError("no float")


class _BadArray:
    def __array__(self, dtype=None, copy=None):
        raise RuntimeError("no array")

    def __len__(self):
        raise RuntimeError("no len")


class _BadError(Exception):
    def __str__(self):
        raise RuntimeError("the message itself fails")


#: Values that are not a finite real number, written out so every run tries each of them.
ODD_LEAVES = [
    None,
    ...,
    True,
    False,
    np.True_,
    "3",
    "",
    "ln 9",
    b"1",
    1j,
    complex(2.0, 0.0),
    np.complex128(1.0),
    float("nan"),
    float("inf"),
    -float("inf"),
    np.float64("nan"),
    np.float32("inf"),
    object(),
    {},
    set(),
    {"w": 1.0},
    np.datetime64("2020-01-01"),
    Decimal("1.5"),
    _BadArray(),
    len,
]

#: For pytest.mark.parametrize only (hypothesis prints its examples and strategies with repr(),
#: and warns about a repr of 400-digit numbers).
ODD_EXPLICIT = ODD_LEAVES + [
    10**400,
    -(10**400),
    2**1100,
    _Unprintable(),
    [1.0, _Unprintable()],
    (_Unprintable(), 0.0),
    [[1.0, 2.0], [3.0]],
    [True, 1.0],
    [[np.nan, 1.0]],
    np.zeros((2, 2, 2)),
    np.array([], dtype=float),
    np.array([1.0, None]),
    np.array(["1", "2"]),
    [10**400, 0.0],
]

odd_leaf = st.one_of(
    st.sampled_from(ODD_LEAVES),
    st.floats(allow_nan=True, allow_infinity=True).filter(lambda v: v != v or abs(v) == np.inf),
    st.integers(1024, 2000).map(lambda e: 2**e),  # beyond the float range
    st.integers(1024, 2000).map(lambda e: -(3**e)),
    st.complex_numbers(allow_nan=False, allow_infinity=False).filter(lambda z: z.imag != 0),
    st.text(max_size=5),
    st.booleans(),
)


finite = st.floats(-1e6, 1e6, allow_nan=False)

#: Containers with at least one odd leaf inside (so they are never a valid answer), nested.
odd_compound = st.recursive(
    st.lists(st.one_of(odd_leaf, finite), min_size=1, max_size=4).filter(
        lambda xs: any(not isinstance(x, float) for x in xs)
    ),
    lambda children: st.one_of(
        st.lists(st.one_of(children, finite), min_size=1, max_size=3).filter(
            lambda xs: any(not isinstance(x, float) for x in xs)
        ),
        st.tuples(children, finite),
        st.tuples(finite, children),
    ),
    max_leaves=8,
)


def odd_answers():
    """Anything that is not a readable number, vector, matrix or pair of them."""
    return st.one_of(odd_leaf, odd_compound, st.tuples(odd_leaf, odd_leaf))


def odd_pairs(d):
    """Pairs (w, b) with a valid part and an odd part, or of the wrong length."""
    w = st.lists(finite, min_size=d, max_size=d)
    return st.one_of(
        st.tuples(w, odd_leaf),
        st.tuples(odd_leaf, finite),
        st.tuples(odd_compound, finite),
        st.tuples(w, finite, finite),
        st.lists(finite, min_size=d + 1, max_size=d + 1).map(lambda v: (v[:-1] + [0.0], v[-1])),
        st.tuples(st.lists(finite, min_size=d + 1, max_size=d + 3), finite),
        st.tuples(st.lists(finite, min_size=0, max_size=max(0, d - 1)), finite),
        st.tuples(st.just(np.zeros((d, 2))), finite),
    )


def _raises(exc):
    def f(*args):
        raise exc

    return f


def _warns_then(value):
    def f(*args):
        warnings.warn("a warning of the student's own", UserWarning, stacklevel=1)
        np.exp(np.array([1000.0]))  # numpy's overflow warning
        return value

    return f


def _recurse(*args):
    return _recurse(*args)


#: Student functions that misbehave: they raise, return nonsense, or the wrong shape.
ODD_FUNCTIONS = [
    _raises(ZeroDivisionError("division by zero")),
    _raises(ValueError("shapes (3,) and (2,) not aligned")),
    _raises(KeyError("x")),
    _raises(FloatingPointError("overflow encountered in exp")),
    _raises(RuntimeWarning("overflow encountered in exp")),
    _raises(_BadError()),
    _raises(NotImplementedError),
    _recurse,
    lambda *a: None,
    lambda *a: float("inf"),
    lambda *a: float("nan"),
    lambda *a: np.full(100, np.inf),
    lambda *a: np.zeros(100),
    lambda *a: np.zeros((3, 3, 3)),
    lambda *a: "w",
    lambda *a: (1.0, 2.0, 3.0),
    lambda *a: (np.full(100, np.nan), 0.0),
    lambda *a: (np.zeros(100), float("inf")),
    lambda *a: (x for x in "ab"),
    lambda *a: itertools.count(),
    lambda *a: 1j,
    lambda *a: np.ones(10) * 1j,
    lambda *a: 10**400,
    lambda *a: [10**400],
    lambda *a: (True, False),
    lambda *a: _BadArray(),
    lambda *a: _Unprintable(),
    lambda *a: {"w": 1},
    _warns_then(float("nan")),
    _warns_then("not a result"),
    42,
    "my_function",
    None,
]


def number_forms(x):
    """A right number written in every accepted way."""
    forms = [
        float(x),
        np.float64(x),
        np.array(x),
        np.array([x]),
        np.array([[x]]),
        [float(x)],
        np.longdouble(x),
    ]
    if float(x).is_integer():
        k = int(x)
        forms.append(k)
        if abs(k) < 2**24:
            forms += [np.int64(k), np.int32(k), np.float32(k)]
    return forms


def vector_forms(v):
    """A right vector written in every accepted way."""
    v = [float(t) for t in v]
    forms = [v, tuple(v), np.array(v), [np.float64(t) for t in v], np.array(v, dtype=object)]
    forms += [np.array([v]), np.array(v)[:, None], [v]]  # a row or a column is the same vector
    if all(t.is_integer() and abs(t) < 2**62 for t in v):
        forms += [[int(t) for t in v], np.array(v, dtype=np.int64)]
    return forms


def wb_forms(w, b):
    """A right pair (w, b) written in every accepted way."""
    forms = []
    for wf, bf in itertools.product(vector_forms(w), number_forms(b)):
        forms.append((wf, bf))
    forms += [[list(w), float(b)], SimpleNamespace(w=np.array(w, float), b=float(b))]
    return forms


def assert_cross(fb):
    """A check's verdict on an odd answer: a Feedback, not ok, with a sentence."""
    assert isinstance(fb, Feedback), fb
    assert not fb.ok and not bool(fb), fb
    assert isinstance(fb.message, str) and len(fb.message) > 10
    assert repr(fb).startswith("\u2718")
    assert len(fb.message) < 400, fb.message  # no 400-digit number quoted back


def assert_tick(fb):
    assert isinstance(fb, Feedback), fb
    assert fb.ok and bool(fb), fb
    assert repr(fb).startswith("\u2714")


def odd_id(value):
    """A short test id for an odd answer (pytest would print 10**400 in full)."""
    return type(value).__name__


def odd_datasets(X, y):
    """Answers (X, y) to a "build/drag the data" exercise that are never valid, made from a
    valid (X, y): one odd part, NaN/inf/complex/text/bool entries, 10**400, mismatched or
    empty shapes, labels that are not two classes, a triple, or not a pair at all. (Boolean
    labels are valid: True is +1, see linsep_helpers._validate.check_labels.)"""
    X, y = np.asarray(X, dtype=float), np.asarray(y, dtype=float)
    nan_X, inf_X = X.copy(), X.copy()
    nan_X[0, 0], inf_X[-1, -1] = np.nan, np.inf
    big = X.astype(object)
    big[0, 0] = 10**400
    return [
        (nan_X, y),
        (inf_X, y),
        (X + 1j, y),
        (X.astype(str), y),
        (X > 0, y),
        (big, y),
        (X, y[:-1]),
        (X[:0], y[:0]),
        (X[None], y),
        (X, y * 2),
        (X, y.astype(str)),
        (X, y + 0j),
        (X, np.full(len(y), np.nan)),
        (X, [None] * len(y)),
        (X, y, y),
        (X,),
        {"X": X, "y": y},
        SimpleNamespace(X=X, y=y),
        (None, y),
        (X, None),
        ([[1.0, 2.0], [3.0]], [1.0, -1.0]),
        (np.zeros((1001, X.shape[1])), np.r_[np.ones(500), -np.ones(501)]),
    ]
