"""Explorers without ipympl, in JupyterLab in chromium: notebook 01 run with the fallback forced.

The server (so its kernels) runs with ``LINSEP_NO_IPYMPL=1``: every explorer of notebook 01
shows its frames as PNG pictures, as in JupyterLite where ipympl cannot run.  The notebook
runs without an error; the mouse drags a slider of the first explorer and the picture
changes; the drag explorer shows the sentence that dragging needs JupyterLab with ipympl.
Screenshots: test-artifacts/browser/fallback-<Explorer>.png.  Needs Debian's chromium
(skipped where it is missing, failed under CI).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import chromium_context, menu, open_notebook, start_lab, wait_until_run

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "01_linear_separability.ipynb"
ARTIFACTS = ROOT / "test-artifacts" / "browser"
IMAGE_SRC = "el => (el.querySelector('img.widget-image') || {}).src || ''"


@pytest.fixture(scope="module")
def fallback_lab(tmp_path_factory, chromium):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("LINSEP_NO_IPYMPL", "1")  # the kernels inherit the server's environment
        server = start_lab(tmp_path_factory.mktemp("lab-fallback"), [NOTEBOOK])
    try:
        yield server
    finally:
        server.stop()


def test_notebook_01_runs_with_pictures_and_the_mouse_moves_a_slider(fallback_lab, chromium):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with chromium_context(chromium, Path(fallback_lab.root.parent) / "chromium") as context:
        page = context.new_page()
        try:
            open_notebook(page, fallback_lab, NOTEBOOK.name)
            menu(page, "Run", "Run All Cells")
            wait_until_run(page)
            page.wait_for_selector(".jp-OutputArea-output img.widget-image", timeout=60_000)
            errors = page.locator(
                '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
            )
            assert errors.count() == 0, errors.first.inner_text()
            # every explorer shows a picture, none a live canvas (plain figures still have one)
            explorers = page.locator(".jp-OutputArea-output:has(.widget-slider)")
            pictures = page.locator(".jp-OutputArea-output:has(.widget-slider) img.widget-image")
            assert explorers.count() == pictures.count() == 2  # Margin and Scaling explorers
            live = ".jp-OutputArea-output:has(.widget-slider) .jupyter-matplotlib-canvas-div"
            assert page.locator(live).count() == 0
            explorer = explorers.first
            assert "margin" in explorer.inner_text()  # MarginExplorer, the first one
            before = explorer.evaluate(IMAGE_SRC)
            assert before.startswith("blob:")
            handle = explorer.locator(".noUi-handle").first
            handle.scroll_into_view_if_needed()
            value = handle.get_attribute("aria-valuenow")
            box = handle.bounding_box()
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            page.mouse.move(x, y)
            page.mouse.down()
            for dx in range(10, 90, 10):
                page.mouse.move(x + dx, y)
            page.mouse.up()
            page.wait_for_function(
                f"() => (document.querySelector('.jp-OutputArea-output:has(.widget-slider) "
                f"img.widget-image') || {{}}).src !== {before!r}",
                timeout=60_000,
            )
            assert handle.get_attribute("aria-valuenow") != value
            wait_until_run(page)  # the kernel has answered every move of the drag
            page.wait_for_function(
                "() => [...document.querySelectorAll('img.widget-image')]"
                ".every(img => img.complete)"
            )
            explorer.screenshot(path=str(ARTIFACTS / "fallback-MarginExplorer.png"))

            drag = page.locator(".jp-OutputArea-output:has(.widget-image)").filter(
                has_text="needs JupyterLab with ipympl"
            )
            assert drag.count() >= 1  # DragSeparabilityExplorer (its solution shows another)
            drag.first.scroll_into_view_if_needed()
            assert "Reset" in drag.first.inner_text()
            drag.first.screenshot(path=str(ARTIFACTS / "fallback-DragSeparabilityExplorer.png"))
        except Exception:
            page.screenshot(path=str(ARTIFACTS / "fallback-FAILED.png"))
            raise
        finally:
            page.close()
            fallback_lab.delete_all_sessions()
