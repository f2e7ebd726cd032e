"""The Explorer machinery that every slider in the course relies on."""

import base64
from dataclasses import dataclass

import ipywidgets as ipw
import numpy as np
import pytest

import linsep_helpers as lh
from linsep_helpers.explorers import Explorer, Slider


@dataclass(frozen=True)
class LineState:
    x: np.ndarray
    y: np.ndarray
    a: float


class LineExplorer(Explorer):
    """A minimal explorer: a line y = a x whose slope is the slider."""

    sliders = (
        Slider("a", "slope", -2.0, 2.0, 0.5),
        Slider("k", "points", 2, 50, 10, kind="int"),
        Slider("s", "scale", 1e-3, 1e3, 1.0, kind="log"),
    )

    def _setup(self, fig):
        self.ax = fig.add_subplot()
        (self.line,) = self.ax.plot([], [])
        self.ax.set_xlim(0, 1)
        self.ax.set_ylim(-2e3, 2e3)

    def compute(self, *, a, k, s):
        x = np.linspace(0, 1, int(k))
        return LineState(x=x, y=a * s * x, a=a)

    def draw(self, state):
        self.line.set_data(state.x, state.y)
        self.refresh()

    def readout(self, state):
        return f"slope {state.a:.2f}"


def _artist_count(ex):
    return len(ex.ax.lines) + len(ex.ax.collections) + len(ex.ax.patches)


def test_slider_kinds_build_the_right_widgets():
    assert isinstance(Slider("a", "a", 0, 1, 0.5).make(), ipw.FloatSlider)
    assert isinstance(Slider("k", "k", 1, 9, 3, kind="int").make(), ipw.IntSlider)
    log = Slider("c", "c", 1e-2, 1e6, 1.0, kind="log").make()
    assert isinstance(log, ipw.FloatLogSlider)
    assert (log.min, log.max, log.base) == (-2.0, 6.0, 10.0)
    with pytest.raises(ValueError, match="kind"):
        Slider("a", "a", 0, 1, 0.5, kind="cubic").make()


@pytest.mark.parametrize(
    "spec",
    [
        Slider("a", "a", 0, 1, 0.5),
        Slider("a", "a", -2, 2, 0.0, step=0.25),
        Slider("k", "k", 1, 9, 3, kind="int"),
        Slider("c", "c", 1e-2, 1e6, 1.0, kind="log"),
        Slider("c", "c", 1e-2, 1e3, 1.0, kind="log", step=0.05),
    ],
    ids=["float", "float-step", "int", "log", "log-step"],
)
def test_neighbour_is_one_step_of_the_built_slider(spec):
    ctl = spec.make()
    for value in (spec.min, spec.value, spec.max):
        other = spec.neighbour(value)
        assert spec.min <= other <= spec.max and other != value
        if spec.kind == "log":  # the widget steps in powers of ten
            assert abs(abs(np.log10(other) - np.log10(value)) - ctl.step) < 1e-9
        else:
            assert abs(abs(other - value) - ctl.step) < 1e-12
    assert spec.neighbour(spec.max) < spec.max  # turns back at the top


def test_update_moves_artists_without_creating_new_ones():
    ex = LineExplorer()
    before = _artist_count(ex)
    for a in (-2.0, 2.0):
        for k in (2, 50):
            for s in (1e-3, 1e3):
                state = ex.update(a=a, k=k, s=s)
                np.testing.assert_allclose(ex.line.get_ydata(), a * s * np.linspace(0, 1, k))
                assert state.a == a
    assert _artist_count(ex) == before


def test_values_outside_a_slider_or_unknown_names_are_rejected():
    with pytest.raises(ValueError, match="a must be in"):
        LineExplorer(a=3.0)
    ex = LineExplorer()
    with pytest.raises(ValueError, match="s must be in"):
        ex.update(s=1e4)
    with pytest.raises(ValueError, match="no parameter"):
        LineExplorer(slope=1.0)
    with pytest.raises(ValueError, match="finite"):
        ex.update(a=float("nan"))


def test_widget_wires_every_slider_to_the_figure_and_readout():
    ex = LineExplorer()
    box = ex.widget()
    assert ex.widget() is box  # built once
    assert set(ex.controls) == {"a", "k", "s"}
    image = ex._image  # headless backend: the PNG fallback
    assert isinstance(image, ipw.Image)
    png_before = image.value
    ex.controls["a"].value = -1.5
    assert ex.values["a"] == -1.5
    assert ex._readout.value == "slope -1.50"
    assert image.value != png_before
    np.testing.assert_allclose(ex.line.get_ydata()[-1], -1.5)


def test_display_bundle_has_widget_png_and_a_stable_text():
    ex = LineExplorer(a=1.0)
    bundle = ex._repr_mimebundle_()
    assert bundle["text/plain"] == "LineExplorer(a=1, k=10, s=1)"
    assert "model_id" in bundle["application/vnd.jupyter.widget-view+json"]
    png = base64.b64decode(bundle["image/png"])
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_check_versions_reports_and_refuses_old_packages():
    line = lh.check_versions("0.1.0")
    assert line.startswith(f"linsep_helpers {lh.__version__}")
    import sklearn

    assert line.endswith(f"scikit-learn {sklearn.__version__}")
    with pytest.raises(RuntimeError, match="older than 99.0"):
        lh.check_versions("99.0")


def test_every_public_name_is_importable_and_documented():
    missing_doc = []
    for name in lh.__all__:
        obj = getattr(lh, name)
        if callable(obj) and not (getattr(obj, "__doc__", None) or "").strip():
            missing_doc.append(name)
    assert len(set(lh.__all__)) == len(lh.__all__), "a public name is exported twice"
    assert not missing_doc, f"public callables without a docstring: {missing_doc}"
