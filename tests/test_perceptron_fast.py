"""The fast cyclic path (_perceptron_fast) makes bit for bit the run of the plain loop.

Three runs are compared on every data set: ``_plain_loop`` (what notebook 02 shows),
``_perceptron_fast.cyclic_run`` (chunked matrix-vector products with a rounding guard) and a
textbook loop written here.  Float data on a decimal grid (k / 10) make many near-ties whose
sign depends on the summation order, which is where gemv and dot can disagree.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linsep_helpers._perceptron_fast import cyclic_run
from linsep_helpers.data import make_overlapping, make_separable, staircase
from linsep_helpers.perceptron import _plain_loop, perceptron


def textbook(X, y, *, lr, bias_step, max_epochs, max_updates):
    """The cyclic perceptron as in a textbook, written independently of the package."""
    n, d = X.shape
    w, b = np.zeros(d), 0.0
    history, mistakes_per_epoch = [], []
    for epoch in range(max_epochs):
        mistakes = 0
        for i in range(n):
            if y[i] * (np.dot(w, X[i]) + b) <= 0:
                w = w + lr * y[i] * X[i]
                b = b + bias_step * y[i]
                mistakes += 1
                history.append((i, epoch, w, b))
                if len(history) == max_updates:
                    return w, b, history, mistakes_per_epoch + [mistakes], False
        mistakes_per_epoch.append(mistakes)
        if mistakes == 0:
            return w, b, history, mistakes_per_epoch, True
    return w, b, history, mistakes_per_epoch, False


def make_data(kind, n, d, seed):
    rng = np.random.default_rng(seed)
    if kind == "separable":
        if n < 2:
            return make_separable(2, d, margin=0.05, seed=seed)[0][:1], np.ones(1)
        X, y, _, _ = make_separable(n, d, margin=0.05 * rng.random() + 1e-3, seed=seed)
        return X, y
    if kind == "overlapping":
        return make_overlapping(max(n, 2), d, separation=0.5, seed=seed)
    if kind == "integer":
        X = rng.integers(-3, 4, size=(n, d)).astype(float)
    elif kind == "decimal":  # k / 10: sums such as 0.1 + 0.2 - 0.3 are tiny, not 0
        X = rng.integers(-9, 10, size=(n, d)) / 10.0
    else:  # "gaussian", a scale far from 1
        X = rng.standard_normal((n, d)) * 10.0 ** rng.integers(-3, 4)
    w_true = rng.standard_normal(d)
    y = np.where(X @ w_true + 0.3 * rng.standard_normal(n) > 0, 1.0, -1.0)
    return X, y


def assert_same_run(X, y, *, lr, bias_step, max_epochs, max_updates):
    d = X.shape[1]
    plain_steps, fast_steps = [], []
    w_p, b_p, mpe_p, conv_p = _plain_loop(
        X, y, np.zeros(d), 0.0, lr, bias_step, max_epochs, max_updates, None, plain_steps
    )
    w_f, b_f, mpe_f, conv_f = cyclic_run(
        X, y, np.zeros(d), 0.0, lr=lr, bias_step=bias_step, max_epochs=max_epochs,
        max_updates=max_updates, trace=fast_steps,
    )  # fmt: skip
    w_t, b_t, steps_t, mpe_t, conv_t = textbook(
        X, y, lr=lr, bias_step=bias_step, max_epochs=max_epochs, max_updates=max_updates
    )
    for steps in (plain_steps, fast_steps):
        assert [(int(i), e) for i, e, _, _ in steps] == [(i, e) for i, e, _, _ in steps_t]
        for (_, _, w, b), (_, _, wt, bt) in zip(steps, steps_t, strict=True):
            np.testing.assert_array_equal(w, wt)
            assert b == bt
    for w, b, mpe, conv in ((w_p, b_p, mpe_p, conv_p), (w_f, b_f, mpe_f, conv_f)):
        np.testing.assert_array_equal(w, w_t)
        assert b == b_t
        assert mpe == mpe_t
        assert conv == conv_t
    # the public function, with and without the trace, whichever path it picks
    kw = {"lr": lr, "max_epochs": max_epochs, "max_updates": max_updates}
    if bias_step == 0.0:
        kw["bias"] = False
    else:
        kw["bias_step"] = bias_step
    for trace in (True, False):
        res = perceptron(X, y, trace=trace, **kw)
        np.testing.assert_array_equal(res.w, w_t)
        assert res.b == b_t
        assert (res.updates, res.epochs, res.converged) == (len(steps_t), len(mpe_t), conv_t)
        assert list(res.mistakes_per_epoch) == mpe_t
        if trace:
            assert list(res.trace.index) == [i for i, _, _, _ in steps_t]
    return len(steps_t)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["separable", "overlapping", "integer", "decimal", "gaussian"]),
    st.integers(1, 300),
    st.integers(1, 20),
    st.integers(0, 10**6),
    st.booleans(),
    st.sampled_from([0.1, 0.5, 1.0, 3.0]),
    st.sampled_from([None, 0.3, 1.0, 2.0, "R2"]),
    st.sampled_from([None, 1, 7, 100]),
)
def test_fast_path_plain_loop_and_textbook_agree_bit_for_bit(
    kind, n, d, seed, bias, lr, step, max_updates
):
    X, y = make_data(kind, n, d, seed)
    if not bias:
        bias_step = 0.0
    elif step == "R2":  # Shalizi's lr R^2: b rarely repeats a value
        bias_step = lr * float(np.max(np.sum(X * X, axis=1)))
        bias_step = bias_step if bias_step > 0 else 1.0
    else:
        bias_step = lr if step is None else step
    assert_same_run(X, y, lr=lr, bias_step=bias_step, max_epochs=12, max_updates=max_updates)


@pytest.mark.parametrize(
    ("kind", "n", "d", "bias_step", "max_epochs"),
    [
        ("decimal", 5000, 7, 1.0, 6),  # growing chunks, split pieces, signed rows
        ("decimal", 3000, 20, 0.0, 6),  # homogeneous
        ("gaussian", 4000, 3, 2.0**0.5, 8),  # thresholds computed per product
        ("integer", 60000, 20, 1.0, 2),  # n d > 2^20: no signed copy, plain test
        ("decimal", 60000, 20, 0.5, 2),  # n d > 2^20, float: R measured during the first pass
        ("overlapping", 2000, 2, 1.0, 30),
    ],
)
def test_fast_path_on_longer_runs(kind, n, d, bias_step, max_epochs):
    X, y = make_data(kind, n, d, seed=n + d)
    assert assert_same_run(X, y, lr=1.0, bias_step=bias_step, max_epochs=max_epochs,
                           max_updates=None) > 10  # fmt: skip


def test_fast_path_when_the_rows_grow():
    # rows whose norms grow along X: the guard's bound R (measured on the rows read so far when
    # n d > 2^20) grows during the first pass
    X, y = make_data("decimal", 60000, 20, seed=7)
    X *= np.linspace(0.01, 100.0, 60000)[:, None]
    assert assert_same_run(X, y, lr=1.0, bias_step=1.0, max_epochs=2, max_updates=None) > 10


def test_fast_path_with_long_threaded_products(monkeypatch):
    # X of more than 2^22 entries is read with long (threaded) products; the guard holds for any
    # summation order: pretend this X is that large
    import linsep_helpers._perceptron_fast as fast

    monkeypatch.setattr(fast, "_BIG_X", 0)
    X, y = make_data("decimal", 60000, 20, seed=11)
    assert assert_same_run(X, y, lr=1.0, bias_step=1.0, max_epochs=3, max_updates=None) > 10


@pytest.mark.parametrize("d", [2, 3, 5, 8, 13, 20])
@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("bias_step", [0.0, 1.0, 0.3])
def test_fast_path_on_near_ties(d, seed, bias_step):
    # decimal data: margins such as 0.1 + 0.2 - 0.3 whose sign depends on the summation order
    X, y = make_data("decimal", 300, d, seed)
    assert_same_run(X, y, lr=1.0, bias_step=bias_step, max_epochs=15, max_updates=None)


def test_decimal_data_have_near_ties_that_gemv_and_dot_round_differently():
    # the guard is needed: on such data a chunked product and the per-example dot give
    # different floats for some margins (so an unguarded search could disagree)
    X, y = make_data("decimal", 3000, 20, seed=1)
    steps = []
    _plain_loop(X, y, np.zeros(20), 0.0, 1.0, 1.0, 3, None, None, steps)
    differ = 0
    for _, _, w, _ in steps[:200]:
        differ += int(np.count_nonzero((X @ w) != np.array([w @ x for x in X])))
    assert differ > 0


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_fast_path_any_memory_layout(layout):
    X, y = make_data("decimal", 800, 6, seed=3)
    if layout == "F":
        X = np.asfortranarray(X)
    elif layout == "strided":
        X = np.repeat(X, 2, axis=1)[:, ::2]
    assert assert_same_run(X, y, lr=0.5, bias_step=1.0, max_epochs=10, max_updates=None) > 10


@pytest.mark.parametrize("d", range(2, 8))
def test_fast_path_on_the_staircase(d):
    X, y = staircase(d)
    n_updates = assert_same_run(X, y, lr=1.0, bias_step=0.0, max_epochs=10**6, max_updates=None)
    assert n_updates == sum((2**j - 1) ** 2 for j in range(1, d + 1))


def test_fast_path_start_point_and_caps():
    X, y = make_data("decimal", 500, 4, seed=5)
    w0, b0 = np.array([0.3, -0.2, 0.1, 0.7]), 0.4
    for max_updates in (1, 37, None):
        steps_p, steps_f = [], []
        out_p = _plain_loop(X, y, w0, b0, 1.0, 1.0, 9, max_updates, None, steps_p)
        out_f = cyclic_run(
            X, y, w0, b0, lr=1.0, bias_step=1.0, max_epochs=9, max_updates=max_updates,
            trace=steps_f,
        )  # fmt: skip
        np.testing.assert_array_equal(out_p[0], out_f[0])
        assert out_p[1:] == out_f[1:]
        assert [s[0] for s in steps_p] == [s[0] for s in steps_f]
    np.testing.assert_array_equal(w0, [0.3, -0.2, 0.1, 0.7])  # not modified
