"""Benchmark 6: kernel-side time per mouse-motion event while dragging a point (issue 18).

Each drag explorer (``linsep_helpers.explorers.draggable``) is built with its defaults; point 1
is pressed and dragged along MOVES motion events, from where it is to the mean of the other
class and back (the verdict flips on the way for every explorer), then released.  Events are
matplotlib ``MouseEvent``s processed by ``canvas.callbacks``, as a backend delivers them.  The
instance's ``compute_data`` and ``draw`` are wrapped with timers; ``event`` is the whole
callback (compute + draw + readout).  Two backends, each in its own child process, as in
``bench_sliders``: "agg" (headless) and "ipympl" with ``.widget()`` built and the browser's
frame request simulated (``canvas.handle_event({"type": "draw"})``, timed as ``frame``; pushing
turned off so that event and frame stay apart).  Kernel side = event + frame.  Skipping queued
motion events (``DragExplorer.COALESCE_S``) is turned off: every event here is handled.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

import numpy as np
from common import HERE, PYTHON

MOVES = 120


def _path(start: np.ndarray, end: np.ndarray, moves: int) -> list[np.ndarray]:
    half = moves // 2
    there = [start + (end - start) * t for t in np.linspace(0, 1, half + 1)[1:]]
    back = [end + (start - end) * t for t in np.linspace(0, 1, moves - half + 1)[1:]]
    return there + back


def _child_main(backend: str, moves: int) -> None:
    import matplotlib

    matplotlib.use("module://ipympl.backend_nbagg" if backend == "ipympl" else "Agg")
    import matplotlib.pyplot as plt
    from matplotlib.backend_bases import MouseEvent

    from linsep_helpers.explorers import draggable
    from linsep_helpers.explorers._blit import Blitter
    from linsep_helpers.explorers._drag import DragExplorer

    Blitter.PUSH_GAP_S = float("inf")  # always the request path (see bench_sliders)
    DragExplorer.COALESCE_S = 0.0  # events come back to back here: time every one
    rows = []
    for name in sorted(n for n in draggable.__all__ if n.endswith("Explorer")):
        cls = getattr(draggable, name)
        ex = cls()
        if backend == "ipympl":
            ex.widget()
        timers: dict[str, list[float]] = {"compute": [], "draw": []}

        def wrap(key: str, fn: Any, timers: dict = timers) -> Any:
            def timed(*args: Any, **k: Any) -> Any:
                t0 = time.perf_counter()
                out = fn(*args, **k)
                timers[key].append(time.perf_counter() - t0)
                return out

            return timed

        ex.compute_data = wrap("compute", ex.compute_data)
        ex.draw = wrap("draw", ex.draw)
        canvas = ex.fig.canvas
        events: list[str] = []
        if backend == "ipympl":
            canvas.syncing_data_url = False
            send_event = canvas.send_event

            def record(
                event_type: str, send_event: Any = send_event, events: list = events, **kw: Any
            ) -> Any:
                events.append(event_type)
                return send_event(event_type, **kw)

            canvas.send_event = record
            canvas.handle_event({"type": "draw"})

        def fire(kind: str, xy: Any, button: int | None, ex: Any = ex) -> None:
            px, py = ex.ax.transData.transform(np.asarray(xy, dtype=float))
            ex.fig.canvas.callbacks.process(kind, MouseEvent(kind, ex.fig.canvas, px, py, button))

        X, y = ex.X, ex.y
        fire("button_press_event", X[1], 1)
        timers["compute"].clear()
        timers["draw"].clear()
        ev, frame, kinds, verdicts = [], [], [], []
        for xy in _path(X[1], X[y != y[1]].mean(axis=0), moves):
            before = ex.blitter.frames["blit"] if backend == "ipympl" else 0
            t0 = time.perf_counter()
            fire("motion_notify_event", xy, None)
            ev.append(time.perf_counter() - t0)
            verdicts.append(str(getattr(ex.state, "separable", getattr(ex.state, "kind", ""))))
            if backend == "ipympl":
                t0 = time.perf_counter()
                if "draw" in events:
                    events.clear()
                    canvas.handle_event({"type": "draw"})
                frame.append(time.perf_counter() - t0)
                kinds.append(ex.blitter.frames["blit"] > before)
        fire("button_release_event", ex.X[1], 1)
        total = np.array(ev) + (np.array(frame) if frame else 0.0)
        row: dict[str, Any] = {
            "backend": backend,
            "explorer": name,
            "moves": len(ev),
            "n": len(y),
            "verdict_changes": int(np.sum(np.array(verdicts[1:]) != np.array(verdicts[:-1]))),
        }
        if kinds:
            row["blit_fraction"] = float(np.mean(kinds))
        n = len(ev)
        for key, arr in (
            ("compute", timers["compute"][:n]),
            ("draw", timers["draw"][:n]),
            ("event", ev),
            ("frame", frame),
            ("total", list(total)),
        ):
            if len(arr):
                row[key] = {
                    "median_ms": float(np.median(arr) * 1e3),
                    "p95_ms": float(np.percentile(arr, 95) * 1e3),
                }
        rows.append(row)
        plt.close(ex.fig)
        print(
            f"  {backend} {name}: total median {row['total']['median_ms']:.1f} ms, "
            f"p95 {row['total']['p95_ms']:.1f} ms",
            file=sys.stderr,
            flush=True,
        )
    print(json.dumps(rows))


def run(quick: bool = False, reps: int = 3) -> dict[str, Any]:
    moves = 30 if quick else MOVES
    out: dict[str, Any] = {"moves": moves, "rows": []}
    for backend in ("agg", "ipympl"):
        cmd = [str(PYTHON), str(HERE / "bench_drag.py"), backend, str(moves)]
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, text=True, check=True)
        out["rows"] += json.loads(proc.stdout.strip().splitlines()[-1])
    return out


if __name__ == "__main__":
    _child_main(sys.argv[1], int(sys.argv[2]))
