"""The student copies in student/ are the instructor notebooks without solutions, and current.

scripts/assign.py (`make student`: otter assign, then the copy is finished) writes them; these
tests fail when a notebook changed and the copies were not regenerated, when a solution or a
grading test leaks into a copy, or when an exercise or its check went missing. That the copies
run is checked by nbval over student/.
"""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "assign.py"
INSTRUCTOR = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
STUDENT = ROOT / "student"
NAMES = [p.name for p in INSTRUCTOR]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
CHECK_CALL = re.compile(r"\blh\.check_(?!versions\b)\w+\(")
INSTRUCTOR_ONLY = "<!-- instructor-only -->"
NONE_ANSWER = re.compile(r"^\s*\w+(\s*,\s*\w+)*\s*=\s*None(\s*,\s*None)*\s*(#.*)?$", re.M)


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _src(cell: dict) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else source


def _tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


_OTTER_BOUNDARY = re.compile(r"#\s+(begin|end)\s+(question|prompt|solution|tests)\b", re.I)


def _otter_cells(nb: dict) -> list[dict]:
    """The cells that otter assign consumes: its raw config and boundary cells, and the tests."""
    found, in_tests = [], False
    for cell in nb["cells"]:
        first = _src(cell).lstrip().splitlines()[:1]
        boundary = cell["cell_type"] == "raw" and first and _OTTER_BOUNDARY.match(first[0])
        if cell["cell_type"] == "raw" and first and first[0].upper() == "# ASSIGNMENT CONFIG":
            found.append(cell)
        elif boundary:
            found.append(cell)
            in_tests = boundary.group(2).lower() == "tests" and boundary.group(1).lower() == "begin"
        elif in_tests:
            found.append(cell)
    return found


def _without_otter_marks(cell: dict) -> dict:
    """A student cell without the marks otter assign adds to an answer cell (tag, test names)."""
    cell = json.loads(json.dumps(cell))
    meta = cell.get("metadata", {})
    meta.pop("otter", None)
    if "tags" in meta:
        meta["tags"] = [t for t in meta["tags"] if t != "otter_answer_cell"]
        if not meta["tags"]:
            del meta["tags"]
    return cell


def _is_solutions_heading(cell: dict) -> bool:
    return cell["cell_type"] == "markdown" and _src(cell).lstrip().lower().startswith(
        "## solutions"
    )


def _exercise_cells(nb: dict) -> list[dict]:
    return [
        c
        for c in nb["cells"]
        if c["cell_type"] == "code"
        and "solution" not in _tags(c)
        and NONE_ANSWER.search(_src(c))
        and CHECK_CALL.search(_src(c))
    ]


def test_there_are_five_notebooks_and_five_student_copies():
    assert len(NAMES) == 5
    assert sorted(p.name for p in STUDENT.glob("*.ipynb")) == NAMES


def test_committed_student_copies_equal_a_fresh_run_of_the_script(tmp_path):
    out = tmp_path / "student"
    subprocess.run(
        [sys.executable, str(SCRIPT), "--source", str(ROOT / "notebooks"), "--out", str(out)]
        + ["--build", str(tmp_path / "build")],
        check=True,
        capture_output=True,
    )
    assert sorted(p.name for p in out.iterdir()) == NAMES
    stale = [name for name in NAMES if _load(out / name) != _load(STUDENT / name)]
    assert not stale, f"student copies out of step with notebooks/ (run `make student`): {stale}"


@pytest.mark.parametrize("name", NAMES)
def test_no_solution_reaches_the_student_copy(name):
    instructor, student = _load(ROOT / "notebooks" / name), _load(STUDENT / name)
    solutions = [c for c in instructor["cells"] if "solution" in _tags(c)]
    assert solutions, f"{name}: the instructor notebook has no cell tagged 'solution'"
    assert not [c for c in student["cells"] if "solution" in _tags(c)]
    # lines that only a solution contains (a solution re-runs its exercise's check call,
    # which must stay, so lines also found outside the solutions are not secret)
    public = {
        line.strip()
        for c in instructor["cells"]
        if "solution" not in _tags(c)
        for line in _src(c).splitlines()
    }
    secret = {
        line.strip()
        for c in solutions
        for line in _src(c).splitlines()
        if line.strip() and not (c["cell_type"] == "markdown" and line.startswith("#"))
    } - public
    assert secret
    student_lines = {line.strip() for c in student["cells"] for line in _src(c).splitlines()}
    leaked = sorted(secret & student_lines)
    assert not leaked, f"{name}: solution lines in the student copy: {leaked}"


@pytest.mark.parametrize("name", NAMES)
def test_every_exercise_and_its_check_is_kept_with_its_output(name):
    instructor, student = _load(ROOT / "notebooks" / name), _load(STUDENT / name)
    exercises = _exercise_cells(instructor)
    assert len(exercises) >= 3, f"{name}: expected the exercise cells with `... = None` and a check"
    by_source = {_src(c): c for c in student["cells"] if c["cell_type"] == "code"}
    for cell in exercises:
        kept = by_source.get(_src(cell))
        assert kept is not None, f"{name}: exercise cell missing: {_src(cell)[:80]!r}"
        assert CHECK_CALL.findall(_src(kept)) == CHECK_CALL.findall(_src(cell))
        assert kept["outputs"] == cell["outputs"]
        shown = json.dumps(kept["outputs"], ensure_ascii=False)
        assert "not answered yet" in shown, f"{name}: the check does not say 'not answered yet'"


@pytest.mark.parametrize("name", NAMES)
def _paragraphs(text: str) -> list[str]:
    return [p.strip("\n") for p in re.split(r"\n\s*\n", text) if p.strip()]


def _only_instructor_text_removed(instructor: dict, student: dict) -> bool:
    """Student markdown = instructor markdown minus marked paragraphs / a final Solutions part."""
    student = _without_otter_marks(student)
    if instructor == student:
        return True
    if instructor["cell_type"] != "markdown" or student["cell_type"] != "markdown":
        return False
    if {k: v for k, v in instructor.items() if k != "source"} != {
        k: v for k, v in student.items() if k != "source"
    }:
        return False
    kept, removed = _paragraphs(_src(student)), list(_paragraphs(_src(instructor)))
    for paragraph in kept:  # kept paragraphs appear in the same order
        if paragraph not in removed:
            return False
        while removed.pop(0) != paragraph:
            pass
    # every dropped paragraph is marked, or the tail after a "## Solutions" heading line
    tail = "\n\n".join(removed)
    return all(
        p.startswith(INSTRUCTOR_ONLY) or tail.lstrip().lower().startswith("## solutions")
        for p in _paragraphs(_src(instructor))
        if p not in kept
    )


@pytest.mark.parametrize("name", NAMES)
def test_all_other_cells_are_kept_in_order_and_a_note_replaces_the_solutions(name):
    instructor, student = _load(ROOT / "notebooks" / name), _load(STUDENT / name)
    otter = _otter_cells(instructor)
    expected = [
        c
        for c in instructor["cells"]
        if not any(c is o for o in otter)
        and "solution" not in _tags(c)
        and "speaker-notes" not in _tags(c)
        and not _is_solutions_heading(c)
    ]
    notes = [c for c in student["cells"] if "instructor version" in _src(c)]
    assert len(notes) == 1 and notes[0]["cell_type"] == "markdown"
    rest = [c for c in student["cells"] if c is not notes[0]]
    assert len(rest) == len(expected)
    for kept, original in zip(rest, expected, strict=True):
        assert _only_instructor_text_removed(original, kept), _src(kept)[:200]
    assert student["metadata"].keys() - {"otter"} == instructor["metadata"].keys()
    assert student["metadata"]["kernelspec"] == instructor["metadata"]["kernelspec"]


@pytest.mark.parametrize("name", NAMES)
def test_the_student_copy_does_not_promise_solutions_it_lacks(name):
    """One "Solutions" heading (the note's), and no sentence placing solutions in the copy."""
    student = _load(STUDENT / name)
    text = "\n".join(_src(c) for c in student["cells"] if c["cell_type"] == "markdown")
    headings = re.findall(r"^#{1,6}\s*solutions?\b", text, flags=re.I | re.M)
    assert len(headings) == 1, headings
    assert INSTRUCTOR_ONLY not in text
    promise = re.compile(
        r"solutions?[^.]{0,60}\b(at the (very )?end|collapsed|folded|last section|below)", re.I
    )
    assert not promise.search(text), promise.search(text)


@pytest.mark.parametrize("name", NAMES)
def test_every_displayed_widget_keeps_its_saved_state(name):
    student = _load(STUDENT / name)
    state = student["metadata"].get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    shown = {
        o["data"][WIDGET_VIEW]["model_id"]
        for c in student["cells"]
        for o in c.get("outputs", [])
        if WIDGET_VIEW in o.get("data", {})
    }
    assert shown, f"{name}: expected the explorers' widget views in the stored outputs"
    assert shown <= state.keys(), f"{name}: widget views without saved state"


@pytest.mark.parametrize("name", NAMES)
def test_speaker_notes_stay_in_the_instructor_version(name):
    # the notes for presenting may answer the Try-it prompts: never in a student's copy
    instructor, student = _load(ROOT / "notebooks" / name), _load(STUDENT / name)
    assert any("speaker-notes" in _tags(c) for c in instructor["cells"])
    assert not any("speaker-notes" in _tags(c) for c in student["cells"])
    assert not any("Speaker notes" in _src(c) for c in student["cells"])


@pytest.mark.parametrize("name", NAMES)
def test_the_copy_has_no_grading_cells_and_needs_no_otter(name):
    """otter assign took out its config, question and test cells; no otter cell was added."""
    instructor, student = _load(ROOT / "notebooks" / name), _load(STUDENT / name)
    tests = [c for c in _otter_cells(instructor) if c["cell_type"] == "code"]
    assert len(tests) >= 4, f"{name}: expected otter test cells in the instructor notebook"
    assert not _otter_cells(student)
    assert not [c for c in student["cells"] if c["cell_type"] == "raw"]
    code = "\n".join(_src(c) for c in student["cells"] if c["cell_type"] == "code")
    assert "import otter" not in code and "grader." not in code
    test_lines = {
        line.strip()
        for c in tests
        for line in _src(c).splitlines()
        if line.strip().startswith(("def test_", "assert "))
    }
    student_lines = {line.strip() for c in student["cells"] for line in _src(c).splitlines()}
    assert not test_lines & student_lines, sorted(test_lines & student_lines)


@pytest.mark.parametrize("name", NAMES)
def test_every_question_is_an_exercise_cell_of_the_copy(name):
    """Each otter question wraps one exercise cell, which the copy keeps with its test names."""
    student = _load(STUDENT / name)
    marked = [c for c in student["cells"] if "otter" in c.get("metadata", {})]
    questions = [t for c in marked for t in c["metadata"]["otter"]["tests"]]
    assert questions == [f"ex{k}" for k in range(1, len(questions) + 1)]
    for cell in marked:
        assert NONE_ANSWER.search(_src(cell)) and CHECK_CALL.search(_src(cell))
        assert "otter_answer_cell" in _tags(cell)
