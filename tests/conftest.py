"""Shared test set-up: a headless matplotlib backend, closed figures, hypothesis profiles."""

import os

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

# In CI the examples are derandomised, so a red run can be reproduced exactly;
# on a developer's machine hypothesis explores new examples every run.
settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(scope="module")
def chromium() -> str:
    """Debian's chromium for the browser tests (skip, or fail under CI, where it is missing)."""
    from browser_support import chromium_or_skip

    return chromium_or_skip()


@pytest.fixture(scope="module")
def lab(tmp_path_factory, chromium):
    """A JupyterLab of the test module's own, serving copies of notebooks/; always stopped."""
    from pathlib import Path

    from browser_support import start_lab

    notebooks = sorted((Path(__file__).parents[1] / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    server = start_lab(tmp_path_factory.mktemp("lab"), notebooks)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def pytest_terminal_summary(terminalreporter):
    """After a run with browser tests: where the screenshots are, and the measured latency."""
    import sys

    module = sys.modules.get("test_browser") or sys.modules.get("tests.test_browser")
    if module is None or not module.LATENCIES:
        return
    terminalreporter.write_line(f"browser screenshots and latencies: {module.ARTIFACTS}")
    terminalreporter.write_line(module.latency_summary())
