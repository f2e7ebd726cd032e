"""linsep_helpers: the tested code behind the Linear Separators notebooks.

Data flow one way: numbers -> algorithms -> figures -> explorers -> notebooks.

=============  ==================================================  ========
module         what it holds                                       notebook
=============  ==================================================  ========
data           seeded generators (exact margin/radius), XOR,       01-05
               staircase, iris pairs, the homogeneous lift
geometry       margins, separators, class prototypes               01-04
perceptron     perceptron variants, traces, mistake bounds         02, 04
logistic       stable sigmoid / log-likelihood, gradient ascent    03
lp             find_separator, certificates, max-margin/robust LP  04, 05
hardness       exact MinDisagreement, vertex-cover reduction       05
plotting       one style; draw_* return artists, update_* move     01-05
explorers      slider explorers: compute / draw / widget           01-05
exercises      check_* functions for the exercises                 01-05
=============  ==================================================  ========

Everything listed in a module's ``__all__`` is importable from the package itself,
e.g. ``from linsep_helpers import make_separable, perceptron``.
"""

import sys as _sys

from .data import *
from .exercises import *
from .explorers import *
from .geometry import *
from .hardness import *
from .logistic import *
from .lp import *
from .perceptron import *
from .plotting import *

__version__ = "0.1.0"


def check_versions(minimum: str = "0.1.0") -> str:
    """Check that linsep_helpers is at least ``minimum`` and report the library versions.

    The first cell of every notebook calls this; it raises ``RuntimeError`` with an
    instruction when the package is too old, and returns a one-line summary otherwise.
    """
    import platform

    import ipywidgets
    import matplotlib
    import numpy
    import scipy

    def as_tuple(v: str) -> tuple[int, ...]:
        return tuple(int(p) for p in v.split(".")[:3] if p.isdigit())

    if as_tuple(__version__) < as_tuple(minimum):
        raise RuntimeError(
            f"linsep_helpers {__version__} is older than {minimum}: run `make lab` again "
            "(it reinstalls the package) or `pip install -e .` in the repository"
        )
    return (
        f"linsep_helpers {__version__} | python {platform.python_version()} | "
        f"numpy {numpy.__version__} | scipy {scipy.__version__} | "
        f"matplotlib {matplotlib.__version__} | ipywidgets {ipywidgets.__version__}"
    )


_MODULES = ("data", "geometry", "perceptron", "logistic", "lp", "hardness")
_MODULES += ("plotting", "explorers", "exercises")
# Note: the function ``perceptron`` shadows the module of the same name on the package, so
# the modules are looked up in sys.modules (``from linsep_helpers.perceptron import ...``
# works as usual).
__all__ = ["check_versions"] + [
    name for module in _MODULES for name in _sys.modules[f"{__name__}.{module}"].__all__
]
