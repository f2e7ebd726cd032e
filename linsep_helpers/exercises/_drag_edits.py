"""What the drag exercises (notebooks 01-04) read from an explorer: its data and the single
point the student moved away from the seeded data.

Each drag exercise asks for ONE point moved with the mouse; the check takes the student's
reading of the figure first, then the explorer (``lh.DragPerceptronExplorer`` ...), and uses
:func:`one_moved_point` to get the data and refuse, with a sentence, data that were edited
otherwise (points added or deleted, several moved, none moved).
"""

from __future__ import annotations

import numpy as np

from ._feedback import Rejected, parse_number

__all__ = ["one_moved_point", "one_number"]


def one_number(answer: object, name: str, *, whole: bool = False) -> float:
    """``parse_number(answer, name, whole=whole)`` for a reading of ONE number in a figure: a
    list, tuple, set, dict or array (even with one number in it) is refused with a sentence."""
    try:
        several = np.ndim(answer) != 0
    except Exception:  # an object that breaks numpy: parse_number refuses it with a sentence
        several = False
    if several or isinstance(answer, (list, tuple, set, frozenset, dict)):
        example = "7 rather than [7]" if whole else "0.5 rather than [0.5]"
        raise Rejected(
            f"{name} is one number read in the figure, not a {type(answer).__name__}: "
            f"enter it on its own, e.g. {example}"
        )
    return parse_number(answer, name, whole=whole)


def one_moved_point(explorer: object) -> tuple[np.ndarray, np.ndarray, int]:
    """The explorer's current data (X, y) and the index of the one point moved.

    Parameters
    ----------
    explorer : DragExplorer
        A drag explorer (it has the current data ``X``, ``y`` and its seeded data).

    Returns
    -------
    (numpy.ndarray, numpy.ndarray, int)
        X, y and the index i of the only row of X that differs from the seeded data.

    Raises
    ------
    TypeError
        When ``explorer`` is not a drag explorer (a notebook error, not the student's).
    Rejected
        When points were added or deleted, or not exactly one point moved.
    """
    try:
        X, y = np.asarray(explorer.X, dtype=float), np.asarray(explorer.y, dtype=float)
        X0, y0 = explorer._X0, explorer._y0  # type: ignore[attr-defined]
    except AttributeError:
        raise TypeError(
            f"explorer must be a drag explorer (such as lh.DragPerceptronExplorer); "
            f"got {type(explorer).__name__}"
        ) from None
    if X.shape != X0.shape or not np.array_equal(y, y0):
        raise Rejected(
            "the points are no longer the seeded ones with one moved (a point was added or "
            "deleted): this exercise moves one point only (no adding or deleting); press Reset "
            "and drag a single point"
        )
    moved = np.flatnonzero(np.any(X != X0, axis=1))
    if moved.size == 0:
        raise Rejected("no point has moved yet: drag one point of the figure with the mouse")
    if moved.size > 1:
        raise Rejected(
            f"{moved.size} points have moved (points {moved.tolist()}); the exercise moves a "
            "single one: press Reset and drag one point"
        )
    return X, y, int(moved[0])
