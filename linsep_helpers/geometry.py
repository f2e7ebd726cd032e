"""Margins, predictions and the class-prototype rule: small pure functions.

Conventions (all notebooks): labels y in {-1, +1}; a *mistake* is y (w.x + b) <= 0, so ties
count as mistakes whatever sign(0) is; R = max_i ||x_i||.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ._validate import check_choice, check_scalar, check_vector, check_X, check_Xy

__all__ = [
    "margins",
    "functional_margin",
    "geometric_margin",
    "separates",
    "predict",
    "mistakes",
    "class_prototype",
    "data_radius",
    "TIE_CONVENTIONS",
]

#: How sources break the tie w.x + b = 0 (see notebook 01):
#: "positive" predicts +1 (sign(0) = +1, e.g. the week-9 FAQ), "negative" puts the boundary
#: on the negative side (Cesa-Bianchi's notes: x in Gamma^+ iff w.x > c), "zero" returns 0
#: (numpy's np.sign).
TIE_CONVENTIONS = ("positive", "negative", "zero")


def _wb(w: ArrayLike, b: float, d: int) -> tuple[np.ndarray, float]:
    return check_vector(w, d, "w"), check_scalar(b, "b")


def margins(w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike) -> np.ndarray:
    """Per-example functional margins m_i = y_i (w.x_i + b). Positive means correct."""
    Xa, ya = check_Xy(X, y)
    wa, ba = _wb(w, b, Xa.shape[1])
    return ya * (Xa @ wa + ba)


def functional_margin(w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike) -> float:
    """min_i y_i (w.x_i + b); it scales by c when (w, b) -> (c w, c b). Notebook 01."""
    return float(np.min(margins(w, b, X, y)))


def geometric_margin(w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike) -> float:
    """min_i y_i (w.x_i + b) / ||w||: the signed distance of the closest point to the
    hyperplane, invariant under (w, b) -> (c w, c b) for c > 0. Notebook 01."""
    wa = check_vector(w, None, "w")
    norm = float(np.linalg.norm(wa))
    if norm == 0.0:
        raise ValueError("w is the zero vector: the geometric margin is undefined")
    return functional_margin(wa, b, X, y) / norm


def separates(w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike) -> bool:
    """True iff y_i (w.x_i + b) > 0 for every example (definition of a separator, C01)."""
    return bool(np.all(margins(w, b, X, y) > 0))


def mistakes(w: ArrayLike, b: float, X: ArrayLike, y: ArrayLike) -> int:
    """Number of examples with y_i (w.x_i + b) <= 0 (ties are mistakes)."""
    return int(np.sum(margins(w, b, X, y) <= 0))


def predict(w: ArrayLike, b: float, X: ArrayLike, tie: str = "positive") -> np.ndarray:
    """Predicted labels sign(w.x + b), with the tie w.x + b = 0 broken by ``tie``:
    "positive" -> +1, "negative" -> -1, "zero" -> 0 (see ``TIE_CONVENTIONS``)."""
    Xa = check_X(X)
    wa, ba = _wb(w, b, Xa.shape[1])
    check_choice(tie, "tie", TIE_CONVENTIONS)
    s = Xa @ wa + ba
    at_zero = {"positive": 1.0, "negative": -1.0, "zero": 0.0}[tie]
    return np.where(s > 0, 1.0, np.where(s < 0, -1.0, at_zero))


def class_prototype(X: ArrayLike, y: ArrayLike) -> tuple[np.ndarray, float]:
    """The class-prototype (nearest-mean) rule as a linear classifier (C29).

    Predict +1 iff x is closer to c+ than to c-, where c+- are the class means:
    ||x - c-||^2 - ||x - c+||^2 = 2 (c+ - c-).x + ||c-||^2 - ||c+||^2, so

        w = c+ - c-,   b = (||c-||^2 - ||c+||^2) / 2,

    the perpendicular bisector of the two means. Notebook 01.
    """
    Xa, ya = check_Xy(X, y)
    if not (np.any(ya > 0) and np.any(ya < 0)):
        raise ValueError("class_prototype needs both classes in y; one class is missing")
    c_pos = Xa[ya > 0].mean(axis=0)
    c_neg = Xa[ya < 0].mean(axis=0)
    return c_pos - c_neg, float((c_neg @ c_neg - c_pos @ c_pos) / 2.0)


def data_radius(X: ArrayLike) -> float:
    """R = max_i ||x_i||, the radius that enters every perceptron bound."""
    return float(np.max(np.linalg.norm(check_X(X), axis=1)))
