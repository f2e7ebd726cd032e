"""Tests of data.py, geometry.py and the input validation they share (_validate.py).

Expected values come from explicit loops, integer arithmetic, scipy's linprog (an oracle
independent of lp.py) or the definitions written out in the test, never from the code under test.
"""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog

import linsep_helpers as lh
from linsep_helpers import _validate as v

# ----------------------------------------------------------------------------- helpers


def lp_separable(X, y):
    """Independent oracle: is y_i (w.x_i + b) >= 1 feasible? (scipy HiGHS, free variables)."""
    X, y = np.asarray(X, float), np.asarray(y, float)
    A = y[:, None] * np.hstack([X, np.ones((len(y), 1))])
    res = linprog(
        np.zeros(A.shape[1]), A_ub=-A, b_ub=-np.ones(len(y)), bounds=(None, None), method="highs"
    )
    assert res.status in (0, 2)
    return res.status == 0


def loop_margins(w, b, X, y):
    return [
        yi * (sum(wj * xj for wj, xj in zip(w, xi, strict=True)) + b)
        for xi, yi in zip(X, y, strict=True)
    ]


small_ints = st.integers(-4, 4)


@st.composite
def int_data(draw, max_n=8, max_d=3):
    n = draw(st.integers(1, max_n))
    d = draw(st.integers(1, max_d))
    X = np.array(
        draw(st.lists(st.lists(small_ints, min_size=d, max_size=d), min_size=n, max_size=n))
    )
    y = np.array(draw(st.lists(st.sampled_from([-1, 1]), min_size=n, max_size=n)))
    w = np.array(draw(st.lists(small_ints, min_size=d, max_size=d)))
    b = draw(small_ints)
    return X.astype(float), y.astype(float), w.astype(float), float(b)


# ----------------------------------------------------------------------------- make_separable


@settings(max_examples=120, deadline=None)
@given(
    n=st.integers(2, 60),
    d=st.integers(1, 5),
    radius=st.floats(0.05, 20.0),
    frac=st.floats(1e-4, 1.0),
    seed=st.integers(0, 2**31 - 1),
)
def test_make_separable_exact_margin_and_radius(n, d, radius, frac, seed):
    margin = radius * frac
    X, y, w, b = lh.make_separable(n, d, margin, radius, seed=seed)
    assert X.shape == (n, d) and y.shape == (n,)
    assert set(np.unique(y)) == {-1.0, 1.0}  # both classes
    assert abs(np.sqrt(np.sum(w**2)) - 1.0) < 1e-12
    scores = y * (X @ w + b)
    norms = np.sqrt(np.sum(X**2, axis=1))
    tol = 1e-9 * max(1.0, radius)
    assert abs(scores.min() - margin) <= tol
    assert abs(norms.max() - radius) <= tol
    assert np.all(scores >= margin - tol) and np.all(norms <= radius + tol)


def test_make_separable_is_seeded():
    a = lh.make_separable(30, 3, 0.1, 1.0, seed=5)
    b = lh.make_separable(30, 3, 0.1, 1.0, seed=5)
    c = lh.make_separable(30, 3, 0.1, 1.0, seed=6)
    for u, w in zip(a, b, strict=True):
        assert np.array_equal(u, w)
    assert not np.array_equal(a[0], c[0])


def test_make_separable_extremes_of_the_margin_slider():
    for margin, radius in itertools.product((0.001, 0.5), (0.5, 3.0)):
        X, y, w, b = lh.make_separable(60, 2, margin, radius, seed=0)
        assert abs(np.min(y * (X @ w + b)) - margin) < 1e-9
        assert abs(np.max(np.linalg.norm(X, axis=1)) - radius) < 1e-9


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"n": 10, "margin": 2.0, "radius": 1.0}, "cannot exceed radius"),
        ({"n": 10, "margin": 0.0}, "margin must be > 0"),
        ({"n": 10, "margin": -0.1}, "margin must be > 0"),
        ({"n": 10, "radius": 0.0, "margin": 0.1}, "radius must be > 0"),
        ({"n": 10, "margin": float("nan")}, "margin must be finite"),
        ({"n": 10, "radius": float("inf")}, "radius must be finite"),
        ({"n": 1}, "n must be >= 2"),
        ({"n": 2.5}, "n must be an integer"),
        ({"n": 10, "d": 0}, "d must be >= 1"),
        ({"n": 10, "margin": "big"}, "margin must be a real number"),
    ],
)
def test_make_separable_rejects_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        lh.make_separable(**kwargs)


# ----------------------------------------------------------------------------- other generators


def test_make_overlapping_shapes_and_classes():
    X, y = lh.make_overlapping(40, 3, separation=0.5, seed=2)
    assert X.shape == (40, 3)
    assert np.sum(y > 0) == 20 and np.sum(y < 0) == 20
    assert np.all(np.isfinite(X))


def test_make_overlapping_small_separation_is_not_separable():
    X, y = lh.make_overlapping(60, 2, separation=0.5, seed=0)
    assert not lp_separable(X, y)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"n": 10, "separation": -1.0}, "separation must be >= 0"),
        ({"n": 1}, "n must be >= 2"),
        ({"n": 10, "d": 0}, "d must be >= 1"),
    ],
)
def test_make_overlapping_rejects_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        lh.make_overlapping(**kwargs)


def test_xor_data_corners_and_labels():
    X, y = lh.xor_data()
    expected = {(0, 0): -1, (1, 1): -1, (1, 0): 1, (0, 1): 1}
    assert {tuple(int(t) for t in x): int(label) for x, label in zip(X, y, strict=True)} == expected


@pytest.mark.claim("C06")
@settings(max_examples=100, deadline=None)
@given(w=st.lists(st.floats(-1e3, 1e3), min_size=2, max_size=2), b=st.floats(-1e3, 1e3))
def test_xor_no_halfspace_separates(w, b):
    """Equal weights 1/4 on the corners make the margins sum to zero for every (w, b), so
    at least one margin is <= 0: no separator exists."""
    X, y = lh.xor_data()
    m = loop_margins(w, b, X, y)
    assert abs(sum(m)) <= 1e-9 * (1 + max(abs(t) for t in m))
    assert min(m) <= 1e-9 * (1 + max(abs(t) for t in m))
    assert not lh.separates(np.array(w), b, X, y)


@pytest.mark.claim("C06")
def test_xor_not_separable_but_separable_with_product_feature():
    X, y = lh.xor_data()
    assert not lp_separable(X, y)
    Z = np.column_stack([X, X[:, 0] * X[:, 1]])
    assert lp_separable(Z, y)
    # the package's decision agrees with the independent oracle
    assert lh.find_separator(X, y).separable is False
    assert lh.find_separator(Z, y).separable is True


@pytest.mark.parametrize("d", [1, 2, 3, 6])
def test_staircase_shape(d):
    X, y = lh.staircase(d)
    assert X.shape == (d, d) and np.all(y == 1)
    for k in range(d):
        expected = [0.0] * d
        expected[k] = 1.0
        if k > 0:
            expected[k - 1] = -2.0
        assert X[k].tolist() == expected
    # w_k = 3^k satisfies w_1 > 0 and w_k > 2 w_{k-1}: it separates (homogeneously)
    w = 3.0 ** np.arange(d)
    assert all(m > 0 for m in loop_margins(w, 0.0, X, y))


def test_staircase_rejects_bad_dimension():
    with pytest.raises(ValueError, match="d must be >= 1"):
        lh.staircase(0)


def test_iris_pair_equals_scikit_learns_loader():
    from sklearn.datasets import load_iris

    iris = load_iris()
    names = ("setosa", "versicolor", "virginica")
    for a, b in (("setosa", "versicolor"), ("versicolor", "virginica"), ("virginica", "setosa")):
        X, y = lh.iris_pair(a, b)
        keep = np.isin(iris.target, (names.index(a), names.index(b)))
        np.testing.assert_array_equal(X, iris.data[keep])
        np.testing.assert_array_equal(y, np.where(iris.target[keep] == names.index(a), 1.0, -1.0))


def test_iris_pair_does_not_import_scikit_learn():
    import subprocess
    import sys

    code = "import sys, linsep_helpers as lh; lh.iris_pair(); print('sklearn' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_iris_pair_shapes_and_separability():
    X, y = lh.iris_pair("setosa", "versicolor")
    assert X.shape == (100, 4) and np.sum(y > 0) == 50 and np.sum(y < 0) == 50
    assert lp_separable(X, y)
    X2, y2 = lh.iris_pair("versicolor", "virginica", features=(2, 3))
    assert X2.shape == (100, 2)
    assert not lp_separable(*lh.iris_pair("versicolor", "virginica"))
    assert not lp_separable(X2, y2)


@pytest.mark.parametrize(
    ("args", "kwargs", "match"),
    [
        (("rose", "setosa"), {}, "a must be one of"),
        (("setosa", "tulip"), {}, "b must be one of"),
        (("setosa", "setosa"), {}, "different species"),
        (("setosa", "virginica"), {"features": (0, 7)}, "features must be column indices"),
        (("setosa", "virginica"), {"features": ()}, "features must be column indices"),
    ],
)
def test_iris_pair_rejects_bad_input(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        lh.iris_pair(*args, **kwargs)


def test_lift_appends_constant_column():
    X = np.array([[1.0, 2.0], [3.0, -4.0]])
    assert lh.lift(X).tolist() == [[1.0, 2.0, 1.0], [3.0, -4.0, 1.0]]
    assert lh.lift(X, r=2.5)[:, 2].tolist() == [2.5, 2.5]


@pytest.mark.parametrize(
    ("X", "r", "match"),
    [
        (np.ones((3, 2)), 0.0, "r must be > 0"),
        (np.ones(3), 1.0, "must be a 2-D array"),
        (np.zeros((0, 2)), 1.0, "is empty"),
        (np.array([[1.0, np.nan]]), 1.0, "contains NaN"),
        (np.array([[1.0, np.inf]]), 1.0, "contains inf"),
    ],
)
def test_lift_rejects_bad_input(X, r, match):
    with pytest.raises(ValueError, match=match):
        lh.lift(X, r)


# ----------------------------------------------------------------------------- the lift (C02)


@pytest.mark.claim("C02")
@settings(max_examples=150, deadline=None)
@given(data=int_data(), r=st.sampled_from([1.0, 2.0, 4.0]))
def test_lift_identity_sign(data, r):
    """sign(w.x + b) == sign(v.(x, r)) with v = (w, b/r): exact on integer data."""
    X, y, w, b = data
    v_ = np.append(w, b / r)
    lhs = np.sign(X @ w + b)
    rhs = np.sign(lh.lift(X, r) @ v_)
    assert np.array_equal(lhs, rhs)
    assert lh.separates(w, b, X, y) == lh.separates(v_, 0.0, lh.lift(X, r), y)


# ------------------------------------------------------------------ margins (C01, C04, C05)


@pytest.mark.claim("C01")
@settings(max_examples=150, deadline=None)
@given(data=int_data())
def test_separates_is_the_definition(data):
    X, y, w, b = data
    m = loop_margins(w, b, X, y)
    assert np.allclose(lh.margins(w, b, X, y), m)
    assert lh.separates(w, b, X, y) == all(t > 0 for t in m)
    assert lh.mistakes(w, b, X, y) == sum(t <= 0 for t in m)


@pytest.mark.claim("C01")
def test_separates_known_cases():
    X, y, w, b = lh.make_separable(50, 3, 0.2, 1.0, seed=3)
    assert lh.separates(w, b, X, y)
    assert not lh.separates(-w, -b, X, y)
    # a point exactly on the line is not separated (strict inequality)
    assert not lh.separates(np.array([1.0, 0.0]), 0.0, [[0.0, 5.0], [1.0, 0.0]], [1, 1])


@pytest.mark.claim("C04")
@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    c=st.floats(1e-3, 1e6),
    margin=st.floats(1e-3, 0.9),
)
def test_functional_scales_geometric_invariant(seed, c, margin):
    X, y, w, b = lh.make_separable(25, 3, margin, 1.0, seed=seed)
    w = w * 1.7  # a non-unit separator
    b = b * 1.7
    f1, f2 = lh.functional_margin(w, b, X, y), lh.functional_margin(c * w, c * b, X, y)
    explicit_f = min(loop_margins(c * w, c * b, X, y))
    assert f2 == pytest.approx(explicit_f, rel=1e-12)
    assert f2 == pytest.approx(c * f1, rel=1e-12)
    g1, g2 = lh.geometric_margin(w, b, X, y), lh.geometric_margin(c * w, c * b, X, y)
    assert g2 == pytest.approx(g1, rel=1e-12)
    assert g1 == pytest.approx(f1 / np.sqrt(np.sum(w**2)), rel=1e-12)
    assert np.array_equal(lh.predict(w, b, X), lh.predict(c * w, c * b, X))


@pytest.mark.claim("C05")
@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 10_000), margin=st.floats(1e-3, 0.9), scale=st.floats(1e-3, 1e3))
def test_rescaling_to_functional_margin_one(seed, margin, scale):
    X, y, w, b = lh.make_separable(25, 2, margin, 1.0, seed=seed)
    w, b = scale * w, scale * b
    gamma = min(loop_margins(w, b, X, y))
    w1, b1 = w / gamma, b / gamma
    m = np.asarray(loop_margins(w1, b1, X, y))
    assert m.min() == pytest.approx(1.0, rel=1e-12)
    assert np.all(m >= 1.0 - 1e-12)
    assert np.array_equal(lh.predict(w1, b1, X), lh.predict(w, b, X))


def test_geometric_margin_of_zero_vector_is_an_error():
    with pytest.raises(ValueError, match="zero vector"):
        lh.geometric_margin([0.0, 0.0], 1.0, [[1.0, 2.0]], [1])


def test_data_radius():
    X = np.array([[3.0, 4.0], [-1.0, 0.0], [0.0, -6.0]])
    assert lh.data_radius(X) == 6.0


# ----------------------------------------------------------------------------- ties (C03)


@pytest.mark.claim("C03")
def test_predict_tie_conventions():
    w, b = np.array([1.0, -1.0]), 0.0
    X = np.array([[2.0, 1.0], [1.0, 1.0], [0.0, 3.0], [-2.0, -2.0]])  # scores 1, 0, -3, 0
    assert lh.predict(w, b, X, tie="positive").tolist() == [1, 1, -1, 1]
    assert lh.predict(w, b, X, tie="negative").tolist() == [1, -1, -1, -1]
    assert lh.predict(w, b, X, tie="zero").tolist() == [1, 0, -1, 0]
    assert lh.predict(w, b, X).tolist() == [1, 1, -1, 1]  # default: sign(0) = +1
    assert lh.TIE_CONVENTIONS == ("positive", "negative", "zero")


@pytest.mark.claim("C03")
@settings(max_examples=150, deadline=None)
@given(data=int_data())
def test_mistake_test_is_convention_free(data):
    """y(w.x + b) <= 0 counts every tie as a mistake for either label; 'pred != y' depends on
    the convention, and the two agree away from the boundary."""
    X, y, w, b = data
    s = [t / yi for t, yi in zip(loop_margins(w, b, X, y), y, strict=True)]  # the raw scores
    tie = np.array([t == 0 for t in s])
    by_margin = lh.margins(w, b, X, y) <= 0
    assert np.array_equal(by_margin[tie], np.ones(tie.sum(), bool))
    for conv in lh.TIE_CONVENTIONS:
        pred = lh.predict(w, b, X, tie=conv)
        assert np.array_equal((pred != y)[~tie], by_margin[~tie])
    # 'pred != y' under "positive" misses exactly the ties labelled +1
    pred_pos = lh.predict(w, b, X, tie="positive")
    assert np.array_equal((pred_pos == y) & by_margin, tie & (y > 0))


def test_predict_rejects_unknown_tie():
    with pytest.raises(ValueError, match="tie must be one of"):
        lh.predict([1.0], 0.0, [[1.0]], tie="coin")


# ----------------------------------------------------------------------------- prototypes (C29)


@pytest.mark.claim("C29")
@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    n=st.integers(2, 30),
    d=st.integers(1, 4),
    shift=st.floats(-3, 3),
)
def test_class_prototype_is_the_nearest_mean_rule(seed, n, d, shift):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) + shift
    y = np.where(np.arange(n) % 2 == 0, 1.0, -1.0)
    w, b = lh.class_prototype(X, y)
    c_pos = [sum(X[i, j] for i in range(n) if y[i] > 0) / np.sum(y > 0) for j in range(d)]
    c_neg = [sum(X[i, j] for i in range(n) if y[i] < 0) / np.sum(y < 0) for j in range(d)]
    assert np.allclose(w, np.subtract(c_pos, c_neg))
    T = rng.normal(size=(200, d)) * 3 + shift
    d_pos = np.array([np.sqrt(sum((t[j] - c_pos[j]) ** 2 for j in range(d))) for t in T])
    d_neg = np.array([np.sqrt(sum((t[j] - c_neg[j]) ** 2 for j in range(d))) for t in T])
    clear = np.abs(d_pos - d_neg) > 1e-6  # leave out points (numerically) on the bisector
    brute = np.where(d_pos < d_neg, 1.0, -1.0)
    assert np.array_equal(lh.predict(w, b, T)[clear], brute[clear])


@pytest.mark.claim("C29")
def test_class_prototype_can_fail_on_separable_data():
    # positives: a cluster at (0, 1) and a far tail at (10, 1); negatives at (0, -0.5)
    X = np.array([[0.0, 1.0], [0.2, 1.0], [10.0, 1.0], [12.0, 1.0], [0.0, -0.5], [0.3, -0.5]])
    y = np.array([1, 1, 1, 1, -1, -1])
    assert lp_separable(X, y)  # x2 = 0.25 separates
    w, b = lh.class_prototype(X, y)
    assert not lh.separates(w, b, X, y)


def test_class_prototype_needs_both_classes():
    with pytest.raises(ValueError, match="both classes"):
        lh.class_prototype([[0.0], [1.0]], [1, 1])


# ----------------------------------------------------------------------------- _validate


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


@pytest.mark.parametrize(
    ("w", "b", "match"),
    [
        ([1.0, 2.0, 3.0], 0.0, "w has length 3 but the data have 2 features"),
        ([[1.0, 2.0]], 0.0, "w must be a 1-D vector"),
        ([1.0, np.nan], 0.0, "w contains NaN"),
        ([1.0, 2.0], np.inf, "b must be finite"),
        ([1.0, 2.0], "zero", "b must be a real number"),
        ([1.0, 2.0], [0.0, 1.0], "b must be a real number"),
    ],
)
def test_geometry_rejects_bad_parameters(w, b, match):
    X, y = np.ones((2, 2)), [1, -1]
    with pytest.raises(ValueError, match=match):
        lh.margins(w, b, X, y)
    with pytest.raises(ValueError, match=match):
        lh.predict(w, b, X)


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
