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


def wait_for_kernel(page) -> None:
    """Wait until the notebook's kernel is connected and idle (the widget manager registers
    with the kernel on connection: running cells before that loses the widget models)."""
    for _ in range(240):
        dialog = page.locator(".jp-Dialog .jp-mod-accept")
        if dialog.count():
            dialog.first.click()  # a kernel-selection dialog: take the default kernel
        status = " ".join(page.locator(".jp-StatusBar-TextItem").all_inner_texts())
        if "| Idle" in status:
            page.wait_for_timeout(2000)
            return
        page.wait_for_timeout(500)
    raise AssertionError(f"the kernel never became idle; status bar says {status!r}")


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


def enable_with_dropdown(page, output, handle) -> bool:
    """A slider can be disabled by another control (the graph size of a fixed graph such as
    Petersen): pick the other options of the explorer's dropdown until it is enabled."""
    select = output.locator("select")
    if select.count() == 0:
        return False
    options = select.first.locator("option")
    for i in range(1, options.count()):
        select.first.select_option(index=i)
        page.wait_for_timeout(1500)
        if not disabled(handle):
            return True
    return False
