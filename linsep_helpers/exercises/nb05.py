"""Checks for the exercises of notebook 05 (minimising disagreements is NP-hard).

Every check takes the student's answer first (a function, a pair (w, b) or a number). The
function checks run the student's code on hidden cases and name the first kind of case that
fails, never the expected output.
"""

from __future__ import annotations

import functools
import itertools
import os
import sys
from collections.abc import Callable, Iterable
from types import FrameType
from typing import Any

import numpy as np

from ..data import make_separable, staircase
from ..graphs import (
    complete_graph,
    cube_graph,
    cycle_graph,
    min_vertex_cover,
    path_graph,
    petersen_graph,
    random_graph,
    star_graph,
)
from ..hardness import (
    cover_separator,
    vertex_cover_instance,
)
from ._feedback import (
    Feedback,
    Rejected,
    answer_margins,
    call_student,
    exercise,
    parse_number,
    parse_wb,
)

__all__ = [
    "check_np_verifier",
    "check_reduction_witness",
    "check_cover_from_separator",
    "check_bigm_box",
    "check_realizable_erm",
    "check_origin_weight",
    "check_min_origin_weight",
]

_MAX_VERTICES = 10_000  # a returned "set" longer than this is not read to the end


def _weighted_mistakes(
    w: np.ndarray, b: float, X: np.ndarray, y: np.ndarray, weights: np.ndarray
) -> float:
    """sum of weights_i over the mistakes y_i (w.x_i + b) <= 0 (ties count)."""
    return float(weights[answer_margins(w, b, X, y, signs_only=True) <= 0].sum())


def _verifier_cases() -> list[tuple[str, tuple[object, ...]]]:
    """Hand-made cases (ties, weights, k at the boundary) and 12 random 0/1 instances."""
    X = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    y = np.array([1.0, -1.0, -1.0, 1.0])
    ones = np.ones(4)
    heavy = np.array([3.0, 1, 1, 1])
    cases: list[tuple[str, tuple[object, ...]]] = [
        (
            "a separator of XOR-like data that gets exactly 2 wrong, k = 2",
            (X, y, ones, 2, np.array([1.0, 1.0]), -0.5),
        ),
        ("the same separator with k = 1", (X, y, ones, 1, np.array([1.0, 1.0]), -0.5)),
        (
            "w = 0, b = 0 (every point on the hyperplane), k = 3",
            (X, y, ones, 3, np.zeros(2), 0.0),
        ),
        ("w = 0, b = 0 with k = 4", (X, y, ones, 4, np.zeros(2), 0.0)),
        (
            "a point exactly on the hyperplane and k = 0",
            (X[:2], np.array([1.0, 1.0]), np.ones(2), 0, np.array([-1.0, 0.0]), 1.0),
        ),
        (
            "weighted points (one mistake of weight 3), k = 2",
            (X, y, heavy, 2, np.array([-2.0, -2.0]), -1.0),
        ),
        (
            "weighted points (one mistake of weight 3), k = 3",
            (X, y, heavy, 3, np.array([-2.0, -2.0]), -1.0),
        ),
    ]
    rng = np.random.default_rng(5)
    for t in range(12):
        Xr = rng.integers(0, 2, size=(7, 4)).astype(float)
        yr = rng.choice([-1.0, 1.0], size=7)
        wr = rng.normal(size=4)
        br = float(rng.normal())
        wt = rng.integers(1, 4, size=7).astype(float)
        kr = int(rng.integers(0, 10))
        cases.append((f"random 0/1 instance number {t + 1}", (Xr, yr, wt, kr, wr, br)))
    return cases


_PACKAGE = __name__.split(".")[0]  # "linsep_helpers"


class _HelperSpy:
    """A ``sys.settrace`` tracer that records the name of the first function of linsep_helpers
    the traced code calls (by any name: ``lh.weighted_disagreements``, an alias, a helper of
    the student's that calls it), in ``used``; it traces calls only, not lines."""

    def __init__(self) -> None:
        self.used: str | None = None

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        """The global tracer, called when a new frame starts."""
        module = frame.f_globals.get("__name__")
        if self.used is None and isinstance(module, str) and module.split(".")[0] == _PACKAGE:
            self.used = frame.f_code.co_name


def _run_traced(tracer: Callable[..., Any], func: Callable[..., Any], *args: Any) -> Any:
    """``func(*args)`` run under the ``sys.settrace`` tracer; the previous tracer (a debugger,
    coverage) is restored afterwards."""
    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        return func(*args)
    finally:
        sys.settrace(previous)


@exercise(
    "replace the line verify = None by your def verify(X, y, weights, k, w, b) returning a bool"
)
def check_np_verifier(answer: object) -> Feedback:
    """Does ``answer(X, y, weights, k, w, b)`` decide "at most k weighted mistakes" (C26)?

    Parameters
    ----------
    answer : callable
        The student's verifier; it returns True or False.

    Returns
    -------
    Feedback
        ✔ when it returns True exactly when sum of weights_i over y_i (w.x_i + b) <= 0 is at
        most k, on 19 hidden cases (ties, weights, k at the boundary, random instances) - the
        polynomial-time check that puts MinDisagreement in NP; otherwise names the kind of
        case that fails, with a hint. ✘ whenever it calls a function of linsep_helpers
        (``lh.weighted_disagreements`` would do the whole exercise; seen at run time by a
        tracer, whatever name it is called by).

    Used in notebook 05.
    """
    cases = _verifier_cases()
    spy = _HelperSpy()
    if callable(answer):
        answer = functools.partial(_run_traced, spy, answer)
    for what, args in cases:
        X, y, weights, k, w, b = args
        truth = _weighted_mistakes(w, b, X, y, weights) <= k  # type: ignore[arg-type]
        try:
            got, _ = call_student(answer, *args)
        except Rejected:
            if spy.used is None:
                raise
            got = None
        if spy.used is not None:
            return Feedback(
                False,
                f"your verify calls lh.{spy.used}: the exercise asks you to count the weighted "
                "mistakes yourself, with numpy (no function of lh)",
            )
        if not isinstance(got, bool | np.bool_):
            return Feedback(False, f"verify must return True or False; got {type(got).__name__}")
        if bool(got) != truth:
            hint = ""
            if "hyperplane" in what:
                hint = " (remember: a point with y (w.x + b) = 0 counts as a mistake)"
            elif "weight" in what:
                hint = " (each mistake counts with its weight)"
            elif "k = " in what:
                hint = " (the question is 'at most k')"
            return Feedback(False, f"wrong answer on: {what}{hint}")
    return Feedback(
        True,
        f"correct on all {len(cases)} cases; it costs O(n d) arithmetic operations on a "
        "witness (w, b) of polynomial size, so MinDisagreement is in NP",
    )


@exercise("a pair (w, b)")
def check_reduction_witness(answer: object) -> Feedback:
    """Is ``answer = (w, b)`` an optimal separator of the reduction instance of Q_3 (C26)?

    Parameters
    ----------
    answer : (w, b)
        w with one entry per vertex of the cube graph Q_3 (8 numbers), b a number.

    Returns
    -------
    Feedback
        ✔ when its weighted disagreements on ``vertex_cover_instance(*cube_graph())`` (origin
        weight 9) equal tau(Q_3) = 4, the optimum; otherwise says what it gets wrong (the
        origin, vertex points, edge points), never which (w, b) to take.

    Used in notebook 05.
    """
    n, edges = cube_graph()
    w, b = parse_wb(answer, n)
    X, y, weights = vertex_cover_instance(n, edges)
    tau = len(min_vertex_cover(n, edges))
    wrong = answer_margins(w, b, X, y, signs_only=True) <= 0
    dis = float(weights[wrong].sum())
    if dis == tau:
        return Feedback(True, f"{dis:g} weighted disagreements: no separator can do better")
    parts = []
    if wrong[0]:
        parts.append(f"the origin is misclassified (that alone costs {weights[0]:g})")
    nv, ne = int(wrong[1 : n + 1].sum()), int(wrong[n + 1 :].sum())
    parts.append(f"{nv} vertex point(s) e_i and {ne} edge point(s) e_i + e_j are misclassified")
    return Feedback(
        False,
        f"{dis:g} weighted disagreements, more than the optimum: "
        + "; ".join(parts)
        + ". Hint: start from a vertex cover of Q_3.",
    )


#: Exercise 3's first graphs are too large for a search over vertex subsets (tau about 50):
#: solution 3 takes a few thousand Python steps on them, a search over subsets is stopped.
_BIG_COVER_N = 60
_COVER_STEPS = 1_000_000


def _cover_cases() -> list[tuple[str, int, list[tuple[int, int]], np.ndarray, float]]:
    """Two separators on a random graph with 60 vertices (too large for a search over vertex
    subsets), then seven small graphs, each with the witness of a minimum cover, of all
    vertices, w = 0, four random separators (the last with b < 0, so the origin is a mistake)
    and two separators that misclassify the origin but classify every vertex and edge point
    correctly (w = 5, b = -7, like section 2's w = 1, b = -1.9, and w = 0.8, b = -1): there
    w_i + b < 0 < w_i + w_j + b on every edge, so a set read off the vertex and edge points alone
    is empty. (Not w = 1, b = -3/2: scaled by 2 it is w = 2, b = -3, exercise 4's box W = 3.)"""
    graphs = {
        "C_5": cycle_graph(5),
        "K_4": complete_graph(4),
        "P_6": path_graph(6),
        "star with 4 leaves": star_graph(4),
        "Petersen": petersen_graph(),
        "Q_3": cube_graph(),
        "G(7, 0.4)": random_graph(7, 0.4, seed=3),
    }
    rng = np.random.default_rng(11)
    n_big, e_big = random_graph(_BIG_COVER_N, 0.15, seed=5)
    w_big = np.random.default_rng(12).normal(size=n_big)
    cases = [
        (f"a random graph with {n_big} vertices, random separator", n_big, e_big, w_big, 0.5),
        (f"a random graph with {n_big} vertices, w = 0 and b = 1", n_big, e_big, w_big * 0, 1.0),
    ]
    for name, (n, edges) in graphs.items():
        w, b = cover_separator(n, min_vertex_cover(n, edges))
        cases.append((f"{name}, the witness of a minimum cover", n, edges, w, b))
        w, b = cover_separator(n, range(n))
        cases.append((f"{name}, the witness of the cover of all vertices", n, edges, w, b))
        cases.append((f"{name}, w = 0 and b = 1", n, edges, np.zeros(n), 1.0))
        for t in range(4):
            w = rng.normal(size=n)
            b = float(abs(rng.normal())) if t < 3 else -0.5
            cases.append((f"{name}, random separator {t + 1}", n, edges, w, b))
        cases.append((f"{name}, w = 5 and b = -7", n, edges, np.full(n, 5.0), -7.0))
        cases.append((f"{name}, w = 0.8 and b = -1", n, edges, np.full(n, 0.8), -1.0))
    return cases


def _vertex_set(got: object, what: str) -> set[int]:
    """The vertices a student's function returned (any iterable of whole numbers)."""
    if isinstance(got, str | bytes) or not isinstance(got, Iterable):
        raise Rejected(
            f"on {what}: return a set or list of vertex numbers; got {type(got).__name__}"
        )
    try:
        items = list(itertools.islice(got, _MAX_VERTICES + 1))
    except Exception:  # noqa: BLE001 - iterating a student's object may fail in any way
        raise Rejected(f"on {what}: return a set or list of vertex numbers") from None
    if len(items) > _MAX_VERTICES:
        raise Rejected(f"on {what}: your function returned more than {_MAX_VERTICES} vertices")
    return {parse_number(v, "every vertex number", whole=True) for v in items}


@exercise(
    "replace the line cover_from_separator = None by your "
    "def cover_from_separator(n_vertices, edges, w, b) returning a set of vertices"
)
def check_cover_from_separator(answer: object) -> Feedback:
    """Does ``answer(n, edges, w, b)`` turn a separator into a small vertex cover in
    polynomial time (C26)?

    The hard direction of the reduction: from any (w, b), a vertex cover of G whose size is at
    most the weighted disagreements of (w, b) on ``vertex_cover_instance(n, edges)``, read off
    (w, b) with no search over vertex subsets.

    Parameters
    ----------
    answer : callable
        The student's function; it returns a set (or list) of vertex numbers 0..n-1.

    Returns
    -------
    Feedback
        ✔ when, on 65 hidden graphs and separators (the first two on 60 vertices), the set
        covers every edge and is no larger than the disagreements, each within 10^6 Python
        steps (a search over vertex subsets is stopped there); otherwise names the first case
        that fails and how.

    Used in notebook 05.
    """
    cases = _cover_cases()
    if callable(answer):
        answer = _WithinSteps(answer, _COVER_STEPS)
    for what, n, edges, w, b in cases:
        try:
            got, _ = call_student(answer, n, list(edges), w, b)
        except _OutOfSteps:
            return Feedback(
                False,
                f"on {what}, your function was still running after {_COVER_STEPS:,} Python "
                "steps, so the check stopped it: a search over vertex subsets takes exponential "
                "time. Read the cover off (w, b) directly, as the proof of section 2 does.",
            )
        cover = _vertex_set(got, what)
        if any(not 0 <= v < n for v in cover):
            return Feedback(False, f"on {what}: vertex numbers must lie in 0..{n - 1}")
        missed = [e for e in edges if e[0] not in cover and e[1] not in cover]
        if missed:
            hint = (
                f" Here b = {b:g} <= 0, so the origin (label +1, score w·0 + b = b) is "
                "misclassified: remember that case, where the proof's argument for the edge "
                "points does not apply."
                if b <= 0
                else ""
            )
            return Feedback(False, f"on {what}: your set misses {len(missed)} edge(s).{hint}")
        X, y, weights = vertex_cover_instance(n, edges)
        dis = _weighted_mistakes(w, b, X, y, weights)
        if len(cover) > dis:
            return Feedback(
                False,
                f"on {what}: a cover of size {len(cover)}, but (w, b) makes only {dis:g} "
                "weighted mistakes; the cover must not be larger",
            )
    return Feedback(True, f"a small enough vertex cover in all {len(cases)} cases")


#: The smallest box of exercise 4, derived by hand (Solution 4): an optimal separator of the
#: Petersen instance with origin weight 1 gives up the origin, so it classifies every vertex point
#: and edge point with functional margin 1; adding w_i + b <= -1, w_j + b <= -1 and
#: -(w_i + w_j + b) <= -1 gives b <= -3, and w_i = 2, b = -3 reaches it.
_SMALLEST_BOX = 3.0
_BOX_TOLERANCE = 1e-6


@exercise("a number W > 0 (and your one-sentence reason in a comment)")
def check_bigm_box(answer: object) -> Feedback:
    """Is ``answer`` the smallest box W for which the big-M MILP solves the Petersen instance?

    Parameters
    ----------
    answer : float
        The student's W: the MILP ``min_disagreement_bigm`` searches |w_j|, |b| <= W.

    Returns
    -------
    Feedback
        ✔ when |W - 3| <= 1e-6: the smallest box whose MILP optimum equals the box-free
        optimum 1 of the Petersen instance with origin weight 1 (a separator that gives up the
        origin, scaled to functional margin 1 on the other points, has b <= -3). Any other W
        gets the same hint, which does not say whether W is too small or too large (so the
        answer cannot be found by bisection with the check); never which W to take.

    Used in notebook 05.
    """
    W = parse_number(answer, "W", positive=True)
    if abs(W - _SMALLEST_BOX) <= _BOX_TOLERANCE:
        return Feedback(
            True,
            f"W = {W:g} is the smallest box: the MILP's optimum agrees with the box-free solver, "
            "and with any smaller box the separator that gives up the origin no longer fits",
        )
    return Feedback(
        False,
        f"W = {W:g} is not the smallest box for which the MILP finds the optimum 1 (the check "
        "does not say whether it is too small or too large: derive it). Take a separator that "
        "gives up only the origin, write the inequalities that one edge {i, j} and its two "
        "vertex points impose at functional margin 1, and combine them: what |b| do they force?",
    )


@exercise("replace the line reduction_optimum = None by your def reduction_optimum(tau, c)")
def check_origin_weight(answer: object) -> Feedback:
    """Does ``answer(tau, c)`` give the reduction's optimum for origin weight c (C26)?

    On the instance of section 2 with the origin's weight set to c > 0 (all other weights 1),
    the minimum weighted disagreement is min(tau(G), c): giving up the origin costs c and
    w_i = 2, b = -3 then gets every other point right; keeping it forces b > 0, and the proof
    of section 2 gives at least tau(G) mistakes. So the reduction is exact iff c >= tau(G).

    Parameters
    ----------
    answer : callable
        The student's formula: a whole number tau >= 0 and a weight c > 0 in, a number out.

    Returns
    -------
    Feedback
        ✔ when it returns min(tau, c) (to 1e-9) for tau = 0..12 and c in 0.5, 1, 1.5, .., 15;
        otherwise names the first (tau, c) kind that fails (c below, at or above tau).

    Used in notebook 05.
    """
    taus = range(13)
    cs = [0.5 * k for k in range(1, 31)]
    for tau in taus:
        for c in cs:
            got, _ = call_student(answer, tau, c)
            value = parse_number(got, f"reduction_optimum({tau}, {c:g})")
            if abs(value - min(tau, c)) > 1e-9:
                where = "c < tau" if c < tau else "c = tau" if c == tau else "c > tau"
                return Feedback(
                    False,
                    f"wrong for tau = {tau}, c = {c:g} (a case with {where}): compare the cost "
                    "of giving up the origin with the cost of keeping it",
                )
    return Feedback(
        True,
        f"right on all {len(taus) * len(cs)} pairs (tau, c)",
    )


@exercise(
    "replace the line answer_min_weight = None by your def answer_min_weight(n_vertices), "
    "the smallest whole-number origin weight"
)
def check_min_origin_weight(answer: object) -> Feedback:
    """Does ``answer(n_vertices)`` give the smallest whole-number origin weight that makes the
    reduction exact on every graph with |V| = n_vertices >= 2 vertices (C26)?

    The optimum is min(tau(G), c), so the weight must be at least tau(G) for every graph on |V|
    vertices; the largest tau is |V| - 1 (the complete graph K_|V|), so the answer is |V| - 1.

    Parameters
    ----------
    answer : callable
        The student's formula: a whole number |V| >= 2 in, a whole number out.

    Returns
    -------
    Feedback
        ✔ when it returns |V| - 1 (an integral float too) for |V| = 2..40; otherwise says
        whether the weight is too small (some graph's optimum drops below tau) or too large.

    Used in notebook 05.
    """
    sizes = range(2, 41)
    for n_vertices in sizes:
        got, _ = call_student(answer, n_vertices)
        value = parse_number(got, f"answer_min_weight({n_vertices})", whole=True)
        if value < n_vertices - 1:
            return Feedback(
                False,
                f"for |V| = {n_vertices}, a weight of {value:g} is too small: some graph on "
                f"{n_vertices} vertices has a larger tau(G) (which one has the largest?)",
            )
        if value > n_vertices - 1:
            return Feedback(
                False,
                f"for |V| = {n_vertices}, a weight of {value:g} works, but a smaller whole "
                "number does too: how large can tau(G) be on this many vertices?",
            )
    return Feedback(True, f"right for |V| = 2..{sizes[-1]}")


#: How many Python steps (trace events: a line run, a call, a return) a student's learner may
#: take on one data set. One LP, written with scipy.optimize.linprog, takes about 2,000 on the
#: data sets below; the textbook perceptron takes about 25 per update and would need about 4^16
#: updates on the hardest one.
_ERM_STEPS = 1_000_000
_HARD_D = 16


class _OutOfSteps(BaseException):
    """Raised inside a student's function when its step budget is spent (a BaseException, so
    that an ``except Exception`` in the student's loop does not swallow it)."""


#: Where scipy.optimize.linprog is defined: the tracer below recognises its calls by this.
_LINPROG_FILE = os.path.join("optimize", "_linprog.py")


class _StepBudget:
    """A ``sys.settrace`` tracer that counts the Python steps of the code it traces and stops
    it (raising _OutOfSteps) after ``steps`` of them. Imports are free: a first
    ``import scipy.optimize`` inside the traced function runs millions of lines of module
    code, once. It also remembers the latest call of scipy.optimize.linprog: its ``bounds``
    argument and the result it returned (None while it runs or if it raised)."""

    def __init__(self, steps: int) -> None:
        self.left = steps
        self.importing = 0  # depth of nested imports in progress
        self.lp_bounds: object = None
        self.lp_result: object = None

    def __call__(self, frame: FrameType, event: str, arg: Any) -> Any:
        """The global tracer, called when a new frame starts."""
        if self.importing:
            return None
        code = frame.f_code
        if code.co_name == "_find_and_load" and code.co_filename.startswith("<frozen importlib"):
            self.importing += 1
            return self._import
        if code.co_name == "linprog" and code.co_filename.endswith(_LINPROG_FILE):
            self.lp_bounds = frame.f_locals.get("bounds")
            self.lp_result = None
            self._step(frame, event, arg)
            return self._linprog_step
        return self._step(frame, event, arg)

    def _import(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "return":  # also when the import fails
            self.importing -= 1
        return self._import

    def _step(self, frame: FrameType, event: str, arg: Any) -> Any:
        self.left -= 1
        if self.left < 0:
            raise _OutOfSteps
        return self._step

    def _linprog_step(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "return":  # arg is linprog's result (None when it raised)
            self.lp_result = arg
        self._step(frame, event, arg)
        return self._linprog_step


class _WithinSteps:
    """``func`` that stops (raising _OutOfSteps) after ``steps`` Python steps.

    A loop of Python code cannot hang the caller, and the count does not depend on the
    machine's speed or load (code running inside one C call, such as an LP solver, counts as
    one step). ``budget`` is the tracer of the latest call (what linprog did there).
    """

    def __init__(self, func: Callable[..., Any], steps: int) -> None:
        self.func = func
        self.steps = steps
        self.budget = _StepBudget(steps)

    def __call__(self, *args: Any) -> Any:
        self.budget = _StepBudget(self.steps)
        return _run_traced(self.budget, self.func, *args)


def _keeps_nonnegative(bounds: object) -> bool:
    """Do linprog's ``bounds`` (None, one pair, or one pair per variable) keep every variable
    >= 0, as its default (0, None) does?"""
    if bounds is None:
        return True
    try:
        pairs = list(bounds)  # type: ignore[call-overload]
        if len(pairs) == 2 and not any(isinstance(p, tuple | list | np.ndarray) for p in pairs):
            pairs = [pairs]
        return all(len(p) == 2 and p[0] is not None and bool(p[0] >= 0) for p in pairs)
    except Exception:  # noqa: BLE001 - linprog itself judges odd bounds
        return False


def _linprog_failure(budget: _StepBudget) -> str:
    """Sentences on the latest linprog call of the student's function when it found no
    solution (status other than 0, e.g. 2 infeasible, 3 unbounded; res.x is then None),
    pointing at its bounds; "" when linprog was not called or succeeded."""
    res = budget.lp_result
    status = getattr(res, "status", 0)
    if res is None or status == 0:
        return ""
    reason = {2: "infeasible", 3: "unbounded"}.get(status)
    said = f"it reports it {reason} (status {status})" if reason else f"its status is {status}"
    if getattr(res, "x", None) is None:
        said += ", so res.x is None"
    if _keeps_nonnegative(budget.lp_bounds):
        advice = (
            "Your call keeps every variable >= 0 (linprog's default bounds are (0, None)): "
            "mind the bounds (notebook 04)"
        )
    else:
        advice = (
            "These data are separable, so check your LP's constraints, objective and bounds "
            "(linprog's default bounds are (0, None))"
        )
    return f"scipy.optimize.linprog found no solution to your LP: {said}. {advice}"


def _hard_staircase(d: int) -> tuple[np.ndarray, np.ndarray]:
    """The staircase of section 6 (labels +1) plus the origin labelled -1, which forces b < 0:
    every separator has b < 0, w_1 > |b| > 0 and w_k > 2 w_(k-1), so its geometric margin is
    below 2^(1-d), and the affine perceptron needs about 4^d updates."""
    X, y = staircase(d)
    return np.vstack([X, np.zeros(d)]), np.concatenate([y, [-1.0]])


def _erm_sets() -> list[tuple[str, np.ndarray, np.ndarray, str]]:
    """The hidden separable data sets of exercise 5, each with what makes a margin-dependent
    loop slow on it; the hardest first, so that such a loop is stopped there."""
    hard = (
        f"the staircase with d = {_HARD_D} plus the origin labelled -1",
        *_hard_staircase(_HARD_D),
        f"these points are separable, but their largest geometric margin is below "
        f"2^-{_HARD_D - 1}, and the textbook perceptron's updates grow like 4^d on such a "
        "staircase (85,373 at d = 7 for this variant with the origin added; 21,343 for the "
        "plain staircase of section 6)",
    )
    sets = [hard]
    sets += [
        (
            f"make_separable(n={n}, d={d}, margin={m}, seed={s})",
            *make_separable(n, d, m, 1.0, seed=s)[:2],
            "",
        )
        for n, d, m, s in ((30, 2, 0.1, 0), (60, 5, 0.01, 1), (40, 10, 0.001, 2), (5, 3, 0.3, 3))
    ]
    sets += [(f"the staircase with d = {d}", *staircase(d), "") for d in (5, 12)]
    return sets


@exercise("replace the line erm_separable = None by your def erm_separable(X, y) returning (w, b)")
def check_realizable_erm(answer: object) -> Feedback:
    """Does ``answer(X, y)`` return (w, b) with no training mistake on separable data, in
    polynomial time (C28)?

    Parameters
    ----------
    answer : callable
        The student's learner; it returns a pair (w, b) (or a result with fields w and b).

    Returns
    -------
    Feedback
        ✔ when y_i (w.x_i + b) > 0 for every i on seven hidden separable data sets (small
        margins, d up to 16; the first is the staircase with the origin labelled -1, whose
        geometric margin is below 2^-15), each within 10^6 Python steps (one LP takes about
        2,000; a loop whose length depends on the margin, like the perceptron, is stopped
        there, so it cannot hang the kernel); otherwise names the first data set with a
        mistake, an unreadable result, or too many steps. When the function's latest call of
        scipy.optimize.linprog found no solution (e.g. infeasible under linprog's default
        bounds (0, None), res.x is None), that is named instead of the error that followed.

    Used in notebook 05.
    """
    sets = _erm_sets()
    learner = _WithinSteps(answer, _ERM_STEPS) if callable(answer) else None

    def linprog_failed(what: str) -> None:
        """When the learner's latest linprog call found no solution, reject with that cause
        rather than with the error that followed (e.g. TypeError on res.x being None)."""
        lp_failed = _linprog_failure(learner.budget) if learner else ""
        if lp_failed:
            raise Rejected(f"on {what}, {lp_failed}.")

    for what, X, y, why in sets:
        try:
            got, _ = call_student(learner or answer, X, y)
        except _OutOfSteps:
            because = f"{why[0].upper()}{why[1:]}: a" if why else "A"
            return Feedback(
                False,
                f"on {what}, your function was still running after {_ERM_STEPS:,} Python steps, "
                f"so the check stopped it. {because} loop whose length depends on the margin "
                "can take that long. One linear program (notebook 04) needs no such loop; try "
                "writing that.",
            )
        except Rejected:
            linprog_failed(what)
            raise
        try:
            w, b = parse_wb(got, X.shape[1])
        except Rejected as rejected:
            linprog_failed(what)
            message = rejected.feedback.message
            raise Rejected(f"on {what}, your function's result: {message}") from None
        k = int(np.sum(answer_margins(w, b, X, y, signs_only=True) <= 0))
        if k:
            linprog_failed(what)
            hint = f" ({why})" if why else ""
            return Feedback(False, f"on {what}: {k} training mistake(s); ERM here is 0{hint}")
    return Feedback(
        True,
        f"zero training mistakes on all {len(sets)} separable data sets, each within the step "
        "budget that stops margin-dependent loops",
    )
