"""A class of three on a real JupyterHub (127.0.0.1, local processes): every student logs in,
gets a server of their own, runs notebook 02 (the student copy) top to bottom without an error,
moves the proof explorer's sliders and sees new frames; then the hub is stopped and nothing of
it is left running.

The same code, with more students and a longer slider phase, is the benchmark
``benchmarks/hub_load.py`` (sizes and times are measured there, not asserted here).  Needs
configurable-http-proxy (``bash .ci/run`` installs it into .ci/chp) and the pinned jupyterhub.
"""

from __future__ import annotations

import math
import os

import hub_support
import pytest

pytestmark = pytest.mark.slow

STUDENTS = 3
MOVES = 4  # slider moves per student, one a second


@pytest.fixture(scope="module")
def lesson(tmp_path_factory):
    if hub_support.chp_command() is None:
        if os.environ.get("CI"):
            pytest.fail("configurable-http-proxy is missing (.ci/run installs it in .ci/chp)")
        pytest.skip("configurable-http-proxy is missing (run: cd .ci/chp && npm ci)")
    return hub_support.run_class(
        tmp_path_factory.mktemp("hub"),
        STUDENTS,
        seconds=120.0,
        pace=1.0,
        timeout=240.0,
        max_moves=MOVES,
    )


def test_every_student_got_a_server_and_ran_notebook_02(lesson):
    assert lesson["failures"] == []
    names = [s["name"] for s in lesson["per_student"]]
    assert lesson["ready"] == STUDENTS and len(set(names)) == STUDENTS
    for s in lesson["per_student"]:
        assert s["errors"] == [], s["name"]
        assert "02_perceptron.ipynb" in s["notebook_s"]


def test_each_student_has_a_server_process_and_a_kernel_of_their_own(lesson):
    pids = [s["server_pid"] for s in lesson["per_student"]]
    assert None not in pids and len(set(pids)) == STUDENTS
    for s in lesson["per_student"]:
        # measured while the hub ran: one server process and one kernel per student
        assert s["server_rss"] > 0, s["name"]
        assert s["kernels"] == 1, s["name"]
        assert s["kernel_rss"] > 0, s["name"]


def test_slider_moves_get_a_new_frame(lesson):
    assert [s["moves"] for s in lesson["per_student"]] == [MOVES] * STUDENTS
    assert lesson["moves_with_frame"] == lesson["moves"]
    assert math.isfinite(lesson["move_frame_p95_s"])


def test_the_hub_left_nothing_running(lesson):
    assert lesson["killed"] == [], "the hub's stop left processes that had to be killed"
    assert lesson["leftover"] == []
