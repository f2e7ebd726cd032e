"""Notebook 04's explorers (linsep_helpers.explorers.linear_programming): every answer an
explorer returns is re-verified with arithmetic written here (margins, Gordan's conditions) and
scikit-learn's hard-margin SVM."""

import itertools

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
    X, y = s.X, s.y
    # the data are what the sliders say
    assert np.max(np.linalg.norm(X, axis=1)) == pytest.approx(radius, rel=1e-9)
    (w_star, b_star), (w_lp, b_lp), (w_p, b_p), (w1, b1), (wi, bi) = s.separators
    assert np.min(y * (X @ w_star + b_star)) == pytest.approx(margin, rel=1e-6)
    # the zero-objective LP: feasible for A z >= 1, i.e. every y_i (w.x_i + b) >= 1
    assert s.lp_separable
    assert np.min(y * (X @ w_lp + b_lp)) >= 1 - 1e-9
    # the perceptron: converged means it separates; otherwise it stopped at the cap
    if s.perceptron_converged:
        assert strictly_separates(w_p, b_p, X, y)
        assert s.perceptron_updates <= lp_explorer.cap
    else:
        assert s.perceptron_updates == lp_explorer.cap
    # geometric margins reported = min y (w.x + b) / ||w||_2, recomputed here
    for (w, b), g in zip(s.separators, s.geometric, strict=True):
        assert g == pytest.approx(np.min(y * (X @ w + b)) / np.linalg.norm(w), rel=1e-9, abs=1e-12)
    # the max-margin LPs beat (w*, b*) in their own norm (w* is a feasible candidate)
    m_star = np.min(y * (X @ w_star + b_star))
    assert s.l1_margin >= m_star / np.max(np.abs(w_star)) * (1 - 1e-6)
    assert s.linf_margin >= m_star / np.sum(np.abs(w_star)) * (1 - 1e-6)
    # and nobody beats the Euclidean maximum margin (scikit-learn's hard-margin SVM)
    best = l2_max_margin(X, y)
    assert max(g for g in s.geometric) <= best * (1 + 1e-3) + 1e-9
    # the affine perceptron's bound (C10) for the generator's (w*, b*), written out here, and
    # the perceptron (bias updated by b <- b + y) keeps to it
    bound = (np.max(np.sum(X**2, axis=1)) + 1) * (w_star @ w_star + b_star**2) / m_star**2
    assert s.perceptron_bound == pytest.approx(bound, rel=1e-9)
    assert np.isfinite(s.perceptron_bound)
    if s.perceptron_converged:
        assert s.perceptron_updates <= bound
    assert f"= {bound:.4g} updates" in lp_explorer.readout(s)
    # the figure follows: title and legend show the state
    assert f"γ = {margin:.3f}" in lp_explorer.ax.get_title()
    names = [t.get_text() for t in lp_explorer.legend.get_texts()]
    assert names == list(lh.LPSeparatorsExplorer.NAMES)  # the legend never changes
    texts = [t.get_text() for t in lp_explorer.margin_texts]  # the margins, row by row
    for text, g in zip(texts, s.geometric, strict=True):
        assert text.startswith(f"{g:.4f}")
    if s.perceptron_converged:
        assert f"({s.perceptron_updates} updates)" in texts[2]
    else:
        assert "cap" in texts[2]


def test_lp_explorer_cap_is_stated_when_reached():
    e = lh.LPSeparatorsExplorer(cap=1, margin=0.001, radius=3.0)
    assert not e.state.perceptron_converged
    assert e.state.perceptron_updates == 1
    assert "(STOPPED at 1)" in e.margin_texts[2].get_text()
    # the readout gives the bound, not the count (the legend's row has it)
    assert "STOPPED" not in e.readout(e.state)
    assert "(R²+1)(‖w*‖²+b*²)/γ̂² for the generator's (w*, b*)" in e.readout(e.state)


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
    X, y = s.X, s.y
    assert np.allclose(X[-1], [s.px, s.py])
    assert y[-1] == -1
    has_sep = s.w is not None
    has_cert = s.lam is not None
    assert has_sep != has_cert, "exactly one of separator / certificate"
    assert s.separable == has_sep
    if has_sep:
        assert s.kind == "separator"
        assert np.min(y * (X @ s.w + s.b)) >= 1 - 1e-9
        assert s.robust <= 1e-7  # the robust LP agrees: zero mean slack
        assert len(e.sep.line.get_xdata()) == 2
        assert len(e.cert.point.get_data()[0]) == 0
        assert e.ax.get_title().startswith("separator found")
    else:
        assert s.kind == "certificate"
        lam = s.lam
        assert is_gordan_certificate(X, y, lam)
        # p = 2 sum_{+} lam_i x_i = 2 sum_{-} lam_i x_i lies in both hulls
        p = s.point
        assert np.allclose(p, 2 * lam[y > 0] @ X[y > 0], atol=1e-8)
        assert np.allclose(p, 2 * lam[y < 0] @ X[y < 0], atol=1e-8)
        assert s.robust > 1e-7  # not separable: positive mean slack
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
    assert s.kind == "certificate"


@pytest.mark.claim("C25")
def test_certificate_explorer_far_right_is_separable(cert_explorer):
    # every base -1 point has x1 >= 0.4 and every +1 point x1 <= -0.3, so x1 = 0.05 separates
    # once the moved point is on the right too
    s = cert_explorer.update(px=1.0, py=0.0)
    assert strictly_separates([-1.0, 0.0], 0.05, s.X, s.y)
    check_exactly_one(cert_explorer, s)
    assert s.kind == "separator"
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
# static figures: class legend, read-out under the figure
# -------------------------------------------------------------------------------------------


def _png_size(data):
    """(width, height) from a PNG's IHDR chunk, read here."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@pytest.mark.parametrize("make", [lh.LPSeparatorsExplorer, lh.CertificateExplorer])
def test_static_png_carries_the_readout_under_the_figure(make):
    """The notebook's text refers to the line under the figure: a static view must show it."""
    import base64

    e = make()
    try:
        bundle = e._repr_mimebundle_()
        static = base64.b64decode(bundle["image/png"])
        w_fig, h_fig = _png_size(e.png())
        w_static, h_static = _png_size(static)
        assert w_static == w_fig
        assert h_static > h_fig  # a caption strip under the unchanged figure
        # the figure itself is untouched: no caption text left in it
        assert not any(e.readout(e.state)[:20] in t.get_text() for t in e.fig.texts)
    finally:
        plt.close(e.fig)


def test_lp_explorer_legend_names_both_classes():
    e = lh.LPSeparatorsExplorer()
    try:
        texts = {
            t.get_text()
            for leg in e.ax.findobj(plt.matplotlib.legend.Legend)
            for t in leg.get_texts()
        }
        assert {"y = +1", "y = -1"} <= texts
    finally:
        plt.close(e.fig)
