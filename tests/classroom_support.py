"""Helpers for the classroom browser tests: a throw-away Voilà server, the slide structure a
notebook's metadata asks for, and moving a slider until the figure's pixels change.

JupyterLab and chromium come from browser_support (shared with test_browser.py).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from browser_support import free_port, stop_process_group, wait_until_answering

#: What jupyterlab-rise 0.43.1 logs when its stand-alone slideshow app cannot load the widget
#: manager (its webpack share scope lacks @jupyterlab/console, which
#: @jupyter-widgets/jupyterlab-manager 5 requires): jupyterlab-contrib/rise issue #119.
RISE_WIDGET_MANAGER_MISSING = "Shared module @jupyterlab/console doesn't exist in shared scope"


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


def slide_plan(notebook: Path) -> dict:
    """What the notebook's metadata asks RISE for: counts of each slide type, and the first
    source line of the cells that must never be presented ("skip")."""
    nb = json.loads(notebook.read_text())
    kinds = [c.get("metadata", {}).get("slideshow", {}).get("slide_type") for c in nb["cells"]]
    skipped = [
        "".join(c["source"]).splitlines()[0]
        for c, k in zip(nb["cells"], kinds, strict=True)
        if k == "skip" and "".join(c["source"]).strip()
    ]
    return {
        "slides": kinds.count("slide"),
        "subslides": kinds.count("subslide"),
        "fragments": kinds.count("fragment"),
        "skipped": skipped,
        "untyped": kinds.count(None),
    }


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


def move_slider(page, container, handle, timeout_ms: int = 30_000) -> None:
    """Focus a slider's handle, press an arrow key, and wait for the explorer's canvas pixels
    in ``container`` to change (raises if they do not within the timeout)."""
    value, top = (handle.get_attribute(a) for a in ("aria-valuenow", "aria-valuemax"))
    key = "ArrowLeft" if value is not None and value == top else "ArrowRight"
    container.evaluate(WATCH_CANVAS)
    handle.focus()
    page.keyboard.press(key)
    page.wait_for_function("window.__moved === true", timeout=timeout_ms)
