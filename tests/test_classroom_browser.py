"""What an instructor projects: each notebook as a RISE slideshow and as a Voilà app.

Slides (jupyterlab-rise, ``/rise/NAME.ipynb``): the reveal.js deck has one horizontal slide per
"slide" cell, one vertical slide per "slide"/"subslide" cell and one fragment per "fragment"
cell (counted from the notebook's own metadata); the "skip" cells (set-up, solutions) are
hidden; each explorer sits alone on its slide, where its slider must render as a widget and
moving it must change the figure's pixels. The live part follows the instructor's workflow:
Run All in JupyterLab, save, open the slideshow (same kernel session).

App mode (``voila notebooks/NN_....ipynb``): the page executes, shows no code and no error,
renders exactly the sliders the notebook displays, and every enabled slider changes its
figure's pixels.

Screenshots go to test-artifacts/classroom/. Needs Debian's chromium
(`apt-get install -y chromium`): skipped with that message where it is missing, failed instead
under CI (CI=true).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_support import (
    FALLBACK_TEXTS,
    RUN_TIMEOUT_MS,
    chromium_context,
    disabled,
    enable_with_dropdown,
    expected_slider_count,
    menu,
    open_notebook,
    wait_until_run,
)
from classroom_support import (
    RISE_WIDGET_MANAGER_MISSING,
    move_slider,
    slide_plan,
    start_voila,
)

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
ARTIFACTS = ROOT / "test-artifacts" / "classroom"


@pytest.fixture(scope="module")
def voila(tmp_path_factory, chromium):
    server = start_voila(tmp_path_factory.mktemp("voila"), NOTEBOOKS)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser(chromium, tmp_path_factory):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with chromium_context(chromium, tmp_path_factory.mktemp("chromium-profile")) as context:
        yield context


def _new_page(browser):
    page = browser.new_page()
    page.console_errors = []
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    return page


def _explorer_sources(notebook: Path, tmp_path: Path) -> list[str]:
    """First source line of each cell whose output shows sliders (an explorer)."""
    nb = json.loads(notebook.read_text())
    single = tmp_path / "single.ipynb"
    lines = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        single.write_text(json.dumps({"cells": [cell], "metadata": nb["metadata"]}))
        if expected_slider_count(single):
            lines.append("".join(cell["source"]).splitlines()[0])
    return lines


# ------------------------------------------------------------------------------------------
# Slides
# ------------------------------------------------------------------------------------------


def _run_all_in_lab_and_save(page, lab, notebook: Path) -> None:
    """The instructor's preparation: open the notebook in JupyterLab, Run All, save."""
    open_notebook(page, lab, notebook.name)
    menu(page, "Edit", "Clear Outputs of All Cells")
    menu(page, "Run", "Run All Cells")
    wait_until_run(page)
    menu(page, "File", "Save Notebook")
    page.wait_for_timeout(1000)


def _open_slideshow(page, lab, notebook: Path) -> None:
    page.goto(lab.url(f"rise/{notebook.name}"))
    page.wait_for_selector(".reveal .slides > section", timeout=90_000)
    page.wait_for_function(  # every cell is placed in a section before reveal.js starts
        "() => document.querySelectorAll('.reveal .slides > section').length > 1",
        timeout=60_000,
    )
    page.wait_for_timeout(2000)


def _go_to_slide_of(page, first_line: str) -> str:
    """Navigate reveal.js to the section holding the code cell that starts with first_line."""
    section = page.evaluate(
        """(line) => {
            const cell = [...document.querySelectorAll('.reveal .jp-CodeCell')]
                .find(c => (c.querySelector('.jp-InputArea') || c).textContent.includes(line));
            return cell && cell.closest('section') ? cell.closest('section').id : null;
        }""",
        first_line,
    )
    assert section, f"no slide holds the cell {first_line!r}"
    page.evaluate("(id) => { location.hash = '#/' + id; }", section)
    page.wait_for_function(
        "(id) => { const s = document.querySelector('section.present:not(.stack)');"
        " return s && s.id === id; }",
        arg=section,
        timeout=10_000,
    )
    page.wait_for_timeout(800)
    return section


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[nb.stem for nb in NOTEBOOKS])
def test_slideshow_renders_and_explorer_is_live_on_its_slide(notebook, lab, browser, tmp_path):
    plan = slide_plan(notebook)
    assert plan["untyped"] == 0, "every cell should carry slideshow metadata"
    explorers = _explorer_sources(notebook, tmp_path)
    assert explorers, f"{notebook.name} has no explorer"
    page = _new_page(browser)
    try:
        # the deck itself (from the saved notebook; no kernel needed)
        _open_slideshow(page, lab, notebook)
        deck = page.evaluate(
            """() => {
                const top = [...document.querySelectorAll('.reveal .slides > section')];
                const cells = [...document.querySelectorAll('.reveal .jp-Cell')];
                return {
                    horizontal: top.length,
                    vertical: top.map(s => Math.max(1, s.querySelectorAll(':scope > section')
                        .length)).reduce((a, b) => a + b, 0),
                    fragments: document.querySelectorAll('.reveal .slides .fragment').length,
                    shown: cells.filter(c => getComputedStyle(c).display !== 'none')
                        .map(c => c.textContent),
                };
            }"""
        )
        assert deck["horizontal"] == plan["slides"]
        assert deck["vertical"] == plan["slides"] + plan["subslides"]
        assert deck["fragments"] == plan["fragments"]
        for line in plan["skipped"]:
            assert not any(line in text for text in deck["shown"]), f"{line!r} is presented"
        page.screenshot(path=str(ARTIFACTS / f"{notebook.stem}-slide-title.png"))
        for k, line in enumerate(explorers):
            _go_to_slide_of(page, line)
            alone = page.evaluate(
                "() => document.querySelectorAll('section.present:not(.stack) .jp-CodeCell').length"
            )
            assert alone == 1, f"the explorer {line!r} shares its slide with other code"
            page.screenshot(path=str(ARTIFACTS / f"{notebook.stem}-slide-explorer{k + 1}.png"))

        # the live part: is a widget manager running in the slideshow app at all?
        if any(RISE_WIDGET_MANAGER_MISSING in e for e in page.console_errors):
            pytest.xfail(
                "jupyterlab-rise 0.43.1 cannot load the widget manager of ipywidgets 8 "
                "(jupyterlab-contrib/rise#119): the slideshow shows no slider at all"
            )
        _run_all_in_lab_and_save(page, lab, notebook)
        _open_slideshow(page, lab, notebook)
        _go_to_slide_of(page, explorers[0])
        slide = page.locator("section.present:not(.stack)")
        slide.locator(".widget-slider").first.wait_for(timeout=30_000)
        text = slide.inner_text()
        for fallback in FALLBACK_TEXTS:
            assert fallback not in text, f"widget shown as text ({fallback!r})"
        handle = next(h for h in slide.locator(".noUi-handle").all() if not disabled(h))
        move_slider(page, slide, handle)
        page.screenshot(path=str(ARTIFACTS / f"{notebook.stem}-slide-explorer1-moved.png"))
    except Exception:
        page.screenshot(path=str(ARTIFACTS / f"{notebook.stem}-slide-FAILED.png"))
        raise
    finally:
        page.close()
        lab.delete_all_sessions()


# ------------------------------------------------------------------------------------------
# App mode (Voilà)
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[nb.stem for nb in NOTEBOOKS])
def test_voila_app_shows_working_explorers_without_code(notebook, voila, browser):
    expected = expected_slider_count(notebook)
    page = _new_page(browser)
    try:
        page.goto(voila.url(notebook.name), timeout=RUN_TIMEOUT_MS)
        # Voilà executes the notebook while showing a spinner, then renders the outputs
        page.wait_for_function(
            """(n) => !document.querySelector('#loading')
                && document.querySelectorAll('.jp-OutputArea-output .widget-slider').length >= n
                && document.querySelectorAll('.jupyter-matplotlib-canvas-div canvas').length""",
            arg=expected,
            timeout=RUN_TIMEOUT_MS,
            polling=500,
        )
        page.wait_for_timeout(1000)
        page.screenshot(path=str(ARTIFACTS / f"{notebook.stem}-voila.png"))

        errors = page.locator(
            '[data-mime-type="application/vnd.jupyter.stderr"], .jp-RenderedText[data-mime-type'
            '="application/vnd.jupyter.error"]'
        )
        assert errors.count() == 0, f"error output: {errors.first.inner_text()}"
        text = page.locator("body").inner_text()
        assert "Traceback" not in text, "a traceback is shown"
        assert "import linsep_helpers as lh" not in text, "code is shown"
        assert "%matplotlib widget" not in text, "code is shown"
        for fallback in FALLBACK_TEXTS:
            assert fallback not in text, f"widget shown as text ({fallback!r})"
        rendered = page.locator(".jp-OutputArea-output .widget-slider").count()
        assert rendered == expected, f"{rendered} sliders rendered, the notebook has {expected}"

        containers = page.locator(".jp-OutputArea-output:has(.widget-slider)")
        for k in range(containers.count()):
            box = containers.nth(k)
            assert box.locator(".jupyter-matplotlib-canvas-div canvas").count() >= 1
            handles = box.locator(".noUi-handle")
            moved = 0
            for j in range(handles.count()):
                handle = handles.nth(j)
                if disabled(handle) and not enable_with_dropdown(page, box, handle):
                    continue
                move_slider(page, box, handle)
                moved += 1
            assert moved > 0, f"explorer {k + 1}: every slider is disabled"
            box.screenshot(path=str(ARTIFACTS / f"{notebook.stem}-voila-explorer{k + 1}.png"))
    except Exception:
        page.screenshot(path=str(ARTIFACTS / f"{notebook.stem}-voila-FAILED.png"))
        raise
    finally:
        page.close()
