"""The explorer pattern: slider specifications, the ``Explorer`` base class, shared sliders.

An explorer is a figure with sliders.  Every explorer follows the same three steps, so it can
be tested without a browser:

- ``state = explorer.compute(**values)`` turns slider values into everything the figure shows
  (pure numpy, returns a frozen dataclass: the explorer's *state*);
- ``explorer.draw(state)`` moves the artists created once in ``_setup`` (``set_data``,
  ``set_offsets``, ``set_text``) and refreshes the canvas; it never creates a figure;
- ``explorer.widget()`` builds the sliders and wires them to ``update``; displaying the
  explorer in a notebook shows that widget, plus a static PNG for readers without a kernel.

Constructor convention (every explorer): the data an explorer shows are keyword-only
parameters of its ``__init__`` (``n=``, ``seed=``, ``margin=``, ...: declared there and only
there), followed by start values of its sliders as keywords, e.g.
``MarginExplorer(n=60, seed=0, margin=0.1)``.  ``n`` and ``seed`` are checked by
``check_n_seed`` in every explorer.

``_setup`` also declares which artists move, as matplotlib's blitting guide does
(``BlitManager.add_artist``): ``self.animate(...)`` for every artist ``draw`` changes (titles
included), ``self.keep_on_top(...)`` for unchanged artists drawn above moving ones (a legend
inside a plot).  With ``%matplotlib widget`` (ipympl) frames then redraw only those (see
``_blit.py``); anything else ``draw`` changes (an axis range) makes the next frame a full
render.  Where ipympl cannot run (``_ipympl.live()`` is False: another backend, JupyterLite
today, or ``LINSEP_NO_IPYMPL=1``) the figure lives on a plain Agg canvas outside pyplot and
every move re-encodes a PNG into an ``ipywidgets.Image``; an explorer that needs the mouse says
so above the picture (``NO_MOUSE_NOTE``).
"""

from __future__ import annotations

import base64
import contextlib
import inspect
import io
import math
from collections.abc import Iterator
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, ClassVar

import ipywidgets as ipw
import matplotlib as mpl
import matplotlib.pyplot as plt
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from .._validate import check_choice, check_int, check_scalar
from . import _ipympl
from ._blit import Blitter

__all__ = ["Slider", "Choice", "Explorer"]


@dataclass(frozen=True)
class Slider:
    """Specification of one slider: its range, start value and scale.

    Parameters
    ----------
    name : str
        Keyword of the value in ``compute`` and ``update``.
    description : str
        Label shown next to the slider.
    min, max, value : float
        Range and start value (actual values, also for ``kind="log"``).
    step : float, optional
        One key press: in the value's units, or in powers of ten for ``kind="log"``.
    kind : {"float", "log", "int"}
        Linear, log10 or integer slider.
    readout_format : str
        Format of the number shown next to the slider.

    Raises ValueError, naming the field, unless min < max are finite numbers with value in
    [min, max], min > 0 for "log", whole numbers for "int", and 0 < step <= the range.

    Used by every explorer (notebooks 01-05).
    """

    name: str
    description: str
    min: float
    max: float
    value: float
    step: float | None = None
    kind: str = "float"
    readout_format: str = ".3g"

    def __post_init__(self) -> None:
        for field in ("name", "description", "readout_format"):
            if not isinstance(getattr(self, field), str):
                raise ValueError(f"Slider {field} must be a string; got {getattr(self, field)!r}")
        where = f"Slider {self.name!r}"
        check_choice(self.kind, f"{where}: kind", ("float", "log", "int"))
        lo = check_scalar(self.min, f"{where}: min", positive=self.kind == "log")
        hi = check_scalar(self.max, f"{where}: max")
        if not lo < hi:
            raise ValueError(f"{where}: min must be < max; got min = {lo:g}, max = {hi:g}")
        if self.kind != "log" and not math.isfinite(hi - lo):
            raise ValueError(f"{where}: max - min overflows float64; got [{lo:g}, {hi:g}]")
        if self.step is not None:
            step = check_scalar(self.step, f"{where}: step", positive=True)
            span = math.log10(hi) - math.log10(lo) if self.kind == "log" else hi - lo
            if step > span:
                raise ValueError(f"{where}: step must be <= the range {span:g}; got {step:g}")
        if self.kind == "int":
            for field in ("min", "max", "value") + (("step",) if self.step is not None else ()):
                v = float(getattr(self, field))
                if not (v.is_integer() and abs(v) <= 2**53):
                    raise ValueError(f"{where}: {field} must be a whole number; got {v:g}")
        v = check_scalar(self.value, f"{where}: value")
        if not lo <= v <= hi:
            raise ValueError(f"{where}: value must be in [{lo:g}, {hi:g}]; got {v:g}")
        # store plain numbers (ints for "int"): numpy scalars and huge ints compare badly
        number = int if self.kind == "int" else float
        for field in ("min", "max", "value") + (("step",) if self.step is not None else ()):
            object.__setattr__(self, field, number(float(getattr(self, field))))

    def make(self) -> ipw.Widget:
        """Build the ipywidgets slider for this specification."""
        common = {
            "description": self.description,
            "continuous_update": True,
            "style": {"description_width": "initial"},
            "layout": ipw.Layout(width="440px"),
        }
        if self.kind == "int":
            return ipw.IntSlider(
                value=int(self.value),
                min=int(self.min),
                max=int(self.max),
                step=int(self.key_step),
                **common,
            )
        if self.kind == "log":
            return ipw.FloatLogSlider(
                value=self.value,
                base=10,
                min=math.log10(self.min),
                max=math.log10(self.max),
                step=self.key_step,
                readout_format=self.readout_format,
                **common,
            )
        return ipw.FloatSlider(
            value=self.value,
            min=self.min,
            max=self.max,
            step=self.key_step,
            readout_format=self.readout_format,
            **common,
        )

    @property
    def key_step(self) -> float:
        """One step of the slider (a key press): ``step``, else 1 for "int" and 1/100 of the
        range otherwise; for "log" in powers of ten."""
        if self.step:
            return self.step
        if self.kind == "int":
            return 1
        if self.kind == "log":
            return (math.log10(self.max) - math.log10(self.min)) / 100
        return (self.max - self.min) / 100

    def neighbour(self, value: float) -> float:
        """The value one step away from ``value`` (up, or down at the top): one key press."""
        if self.kind == "log":
            factor = 10.0**self.key_step
            up = value * factor
            return up if up <= self.max else value / factor
        step = self.key_step
        return value + step if value + step <= self.max else value - step

    @property
    def extremes(self) -> tuple[float, float]:
        """The two ends of the slider (what the tests exercise)."""
        return (self.min, self.max)

    def check(self, value: Any) -> float:
        """``value`` as a number inside the slider's range (an integer for "int")."""
        v = check_scalar(value, self.name)
        if not (self.min <= v <= self.max):
            raise ValueError(f"{self.name} must be in [{self.min:g}, {self.max:g}]; got {v:g}")
        if self.kind == "int" and int(v) != v:
            raise ValueError(f"{self.name} must be an integer; got {value!r}")
        return v


@dataclass(frozen=True)
class Choice:
    """Specification of a control with named options (a dropdown or toggle buttons).

    Parameters
    ----------
    name, description : str
        Keyword of the value and the label shown.
    options : tuple of str
        The allowed values.
    value : str
        Start value.
    kind : {"dropdown", "toggle"}
        The widget.
    button_width : str
        Width of each toggle button (CSS).

    Used in notebook 05 (``VertexCoverExplorer``).
    """

    name: str
    description: str
    options: tuple[str, ...]
    value: str
    kind: str = "toggle"
    button_width: str = "120px"

    def make(self) -> ipw.Widget:
        """Build the ipywidgets control for this specification."""
        if self.kind == "dropdown":
            return ipw.Dropdown(
                options=list(self.options), value=self.value, description=self.description
            )
        return ipw.ToggleButtons(
            options=list(self.options),
            value=self.value,
            description=self.description,
            style={"description_width": "initial", "button_width": self.button_width},
        )

    def check(self, value: Any) -> str:
        """``value`` if it is one of the options."""
        return check_choice(value, self.name, self.options)


#: The margin gamma of ``make_separable`` data (notebooks 01, 02, 04).
MARGIN_SLIDER = Slider("margin", "margin γ", 0.001, 0.5, 0.2, step=0.001)
#: The radius R of ``make_separable`` data (notebooks 01, 02, 04).
RADIUS_SLIDER = Slider("radius", "radius R", 0.5, 3.0, 1.0, step=0.05)


def check_n_seed(n: Any, seed: Any, *, n_min: int = 2) -> tuple[int, int]:
    """The number of points ``n`` (>= ``n_min``) and the ``seed`` (>= 0) of an explorer's data,
    checked the same way in every explorer."""
    return check_int(n, "n", minimum=n_min), check_int(seed, "seed", minimum=0)


def _artists_in(thing: Any) -> Iterator[Artist]:
    """The artists in ``thing``: an artist, None, a list or tuple of them, or a dataclass of
    them such as ``plotting.DataArtists`` (its axes are not artists that move)."""
    if thing is None or isinstance(thing, Axes):
        return
    if isinstance(thing, Artist):
        yield thing
    elif isinstance(thing, (list, tuple)):
        for item in thing:
            yield from _artists_in(item)
    elif is_dataclass(thing):
        for f in fields(thing):
            yield from _artists_in(getattr(thing, f.name))


def set_title(ax: Axes, label: str) -> None:
    """Show ``label`` as the axes title, touching nothing else: ``Axes.set_title`` would also
    move the axes' left and right titles (so a live figure would need a full render)."""
    if ax.title.get_text() != label:
        ax.title.set_text(label)


class Explorer:
    """Base class of every explorer (see the module docstring for the pattern).

    Subclasses set ``sliders`` (and ``choices``), ``figsize``, and define ``_setup(fig)``
    (create the artists once), ``compute(**values) -> state`` (a frozen dataclass),
    ``draw(state)`` (move the artists, then ``self.refresh()``) and optionally
    ``readout(state)`` (a line of HTML under the figure).

    Parameters
    ----------
    **values
        Start values of the sliders and choices, by name (defaults: their ``value``).

    Attributes
    ----------
    values : dict
        The current slider and choice values.
    state
        The last ``compute`` result shown.
    fig : matplotlib.figure.Figure
        The figure, laid out once.
    blitter : Blitter or None
        The frame blitter on an ipympl canvas (after ``widget()``), else None.
    """

    sliders: ClassVar[tuple[Slider, ...]] = ()
    choices: ClassVar[tuple[Choice, ...]] = ()
    figsize: ClassVar[tuple[float, float]] = (7.0, 5.0)
    #: Widest a live figure may be on screen, in pixels: wider figures get a lower dpi, so
    #: they fit a JupyterLab output area next to the file browser (and a projector) unclipped.
    MAX_WIDTH_PX: ClassVar[int] = 940
    #: Shown above the picture where ipympl cannot run, for explorers the mouse drives.
    NO_MOUSE_NOTE: ClassVar[str] = ""

    def __init__(self, **values: Any) -> None:
        specs = {s.name: s for s in (*self.sliders, *self.choices)}
        unknown = set(values) - set(specs)
        if unknown:
            params = [
                p
                for p in inspect.signature(type(self).__init__).parameters
                if p not in ("self", "values")
            ]
            raise ValueError(
                f"{type(self).__name__} has no parameter(s) {sorted(unknown)}; "
                f"its data parameters are {params} and its controls {sorted(specs)}"
            )
        self.values: dict[str, Any] = {name: s.value for name, s in specs.items()}
        self.values.update(values)
        self._check_values(self.values)
        dpi = mpl.rcParams["figure.dpi"]
        dpi = min(dpi, self.MAX_WIDTH_PX / self.figsize[0])
        if _ipympl.live():
            with plt.ioff():
                self.fig: Figure = plt.figure(figsize=self.figsize, dpi=dpi, layout="constrained")
        else:  # frames as pictures; outside pyplot, so `%matplotlib inline` never shows it too
            self.fig = Figure(figsize=self.figsize, dpi=dpi, layout="constrained")
            FigureCanvasAgg(self.fig)
        self._moving: list[Artist] = []
        self._on_top: list[Artist] = []
        self._setup(self.fig)
        self._image: ipw.Image | None = None
        self._readout: ipw.HTML | None = None
        self._box: ipw.VBox | None = None
        self.blitter: Blitter | None = None
        self.controls: dict[str, ipw.Widget] = {}
        self.state: Any = self.compute(**self.values)
        self.draw(self.state)
        # Lay the figure out once (constrained layout), then keep that layout: re-running the
        # layout engine on every slider move roughly doubled the cost of a redraw. (Not
        # canvas.draw(): an ipympl canvas drawn before it is shown stops sending new frames.)
        self.fig.draw_without_rendering()
        self.fig.set_layout_engine("none")

    # -- what subclasses provide -------------------------------------------------------
    def _setup(self, fig: Figure) -> None:  # pragma: no cover - abstract
        """Create the artists once and declare the moving ones (``animate``)."""
        raise NotImplementedError

    def animate(self, *artists: Any) -> None:
        """Declare artists that ``draw`` moves (artists, lists or ``plotting`` artist
        dataclasses): live frames redraw exactly these."""
        self._moving += [a for a in _artists_in(artists) if a not in self._moving]

    def keep_on_top(self, *artists: Any) -> None:
        """Declare unchanged artists drawn above moving ones (a legend inside a plot): live
        frames composite them over the moving artists."""
        self._on_top += [a for a in _artists_in(artists) if a not in self._on_top]

    def compute(self, **values: Any) -> Any:  # pragma: no cover - abstract
        """Slider values -> everything the figure shows (pure numpy, a frozen dataclass)."""
        raise NotImplementedError

    def draw(self, state: Any) -> None:  # pragma: no cover - abstract
        """Move the artists to ``state`` and refresh the canvas."""
        raise NotImplementedError

    def readout(self, state: Any) -> str:
        """One line of text (HTML allowed) shown under the figure."""
        return ""

    # -- shared machinery --------------------------------------------------------------
    @classmethod
    def slider(cls, name: str) -> Slider:
        """The specification of the slider called ``name`` (its range is read from here)."""
        return next(s for s in cls.sliders if s.name == name)

    def _check_values(self, values: dict[str, Any]) -> None:
        for spec in (*self.sliders, *self.choices):
            spec.check(values[spec.name])

    def update(self, **values: Any) -> Any:
        """Set some slider values, recompute and redraw; returns the new state."""
        merged = {**self.values, **values}
        self._check_values(merged)
        self.values = merged
        self.state = self.compute(**merged)
        self.draw(self.state)
        if self._readout is not None:
            self._readout.value = self.readout(self.state)
        return self.state

    def refresh(self) -> None:
        """Push the figure to the screen: ipympl redraws itself, the fallback re-encodes."""
        if self._image is not None:
            self._image.value = self.png()
        elif self.blitter is not None:
            self.blitter.show()
        elif isinstance(self.fig.canvas, ipw.DOMWidget):
            self.fig.canvas.draw_idle()

    def png(self) -> bytes:
        """The current figure as PNG bytes."""
        buf = io.BytesIO()
        with self.blitter.everything_drawn() if self.blitter else contextlib.nullcontext():
            self.fig.savefig(buf, format="png", dpi="figure")
        return buf.getvalue()

    def _make_controls(self) -> None:
        self.controls = {}
        for spec in (*self.sliders, *self.choices):
            ctl = spec.make()
            ctl.value = self.values[spec.name]
            ctl.observe(self._on_change, names="value")
            self.controls[spec.name] = ctl

    def widget(self) -> ipw.VBox:
        """The controls, the figure and the readout in one box (built once, then reused)."""
        if self._box is not None:
            return self._box
        self._make_controls()
        canvas = self.fig.canvas
        if isinstance(canvas, ipw.DOMWidget):  # ipympl: a live canvas widget
            canvas.header_visible = False
            canvas.footer_visible = False
            canvas.toolbar_visible = False
            canvas.resizable = False
            if _ipympl.supported(canvas):  # else ordinary frames: draw_idle, a full render
                self.blitter = Blitter(self.fig, self._moving, self._on_top)
            views = [canvas]
        else:  # no ipympl: a PNG in an Image widget, and what the mouse cannot do here
            self._image = ipw.Image(value=self.png(), format="png")
            views = [ipw.HTML(self.NO_MOUSE_NOTE)] if self.NO_MOUSE_NOTE else []
            views.append(self._image)
        self._readout = ipw.HTML(self.readout(self.state))
        self._box = ipw.VBox(
            [*self._layout_controls(), *views, self._readout],
            layout=ipw.Layout(align_items="flex-start"),
        )
        return self._box

    def _layout_controls(self) -> list[ipw.Widget]:
        """The rows of controls above the figure (default: the sliders in one column)."""
        return [ipw.VBox([self.controls[s.name] for s in (*self.choices, *self.sliders)])]

    def _on_change(self, change: dict[str, Any]) -> None:
        owner = change["owner"]
        name = next(k for k, v in self.controls.items() if v is owner)
        self.update(**{name: change["new"]})

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{k}={v!r}" if isinstance(v, str) else f"{k}={v:.4g}" for k, v in self.values.items()
        )
        return f"{type(self).__name__}({shown})"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """Live widget where a widget manager runs; a static PNG of the figure elsewhere."""
        bundle = dict(self.widget()._repr_mimebundle_(**kwargs))
        bundle["text/plain"] = repr(self)
        bundle["image/png"] = base64.b64encode(self.png()).decode("ascii")
        return bundle
