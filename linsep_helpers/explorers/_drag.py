"""The mouse layer of the drag explorers: the data are the controls.

``DragExplorer`` is an ``Explorer`` whose state depends on a data set ``(X, y)`` that the
mouse edits (matplotlib's ``canvas.mpl_connect``: "button_press_event",
"motion_notify_event", "button_release_event"; with ``%matplotlib widget`` ipympl sends these
from the browser):

- press on a point (within ``PICK_PT`` points on screen) and move: the point follows the mouse
  (clamped to the axes); release ends the drag there (motion events that queued up while the
  kernel was busy are skipped: ``COALESCE_S``);
- a left click on empty space adds a point of the class chosen by the "a click adds" toggle;
- a right click on a point, or a left click in the "delete" mode, removes it;
- the Reset button restores the seeded data.

Each edit is also a method, for tests and notebook cells: ``move_point(i, xy)``,
``add_point(xy, label)``, ``remove_point(i)``, ``reset()``, ``set_data(X, y)``, and the mouse
itself is ``press(xy, button=1)``, ``drag_to(xy)``, ``release()`` in data coordinates.
``explorer.X`` and ``explorer.y`` are copies of the current data.

Edge cases never raise from a mouse callback; they show a message inside the figure
(``explorer.message``): a point dragged outside the axes is clamped to them, a point put
exactly on another is reported as stacked, an edit that would leave one class or fewer than
``MIN_POINTS`` points (or more than ``MAX_POINTS``) is refused, the subclass names data
exactly on the boundary (``notes(state)``), and any exception in a callback is shown as a
message while the data stay as they were.  Used by ``draggable.py`` (notebooks 01-04).
"""

from __future__ import annotations

import contextlib
import math
import textwrap
import time
from collections.abc import Iterator
from typing import Any, ClassVar

import ipywidgets as ipw
import numpy as np
from matplotlib.axes import Axes
from matplotlib.backend_bases import MouseButton
from matplotlib.figure import Figure
from numpy.typing import ArrayLike

from .._validate import check_int, check_Xy
from ..plotting import PALETTE
from ._base import Choice, Explorer

__all__ = ["DragExplorer"]

_BLAS: Any = None  # threadpoolctl's controller, made on first use (None: not made yet)


@contextlib.contextmanager
def one_blas_thread() -> Iterator[None]:
    """Run the block with one BLAS thread.  A move solves problems of 3 unknowns, where BLAS
    threads cannot help; on a busy 2-core machine OpenBLAS's threads waiting for each other
    made ``fit_logistic`` take 60-400 ms instead of 2-20 ms (measured).  Costs about 0.01 ms;
    nothing changes where threadpoolctl (a dependency of scikit-learn) is missing."""
    global _BLAS
    if _BLAS is None:
        try:
            from threadpoolctl import ThreadpoolController

            _BLAS = ThreadpoolController()
        except ImportError:  # pragma: no cover - scikit-learn brings threadpoolctl
            _BLAS = False
    if _BLAS is False:
        yield
        return
    with _BLAS.limit(limits=1, user_api="blas"):
        yield


#: The class a click adds: toggle option -> label.
ADD_OPTIONS = {"+1": 1.0, "-1": -1.0}
MODES = ("drag / add", "delete")


class DragExplorer(Explorer):
    """Base class of the explorers whose controls are the data (see the module docstring).

    Subclasses define ``_setup_plot(fig)`` (create the artists, set ``self.ax``, the axes
    the points live in, with fixed limits), ``compute_data(X, y) -> state`` (pure, a frozen
    dataclass), ``draw_state(state)`` (move the artists, no refresh) and optionally
    ``notes(state)`` (messages that belong to the data, e.g. points on the boundary) and
    ``readout(state)``.

    Parameters
    ----------
    X, y : array_like
        The seeded data (restored by ``reset``).
    **values
        Start values of the choices ``add_label`` ("+1" or "-1") and ``mode``
        ("drag / add" or "delete").

    Attributes
    ----------
    X, y : numpy.ndarray
        Copies of the current data (read-only: changing them changes nothing).
    message : str
        The message shown in the figure ("" when none).
    action : str
        What the last edit did ("moved point 3", ...), the start of the title.
    dragging : int or None
        The index of the point being dragged.
    """

    choices = (
        Choice("add_label", "a click adds class", tuple(ADD_OPTIONS), "+1", button_width="60px"),
        Choice("mode", "mouse", MODES, MODES[0], button_width="100px"),
    )
    #: Fewest points, and most points, an edit may leave.
    MIN_POINTS: ClassVar[int] = 3
    MAX_POINTS: ClassVar[int] = 200
    #: Hit radius of a click on a point, in points on screen (1/72 inch). Two points are
    #: "stacked" only when they coincide exactly (then opposite classes cannot be separated).
    PICK_PT: ClassVar[float] = 9.0
    #: A motion event handled less than this many seconds after the previous one finished
    #: was queued behind it (the kernel was busy with the last move): it is skipped, so the
    #: figure keeps up with the mouse when a move costs longer than the browser's event
    #: interval, and the release puts the point where the mouse was let go.
    COALESCE_S: ClassVar[float] = 0.003
    NO_MOUSE_NOTE = (
        "Dragging, adding or deleting points with the mouse needs JupyterLab with ipympl "
        "(<code>%matplotlib widget</code>); here the figure is a picture. Reset works, and a "
        "cell can edit the data with the explorer's <code>move_point(i, (x, y))</code>, "
        "<code>add_point((x, y), +1)</code> and <code>remove_point(i)</code>."
    )

    def __init__(self, X: ArrayLike, y: ArrayLike, **values: Any) -> None:
        X0, y0 = self._checked_data(X, y)
        self._X0, self._y0 = X0, y0
        self._X, self._y = X0.copy(), y0.copy()
        self.action = f"seeded data, n = {len(y0)}"
        self._event_message = ""
        self.message = ""
        self.dragging: int | None = None
        self._motion_done = -math.inf  # time.monotonic() when the last motion was handled
        self._skipped = False  # a motion event of this drag was skipped since the last move
        self.last_error: BaseException | None = None
        super().__init__(**values)
        canvas = self.fig.canvas
        self._cids = [
            canvas.mpl_connect("button_press_event", self._on_press),
            canvas.mpl_connect("motion_notify_event", self._on_motion),
            canvas.mpl_connect("button_release_event", self._on_release),
        ]

    # -- what subclasses provide ---------------------------------------------------------
    ax: Axes

    def _setup_plot(self, fig: Figure) -> None:  # pragma: no cover - abstract
        """Create the artists once (``self.ax`` holds the points) and ``animate`` them."""
        raise NotImplementedError

    def compute_data(self, X: np.ndarray, y: np.ndarray) -> Any:  # pragma: no cover
        """The data -> everything the figure shows (a frozen dataclass)."""
        raise NotImplementedError

    def draw_state(self, state: Any) -> None:  # pragma: no cover - abstract
        """Move the artists to ``state`` (``draw`` then adds the message and refreshes)."""
        raise NotImplementedError

    def notes(self, state: Any) -> list[str]:
        """Messages about the data themselves (shown under the event's message)."""
        return []

    # -- the data ------------------------------------------------------------------------
    @property
    def X(self) -> np.ndarray:  # noqa: N802 - the course's name for the data matrix
        """A copy of the current points, shape (n, 2)."""
        return self._X.copy()

    @property
    def y(self) -> np.ndarray:
        """A copy of the current labels in {-1, +1}, shape (n,)."""
        return self._y.copy()

    def _checked_data(self, X: ArrayLike, y: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
        Xa, ya = check_Xy(X, y)
        if Xa.shape[1] != 2:
            raise ValueError(f"X must have 2 columns (points in the plane); got {Xa.shape[1]}")
        ya = np.where(ya > 0, 1.0, -1.0)
        if not self.MIN_POINTS <= len(ya) <= self.MAX_POINTS:
            raise ValueError(
                f"X must have between {self.MIN_POINTS} and {self.MAX_POINTS} points; got {len(ya)}"
            )
        if np.unique(ya).size < 2:
            raise ValueError("y must contain both classes (+1 and -1)")
        return Xa.astype(float).copy(), ya

    # -- the figure ----------------------------------------------------------------------
    def _setup(self, fig: Figure) -> None:
        self._setup_plot(fig)
        ax = self.ax
        self.message_text = ax.text(
            0.02,
            0.02,
            "",
            transform=ax.transAxes,
            ha="left",
            va="bottom",
            fontsize="small",
            zorder=10,
            wrap=False,
            bbox={"boxstyle": "round,pad=0.3", "fc": "#FFF6D5", "ec": PALETTE["orange"]},
        )
        (self.grab_ring,) = ax.plot(
            [], [], "o", ms=16, mfc="none", mec=PALETTE["black"], mew=1.5, zorder=5
        )
        self.animate(self.message_text, self.grab_ring, ax.title)

    def compute(self, **values: Any) -> Any:
        """The state of the current data (the choices do not change it)."""
        with one_blas_thread():
            return self.compute_data(self._X, self._y)

    def draw(self, state: Any) -> None:
        self.draw_state(state)
        lines = [m for m in (self._event_message, *self.notes(state)) if m]
        self.message = "\n".join(lines)
        self.message_text.set_text(self._wrapped(self.message))
        i = self.dragging
        if i is not None and i < len(self._y):
            self.grab_ring.set_data([self._X[i, 0]], [self._X[i, 1]])
        else:
            self.grab_ring.set_data([], [])
        self.refresh()

    def _wrapped(self, text: str) -> str:
        """``text`` with its lines wrapped to the width of the axes (about 0.55 em a glyph)."""
        # ax.bbox, not ax.get_position(): that re-applies the aspect and marks the axes stale
        width_pt = self.ax.bbox.width * 72.0 / self.fig.dpi
        chars = max(20, int(width_pt / (0.55 * self.message_text.get_fontsize())) - 2)
        return "\n".join(textwrap.fill(line, chars) for line in text.split("\n"))

    def _show(self, state: Any) -> Any:
        self.state = state
        self.draw(state)
        if self._readout is not None:
            self._readout.value = self.readout(state)
        return state

    def _say(self, message: str, action: str | None = None) -> Any:
        """Show ``message`` and keep the data; a refused edit passes ``action`` ("point 5 not
        deleted"), which starts the title, so the title never names an earlier edit's point."""
        self._event_message = message
        if action is not None:
            self.action = action
        return self._show(self.state)

    def _commit(self, X: np.ndarray, y: np.ndarray, action: str, message: str = "") -> Any:
        """Compute the state of the new data first: if that fails the data stay as they were."""
        with one_blas_thread():
            state = self.compute_data(X, y)
        self._X, self._y = X, y
        self.action = action
        self._event_message = message
        return self._show(state)

    # -- edits (the mouse calls these; so can a test or a notebook cell) -------------------
    def _index(self, i: Any) -> int:
        i = check_int(i, "i", minimum=0)
        if i >= len(self._y):
            raise ValueError(f"i must be a point index below {len(self._y)}; got {i}")
        return i

    def _clamp(self, xy: ArrayLike) -> tuple[np.ndarray, bool]:
        p = np.asarray(xy, dtype=float).reshape(-1)
        if p.shape != (2,) or not np.all(np.isfinite(p)):
            raise ValueError(f"xy must be two finite numbers (a point); got {xy!r}")
        (x0, x1), (y0, y1) = sorted(self.ax.get_xlim()), sorted(self.ax.get_ylim())
        q = np.array([min(max(p[0], x0), x1), min(max(p[1], y0), y1)])
        return q, bool(np.any(q != p))

    def _stacked_on(self, i: int, X: np.ndarray) -> int | None:
        """Another point at exactly the same place as point i (the first), else None."""
        same = np.flatnonzero(np.all(X == X[i], axis=1))
        same = same[same != i]
        return int(same[0]) if same.size else None

    def _place(self, i: int, X: np.ndarray, y: np.ndarray, clamped: bool) -> str:
        msgs = []
        if clamped:
            msgs.append(f"point {i} stops at the edge of the axes (the data stay in view)")
        j = self._stacked_on(i, X)
        if j is not None:
            same = y[i] == y[j]
            msgs.append(
                f"point {i} is stacked on point {j}: "
                + (
                    "same class, so it counts twice"
                    if same
                    else "opposite classes, so no line can separate them"
                )
            )
        return "\n".join(msgs)

    def move_point(self, i: int, xy: ArrayLike) -> Any:
        """Move point ``i`` to ``xy`` (data coordinates, clamped to the axes); the new state."""
        i = self._index(i)
        p, clamped = self._clamp(xy)
        X = self._X.copy()
        X[i] = p
        return self._commit(X, self._y, f"moved point {i}", self._place(i, X, self._y, clamped))

    def add_point(self, xy: ArrayLike, label: float | str | None = None) -> Any:
        """Add a point of class ``label`` (+1/-1, "+1"/"-1"; default: the toggle's class) at
        ``xy`` (clamped to the axes); refused, with a message, beyond ``MAX_POINTS``."""
        if label is None:
            label = self.values["add_label"]
        if isinstance(label, str):
            if label not in ADD_OPTIONS:
                raise ValueError(f"label must be +1 or -1 (or '+1', '-1'); got {label!r}")
            label = ADD_OPTIONS[label]
        if label not in (1, -1):
            raise ValueError(f"label must be +1 or -1; got {label!r}")
        p, clamped = self._clamp(xy)
        if len(self._y) >= self.MAX_POINTS:
            return self._say(f"not added: at most {self.MAX_POINTS} points", "point not added")
        X = np.vstack([self._X, p])
        y = np.append(self._y, float(label))
        i = len(y) - 1
        action = f"added point {i} (y = {int(label):+d})"
        return self._commit(X, y, action, self._place(i, X, y, clamped))

    def remove_point(self, i: int) -> Any:
        """Remove point ``i`` (later points move down one index); refused, with a message,
        when it would leave one class only or fewer than ``MIN_POINTS`` points."""
        i = self._index(i)
        if np.sum(self._y == self._y[i]) <= 1:
            return self._say(
                f"not deleted: point {i} is the last of class {int(self._y[i]):+d}, "
                "and with one class there is nothing to separate",
                f"point {i} not deleted",
            )
        if len(self._y) <= self.MIN_POINTS:
            return self._say(
                f"not deleted: at least {self.MIN_POINTS} points stay", f"point {i} not deleted"
            )
        keep = np.arange(len(self._y)) != i
        return self._commit(self._X[keep], self._y[keep], f"deleted point {i}")

    def set_data(self, X: ArrayLike, y: ArrayLike) -> Any:
        """Replace the data (both classes, ``MIN_POINTS`` to ``MAX_POINTS`` points in the
        plane; points outside the axes are clamped); the new state."""
        Xa, ya = self._checked_data(X, y)
        (x0, x1), (y0, y1) = sorted(self.ax.get_xlim()), sorted(self.ax.get_ylim())
        Xc = np.column_stack([np.clip(Xa[:, 0], x0, x1), np.clip(Xa[:, 1], y0, y1)])
        msg = "points outside the axes were moved to their edge" if np.any(Xc != Xa) else ""
        return self._commit(Xc, ya, f"new data, n = {len(ya)}", msg)

    def reset(self) -> Any:
        """Restore the seeded data."""
        self.dragging = None
        return self._commit(self._X0.copy(), self._y0.copy(), "reset to the seeded data")

    # -- the mouse ----------------------------------------------------------------------
    def hit(self, xy: ArrayLike) -> int | None:
        """The point nearest to ``xy`` (data coordinates) if within ``PICK_PT`` on screen."""
        return self._hit_pixels(self.ax.transData.transform(np.asarray(xy, dtype=float)))

    def _hit_pixels(self, pix: np.ndarray) -> int | None:
        d = np.hypot(*(self.ax.transData.transform(self._X) - pix).T)
        i = int(np.argmin(d))
        return i if d[i] <= self.PICK_PT * self.fig.dpi / 72.0 else None

    @contextlib.contextmanager
    def _guard(self) -> Iterator[None]:
        """Run a mouse or button callback: an exception becomes a message in the figure (the
        data stay as they were), never a traceback in the output area."""
        try:
            yield
        except Exception as exc:  # noqa: BLE001 - shown to the user, kept in last_error
            self.last_error = exc
            self.dragging = None
            with contextlib.suppress(Exception):
                self._say(f"that did not work ({type(exc).__name__}: {exc}); press Reset")

    def _event_xy(self, event: Any) -> np.ndarray:
        """The event's position in the data coordinates of ``self.ax`` (also outside it)."""
        return self.ax.transData.inverted().transform((event.x, event.y))

    def _on_press(self, event: Any) -> None:
        if event.dblclick:  # its two presses came already (a browser sends no release after it)
            return
        with self._guard():
            self.dragging = None
            if event.inaxes is not self.ax:
                return
            i = self._hit_pixels(np.array([event.x, event.y], dtype=float))
            if event.button == MouseButton.RIGHT or self.values["mode"] == "delete":
                if i is None:
                    self._say("no point here to delete (click on a point)")
                else:
                    self.remove_point(i)
            elif event.button == MouseButton.LEFT:
                if i is None:
                    self.add_point(self._event_xy(event))
                else:
                    self.dragging, self._skipped = i, False
                    self._say(f"dragging point {i}")

    def _on_motion(self, event: Any) -> None:
        if self.dragging is None:
            return
        if event.guiEvent is not None and getattr(event, "buttons", None) == frozenset():
            self.dragging = None  # released where the canvas did not see it (outside)
            return self._show(self.state)
        if time.monotonic() - self._motion_done < self.COALESCE_S:
            self._skipped = True  # queued behind the last move: the release puts the point
            return
        with self._guard():
            self.move_point(self.dragging, self._event_xy(event))
            self._skipped = False
        self._motion_done = time.monotonic()

    def _on_release(self, event: Any) -> None:
        if self.dragging is None:
            return
        with self._guard():
            i, self.dragging = self.dragging, None
            if self._skipped:  # the last motion events were skipped: go where it was let go
                self._skipped = False
                self.move_point(i, self._event_xy(event))
            else:  # a click without a move leaves the point where it is
                if self._event_message.startswith("dragging point"):
                    self._event_message = ""
                self._show(self.state)  # hide the ring

    # programmatic mouse, in data coordinates: what a browser's events do
    def press(self, xy: ArrayLike, *, button: int = 1) -> Any:
        """Press mouse ``button`` (1 left, 3 right) at ``xy`` in data coordinates."""
        self._fire("button_press_event", xy, button)
        return self.state

    def drag_to(self, xy: ArrayLike) -> Any:
        """Move the pressed mouse to ``xy`` (data coordinates; may be outside the axes)."""
        self._fire("motion_notify_event", xy, None)
        return self.state

    def release(self, xy: ArrayLike | None = None, *, button: int = 1) -> Any:
        """Release the mouse (at ``xy``, default: where the dragged point is)."""
        if xy is None:
            xy = self._X[self.dragging] if self.dragging is not None else self._X[0]
        self._fire("button_release_event", xy, button)
        return self.state

    def _fire(self, name: str, xy: ArrayLike, button: int | None) -> None:
        from matplotlib.backend_bases import MouseEvent

        px, py = self.ax.transData.transform(np.asarray(xy, dtype=float))
        event = MouseEvent(name, self.fig.canvas, px, py, button=button)
        self.fig.canvas.callbacks.process(name, event)

    # -- widget -------------------------------------------------------------------------
    def _on_change(self, change: dict[str, Any]) -> None:
        """A toggle changed: remember it (the data, hence the state, stay the same)."""
        with self._guard():
            owner = change["owner"]
            name = next(k for k, v in self.controls.items() if v is owner)
            self.values[name] = change["new"]
            if name == "mode":
                self._say(
                    "delete mode: click a point to remove it"
                    if change["new"] == "delete"
                    else "drag a point, or click to add one"
                )

    def _on_reset(self, _button: Any = None) -> None:
        with self._guard():
            self.reset()

    def _layout_controls(self) -> list[ipw.Widget]:
        reset = ipw.Button(description="Reset", icon="undo", tooltip="restore the seeded data")
        reset.on_click(self._on_reset)
        self.controls["reset"] = reset
        return [ipw.HBox([self.controls["add_label"], self.controls["mode"], reset])]

    def __repr__(self) -> str:
        n_pos = int(np.sum(self._y > 0))
        return (
            f"{type(self).__name__}({len(self._y)} points: {n_pos} of class +1, "
            f"{len(self._y) - n_pos} of class -1)"
        )
