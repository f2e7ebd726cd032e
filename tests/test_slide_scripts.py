"""scripts/slide_metadata.py and scripts/lab_settings.py, and the settings overrides they ship.

The browser tests (test_classroom_browser.py, test_notebook7_browser.py) check what the slides
and the overrides do on screen; these check the files themselves, fast.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from pathlib import Path

import nbformat
import pytest
from browser_support import expected_slider_count

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
OVERRIDES = ROOT / "jupyter-settings" / "overrides.json"
SPARED = ":not(.noUi-handle):not(select)"


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _kind(cell) -> str | None:
    return cell.metadata.get("slideshow", {}).get("slide_type")


def _shows_sliders(nb, cell, tmp_path: Path) -> bool:
    """Independent of the script: does the cell's stored output display sliders?"""
    single = tmp_path / "single.ipynb"
    single.write_text(json.dumps({"cells": [cell], "metadata": nb.metadata}))
    return expected_slider_count(single) > 0


def _shows_reset_button(nb, cell) -> bool:
    """Independent of the script: does the cell display a "Reset" button (a drag explorer,
    whose controls are toggles and that button, no sliders)?"""
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    state = state.get("state", {})
    stack = [
        out["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
        for out in cell.get("outputs", [])
        if "application/vnd.jupyter.widget-view+json" in out.get("data", {})
    ]
    seen = set()
    while stack:
        mid = stack.pop()
        if mid in seen or mid not in state:
            continue
        seen.add(mid)
        model = state[mid]
        if (
            model.get("model_name") == "ButtonModel"
            and model["state"].get("description") == "Reset"
        ):
            return True
        stack += [
            c[len("IPY_MODEL_") :]
            for c in model.get("state", {}).get("children", [])
            if isinstance(c, str) and c.startswith("IPY_MODEL_")
        ]
    return False


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[nb.stem for nb in NOTEBOOKS])
def test_slide_metadata_follows_its_rules_and_is_idempotent(notebook, tmp_path):
    slide_metadata = _script("slide_metadata")
    copy = tmp_path / notebook.name
    shutil.copy(notebook, copy)
    slide_metadata.process(copy)
    written = copy.read_text()
    assert slide_metadata.process(copy) is False, "a second run changed the notebook"
    assert copy.read_text() == written
    assert slide_metadata.main(["--check", str(copy)]) == 0

    original = nbformat.read(notebook, as_version=4)
    nb = nbformat.read(copy, as_version=4)

    def _without_notes(cells):
        return [c for c in cells if "speaker-notes" not in c.metadata.get("tags", [])]

    notes = [c for c in nb.cells if "speaker-notes" in c.metadata.get("tags", [])]
    kept, before = _without_notes(nb.cells), _without_notes(original.cells)
    assert [c.source for c in kept] == [c.source for c in before], "cells lost or moved"
    assert [c.get("outputs") for c in kept] == [c.get("outputs") for c in before]

    assert all(_kind(c) != "-" for c in nb.cells), 'jupyterlab-slideshow never shows "-" cells'
    first_code = next(c for c in nb.cells if c.cell_type == "code")
    assert _kind(first_code) == "skip", "the set-up cell is presented"
    for cell in nb.cells:
        if "solution" in cell.metadata.get("tags", []):
            assert _kind(cell) == "skip", f"a solution is presented: {cell.source[:60]!r}"

    explorers = [
        i
        for i, c in enumerate(nb.cells)
        if _shows_sliders(nb, c, tmp_path) or _shows_reset_button(nb, c)
    ]
    assert explorers, f"{notebook.name} has no explorer"
    for i in explorers:
        assert _kind(nb.cells[i]) == "slide", f"explorer {nb.cells[i].source[:40]!r}"
        assert nb.cells[i + 1] in notes and _kind(nb.cells[i + 1]) == "notes"
        following = [c for c in nb.cells[i + 1 :] if _kind(c) not in ("skip", "notes")]
        if following:
            assert _kind(following[0]) in ("slide", "subslide"), "an explorer shares its slide"
    assert len(notes) == len(explorers)


def test_slide_metadata_check_reports_and_leaves_a_notebook_that_would_change(tmp_path):
    slide_metadata = _script("slide_metadata")
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("# Title"),
        nbformat.v4.new_code_cell("%matplotlib widget"),
        nbformat.v4.new_code_cell("explorer = lh.MarginExplorer()\nexplorer"),
        nbformat.v4.new_markdown_cell("**Try it.**"),
    ]
    nb.cells[3].metadata["slideshow"] = {"slide_type": "-"}
    path = tmp_path / "toy.ipynb"
    nbformat.write(nb, path)
    before = path.read_text()
    assert slide_metadata.main(["--check", str(path)]) == 1
    assert path.read_text() == before
    assert slide_metadata.main([str(path)]) == 0
    done = nbformat.read(path, as_version=4)
    assert [_kind(c) for c in done.cells] == [None, "skip", "slide", "notes", "subslide"]
    assert done.cells[3].source.startswith("**Speaker notes (MarginExplorer).**")


def test_stop_presenting_resets_only_a_saved_presenting_state(tmp_path):
    lab_settings = _script("lab_settings")
    assert lab_settings.stop_presenting(tmp_path) is False  # no settings file: nothing to do
    path = tmp_path / "jupyterlab-slideshow" / "plugin.jupyterlab-settings"
    path.parent.mkdir()
    # what JupyterLab writes: JSON5 with comments
    path.write_text(
        '{\n    // Activate Deck\n    "active": true,\n    "showCodeCellPrompt": true\n}'
    )
    assert lab_settings.stop_presenting(tmp_path) is True
    assert json.loads(path.read_text()) == {"active": False, "showCodeCellPrompt": True}
    assert lab_settings.stop_presenting(tmp_path) is False
    path.write_text("{\n\n}")  # what a presentation that was ended properly leaves
    assert lab_settings.stop_presenting(tmp_path) is False
    assert path.read_text() == "{\n\n}"


def test_install_overrides_puts_them_where_lab_and_notebook7_read_them(tmp_path, monkeypatch):
    lab_settings = _script("lab_settings")
    target = lab_settings.install_overrides(tmp_path)
    assert target == tmp_path / "etc/jupyter/labconfig/default_setting_overrides.json"
    assert target.read_bytes() == OVERRIDES.read_bytes()
    assert lab_settings.install_overrides(tmp_path) == target  # twice: the same file

    # jupyterlab_server reads <each jupyter config dir>/labconfig/default_setting_overrides.json
    from jupyterlab_server.settings_utils import _get_overrides

    monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(tmp_path / "etc" / "jupyter"))
    overrides, error = _get_overrides(str(tmp_path / "no-app-settings"))
    assert not error
    assert overrides["jupyterlab-slideshow:plugin"] == {"active": False}


def test_overrides_rebind_exactly_the_notebook_arrow_keys_sparing_sliders():
    """Each default binding the overrides disable exists, unchanged, in the installed
    JupyterLab (Notebook 7 reads the same schemas); each comes back with a selector that only
    excludes a focused slider handle or dropdown."""
    schema = Path(sys.prefix) / "share/jupyter/lab/schemas/@jupyterlab/notebook-extension"
    defaults = json.loads((schema / "tracker.json").read_text())["jupyter.lab.shortcuts"]
    default_keys = {(s["command"], tuple(s["keys"]), s["selector"]) for s in defaults}
    arrows = {k for k in default_keys if k[1] in {(a,) for a in ("ArrowUp", "ArrowDown")}}
    arrows |= {k for k in default_keys if k[1] in {("ArrowLeft",), ("ArrowRight",)}}

    shortcuts = json.loads(OVERRIDES.read_text())["@jupyterlab/shortcuts-extension:shortcuts"]
    shortcuts = shortcuts["shortcuts"]
    off = {(s["command"], tuple(s["keys"]), s["selector"]) for s in shortcuts if s.get("disabled")}
    on = {
        (s["command"], tuple(s["keys"]), s["selector"]) for s in shortcuts if not s.get("disabled")
    }
    assert off == arrows, "the overrides must disable the notebook's four arrow-key bindings"
    assert on == {(c, k, sel + SPARED) for c, k, sel in off}


def test_committed_notebooks_carry_their_slide_metadata():
    """After editing a notebook, run scripts/slide_metadata.py (make execute does)."""
    assert _script("slide_metadata").main(["--check", *map(str, NOTEBOOKS)]) == 0


def test_otters_lab_extensions_are_off_where_lab_and_the_server_read_their_config(
    tmp_path, monkeypatch
):
    """What JupyterLab and jupyter_server would load from the environment's config after
    lab_settings: the extensions otter-grader brings are off, and running it twice keeps it."""
    from jupyter_server.extension.config import ExtensionConfigManager
    from jupyterlab_server.config import get_static_page_config

    lab_settings = _script("lab_settings")
    etc = tmp_path / "etc" / "jupyter"
    # what installing jupytext leaves: a jupyter_server_config.d file turning its extension on
    (etc / "jupyter_server_config.d").mkdir(parents=True)
    on = {"ServerApp": {"jpserver_extensions": {"jupyterlab_jupytext": True, "voila": True}}}
    (etc / "jupyter_server_config.d" / "jupytext.json").write_text(json.dumps(on))
    for _ in range(2):
        lab_settings.disable_unused_extensions(tmp_path)
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(etc))
    disabled = get_static_page_config(level="all")["disabledExtensions"]
    assert {name for name, off in disabled.items() if off} >= {"ipylab", "jupyterlab-jupytext"}
    servers = ExtensionConfigManager(read_config_path=[str(etc)]).get_jpserver_extensions()
    assert servers == {"jupyterlab_jupytext": False, "voila": True}
