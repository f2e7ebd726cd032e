"""Benchmark 4: kernel-side time per slider move of every explorer.

Every subclass of ``linsep_helpers.explorers.Explorer`` (found recursively) is built with its
defaults and each slider is moved across MOVES values spanning its range (linear, log or
integer, from its ``Slider`` spec).  The instance's ``compute`` and ``draw`` are wrapped with
timers and the whole ``update`` is timed.  Two backends, each in its own child process:

- "agg": the headless backend of the tests (``refresh`` is a no-op until ``.widget()`` is built);
- "ipympl": ``module://ipympl.backend_nbagg`` with ``.widget()`` built and the browser played
  the way ipympl's front end plays it: after each move the kernel has asked for a frame
  (``draw_idle``), the front end answers with a "draw" message, simulated by
  ``canvas.handle_event({"type": "draw"})`` and timed as ``frame``.  The frame is a blit or a
  full render (``explorers._blit.Blitter`` decides; counted) and includes encoding the PNG that
  goes to the browser.  (After a pause the blitter would push the blit from within ``update``
  instead of asking: the same work, moved.  The benchmark turns pushing off, so that
  ``update`` and ``frame`` stay apart.)  After the frame, a full render
  ``canvas.draw()`` is timed as the reference (what every frame cost before blitting).

Kernel-side time of a move = update + frame (ipympl).
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
    """moves slider values spanning the range; an integer slider walks up and down one step
    at a time (each move changes the value, as a key press does)."""
    if s.kind == "int":
        up = list(range(int(s.min), int(s.max) + 1))
        walk = up + up[-2:0:-1]
        return [walk[(i + 1) % len(walk)] for i in range(moves)]
    if s.kind == "log":
        v = np.geomspace(s.min, s.max, moves)
    else:
        v = np.linspace(s.min, s.max, moves)
    return [float(x) for x in np.clip(v, s.min, s.max)]


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
    from linsep_helpers.explorers import Explorer
    from linsep_helpers.explorers._blit import Blitter

    Blitter.PUSH_GAP_S = float("inf")  # always the request path (see the module docstring)

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
            upd, frame, full_render, kinds = [], [], [], []
            canvas = ex.fig.canvas
            events: list[str] = []
            if backend == "ipympl":
                canvas.syncing_data_url = False  # as after the front end's "initialized"
                send_event = canvas.send_event

                def record(
                    event_type: str, send_event: Any = send_event, events: list = events, **kw: Any
                ) -> Any:
                    events.append(event_type)
                    return send_event(event_type, **kw)

                canvas.send_event = record
                canvas.handle_event({"type": "draw"})  # the first frame
            for v in _values(s, moves):
                before = ex.blitter.frames["blit"] if backend == "ipympl" else 0
                t0 = time.perf_counter()
                ex.update(**{s.name: v})
                upd.append(time.perf_counter() - t0)
                if backend == "ipympl":
                    # the front end asks for the frame the kernel announced (if it did not
                    # push it already, see _blit.Blitter.show)
                    t0 = time.perf_counter()
                    if "draw" in events:
                        events.clear()
                        canvas.handle_event({"type": "draw"})
                    frame.append(time.perf_counter() - t0)
                    kinds.append(ex.blitter.frames["blit"] > before)
                    t0 = time.perf_counter()
                    canvas.draw()
                    full_render.append(time.perf_counter() - t0)
            n = len(upd)
            comp = timers["compute"][:n]
            drw = timers["draw"][:n]
            total = np.array(upd)
            if frame:
                total = total + np.array(frame)
            row = {
                "backend": backend,
                "explorer": cls.__name__,
                "slider": s.name,
                "kind": s.kind,
                "moves": n,
            }
            if kinds:
                row["blit_fraction"] = float(np.mean(kinds))
            for key, arr in (
                ("compute", comp),
                ("draw", drw),
                ("update", upd),
                ("frame", frame),
                ("full_render", full_render),
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
