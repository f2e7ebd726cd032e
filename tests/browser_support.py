"""Helpers for the browser tests: a throw-away JupyterLab server and Debian's chromium.

Kept apart from the test file so the test reads as a list of what a student sees.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the oldest-versions environment has no playwright (and runs no browser test)
    PlaywrightTimeout = TimeoutError

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# JupyterLab settings of the test's own: no news pop-up, no update check, no autosave.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    # render every cell, so the sliders of off-screen cells are in the page too
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}

#: What a widget looks like when the front-end extension is missing or broken.
FALLBACK_TEXTS = ("Loading widget", "interactive(children", "Error displaying widget")
RUN_TIMEOUT_MS = 120_000

#: The settings overrides the project ships (scripts/lab_settings.py installs them for make lab):
#: every test server reads them, as a student's JupyterLab or Notebook 7 does.
OVERRIDES = Path(__file__).resolve().parents[1] / "jupyter-settings" / "overrides.json"

SLIDER_MODELS = {
    "FloatSliderModel",
    "IntSliderModel",
    "FloatLogSliderModel",
    "SelectionSliderModel",
    "IntRangeSliderModel",
    "FloatRangeSliderModel",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop_process_group(process: subprocess.Popen, log: object = None) -> None:
    """SIGTERM a server's process group (the server shuts its kernels down), SIGKILL what is
    left after 15 s (kernels share the group), and close its log file."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    if log is not None:
        log.close()


def wait_until_answering(server, ping, name: str, log_path: Path, timeout: float = 60) -> None:
    """Poll ``ping()`` until it stops raising OSError; stop the server and raise with the tail
    of its log if it exits or does not answer within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"{name} exited early:\n{log_path.read_text()[-3000:]}")
        try:
            ping()
            return
        except OSError:
            time.sleep(0.3)
    server.stop()
    tail = log_path.read_text()[-3000:]
    raise RuntimeError(f"{name} did not answer within {timeout:g} s:\n{tail}")


@dataclass
class LabServer:
    """A running JupyterLab; ``url(path)`` adds the token."""

    process: subprocess.Popen
    port: int
    token: str
    root: Path
    log_path: Path
    log: object = None

    def url(self, path: str) -> str:
        sep = "&" if "?" in path else "?"
        return f"http://127.0.0.1:{self.port}/{path.lstrip('/')}{sep}token={self.token}"

    def api(self, path: str, method: str = "GET") -> object:
        req = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/api/{path}",
            method=method,
            headers={"Authorization": f"token {self.token}"},
        )
        with urllib.request.urlopen(req, timeout=10) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    def run_in_kernel(self, notebook: str, code: str, timeout: float = 60) -> str:
        """Run ``code`` in the kernel of the open ``notebook`` as a second client (the page
        does not show it); return what it printed."""
        from jupyter_client import BlockingKernelClient

        (session,) = [s for s in self.api("sessions") if s["path"].endswith(notebook)]
        client = BlockingKernelClient(
            connection_file=str(
                self.root.parent / "runtime" / f"kernel-{session['kernel']['id']}.json"
            )
        )
        client.load_connection_file()
        client.start_channels()
        printed: list[str] = []
        try:
            reply = client.execute_interactive(
                code,
                timeout=timeout,
                output_hook=lambda msg: printed.append(msg["content"].get("text", "")),
            )
        finally:
            client.stop_channels()
        assert reply["content"]["status"] == "ok", reply["content"]
        return "".join(printed)

    def delete_all_sessions(self) -> None:
        for session in self.api("sessions"):
            self.api(f"sessions/{session['id']}", method="DELETE")

    def stop(self) -> None:
        try:
            self.delete_all_sessions()
        except OSError:
            pass
        stop_process_group(self.process, self.log)


def start_lab(
    workdir: Path, notebooks: list[Path], overrides: Path | None = OVERRIDES
) -> LabServer:
    """Copy the notebooks into ``workdir/notebooks`` and serve them from this environment (as
    JupyterLab at ``/lab``, as Notebook 7 at ``/notebooks``), with the settings ``overrides``."""
    root = workdir / "notebooks"
    root.mkdir(parents=True)
    for nb in notebooks:
        shutil.copy(nb, root / nb.name)
    settings = workdir / "settings"
    for name, values in LAB_SETTINGS.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    port, token = free_port(), secrets.token_hex(16)
    env = dict(os.environ)
    if overrides is not None:  # where lab_settings.py puts them, in a config dir of the test's own
        labconfig = workdir / "config" / "labconfig"
        labconfig.mkdir(parents=True)
        shutil.copyfile(overrides, labconfig / "default_setting_overrides.json")
        env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(
            p for p in [str(workdir / "config"), os.environ.get("JUPYTER_CONFIG_PATH")] if p
        )
    env.update(
        JUPYTER_RUNTIME_DIR=str(workdir / "runtime"),
        JUPYTERLAB_WORKSPACES_DIR=str(workdir / "workspaces"),
        MPLBACKEND="module://ipympl.backend_nbagg",
        # a kernel that crashes (once: "malloc(): unaligned tcache chunk detected") leaves the
        # Python stack of every thread in lab.log
        PYTHONFAULTHANDLER="1",
    )
    log_path = workdir / "lab.log"
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--allow-root",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        f"--LabApp.user_settings_dir={settings}",
        f"--LabApp.workspaces_dir={workdir / 'workspaces'}",
        f"--JupyterNotebookApp.user_settings_dir={settings}",  # the /notebooks pages
        f"--JupyterNotebookApp.workspaces_dir={workdir / 'workspaces'}",
        # window.jupyterapp, so that wait_for_kernel can see the kernel and widget manager
        "--LabApp.expose_app_in_browser=True",
        "--JupyterNotebookApp.expose_app_in_browser=True",
    ]
    log = log_path.open("w")
    process = subprocess.Popen(
        cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    server = LabServer(
        process=process, port=port, token=token, root=root, log_path=log_path, log=log
    )
    wait_until_answering(server, lambda: server.api("status"), "JupyterLab", log_path)
    return server


def expected_slider_count(notebook: Path) -> int:
    """Sliders inside the widgets that the stored notebook displays (walks the saved state)."""
    nb = json.loads(notebook.read_text())
    state = nb.get("metadata", {}).get("widgets", {})
    state = state.get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    displayed = []
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            view = out.get("data", {}).get("application/vnd.jupyter.widget-view+json")
            if view:
                displayed.append(view["model_id"])
    seen: set[str] = set()
    count = 0
    stack = list(displayed)
    while stack:
        mid = stack.pop()
        if mid in seen or mid not in state:
            continue
        seen.add(mid)
        model = state[mid]
        if model.get("model_name") in SLIDER_MODELS:
            count += 1
        for child in model.get("state", {}).get("children", []):
            if isinstance(child, str) and child.startswith("IPY_MODEL_"):
                stack.append(child[len("IPY_MODEL_") :])
    return count


def chromium_or_skip() -> str:
    """The chromium binary; skip with the install command where it is missing (fail under CI)."""
    import pytest

    if not os.path.exists(CHROMIUM):
        message = "Debian's chromium is missing: install it with `sudo apt-get install -y chromium`"
        if os.environ.get("CI"):
            pytest.fail(message + " (CI must install it: see .ci/run)")
        pytest.skip(message)
    return CHROMIUM


def menu(page, title: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=title).first.click()
    page.locator(".lm-Menu-itemLabel").filter(has_text=item).first.click()


@contextmanager
def chromium_context(
    chromium: str, profile: Path, viewport: tuple[int, int] = (1400, 1000)
) -> Iterator[object]:
    """Headless Debian chromium driven by playwright (a persistent profile in ``profile``,
    a 1400 x 1000 viewport unless told); closed on exit."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile),
            executable_path=chromium,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": viewport[0], "height": viewport[1]},
        )
        try:
            yield context
        finally:
            context.close()


def open_notebook(page, lab: LabServer, name: str) -> None:
    """Open notebook ``name`` of ``lab`` in a fresh layout and wait for its kernel."""
    page.goto(lab.url(f"lab/tree/{name}?reset"))
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=90_000)
    wait_for_kernel(page)


#: JavaScript: true once the open notebook can run widget code. Its kernel is connected and
#: idle, and the ipywidgets manager of the notebook exists and has restored the kernel's widgets
#: (cells run before that lose their widget models). The manager is reached the way a widget
#: output reaches it: a renderer of the widget mime type from the notebook's rendermime
#: (created, asked for its manager, disposed). Needs ``window.jupyterapp`` (start_lab exposes
#: the app). A kernel-selection dialog, if one opens, is accepted (the default kernel).
NOTEBOOK_READY = """(mime) => {
    const accept = document.querySelector('.jp-Dialog .jp-mod-accept');
    if (accept) accept.click();
    const app = window.jupyterapp;
    if (!app) return false;  // start_lab serves with expose_app_in_browser
    const panel = app.shell.currentWidget;
    const session = panel && panel.sessionContext && panel.sessionContext.session;
    const kernel = session && session.kernel;
    const rendermime = panel && panel.content && panel.content.rendermime;
    const factory = rendermime && rendermime.getFactory(mime);
    if (!kernel || !factory) return false;
    const probe = window.__widgetProbe;
    if (!probe || probe.factory !== factory) {
        const p = window.__widgetProbe = {factory: factory, manager: null};
        const renderer = factory.createRenderer({mimeType: mime});
        renderer._manager.promise.then((m) => { p.manager = m; });
        renderer.dispose();
        return false;
    }
    return kernel.connectionStatus === 'connected' && kernel.status === 'idle'
        && probe.manager !== null && probe.manager.restoredStatus === true;
}"""
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def wait_for_kernel(page, timeout_ms: int = RUN_TIMEOUT_MS) -> None:
    """Wait until the open notebook's kernel is connected and idle and its widget manager has
    registered with it (NOTEBOOK_READY; the ceiling is for a loaded machine: it returns as
    soon as that holds)."""
    try:
        page.wait_for_function(NOTEBOOK_READY, arg=WIDGET_MIME, timeout=timeout_ms, polling=100)
    except PlaywrightTimeout as error:
        status = " ".join(page.locator(".jp-StatusBar-TextItem").all_inner_texts())
        app = page.evaluate("() => window.jupyterapp !== undefined")
        raise AssertionError(
            "the notebook's kernel and widget manager never got ready; "
            f"status bar: {status!r}, window.jupyterapp exposed: {app}"
        ) from error


def wait_until_run(page) -> None:
    page.wait_for_function(
        r"""() => {
            const cells = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')];
            if (cells.length === 0) return false;
            // Cells whose input is collapsed (the solutions) render an empty prompt; every
            // other prompt reads "[ ]:" after Clear Outputs, "[*]:" while queued, "[n]:" when run.
            const prompts = cells.map(
                c => (c.querySelector('.jp-InputPrompt') || {}).textContent || '');
            const pending = prompts.some(t => t.includes('*') || /\[\s*\]/.test(t));
            const done = !pending && prompts.some(t => /\[\d+\]/.test(t));
            const status = document.querySelector('.jp-Notebook-ExecutionIndicator');
            const idle = !status || status.getAttribute('data-status') === 'idle';
            const failed = document.querySelector(
                '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]');
            return (done && idle) || (failed !== null && idle);
        }""",
        timeout=RUN_TIMEOUT_MS,
        polling=500,
    )


def disabled(handle) -> bool:
    return handle.evaluate("h => h.closest('.noUi-target').hasAttribute('disabled')")


#: How long a choice of the explorer's dropdown gets to enable a disabled slider (the kernel's
#: answer to the choice). Only a choice that leaves the slider disabled waits this long; none
#: of the notebooks' explorers starts with a disabled slider, so a run never does.
ENABLE_TIMEOUT_MS = 20_000


def enable_with_dropdown(page, output, handle) -> bool:
    """A slider can be disabled by another control (the graph size of a fixed graph such as
    Petersen): pick the other options of the explorer's dropdown until it is enabled."""
    select = output.locator("select")
    if select.count() == 0:
        return False
    options = select.first.locator("option")
    for i in range(1, options.count()):
        select.first.select_option(index=i)
        try:
            page.wait_for_function(
                "h => !h.closest('.noUi-target').hasAttribute('disabled')",
                arg=handle.element_handle(),
                timeout=ENABLE_TIMEOUT_MS,
            )
            return True
        except PlaywrightTimeout:  # this choice leaves it disabled: try the next one
            continue
    return False


#: JavaScript: true once the page has loaded and shows at least ``n`` sliders, no widget as its
#: text fallback, and every live (ipympl) figure has painted its first frame (a canvas that is
#: no longer blank: a canvas starts fully transparent, and every figure's background is opaque).
EXPLORERS_SHOWN = """([n, fallbacks]) => {
    // Voila streams the page while it executes the notebook: loaded once it has run
    if (document.readyState !== 'complete' || document.querySelector('#loading')) return false;
    const root = document.querySelector('.jp-Notebook') || document.body;
    if (root.querySelectorAll('.jp-OutputArea-output .widget-slider').length < n) return false;
    const text = root.innerText;
    if (fallbacks.some(f => text.includes(f))) return false;
    const canvases = [...root.querySelectorAll('.jupyter-matplotlib-canvas-div')]
        .map(div => div.querySelector('canvas'));
    return canvases.every(c => {
        if (!c || c.width === 0 || c.height === 0) return false;
        const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        for (let i = 3; i < px.length; i += 4) if (px[i] !== 0) return true;
        return false;
    });
}"""


def wait_for_explorers(page, sliders: int, timeout_ms: int = RUN_TIMEOUT_MS) -> bool:
    """Wait until the widgets of a run notebook are shown (EXPLORERS_SHOWN); return whether
    they were within the timeout (the callers' assertions then say what is missing)."""
    try:
        page.wait_for_function(
            EXPLORERS_SHOWN,
            arg=[sliders, list(FALLBACK_TEXTS)],
            timeout=timeout_ms,
            polling=250,
        )
        return True
    except PlaywrightTimeout:  # the callers' assertions say what is wrong
        return False
