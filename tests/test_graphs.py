"""Tests of graphs.py: the graph families, the brute-force minimum vertex cover and the layout.

The oracle for tau(G) is a brute force over bit masks written here.
"""

import numpy as np
import pytest
from oracles import tau_oracle

from linsep_helpers.graphs import (
    GRAPH_FAMILIES,
    complete_graph,
    cube_graph,
    cycle_graph,
    graph_from_family,
    graph_layout,
    graph_name,
    is_vertex_cover,
    min_vertex_cover,
    path_graph,
    petersen_graph,
    random_graph,
    star_graph,
)

SMALL_GRAPHS = (
    [("path", *path_graph(k)) for k in range(1, 7)]
    + [("cycle", *cycle_graph(k)) for k in range(3, 8)]
    + [("star", *star_graph(k)) for k in range(1, 6)]
    + [("complete", *complete_graph(k)) for k in range(3, 6)]
    + [("petersen", *petersen_graph())]
)


def test_petersen_graph_facts():
    n, E = petersen_graph()
    assert n == 10 and len(E) == 15
    degree = np.zeros(n, dtype=int)
    for i, j in E:
        degree[i] += 1
        degree[j] += 1
    assert np.all(degree == 3)
    assert tau_oracle(n, E) == 6


def test_min_vertex_cover_small_cases():
    assert min_vertex_cover(3, []) == ()
    for name, n, E in SMALL_GRAPHS:
        cover = min_vertex_cover(n, E)
        assert len(cover) == tau_oracle(n, E), name
        assert all(i in cover or j in cover for i, j in E)


def test_graph_helpers_shapes():
    assert path_graph(1) == (1, [])
    assert cycle_graph(3) == (3, [(0, 1), (1, 2), (0, 2)])
    assert star_graph(3) == (4, [(0, 1), (0, 2), (0, 3)])
    assert complete_graph(4)[1] == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    n, E = random_graph(8, 1.0, seed=3)
    assert len(E) == 28
    assert random_graph(8, 0.0)[1] == []
    assert random_graph(8, 0.5, seed=7) == random_graph(8, 0.5, seed=7)
    for n, E in [petersen_graph(), cycle_graph(6)]:
        pos = graph_layout(n, E)
        assert pos.shape == (n, 2)
        assert len({tuple(np.round(p, 9)) for p in pos}) == n
    pos = graph_layout(*petersen_graph())
    assert np.allclose(np.linalg.norm(pos[:5], axis=1), 1.0)
    assert np.allclose(np.linalg.norm(pos[5:], axis=1), 0.5)


def test_cube_graph():
    n, edges = cube_graph()
    assert n == 8 and len(edges) == 12
    assert all(bin(i ^ j).count("1") == 1 for i, j in edges)
    assert tau_oracle(n, edges) == 4


def test_bad_graph_arguments():
    with pytest.raises(ValueError, match="n must be >= 3"):
        cycle_graph(2)
    with pytest.raises(ValueError, match="probability"):
        random_graph(5, 1.5)
    with pytest.raises(ValueError, match="leaves"):
        star_graph(0)
    with pytest.raises(ValueError, match="too large"):
        min_vertex_cover(25, [])
    with pytest.raises(ValueError, match="0..3"):
        is_vertex_cover(4, [(0, 1)], [7])


def test_is_vertex_cover_against_the_definition():
    n, E = cycle_graph(5)
    for mask in range(2**n):
        C = [v for v in range(n) if (mask >> v) & 1]
        assert is_vertex_cover(n, E, C) == all(i in C or j in C for i, j in E)


# --- the graph selector of notebook 05 ---


@pytest.mark.parametrize("n", [3, 6, 10])
def test_graph_from_family_shapes(n):
    fam = {f: graph_from_family(f, n) for f in GRAPH_FAMILIES}
    assert fam["Petersen"][0] == 10 and len(fam["Petersen"][1]) == 15
    assert fam["cycle"][0] == n and len(fam["cycle"][1]) == n
    assert fam["path"][0] == n and len(fam["path"][1]) == n - 1
    assert fam["complete"][0] == n and len(fam["complete"][1]) == n * (n - 1) // 2
    assert fam["star"][0] == n and len(fam["star"][1]) == n - 1
    assert all(0 in e for e in fam["star"][1])
    nr, er = fam["random"]
    assert nr == n and all(0 <= i < j < n for i, j in er)
    degrees = np.bincount(np.array(fam["Petersen"][1]).ravel(), minlength=10)
    assert np.all(degrees == 3)  # the Petersen graph is 3-regular


def test_graph_from_family_random_is_seeded():
    assert graph_from_family("random", 8, seed=1) == graph_from_family("random", 8, seed=1)
    assert graph_from_family("random", 8, seed=1) != graph_from_family("random", 8, seed=2)


def test_graph_from_family_errors():
    with pytest.raises(ValueError, match="family"):
        graph_from_family("wheel", 5)
    with pytest.raises(ValueError, match="n"):
        graph_from_family("cycle", 2)
    with pytest.raises(ValueError, match="n"):
        graph_from_family("cycle", 4.5)


def test_graph_name():
    assert graph_name("cycle", 6) == "cycle $C_{6}$"
    assert graph_name("star", 6) == "star $K_{1,5}$"
    assert graph_name("Petersen", 10) == "Petersen graph"
    assert graph_name("cycle", 6, tex=False) == "cycle C_6"
    assert graph_name("star", 6, tex=False) == "star K_1,5"
    assert graph_name("random", 9, tex=False) == "random G(9, 1/2)"
    with pytest.raises(ValueError, match="family"):
        graph_name("wheel", 5)
    with pytest.raises(ValueError, match="n"):
        graph_name("path", 1)
