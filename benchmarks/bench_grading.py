"""Benchmark 7: the time to grade one submission, and a class of 200 (scripts/grade.py).

For each notebook, synthetic submissions are made as in tests/test_grading.py: the student
copy with the instructor's solution cells appended (every answer right, so every test runs to
the end). ``grade_class`` grades them one after the other: one reference run of the instructor
notebook, then per submission a run in a fresh kernel and a judge process. Reported: the
reference run, the mean run and judge time per submission, and the time for a class of 200
(reference + 200 x (run + judge)), extrapolated from the measured submissions; the grader
grades one submission at a time.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import nbformat
from common import ROOT, machine

sys.path.insert(0, str(ROOT / "scripts"))

import grade  # noqa: E402

CLASS = 200


def _solved(name: str) -> nbformat.NotebookNode:
    """The student copy with the instructor's solution cells appended (they set ``answer_k``)."""
    instructor = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    nb = nbformat.read(ROOT / "student" / name, as_version=4)
    solutions = [c for c in instructor.cells if "solution" in c.metadata.get("tags", [])]
    nb.cells = nb.cells + [nbformat.from_dict(c) for c in solutions]
    return nb


def run(quick: bool = False, reps: int = 5) -> dict[str, Any]:
    names = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    if quick:
        names, reps = names[:1], 2
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            paths = []
            for k in range(reps):
                path = Path(tmp) / f"{name[:2]}-s{k}.ipynb"
                nbformat.write(_solved(name), path)
                paths.append(path)
            t0 = time.perf_counter()
            grades = grade.grade_class(name[:2], paths, build=Path(tmp) / "build")
            total = time.perf_counter() - t0
            run_s = sum(g.seconds for g in grades) / len(grades)
            judge_s = sum(g.judge_seconds for g in grades) / len(grades)
            reference_s = total - sum(g.seconds + g.judge_seconds for g in grades)
            rows.append(
                {
                    "notebook": name,
                    "submissions": len(grades),
                    "full_marks": all(g.total == g.possible for g in grades),
                    "questions": len(grades[0].questions),
                    "reference_s": reference_s,
                    "run_s": run_s,
                    "judge_s": judge_s,
                    "per_submission_s": run_s + judge_s,
                    "class_s": reference_s + CLASS * (run_s + judge_s),
                }
            )
            print(f"   {name}: {run_s + judge_s:.1f} s per submission", flush=True)
    return {"machine": machine(), "class_size": CLASS, "rows": rows}
