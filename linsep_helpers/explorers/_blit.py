"""Fast frames for a live (ipympl) figure: redraw only what a slider moved.

A slider move usually changes a few artists (points, a line, a title) while the axes, ticks,
grid and labels stay as they were.  Rendering the whole figure for every frame costs
40-200 ms on a 2-core machine; restoring a saved copy of the unchanged part and drawing the
changed artists over it (*blitting*) costs a few milliseconds.

``Blitter`` does this inside ipympl's own frame protocol:

1. the explorer moves its artists and calls ``Blitter.show``.  Usually that asks ipympl for
   a frame (``canvas.draw_idle()``): ipympl tells the browser, which requests a frame once
   it has received the previous one, so a burst of slider moves costs one frame, not one per
   move.  Frames are not sent unasked in a burst: the browser drops an image that is still
   decoding when the next one arrives, and a lost *diff* frame leaves stale pixels behind.
   Only the first move after a pause (no frame for ``PUSH_GAP_S``) gets its blit pushed at
   once, which saves the request's round trip.
2. the frame request (``canvas.handle_draw``, replaced on this canvas instance) is answered
   - by a *blit* when only the blitter's artists changed since the last full render: restore
     the background, draw the animated artists (those that did not change and meet no
     changed one are copied from the last frame instead), composite the overlay, send the
     changed pixels (``canvas.blit``);
   - by a *full* render otherwise (first frame, new size or dpi, changed axis limits, or any
     other artist changed).  Before it, the artists that changed (matplotlib marks them
     ``stale``) are *learned*: they become animated, together with every artist drawn above
     them in the same axes that overlaps where they paint, so blitted frames keep the
     stacking order of a full render.  The ``draw_event`` of that render saves the
     background and draws the animated artists.

Animated artists do not mark their figure stale, so a stale figure means exactly "something
else changed".  They are left out of matplotlib's normal draw; when saving, ``Axes.draw``
keeps them but ``Figure.draw`` does not, hence ``Blitter.everything_drawn`` for savefig.
Frames are encoded as unfiltered PNGs at zlib level 1 (``encode_png``).  Not handled: an
animated text that grows over a static artist drawn above it (it is drawn over it).  Used by
``explorers.Explorer`` (every explorer of notebooks 01-05); tests in
tests/explorers/test_blit.py.
"""

from __future__ import annotations

import math
import struct
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.axis import Axis
from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.figure import Figure
from matplotlib.spines import Spine
from matplotlib.text import Text
from matplotlib.transforms import Bbox

__all__: list[str] = []  # private helper of the explorers


def _container_children(container: Figure | Axes) -> list[Artist]:
    """Top-level artists of an Axes or Figure that may be animated (not axes, axis, spines,
    or the background patch)."""
    return [
        a
        for a in container.get_children()
        if a is not container.patch and not isinstance(a, (Axes, Axis, Spine))
    ]


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


def _is_dirty(artist: Artist) -> bool:
    """Changed since it was last drawn.  A part of a composite artist (a legend's text) marks
    the axes stale, not its parent, so the parts count too; parts that are never drawn
    (invisible, empty text) stay stale forever and do not."""
    if artist.stale:
        return True
    return any(
        part.stale and part.get_visible() and not (isinstance(part, Text) and not part.get_text())
        for part in artist.findobj(include_self=False)
    )


def _png_chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))


def encode_png(rgba: np.ndarray, level: int = 1) -> bytes:
    """An 8-bit RGBA image (h, w, 4) as PNG bytes: no row filters, zlib at ``level``.

    A diff frame is mostly transparent zeros; Pillow's encoder spends longer choosing row
    filters than zlib level 1 spends compressing such an image (about 7.5 vs 4 ms for
    940 x 716 pixels), and filters gain nothing on it.
    """
    if rgba.dtype != np.uint8 or rgba.ndim != 3 or rgba.shape[2] != 4 or 0 in rgba.shape:
        raise ValueError(f"rgba must be a non-empty (h, w, 4) uint8 array; got {rgba.shape}")
    h, w, _ = rgba.shape
    raw = np.zeros((h, 1 + 4 * w), dtype=np.uint8)  # each row: filter type 0, then pixels
    raw[:, 1:] = rgba.reshape(h, 4 * w)
    header = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)  # 8 bits, RGBA, no interlace
    return (
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", header)
        + _png_chunk(b"IDAT", zlib.compress(raw.tobytes(), level))
        + _png_chunk(b"IEND", b"")
    )


def _set_animated(artist: Artist, on: bool) -> None:
    for part in artist.findobj(include_self=True):
        part.set_animated(on)


class Blitter:
    """Answer an ipympl canvas's frame requests with blits where possible (see module doc).

    Artists it handles are of two kinds, both left out of the normal draw:

    - *animated*: drawn on every frame (they changed, or sit above something that did and
      under something else that did);
    - *overlay*: unchanged artists above all animated ones in their axes (typically a legend
      inside the plot).  Drawing a legend costs 15-25 ms, so an overlay is rendered once per
      full render into a transparent layer and composited (alpha-blended) onto every frame.

    ``frames`` counts the frames sent: {"blit": ..., "full": ...}; "pushed" counts the blits
    sent without a request (see ``show``), "reused" the animated artists copied from the last
    frame instead of drawn (see ``_draw_frame``).
    """

    #: Shortest time (s) after a frame before the next blit may be pushed unasked.
    PUSH_GAP_S: ClassVar[float] = 0.1

    def __init__(self, fig: Figure) -> None:
        self.fig = fig
        self.canvas: Any = fig.canvas
        self.frames: dict[str, int] = {"blit": 0, "full": 0, "pushed": 0, "reused": 0}
        self._requested = False  # a frame request (draw_idle) is on its way
        self._last_sent = -math.inf  # time.monotonic() of the last frame sent
        self._animated: list[tuple[Figure | Axes, Artist]] = []
        self._overlay: list[tuple[Figure | Axes, Artist]] = []
        self._layer: list[tuple[slice, slice, np.ndarray]] = []
        # where each animated artist painted on its last draw, and that frame before the overlay
        self._regions: dict[int, Bbox | None] = {}
        self._last_frame: np.ndarray | None = None
        self._background: Any = None
        self._renderer: Any = None
        self._cid = self.canvas.mpl_connect("draw_event", self._on_draw)
        # ipympl looks both up on the instance: handle_event -> getattr(self, "handle_draw"),
        # refresh_all -> self.canvas.get_diff_image()
        self.canvas.handle_draw = self._handle_draw
        self.canvas.get_diff_image = self._get_diff_image

    # -- which artists are animated ------------------------------------------------------
    @property
    def animated(self) -> list[Artist]:
        """The artists drawn on every frame, in drawing order (zorder, then insertion)."""
        return [a for _, a in sorted(self._animated, key=lambda ca: ca[1].get_zorder())]

    @property
    def overlay(self) -> list[Artist]:
        """The unchanged artists composited over every frame, in drawing order."""
        return [a for _, a in sorted(self._overlay, key=lambda ca: ca[1].get_zorder())]

    def _prune(self) -> bool:
        """Forget artists no longer in the figure; True if any was dropped."""
        dropped = False
        for name in ("_animated", "_overlay"):
            entries = getattr(self, name)
            kept = [(c, a) for c, a in entries if a in c.get_children()]
            dropped = dropped or len(kept) != len(entries)
            setattr(self, name, kept)
        return dropped

    def learn(self) -> None:
        """Animate every changed (stale) artist and what is drawn above it (see class doc).

        Runs before every full render; ``Explorer._teach_blitter`` also calls it after moving
        each slider one step, before the first frame."""
        self._prune()
        # an overlay that changed is drawn on every frame from now on
        for entry in [e for e in self._overlay if _is_dirty(e[1])]:
            self._overlay.remove(entry)
            self._animated.append(entry)
        known = {id(a) for _, a in self._animated + self._overlay}
        renderer = self.canvas.get_renderer()
        containers: list[Figure | Axes] = [*self.fig.axes, self.fig]
        for c in containers:
            children = _container_children(c)
            dirty = [a for a in children if id(a) not in known and _is_dirty(a)]
            if dirty:
                z = min(a.get_zorder() for a in dirty)
                regions = [_paint_region(a, renderer) for a in dirty]
                for a in children:
                    if id(a) in known or a.get_zorder() < z:
                        continue
                    if a in dirty or _overlaps(_paint_region(a, renderer), regions):
                        _set_animated(a, True)
                        target = self._animated if a in dirty else self._overlay
                        target.append((c, a))
                        known.add(id(a))
            # an overlay is composited last, so it must come after every animated artist in
            # the container's drawing order (zorder, then order of addition)
            order = {id(a): (a.get_zorder(), i) for i, a in enumerate(children)}
            last = max((order[id(a)] for cc, a in self._animated if cc is c), default=None)
            for entry in [e for e in self._overlay if e[0] is c]:
                if last is not None and order[id(entry[1])] < last:
                    self._overlay.remove(entry)
                    self._animated.append(entry)

    # -- frames --------------------------------------------------------------------------
    def _render_overlay(self, renderer: Any) -> None:
        """Draw the overlay artists once into a transparent layer; keep their pixel boxes."""
        self._layer = []
        if not self._overlay:
            return
        width, height = int(renderer.width), int(renderer.height)
        layer = RendererAgg(width, height, renderer.dpi)
        layer.clear()  # transparent
        for a in self.overlay:
            a.draw(layer)
        pixels = np.asarray(layer.buffer_rgba())
        for a in self.overlay:
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
            dirty = [_is_dirty(a) for a in animated]
            changed: list[Bbox | None] = []
            for a, d in zip(animated, dirty, strict=True):
                if d:
                    changed += [self._regions.get(id(a)), _padded(_paint_region(a, renderer))]
            reused = [
                a
                for a, d in zip(animated, dirty, strict=True)
                if not d and id(a) in self._regions and not _overlaps(self._regions[id(a)], changed)
            ]
        for a in animated:
            if a not in reused:
                a.draw(renderer)
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
        if canvas.is_saving() or event.renderer is not getattr(canvas, "renderer", None):
            return  # savefig (draws animated artists itself) or draw_without_rendering
        self._background = canvas.copy_from_bbox(self.fig.bbox)
        self._renderer = event.renderer
        self._render_overlay(event.renderer)
        self._draw_frame(event.renderer)

    def can_blit(self) -> bool:
        """True when the next frame can be a blit: a background of the current size exists
        and nothing but animated artists changed since it was saved."""
        return (
            self._background is not None
            and not self.fig.stale
            and self.canvas.get_renderer() is self._renderer
            and not self._prune()
            and not any(_is_dirty(a) for _, a in self._overlay)
        )

    def show(self) -> None:
        """Bring the browser the new state of the artists (``Explorer.refresh`` calls this).

        If the last frame went out at least ``PUSH_GAP_S`` ago, no frame request is pending and
        a blit will do, the blit is sent at once (*pushed*): this saves the round trip of
        ipympl's frame request, and the long gap keeps the browser from receiving a frame
        while it still decodes the previous one (ipympl's own protocol leaves one round trip,
        ~15 ms, between frames).  Otherwise it asks for a frame (``draw_idle``).
        """
        if (
            not self._requested
            and not getattr(self.canvas, "syncing_data_url", True)  # a front end is listening
            and time.monotonic() - self._last_sent >= self.PUSH_GAP_S
            and self.can_blit()
        ):
            self.frames["pushed"] += 1
            self._blit()
        else:
            self._requested = True
            self.canvas.draw_idle()

    def _blit(self) -> None:
        self.canvas.restore_region(self._background)
        self._draw_frame(self._renderer, reuse=True)
        self.frames["blit"] += 1
        self.canvas.blit(self.fig.bbox)  # sends the changed pixels to the browser
        self._last_sent = time.monotonic()

    def _handle_draw(self, event: Any = None) -> None:
        """ipympl's frame request."""
        self._requested = False
        if self.can_blit():
            self._blit()
        else:
            self.learn()
            self.frames["full"] += 1
            self.canvas.draw()  # full render; _on_draw saves the background
            self._last_sent = time.monotonic()

    def _get_diff_image(self) -> bytes | None:
        """The frame to send: matplotlib's ``FigureCanvasWebAggCore.get_diff_image`` (the
        changed pixels, or the whole image when asked or when the size changed), encoded by
        ``encode_png`` instead of Pillow at zlib level 6: encoding was over half the time of
        a blitted frame, and this takes about a third of it."""
        canvas = self.canvas
        if not canvas._png_is_old:
            return None
        pixels = np.asarray(canvas.get_renderer().buffer_rgba())
        buff = pixels.view(np.uint32).squeeze(2)
        if (
            canvas._force_full
            or buff.shape != canvas._last_buff.shape
            or (pixels[:, :, 3] != 255).any()  # a diff cannot carry transparency
        ):
            canvas.set_image_mode("full")
            output = buff
        else:
            canvas.set_image_mode("diff")
            output = np.where(buff != canvas._last_buff, buff, 0)
        canvas._last_buff = buff.copy()
        canvas._force_full = False
        canvas._png_is_old = False
        return encode_png(output.view(dtype=np.uint8).reshape((*output.shape, 4)))

    @contextmanager
    def everything_drawn(self) -> Iterator[None]:
        """Un-animate the figure-level artists (suptitle, figure legends) meanwhile: when
        saving, ``Axes.draw`` keeps animated artists but ``Figure.draw`` leaves them out.
        ``Explorer.png`` saves within this."""
        parts = [p for c, a in self._animated + self._overlay if c is self.fig for p in a.findobj()]
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
        for name in ("handle_draw", "get_diff_image"):
            if name in vars(self.canvas):
                delattr(self.canvas, name)
        for _, a in self._animated + self._overlay:
            _set_animated(a, False)
        self._animated, self._overlay, self._layer = [], [], []
        self._background = None
