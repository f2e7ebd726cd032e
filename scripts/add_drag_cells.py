"""Insert the "Drag the data" section (issue 18) into notebooks 01-04 (idempotent).

Each notebook gets, right before its "## Exercises" heading (``## Exercises`` or
``## 8. Exercises``), three cells with stable ids ``drag-NN-...``:

* a markdown cell "## N. Drag the data": what the mouse does, in the notebooks' notation;
* a code cell that builds and shows the drag explorer (tagged with its claims);
* a "Try it" markdown cell;

at the end of the Exercises block, the numbered exercise that needs the mouse and its
``answer_k = None`` cell with the check; in the overview (cell 0) a line naming the section
(notebook 04: its Exercises heading and contents renumbered 7 -> 8);
and, after the last cell of the notebook (with the other solutions), a solution cell tagged
"solution" that does the same edit with ``move_point`` on a fresh explorer and runs the check.
Running it again first removes every cell whose id starts with ``drag-NN-``, then inserts them
anew: twice gives the same file. It fails (exit 1) when a notebook has no such heading, or two.

    python scripts/add_drag_cells.py                  # notebooks/01..04, in place
    python scripts/add_drag_cells.py --check          # exit 1 if a notebook would change
    python scripts/add_drag_cells.py --notebooks DIR  # another folder with the same names

Afterwards: execute the four notebooks, then run scripts/slide_metadata.py (speaker notes and
slide types of the new explorer cells) and scripts/assign.py.
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
    "- **drag** a point: {redrawn} are recomputed for the new data as you drag;\n"
    "- **click** on empty space: adds a point of the class chosen by *a click adds class*;\n"
    "- **right-click** a point, or switch *mouse* to *delete* and click it: removes it;\n"
    "- **Reset**: the seeded data again.\n"
    "\n"
    "The title says what the last edit did (or that it was refused) and the verdict. A yellow "
    "box explains edits that were refused or adjusted (deleting the last point of a class, "
    "deleting below 3 points and adding beyond 200 points are refused; a point dragged past "
    "the edge of the axes stops there; a point put exactly on another is reported as stacked) "
    "and special data (such as classes whose convex hulls only touch). `drag.X` and `drag.y` "
    "are copies of the data you made, for your own cells, e.g. {example}."
)


@dataclass(frozen=True)
class Section:
    """The cells of one notebook's drag section.

    ``overview`` is (anchor, text): ``text`` is inserted into the overview cell (cell 0) right
    after ``anchor``, unless cell 0 already contains it (idempotent). ``renames`` are (old, new)
    replacements made in every cell that is not the section's own (e.g. a heading renumbered).
    """

    nb: str  # "01" ...
    intro: str
    build: str
    tags: tuple[str, ...]
    try_it: str
    exercise: str
    answer: str
    solution: str
    overview: tuple[str, str]
    renames: tuple[tuple[str, str], ...] = ()


SECTIONS = [
    Section(
        nb="01",
        intro=(
            "## 9. Drag the data\n"
            "\n"
            "So far sliders moved parameters; here the data are the controls. The figure shows "
            "the max-margin separator of the data you made, written $(w, b)$ and scaled so that "
            "its functional margin is $\\hat\\gamma = \\min_i y_i(w\\cdot x_i + b) = 1$, its two "
            "margin lines $w\\cdot x + b = \\pm 1$ and the points on them (ringed). Its "
            "geometric margin $\\gamma = \\hat\\gamma / \\lVert w\\rVert = 1/\\lVert w\\rVert$ is "
            "the largest of any separator: the data's margin $\\gamma^*$ of §4, shown in the "
            "title with the verdict of the LP. As in §4, `margin=0.15` below is the "
            "*generator's* margin (of its separator $(w^*, b^*)$); the data's $\\gamma^*$ is at "
            "least as large.\n"
            "\n"
            + USAGE.format(
                redrawn="the separator, its margin lines, the ringed points, the title and the "
                "readout",
                example="`lh.find_separator(drag.X, drag.y)`",
            )
        ),
        build="drag = lh.DragSeparabilityExplorer(n=20, seed=0, margin=0.15)\ndrag",
        tags=("claim:C01", "claim:C04"),
        try_it=(
            "**Try it.** Drag a point that is *not* ringed a little, keeping it outside the grey "
            "band between the margin lines: does the separator move? "
            "Now drag the ringed point of class $+1$ towards the middle of the segment joining "
            "the two ringed points of class $-1$: $\\gamma^*$ shrinks, and the verdict flips to "
            '"not separable" the moment the two classes\' convex hulls meet, here when the '
            "point reaches that segment. Set *a click adds class* to $+1$ and click inside the "
            "cluster of class $-1$ points: what does the verdict say? Then delete that point "
            "again. (Exercise 8 below uses this explorer.)"
        ),
        exercise=(
            "**Exercise 8 (drag: a tiny margin).** In the explorer of §9 press Reset, then move "
            "*one* point that is **not** ringed (no adding or deleting; the Try it moved a ringed "
            "one) so that the data stay separable but their margin $\\gamma^*$ drops below 0.05. "
            "Enter the $\\gamma^*$ shown in the title or the readout, to 3 decimals or more: "
            "the check compares your number with $\\gamma^*$ rounded to as many decimals as you "
            "give, up to 6 (for $\\gamma^* = 0.123456$, 0.123 and 0.1235 pass, 0.1234 does "
            "not)."
        ),
        answer=(
            "answer_8 = None  # your answer: the data's margin γ* in the title of §9, a number\n"
            "lh.check_drag_small_margin(answer_8, drag)"
        ),
        solution=(
            "# Exercise 8: an unringed point changes nothing until it enters the band; take\n"
            "# point 5 (class -1, near the middle) across the band to just above the edge\n"
            "# joining the class +1 points 0 and 14: it becomes ringed with 0 and 14, the\n"
            "# max-margin line turns parallel to that edge, and gamma* is half the distance\n"
            "# from point 5 to it, 0.0154\n"
            "solved = lh.DragSeparabilityExplorer(n=20, seed=0, margin=0.15)\n"
            "solved.move_point(5, (0.25, -0.55))\n"
            "answer_8 = round(solved.state.gamma, 4)\n"
            "print(answer_8)\n"
            "lh.check_drag_small_margin(answer_8, solved)"
        ),
        overview=(
            "* §8: a table that translates the notation of the five source texts into ours;",
            "\n* §9: drag the data yourself and watch the max-margin separator and the data's "
            "margin $\\gamma^*$ follow.",
        ),
        renames=(
            ("five source texts into ours.\n", "five source texts into ours;\n"),
            ("Sections 2–7 end with **Try it**", "Sections 2–7 and 9 end with **Try it**"),
        ),
    ),
    Section(
        nb="02",
        intro=(
            "## 11. Drag the data\n"
            "\n"
            "Here the data are the controls. After every edit the perceptron runs again from "
            "$w = 0, b = 0$ in cyclic order with $b \\leftarrow b + y$ (section 1); the left "
            "panel shows its line and the max-margin separator in the plane (its margin "
            "$\\gamma$ is in the left title), the right one its number of "
            "updates $M$ next to the bound $R'^2/\\gamma'^2$ of section 2 for the lifted points "
            "$x' = (x, 1)$, on a log scale: $R' = \\max_i \\lVert (x_i, 1)\\rVert = "
            "\\sqrt{R^2 + 1}$ with $R = \\max_i \\lVert x_i\\rVert$, and $\\gamma'$ the largest "
            "geometric margin of a separator through the origin of the lifted points (computed "
            "for the data you made; a different number from $\\gamma$; it is in the right "
            "title). A run that does not stop within 5000 updates is cut there; a bound beyond "
            'the axis is marked "off the axis". As in section 4, `margin=0.1` below is the '
            "margin of the *generator's* separator, the line the data were drawn around; the "
            "left title shows $\\gamma$ of the max-margin separator, the data's largest margin, "
            "which is at least as large.\n"
            "\n"
            + USAGE.format(
                redrawn="the run, both lines, the bars, the titles and the readout",
                example="`lh.perceptron(drag.X, drag.y, max_updates=drag.cap, "
                "max_epochs=drag.cap + 1)`, the explorer's run (without these options "
                "`lh.perceptron` stops after 1000 passes over the data, before some long runs "
                "converge)",
            )
        ),
        build="drag = lh.DragPerceptronExplorer(n=20, seed=0, margin=0.1)\ndrag",
        tags=("claim:C10", "claim:C15"),
        try_it=(
            "**Try it.** Drag a point towards the other class, slowly: $\\gamma$ stays put (only "
            "$M$ and $R$ can change; $M$ may even drop) until the point comes closer to the "
            "max-margin separator (dotted) than the points nearest to it; from then on "
            "$\\gamma$ shrinks, $\\gamma' \\le \\gamma$ follows it down and the bound grows. "
            "What counts is how close the two classes' convex hulls come (the margin is half "
            "their distance), not how close the point is to some point of the other class: "
            "the bound is largest when the hulls almost touch, e.g. a point of one class almost "
            "on the segment between two points of the other. $M$ tends to grow, though not at "
            "every step, and it always stays below the bound. Drag it further, in among the "
            "other class, so that no line separates the classes (past the drawn lines is not "
            'enough): the verdict turns to "not separable" and the run stops at the cap. Drag '
            "a point far out, to a corner: $R$ grows; what happens to the bound, and to $M$? "
            "(Exercise 7 below uses this explorer.)"
        ),
        exercise=(
            "**Exercise 7 (drag: a long run).** In the explorer of section 11 press Reset, then "
            "move *one* point (no adding or deleting) so that the perceptron needs more than 200 "
            "updates and still converges within the explorer's cap of 5000 updates. Enter "
            "the number of updates $M$ shown in the figure."
        ),
        answer=(
            "answer_7 = None  # your answer: the number of updates M, a whole number\n"
            "lh.check_drag_long_run(answer_7, drag)"
        ),
        solution=(
            "# Exercise 7: M <= R'^2/gamma'^2, so M > 200 needs gamma' < R'/sqrt(200) (about 0.1\n"
            "# here), i.e. the two classes' hulls almost touching. Point 7 (class -1, the topmost\n"
            "# triangle, at (0.30, 0.95)) moved to (-0.2, -0.95) puts the class +1 point 0 at\n"
            "# (-0.10, -0.81) almost on the segment from the class -1 point 4 (0.81, 0.56) to\n"
            "# it: gamma' is about 0.0005 and M = 3360 (yet the moved point is 0.135 from the\n"
            "# nearest +1 point). 0.01 further right or lower and point 0 is inside the class -1\n"
            "# hull: not separable\n"
            "solved = lh.DragPerceptronExplorer(n=20, seed=0, margin=0.1)\n"
            "solved.move_point(7, (-0.2, -0.95))\n"
            "answer_7 = solved.state.updates\n"
            "print(answer_7)\n"
            "lh.check_drag_long_run(answer_7, solved)"
        ),
        overview=(
            "perceptron needs exponentially many updates.",
            " In section 11 you drag the data yourself and watch the run and the bound follow.",
        ),
        renames=((" In Section 11 you drag the data", " In section 11 you drag the data"),),
    ),
    Section(
        nb="03",
        intro=(
            "## 9. Drag the data\n"
            "\n"
            "Here the data are the controls. The left panel shows a direction $(w, b)$ with "
            "$\\lVert w\\rVert = 1$, so that $y_i(w\\cdot x_i + b)$ is the signed distance of "
            "point $i$ to the line (the smallest of them is the geometric margin $\\gamma$ of "
            "this $(w, b)$); the right panel shows $\\ln L(cw, cb) = \\sum_i "
            "\\ln\\sigma(c\\,\\hat\\gamma_i)$, with the functional margins "
            "$\\hat\\gamma_i = y_i(w\\cdot x_i + b)$, against the scale $c$. On separable data "
            "the direction is the max-margin separator and $\\ln L \\to 0$ without a maximum "
            "(Section 4); when the classes overlap it is the direction of the maximum-likelihood "
            "fit, whose maximum is marked. On quasi-separated data (Section 6: no line separates "
            "them, but some direction puts every example on its correct side or on the "
            "boundary) $\\ln L(cw, cb)$ rises along the drawn such direction to $-k_0\\ln 2$, "
            "$k_0$ the number of points on its boundary; other directions can do better, but "
            "no $(w, b)$ attains a maximum. Dropping a point on the drawn line does not make data "
            "quasi-separated (another line still separates them); `drag.set_data(X, y)` loads "
            "such data, e.g. a two-dimensional answer to Exercise 5.\n"
            "\n"
            + USAGE.format(
                redrawn="the line, the curve, the titles and the readout",
                example="`lh.fit_logistic(drag.X, drag.y)`",
            )
        ),
        build="drag = lh.DragLikelihoodExplorer(n=12, seed=3, margin=0.15)\ndrag",
        tags=("claim:C20", "claim:C23"),
        try_it=(
            "**Try it.** Drag a point towards the line and across it: while the data stay "
            "separable the curve still climbs to 0; the moment they overlap it bends down and "
            "the maximum (the MLE) appears. Drag the point further in: does the maximum rise or "
            "fall, and does it move to a larger or a smaller $c$? (Exercise 6 below uses this "
            "explorer.)"
        ),
        exercise=(
            "**Exercise 6 (drag: overlapping classes).** In the explorer of Section 9 press "
            "Reset, then move *one* point (no adding or deleting) so that the classes overlap "
            "and $\\ln L$ has a maximum. Enter that maximum $\\ln L$, as shown in the right "
            "panel's title."
        ),
        answer=(
            "answer_6 = None  # your answer: the largest ln L, a number\n"
            "lh.check_drag_overlap(answer_6, drag)"
        ),
        solution=(
            "# Exercise 6: put a point of class -1 (point 1) among the class +1 points\n"
            "solved = lh.DragLikelihoodExplorer(n=12, seed=3, margin=0.15)\n"
            "solved.move_point(1, (0.08, -0.18))\n"
            "answer_6 = solved.state.log_likelihood_mle\n"
            "lh.check_drag_overlap(answer_6, solved)"
        ),
        overview=(
            "compute all of this without overflow (Sections 7–8).",
            "\n* dragging the data yourself and watching $\\ln L(cw, cb)$ follow (Section 9).",
        ),
    ),
    Section(
        nb="04",
        intro=(
            "## 7. Drag the data\n"
            "\n"
            "Here the data are the controls. After every edit the LP $A(w, b) \\ge 1$ of "
            "section 1 is solved again: if it is feasible, the figure shows its separator (the "
            "line $w\\cdot x + b = 0$ of a solution, so every $y_i(w\\cdot x_i + b) \\ge 1$; "
            "no margin lines are drawn) and the two convex hulls; if not, "
            "Gordan's certificate of section 4 appears: weights $\\lambda \\ge 0$, "
            "$\\sum_i\\lambda_i = 1$, $\\sum_i \\lambda_i y_i (x_i, 1) = 0$, drawn as spokes "
            "from the examples with $\\lambda_i > 0$ to the point "
            "$p = 2\\sum_{y_i=+1}\\lambda_i x_i = 2\\sum_{y_i=-1}\\lambda_i x_i$ of both hulls. "
            "The readout under the figure lists the $\\lambda_i$.\n"
            "\n"
            + USAGE.format(
                redrawn="the separator or the certificate, the hulls, the title and the readout",
                example="`lh.separation_matrix(drag.X, drag.y)` to check a certificate by hand",
            )
        ),
        build="drag = lh.DragCertificateExplorer(n=10, seed=1, margin=0.15)\ndrag",
        tags=("claim:C25",),
        try_it=(
            "**Try it.** Drag a point into the other class's hull: the separator disappears and "
            "the certificate appears the moment the hulls meet; drag it back and it disappears "
            "again. Which examples carry weight, and why at most four of them? (Exercise 5 "
            "below uses this explorer.)"
        ),
        exercise=(
            "**Exercise 5 (drag: hulls that meet elsewhere).** Dragging a point into the other "
            "class's hull makes the data non-separable. Find another way: in the explorer of "
            "section 7 press Reset, then move a *single* point (no adding or deleting) so that "
            "the data become non-separable while the moved point stays *outside* the other "
            "class's convex hull. Then enter the certificate's $\\lambda$ listed in the readout "
            "under the figure, as a dict $\\{i: \\lambda_i\\}$ or as one weight per example, "
            "copying at least 3 decimals of each (the readout gives 4)."
        ),
        answer=(
            "answer_5 = None  # your answer: {i: λ_i, ...} or a vector of 10 weights\n"
            "lh.check_drag_certificate(answer_5, drag)"
        ),
        solution=(
            "# Exercise 5: the hulls can also meet because the moved point's OWN hull grows over\n"
            "# the other class: point 0 (class +1) taken to the bottom-left corner stays outside\n"
            "# the class -1 hull, but the class +1 hull now reaches into it\n"
            "solved = lh.DragCertificateExplorer(n=10, seed=1, margin=0.15)\n"
            "state = solved.move_point(0, (-1.2, -1.2))\n"
            "answer_5 = {int(i): round(float(state.lam[i]), 4) for i in state.support}\n"
            "print(answer_5)\n"
            "lh.check_drag_certificate(answer_5, solved)"
        ),
        overview=(
            "7. Exercises, one of them a derivation",
            "",
        ),
        renames=(
            ("## 7. Exercises", "## 8. Exercises"),
            (
                "\n7. Exercises, one of them a derivation",
                "\n7. Drag the data: the LP's separator or Gordan's certificate, live\n"
                "8. Exercises, one of them a derivation",
            ),
        ),
    ),
]


def _cell_id(section: Section, part: str) -> str:
    return f"drag-{section.nb}-{part}"


def _cells(section: Section) -> tuple[list[NotebookNode], list[NotebookNode], NotebookNode]:
    """The cells before the Exercises heading, the exercise cells, and the solution cell."""
    new_md, new_code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell
    cells = [
        new_md(section.intro, id=_cell_id(section, "intro")),
        new_code(section.build, id=_cell_id(section, "explorer")),
        new_md(section.try_it, id=_cell_id(section, "try-it")),
    ]
    exercise = [
        new_md(section.exercise, id=_cell_id(section, "exercise")),
        new_code(section.answer, id=_cell_id(section, "answer")),
    ]
    cells[0].metadata = {"slideshow": {"slide_type": "slide"}}
    cells[1].metadata = {"tags": list(section.tags)}
    exercise[0].metadata = {"slideshow": {"slide_type": "subslide"}}
    solution = new_code(section.solution, id=_cell_id(section, "solution"))
    solution.metadata = {
        "jupyter": {"source_hidden": True},
        "slideshow": {"slide_type": "skip"},
        "tags": ["solution"],
    }
    return cells, exercise, solution


def _edit_other_cells(nb: NotebookNode, section: Section) -> None:
    """Renumbered headings (``renames``) and the overview line in cell 0 (idempotent)."""
    for cell in nb.cells:
        for old, new in section.renames:
            if old in cell.source:
                cell.source = cell.source.replace(old, new)
    anchor, text = section.overview
    head = nb.cells[0]
    if text and text not in head.source:
        if anchor not in head.source:
            raise SystemExit(f"notebook {section.nb}: overview anchor {anchor!r} not in cell 0")
        head.source = head.source.replace(anchor, anchor + text, 1)


def add_cells(nb: NotebookNode, section: Section) -> NotebookNode:
    """Remove the section's cells if present, then insert them again (in place).

    The section goes right before the Exercises heading; its exercise is the last one of the
    Exercises block (before the next ``## `` heading); its solution is the last cell.
    """
    prefix = f"drag-{section.nb}-"
    nb.cells = [c for c in nb.cells if not str(c.get("id", "")).startswith(prefix)]
    _edit_other_cells(nb, section)
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
    cells, exercise, solution = _cells(section)
    at = anchors[0]
    end = next(
        (
            i
            for i in range(at + 1, len(nb.cells))
            if nb.cells[i].cell_type == "markdown" and nb.cells[i].source.startswith("## ")
        ),
        len(nb.cells),
    )
    nb.cells[end:end] = exercise
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
