"""Galaxy Trucker « La grosse extension », Cinquième Roue: the five-player rules, played by four with the « 4 = 5 »
variant (option `cinq`): the rules of the text and its worked examples."""
from __future__ import annotations

from cosmoludo.games.galaxy_trucker.rules import OPTIONS
from galaxy_helpers import flight_game, go

# The flight is one Epidemic (nobody moves). Exposed connectors of these class-I ships: two engines 2, one engine 3, the starting cabin alone 4, a cabin 6.
TWO_ENGINES = [((7, 6), 64, 0), ((7, 8), 77, 0)]
ONE_ENGINE = [((7, 6), 65, 0)]
CABIN = [((7, 8), 35, 0)]
LOOKS = {0: TWO_ENGINES, 1: ONE_ENGINE, 3: CABIN}


def landed(**options):
    g = flight_game(LOOKS, ["L2-25"], players=4, filler=False, **options)
    assert [g.ships[s].exposed() for s in range(4)] == [2, 3, 4, 6]
    go(g)
    return g.scores[-1]


def test_the_option_is_offered_to_four_players_only():
    opt = next(o for o in OPTIONS if o.id == "cinq")
    assert opt.default is False and opt.players == (4,)
    assert opt.label["fr"] and opt.label["en"]


def test_two_first_prizes_and_the_next_prizes_move_down_one_place():
    five = landed(cinq=True)
    assert [line["finish"] for line in five] == [4, 4, 3, 2]
    standard = landed()
    assert [line["finish"] for line in standard] == [4, 3, 2, 1]


def test_best_looking_goes_to_at_least_two_players():
    five = landed(cinq=True)
    assert [line["best_looking"] for line in five] == [2, 2, 0, 0]  # one has the fewest: the second fewest too
    standard = landed()
    assert [line["best_looking"] for line in standard] == [2, 0, 0, 0]


def test_best_looking_ties_for_the_fewest_are_all_paid_and_nobody_else():
    g = flight_game({0: TWO_ENGINES, 1: [((7, 6), 65, 0), ((7, 8), 78, 0)], 3: CABIN}, ["L2-25"], players=4, filler=False,
                    cinq=True)
    assert [g.ships[s].exposed() for s in range(4)] == [2, 2, 4, 6]
    go(g)
    assert [line["best_looking"] for line in g.scores[-1]] == [2, 2, 0, 0]
