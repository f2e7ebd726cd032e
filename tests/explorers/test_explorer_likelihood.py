"""Notebook 03's explorers (linsep_helpers.explorers.likelihood): threshold T, scale c with its
data selector, gradient-descent step t, at every slider extreme, against textbook formulas."""

import math

import ipywidgets as ipw
import numpy as np
import pytest
from oracles import ref_sigmoid

import linsep_helpers as lh
from linsep_helpers.data import make_implicit_bias_data

LN2 = math.log(2.0)


def ref_log_likelihood(m):
    """sum_i -ln(1 + e^(-m_i)) with Python's math (exp(-large) quietly underflows to 0)."""
    total = 0.0
    for mi in m:
        if -mi > 700:  # ln(1 + e^x) = x + ln(1 + e^-x)
            total -= -mi + math.log1p(math.exp(mi))
        else:
            total -= math.log1p(math.exp(-mi))
    return total


def ref_log_neg_log_likelihood_large(m, c):
    """ln(-ln L(cw, cb)) for c m_min large: ln(sum_i e^(-c m_i)), as a log-sum-exp."""
    x = -c * np.asarray(m)
    top = x.max()
    return float(top + math.log(np.sum(np.exp(x - top))))


# ----------------------------------------------------------------------------- threshold explorer

T_VALUES = [0.01, 0.02, 0.3, 0.5, 0.7, 0.9, 0.99]


@pytest.fixture(scope="module")
def threshold():
    return lh.ThresholdExplorer()


@pytest.mark.claim("C18")
@pytest.mark.parametrize("T", T_VALUES)
def test_threshold_boundary_is_where_sigma_reaches_T(threshold, T):
    state = threshold.update(T=T)
    assert state.t == pytest.approx(math.log(T / (1 - T)), abs=1e-12)
    # the drawn line lies on w.x + b = t ...
    xs, ys = threshold.t_line.get_data()
    assert len(xs) == 2
    scores = threshold.w[0] * np.asarray(xs) + threshold.w[1] * np.asarray(ys) + threshold.b
    np.testing.assert_allclose(scores, state.t, atol=1e-9)
    np.testing.assert_allclose(ref_sigmoid(scores), T, atol=1e-9)
    # ... and the rule "score >= t" predicts exactly the points with sigma(score) >= T
    p = ref_sigmoid(threshold.X @ threshold.w + threshold.b)
    away = np.abs(p - T) > 1e-12
    pred = (threshold.X @ threshold.w + threshold.b) >= state.t
    np.testing.assert_array_equal(pred[away], (p >= T)[away])
    assert state.predicted_positive == int(pred.sum())
    pos = threshold.y > 0
    assert state.false_positive == int(np.sum(pred & ~pos))
    assert state.false_negative == int(np.sum(~pred & pos))


def test_threshold_half_is_the_usual_boundary_and_extremes_are_monotone(threshold):
    assert threshold.update(T=0.5).t == 0.0
    counts = [threshold.update(T=T).predicted_positive for T in T_VALUES]
    assert counts == sorted(counts, reverse=True)
    assert counts[0] > counts[-1]


@pytest.mark.parametrize("T", [0.0, 1.0, 0.005, 0.995, float("nan")])
def test_threshold_rejects_values_off_the_slider(threshold, T):
    with pytest.raises(ValueError, match="T"):
        threshold.update(T=T)


def test_threshold_widget_builds_and_slider_moves_the_line(threshold):
    box = threshold.widget()
    assert isinstance(box, ipw.VBox)
    threshold.controls["T"].value = 0.9
    assert threshold.values["T"] == pytest.approx(0.9)
    assert threshold.state.t == pytest.approx(math.log(9), abs=1e-9)
    assert repr(threshold).startswith("ThresholdExplorer(T=0.9")


# ----------------------------------------------------------------------------- scaling explorer

C_VALUES = [1e-2, 0.1, 1.0, 30.0, 745.2 / 0.3, 1e4, 1e6]


@pytest.fixture(scope="module")
def scaling():
    return lh.LikelihoodScalingExplorer()


@pytest.mark.claim("C20")
@pytest.mark.parametrize("c", C_VALUES)
def test_scaling_separable_inside_bounds_and_finite(scaling, c):
    scaling.select("separable")
    state = scaling.update(c=c)
    m = scaling.m
    assert math.isfinite(state.log_likelihood) and math.isfinite(state.log_neg_log_likelihood)
    ref = ref_log_likelihood(c * m)
    assert state.log_likelihood == pytest.approx(ref, rel=1e-12, abs=1e-300)
    n, m_min = len(m), m.min()
    lower = -n * math.exp(-c * m_min)
    upper = -math.log1p(math.exp(-c * m_min))
    assert lower - 1e-12 <= state.log_likelihood <= upper + 1e-300
    assert state.lower == pytest.approx(lower, rel=1e-12)
    assert state.upper == pytest.approx(upper, rel=1e-12)
    assert state.log_likelihood <= 0.0 and state.limit == 0.0


@pytest.mark.claim("C20")
def test_scaling_separable_goes_to_zero_and_log_scale_stays_finite(scaling):
    scaling.select("separable")
    values = [scaling.update(c=c).log_likelihood for c in C_VALUES]
    assert values == sorted(values)  # increasing in c
    top = scaling.update(c=1e6)
    assert top.log_likelihood == 0.0 and top.underflowed  # rounded, not attained
    expected = ref_log_neg_log_likelihood_large(scaling.m, 1e6)
    assert top.log_neg_log_likelihood == pytest.approx(expected, rel=1e-12)
    assert top.log_neg_log_likelihood == pytest.approx(-1e6 * 0.3, rel=1e-9)
    assert top.min_own_probability == 1.0
    assert np.all(np.diff(scaling.curve) >= 0) and np.all(scaling.curve < 0.0 + 1e-300)


@pytest.mark.claim("C20")
@pytest.mark.parametrize("c", C_VALUES)
def test_scaling_wrong_point_goes_to_minus_infinity(scaling, c):
    scaling.select("one point wrong")
    state = scaling.update(c=c)
    assert state.lower is None and state.limit == -math.inf
    assert math.isfinite(state.log_likelihood) and math.isfinite(state.log_neg_log_likelihood)
    assert state.log_likelihood == pytest.approx(ref_log_likelihood(c * scaling.m), rel=1e-12)
    if c >= 1e4:  # the wrong point's term c * m_j dominates
        assert state.log_likelihood == pytest.approx(-0.3 * c, rel=1e-3)


@pytest.mark.claim("C20")
@pytest.mark.parametrize("c", C_VALUES)
def test_scaling_boundary_point_tends_to_minus_ln2(scaling, c):
    scaling.select("one point on the boundary")
    state = scaling.update(c=c)
    assert state.k0 == 1 and state.limit == pytest.approx(-LN2)
    assert state.log_likelihood == pytest.approx(ref_log_likelihood(c * scaling.m), rel=1e-12)
    assert state.log_likelihood < -LN2 + 1e-15  # the boundary point alone costs ln 2
    if c >= 1e4:
        assert state.log_likelihood == pytest.approx(-LN2, abs=1e-12)
        assert state.log_neg_log_likelihood == pytest.approx(math.log(LN2), abs=1e-12)
        assert state.min_own_probability == 0.5


@pytest.mark.claim("C21")
def test_scaling_only_the_separable_data_rise_above_minus_ln2(scaling):
    for option in lh.LIKELIHOOD_DATA_OPTIONS:
        scaling.select(option)
        above = scaling.curve > -LN2
        if option == "separable":
            assert above.any()
        else:
            assert not above.any()  # a wrong or tied point costs at least ln 2 at every c


def test_scaling_redraw_moves_artists_without_creating_new_ones(scaling):
    scaling.select("separable")
    counts = [len(ax.lines) + len(ax.images) + len(ax.collections) for ax in scaling.fig.axes]
    for option in lh.LIKELIHOOD_DATA_OPTIONS:
        scaling.select(option)
        for c in (1e-2, 1e6):
            scaling.update(c=c)
    again = [len(ax.lines) + len(ax.images) + len(ax.collections) for ax in scaling.fig.axes]
    assert counts == again
    img = scaling.prob.image.get_array()
    assert img.min() == 0.0 and img.max() == 1.0  # a sharp step at c = 1e6


@pytest.mark.parametrize("c", [0.0, 1e-3, 2e6, float("inf")])
def test_scaling_rejects_c_off_the_slider(scaling, c):
    with pytest.raises(ValueError, match="c"):
        scaling.update(c=c)


def test_scaling_rejects_unknown_data_option():
    with pytest.raises(ValueError, match="data"):
        lh.LikelihoodScalingExplorer(data="noisy")


def test_scaling_widget_has_a_data_toggle_that_switches_data():
    explorer = lh.LikelihoodScalingExplorer(c=1e6)
    box = explorer.widget()
    assert explorer.widget() is box
    toggles = [w for w in box.children if isinstance(w, ipw.ToggleButtons)]
    assert len(toggles) == 1 and tuple(toggles[0].options) == lh.LIKELIHOOD_DATA_OPTIONS
    toggles[0].value = "one point wrong"
    assert explorer.data == "one point wrong"
    assert explorer.state.log_likelihood == pytest.approx(-3e5, rel=1e-3)
    explorer.select("one point on the boundary")
    assert toggles[0].value == "one point on the boundary"
    assert repr(explorer) == "LikelihoodScalingExplorer(c=1e+06, data='one point on the boundary')"
    assert "rounded" not in explorer._readout.value
    explorer.select("separable")
    assert "rounded to 0.0" in explorer._readout.value


# ----------------------------------------------------------------------------- implicit bias


@pytest.fixture(scope="module")
def implicit():
    return lh.ImplicitBiasExplorer()


@pytest.mark.parametrize("t", [1.0, 1.5, 10.0, 1e3, 99_999.0, 1e5])
def test_implicit_bias_state_finite_at_every_t(implicit, t):
    state = implicit.update(t=t)
    assert 1 <= state.t <= t
    for key in ("angle_deg", "norm", "loss", "margin"):
        assert math.isfinite(getattr(state, key))
    X, y, u, gamma = make_implicit_bias_data(0)
    w = state.w
    angle = math.degrees(math.acos(min(1.0, float(w @ u) / float(np.linalg.norm(w)))))
    assert state.angle_deg == pytest.approx(angle, abs=1e-5)
    assert state.margin == pytest.approx(float(np.min(y * (X @ w)) / np.linalg.norm(w)))


def test_implicit_bias_direction_norm_and_loss_rates(implicit):
    first, mid, last = (implicit.update(t=t) for t in (1.0, 1e3, 1e5))
    assert first.angle_deg > mid.angle_deg > last.angle_deg
    assert last.angle_deg < 3.0 and last.t == 1e5
    assert last.margin == pytest.approx(0.5, abs=0.02)  # largest margin through the origin
    # ||w|| grows like (1/gamma) ln t with gamma = 0.5
    slope = (last.norm - mid.norm) / (math.log(last.t) - math.log(mid.t))
    assert slope == pytest.approx(2.0, rel=0.1)
    # loss ~ 1/t: t * loss nearly constant over the last decade
    ten = implicit.update(t=1e4)
    assert ten.loss * ten.t / (last.loss * last.t) == pytest.approx(1.0, rel=0.15)


def test_implicit_bias_rejects_t_off_the_slider_and_widget_builds(implicit):
    with pytest.raises(ValueError, match="t"):
        implicit.update(t=0.5)
    with pytest.raises(ValueError, match="t"):
        implicit.update(t=2e5)
    assert isinstance(implicit.widget(), ipw.VBox)
    implicit.controls["t"].value = 1e5
    assert implicit.state.t == 1e5


def test_implicit_bias_repr_shows_the_recorded_step_of_the_title():
    explorer = lh.ImplicitBiasExplorer(t=100.0)
    shown = explorer.state.t
    assert shown <= 100.0 and shown in set(explorer.ts)
    assert repr(explorer) == f"ImplicitBiasExplorer(t={shown:.0f})"
    assert shown == 98.0  # the recorded step nearest below 100 (log-spaced record)
    assert explorer.axes[0].get_title().startswith("t = 98 (recorded; slider 100)\n")
    assert explorer.state.slider_t == 100.0
    explorer.update(t=1.0)  # a recorded step: the title shows no slider value
    assert explorer.axes[0].get_title().startswith("t = 1\n")


def test_scaling_axes_are_plain_and_the_log_panel_is_labelled_in_minus_ln_L(scaling):
    scaling.select("separable")
    scaling.update(c=1e6)  # -ln L = e^-300000: far below float64, still drawn as log10
    assert scaling.ax1.get_yscale() == "linear" and scaling.ax2.get_yscale() == "linear"
    assert "-\\ln L" in scaling.ax2.get_ylabel() and "symlog" not in scaling.ax2.get_ylabel()
    scaling.fig.canvas.draw()
    labels = [t.get_text() for t in scaling.ax2.get_yticklabels() if t.get_text()]
    assert labels and all(label.startswith("$10^{") for label in labels)
    assert not any("-10" in label and "^{0}" in label for label in labels)
    # the marker sits at log10(-ln L) = -300000 / ln 10 (off the axis, but finite)
    y = scaling.mark2.get_ydata()[0]
    assert y == pytest.approx(-3e5 / math.log(10), rel=1e-9)
    assert "10^{-130288}" in scaling.ax2.get_title()  # 300000 / ln 10 = 130288.1


def test_implicit_bias_gamma_star_is_the_margin_through_the_origin(implicit):
    """gamma* = 0.5 is the homogeneous SVM's margin (scipy); the affine SVM's (scikit-learn,
    hard margin) is larger, 0.5385: the notebook and the legend say "through the origin"."""
    from scipy.optimize import minimize
    from sklearn.svm import SVC

    X, y = implicit.X, implicit.y
    homogeneous = minimize(
        lambda w: w @ w / 2,
        np.ones(2),
        constraints=[{"type": "ineq", "fun": lambda w: y * (X @ w) - 1}],
        method="SLSQP",
        options={"ftol": 1e-14},
    )
    assert implicit.svm.margin == pytest.approx(1 / np.linalg.norm(homogeneous.x), rel=1e-6)
    assert implicit.svm.margin == pytest.approx(0.5, rel=1e-9)
    affine = SVC(kernel="linear", C=1e10, tol=1e-12).fit(X, y)
    assert 1 / np.linalg.norm(affine.coef_[0]) == pytest.approx(0.5385, abs=1e-4)
