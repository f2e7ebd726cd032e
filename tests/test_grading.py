"""Grading a class end to end (scripts/grade.py with the otter tests of notebook 01).

Synthetic submissions are made from the notebooks with nbformat: the instructor notebook, the
untouched student copy, the student copy with the instructor's solution cells added (solved),
and variants of it (one wrong answer, a cell that raises, a loop that never ends, megabytes
of output, tampering). They are graded together (one reference run of the instructor
notebook); the expected points come from the notebook's otter question cells, not from the
grader.
"""

from __future__ import annotations

import csv
import importlib.util
import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))  # grade.py imports assign.py from there
_spec = importlib.util.spec_from_file_location("grade", ROOT / "scripts" / "grade.py")
grade = importlib.util.module_from_spec(_spec)
sys.modules["grade"] = grade  # dataclasses look their module up there
_spec.loader.exec_module(grade)

NAME = "01_linear_separability.ipynb"
CELL_TIMEOUT = 120  # per cell: generous, so that a loaded machine never stops a right cell
LOOP_TIMEOUT = 15  # per cell for the looping submission, graded on its own (its cost)


def _question_points(nb: nbformat.NotebookNode) -> dict[str, float]:
    """{question name: points} read from the '# BEGIN QUESTION' cells of the notebook."""
    points = {}
    for cell in nb.cells:
        if cell.cell_type == "raw" and cell.source.startswith("# BEGIN QUESTION"):
            name = re.search(r"^name:\s*(\S+)", cell.source, re.M).group(1)
            points[name] = float(re.search(r"^points:\s*(\S+)", cell.source, re.M).group(1))
    return points


INSTRUCTOR = nbformat.read(ROOT / "notebooks" / NAME, as_version=4)
STUDENT = nbformat.read(ROOT / "student" / NAME, as_version=4)
POINTS = _question_points(INSTRUCTOR)
FULL = sum(POINTS.values())


def _solved(*extra_before: str, extra_after: tuple[str, ...] = ()) -> nbformat.NotebookNode:
    """The student copy with the instructor's solution cells appended, and extra cells."""
    nb = nbformat.from_dict(STUDENT)
    solutions = [c for c in INSTRUCTOR.cells if "solution" in c.metadata.get("tags", [])]
    cells = [nbformat.v4.new_code_cell(src) for src in extra_before]
    cells += [nbformat.from_dict(c) for c in solutions]
    cells += [nbformat.v4.new_code_cell(src) for src in extra_after]
    for k, cell in enumerate(cells):
        cell.id = f"synthetic-{k}"
    nb.cells = nb.cells + cells
    return nb


TAMPER = [
    # redefine the checks, in the notebook and in the package, to say "right"
    "import linsep_helpers\n"
    "def check_separator(*args, **kwargs):\n"
    "    return lh.Feedback(True, 'right')\n"
    "for _name in dir(linsep_helpers):\n"
    "    if _name.startswith('check_'):\n"
    "        setattr(linsep_helpers, _name, check_separator)\n"
    "        setattr(linsep_helpers.exercises, _name, check_separator)\n"
    "linsep_helpers.Feedback.__bool__ = lambda self: True\n"
    "answer_1 = (np.array([1.0, 1.0]), 0.0)  # wrong: does not separate X_ex1\n",
    # change the exercise's data so that a wrong answer separates it
    "X_ex1 = np.array([[1.0, 1.0]]); y_ex1 = np.array([1])\n",
    # fake results: otter-style pickle and JSON files in the working folder and its parent
    "import json, pickle, pathlib\n"
    "fake = {q: {'points': 99, 'possible': 2, 'failed': []} for q in ['ex1', 'ex2', 'ex3']}\n"
    "for folder in (pathlib.Path('.'), pathlib.Path('..')):\n"
    "    (folder / 'answers.json').write_text(json.dumps({'answer_2': 3}))\n"
    "    (folder / 'results.json').write_text(json.dumps(fake))\n"
    "    (folder / 'results.pkl').write_bytes(pickle.dumps(fake))\n",
    # an answer that is a callable object whose unpickling would patch the judge's checks
    "class Evil:\n"
    "    def __call__(self, *args):\n"
    "        return None\n"
    "    def __reduce__(self):\n"
    "        return (exec, ('import linsep_helpers as lh; lh.check_mistake_count = "
    'lambda *a, **k: lh.Feedback(True, "right")\',))\n'
    "answer_2 = Evil()\n",
    # the test cells of otter, edited into the submission: never read by the grader
    "def test_ex3_check_unit_margin(*args):\n    pass\n",
    "answer_3 = None\n",
]

SUBMISSIONS = {
    "instructor": INSTRUCTOR,
    "untouched": STUDENT,
    "solved": _solved(),
    "one_wrong": _solved(extra_after=("answer_2 = 2  # wrong: the count is 3",)),
    "raises": _solved("raise RuntimeError('a student error')"),
    "loops": _solved(extra_after=("while True:\n    pass",)),
    "megabytes": _solved("print('x' * 4_000_000)"),
    "tampers": _solved(extra_after=tuple(TAMPER)),
}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("submissions")
    build = tmp_path_factory.mktemp("build")
    paths = []
    for name, nb in SUBMISSIONS.items():
        nbformat.write(nb, folder / f"{name}.ipynb")
        paths.append(folder / f"{name}.ipynb")
    limits = {"build": build, "timeout": 600, "max_output": 2_000_000, "judge_timeout": 120}
    loops = [p for p in paths if p.stem == "loops"]
    grades = grade.grade_class(
        "01", [p for p in paths if p not in loops], cell_timeout=CELL_TIMEOUT, **limits
    )
    grades += grade.grade_class("01", loops, cell_timeout=LOOP_TIMEOUT, **limits)
    grades.sort(key=lambda g: list(SUBMISSIONS).index(Path(g.submission).stem))
    csv_path = folder / "grades.csv"
    grade.write_csv(grades, csv_path)
    return {Path(g.submission).stem: g for g in grades}, csv_path


def test_the_notebook_has_points_per_exercise():
    assert len(POINTS) >= 5 and all(p > 0 for p in POINTS.values())


def test_the_instructors_solutions_score_full_marks(graded):
    grades, _ = graded
    for name in ("instructor", "solved"):
        g = grades[name]
        assert g.possible == FULL
        assert g.total == FULL, (name, g.questions)
        assert not g.notes, (name, g.notes)  # ran cleanly: no error, stop or dropped output


def test_an_untouched_student_copy_scores_zero(graded):
    g = graded[0]["untouched"]
    assert g.total == 0 and g.possible == FULL
    messages = [f["message"] for q in g.questions.values() for f in q["failed"]]
    assert any("not answered yet" in m for m in messages)  # the check's sentence


def test_one_wrong_answer_loses_exactly_its_points(graded):
    g = graded[0]["one_wrong"]
    assert g.questions["ex2"]["points"] == 0
    assert g.total == FULL - POINTS["ex2"]
    (failed,) = g.questions["ex2"]["failed"]
    assert "AssertionError" in failed["message"]


def test_errors_loops_and_floods_are_graded_and_reported(graded):
    grades, _ = graded
    assert grades["raises"].total == FULL
    assert any("raised an error" in n for n in grades["raises"].notes)
    assert grades["loops"].total == FULL  # the loop comes after the answers
    assert any("time limit" in n for n in grades["loops"].notes)
    assert grades["megabytes"].total == FULL
    assert any("bytes of output dropped" in n for n in grades["megabytes"].notes)


def test_tampering_earns_nothing(graded):
    g = graded[0]["tampers"]
    # ex1 wrong under patched checks and changed data, ex2 a malicious callable, ex3 reset
    for question in ("ex1", "ex2", "ex3"):
        assert g.questions[question]["points"] == 0, (question, g.questions[question])
    assert g.total == FULL - POINTS["ex1"] - POINTS["ex2"] - POINTS["ex3"]


def test_the_grades_csv_has_one_row_per_submission(graded):
    grades, csv_path = graded
    with open(csv_path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [r["submission"] for r in rows] == list(SUBMISSIONS)
    for row in rows:
        g = grades[row["submission"]]
        assert float(row["total"]) == g.total
        assert sum(float(row[q]) for q in POINTS) == g.total
        assert float(row["possible"]) == FULL
