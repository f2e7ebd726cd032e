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

and add its name to that module's ``__all__``.
"""

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
from .nb01 import (
    check_class_prototype,
    check_lift_vector,
    check_mistake_count,
    check_separator,
    check_unit_margin,
    check_xor_feature,
)
from .nb02 import (
    check_best_lift_scale,
    check_novikoff_bound,
    check_perceptron_by_hand,
    check_staircase_separator,
)
from .nb03 import (
    check_gradient_function,
    check_log_sigmoid_function,
    check_scale_for_epsilon,
    check_threshold_offset,
)
from .nb04 import check_certificate, check_rescaled_separator, check_separation_matrix
from .nb05 import (
    check_bigm_box,
    check_cover_from_separator,
    check_np_verifier,
    check_origin_weight,
    check_realizable_erm,
    check_reduction_witness,
)

# What ``import linsep_helpers`` exports: the verdict and the checks. The building blocks
# imported above (exercise, parse_*, call_student, ...) stay in this subpackage, for whoever
# writes a check: ``from linsep_helpers.exercises import exercise, parse_number``.
__all__ = [
    "Feedback",
    # notebook 01
    "check_separator",
    "check_mistake_count",
    "check_unit_margin",
    "check_lift_vector",
    "check_xor_feature",
    "check_class_prototype",
    # notebook 02
    "check_perceptron_by_hand",
    "check_novikoff_bound",
    "check_best_lift_scale",
    "check_staircase_separator",
    # notebook 03
    "check_threshold_offset",
    "check_scale_for_epsilon",
    "check_gradient_function",
    "check_log_sigmoid_function",
    # notebook 04
    "check_separation_matrix",
    "check_rescaled_separator",
    "check_certificate",
    # notebook 05
    "check_np_verifier",
    "check_reduction_witness",
    "check_cover_from_separator",
    "check_bigm_box",
    "check_realizable_erm",
    "check_origin_weight",
]
