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

from browser_support import (
    free_port,
    stop_process_group,
    wait_for_explorers,
    wait_until_answering,
)

#: Ceiling for a Voila page to show its explorers, from the request. Voila executes the whole
#: notebook before the page shows any widget, then the widgets render; one deadline covers
#: both, and the wait returns as soon as every explorer shows. Measured on this 2-core machine
#: shared with other jobs (load average ~20): 17-47 s to execute a notebook, the widgets 2-24 s
#: later; with `stress-ng --cpu 4` on top, notebook 03 took 58 s + 7 s. The ceiling is about
#: four times the slowest.
VOILA_TIMEOUT_MS = 300_000


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

    def open(self, page, notebook: Path, sliders: int) -> None:
        """Open ``notebook``'s app page in ``page`` and wait until its explorers show (at
        least ``sliders`` sliders, every figure painted); raise with Voila's log if they do
        not within VOILA_TIMEOUT_MS (a cell that failed or timed out says so there)."""
        page.goto(self.url(notebook.name), wait_until="commit", timeout=VOILA_TIMEOUT_MS)
        if not wait_for_explorers(page, sliders, timeout_ms=VOILA_TIMEOUT_MS):
            warnings = [
                line
                for line in self.log_path.read_text().splitlines()
                if "WARN" in line or "ERROR" in line or "Timeout" in line
            ]
            raise AssertionError(
                f"Voila did not show the explorers of {notebook.name} within "
                f"{VOILA_TIMEOUT_MS / 1000:g} s; Voila's warnings:\n" + "\n".join(warnings[-20:])
            )


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


#: Animation frames in a row with the same deck state and no running CSS animation or
#: transition in the deck, after which a slide counts as settled. jupyterlab-slideshow moves
#: its classes and layout over a few frames after a key press (counted in frames, not ms:
#: frames come slower on a loaded machine, and so does the deck).
SETTLED_FRAMES = 3

#: JavaScript (polled every animation frame): the deck's state once it is presenting, shows
#: some cells, and has had SETTLED_FRAMES frames in a row with the same state and no
#: animation; and, given the active cell ``from`` before a Space, once the active cell is
#: another one or the deck's remote shows both ways forward (down and forward, what Space
#: tries) disabled, i.e. the end of the deck. False until then.
DECK_SETTLED = (
    """([frames, from]) => {
    const state = ("""
    + DECK_STATE
    + """)();
    const key = JSON.stringify(state);
    const off = (d) => document.querySelector(
        `.jp-Deck-Remote .jp-deck-mod-direction-${d}.jp-mod-disabled`) !== null;
    const moved = from === null || state.active !== from || (off('down') && off('forward'));
    const moving = document.getAnimations().some(a => a.playState === 'running'
        && a.effect && a.effect.target instanceof Element && a.effect.target.closest('.jp-Deck'));
    const w = window.__deckSettle || (window.__deckSettle = {last: null, calm: 0});
    if (!moved || moving || key !== w.last || !state.presenting || !state.onscreen.length) {
        w.last = key;
        w.calm = 0;
        return false;
    }
    w.calm += 1;
    return w.calm >= frames ? state : false;
}"""
)


def wait_for_deck(page, before: dict | None = None, timeout_ms: int = 30_000) -> dict:
    """Wait until the deck is presenting and settled (DECK_SETTLED), and, given the state
    ``before`` a Space, has moved on from it or reached its end; return its state."""
    frm = None if before is None else before["active"]
    if before is None:  # (next_slide resets the frame count itself, with the focus)
        page.evaluate("() => { window.__deckSettle = null; }")
    handle = page.wait_for_function(
        DECK_SETTLED, arg=[SETTLED_FRAMES, frm], timeout=timeout_ms, polling="raf"
    )
    return handle.json_value()


def next_slide(page, before: dict) -> dict:
    """Press Space (the deck's "next fragment, subslide or slide") with the slide focused; return
    the new state once the deck has settled, or the same one at the end of the deck (its
    remote shows no way forward, and the deck stays where it was)."""
    page.evaluate(
        "() => { window.__deckSettle = null;"
        " document.querySelector('.jp-Deck .jp-Cell.jp-mod-active').focus(); }"
    )
    page.keyboard.press("Space")
    after = wait_for_deck(page, before)
    return before if after["active"] == before["active"] else after


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
