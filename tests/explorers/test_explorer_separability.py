"""Notebook 01's explorers (linear_helpers.explorers.separability): the margin and scaling
explorers at every slider extreme, checked against margins and radii measured here."""

import itertools

import ipywidgets as ipw
import numpy as np
import pytest

import linsep_helpers as lh

MARGINS = (0.001, 0.01, 0.2, 0.5)
RADII = (0.5, 1.0, 3.0)
CS = (1e-2, 0.1, 1.0, 4.0, 1e3)


def measured(X, y, w, b):
    """Margin and radius measured independently of the explorer."""
    margin = min(yi * (float(np.dot(w, xi)) + b) for xi, yi in zip(X, y, strict=True))
    radius = max(float(np.sqrt(np.sum(xi**2))) for xi in X)
    return margin, radius


# ----------------------------------------------------------------------------- MarginExplorer


@pytest.fixture(scope="module")
def margin_explorer():
    return lh.MarginExplorer(n=60, seed=0)


def test_margin_explorer_slider_ranges():
    specs = {s.name: s for s in lh.MarginExplorer.sliders}
    assert specs["margin"].extremes == (0.001, 0.5)
    assert specs["radius"].extremes == (0.5, 3.0)


@pytest.mark.claim("C04")
@pytest.mark.parametrize(("margin", "radius"), list(itertools.product(MARGINS, RADII)))
def test_margin_explorer_measures_what_the_sliders_say(margin_explorer, margin, radius):
    if margin > radius:
        pytest.fail("slider ranges allow margin > radius")  # pragma: no cover
    state = margin_explorer.update(margin=margin, radius=radius)
    X, y, w, b = state.X, state.y, state.w, state.b
    m, r = measured(X, y, w, b)
    assert abs(np.linalg.norm(w) - 1.0) < 1e-12  # so the functional margin is geometric
    assert abs(m - margin) <= 1e-9 and abs(r - radius) <= 1e-9
    assert abs(state.measured_margin - margin) <= 1e-9
    assert abs(state.measured_radius - radius) <= 1e-9
    assert set(np.unique(y)) == {-1.0, 1.0}
    # the figure shows the new data and the measured numbers
    arts = margin_explorer.data_artists
    assert np.allclose(np.asarray(arts.pos.get_offsets()), X[y > 0])
    assert np.allclose(np.asarray(arts.neg.get_offsets()), X[y < 0])
    assert margin_explorer.circle.get_radius() == radius
    title = margin_explorer.ax.get_title()
    assert f"margin of $(w^*, b^*)$ = {state.measured_margin:.3f}" in title
    assert f"R = {state.measured_radius:.2f}" in title
    assert "R/γ" in margin_explorer.readout(state)


@pytest.mark.parametrize("radius", [0.5, 1.0, 1.05, 2.0, 2.5, 3.0])
def test_margin_explorer_axes_fit_the_disc(margin_explorer, radius):
    """The axes show the whole disc, and the disc fills at least a third of the panel width."""
    margin_explorer.update(margin=0.2, radius=radius)
    (x0, x1), (y0, y1) = margin_explorer.ax.get_xlim(), margin_explorer.ax.get_ylim()
    assert x0 == y0 == -x1 and x1 == y1  # square, centred on the origin
    assert radius < x1 <= 1.1 * max(1.0, radius) * 2.0
    assert 2.0 * radius >= (x1 - x0) / 3.0
    # the band is drawn across the current panel: its ends lie on the panel's edge
    upper = np.column_stack(margin_explorer.sep_artists.upper.get_data())
    assert np.all(np.abs(upper) <= x1 + 1e-9) and np.any(np.isclose(np.abs(upper), x1))


def test_margin_explorer_band_has_the_margin_width(margin_explorer):
    state = margin_explorer.update(margin=0.3, radius=1.0)
    w, b = state.w, state.b
    upper = np.column_stack(margin_explorer.sep_artists.upper.get_data())
    lower = np.column_stack(margin_explorer.sep_artists.lower.get_data())
    assert np.allclose(upper @ w + b, 0.3) and np.allclose(lower @ w + b, -0.3)


def test_margin_explorer_rejects_out_of_range_values(margin_explorer):
    with pytest.raises(ValueError, match="margin must be in"):
        margin_explorer.update(margin=0.6)
    with pytest.raises(ValueError, match="radius must be in"):
        margin_explorer.update(radius=0.1)
    with pytest.raises(ValueError, match="has no parameter"):
        lh.MarginExplorer(gamma=0.1)


def test_margin_explorer_widget_wires_the_sliders():
    ex = lh.MarginExplorer(n=30, seed=3)
    box = ex.widget()
    assert isinstance(box, ipw.VBox) and ex.widget() is box  # built once
    ex.controls["margin"].value = 0.05
    ex.controls["radius"].value = 2.0
    m, r = measured(ex.state.X, ex.state.y, ex.state.w, ex.state.b)
    assert abs(m - 0.05) <= 1e-9 and abs(r - 2.0) <= 1e-9
    assert repr(ex) == "MarginExplorer(margin=0.05, radius=2)"
    bundle = ex._repr_mimebundle_()
    assert bundle["text/plain"] == repr(ex) and bundle["image/png"]


# ----------------------------------------------------------------------------- ScalingExplorer


@pytest.fixture(scope="module")
def scaling_explorer():
    return lh.ScalingExplorer(n=30, seed=1)


def test_scaling_explorer_slider_spans_the_required_range():
    (spec,) = lh.ScalingExplorer.sliders
    lo, hi = spec.extremes
    assert spec.kind == "log" and lo <= 1e-2 and hi >= 1e3
    slider = spec.make()
    assert isinstance(slider, ipw.FloatLogSlider)
    assert slider.min == pytest.approx(-2) and slider.max == pytest.approx(3)


@pytest.mark.claim("C04")
@pytest.mark.parametrize("c", CS)
def test_scaling_explorer_functional_scales_geometric_fixed(scaling_explorer, c):
    ex = scaling_explorer
    X, y = ex.X, ex.y
    base_f = min(yi * (float(np.dot(ex.w, xi)) + ex.b) for xi, yi in zip(X, y, strict=True))
    base_g = base_f / float(np.sqrt(np.sum(ex.w**2)))
    state = ex.update(c=c)
    assert state.functional == pytest.approx(c * base_f, rel=1e-12)
    assert state.geometric == pytest.approx(base_g, rel=1e-12)
    assert state.changed_predictions == 0
    base_pred = np.where(X @ ex.w + ex.b >= 0, 1.0, -1.0)
    assert np.array_equal(lh.predict(state.w, state.b, X), base_pred)
    # figure: markers at the computed values, level lines 1/(c ||w||) from the separator
    assert ex.mark_f.get_data()[1][0] == state.functional
    assert ex.mark_g.get_data()[1][0] == state.geometric
    pts = np.column_stack(ex.level_pos.get_data())
    if pts.size:
        assert np.allclose(c * (pts @ ex.w + ex.b), 1.0)
    assert "predictions changed: 0" in ex.ax.get_title()


@pytest.mark.claim("C05")
def test_scaling_explorer_reaches_functional_margin_one(scaling_explorer):
    ex = scaling_explorer
    gamma = min(yi * (float(np.dot(ex.w, xi)) + ex.b) for xi, yi in zip(ex.X, ex.y, strict=True))
    state = ex.update(c=1.0 / gamma)
    assert state.functional == pytest.approx(1.0, rel=1e-12)
    assert state.changed_predictions == 0


def test_scaling_explorer_rejects_out_of_range_and_builds_widget():
    ex = lh.ScalingExplorer()
    with pytest.raises(ValueError, match="c must be in"):
        ex.update(c=1e4)
    with pytest.raises(ValueError, match="c must be in"):
        ex.update(c=0.0)
    box = ex.widget()
    ex.controls["c"].value = 1e3
    assert ex.state.c == pytest.approx(1e3)
    assert "predictions changed = 0" in ex._readout.value
    assert box is ex.widget()


def test_scaling_explorer_start_state_does_not_show_the_crossing():
    """The Try-it asks for the c where the two margins cross: c = 1 / ||w||, not the start c."""
    ex = lh.ScalingExplorer()
    norm = float(np.sqrt(np.sum(ex.w**2)))
    assert norm == pytest.approx(2.0, rel=1e-12)
    start = ex.update(c=1.0)
    assert abs(start.functional - start.geometric) > 0.1 * start.geometric
    cross = ex.update(c=1.0 / norm)
    assert cross.functional == pytest.approx(cross.geometric, rel=1e-12)
    assert np.sqrt(np.sum(cross.w**2)) == pytest.approx(1.0, rel=1e-12)
    for bad in (0.0, -1.0, 1e-4, 1e4):
        with pytest.raises(ValueError, match="w_norm"):
            lh.ScalingExplorer(w_norm=bad)


def test_margin_explorer_data_have_a_larger_margin_than_the_generator():
    """Notebook 01 quotes the data's own margin 0.237 against the generator's 0.2 (n=60, seed 0):
    the max-margin separator is scikit-learn's hard-margin linear SVM (C huge)."""
    from sklearn.svm import SVC

    state = lh.MarginExplorer(n=60, seed=0).update(margin=0.2, radius=1.0)
    svm = SVC(kernel="linear", C=1e8).fit(state.X, state.y)
    w, b = svm.coef_[0], float(svm.intercept_[0])
    best = min(yi * (float(xi @ w) + b) for xi, yi in zip(state.X, state.y, strict=True))
    best /= float(np.sqrt(np.sum(w**2)))
    assert state.measured_margin == pytest.approx(0.2, abs=1e-9)
    assert best == pytest.approx(0.237, abs=5e-4)


def test_prototype_section_margins_relative_to_the_radius():
    """Notebook 01 (section 7) quotes gamma*/R ~ 0.16 (its section-2 data), ~ 0.31 (margin 0.3)
    and ~ 0.51 (the skewed data, gamma* = 1/2 by the line x2 = 0): scikit-learn's hard-margin
    linear SVM (C huge) gives gamma*, and the prototype rule fails only on the last."""
    from sklearn.svm import SVC

    def gamma_star(X, y):
        svm = SVC(kernel="linear", C=1e8, tol=1e-10).fit(X, y)
        w, b = svm.coef_[0], float(svm.intercept_[0])
        return float(np.min(y * (X @ w + b))) / float(np.sqrt(np.sum(w**2)))

    def proto_mistakes(X, y):
        c_pos, c_neg = X[y > 0].mean(axis=0), X[y < 0].mean(axis=0)
        closer_pos = np.sum((X - c_pos) ** 2, axis=1) < np.sum((X - c_neg) ** 2, axis=1)
        return int(np.sum(np.where(closer_pos, 1, -1) != y))

    for margin, quoted, mistakes in ((0.15, 0.16, 4), (0.3, 0.31, 0)):
        X, y, _, _ = lh.make_separable(40, d=2, margin=margin, radius=1.0, seed=0)
        R = float(np.max(np.sqrt(np.sum(X**2, axis=1))))
        assert gamma_star(X, y) / R == pytest.approx(quoted, abs=5e-3)
        assert proto_mistakes(X, y) == mistakes
    pos = [[0.45, 0.5], [0.55, 0.5], [0.65, 0.5], [0.75, 0.5], [0.85, 0.5], [-0.85, 0.5]]
    neg = [[-0.85, -0.5], [-0.75, -0.5], [-0.65, -0.5], [-0.55, -0.5], [-0.45, -0.5]]
    X, y = np.array(pos + neg), np.r_[np.ones(6), -np.ones(5)]
    R = float(np.sqrt(0.85**2 + 0.5**2))
    assert gamma_star(X, y) == pytest.approx(0.5, abs=1e-5)
    assert 0.5 / R == pytest.approx(0.51, abs=5e-3)
    assert proto_mistakes(X, y) == 1


def test_explorers_draw_the_data_above_the_green_normal(margin_explorer, scaling_explorer):
    # at gamma = R = 0.5 the tip of the normal w* ends on a positive example: the point must
    # stay visible, so every scatter of data is drawn after (above) the arrow
    from matplotlib.collections import PathCollection
    from matplotlib.patches import FancyArrow

    for ax in (margin_explorer.ax, scaling_explorer.ax):
        arrows = [p for p in ax.patches if isinstance(p, FancyArrow)]
        points = [c for c in ax.collections if isinstance(c, PathCollection)]
        assert len(arrows) == 1 and len(points) == 2
        assert all(arrows[0].get_zorder() < c.get_zorder() for c in points)
