"""Benchmark 7: a class of N students on a real JupyterHub (127.0.0.1, local processes).

    .venv/bin/python benchmarks/hub_load.py --students 5 10 20 40   # writes output/hub.json
    .venv/bin/python benchmarks/hub_load.py --students 5 --seconds 30 \
        --notebook 05_np_hardness.ipynb     # also notebook 05, at the smallest N

For each N a fresh hub (tests/hub_support.py: jupyterhub, configurable-http-proxy, the
DummyAuthenticator, the SimpleLocalProcessSpawner) receives N students at once; each logs in,
gets a server, runs the student copy of the notebook top to bottom, then moves the notebook's
explorer sliders once a second for ``--seconds``.  Measured per N: spawn time, memory per
student (server + kernel, RSS and PSS), the time of a slider move at the kernel (until idle,
and until the new frame arrived), CPU during the slider phase, failures.  A run is skipped
when the memory it would need (the largest PSS of a student, server + kernel, measured at the
smaller N, plus 20 %) is not available: the machine is shared, and running out of memory
would stop other people's work.  ``make bench`` runs it through benchmarks/run.py ("hub").
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import hub_support  # noqa: E402

STUDENTS = (5, 10, 20, 40)
SECONDS = 75.0
#: Notebook 05 is also measured, at one class size (its brute-force cell is the heaviest).
EXTRA = (("05_np_hardness.ipynb", 10),)


def _available_mib() -> float:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) / 1024
    return float("inf")


def _one(n: int, notebook: str, seconds: float, per_student_mib: float) -> dict[str, Any]:
    need = 1.2 * n * per_student_mib + 512
    if need > _available_mib():
        print(f"  N = {n}: skipped (needs ~{need:.0f} MiB, {_available_mib():.0f} free)")
        return {"students": n, "notebooks": [notebook], "skipped": f"needs ~{need:.0f} MiB"}
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="linsep-hub-") as tmp:
        r = hub_support.run_class(Path(tmp), n, (notebook,), seconds=seconds, timeout=900.0)
    r["elapsed_s"] = time.perf_counter() - t0
    mem = [s["server_pss"] + s["kernel_pss"] for s in r["per_student"]]
    print(
        f"  N = {n} {notebook}: {r['ready']}/{n} ready, spawn max "
        f"{max((s.get('spawn_s', 0) for s in r['per_student']), default=0):.1f} s, "
        f"PSS/student {sum(mem) / max(len(mem), 1):.0f} MiB, move p50/p95 "
        f"{r['move_frame_p50_s'] * 1e3:.0f}/{r['move_frame_p95_s'] * 1e3:.0f} ms, "
        f"busy {r['machine_busy_cores']:.2f} cores, failures {len(r['failures'])} "
        f"({r['elapsed_s']:.0f} s)",
        flush=True,
    )
    return r


def run(
    quick: bool = False,
    reps: int = 1,
    students: tuple[int, ...] = STUDENTS,
    seconds: float | None = None,
    extra: tuple[tuple[str, int], ...] = EXTRA,
    per_student: float = 500.0,
) -> dict[str, Any]:
    """The runs for ``make bench`` (``quick``: 3 and 5 students, 20 s of sliders)."""
    if quick:
        students, seconds, extra = (3, 5), 20.0, ()
    seconds = SECONDS if seconds is None else seconds
    runs = []
    # per_student: MiB (PSS, server + kernel), a guess until a run measured it
    for n in sorted(students):
        r = _one(n, "02_perceptron.ipynb", seconds, per_student)
        if r.get("per_student"):
            per_student = max(
                s["server_pss"] + s["kernel_pss"] for s in r["per_student"] if s["kernel_rss"]
            )
        runs.append(r)
    for notebook, n in extra:
        runs.append(_one(n, notebook, seconds, per_student))
    return {"runs": runs, "seconds": seconds, "pace_s": 1.0}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, nargs="+", default=list(STUDENTS))
    parser.add_argument("--seconds", type=float, default=SECONDS, help="slider phase (s)")
    parser.add_argument(
        "--notebook",
        action="append",
        help="also run this notebook at the smallest N (default: notebook 05 with 10 students)",
    )
    parser.add_argument("--no-extra", action="store_true", help="notebook 02 only")
    parser.add_argument(
        "--merge",
        action="store_true",
        help="keep the runs of output/hub.json at other (N, notebook) pairs",
    )
    args = parser.parse_args(argv)
    from common import load, save

    extra = tuple((nb, min(args.students)) for nb in args.notebook) if args.notebook else EXTRA
    if args.no_extra:
        extra = ()
    t0 = time.perf_counter()
    old = load("hub")
    per_student = 500.0
    if old is not None:  # a student's memory as measured before
        per_student = max(
            [
                s["server_pss"] + s["kernel_pss"]
                for r in old["runs"]
                for s in r.get("per_student", [])
            ]
            or [per_student]
        )
    data = run(
        students=tuple(args.students), seconds=args.seconds, extra=extra, per_student=per_student
    )
    data["quick"] = False
    data["elapsed_s"] = time.perf_counter() - t0
    if args.merge and old is not None:
        new = {(r["students"], r["notebooks"][0]) for r in data["runs"]}
        kept = [r for r in old["runs"] if (r["students"], r["notebooks"][0]) not in new]
        data["runs"] = sorted(kept + data["runs"], key=lambda r: (r["notebooks"][0], r["students"]))
        data["merged_from"] = old["machine"]["date"]
    print(f"wrote {save('hub', data)} and {write_section()}")
    return 0


def write_section() -> Path:
    """Rewrite RESULTS.md: all of it (report.write) when every part's raw output is present,
    else only this section, in place in the RESULTS.md there is (before the hand-written
    notes), so the other parts' tables stay as they were."""
    import report
    from common import load

    if all(load(k) is not None for k in report.SECTIONS):
        return report.write()
    text = report._hub(load("hub"))
    old = report.RESULTS.read_text()
    head = "## 7. A class on a JupyterHub"
    if head in old:
        start = old.index(head)
        end = old.find("\n## ", start + len(head))
        new = old[:start] + text + ("\n" + old[end:] if end >= 0 else "\n")
    else:
        notes = report.NOTES.read_text().strip().splitlines()[0] if report.NOTES.exists() else None
        at = old.index(notes) if notes and notes in old else len(old)
        new = old[:at] + text + "\n\n" + old[at:]
    report.RESULTS.write_text(new)
    return report.RESULTS


if __name__ == "__main__":
    raise SystemExit(main())
