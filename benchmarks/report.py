"""Build benchmarks/RESULTS.md and benchmarks/plots/*.png from benchmarks/output/*.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from common import HERE, PLOTS, ROOT, load  # noqa: E402

RESULTS = HERE / "RESULTS.md"
LATENCIES = ROOT / "test-artifacts" / "browser" / "latencies.json"
FLOOR = ROOT / "test-artifacts" / "browser" / "latency_floor.json"
DRAG_FPS = ROOT / "test-artifacts" / "browser" / "drag_fps.json"
FLOOR_CASES = {
    "floor_widgets": "a slider and a text readout, no figure (the widget round trip)",
    "floor_ipympl_small": "the same slider moving one dot of a 4 x 3 inch ipympl figure",
    "floor_ipympl_explorer": "the same at the explorers' figure size (940 x 400 pixels)",
}
NOTES = HERE / "notes.md"  # hand-written analysis, appended to RESULTS.md when present
DPI = 72


def _fig(w: float = 6.0, h: float = 3.4) -> tuple[Any, Any]:
    return plt.subplots(figsize=(w, h), layout="constrained")


def _save(fig: Any, name: str) -> str:
    PLOTS.mkdir(parents=True, exist_ok=True)
    fig.savefig(PLOTS / name, dpi=DPI)
    plt.close(fig)
    return f"plots/{name}"


def _ms(t: float | None) -> str:
    if t is None:
        return "-"
    return f"{t * 1e3:.3g}" if t < 10 else f"{t * 1e3:.0f}"


def _table(head: list[str], rows: list[list[Any]]) -> str:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


# ------------------------------------------------------------------------------------------


def _machine(parts: dict[str, dict]) -> str:
    m = next(iter(parts.values()))["machine"]
    v = m["versions"]
    dates = ", ".join(f"{k} {p['machine']['date']}" for k, p in parts.items())
    loads = ", ".join(f"{k} {p['machine']['loadavg'][0]:.2f}" for k, p in parts.items())
    return "\n".join(
        [
            f"- Machine: {m['cores']} cores, {m['cpu']}, {m['memory_gib']} GiB RAM "
            f"({m['platform']}). Shared with other users running tests: every time is the "
            "best of several repetitions, but expect noise of 10-30 %.",
            "- Versions: " + ", ".join(f"{k} {x}" for k, x in v.items()) + ".",
            f"- Dates: {dates}.",
            f"- Load average (1 min) when each part started: {loads}.",
        ]
    )


def _perceptron(p: dict) -> str:
    rows = p["rows"]
    lines = [
        "## 1. Perceptron: time to a separator vs scikit-learn",
        "",
        "`perceptron(X, y, trace=False)` against `sklearn.linear_model.Perceptron(shuffle=False, "
        "eta0=1, alpha=0, penalty=None, tol=None)` on `make_separable(n, 20, margin, seed=0)` "
        "(radius 1). With `tol=None` scikit-learn runs exactly `max_iter` epochs, so it gets "
        "`max_iter` = the number of passes our run made (the passes with mistakes plus the clean "
        "pass that proves convergence): both do the same passes and the same updates. "
        "`identical` checks that both end at bit-identical (w, b). Best of `reps` runs "
        "(time.perf_counter); times include input validation on both sides. Bandwidth = "
        "(bytes of X) x passes / time; the machine's read bandwidth (numpy sum over 160 MB) is "
        f"{p['stream_gbps']:.1f} GB/s.",
        "",
    ]
    t = []
    for r in rows:
        t.append(
            [
                r["margin"],
                f"{r['n']:.0e}",
                r["epochs"],
                r["updates"],
                _ms(r["t_ours"]),
                _ms(r["t_sklearn"]),
                f"**{r['ratio']:.2f}**",
                f"{r['gbps_ours']:.2f}",
                f"{r['gbps_sklearn']:.2f}",
                "yes" if r["identical"] else "NO",
            ]
        )
    lines.append(
        _table(
            [
                "margin",
                "n",
                "passes",
                "updates",
                "ours (ms)",
                "sklearn (ms)",
                "ratio ours/sklearn",
                "ours GB/s",
                "sklearn GB/s",
                "identical",
            ],
            t,
        )
    )
    worst = max(rows, key=lambda r: r["ratio"])
    met = worst["ratio"] <= 1.0
    lines += [
        "",
        f"Goal (ratio <= 1 at every size): **{'met' if met else 'missed'}**; worst ratio "
        f"{worst['ratio']:.2f} at n = {worst['n']:.0e}, margin {worst['margin']}"
        + ("." if met else f" ({(worst['ratio'] - 1) * 100:.0f} % slower)."),
        "",
    ]
    fig, ax = _fig()
    for margin, mk in zip(sorted({r["margin"] for r in rows}), "os", strict=False):
        rr = [r for r in rows if r["margin"] == margin]
        ns = [r["n"] for r in rr]
        ax.loglog(ns, [r["t_ours"] for r in rr], mk + "-", label=f"perceptron, margin {margin}")
        ax.loglog(ns, [r["t_sklearn"] for r in rr], mk + "--", label=f"sklearn, margin {margin}")
    ax.set(xlabel="n (d = 20)", ylabel="time to a separator (s)")
    ax.legend(fontsize=8)
    lines.append(f"![perceptron vs sklearn]({_save(fig, 'perceptron.png')})")
    return "\n".join(lines)


def _lp(p: dict) -> str:
    st, rnd = p["staircase"], p["random"]
    lines = [
        "## 2. LP (`find_separator`, HiGHS) vs perceptron",
        "",
        "Staircase data in dimension d (homogeneous cyclic perceptron from 0; the LP gets the "
        "points and their mirror images, which forces a separator through the origin). The "
        "perceptron's update count is the closed form sum_j (2^j - 1)^2 (checked on every "
        f"measured run). Runs predicted to exceed {p['budget_s']:g} s are extrapolated from the "
        "measured time per update (marked *).",
        "",
    ]
    t = [
        [
            r["d"],
            r["updates"],
            _ms(r["t_lp"]),
            (f"{r['t_perceptron']:.3g}" + ("" if r["measured"] else " *")),
            f"{r['ratio']:.3g}",
        ]
        for r in st
    ]
    lines.append(
        _table(["d", "perceptron updates", "LP (ms)", "perceptron (s)", "perceptron / LP"], t)
    )
    lines += [
        "",
        "Random separable data (`make_separable(n, 20, margin)`, affine separator):",
        "",
    ]
    t = [
        [
            r["margin"],
            f"{r['n']:.0e}",
            r["updates"],
            _ms(r["t_lp"]),
            _ms(r["t_perceptron"]),
            f"{r['ratio_lp_over_perceptron']:.3g}",
        ]
        for r in rnd
    ]
    lines.append(
        _table(["margin", "n", "perceptron updates", "LP (ms)", "perceptron (ms)", "LP / perc."], t)
    )
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(8, 3.2), layout="constrained")
    d = [r["d"] for r in st]
    a1.semilogy(d, [r["t_lp"] for r in st], "o-", label="LP (HiGHS)")
    meas = [r for r in st if r["measured"]]
    extr = [r for r in st if not r["measured"]]
    a1.semilogy([r["d"] for r in meas], [r["t_perceptron"] for r in meas], "s-", label="perceptron")
    if extr:
        a1.semilogy(
            [r["d"] for r in extr],
            [r["t_perceptron"] for r in extr],
            "s:",
            mfc="none",
            label="perceptron (extrapolated)",
        )
    a1.set(xlabel="staircase dimension d", ylabel="time (s)")
    a1.legend(fontsize=7)
    for margin, mk in zip(sorted({r["margin"] for r in rnd}), "os", strict=False):
        rr = [r for r in rnd if r["margin"] == margin]
        ns = [r["n"] for r in rr]
        a2.loglog(ns, [r["t_lp"] for r in rr], mk + "-", label=f"LP, margin {margin}")
        a2.loglog(ns, [r["t_perceptron"] for r in rr], mk + "--", label=f"perc., margin {margin}")
    a2.set(xlabel="n (random, d = 20)", ylabel="time (s)")
    a2.legend(fontsize=7)
    lines += ["", f"![LP vs perceptron]({_save(fig, 'lp_vs_perceptron.png')})"]
    return "\n".join(lines)


def _mindis(p: dict) -> str:
    rows = p["rows"]
    lines = [
        "## 3. Exact MinDisagreement",
        "",
        "Vertex-cover instances from G(n, p = 0.5) random graphs (n + 1 + |E| weighted points in "
        "R^n) and overlapping Gaussian blobs in the plane; worst time over "
        f"{p['seeds']} seeds, each solve in a child process (killed after "
        f"{p['timeout_s']:g} s). `correct` compares with a "
        "brute-force minimum vertex cover (n <= 18).",
        "",
    ]
    t = []
    for r in rows:
        runs = r["runs"]
        corr = [x.get("correct") for x in runs if x.get("correct") is not None]
        t.append(
            [
                r["method"],
                "vertex cover" if r["kind"] == "vc" else "2-d blobs",
                r["n"],
                r.get("points") or "-",
                "timeout" if r["worst"] is None else f"{r['worst']:.3g}",
                ("yes" if all(corr) else "NO") if corr else "-",
            ]
        )
    lines.append(
        _table(
            ["method", "instance", "n (graph / points)", "points", "worst time (s)", "correct"], t
        )
    )
    lim = p["limit_s"]
    summary = []
    for method, kind in (("hitting_set", "vc"), ("bigm", "vc"), ("bruteforce", "vc"),
                         ("bruteforce", "blobs"), ("hitting_set", "blobs")):  # fmt: skip
        rr = [r for r in rows if r["method"] == method and r["kind"] == kind]
        ok = [r for r in rr if r["worst"] is not None and r["worst"] <= lim]
        if not rr:
            continue
        best = max(ok, key=lambda r: r["n"]) if ok else None
        what = "graph vertices" if kind == "vc" else "points"
        stop = rr[-1]
        stopped = stop["worst"] is None or stop["worst"] > lim
        summary.append(
            f"- `{method}` on {'vertex-cover' if kind == 'vc' else 'blob'} instances: largest "
            f"solved within {lim:g} s: "
            + (
                (f"{best['n']} {what}" + (f" ({best['points']} points)" if kind == "vc" else ""))
                if best
                else "none"
            )
            + (
                f"; next size n = {stop['n']} took "
                + ("longer than the timeout" if stop["worst"] is None else f"{stop['worst']:.1f} s")
                if stopped
                else "; the sweep's largest size"
            )
            + "."
        )
    lines += ["", *summary]
    fig, ax = _fig()
    for (method, kind), mk in zip(
        [("hitting_set", "vc"), ("bigm", "vc"), ("bruteforce", "blobs"), ("hitting_set", "blobs")],
        "osd^",
        strict=True,
    ):
        rr = [r for r in rows if r["method"] == method and r["kind"] == kind and r["worst"]]
        if rr:
            ax.semilogy([r["points"] for r in rr], [r["worst"] for r in rr], mk + "-",
                        label=f"{method} ({'VC' if kind == 'vc' else 'blobs'})")  # fmt: skip
    ax.axhline(lim, color="gray", lw=0.8, ls=":")
    ax.set(xlabel="number of points", ylabel="worst solve time (s)")
    ax.legend(fontsize=8)
    lines += ["", f"![MinDisagreement]({_save(fig, 'mindis.png')})"]
    return "\n".join(lines)


def _browser() -> tuple[str, float | None]:
    if not LATENCIES.exists():
        return (
            "Browser latencies: `test-artifacts/browser/latencies.json` is absent. Produce it with "
            "`make browser` (needs Debian's chromium), then `benchmarks/run.py --report-only`.",
            None,
        )
    data = json.loads(LATENCIES.read_text() or "[]")
    if not data:
        return (
            "Browser latencies: `test-artifacts/browser/latencies.json` is present but EMPTY (the "
            "browser tests were skipped or did not reach the slider moves). Produce it with "
            "`make browser` (needs Debian's chromium), then `benchmarks/run.py --report-only`.",
            None,
        )
    ms = np.array([r["ms"] for r in data], dtype=float)
    # each slider gets several presses: the first one comes right after the notebook ran,
    # the later ones are what stepping through the slider looks like
    later = np.array([r["ms"] for r in data if r.get("press", 1) > 1], dtype=float)
    first = np.array([r["ms"] for r in data if r.get("press", 1) == 1], dtype=float)
    steady = later if later.size else ms
    by: dict[str, list[dict]] = {}
    for r in data:
        by.setdefault(r.get("explorer", "?"), []).append(r)

    def med_of(rs: list[dict], first_press: bool) -> str:
        v = [r["ms"] for r in rs if (r.get("press", 1) == 1) == first_press]
        return f"{np.median(v):.0f}" if v else "-"

    t = [
        [
            k,
            len(v),
            med_of(v, True),
            med_of(v, False),
            f"{np.percentile([r['ms'] for r in v], 95):.0f}",
        ]
        for k, v in by.items()
    ]
    med = float(np.median(steady))
    import datetime as dt

    when = dt.datetime.fromtimestamp(LATENCIES.stat().st_mtime, dt.UTC).strftime("%Y-%m-%d %H:%M")
    summary = (
        f"Browser key-press-to-pixels latency ({len(ms)} key presses, from `make browser`, file "
        f"written {when} UTC"
        + ("; a partial run: rerun `make browser` for every explorer" if len(by) < 5 else "")
        + "): "
    )
    if later.size:
        summary += (
            f"after each slider's first press median **{med:.0f} ms**, p95 "
            f"{np.percentile(later, 95):.0f} ms; first press of each slider median "
            f"{np.median(first):.0f} ms. "
        )
        arrive = [r["frame_ms"] for r in data if r.get("press", 1) > 1 and r.get("frame_ms")]
        if arrive:
            summary += (
                f"Of the later presses' median, {np.median(arrive):.0f} ms pass until the "
                "frame's bytes reach the page (slider message to the kernel, update, blit, "
                "frame back); the rest is the browser decoding and painting it. "
            )
    else:
        summary += f"median **{med:.0f} ms**, p95 {np.percentile(ms, 95):.0f} ms. "
    summary += "Goal <= 50 ms median: " + (
        "**met**." if med <= 50 else f"**missed** by {med - 50:.0f} ms."
    )
    text = "\n".join(
        [
            summary,
            "",
            _table(
                ["explorer", "presses", "first press (ms)", "later presses (ms)", "p95 (ms)"], t
            ),
            "",
            _floor(),
        ]
    )
    return text, med


def _floor() -> str:
    """The stack's own latency (tests/test_latency_floor_browser.py), for comparison."""
    if not FLOOR.exists():
        return "The stack's floor: run `make browser` to measure it (latency_floor.json)."
    data = json.loads(FLOOR.read_text())
    rows = [
        [
            label,
            data[name]["presses"],
            f"{data[name]['median_ms']:.0f}",
            f"{np.percentile(data[name]['ms'], 95):.0f}",
        ]
        for name, label in FLOOR_CASES.items()
        if name in data
    ]
    return "\n".join(
        [
            "The stack's floor, measured in the same JupyterLab and chromium with minimal "
            "notebooks (`tests/test_latency_floor_browser.py`): key press to changed pixels "
            "(to the readout's new text for the first row).",
            "",
            _table(["minimal notebook", "presses", "median (ms)", "p95 (ms)"], rows),
        ]
    )


def _sliders(p: dict) -> str:
    rows = p["rows"]
    lines = [
        "## 4. Sliders: time per update",
        "",
        f"Every `Explorer` subclass with its defaults; each slider moved across {p['moves']} "
        "values spanning its range. `compute` and `draw` are the explorer's own methods, `update` "
        "the whole `explorer.update(...)` (with ipympl it ends by asking the browser for a "
        "frame). `frame` is the kernel's answer to the browser's frame request, simulated as "
        "ipympl's front end sends it: a blit (restore the saved background, draw the artists "
        "the explorer declared moving, encode the changed pixels as PNG) when only those "
        "changed, a full render otherwise, e.g. after an axis range changed "
        "(`linsep_helpers/explorers/_blit.py`); `blits` is the share of blitted frames. "
        "Kernel side = update + frame. `full render` is the reference: `fig.canvas.draw()` "
        "after the same move, which is what every frame cost before blitting. "
        "Milliseconds, median / p95.",
        "",
    ]

    def c(r: dict, k: str) -> str:
        return f"{r[k]['median_ms']:.1f} / {r[k]['p95_ms']:.1f}" if k in r else "-"

    agg = {(r["explorer"], r["slider"]): r for r in rows if r["backend"] == "agg"}
    ipy = [r for r in rows if r["backend"] == "ipympl"]
    t = []
    for r in ipy:
        a = agg.get((r["explorer"], r["slider"]), {})
        t.append(
            [
                r["explorer"],
                r["slider"],
                c(a, "update") if a else "-",
                c(r, "compute"),
                c(r, "draw"),
                c(r, "update"),
                c(r, "frame"),
                f"{100 * r.get('blit_fraction', 0):.0f} %",
                f"**{r['total']['median_ms']:.0f}** / {r['total']['p95_ms']:.0f}",
                c(r, "full_render"),
            ]
        )
    lines.append(
        _table(
            [
                "explorer",
                "slider",
                "Agg update",
                "compute",
                "draw",
                "ipympl update",
                "frame",
                "blits",
                "kernel side",
                "full render",
            ],
            t,
        )
    )
    if ipy:
        worst = max(ipy, key=lambda r: r["total"]["median_ms"])
        upd = max(ipy, key=lambda r: r["update"]["median_ms"])
        ok = [r for r in ipy if r["total"]["median_ms"] <= 20]
        med = float(np.median([r["total"]["median_ms"] for r in ipy]))
        lines += [
            "",
            f"Goal kernel side <= 20 ms median: met by {len(ok)} of {len(ipy)} sliders; the "
            f"median slider needs {med:.0f} ms; worst {worst['total']['median_ms']:.0f} ms "
            f"({worst['explorer']}.{worst['slider']}, {worst['total']['median_ms'] / 20:.1f}x "
            f"the goal). The explorers' own work (compute + draw) is at most "
            f"{upd['update']['median_ms']:.1f} ms ({upd['explorer']}.{upd['slider']}).",
        ]
        fig, ax = _fig(7, 4.2)
        labels = [f"{r['explorer'].replace('Explorer', '')}.{r['slider']}" for r in ipy]
        y = np.arange(len(ipy))
        up = np.array([r["update"]["median_ms"] for r in ipy])
        fr = np.array([r.get("frame", {"median_ms": 0})["median_ms"] for r in ipy])
        full = np.array([r.get("full_render", {"median_ms": 0})["median_ms"] for r in ipy])
        ax.barh(y - 0.2, up, height=0.4, label="update (compute + draw)")
        ax.barh(y - 0.2, fr, height=0.4, left=up, label="frame (blit or full render)")
        ax.barh(y + 0.2, full, height=0.4, color="0.75", label="full render (before blitting)")
        ax.axvline(20, color="k", ls=":", lw=1, label="goal 20 ms")
        ax.set_yticks(y, labels, fontsize=7)
        ax.invert_yaxis()
        ax.set_xlabel("median kernel-side time per move (ms), ipympl")
        ax.legend(fontsize=7)
        lines += ["", f"![sliders]({_save(fig, 'sliders.png')})"]
    text, _ = _browser()
    lines += ["", text]
    return "\n".join(lines)


def _drag(p: dict) -> str:
    """Section of bench_drag: kernel-side time per mouse-motion event of the drag explorers."""
    rows = p["rows"]
    lines = [
        "## 6. Drag explorers: time per mouse-motion event",
        "",
        f"Each drag explorer with its defaults; point 1 dragged along {p['moves']} motion "
        "events to the mean of the other class and back (the verdict flips twice). `compute` "
        "is the explorer's `compute_data`, `draw` its `draw`, `event` the whole motion "
        "callback; `frame` and `blits` as in the sliders' section. Kernel side = event + "
        "frame; 15 frames per second need at most 67 ms. Milliseconds, median / p95.",
        "",
    ]

    def c(r: dict, k: str) -> str:
        return f"{r[k]['median_ms']:.1f} / {r[k]['p95_ms']:.1f}" if k in r else "-"

    agg = {r["explorer"]: r for r in rows if r["backend"] == "agg"}
    t = []
    for r in (r for r in rows if r["backend"] == "ipympl"):
        t.append(
            [
                r["explorer"],
                r["n"],
                c(agg.get(r["explorer"], {}), "event"),
                c(r, "compute"),
                c(r, "draw"),
                c(r, "event"),
                c(r, "frame"),
                f"{100 * r.get('blit_fraction', 0):.0f} %",
                f"**{r['total']['median_ms']:.0f}** / {r['total']['p95_ms']:.0f}",
            ]
        )
    head = ["explorer", "n", "Agg event", "compute", "draw", "ipympl event", "frame", "blits"]
    lines.append(_table([*head, "kernel side"], t))
    lines += ["", _drag_fps()]
    return "\n".join(lines)


def _drag_fps() -> str:
    """Frames per second in the browser during a mouse drag (tests/test_drag_browser.py)."""
    if not DRAG_FPS.exists():
        return (
            "Browser frames per second during a drag: `test-artifacts/browser/drag_fps.json` is "
            "absent. Produce it with `make browser` (tests/test_drag_browser.py, needs Debian's "
            "chromium), then `benchmarks/run.py --report-only`."
        )
    rows = json.loads(DRAG_FPS.read_text())
    if not rows:
        return "Browser frames per second during a drag: `drag_fps.json` is empty."
    t = [
        [
            r["explorer"],
            r["notebook"][:2],
            r["moves"],
            f"{r['seconds']:.2f}",
            r["paints_during_drag"],
            f"**{r['fps']:.1f}**",
        ]
        for r in rows
    ]
    head = ["explorer", "nb", "mouse moves", "drag (s)", "canvas paints", "frames / s"]
    return "\n".join(
        [
            "Frames per second in the browser during a continuous drag (real JupyterLab, "
            "Debian's chromium, playwright's mouse moving one point around a small circle; "
            "canvas paints counted during the drag; file `test-artifacts/browser/drag_fps.json` "
            "from `make browser`). Goal >= 15 frames per second; measured, never asserted.",
            "",
            _table(head, t),
        ]
    )


def _notebooks(p: dict) -> str:
    rows = p["rows"]
    lines = [
        "## 5. Notebooks: execution time and peak memory",
        "",
        "Each notebook executed by nbclient in a fresh kernel (child process). `cells` is the "
        "time to run all cells once the kernel is up; the reference `empty` is a notebook made "
        "of the same first cell (the imports). Peak RSS = the kernel's `ru_maxrss` (VmHWM) read "
        "by an appended final cell. Goal <= 200 MiB per kernel.",
        "",
    ]
    t = [
        [
            r["notebook"],
            r["full"].get("n_code_cells", "-"),
            f"{r['full']['cells_s']:.2f}",
            f"{r['empty']['cells_s']:.2f}",
            f"{r['ratio']:.1f}",
            f"{r['full']['startup_s']:.2f}",
            f"**{r['peak_rss_mib']:.0f}**",
            f"{r['empty_rss_mib']:.0f}",
        ]
        for r in rows
    ]
    lines.append(
        _table(
            [
                "notebook",
                "code cells",
                "cells (s)",
                "empty (s)",
                "ratio",
                "kernel start (s)",
                "peak RSS (MiB)",
                "empty RSS (MiB)",
            ],
            t,
        )
    )
    grow = []
    for r in rows:
        top = r["full"].get("top_memory_cells") or []
        if top:
            cells = "; ".join(f"cell {i} `{src}` +{mib:.0f} MiB" for mib, i, src in top)
            grow.append(f"- {r['notebook']}: {cells}")
    if grow:
        lines += [
            "",
            "Cells that raised the kernel's peak RSS most (VmHWM read between cells):",
            "",
        ]
        lines += grow
    over = [r for r in rows if r["peak_rss_mib"] > 200]
    lines += [
        "",
        "Memory goal: "
        + (
            "**met** by every notebook."
            if not over
            else "**missed** by "
            + ", ".join(f"{r['notebook']} (+{r['peak_rss_mib'] - 200:.0f} MiB)" for r in over)
            + "."
        ),
    ]
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(8, 3), layout="constrained")
    names = [r["notebook"][:2] for r in rows]
    x = np.arange(len(rows))
    a1.bar(x - 0.2, [r["empty"]["cells_s"] for r in rows], 0.4, label="empty (imports)")
    a1.bar(x + 0.2, [r["full"]["cells_s"] for r in rows], 0.4, label="notebook")
    a1.set_xticks(x, names)
    a1.set(ylabel="execution time (s)", xlabel="notebook")
    a1.legend(fontsize=7)
    a2.bar(x - 0.2, [r["empty_rss_mib"] for r in rows], 0.4, label="empty (imports)")
    a2.bar(x + 0.2, [r["peak_rss_mib"] for r in rows], 0.4, label="notebook")
    a2.axhline(200, color="k", ls=":", lw=1, label="goal 200 MiB")
    a2.set_xticks(x, names)
    a2.set(ylabel="kernel peak RSS (MiB)", xlabel="notebook")
    a2.legend(fontsize=7)
    lines += ["", f"![notebooks]({_save(fig, 'notebooks.png')})"]
    return "\n".join(lines)


def _cpu_per_move(r: dict) -> float:
    """Kernel CPU time per slider move (s): the kernels' CPU during the slider phase / moves."""
    wall = r.get("slider_wall_s", r["slider_seconds"])
    return r["cpu_s_per_s"].get("kernel", 0.0) * wall / max(r["moves"], 1)


def _arrival_cpu(r: dict) -> float | None:
    """CPU time (s) per student of getting ready: server + kernel (spawn, pull, notebook)."""
    cpu = r.get("arrival_cpu_s")
    if not cpu:
        return None
    return (cpu.get("server", 0.0) + cpu.get("kernel", 0.0)) / max(r["ready"], 1)


def hub_sizing(p: dict) -> dict[str, float]:
    """The sizing figures of the hub benchmark (README's deployment section quotes them), over
    the runs of notebook 02: memory per student (server + kernel, MiB: mean PSS, largest RSS),
    the hub's own memory (hub + proxy RSS, MiB, largest run), kernel CPU time per slider move
    (s, largest run) and CPU time per student of getting ready (s, largest run).  CPU times do
    not depend on what else the machine runs; wall-clock times do."""
    runs = [r for r in p["runs"] if r.get("per_student") and r["notebooks"][0].startswith("02")]
    every = [r for r in p["runs"] if r.get("per_student")]
    students = [s for r in runs for s in r["per_student"] if s["kernel_rss"]]
    pss = [s["server_pss"] + s["kernel_pss"] for s in students]
    rss = [s["server_rss"] + s["kernel_rss"] for s in students]
    base = max(
        (r["hub_mib"] or {}).get("rss", 0) + (r["proxy_mib"] or {}).get("rss", 0) for r in runs
    )
    arrival = [a for r in runs if (a := _arrival_cpu(r)) is not None]
    return {
        "pss_mean": sum(pss) / len(pss),
        "pss_max": max(pss),
        "rss_max": max(rss),
        "server_rss_max": max(s["server_rss"] for s in students),
        "kernel_rss_max": max(
            s["kernel_rss"] for r in every for s in r["per_student"] if s["kernel_rss"]
        ),
        "base_rss": base,
        "cpu_per_move_s": max(_cpu_per_move(r) for r in runs),
        "arrival_cpu_s": max(arrival) if arrival else float("nan"),
        "largest_n": max(r["ready"] for r in runs),
    }


def _hub(p: dict) -> str:
    """Section of hub_load: a class of N students on a real JupyterHub."""
    runs = p["runs"]
    lines = [
        "## 7. A class on a JupyterHub: N students at once",
        "",
        "`benchmarks/hub_load.py` (code shared with `tests/test_hub.py`: `tests/hub_support.py`). "
        "For each N a fresh JupyterHub (jupyterhub from PyPI, configurable-http-proxy from npm, "
        "the DummyAuthenticator, the SimpleLocalProcessSpawner: every server a local process, "
        "all on 127.0.0.1) receives N simulated students at once. Each logs in through the "
        "login form, gets a server (`/hub/spawn`), follows the course's nbgitpuller link (a "
        "local git repository of the student copies), opens the notebook (a kernel via "
        "`/api/sessions`) and runs its code cells in order over the kernel's websocket, "
        "through the proxy; then moves the explorer's sliders once a second (the `comm_msg` "
        "update JupyterLab sends; notebook 02: the proof explorer's margin and update t in "
        f"turn; notebook 05: the vertex cover's |V|) for {p['seconds']:.0f} s, playing "
        "ipympl's front end for the figure. A move's time runs until the kernel is idle and "
        "the new frame (PNG) has arrived (`idle`: until idle only); `moves` = moves made, at "
        "most N x that many seconds (a student waits for a move's frame before the next, so "
        "queued moves make fewer). Spawn = login to the "
        "server answering `/api/status`; ready = the last student's notebook finished. Memory "
        "per student = the student's server + kernel after the notebook ran, RSS and PSS "
        "(`/proc/PID/smaps_rollup`; PSS splits shared pages between processes). CPU/move = "
        "the kernels' CPU time during the slider phase / moves; CPU/student = the server's and "
        "kernel's CPU time when everyone was ready (spawn, pull, notebook). Busy = cores in "
        "use on the whole machine during the slider phase, other users' work included. Load = "
        "the 1-minute load average before the run: the machine is shared, and wall-clock "
        "times (spawn, ready, moves) grow with it; memory and CPU times do not.",
        "",
    ]
    t = []
    for r in runs:
        nb = r["notebooks"][0][:2]
        if r.get("skipped"):
            t.append([r["students"], nb] + ["-"] * 11 + [f"skipped: {r['skipped']}"])
            continue
        st = r["per_student"]
        spawn = sorted(s.get("spawn_s", float("nan")) for s in st)
        mem_pss = [s["server_pss"] + s["kernel_pss"] for s in st if s["kernel_rss"]]
        mem_rss = [s["server_rss"] + s["kernel_rss"] for s in st if s["kernel_rss"]]
        server_pss = [s["server_pss"] for s in st if s["server_rss"]]
        arrival = _arrival_cpu(r)
        fails = len(r["failures"])
        t.append(
            [
                r["students"],
                nb,
                f"{r['loadavg_start'][0]:.1f}",
                f"{r['ready']}/{r['students']}",
                f"{spawn[len(spawn) // 2]:.1f} / {spawn[-1]:.1f}",
                f"{r['arrival_s']:.0f}",
                f"{sum(server_pss) / len(server_pss):.0f}",
                f"**{sum(mem_pss) / len(mem_pss):.0f}** / {max(mem_rss):.0f}",
                f"{r['moves']}",
                f"**{r['move_frame_p50_s'] * 1e3:.0f} / {r['move_frame_p95_s'] * 1e3:.0f}** "
                f"({r['move_idle_p50_s'] * 1e3:.0f})",
                f"{_cpu_per_move(r) * 1e3:.0f}",
                "-" if arrival is None else f"{arrival:.1f}",
                f"{r['machine_busy_cores']:.2f}",
                "none" if not fails else f"{fails}: {r['failures'][0][:80]}",
            ]
        )
    lines.append(
        _table(
            [
                "N",
                "nb",
                "load",
                "ready",
                "spawn p50 / max (s)",
                "all ready (s)",
                "server PSS (MiB)",
                "student PSS mean / RSS max (MiB)",
                "moves",
                "move p50 / p95 (idle p50) (ms)",
                "CPU/move (ms)",
                "CPU/student (s)",
                "busy (cores)",
                "failures",
            ],
            t,
        )
    )
    if any(r.get("per_student") for r in runs):
        z = hub_sizing(p)
        lines += [
            "",
            "Sizing rule (notebook 02 rows; README's section \"Running a class on a "
            'JupyterHub" applies it):',
            "",
            f"- Memory: RAM = base + N x per-student maximum, with per-student maximum = "
            f"**{z['rss_max']:.0f} MiB** (largest server + kernel RSS seen; mean PSS "
            f"{z['pss_mean']:.0f} MiB, largest {z['pss_max']:.0f} MiB) and base = the hub and "
            f"proxy, {z['base_rss']:.0f} MiB (TLJH's rule counts 128 MB for the hub). A "
            "second notebook open adds a kernel: up to "
            f"{z['kernel_rss_max']:.0f} MiB.",
            f"- CPU while students move sliders: **{z['cpu_per_move_s'] * 1e3:.0f} ms** of "
            "kernel CPU per move (largest run), so N students each moving a slider once a "
            f"second keep N x {z['cpu_per_move_s']:.3f} cores busy; beyond the machine's "
            "cores, moves queue and their times grow (the move column).",
            f"- CPU when a class arrives at once: **{z['arrival_cpu_s']:.0f} s** of CPU per "
            "student (server start, pull, running notebook 02; largest run), so N students "
            "on C free cores are all ready after about N x that / C seconds.",
        ]
    return "\n".join(lines)


def _grading(p: dict) -> str:
    rows = p["rows"]
    head = [
        "notebook",
        "submissions",
        "questions",
        "full marks",
        "reference run (s)",
        "run (s)",
        "judge (s)",
        "**one submission (s)**",
        f"**class of {p['class_size']} (min)**",
    ]
    t = [
        [
            r["notebook"],
            r["submissions"],
            r["questions"],
            "yes" if r["full_marks"] else "**no**",
            f"{r['reference_s']:.1f}",
            f"{r['run_s']:.1f}",
            f"{r['judge_s']:.1f}",
            f"**{r['per_submission_s']:.1f}**",
            f"**{r['class_s'] / 60:.0f}**",
        ]
        for r in rows
    ]
    return "\n".join(
        [
            "## 8. Grading a class (scripts/grade.py)",
            "",
            "Synthetic submissions (the student copy with the instructor's solution cells "
            "appended: every test runs) graded one after the other by `grade_class`: one "
            "reference run of the instructor notebook, then per submission a run in a fresh "
            "kernel and a fresh judge process (`run`, `judge`: means over the submissions). "
            f"A class of {p['class_size']} = reference + {p['class_size']} x one submission, "
            "extrapolated from the measured ones (one submission at a time).",
            "",
            _table(head, t),
        ]
    )


SECTIONS = {
    "perceptron": _perceptron,
    "lp": _lp,
    "mindis": _mindis,
    "sliders": _sliders,
    "notebooks": _notebooks,
    "drag": _drag,
    "hub": _hub,
    "grading": _grading,
}


def write() -> Path:
    parts = {k: d for k in SECTIONS if (d := load(k)) is not None}
    out = [
        "# Benchmarks",
        "",
        "Written by `make bench` (`benchmarks/run.py`; `--only NAME` reruns one part, `--quick` "
        "uses smaller sizes). Raw numbers: `benchmarks/output/*.json` (not committed). Nothing "
        "here is asserted by the test suite.",
        "",
    ]
    if not parts:
        out.append("No results yet: run `make bench`.")
    else:
        out += [_machine(parts), ""]
        quick = [k for k, d in parts.items() if d.get("quick")]
        if quick:
            out += [f"Parts run with `--quick` (smaller sizes): {', '.join(quick)}.", ""]
        for k, fn in SECTIONS.items():
            if k in parts:
                out += [fn(parts[k]), ""]
            else:
                out += [f"## {k}: not run yet (`benchmarks/run.py --only {k}`)", ""]
    if NOTES.exists():
        out += [NOTES.read_text().strip(), ""]
    RESULTS.write_text("\n".join(out))
    return RESULTS
