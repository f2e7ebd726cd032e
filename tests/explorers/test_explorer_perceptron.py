"""Notebook 02's explorers (linsep_helpers.explorers.perceptron): the proof and staircase
explorers. A plain-loop reference perceptron written in this file is the oracle for what the
explorers show."""

import ipywidgets as ipw
import matplotlib.pyplot as plt
import numpy as np
import pytest
from oracles import reference_run

import linsep_helpers as lh

# ---------------------------------------------------------------------------------------
# independent oracles
# ---------------------------------------------------------------------------------------


def staircase_sum(d):
    total = 0
    for j in range(1, d + 1):
        total += (2**j - 1) ** 2
    return total


def lifted_bound(X, y, w_star, b_star, r):
    """R'^2/gamma'^2 for the lift x -> (x, r) and v* = (w*, b*/r), from scratch."""
    Xl = np.hstack([X, np.full((len(y), 1), r)])
    v = np.append(w_star, b_star / r)
    gamma = np.min(y * (Xl @ v)) / np.linalg.norm(v)
    R = np.max(np.linalg.norm(Xl, axis=1))
    return (R / gamma) ** 2


# ---------------------------------------------------------------------------------------
# PerceptronProofExplorer
# ---------------------------------------------------------------------------------------

PROOF_POINTS = [
    {"margin": 0.001, "radius": 1.0, "eta": 1.0},
    {"margin": 0.5, "radius": 1.0, "eta": 1.0},
    {"margin": 0.1, "radius": 0.5, "eta": 1.0},
    {"margin": 0.1, "radius": 3.0, "eta": 1.0},
    {"margin": 0.1, "radius": 1.0, "eta": 0.01},
    {"margin": 0.1, "radius": 1.0, "eta": 100.0},
    {"margin": 0.001, "radius": 3.0, "eta": 100.0},
    {"margin": 0.5, "radius": 0.5, "eta": 0.01},
    {"margin": 0.05, "radius": 2.0, "eta": 3.0},
]


@pytest.fixture(scope="module")
def proof():
    e = lh.PerceptronProofExplorer(n=40, seed=3, max_updates=400)
    yield e
    plt.close(e.fig)


@pytest.mark.claim("C07")
@pytest.mark.parametrize("point", PROOF_POINTS)
@pytest.mark.parametrize("step", [0, 1, 5, lh.PerceptronProofExplorer.STEP_MAX])
def test_proof_step_shows_the_reference_run(proof, point, step):
    s = proof.update(**point, step=step)
    X, y = s.X, s.y
    r = 1.0
    ref = reference_run(X, y, lr=point["eta"], bias_step=point["eta"] * r * r, max_updates=400)
    assert s.updates == len(ref)
    t = min(step, len(ref))
    assert s.step == t
    if t == 0:
        assert np.all(s.w_t == 0) and s.b_t == 0 and s.index_t is None
    else:
        w, b, i = ref[t - 1]
        np.testing.assert_allclose(s.w_t, w, rtol=1e-9, atol=1e-12)
        assert s.b_t == pytest.approx(b, rel=1e-9, abs=1e-12)
        assert s.index_t == i
        # the example that caused update t was a mistake for the previous weights
        w_prev = ref[t - 2][0] if t >= 2 else np.zeros(2)
        b_prev = ref[t - 2][1] if t >= 2 else 0.0
        assert y[i] * (X[i] @ w_prev + b_prev) <= 0
    # the slider's separator is the trace's row `step`
    np.testing.assert_array_equal(s.w_t, s.result.trace.w[t])


@pytest.mark.claim("C09")
@pytest.mark.claim("C10")
@pytest.mark.claim("C12")
@pytest.mark.parametrize("point", PROOF_POINTS)
def test_proof_displayed_bounds(proof, point):
    s = proof.update(**point)
    X, y, ws, bs = s.X, s.y, s.w_star, s.b_star
    R = np.max(np.linalg.norm(X, axis=1))
    assert R == pytest.approx(point["radius"], rel=1e-9)
    g = np.min(y * (X @ ws + bs)) / np.linalg.norm(ws)
    assert g == pytest.approx(point["margin"], rel=1e-6)
    affine = (R**2 + 1) * (ws @ ws + bs**2) / g**2
    assert s.bound_affine == pytest.approx(affine, rel=1e-9)
    assert s.bound_affine == pytest.approx(
        lh.mistake_bound(X, y, ws, bs, variant="affine"), rel=1e-12
    )
    assert s.bound_learning_rate == pytest.approx((2 * R / g) ** 2, rel=1e-9)
    assert s.bound_learning_rate == pytest.approx(
        lh.mistake_bound(X, y, ws, bs, variant="learning_rate"), rel=1e-12
    )
    # the lifted homogeneous bound R'^2/gamma'^2 is the affine bound (lift r = 1)
    assert s.bound_lifted == pytest.approx(lifted_bound(X, y, ws, bs, 1.0), rel=1e-9)
    assert s.bound_lifted == pytest.approx(affine, rel=1e-9)
    # the measured count respects the bound; a run stops early only at the cap
    if s.converged:
        assert s.updates <= affine
    else:
        assert s.capped and s.updates == proof.max_updates
    # the figure states the numbers (above the panels: a value after each label)
    shown = {key: text.get_text() for key, text in proof.numbers.items()}
    assert shown["M"].split()[0] == str(s.updates)
    assert shown["bound_affine"] == f"{affine:.4g}"
    # (2R/gamma)^2 is proved for the rule b += eta y R^2 only: the affine run does not show it
    assert "bound_learning_rate" not in shown
    assert shown["bound_lifted"] == f"{lifted_bound(X, y, ws, bs, 1.0):.4g}"
    assert float(shown["gamma"]) == pytest.approx(point["margin"], abs=5e-4)
    assert float(shown["R"]) == pytest.approx(point["radius"], abs=5e-3)
    assert float(shown["eta"]) == pytest.approx(point["eta"], rel=5e-3)


@pytest.mark.claim("C11")
@pytest.mark.parametrize("point", PROOF_POINTS)
def test_proof_invariants_hold_along_the_run(proof, point):
    s = proof.update(**point)
    X, y, ws, bs = s.X, s.y, s.w_star, s.b_star
    ref = reference_run(X, y, lr=point["eta"], bias_step=point["eta"], max_updates=400)
    V = np.array([np.append(np.zeros(2), 0.0)] + [np.append(w, b) for w, b, _ in ref])
    u = np.append(ws, bs) / np.linalg.norm(np.append(ws, bs))
    Xl = np.hstack([X, np.ones((len(y), 1))])
    gamma = np.min(y * (Xl @ u))
    R2 = np.max(np.sum(Xl**2, axis=1))
    M = np.arange(len(V))
    eta = point["eta"]
    uv = V @ u
    nsq = np.sum(V**2, axis=1)
    assert np.all(uv >= M * eta * gamma - 1e-9 * (1 + np.abs(uv)))
    assert np.all(nsq <= M * eta**2 * R2 * (1 + 1e-12) + 1e-12)
    # Cauchy-Schwarz squeeze
    assert np.all((M * eta * gamma) ** 2 <= nsq * (1 + 1e-9) + 1e-12)
    inv = s.inv
    np.testing.assert_allclose(inv.u_dot_v, uv, rtol=1e-9, atol=1e-9 * eta)
    np.testing.assert_allclose(inv.norm_sq, nsq, rtol=1e-9, atol=1e-12)
    # the panels draw exactly these lines
    arts = proof.inv_artists
    xs, ys = arts.lower.get_data()
    np.testing.assert_allclose(np.asarray(ys), np.asarray(xs) * eta * gamma, rtol=1e-9)
    xs, ys = arts.upper.get_data()
    np.testing.assert_allclose(np.asarray(ys), np.asarray(xs) * eta**2 * R2, rtol=1e-9)
    xs, ys = arts.quadratic.get_data()
    np.testing.assert_allclose(np.asarray(ys), (np.asarray(xs) * eta * gamma) ** 2, rtol=1e-9)
    bx, _ = arts.bound.get_data()
    assert bx[0] == pytest.approx(R2 / gamma**2, rel=1e-9)


@pytest.mark.claim("C12")
def test_proof_learning_rate_does_not_change_the_mistakes(proof):
    runs = [proof.update(margin=0.05, radius=1.0, eta=eta) for eta in (0.01, 1.0, 100.0)]
    seqs = [r.result.trace.index.tolist() for r in runs]
    assert seqs[0] == seqs[1] == seqs[2]
    np.testing.assert_allclose(runs[2].result.w, 1e4 * runs[0].result.w, rtol=1e-9)


@pytest.mark.claim("C13")
def test_proof_scaling_leaves_run_and_bound_unchanged():
    a = lh.PerceptronProofExplorer(n=40, seed=1, margin=0.05, radius=0.5, variant="learning_rate")
    b = lh.PerceptronProofExplorer(n=40, seed=1, margin=0.3, radius=3.0, variant="learning_rate")
    sa, sb = a.state, b.state
    np.testing.assert_allclose(sb.X, 6 * sa.X, rtol=1e-9, atol=1e-12)
    assert sa.updates == sb.updates
    assert sa.result.trace.index.tolist() == sb.result.trace.index.tolist()
    assert sa.bound_learning_rate == pytest.approx(sb.bound_learning_rate, rel=1e-9)
    assert sa.bound_lifted == pytest.approx(sb.bound_lifted, rel=1e-9)


def test_proof_learning_rate_variant_uses_r_equal_R():
    e = lh.PerceptronProofExplorer(n=30, seed=2, variant="learning_rate", radius=2.0)
    s = e.state
    X, y = s.X, s.y
    R = np.max(np.linalg.norm(X, axis=1))
    ref = reference_run(X, y, lr=1.0, bias_step=R**2)
    assert s.updates == len(ref)
    assert s.result.b == pytest.approx(ref[-1][1])
    assert s.bound_lifted == pytest.approx(lifted_bound(X, y, s.w_star, s.b_star, R))
    # the lift with r = R is never worse than (2R/gamma)^2
    assert s.bound_lifted <= s.bound_learning_rate * (1 + 1e-12)


def test_proof_cap_is_stated_in_the_figure():
    e = lh.PerceptronProofExplorer(n=40, seed=0, max_updates=5, margin=0.001)
    s = e.state
    assert s.updates == 5 and s.capped and not s.converged
    assert "cap of 5 updates" in e.cap_text.get_text()
    assert e.numbers["M"].get_text() == "5 (capped)"
    s = e.update(margin=0.5, radius=3.0)
    if s.converged:
        assert e.cap_text.get_text() == ""


def test_proof_draw_moves_the_artists(proof):
    s = proof.update(margin=0.2, radius=2.0, eta=1.0, step=2)
    X = s.X
    xs, ys = proof.ring.get_data()
    np.testing.assert_allclose([xs[0], ys[0]], X[s.index_t])
    lx, ly = proof.cur_sep.line.get_data()
    pts = np.column_stack([lx, ly])
    np.testing.assert_allclose(pts @ s.w_t + s.b_t, 0, atol=1e-9 * np.linalg.norm(s.w_t))
    mx, my = proof.inv_artists.mark_uv.get_data()
    assert mx[0] == 2 and my[0] == pytest.approx(s.inv.u_dot_v[2])
    s = proof.update(step=0)
    assert len(proof.ring.get_data()[0]) == 0
    assert len(proof.cur_sep.line.get_data()[0]) == 0  # w = 0 has no line
    assert len(proof.inv_artists.mark_uv.get_data()[0]) == 0
    assert "start" in proof.ax.get_title()
    s = proof.update(step=1)
    assert proof.ax.get_title() == f"after update 1 of {s.updates}"
    s = proof.update(step=s.updates)
    assert proof.ax.get_title() == "after the last update, t = M"
    s = proof.update(step=0)
    assert "t = 0" in proof.readout(s)
    s = proof.update(step=1)
    assert f"example {s.index_t}" in proof.readout(s)


def test_proof_widget_step_slider_follows_the_run():
    e = lh.PerceptronProofExplorer(n=40, seed=0, margin=0.1, max_updates=300)
    box = e.widget()
    assert isinstance(box, ipw.VBox)
    assert e.widget() is box
    ctl = e.controls["step"]
    assert ctl.max == max(e.state.updates, 1) and ctl.value == e.state.step
    ctl.value = 1
    assert e.state.step == 1 and e.values["step"] == 1
    e.controls["margin"].value = 0.3  # a new run: jump to its end
    assert e.state.margin == pytest.approx(0.3)
    assert e.state.step == e.state.updates == ctl.value
    assert ctl.max == max(e.state.updates, 1)
    e.controls["eta"].value = 100.0
    assert e.state.eta == pytest.approx(100.0)
    assert "PerceptronProofExplorer(" in repr(e)
    bundle = e._repr_mimebundle_()
    assert "image/png" in bundle and bundle["text/plain"] == repr(e)


def test_proof_bad_parameters():
    with pytest.raises(ValueError, match="variant"):
        lh.PerceptronProofExplorer(variant="batch")
    with pytest.raises(ValueError, match="max_updates must be at most"):
        lh.PerceptronProofExplorer(max_updates=10**6)
    with pytest.raises(ValueError, match="max_updates must be >= 1"):
        lh.PerceptronProofExplorer(max_updates=0)
    with pytest.raises(ValueError, match="n must be >= 2"):
        lh.PerceptronProofExplorer(n=1)
    with pytest.raises(ValueError, match="margin must be in"):
        lh.PerceptronProofExplorer(margin=0.0)
    with pytest.raises(ValueError, match="no parameter"):
        lh.PerceptronProofExplorer(gamma=0.1)


# ---------------------------------------------------------------------------------------
# StaircaseExplorer and the LP's separator
# ---------------------------------------------------------------------------------------


@pytest.mark.claim("C16")
@pytest.mark.parametrize("d", [2, 3, 5, 8])
def test_staircase_explorer_counts(d):
    e = lh.StaircaseExplorer(d=2)
    s = e.update(d=d)
    assert s.updates == staircase_sum(d) == s.closed_form
    assert s.measured.tolist() == [staircase_sum(k) for k in range(2, d + 1)]
    if d <= 5:
        X, y = lh.staircase(d)
        assert s.updates == len(reference_run(X, y, bias=False))
    # exponential in d: more than 4^d / 2
    assert s.updates > 4**d / 2
    # the figure shows what it says
    xs, ys = e.measured.get_data()
    assert list(xs) == list(range(2, d + 1)) and list(ys) == s.measured.tolist()
    assert str(staircase_sum(d)) in e.ax.get_title()
    assert f"{staircase_sum(d)}" in e.readout(s)
    # the margin bound 2^(1-d) is shown exactly, as 1 over a power of two, for origin separators
    denominator = {2: 2, 3: 4, 5: 16, 8: 128}[d]
    title = e.ax2.get_title()
    assert "through the origin" in title and title.endswith(f"= 1/{denominator}$")


def test_staircase_explorer_bound_and_weights():
    e = lh.StaircaseExplorer(d=6)
    s = e.state
    X, y = lh.staircase(6)
    R = np.max(np.linalg.norm(X, axis=1))
    g = np.min(X @ s.w_lp) / np.linalg.norm(s.w_lp)
    assert s.bound_lp == pytest.approx((R / g) ** 2)
    assert s.updates <= s.bound_lp
    assert np.all(X @ s.w > 0)  # the perceptron's final w separates
    xs, ys = e.w_perc.get_data()
    np.testing.assert_array_equal(ys, s.w)
    box = e.widget()
    assert isinstance(box, ipw.VBox)
    e.controls["d"].value = 3
    assert e.state.d == 3


def test_staircase_explorer_bad_d():
    with pytest.raises(ValueError, match="d must be in"):
        lh.StaircaseExplorer(d=9)
    e = lh.StaircaseExplorer(d=2)
    with pytest.raises(ValueError, match="d must be at most"):
        e.compute(d=9)
    with pytest.raises(ValueError, match="d must be >= 2"):
        e.compute(d=1)
    with pytest.raises(ValueError, match="d must be an integer"):
        e.compute(d=2.5)
    with pytest.raises(ValueError, match="d must be >= 1"):
        lh.homogeneous_staircase_lp(0)


def test_proof_shows_the_learning_rate_bound_only_for_its_rule():
    e = lh.PerceptronProofExplorer(n=30, seed=2, variant="learning_rate", margin=0.2, radius=0.5)
    shown = {key: text.get_text() for key, text in e.numbers.items()}
    s = e.state
    R = np.max(np.linalg.norm(s.X, axis=1))
    g = np.min(s.y * (s.X @ s.w_star + s.b_star)) / np.linalg.norm(s.w_star)
    assert shown["bound_learning_rate"] == f"{(2 * R / g) ** 2:.4g}"
    assert "bound_affine" not in shown
