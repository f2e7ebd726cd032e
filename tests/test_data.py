"""Tests of data.py: the seeded generators (exact margin and radius), XOR, the staircase, the
iris pairs, the homogeneous lift and the implicit-bias data set.

Expected values come from explicit loops, scipy's linprog (an oracle independent of lp.py),
scikit-learn (its iris loader, its SVC) or the definitions written out in the test, never from
the code under test.
"""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import loop_margins, lp_separable
from sklearn.svm import SVC

import linsep_helpers as lh
from linsep_helpers.data import make_implicit_bias_data

# ----------------------------------------------------------------------------- helpers


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


# ----------------------------------------------------------------------------- generators


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
        (
            ("setosa", "virginica"),
            {"features": (0, 7)},
            "features must be a tuple of column indices",
        ),
        (("setosa", "virginica"), {"features": ()}, "features must be a tuple of column indices"),
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


# ----------------------------------------------------------------------------- implicit-bias data


def svc_direction(X, y):
    """scikit-learn's hard-margin SVM through the origin: fit the point-symmetric set
    {(x, y), (-x, -y)}, whose unique max-margin separator has b = 0 by symmetry."""
    svc = SVC(kernel="linear", C=1e8, tol=1e-10).fit(np.vstack([X, -X]), np.concatenate([y, -y]))
    return svc.coef_[0]


def margins_of(w, b, X, y):
    return y * (X @ np.asarray(w, dtype=float) + b)


def angle_between(a, b):
    a, b = np.asarray(a, float), np.asarray(b, float)
    return float(np.arccos(np.clip(a @ b / np.linalg.norm(a) / np.linalg.norm(b), -1, 1)))


def test_implicit_bias_data_contract():
    X, y, u, gamma = make_implicit_bias_data(0)
    z = margins_of(u, 0.0, X, y)
    assert np.linalg.norm(u) == pytest.approx(1.0)
    assert z.min() == pytest.approx(gamma, rel=1e-12)
    support = np.isclose(z, gamma, rtol=1e-9)
    assert support.sum() == 2
    assert np.all(z[~support] >= 2 * gamma - 1e-12)
    assert set(np.unique(y)) == {-1.0, 1.0}
    w_svc = svc_direction(X, y)
    assert angle_between(w_svc, u) < 1e-5


@pytest.mark.parametrize("seed", [0, 1, 5])
def test_implicit_bias_data_is_seeded_and_sized(seed):
    a = make_implicit_bias_data(seed, n_extra=6, margin=0.3, angle=1.0)
    b = make_implicit_bias_data(seed, n_extra=6, margin=0.3, angle=1.0)
    for u, v in zip(a, b, strict=True):
        assert np.array_equal(u, v)
    X, y, u, gamma = a
    assert X.shape == (8, 2) and gamma == 0.3
    assert np.allclose(u, [np.cos(1.0), np.sin(1.0)])
    assert y.tolist() == [1.0, -1.0] * 4


def test_implicit_bias_data_rejects_bad_input():
    with pytest.raises(ValueError, match="margin must be > 0"):
        make_implicit_bias_data(0, margin=0.0)
    with pytest.raises(ValueError, match="seed must be >= 0"):
        make_implicit_bias_data(-1)
    with pytest.raises(ValueError, match="n_extra must be >= 0"):
        make_implicit_bias_data(0, n_extra=-1)


# --- likelihood_scaling_data (notebook 03's explorer data) ---


def test_likelihood_scaling_data_options():
    X, y, w, b, i = lh.likelihood_scaling_data("separable")
    m = y * (X @ w + b)
    assert m.min() == pytest.approx(0.3, abs=1e-12) and np.argmin(m) == i
    Xw, yw, ww, bw, iw = lh.likelihood_scaling_data("one point wrong")
    mw = yw * (Xw @ ww + bw)
    assert iw == i and np.sum(mw < 0) == 1 and mw[i] == pytest.approx(-0.3, abs=1e-12)
    np.testing.assert_array_equal(Xw, X)
    Xb, yb, wb, bb, ib = lh.likelihood_scaling_data("one point on the boundary")
    mb = lh.margins(wb, bb, Xb, yb)
    assert ib == i and mb[i] == 0.0 and np.sum(mb == 0.0) == 1 and np.all(np.delete(mb, i) > 0)
    assert np.linalg.norm(Xb[i] - X[i]) == pytest.approx(0.3, abs=1e-9)  # moved by its margin


@pytest.mark.parametrize("seed", range(6))
def test_boundary_point_is_exact_for_other_seeds(seed):
    X, y, w, b, i = lh.likelihood_scaling_data("one point on the boundary", seed=seed)
    assert lh.margins(w, b, X, y)[i] == 0.0


def test_likelihood_scaling_data_rejects_unknown_option():
    with pytest.raises(ValueError, match="data"):
        lh.likelihood_scaling_data("almost separable")
