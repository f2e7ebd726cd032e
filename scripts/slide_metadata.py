"""Set the slide metadata of the notebooks from the table below (idempotent).

jupyterlab-slideshow (and RISE, nbconvert) read ``cell.metadata.slideshow.slide_type``: "slide",
"subslide", "fragment", "-" (stays on the current slide), "skip" or "notes". The authors set it
cell by cell; this script enforces the rules a presentation needs and adds the speaker notes:

    python scripts/slide_metadata.py                 # every notebooks/NN_*.ipynb, in place
    python scripts/slide_metadata.py --check         # exit 1 if a notebook would change
    python scripts/slide_metadata.py PATH.ipynb ...  # other notebooks (e.g. temporary copies)

Run it after ``make execute`` and before ``make student``; running it twice changes nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from pathlib import Path

import nbformat
from nbformat import NotebookNode

ROOT = Path(__file__).resolve().parents[1]

#: The rules, first match wins (what the cell is -> its slide type). Every other cell keeps the
#: slide type its author gave it. A cell that stays on the current slide ("-") carries no slide
#: type at all: nbconvert and RISE read a missing one as "-", while jupyterlab-slideshow 0.3.4
#: never shows a cell whose slide type is the string "-".
RULES = [
    ("set-up: the first code cell (imports, seed, style)", "skip"),
    ("a solution: a cell tagged 'solution', or the '## Solutions' heading", "skip"),
    ("speaker notes written by this script (tag 'speaker-notes')", "notes"),
    ("an explorer: a code cell that builds a <Name>Explorer(...)", "slide"),
    ("the first presented cell after an explorer, if it would share its slide", "subslide"),
]

#: Speaker notes, shown under the explorer in the notebook and hidden on the slides.
#: Keyed by the explorer's class: a notes cell goes right after the cell that builds it.
SPEAKER_NOTES = {
    "MarginExplorer": "Drag γ down to 0.001 while the class watches the band shrink to a line; "
    "then set R = γ = 0.5 and ask why only two dots are left. Answer: a point of each class, "
    "each at least γ from the line on opposite sides, are at least 2γ apart inside a disc of "
    "diameter 2R, so γ = R forces b* = 0 and every point onto +R w* or −R w*.",
    "ScalingExplorer": "Move c over several orders of magnitude: the line never moves while the "
    "dashed level lines c(w·x + b) = ±1 close in on it as c grows (1/(c‖w‖) away); the "
    "functional margin scales with c, the geometric margin stays put. Answer to the Try-it: the "
    "curves cross where c γ̂ = γ = γ̂/‖w‖, i.e. at c = 1/‖w‖ = 0.5 here, where ‖cw‖ = 1, for "
    "every separator.",
    "PerceptronProofExplorer": "Step t from 0 with the arrow keys: name the example behind each "
    "update; then push γ towards 0 and compare the update count M with the bounds in the rows "
    "above the panels (R'²/γ'² for the run on the lifted points).",
    "StaircaseExplorer": "Raise d one step at a time: the number of updates grows about 4x per "
    "step (faster at small d); an LP for a separator through the origin "
    "(lh.homogeneous_staircase_lp) answers at once.",
    "ThresholdExplorer": "Drag T towards 0.99: the boundary shifts parallel to itself and "
    "never tilts; read the false positives and false negatives in the right panel's title: "
    "5 FP / 2 FN at T = 0.5; the last triangle (score 1.82, σ = 0.8605) is passed just above "
    "T = 0.8605 (first slider stop 0.87: 0 FP / 13 FN); at 0.99 all 20 positives are false "
    "negatives.",
    "LikelihoodScalingExplorer": "Move c up to 10⁶ for each data set, always with the same "
    "line (w, b): ln L → 0 when it separates the data, → −ln 2 with one point on it, → −∞ with "
    "one point on its wrong side (those data are still separable by another line).",
    "ImplicitBiasExplorer": "Move t from 1 to 10⁵: the gradient-descent line turns slowly "
    "towards the max-margin line through the origin; read the angle in the top-right panel's "
    "title: 26.9° at t = 1, below 5° from t ≈ 724, 2.5° at t ≈ 12 000, 1.87° at 10⁵; ‖w(t)‖ "
    "grows with slope 2 = 1/γ* per unit of ln t (γ* = 0.5 through the origin; the largest "
    "geometric margin of an affine separator, the max-margin separator with intercept, is "
    "0.5385). The slider starts at t = 100, which shows the recorded step t = 98 (the title "
    "says so).",
    "LPSeparatorsExplorer": "Set γ = 0.4, R = 0.5: the zero-objective LP's margin (0.013) is "
    "far below the max-margin LPs' (0.40). Then set R back to 1 and push γ towards 0.001: γ is "
    "the margin of the generating line only, the data's own margin stays near 0.016, and the "
    "perceptron stops at the first separator it meets (36 updates).",
    "CertificateExplorer": "The point starts inside the blue hull, with a certificate. Drag "
    "it right, towards the orange points: the verdict switches where it leaves the blue hull on "
    "that side. Dragged left or up it stays non-separable, because the segment from it to an "
    "orange point still crosses the blue hull; read the weights λ of the certificate.",
    "DragSeparabilityExplorer": "The seeded data have the data's margin γ* ≈ 0.22 (the "
    "generator's is 0.15), with points 0, 4 and 8 ringed on the dashed margin lines. Drag an "
    "unringed point a little, keeping it outside the grey band: nothing else moves; once it "
    "enters the band it is ringed and the separator moves. Drag the ringed +1 point (point 0, "
    "bottom middle) towards the middle of the segment joining the ringed −1 points 4 and 8: the "
    "max-margin line slides, parallel to that segment, γ* falls towards 0, and the verdict flips "
    "to 'not separable' when the point reaches the segment. With 'a click adds class' at +1, "
    "click inside the −1 cluster: not separable; right-click that point away and γ* ≈ 0.22 is "
    "back. Exercise 8 asks for another move: leave it to the students.",
    "DragPerceptronExplorer": "The seeded run needs M = 17 updates, bound R′²/γ′² ≈ 74. Drag a "
    "point slowly towards the other class: γ stays put (only M, and R, can change) until the "
    "point comes closer to the dotted max-margin line than the points nearest to it; then γ "
    "shrinks, γ′ ≤ γ follows it down and the bound grows. What counts is how close the two "
    "convex hulls come (γ is half their distance), not how close the point gets to a point of "
    "the other class: with the hulls almost touching, M can reach hundreds to thousands, always "
    "below the bound; one pixel more or less changes M a lot. Dragged further, in among the "
    "other class so that no line separates the classes (past the drawn lines is not enough), "
    "the run stops at the cap of 5000. Dragged to a corner, R′ and the bound grow while M need "
    "not. Exercise 7 asks for a long run: leave it to the students.",
    "DragLikelihoodExplorer": "Seeded data separable: ln L(cw, cb) climbs to 0 along the "
    "max-margin direction. Drag point 1 (class −1) to (0.08, −0.18), among the +1 points: the "
    "classes overlap and the maximum appears, ln L = −2.779 at c = 6.41 (the MLE). Dropping a "
    "point on the drawn line does not make the data quasi-separated (another line still "
    "separates them); to show that case, load quasi-separated data with drag.set_data(X, y), "
    "e.g. a 2-D answer to Exercise 5: ln L(cw, cb) rises to −k₀ ln 2, with no maximum.",
    "DragCertificateExplorer": "Seeded data separable: LP separator and two disjoint hulls. Drag "
    "the +1 point at about (0.40, 0.61) (point 0) into the −1 hull, e.g. near the mean of the −1 "
    "points, about (−0.48, −0.31): the certificate appears with λ₀ = 0.5 on the dragged point (p "
    "is that point itself) and the other half on −1 points, there λ₁ ≈ 0.09, λ₂ ≈ 0.36 and "
    "λ₉ ≈ 0.04 (the values, and whether point 9 or 5 carries weight, depend on where the point "
    "is dropped); drag it back and "
    "it disappears. A vertex certificate has at most d + 2 = 4 weights. Exercise 5 asks for "
    "another way for the hulls to meet: leave it to the students.",
    "VertexCoverExplorer": "Pick the Petersen graph and switch between 'exact optimum' and "
    "'cover witness' (minimum covers are not unique: on Petersen the solver returns the ±2 "
    "witness of another minimum cover). Ask for τ of the path, the cycle "
    "and the star as a formula in |V| before moving the slider. Keep the origin weight at "
    "|V| + 1 until exercise 4 is done: at weight 1 the right panel's distances give that "
    "exercise away.",
}

#: Explorers too tall for a 1280 x 800 slide, shrunk while presenting only (a CSS zoom that
#: jupyterlab-slideshow applies through jupyterlab-fonts' cell metadata). Heights of the whole
#: cell on the slide at 100 %: implicit bias 838 px, LP separators 853 px, certificate 813 px;
#: the margin explorer fits with no room to spare (798 px).
SLIDE_ZOOM = {
    "MarginExplorer": "95%",
    "ImplicitBiasExplorer": "90%",
    "LPSeparatorsExplorer": "90%",
    "CertificateExplorer": "90%",
    "DragSeparabilityExplorer": "95%",  # the margin explorer's figure size
    "DragCertificateExplorer": "90%",  # the certificate explorer's figure size
}

NOTES_TAG = "speaker-notes"
FONTS = "@deathbeds/jupyterlab-fonts"
PRESENTING = "body[data-jp-deck-mode='presenting'] &"
EXPLORER = re.compile(r"\b(\w+Explorer)\(")  # lh.MarginExplorer(...), explorers.MarginExplorer(...)


def _source(cell: NotebookNode) -> str:
    return cell.source if isinstance(cell.source, str) else "".join(cell.source)


def _tags(cell: NotebookNode) -> list[str]:
    return list(cell.metadata.get("tags", []))


def _explorer_name(cell: NotebookNode) -> str | None:
    if cell.cell_type != "code":
        return None
    match = EXPLORER.search(_source(cell))
    return match.group(1) if match else None


def _is_solution(cell: NotebookNode) -> bool:
    return "solution" in _tags(cell) or (
        cell.cell_type == "markdown" and _source(cell).strip().lower() == "## solutions"
    )


def _notes_cell(stem: str, explorer: str) -> NotebookNode:
    text = f"**Speaker notes ({explorer}).** {SPEAKER_NOTES[explorer]}"
    cell = nbformat.v4.new_markdown_cell(text)
    # a stable id, so that rewriting the notebook gives the same file
    cell.id = "notes-" + hashlib.sha1(f"{stem}/{explorer}".encode()).hexdigest()[:12]
    cell.metadata = {"slideshow": {"slide_type": "notes"}, "tags": [NOTES_TAG]}
    return cell


def set_slide_metadata(nb: NotebookNode, stem: str) -> NotebookNode:
    """Apply RULES and SPEAKER_NOTES to the notebook ``nb`` (in place); return it."""
    # speaker notes: drop the ones written before, then add one after each explorer
    cells = [c for c in nb.cells if NOTES_TAG not in _tags(c)]
    with_notes = []
    for cell in cells:
        with_notes.append(cell)
        name = _explorer_name(cell)
        if name in SPEAKER_NOTES and not _is_solution(cell):  # solutions build explorers too
            with_notes.append(_notes_cell(stem, name))
    nb.cells = with_notes

    first_code = next((i for i, c in enumerate(nb.cells) if c.cell_type == "code"), None)
    after_explorer = False
    for i, cell in enumerate(nb.cells):
        show = cell.metadata.setdefault("slideshow", {})
        kind = show.get("slide_type") or "-"  # None and "" mean "-" too
        if i == first_code or _is_solution(cell):
            kind = "skip"
        elif NOTES_TAG in _tags(cell):
            kind = "notes"
        elif _explorer_name(cell):
            kind, after_explorer = "slide", True
            show["slide_type"] = kind
            zoom = SLIDE_ZOOM.get(_explorer_name(cell))
            if zoom:
                cell.metadata[FONTS] = {"styles": {"": {PRESENTING: {"zoom": zoom}}}}
            continue
        elif after_explorer and kind not in ("skip", "notes"):
            if kind in ("-", "fragment"):
                kind = "subslide"
            after_explorer = False
        if kind == "-":
            show.pop("slide_type", None)
            if not show:
                del cell.metadata["slideshow"]
        else:
            show["slide_type"] = kind
    return nb


def process(path: Path, check: bool = False) -> bool:
    """Rewrite one notebook; return True if it changed (with ``check``, only report it)."""
    before = path.read_text(encoding="utf-8")
    nb = set_slide_metadata(nbformat.reads(before, as_version=4), path.stem)
    after = nbformat.writes(nb) + "\n"
    if after == before:
        return False
    if not check:
        path.write_text(after, encoding="utf-8")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--check", action="store_true", help="only report what would change")
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    changed = [p for p in paths if process(p, check=args.check)]
    for path in changed:
        print(("would change " if args.check else "updated ") + str(path))
    return 1 if (args.check and changed) else 0


if __name__ == "__main__":
    sys.exit(main())
