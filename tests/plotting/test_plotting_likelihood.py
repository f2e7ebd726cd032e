"""Tests of plotting/likelihood.py (notebook 03): P(y = +1 | x) shaded over the plane.

Oracle: the textbook sigmoid, where it cannot overflow.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import ref_sigmoid

import linsep_helpers as lh
from linsep_helpers.plotting import draw_probability, probability_grid, update_probability


@settings(max_examples=60, deadline=None)
@given(
    w=st.tuples(st.floats(-5, 5), st.floats(-5, 5)),
    b=st.floats(-3, 3),
    scale=st.floats(0, 20),
)
def test_probability_grid_matches_textbook_sigmoid(w, b, scale):
    xlim, ylim = (-1.0, 2.0), (-0.5, 1.5)
    grid = probability_grid(w, b, xlim, ylim, scale=scale, resolution=7)
    xs, ys = np.linspace(*xlim, 7), np.linspace(*ylim, 7)
    expected = np.array([[ref_sigmoid(scale * (w[0] * x + w[1] * y + b)) for x in xs] for y in ys])
    assert grid.shape == (7, 7)
    np.testing.assert_allclose(grid, expected, rtol=1e-12, atol=1e-15)


def test_probability_grid_rows_run_along_y_and_scale_zero_is_one_half():
    grid = probability_grid([0.0, 1.0], 0.0, (-1, 1), (-1, 1), scale=5.0, resolution=5)
    assert grid[0, 0] < 0.5 < grid[-1, 0]  # row 0 is y = -1
    assert np.all(probability_grid([3.0, -2.0], 1.0, (-1, 1), (-1, 1), scale=0.0) == 0.5)


def test_probability_grid_finite_at_scale_1e6():
    grid = probability_grid([0.6, -0.8], 0.2, (-1, 1), (-1, 1), scale=1e6)
    assert np.all(np.isfinite(grid)) and grid.min() == 0.0 and grid.max() == 1.0


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"w": [1.0, 2.0, 3.0]}, "w"),
        ({"scale": -1.0}, "scale"),
        ({"resolution": 1}, "resolution"),
        ({"b": float("nan")}, "b"),
    ],
)
def test_probability_grid_rejects_bad_input(kwargs, match):
    args = {"w": [1.0, 0.0], "b": 0.0, "scale": 1.0, "resolution": 10} | kwargs
    with pytest.raises(ValueError, match=match):
        probability_grid(
            args["w"],
            args["b"],
            (-1, 1),
            (-1, 1),
            scale=args["scale"],
            resolution=args["resolution"],
        )


def test_draw_and_update_probability_reuse_the_image():
    fig, ax = plt.subplots()
    lh.square_limits(ax, 1.0)
    arts = draw_probability(ax, [1.0, 0.0], 0.0, resolution=30)
    assert arts.image.get_clim() == (0.0, 1.0)
    assert len(fig.axes) == 2  # the axes and its colour bar
    before = arts.image.get_array().copy()
    update_probability(arts, [1.0, 0.0], 0.0, scale=1e6)
    after = arts.image.get_array()
    assert after.shape == (30, 30) and list(ax.images) == [arts.image]
    assert np.all(np.isin(after, [0.0, 0.5, 1.0])) and not np.array_equal(before, after)


def test_box_limits_is_a_padded_square_around_the_points():
    from linsep_helpers.plotting.likelihood import box_limits

    xlim, ylim = box_limits([[0.0, 0.0], [2.0, 1.0]], pad=0.25)
    assert xlim == pytest.approx((-0.5, 2.5)) and ylim == pytest.approx((-1.0, 2.0))
    xlim, ylim = box_limits([[1.0, 1.0]])  # one point: a tiny box, not a zero-width one
    assert xlim[1] > xlim[0] and ylim[1] > ylim[0]
    with pytest.raises(ValueError, match="X"):
        box_limits([1.0, 2.0])
    with pytest.raises(ValueError, match="pad"):
        box_limits([[0.0, 0.0]], pad=-1.0)


def test_label_log10_axis_writes_whole_powers_of_ten():
    from linsep_helpers.plotting.likelihood import label_log10_axis

    fig, ax = plt.subplots()
    ax.plot([0, 1], [-400.0, 5.0])
    label_log10_axis(ax)
    fig.canvas.draw()
    ticks = ax.get_yticks()
    assert np.all(ticks == np.round(ticks))
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels == [f"$10^{{{int(k)}}}$" for k in ticks]
    with pytest.raises(ValueError, match="axis"):
        label_log10_axis(ax, axis="z")
    plt.close(fig)


def test_scaling_limit_line_in_the_three_cases():
    from linsep_helpers.plotting.likelihood import scaling_limit_line

    cs = np.array([0.1, 1.0, 10.0, 100.0])
    c, v, label = scaling_limit_line([0.5, 1.0], cs)
    assert np.all(v == 0.0) and label == "limit 0"
    c, v, label = scaling_limit_line([0.0, 0.0, 1.0], cs)
    assert v == pytest.approx(np.full(4, -2 * np.log(2))) and "k_0" in label
    # margins -0.5, -0.1, 0, 2: asymptote c (-0.6) - ln 2, drawn where 0.5 c >= 3
    c, v, label = scaling_limit_line([-0.5, -0.1, 0.0, 2.0], cs)
    assert list(c) == [10.0, 100.0]
    assert v == pytest.approx([-6.0 - np.log(2), -60.0 - np.log(2)])
    assert "-0.60" in label
