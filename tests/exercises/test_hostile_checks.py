"""Every ``check_*`` exercise check against hostile answers and hostile contexts (issue 16).

Invariants, for each of the 22 checks exported by linsep_helpers:

- an odd answer (NaN, inf, 10**400, complex, text, booleans, wrong shapes, objects that break
  repr, functions that raise, warn, return inf, complex or the wrong shape) gets a ✘
  Feedback with a sentence, never a traceback;
- a right answer is accepted in every form (int, float, numpy scalar, 0-d and one-element
  arrays, lists, tuples, result objects), also when the context is scaled by 2^k (the checks
  compare at scale 1, so X and 2^-900 X are judged alike);
- a near miss is refused at every scale (tolerances are relative to the data, not absolute);
- bad data passed by the notebook raises a ValueError/TypeError naming it, or the check
  answers; nothing is mutated.

Right answers come from oracles written here (loops, exact formulas, scipy's linprog), never
from the package's own solvers.
"""

import math
from collections import Counter
from types import SimpleNamespace

import numpy as np
import pytest
from hostile_support import call_hostile, hostile_arrays, hostile_labels, hostile_scalars
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from odd_answers import (
    ODD_EXPLICIT,
    ODD_FUNCTIONS,
    assert_cross,
    assert_tick,
    number_forms,
    odd_answers,
    odd_id,
    vector_forms,
    wb_forms,
)
from oracles import loop_margins
from scipy.optimize import linprog

import linsep_helpers as lh
from linsep_helpers.exercises import Feedback

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RUNS: Counter = Counter()  # calls per check, for the closing note

# ------------------------------------------------------------------------- contexts, by hand

X1 = np.array([[0.0, 2.0], [1.0, 3.0], [2.0, 2.5], [2.0, 0.0], [3.0, 1.0], [1.0, -0.5]])
Y1 = np.array([1.0, 1.0, 1.0, -1.0, -1.0, -1.0])
W1, B1 = np.array([-2.0, 2.0]), 0.4  # separates (X1, Y1): margins 4.4, 4.4, 1.4, 3.6, 3.6, 3.4
XB = np.array([[3.0, 4.0], [1.0, -1.0], [-2.0, 0.5]])
YB = np.array([1.0, 1.0, -1.0])
WB = np.array([2.0, 0.0])  # R = 5, gamma = 1: the bound is 25
HAND_X = np.array([[1.0, 2.0], [2.0, -1.0], [-1.0, -1.0]])
HAND_Y = np.array([1.0, -1.0, -1.0])
HAND_W = [[1.0, 2.0], [-1.0, 3.0]]  # the perceptron's updates, worked out by hand
X3 = np.array([[0.0, 0.0], [2.0, 0.0], [0.0, 2.0], [0.5, 0.5]])
Y3 = np.array([1.0, 1.0, 1.0, -1.0])
LAM3 = np.array([0.25, 0.125, 0.125, 0.5])  # (0.5, 0.5) is in both hulls
XS = np.array([[1.0, 1.0], [0.0, 0.0], [2.0, 0.5], [-1.0, 0.0]])
YS = np.array([1.0, -1.0, 1.0, -1.0])  # margins of (1, 1), -0.5: 1.5, 0.5, 2, 1.5


def right_gradient(w, b, X, y01):
    r = y01 - 1.0 / (1.0 + np.exp(-(X @ w + b)))
    return X.T @ r, r.sum()


def right_log_sigmoid(z):
    return np.minimum(z, 0) - np.log1p(np.exp(-np.abs(z)))


def warning_log_sigmoid(z):
    """Right, but numpy warns on the way (exp overflows where the result is discarded)."""
    naive = -np.log1p(np.exp(-z))
    return np.where(z < -30, z, naive)


def right_verifier(X, y, weights, k, w, b):
    wrong = [wt for x, yi, wt in zip(X, y, weights, strict=True) if yi * (x @ w + b) <= 0]
    return sum(wrong) <= k


def right_cover(n, edges, w, b):
    if b <= 0:  # the origin is a mistake: it alone weighs n + 1
        return set(range(n))
    cover = {i for i in range(n) if w[i] + b >= 0}  # e_i (label -1) misclassified
    for i, j in edges:  # an edge with neither end misclassified is itself a mistake
        if i not in cover and j not in cover:
            cover.add(i)
    return cover


def right_erm(X, y):
    """The feasibility LP y_i (w.x_i + b) >= 1, written out with scipy."""
    A = y[:, None] * np.hstack([X, np.ones((len(y), 1))])
    z = linprog(np.zeros(A.shape[1]), A_ub=-A, b_ub=-np.ones(len(y)), bounds=(None, None)).x
    return z[:-1], z[-1]


def cube_witness():
    even = [v for v in range(8) if bin(v).count("1") % 2 == 0]  # a minimum cover of Q_3
    return np.where(np.isin(np.arange(8), even), 2.0, -2.0), 1.0


def _counted(name, check):
    def run(answer):
        RUNS[name] += 1
        return check(answer)

    return run


def contexts(k=0):
    """Each check with its context at scale s = 2^k, and one right answer (as numbers)."""
    with np.errstate(over="ignore"):  # b of check_class_prototype overflows beyond 2^512
        return _contexts(math.ldexp(1.0, k))


def _contexts(s):
    m1 = min(loop_margins(W1, B1, X1, Y1))  # 1.4
    count = sum(1 for m in loop_margins([1.0, -1.0], 0.0, X1, Y1) if m <= 0)
    c_plus, c_minus = X1[Y1 > 0].mean(axis=0), X1[Y1 < 0].mean(axis=0)
    b_proto = (c_minus @ c_minus - c_plus @ c_plus) / 2
    X1s, Y1s = X1 * s, Y1
    table = {
        "check_separator": (lambda a: lh.check_separator(a, X1s, Y1s), (W1, B1 * s)),
        "check_mistake_count": (
            lambda a: lh.check_mistake_count(a, [1.0, -1.0], 0.0, X1s, Y1s),
            count,
        ),
        "check_unit_margin": (
            lambda a: lh.check_unit_margin(a, W1, B1 * s, X1s, Y1s),
            (W1 / (s * m1), B1 / m1),
        ),
        "check_lift_vector": (
            lambda a: lh.check_lift_vector(a, [s, -2 * s], 3.0 * s, r=2.0),
            [s, -2 * s, 1.5 * s],
        ),
        "check_xor_feature": (lh.check_xor_feature, ([0.0, 0.0, 1.0], -0.5)),
        "check_class_prototype": (
            lambda a: lh.check_class_prototype(a, X1s, Y1s),
            ((c_plus - c_minus) * s, b_proto * s * s),
        ),
        "check_perceptron_by_hand": (
            lambda a: lh.check_perceptron_by_hand(a, HAND_X * s, HAND_Y),
            [list(np.array(w) * s) for w in HAND_W],
        ),
        "check_novikoff_bound": (lambda a: lh.check_novikoff_bound(a, XB * s, YB, WB), 25.0),
        "check_best_lift_scale": (
            lambda a: lh.check_best_lift_scale(a, 4.0 * s, 1.0, s),
            2.0 * s,  # sqrt(R |b*| / ||w*||) with R = 4s, b* = s
        ),
        "check_staircase_separator": (
            lambda a: lh.check_staircase_separator(a, 4),
            [s, 3 * s, 7 * s, 15 * s],
        ),
        "check_threshold_offset": (lambda a: lh.check_threshold_offset(a, 0.9), math.log(9.0)),
        "check_scale_for_epsilon": (
            lambda a: lh.check_scale_for_epsilon(a, [1.0, 1.0], -0.5 * s, XS * s, YS, 1e-3),
            math.log(4 / 1e-3) / (0.5 * s),  # n e^(-c m_min) <= eps, m_min = 0.5 s
        ),
        "check_gradient_function": (lh.check_gradient_function, right_gradient),
        "check_log_sigmoid_function": (lh.check_log_sigmoid_function, right_log_sigmoid),
        "check_separation_matrix": (
            lambda a: lh.check_separation_matrix(a, X1s, Y1s),
            Y1[:, None] * np.hstack([X1s, np.ones((6, 1))]),
        ),
        "check_rescaled_separator": (
            lambda a: lh.check_rescaled_separator(a, X1s, Y1s, W1, B1 * s),
            (W1 / (s * m1), B1 / m1),
        ),
        "check_certificate": (lambda a: lh.check_certificate(a, X3 * s, Y3), LAM3),
        "check_np_verifier": (lh.check_np_verifier, right_verifier),
        "check_reduction_witness": (lh.check_reduction_witness, cube_witness()),
        "check_cover_from_separator": (lh.check_cover_from_separator, right_cover),
        "check_bigm_box": (lh.check_bigm_box, 3.0),
        "check_realizable_erm": (lh.check_realizable_erm, right_erm),
    }
    return {name: (_counted(name, check), right) for name, (check, right) in table.items()}


CHECK_NAMES = sorted(n for n in lh.__all__ if n.startswith("check_") and n != "check_versions")
FUNCTION_CHECKS = {
    "check_gradient_function",
    "check_log_sigmoid_function",
    "check_np_verifier",
    "check_cover_from_separator",
    "check_realizable_erm",
}
CONTEXTS = contexts()


def drag_contexts():
    """The drag exercises' checks (issue 18), each on its explorer after the solution's move,
    with a right answer computed here (oracles: the LP and the perceptron written out)."""
    import matplotlib
    from oracles import reference_run
    from scipy.optimize import linprog

    matplotlib.use("Agg")
    d1 = lh.DragSeparabilityExplorer(n=20, seed=0, margin=0.15)
    d1.move_point(0, (-0.33, -0.55))
    d2 = lh.DragPerceptronExplorer(n=20, seed=0, margin=0.1)
    d2.move_point(7, (-0.2, -0.95))
    d3 = lh.DragLikelihoodExplorer(n=12, seed=3, margin=0.15)
    d3.move_point(1, (0.08, -0.18))
    d4 = lh.DragCertificateExplorer(n=10, seed=1, margin=0.15)
    d4.move_point(0, (-0.48, -0.31))
    A = d4.y[:, None] * np.column_stack([d4.X, np.ones(10)])
    lam = linprog(
        np.zeros(10), A_eq=np.vstack([A.T, np.ones(10)]), b_eq=[0, 0, 0, 1], bounds=(0, None)
    ).x
    table = {
        "check_drag_small_margin": (
            lambda a: lh.check_drag_small_margin(a, d1),
            d1.state.gamma,  # its value is tested against scikit-learn in test_exercises_nb01
        ),
        "check_drag_long_run": (
            lambda a: lh.check_drag_long_run(a, d2),
            len(reference_run(d2.X, d2.y, max_updates=5000)),
        ),
        "check_drag_overlap": (
            lambda a: lh.check_drag_overlap(a, d3),
            d3.state.log_likelihood_mle,  # tested against scikit-learn in test_exercises_nb03
        ),
        "check_drag_certificate": (lambda a: lh.check_drag_certificate(a, d4), list(lam)),
    }
    return {name: (_counted(name, check), right) for name, (check, right) in table.items()}


DRAG_CONTEXTS = drag_contexts()
CONTEXTS.update(DRAG_CONTEXTS)


def test_every_exported_check_is_covered():
    assert sorted(CONTEXTS) == CHECK_NAMES  # a new check must be added here


# ------------------------------------------------------------------------------ odd answers


def _more_odd_functions():
    """Functions that misbehave in ways ODD_FUNCTIONS does not: complex, float32, subnormal,
    a generator of numbers, a result object of odd parts, SystemExit."""

    def exits(*args):
        raise SystemExit(1)

    return [
        lambda *a: np.full(10, 1e-320),
        lambda *a: np.ones(10, dtype=np.complex64),
        lambda *a: (np.ones(2) * 1j, 0.0),
        lambda *a: SimpleNamespace(w=np.ones(2), b=1j),
        lambda *a: SimpleNamespace(w="w", b=0.0),
        lambda *a: np.array([[1.0, 2.0]] * 10, dtype=object),
        lambda *a: [np.nan] * 10,
        lambda *a: np.bool_(True) if len(a) > 5 else {10**400},
        exits,
    ]


def _real(v):
    """Whether v could be a finite real number (then it may be a right answer)."""
    try:
        return math.isfinite(float(np.asarray(v).item())) and not isinstance(v, bool | np.bool_)
    except Exception:  # noqa: BLE001
        return False


ODD_PARAMS = [
    pytest.param(name, answer, id=f"{name}-{odd_id(answer)}")
    for name in CHECK_NAMES
    for answer in ODD_EXPLICIT + ODD_FUNCTIONS + _more_odd_functions()
    if name in FUNCTION_CHECKS or not _real(answer)  # 42 is a right box W
]


@pytest.mark.parametrize(("name", "answer"), ODD_PARAMS)
def test_odd_answers_get_a_cross_with_a_sentence(name, answer):
    check, _ = CONTEXTS[name]
    assert_cross(check(answer))


@pytest.mark.parametrize("name", CHECK_NAMES)
@SETTINGS
@given(answer=st.one_of(odd_answers(), hostile_scalars().filter(lambda v: not _real(v))))
def test_generated_odd_answers_get_a_cross(name, answer):
    check, _ = CONTEXTS[name]
    assert_cross(check(answer))


@pytest.mark.parametrize("name", sorted(FUNCTION_CHECKS))
@SETTINGS
@given(value=st.one_of(odd_answers(), hostile_scalars(), hostile_arrays(1)))
def test_functions_returning_anything_odd_get_a_cross(name, value):
    check, _ = CONTEXTS[name]
    fb = check(lambda *args: value)
    assert isinstance(fb, Feedback) and not fb.ok


# --------------------------------------------------------------------- right answers, any form


def _forms(name, right):
    if name in FUNCTION_CHECKS:
        return [right]
    if name == "check_perceptron_by_hand":
        return [right, tuple(right), np.array(right), [np.array(w) for w in right]]
    if name in ("check_separation_matrix",):
        return [right, right.tolist(), right.astype(object)]
    if isinstance(right, tuple):
        return wb_forms(*right)
    if isinstance(right, list | np.ndarray):
        return vector_forms(right)
    return number_forms(right)


@pytest.mark.parametrize("name", CHECK_NAMES)
def test_right_answers_in_every_form(name):
    check, right = CONTEXTS[name]
    for form in _forms(name, right):
        assert_tick(check(form))


def test_a_correct_log_sigmoid_that_warns_is_right_and_complex_output_is_named():
    assert_tick(lh.check_log_sigmoid_function(warning_log_sigmoid))
    fb = lh.check_log_sigmoid_function(lambda z: right_log_sigmoid(z) + 0j)
    assert_cross(fb)
    assert "complex" in fb.message and "overflow" not in fb.message


@pytest.mark.parametrize("count", [4.0, np.float64(4.0), np.array(4.0), np.array([4]), 4])
def test_whole_numbers_may_be_written_as_floats(count):
    X = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0], [2.0, 2.0]])
    y = np.array([1.0, 1.0, 1.0, 1.0, -1.0])  # (1, 0), 0: margins 1, 0, -1, 0, -2: 4 mistakes
    assert_tick(lh.check_mistake_count(count, [1.0, 0.0], 0.0, X, y))


# --------------------------------------------------------------- every scale, right and wrong

SCALE_CHECKS = sorted(
    set(CHECK_NAMES) - FUNCTION_CHECKS - {"check_xor_feature"} - set(DRAG_CONTEXTS)
)  # the drag checks read their data from an explorer: no scale


def _near_miss(right):
    """A slightly wrong version of a right answer (relative 1e-3 in one entry)."""
    if isinstance(right, tuple):
        w, b = right
        return (np.asarray(w, float) * (1 + 1e-3), b)
    if isinstance(right, list) and right and isinstance(right[0], list):
        return [right[0]] + [list(np.array(right[1]) * (1 + 1e-3))]
    if isinstance(right, list | np.ndarray):
        v = np.array(right, dtype=float)
        v[-1] *= 1 + 1e-3
        return v
    return right * (1 + 1e-3) if right else 1.0


@pytest.mark.parametrize("name", SCALE_CHECKS)
@SETTINGS
@given(k=st.integers(-900, 900))
def test_right_answers_at_every_scale_and_near_misses_refused(name, k):
    if name in ("check_class_prototype", "check_perceptron_by_hand"):
        k = k // 3  # b (and the perceptron's margins) scale like X^2: keep them in float range
    check, right = contexts(k)[name]
    assert_tick(check(right))
    near = _near_miss(right)
    fb = check(near)
    assert isinstance(fb, Feedback)
    tolerant = {  # these accept a whole set of answers: a near miss may be in it
        "check_separator",
        "check_rescaled_separator",
        "check_scale_for_epsilon",
        "check_staircase_separator",
        "check_bigm_box",
        "check_reduction_witness",
    }
    if name not in tolerant:
        assert not fb.ok, (name, k, near, fb)


@pytest.mark.parametrize("k", [-1000, -600, 600, 1000])
def test_zero_answers_are_not_right_at_tiny_scales(k):
    """With absolute tolerances, 0 was 'right' for data at 1e-200 (issue 16)."""
    s = math.ldexp(1.0, k)
    assert_cross(lh.check_lift_vector([0.0, 0.0, 0.0], [s, s], s))
    assert_cross(lh.check_separation_matrix(np.c_[np.zeros((6, 2)), Y1], X1 * s, Y1))
    assert_cross(lh.check_certificate([0.5, 0.0, 0.0, 0.5], X3 * s, Y3))
    if abs(k) < 500:
        assert_cross(lh.check_class_prototype(([0.0, 0.0], 0.0), X1 * s, Y1))


def test_novikoff_issue_example():
    for s in (1e-200, 1.0, 1e200):
        assert_cross(lh.check_novikoff_bound(-3.0, XB * s, YB, WB))
        assert_tick(lh.check_novikoff_bound(25.0, XB * s, YB, WB * s))


@SETTINGS
@given(w=st.lists(st.floats(-1e300, 1e300), min_size=2, max_size=2), b=st.floats(-1e300, 1e300))
def test_separator_verdict_agrees_with_exact_arithmetic(w, b):
    from fractions import Fraction

    exact = [
        Fraction(yi)
        * (Fraction(w[0]) * Fraction(x[0]) + Fraction(w[1]) * Fraction(x[1]) + Fraction(b))
        for x, yi in zip(X1, Y1, strict=True)
    ]
    fb = lh.check_separator((w, b), X1, Y1)
    assert fb.ok == all(m > 0 for m in exact)
    count = sum(m <= 0 for m in exact)
    assert lh.check_mistake_count(count, w, b, X1, Y1).ok


# ------------------------------------------------------------------ bad data from the notebook

DATA_CHECKS = {
    "check_separator": lambda X, y: lh.check_separator((W1, B1), X, y),
    "check_mistake_count": lambda X, y: lh.check_mistake_count(0, W1, B1, X, y),
    "check_unit_margin": lambda X, y: lh.check_unit_margin((W1, B1), W1, B1, X, y),
    "check_class_prototype": lambda X, y: lh.check_class_prototype((W1, B1), X, y),
    "check_perceptron_by_hand": lambda X, y: lh.check_perceptron_by_hand(HAND_W, X, y),
    "check_novikoff_bound": lambda X, y: lh.check_novikoff_bound(25.0, X, y, WB),
    "check_scale_for_epsilon": lambda X, y: lh.check_scale_for_epsilon(1.0, WB, 0.0, X, y, 0.1),
    "check_separation_matrix": lambda X, y: lh.check_separation_matrix(np.ones((6, 3)), X, y),
    "check_rescaled_separator": lambda X, y: lh.check_rescaled_separator((W1, B1), X, y, W1, B1),
    "check_certificate": lambda X, y: lh.check_certificate(LAM3, X, y),
}


@pytest.mark.parametrize("name", sorted(DATA_CHECKS))
@SETTINGS
@given(X=hostile_arrays(2), data=st.data())
def test_hostile_data_raise_clearly_or_get_an_answer(name, X, data):
    n = len(X) if isinstance(X, list) or (isinstance(X, np.ndarray) and X.ndim >= 1) else 3
    y = data.draw(hostile_labels(max(n, 1)))
    fn = DATA_CHECKS[name]
    fn.__name__ = name
    out = call_hostile(
        fn, X, y, names=("X", "y", "label", "w_star", "w0", "separate", "classes", "features")
    )
    if not out.raised:
        assert isinstance(out.value, Feedback)


SCALAR_CONTEXTS = {
    "check_lift_vector (r)": lambda v: lh.check_lift_vector([1.0, 2.0, 1.0], [1.0, 2.0], 1.0, r=v),
    "check_best_lift_scale (radius)": lambda v: lh.check_best_lift_scale(1.0, v, 1.0, 1.0),
    "check_staircase_separator (d)": lambda v: lh.check_staircase_separator([1.0], v),
    "check_threshold_offset (T)": lambda v: lh.check_threshold_offset(1.0, v),
    "check_scale_for_epsilon (eps)": lambda v: lh.check_scale_for_epsilon(1.0, WB, 0.0, XB, YB, v),
    "check_certificate (tol)": lambda v: lh.check_certificate(LAM3, X3, Y3, tol=v),
}


@pytest.mark.parametrize("name", sorted(SCALAR_CONTEXTS))
@SETTINGS
@given(value=hostile_scalars().filter(lambda v: type(v) is not object))
def test_hostile_scalar_contexts_raise_clearly_or_get_an_answer(name, value):
    fn = SCALAR_CONTEXTS[name]
    fn.__name__ = name.split()[0]
    arg = name.split("(")[1].rstrip(")")
    out = call_hostile(fn, value, names=(arg,))
    if not out.raised:
        assert isinstance(out.value, Feedback)


@pytest.fixture(scope="module", autouse=True)
def _report_the_runs():
    """Print the calls made per check at the end of the module (pytest -s shows it)."""
    yield
    print(
        f"\n{len(RUNS)} checks, {sum(RUNS.values())} answers judged: {dict(sorted(RUNS.items()))}"
    )
