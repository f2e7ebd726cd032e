"""Notebook 05's explorer (linsep_helpers.explorers.hardness): the vertex-cover reduction at
every control value; the vertex-cover numbers are recomputed here by brute force."""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from oracles import reduction_points, tau_oracle, weighted_mistakes

import linsep_helpers as lh
from linsep_helpers.explorers import VertexCoverExplorer

FAMILIES = ("Petersen", "cycle", "path", "complete", "star", "random")
SIZES = range(3, 11)


# --------------------------------------------------------------------------------- oracles


# ------------------------------------------------------------------------------- explorer
@pytest.fixture(scope="module")
def explorer():
    ex = VertexCoverExplorer()
    yield ex
    plt.close(ex.fig)


@pytest.mark.claim("C26")
@pytest.mark.parametrize("family", FAMILIES)
def test_explorer_every_control_value(explorer, family):
    """At every graph of the selector and every slider value, with both origin weights:
    the displayed optimum is tau(G) (weight |V| + 1) or min(tau, 1) (weight 1)."""
    sizes = [3] if family == "Petersen" else SIZES  # Petersen ignores the slider
    for n in sizes:
        n_v, edges = lh.graph_from_family(family, n)
        tau = tau_oracle(n_v, edges)
        for origin in ("|V| + 1", "1"):
            s = explorer.compute(
                family=family, n_vertices=n, origin_weight=origin, separator="exact optimum"
            )
            X, y, wts = reduction_points(n_v, edges, n_v + 1.0 if origin == "|V| + 1" else 1.0)
            np.testing.assert_array_equal(s.X, X)
            np.testing.assert_array_equal(s.y, y)
            np.testing.assert_array_equal(s.weights, wts)
            assert s.tau == tau
            expected = tau if origin == "|V| + 1" else min(tau, 1)
            assert s.optimum == expected
            # the shown separator really makes that many weighted mistakes
            assert weighted_mistakes(s.w, s.b, X, y, wts) == expected
            assert s.disagreements == expected
            assert s.origin_wrong == (origin == "1" and tau >= 1)
            wit = explorer.compute(
                family=family, n_vertices=n, origin_weight=origin, separator="cover witness"
            )
            assert weighted_mistakes(wit.w, wit.b, X, y, wts) == tau
            assert sorted(wit.wrong_vertices) == sorted(wit.min_cover)
            assert wit.wrong_edges == ()


@pytest.mark.claim("C26")
@pytest.mark.parametrize("family", FAMILIES[1:])
def test_explorer_mistakes_give_a_cover(explorer, family):
    """The proof's second half on the solver's separator: misclassified vertex points plus one
    endpoint per misclassified edge point cover G, with at most optimum vertices."""
    for n in (3, 10):
        s = explorer.compute(
            family=family, n_vertices=n, origin_weight="|V| + 1", separator="exact optimum"
        )
        cover = set(s.wrong_vertices) | {s.edges[k][0] for k in s.wrong_edges}
        assert all(i in cover or j in cover for i, j in s.edges)
        assert len(cover) <= s.optimum


def test_explorer_draws_at_extremes():
    ex = VertexCoverExplorer(family="cycle", n_vertices=3)
    n_artists = len(ex.fig.axes[0].get_children()), len(ex.fig.axes[1].get_children())
    for family in FAMILIES:
        for n in (3, 10):
            for origin in ("|V| + 1", "1"):
                for sep in ("exact optimum", "cover witness"):
                    state = ex.update(
                        family=family, n_vertices=n, origin_weight=origin, separator=sep
                    )
                    n_v = state.n_vertices
                    ga = ex.graph_artists
                    drawn = ga.cover.get_offsets().shape[0] + ga.other.get_offsets().shape[0]
                    assert drawn == n_v
                    assert ga.cover.get_offsets().shape[0] == len(state.wrong_vertices)
                    assert len(ga.edges.get_segments()) == len(state.edges)
                    assert sum(t.get_visible() for t in ga.labels) == n_v
                    strip = (
                        ex.strip.pos.get_offsets().shape[0] + ex.strip.neg.get_offsets().shape[0]
                    )
                    assert strip == state.X.shape[0]
                    assert len(ex.crosses.get_xdata()) == int(state.wrong.sum())
                    lo, hi = ex.ax2.get_xlim()
                    assert lo < state.scores.min() and state.scores.max() < hi
                    assert f"{state.disagreements:g}" in ex.ax2.get_title()
                    assert f"= {state.tau}" in ex.ax.get_title()
    # artists moved, not re-created (labels may only grow up to the largest graph)
    assert len(ex.fig.axes) == 2
    assert len(ex.fig.axes[1].get_children()) == n_artists[1]
    assert len(ex.fig.axes[0].get_children()) <= n_artists[0] + 10
    plt.close(ex.fig)


def test_explorer_readout_and_cache():
    ex = VertexCoverExplorer(family="complete", n_vertices=5)
    text = ex.readout(ex.state)
    assert "<b>4</b> = τ(G) = 4" in text
    first = ex.solve("complete", 5, "|V| + 1")
    assert ex.solve("complete", 5, "|V| + 1") is first  # cached per graph and weight
    state = ex.update(origin_weight="1")
    assert "<b>1</b> &lt;" in ex.readout(state) or "<b>1</b> <" in ex.readout(state)
    assert "gives it up" in ex.readout(state)
    plt.close(ex.fig)


def test_explorer_widget_and_repr():
    ex = VertexCoverExplorer()
    box = ex.widget()
    assert ex.widget() is box
    assert set(ex.controls) == {"n_vertices", "family", "origin_weight", "separator"}
    assert ex.values["family"] == "cycle"  # starts on a family whose slider works
    assert not ex.controls["n_vertices"].disabled
    assert repr(ex) == (
        "VertexCoverExplorer(family='cycle', n_vertices=6, origin_weight='|V| + 1', "
        "separator='exact optimum')"
    )
    ex.controls["family"].value = "Petersen"
    assert ex.controls["n_vertices"].disabled  # Petersen ignores the size
    assert ex.state.n_vertices == 10
    assert repr(ex) == (
        "VertexCoverExplorer(family='Petersen', origin_weight='|V| + 1', separator='exact optimum')"
    )
    assert (ex.controls["n_vertices"].min, ex.controls["n_vertices"].max) == (3, 10)
    assert list(ex.controls["family"].options) == list(FAMILIES)
    ex.controls["family"].value = "path"
    assert not ex.controls["n_vertices"].disabled
    ex.controls["n_vertices"].value = 10
    assert ex.state.n_vertices == 10 and len(ex.state.edges) == 9
    ex.controls["origin_weight"].value = "1"
    assert ex.state.optimum == 1
    ex.controls["separator"].value = "cover witness"
    assert ex.state.disagreements == 5  # tau(P_10) = 5
    assert repr(ex) == (
        "VertexCoverExplorer(family='path', n_vertices=10, origin_weight='1', "
        "separator='cover witness')"
    )
    bundle = ex._repr_mimebundle_()
    assert bundle["text/plain"] == repr(ex) and "image/png" in bundle
    plt.close(ex.fig)


def test_explorer_errors():
    with pytest.raises(ValueError, match="family"):
        VertexCoverExplorer(family="wheel")
    with pytest.raises(ValueError, match="n_vertices must be in"):
        VertexCoverExplorer(family="cycle", n_vertices=11)
    with pytest.raises(ValueError, match="n_vertices must be in"):
        VertexCoverExplorer(family="cycle", n_vertices=2)
    with pytest.raises(ValueError, match="integer"):
        VertexCoverExplorer(family="cycle", n_vertices=4.5)
    with pytest.raises(ValueError, match="origin_weight"):
        VertexCoverExplorer(origin_weight="2")
    with pytest.raises(ValueError, match="separator"):
        VertexCoverExplorer(separator="perceptron")
    with pytest.raises(ValueError, match="seed"):
        VertexCoverExplorer(seed=-1)
    with pytest.raises(ValueError, match="no parameter"):
        VertexCoverExplorer(size=4)
    ex = VertexCoverExplorer(family="cycle", n_vertices=4)
    with pytest.raises(ValueError, match="family"):
        ex.update(family="wheel")
    plt.close(ex.fig)


@pytest.mark.parametrize("separator", ["exact optimum", "cover witness"])
@pytest.mark.parametrize("origin", ["|V| + 1", "1"])
def test_explorer_shows_signed_distances(explorer, separator, origin):
    """The strip shows (w.x + b) / ||w|| for the separator's own (w, b): a positive multiple
    of it with ||w|| = 1, so the picture does not depend on the solver's scaling."""
    s = explorer.compute(family="cycle", n_vertices=7, origin_weight=origin, separator=separator)
    sol = explorer.solve("cycle", 7, origin)
    w0, b0 = sol.optimum_separator if separator == "exact optimum" else sol.witness_separator
    norm = np.sqrt(np.sum(np.asarray(w0) ** 2))
    assert np.linalg.norm(s.w) == pytest.approx(1.0)
    np.testing.assert_allclose(s.w, np.asarray(w0) / norm)
    assert s.b == pytest.approx(b0 / norm)
    X, _, _ = reduction_points(7, lh.graph_from_family("cycle", 7)[1], 1.0)
    np.testing.assert_allclose(s.scores, (X @ np.asarray(w0) + b0) / norm)
