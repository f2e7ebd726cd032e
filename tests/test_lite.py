"""The JupyterLite site builds offline and holds every student notebook and the package wheel.

scripts/build_lite.py (`make lite`) builds it; here it is built into a temporary folder with
every proxy pointed at a closed port, so a build step that reaches for the network fails.
What the browser does with the site at run time (Pyodide from its CDN) is not tested here.
"""

import importlib.util
import json
import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "build_lite.py"
NAMES = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
NO_NETWORK = {
    "HTTP_PROXY": "http://127.0.0.1:9",
    "HTTPS_PROXY": "http://127.0.0.1:9",
    "http_proxy": "http://127.0.0.1:9",
    "https_proxy": "http://127.0.0.1:9",
    "NO_PROXY": "",
    "no_proxy": "",
    "PIP_NO_INDEX": "1",
}


def _load_script():
    spec = importlib.util.spec_from_file_location("build_lite", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _src(cell: dict) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else source


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("lite") / "site"
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTERLITE_")}
    env.update(NO_NETWORK)
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--out", str(out)],
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, f"lite build failed:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}"
    return out


def test_every_notebook_is_in_the_site_as_its_student_copy(site):
    assert len(NAMES) == 5
    assert sorted(p.name for p in (site / "files").glob("*.ipynb")) == NAMES
    for name in NAMES:
        lite = json.loads((site / "files" / name).read_text(encoding="utf-8"))
        student = json.loads((ROOT / "student" / name).read_text(encoding="utf-8"))
        first = lite["cells"][0]
        assert first["cell_type"] == "code"
        assert re.search(r"^%pip install .*\blinsep_helpers\b", _src(first), re.M)
        assert lite["cells"][1:] == student["cells"], f"{name}: differs from student/{name}"
        assert not [c for c in lite["cells"] if "solution" in c["metadata"].get("tags", [])]
    listing = json.loads((site / "api" / "contents" / "all.json").read_text(encoding="utf-8"))
    assert sorted(entry["name"] for entry in listing["content"]) == NAMES


def test_the_site_serves_the_wheel_to_piplite(site):
    wheels = sorted((site / "pypi").glob("linsep_helpers-*-py3-none-any.whl"))
    assert len(wheels) == 1
    index = json.loads((site / "pypi" / "all.json").read_text(encoding="utf-8"))
    files = [d["filename"] for rel in index["linsep-helpers"]["releases"].values() for d in rel]
    assert files == [wheels[0].name]
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))[
        "jupyter-config-data"
    ]
    urls = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"][
        "pipliteUrls"
    ]
    assert any(u.startswith("./pypi/all.json") for u in urls)


def test_the_site_ships_the_kernel_and_the_widget_front_ends(site):
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))[
        "jupyter-config-data"
    ]
    names = {ext["name"] for ext in config["federated_extensions"]}
    for needed in [
        "@jupyterlite/pyodide-kernel-extension",
        "@jupyter-widgets/jupyterlab-manager",
        "jupyter-matplotlib",
    ]:
        assert needed in names
        assert (site / "extensions" / needed / "package.json").is_file()


def test_the_kernel_side_ipympl_pin_matches_the_shipped_front_end():
    # the site copies the jupyter-matplotlib front-end of the ipympl installed here; the
    # install cell must fetch the same ipympl into the browser, and that is the pinned one
    from importlib.metadata import version

    pins = dict(
        line.split("==")
        for line in (ROOT / "requirements.txt").read_text().splitlines()
        if "==" in line and not line.startswith("#")
    )
    assert f"ipympl=={pins['ipympl']}" in _load_script().INSTALL_CELL
    assert version("ipympl") == pins["ipympl"]
    front_end = Path(sys.prefix) / "share/jupyter/labextensions/jupyter-matplotlib/package.json"
    assert front_end.is_file()


def test_the_wheel_installs_offline_and_imports_the_package(tmp_path):
    wheel = _load_script().build_wheel(tmp_path / "wheels")
    with zipfile.ZipFile(wheel) as zf:
        modules = sorted(n for n in zf.namelist() if n.startswith("linsep_helpers/"))
    # every module, subpackages (explorers, exercises, plotting) included
    assert modules == sorted(
        p.relative_to(ROOT).as_posix() for p in (ROOT / "linsep_helpers").rglob("*.py")
    )
    assert "linsep_helpers/explorers/__init__.py" in modules
    target = tmp_path / "target"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet",
         "--disable-pip-version-check", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
        env=dict(os.environ, **NO_NETWORK),
    )  # fmt: skip
    code = (
        "import importlib.metadata as m, linsep_helpers as lh; "
        "print(lh.__file__); print(m.version('linsep_helpers')); "
        "print(sorted(m.requires('linsep_helpers')))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code],
        check=True,
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(target)),
        cwd=tmp_path,
    )
    where, version, requires = run.stdout.splitlines()
    assert Path(where).is_relative_to(target)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert version == project["version"]
    for dep in project["dependencies"]:
        assert dep in requires


def test_the_install_cell_is_a_command_the_shipped_piplite_understands(site, tmp_path):
    import asyncio

    pypi = site / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
    wheels = sorted(pypi.glob("piplite-*-py3-none-any.whl"))
    assert len(wheels) == 1
    with zipfile.ZipFile(wheels[0]) as zf:
        cli_path = tmp_path / "piplite_cli.py"
        cli_path.write_bytes(zf.read("piplite/cli.py"))
    spec = importlib.util.spec_from_file_location("piplite_cli", cli_path)
    cli = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cli)
    lines = [ln for ln in _load_script().INSTALL_CELL.splitlines() if ln.startswith("%pip ")]
    assert len(lines) == 1
    action, kwargs = asyncio.run(cli.get_action_kwargs(lines[0].split()[1:]))
    assert action == "install"
    assert sorted(kwargs["requirements"]) == sorted(
        ["linsep_helpers", f"ipympl=={_load_script().IPYMPL_VERSION}"]
    )


# The Lite copies' first two code cells (the install cell, then the notebook's own first) in
# an IPython shell set up as JupyterLite's kernel is: matplotlib_inline as the backend
# (pyodide_kernel's patch_matplotlib), `%pip` that installs nothing here (recorded), and,
# in mode "broken", ipympl's backend failing to import as it does in JupyterLite today
# (pyodide/pyodide#6075).  Each notebook runs in a Python of its own.
FIRST_CELLS = r"""
import importlib.abc, importlib.util, json, sys
import matplotlib, matplotlib.pyplot as plt

class Broken(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    # ipympl's backend is there but fails when imported, as in JupyterLite
    def find_spec(self, name, path, target=None):
        if name == "ipympl.backend_nbagg":
            return importlib.util.spec_from_loader(name, self)
    def create_module(self, spec):
        return None
    def exec_module(self, module):
        raise ImportError("cannot import name 'alert' from 'js' (unknown location)")

if sys.argv[2] == "broken":
    sys.meta_path.insert(0, Broken())
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output

class Shell(InteractiveShell):
    def enable_gui(self, gui=None):  # no GUI event loop to start (the inline backend)
        pass

shell = Shell.instance()
pip = []
shell.register_magic_function(lambda line: pip.append(line), "line", "pip")
printed = []
for source in json.loads(sys.argv[1]):
    with capture_output() as out:
        result = shell.run_cell(source)
    printed.append(out.stdout)
    result.raise_error()
import linsep_helpers as lh
from linsep_helpers.explorers import _ipympl
drag = lh.DragSeparabilityExplorer(n=6)
views = [type(w).__name__ for w in drag.widget().children]
print(json.dumps({"pip": pip, "printed": printed, "backend": matplotlib.get_backend(),
                  "live": _ipympl.live(), "views": views}))
"""


def _run_first_cells(site, mode: str, names: list[str] = NAMES) -> dict:
    """{notebook: what its first cells did}, each notebook in a Python of its own."""
    env = {k: v for k, v in os.environ.items() if k != "LINSEP_NO_IPYMPL"}
    env["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
    runs = {}
    for name in names:
        lite = json.loads((site / "files" / name).read_text(encoding="utf-8"))
        code = [_src(c) for c in lite["cells"] if c["cell_type"] == "code"]
        cells = code[:2]  # the install cell, then the notebook's first code cell
        assert cells[1].startswith("%matplotlib widget\n"), name
        runs[name] = subprocess.Popen(
            [sys.executable, "-c", FIRST_CELLS, json.dumps(cells), mode],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=site,
        )
    report = {}
    for name, run in runs.items():
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, f"{name}:\n{err[-3000:]}"
        report[name] = json.loads(out.splitlines()[-1])
    return report


def test_first_cells_run_where_ipympl_cannot_and_explorers_fall_back(site):
    report = _run_first_cells(site, "broken")
    assert sorted(report) == NAMES
    for name, r in report.items():
        assert r["pip"] == [f"install -q linsep_helpers ipympl=={_load_script().IPYMPL_VERSION}"]
        # `%matplotlib widget` raised (matplotlib may wrap the ImportError in a RuntimeError)
        assert r["printed"][0].startswith("ipympl does not run here ("), name
        assert "%matplotlib widget -> inline" in r["printed"][1], name
        assert "inline" in r["backend"] and not r["live"], name
        # the drag explorer: its toggles and Reset, the sentence, the picture, the readout
        assert r["views"] == ["HBox", "HTML", "Image", "HTML"], name


def test_first_cells_change_nothing_where_ipympl_runs(site):
    report = _run_first_cells(site, "working", NAMES[:1])
    for name, r in report.items():
        assert "does not run" not in "".join(r["printed"]) and "inline" not in r["printed"][1]
        assert r["backend"] in ("widget", "module://ipympl.backend_nbagg") and r["live"], name
        assert r["views"] == ["HBox", "Canvas", "HTML"], name
