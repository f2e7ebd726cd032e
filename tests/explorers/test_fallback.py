"""Explorers where ipympl cannot run (JupyterLite today): sliders redraw a PNG drawn by Agg.

The fallback is forced the way a test or a teacher can force it, ``LINSEP_NO_IPYMPL=1``, with
ipympl's backend active, so every explorer here would otherwise get a live canvas.  The
oracle for a fallback frame is the live explorer's own Agg render of the same state
(``png()``, the picture a reader without a kernel sees): pixel for pixel the same.
"""

import io

import ipywidgets as ipw
import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from PIL import Image

import linsep_helpers.explorers as E
from linsep_helpers.explorers import Explorer, _ipympl
from linsep_helpers.explorers._drag import DragExplorer

EXPLORERS = [
    getattr(E, name)
    for name in E.__all__
    if name not in ("Slider", "Choice", "Explorer") and issubclass(getattr(E, name), Explorer)
]
IDS = [cls.__name__ for cls in EXPLORERS]

pytestmark = pytest.mark.filterwarnings(
    r"ignore:Passing unrecognized arguments to super\(Toolbar\):DeprecationWarning"
)


def _forced(monkeypatch) -> None:
    monkeypatch.setenv(_ipympl.NO_IPYMPL, "1")


def _pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"))


def _change(cls) -> tuple[dict, object]:
    """A slider value one key press from the start (its name and value), or, for a drag
    explorer, a point moved: what the fallback must show."""
    if cls.sliders:
        s = cls.sliders[0]
        return {s.name: s.neighbour(s.value)}, None
    return {}, (0, (0.25, -0.35))


def _apply(ex, values: dict, move) -> None:
    for name, value in values.items():
        ex.controls[name].value = value  # what the browser's slider does
    if move is not None:
        ex.move_point(*move)


def test_live_only_with_ipympls_backend_and_not_forced(ipympl_backend, monkeypatch):
    assert _ipympl.live()
    live = E.MarginExplorer()
    assert isinstance(live.fig.canvas, ipw.DOMWidget)
    for off in ("1", "yes"):
        monkeypatch.setenv(_ipympl.NO_IPYMPL, off)
        assert not _ipympl.live()
    monkeypatch.setenv(_ipympl.NO_IPYMPL, "0")
    assert _ipympl.live()
    plt.close("all")  # matplotlib 3.8 deprecates switching backends with figures open
    plt.switch_backend("agg")  # `%matplotlib inline` and scripts: no live canvas either
    monkeypatch.delenv(_ipympl.NO_IPYMPL)
    assert not _ipympl.live()
    assert type(E.MarginExplorer().fig.canvas) is FigureCanvasAgg


@pytest.mark.parametrize("cls", EXPLORERS, ids=IDS)
def test_every_explorer_falls_back_to_a_picture_of_its_live_figure(
    ipympl_backend, monkeypatch, cls
):
    live = cls()
    live.widget()
    assert live.blitter is not None  # the normal path: an ipympl canvas with blitting
    _forced(monkeypatch)
    ex = cls()
    box = ex.widget()
    assert type(ex.fig.canvas) is FigureCanvasAgg and ex.blitter is None
    assert ex.fig not in map(plt.figure, plt.get_fignums())  # pyplot never shows it twice
    images = [w for w in box.children if isinstance(w, ipw.Image)]
    assert images == [ex._image]
    before = ex._image.value
    width, height = ex.fig.canvas.get_width_height()
    assert _pixels(before).shape == (height, width, 4)
    notes = [w.value for w in box.children if isinstance(w, ipw.HTML)][:-1]  # last: readout
    if issubclass(cls, DragExplorer):
        assert len(notes) == 1 and "needs JupyterLab with ipympl" in notes[0]
    else:
        assert notes == []

    values, move = _change(cls)
    _apply(ex, values, move)  # the slider (or a cell editing the data) redraws the picture
    assert ex._image.value != before
    assert not np.array_equal(_pixels(ex._image.value), _pixels(before))
    if values:
        live.update(**values)
    if move is not None:
        live.move_point(*move)
    assert ex.values == live.values
    # the same pixels as the live explorer's Agg render of the same state
    np.testing.assert_array_equal(_pixels(ex._image.value), _pixels(live.png()))
    if move is not None:  # the Reset button works too
        ex.controls["reset"].click()
        live.reset()
        np.testing.assert_array_equal(_pixels(ex._image.value), _pixels(live.png()))
