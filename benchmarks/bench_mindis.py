"""Benchmark 3: exact MinDisagreement, solve time against instance size.

Instances: the vertex-cover reduction (``vertex_cover_instance``) of G(n, p = 0.5) random
graphs (n + 1 + |E| weighted points in R^n; the optimum is the minimum vertex-cover size).
Methods: "hitting_set" (the default exact solver), "bigm" (exact here: box 2 is valid for
these instances) and "bruteforce" (the second exact method, 2^m subsets of the m points, so
m <= 14 by design).  Every solve runs in a child process killed after TIMEOUT seconds; sizes
grow until a solve exceeds LIMIT (10 s) or the timeout.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

from common import HERE, PYTHON

LIMIT = 10.0
TIMEOUT = 40.0
P = 0.5


def _solve(method: str, kind: str, n: int, seed: int) -> dict[str, Any]:
    """Runs in the child: build the instance, solve it, check against brute-force cover."""
    from linsep_helpers import graphs as g
    from linsep_helpers import hardness as h
    from linsep_helpers.data import make_overlapping

    if kind == "vc":
        nv, edges = g.random_graph(n, P, seed=seed)
        X, y, w = h.vertex_cover_instance(nv, edges)
        tau = len(g.min_vertex_cover(nv, edges)) if n <= 18 else None
    else:  # overlapping Gaussian blobs in the plane, n points
        X, y = make_overlapping(n, 2, separation=1.0, seed=seed)
        w, tau = None, None
    t0 = time.perf_counter()
    if method == "bruteforce":
        res = h.min_disagreement_bruteforce(X, y, w, max_points=X.shape[0])
    else:
        res = h.min_disagreement(X, y, w, method=method)
    t = time.perf_counter() - t0
    return {
        "time": t,
        "points": int(X.shape[0]),
        "dim": int(X.shape[1]),
        "mistakes": float(res.mistakes),
        "tau": tau,
        "correct": None if tau is None else bool(res.mistakes == tau),
        "iterations": int(res.iterations),
    }


def _child(method: str, kind: str, n: int, seed: int) -> dict[str, Any]:
    cmd = [str(PYTHON), str(HERE / "bench_mindis.py"), method, kind, str(n), str(seed)]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, check=True)
    except subprocess.TimeoutExpired:
        return {"time": None, "timeout": True}
    return json.loads(out.stdout.strip().splitlines()[-1])


def _sweep(method: str, kind: str, sizes: list[int], seeds: int) -> list[dict[str, Any]]:
    rows = []
    for n in sizes:
        runs = [_child(method, kind, n, s) for s in range(seeds)]
        times = [r["time"] for r in runs]
        worst = None if None in times else max(times)
        row = {"method": method, "kind": kind, "n": n, "runs": runs, "worst": worst}
        row["points"] = runs[0].get("points")
        rows.append(row)
        shown = "timeout" if worst is None else f"{worst:.3f} s"
        print(f"  {method} {kind} n={n}: worst of {seeds} seeds {shown}", flush=True)
        if worst is None or worst > LIMIT:
            break
    return rows


def run(quick: bool = False, reps: int = 3) -> dict[str, Any]:
    seeds = 2 if quick else 3
    vc_sizes = (
        [4, 6, 8, 10, 12]
        if quick
        else [4, 6, 8, 10, 12, 14, 16, 20, 24, 28, 32, 36, 40, 48, 56, 64, 80, 96]
    )
    rows = _sweep("hitting_set", "vc", vc_sizes, seeds)
    rows += _sweep("bigm", "vc", vc_sizes, seeds)
    # brute force: the instance has n + 1 + |E| points, so only tiny graphs fit in 2^m
    rows += _sweep("bruteforce", "vc", [2, 3, 4, 5, 6, 7, 8], seeds)
    blob_sizes = [6, 8, 10, 12, 14, 16, 18, 20, 22] if not quick else [6, 8, 10, 12]
    rows += _sweep("bruteforce", "blobs", blob_sizes, seeds)
    blob_exact = [10, 20, 30, 40, 60, 80, 100] if not quick else [10, 20, 30]
    rows += _sweep("hitting_set", "blobs", blob_exact, seeds)
    return {"rows": rows, "limit_s": LIMIT, "timeout_s": TIMEOUT, "p": P, "seeds": seeds}


if __name__ == "__main__":
    m, k, n_, s_ = sys.argv[1:5]
    print(json.dumps(_solve(m, k, int(n_), int(s_))))
