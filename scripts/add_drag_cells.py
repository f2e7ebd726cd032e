"""Insert the "Drag the data" section (issue 18) into notebooks 01-04 (idempotent).

Each notebook gets, right before its "## Exercises" heading (``## Exercises`` or
``## 7. Exercises``), five cells with stable ids ``drag-NN-...``:

* a markdown cell "## Drag the data": what the mouse does, in the notebooks' notation;
* a code cell that builds and shows the drag explorer (tagged with its claims);
* a "Try it" markdown cell;
* the exercise that needs the mouse, and its ``answer_drag = None`` cell with the check;

and, after the last cell of the notebook (with the other solutions), a solution cell tagged
"solution" that does the same edit with ``move_point`` on a fresh explorer and runs the check.
Running it again first removes every cell whose id starts with ``drag-NN-``, then inserts them
anew: twice gives the same file. It fails (exit 1) when a notebook has no such heading, or two.

    python scripts/add_drag_cells.py                  # notebooks/01..04, in place
    python scripts/add_drag_cells.py --check          # exit 1 if a notebook would change
    python scripts/add_drag_cells.py --notebooks DIR  # another folder with the same names

Afterwards: execute the four notebooks, then run scripts/slide_metadata.py (speaker notes and
slide types of the new explorer cells) and scripts/make_student_copies.py.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbformat import NotebookNode

ROOT = Path(__file__).resolve().parents[1]
ANCHOR = re.compile(r"^##\s+(\d+\.\s*)?Exercises\s*$")

USAGE = (
    "- **drag** a point: everything in the figure follows it;\n"
    "- **click** on empty space: adds a point of the class chosen by *a click adds class*;\n"
    "- **right-click** a point, or switch *mouse* to *delete* and click it: removes it;\n"
    "- **Reset**: the seeded data again.\n"
    "\n"
    "The title says what the last edit did and the verdict; a yellow box explains refused edits "
    "(the last point of a class, points stacked on each other, the edge of the axes). "
    "`drag.X` and `drag.y` are copies of the data you made, for the cells below."
)


@dataclass(frozen=True)
class Section:
    """The cells of one notebook's drag section."""

    nb: str  # "01" ...
    intro: str
    build: str
    tags: tuple[str, ...]
    try_it: str
    exercise: str
    answer: str
    solution: str


SECTIONS = [
    Section(
        nb="01",
        intro=(
            "## Drag the data\n"
            "\n"
            "So far sliders moved parameters; here the data are the controls. The figure shows "
            "the max-margin separator $(w^*, b^*)$, scaled so that its functional margin is "
            "$\\hat\\gamma = \\min_i y_i(w^*\\cdot x_i + b^*) = 1$, the two margin lines "
            "$w^*\\cdot x + b^* = \\pm 1$ and the points on them (boxed). Its geometric margin "
            "$\\gamma = \\hat\\gamma / \\lVert w^*\\rVert = 1/\\lVert w^*\\rVert$ is the largest "
            "geometric margin of any separator: the data's margin, shown in the title with the "
            "verdict of the LP (section 5).\n"
            "\n" + USAGE
        ),
        build="drag = lh.DragSeparabilityExplorer(n=20, seed=0, margin=0.15)\ndrag",
        tags=("claim:C01", "claim:C04"),
        try_it=(
            "**Try it.** Drag a point that is *not* boxed, a little: does the separator move? "
            "Now drag a boxed point towards the other class: $\\gamma$ shrinks, and the moment "
            "it crosses the line through the other class's nearest points the verdict flips to "
            '"not separable". Add a point of the other class in the middle of a cluster, then '
            "delete it."
        ),
        exercise=(
            "**Exercise (drag, claim C04).** Press Reset, then move *one* point (no adding or "
            "deleting) so that the data stay separable but their margin $\\gamma$ drops below "
            "0.05. Enter the $\\gamma$ shown in the title (three decimals are enough)."
        ),
        answer=(
            "answer_drag = None  # your answer: the margin γ in the title, a number\n"
            "lh.check_drag_small_margin(answer_drag, drag)"
        ),
        solution=(
            "# Exercise (drag): bring a boxed point (here point 0) most of the way towards the\n"
            "# other class's margin line; the max-margin line turns, and gamma shrinks to 0.035\n"
            "solved = lh.DragSeparabilityExplorer(n=20, seed=0, margin=0.15)\n"
            "solved.move_point(0, (-0.33, -0.55))\n"
            "lh.check_drag_small_margin(round(solved.state.gamma, 3), solved)"
        ),
    ),
    Section(
        nb="02",
        intro=(
            "## Drag the data\n"
            "\n"
            "Here the data are the controls. After every edit the perceptron runs again from "
            "$w = 0, b = 0$ in cyclic order with $b \\leftarrow b + y$ (section 1); the left "
            "panel shows its line and the max-margin separator, the right one its number of "
            "updates $M$ next to the bound $R'^2/\\gamma'^2$ of section 2 for the lifted points "
            "$x' = (x, 1)$, on a log scale: $R' = \\max_i \\lVert (x_i, 1)\\rVert = "
            "\\sqrt{R^2 + 1}$ with $R = \\max_i \\lVert x_i\\rVert$, and $\\gamma'$ the largest "
            "geometric margin of a separator through the origin of the lifted points (computed "
            "for the data you made). A run that does not stop within 5000 updates is cut there.\n"
            "\n" + USAGE
        ),
        build="drag = lh.DragPerceptronExplorer(n=20, seed=0, margin=0.1)\ndrag",
        tags=("claim:C10", "claim:C15"),
        try_it=(
            "**Try it.** Drag a point towards the other class, slowly: the margin shrinks and "
            "$M$ and the bound grow, $M$ always below the bound. Drag it across: the verdict "
            'turns to "not separable" and the run stops at the cap. Drag a point far out, to a '
            "corner: $R$ grows; what happens to the bound, and to $M$?"
        ),
        exercise=(
            "**Exercise (drag, claim C15).** Press Reset, then move *one* point (no adding or "
            "deleting) so that the perceptron needs more than 200 updates and still converges. "
            "Enter the number of updates $M$ shown in the figure."
        ),
        answer=(
            "answer_drag = None  # your answer: the number of updates M, a whole number\n"
            "lh.check_drag_long_run(answer_drag, drag)"
        ),
        solution=(
            "# Exercise (drag): a long run needs a tiny margin; point 7 (class -1) put right\n"
            "# beside the class +1 points 6 and 9 at the bottom leaves a margin of about 0.0005\n"
            "solved = lh.DragPerceptronExplorer(n=20, seed=0, margin=0.1)\n"
            "solved.move_point(7, (-0.2, -0.95))\n"
            "lh.check_drag_long_run(solved.state.updates, solved)"
        ),
    ),
    Section(
        nb="03",
        intro=(
            "## Drag the data\n"
            "\n"
            "Here the data are the controls. The left panel shows a fixed direction "
            "$(w, b)$ with $\\lVert w\\rVert = 1$, so that $y_i(w\\cdot x_i + b)$ is the geometric "
            "margin of point $i$; the right panel $\\ln L(cw, cb) = \\sum_i "
            "\\ln\\sigma\\big(c\\,y_i(w\\cdot x_i + b)\\big)$ against the scale $c$. On separable "
            "data the direction is the max-margin separator and $\\ln L \\to 0$ without a maximum "
            "(section 4); when the classes overlap it is the direction of the maximum-likelihood "
            "fit, whose maximum is marked; on quasi-separated data (section 6: points on the "
            "boundary of every separating direction) $\\ln L$ rises to $-k\\ln 2$, $k$ the "
            "points on the boundary, with no maximum and no separator.\n"
            "\n" + USAGE
        ),
        build="drag = lh.DragLikelihoodExplorer(n=12, seed=3, margin=0.15)\ndrag",
        tags=("claim:C20", "claim:C23"),
        try_it=(
            "**Try it.** Drag a point towards the line and across it: while the data stay "
            "separable the curve still climbs to 0; the moment they overlap it bends down and "
            "the maximum (the MLE) appears. Drag the point further in: does the maximum rise or "
            "fall, and does it move to a larger or a smaller $c$?"
        ),
        exercise=(
            "**Exercise (drag, claim C23).** Press Reset, then move *one* point (no adding or "
            "deleting) so that the classes overlap and $\\ln L$ has a maximum. Enter that "
            "maximum $\\ln L$, as shown in the right panel's title."
        ),
        answer=(
            "answer_drag = None  # your answer: the largest ln L, a number\n"
            "lh.check_drag_overlap(answer_drag, drag)"
        ),
        solution=(
            "# Exercise (drag): put a point of class -1 (point 1) among the class +1 points\n"
            "solved = lh.DragLikelihoodExplorer(n=12, seed=3, margin=0.15)\n"
            "solved.move_point(1, (0.08, -0.18))\n"
            "lh.check_drag_overlap(solved.state.log_likelihood_mle, solved)"
        ),
    ),
    Section(
        nb="04",
        intro=(
            "## Drag the data\n"
            "\n"
            "Here the data are the controls. After every edit the LP $A(w, b) \\ge 1$ of "
            "section 1 is solved again: if it is feasible, the figure shows its separator (with "
            "functional margins $y_i(w\\cdot x_i + b) \\ge 1$) and the two convex hulls; if not, "
            "Gordan's certificate of section 4 appears: weights $\\lambda \\ge 0$, "
            "$\\sum_i\\lambda_i = 1$, $\\sum_i \\lambda_i y_i (x_i, 1) = 0$, drawn as spokes "
            "from the examples with $\\lambda_i > 0$ to the point "
            "$p = 2\\sum_{y_i=+1}\\lambda_i x_i = 2\\sum_{y_i=-1}\\lambda_i x_i$ of both hulls. "
            "The readout under the figure lists the $\\lambda_i$.\n"
            "\n" + USAGE
        ),
        build="drag = lh.DragCertificateExplorer(n=10, seed=1, margin=0.15)\ndrag",
        tags=("claim:C25",),
        try_it=(
            "**Try it.** Drag a point into the other class's hull: the separator disappears and "
            "the certificate appears the moment the hulls meet; drag it back and it disappears "
            "again. Which examples carry weight, and why at most four of them?"
        ),
        exercise=(
            "**Exercise (drag, claim C25).** Press Reset, then make the data non-separable by "
            "moving a *single* point (no adding or deleting), and read the certificate's "
            "$\\lambda$ in the readout under the figure. Enter it as a dict "
            "$\\{i: \\lambda_i\\}$ of the weights listed there, or as one weight per example."
        ),
        answer=(
            "answer_drag = None  # your answer: {i: λ_i, ...} or a vector of 10 weights\n"
            "lh.check_drag_certificate(answer_drag, drag)"
        ),
        solution=(
            "# Exercise (drag): move point 0 (class +1) into the middle of the class -1 points;\n"
            "# the readout lists the weights, here read from the state with 4 decimals\n"
            "solved = lh.DragCertificateExplorer(n=10, seed=1, margin=0.15)\n"
            "state = solved.move_point(0, (-0.48, -0.31))\n"
            "lh.check_drag_certificate({int(i): round(state.lam[i], 4) for i in state.support}, "
            "solved)"
        ),
    ),
]


def _cell_id(section: Section, part: str) -> str:
    return f"drag-{section.nb}-{part}"


def _cells(section: Section) -> tuple[list[NotebookNode], NotebookNode]:
    """The cells before the Exercises heading, and the solution cell."""
    new_md, new_code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell
    cells = [
        new_md(section.intro, id=_cell_id(section, "intro")),
        new_code(section.build, id=_cell_id(section, "explorer")),
        new_md(section.try_it, id=_cell_id(section, "try-it")),
        new_md(section.exercise, id=_cell_id(section, "exercise")),
        new_code(section.answer, id=_cell_id(section, "answer")),
    ]
    cells[0].metadata = {"slideshow": {"slide_type": "slide"}}
    cells[1].metadata = {"tags": list(section.tags)}
    cells[3].metadata = {"slideshow": {"slide_type": "subslide"}}
    solution = new_code(section.solution, id=_cell_id(section, "solution"))
    solution.metadata = {
        "jupyter": {"source_hidden": True},
        "slideshow": {"slide_type": "skip"},
        "tags": ["solution"],
    }
    return cells, solution


def add_cells(nb: NotebookNode, section: Section) -> NotebookNode:
    """Remove the section's cells if present, then insert them again (in place)."""
    prefix = f"drag-{section.nb}-"
    nb.cells = [c for c in nb.cells if not str(c.get("id", "")).startswith(prefix)]
    anchors = [
        i
        for i, c in enumerate(nb.cells)
        if c.cell_type == "markdown" and ANCHOR.match(c.source.split("\n", 1)[0].strip())
    ]
    if len(anchors) != 1:
        raise SystemExit(
            f"notebook {section.nb}: expected one '## Exercises' heading cell, found "
            f"{len(anchors)}; the drag section was not added"
        )
    cells, solution = _cells(section)
    at = anchors[0]
    nb.cells[at:at] = cells
    nb.cells.append(solution)
    return nb


def process(path: Path, section: Section, check: bool) -> bool:
    """Rewrite one notebook; True if it changed (with ``check`` only report)."""
    before = path.read_text(encoding="utf-8")
    nb = add_cells(nbformat.reads(before, as_version=4), section)
    nbformat.validate(nb)
    after = nbformat.writes(nb) + "\n"
    if after == before:
        return False
    if not check:
        path.write_text(after, encoding="utf-8")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--notebooks", type=Path, default=ROOT / "notebooks")
    parser.add_argument("--check", action="store_true", help="only report what would change")
    args = parser.parse_args(argv)
    changed = []
    for section in SECTIONS:
        paths = sorted(args.notebooks.glob(f"{section.nb}_*.ipynb"))
        if len(paths) != 1:
            raise SystemExit(f"expected one notebook {section.nb}_*.ipynb in {args.notebooks}")
        if process(paths[0], section, args.check):
            changed.append(paths[0].name)
    verb = "would change" if args.check else "changed"
    print(f"{verb}: {', '.join(changed) or 'nothing'}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
