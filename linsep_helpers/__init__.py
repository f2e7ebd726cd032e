"""linsep_helpers: the tested code behind the Linear Separators notebooks.

Data flow one way: numbers -> algorithms -> figures -> explorers -> notebooks. Each layer
imports only the layers before it; the algorithm modules never import matplotlib.

==================  ================================================  ========
module              what it holds                                     notebook
==================  ================================================  ========
data                seeded generators (exact margin and radius),      01-05
                    XOR, staircase, iris pairs, the homogeneous lift
geometry            margins, predictions, radius, class prototypes;   01-05
                    half-plane polygons, clipping, hulls
perceptron          the plain perceptron loop, the proof's            02, 04, 05
                    invariants, the mistake bounds
perceptron_variants the averaged and the pocket perceptron            02, 05
_perceptron_fast    the same cyclic run, fast (bit-identical: tested)  -
logistic            stable sigmoid and log-likelihood of a (w, b)     03
logistic_fit        the MLE, gradient descent, the hard-margin SVM    03
lp                  find_separator (HiGHS), certificates, LPs         04, 05
graphs              small graphs, vertex cover, graph families        05
hardness            exact MinDisagreement, the vertex-cover reduction 05
plotting/           one style; draw_* return artists, update_* move   01-05
                    them (a module per notebook topic)
explorers/          slider explorers: Slider, Explorer (_base), one   01-05
                    module per notebook topic, declared-artist blits;
                    drag explorers (draggable): the mouse edits the   01-04
                    data, explorer.X / explorer.y read them back
exercises/          one feedback layer (_feedback) and the check_*    01-05
                    functions, a module per notebook
==================  ================================================  ========

The argument rule, kept everywhere:

- a function that *evaluates a classifier* takes ``(w, b, X, y)``: ``margins``,
  ``mistakes``, ``predict(w, b, X)``, ``log_likelihood``, ``weighted_disagreements``, ...;
- a function that *learns from or describes data* takes ``(X, y, ...)``: ``perceptron``
  and its variants, ``find_separator``, ``min_disagreement``, ``mistake_bound``,
  ``data_radius(X)``, ``fit_logistic``, the LPs, ``invariants(X, y, result, ...)``;
- a check of an exercise takes the student's ``answer`` first, then what it is checked
  against;
- options are keyword-only, one name means one thing everywhere (``max_epochs``,
  ``bias_step``, ``seed``, ``lr``, ``w_star``); results are frozen dataclasses;
- bad input raises ``ValueError`` naming the argument and the problem.

This namespace is the curated public API: what the notebooks and their exercises use, plus
``Slider`` and ``Explorer`` for writing a new explorer. Everything else stays importable from
its module (``from linsep_helpers.perceptron import invariants``,
``from linsep_helpers.plotting import update_data``, ``from linsep_helpers.exercises import
parse_number``).
"""

from . import exercises
from .data import (
    LIKELIHOOD_DATA_OPTIONS,
    iris_pair,
    lift,
    likelihood_scaling_data,
    make_overlapping,
    make_separable,
    staircase,
    xor_data,
)
from .exercises import *  # noqa: F403 - Feedback and every check_* (exercises.__all__)
from .explorers import (
    CertificateExplorer,
    DragCertificateExplorer,
    DragLikelihoodExplorer,
    DragPerceptronExplorer,
    DragSeparabilityExplorer,
    Explorer,
    ImplicitBiasExplorer,
    LikelihoodScalingExplorer,
    LPSeparatorsExplorer,
    MarginExplorer,
    PerceptronProofExplorer,
    ScalingExplorer,
    Slider,
    StaircaseExplorer,
    ThresholdExplorer,
    VertexCoverExplorer,
)
from .geometry import (
    TIE_CONVENTIONS,
    class_prototype,
    data_radius,
    functional_margin,
    geometric_margin,
    margins,
    mistakes,
    predict,
    separates,
)
from .graphs import cube_graph, graph_from_family, graph_name, min_vertex_cover, petersen_graph
from .hardness import (
    approximation_results,
    cover_separator,
    min_disagreement,
    min_disagreement_bigm,
    min_disagreement_bruteforce,
    vertex_cover_instance,
    weighted_disagreements,
)
from .logistic import (
    best_scale,
    c_for_epsilon,
    cross_entropy,
    gradient_log_likelihood,
    log_likelihood,
    log_likelihood_01,
    log_neg_log_likelihood,
    log_sigmoid,
    naive_log_sigmoid,
    naive_sigmoid,
    scaled_log_likelihood,
    scaled_log_neg_log_likelihood,
    sigmoid,
    sigmoid_derivative,
)
from .logistic_fit import fit_logistic, fit_logistic_gd
from .lp import (
    find_homogeneous_separator,
    find_separator,
    find_separator_default_bounds,
    homogeneous_staircase_lp,
    robust_lp,
    separation_matrix,
    verify_certificate,
)
from .perceptron import mistake_bound, perceptron, staircase_updates
from .perceptron_variants import averaged_perceptron, pocket_perceptron
from .plotting import (
    PALETTE,
    draw_certificate,
    draw_data,
    draw_halfspaces,
    draw_hulls,
    draw_lift_3d,
    draw_separator,
    plot_mistakes_per_epoch,
    plot_mistakes_vs_margin,
    square_limits,
    use_style,
)

__version__ = "0.1.0"


def check_versions(minimum: str = "0.1.0") -> str:
    """Check that linsep_helpers is at least ``minimum`` and report the library versions.

    Parameters
    ----------
    minimum : str
        The oldest version of linsep_helpers the notebook works with, e.g. ``"0.1.0"``.

    Returns
    -------
    str
        One line with the versions of linsep_helpers, Python, numpy, scipy, matplotlib,
        ipywidgets and scikit-learn (read from its metadata: the kernel does not import it).

    Raises ``RuntimeError`` with an instruction when the package is older than ``minimum``,
    and ``ValueError`` when ``minimum`` is not a version string.
    The first cell of every notebook calls this.
    """
    import importlib.metadata
    import platform
    import re

    import ipywidgets
    import matplotlib
    import numpy
    import scipy

    if not isinstance(minimum, str) or not re.fullmatch(r"\d{1,6}(\.\d{1,6}){0,2}", minimum):
        raise ValueError(
            f"minimum must be a version string such as '0.1.0' (numbers joined by dots); "
            f"got {minimum!r:.60}"
        )

    def as_tuple(v: str) -> tuple[int, ...]:
        parts = tuple(int(p) for p in v.split(".")[:3] if p.isdigit())
        return parts + (0,) * (3 - len(parts))

    if as_tuple(__version__) < as_tuple(minimum):
        raise RuntimeError(
            f"linsep_helpers {__version__} is older than {minimum}: run `make lab` again "
            "(it reinstalls the package) or `pip install -e .` in the repository"
        )
    try:
        sklearn = importlib.metadata.version("scikit-learn")
    except importlib.metadata.PackageNotFoundError:
        sklearn = "not installed"
    return (
        f"linsep_helpers {__version__} | python {platform.python_version()} | "
        f"numpy {numpy.__version__} | scipy {scipy.__version__} | "
        f"matplotlib {matplotlib.__version__} | ipywidgets {ipywidgets.__version__} | "
        f"scikit-learn {sklearn}"
    )


__all__ = [
    "approximation_results",
    "averaged_perceptron",
    "best_scale",
    "c_for_epsilon",
    "CertificateExplorer",
    "cube_graph",
    "check_versions",
    "class_prototype",
    "cover_separator",
    "cross_entropy",
    "data_radius",
    "draw_certificate",
    "draw_data",
    "draw_halfspaces",
    "draw_hulls",
    "draw_lift_3d",
    "draw_separator",
    "DragCertificateExplorer",
    "DragLikelihoodExplorer",
    "DragPerceptronExplorer",
    "DragSeparabilityExplorer",
    "Explorer",
    "find_homogeneous_separator",
    "find_separator",
    "find_separator_default_bounds",
    "fit_logistic",
    "fit_logistic_gd",
    "functional_margin",
    "geometric_margin",
    "gradient_log_likelihood",
    "graph_from_family",
    "graph_name",
    "homogeneous_staircase_lp",
    "ImplicitBiasExplorer",
    "iris_pair",
    "lift",
    "LIKELIHOOD_DATA_OPTIONS",
    "likelihood_scaling_data",
    "LikelihoodScalingExplorer",
    "log_likelihood",
    "log_likelihood_01",
    "log_neg_log_likelihood",
    "log_sigmoid",
    "LPSeparatorsExplorer",
    "make_overlapping",
    "make_separable",
    "MarginExplorer",
    "margins",
    "min_disagreement",
    "min_disagreement_bigm",
    "min_disagreement_bruteforce",
    "min_vertex_cover",
    "mistake_bound",
    "mistakes",
    "naive_log_sigmoid",
    "naive_sigmoid",
    "PALETTE",
    "perceptron",
    "PerceptronProofExplorer",
    "petersen_graph",
    "plot_mistakes_per_epoch",
    "plot_mistakes_vs_margin",
    "pocket_perceptron",
    "predict",
    "robust_lp",
    "scaled_log_likelihood",
    "scaled_log_neg_log_likelihood",
    "ScalingExplorer",
    "separates",
    "separation_matrix",
    "sigmoid",
    "sigmoid_derivative",
    "Slider",
    "square_limits",
    "staircase",
    "staircase_updates",
    "StaircaseExplorer",
    "ThresholdExplorer",
    "TIE_CONVENTIONS",
    "use_style",
    "verify_certificate",
    "vertex_cover_instance",
    "VertexCoverExplorer",
    "weighted_disagreements",
    "xor_data",
    *exercises.__all__,  # Feedback and the check_* functions
]
