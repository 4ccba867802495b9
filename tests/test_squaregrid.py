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


def _naive_parts(cells):
    """The pieces by the definition, one joint at a time through the public joint table (a reference)."""
    def joined(a, b):
        for side in sg.SIDES:
            if sg.neighbor(a, side) == b:
                return sg.joint(cells[a][side], cells[b][sg.opposite(side)]) == JOINED
        return False
    left, out = set(cells), []
    while left:
        piece, todo = set(), [min(left)]
        while todo:
            c = todo.pop()
            if c in piece:
                continue
            piece.add(c)
            todo += [o for o in sg.neighbors(c) if o in cells and o not in piece and joined(c, o)]
        left -= piece
        out.append(sorted(piece))
    out.sort(key=lambda p: (-len(p), p[0]))
    return out


def test_the_fast_tables_agree_with_the_joint_table_on_random_boards():
    import random

    rnd = random.Random(19)
    for _ in range(300):
        cells = {(r, c): tuple(rnd.randrange(4) for _ in range(4))
                 for r in range(4, 11) for c in range(3, 12) if rnd.random() < 0.7}
        assert sg.parts(cells) == _naive_parts(cells)
        some = rnd.choice(sorted(cells)) if cells else (7, 7)
        assert sg.flood(cells, [some]) == ({c for p in _naive_parts(cells) if some in p for c in p})
        assert sg.exposed(cells) == sum(1 for cell, conn in cells.items() for s in sg.SIDES
                                        if conn[s] != SMOOTH and sg.neighbor(cell, s) not in cells)
        assert sg.bad_joints(cells) == [(a, sg.neighbor(a, s)) for a in cells for s in (E, S)
                                        if sg.neighbor(a, s) in cells
                                        and sg.joint(cells[a][s], cells[sg.neighbor(a, s)][sg.opposite(s)]) == BAD]
        for cell in cells:
            assert sg.joined_neighbors(cells, cell) == [
                o for s, o in enumerate(sg.neighbors(cell))
                if o in cells and sg.joint(cells[cell][s], cells[o][sg.opposite(s)]) == JOINED]
            assert sg.around(cell) == tuple(sg.neighbors(cell))
