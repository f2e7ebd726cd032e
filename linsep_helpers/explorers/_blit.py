"""Fast frames for a live (ipympl) figure: redraw only the artists an explorer declared moving.

This is the ``BlitManager`` of matplotlib's blitting guide, with two additions for frames sent
to a browser.  A slider move usually changes a few artists (points, a line, a title) while the
axes, ticks, grid and labels stay as they were.  Rendering the whole figure costs 40-200 ms on
a 2-core machine; restoring a saved copy of the unchanged part and drawing the moving artists
over it (*blitting*) costs a few milliseconds.

1. The explorer declares its moving artists (``Explorer.animate``; here ``add_artist``): they
   become *animated*, so matplotlib leaves them out of a full render and a change to one of
   them does not mark the figure as changed (``Artist.stale`` stops at animated artists).
   Unchanged artists drawn above moving ones (a legend inside the plot) are declared *on top*
   (``Explorer.keep_on_top``): they are rendered once per full render into a transparent layer
   and alpha-blended onto every frame, since drawing a legend costs 15-25 ms.
2. After every full render (``mpl_connect("draw_event")``) the blitter saves the background
   (``canvas.copy_from_bbox``) and draws the animated artists and the layer over it.
3. A frame is a *blit* (``canvas.restore_region``, ``Figure.draw_artist`` for each animated
   artist, ``canvas.blit``) while the background is valid: same canvas size and dpi, and the
   figure is not stale, i.e. nothing but declared artists changed.  Otherwise (an axis range or
   a data set changed) it is a full render (``canvas.draw``).
4. A blit is sent at once (*pushed*), without ipympl's frame request: the request costs a
   round trip to the browser per frame and held drags to about 10 frames per second.  A full
   render follows ipympl's protocol: ``show`` asks for a frame (``canvas.draw_idle``), the
   front end requests it, and ``frame`` (hooked in by ``_ipympl.install``, the only private
   hook) answers.  Pushed frames can arrive while the browser still decodes the previous one,
   which it then drops; so a frame sent within ``WHOLE_WITHIN_S`` of the last is sent whole
   (about 50 KB), never as a diff whose loss would leave stale pixels.

An animated artist that did not change since the last frame (not ``stale``) and meets no
changed one is copied from the last frame instead of drawn (same pixels there).  Used by
``Explorer`` (every explorer of notebooks 01-05); tests in tests/explorers/test_blit.py.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

import numpy as np
from matplotlib.artist import Artist
from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from . import _ipympl

__all__: list[str] = []  # private helper of the explorers


def _paint_region(artist: Artist, renderer: Any) -> Bbox | None:
    """Where the artist can paint: its clip box if clipped, else its extent (None: anywhere)."""
    if artist.get_clip_on() and artist.get_clip_box() is not None:
        return artist.get_clip_box()
    try:
        box = artist.get_window_extent(renderer)
    except (AttributeError, NotImplementedError, RuntimeError, TypeError, ValueError):
        # an artist without a usable extent: assume it can paint anywhere
        return None
    return box if np.all(np.isfinite(box.get_points())) else None


def _padded(box: Bbox | None, pad: float = 2.0) -> Bbox | None:
    """The box grown by ``pad`` pixels on every side (antialiasing reaches past extents)."""
    if box is None:
        return None
    x0, y0, x1, y1 = box.extents
    return Bbox.from_extents(x0 - pad, y0 - pad, x1 + pad, y1 + pad)


def _pixel_slices(box: Bbox | None, width: int, height: int) -> tuple[slice, slice]:
    """Rows and columns of the buffer that hold a display box (display y goes up, buffer
    rows go down); None: the whole buffer."""
    if box is None:
        return slice(0, height), slice(0, width)
    x0 = min(max(int(np.floor(box.x0)), 0), width)
    x1 = min(max(int(np.ceil(box.x1)), x0), width)
    y0 = min(max(height - int(np.ceil(box.y1)), 0), height)
    y1 = min(max(height - int(np.floor(box.y0)), y0), height)
    return slice(y0, y1), slice(x0, x1)


def _overlaps(box: Bbox | None, regions: list[Bbox | None]) -> bool:
    return box is None or any(r is None or box.overlaps(r) for r in regions)


def _changed(artist: Artist) -> bool:
    """Changed since it was last drawn (``stale``).  A part of a composite artist (a legend's
    text) marks its axes stale, not its parent, so the parts count too; parts that are never
    drawn (invisible, empty text) stay stale forever and do not."""
    if artist.stale:
        return True
    return any(
        part.stale and part.get_visible() and not (isinstance(part, Text) and not part.get_text())
        for part in artist.findobj(include_self=False)
    )


def _set_animated(artist: Artist, on: bool) -> None:
    for part in artist.findobj(include_self=True):
        part.set_animated(on)


class Blitter:
    """Blit the declared artists of one figure (see the module docstring).

    Parameters
    ----------
    fig : Figure
        A figure on an ipympl canvas (``_ipympl.supported(fig.canvas)``).
    animated : iterable of Artist
        The artists that move; drawn on every frame.
    on_top : iterable of Artist
        Unchanged artists drawn above moving ones (composited onto every frame).

    Attributes
    ----------
    frames : dict
        Frames sent: "blit", "full" (render); "pushed" counts the blits sent without a
        request, "whole" the frames sent as a whole image rather than a diff (``WHOLE_WITHIN_S``),
        "reused" the animated artists copied from the last frame instead of drawn.
    """

    #: Shortest time (s) after a frame before the next blit may be pushed unasked; 0: every
    #: blit goes out at once (benchmarks set it to infinity to time the request path).
    PUSH_GAP_S: ClassVar[float] = 0.0
    #: A frame sent within this time (s) of the previous one is sent whole, not as a diff:
    #: the browser drops a frame that is still decoding when the next one arrives, and a
    #: dropped diff would leave its changes missing from the picture; a dropped whole frame
    #: is simply replaced by the next.
    WHOLE_WITHIN_S: ClassVar[float] = 0.25

    def __init__(self, fig: Figure, animated: Iterable[Artist], on_top: Iterable[Artist] = ()):
        self.fig = fig
        self.canvas: Any = fig.canvas
        self.frames: dict[str, int] = {"blit": 0, "full": 0, "pushed": 0, "reused": 0, "whole": 0}
        self._animated: list[Artist] = []
        self._on_top: list[Artist] = []
        for a in animated:
            self.add_artist(a)
        for a in on_top:
            self.add_artist(a, on_top=True)
        self._requested = False  # a frame request (draw_idle) is on its way
        self._last_sent = -math.inf  # time.monotonic() of the last frame sent
        self._layer: list[tuple[slice, slice, np.ndarray]] = []
        # where each animated artist painted on its last draw, and that frame before the layer
        self._regions: dict[int, Bbox | None] = {}
        self._last_frame: np.ndarray | None = None
        self._background: Any = None
        self._renderer: Any = None
        self._cid = self.canvas.mpl_connect("draw_event", self._on_draw)
        if not _ipympl.install(self.canvas, self.frame):
            self.canvas.mpl_disconnect(self._cid)
            raise ValueError("Blitter needs an ipympl canvas (see _ipympl.supported)")

    # -- the declared artists ------------------------------------------------------------
    def add_artist(self, artist: Artist, *, on_top: bool = False) -> None:
        """Declare an artist of the figure as moving (or, ``on_top``, as unchanged but drawn
        above moving ones); it is left out of full renders from now on."""
        if artist.figure is not self.fig:
            raise ValueError(f"{artist!r} is not an artist of this figure")
        _set_animated(artist, True)
        (self._on_top if on_top else self._animated).append(artist)

    @staticmethod
    def _order(artist: Artist) -> tuple[int, float]:
        # a full render draws each axes with its children, then the figure-level artists
        return (1 if artist.axes is None else 0, artist.get_zorder())

    def _in_figure(self, artist: Artist) -> bool:
        container = artist.axes if artist.axes is not None else self.fig
        return artist in container.get_children()

    def _split(self) -> tuple[list[Artist], list[Artist]]:
        """(animated, overlay), in drawing order.  Artists no longer in the figure (a replaced
        legend) are forgotten; an on-top artist below a moving one in its axes is drawn with
        the moving ones, so the stacking of a full render is kept."""
        self._animated = [a for a in self._animated if self._in_figure(a)]
        self._on_top = [a for a in self._on_top if self._in_figure(a)]
        top = {}
        for a in self._animated:
            top[id(a.axes)] = max(top.get(id(a.axes), -math.inf), a.get_zorder())
        overlay = [a for a in self._on_top if a.get_zorder() >= top.get(id(a.axes), -math.inf)]
        animated = self._animated + [a for a in self._on_top if a not in overlay]
        return sorted(animated, key=self._order), sorted(overlay, key=self._order)

    @property
    def animated(self) -> list[Artist]:
        """The artists drawn on every frame, in drawing order."""
        return self._split()[0]

    @property
    def overlay(self) -> list[Artist]:
        """The unchanged artists composited over every frame, in drawing order."""
        return self._split()[1]

    # -- frames --------------------------------------------------------------------------
    def _render_overlay(self, renderer: Any, overlay: list[Artist]) -> None:
        """Draw the overlay artists once into a transparent layer; keep their pixel boxes."""
        self._layer = []
        if not overlay:
            return
        width, height = int(renderer.width), int(renderer.height)
        layer = RendererAgg(width, height, renderer.dpi)
        layer.clear()  # transparent
        for a in overlay:
            a.draw(layer)
        pixels = np.asarray(layer.buffer_rgba())
        for a in overlay:
            rows, cols = _pixel_slices(_padded(_paint_region(a, layer)), width, height)
            if rows.stop > rows.start and cols.stop > cols.start:
                self._layer.append((rows, cols, pixels[rows, cols].copy()))

    def _composite_overlay(self, renderer: Any) -> None:
        """Alpha-blend the overlay layer onto the frame: out = a src + (1 - a) dst."""
        if not self._layer:
            return
        frame = np.asarray(renderer.buffer_rgba())
        for rows, cols, src in self._layer:
            alpha = src[..., 3:4].astype(np.uint32)
            dst = frame[rows, cols, :3].astype(np.uint32)
            mixed = (src[..., :3] * alpha + dst * (255 - alpha) + 127) // 255
            frame[rows, cols, :3] = mixed.astype(np.uint8)

    def _draw_frame(self, renderer: Any, reuse: bool = False) -> None:
        """Draw the animated artists over the background, then composite the overlay.

        With ``reuse`` (a blit), an animated artist that did not change since the last frame
        and whose last paint region meets no changed artist's region (old or new) is not
        drawn: its region is copied from the last frame (taken before the overlay), which
        holds exactly the same pixels there.  Copies come after the drawing, so an artist
        redrawn across such a region is overwritten by the same pixels, not drawn twice.
        """
        frame = np.asarray(renderer.buffer_rgba())
        animated = self.animated
        reused: list[Artist] = []
        if reuse and self._last_frame is not None and self._last_frame.shape == frame.shape:
            changed = [_changed(a) for a in animated]
            regions: list[Bbox | None] = []
            for a, c in zip(animated, changed, strict=True):
                if c:
                    regions += [self._regions.get(id(a)), _padded(_paint_region(a, renderer))]
            reused = [
                a
                for a, c in zip(animated, changed, strict=True)
                if not c and id(a) in self._regions and not _overlaps(self._regions[id(a)], regions)
            ]
        for a in animated:
            if a not in reused:
                self.fig.draw_artist(a)
                self._regions[id(a)] = _padded(_paint_region(a, renderer))
        height, width = frame.shape[:2]
        self.frames["reused"] += len(reused)
        for a in reused:
            rows, cols = _pixel_slices(self._regions[id(a)], width, height)
            frame[rows, cols] = self._last_frame[rows, cols]
        self._last_frame = frame.copy()
        self._composite_overlay(renderer)

    def _on_draw(self, event: Any) -> None:
        """After a full render of the canvas: save the background, draw the animated
        artists, render and composite the overlay."""
        canvas = self.canvas
        if canvas.is_saving() or event.renderer is not canvas.get_renderer():
            return  # savefig (draws animated artists itself) or draw_without_rendering
        self._background = canvas.copy_from_bbox(self.fig.bbox)
        self._renderer = event.renderer
        self._render_overlay(event.renderer, self.overlay)
        self._draw_frame(event.renderer)

    def can_blit(self) -> bool:
        """True when the next frame can be a blit: a background of the current size exists
        and nothing but the animated artists changed since it was saved."""
        overlay = self._split()[1]
        return (
            self._background is not None
            and not self.fig.stale
            and self.canvas.get_renderer() is self._renderer
            and not any(_changed(a) for a in overlay)
        )

    def show(self) -> None:
        """Bring the browser the new state of the artists (``Explorer.refresh`` calls this).

        If a blit will do, no frame request is pending and the last frame went out at least
        ``PUSH_GAP_S`` ago, the blit is sent at once (*pushed*): this saves the round trip of
        ipympl's frame request.  Otherwise it asks for a frame (``draw_idle``), answered by
        ``frame``.
        """
        if (
            not self._requested
            and _ipympl.front_end_listening(self.canvas)
            and time.monotonic() - self._last_sent >= self.PUSH_GAP_S
            and self.can_blit()
        ):
            self.frames["pushed"] += 1
            self._blit()
        else:
            self._requested = True
            self.canvas.draw_idle()

    def _whole_if_close(self) -> None:
        """Send the next frame whole when it follows the last one closely (WHOLE_WITHIN_S)."""
        if time.monotonic() - self._last_sent < self.WHOLE_WITHIN_S:
            self.canvas._force_full = True
            self.frames["whole"] += 1

    def _blit(self) -> None:
        self.canvas.restore_region(self._background)
        self._draw_frame(self._renderer, reuse=True)
        self.frames["blit"] += 1
        self._whole_if_close()
        self.canvas.blit(self.fig.bbox)  # sends the changed pixels to the browser
        self._last_sent = time.monotonic()

    def frame(self) -> None:
        """Answer the front end's frame request: a blit if possible, else a full render."""
        self._requested = False
        if self.can_blit():
            self._blit()
        else:
            self.frames["full"] += 1
            self._whole_if_close()
            self.canvas.draw()  # full render; _on_draw saves the background
            self._last_sent = time.monotonic()

    @contextmanager
    def everything_drawn(self) -> Iterator[None]:
        """Un-animate the figure-level artists (suptitle, figure legends) meanwhile: when
        saving, ``Axes.draw`` keeps animated artists but ``Figure.draw`` leaves them out.
        ``Explorer.png`` saves within this."""
        parts = [p for a in self._animated + self._on_top if a.axes is None for p in a.findobj()]
        for p in parts:
            p.set_animated(False)
        try:
            yield
        finally:
            for p in parts:
                p.set_animated(True)

    def disconnect(self) -> None:
        """Stop blitting: restore the canvas's own frame handler and the normal draw."""
        self.canvas.mpl_disconnect(self._cid)
        _ipympl.uninstall(self.canvas)
        for a in self._animated + self._on_top:
            _set_animated(a, False)
        self._animated, self._on_top, self._layer = [], [], []
        self._background = None
