"""Benchmark 5: execution time and peak memory of each notebook.

Each notebook (notebooks/0*.ipynb) is executed by nbclient in its own child process, with a
fresh kernel started in notebooks/.  Reported: the kernel start-up time, the time to run all
cells, and the kernel's peak resident memory (VmHWM), read by a final cell appended to a copy
of the notebook (``resource.getrusage(RUSAGE_SELF).ru_maxrss``, KiB on Linux).  The reference
is an "empty" notebook made of the same first cell (the imports) only; the ratio is
(cells of the notebook) / (cells of the empty notebook).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from common import HERE, PYTHON, ROOT

NOTEBOOKS = ROOT / "notebooks"
RSS_CELL = "import resource\nprint(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"


def _child_main(path: str, empty: bool) -> None:
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    if empty:
        first = next(c for c in nb.cells if c.cell_type == "code")
        nb.cells = [first]
    nb.cells.append(nbformat.v4.new_code_cell(RSS_CELL))
    client = NotebookClient(
        nb, timeout=1200, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
    )
    t0 = time.perf_counter()
    growth = []  # (VmHWM increase in MiB, cell index, first line) per code cell
    with client.setup_kernel():
        t1 = time.perf_counter()
        pid = _kernel_pid(client)
        hwm = _vmhwm_mib(pid)
        cell_time = 0.0
        for i, cell in enumerate(nb.cells[:-1]):
            c0 = time.perf_counter()
            client.execute_cell(cell, i)
            cell_time += time.perf_counter() - c0
            if cell.cell_type == "code" and pid is not None:
                now = _vmhwm_mib(pid)
                first = cell.source.strip().splitlines()[0][:60] if cell.source.strip() else ""
                growth.append((now - hwm, i, first))
                hwm = now
        t2 = t1 + cell_time
        client.execute_cell(nb.cells[-1], len(nb.cells) - 1)
    outs = nb.cells[-1].outputs
    text = "".join(o.get("text", "") for o in outs if o.get("output_type") == "stream")
    print(
        json.dumps(
            {
                "startup_s": t1 - t0,
                "cells_s": t2 - t1,
                "n_cells": len(nb.cells) - 1,
                "n_code_cells": sum(c.cell_type == "code" for c in nb.cells) - 1,
                "top_memory_cells": sorted(growth, reverse=True)[:3],
                "peak_rss_mib": int(text.strip().splitlines()[-1]) / 1024,
            }
        )
    )


def _kernel_pid(client: object) -> int | None:
    try:
        return int(client.km.provisioner.process.pid)  # type: ignore[attr-defined]
    except AttributeError:
        return None


def _vmhwm_mib(pid: int | None) -> float:
    if pid is None:
        return 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _child(path: Path, empty: bool) -> dict[str, Any]:
    cmd = [str(PYTHON), str(HERE / "bench_notebooks.py"), str(path), "empty" if empty else "full"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=NOTEBOOKS)
    return json.loads(out.stdout.strip().splitlines()[-1])


def run(quick: bool = False, reps: int = 3) -> dict[str, Any]:
    k = 1 if quick else 2
    rows = []
    for path in sorted(NOTEBOOKS.glob("0*.ipynb")):
        empties = [_child(path, True) for _ in range(k)]
        fulls = [_child(path, False) for _ in range(k)]
        e = min(empties, key=lambda r: r["cells_s"])
        f = min(fulls, key=lambda r: r["cells_s"])
        row = {
            "notebook": path.name,
            "empty": e,
            "full": f,
            "ratio": f["cells_s"] / e["cells_s"],
            "peak_rss_mib": max(r["peak_rss_mib"] for r in fulls),
            "empty_rss_mib": max(r["peak_rss_mib"] for r in empties),
            "reps": k,
        }
        rows.append(row)
        print(
            f"  {path.name}: cells {f['cells_s']:.2f} s (empty {e['cells_s']:.2f} s, "
            f"ratio {row['ratio']:.1f}), start-up {f['startup_s']:.2f} s, "
            f"peak RSS {row['peak_rss_mib']:.0f} MiB (empty {row['empty_rss_mib']:.0f})",
            flush=True,
        )
    return {"rows": rows}


if __name__ == "__main__":
    _child_main(sys.argv[1], sys.argv[2] == "empty")
