"""Helpers for the classroom browser tests: a throw-away Voilà server, the slides of a
jupyterlab-slideshow deck, and moving a slider (keyboard or mouse) until the figure's pixels
change.

JupyterLab and chromium come from browser_support (shared with test_browser.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from browser_support import free_port, stop_process_group, wait_until_answering


@dataclass
class VoilaServer:
    """A running ``voila`` serving a directory; ``url(name)`` is a notebook's app page."""

    process: subprocess.Popen
    port: int
    root: Path
    log_path: Path
    log: object = None

    def url(self, notebook: str) -> str:
        return f"http://127.0.0.1:{self.port}/voila/render/{notebook}"

    def stop(self) -> None:
        """Stop Voila and every kernel it started (they share its process group)."""
        stop_process_group(self.process, self.log)


def start_voila(workdir: Path, notebooks: list[Path]) -> VoilaServer:
    """Copy the notebooks into ``workdir/notebooks`` and serve that directory with Voilà from
    this environment, on 127.0.0.1 only (no token: nothing else can reach it)."""
    root = workdir / "notebooks"
    root.mkdir(parents=True)
    for nb in notebooks:
        shutil.copy(nb, root / nb.name)
    port = free_port()
    env = dict(os.environ)
    env.update(JUPYTER_RUNTIME_DIR=str(workdir / "runtime"))
    log_path = workdir / "voila.log"
    log = log_path.open("w")
    cmd = [
        sys.executable,
        "-m",
        "voila",
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--Voila.port={port}",
        str(root),
    ]
    process = subprocess.Popen(
        cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    server = VoilaServer(process=process, port=port, root=root, log_path=log_path, log=log)

    def ping() -> None:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5):
            pass

    wait_until_answering(server, ping, "voila", log_path)
    return server


#: JavaScript: the deck's state, read from the classes jupyterlab-slideshow puts on the cells.
DECK_STATE = """() => {
    const cells = [...document.querySelectorAll('.jp-Deck .jp-Notebook .jp-Cell')];
    const onscreen = cells.flatMap(
        (c, i) => c.classList.contains('jp-deck-mod-onscreen') ? [i] : []);
    const notebook = document.querySelector('.jp-Deck .jp-Notebook');
    return {
        presenting: document.body.dataset.jpDeckMode === 'presenting',
        active: cells.findIndex(c => c.classList.contains('jp-mod-active')),
        onscreen: onscreen,
        // what does not fit the window scrolls inside the notebook
        overflow: notebook ? notebook.scrollHeight - notebook.clientHeight : null,
    };
}"""


def deck_state(page) -> dict:
    return page.evaluate(DECK_STATE)


def next_slide(page, before: dict) -> dict:
    """Press Space (the deck's "next fragment, subslide or slide") with the slide focused; return
    the new state, or the same one at the end of the deck."""
    page.evaluate("() => document.querySelector('.jp-Deck .jp-Cell.jp-mod-active').focus()")
    page.keyboard.press("Space")
    try:
        page.wait_for_function(
            "(a) => { const c = [...document.querySelectorAll('.jp-Deck .jp-Notebook .jp-Cell')];"
            " return c.findIndex(x => x.classList.contains('jp-mod-active')) !== a; }",
            arg=before["active"],
            timeout=2000,
        )
    except Exception:  # noqa: BLE001 - the last slide: Space goes nowhere
        return before
    page.wait_for_timeout(300)  # the fade-in of the new slide
    return deck_state(page)


#: JavaScript: start watching one explorer's canvas; window.__moved turns true once its pixels
#: differ from what they were when this ran.
WATCH_CANVAS = """(el) => {
    const canvas = el.querySelector('.jupyter-matplotlib-canvas-div canvas');
    const before = canvas.toDataURL();
    window.__moved = false;
    const poll = () => {
        if (canvas.toDataURL() !== before) { window.__moved = true; return; }
        requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
}"""


def _at_top(handle) -> bool:
    value, top = (handle.get_attribute(a) for a in ("aria-valuenow", "aria-valuemax"))
    return value is not None and value == top


def move_slider(page, container, handle, timeout_ms: int = 30_000) -> None:
    """Focus a slider's handle, press an arrow key, and wait for the explorer's canvas pixels
    in ``container`` to change (raises if they do not within the timeout)."""
    key = "ArrowLeft" if _at_top(handle) else "ArrowRight"
    container.evaluate(WATCH_CANVAS)
    handle.focus()
    page.keyboard.press(key)
    page.wait_for_function("window.__moved === true", timeout=timeout_ms)


def drag_slider(page, container, handle, timeout_ms: int = 30_000) -> None:
    """Drag a slider's handle 60 px with the mouse (left if it is at its maximum) and wait for
    the explorer's canvas pixels in ``container`` to change."""
    handle.scroll_into_view_if_needed()
    box = handle.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    dx = -60 if _at_top(handle) else 60
    container.evaluate(WATCH_CANVAS)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx, y, steps=6)
    page.mouse.up()
    page.wait_for_function("window.__moved === true", timeout=timeout_ms)


def readout(container, index: int) -> str:
    """The readout text of the ``index``-th slider in ``container``."""
    return container.locator(".widget-slider").nth(index).locator(".widget-readout").inner_text()
