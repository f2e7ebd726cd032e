"""Benchmark 1: time to a separator, ``perceptron`` vs scikit-learn's ``Perceptron``.

Same update rule (w += y x, b += y on y (w.x + b) <= 0, examples in index order), so the same
updates: both runs are checked to end at bit-identical (w, b).  scikit-learn with tol=None
runs exactly max_iter epochs, so it is given max_iter = the number of passes our run made
(the passes with mistakes plus the clean pass that confirms convergence): both do the same
passes over the data.
"""

from __future__ import annotations

import gc
import warnings
from typing import Any

import numpy as np
from common import best_of
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import Perceptron

from linsep_helpers.data import make_separable
from linsep_helpers.perceptron import perceptron

D = 20
MARGINS = (0.1, 0.01)
SIZES = (1_000, 10_000, 100_000, 1_000_000)


def run(quick: bool = False, reps: int = 5) -> dict[str, Any]:
    sizes = SIZES[:3] if quick else SIZES
    rows = []
    for margin in MARGINS:
        for n in sizes:
            X, y, _, _ = make_separable(n, D, margin=margin, radius=1.0, seed=0)
            k = reps if n < 1_000_000 else max(3, reps - 2)

            def ours(X=X, y=y):
                return perceptron(X, y, max_epochs=10**6, trace=False)

            t_ours, res = best_of(ours, k)
            assert res.converged

            def sk(X=X, y=y, epochs=res.epochs):
                clf = Perceptron(
                    shuffle=False, eta0=1, alpha=0, penalty=None, tol=None, max_iter=epochs
                )
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", ConvergenceWarning)
                    return clf.fit(X, y)

            t_sk, clf = best_of(sk, k)
            identical = bool(np.array_equal(clf.coef_[0], res.w) and clf.intercept_[0] == res.b)
            bytes_epoch = X.nbytes
            rows.append(
                {
                    "margin": margin,
                    "n": n,
                    "d": D,
                    "epochs": int(res.epochs),
                    "updates": int(res.updates),
                    "t_ours": t_ours,
                    "t_sklearn": t_sk,
                    "ratio": t_ours / t_sk,
                    "identical": identical,
                    "bytes_per_epoch": bytes_epoch,
                    "gbps_ours": bytes_epoch * res.epochs / t_ours / 1e9,
                    "gbps_sklearn": bytes_epoch * res.epochs / t_sk / 1e9,
                    "reps": k,
                }
            )
            print(
                f"  perceptron margin={margin} n={n}: ours {t_ours * 1e3:.2f} ms, "
                f"sklearn {t_sk * 1e3:.2f} ms, ratio {t_ours / t_sk:.2f}, "
                f"epochs {res.epochs}, updates {res.updates}, identical {identical}",
                flush=True,
            )
            del X, y, clf, res
            gc.collect()
    return {"rows": rows, "stream_gbps": stream_bandwidth()}


def stream_bandwidth() -> float:
    """Read bandwidth of this machine: best time of a sum over 160 MB (GB/s)."""
    a = np.ones(20_000_000)
    t, _ = best_of(lambda: a.sum(), 5)
    return a.nbytes / t / 1e9
