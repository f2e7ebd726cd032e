"""linsep_helpers: the tested code behind the Linear Separators notebooks.

Data flow one way: numbers -> algorithms -> figures -> widgets -> notebooks.

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
widgets        slider explorers: compute / draw / widget           01-05
exercises      check_* functions for the exercises                 01-05
=============  ==================================================  ========

Everything listed in a module's ``__all__`` is importable from the package itself,
e.g. ``from linsep_helpers import make_separable, perceptron``.
"""

from . import data, exercises, geometry, hardness, logistic, lp, perceptron, plotting, widgets
from .data import *
from .exercises import *
from .geometry import *
from .hardness import *
from .logistic import *
from .lp import *
from .perceptron import *
from .plotting import *
from .widgets import *

__version__ = "0.1.0"

__all__ = [
    name
    for module in (data, geometry, perceptron, logistic, lp, hardness, plotting, widgets, exercises)
    for name in module.__all__
]
