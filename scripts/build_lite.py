"""Build the JupyterLite site: the student notebooks and linsep_helpers, running in the browser.

The site is static (no Jupyter server, no Python on the server): its kernel is Pyodide, loaded
by the browser from a CDN when a notebook first starts. This script

1. builds a pure-Python wheel of linsep_helpers with the standard library (so the build works
   offline and needs neither `wheel` nor `build`) into the staged site's pypi/ folder, which
   jupyterlite-pyodide-kernel indexes, so `%pip install linsep_helpers` finds it in the site;
2. stages the student copies (student/NN_*.ipynb, no solutions: the site is public) with one
   extra first cell that installs linsep_helpers and ipympl into the browser's Python and,
   where ipympl's backend fails to load, makes the notebooks' `%matplotlib widget` mean
   `%matplotlib inline` (explorers then fall back to pictures);
3. runs `jupyter lite build` with lite/jupyter_lite_config.json and lite/jupyter-lite.json.

The build itself never touches the network. Usage (or `make lite`):

    python scripts/build_lite.py [--out lite/_output]
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
LITE_CONFIG = ROOT / "lite"
STUDENT = ROOT / "student"
# the ipympl front-end the site ships is the one installed here; the kernel side must match it
IPYMPL_VERSION = "0.10.0"
INSTALL_CELL_ID = "jupyterlite-install"
# After the install, the cell tries ipympl. Where `%matplotlib widget` fails (as reported for
# JupyterLite: "cannot import name 'alert' from 'js'", pyodide/pyodide#6075), it says so and makes
# the notebook's own `%matplotlib widget` mean `%matplotlib inline`, so the notebook's first
# cell runs; explorers then show a picture per frame (explorers/_ipympl.py, `live`).
INSTALL_CELL = f"""\
# JupyterLite only (Python in the browser): install the course package and the widget
# backend of matplotlib into this tab's Python. Run this cell first; it takes a few seconds.
%pip install -q linsep_helpers ipympl=={IPYMPL_VERSION}
try:
    import ipympl  # noqa: F401  (imported before the magic, as JupyterLite's ipympl example does)

    get_ipython().run_line_magic("matplotlib", "widget")
except Exception as error:
    print(f"ipympl does not run here ({{type(error).__name__}}: {{error}})")

    def _matplotlib(line, magic=get_ipython().find_line_magic("matplotlib")):
        if line.strip() in ("widget", "ipympl"):
            print(
                "%matplotlib widget -> inline: figures are pictures here; the sliders "
                "redraw them, and dragging points needs JupyterLab with ipympl."
            )
            line = "inline"
        return magic(line)

    get_ipython().register_magic_function(_matplotlib, "line", "matplotlib")
    get_ipython().run_line_magic("matplotlib", "widget")"""
# fixed time stamp for the zip entries, so the wheel's bytes depend only on the sources
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode()


def _metadata(project: dict) -> str:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project['description']}",
        f"Requires-Python: {project['requires-python']}",
    ]
    lines += [f"Requires-Dist: {dep}" for dep in project.get("dependencies", [])]
    for extra, deps in sorted(project.get("optional-dependencies", {}).items()):
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {dep}; extra == "{extra}"' for dep in deps]
    return "\n".join(lines) + "\n"


def build_wheel(out_dir: Path) -> Path:
    """Write linsep_helpers-VERSION-py3-none-any.whl (package modules + dist-info) to out_dir."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    name, version = project["name"], project["version"]
    dist_info = f"{name}-{version}.dist-info"
    files = {
        p.relative_to(ROOT).as_posix(): p.read_bytes() for p in sorted((ROOT / name).rglob("*.py"))
    }
    files[f"{dist_info}/METADATA"] = _metadata(project).encode()
    files[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: linsep build_lite.py\n"
        b"Root-Is-Purelib: true\nTag: py3-none-any\n"
    )
    record = "".join(f"{path},{_record_hash(data)},{len(data)}\n" for path, data in files.items())
    files[f"{dist_info}/RECORD"] = (record + f"{dist_info}/RECORD,,\n").encode()
    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path, data in files.items():
            info = zipfile.ZipInfo(path, date_time=_ZIP_TIME)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    return wheel


def stage_notebooks(source: Path, out_dir: Path) -> list[Path]:
    """Copy source/NN_*.ipynb to out_dir with the install cell in front."""
    paths = sorted(source.glob("[0-9][0-9]_*.ipynb"))
    if not paths:
        raise SystemExit(f"no notebooks NN_*.ipynb in {source}: run `make student` first")
    out_dir.mkdir(parents=True, exist_ok=True)
    staged = []
    for path in paths:
        nb = nbformat.read(path, as_version=nbformat.NO_CONVERT)
        cell = nbformat.v4.new_code_cell(INSTALL_CELL)
        cell["id"] = INSTALL_CELL_ID
        nb.cells.insert(0, cell)
        nbformat.write(nb, out_dir / path.name)
        staged.append(out_dir / path.name)
    return staged


def build_site(out: Path, source: Path = STUDENT) -> Path:
    """Build the JupyterLite site into out (replaced if it exists); return out."""
    out = out.resolve()
    with tempfile.TemporaryDirectory(prefix="linsep-lite-") as tmp:
        lite_dir = Path(tmp) / "lite"
        shutil.copytree(LITE_CONFIG, lite_dir, ignore=shutil.ignore_patterns("_output", ".*"))
        build_wheel(lite_dir / "pypi")
        stage_notebooks(source, lite_dir / "notebooks")
        if out.exists():
            shutil.rmtree(out)
        env = dict(os.environ, JUPYTERLITE_NO_LIBARCHIVE="1")
        cmd = [
            str(Path(sys.executable).with_name("jupyter")),
            "lite",
            "build",
            "--lite-dir",
            str(lite_dir),
            "--contents",
            str(lite_dir / "notebooks"),
            "--output-dir",
            str(out),
        ]
        subprocess.run(cmd, check=True, cwd=lite_dir, env=env)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=LITE_CONFIG / "_output")
    parser.add_argument("--source", type=Path, default=STUDENT)
    args = parser.parse_args(argv)
    out = build_site(args.out, args.source)
    print(f"JupyterLite site in {out}: serve it with `python -m http.server -d {out}`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
