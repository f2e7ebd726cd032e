"""Checks for the exercises: each ``check_*`` says what is right or wrong in an answer
without printing the solution. Every notebook's exercises call the functions here.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Feedback"]


@dataclass(frozen=True)
class Feedback:
    """The verdict of a check: ``ok`` and a message that explains what is wrong (or right).

    Displayed in a notebook it prints as one line starting with a tick or a cross.
    """

    ok: bool
    message: str

    def __repr__(self) -> str:
        return ("\u2714 " if self.ok else "\u2718 ") + self.message

    def __bool__(self) -> bool:
        return self.ok


# === Notebook 01: linear separability (MarginExplorer, ScalingExplorer above; add more here) ===
# (section owned by the notebook-01 author: add code between these two markers;
#  extend __all__ here with `__all__ += [...]`)
# === end of notebook 01 section ===


# === Notebook 02: the perceptron and its convergence proof ===
# (section owned by the notebook-02 author: add code between these two markers;
#  extend __all__ here with `__all__ += [...]`)
# === end of notebook 02 section ===


# === Notebook 03: the log-likelihood approaching 0 ===
# (section owned by the notebook-03 author: add code between these two markers;
#  extend __all__ here with `__all__ += [...]`)
# === end of notebook 03 section ===


# === Notebook 04: finding a separator is a linear program ===
# (section owned by the notebook-04 author: add code between these two markers;
#  extend __all__ here with `__all__ += [...]`)
# === end of notebook 04 section ===


# === Notebook 05: minimising disagreements is NP-hard ===
# (section owned by the notebook-05 author: add code between these two markers;
#  extend __all__ here with `__all__ += [...]`)
# === end of notebook 05 section ===
