"""Galaxy Trucker « La grosse extension », « Pour les indécis »: the dice table that chooses the modules
(`ext_choice.undecided`, the new-game dialog's helper)."""
from __future__ import annotations

import pytest

from cosmoludo import games
from cosmoludo.games.galaxy_trucker import ext_choice, ext_roads
from cosmoludo.games.galaxy_trucker.ext_choice import undecided


def test_no_roll_is_the_standard_game_difficulty_zero():
    assert undecided([]) == {"options": {"classe3": "III", "routes": 0}, "lines": [], "modules": [],
                             "routes_wanted": 0}


@pytest.mark.parametrize("face, module", [(1, "IA"), (2, "IIA"), (3, "IIIA"), (4, "machinations"),
                                          (5, "machinations")])
def test_faces_one_to_five_choose_a_module(face, module):
    assert undecided([face])["modules"] == [module]
    assert undecided([face])["routes_wanted"] == 0


def test_three_uses_class_IIIA_instead_of_III():
    out = undecided([3])
    assert out["options"] == {"classe3": "IIIA", "routes": 0}
    assert out["lines"][0]["fr"] == "classe IIIA au lieu de la classe III"


def test_six_raises_rough_roads_by_one():
    out = undecided([6])
    assert out["options"]["routes"] == 1 and out["routes_wanted"] == 1 and out["modules"] == []


@pytest.mark.parametrize("faces", [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (4, 5), (5, 4)])
def test_a_module_already_in_use_raises_rough_roads_instead(faces):
    out = undecided(list(faces))
    assert len(out["modules"]) == 1 and out["routes_wanted"] == 1


def test_modules_the_app_lacks_are_said_never_replaced():
    out = undecided([1, 2, 4])
    assert out["options"] == {"classe3": "III", "routes": 0}  # nothing else chosen in their place
    assert out["modules"] == ["IA", "IIA", "machinations"]
    assert "plateaux ne sont pas dans le texte" in out["lines"][0]["fr"]
    assert "boards are not in the text" in out["lines"][1]["en"]
    assert "24 cartes manque" in out["lines"][2]["fr"]


def test_rough_roads_levels_above_the_known_cards_are_said_not_played():
    out = undecided([6, 6, 3, 3])  # the text's level 4: IIIA, then Rough Roads 3
    assert out["routes_wanted"] == 3
    assert out["options"] == {"classe3": "IIIA", "routes": ext_roads.MAX_LEVEL}
    capped = [line for line in out["lines"] if "limité" in line["fr"]]
    assert len(capped) == 3 - ext_roads.MAX_LEVEL
    assert all("limited to" in line["en"] for line in capped)


def test_a_die_shows_one_to_six():
    with pytest.raises(ValueError):
        undecided([7])


def test_the_helper_is_in_the_catalog_and_sets_only_real_options():
    entry = next(e for e in games.catalog() if e["id"] == "galaxy-trucker")
    assert entry["helpers"] == [ext_choice.HELPER]
    option_ids = {o["id"] for o in entry["options"]}
    for face in ext_choice.HELPER["faces"].values():
        assert set(face.get("set", {})) <= option_ids
        assert face.get("inc") in (None, *option_ids)
        assert "missing" in face or "set" in face or "inc" in face
    assert set(ext_choice.HELPER["standard"]) <= option_ids
    routes = next(o for o in entry["options"] if o["id"] == "routes")
    assert ext_choice.HELPER["limits"]["routes"] == routes["max"]
    # the options it chooses are accepted by a new game
    games.new_game("galaxy-trucker", 3, undecided([3, 6, 6])["options"], 1)
