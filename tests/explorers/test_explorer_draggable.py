"""The drag explorers (issue 18): mouse events on an Agg canvas, their states against
independent oracles (scikit-learn's SVC, scipy's linprog, the textbook perceptron of
tests/oracles.py, the likelihood's gradient written out), every edge case shown as a message
in the figure, and blitted frames equal to full renders after a drag.

The mouse is simulated the way a backend delivers it: a ``MouseEvent`` at the pixel of a data
point (``ax.transData``), processed by ``canvas.callbacks``.
"""

import functools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.backend_bases import MouseEvent
from oracles import lp_separable, reference_run
from scipy.optimize import linprog
from sklearn.svm import SVC
from test_blit import _frame, _full_render, _limits, _live

import linsep_helpers as lh
from linsep_helpers.explorers._drag import DragExplorer
from linsep_helpers.explorers.draggable import TOUCH_NOTE

DRAG_CLASSES = [
    lh.DragSeparabilityExplorer,
    lh.DragPerceptronExplorer,
    lh.DragLikelihoodExplorer,
    lh.DragCertificateExplorer,
]
IDS = [c.__name__ for c in DRAG_CLASSES]

# ipympl 0.10.0 builds its toolbar with an argument traitlets deprecates; not ours to fix
pytestmark = pytest.mark.filterwarnings(
    r"ignore:Passing unrecognized arguments to super\(Toolbar\):DeprecationWarning"
)

# two classes that touch: the +1 point (0, 0) and the -1 point (0, 0) lie on every
# separating line x_1 = 0 (quasi-separable: no strict separator, no MLE)
QUASI_X = np.array([[0.0, 0.0], [0.5, 0.2], [0.6, -0.4], [0.0, 0.0], [-0.5, 0.3], [-0.7, -0.2]])
QUASI_Y = np.array([1.0, 1.0, 1.0, -1.0, -1.0, -1.0])
# overlapping classes: the MLE exists
OVERLAP_X = np.array(
    [[0.5, 0.1], [0.7, -0.3], [-0.4, 0.2], [0.2, 0.6], [-0.6, -0.1], [0.3, -0.5], [-0.2, 0.4]]
)
OVERLAP_Y = np.array([1.0, 1.0, 1.0, -1.0, -1.0, -1.0, 1.0])


@pytest.fixture(autouse=True)
def _every_motion_handled(monkeypatch):
    """Events here come back to back: handle each (skipping queued ones is tested below)."""
    monkeypatch.setattr(DragExplorer, "COALESCE_S", 0.0)


def mouse(ex, name, xy, button=None):
    """Deliver one mouse event at the data point xy of the explorer's data axes."""
    px, py = ex.ax.transData.transform(np.asarray(xy, dtype=float))
    event = MouseEvent(name, ex.fig.canvas, px, py, button=button)
    ex.fig.canvas.callbacks.process(name, event)


def pixel(ex):
    """The size of one screen pixel in data units (the larger of the two axes')."""
    inv = ex.ax.transData.inverted()
    return float(np.max(np.abs(inv.transform((1.0, 1.0)) - inv.transform((0.0, 0.0)))))


def drag(ex, i, path):
    mouse(ex, "button_press_event", ex.X[i], 1)
    for xy in path:
        mouse(ex, "motion_notify_event", xy)
    mouse(ex, "button_release_event", path[-1], 1)


def svm_oracle(X, y):
    """Hard-margin SVM (w, b, gamma) by scikit-learn (C huge: no slack)."""
    svc = SVC(kernel="linear", C=1e10, tol=1e-10).fit(X, y)
    w, b = svc.coef_[0], float(svc.intercept_[0])
    return w, b, 1.0 / np.linalg.norm(w)


def lifted_margin_oracle(X, y):
    """Largest margin of the lifted points (x, 1) through the origin: the SVM of the signed
    points z_i = y_i (x_i, 1) against their mirror images -z_i (the intercept is then 0)."""
    Z = y[:, None] * np.column_stack([X, np.ones(len(y))])
    svc = SVC(kernel="linear", C=1e10, tol=1e-10).fit(
        np.vstack([Z, -Z]), np.r_[np.ones(len(y)), -np.ones(len(y))]
    )
    assert abs(svc.intercept_[0]) < 1e-6 * np.linalg.norm(svc.coef_)
    return 1.0 / np.linalg.norm(svc.coef_[0])


def in_hull(p, P):
    """Is p a convex combination of the rows of P? (scipy linprog)"""
    k = len(P)
    res = linprog(
        np.zeros(k),
        A_eq=np.vstack([P.T, np.ones(k)]),
        b_eq=np.r_[p, 1.0],
        bounds=[(0, None)] * k,
        method="highs",
    )
    return res.status == 0


def gradient_oracle(w, b, X, y):
    """grad ln L(w, b) = sum_i y_i (x_i, 1) sigma(-m_i), written out."""
    m = y * (X @ w + b)
    s = 1.0 / (1.0 + np.exp(m))
    return (y * s) @ np.column_stack([X, np.ones(len(y))])


def cross_to_other_class(ex, i=0):
    X, y = ex.X, ex.y
    return X[y != y[i]].mean(axis=0)


# ---------------------------------------------------------------------------- the mouse layer
@pytest.mark.parametrize("cls", DRAG_CLASSES, ids=IDS)
def test_press_drag_release_moves_exactly_that_point(cls):
    ex = cls()
    X0 = ex.X
    target = np.array([0.31, -0.27])
    drag(ex, 2, [(X0[2] + target) / 2, target])
    X1 = ex.X
    # matplotlib's events carry whole pixels: the point lands within a pixel of the target
    np.testing.assert_allclose(X1[2], target, atol=pixel(ex))
    np.testing.assert_array_equal(np.delete(X1, 2, axis=0), np.delete(X0, 2, axis=0))
    assert ex.dragging is None
    assert ex.action == "moved point 2"
    assert ex.ax.title.get_text().startswith("moved point 2")


@pytest.mark.parametrize("cls", DRAG_CLASSES, ids=IDS)
def test_click_adds_the_toggled_class_right_click_and_delete_mode_remove(cls):
    ex = cls()
    ex.widget()
    n = len(ex.y)
    mouse(ex, "button_press_event", (1.2, 1.2), 1)  # an empty corner
    mouse(ex, "button_release_event", (1.2, 1.2), 1)
    assert len(ex.y) == n + 1 and ex.y[-1] == 1.0
    np.testing.assert_allclose(ex.X[-1], [1.2, 1.2], atol=pixel(ex))
    ex.controls["add_label"].value = "-1"
    mouse(ex, "button_press_event", (-1.2, 1.2), 1)
    assert len(ex.y) == n + 2 and ex.y[-1] == -1.0
    # right click on point 0 deletes it; the others keep their order
    before = ex.X
    mouse(ex, "button_press_event", before[0], 3)
    np.testing.assert_array_equal(ex.X, before[1:])
    # delete mode: a left click deletes
    ex.controls["mode"].value = "delete"
    assert "delete mode" in ex.message
    before = ex.X
    mouse(ex, "button_press_event", before[3], 1)
    np.testing.assert_array_equal(ex.X, np.delete(before, 3, axis=0))
    # a click on empty space in delete mode deletes nothing, and says so
    mouse(ex, "button_press_event", (1.25, -1.25), 1)
    assert len(ex.y) == n and "no point here" in ex.message


def test_motion_events_queued_behind_a_move_are_skipped_and_the_release_places_the_point(
    monkeypatch,
):
    ex = lh.DragSeparabilityExplorer()
    monkeypatch.setattr(DragExplorer, "COALESCE_S", 60.0)  # every later motion counts as queued
    calls = []
    compute = ex.compute_data
    monkeypatch.setattr(ex, "compute_data", lambda X, y: calls.append(1) or compute(X, y))
    start = ex.X[4]
    mouse(ex, "button_press_event", start, 1)
    mouse(ex, "motion_notify_event", (0.1, 0.1))
    mouse(ex, "motion_notify_event", (0.2, 0.2))  # skipped
    mouse(ex, "motion_notify_event", (0.3, 0.3))  # skipped
    assert len(calls) == 1
    np.testing.assert_allclose(ex.X[4], (0.1, 0.1), atol=pixel(ex))
    mouse(ex, "button_release_event", (0.4, -0.4), 1)
    np.testing.assert_allclose(ex.X[4], (0.4, -0.4), atol=pixel(ex))
    assert ex.dragging is None and len(calls) == 2


def test_a_click_on_a_point_without_a_move_leaves_it_in_place():
    ex = lh.DragSeparabilityExplorer()
    X0 = ex.X
    mouse(ex, "button_press_event", X0[3] + 0.01, 1)  # within the hit radius
    assert ex.dragging == 3 and "dragging point 3" in ex.message
    mouse(ex, "button_release_event", X0[3] + 0.01, 1)
    np.testing.assert_array_equal(ex.X, X0)
    assert ex.dragging is None and ex.message == ""
    assert len(ex.grab_ring.get_xdata()) == 0


def test_a_double_click_adds_one_point_and_leaves_no_drag_behind():
    """A browser's double click: press, release, press, release, then a "dblclick" press
    (ipympl turns it into a press event with dblclick=True) and no release after it."""
    ex = lh.DragSeparabilityExplorer()
    n = len(ex.y)
    for name in ("button_press_event", "button_release_event") * 2:
        mouse(ex, name, (1.2, 1.2), 1)
    px, py = ex.ax.transData.transform((1.2, 1.2))
    event = MouseEvent("button_press_event", ex.fig.canvas, px, py, button=1, dblclick=True)
    ex.fig.canvas.callbacks.process("button_press_event", event)
    assert len(ex.y) == n + 1 and ex.dragging is None
    mouse(ex, "motion_notify_event", (0.0, 0.0))  # moving the mouse now moves nothing
    np.testing.assert_allclose(ex.X[-1], (1.2, 1.2), atol=pixel(ex))


@pytest.mark.parametrize("cls", DRAG_CLASSES, ids=IDS)
def test_reset_button_restores_the_seeded_data(cls):
    ex = cls()
    box = ex.widget()
    X0, y0 = ex.X, ex.y
    drag(ex, 1, [(0.9, 0.9)])
    mouse(ex, "button_press_event", (-1.1, -1.1), 3)  # nothing there: a message, no change
    mouse(ex, "button_press_event", ex.X[4], 3)
    assert len(ex.y) == len(y0) - 1
    ex.controls["reset"].click()
    np.testing.assert_array_equal(ex.X, X0)
    np.testing.assert_array_equal(ex.y, y0)
    assert "reset" in ex.ax.title.get_text()
    assert ex.readout(ex.state) == box.children[-1].value  # the readout line followed


@pytest.mark.parametrize("cls", DRAG_CLASSES, ids=IDS)
def test_X_and_y_are_copies(cls):
    ex = cls()
    X, y = ex.X, ex.y
    X[:] = 0.0
    y[:] = 1.0
    assert not np.all(ex.X == 0.0)
    assert set(np.unique(ex.y)) == {-1.0, 1.0}
    with pytest.raises(AttributeError):
        ex.X = X


# ---------------------------------------------------------------------------- edge cases
@pytest.mark.parametrize("cls", DRAG_CLASSES, ids=IDS)
def test_drag_outside_the_axes_is_clamped_with_a_message(cls):
    ex = cls()
    drag(ex, 0, [(5.0, -7.0)])  # far outside: below and right of the axes
    (_, x1), (y0, _) = ex.ax.get_xlim(), ex.ax.get_ylim()
    np.testing.assert_allclose(ex.X[0], [x1, y0], atol=1e-9)
    assert "edge of the axes" in ex.message
    assert ex.message_text.get_text()  # shown in the figure


@pytest.mark.parametrize("cls", DRAG_CLASSES, ids=IDS)
def test_stacking_points_is_named(cls):
    ex = cls()
    y = ex.y
    same = int(np.flatnonzero(y == y[0])[1])
    other = int(np.flatnonzero(y != y[0])[0])
    ex.move_point(0, ex.X[same])
    assert f"stacked on point {same}" in ex.message and "counts twice" in ex.message
    ex.move_point(0, ex.X[other])
    assert f"stacked on point {other}" in ex.message and "no line can separate" in ex.message
    assert not lp_separable(ex.X, ex.y)


@pytest.mark.parametrize("cls", DRAG_CLASSES, ids=IDS)
def test_a_point_near_but_not_on_another_is_not_called_stacked(cls):
    # "stacked" claims non-separability only for coincident points; next to an opposite
    # point (a few pixels away) the data may still be separable, as the LP decides
    ex = cls()
    other = int(np.flatnonzero(ex.y != ex.y[0])[0])
    ex.move_point(0, ex.X[other] + np.array([0.003, 0.0]))
    assert "stacked" not in ex.message


@pytest.mark.parametrize("cls", DRAG_CLASSES, ids=IDS)
def test_deleting_the_last_point_of_a_class_or_below_the_minimum_is_refused(cls):
    ex = cls()
    ex.set_data([[0.5, 0.5], [-0.5, -0.5], [-0.6, 0.1], [-0.2, -0.8]], [1, -1, -1, -1])
    mouse(ex, "button_press_event", (0.5, 0.5), 3)
    assert len(ex.y) == 4 and "last of class +1" in ex.message
    assert ex.ax.title.get_text().startswith("point 0 not deleted")  # not an earlier edit
    mouse(ex, "button_press_event", (-0.5, -0.5), 3)  # 4 -> 3 points: allowed
    assert len(ex.y) == 3
    assert ex.ax.title.get_text().startswith("deleted point 1")
    mouse(ex, "button_press_event", (-0.6, 0.1), 3)  # 3 -> 2: refused
    assert len(ex.y) == 3 and f"at least {ex.MIN_POINTS} points" in ex.message
    assert ex.ax.title.get_text().startswith("point 1 not deleted")
    assert ex.message_text.get_text()


def test_adding_beyond_the_maximum_is_refused():
    class Small(lh.DragSeparabilityExplorer):
        MAX_POINTS = 21

    ex = Small()  # 20 seeded points
    mouse(ex, "button_press_event", (1.2, 1.2), 1)
    assert len(ex.y) == 21
    mouse(ex, "button_press_event", (-1.2, 1.2), 1)
    assert len(ex.y) == 21 and "at most 21 points" in ex.message
    assert ex.ax.title.get_text().startswith("point not added")


@pytest.mark.parametrize("cls", DRAG_CLASSES, ids=IDS)
def test_points_exactly_on_the_boundary_are_named(cls):
    ex = cls()
    ex.set_data(QUASI_X, QUASI_Y)
    assert not lp_separable(QUASI_X, QUASI_Y)
    expected = "quasi-separable" if cls is lh.DragLikelihoodExplorer else TOUCH_NOTE
    assert expected in ex.message.replace("\n", " ")
    assert ex.message_text.get_text()
    ex.reset()  # and the note goes away with the touching points
    assert ex.message == ""


@pytest.mark.parametrize("cls", DRAG_CLASSES, ids=IDS)
def test_an_exception_in_a_callback_becomes_a_message(cls, monkeypatch):
    ex = cls()
    X0 = ex.X

    def broken(X, y):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(ex, "compute_data", broken)
    drag(ex, 0, [(0.1, 0.1), (0.2, 0.2)])  # no exception escapes
    assert "did not work" in ex.message and "boom" in ex.message
    assert isinstance(ex.last_error, ZeroDivisionError)
    np.testing.assert_array_equal(ex.X, X0)  # the data stayed as they were
    monkeypatch.undo()
    ex.controls or ex.widget()
    ex.controls["reset"].click()
    assert ex.message == ""


@pytest.mark.parametrize("cls", DRAG_CLASSES, ids=IDS)
def test_bad_programmatic_input_is_a_value_error_naming_it(cls):
    ex = cls()
    with pytest.raises(ValueError, match="i must be"):
        ex.move_point(len(ex.y), (0.0, 0.0))
    with pytest.raises(ValueError, match="xy must be"):
        ex.move_point(0, (np.nan, 0.0))
    with pytest.raises(ValueError, match="label must be"):
        ex.add_point((0.0, 0.0), label=2)
    with pytest.raises(ValueError, match="both classes"):
        ex.set_data([[0, 0], [1, 1], [2, 2]], [1, 1, 1])
    with pytest.raises(ValueError, match="n must"):
        cls(n=2)


# ---------------------------------------------------------------------------- the numbers
def test_separability_follows_the_data_like_the_svm():
    ex = lh.DragSeparabilityExplorer()
    for _ in range(2):
        st_ = ex.state
        assert st_.separable
        w, b, gamma = svm_oracle(ex.X, ex.y)
        assert st_.gamma == pytest.approx(gamma, rel=1e-4)
        np.testing.assert_allclose(np.r_[st_.w, st_.b] * st_.gamma, np.r_[w, b] * gamma, atol=1e-4)
        shown = f"{gamma:.4f}" if gamma < 0.1 else f"{gamma:.3f}"
        assert f"separable (data's margin γ* = {shown})" in ex.ax.title.get_text()
        drag(ex, 3, [(ex.X[3] * 0.9)])  # a small move keeps the classes apart
    drag(ex, 0, [cross_to_other_class(ex)])
    assert not ex.state.separable and not lp_separable(ex.X, ex.y)
    assert ex.ax.title.get_text().endswith("not separable")
    assert len(ex.sep.line.get_xdata()) == 0  # no separator drawn


def test_a_tiny_margin_is_never_shown_as_zero():
    """Point 0 almost on the segment of the support points 4 and 8: the data's margin is half
    the distance of point 0 to the line through them (the geometry, not the SVM)."""
    ex = lh.DragSeparabilityExplorer()
    X = ex.X
    target = X[0] + 0.9999 * ((X[4] + X[8]) / 2 - X[0])
    ex.move_point(0, target)
    u = (X[4] - X[8]) / np.linalg.norm(X[4] - X[8])
    d = target - X[8]
    half_distance = abs(u[0] * d[1] - u[1] * d[0]) / 2
    assert 0 < half_distance < 1e-4
    shown = ex.ax.title.get_text().split("γ* = ")[1].rstrip(")")
    assert float(shown) == pytest.approx(half_distance, rel=0.05)  # 2 significant figures
    assert "0.0000" not in ex.ax.title.get_text()


def test_the_perceptron_call_suggested_in_notebook_02_gives_the_explorers_run():
    """Section 11 of notebook 02 suggests lh.perceptron(drag.X, drag.y, max_updates=drag.cap,
    max_epochs=drag.cap + 1): the same M and verdict as the figure, long runs included."""
    ex = lh.DragPerceptronExplorer(n=20, seed=0, margin=0.1)
    for xy in [(-0.2, -0.95), (-0.2, -0.93), (0.3, -0.9)]:  # M = 3360, a long run, the cap
        ex.move_point(7, xy)
        run = lh.perceptron(ex.X, ex.y, max_updates=ex.cap, max_epochs=ex.cap + 1)
        steps = reference_run(ex.X, ex.y, bias=True, max_updates=ex.cap)
        assert run.updates == ex.state.updates == len(steps)
        assert run.converged == ex.state.converged == (len(steps) < ex.cap)


@pytest.mark.parametrize("xy", [(-0.2, -0.93), (-0.2, -0.95), (0.3, -0.9)])
def test_the_perceptron_titles_fit_in_the_figure(xy):
    """Bounds with an exponent (7.152e+04, 8.053e+06) were cut at the figure's right edge."""
    ex = lh.DragPerceptronExplorer(n=20, seed=0, margin=0.1)
    ex.move_point(7, xy)
    renderer = ex.fig.canvas.get_renderer()
    figure_box = ex.fig.bbox
    for ax in (ex.ax, ex.ax2):
        box = ax.title.get_window_extent(renderer)
        assert figure_box.x0 <= box.x0 and box.x1 <= figure_box.x1, ax.title.get_text()
    if ex.state.separable:
        assert f"bound R′²/γ′² = {ex.state.bound:.4g}" in ex.ax2.title.get_text()


def test_perceptron_run_and_bound_match_the_oracles():
    ex = lh.DragPerceptronExplorer(cap=2000)
    drag(ex, 5, [ex.X[5] * 0.7])
    st_ = ex.state
    steps = reference_run(ex.X, ex.y, bias=True, max_updates=2000)
    assert st_.updates == len(steps) and st_.converged
    np.testing.assert_allclose(st_.w, steps[-1][0], atol=1e-12)
    R2 = float(np.max(np.sum(ex.X**2, axis=1))) + 1.0
    bound = R2 / lifted_margin_oracle(ex.X, ex.y) ** 2
    assert st_.bound == pytest.approx(bound, rel=1e-3)
    assert st_.updates <= st_.bound  # Novikoff
    assert f"M = {len(steps)}" in ex.bar_texts[0].get_text()
    # not separable: the run hits the cap, and the figure says so
    drag(ex, 0, [cross_to_other_class(ex)])
    assert not lp_separable(ex.X, ex.y)
    assert ex.state.updates == len(reference_run(ex.X, ex.y, max_updates=2000)) == 2000
    assert not ex.state.converged and ex.state.bound is None
    assert "STOPPED at the cap of 2000" in ex.ax2.title.get_text()
    assert "not separable" in ex.message


def test_likelihood_separable_then_overlapping():
    ex = lh.DragLikelihoodExplorer()
    st_ = ex.state
    assert st_.kind == "separable" and lp_separable(ex.X, ex.y)
    # along the max-margin direction ln L rises towards 0
    assert np.all(np.diff(st_.curve) >= 0) and st_.curve[0] < st_.curve[-1] > -1e-6
    expected = np.sum(np.log(1.0 / (1.0 + np.exp(-2.0 * ex.y * (ex.X @ st_.w + st_.b)))))
    assert st_.curve[np.argmin(abs(st_.cs - 2.0))] == pytest.approx(expected, rel=0.05)
    assert len(ex.mle.get_xdata()) == 0
    ex.set_data(OVERLAP_X, OVERLAP_Y)
    st_ = ex.state
    assert st_.kind == "overlapping"
    w, b = st_.c_mle * st_.w, st_.c_mle * st_.b
    assert np.linalg.norm(gradient_oracle(w, b, OVERLAP_X, OVERLAP_Y)) < 1e-6
    assert st_.log_likelihood_mle >= np.max(st_.curve) - 1e-9  # the maximum of the curve
    assert ex.mle.get_xdata()[0] == pytest.approx(st_.c_mle)
    assert "maximum ln L" in ex.ax2.title.get_text()


def test_likelihood_quasi_separable_is_named():
    ex = lh.DragLikelihoodExplorer()
    ex.set_data(QUASI_X, QUASI_Y)
    st_ = ex.state
    assert st_.kind == "quasi-separable" and st_.c_mle is None
    m = QUASI_Y * (QUASI_X @ st_.w + st_.b)
    assert np.all(m >= -1e-9)  # a direction with every margin >= 0 ...
    k = int(np.sum(np.abs(m) <= 1e-7))
    assert k >= 2 and np.all(np.abs(m[[0, 3]]) <= 1e-7)  # ... through both stacked points
    assert st_.on_boundary == k and st_.limit == pytest.approx(-k * math.log(2))
    assert st_.curve[-1] == pytest.approx(-k * math.log(2), abs=1e-3)
    with pytest.raises(ValueError):  # and indeed no maximum-likelihood fit exists
        lh.fit_logistic(QUASI_X, QUASI_Y)
    assert "no maximiser" in ex.message and "no line separates" in ex.message


def test_certificate_appears_and_disappears():
    ex = lh.DragCertificateExplorer()
    X0 = ex.X
    assert ex.state.separable
    assert min(ex.y * (ex.X @ ex.state.w + ex.state.b)) >= 1 - 1e-9
    drag(ex, 0, [cross_to_other_class(ex)])
    st_ = ex.state
    assert not st_.separable and not lp_separable(ex.X, ex.y)
    lam, X, y = st_.lam, ex.X, ex.y
    assert np.all(lam >= -1e-12) and lam.sum() == pytest.approx(1.0)
    np.testing.assert_allclose((lam * y) @ np.column_stack([X, np.ones(len(y))]), 0, atol=1e-9)
    assert in_hull(st_.point, X[y > 0]) and in_hull(st_.point, X[y < 0])
    np.testing.assert_allclose(ex.cert.point.get_xydata()[0], st_.point)
    assert sum(t.get_visible() for t in ex.cert.labels) == np.sum(lam > 0)
    drag(ex, 0, [X0[0]])  # drag back
    assert ex.state.separable
    assert len(ex.cert.point.get_xdata()) == 0
    assert not any(t.get_visible() for t in ex.cert.labels)


@functools.cache
def _pair():
    """Two explorers on the same seeded data, made once (not one figure per example)."""
    return lh.DragCertificateExplorer(), lh.DragSeparabilityExplorer(n=10, seed=1)


@settings(max_examples=25)
@given(
    moves=st.lists(
        st.tuples(
            st.integers(0, 9),
            st.floats(-1.4, 1.4, allow_nan=False),
            st.floats(-1.4, 1.4, allow_nan=False),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_random_drags_keep_the_verdict_of_an_lp_oracle(moves):
    ex, sep = _pair()
    ex.reset()
    sep.reset()
    for i, x, y in moves:
        for e in (ex, sep):
            drag(e, i, [(x, y)])
            assert e.state.separable == lp_separable(e.X, e.y)
            assert e.last_error is None


# ---------------------------------------------------------------------------- live frames
@pytest.mark.parametrize("cls", DRAG_CLASSES, ids=IDS)
def test_blitted_drag_frames_equal_full_renders(ipympl_backend, cls):  # noqa: F811
    ex, canvas = _live(cls)
    limits = _limits(ex.fig)
    start = ex.X[1]
    before = dict(ex.blitter.frames)
    mouse(ex, "button_press_event", start, 1)
    _frame(canvas)
    for t in (0.25, 0.5, 0.75):
        mouse(ex, "motion_notify_event", start * (1 - t) + cross_to_other_class(ex, 1) * t)
        blitted = _frame(canvas)
        np.testing.assert_array_equal(blitted, _full_render(canvas))
    mouse(ex, "button_release_event", ex.X[1], 1)
    _frame(canvas)
    assert _limits(ex.fig) == limits
    assert ex.blitter.frames["blit"] - before["blit"] >= 4  # the drag was blitted


# ------------------------------------------------------------- labels (examiner pass 3)
def test_the_separability_legend_names_the_dashed_margin_lines():
    ex = lh.DragSeparabilityExplorer()
    legend = ex.ax.get_legend()
    labels = [t.get_text() for t in legend.get_texts()]
    assert "margin lines w·x + b = ±1, points on them" in labels
    assert ex.sep.upper.get_linestyle() == "--"  # the style that entry stands for


def test_the_perceptron_title_names_the_max_margin_separator():
    ex = lh.DragPerceptronExplorer(n=20, seed=0, margin=0.1)
    _, _, gamma = svm_oracle(ex.X, ex.y)
    shown = f"{gamma:.4f}" if gamma < 0.1 else f"{gamma:.3f}"
    assert f"separable (max-margin separator's γ = {shown})" in ex.ax.title.get_text()


@pytest.mark.parametrize(
    ("X", "y"),
    [
        ([[-1, 0], [1, 0], [0, -1], [0, 1]], [1, 1, -1, -1]),  # diagonals crossing at 0
        ([[-0.5, 0], [0.5, 0], [0, -0.5], [0, 0.5], [0.9, 0.9]], [1, 1, -1, -1, 1]),
        ([[-1, -1], [1, 1], [-1, 1], [1, -1]], [1, 1, -1, -1]),
    ],
)
def test_the_certificate_title_never_shows_a_negative_zero(X, y):
    """p's first coordinate is 0 in each case (the +1 segment's x is symmetric about 0)."""
    ex = lh.DragCertificateExplorer()
    ex.set_data(np.array(X, float), np.array(y, float))
    assert not lp_separable(ex.X, ex.y)
    assert "p = (0.00, " in ex.ax.title.get_text()
    assert "-0.00" not in ex.ax.title.get_text()
    assert "-0.0000" not in ex.readout(ex.state)
