"""Benchmark 2: the LP (``find_separator``, HiGHS) against the perceptron.

Staircase data x_1 = e_1, x_k = e_k - 2 e_(k-1) (all labels +1), d = 2..14: the cyclic
homogeneous perceptron needs sum_j (2^j - 1)^2 ~ (4/3) 4^d updates (``staircase_updates``);
the LP is given the points and their mirror images -x_k with label -1, which forces a
separator through the origin (as notebook 02 does).  Perceptron runs predicted to take longer
than PERCEPTRON_BUDGET seconds are not run; their time is extrapolated from the measured time
per update (marked "extrapolated").  Random separable data: ``make_separable`` with d = 20.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from common import best_of

from linsep_helpers.data import make_separable, staircase
from linsep_helpers.lp import find_separator
from linsep_helpers.perceptron import perceptron, staircase_updates

PERCEPTRON_BUDGET = 20.0  # seconds per staircase run
RANDOM_SIZES = (100, 1_000, 10_000, 100_000)
RANDOM_MARGINS = (0.1, 0.01)


def _lp_staircase(d: int) -> Any:
    X, y = staircase(d)
    return find_separator(np.vstack([X, -X]), np.concatenate([y, -y]))


def run(quick: bool = False, reps: int = 3) -> dict[str, Any]:
    dims = range(2, 11 if quick else 15)
    budget = 2.0 if quick else PERCEPTRON_BUDGET
    stair = []
    per_update = None
    for d in dims:
        t_lp, res = best_of(lambda d=d: _lp_staircase(d), reps)
        assert res.separable
        expected = staircase_updates(d)
        predicted = None if per_update is None else per_update * expected
        if predicted is None or predicted < budget:
            X, y = staircase(d)
            k = reps if (predicted or 0) < 1 else 1
            t_p, pr = best_of(
                lambda X=X, y=y: perceptron(X, y, bias=False, max_epochs=10**9, trace=False), k
            )
            assert pr.converged and pr.updates == expected
            per_update = t_p / pr.updates
            measured = True
        else:
            t_p = predicted
            measured = False
        stair.append(
            {
                "d": d,
                "updates": expected,
                "t_lp": t_lp,
                "t_perceptron": t_p,
                "measured": measured,
                "ratio": t_p / t_lp,
            }
        )
        print(
            f"  staircase d={d}: LP {t_lp * 1e3:.1f} ms, perceptron {t_p:.4g} s "
            f"({'measured' if measured else 'extrapolated'}), updates {expected}",
            flush=True,
        )
    rand = []
    sizes = RANDOM_SIZES[:3] if quick else RANDOM_SIZES
    for margin in RANDOM_MARGINS:
        for n in sizes:
            X, y, _, _ = make_separable(n, 20, margin=margin, seed=0)
            k = reps if n <= 10_000 else 1
            t_lp, res = best_of(lambda X=X, y=y: find_separator(X, y), k)
            assert res.separable
            t_p, pr = best_of(
                lambda X=X, y=y: perceptron(X, y, max_epochs=10**6, trace=False), reps
            )
            assert pr.converged
            rand.append(
                {
                    "margin": margin,
                    "n": n,
                    "d": 20,
                    "t_lp": t_lp,
                    "t_perceptron": t_p,
                    "updates": int(pr.updates),
                    "ratio_lp_over_perceptron": t_lp / t_p,
                }
            )
            print(
                f"  random margin={margin} n={n}: LP {t_lp * 1e3:.1f} ms, "
                f"perceptron {t_p * 1e3:.2f} ms ({pr.updates} updates)",
                flush=True,
            )
    return {"staircase": stair, "random": rand, "budget_s": budget}
