"""Tests of what notebook 04 adds to the package: the two explorers (at every slider extreme)
and the exercise checks (hulls and certificate drawings are tested in tests/test_geometry.py
and tests/plotting/).

The LP algorithms themselves (find_separator, max_margin_lp, robust_lp, ...) are tested in
tests/test_lp.py; here every answer an explorer returns is re-verified with arithmetic written
in this file (margins, Gordan's conditions).
"""

import itertools
import re

import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.svm import SVC

import linsep_helpers as lh

# -------------------------------------------------------------------------------------------
# independent checks used throughout
# -------------------------------------------------------------------------------------------


def strictly_separates(w, b, X, y):
    return bool(np.all(y * (X @ np.asarray(w) + b) > 0))


def is_gordan_certificate(X, y, lam, tol=1e-8):
    """lam >= 0, sum lam = 1, sum lam_i y_i x_i = 0 and sum lam_i y_i = 0 (written out here)."""
    lam = np.asarray(lam, dtype=float)
    if np.any(lam < -tol) or abs(lam.sum() - 1.0) > tol:
        return False
    lin = sum(lam[i] * y[i] * X[i] for i in range(len(y)))
    return bool(np.all(np.abs(lin) <= tol) and abs(float(lam @ y)) <= tol)


def hull_point_set(points):
    return {tuple(np.round(p, 9)) for p in points}


# -------------------------------------------------------------------------------------------
# LPSeparatorsExplorer
# -------------------------------------------------------------------------------------------

LP_MARGINS = (0.001, 0.01, 0.2, 0.5)
LP_RADII = (0.5, 1.0, 3.0)


@pytest.fixture(scope="module")
def lp_explorer():
    e = lh.LPSeparatorsExplorer()
    yield e
    plt.close(e.fig)


def l2_max_margin(X, y):
    """Hard-margin SVM (scikit-learn, large C): the Euclidean maximum margin."""
    svm = SVC(kernel="linear", C=1e8, tol=1e-8).fit(X, y)
    w, b = svm.coef_[0], svm.intercept_[0]
    return float(np.min(y * (X @ w + b)) / np.linalg.norm(w))


@pytest.mark.claim("C24")
@pytest.mark.parametrize(("margin", "radius"), list(itertools.product(LP_MARGINS, LP_RADII)))
def test_lp_explorer_every_slider_extreme(lp_explorer, margin, radius):
    s = lp_explorer.update(margin=margin, radius=radius)
    X, y = s["X"], s["y"]
    # the data are what the sliders say
    assert np.max(np.linalg.norm(X, axis=1)) == pytest.approx(radius, rel=1e-9)
    (w_star, b_star), (w_lp, b_lp), (w_p, b_p), (w1, b1), (wi, bi) = s["separators"]
    assert np.min(y * (X @ w_star + b_star)) == pytest.approx(margin, rel=1e-6)
    # the zero-objective LP: feasible for A z >= 1, i.e. every y_i (w.x_i + b) >= 1
    assert s["lp_separable"]
    assert np.min(y * (X @ w_lp + b_lp)) >= 1 - 1e-9
    # the perceptron: converged means it separates; otherwise it stopped at the cap
    if s["perceptron_converged"]:
        assert strictly_separates(w_p, b_p, X, y)
        assert s["perceptron_updates"] <= lp_explorer.cap
    else:
        assert s["perceptron_updates"] == lp_explorer.cap
    # geometric margins reported = min y (w.x + b) / ||w||_2, recomputed here
    for (w, b), g in zip(s["separators"], s["geometric"], strict=True):
        assert g == pytest.approx(np.min(y * (X @ w + b)) / np.linalg.norm(w), rel=1e-9, abs=1e-12)
    # the max-margin LPs beat (w*, b*) in their own norm (w* is a feasible candidate)
    m_star = np.min(y * (X @ w_star + b_star))
    assert s["l1_margin"] >= m_star / np.max(np.abs(w_star)) * (1 - 1e-6)
    assert s["linf_margin"] >= m_star / np.sum(np.abs(w_star)) * (1 - 1e-6)
    # and nobody beats the Euclidean maximum margin (scikit-learn's hard-margin SVM)
    best = l2_max_margin(X, y)
    assert max(g for g in s["geometric"]) <= best * (1 + 1e-3) + 1e-9
    # the figure follows: title and legend show the state
    assert f"γ = {margin:.3f}" in lp_explorer.ax.get_title()
    texts = [t.get_text() for t in lp_explorer.legend.get_texts()]
    assert texts[1].endswith(f"{s['geometric'][1]:.4f}")
    if not s["perceptron_converged"]:
        assert "cap" in texts[2]


def test_lp_explorer_cap_is_stated_when_reached():
    e = lh.LPSeparatorsExplorer(cap=1, margin=0.001, radius=3.0)
    assert not e.state["perceptron_converged"]
    assert e.state["perceptron_updates"] == 1
    assert "STOPPED at the cap of 1 updates" in e.legend.get_texts()[2].get_text()
    assert "R/γ = 3000" in e.readout(e.state)


def test_lp_explorer_widget_repr_and_bad_values(lp_explorer):
    box = lp_explorer.widget()
    assert box is lp_explorer.widget()  # built once
    assert set(lp_explorer.controls) == {"margin", "radius"}
    assert repr(lp_explorer).startswith("LPSeparatorsExplorer(margin=")
    n_lines = len(lp_explorer.ax.lines)
    lp_explorer.controls["margin"].value = 0.3  # slider callback path
    assert lp_explorer.values["margin"] == pytest.approx(0.3)
    assert len(lp_explorer.ax.lines) == n_lines  # artists moved, not re-created
    with pytest.raises(ValueError, match="margin must be in"):
        lp_explorer.update(margin=0.6)
    with pytest.raises(ValueError, match="radius must be in"):
        lp_explorer.update(radius=0.1)
    with pytest.raises(ValueError, match="no parameter"):
        lh.LPSeparatorsExplorer(gamma=0.1)


# -------------------------------------------------------------------------------------------
# CertificateExplorer
# -------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cert_explorer():
    e = lh.CertificateExplorer()
    yield e
    plt.close(e.fig)


def check_exactly_one(e, s):
    X, y = s["X"], s["y"]
    assert np.allclose(X[-1], [s["px"], s["py"]])
    assert y[-1] == -1
    has_sep = s["w"] is not None
    has_cert = s["lam"] is not None
    assert has_sep != has_cert, "exactly one of separator / certificate"
    assert s["separable"] == has_sep
    if has_sep:
        assert s["kind"] == "separator"
        assert np.min(y * (X @ s["w"] + s["b"])) >= 1 - 1e-9
        assert s["robust"] <= 1e-7  # the robust LP agrees: zero mean slack
        assert len(e.sep.line.get_xdata()) == 2
        assert len(e.cert.point.get_data()[0]) == 0
        assert e.ax.get_title().startswith("separator found")
    else:
        assert s["kind"] == "certificate"
        lam = s["lam"]
        assert is_gordan_certificate(X, y, lam)
        # p = 2 sum_{+} lam_i x_i = 2 sum_{-} lam_i x_i lies in both hulls
        p = s["point"]
        assert np.allclose(p, 2 * lam[y > 0] @ X[y > 0], atol=1e-8)
        assert np.allclose(p, 2 * lam[y < 0] @ X[y < 0], atol=1e-8)
        assert s["robust"] > 1e-7  # not separable: positive mean slack
        assert len(e.sep.line.get_xdata()) == 0
        assert np.allclose(np.column_stack(e.cert.point.get_data()), [p])
        assert e.ax.get_title().startswith("certificate found")


CORNERS = list(itertools.product((-2.0, 2.0), (-2.0, 2.0)))


@pytest.mark.claim("C25")
@pytest.mark.parametrize(("px", "py"), CORNERS + [(-0.9, 0.3), (0.0, 0.0), (2.0, 0.0), (-2, 0)])
def test_certificate_explorer_corners_and_interior(cert_explorer, px, py):
    check_exactly_one(cert_explorer, cert_explorer.update(px=px, py=py))


@pytest.mark.claim("C25")
@settings(max_examples=80, deadline=None)
@given(st.integers(-40, 40), st.integers(-40, 40))
def test_certificate_explorer_on_the_slider_grid(i, j):
    e = lh.CertificateExplorer(px=i * 0.05, py=j * 0.05)
    check_exactly_one(e, e.state)
    plt.close(e.fig)


@pytest.mark.claim("C25")
@pytest.mark.parametrize("t", [0.0, 0.3, 0.5, 1.0])
def test_certificate_explorer_touching_hulls(cert_explorer, t):
    # the moved (-1) point on an edge of the (+1) hull: no strict separator can exist
    a, b = cert_explorer.BASE_X[0], cert_explorer.BASE_X[1]  # both labelled +1
    px, py = (1 - t) * a + t * b
    s = cert_explorer.update(px=px, py=py)
    check_exactly_one(cert_explorer, s)
    assert s["kind"] == "certificate"


@pytest.mark.claim("C25")
def test_certificate_explorer_far_right_is_separable(cert_explorer):
    # every base -1 point has x1 >= 0.4 and every +1 point x1 <= -0.3, so x1 = 0.05 separates
    # once the moved point is on the right too
    s = cert_explorer.update(px=1.0, py=0.0)
    assert strictly_separates([-1.0, 0.0], 0.05, s["X"], s["y"])
    check_exactly_one(cert_explorer, s)
    assert s["kind"] == "separator"
    assert "robust LP mean slack = 0.0000" in cert_explorer.readout(s)


def test_certificate_explorer_widget_and_bad_values(cert_explorer):
    box = cert_explorer.widget()
    assert box is cert_explorer.widget()
    assert set(cert_explorer.controls) == {"px", "py"}
    cert_explorer.controls["px"].value = 1.5
    assert cert_explorer.values["px"] == pytest.approx(1.5)
    assert repr(cert_explorer).startswith("CertificateExplorer(px=")
    with pytest.raises(ValueError, match="px must be in"):
        cert_explorer.update(px=2.5)
    with pytest.raises(ValueError, match="py must be in"):
        cert_explorer.update(py=-3.0)
    with pytest.raises(ValueError, match="py"):
        cert_explorer.update(py=float("nan"))


# -------------------------------------------------------------------------------------------
# exercise checks
# -------------------------------------------------------------------------------------------

X1 = np.array([[1.0, 2.0], [0.5, -1.0], [-1.0, 0.0], [2.0, 1.5], [0.0, -2.0]])
Y1 = np.array([1.0, -1.0, -1.0, 1.0, 1.0])
A1 = np.array(  # written out by hand: rows y_i (x_i, 1)
    [
        [1.0, 2.0, 1.0],
        [-0.5, 1.0, -1.0],
        [1.0, 0.0, -1.0],
        [2.0, 1.5, 1.0],
        [0.0, -2.0, 1.0],
    ]
)


@pytest.mark.claim("C24")
def test_check_separation_matrix_accepts_the_right_matrix():
    fb = lh.check_separation_matrix(X1, Y1, A1)
    assert fb.ok and repr(fb).startswith("\u2714")
    assert lh.check_separation_matrix(X1, Y1, A1.tolist()).ok
    # labels {0, 1} mean the same matrix
    assert lh.check_separation_matrix(X1, (Y1 + 1) / 2, A1).ok


@pytest.mark.claim("C24")
@pytest.mark.parametrize(
    ("answer", "match"),
    [
        (None, "not answered yet"),
        ("abc", "must be numbers"),
        (np.full((5, 3), np.nan), "NaN"),
        (A1[:, :2], "shape"),
        (A1.T, "shape"),
        (np.abs(A1), "signs"),
        (np.column_stack([A1[:, :2], np.zeros(5)]), "last column"),
        (np.column_stack([Y1[:, None] * X1, np.ones(5)]), "last column|signs|rows"),
    ],
)
def test_check_separation_matrix_says_what_is_wrong(answer, match):
    fb = lh.check_separation_matrix(X1, Y1, answer)
    assert not fb.ok and not bool(fb)
    assert repr(fb).startswith("\u2718")
    assert fb.message  # an explanation, and it does not print the matrix
    assert re.search(match, fb.message)
    assert "2.0, 1.5" not in fb.message


def test_check_separation_matrix_names_the_wrong_row():
    bad = A1.copy()
    bad[3, 0] = 7.0
    fb = lh.check_separation_matrix(X1, Y1, bad)
    assert not fb.ok and "[3]" in fb.message


def test_check_separation_matrix_last_column_of_x_instead_of_ones():
    bad = A1.copy()
    bad[:, 2] = 2.0 * Y1
    fb = lh.check_separation_matrix(X1, Y1, bad)
    assert not fb.ok and "last column" in fb.message


X2 = np.array([[1.0, 0.0], [0.5, 1.25], [0.0, -1.0], [-1.0, 0.0], [0.0, 1.25], [-0.5, 0.25]])
Y2 = np.array([1.0, 1.0, 1.0, -1.0, -1.0, -1.0])
W0, B0 = np.array([2.0, -1.0]), 0.5  # margins 2.5, 0.25, 1.5, 1.5, 0.75, 0.75 (by hand)


@pytest.mark.claim("C05")
def test_check_rescaled_separator_cases():
    ok = lh.check_rescaled_separator(X2, Y2, W0, B0, 4 * W0, 4 * B0)
    assert ok.ok and "smallest factor" in ok.message
    bigger = lh.check_rescaled_separator(X2, Y2, W0, B0, 10 * W0, 10 * B0)
    assert bigger.ok and "2.5" in bigger.message  # 10 * 0.25
    too_small = lh.check_rescaled_separator(X2, Y2, W0, B0, 2 * W0, 2 * B0)
    assert not too_small.ok and "0.5 < 1" in too_small.message
    negative = lh.check_rescaled_separator(X2, Y2, W0, B0, -4 * W0, -4 * B0)
    assert not negative.ok and "positive multiple" in negative.message
    rotated = lh.check_rescaled_separator(X2, Y2, W0, B0, np.array([8.0, -3.0]), 2.0)
    assert not rotated.ok and "positive multiple" in rotated.message
    assert "not answered" in lh.check_rescaled_separator(X2, Y2, W0, B0, None, None).message
    assert "not answered" in lh.check_rescaled_separator(X2, Y2, W0, B0, 4 * W0, None).message
    shape = lh.check_rescaled_separator(X2, Y2, W0, B0, [1.0, 2.0, 3.0], 1.0)
    assert not shape.ok and "length 2" in shape.message
    assert not lh.check_rescaled_separator(X2, Y2, W0, B0, "x", 1.0).ok
    assert not lh.check_rescaled_separator(X2, Y2, W0, B0, [np.inf, 0.0], 1.0).ok


@pytest.mark.claim("C05")
@settings(max_examples=60, deadline=None)
@given(
    st.floats(0.01, 0.5),
    st.integers(0, 10_000),
    st.floats(0.05, 20.0),
)
def test_rescaling_by_the_margin_gives_functional_margin_one(margin, seed, c):
    X, y, w, b = lh.make_separable(15, 2, margin, 1.0, seed=seed)
    w, b = c * w, c * b  # any separator, at any scale
    gamma = np.min(y * (X @ w + b))  # its functional margin, computed here
    fb = lh.check_rescaled_separator(X, y, w, b, w / gamma, b / gamma)
    assert fb.ok
    assert np.min(y * (X @ (w / gamma) + b / gamma)) == pytest.approx(1.0, rel=1e-9)
    # half the factor is not enough (its margin is 1/2)
    assert not lh.check_rescaled_separator(X, y, w, b, w / (2 * gamma), b / (2 * gamma)).ok


X3 = np.array([[0.0, 0.0], [2.0, 0.0], [0.0, 2.0], [0.5, 0.5]])
Y3 = np.array([1.0, 1.0, 1.0, -1.0])
LAM3 = np.array([0.25, 0.125, 0.125, 0.5])


@pytest.mark.claim("C25")
def test_check_certificate_cases():
    assert is_gordan_certificate(X3, Y3, LAM3)  # the oracle agrees with the hand solution
    assert lh.check_certificate(X3, Y3, LAM3).ok
    assert lh.check_certificate(X3, Y3, LAM3.tolist()).ok
    cases = [
        (None, "not answered"),
        ([0.5, 0.5], "4 entries"),
        ([0.75, 0.125, 0.125, 0.0], "same total weight"),
        ([-0.25, 0.25, 0.5, 0.5], ">= 0"),
        ([0.5, 0.25, 0.25, 1.0], "add up to 1"),
        ([0.5, 0.0, 0.0, 0.5], "weighted means"),
        ("abc", "numbers"),
    ]
    for lam, match in cases:
        fb = lh.check_certificate(X3, Y3, lam)
        assert not fb.ok, lam
        assert match in fb.message, (lam, fb.message)


@pytest.mark.claim("C25")
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_check_certificate_agrees_with_the_oracle_on_random_weights(seed):
    rng = np.random.default_rng(seed)
    X, y = lh.xor_data()
    lam = rng.dirichlet(np.ones(4))
    assert lh.check_certificate(X, y, lam).ok == is_gordan_certificate(X, y, lam, tol=1e-9)


@pytest.mark.parametrize(
    "fn",
    [
        lambda X, y: lh.check_separation_matrix(X, y, np.zeros((2, 3))),
        lambda X, y: lh.check_rescaled_separator(X, y, [1.0, 0.0], 0.0, [1.0, 0.0], 0.0),
        lambda X, y: lh.check_certificate(X, y, [0.5, 0.5]),
    ],
)
def test_checks_reject_bad_data(fn):
    with pytest.raises(ValueError, match="NaN|infinite|finite"):
        fn(np.array([[np.nan, 0.0], [1.0, 1.0]]), np.array([1.0, -1.0]))
    with pytest.raises(ValueError, match="label"):
        fn(np.array([[0.0, 0.0], [1.0, 1.0]]), np.array([1.0, 3.0]))
