"""The pending-decision framework (core/flow.py) on a small game written for the test: a sealed bid,
a reaction queued in front, a timed race and the refusals."""
from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest

from cosmoludo.core.errors import IllegalAction
from cosmoludo.core.flow import MAX_CLOCK_STEP, Ask, FlowState, Kind, Sealed, copy_json
from cosmoludo.core.state import Action


class Bid(Sealed):
    label = ("miser", "bid")

    def choices(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "bid", "n": n} for n in range(1, 4)]

    def reveal(self, g: Any, ask: Ask, answers: dict[int, Action]) -> None:
        g.bids = [answers[s]["n"] for s in range(g.players)]
        g.reveal()
        top = max(g.bids)
        g.leader = g.bids.index(top)
        if g.bids.count(top) > 1:  # a tie: every other seat may object, in seat order, before the race
            for s in range(g.players):
                if s != g.leader:
                    g.ask("object", s)


class Object(Kind):
    label = ("objecter ou laisser faire", "object or let it be")

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "object"}, {"type": "pass"}]

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        if action["type"] == "object":
            g.objections.append(seat)
            g.ask("confirm", g.leader, at=0, by=seat)  # answered before anything else waiting
        return True

    def why(self, g: Any, ask: Ask, seat: int, action: Action) -> tuple[str, str] | None:
        if action.get("type") == "bid":
            return ("Les mises sont faites.", "Bids are in.")
        return None


class Confirm(Kind):
    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "ok"}]

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        g.confirmed.append(ask.data["by"])
        return True

    def public(self, g: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": ask.seats, "by": ask.data["by"]}


class Race(Kind):
    """Everybody taps; the first tap after 1000 ms wins (a timed, simultaneous decision)."""

    timed = True

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "tap", "t": g.clock}]

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        g.taps.append([seat, action["t"]])
        if action["t"] >= 1000:
            g.winner = seat
            return True
        return False


class Skipped(Kind):
    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        return []

    def waiting(self, g: Any, ask: Ask) -> list[int]:
        return []

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        raise AssertionError("never answered")

    def skip(self, g: Any, ask: Ask) -> None:
        g.skipped += 1


class Toy(FlowState):
    game_id = "toy"
    min_players, max_players = 2, 4

    def _setup(self) -> None:
        self.bids: list[int] = []
        self.leader = -1
        self.objections: list[int] = []
        self.confirmed: list[int] = []
        self.taps: list[list[int]] = []
        self.winner: int | None = None
        self.skipped = 0
        self.phase = "bid"
        self.run()

    def _step_bid(self) -> None:
        self.ask("skipped", [])
        self.ask("bid", list(range(self.players)))
        self.phase = "race"

    def _step_race(self) -> None:
        self.ask("race", list(range(self.players)))
        self.phase = "done"

    def _step_done(self) -> None:
        self.phase = "over"

    def _step_stall(self) -> None:
        pass

    KINDS: ClassVar = {"bid": Bid(), "object": Object(), "confirm": Confirm(), "race": Race(), "skipped": Skipped()}
    STEPS: ClassVar = {"bid": _step_bid, "race": _step_race, "done": _step_done, "stall": _step_stall}

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> dict[str, Any] | None:
        return {"winners": [self.winner], "scores": {}} if self.is_over() else None

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"asks": self.asks_public(seat), "bids": self.bids}


def snapshot(g: Toy) -> str:
    return json.dumps([g.phase, [[a.kind, a.seats, a.data] for a in g.asks], g.bids, g.objections, g.confirmed,
                       g.taps, g.clock, g.history, g.rng.state], sort_keys=True)


def test_sealed_answers_are_hidden_until_all_are_in():
    g = Toy(3, {}, seed=1)
    assert g.skipped == 1  # an ask nobody may answer is skipped, its skip hook run
    assert g.to_move() == [0, 1, 2]
    g.apply(1, {"type": "bid", "n": 2})
    assert g.to_move() == [0, 2]
    assert g.view(0)["asks"][0] == {"kind": "bid", "seats": [0, 2], "sealed": [1]}
    assert g.view(1)["asks"][0]["mine"] == {"type": "bid", "n": 2}
    assert g.view(None)["bids"] == []
    assert not g.can_undo(0) and g.can_undo(1)
    with pytest.raises(IllegalAction) as e:
        g.apply(1, {"type": "bid", "n": 3})
    assert "pas à vous" in e.value.fr
    g.apply(0, {"type": "bid", "n": 1})
    g.apply(2, {"type": "bid", "n": 3})
    assert g.bids == [1, 2, 3] and g.leader == 2
    assert not g.can_undo(2)  # the reveal showed the bids
    assert g.phase == "done" and g.to_move() == [0, 1, 2]


def test_an_answer_may_queue_a_decision_in_front_of_the_rest():
    g = Toy(3, {}, seed=1)
    for s, n in ((0, 3), (1, 1), (2, 3)):
        g.apply(s, {"type": "bid", "n": n})
    assert g.leader == 0 and [a.kind for a in g.asks] == ["object", "object"]
    assert g.to_move() == [1]
    g.apply(1, {"type": "object"})
    assert [a.kind for a in g.asks] == ["confirm", "object"]
    assert g.view(2)["asks"][0] == {"kind": "confirm", "seats": [0], "by": 1}
    assert g.view(2)["asks"][1] == {"kind": "object", "seats": [2]}  # no data of its own shown
    g.apply(0, {"type": "ok"})
    g.apply(2, {"type": "pass"})
    assert g.objections == [1] and g.confirmed == [1]
    assert g.asks[0].kind == "race"


def test_refusals_explain_themselves_and_change_nothing():
    g = Toy(3, {}, seed=1)
    for s, n in ((0, 3), (1, 1), (2, 3)):
        g.apply(s, {"type": "bid", "n": n})
    before = snapshot(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(1, {"type": "bid", "n": 1})
    assert e.value.fr == "Les mises sont faites." and e.value.en == "Bids are in."
    with pytest.raises(IllegalAction) as e:
        g.apply(1, {"type": "dance"})
    assert "objecter ou laisser faire" in e.value.fr and "object or let it be" in e.value.en
    for bad in (None, "x", {"type": 3}, [1]):
        with pytest.raises(IllegalAction):
            g.apply(1, bad)  # type: ignore[arg-type]
    assert snapshot(g) == before


def test_timed_actions_carry_the_clock_which_never_goes_back():
    g = Toy(2, {}, seed=5)
    g.apply(0, {"type": "bid", "n": 1})
    g.apply(1, {"type": "bid", "n": 2})
    assert g.legal_actions(0) == [{"type": "tap", "t": 0}]  # listed at the state's clock
    g.apply(0, {"type": "tap", "t": 400})
    assert g.clock == 400
    before = snapshot(g)
    for bad, word in (({"type": "tap"}, "horloge"), ({"type": "tap", "t": 399}, "arrière"),
                      ({"type": "tap", "t": "500"}, "horloge"), ({"type": "tap", "t": True}, "horloge"),
                      ({"type": "tap", "t": 400 + MAX_CLOCK_STEP + 1}, "invraisemblable")):
        with pytest.raises(IllegalAction) as e:
            g.apply(1, bad)
        assert word in e.value.fr, bad
    assert snapshot(g) == before
    g.apply(1, {"type": "tap", "t": 999})
    g.apply(0, {"type": "tap", "t": 1000})
    assert g.is_over() and g.result() == {"winners": [0], "scores": {}}
    assert g.taps == [[0, 400], [1, 999], [0, 1000]]


def test_a_save_replays_to_the_same_state():
    from cosmoludo.core.flow import FlowState as _F  # noqa: F401  (the module imports on its own)

    g = Toy(3, {}, seed=9)
    for s, n in ((0, 3), (1, 3), (2, 2)):
        g.apply(s, {"type": "bid", "n": n})
    g.apply(1, {"type": "object"})
    g.apply(0, {"type": "ok"})
    g.apply(2, {"type": "pass"})
    g.apply(2, {"type": "tap", "t": 1500})
    h = Toy(3, {}, seed=9)
    for seat, action in g.to_save()["actions"]:
        h.apply(seat, action)
    assert snapshot(h) == snapshot(g) and h.is_over()


def test_a_step_that_does_nothing_is_a_bug_not_a_hang():
    g = Toy(2, {}, seed=1)
    g.asks.clear()
    g.phase = "stall"
    with pytest.raises(RuntimeError, match="stall"):
        g.run()


def test_copies_are_independent():
    g = Toy(2, {}, seed=1)
    g.apply(0, {"type": "bid", "n": 2})
    c = Toy.__new__(Toy)
    g.copy_flow_into(c)
    c.asks[0].data["sealed"]["1"] = {"type": "bid", "n": 1}
    c.asks[0].seats.append(7)
    assert "1" not in g.asks[0].data["sealed"] and g.asks[0].seats == [0, 1]
    data = {"a": [1, {"b": (2, [3])}]}
    copied = copy_json(data)
    assert copied == data and copied["a"] is not data["a"] and copied["a"][1]["b"][1] is not data["a"][1]["b"][1]


def test_unknown_kind_is_refused_when_asked():
    g = Toy(2, {}, seed=1)
    with pytest.raises(KeyError):
        g.ask("nope", 0)


# ---- a phase that is a decision itself (PHASE_KINDS) ---------------------------------
class Take(Kind):
    label = ("prendre un ou deux jetons", "take one or two tokens")

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "take", "n": n} for n in (1, 2) if n <= g.left]

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        g.left -= action["n"]
        if action["n"] == 2:
            g.ask("veto", 1 - seat, took=2)  # the other seat may object before the next turn
        if g.left == 0:
            g.phase = "over"
        else:
            g.current = 1 - g.current
        return True


class Veto(Kind):
    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "veto"}, {"type": "pass"}]

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        if action["type"] == "veto":
            g.vetoes.append(seat)
        return True


class Tokens(FlowState):
    game_id = "tokens-test"
    KINDS: ClassVar[dict[str, Kind]] = {"take": Take(), "veto": Veto()}
    PHASE_KINDS: ClassVar[dict[str, str]] = {"turn": "take"}

    def _setup(self) -> None:
        self.left, self.current, self.vetoes = 5, 0, []
        self.phase = "turn"
        self.run()

    def phase_seats(self) -> list[int]:
        return [self.current]

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> dict[str, Any] | None:
        return {"winners": [1 - self.current]} if self.is_over() else None

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"left": self.left, "asks": self.asks_public(seat)}


def test_a_phase_stands_as_the_decision_and_queued_asks_come_first():
    g = Tokens(2, {}, 0)
    assert g.asks == [] and g.to_move() == [0] and g.open_ask() == Ask("take", [0])
    assert g.view(None)["asks"] == [{"kind": "take", "seats": [0]}]
    g.apply(0, {"type": "take", "n": 1})
    assert g.to_move() == [1] and g.legal_actions(0) == []
    g.apply(1, {"type": "take", "n": 2})  # seat 0 is asked about it before its own turn stands again
    assert g.to_move() == [0] and g.legal_actions(0) == [{"type": "veto"}, {"type": "pass"}]
    with pytest.raises(IllegalAction) as err:
        g.apply(0, {"type": "take", "n": 1})
    assert "répondre" in err.value.fr
    g.apply(0, {"type": "veto"})
    assert g.vetoes == [0] and g.to_move() == [0] and g.legal_actions(0)[0] == {"type": "take", "n": 1}
    g.apply(0, {"type": "take", "n": 1})
    assert g.left == 1 and g.to_move() == [1] and g.legal_actions(1) == [{"type": "take", "n": 1}]
    g.apply(1, {"type": "take", "n": 1})
    assert g.is_over() and g.to_move() == [] and g.result() == {"winners": [0]}


class Halves(Toy):
    """A step that does its work in two passes (returns True the first time), then moves on."""

    def _setup(self) -> None:
        self.passes = 0
        super()._setup()

    def _step_halves(self) -> bool | None:
        self.passes += 1
        if self.passes < 2:
            return True
        self.phase = "over"
        return None

    STEPS: ClassVar = {**Toy.STEPS, "halves": _step_halves}


def test_a_step_may_ask_to_run_again():
    g = Halves(2, {}, seed=1)
    g.asks.clear()
    g.phase = "halves"
    g.run()
    assert g.passes == 2 and g.is_over()


class LostItsAnswers(Skipped):
    """Names its seat (cheap `waiting`) but says, through `open`, that nothing is left to answer."""

    def waiting(self, g: Any, ask: Ask) -> list[int]:
        return ask.seats

    def open(self, g: Any, ask: Ask) -> bool:
        return False


def test_an_ask_that_is_no_longer_open_is_dropped_even_with_seats():
    class G(Toy):
        KINDS: ClassVar = {**Toy.KINDS, "lost": LostItsAnswers()}

        def _step_bid(self) -> None:
            self.ask("lost", [0])
            self.ask("bid", list(range(self.players)))
            self.phase = "race"

        STEPS: ClassVar = {**Toy.STEPS, "bid": _step_bid}

    g = G(2, {}, seed=1)
    assert g.skipped == 1 and g.open_ask() is not None and g.open_ask().kind == "bid"  # type: ignore[union-attr]
