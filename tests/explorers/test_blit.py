"""Blitted frames on a live (ipympl) canvas: same pixels as a full render, and really blits;
ordinary full frames where the ipympl hook is not available.

The browser is simulated the way ipympl's front end drives the kernel: after a slider move
the canvas asks for a frame (``draw_idle``) and the front end answers with a "draw" message,
which the test sends with ``canvas.handle_event({"type": "draw"})``.
"""

import io
import os

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from PIL import Image

import linsep_helpers as lh
from linsep_helpers.explorers import Explorer, _ipympl
from linsep_helpers.explorers._ipympl import encode_png
from linsep_helpers.plotting import decade_limits, set_limits, set_title

IPYMPL = "module://ipympl.backend_nbagg"

# ipympl 0.10.0 builds its toolbar with an argument traitlets deprecates; not ours to fix
pytestmark = pytest.mark.filterwarnings(
    r"ignore:Passing unrecognized arguments to super\(Toolbar\):DeprecationWarning"
)


def _explorers() -> list[type]:
    out, todo = [], list(Explorer.__subclasses__())
    while todo:
        cls = todo.pop(0)
        todo.extend(cls.__subclasses__())
        if cls.__module__.startswith("linsep_helpers.explorers.") and cls.sliders:
            out.append(cls)
    return out


CASES = [(cls, s) for cls in _explorers() for s in cls.sliders]


def _live(cls, **values):
    """An explorer on an ipympl canvas with a simulated front end: it records the "draw"
    events the kernel sends (requests for a frame) and the frames (PNG bytes) it receives."""
    ex = cls(**values)
    ex.widget()
    canvas = ex.fig.canvas
    canvas.syncing_data_url = False  # as after the front end's "initialized" message
    canvas.events, canvas.received = [], []
    send_event = canvas.send_event

    def record_event(event_type, **kwargs):
        canvas.events.append(event_type)
        return send_event(event_type, **kwargs)

    canvas.send_event = record_event
    canvas.send_binary = canvas.received.append
    canvas.handle_event({"type": "draw"})  # the first frame the front end asks for
    return ex, canvas


def _frame(canvas) -> np.ndarray:
    """What the front end does next: ask for the frame the kernel announced, if any; return
    the canvas pixels (the frame that was sent)."""
    if "draw" in canvas.events:
        canvas.events.clear()
        canvas.handle_event({"type": "draw"})
    return np.asarray(canvas.get_renderer().buffer_rgba()).copy()


def _full_render(canvas) -> np.ndarray:
    canvas.draw()
    return np.asarray(canvas.get_renderer().buffer_rgba()).copy()


def _small_steps(s, k: int = 6) -> list:
    """k slider positions a few steps apart from the start value (what a key press does)."""
    if s.kind == "int":
        lo = max(int(s.min), int(s.value) - k // 2)
        return [min(lo + i, int(s.max)) for i in range(k)]
    if s.kind == "log":
        vals = s.value * 10.0 ** (np.arange(k) * (s.step or 0.05))
    else:
        vals = s.value + np.arange(k) * (s.step or (s.max - s.min) / 100)
    return [float(v) for v in np.clip(vals, s.min, s.max)]


def _limits(fig):
    return [(ax.get_xlim(), ax.get_ylim()) for ax in fig.axes]


@pytest.mark.parametrize(("cls", "slider"), CASES, ids=[f"{c.__name__}-{s.name}" for c, s in CASES])
def test_blitted_frames_equal_full_renders(ipympl_backend, cls, slider):
    ex, canvas = _live(cls)
    values = _small_steps(slider)
    for v in values:  # first sweep
        ex.update(**{slider.name: v})
        _frame(canvas)
    expected_blits = 0
    before = dict(ex.blitter.frames)
    for v in reversed(values):  # second sweep: the same artists move again
        limits = _limits(ex.fig)
        ex.update(**{slider.name: v})
        expected_blits += _limits(ex.fig) == limits
        blitted = _frame(canvas)
        np.testing.assert_array_equal(blitted, _full_render(canvas))
    blits = ex.blitter.frames["blit"] - before["blit"]
    # every move that left the axis limits alone was a blit, not a full render
    assert blits == expected_blits


@pytest.mark.parametrize(("cls", "slider"), CASES, ids=[f"{c.__name__}-{s.name}" for c, s in CASES])
def test_first_move_is_a_blit_when_the_limits_stay(ipympl_backend, cls, slider):
    """The explorer declares its moving artists, so even the first move of each slider
    redraws only what it moves, unless it changes an axis limit."""
    ex, canvas = _live(cls)
    limits = _limits(ex.fig)
    frames = dict(ex.blitter.frames)
    ex.update(**{slider.name: slider.neighbour(ex.values[slider.name])})  # blit may be pushed
    frame = _frame(canvas)
    blitted = ex.blitter.frames["blit"] - frames["blit"]
    assert blitted == (1 if _limits(ex.fig) == limits else 0)
    np.testing.assert_array_equal(frame, _full_render(canvas))


@pytest.mark.parametrize("cls", _explorers(), ids=lambda c: c.__name__)
def test_live_frames_show_every_artist(ipympl_backend, cls):
    """A full render with animated artists looks like matplotlib's own render (savefig):
    only the stacking against grid lines and ticks may differ."""
    ex, canvas = _live(cls)
    for s in cls.sliders:
        ex.update(**{s.name: _small_steps(s)[2]})
        _frame(canvas)
    live = _full_render(canvas)[..., :3].astype(int)
    saved = np.asarray(Image.open(io.BytesIO(ex.png())).convert("RGB")).astype(int)
    assert live.shape == saved.shape
    strong = np.abs(live - saved).max(axis=2) > 60
    # artists kept on top (legends) are drawn again over their own first rendering, which
    # darkens antialiased text edges on matplotlib 3.8: compared by the static PNG test instead
    renderer = ex.fig.canvas.get_renderer()
    height = strong.shape[0]
    for artist in ex._on_top:
        box = artist.get_window_extent(renderer)
        rows = slice(max(int(height - box.y1) - 1, 0), int(height - box.y0) + 1)
        strong[rows, max(int(box.x0) - 1, 0) : int(box.x1) + 1] = False
    assert strong.mean() < 0.002, f"{strong.mean():.2%} of the pixels differ strongly"


@pytest.mark.parametrize("cls", _explorers(), ids=lambda c: c.__name__)
def test_static_png_is_unchanged_by_blitting(ipympl_backend, cls):
    """The static PNG (``explorer.png()``, also in the notebook's output) shows every artist
    whether or not the blitter animates it."""
    ex, canvas = _live(cls)
    for s in cls.sliders:
        for v in _small_steps(s)[:3]:
            ex.update(**{s.name: v})
            _frame(canvas)
    assert ex.blitter.animated
    blitted = np.asarray(Image.open(io.BytesIO(ex.png())))
    ex.blitter.disconnect()  # no animated artist left
    plain = np.asarray(Image.open(io.BytesIO(ex.png())))
    np.testing.assert_array_equal(blitted, plain)


def test_unchanged_animated_artists_are_copied_not_redrawn(ipympl_backend):
    """The step slider of notebook 02's proof explorer leaves the numbers above the panels
    (moved by the other sliders) alone: blits copy them from the last frame, and the frames
    stay exact."""
    ex, canvas = _live(lh.PerceptronProofExplorer)
    gamma = ex.numbers["gamma"]  # a figure-level text
    assert gamma in ex.blitter.animated  # the margin slider changes it
    for m in (0.11, 0.12):  # the number changes: it is drawn
        ex.update(margin=m)
        _frame(canvas)
    reused = ex.blitter.frames["reused"]
    for step in (3, 4, 5, 6, 2, 7):  # blits only: each copies from the one before
        ex.update(step=step)
        frame = _frame(canvas)
    assert ex.blitter.frames["reused"] > reused
    np.testing.assert_array_equal(frame, _full_render(canvas))


def test_new_device_pixel_ratio_forces_a_full_frame_then_blits_again(ipympl_backend):
    ex, canvas = _live(lh.MarginExplorer)
    ex.update(margin=0.21)
    _frame(canvas)
    shape = _frame(canvas).shape
    canvas.handle_event({"type": "set_device_pixel_ratio", "device_pixel_ratio": 2})
    ex.update(margin=0.22)
    full = ex.blitter.frames["full"]
    frame = _frame(canvas)
    assert ex.blitter.frames["full"] == full + 1
    assert frame.shape[0] == 2 * shape[0] and frame.shape[1] == 2 * shape[1]
    blits = ex.blitter.frames["blit"]
    ex.update(margin=0.23)
    np.testing.assert_array_equal(_frame(canvas), _full_render(canvas))
    assert ex.blitter.frames["blit"] == blits + 1


def test_replaced_artists_are_forgotten(ipympl_backend):
    """Switching the data set of notebook 03's explorer rebuilds its legends."""
    ex, canvas = _live(lh.LikelihoodScalingExplorer)
    for c in (2.0, 3.0, 4.0):
        ex.update(c=c)
        _frame(canvas)
    for option in lh.LIKELIHOOD_DATA_OPTIONS:
        ex.select(option)
        _frame(canvas)
        for c in (5.0, 6.0):
            ex.update(c=c)
            np.testing.assert_array_equal(_frame(canvas), _full_render(canvas))
            for artist in ex.blitter.animated + ex.blitter.overlay:
                assert artist in (artist.axes or ex.fig).get_children()


def test_sent_frames_decode_to_the_canvas(ipympl_backend, monkeypatch):
    """What goes to the browser: a full PNG first, then diffs that rebuild every frame (frames
    apart in time; close ones are whole, see the next test)."""
    monkeypatch.setattr(lh.explorers._blit.Blitter, "WHOLE_WITHIN_S", 0.0)
    ex, canvas = _live(lh.ThresholdExplorer)
    canvas._force_full = True
    canvas.handle_event({"type": "draw"})
    shown = np.asarray(Image.open(io.BytesIO(canvas.received[-1])).convert("RGBA")).copy()
    assert canvas._current_image_mode == "full"
    seen = len(canvas.received)
    for T in (0.52, 0.55, 0.6, 0.7):
        ex.update(T=T)
        _frame(canvas)
        assert canvas._current_image_mode == "diff"
        assert len(canvas.received) == seen + 1  # one frame per move
        seen += 1
        diff = np.asarray(Image.open(io.BytesIO(canvas.received[-1])).convert("RGBA"))
        opaque = diff[..., 3] > 0
        shown[opaque] = diff[opaque]
        np.testing.assert_array_equal(shown, np.asarray(canvas.get_renderer().buffer_rgba()))


def _decoded(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"))


@settings(max_examples=25, deadline=None)
@given(drops=st.lists(st.booleans(), min_size=8, max_size=8))
def test_a_browser_that_drops_close_frames_still_shows_the_kernels_figure(drops):
    """A fast drag sends frames close together; the browser drops one that is still decoding
    when the next arrives (any of them, here chosen by hypothesis).  Close frames are whole,
    so what it shows after the last frame is the kernel's figure, and a diff comes only
    after a pause (WHOLE_WITHIN_S)."""
    previous = matplotlib.get_backend()
    forced = os.environ.pop(_ipympl.NO_IPYMPL, None)  # as the ipympl_backend fixture does
    plt.switch_backend(IPYMPL)
    try:
        ex, canvas = _live(lh.DragSeparabilityExplorer)
        # every move of this drag is "close", however slowly a busy machine makes the frames
        ex.blitter.WHOLE_WITHIN_S = 3600.0
        shown = _decoded(canvas.received[-1]).copy()  # the first frame is whole
        sent = len(canvas.received)
        x0 = ex.X[3].copy()
        for k, drop in enumerate(drops):
            ex.move_point(3, x0 + 0.02 * (k + 1))
            _frame(canvas)
            assert len(canvas.received) == sent + 1, "one frame per move"
            sent += 1
            frame = _decoded(canvas.received[-1])
            assert canvas._current_image_mode == "full" and frame[..., 3].min() == 255
            if not drop or k == len(drops) - 1:  # the last frame is never replaced
                shown = frame.copy()
        np.testing.assert_array_equal(shown, np.asarray(canvas.get_renderer().buffer_rgba()))
        assert ex.blitter.frames["whole"] >= len(drops)
        # after a pause the next frame is a diff again, drawn over what the browser shows
        ex.blitter._last_sent -= ex.blitter.WHOLE_WITHIN_S
        ex.move_point(3, x0)
        _frame(canvas)
        assert canvas._current_image_mode == "diff"
        diff = _decoded(canvas.received[-1])
        opaque = diff[..., 3] > 0
        shown[opaque] = diff[opaque]
        np.testing.assert_array_equal(shown, np.asarray(canvas.get_renderer().buffer_rgba()))
    finally:
        plt.close("all")
        plt.switch_backend(previous)
        if forced is not None:
            os.environ[_ipympl.NO_IPYMPL] = forced


def test_first_move_after_a_pause_is_pushed_without_a_request(ipympl_backend, monkeypatch):
    ex, canvas = _live(lh.MarginExplorer)
    for m in (0.21, 0.22):  # learn what the margin slider moves
        ex.update(margin=m)
        _frame(canvas)
    monkeypatch.setattr(type(ex.blitter), "PUSH_GAP_S", 0.0)
    canvas.events.clear()
    sent, pushed = len(canvas.received), ex.blitter.frames["pushed"]
    ex.update(margin=0.23)
    assert "draw" not in canvas.events  # no request: the frame went out with the update
    assert len(canvas.received) == sent + 1 and ex.blitter.frames["pushed"] == pushed + 1
    np.testing.assert_array_equal(_frame(canvas), _full_render(canvas))
    # within the gap the next move asks for a frame instead
    monkeypatch.setattr(type(ex.blitter), "PUSH_GAP_S", 3600.0)
    ex.update(margin=0.24)
    assert "draw" in canvas.events and len(canvas.received) == sent + 2  # nothing pushed
    np.testing.assert_array_equal(_frame(canvas), _full_render(canvas))


def test_no_push_while_a_request_is_pending(ipympl_backend, monkeypatch):
    ex, canvas = _live(lh.MarginExplorer)
    ex.update(margin=0.21)
    _frame(canvas)
    monkeypatch.setattr(type(ex.blitter), "PUSH_GAP_S", 3600.0)
    ex.update(margin=0.22)  # asks for a frame; the front end has not answered yet
    assert "draw" in canvas.events
    monkeypatch.setattr(type(ex.blitter), "PUSH_GAP_S", 0.0)
    sent = len(canvas.received)
    ex.update(margin=0.23)
    assert len(canvas.received) == sent  # still waits for the request
    np.testing.assert_array_equal(_frame(canvas), _full_render(canvas))


def test_no_push_without_a_front_end(ipympl_backend, monkeypatch):
    """Executed without a browser (nbconvert, nbval): nothing is pushed."""
    ex, canvas = _live(lh.MarginExplorer)
    ex.update(margin=0.21)
    _frame(canvas)
    canvas.syncing_data_url = True
    monkeypatch.setattr(type(ex.blitter), "PUSH_GAP_S", 0.0)
    sent, pushed = len(canvas.received), ex.blitter.frames["pushed"]
    ex.update(margin=0.22)
    assert len(canvas.received) == sent and ex.blitter.frames["pushed"] == pushed


def test_disconnect_restores_the_normal_draw(ipympl_backend):
    ex, canvas = _live(lh.MarginExplorer)
    ex.update(margin=0.3)
    _frame(canvas)
    assert ex.blitter.animated
    ex.blitter.disconnect()
    assert not any(a.get_animated() for a in ex.fig.findobj())
    ex.update(margin=0.31)
    full = _full_render(canvas)
    assert "handle_draw" not in vars(canvas) and "get_diff_image" not in vars(canvas)
    canvas.handle_event({"type": "draw"})
    np.testing.assert_array_equal(np.asarray(canvas.get_renderer().buffer_rgba()), full)


@pytest.mark.parametrize("missing", ["handle_draw", "_force_full", "_last_buff"])
@pytest.mark.parametrize("cls", [lh.MarginExplorer, lh.PerceptronProofExplorer])
def test_fallback_without_the_hook_sends_ordinary_frames(ipympl_backend, monkeypatch, cls, missing):
    """Another ipympl or matplotlib without an attribute the hook needs: nothing is replaced,
    no artist is animated, and every frame is ipympl's own full render of the new state."""
    monkeypatch.setattr(_ipympl, "REQUIRED", (*_ipympl.REQUIRED, missing + "_gone"))
    ex, canvas = _live(cls)
    assert ex.blitter is None
    assert "handle_draw" not in vars(canvas) and "get_diff_image" not in vars(canvas)
    assert not any(a.get_animated() for a in ex.fig.findobj())
    for s in cls.sliders:
        for v in _small_steps(s)[1:3]:
            ex.update(**{s.name: v})
            assert "draw" in canvas.events  # asks for an ordinary frame
            frame = _frame(canvas)
            np.testing.assert_array_equal(frame, _full_render(canvas))
    # and the frame shows every artist of the explorer's state, as a saved figure does
    saved = np.asarray(Image.open(io.BytesIO(ex.png())).convert("RGBA"))
    np.testing.assert_array_equal(frame, saved)
    png = Image.open(io.BytesIO(canvas.received[-1])).convert("RGBA")
    assert png.size == (frame.shape[1], frame.shape[0])


def test_hook_needs_every_attribute(ipympl_backend):
    fig = plt.figure()
    assert _ipympl.supported(fig.canvas)
    assert not _ipympl.supported(matplotlib.backends.backend_agg.FigureCanvasAgg(plt.Figure()))
    assert not _ipympl.install(object(), lambda: None)


def test_agg_explorers_have_no_blitter():
    ex = lh.MarginExplorer()
    ex.widget()
    assert ex.blitter is None


# -- the helpers that keep limits and titles untouched when unchanged ------------------------
@given(st.floats(min_value=1e-300, max_value=1e300), st.floats(min_value=1.0, max_value=1e6))
def test_decade_limits(lo, ratio):
    hi = min(lo * ratio, 1e300)
    a, b = decade_limits(lo, hi)
    assert a <= lo * (1 + 1e-12) and hi <= b * (1 + 1e-12)
    assert lo < 10.0 * a * (1 + 1e-12) and b < 10.0 * hi * (1 + 1e-12)  # within a decade
    for edge in (a, b):  # whole powers of ten
        assert abs(np.log10(edge) - round(np.log10(edge))) < 1e-9


@pytest.mark.parametrize(
    ("lo", "hi", "match"), [(0.0, 1.0, "lo must be"), (1.0, np.inf, "hi must be"), (2, 1, "<=")]
)
def test_decade_limits_rejects(lo, hi, match):
    with pytest.raises(ValueError, match=match):
        decade_limits(lo, hi)


def test_set_limits_and_title_leave_unchanged_axes_alone():
    fig, ax = plt.subplots()
    ax.set_xlim(0, 1)
    ax.set_title("a")
    fig.draw_without_rendering()
    assert not fig.stale
    assert set_limits(ax, (0, 1)) is False
    assert set_title(ax, "a") is False
    assert not fig.stale
    assert set_limits(ax, (0, 2), (-1, 1)) is True
    assert ax.get_xlim() == (0, 2) and ax.get_ylim() == (-1, 1)
    assert set_title(ax, "b", fontsize="small") is True
    assert ax.get_title() == "b" and fig.stale


# -- the PNG encoder of the frames ---------------------------------------------------------------
@settings(max_examples=60)
@given(
    hnp.arrays(
        np.uint8,
        st.tuples(st.integers(1, 40), st.integers(1, 40), st.just(4)),
        elements=st.sampled_from([0, 1, 127, 128, 254, 255]),
    )
)
def test_encode_png_round_trips_through_pillow(rgba):
    decoded = Image.open(io.BytesIO(encode_png(rgba)))
    assert decoded.mode == "RGBA"
    np.testing.assert_array_equal(np.asarray(decoded), rgba)


@pytest.mark.parametrize(
    "bad",
    [np.zeros((4, 4, 3), np.uint8), np.zeros((4, 4, 4)), np.zeros((0, 4, 4), np.uint8)],
    ids=["rgb", "float", "empty"],
)
def test_encode_png_rejects(bad):
    with pytest.raises(ValueError, match="rgba must be"):
        encode_png(bad)
