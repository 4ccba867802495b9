"""Hex geometry (core/hexgrid.py): neighbours, distance, rings, rotation, lines of sight, regions, maps."""
from __future__ import annotations

import itertools

from cosmoludo.core import hexgrid as hx
from cosmoludo.core.hexgrid import DIRECTIONS, ORIGIN, Hex


def test_directions_go_round_and_opposites_cancel():
    for d in range(6):
        assert hx.add(DIRECTIONS[d], DIRECTIONS[(d + 3) % 6]) == ORIGIN
        assert hx.distance(DIRECTIONS[d], DIRECTIONS[(d + 1) % 6]) == 1  # neighbours of each other
        assert hx.rotate(DIRECTIONS[d], 1) == DIRECTIONS[(d + 1) % 6]
        assert hx.direction_to(ORIGIN, DIRECTIONS[d]) == d
    assert hx.direction_to(ORIGIN, Hex(2, 0)) is None
    assert hx.turn(5, 1) == 0 and hx.turn(0, -1) == 5
    assert hx.neighbor(Hex(2, 3), 9) == hx.neighbor(Hex(2, 3), 3)


def test_distance_is_a_metric_and_matches_steps():
    cells = hx.spiral(ORIGIN, 3)
    for a, b in itertools.product(cells, repeat=2):
        assert hx.distance(a, b) == hx.distance(b, a)
        assert (hx.distance(a, b) == 0) == (a == b)
    reach = hx.flood([ORIGIN], lambda h: True, max_steps=4)
    assert all(hx.distance(ORIGIN, h) == n for h, n in reach.items())
    assert len(reach) == 61


def test_rings_and_spiral_hold_the_successive_circles():
    assert hx.ring(Hex(2, -1), 0) == [Hex(2, -1)]
    for k in range(1, 5):
        r = hx.ring(ORIGIN, k)
        assert len(r) == 6 * k == len(set(r))
        assert all(hx.distance(ORIGIN, h) == k for h in r)
        assert all(hx.distance(a, b) == 1 for a, b in zip(r, r[1:] + r[:1]))  # each hex next to the next
    assert len(hx.spiral(ORIGIN, 3)) == 37  # Les Cochons de l'Espace: the sun and three circles
    assert [hx.circles_for(n) for n in (1, 2, 7, 8, 19, 37, 38)] == [0, 1, 1, 2, 2, 3, 4]


def test_rotation_keeps_distances_and_six_turns_are_none():
    c = Hex(1, -2)
    for h in hx.spiral(ORIGIN, 2):
        assert hx.rotate(h, 6, c) == h
        assert hx.distance(hx.rotate(h, 2, c), c) == hx.distance(h, c)
        assert hx.rotate(hx.rotate(h, 1, c), 5, c) == h
    assert hx.reflect_q(hx.reflect_q(Hex(3, -1))) == Hex(3, -1)


def test_lines_run_centre_to_centre_with_both_hexes_on_an_edge():
    assert hx.line_steps(ORIGIN, Hex(3, 0)) == [(ORIGIN,), (Hex(1, 0),), (Hex(2, 0),), (Hex(3, 0),)]
    # From the centre straight between two neighbours: the line runs along their common edge.
    assert hx.line_steps(ORIGIN, Hex(1, 1)) == [(ORIGIN,), (Hex(0, 1), Hex(1, 0)), (Hex(1, 1),)]
    assert hx.line_steps(ORIGIN, Hex(2, -1))[1] == (Hex(1, -1), Hex(1, 0))
    for a, b in itertools.product(hx.spiral(ORIGIN, 3), hx.spiral(Hex(1, 1), 3)):
        steps = hx.line_steps(a, b)
        assert len(steps) == hx.distance(a, b) + 1
        assert steps[0] == (a,) and steps[-1] == (b,)
        for i, step in enumerate(steps):
            assert 1 <= len(step) <= 2
            assert all(hx.distance(a, h) == i for h in step)
        assert hx.line(a, b) == [s[0] for s in steps]


def test_visibility_and_the_edge_rule():
    wall = {Hex(0, 1)}
    assert hx.visible(ORIGIN, Hex(1, 1), lambda h: h in wall)  # slips past along the edge
    assert not hx.visible(ORIGIN, Hex(1, 1), lambda h: h in wall, edge_rule="either")
    both = {Hex(0, 1), Hex(1, 0)}
    assert not hx.visible(ORIGIN, Hex(1, 1), lambda h: h in both)
    assert not hx.visible(ORIGIN, Hex(3, 0), lambda h: h == Hex(2, 0))
    assert hx.visible(ORIGIN, Hex(3, 0), lambda h: h in (ORIGIN, Hex(3, 0)))  # ends never block


def test_rim_and_connected_parts():
    disc = hx.spiral(ORIGIN, 2)
    assert hx.rim(disc) == sorted(hx.ring(ORIGIN, 2))
    assert hx.rim([ORIGIN]) == [ORIGIN]
    parts = hx.connected([ORIGIN, Hex(1, 0), Hex(5, 5), Hex(5, 6)])
    assert parts == [[ORIGIN, Hex(1, 0)], [Hex(5, 5), Hex(5, 6)]]


def test_offset_rows_round_trip_and_parse():
    for col, row in itertools.product(range(-3, 6), range(-3, 6)):
        for odd in (True, False):
            assert hx.to_offset(hx.from_offset(col, row, odd), odd) == (col, row)
    cells = dict(hx.parse_rows(["a . b", " c d"]))
    assert cells == {Hex(0, 0): "a", Hex(2, 0): "b", Hex(0, 1): "c", Hex(1, 1): "d"}
    # Neighbours on the drawn map are neighbours in axial coordinates (odd rows shifted right).
    assert hx.distance(hx.from_offset(0, 0), hx.from_offset(0, 1)) == 1
    assert hx.distance(hx.from_offset(1, 0), hx.from_offset(0, 1)) == 1


def test_hexes_are_json_pairs():
    import json
    assert json.loads(json.dumps(Hex(2, -3))) == [2, -3]
    assert repr(Hex(2, -3)) == "Hex(2, -3)" and Hex(2, -3).s == 1


def test_circle_slots_fill_each_circle_before_the_next():
    from cosmoludo.core.hexgrid import ORIGIN, Hex, circle_slots, distance, ring

    placed: list = []
    assert circle_slots(placed) == [ORIGIN]
    placed.append(ORIGIN)
    assert sorted(circle_slots(placed)) == sorted(ring(ORIGIN, 1))
    placed += ring(ORIGIN, 1)[:5]
    assert circle_slots(placed) == [ring(ORIGIN, 1)[5]]  # the first circle must be completed first
    placed.append(ring(ORIGIN, 1)[5])
    slots = circle_slots(placed)
    assert len(slots) == 12 and all(distance(h, ORIGIN) == 2 for h in slots)
    assert circle_slots([Hex(3, 3)], center=Hex(3, 3)) == sorted(ring(Hex(3, 3), 1))


def test_adjacent_slots_touch_the_board():
    from cosmoludo.core.hexgrid import ORIGIN, adjacent_slots, distance, neighbors

    assert sorted(adjacent_slots([ORIGIN])) == sorted(neighbors(ORIGIN))
    two = [ORIGIN, neighbors(ORIGIN)[0]]
    slots = adjacent_slots(two)
    assert len(slots) == 8 and all(min(distance(s, h) for h in two) == 1 for s in slots)


def test_band_slots_keep_the_board_three_hexes_thick():
    from cosmoludo.core.hexgrid import ORIGIN, Hex, band_slots

    assert band_slots([]) == [ORIGIN]
    placed = [ORIGIN]
    for _ in range(14):
        slots = band_slots(placed)
        assert slots and all(h.r in (-1, 0, 1) for h in slots)
        placed.append(slots[0])
    assert {h.r for h in placed} <= {-1, 0, 1}
    assert band_slots([Hex(0, 0)], rows=(0,)) == [Hex(-1, 0), Hex(1, 0)]


def test_lines_of_sight_are_symmetric_and_continuous():
    """A line seen from either end crosses the same hexes (so a shot is possible both ways or neither), and each
    step touches the next: a line never jumps over a hex."""
    cells = hx.spiral(ORIGIN, 4)
    for a, b in itertools.product(cells, repeat=2):
        forward = [set(s) for s in hx.line_steps(a, b)]
        assert forward == [set(s) for s in reversed(hx.line_steps(b, a))]
        for one, two in itertools.pairwise(forward):
            assert all(any(hx.distance(x, y) == 1 for y in two) for x in one)
    wall = {Hex(1, 0), Hex(-2, 3), Hex(0, -2)}
    for a, b in itertools.product(cells, repeat=2):
        for rule in ("both", "either"):
            assert hx.visible(a, b, wall.__contains__, rule) == hx.visible(b, a, wall.__contains__, rule)


def test_long_lines_along_edges_touch_two_hexes_at_every_other_step():
    # Between two directions, a line runs along hex edges: every other step touches a pair of hexes.
    assert hx.line_steps(ORIGIN, Hex(3, -6)) == [
        (ORIGIN,), (Hex(0, -1), Hex(1, -1)), (Hex(1, -2),), (Hex(1, -3), Hex(2, -3)), (Hex(2, -4),),
        (Hex(2, -5), Hex(3, -5)), (Hex(3, -6),)]
    one_side = {Hex(1, -3)}
    assert hx.visible(ORIGIN, Hex(3, -6), one_side.__contains__)                       # "both": slips past
    assert not hx.visible(ORIGIN, Hex(3, -6), one_side.__contains__, edge_rule="either")
    assert not hx.visible(ORIGIN, Hex(3, -6), {Hex(1, -2)}.__contains__)               # a hex on the line itself
