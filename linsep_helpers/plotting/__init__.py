"""One figure style for the course, and drawing helpers that return their artists.

Every ``draw_*`` function creates artists once and returns them in a small dataclass; the
matching ``update_*`` function moves those same artists (set_data, set_offsets, set_xy), so
a slider never re-creates a figure. Style guide (kept short on purpose):

- class +1: blue circles; class -1: vermillion triangles (Okabe-Ito palette, safe for
  colour-blind readers, and the marker shape alone tells the classes apart);
- separators are black, margin bands light grey, normal vectors bluish green;
- every axis is labelled, geometry uses an equal aspect ratio, titles say what changed;
- ``use_style(presentation=True)`` enlarges fonts and lines for a projector.

No geometry is computed here: clipped lines, half-planes, bands, hulls and the plane of the lift
come from ``geometry``; this package only turns them into matplotlib artists. The artist
dataclasses are frozen (their fields never change; the artists themselves move).
Argument rule: ``draw_*(ax, ...)`` and ``update_*(arts, ...)`` take the data they show in the
package's usual order (X, y for data; w, b for a classifier); options are keyword-only.

One module per notebook topic, like the explorers:

==================  ==================================================  ========
module              draws                                               notebook
==================  ==================================================  ========
style               palette, rcParams, axis helpers, data, separator    01-05
separability        half-planes, the 3-D homogeneous lift               01
perceptron          proof panels, updates vs margin, mistakes/epoch     02
likelihood          P(y = +1 | x) shaded over the plane                 03
linear_programming  convex hulls, Gordan certificate                    04
hardness            graph, vertex cover, misclassified edges            05
==================  ==================================================  ========
"""

from .hardness import (
    GraphArtists,
    draw_graph,
    update_graph,
)
from .likelihood import (
    PROBABILITY_CMAP,
    ProbabilityArtists,
    draw_probability,
    probability_grid,
    update_probability,
)
from .linear_programming import (
    CertificateArtists,
    HullArtists,
    draw_certificate,
    draw_hulls,
    update_certificate,
    update_hulls,
)
from .perceptron import (
    InvariantArtists,
    InvariantLimits,
    MistakesVsMarginArtists,
    draw_invariants,
    plot_mistakes_per_epoch,
    plot_mistakes_vs_margin,
    update_invariants,
)
from .separability import (
    HalfspaceArtists,
    Lift3DArtists,
    draw_halfspaces,
    draw_lift_3d,
)
from .style import (
    CLASS_STYLE,
    PALETTE,
    DataArtists,
    SeparatorArtists,
    decade_limits,
    draw_data,
    draw_separator,
    set_limits,
    set_title,
    square_limits,
    update_data,
    update_separator,
    use_style,
)

__all__ = [
    "PALETTE",
    "CLASS_STYLE",
    "use_style",
    "DataArtists",
    "draw_data",
    "update_data",
    "SeparatorArtists",
    "draw_separator",
    "update_separator",
    "decade_limits",
    "set_limits",
    "set_title",
    "square_limits",
    "HalfspaceArtists",
    "draw_halfspaces",
    "Lift3DArtists",
    "draw_lift_3d",
    "InvariantArtists",
    "InvariantLimits",
    "draw_invariants",
    "update_invariants",
    "MistakesVsMarginArtists",
    "plot_mistakes_vs_margin",
    "plot_mistakes_per_epoch",
    "PROBABILITY_CMAP",
    "probability_grid",
    "ProbabilityArtists",
    "draw_probability",
    "update_probability",
    "HullArtists",
    "draw_hulls",
    "update_hulls",
    "CertificateArtists",
    "draw_certificate",
    "update_certificate",
    "GraphArtists",
    "draw_graph",
    "update_graph",
]
