"""Slider explorers of notebooks 01-05: one module per notebook topic, on a small base.

=====================  ==========================================================  ========
module                 explorers                                                   notebook
=====================  ==========================================================  ========
_base                  Slider, Choice, Explorer (compute -> typed state -> draw)   all
_blit                  frames that redraw only the declared moving artists         all
_ipympl                the one private hook: ipympl's frame request (with a        all
                       feature check and a fallback to ordinary frames)
separability           MarginExplorer, ScalingExplorer                             01
perceptron             PerceptronProofExplorer, StaircaseExplorer                  02
likelihood             ThresholdExplorer, LikelihoodScalingExplorer,               03
                       ImplicitBiasExplorer
linear_programming     LPSeparatorsExplorer, CertificateExplorer                   04
hardness               VertexCoverExplorer                                         05
_drag                  DragExplorer: the mouse layer (drag, add, delete, Reset)    01-04
draggable              DragSeparabilityExplorer, DragPerceptronExplorer,           01-04
                       DragLikelihoodExplorer, DragCertificateExplorer (the data
                       are the controls)
=====================  ==========================================================  ========

Every explorer takes the data it shows as keyword-only constructor parameters (``n=``,
``seed=``, ...), then start values of its sliders, and is shown by displaying it.  The drag
explorers have no sliders: the mouse edits the data (see ``_drag``), and ``explorer.X``,
``explorer.y`` read them back.
"""

from ._base import Choice, Explorer, Slider
from .draggable import (
    DragCertificateExplorer,
    DragLikelihoodExplorer,
    DragPerceptronExplorer,
    DragSeparabilityExplorer,
)
from .hardness import VertexCoverExplorer
from .likelihood import ImplicitBiasExplorer, LikelihoodScalingExplorer, ThresholdExplorer
from .linear_programming import CertificateExplorer, LPSeparatorsExplorer
from .perceptron import PerceptronProofExplorer, StaircaseExplorer
from .separability import MarginExplorer, ScalingExplorer

__all__ = [
    "Slider",
    "Choice",
    "Explorer",
    "MarginExplorer",
    "ScalingExplorer",
    "PerceptronProofExplorer",
    "StaircaseExplorer",
    "ThresholdExplorer",
    "LikelihoodScalingExplorer",
    "ImplicitBiasExplorer",
    "LPSeparatorsExplorer",
    "CertificateExplorer",
    "VertexCoverExplorer",
    "DragSeparabilityExplorer",
    "DragPerceptronExplorer",
    "DragLikelihoodExplorer",
    "DragCertificateExplorer",
]
