"""The shared core: seeded randomness, options, catalog, saves, undo, the bridge and the CLI."""
from __future__ import annotations

import json
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from cosmoludo import BadSetup, IllegalAction, InvalidSave, bridge, games
from cosmoludo.core.registry import GAMES
from cosmoludo.core.rng import BLOCK, Rng

ROOT = Path(__file__).resolve().parents[1]


def test_rng_sequence_is_pinned():
    # Golden numbers: the same on CPython 3.11 and Pyodide 3.14 (pure integer arithmetic).
    r = Rng(42)
    assert [r.below(100) for _ in range(8)] == GOLDEN_BELOW
    deck = list(range(10))
    Rng(7).shuffle(deck)
    assert deck == GOLDEN_SHUFFLE
    assert Rng("abc").next64() == Rng("abc").next64()
    assert Rng("abc").next64() != Rng("abd").next64()


def _splitmix64(state: int, n: int) -> list[int]:
    """The textbook generator, one number at a time: what Rng's blocks must reproduce."""
    mask, out = (1 << 64) - 1, []
    for _ in range(n):
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        out.append(z ^ (z >> 31))
    return out


@pytest.mark.parametrize("seed", [0, 1, 42, "abc", 2**64 - 1, 2**63])
def test_rng_blocks_give_the_textbook_numbers_and_state(seed: int | str) -> None:
    r = Rng(seed)
    start = r.state
    expected = _splitmix64(start, 3 * BLOCK + 5)
    got, copies = [], []
    for k in range(3 * BLOCK + 5):
        if k in (0, 7, BLOCK, BLOCK + 1, 2 * BLOCK - 1):
            copies.append((k, r.copy()))
        got.append(r.next64())
        assert r.draws == k + 1 and r.state == _splitmix64_state(start, k + 1)
    assert got == expected
    for k, c in copies:  # a copy goes on from where it was taken, whatever its parent drew since
        assert [c.next64() for _ in range(BLOCK + 3)] == expected[k:k + BLOCK + 3]
    assert Rng(seed).fork().next64() == _splitmix64(Rng(_splitmix64(start, 1)[0]).state, 1)[0]


@pytest.mark.parametrize("length", [0, 1, 2, 10, BLOCK + 1, 3 * BLOCK + 7, 700])
def test_rng_shuffle_is_the_textbook_fisher_yates(length: int) -> None:
    # shuffle() inlines below() and keeps the block in locals: it must draw exactly what below() would,
    # across block edges, beyond the table of limits (700 > 512), and leave the generator where below() would.
    for drawn_before in (0, 5, BLOCK - 1):
        r, ref = Rng(99), Rng(99)
        for _ in range(drawn_before):
            r.next64(), ref.next64()
        items, expected = list(range(length)), list(range(length))
        r.shuffle(items)
        for i in range(length - 1, 0, -1):
            j = ref.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected
        assert (r.state, r.draws) == (ref.state, ref.draws)
        assert r.next64() == ref.next64()
    for n in (0, -1, 2**64):  # a 64-bit draw cannot be spread evenly over more than 2**64 - 1 values
        with pytest.raises(ValueError):
            Rng(1).below(n)
    assert Rng(3).below(2**64 - 1) == Rng(3).next64() % (2**64 - 1)


def _splitmix64_state(start: int, draws: int) -> int:
    return (start + draws * 0x9E3779B97F4A7C15) & ((1 << 64) - 1)


GOLDEN_BELOW = [81, 91, 41, 66, 59, 15, 89, 86]
GOLDEN_SHUFFLE = [1, 6, 8, 2, 4, 9, 3, 0, 7, 5]


def test_rng_is_uniform_enough():
    r = Rng(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.randint(1, 6) - 1] += 1
    assert all(900 < c < 1100 for c in counts)


def test_first_deal_is_pinned():
    state = games.new_game("porco-crasso", 3, {}, 42)
    assert [sorted(h) for h in state.hands] == GOLDEN_HANDS


GOLDEN_HANDS = [["boue", "decrassage", "porcherie"], ["boue", "boue", "decrassage"],
                ["boue", "decrassage", "paratonnerre"]]


def test_catalog_describes_every_game_and_option():
    cat = games.catalog()
    ids = [g["id"] for g in cat]
    assert ids[:2] == ["porco-crasso", "rencontre-cosmique"] and len(ids) == 5
    porco = cat[0]
    assert (porco["min_players"], porco["max_players"]) == (2, 4)
    assert {o["id"] for o in porco["options"]} == {"coquettruie", "chronoboue", "cochonpetition"}
    for o in porco["options"]:
        assert o["type"] == "bool" and o["label"]["fr"] and o["label"]["en"]
    assert [b["id"] for b in porco["bots"]] == ["aleatoire", "facile", "normal", "fort"]
    available = [g["id"] for g in cat if g["available"]]
    assert available[:2] == ["porco-crasso", "rencontre-cosmique"]
    assert set(available) == {"porco-crasso", "rencontre-cosmique", "kroll-et-prumni", "galaxy-trucker",
                              "cochons-de-l-espace"}
    for g in cat:
        assert g["title"]["fr"] and g["title"]["en"] and g["min_players"] <= g["max_players"]
        assert all(r["fr"] and r["en"] for r in g["rulings"])
    # The rules page shows the engine's own rulings from here: one source for both.
    from cosmoludo.games.rencontre_cosmique.data import RULINGS
    assert cat[1]["rulings"] == [dict(r) for r in RULINGS]
    json.dumps(cat)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_games_options_are_its_options_json(game):
    """A game's options are declared once, as data: options.json beside its modules, in the catalog's shape."""
    cls = GAMES[game]
    package = cls.__module__.rsplit(".", 1)[0]
    rows = json.loads(resources.files(package).joinpath("options.json").read_text(encoding="utf-8"))
    assert [o.id for o in cls.options_spec] == [r["id"] for r in rows] and rows
    for opt, row in zip(cls.options_spec, rows):
        described = opt.describe()
        assert {k: described[k] for k in row} == row, opt.id  # what the file says is what the catalog says
        assert opt.label["fr"] and opt.label["en"] and bool(opt.help["fr"]) == bool(opt.help["en"]), opt.id
        assert opt.check(opt.default) == opt.default, opt.id  # the default is a value the option accepts
        if opt.several_humans is not None:  # what the dialog sets for several humans at one device, and why
            assert opt.check(opt.several_humans["value"]) == opt.several_humans["value"], opt.id
            assert opt.several_humans["why"]["fr"] and opt.several_humans["why"]["en"], opt.id
        if opt.type == "choice":
            assert all(lbl["fr"] and lbl["en"] for _, lbl in opt.values), opt.id


def test_options_data_is_checked_when_read():
    from cosmoludo.core.options import option_from_data, read_options

    row = {"id": "x", "type": "int", "default": 1, "label": {"fr": "X", "en": "X"}, "min": 0, "max": 3}
    assert option_from_data(row).max == 3 and option_from_data(row, {"x": 5}).max == 5
    assert option_from_data(row).help == {"fr": "", "en": ""} and option_from_data(row).players is None
    with pytest.raises(ValueError):
        option_from_data({**row, "maxi": 4})  # a misspelt key is refused, not ignored
    with pytest.raises(ValueError):
        option_from_data({**row, "type": "float"})
    with pytest.raises(ValueError):
        read_options("cosmoludo.games.galaxy_trucker", max_of={"detendu": 2})  # a bound only for an int option
    assert read_options("cosmoludo.games.galaxy_trucker", max_of={"routes": 2})[3].max == 2


@pytest.mark.parametrize("args", [
    ("licorne", 3, {}), ("porco-crasso", 1, {}), ("porco-crasso", 5, {}), ("porco-crasso", True, {}),
    ("porco-crasso", 3, {"inconnue": True}), ("porco-crasso", 3, {"coquettruie": "oui"}),
])
def test_bad_setup_is_refused_in_words(args):
    with pytest.raises(BadSetup) as err:
        games.new_game(*args, seed=1)
    assert err.value.fr and err.value.en


def test_save_format_and_round_trip():
    state = games.new_game("porco-crasso", 2, {"coquettruie": True}, 9)
    for _ in range(10):
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    save = state.to_save()
    assert save["format"] == "cosmoludo-save" and save["version"] == 1 and save["game"] == "porco-crasso"
    assert save["players"] == 2 and save["seed"] == 9 and len(save["actions"]) == 10
    again = games.load(json.loads(json.dumps(save)))
    assert again.view(0) == state.view(0) and again.view(1) == state.view(1)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_an_applied_action_is_the_states_own_copy(game_id: str) -> None:
    """The log keeps a copy of what was played: changing the caller's action afterwards changes nothing."""
    cls = GAMES[game_id]
    state = games.new_game(game_id, cls.min_players, {}, 3)
    seat = state.to_move()[0]
    action = json.loads(json.dumps(state.legal_actions(seat)[-1]))
    state.apply(seat, action)
    kept = json.dumps(state.to_save())
    for value in action.values():
        if isinstance(value, list):
            value.append(0)
    action["type"] = "changed"
    assert json.dumps(state.to_save()) == kept and state.history[-1][1] is not action


def test_a_save_from_earlier_rules_is_refused_rather_than_replayed_differently():
    state = games.new_game("rencontre-cosmique", 3, {}, 4)
    save = state.to_save()
    assert save["rules"] == state.rules_version >= 2
    save["rules"] = state.rules_version - 1
    with pytest.raises(InvalidSave) as err:
        games.load(save)
    assert "version antérieure des règles" in err.value.fr and "earlier version of the rules" in err.value.en
    save["rules"] = state.rules_version
    assert games.load(save).view(0) == state.view(0)


@pytest.mark.parametrize("mutate,needle", [
    (lambda s: s.update(format="autre"), "pas une sauvegarde"),
    (lambda s: s.update(version=99), "plus récente"),
    (lambda s: s.update(rules=99), "plus récente"),
    (lambda s: s.update(game="licorne"), "Jeu inconnu"),
    (lambda s: s.update(players=9), "abîmée"),
    (lambda s: s.update(actions="x"), "abîmée"),
    (lambda s: s["actions"].append([0, {"type": "vol"}]), "ne se rejoue pas"),
    (lambda s: s["actions"].append("x"), "abîmée"),
    (lambda s: s["actions"].insert(0, [1, {"type": "draw"}]), "ne se rejoue pas"),
])
def test_damaged_saves_say_why(mutate, needle):
    state = games.new_game("porco-crasso", 2, {}, 9)
    state.apply(0, state.legal_actions(0)[0])
    save = state.to_save()
    mutate(save)
    with pytest.raises(InvalidSave) as err:
        games.load(save)
    assert needle in err.value.fr and err.value.en


def test_load_refuses_non_dicts():
    for bad in (None, [], "x", 3):
        with pytest.raises(InvalidSave):
            games.load(bad)


def test_undo_replays_without_the_last_action():
    state = games.new_game("porco-crasso", 2, {}, 21)
    play = next(a for a in state.legal_actions(0) if a["type"] == "play")
    before = state.view(0)
    state.apply(0, play)
    assert state.can_undo(0) and not state.can_undo(1)
    back = games.undo(state, 0)
    assert back.view(0) == {**before, "log": back.view(0)["log"]}
    state.apply(0, {"type": "draw"})
    assert not state.can_undo(0)
    with pytest.raises(IllegalAction):
        games.undo(state, 0)


def test_bridge_json_round_trip():
    cat = json.loads(bridge.catalog())
    assert cat[0]["id"] == "porco-crasso"
    made = json.loads(bridge.create(json.dumps({"game": "porco-crasso", "players": 3, "seed": 5})))
    assert made["ok"]
    h = made["handle"]
    view = json.loads(bridge.view(h, 0))["view"]
    action = view["legal_actions"][0]
    done = json.loads(bridge.act(h, 0, json.dumps(action)))
    assert done["ok"] and done["save"]["actions"] == [[0, action]]
    refused = json.loads(bridge.act(h, 2, json.dumps(action)))
    assert not refused["ok"] and refused["error"]["fr"] and refused["error"]["en"]
    assert json.loads(bridge.view(h, 0))["view"]["log"] == json.loads(bridge.view(h, 0))["view"]["log"]
    reopened = json.loads(bridge.open_save(json.dumps(done["save"])))
    assert reopened["ok"] and reopened["save"] == done["save"]
    summary = json.loads(bridge.check_save(json.dumps(done["save"])))
    assert summary["ok"] and summary["summary"]["actions"] == 1
    bad = json.loads(bridge.check_save("{not json"))
    assert not bad["ok"] and "JSON" in bad["error"]["fr"]
    bad = json.loads(bridge.check_save("x" * 3_000_000))
    assert not bad["ok"]
    bot = json.loads(bridge.bot(h, json.loads(bridge.view(h, 0))["view"]["to_move"][0], "facile", 1))
    assert bot["ok"] and "type" in bot["action"]
    assert json.loads(bridge.close(h))["ok"]
    assert not json.loads(bridge.view(h, 0))["ok"]


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cosmoludo", *args], check=False, capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"}, timeout=300)


def test_cli_simulate_prints_one_json_line():
    out = _cli("simulate", "porco-crasso", "--players", "3", "--games", "20", "--seed", "3", "--bots",
               "heuristic,random,random")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["games"] == 20 and data["errors"] == 0 and sum(data["wins"]) == 20
    assert data["games_per_second"] > 0 and data["mean_actions"] > 10
    assert len(data["mean_scores"]) == 3  # the result's scores per seat, averaged over the games


def test_cli_replay(tmp_path):
    state = games.new_game("porco-crasso", 2, {}, 9)
    state.apply(0, state.legal_actions(0)[0])
    good = tmp_path / "good.json"
    good.write_text(json.dumps(state.to_save()))
    out = _cli("replay", str(good))
    assert out.returncode == 0 and json.loads(out.stdout)["actions"] == 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**state.to_save(), "version": 7}))
    out = _cli("replay", str(bad))
    assert out.returncode == 1 and "plus récente" in json.loads(out.stdout)["error"]["fr"]


def test_a_game_declares_its_catalog_entry_in_its_class_statement():
    from cosmoludo.core.state import GameState
    from cosmoludo.core.text import both

    class Declared(GameState, game_id="declared", title=both("Déclaré", "Declared"), players=(3, 5), rules_version=2):
        pass

    class Later(Declared):  # a subclass keeps what its base declared
        pass

    assert (Later.game_id, Later.title, Later.min_players, Later.max_players) == (
        "declared", {"fr": "Déclaré", "en": "Declared"}, 3, 5)
    assert Later.rules_version == 2 and Later.options_spec == () and Later.replays_rules == ()


def test_seeds_the_engine_makes_stay_within_two_to_the_53(monkeypatch):
    """A save's seed is read by the page's JavaScript, exact up to 2**53 only: the engine's derived seeds stay below."""
    from cosmoludo.core import bots, registry
    from cosmoludo.core.rng import SEED_LIMIT, seed_within

    assert SEED_LIMIT == 2**53 and seed_within(12345) == 12345 and seed_within(2**60 + 7) == 7
    made: list[int | str] = []
    real = registry.new_game

    def spy(game_id, players, options=None, seed=0, rules=None):
        made.append(seed)
        return real(game_id, players, options or {}, seed, rules)

    monkeypatch.setattr(registry, "new_game", spy)
    bots.random_playouts("porco-crasso", 2, 2, seed=2**50)
    assert len(made) == 2 and all(isinstance(s, int) and 0 <= s < 2**53 for s in made)
    made.clear()
    bots.random_playouts("porco-crasso", 2, 2, seed=3)  # small seeds: the same games as ever
    assert made == [3 * 100_003, 3 * 100_003 + 1]


def test_cli_refuses_a_seed_the_page_could_not_keep_exact():
    out = _cli("simulate", "porco-crasso", "--games", "1", "--seed", str(2**60))
    assert out.returncode == 2 and "2**53" in out.stderr and "graine" in out.stderr


def test_a_save_with_a_seed_beyond_two_to_the_53_goes_through_the_bridge_exactly():
    seed = 2**60 + 12345
    state = games.new_game("porco-crasso", 2, {}, seed)
    for _ in range(4):
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    text = json.dumps(state.to_save())
    checked = json.loads(bridge.check_save(text))
    assert checked["ok"] and checked["summary"]["actions"] == 4
    answer = bridge.open_save(text)
    assert f'"seed": {seed}' in answer  # written back as its digits, not as a rounded float
    opened = json.loads(answer)
    assert opened["ok"] and opened["save"]["seed"] == seed
    # The seed rounded as a JavaScript number would hold it is another deal.
    hand = games.new_game("porco-crasso", 2, {}, seed).view(0)["hands"]
    assert games.new_game("porco-crasso", 2, {}, int(float(seed))).view(0)["hands"] != hand
    assert json.loads(bridge.close(opened["handle"]))["ok"]
