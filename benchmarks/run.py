"""Entry point of ``make bench``: run the benchmarks, then write RESULTS.md and the plots.

    .venv/bin/python benchmarks/run.py                 # everything (about 15 minutes)
    .venv/bin/python benchmarks/run.py --quick         # smaller sizes, fewer moves
    .venv/bin/python benchmarks/run.py --only sliders  # rerun one part (others kept)
    .venv/bin/python benchmarks/run.py --report-only   # rewrite RESULTS.md from output/

Raw results go to benchmarks/output/<name>.json (git-ignored); RESULTS.md and plots/ are
rebuilt from every JSON file present, so a partial rerun keeps the other parts' numbers.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_drag  # noqa: E402
import bench_grading  # noqa: E402
import bench_lp  # noqa: E402
import bench_mindis  # noqa: E402
import bench_notebooks  # noqa: E402
import bench_perceptron  # noqa: E402
import bench_sliders  # noqa: E402
import hub_load  # noqa: E402
import report  # noqa: E402
from common import save  # noqa: E402

BENCHMARKS = {
    "perceptron": bench_perceptron.run,
    "lp": bench_lp.run,
    "mindis": bench_mindis.run,
    "sliders": bench_sliders.run,
    "drag": bench_drag.run,
    "notebooks": bench_notebooks.run,
    "hub": hub_load.run,
    "grading": bench_grading.run,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes (a few minutes)")
    parser.add_argument(
        "--only", action="append", choices=sorted(BENCHMARKS), help="run only NAME (repeatable)"
    )
    parser.add_argument("--reps", type=int, default=5, help="repetitions (best is kept)")
    parser.add_argument("--report-only", action="store_true", help="only rebuild RESULTS.md")
    args = parser.parse_args(argv)
    if not args.report_only:
        for name in args.only or list(BENCHMARKS):
            print(f"== {name}", flush=True)
            t0 = time.perf_counter()
            data = BENCHMARKS[name](quick=args.quick, reps=args.reps)
            data["quick"] = args.quick
            data["elapsed_s"] = time.perf_counter() - t0
            print(f"   wrote {save(name, data)} ({data['elapsed_s']:.0f} s)", flush=True)
    path = report.write()
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
