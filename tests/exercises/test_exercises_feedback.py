"""The layer every check is built on (linsep_helpers.exercises._feedback): the verdict, "not
answered yet", and the parsers of a number, a vector, a pair (w, b) and a student's function.

Oracles: Python's own float() and comparisons on values built here."""

import math
import warnings
from fractions import Fraction
from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from odd_answers import ODD_FUNCTIONS, ODD_LEAVES, number_forms, odd_answers, vector_forms

import linsep_helpers as lh
from linsep_helpers.exercises import (
    Feedback,
    Rejected,
    call_student,
    exercise,
    is_unanswered,
    multiple_of,
    not_answered,
    parse_array,
    parse_number,
    parse_vector,
    parse_wb,
)


def rejected_message(fn, *args, **kwargs):
    with pytest.raises(Rejected) as info:
        fn(*args, **kwargs)
    fb = info.value.feedback
    assert isinstance(fb, Feedback) and not fb.ok
    return fb.message


# ------------------------------------------------------------------------------- Feedback


def test_feedback_prints_a_tick_or_a_cross_and_is_its_verdict():
    ok, bad = Feedback(True, "right"), Feedback(False, "wrong")
    assert repr(ok) == "\u2714 right" and repr(bad) == "\u2718 wrong"
    assert bool(ok) and not bool(bad)
    assert Feedback is Feedback
    with pytest.raises(AttributeError):
        ok.ok = False  # frozen


def test_not_answered_placeholders():
    for answer in (None, ..., (None, None), (np.zeros(2), None), [None], (..., 1.0)):
        assert is_unanswered(answer)
    for answer in (0, 0.0, "", [], (np.zeros(2), 0.0), np.array([None, 1.0]), False):
        assert not is_unanswered(answer)
    fb = not_answered("a number")
    assert not fb.ok and fb.message.startswith("not answered yet") and "a number" in fb.message


def test_exercise_decorator():
    @exercise("a number")
    def check(answer, limit):
        if limit < 0:
            raise ValueError("limit must be >= 0")
        return Feedback(parse_number(answer) <= limit, "compared")

    assert check(1, 2).ok and not check(3, 2).ok
    assert check(None, 2).message.startswith("not answered yet: replace None with a number")
    assert "finite" in check(float("nan"), 2).message
    with pytest.raises(ValueError, match="limit"):
        check(1, -1)  # bad data from the notebook still raises
    assert check.__name__ == "check"


def test_not_answered_names_the_checks_own_arguments():
    @exercise("a vector of {d} numbers")
    def check(answer, d, *, tol=0.0):
        return Feedback(True, "fine")

    assert "a vector of 4 numbers" in check(None, 4).message
    assert "a vector of 7 numbers" in check(None, d=7, tol=1.0).message
    assert "a vector of 4 numbers" in lh.check_staircase_separator(None, 4).message


def test_exercise_decorator_silences_overflow_in_the_check():
    @exercise("a number")
    def check(answer):
        x = parse_number(answer)
        return Feedback(bool(np.float64(x) * 1e300 > 0), "overflow is inf, not a warning")

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert check(1e300).ok


# ---------------------------------------------------------------------------------- numbers


@settings(max_examples=200, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False))
def test_parse_number_returns_every_finite_float_exactly(x):
    for form in (x, np.float64(x), np.array(x), np.array([x]), [x]):
        value = parse_number(form)
        assert value == x and type(value) is float


@settings(max_examples=100, deadline=None)
@given(st.integers(-(2**53), 2**53))
def test_parse_number_whole_numbers(k):
    for form in (k, float(k), np.int64(k), np.float64(k), np.array([k])):
        value = parse_number(form, whole=True)
        assert value == k and type(value) is int
    if abs(k) < 2**50:
        assert "whole number" in rejected_message(parse_number, k + 0.5, whole=True)


@pytest.mark.parametrize("x", [3, 2.5, -7.0, 1e-300, 5e-324, 1e308, Fraction(1, 3)])
def test_parse_number_every_form(x):
    for form in number_forms(x) if not isinstance(x, Fraction) else [x]:
        assert parse_number(form) == pytest.approx(float(x), rel=1e-15, abs=0)


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (True, "True/False"),
        (np.False_, "True/False"),
        (np.array([True]), "True/False"),
        ("25", "text"),
        (1 + 2j, "complex"),
        (np.array([1j]), "complex"),
        (float("nan"), "finite"),
        (-float("inf"), "finite"),
        (np.float32("nan"), "finite"),
        pytest.param(10**400, "too large", id="10**400"),
        pytest.param([10**400], "too large", id="[10**400]"),
        (np.longdouble("1e4000"), "finite"),
        ([1.0, 2.0], "single"),
        (np.zeros((2, 2)), "single"),
        (np.array([]), "single"),
        ([[1.0], [2.0, 3.0]], "number"),
        (object(), "number"),
        ({"a": 1}, "number"),
        (np.datetime64("2020-01-01"), "number"),
    ],
)
def test_parse_number_rejects_with_a_sentence(answer, words):
    message = rejected_message(parse_number, answer, "t")
    assert message.startswith("t must be") or message.startswith("t is")
    assert words in message
    assert len(message) < 200


def test_parse_number_whole_and_positive():
    assert "whole number" in rejected_message(parse_number, True, whole=True)
    assert "far too large" in rejected_message(parse_number, 10**20, whole=True)
    assert "far too large" in rejected_message(parse_number, 1e300, whole=True)
    assert "positive" in rejected_message(parse_number, 0.0, "c", positive=True)
    assert "positive" in rejected_message(parse_number, -5, "c", positive=True)
    assert "positive" in rejected_message(parse_number, "big", "c", positive=True)
    assert "positive" in rejected_message(parse_number, float("nan"), "c", positive=True)
    assert parse_number(5e-324, "c", positive=True) == 5e-324


@settings(max_examples=300, deadline=None)
@given(odd_answers())
def test_parse_number_rejects_every_odd_answer(answer):
    if answer is None or answer is Ellipsis:
        return  # placeholders are the decorator's business
    with pytest.raises(Rejected):
        parse_number(answer)


# ---------------------------------------------------------------------------------- vectors


@settings(max_examples=100, deadline=None)
@given(st.lists(st.floats(allow_nan=False, allow_infinity=False), min_size=1, max_size=6))
def test_parse_vector_reads_every_form_and_copies(v):
    for form in vector_forms(v):
        out = parse_vector(form, "w", len(v))
        assert out.dtype == float and out.shape == (len(v),)
        assert out.tolist() == [float(t) for t in v]
    arr = np.array(v)
    out = parse_vector(arr, "w", len(v))
    out[0] = 12345.0
    assert arr.tolist() == v  # the student's array is never modified


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ([1.0, 2.0, 3.0], "2 entries"),
        ([[1.0, 2.0], [3.0, 4.0]], "2 entries"),
        (3.0, "2 entries"),
        ([True, False], "True/False"),
        ([1j, 2.0], "complex"),
        (["a", "b"], "numbers"),
        ("ab", "text"),
        ([[1.0, 2.0], [3.0]], "same length"),
        ([None, 1.0], "numbers"),
        ([10**400, 1.0], "too large"),
        ([np.nan, 1.0], "NaN"),
        ([np.inf, 1.0], "finite"),
        ([object(), 1.0], "numbers"),
        ([True, 1.0], "True/False"),
        ([[1.0, np.True_]], "True/False"),
    ],
)
def test_parse_vector_rejects_with_a_sentence(answer, words):
    assert words in rejected_message(parse_vector, answer, "w", 2)


def test_parse_vector_reads_a_row_or_a_column_as_the_vector():
    for answer in ([[1.0, 2.0]], [[1.0], [2.0]], np.array([[1, 2]]), np.array([1.0, 2.0])):
        assert parse_vector(answer, "w", 2).tolist() == [1.0, 2.0]
    assert parse_vector([[5.0]], "w", 1).tolist() == [5.0]


def test_parse_array_options():
    assert parse_array([[1.0], [2.0]], "dw", (2,), ravel=True).tolist() == [1.0, 2.0]
    assert np.isnan(parse_array([np.nan, 1.0], "r", finite=False)[0])
    assert "shape (2, 3)" in rejected_message(parse_array, np.zeros((3, 2)), "A", (2, 3))
    assert parse_array([Fraction(1, 2), 1], "lam").tolist() == [0.5, 1.0]


# -------------------------------------------------------------------------------------- (w, b)


def test_parse_wb_forms():
    w, b = np.array([1.0, -2.0]), 0.5
    for answer in (
        (w, b),
        [w, b],
        ([1, -2], 0.5),
        ((1.0, -2.0), np.float64(0.5)),
        (w, np.array(0.5)),
        (w, np.array([0.5])),
        SimpleNamespace(w=w, b=b),
        lh.find_separator(np.array([[1.0, 0.0], [-1.0, 0.0]]), np.array([1.0, -1.0])),
    ):
        pw, pb = parse_wb(answer, 2)
        assert pw.shape == (2,) and isinstance(pb, float)
        if not hasattr(answer, "certificate"):
            assert pw.tolist() == w.tolist() and pb == b


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (3.0, "pair (w, b)"),
        ("wb", "pair (w, b)"),
        ((1.0, 2.0, 3.0), "pair (w, b)"),
        (np.array([1.0, 2.0]), "pair (w, b)"),
        (([1.0, 2.0, 3.0], 0.0), "2 entries"),
        (([1.0, 2.0], [0.0, 1.0]), "single"),
        (([1.0, 2.0], True), "True/False"),
        (([1.0, 2.0], 10**400), "too large"),
        (([np.nan, 2.0], 0.0), "NaN"),
        (SimpleNamespace(w=[1.0, 2.0]), "pair (w, b)"),
    ],
)
def test_parse_wb_rejects_with_a_sentence(answer, words):
    assert words in rejected_message(parse_wb, answer, 2)


def test_parse_wb_names():
    message = rejected_message(parse_wb, (np.zeros(3), 0.0), 2, names=("dw", "db"))
    assert message.startswith("dw must have 2 entries")


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.floats(-10, 10), min_size=1, max_size=4).filter(lambda v: max(map(abs, v)) > 0.1),
    st.floats(-300, 300),
)
def test_multiple_of_any_scale(z0, log_c):
    z0 = np.array(z0)
    c = 10.0**log_c
    assert multiple_of(c * z0, z0) == pytest.approx(c, rel=1e-9)
    assert multiple_of(-c * z0, z0) == pytest.approx(-c, rel=1e-9)
    if len(z0) > 1:  # add a vector orthogonal to z0: no longer parallel
        k = int(np.argmin(np.abs(z0)))
        perp = np.eye(len(z0))[k] - z0[k] / (z0 @ z0) * z0
        other = z0 + perp / np.linalg.norm(perp) * np.linalg.norm(z0)
        assert multiple_of(c * other, z0) is None
    assert multiple_of(np.zeros_like(z0), z0) == 0.0


# ------------------------------------------------------------------------ the student's code


def test_call_student_returns_the_value_and_the_warnings():
    def noisy(x):
        warnings.warn("careful", UserWarning, stacklevel=1)
        return np.exp(x)

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # as under pytest: the student's warnings are recorded
        with np.errstate(all="raise"):
            value, warned = call_student(noisy, np.array([1000.0]))
    assert value[0] == math.inf
    assert warned[0] == "careful" and "overflow" in warned[1]


def test_call_student_passes_copies():
    data = np.array([1.0, 2.0])
    nested = [[1, 2]]

    def vandal(a, b):
        a[0] = 99.0
        b.append(3)
        return "done"

    assert call_student(vandal, data, nested) == ("done", ())
    assert data.tolist() == [1.0, 2.0] and nested == [[1, 2]]


@pytest.mark.parametrize("func", [f for f in ODD_FUNCTIONS if not callable(f)] + ODD_LEAVES[:6])
def test_call_student_not_a_function(func):
    assert "must be a function" in rejected_message(call_student, func, 1)


@pytest.mark.parametrize(
    ("exc", "words"),
    [
        (ZeroDivisionError("division by zero"), "ZeroDivisionError: division by zero"),
        (FloatingPointError("overflow"), "FloatingPointError"),
        (KeyError("x"), "KeyError"),
        (RecursionError(), "RecursionError"),
        (ValueError("x" * 1000), "ValueError"),
    ],
)
def test_call_student_names_the_exception(exc, words):
    def f(*args):
        raise exc

    message = rejected_message(call_student, f, 1)
    assert message.startswith("your function raised") and words in message
    assert len(message) < 250


def test_call_student_survives_an_exception_that_cannot_be_printed():
    class Bad(Exception):
        def __str__(self):
            raise RuntimeError("no")

    def f():
        raise Bad

    assert "raised Bad" in rejected_message(call_student, f)


def test_call_student_turns_warnings_errors_of_the_student_into_a_cross():
    def strict(x):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            return np.exp(np.array([x]))

    assert "RuntimeWarning" in rejected_message(call_student, strict, 1000.0)
