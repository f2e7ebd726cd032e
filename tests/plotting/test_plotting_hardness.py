"""Tests of plotting/hardness.py (notebook 05): draw_graph and update_graph."""

import matplotlib.pyplot as plt
import numpy as np
import pytest

import linsep_helpers as lh
from linsep_helpers.graphs import complete_graph, cycle_graph, graph_layout
from linsep_helpers.plotting import draw_graph, update_graph


def test_draw_and_update_graph():
    fig, ax = plt.subplots()
    n, edges = cycle_graph(5)
    pos = graph_layout(n, edges)
    arts = draw_graph(ax, n, edges, pos, cover=[0, 2], bad_edges=[1])
    np.testing.assert_allclose(arts.cover.get_offsets(), pos[[0, 2]])
    np.testing.assert_allclose(arts.other.get_offsets(), pos[[1, 3, 4]])
    segs = arts.edges.get_segments()
    assert len(segs) == 5
    np.testing.assert_allclose(segs[1], pos[[1, 2]])
    colours = arts.edges.get_colors()
    red = plt.matplotlib.colors.to_rgba(lh.PALETTE["vermillion"])
    assert np.allclose(colours[1], red) and not np.allclose(colours[0], red)
    assert [t.get_text() for t in arts.labels] == ["0", "1", "2", "3", "4"]
    n2, e2 = complete_graph(3)
    update_graph(arts, n2, e2, graph_layout(n2, e2))
    assert arts.cover.get_offsets().shape[0] == 0
    assert arts.other.get_offsets().shape[0] == 3
    assert len(arts.edges.get_segments()) == 3
    assert [t.get_visible() for t in arts.labels] == [True, True, True, False, False]
    n3, e3 = lh.petersen_graph()
    update_graph(arts, n3, e3, graph_layout(n3, e3), cover=range(10))
    assert len(arts.labels) == 10 and arts.other.get_offsets().shape[0] == 0
    plt.close(fig)


def test_draw_graph_errors():
    fig, ax = plt.subplots()
    n, edges = cycle_graph(4)
    pos = graph_layout(n, edges)
    with pytest.raises(ValueError, match="pos"):
        draw_graph(ax, n, edges, pos[:3])
    with pytest.raises(ValueError, match="pos"):
        draw_graph(ax, n, edges, np.full((4, 2), np.nan))
    with pytest.raises(ValueError, match="edges"):
        draw_graph(ax, n, [(0, 4)], pos)
    with pytest.raises(ValueError, match="cover"):
        draw_graph(ax, n, edges, pos, cover=[4])
    with pytest.raises(ValueError, match="bad_edges"):
        draw_graph(ax, n, edges, pos, bad_edges=[4])
    with pytest.raises(ValueError, match="n"):
        draw_graph(ax, 0, [], np.zeros((0, 2)))
    plt.close(fig)
