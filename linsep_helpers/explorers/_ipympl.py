"""The one place that touches ipympl's private frame protocol (and only when it is there).

ipympl's front end asks the kernel for a frame with a "draw" message, at most one at a time;
the kernel answers in ``canvas.handle_draw`` with a full render (``canvas.draw()``) and sends
the changed pixels, encoded by ``canvas.get_diff_image``.  A full render costs 40-160 ms;
answering the request with a blit costs a few.  No public API lets a figure answer the request
itself, so ``install`` replaces, on one canvas instance only:

- ``handle_draw`` by the blitter's frame handler (blit or full render, see ``_blit.Blitter``);
- ``get_diff_image`` by ``diff_image``: matplotlib's own algorithm (send the pixels that
  changed since the last frame, or the whole image when asked or when the size changed), with
  a faster PNG encoder (``encode_png``), which reads matplotlib's private ``_png_is_old``,
  ``_force_full`` and ``_last_buff``.

``supported`` checks that every attribute this needs exists (verified on ipympl 0.10.0 with
matplotlib 3.11.2; ipympl 0.9 and matplotlib >= 3.8 have the same attributes).  Where one is
missing (another ipympl or matplotlib), nothing is replaced and the explorer falls back to
ordinary frames: ``canvas.draw_idle()`` and ipympl's full render, correct and slower.  Tests
in tests/explorers/test_blit.py (``test_fallback_*``).

``live`` decides whether an explorer gets an ipympl canvas at all: only when matplotlib's
active backend is ipympl's (``%matplotlib widget`` succeeded) and ``LINSEP_NO_IPYMPL`` is
unset.  Elsewhere (JupyterLite today, where ``%matplotlib widget`` fails: pyodide/pyodide#6075;
``%matplotlib inline``; a script) each frame is a PNG drawn by Agg (tests/explorers/
test_fallback.py).
"""

from __future__ import annotations

import os
import struct
import zlib
from collections.abc import Callable
from typing import Any

import matplotlib as mpl
import numpy as np

__all__: list[str] = []  # private helper of the explorers

#: What ``install`` uses: the canvas's frame handler, its diff encoder, matplotlib's private
#: frame state, and the manager that sends the frame.
REQUIRED = (
    "handle_draw",
    "get_diff_image",
    "set_image_mode",
    "syncing_data_url",
    "_png_is_old",
    "_force_full",
    "_last_buff",
)


#: Names matplotlib gives ipympl's backend (``%matplotlib widget`` or ``ipympl``).
BACKENDS = ("widget", "ipympl", "module://ipympl.backend_nbagg")
#: Set to 1 to get the picture fallback even where ipympl runs (the tests force it so).
NO_IPYMPL = "LINSEP_NO_IPYMPL"


def live() -> bool:
    """True if a new explorer should get a live ipympl canvas (see the module docstring)."""
    if os.environ.get(NO_IPYMPL, "") not in ("", "0"):
        return False
    return mpl.get_backend().lower() in BACKENDS


def supported(canvas: Any) -> bool:
    """True if ``install`` can hook into this canvas (an ipympl canvas of a known shape)."""
    manager = getattr(canvas, "manager", None)
    return all(hasattr(canvas, name) for name in REQUIRED) and callable(
        getattr(manager, "refresh_all", None)
    )


def install(canvas: Any, on_frame_request: Callable[[], None]) -> bool:
    """Answer the front end's frame requests with ``on_frame_request()`` and encode frames with
    ``diff_image``; False (and nothing changed) where ``supported`` says no."""
    if not supported(canvas):
        return False
    # ipympl looks both up on the instance: handle_event -> getattr(self, "handle_draw"),
    # manager.refresh_all -> self.canvas.get_diff_image()
    canvas.handle_draw = lambda event=None: on_frame_request()
    canvas.get_diff_image = lambda: diff_image(canvas)
    return True


def uninstall(canvas: Any) -> None:
    """Give the canvas its own frame handler and encoder back."""
    for name in ("handle_draw", "get_diff_image"):
        if name in vars(canvas):
            delattr(canvas, name)


def front_end_listening(canvas: Any) -> bool:
    """True once a browser displays the canvas (not under nbconvert or nbval)."""
    return not getattr(canvas, "syncing_data_url", True)


def diff_image(canvas: Any) -> bytes | None:
    """The frame to send: matplotlib's ``FigureCanvasWebAggCore.get_diff_image`` (the changed
    pixels, or the whole image when asked or when the size changed), encoded by ``encode_png``
    instead of Pillow at zlib level 6: encoding was over half the time of a blitted frame, and
    this takes about a third of it."""
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
