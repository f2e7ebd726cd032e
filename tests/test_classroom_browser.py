"""What an instructor projects: each notebook as live slides and as a Voilà app.

Slides (jupyterlab-slideshow, presenting inside JupyterLab, so the widgets stay live): the
notebooks get their slide metadata from scripts/slide_metadata.py (applied here to copies). The
instructor's workflow: Run All, click the deck button, press Space through the deck. Checked in
a 1280 x 800 window (a projector): the set-up cell, the solutions and the speaker notes are
never on screen, every other cell is; each explorer is the only code on its slide and fits it
(nothing scrolls); on that slide every slider moves with the mouse and with the arrow keys, the
figure's pixels change each time, and an arrow key on a focused slider moves the slider, not
the deck. A lab closed while presenting reopens presenting (jupyterlab-slideshow saves that in
the user settings): scripts/lab_settings.py, which make lab runs, turns it off.

App mode (``voila notebooks/NN_....ipynb``): the page executes, shows no code and no error,
renders exactly the sliders the notebook displays, and every enabled slider changes its
figure's pixels.

Screenshots go to test-artifacts/slides/ (each explorer's slide before and after its sliders
moved) and test-artifacts/classroom/ (Voilà). Needs Debian's chromium
(`apt-get install -y chromium`): skipped with that message where it is missing, failed instead
under CI (CI=true).
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import time
from pathlib import Path

import pytest
from browser_support import (
    FALLBACK_TEXTS,
    PlaywrightTimeout,
    chromium_context,
    disabled,
    enable_with_dropdown,
    expected_slider_count,
    menu,
    open_notebook,
    start_lab,
    wait_for_explorers,
    wait_until_run,
)
from classroom_support import (
    deck_state,
    drag_slider,
    move_slider,
    next_slide,
    readout,
    start_voila,
    wait_for_deck,
)

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
ARTIFACTS = ROOT / "test-artifacts" / "classroom"
SLIDES = ROOT / "test-artifacts" / "slides"
PROJECTOR = (1280, 800)
SLIDE_BOXES: dict[str, dict] = {}  # each explorer's cell on its slide, for slides/fit.json


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def deck_lab(tmp_path_factory, chromium):
    """A JupyterLab serving copies of the notebooks with their slide metadata set."""
    work = tmp_path_factory.mktemp("deck")
    copies = []
    for nb in NOTEBOOKS:
        copy = work / "source" / nb.name
        copy.parent.mkdir(exist_ok=True)
        shutil.copy(nb, copy)
        _script("slide_metadata").process(copy)
        copies.append(copy)
    server = start_lab(work / "lab", copies)
    try:
        yield server
    finally:
        server.stop()


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
    SLIDES.mkdir(parents=True, exist_ok=True)
    profile = tmp_path_factory.mktemp("chromium-profile")
    with chromium_context(chromium, profile, viewport=PROJECTOR) as context:
        yield context
    if SLIDE_BOXES:
        (SLIDES / "fit.json").write_text(json.dumps(SLIDE_BOXES, indent=1))


def _new_page(browser):
    page = browser.new_page()
    page.console_errors = []
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    return page


def _deck_plan(notebook: Path) -> dict:
    """From the notebook's own metadata and stored outputs: the cells never to be presented,
    the code cells, and the explorers (code cells whose stored output displays sliders)."""
    nb = json.loads(notebook.read_text())
    hidden, code, explorers = set(), set(), []
    for i, cell in enumerate(nb["cells"]):
        kind = cell.get("metadata", {}).get("slideshow", {}).get("slide_type")
        if kind in ("skip", "notes"):
            hidden.add(i)
        if cell["cell_type"] == "code":
            code.add(i)
            single = {"cells": [cell], "metadata": nb["metadata"]}
            if _slider_count(single, notebook.parent):
                explorers.append(i)
    return {"cells": len(nb["cells"]), "hidden": hidden, "code": code, "explorers": explorers}


def _slider_count(nb: dict, folder: Path) -> int:
    single = folder / ".single-cell.json"
    single.write_text(json.dumps(nb))
    try:
        return expected_slider_count(single)
    finally:
        single.unlink()


# ------------------------------------------------------------------------------------------
# Slides (jupyterlab-slideshow)
# ------------------------------------------------------------------------------------------


def _run_all_and_start_deck(page, lab, name: str) -> dict:
    """The instructor's preparation: Run All, select the title, click the deck button."""
    open_notebook(page, lab, name)
    menu(page, "Edit", "Clear Outputs of All Cells")
    menu(page, "Run", "Run All Cells")
    wait_until_run(page)
    assert wait_for_explorers(page, expected_slider_count(lab.root / name)), "explorers not shown"
    page.locator(".jp-Notebook .jp-Cell").first.click()
    page.locator(".jp-NotebookPanel-toolbar [data-command='deck:toggle']").click()
    return wait_for_deck(page)


def _exercise_on_slide(page, cell, name: str) -> int:
    """Move every slider of the explorer in ``cell`` with the mouse, then with an arrow key;
    check that the key moved the slider and not the deck. Returns the sliders moved."""
    cell.locator(".widget-slider").first.wait_for(timeout=30_000)
    text = cell.inner_text()
    for fallback in FALLBACK_TEXTS:
        assert fallback not in text, f"{name}: widget shown as text ({fallback!r})"
    page.screenshot(path=str(SLIDES / f"{name}-before.png"))
    handles = cell.locator(".noUi-handle")
    moved = 0
    for j in range(handles.count()):
        handle = handles.nth(j)
        if disabled(handle) and not enable_with_dropdown(page, cell, handle):
            continue
        drag_slider(page, cell, handle)
        before, shown = deck_state(page), readout(cell, j)
        move_slider(page, cell, handle)
        after = deck_state(page)
        assert (after["active"], after["onscreen"]) == (before["active"], before["onscreen"]), (
            f"{name}: an arrow key on slider {j + 1} moved the deck"
        )
        assert page.evaluate("() => document.activeElement.classList.contains('noUi-handle')")
        page.wait_for_function(
            "([el, j, shown]) => el.querySelectorAll('.widget-slider')[j]"
            ".querySelector('.widget-readout').innerText !== shown",
            arg=[cell.element_handle(), j, shown],
            timeout=10_000,
        )
        moved += 1
    assert moved > 0, f"{name}: every slider is disabled"
    page.screenshot(path=str(SLIDES / f"{name}-after.png"))
    return moved


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[nb.stem for nb in NOTEBOOKS])
def test_deck_presents_each_explorer_live_on_its_own_slide(notebook, deck_lab, browser):
    plan = _deck_plan(deck_lab.root / notebook.name)
    assert plan["explorers"], f"{notebook.name} has no explorer"
    page = _new_page(browser)
    try:
        state = _run_all_and_start_deck(page, deck_lab, notebook.name)
        page.screenshot(path=str(SLIDES / f"{notebook.stem}-title.png"))
        shown, live = set(), []
        cells = page.locator(".jp-Deck .jp-Notebook .jp-Cell")
        for _ in range(plan["cells"] + 1):  # Space through the whole deck
            shown.update(state["onscreen"])
            for k, index in enumerate(plan["explorers"]):
                if index not in state["onscreen"] or index in live:
                    continue
                code = sorted(set(state["onscreen"]) & plan["code"])
                assert code == [index], f"explorer {k + 1} shares its slide with cells {code}"
                assert state["overflow"] <= 1, (
                    f"explorer {k + 1} does not fit {PROJECTOR}: {state['overflow']} px scroll"
                )
                name = f"{notebook.stem}-explorer{k + 1}"
                box = SLIDE_BOXES[name] = cells.nth(index).bounding_box()
                assert box["y"] >= 0 and box["y"] + box["height"] <= PROJECTOR[1] + 1, (name, box)
                assert box["x"] >= 0 and box["x"] + box["width"] <= PROJECTOR[0] + 1, (name, box)
                _exercise_on_slide(page, cells.nth(index), name)
                live.append(index)
            following = next_slide(page, state)
            if following is state:
                break
            state = following
        assert sorted(live) == plan["explorers"], "an explorer's slide was never reached"
        assert not shown & plan["hidden"], (
            f"skipped/notes cells presented: {shown & plan['hidden']}"
        )
        never = set(range(plan["cells"])) - plan["hidden"] - shown
        assert not never, f"cells never presented: {sorted(never)}"
        page.keyboard.press("Escape")
        page.wait_for_function("() => document.body.dataset.jpDeckMode !== 'presenting'")
    except Exception:
        page.screenshot(path=str(SLIDES / f"{notebook.stem}-FAILED.png"))
        raise
    finally:
        page.close()
        deck_lab.delete_all_sessions()
        # a test that failed while presenting must not leave the next one presenting
        _script("lab_settings").stop_presenting(deck_lab.root.parent / "settings")


def test_a_lab_closed_while_presenting_reopens_normally_after_lab_settings(deck_lab, browser):
    """jupyterlab-slideshow saves "presenting" in the user settings, so a lab closed while
    presenting reopens presenting; scripts/lab_settings.py (run by make lab) resets it."""
    name = NOTEBOOKS[0].name
    settings_dir = deck_lab.root.parent / "settings"
    lab_settings = _script("lab_settings")
    lab_settings.stop_presenting(settings_dir)

    page = _new_page(browser)
    try:
        open_notebook(page, deck_lab, name)
        page.locator(".jp-NotebookPanel-toolbar [data-command='deck:toggle']").click()
        page.wait_for_function(PRESENTING)
        # the deck saves "presenting" in the user settings (a request to the server): the
        # tab closes once the settings file says so
        _wait_for_saved_presenting(settings_dir / lab_settings.DECK_SETTINGS)
    finally:
        page.close()  # the tab closes while presenting

    # reopened: the deck starts presenting by itself (waited for, up to a ceiling)
    page = _new_page(browser)
    try:
        open_notebook(page, deck_lab, name)
        ready = time.monotonic()
        try:
            page.wait_for_function(PRESENTING, timeout=30_000)
        except PlaywrightTimeout:  # the assertion says it
            pass
        late = time.monotonic() - ready
        assert page.evaluate(PRESENTING), "upstream no longer saves the presenting state"
    finally:
        page.close()

    assert lab_settings.stop_presenting(settings_dir)
    page = _new_page(browser)
    try:
        open_notebook(page, deck_lab, name)
        # that nothing happens can only be seen by waiting: as long as the deck took above
        # to start after the notebook was ready, three times over, and at least NOTHING_MS
        page.wait_for_timeout(max(NOTHING_MS, 3000 * late))
        assert not page.evaluate(PRESENTING)
    finally:
        page.close()
    deck_lab.delete_all_sessions()


#: JavaScript: is jupyterlab-slideshow presenting?
PRESENTING = "() => document.body.dataset.jpDeckMode === 'presenting'"
#: The shortest wait for the deck NOT to start presenting in a reopened lab (see the test:
#: it waits longer when a reopened lab took longer to start presenting).
NOTHING_MS = 1000


def _wait_for_saved_presenting(path: Path, timeout_s: float = 30) -> None:
    """Poll jupyterlab-slideshow's user settings file until it says "active": true."""
    import json5

    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if path.exists() and (json5.loads(path.read_text() or "{}") or {}).get("active") is True:
            return
        time.sleep(0.1)
    raise AssertionError(f"the deck never saved its presenting state in {path}")


# ------------------------------------------------------------------------------------------
# App mode (Voilà)
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[nb.stem for nb in NOTEBOOKS])
def test_voila_app_shows_working_explorers_without_code(notebook, voila, browser):
    expected = expected_slider_count(notebook)
    page = _new_page(browser)
    try:
        # Voilà executes the notebook while showing a spinner, then renders the outputs
        voila.open(page, notebook, expected)
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
