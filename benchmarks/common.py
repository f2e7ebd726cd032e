"""Shared helpers of the benchmarks: timing, machine description, JSON output."""

from __future__ import annotations

import datetime as _dt
import json
import os
import platform
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUTPUT = HERE / "output"
PLOTS = HERE / "plots"
PYTHON = ROOT / ".venv" / "bin" / "python"


def best_of(fn: Callable[[], Any], reps: int) -> tuple[float, Any]:
    """Best wall time (time.perf_counter) of ``reps`` calls and the last call's result."""
    best = float("inf")
    out = None
    for _ in range(reps):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def machine() -> dict[str, Any]:
    """Cores, CPU model, memory, Python and library versions, date."""
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem_gib = float("nan")
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                mem_gib = int(line.split()[1]) / 2**20
                break
    except OSError:
        pass
    versions: dict[str, str] = {"python": platform.python_version()}
    import importlib.metadata as md

    for pkg in (
        "linsep_helpers",
        "numpy",
        "scipy",
        "scikit-learn",
        "matplotlib",
        "ipympl",
        "ipywidgets",
        "nbclient",
        "highspy",
    ):
        try:
            versions[pkg] = md.version(pkg)
        except md.PackageNotFoundError:
            pass
    try:
        import numpy as np

        cfg = np.show_config(mode="dicts")
        blas = cfg.get("Build Dependencies", {}).get("blas", {})
        versions["numpy BLAS"] = f"{blas.get('name', '?')} {blas.get('version', '')}".strip()
    except Exception:  # noqa: BLE001 - informative only
        pass
    return {
        "cores": os.cpu_count(),
        "cpu": cpu,
        "memory_gib": round(mem_gib, 1),
        "platform": platform.platform(),
        "versions": versions,
        "date": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "loadavg": os.getloadavg(),
    }


def save(name: str, data: dict[str, Any]) -> Path:
    """Write benchmarks/output/<name>.json (with the machine description)."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    path = OUTPUT / f"{name}.json"
    data = {"machine": machine(), **data}
    path.write_text(json.dumps(data, indent=1, default=float))
    return path


def load(name: str) -> dict[str, Any] | None:
    path = OUTPUT / f"{name}.json"
    if not path.exists():
        return None
    return json.loads(path.read_text())
