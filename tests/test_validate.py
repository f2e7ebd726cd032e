"""Tests of _validate.py: every check names the argument and says what is wrong."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import linsep_helpers as lh
from linsep_helpers import _validate as v


@pytest.mark.parametrize(
    ("X", "y", "match"),
    [
        (np.ones(3), [1, -1, 1], "must be a 2-D array"),
        (np.ones((2, 2, 2)), [1, -1], "must be a 2-D array"),
        (np.zeros((0, 2)), [], "is empty"),
        (np.zeros((2, 0)), [1, -1], "0 columns"),
        ([[1.0, np.nan], [0.0, 0.0]], [1, -1], "contains NaN"),
        ([[1.0, -np.inf], [0.0, 0.0]], [1, -1], "contains inf"),
        ([["a", "b"]], [1], "must be numeric"),
        (np.ones((2, 2)), [0, 2], r"must be in \{-1, \+1\} or \{0, 1\}"),
        (np.ones((2, 2)), [1, 3], r"must be in \{-1, \+1\} or \{0, 1\}"),
        (np.ones((2, 2)), [[1, -1]], "must be a 1-D array of labels"),
        (np.ones((2, 2)), [1, -1, 1], "has 3 labels but X has 2 rows"),
        (np.ones((2, 2)), [1.0, np.nan], "contains NaN"),
    ],
)
def test_check_Xy_errors(X, y, match):
    with pytest.raises(ValueError, match=match):
        v.check_Xy(X, y)
    with pytest.raises(ValueError, match=match):
        lh.margins(np.ones(2), 0.0, X, y)


def test_check_labels_maps_zero_one_and_bool():
    assert v.check_labels([0, 1, 1]).tolist() == [-1.0, 1.0, 1.0]
    assert v.check_labels(np.array([True, False])).tolist() == [1.0, -1.0]
    assert v.check_labels([-1, 1]).tolist() == [-1.0, 1.0]
    with pytest.raises(ValueError, match="is empty"):
        v.check_labels([])
    # geometry accepts {0, 1} labels as -1/+1
    assert lh.margins([1.0], 0.0, [[2.0], [-3.0]], [1, 0]).tolist() == [2.0, 3.0]


def test_other_validators():
    with pytest.raises(ValueError, match="must be an integer"):
        v.check_int(2.0, "k")
    with pytest.raises(ValueError, match="must be an integer"):
        v.check_int(True, "k")
    with pytest.raises(ValueError, match="k must be >= 3"):
        v.check_int(2, "k", minimum=3)
    assert v.check_int(np.int64(4), "k") == 4
    with pytest.raises(ValueError, match="must be > 0"):
        v.check_scalar(0.0, "c", positive=True)
    with pytest.raises(ValueError, match="must be >= 0"):
        v.check_scalar(-1.0, "c", nonnegative=True)
    with pytest.raises(ValueError, match="must be a real number"):
        v.check_scalar(True, "c")
    assert v.check_sample_weights(None, 3).tolist() == [1.0, 1.0, 1.0]
    with pytest.raises(ValueError, match=r"must have shape \(3,\)"):
        v.check_sample_weights([1.0, 2.0], 3)
    with pytest.raises(ValueError, match="must all be > 0"):
        v.check_sample_weights([1.0, 0.0, 2.0], 3)
    with pytest.raises(ValueError, match="contains inf"):
        v.check_sample_weights([1.0, np.inf, 2.0], 3)
    with pytest.raises(ValueError, match="kind must be one of"):
        v.check_choice("cubic", "kind", ("float", "log"))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([0, 1]), min_size=1, max_size=20))
def test_check_labels_maps_zero_one_to_minus_plus(labels):
    out = v.check_labels(labels)
    assert out.tolist() == [2.0 * t - 1.0 for t in labels]
    assert v.check_labels(out).tolist() == out.tolist()  # {-1, +1} labels stay as they are


def test_check_vector_and_scalar():
    assert v.check_vector([1, 2], 2).dtype == float
    with pytest.raises(ValueError, match="lam has length 2 but the data have 3 features"):
        v.check_vector([1.0, 2.0], 3, "lam")
    with pytest.raises(ValueError, match="v must be a 1-D vector"):
        v.check_vector(1.0, None, "v")
    with pytest.raises(ValueError, match="w contains inf"):
        v.check_vector([1.0, -np.inf])
    assert v.check_scalar(np.float32(0.5), "c") == 0.5
    assert v.check_scalar(np.array(2.0), "c") == 2.0
    with pytest.raises(ValueError, match="c must be a real number"):
        v.check_scalar("1.0", "c")
    with pytest.raises(ValueError, match="c must be a real number"):
        v.check_scalar(np.array([1.0]), "c")
    assert v.check_choice("log", "kind", ("float", "log")) == "log"
    assert v.check_X([[1, 2]], "Z").tolist() == [[1.0, 2.0]]
    with pytest.raises(ValueError, match="Z must be a 2-D array"):
        v.check_X([1.0], "Z")


# --- max |x_ij| from the finiteness check (the fast perceptron's guard uses it) ---


@given(
    st.integers(1, 6).flatmap(
        lambda d: st.lists(
            st.lists(st.floats(-1e300, 1e300), min_size=d, max_size=d), min_size=1, max_size=8
        )
    )
)
def test_check_Xy_max_abs_is_the_largest_magnitude(rows):
    X = np.array(rows)
    y = np.where(np.arange(len(rows)) % 2 == 0, 1.0, -1.0)
    Xa, ya, x_max = v.check_Xy_max_abs(X, y)
    assert x_max == np.max(np.abs(X))  # exact: max and min are exact
    np.testing.assert_array_equal(Xa, X)
    np.testing.assert_array_equal(ya, y)


@pytest.mark.parametrize("bad, kind", [(np.nan, "NaN"), (np.inf, "inf"), (-np.inf, "inf")])
def test_check_Xy_max_abs_rejects_non_finite(bad, kind):
    X = np.zeros((3, 2))
    X[1, 1] = bad
    with pytest.raises(ValueError, match=rf"X contains {kind} \(first at index \(1, 1\)\)"):
        v.check_Xy_max_abs(X, [1, -1, 1])


# --- hostile array types and scalars (issue 16) ---


@pytest.mark.parametrize(
    ("X", "match"),
    [
        (np.ones((2, 2)) + 1j, "X is complex"),
        (np.ones((2, 2), dtype=bool), "X is boolean"),
        (np.array([["1", "2"], ["3", "4"]]), "X must be numeric; it holds strings"),
        ([[1.0, None], [1.0, 2.0]], "X must be numeric; it holds NoneType"),
        ([[10**400, 1.0], [1.0, 2.0]], "X holds an integer too large for float64"),
        ([[1.0, 2.0], [3.0]], "X must be a rectangular array"),
        (None, "X must be numeric"),
        ("X", "X must be numeric"),
        (np.array([[1, 2]], dtype="datetime64[s]"), "X must be numeric; got an array"),
    ],
)
def test_hostile_arrays_are_refused_with_their_name(X, match):
    with pytest.raises(ValueError, match=match):
        v.check_X(X)


def test_integer_object_arrays_within_float64_are_accepted():
    X = np.array([[10**300, 1], [2, 3]], dtype=object)
    assert v.check_X(X).tolist() == [[1e300, 1.0], [2.0, 3.0]]


def test_boolean_labels_are_classes():
    assert v.check_labels(np.array([True, False])).tolist() == [1.0, -1.0]
    with pytest.raises(ValueError, match="y is complex"):
        v.check_labels(np.array([1.0, -1.0]) + 0j)


@pytest.mark.parametrize(
    ("value", "match"),
    [
        (10**400, "c is too large for float64"),
        (1 + 1j, "c must be a real number"),
        (np.complex128(1.0), "c must be a real number"),
        (np.bool_(True), "c must be a real number"),
        (None, "c must be a real number"),
        ("1.0", "c must be a real number"),
        (float("nan"), "c must be finite"),
    ],
)
def test_check_scalar_hostile(value, match):
    with pytest.raises(ValueError, match=match):
        v.check_scalar(value, "c")


def test_check_scalar_keeps_extreme_finite_values():
    assert v.check_scalar(1e-310, "c") == 1e-310
    assert v.check_scalar(-0.0, "c") == 0.0
    assert v.check_scalar(10**300, "c") == 1e300


def test_check_seed_bool_and_int_maximum():
    assert v.check_seed(None) is None and v.check_seed(np.int64(3)) == 3
    with pytest.raises(ValueError, match="seed must be >= 0"):
        v.check_seed(-1)
    for bad in (1.0, True, "3", [3]):
        with pytest.raises(ValueError, match="seed must be None or an integer"):
            v.check_seed(bad)
    assert v.check_bool(np.bool_(False), "bias") is False
    with pytest.raises(ValueError, match="bias must be True or False"):
        v.check_bool("x", "bias")
    with pytest.raises(ValueError, match=r"d must be <= 10 \(a larger d cannot finish"):
        v.check_int(11, "d", maximum=10)
    with pytest.raises(ValueError, match="a number with 401 digits"):
        v.check_int(10**400, "d", maximum=10)
