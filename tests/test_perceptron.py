"""Tests for linsep_helpers.perceptron: semantics, traces, invariants, bounds, oracles."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.linear_model import Perceptron

from linsep_helpers.data import lift, make_overlapping, make_separable, staircase, xor_data
from linsep_helpers.perceptron import (
    invariants,
    mistake_bound,
    perceptron,
    staircase_updates,
)
from linsep_helpers.perceptron_variants import averaged_perceptron, pocket_perceptron

BIG = 10**7  # epoch cap large enough that every separable run below converges

# ----------------------------------------------------------------------------------------
# helpers written independently of the module under test
# ----------------------------------------------------------------------------------------


def radius(X):
    return float(np.sqrt(np.max(np.sum(X * X, axis=1))))


def func_margin(X, y, w, b=0.0):
    return float(np.min(y * (X @ w + b)))


def naive_perceptron(X, y, *, bias, lr, bias_step, order, seed, max_epochs, max_updates):
    """A plain per-example loop following the documented contract."""
    n, d = X.shape
    w, b = np.zeros(d), 0.0
    idx, mpe = [], []
    rng = np.random.default_rng(seed)
    converged = False
    for _ in range(max_epochs):
        if order == "batch":
            margins = y * (X @ w + b)
            bad = [i for i in range(n) if margins[i] <= 0]
            mpe.append(len(bad))
            if not bad:
                converged = True
                break
            i = bad[0]
            w = w + lr * y[i] * X[i]
            if bias:
                b = b + bias_step * y[i]
            idx.append(i)
            if len(idx) >= max_updates:
                break
            continue
        visit = rng.permutation(n) if order == "random" else range(n)
        count = 0
        capped = False
        for i in visit:
            if y[i] * (X[i] @ w + b) <= 0:
                w = w + lr * y[i] * X[i]
                if bias:
                    b = b + bias_step * y[i]
                idx.append(int(i))
                count += 1
                if len(idx) >= max_updates:
                    capped = True
                    break
        mpe.append(count)
        if capped:
            break
        if count == 0:
            converged = True
            break
    return w, b, idx, mpe, converged


def homogeneous_data(n, d, frac, rad, seed):
    """Data separable through the origin: lift affine data to (x, 1); separator (w*, b*)."""
    X, y, w, b = make_separable(n, d, margin=frac * rad, radius=rad, seed=seed)
    return lift(X, 1.0), y, np.append(w, b)


data_params = st.tuples(
    st.integers(2, 60),  # n
    st.integers(1, 5),  # d
    st.floats(0.05, 0.5),  # margin as a fraction of the radius
    st.floats(0.25, 4.0),  # radius
    st.integers(0, 10**6),  # seed
)

# ----------------------------------------------------------------------------------------
# C07, C09, C10, C12: convergence and the bounds
# ----------------------------------------------------------------------------------------


@pytest.mark.claim("C07")
@pytest.mark.claim("C09")
@settings(max_examples=80, deadline=None)
@given(data_params)
def test_homogeneous_converges_within_r2_over_gamma2(params):
    n, d, frac, rad, seed = params
    X, y, u = homogeneous_data(n, d, frac, rad, seed)
    res = perceptron(X, y, bias=False, max_epochs=BIG, trace=False)
    assert res.converged
    assert res.b == 0.0
    assert np.all(y * (X @ res.w) > 0)
    R = radius(X)
    gamma = func_margin(X, y, u) / np.linalg.norm(u)
    bound = R**2 / gamma**2
    assert res.updates <= bound
    assert mistake_bound(X, y, u, 0.0, variant="homogeneous") == pytest.approx(bound, rel=1e-9)
    assert res.mistakes_per_epoch[-1] == 0
    assert res.mistakes_per_epoch.sum() == res.updates


@pytest.mark.claim("C07")
@pytest.mark.claim("C10")
@settings(max_examples=80, deadline=None)
@given(data_params)
def test_affine_converges_within_affine_bound(params):
    n, d, frac, rad, seed = params
    X, y, ws, bs = make_separable(n, d, margin=frac * rad, radius=rad, seed=seed)
    res = perceptron(X, y, max_epochs=BIG, trace=False)
    assert res.converged
    assert np.all(y * (X @ res.w + res.b) > 0)
    R = radius(X)
    gf = func_margin(X, y, ws, bs)
    bound = (R**2 + 1) * (ws @ ws + bs**2) / gf**2
    assert res.updates <= bound
    assert mistake_bound(X, y, ws, bs, variant="affine") == pytest.approx(bound, rel=1e-9)
    r = 0.5 + seed % 3
    lift_bound = (R**2 + r**2) * (ws @ ws + bs**2 / r**2) / gf**2
    assert mistake_bound(X, y, ws, bs, variant="lift", r=r) == pytest.approx(lift_bound, rel=1e-9)


@pytest.mark.claim("C12")
@settings(max_examples=60, deadline=None)
@given(data_params, st.sampled_from([0.01, 0.3, 1.0, 7.0, 100.0]))
def test_learning_rate_variant_within_2r_over_gamma_squared(params, lr):
    n, d, frac, rad, seed = params
    X, y, ws, bs = make_separable(n, d, margin=frac * rad, radius=rad, seed=seed)
    R = radius(X)
    res = perceptron(X, y, lr=lr, bias_step=lr * R**2, max_epochs=BIG, trace=False)
    assert res.converged
    assert np.all(y * (X @ res.w + res.b) > 0)
    gamma = func_margin(X, y, ws, bs) / np.linalg.norm(ws)
    bound = (2 * R / gamma) ** 2
    assert res.updates <= bound
    assert mistake_bound(X, y, ws, bs, variant="learning_rate") == pytest.approx(bound, rel=1e-9)
    # the lift bound with r = R is the sharper form of the same statement
    assert mistake_bound(X, y, ws, bs, variant="lift", r=R) <= bound * (1 + 1e-12)


# ----------------------------------------------------------------------------------------
# C08, C11: what one update does, and the proof's invariants
# ----------------------------------------------------------------------------------------


@pytest.mark.claim("C08")
@settings(max_examples=40, deadline=None)
@given(data_params)
def test_one_update_raises_margin_by_norm_squared(params):
    n, d, frac, rad, seed = params
    Xh, yh, _ = homogeneous_data(n, d, frac, rad, seed)
    tr = perceptron(Xh, yh, bias=False, max_epochs=BIG).trace
    for t, i in enumerate(tr.index):
        before = yh[i] * (tr.w[t] @ Xh[i])
        after = yh[i] * (tr.w[t + 1] @ Xh[i])
        assert after - before == pytest.approx(Xh[i] @ Xh[i], rel=1e-9, abs=1e-9)
    X, y, _, _ = make_separable(n, d, margin=frac * rad, radius=rad, seed=seed)
    tr = perceptron(X, y, max_epochs=BIG).trace
    for t, i in enumerate(tr.index):
        before = y[i] * (tr.w[t] @ X[i] + tr.b[t])
        after = y[i] * (tr.w[t + 1] @ X[i] + tr.b[t + 1])
        assert after - before == pytest.approx(X[i] @ X[i] + 1.0, rel=1e-9, abs=1e-9)


@pytest.mark.claim("C11")
@pytest.mark.parametrize("variant", ["homogeneous", "affine", "r2"])
@pytest.mark.parametrize("seed", range(6))
def test_proof_invariants_along_the_trace(variant, seed):
    X, y, ws, bs = make_separable(80, 3, margin=0.05, radius=2.0, seed=seed)
    R = radius(X)
    lr = 1.0
    if variant == "homogeneous":
        X, ws, bs = lift(X, 1.0), np.append(ws, bs), 0.0
        R = radius(X)
        res = perceptron(X, y, bias=False, max_epochs=BIG)
        V, u, Rl = res.trace.w, ws, R
    elif variant == "affine":
        res = perceptron(X, y, max_epochs=BIG)
        V = np.column_stack([res.trace.w, res.trace.b])  # lift (x, 1), v = (w, b)
        u, Rl = np.append(ws, bs), np.sqrt(R**2 + 1)
    else:
        lr = 0.3
        res = perceptron(X, y, lr=lr, bias_step=lr * R**2, max_epochs=BIG)
        V = np.column_stack([res.trace.w, res.trace.b / R])  # lift (x, R), v = (w, b/R)
        u, Rl = np.append(ws, bs / R), np.sqrt(2) * R
    u = u / np.linalg.norm(u)
    # geometric margin of the unit vector u, computed on the lifted points
    Xl = {"homogeneous": X, "affine": lift(X, 1.0), "r2": lift(X, R)}[variant]
    gamma = func_margin(Xl, y, u)
    assert res.converged and res.updates > 3
    M = np.arange(res.updates + 1)
    uv = V @ u
    nsq = np.sum(V * V, axis=1)
    assert np.all(uv >= M * lr * gamma - 1e-9)
    assert np.all(nsq <= M * lr**2 * Rl**2 + 1e-9)
    assert np.all((uv / np.sqrt(np.maximum(nsq, 1e-300)))[1:] <= 1 + 1e-12)
    inv = invariants(X, y, res, ws, bs)
    np.testing.assert_allclose(inv.u_dot_v, uv, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(inv.norm_sq, nsq, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(inv.lower, M * lr * gamma, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(inv.upper, M * lr**2 * Rl**2, rtol=1e-10)
    assert inv.gamma == pytest.approx(gamma, rel=1e-10)
    assert inv.radius == pytest.approx(Rl, rel=1e-12)
    assert res.updates <= inv.bound
    assert inv.bound == pytest.approx(Rl**2 / gamma**2, rel=1e-9)


def test_invariants_requires_trace_and_matching_separator():
    X, y, ws, bs = make_separable(30, 2, margin=0.1, seed=1)
    with pytest.raises(ValueError, match="no trace"):
        invariants(X, y, perceptron(X, y, trace=False), ws, bs)
    with pytest.raises(ValueError, match="does not separate"):
        invariants(X, y, perceptron(X, y), -ws, -bs)
    Xh = lift(X)
    with pytest.raises(ValueError, match="b_star"):
        invariants(Xh, y, perceptron(Xh, y, bias=False), np.append(ws, bs), 0.5)


# ----------------------------------------------------------------------------------------
# independent oracles: scikit-learn and a naive loop
# ----------------------------------------------------------------------------------------


@pytest.mark.claim("C07")
@pytest.mark.parametrize("d", [1, 2, 5])
@pytest.mark.parametrize("seed", range(6))
def test_matches_sklearn_perceptron_weight_for_weight(d, seed):
    X, y, _, _ = make_separable(200, d, margin=0.02, radius=1.5, seed=seed)
    res = perceptron(X, y, max_epochs=BIG, trace=False)
    assert res.converged
    sk = Perceptron(shuffle=False, eta0=1.0, alpha=0.0, penalty=None, tol=None)
    sk.set_params(max_iter=res.epochs + 2).fit(X, y)
    assert list(sk.classes_) == [-1.0, 1.0]  # coef_ scores the +1 class
    np.testing.assert_allclose(sk.coef_[0], res.w, rtol=1e-12, atol=1e-12)
    assert sk.intercept_[0] == pytest.approx(res.b, rel=1e-12, abs=1e-12)
    # labels in {0, 1} mean the same thing (0 -> -1)
    res01 = perceptron(X, (y > 0).astype(int), max_epochs=BIG, trace=False)
    np.testing.assert_array_equal(res01.w, res.w)


@pytest.mark.claim("C07")
@settings(max_examples=120, deadline=None)
@given(
    st.integers(1, 40),
    st.integers(1, 4),
    st.integers(0, 10**6),
    st.sampled_from(["cyclic", "random", "batch"]),
    st.booleans(),
    st.sampled_from([0.5, 1.0, 3.0]),
)
def test_matches_naive_loop_including_ties(n, d, seed, order, bias, lr):
    # small integer data: many exact ties y(w.x + b) == 0, which must count as mistakes
    rng = np.random.default_rng(seed)
    X = rng.integers(-2, 3, size=(n, d)).astype(float)
    y = rng.choice([-1.0, 1.0], size=n)
    bias_step = 2.0 if bias else None
    w, b, idx, mpe, conv = naive_perceptron(
        X, y, bias=bias, lr=lr, bias_step=bias_step, order=order, seed=seed,
        max_epochs=25, max_updates=300,
    )  # fmt: skip
    res = perceptron(
        X, y, bias=bias, lr=lr, bias_step=bias_step, order=order, seed=seed,
        max_epochs=25, max_updates=300,
    )  # fmt: skip
    assert list(res.trace.index) == idx
    assert list(res.mistakes_per_epoch) == mpe
    assert res.converged == conv
    assert res.updates == len(idx)
    np.testing.assert_array_equal(res.w, w)
    assert res.b == b


@pytest.mark.claim("C07")
@settings(max_examples=40, deadline=None)
@given(
    st.integers(60, 900),
    st.integers(1, 6),
    st.integers(0, 10**6),
    st.booleans(),
    st.sampled_from([1.0, 2.0]),
    st.sampled_from([1.0, 3.0]),
)
def test_cyclic_matches_naive_loop_on_longer_integer_data(n, d, seed, bias, lr, bias_step):
    # integer data keep every dot product exact, so any summation order gives the naive
    # loop's margins; n above the first chunk size exercises the chunked cyclic search
    rng = np.random.default_rng(seed)
    X = rng.integers(-3, 4, size=(n, d)).astype(float)
    w_true = rng.integers(-2, 3, size=d).astype(float)
    y = np.where(X @ w_true + rng.integers(-1, 2, size=n) > 0, 1.0, -1.0)
    bs = bias_step if bias else None
    w, b, idx, mpe, conv = naive_perceptron(
        X, y, bias=bias, lr=lr, bias_step=bs, order="cyclic", seed=0, max_epochs=8,
        max_updates=2000,
    )  # fmt: skip
    res = perceptron(
        X, y, bias=bias, lr=lr, bias_step=bs, max_epochs=8, max_updates=2000
    )  # fmt: skip
    assert list(res.trace.index) == idx
    assert list(res.mistakes_per_epoch) == mpe
    assert res.converged == conv
    np.testing.assert_array_equal(res.w, w)
    assert res.b == b


@pytest.mark.claim("C07")
@pytest.mark.parametrize("order", ["cyclic", "random"])
def test_matches_naive_loop_on_a_long_run(order):
    # long clean stretches exercise the growing chunks and the full-margin shortcut
    X, y, _, _ = make_separable(20000, 3, margin=0.002, seed=3)
    w, b, idx, mpe, conv = naive_perceptron(
        X, y, bias=True, lr=1.0, bias_step=1.0, order=order, seed=5, max_epochs=BIG,
        max_updates=BIG,
    )  # fmt: skip
    res = perceptron(X, y, order=order, seed=5, max_epochs=BIG)
    assert conv and res.converged
    assert list(res.trace.index) == idx
    assert list(res.mistakes_per_epoch) == mpe
    np.testing.assert_array_equal(res.w, w)
    assert res.b == b


def test_trace_is_consistent_and_optional():
    X, y, _, _ = make_separable(50, 3, margin=0.05, seed=2)
    res = perceptron(X, y, lr=0.5, bias_step=2.0)
    tr = res.trace
    M = res.updates
    assert tr.w.shape == (M + 1, 3) and tr.b.shape == (M + 1,)
    assert tr.index.shape == (M,) and tr.epoch.shape == (M,)
    assert tr.n_updates == M
    np.testing.assert_array_equal(tr.w[0], 0.0)
    assert tr.b[0] == 0.0
    np.testing.assert_allclose(np.diff(tr.w, axis=0), 0.5 * y[tr.index, None] * X[tr.index])
    np.testing.assert_allclose(np.diff(tr.b), 2.0 * y[tr.index])
    np.testing.assert_array_equal(tr.w[-1], res.w)
    np.testing.assert_array_equal(
        np.bincount(tr.epoch, minlength=res.epochs), res.mistakes_per_epoch
    )
    fast = perceptron(X, y, lr=0.5, bias_step=2.0, trace=False)
    assert fast.trace is None
    np.testing.assert_array_equal(fast.w, res.w)
    assert (fast.b, fast.updates, fast.epochs) == (res.b, res.updates, res.epochs)


def test_batch_updates_on_first_mistake_and_counts_scans():
    X, y, _, _ = make_separable(60, 2, margin=0.03, seed=4)
    res = perceptron(X, y, order="batch", max_epochs=BIG)
    tr = res.trace
    assert res.converged
    assert res.epochs == res.updates + 1
    for t in range(res.updates + 1):
        wrong = np.flatnonzero(y * (X @ tr.w[t] + tr.b[t]) <= 0)
        assert res.mistakes_per_epoch[t] == wrong.size
        if t < res.updates:
            assert tr.index[t] == wrong[0]
            assert tr.epoch[t] == t


def test_start_point_w0_b0():
    X, y, _, _ = make_separable(40, 2, margin=0.05, seed=6)
    w0, b0 = np.array([0.3, -2.0]), 0.7
    res = perceptron(X, y, w0=w0, b0=b0, max_epochs=BIG)
    np.testing.assert_array_equal(res.trace.w[0], w0)
    assert res.trace.b[0] == b0
    assert res.converged and np.all(y * (X @ res.w + res.b) > 0)
    np.testing.assert_array_equal(w0, [0.3, -2.0])  # the caller's array is not modified


# ----------------------------------------------------------------------------------------
# C12, C13: learning rate and scale
# ----------------------------------------------------------------------------------------


@pytest.mark.claim("C12")
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("r2_step", [False, True])
def test_learning_rate_does_not_change_the_mistake_sequence(seed, r2_step):
    X, y, _, _ = make_separable(100, 3, margin=0.03, radius=2.0, seed=seed)
    R2 = radius(X) ** 2
    runs = {}
    for lr in (0.01, 1.0, 100.0):
        step = lr * R2 if r2_step else None
        runs[lr] = perceptron(X, y, lr=lr, bias_step=step, max_epochs=BIG)
    base = runs[1.0]
    assert base.updates > 5
    for lr, res in runs.items():
        np.testing.assert_array_equal(res.trace.index, base.trace.index)
        np.testing.assert_allclose(res.w, lr * base.w, rtol=1e-9)
        assert res.b == pytest.approx(lr * base.b, rel=1e-9)


@pytest.mark.claim("C13")
@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("s", [1e-3, 0.25, 3.0, 1e3])
def test_scaling_x_leaves_bound_and_sequence_unchanged(seed, s):
    X, y, ws, bs = make_separable(60, 3, margin=0.05, seed=seed)
    Xh, uh = lift(X), np.append(ws, bs)
    hom = mistake_bound(Xh, y, uh, 0.0, variant="homogeneous")
    assert mistake_bound(s * Xh, y, uh, 0.0, variant="homogeneous") == pytest.approx(hom, rel=1e-9)
    lrb = mistake_bound(X, y, ws, bs, variant="learning_rate")
    assert mistake_bound(s * X, y, ws, s * bs, variant="learning_rate") == pytest.approx(
        lrb, rel=1e-9
    )
    lb = mistake_bound(X, y, ws, bs, variant="lift", r=1.0)
    assert mistake_bound(s * X, y, ws, s * bs, variant="lift", r=s) == pytest.approx(lb, rel=1e-9)
    a = perceptron(Xh, y, bias=False, max_epochs=BIG)
    b = perceptron(s * Xh, y, bias=False, max_epochs=BIG)
    np.testing.assert_array_equal(a.trace.index, b.trace.index)
    np.testing.assert_allclose(b.w, s * a.w, rtol=1e-9)
    R = radius(X)
    a = perceptron(X, y, bias_step=R**2, max_epochs=BIG)
    b = perceptron(s * X, y, bias_step=(s * R) ** 2, max_epochs=BIG)
    np.testing.assert_array_equal(a.trace.index, b.trace.index)


# ----------------------------------------------------------------------------------------
# C14, C15: non-separable data, order and start, margin
# ----------------------------------------------------------------------------------------


@pytest.mark.claim("C14")
@pytest.mark.parametrize("order", ["cyclic", "random", "batch"])
def test_xor_never_stops(order):
    X, y = xor_data()
    res = perceptron(X, y, order=order, seed=0, max_epochs=300)
    assert not res.converged
    assert res.epochs == 300
    assert np.all(res.mistakes_per_epoch > 0)
    avg = averaged_perceptron(X, y, max_epochs=50)
    assert np.all(avg.mistakes_per_epoch > 0)
    assert np.all(avg.train_errors > 0)


@pytest.mark.claim("C15")
def test_order_and_start_change_the_result():
    X, y, _, _ = make_separable(100, 2, margin=0.02, seed=11)
    finals = {
        tuple(np.round(perceptron(X, y, order="random", seed=s, trace=False).w, 12))
        for s in range(10)
    }
    assert len(finals) > 1
    cyc = perceptron(X, y, trace=False).w
    other = perceptron(X, y, w0=np.array([5.0, -5.0]), trace=False, max_epochs=BIG).w
    assert not np.allclose(cyc, other)


@pytest.mark.claim("C15")
def test_smaller_margin_means_more_updates_on_average():
    # measured over a fixed set of seeds (deterministic), not a per-data-set guarantee
    means = [
        np.mean(
            [
                perceptron(*make_separable(100, 2, margin=m, seed=s)[:2], trace=False).updates
                for s in range(10)
            ]
        )
        for m in (0.3, 0.1, 0.03, 0.01)
    ]
    assert all(a < b for a, b in zip(means, means[1:], strict=False))


# ----------------------------------------------------------------------------------------
# C16: the staircase
# ----------------------------------------------------------------------------------------


@pytest.mark.claim("C16")
def test_staircase_closed_form():
    for d in range(1, 25):
        assert staircase_updates(d) == sum((2**j - 1) ** 2 for j in range(1, d + 1))
    assert [staircase_updates(d) for d in (2, 3, 4)] == [10, 59, 284]
    assert isinstance(staircase_updates(40), int)


@pytest.mark.claim("C16")
@pytest.mark.parametrize("d", range(2, 9))
def test_staircase_cyclic_count_is_exact(d):
    X, y = staircase(d)
    res = perceptron(X, y, bias=False, max_epochs=BIG, trace=False)
    assert res.converged
    assert res.updates == sum((2**j - 1) ** 2 for j in range(1, d + 1))
    assert np.all(X @ res.w > 0)


@pytest.mark.claim("C16")
@pytest.mark.parametrize("d", range(2, 6))
def test_staircase_other_orders_need_at_least_as_many(d):
    X, y = staircase(d)
    lower = sum((2**j - 1) ** 2 for j in range(1, d + 1))
    for s in range(3):
        res = perceptron(X, y, bias=False, order="random", seed=s, max_epochs=BIG, trace=False)
        assert res.updates >= lower
    assert perceptron(X, y, bias=False, order="batch", max_epochs=BIG).updates >= lower


# ----------------------------------------------------------------------------------------
# reproducibility and caps
# ----------------------------------------------------------------------------------------


def test_random_order_is_reproducible():
    X, y, _, _ = make_separable(80, 3, margin=0.02, seed=8)
    a = perceptron(X, y, order="random", seed=42)
    b = perceptron(X, y, order="random", seed=42)
    np.testing.assert_array_equal(a.trace.index, b.trace.index)
    np.testing.assert_array_equal(a.w, b.w)
    c = perceptron(X, y, order="random", seed=43)
    assert list(c.trace.index) != list(a.trace.index)


def test_caps_stop_without_convergence():
    X, y, _, _ = make_separable(100, 2, margin=0.01, seed=9)
    full = perceptron(X, y, max_epochs=BIG)
    assert full.converged and full.epochs > 2 and full.updates > 5
    one = perceptron(X, y, max_epochs=1)
    assert not one.converged and one.epochs == 1
    three = perceptron(X, y, max_updates=3)
    assert not three.converged and three.updates == 3 and three.trace.n_updates == 3
    np.testing.assert_array_equal(three.w, full.trace.w[3])
    zero = perceptron(X, y, max_updates=0)
    assert zero.updates == 0 and not zero.converged
    np.testing.assert_array_equal(zero.w, 0.0)
    batch = perceptron(X, y, order="batch", max_epochs=2)
    assert not batch.converged and batch.epochs == 2 and batch.updates == 2


# ----------------------------------------------------------------------------------------
# averaged and pocket perceptrons
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("order", ["cyclic", "random"])
@pytest.mark.parametrize("separable", [True, False])
def test_averaged_perceptron_matches_naive_average(order, separable):
    if separable:
        X, y, _, _ = make_separable(30, 2, margin=0.05, seed=1)
    else:
        X, y = make_overlapping(30, 2, separation=0.5, seed=1)
    epochs, n = 7, X.shape[0]
    rng = np.random.default_rng(3)
    w, b = np.zeros(2), 0.0
    sw, sb, updates = np.zeros(2), 0.0, 0
    for _ in range(epochs):
        for i in rng.permutation(n) if order == "random" else range(n):
            if y[i] * (X[i] @ w + b) <= 0:
                w, b, updates = w + y[i] * X[i], b + y[i], updates + 1
            sw, sb = sw + w, sb + b
    res = averaged_perceptron(X, y, max_epochs=epochs, order=order, seed=3)
    np.testing.assert_allclose(res.w, sw / (epochs * n), rtol=1e-10, atol=1e-12)
    assert res.b == pytest.approx(sb / (epochs * n), rel=1e-10, abs=1e-12)
    np.testing.assert_array_equal(res.w_last, w)
    assert res.updates == updates == res.mistakes_per_epoch.sum()
    assert res.train_errors[-1] == np.sum(y * (X @ res.w + res.b) <= 0)
    assert res.last_train_errors[-1] == np.sum(y * (X @ w + b) <= 0)


def test_pocket_keeps_the_best_weights():
    X, y = make_overlapping(60, 2, separation=1.0, seed=2)
    res = pocket_perceptron(X, y, max_epochs=20, seed=0)
    assert res.errors == np.sum(y * (X @ res.w + res.b) <= 0)
    assert res.errors == min(60, res.errors_per_update.min())
    assert res.errors_per_update.size == res.updates == res.mistakes_per_epoch.sum()
    assert np.all(np.diff(res.pocket_errors_per_epoch) <= 0)
    assert res.errors < 60
    X, y, _, _ = make_separable(40, 2, margin=0.05, seed=2)
    sep = pocket_perceptron(X, y, max_epochs=10000, seed=1)
    assert sep.errors == 0 and np.all(y * (X @ sep.w + sep.b) > 0)


# ----------------------------------------------------------------------------------------
# bad input
# ----------------------------------------------------------------------------------------

X0, Y0, W0, B0 = make_separable(20, 2, margin=0.1, seed=0)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"lr": 0.0}, "lr must be > 0"),
        ({"lr": -1.0}, "lr must be > 0"),
        ({"order": "sorted"}, "order must be one of"),
        ({"bias": False, "bias_step": 1.0}, "bias_step was given but bias=False"),
        ({"bias_step": 0.0}, "bias_step must be > 0"),
        ({"w0": [1.0, 2.0, 3.0]}, "w0 has length 3"),
        ({"bias": False, "b0": 1.0}, "b0 must be 0"),
        ({"max_epochs": 0}, "max_epochs must be >= 1"),
        ({"max_updates": -1}, "max_updates must be >= 0"),
    ],
)
def test_perceptron_rejects_bad_options(kwargs, match):
    with pytest.raises(ValueError, match=match):
        perceptron(X0, Y0, **kwargs)


def test_perceptron_rejects_bad_data():
    with pytest.raises(ValueError, match="labels in y"):
        perceptron(X0, np.where(Y0 > 0, 2, 1))
    bad = X0.copy()
    bad[3, 1] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        perceptron(bad, Y0)
    with pytest.raises(ValueError, match="empty"):
        perceptron(np.empty((0, 2)), [])
    with pytest.raises(ValueError, match="labels but X has"):
        perceptron(X0, Y0[:-1])


def test_other_functions_reject_bad_input():
    with pytest.raises(ValueError, match="variant must be one of"):
        mistake_bound(X0, Y0, W0, B0, variant="novikoff")
    with pytest.raises(ValueError, match="does not separate.*functional margin"):
        mistake_bound(X0, Y0, -W0, -B0, variant="affine")
    with pytest.raises(ValueError, match="use variant='affine'"):
        mistake_bound(X0, Y0, W0, B0 if B0 != 0 else 0.1, variant="homogeneous")
    with pytest.raises(ValueError, match="needs the keyword r"):
        mistake_bound(X0, Y0, W0, B0, variant="lift")
    with pytest.raises(ValueError, match="r must be > 0"):
        mistake_bound(X0, Y0, W0, B0, variant="lift", r=0.0)
    with pytest.raises(ValueError, match="only used by variant='lift'"):
        mistake_bound(X0, Y0, W0, B0, variant="affine", r=2.0)
    Xp = np.array([[1.0, 0.0], [0.0, 1.0]])
    with pytest.raises(ValueError, match=r"\|b_star\| <= R"):
        mistake_bound(Xp, [1, 1], np.array([0.1, 0.1]), 5.0, variant="learning_rate")
    with pytest.raises(ValueError, match="w_star has length"):
        mistake_bound(X0, Y0, np.ones(3), 0.0, variant="affine")
    with pytest.raises(ValueError, match="d must be >= 1"):
        staircase_updates(0)
    with pytest.raises(ValueError, match="order must be one of"):
        averaged_perceptron(X0, Y0, order="batch")
    with pytest.raises(ValueError, match="order must be one of"):
        pocket_perceptron(X0, Y0, order="batch")
    with pytest.raises(ValueError, match="max_epochs must be >= 1"):
        averaged_perceptron(X0, Y0, max_epochs=0)
    with pytest.raises(ValueError, match="max_epochs must be >= 1"):
        pocket_perceptron(X0, Y0, max_epochs=0)
    with pytest.raises(ValueError, match="PerceptronResult"):
        invariants(X0, Y0, "not a result", W0, B0)


def naive_pocket(X, y, *, max_epochs, lr, bias_step, order, seed):
    """Gallant's pocket with ratchet, written from the definition."""
    n, d = X.shape
    rng = np.random.default_rng(seed)
    w, b = np.zeros(d), 0.0
    best = (w, b, n)  # w = 0 misclassifies every example (ties count)
    history, per_epoch = [], []
    for _ in range(max_epochs):
        count = 0
        for i in rng.permutation(n) if order == "random" else range(n):
            if y[i] * (np.dot(w, X[i]) + b) <= 0:
                w, b, count = w + lr * y[i] * X[i], b + bias_step * y[i], count + 1
                errors = int(np.sum(y * (X @ w + b) <= 0))
                history.append(errors)
                if errors < best[2]:
                    best = (w, b, errors)
                if errors == 0:
                    break
        per_epoch.append(count)
        if count == 0 or best[2] == 0:
            break
    return best, w, b, history, per_epoch


@pytest.mark.parametrize("order", ["cyclic", "random"])
@pytest.mark.parametrize(("lr", "bias_step"), [(1.0, None), (0.5, 2.0), (2.0, 0.25)])
def test_pocket_matches_naive_pocket(order, lr, bias_step):
    X, y = make_overlapping(50, 3, separation=1.0, seed=4)
    res = pocket_perceptron(X, y, max_epochs=15, lr=lr, bias_step=bias_step, order=order, seed=7)
    step = lr if bias_step is None else bias_step
    (bw, bb, be), w, b, history, per_epoch = naive_pocket(
        X, y, max_epochs=15, lr=lr, bias_step=step, order=order, seed=7
    )
    np.testing.assert_array_equal(res.w, bw)
    assert (res.b, res.errors) == (bb, be)
    np.testing.assert_array_equal(res.w_last, w)
    assert res.b_last == b
    assert list(res.errors_per_update) == history
    assert list(res.mistakes_per_epoch) == per_epoch
    assert res.epochs == len(per_epoch) and res.updates == len(history)


def test_averaged_perceptron_learning_rate_and_bias_step():
    X, y = make_overlapping(40, 2, separation=0.5, seed=6)
    base = averaged_perceptron(X, y, max_epochs=6)
    scaled = averaged_perceptron(X, y, max_epochs=6, lr=3.0, bias_step=3.0)
    # from w = 0, scaling both steps scales every iterate and hence the average
    np.testing.assert_allclose(scaled.w, 3.0 * base.w, rtol=1e-12)
    assert scaled.b == pytest.approx(3.0 * base.b, rel=1e-12, abs=1e-12)
    assert list(scaled.mistakes_per_epoch) == list(base.mistakes_per_epoch)
    hom = averaged_perceptron(X, y, max_epochs=6, bias=False)
    assert hom.b == 0.0 and hom.b_last == 0.0
