"""core/squaregrid.py: sides, rotation, the connector joint table, floods, parts and rays."""
from __future__ import annotations

import itertools

from cosmoludo.core import squaregrid as sg
from cosmoludo.core.squaregrid import BAD, DOUBLE, JOINED, OPEN, SINGLE, SMOOTH, UNIVERSAL, E, N, S, W


def test_the_connector_joint_table_is_symmetric_and_complete():
    expected = {
        (SMOOTH, SMOOTH): OPEN, (SMOOTH, SINGLE): BAD, (SMOOTH, DOUBLE): BAD, (SMOOTH, UNIVERSAL): BAD,
        (SINGLE, SINGLE): JOINED, (SINGLE, DOUBLE): BAD, (SINGLE, UNIVERSAL): JOINED,
        (DOUBLE, DOUBLE): JOINED, (DOUBLE, UNIVERSAL): JOINED, (UNIVERSAL, UNIVERSAL): JOINED,
    }
    for a, b in itertools.product(range(4), repeat=2):
        key = (a, b) if (a, b) in expected else (b, a)
        assert sg.joint(a, b) == expected[key], (a, b)


def test_rotation_turns_clockwise():
    c = (1, 2, 3, 0)  # N single, E double, S universal, W smooth
    assert sg.rotate(c, 0) == c
    assert sg.rotate(c, 1) == (0, 1, 2, 3)  # what was on N is now on E
    assert sg.rotate(c, 2) == (3, 0, 1, 2)
    assert sg.rotate(c, 3) == (2, 3, 0, 1)
    assert sg.rotate(c, 4) == c
    for r in range(4):
        for s in sg.SIDES:
            assert sg.rotate(c, r)[sg.turn(s, r)] == c[s]


def test_neighbors_and_opposite_sides():
    assert sg.neighbor((7, 7), N) == (6, 7)
    assert sg.neighbor((7, 7), E) == (7, 8)
    assert sg.neighbor((7, 7), S) == (8, 7)
    assert sg.neighbor((7, 7), W) == (7, 6)
    assert [sg.opposite(s) for s in sg.SIDES] == [S, W, N, E]
    assert sg.neighbors((0, 0)) == [(-1, 0), (0, 1), (1, 0), (0, -1)]


def test_exposed_bad_joints_floods_and_parts():
    cells = {
        (7, 7): (3, 3, 3, 3),
        (7, 8): (0, 0, 0, 1),   # joined to the start by a single on its W
        (6, 7): (0, 0, 2, 0),   # double on its S meets the start's universal: joined
        (8, 7): (1, 0, 0, 0),   # single on N meets universal: joined
        (8, 8): (2, 0, 0, 0),   # double on N faces (7,8)'s smooth S: bad; W smooth faces (8,7)'s smooth E: open
        (5, 5): (0, 0, 0, 0),   # alone
    }
    assert sg.bad_joints(cells) == [((7, 8), (8, 8))]
    # exposed: start W (universal, nothing at 7,6) + (8,8)'s N is not exposed (a tile is there) → 1
    assert sg.exposed(cells) == 1
    assert sg.joined_neighbors(cells, (7, 7)) == [(6, 7), (7, 8), (8, 7)]
    assert sg.flood(cells, [(7, 7)]) == {(7, 7), (7, 8), (6, 7), (8, 7)}
    assert sg.parts(cells) == [[(6, 7), (7, 7), (7, 8), (8, 7)], [(5, 5)], [(8, 8)]]
    assert sg.side_joint((8, 8), W, cells.get) == OPEN
    assert sg.side_joint((8, 8), N, cells.get) == BAD
    assert sg.side_joint((8, 8), S, cells.get) is None


def test_rays_meet_tiles_from_the_side_they_come_from():
    cells = [(5, 7), (6, 7), (7, 7), (7, 5), (7, 9)]
    assert sg.ray(cells, N, 7) == [(5, 7), (6, 7), (7, 7)]
    assert sg.ray(cells, S, 7) == [(7, 7), (6, 7), (5, 7)]
    assert sg.ray(cells, W, 7) == [(7, 5), (7, 7), (7, 9)]
    assert sg.ray(cells, E, 7) == [(7, 9), (7, 7), (7, 5)]
    assert sg.ray(cells, N, 4) == []


def test_parse_rows():
    assert sg.parse_rows([". # .", "###"], first_row=5, first_col=5) == [(5, 7), (6, 5), (6, 6), (6, 7)]
