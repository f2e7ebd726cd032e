"""Claim C23, both halves: overlapping classes give ln L a finite maximiser; quasi-separated
data (not separable, yet some (w, b) != 0 has every functional margin >= 0, one of them > 0)
give it none (Albert & Anderson 1984).

Oracles: brute force over thresholds in one dimension (which case the data are in), Python's
math for ln L, and scikit-learn's unpenalised LogisticRegression for the maximiser.
"""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.linear_model import LogisticRegression

import linsep_helpers as lh

LN2 = math.log(2.0)


def ref_log_likelihood(w, b, x, y):
    """sum_i ln sigma(y_i (w x_i + b)) in one dimension, with Python's math."""
    total = 0.0
    for xi, yi in zip(x, y, strict=True):
        g = yi * (w * xi + b)
        total -= math.log1p(math.exp(-g)) if g > -700 else -g
    return total


def case_1d(x, y):
    """'separable', 'quasi' or 'overlap' for 1-D data, by trying every threshold and sign."""
    pts = np.unique(x)
    cuts = np.concatenate([[pts[0] - 1], pts, (pts[1:] + pts[:-1]) / 2, [pts[-1] + 1]])
    candidates = [(s, -s * t) for s in (1.0, -1.0) for t in cuts] + [(0.0, 1.0), (0.0, -1.0)]
    best = "overlap"
    for w, b in candidates:
        g = [yi * (w * xi + b) for xi, yi in zip(x, y, strict=True)]
        if min(g) > 0:
            return "separable"
        if min(g) >= 0 and max(g) > 0:
            best = "quasi"
    return best


# the counterexample of notebook 03: x = 0 carries both labels, the rest is separable
XQ = [-2.0, -1.0, 0.0, 0.0, 1.0, 2.0]
YQ = [-1.0, -1.0, -1.0, 1.0, 1.0, 1.0]


@pytest.mark.claim("C23")
def test_quasi_separated_example_is_not_separable_and_its_supremum_is_not_attained():
    assert case_1d(XQ, YQ) == "quasi"
    assert not lh.find_separator(np.array(XQ)[:, None], YQ).separable
    # along (w, b) = (c, 0): strictly increasing, always below -2 ln 2, approaching it
    values = [ref_log_likelihood(c, 0.0, XQ, YQ) for c in (0.5, 1.0, 2.0, 5.0, 10.0, 20.0)]
    assert all(a < b for a, b in zip(values, values[1:], strict=False))
    assert all(v < -2 * LN2 for v in values)
    assert values[-1] == pytest.approx(-2 * LN2, abs=1e-8)
    with pytest.raises(ValueError, match="quasi"):
        lh.fit_logistic(np.array(XQ)[:, None], np.array(YQ))


@pytest.mark.claim("C23")
@settings(max_examples=200, deadline=None)
@given(w=st.floats(-30, 30), b=st.floats(-30, 30))
def test_quasi_separated_example_no_point_reaches_the_supremum(w, b):
    """ln L(w, b) < -2 ln 2 everywhere (the +/- pair alone costs at least ln 4), and some point
    on the ray (c, 0) does better: no (w, b) is a maximiser."""
    pair = ref_log_likelihood(w, b, [0.0, 0.0], [1.0, -1.0])
    assert pair <= -2 * LN2 + 1e-15
    value = ref_log_likelihood(w, b, XQ, YQ)
    assert value < -2 * LN2
    assert lh.log_likelihood(np.array([w]), b, np.array(XQ)[:, None], YQ) == pytest.approx(value)
    # a better point: rest terms of (c, 0) are -ln(1 + e^-c) - ..., below the gap of (w, b)
    gap = -2 * LN2 - value
    c = 1.0
    while ref_log_likelihood(c, 0.0, XQ, YQ) <= value:
        c *= 2.0
        assert c < 1e4, f"no better point found for gap {gap}"
    assert ref_log_likelihood(c, 0.0, XQ, YQ) > value


@pytest.mark.claim("C23")
@settings(max_examples=80, deadline=None)
@given(
    x=st.lists(st.integers(-3, 3), min_size=3, max_size=8),
    signs=st.lists(st.sampled_from([-1.0, 1.0]), min_size=8, max_size=8),
)
def test_fit_exists_exactly_when_the_classes_overlap_1d(x, signs):
    x = [float(v) for v in x]
    y = signs[: len(x)]
    case = case_1d(x, y)
    X = np.array(x)[:, None]
    if case != "overlap":
        with pytest.raises(ValueError, match="separable"):
            lh.fit_logistic(X, np.array(y))
        return
    fit = lh.fit_logistic(X, np.array(y))
    assert np.all(np.isfinite(fit.w)) and math.isfinite(fit.b)
    ref = LogisticRegression(C=np.inf, tol=1e-12, max_iter=100_000).fit(X, np.array(y) > 0)
    assert fit.log_likelihood == pytest.approx(
        ref_log_likelihood(float(ref.coef_[0, 0]), float(ref.intercept_[0]), x, y), abs=1e-7
    )
    # a maximiser: nearby points never do better
    for dw, db in ((1e-3, 0), (-1e-3, 0), (0, 1e-3), (0, -1e-3)):
        w0 = float(fit.w[0])
        assert ref_log_likelihood(w0 + dw, fit.b + db, x, y) <= fit.log_likelihood + 1e-12
