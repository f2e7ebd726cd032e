"""Shared fixture of the explorer tests: matplotlib on ipympl's backend, as `%matplotlib widget`."""

import matplotlib
import matplotlib.pyplot as plt
import pytest

from linsep_helpers.explorers import _ipympl

IPYMPL = "module://ipympl.backend_nbagg"


@pytest.fixture
def ipympl_backend(monkeypatch):
    """ipympl's backend for one test (a LINSEP_NO_IPYMPL set by the caller is ignored)."""
    monkeypatch.delenv(_ipympl.NO_IPYMPL, raising=False)
    previous = matplotlib.get_backend()
    plt.switch_backend(IPYMPL)
    try:
        yield
    finally:
        plt.close("all")
        plt.switch_backend(previous)
