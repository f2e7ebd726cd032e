"""The drag explorers (issue 18) with a real mouse: JupyterLab, Voilà and a slide, in chromium.

For each of the four drag explorers, found by its class in a code cell of notebooks 01-04
(a notebook without it fails the test): run the notebook in JupyterLab, then with playwright's
mouse on the ipympl canvas

- drag a point to a place where the verdict changes (the LP verdict flips, the perceptron's
  update count changes, the likelihood's maximum appears, Gordan's certificate appears): the
  canvas pixels, the readout and the kernel's state change as they should;
- click on empty space (a point is added), right-click it (removed), delete a point in the
  "delete" mode, press Reset (the seeded data are back, the readout as at the start);
- drag a point continuously for about 1.5 s (many small mouse moves) and count the canvas
  paints: frames per second go to test-artifacts/browser/drag_fps.json (reported by
  `make bench`; never asserted), with screenshots drag-<explorer>-before.png / -after.png.

Then the same explorers in Voilà's app mode and on their slide (jupyterlab-slideshow,
presenting): one drag and its verdict change each (the kernel read through its connection
file, Voilà's newest one).

The point positions on screen come from the kernel (``ax.transData`` of the explorer, read
through a second kernel client); what the test asserts is read back from the kernel and the
page. Needs Debian's chromium: skipped where it is missing, failed under CI.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest
from browser_support import (
    PlaywrightTimeout,
    chromium_context,
    expected_slider_count,
    menu,
    open_notebook,
    start_lab,
    wait_for_explorers,
    wait_until_run,
)
from classroom_support import next_slide, start_voila, wait_for_deck

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("0[1-4]_*.ipynb"))
ARTIFACTS = ROOT / "test-artifacts" / "browser"
EXPLORERS = [
    "DragSeparabilityExplorer",
    "DragPerceptronExplorer",
    "DragLikelihoodExplorer",
    "DragCertificateExplorer",
]
#: The drag that changes the verdict: point i to xy (data coordinates), and what the kernel's
#: state says before -> after (a summary printed by SUMMARY below). The targets are far enough
#: from the verdict's boundary that a few pixels of rounding do not matter (for the
#: certificate, every point within 0.06 of the target gives non-separable data).
FLIPS = {
    "DragSeparabilityExplorer": (0, (-0.45, -0.43), "separable=True", "separable=False"),
    "DragPerceptronExplorer": (7, (-0.2, -0.95), "updates=17", None),  # None: any other count
    "DragLikelihoodExplorer": (1, (0.08, -0.18), "kind=separable", "kind=overlapping"),
    "DragCertificateExplorer": (0, (-0.8, -0.7), "separable=True", "separable=False"),
}
FPS: list[dict] = []

#: Kernel code: the displayed explorer of a class (the one with a live canvas), as JSON: its
#: figure size in pixels, its points in figure pixels (origin bottom left), the emptiest spot
#: of the axes, whether the data are the seeded ones, and a one-word summary of its state.
SUMMARY = """
import gc, json
import numpy as np
_ex = [o for o in gc.get_objects() if type(o).__name__ == {cls!r} and o.blitter is not None]
assert len(_ex) == 1, len(_ex)
_ex = _ex[0]
_s = _ex.state
_key = "updates" if hasattr(_s, "updates") else "kind" if hasattr(_s, "kind") else "separable"
_g = np.array([(a, b) for a in np.linspace(-1.1, 1.1, 23) for b in np.linspace(-1.1, 1.1, 23)])
_far = _g[np.argmax(np.min(np.linalg.norm(_g[:, None] - _ex.X[None], axis=2), axis=1))]
print(json.dumps({{
    "fig": [float(_ex.fig.bbox.width), float(_ex.fig.bbox.height)],
    "pix": _ex.ax.transData.transform(_ex.X).tolist(),
    "empty": _ex.ax.transData.transform(_far).tolist(),
    "target": _ex.ax.transData.transform(np.array({xy!r})).tolist(),
    "n": int(len(_ex.y)),
    "seeded": bool(_ex.X.shape == _ex._X0.shape and np.array_equal(_ex.X, _ex._X0)),
    "summary": f"{{_key}}={{getattr(_s, _key)}}",
    "message": _ex.message,
    "mode": _ex.values.get("mode"),
}}))
"""

#: JavaScript: count the paints (drawImage calls) of one canvas, with their times.
COUNT_PAINTS = """(el) => {
    const canvas = el.querySelector('.jupyter-matplotlib-canvas-div canvas');
    if (!window.__dragHook) {
        const draw = CanvasRenderingContext2D.prototype.drawImage;
        CanvasRenderingContext2D.prototype.drawImage = function (...args) {
            const out = draw.apply(this, args);
            if (window.__paints && this.canvas === window.__paints.canvas)
                window.__paints.times.push(performance.now());
            return out;
        };
        window.__dragHook = true;
    }
    window.__paints = {canvas: canvas, times: []};
}"""
PIXELS = """(el) => {
    const c = el.querySelector('.jupyter-matplotlib-canvas-div canvas');
    const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let a = 1, b = 0;
    for (let i = 0; i < px.length; i++) { a = (a + px[i]) % 65521; b = (b + a) % 65521; }
    return ((b << 16) | a) >>> 0;
}"""


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _notebook_with(cls: str, notebooks: list[Path] = NOTEBOOKS) -> Path:
    """The notebook whose (non-solution) code cell builds ``cls``; fails when there is none."""
    found = []
    for nb in notebooks:
        for cell in json.loads(nb.read_text())["cells"]:
            source = "".join(cell["source"])
            tags = cell.get("metadata", {}).get("tags", [])
            if cell["cell_type"] == "code" and f"{cls}(" in source and "solution" not in tags:
                found.append(nb)
    assert len(found) == 1, f"{cls} should be displayed by one cell of notebooks 01-04: {found}"
    return found[0]


@pytest.fixture(scope="module")
def browser(lab, chromium, tmp_path_factory):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with chromium_context(chromium, tmp_path_factory.mktemp("chromium-profile")) as context:
        yield context
    if FPS:
        (ARTIFACTS / "drag_fps.json").write_text(json.dumps(FPS, indent=1))


#: Kernel code: record where the canvas sees the mouse (figure pixels), to calibrate.
WATCH_MOUSE = """
import gc
_ex = [o for o in gc.get_objects() if type(o).__name__ == {cls!r} and o.blitter is not None][0]
_seen_by_test = []
_cid_of_test = _ex.fig.canvas.mpl_connect(
    "motion_notify_event", lambda e: _seen_by_test.append((float(e.x), float(e.y)))
)
"""


class Canvas:
    """Mouse positions on one explorer's canvas: figure pixels (origin bottom left) -> page
    coordinates. The map is measured: the mouse goes to two places over the canvas and the
    kernel says where matplotlib saw it (a slide's CSS zoom and the deck's layout make the
    canvas's bounding box unreliable there)."""

    def __init__(self, page, output, info: dict, kernel: tuple):
        server, notebook, cls = kernel
        self.info = info
        canvas = output.locator(".jupyter-matplotlib-canvas-div canvas").first
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        _run(server, notebook, WATCH_MOUSE.format(cls=cls))
        page_pts, fig_pts = [], []
        for f in (0.3, 0.7):
            p = (box["x"] + f * box["width"], box["y"] + f * box["height"])
            page.mouse.move(*p)
            fig_pts.append(_seen(server, notebook, len(fig_pts) + 1))
            page_pts.append(p)
        _run(server, notebook, "_ex.fig.canvas.mpl_disconnect(_cid_of_test)")
        (px1, py1), (px2, py2) = page_pts
        (fx1, fy1), (fx2, fy2) = fig_pts
        assert fx1 != fx2 and fy1 != fy2, f"the canvas did not see the mouse move: {fig_pts}"
        self.ax_, self.bx = (px2 - px1) / (fx2 - fx1), px1 - fx1 * (px2 - px1) / (fx2 - fx1)
        self.ay, self.by = (py2 - py1) / (fy2 - fy1), py1 - fy1 * (py2 - py1) / (fy2 - fy1)

    def at(self, pix) -> tuple[float, float]:
        """Figure pixels (origin bottom left) -> page coordinates."""
        x, y = pix
        return (self.bx + self.ax_ * x, self.by + self.ay * y)


def _seen(server, notebook, count: int, timeout_s: float = 20) -> tuple[float, float]:
    """The kernel's last recorded mouse position, once it has at least ``count`` (the newest
    after the mouse has rested)."""
    import time

    end = time.monotonic() + timeout_s
    last = None
    while time.monotonic() < end:
        out = _run(server, notebook, "print(len(_seen_by_test), *(_seen_by_test[-1:] or [()]))")
        n, *rest = out.split(maxsplit=1)
        if int(n) >= count:
            now = rest[0]
            if now == last:
                x, y = json.loads(now.replace("(", "[").replace(")", "]"))
                return float(x), float(y)
            last = now
        time.sleep(0.3)
    raise AssertionError("the kernel never saw the mouse over the canvas")


_CLIENTS: dict = {}


def _client(server, notebook: Path):
    """One kernel client per open notebook, kept for the whole test: starting and stopping a
    client for each of the many polls raced with its channel threads (a thread exception)."""
    from jupyter_client import BlockingKernelClient

    if hasattr(server, "api"):  # JupyterLab: the notebook's session
        (session,) = [s for s in server.api("sessions") if s["path"].endswith(notebook.name)]
        path = server.root.parent / "runtime" / f"kernel-{session['kernel']['id']}.json"
    else:  # Voila: the kernel of the page just opened, the newest one
        path = max(server.kernels.glob("voila_*/kernel-*.json"), key=lambda f: f.stat().st_mtime)
    key = path.name
    if key not in _CLIENTS:
        client = BlockingKernelClient(connection_file=str(path))
        client.load_connection_file()
        client.start_channels(hb=False)
        _CLIENTS[key] = client
    return _CLIENTS[key]


def _close_clients() -> None:
    while _CLIENTS:
        _CLIENTS.popitem()[1].stop_channels()


def _run(server, notebook: Path, code: str) -> str:
    """Run ``code`` in the kernel of the explorer's page; what it printed."""
    printed: list[str] = []
    reply = _client(server, notebook).execute_interactive(
        code,
        timeout=60,
        output_hook=lambda msg: printed.append(msg["content"].get("text", "")),
    )
    assert reply["content"]["status"] == "ok", reply["content"]
    return "".join(printed).strip()


def _info(server, notebook: Path, cls: str, xy=(0.0, 0.0)) -> dict:
    out = _run(server, notebook, SUMMARY.format(cls=cls, xy=tuple(xy)))
    return json.loads(out.splitlines()[-1])


def _wait_for(server, notebook, cls, condition, what: str, xy=(0.0, 0.0), timeout_s=30):
    """Poll the kernel until ``condition(info)``; return that info."""
    import time

    end = time.monotonic() + timeout_s
    while True:
        info = _info(server, notebook, cls, xy)
        if condition(info):
            return info
        if time.monotonic() > end:
            raise AssertionError(f"{cls}: {what} never happened; the kernel says {info}")
        time.sleep(0.3)


#: Kernel code: Adler-32 of the pixels the explorer's canvas last sent (as PIXELS computes it
#: over the canvas in the page).
LAST_FRAME = """
import zlib
print(zlib.adler32(_ex.fig.canvas._last_buff.tobytes()))
"""


def _wait_for_last_frame(server, notebook, output, timeout_s: float = 60) -> None:
    """Poll until the page's canvas shows the last frame the kernel sent."""
    import time

    end = time.monotonic() + timeout_s
    while True:
        sent = int(_run(server, notebook, LAST_FRAME))
        if output.evaluate(PIXELS) == sent:
            return
        if time.monotonic() > end:
            raise AssertionError("the canvas never showed the kernel's last frame")
        time.sleep(0.2)


def _readout(output) -> str:
    return output.locator(".widget-html-content").last.inner_text()


def _drag(page, canvas: Canvas, start, end, steps: int = 12) -> None:
    page.mouse.move(*canvas.at(start))
    page.mouse.down()
    page.mouse.move(*canvas.at(end), steps=steps)
    page.mouse.up()


def _drag_and_flip(page, server, notebook, cls, output) -> None:
    """Drag FLIPS[cls]'s point with the mouse; check the pixels, readout and state change."""
    i, xy, before, after = FLIPS[cls]
    info = _info(server, notebook, cls, xy)
    assert info["seeded"] and info["summary"] == before, info
    canvas = Canvas(page, output, info, (server, notebook, cls))
    shown, pixels = _readout(output), output.evaluate(PIXELS)
    _drag(page, canvas, info["pix"][i], info["target"])
    moved = _wait_for(
        server,
        notebook,
        cls,
        lambda s: s["summary"] != before and not s["seeded"],
        "the drag's verdict change",
        xy,
    )
    if after is not None:
        assert moved["summary"] == after, moved
    assert moved["n"] == info["n"]
    page.wait_for_function(
        "([el, shown]) => el.querySelector('.widget-html-content') && "
        "[...el.querySelectorAll('.widget-html-content')].pop().innerText !== shown",
        arg=[output.element_handle(), shown],
        timeout=20_000,
    )
    try:  # the new frame follows the readout
        page.wait_for_function(
            f"([el, before]) => ({PIXELS})(el) !== before",
            arg=[output.element_handle(), pixels],
            timeout=20_000,
            polling=100,
        )
    except PlaywrightTimeout:  # the assertion says it
        pass
    assert output.evaluate(PIXELS) != pixels, f"{cls}: the canvas did not change"


def _output_of(page, cls: str):
    cell = page.locator(".jp-CodeCell:has(.jupyter-matplotlib-canvas-div)").filter(
        has_text=f"{cls}("
    )
    assert cell.count() == 1, f"{cls}: {cell.count()} cells with a live figure show it"
    return cell.locator(".jp-OutputArea-output:has(.jupyter-matplotlib-canvas-div)").first


@pytest.mark.parametrize("cls", EXPLORERS)
def test_drag_explorer_with_the_mouse_in_jupyterlab(cls, lab, browser):
    notebook = _notebook_with(cls)
    page = browser.new_page()
    try:
        open_notebook(page, lab, notebook.name)
        menu(page, "Run", "Run All Cells")
        wait_until_run(page)
        assert wait_for_explorers(page, expected_slider_count(notebook)), "explorers not shown"
        output = _output_of(page, cls)
        output.scroll_into_view_if_needed()
        seeded = _info(lab, notebook, cls)
        first_readout = _readout(output)
        output.screenshot(path=str(ARTIFACTS / f"drag-{cls}-before.png"))

        # 1. a drag that changes the verdict
        _drag_and_flip(page, lab, notebook, cls, output)
        output.screenshot(path=str(ARTIFACTS / f"drag-{cls}-after.png"))

        # 2. click on empty space: a point is added; right-click it: removed
        info = _info(lab, notebook, cls)
        canvas = Canvas(page, output, info, (lab, notebook, cls))
        n = info["n"]
        page.mouse.click(*canvas.at(info["empty"]))
        added = _wait_for(lab, notebook, cls, lambda s: s["n"] == n + 1, "adding a point")
        _wait_readout(page, output, f"n = {n + 1}:")
        page.mouse.click(*canvas.at(added["pix"][-1]), button="right")
        page.keyboard.press("Escape")  # a context menu, if the browser opened one
        _wait_for(lab, notebook, cls, lambda s: s["n"] == n, "removing it with a right click")

        # 3. the delete mode: a click removes the point under it
        output.locator("button", has_text="delete").first.click()
        info = _wait_for(lab, notebook, cls, lambda s: s["mode"] == "delete", "the delete mode")
        page.mouse.click(*canvas.at(info["pix"][2]))
        _wait_for(lab, notebook, cls, lambda s: s["n"] == n - 1, "deleting in delete mode")
        output.locator("button", has_text="drag / add").first.click()
        _wait_for(lab, notebook, cls, lambda s: s["mode"] == "drag / add", "the drag mode")

        # 4. Reset: the seeded data and the first readout are back
        output.locator("button", has_text="Reset").first.click()
        back = _wait_for(lab, notebook, cls, lambda s: s["seeded"], "Reset")
        assert back["summary"] == seeded["summary"]
        _wait_readout(page, output, first_readout, exact=True)

        # 5. frames per second during a continuous drag (measured, never asserted)
        FPS.append(_measure_fps(page, lab, notebook, cls, output))
        output.locator("button", has_text="Reset").first.click()
        _wait_for(lab, notebook, cls, lambda s: s["seeded"], "Reset after the fps drag")
        assert not page.locator(
            '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
        ).count(), "a traceback or warning appeared in an output area"
    except Exception:
        page.screenshot(path=str(ARTIFACTS / f"drag-{cls}-FAILED.png"))
        raise
    finally:
        _close_clients()
        page.close()
        lab.delete_all_sessions()


def _wait_readout(page, output, text: str, exact: bool = False) -> str:
    page.wait_for_function(
        "([el, text, exact]) => { const r = [...el.querySelectorAll('.widget-html-content')]"
        ".pop(); return r && (exact ? r.innerText === text : r.innerText.includes(text)); }",
        arg=[output.element_handle(), text, exact],
        timeout=20_000,
    )
    return _readout(output)


def _measure_fps(page, server, notebook, cls, output) -> dict:
    """Drag point 3 around a small circle in 90 mouse moves, as fast as playwright sends them
    (about 1.5 s; each move waits for the browser); count the canvas paints meanwhile."""
    import math

    info = _info(server, notebook, cls)
    canvas = Canvas(page, output, info, (server, notebook, cls))
    x0, y0 = info["pix"][3]
    radius = 40.0  # figure pixels
    output.evaluate(COUNT_PAINTS)
    start = page.evaluate("() => performance.now()")
    page.mouse.move(*canvas.at((x0, y0)))
    page.mouse.down()
    moves = 90
    for k in range(1, moves + 1):
        t = 2 * math.pi * k / moves
        page.mouse.move(*canvas.at((x0 + radius * math.sin(t), y0 + radius * (1 - math.cos(t)))))
    page.mouse.up()
    end = page.evaluate("() => performance.now()")
    # the frames still on their way (paints_total counts them): the kernel has handled every
    # mouse move (a request queues behind them) and the canvas shows its last frame
    _wait_for_last_frame(server, notebook, output)
    times = page.evaluate("() => window.__paints.times")
    during = [t for t in times if start <= t <= end]
    seconds = (end - start) / 1000.0
    return {
        "explorer": cls,
        "notebook": notebook.stem,
        "moves": moves,
        "seconds": round(seconds, 3),
        "paints_during_drag": len(during),
        "paints_total": len(times),
        "fps": round(len(during) / seconds, 1),
    }


# ------------------------------------------------------------------------------------------
# Voilà (app mode) and a slide: one drag and its verdict change per explorer
# ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def voila(tmp_path_factory, chromium):
    """Voilà serving the notebooks; its kernels' connection files go to a folder of the test's
    own (Voilà puts them under the temporary directory, TMPDIR)."""
    import os

    work = tmp_path_factory.mktemp("voila-drag")
    kernels = work / "tmp"
    kernels.mkdir()
    before = os.environ.get("TMPDIR")
    os.environ["TMPDIR"] = str(kernels)  # for the Voila process only: restored at once
    try:
        server = start_voila(work, NOTEBOOKS)
    finally:
        if before is None:
            del os.environ["TMPDIR"]
        else:
            os.environ["TMPDIR"] = before
    server.kernels = kernels
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def deck_lab(tmp_path_factory, chromium):
    """A JupyterLab serving copies of the notebooks with their slide metadata set."""
    work = tmp_path_factory.mktemp("drag-deck")
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


@pytest.mark.parametrize("cls", EXPLORERS)
def test_drag_explorer_in_voila_app_mode(cls, voila, browser):
    notebook = _notebook_with(cls)
    page = browser.new_page()
    try:
        voila.open(page, notebook, expected_slider_count(notebook))
        outputs = page.locator(".jp-OutputArea-output:has(.jupyter-matplotlib-canvas-div)")
        output = outputs.filter(has=page.locator("button", has_text="Reset")).first
        output.scroll_into_view_if_needed()
        _drag_and_flip(page, voila, notebook, cls, output)
        output.screenshot(path=str(ARTIFACTS / f"drag-{cls}-voila.png"))
    except Exception:
        page.screenshot(path=str(ARTIFACTS / f"drag-{cls}-voila-FAILED.png"))
        raise
    finally:
        _close_clients()
        page.close()


@pytest.mark.parametrize("cls", EXPLORERS)
def test_drag_explorer_on_its_slide(cls, deck_lab, browser):
    notebook = _notebook_with(cls)
    page = browser.new_page()
    try:
        open_notebook(page, deck_lab, notebook.name)
        menu(page, "Run", "Run All Cells")
        wait_until_run(page)
        assert wait_for_explorers(page, expected_slider_count(notebook)), "explorers not shown"
        cells = page.locator(".jp-Notebook .jp-Cell")
        index = next(
            k
            for k in range(cells.count())
            if cells.nth(k).locator(".jupyter-matplotlib-canvas-div").count()
            and f"{cls}(" in cells.nth(k).inner_text()
        )
        # start presenting at the explorer's slide (a click on the figure would add a point)
        cells.nth(index).locator(".jp-InputPrompt").first.click()
        page.locator(".jp-NotebookPanel-toolbar [data-command='deck:toggle']").click()
        state = wait_for_deck(page)
        for _ in range(5):
            if index in state["onscreen"]:
                break
            state = next_slide(page, state)
        assert index in state["onscreen"], f"{cls}: its slide is not shown ({state})"
        output = cells.nth(index).locator(
            ".jp-OutputArea-output:has(.jupyter-matplotlib-canvas-div)"
        )
        _drag_and_flip(page, deck_lab, notebook, cls, output.first)
        page.screenshot(path=str(ARTIFACTS / f"drag-{cls}-slide.png"))
        page.keyboard.press("Escape")
    except Exception:
        page.screenshot(path=str(ARTIFACTS / f"drag-{cls}-slide-FAILED.png"))
        raise
    finally:
        _close_clients()
        page.close()
        deck_lab.delete_all_sessions()
        _script("lab_settings").stop_presenting(deck_lab.root.parent / "settings")
