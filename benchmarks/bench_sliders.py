"""Benchmark 4: kernel-side time per slider move of every explorer.

Every subclass of ``widgets.Explorer`` (found recursively) is built with its defaults and each
slider is moved across MOVES values spanning its range (linear, log or integer, from its
``Slider`` spec).  The instance's ``compute`` and ``draw`` are wrapped with timers and the whole
``update`` is timed.  Two backends, each in its own child process:

- "agg": the headless backend of the tests (``refresh`` is a no-op until ``.widget()`` is built);
- "ipympl": ``module://ipympl.backend_nbagg`` with ``.widget()`` built, so ``refresh`` calls
  ``canvas.draw_idle()``; the render that ipympl then performs is measured separately as
  ``fig.canvas.draw()`` (Agg rasterisation) plus ``canvas.get_diff_image()`` (the PNG sent to
  the browser).

Kernel-side time of a move = update + render + encode (ipympl).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

import numpy as np
from common import HERE, PYTHON

MOVES = 100


def _values(s: Any, moves: int) -> list[float]:
    if s.kind == "log":
        v = np.geomspace(s.min, s.max, moves)
    else:
        v = np.linspace(s.min, s.max, moves)
    v = np.clip(v, s.min, s.max)
    if s.kind == "int":
        return [int(round(x)) for x in v]
    return [float(x) for x in v]


def _subclasses(cls: type) -> list[type]:
    out = []
    for c in cls.__subclasses__():
        out.append(c)
        out.extend(_subclasses(c))
    return out


def _child_main(backend: str, moves: int) -> None:
    import matplotlib

    if backend == "ipympl":
        matplotlib.use("module://ipympl.backend_nbagg")
    else:
        matplotlib.use("Agg")
    import linsep_helpers  # noqa: F401 - imports every module, so every explorer exists
    from linsep_helpers.widgets import Explorer

    rows = []
    seen = set()
    for cls in _subclasses(Explorer):
        if cls in seen or not cls.sliders:
            continue
        seen.add(cls)
        for s in cls.sliders:
            ex = cls()
            if backend == "ipympl":
                ex.widget()
            timers: dict[str, list[float]] = {"compute": [], "draw": []}

            def wrap(name: str, fn: Any, timers: dict = timers) -> Any:
                def timed(*a: Any, **k: Any) -> Any:
                    t0 = time.perf_counter()
                    out = fn(*a, **k)
                    timers[name].append(time.perf_counter() - t0)
                    return out

                return timed

            ex.compute = wrap("compute", ex.compute)
            ex.draw = wrap("draw", ex.draw)
            upd, render, encode = [], [], []
            canvas = ex.fig.canvas
            for v in _values(s, moves):
                t0 = time.perf_counter()
                ex.update(**{s.name: v})
                upd.append(time.perf_counter() - t0)
                if backend == "ipympl":
                    t0 = time.perf_counter()
                    canvas.draw()
                    render.append(time.perf_counter() - t0)
                    if hasattr(canvas, "get_diff_image"):
                        t0 = time.perf_counter()
                        canvas.get_diff_image()
                        encode.append(time.perf_counter() - t0)
            frozen = []
            if backend == "ipympl":
                # experiment: the same moves with the constrained layout frozen at its last
                # result (what a layout-free redraw would cost); not what the package does
                ex.fig.set_layout_engine("none")
                for v in _values(s, max(10, moves // 2)):
                    ex.update(**{s.name: v})
                    t0 = time.perf_counter()
                    canvas.draw()
                    frozen.append(time.perf_counter() - t0)
            n = len(upd)
            comp = timers["compute"][:n]
            drw = timers["draw"][:n]
            total = np.array(upd)
            if render:
                total = total + np.array(render)
            if encode:
                total = total + np.array(encode)
            row = {
                "backend": backend,
                "explorer": cls.__name__,
                "slider": s.name,
                "kind": s.kind,
                "moves": n,
            }
            for key, arr in (
                ("compute", comp),
                ("draw", drw),
                ("update", upd),
                ("render", render),
                ("encode", encode),
                ("render_frozen_layout", frozen),
                ("total", list(total)),
            ):
                if arr:
                    row[key] = {
                        "median_ms": float(np.median(arr) * 1e3),
                        "p95_ms": float(np.percentile(arr, 95) * 1e3),
                    }
            rows.append(row)
            import matplotlib.pyplot as plt

            plt.close(ex.fig)
            print(
                f"  {backend} {cls.__name__}.{s.name}: total median "
                f"{row['total']['median_ms']:.1f} ms, p95 {row['total']['p95_ms']:.1f} ms",
                file=sys.stderr,
                flush=True,
            )
    print(json.dumps(rows))


def run(quick: bool = False, reps: int = 3) -> dict[str, Any]:
    moves = 20 if quick else MOVES
    out: dict[str, Any] = {"moves": moves, "rows": []}
    for backend in ("agg", "ipympl"):
        cmd = [str(PYTHON), str(HERE / "bench_sliders.py"), backend, str(moves)]
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, text=True, check=True)
        out["rows"] += json.loads(proc.stdout.strip().splitlines()[-1])
    return out


if __name__ == "__main__":
    _child_main(sys.argv[1], int(sys.argv[2]))
