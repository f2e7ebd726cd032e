"""Independent oracles shared by the tests: textbook loops and brute force, written here from
the definitions, never calling the package (so a wrong package cannot agree with itself)."""

from __future__ import annotations

import itertools

import numpy as np
from scipy.optimize import linprog


def reference_run(X, y, *, lr=1.0, bias_step=1.0, bias=True, max_updates=100_000):
    """Textbook perceptron, one example at a time: returns [(w, b, i)] after each update."""
    X = np.asarray(X, float)
    y = np.asarray(y, float)
    w, b = np.zeros(X.shape[1]), 0.0
    steps = []
    while True:
        clean = True
        for i in range(len(y)):
            if y[i] * (X[i] @ w + b) <= 0:
                w = w + lr * y[i] * X[i]
                if bias:
                    b = b + bias_step * y[i]
                steps.append((w.copy(), b, i))
                clean = False
                if len(steps) >= max_updates:
                    return steps
        if clean:
            return steps


def lp_separable(X, y):
    """Is y_i (w.x_i + b) >= 1 feasible? (scipy HiGHS, free variables)."""
    X, y = np.asarray(X, float), np.asarray(y, float)
    A = y[:, None] * np.hstack([X, np.ones((len(y), 1))])
    res = linprog(
        np.zeros(A.shape[1]), A_ub=-A, b_ub=-np.ones(len(y)), bounds=(None, None), method="highs"
    )
    assert res.status in (0, 2)
    return res.status == 0


def loop_margins(w, b, X, y):
    """y_i (w.x_i + b) with Python loops."""
    return [
        yi * (sum(wj * xj for wj, xj in zip(w, xi, strict=True)) + b)
        for xi, yi in zip(X, y, strict=True)
    ]


def ref_sigmoid(z):
    """Textbook sigmoid, only used where it cannot overflow (|z| < 700)."""
    return 1.0 / (1.0 + np.exp(-np.asarray(z, dtype=float)))


def tau_oracle(n, edges):
    """Minimum vertex cover size by trying every subset, smallest first."""
    for k in range(n + 1):
        for S in itertools.combinations(range(n), k):
            s = set(S)
            if all(i in s or j in s for i, j in edges):
                return k
    raise AssertionError("unreachable")


def weighted_mistakes(w, b, X, y, weights):
    """Total weight of the examples with y (w.x + b) <= 0."""
    return float(weights[y * (X @ w + b) <= 0].sum())


def reduction_points(n, edges, origin_weight):
    """The reduction written out by hand: origin (+), e_i (-), e_i + e_j (+)."""
    pts, labels, wts = [np.zeros(n)], [1.0], [origin_weight]
    for i in range(n):
        e = np.zeros(n)
        e[i] = 1.0
        pts.append(e)
        labels.append(-1.0)
        wts.append(1.0)
    for i, j in edges:
        e = np.zeros(n)
        e[[i, j]] = 1.0
        pts.append(e)
        labels.append(1.0)
        wts.append(1.0)
    return np.array(pts), np.array(labels), np.array(wts)
