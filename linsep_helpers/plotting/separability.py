"""Figures of notebook 01 (linear separability): the two half-planes of a separator and
the homogeneous lift in 3-D."""

from __future__ import annotations

from dataclasses import dataclass

import matplotlib as mpl
import numpy as np
from matplotlib.axes import Axes
from matplotlib.patches import Polygon
from mpl_toolkits.mplot3d.art3d import Line3D, Path3DCollection, Poly3DCollection
from numpy.typing import ArrayLike

from .._validate import check_scalar, check_vector, check_Xy
from ..data import lift
from ..geometry import (
    halfplane_polygon,
    line_in_box,
    plane_in_cube,
)
from .style import CLASS_STYLE, PALETTE

__all__ = ["HalfspaceArtists", "draw_halfspaces", "Lift3DArtists", "draw_lift_3d"]


_HALFSPACE_GID = "linsep-halfspace"  # marks the patches of draw_halfspaces on an axes


@dataclass(frozen=True)
class HalfspaceArtists:
    """The two patches of ``draw_halfspaces``: ``pos`` {w.x + b > 0}, ``neg`` {w.x + b < 0}."""

    pos: Polygon
    neg: Polygon


def draw_halfspaces(ax: Axes, w: ArrayLike, b: float, *, alpha: float = 0.12) -> HalfspaceArtists:
    """Shade the two open halfplanes {w.x + b > 0} (blue) and {w.x + b < 0} (vermillion)
    inside the current limits of ``ax`` (set them first).

    The second picture of a linear separator: not a line and a normal, but two regions.
    Calling it again on the same axes replaces the shading drawn before (other artists, such
    as text labels of the regions, are left as they are).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    w : array_like, shape (2,)
        Not the zero vector.
    b : float
    alpha : float
        Opacity of the shading.

    Returns
    -------
    HalfspaceArtists
        Used in notebook 01.
    """
    wa = check_vector(w, 2, "w")
    ba = check_scalar(b, "b")
    if not np.any(wa):
        raise ValueError("w is the zero vector: it defines no halfplanes")
    for old in [p for p in ax.patches if p.get_gid() == _HALFSPACE_GID]:
        old.remove()  # a second call swaps the shading instead of blending two layers
    xlim, ylim = ax.get_xlim(), ax.get_ylim()
    patches = []
    for sign, key in ((1.0, "blue"), (-1.0, "vermillion")):
        corners = halfplane_polygon(sign * wa, sign * ba, xlim, ylim)
        patch = Polygon(corners, closed=True, facecolor=PALETTE[key], alpha=alpha, lw=0, zorder=0)
        patch.set_gid(_HALFSPACE_GID)
        ax.add_patch(patch)
        patches.append(patch)
    return HalfspaceArtists(pos=patches[0], neg=patches[1])


@dataclass(frozen=True)
class Lift3DArtists:
    """Artists of ``draw_lift_3d``: one scatter per class (``pos``, ``neg``), the ``plane``
    v.z = 0, the ``data_plane`` z_3 = r holding the lifted data, and the line ``meet`` where
    the two planes meet."""

    pos: Path3DCollection
    neg: Path3DCollection
    plane: Poly3DCollection
    data_plane: Poly3DCollection
    meet: Line3D


def draw_lift_3d(
    ax: Axes, X: ArrayLike, y: ArrayLike, w: ArrayLike, b: float, *, r: float = 1.0
) -> Lift3DArtists:
    """Draw the homogeneous lift on a 3-D axes (``projection="3d"``): the points x' = (x, r),
    the plane v.x' = 0 through the origin with v = (w, b / r), the plane x_3 = r that carries
    the data, and their intersection, which is the 2-D separator w.x + b = 0 lifted to x_3 = r.

    Since v.(x, r) = w.x + b, the points fall on the same sides of the homogeneous plane as of
    the affine line (claim C02).

    Parameters
    ----------
    ax : mpl_toolkits.mplot3d.axes3d.Axes3D
    X : array_like, shape (n, 2)
    y : array_like, shape (n,)
    w : array_like, shape (2,)
    b : float
    r : float
        The lift's last coordinate, > 0.

    Returns
    -------
    Lift3DArtists
        Used in notebook 01.
    """
    Xa, ya = check_Xy(X, y)
    if Xa.shape[1] != 2:
        raise ValueError(f"draw_lift_3d draws 2-D data; X has {Xa.shape[1]} columns")
    wa = check_vector(w, 2, "w")
    ba = check_scalar(b, "b")
    r = check_scalar(r, "r", positive=True)
    v = np.append(wa, ba / r)
    Z = lift(Xa, r)
    extent = 1.1 * max(float(np.max(np.abs(Xa))), r)
    arts = {}
    for label in (1, -1):
        style = CLASS_STYLE[label]
        pts = Z[ya == label]
        arts[label] = ax.scatter(
            pts[:, 0],
            pts[:, 1],
            pts[:, 2],
            s=45,
            c=style["color"],
            marker=style["marker"],
            label=f"{style['label']} at $x_3 = {r:g}$",
            depthshade=False,
        )
    lim = extent
    plane = Poly3DCollection(
        [plane_in_cube(v, lim)], facecolor=PALETTE["green"], alpha=0.25, edgecolor="none"
    )
    plane.set_label(
        "$v\\cdot x' = 0$, $v = (w, b)$" if r == 1 else f"$v\\cdot x' = 0$, $x' = (x, {r:g})$"
    )
    ax.add_collection3d(plane)
    g = np.linspace(-lim, lim, 2)
    G1, G2 = np.meshgrid(g, g)
    data_plane = ax.plot_surface(
        G1, G2, np.full_like(G1, r), color=PALETTE["grey"], alpha=0.15, label=f"plane $x_3 = {r:g}$"
    )
    xs, ys = line_in_box(wa, ba, (-lim, lim), (-lim, lim))
    (meet,) = ax.plot(xs, ys, np.full(len(xs), r), color=PALETTE["black"], lw=2.5)
    meet.set_label(f"$w\\cdot x + b = 0$ on $x_3 = {r:g}$")
    ax.quiver(0, 0, 0, *(v / np.linalg.norm(v) * extent), color=PALETTE["green"], lw=2)
    for axis in (ax.xaxis, ax.yaxis, ax.zaxis):
        axis.set_major_locator(mpl.ticker.MaxNLocator(3))
    ax.set_xlim(-lim, lim)
    ax.set_ylim(-lim, lim)
    ax.set_zlim(-lim, lim)
    ax.set_box_aspect((1, 1, 1))
    ax.set_xlabel("$x_1$")
    ax.set_ylabel("$x_2$")
    ax.set_zlabel("$x_3$")
    return Lift3DArtists(pos=arts[1], neg=arts[-1], plane=plane, data_plane=data_plane, meet=meet)
