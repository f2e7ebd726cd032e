"""The exercise checks: ``lh.check_xxx(answer, ...)`` says what is right or wrong in an answer
without printing the solution.

=============  ==========================================================================
module         what it holds
=============  ==========================================================================
_feedback      Feedback (the verdict), the ``@exercise`` decorator (not answered yet,
               answers that cannot be read), and one parser each for a number, a vector,
               a pair (w, b) and a call to a student's function
nb01 ... nb05  the checks of each notebook, built on that layer
=============  ==========================================================================

The argument rule of the checks: the student's answer FIRST, then the context it is checked
against (data, a threshold, a separator), options keyword-only. Every check returns a
:class:`Feedback` for anything a student can type (None, text, NaN, 10**400, a function that
raises); only bad data passed by the notebook itself raises a ValueError.

To add an exercise, write in the notebook's module::

    @exercise("a number r > 0")
    def check_my_exercise(answer, R):
        r = parse_number(answer, "r", positive=True)
        ...
        return Feedback(r == R, "...")

and add its name to that module's ``__all__`` (this package and ``linsep_helpers`` export
every name listed there).
"""

from . import nb01, nb02, nb03, nb04, nb05
from ._feedback import Feedback
from ._feedback import Rejected as Rejected
from ._feedback import answer_margins as answer_margins
from ._feedback import call_student as call_student
from ._feedback import exercise as exercise
from ._feedback import is_unanswered as is_unanswered
from ._feedback import multiple_of as multiple_of
from ._feedback import not_answered as not_answered
from ._feedback import parse_array as parse_array
from ._feedback import parse_number as parse_number
from ._feedback import parse_vector as parse_vector
from ._feedback import parse_wb as parse_wb
from .nb01 import *  # noqa: F403 - each module's __all__ lists its checks
from .nb02 import *  # noqa: F403
from .nb03 import *  # noqa: F403
from .nb04 import *  # noqa: F403
from .nb05 import *  # noqa: F403

# What ``import linsep_helpers`` exports: the verdict and the checks. The building blocks
# imported above (exercise, parse_*, call_student, ...) stay in this subpackage, for whoever
# writes a check: ``from linsep_helpers.exercises import exercise, parse_number``.
__all__ = ["Feedback", *nb01.__all__, *nb02.__all__, *nb03.__all__, *nb04.__all__, *nb05.__all__]
