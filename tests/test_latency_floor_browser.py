"""The latency floor of the widget stack: what no explorer can beat on this machine.

Two minimal notebooks run in the same JupyterLab and chromium as tests/test_browser.py:

* ``floor_widgets``: an IntSlider whose observer sets an HTML readout; nothing else. Key press
  -> the readout's new text in the page is one round trip of the ipywidgets comm (browser ->
  kernel -> browser) plus a DOM update: the floor of every slider.
* ``floor_ipympl_small`` / ``floor_ipympl_explorer``: the same slider also moves one dot on an
  ipympl figure (``draw_idle``, a full render of a nearly empty figure), at 4 x 3 inches and
  at the size of the explorers' figures. Key press -> changed canvas pixels is the floor of any
  ipympl figure of that size: the slider round trip, ipympl's frame request, a render, the
  PNG, its decoding and painting.

Each test checks that the readout and the pixels do change (the stack works), and writes the
times to test-artifacts/browser/latency_floor.json, which `make bench` reports beside the
explorers' latencies (nothing is timed as pass/fail here).
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest
from browser_support import (
    chromium_context,
    menu,
    open_notebook,
    wait_for_explorers,
    wait_until_run,
)
from test_browser import _press_and_time

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts" / "browser"
PRESSES = 24
#: The pause between two presses, once the previous one has shown: part of what is measured
#: (a student stepping through a slider, not a burst of keys), not a wait for anything.
STEP_PAUSE_MS = 150
FLOOR: dict[str, list[float]] = {}

SLIDER = """\
import ipywidgets as widgets
slider = widgets.IntSlider(value=0, min=0, max=100, description="x")
readout = widgets.HTML("x = 0")
"""
WIDGETS_ONLY = (
    SLIDER
    + """\
slider.observe(lambda change: setattr(readout, "value", f"x = {change['new']}"), "value")
widgets.VBox([slider, readout])
"""
)
IPYMPL = """\
%matplotlib widget
import matplotlib.pyplot as plt
{slider}
plt.ioff()
fig, ax = plt.subplots(figsize={size}, dpi={dpi})
(dot,) = ax.plot([0], [0.5], "o", markersize=12)
ax.set(xlim=(-1, 101), ylim=(0, 1), xlabel="x", title="one moving dot")
fig.canvas.header_visible = False


def move(change):
    dot.set_xdata([change["new"]])
    readout.value = f"x = {{change['new']}}"
    fig.canvas.draw_idle()


slider.observe(move, "value")
widgets.VBox([slider, readout, fig.canvas])
"""
# the explorers' live figures are at most 940 pixels wide (Explorer.MAX_WIDTH_PX), e.g. the
# likelihood explorer's 11 x 4.6 inches at 940 / 11 dpi
CASES = {
    "floor_widgets": WIDGETS_ONLY,
    "floor_ipympl_small": IPYMPL.format(slider=SLIDER, size=(4, 3), dpi=100),
    "floor_ipympl_explorer": IPYMPL.format(slider=SLIDER, size=(11, 4.6), dpi=round(940 / 11, 3)),
}


@pytest.fixture(scope="module")
def browser(lab, chromium, tmp_path_factory):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with chromium_context(chromium, tmp_path_factory.mktemp("chromium-floor")) as context:
        yield context
    if FLOOR:
        summary = {
            name: {"presses": len(ms), "median_ms": statistics.median(ms), "ms": ms}
            for name, ms in FLOOR.items()
        }
        (ARTIFACTS / "latency_floor.json").write_text(json.dumps(summary, indent=1))


def _time_readout(page, output) -> float:
    """ms from a key press on the slider to the readout's new text in the page."""
    output.evaluate(
        """(el) => {
            const readout = el.querySelector('.widget-html-content');
            window.__floor = {t0: null, t1: null, text: readout.innerText};
            new MutationObserver((records, observer) => {
                if (readout.innerText !== window.__floor.text && window.__floor.t0 !== null) {
                    window.__floor.t1 = performance.now();
                    observer.disconnect();
                }
            }).observe(readout, {childList: true, subtree: true, characterData: true});
            document.addEventListener('keydown', () => {
                if (window.__floor.t0 === null) window.__floor.t0 = performance.now();
            }, {capture: true, once: true});
        }"""
    )
    output.locator(".noUi-handle").first.focus()
    output.page.keyboard.press("ArrowRight")
    output.page.wait_for_function("window.__floor.t1 !== null", timeout=30_000)
    return round(output.page.evaluate("window.__floor.t1 - window.__floor.t0"), 1)


@pytest.mark.parametrize("name", list(CASES))
def test_latency_floor(name, lab, browser):
    import nbformat  # the JupyterLab stack: not in the oldest-versions environment

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(CASES[name])]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, lab.root / f"{name}.ipynb")
    page = browser.new_page()
    try:
        open_notebook(page, lab, f"{name}.ipynb")
        menu(page, "Run", "Run All Cells")
        wait_until_run(page)
        # the slider, the readout and (for the ipympl cases) the figure's first frame
        assert wait_for_explorers(page, 1), "the slider or the figure is not shown"
        output = page.locator(".jp-OutputArea-output:has(.widget-slider)").first
        output.locator(".widget-html-content").first.wait_for(timeout=30_000)
        ms = []
        for _ in range(PRESSES):
            if name == "floor_widgets":
                ms.append(_time_readout(page, output))
            else:
                handle = output.locator(".noUi-handle").first
                ms.append(_press_and_time(page, output, handle, "ArrowRight")[0])
            page.wait_for_timeout(STEP_PAUSE_MS)
        assert output.locator(".widget-html-content").first.inner_text() == f"x = {PRESSES}"
        FLOOR[name] = ms
    finally:
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
        page.close()
        lab.delete_all_sessions()
