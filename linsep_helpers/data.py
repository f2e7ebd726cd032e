"""Synthetic, seeded data sets for every notebook, and the homogeneous lift.

The generators are exact where the course needs exact numbers: ``make_separable`` returns
data whose radius R = max_i ||x_i|| and margin gamma = min_i y_i (w*.x_i + b*) are exactly the
requested values, so a slider for gamma or R shows precisely what it says.

Generators return plain tuples ``(X, y, ...)`` that a notebook unpacks in one line; their size
parameters and ``seed`` may be given positionally (``make_separable(40, 2, 0.1, 1.0, seed=0)``).
"""

from __future__ import annotations

import importlib.util
import math
import numbers
from pathlib import Path

import numpy as np
from numpy.typing import ArrayLike

from ._validate import check_choice, check_int, check_scalar, check_seed, check_X
from .geometry import _lift, margins

__all__ = [
    "make_separable",
    "make_overlapping",
    "xor_data",
    "staircase",
    "iris_pair",
    "lift",
    "make_implicit_bias_data",
]

#: Size guard of the generators: n d entries (80 MB of float64).
MAX_ENTRIES = 10_000_000


def _check_size(n: int, d: int) -> None:
    if n * d > MAX_ENTRIES:
        raise ValueError(
            f"n * d = {n} * {d} entries exceed the limit of {MAX_ENTRIES} (80 MB); use a smaller "
            "n or d"
        )


def _unit_vector(rng: np.random.Generator, d: int) -> np.ndarray:
    v = rng.standard_normal(d)
    while np.linalg.norm(v) < 1e-12:  # pragma: no cover - measure-zero event
        v = rng.standard_normal(d)
    return v / np.linalg.norm(v)


def _orthonormal_complement(w: np.ndarray) -> np.ndarray:
    """Columns spanning the hyperplane orthogonal to the unit vector w (shape (d, d-1))."""
    d = w.shape[0]
    q, _ = np.linalg.qr(np.column_stack([w, np.eye(d)]))
    return q[:, 1:d]


def make_separable(
    n: int,
    d: int = 2,
    margin: float = 0.2,
    radius: float = 1.0,
    seed: int | None = 0,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """Draw n labelled points in R^d that a known halfspace separates with an exact margin.

    To rounding error, max_i ||x_i|| = radius and min_i y_i (w_star.x_i + b_star) = margin:
    every point lies in the ball of the given radius at distance >= margin from the hyperplane
    w_star.x + b_star = 0; one point sits exactly on the margin, one exactly on the sphere, and
    both classes occur.

    Parameters
    ----------
    n : int
        Number of points, >= 2.
    d : int
        Dimension, >= 1.
    margin : float
        The exact geometric margin gamma, 0 < margin <= radius.
    radius : float
        The exact radius R > 0.
    seed : int or None
        Seed of ``numpy.random.default_rng``.

    Returns
    -------
    X : numpy.ndarray, shape (n, d)
    y : numpy.ndarray, shape (n,)
        Labels in {-1, +1}.
    w_star : numpy.ndarray, shape (d,)
        Unit normal of the separator.
    b_star : float
        Its offset. Used in notebooks 01, 02, 04 and 05.
    """
    n = check_int(n, "n", minimum=2)
    d = check_int(d, "d", minimum=1)
    margin = check_scalar(margin, "margin", positive=True)
    radius = check_scalar(radius, "radius", positive=True)
    seed = check_seed(seed)
    _check_size(n, d)
    if margin > radius:
        raise ValueError(
            f"margin ({margin:g}) cannot exceed radius ({radius:g}): points with norm <= radius "
            "on both sides of a hyperplane are at most radius away from it"
        )
    # Draw at radius / 2^k and margin / 2^k, then multiply by 2^k: every step scales exactly
    # by a power of two, so the data are the same bits as a direct draw, and radius**2 can
    # neither overflow (radius = 1e160) nor underflow (radius = 1e-160).
    if margin / radius < 2.0**-1000:
        raise ValueError(
            f"margin / radius = {margin / radius:.3g} is below float64's resolution; use a "
            "larger margin"
        )
    k = math.frexp(radius)[1]
    X, y, w, b = _separable_unit(n, d, math.ldexp(margin, -k), math.ldexp(radius, -k), seed)
    return np.ldexp(X, k), y, w, math.ldexp(b, k)


def _separable_unit(
    n: int, d: int, margin: float, radius: float, seed: int | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """``make_separable`` for 1/2 <= radius < 1 (validated arguments)."""
    rng = np.random.default_rng(seed)
    w = _unit_vector(rng, d)
    # |b| <= radius - margin keeps both classes possible inside the ball.
    b = float(rng.uniform(-0.5, 0.5) * (radius - margin))
    basis = _orthonormal_complement(w) if d > 1 else np.zeros((1, 0))

    # s = w.x + b is the signed distance to the hyperplane; a = w.x = s - b in [-radius, radius].
    y = np.where(rng.random(n) < 0.5, 1.0, -1.0)
    y[0], y[1] = 1.0, -1.0
    hi_pos, lo_neg = b + radius, b - radius  # largest s for +1, smallest for -1
    s = np.where(
        y > 0,
        rng.uniform(margin, hi_pos, n),
        rng.uniform(lo_neg, -margin, n),
    )
    s[0] = margin  # this point realises the margin exactly
    a = s - b
    room = np.sqrt(np.clip(radius**2 - a**2, 0.0, None))  # radius left orthogonal to w
    if d > 1:
        directions = rng.standard_normal((n, d - 1))
        directions /= np.linalg.norm(directions, axis=1, keepdims=True)
        rho = room * rng.random(n) ** (1.0 / (d - 1))
        rho[1] = room[1]  # this point realises the radius exactly
        X = a[:, None] * w[None, :] + (rho[:, None] * directions) @ basis.T
    else:
        a[1] = -radius  # in 1-D the radius point is the left end (b - radius <= -margin)
        X = (a * w[0])[:, None]
    order = rng.permutation(n)
    return X[order], y[order], w, b


def make_overlapping(
    n: int, d: int = 2, separation: float = 1.0, seed: int | None = 0
) -> tuple[np.ndarray, np.ndarray]:
    """Two unit-variance Gaussian blobs whose means are ``separation`` apart along e_1.

    x_i ~ N(y_i (separation / 2) e_1, I), labels alternating +1, -1 before a shuffle. With a
    small separation and a few dozen points the classes overlap, so the data are (almost
    surely) not linearly separable.

    Parameters
    ----------
    n : int
        Number of points, >= 2 (half of each class, rounded up for +1).
    d : int
        Dimension, >= 1.
    separation : float
        Distance between the two means, >= 0.
    seed : int or None
        Seed of ``numpy.random.default_rng``.

    Returns
    -------
    X : numpy.ndarray, shape (n, d)
    y : numpy.ndarray, shape (n,)
        Used in notebooks 02-05.
    """
    n = check_int(n, "n", minimum=2)
    d = check_int(d, "d", minimum=1)
    separation = check_scalar(separation, "separation", nonnegative=True)
    seed = check_seed(seed)
    _check_size(n, d)
    rng = np.random.default_rng(seed)
    y = np.where(np.arange(n) % 2 == 0, 1.0, -1.0)
    X = rng.standard_normal((n, d))
    X[:, 0] += 0.5 * separation * y
    order = rng.permutation(n)
    return X[order], y[order]


def xor_data() -> tuple[np.ndarray, np.ndarray]:
    """The four corners of the unit square with XOR labels: (0,0), (1,1) are -1; (1,0), (0,1) +1.

    No halfspace separates them: w.(1,0) + b > 0 and w.(0,1) + b > 0 add up to
    w.(1,1) + 2b > 0, while b < 0 and w.(1,1) + b < 0 add up to w.(1,1) + 2b < 0.

    Returns
    -------
    X : numpy.ndarray, shape (4, 2)
    y : numpy.ndarray, shape (4,)
        Used in notebooks 01, 02, 04 and 05.
    """
    X = np.array([[0.0, 0.0], [1.0, 1.0], [1.0, 0.0], [0.0, 1.0]])
    y = np.array([-1.0, -1.0, 1.0, 1.0])
    return X, y


def staircase(d: int) -> tuple[np.ndarray, np.ndarray]:
    """The "staircase": x_1 = e_1 and x_k = e_k - 2 e_{k-1} for k = 2..d, every label +1.

    Any homogeneous separator needs w_1 > 0 and w_k > 2 w_{k-1}, so its normalised margin is at
    most 2^(1-d) and the perceptron needs exponentially many updates.

    Parameters
    ----------
    d : int
        Dimension and number of points, 1 <= d <= 3000 (a d x d matrix).

    Returns
    -------
    X : numpy.ndarray, shape (d, d)
    y : numpy.ndarray, shape (d,)
        All ones. Used in notebooks 02, 04 and 05.
    """
    d = check_int(d, "d", minimum=1, maximum=3000)
    X = np.eye(d)
    X[np.arange(1, d), np.arange(0, d - 1)] = -2.0
    return X, np.ones(d)


_IRIS_NAMES = ("setosa", "versicolor", "virginica")


def _iris_table() -> tuple[np.ndarray, np.ndarray]:
    """Fisher's iris table as shipped inside scikit-learn (sklearn/datasets/data/iris.csv),
    read without importing scikit-learn (which would cost a notebook kernel ~30 MiB)."""
    spec = importlib.util.find_spec("sklearn")  # locates the package, does not import it
    if spec is None or spec.origin is None:
        raise ValueError("iris_pair needs scikit-learn installed (it ships the iris data)")
    path = Path(spec.origin).parent / "datasets" / "data" / "iris.csv"
    table = np.loadtxt(path, delimiter=",", skiprows=1)
    return table[:, :4], table[:, 4].astype(int)


def iris_pair(
    a: str = "setosa", b: str = "versicolor", *, features: tuple[int, ...] | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Two species of Fisher's iris data (shipped with scikit-learn): a -> +1, b -> -1.

    Setosa vs versicolor is separable, versicolor vs virginica is not (notebook 01 decides
    this with ``find_separator``).

    Parameters
    ----------
    a, b : {"setosa", "versicolor", "virginica"}
        The species labelled +1 and -1 (different).
    features : tuple of int, optional
        Columns to keep (0 sepal length, 1 sepal width, 2 petal length, 3 petal width);
        all four by default.

    Returns
    -------
    X : numpy.ndarray, shape (100, len(features))
    y : numpy.ndarray, shape (100,)
        Used in notebook 01.
    """
    for name, value in (("a", a), ("b", b)):
        if not isinstance(value, str) or value not in _IRIS_NAMES:
            raise ValueError(f"{name} must be one of {_IRIS_NAMES}; got {value!r}")
    if a == b:
        raise ValueError(f"a and b must be different species; both are {a!r}")
    data, target = _iris_table()
    ia, ib = _IRIS_NAMES.index(a), _IRIS_NAMES.index(b)
    keep = np.isin(target, (ia, ib))
    X = data[keep]
    if features is not None:
        cols = list(features) if isinstance(features, (tuple, list, np.ndarray)) else None
        if (
            not cols
            or any(isinstance(c, (bool, np.bool_)) for c in cols)
            or not all(isinstance(c, numbers.Integral) and 0 <= c < 4 for c in cols)
        ):
            raise ValueError(
                f"features must be a tuple of column indices (integers 0..3); got {features!r:.60}"
            )
        X = X[:, [int(c) for c in cols]]
    y = np.where(target[keep] == ia, 1.0, -1.0)
    return X.astype(float), y


def lift(X: ArrayLike, r: float = 1.0) -> np.ndarray:
    """The homogeneous lift x -> (x, r).

    An affine separator (w, b) of X becomes the homogeneous separator v = (w, b / r) of the
    lifted points, since v.(x, r) = w.x + b.

    Parameters
    ----------
    X : array_like, shape (n, d)
    r : float
        The appended coordinate, > 0.

    Returns
    -------
    numpy.ndarray, shape (n, d + 1)
        The lifted points. Used in notebooks 01 (r = 1) and 02 (r = 1 versus r = R).
    """
    Xa = check_X(X)
    r = check_scalar(r, "r", positive=True)
    return _lift(Xa, r)


def make_implicit_bias_data(
    seed: int = 0, *, n_extra: int = 10, margin: float = 0.5, angle: float = 0.35
) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """A small 2-D data set, separable through the origin, with a known max-margin direction.

    With u = (cos angle, sin angle) and v = u rotated by +90 degrees, z_i = y_i x_i are two
    support vectors margin u + 0.8 v and margin u - 0.4 v (u lies in their cone, so u is the
    hard-margin direction with geometric margin ``margin``) plus ``n_extra`` points with
    u.z in [2 margin, 3.5 margin] and v.z in [0.3, 1.2], which pull early gradient descent
    off u. Labels alternate +1/-1 (x_i = y_i z_i).

    Parameters
    ----------
    seed : int
        Seed (>= 0) of ``numpy.random.default_rng`` for the extra points.
    n_extra : int
        Number of points besides the two support vectors, >= 0.
    margin : float
        The max-margin value gamma > 0.
    angle : float
        Direction of u, in radians.

    Returns
    -------
    X : numpy.ndarray, shape (2 + n_extra, 2)
    y : numpy.ndarray, shape (2 + n_extra,)
    u : numpy.ndarray, shape (2,)
        The max-margin direction (unit vector).
    margin : float
        gamma. Used in notebook 03 (the implicit-bias explorer).
    """
    seed = check_int(seed, "seed", minimum=0)
    n_extra = check_int(n_extra, "n_extra", minimum=0, maximum=MAX_ENTRIES // 2)
    gamma = check_scalar(margin, "margin", positive=True)
    th = check_scalar(angle, "angle")
    if gamma > 1e300:
        raise ValueError(f"margin must be <= 1e300 (3.5 margin must stay finite); got {gamma:g}")
    rng = np.random.default_rng(seed)
    u = np.array([np.cos(th), np.sin(th)])
    v = np.array([-np.sin(th), np.cos(th)])
    along = np.concatenate([[gamma, gamma], rng.uniform(2.0 * gamma, 3.5 * gamma, n_extra)])
    across = np.concatenate([[0.8, -0.4], rng.uniform(0.3, 1.2, n_extra)])
    Zs = np.outer(along, u) + np.outer(across, v)
    y = np.where(np.arange(len(Zs)) % 2 == 0, 1.0, -1.0)
    return y[:, None] * Zs, y, u, gamma


# --- the data of notebook 03's likelihood-scaling explorer ---

__all__ += ["LIKELIHOOD_DATA_OPTIONS", "likelihood_scaling_data"]

#: The three data sets of ``likelihood_scaling_data`` (the explorer's "data" selector).
LIKELIHOOD_DATA_OPTIONS = ("separable", "one point wrong", "one point on the boundary")


def _point_on_boundary(w: np.ndarray, b: float, X: np.ndarray, y: np.ndarray, i: int) -> np.ndarray:
    """Copy of X whose row i lies exactly on w.x + b = 0 (margin exactly 0.0 in float64).

    Start from the orthogonal projection, then nudge the second coordinate by a few ulps until
    the margin, evaluated the way the package evaluates it (``geometry.margins``), is exactly
    zero.
    """
    Xb = X.copy()
    x = X[i] - (X[i] @ w + b) / (w @ w) * w
    j = int(np.argmax(np.abs(w)))
    k = 1 - j
    for step in range(2000):
        cand = x.copy()
        cand[j] = -(b + w[k] * cand[k]) / w[j]
        Xb[i] = cand
        if margins(w, b, Xb, y)[i] == 0.0:
            return Xb
        x[k] = np.nextafter(x[k], np.inf if step % 2 == 0 else -np.inf) + step * 1e-17
    raise RuntimeError("could not place a point exactly on the boundary")  # pragma: no cover


def likelihood_scaling_data(
    option: str = "separable", *, n: int = 12, seed: int = 3, margin: float = 0.3
) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, int]:
    """The data of ``LikelihoodScalingExplorer``: one of three variants of separable data.

    Parameters
    ----------
    option : str
        One of LIKELIHOOD_DATA_OPTIONS. "separable": ``make_separable`` data with its
        separator (w*, b*), smallest margin ``margin``; "one point wrong": the label of the
        smallest-margin point i is flipped (margin -margin); "one point on the boundary":
        point i is moved onto w*.x + b* = 0 (margin exactly 0).
    n, seed, margin
        Passed to ``make_separable(n, 2, margin, 1.0, seed=seed)``.

    Returns
    -------
    X, y, w, b, i
        The data, the separator and the index of the point that differs between the options.

    Used in notebook 03.
    """
    option = check_choice(option, "option (the data)", LIKELIHOOD_DATA_OPTIONS)
    margin = check_scalar(margin, "margin", positive=True)
    if margin < 1e-6:
        raise ValueError(
            f"margin must be >= 1e-6 (a point must be moved onto the boundary); got {margin:g}"
        )
    X, y, w, b = make_separable(n, 2, margin, 1.0, seed=seed)
    i = int(np.argmin(margins(w, b, X, y)))
    if option == "one point wrong":
        y = y.copy()
        y[i] = -y[i]
    elif option == "one point on the boundary":
        X = _point_on_boundary(w, b, X, y, i)
    return X, y, w, float(b), i
