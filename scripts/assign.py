"""Build the student copies and the autograders with otter-grader (`make student`).

For every notebooks/NN_*.ipynb (an otter assignment: its exercises are questions with tests)
this runs ``otter assign`` into build/otter/NN/, which writes

* build/otter/NN/autograder/: the autograder notebook, the tests (tests/exN.py, hidden ones
  included) and the autograder zip (copied to build/autograder/NN-autograder.zip) that
  ``otter run`` and Gradescope take;
* build/otter/NN/student/NN_*.ipynb: the notebook without otter's cells (config, questions,
  tests); the exercise cells stay as they are, with their ``lh.check_*`` feedback.

otter assign removes only what is inside its question blocks and clears every output, so the
copy is then finished here into student/NN_*.ipynb:

* the stored outputs of the instructor notebook come back (matched by cell id), so the copy
  reads without running and passes nbval against its own outputs;
* every cell tagged "solution" is removed (the worked answers, collapsed at the end), and
  every cell tagged "speaker-notes" (the instructor's notes on the slides, which may give
  answers away);
* a markdown heading cell "## Solutions" whose section is left empty is removed too, and so
  is such a heading (with the text under it) at the end of a markdown cell;
* every markdown paragraph (a block between blank lines) that begins with the marker
  `<!-- instructor-only -->` is removed: that is how a notebook says "the solutions are at the
  end" to the instructor only;
* one short markdown note takes the place of the first removed cell (and its slide type, if
  it has one), saying that the solutions are in the instructor version;
* widget models displayed only by removed cells are dropped from the notebook's widget state.

The copies depend only on the input files (no time stamps, fixed cell id for the note), so
running the script twice gives identical files. Usage (from the repository root, or via
`make student`):

    python scripts/assign.py [--source notebooks] [--out student] [--build build]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import warnings
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
SOLUTION_TAG = "solution"
NOTES_TAG = "speaker-notes"  # written by scripts/slide_metadata.py
NOTE_ID = "student-copy-solutions-note"
NOTE_TEXT = (
    "## Solutions\n"
    "\n"
    "This is the student copy of the notebook: the worked solutions are in the instructor "
    "version. The check under each exercise tells you whether your answer is right without "
    "giving it away."
)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_MODEL_REF = re.compile(r"IPY_MODEL_([0-9a-zA-Z]+)")
INSTRUCTOR_ONLY = "<!-- instructor-only -->"
_SOLUTIONS_TITLES = {"solutions", "solution"}


def _is_solution(cell: dict) -> bool:
    return SOLUTION_TAG in cell.get("metadata", {}).get("tags", [])


def _heading(cell: dict) -> tuple[int, str] | None:
    """(level, title) if the cell is markdown whose first line is a heading, else None."""
    if cell["cell_type"] != "markdown" or not cell["source"]:
        return None
    m = _HEADING.match(cell["source"].splitlines()[0])
    return (len(m.group(1)), m.group(2)) if m else None


def _empty_solutions_headings(cells: list) -> set[int]:
    """Indices of "Solutions" heading cells whose section holds only solution cells."""
    found = set()
    for i, cell in enumerate(cells):
        head = _heading(cell)
        if head is None or head[1].rstrip(":").lower() not in _SOLUTIONS_TITLES:
            continue
        level, section = head[0], []
        for later in cells[i + 1 :]:
            later_head = _heading(later)
            if later_head is not None and later_head[0] <= level:
                break
            section.append(later)
        if section and all(_is_solution(c) for c in section):
            found.add(i)
    return found


def _only_solutions_follow(cells: list, i: int, level: int) -> bool:
    """True if the cells after i, up to the next heading of level <= level, are all solutions."""
    section = []
    for later in cells[i + 1 :]:
        later_head = _heading(later)
        if later_head is not None and later_head[0] <= level:
            break
        section.append(later)
    return bool(section) and all(_is_solution(c) for c in section)


def _student_text(cells: list, i: int) -> str:
    """Markdown cell i without its instructor-only paragraphs and a trailing Solutions section."""
    lines = cells[i]["source"].splitlines()
    for k, line in enumerate(lines[1:], start=1):  # a heading on line 0 is the cell's own
        m = _HEADING.match(line)
        if m and m.group(2).rstrip(":").lower() in _SOLUTIONS_TITLES:
            if _only_solutions_follow(cells, i, len(m.group(1))):
                lines = lines[:k]
            break
    paragraphs = re.split(r"\n\s*\n", "\n".join(lines))
    kept = [p for p in paragraphs if not p.lstrip().startswith(INSTRUCTOR_ONLY)]
    return "\n\n".join(kept).strip("\n")


def _view_ids(cells: list) -> set[str]:
    ids = set()
    for cell in cells:
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view and "model_id" in view:
                ids.add(view["model_id"])
    return ids


def _reachable(roots: set[str], state: dict) -> set[str]:
    """Model ids reachable from roots through IPY_MODEL_ references in the widget state."""
    seen, todo = set(), [r for r in roots if r in state]
    while todo:
        model_id = todo.pop()
        if model_id in seen:
            continue
        seen.add(model_id)
        refs = _MODEL_REF.findall(json.dumps(state[model_id]))
        todo.extend(r for r in refs if r in state and r not in seen)
    return seen


def _prune_widget_state(nb: dict, kept: list, removed: list) -> None:
    state = nb.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {}).get("state")
    if not state:
        return
    only_removed = _reachable(_view_ids(removed), state) - _reachable(_view_ids(kept), state)
    for model_id in only_removed:
        del state[model_id]


def student_copy(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Return a new notebook: nb without solutions, with a note where they were."""
    nb = nbformat.from_dict(nb)  # a deep copy
    drop = {i for i, c in enumerate(nb.cells) if _is_solution(c)}
    drop |= _empty_solutions_headings(nb.cells)
    notes = {
        i for i, c in enumerate(nb.cells) if NOTES_TAG in c.get("metadata", {}).get("tags", [])
    }
    for i, cell in enumerate(nb.cells):
        if cell["cell_type"] == "markdown" and i not in drop:
            text = _student_text(nb.cells, i)
            if text != cell["source"].strip("\n"):
                cell["source"] = text
    if not drop and not notes:
        return nb
    kept = [c for i, c in enumerate(nb.cells) if i not in drop | notes]
    removed = [c for i, c in enumerate(nb.cells) if i in drop | notes]
    _prune_widget_state(nb, kept, removed)
    if not drop:
        nb.cells = kept
        return nb
    note = nbformat.v4.new_markdown_cell(NOTE_TEXT)
    note["id"] = NOTE_ID
    first = min(drop)
    if "slideshow" in nb.cells[first].metadata:  # the note takes the solutions' slide role
        note.metadata["slideshow"] = nbformat.from_dict(nb.cells[first].metadata["slideshow"])
    position = sum(1 for i in range(first) if i not in drop | notes)
    kept.insert(position, note)
    nb.cells = kept
    return nb


def otter_assign(notebook: Path, build: Path) -> Path:
    """Run ``otter assign`` on one instructor notebook; return its output directory.

    In this process (``otter assign NOTEBOOK RESULT --no-pdfs`` on the command line does the
    same): importing otter takes seconds, once is enough for the five notebooks.
    """
    result = build / "otter" / notebook.stem[:2]
    with warnings.catch_warnings():  # otter imports ipylab, which uses a deprecated traitlets form
        warnings.simplefilter("ignore", DeprecationWarning)
        from otter.assign import main as assign

        assign(str(notebook.resolve()), str(result.resolve()), no_pdfs=True)
    return result


def restore_outputs(copy: nbformat.NotebookNode, instructor: nbformat.NotebookNode) -> None:
    """Give every code cell of ``copy`` the outputs the instructor notebook stores for it."""
    stored = {c.get("id"): c for c in instructor.cells if c.cell_type == "code"}
    for cell in copy.cells:
        if cell.cell_type == "code" and cell.get("id") in stored:
            cell.outputs = nbformat.from_dict(stored[cell.id].outputs)
            cell.execution_count = stored[cell.id].execution_count


def make_copies(source: Path, out: Path, build: Path) -> list[Path]:
    """Write one student copy and autograder per source/NN_*.ipynb; return the copies."""
    paths = sorted(source.glob("[0-9][0-9]_*.ipynb"))
    if not paths:
        raise SystemExit(f"no notebooks NN_*.ipynb in {source}")
    out.mkdir(parents=True, exist_ok=True)
    (build / "autograder").mkdir(parents=True, exist_ok=True)
    written = []
    for path in paths:
        result = otter_assign(path, build)
        (zipped,) = (result / "autograder").glob("*-autograder_*.zip")
        shutil.copyfile(zipped, build / "autograder" / f"{path.stem[:2]}-autograder.zip")
        instructor = nbformat.read(path, as_version=nbformat.NO_CONVERT)
        copy = nbformat.read(result / "student" / path.name, as_version=nbformat.NO_CONVERT)
        restore_outputs(copy, instructor)
        target = out / path.name
        nbformat.write(student_copy(copy), target)
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=ROOT / "notebooks")
    parser.add_argument("--out", type=Path, default=ROOT / "student")
    parser.add_argument("--build", type=Path, default=ROOT / "build")
    args = parser.parse_args(argv)
    for path in make_copies(args.source, args.out, args.build):
        print(f"wrote {path}")
    print(f"autograders in {args.build / 'autograder'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
