"""Pending decisions: who must choose what now, one small handler per kind of decision, phases as a table.

Every game of the collection is a series of automatic steps that run until somebody must choose: a card to
play, a target, a vote, a sealed combat card, a place for a component while the hourglass runs. This module
is that one idea, written once.

- An `Ask` is one open decision: its `kind`, the `seats` that may answer it (several seats: they decide at
  once, each in any order), and JSON-safe `data` of its own.
- A `Kind` says, for one kind of decision, which actions answer it (`actions`), what an answer does (`apply`,
  which says whether the decision is settled), why an answer is refused (`why`), and what every seat may
  see of it (`public`). Kinds are stateless: one instance serves every game state.
- `FlowState` is a `GameState` whose turn structure is a queue of asks and a table of steps. `STEPS` maps a
  phase name to a function that does the automatic part of that phase, may `ask` something, and names the
  next phase (or returns True: it did part of its work and runs again). The state runs steps until an ask is
  open or the game is over; the four hooks of the contract (`_to_move`, `_legal_actions`, `_apply`,
  `_why_illegal`) all come from the open ask.

A phase whose decision is the phase itself (« the current player plays a card ») need not queue anything:
`PHASE_KINDS` maps it to a kind, and while no ask is queued that kind stands as the open decision, asked of
`phase_seats()`. Asks queued meanwhile (reactions, windows) come first; the phase resumes by itself after them.

Several seats deciding at once (sealed choices, votes, real-time building) are one ask listing several seats:
`Sealed` collects one hidden answer per seat and reveals them together. Time enters only as data carried by an
action: a `timed` kind lists its actions with the state's clock in `"t"`; the page (or a bot) sends its own
reading instead, which must not go back in time, so a replay meets every timer exactly as it was played.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .state import Action, GameState, copy_json, listed

Reason = tuple[str, str]  # (French, English)
Step = Callable[[Any], "bool | None"]  # True: the step did part of its work, run it again


@dataclass(slots=True)
class Ask:
    """One open decision: `kind` names its handler; `seats` may answer it (several: a simultaneous choice)."""

    kind: str
    seats: list[int]
    data: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> Ask:
        return Ask(self.kind, list(self.seats), copy_json(self.data))

    def __repr__(self) -> str:
        return f"Ask({self.kind!r}, {self.seats!r}, {self.data!r})"


class Kind:
    """How one kind of decision is answered. Subclass once per kind and list an instance in the game's KINDS.

    `label` names what is expected, for the generic refusal (« il faut choisir une cible »).
    """

    label: Reason = ("répondre à la décision en cours", "answer the decision at hand")
    #: A timed kind lists its actions with the state's clock in "t"; an answer carries its own clock reading.
    timed: bool = False
    #: A reaction window: the seats asked answer something by a card in reaction or « pass » (`GameState._reaction`).
    reaction: bool = False

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        """The answers `seat` may give now (JSON-safe dicts, short lists: one small choice per action)."""
        raise NotImplementedError

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        """Carry out a legal answer; return True when the decision is settled (the ask then closes)."""
        raise NotImplementedError

    def why(self, g: Any, ask: Ask, seat: int, action: Action) -> Reason | None:
        """A precise reason why `action` is refused (None: the generic reason built from `label`)."""
        return None

    def waiting(self, g: Any, ask: Ask) -> list[int]:
        """The seats that may still answer (an ask nobody may answer is skipped)."""
        return ask.seats

    def open(self, g: Any, ask: Ask) -> bool:
        """Whether the ask, at the front of the queue, is still asked (else `run` drops it and calls `skip`).

        By default: somebody may still answer. A kind whose `waiting` is cheap (it names the seat asked) but
        whose question may have lost every answer meanwhile (a card or a base went away) says so here.
        """
        return bool(self.waiting(g, ask))

    def public(self, g: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        """What `viewer` may see of this decision; by default its kind and who decides, none of its data."""
        return {"kind": ask.kind, "seats": list(self.waiting(g, ask))}

    def skip(self, g: Any, ask: Ask) -> None:
        """Called when the ask reaches the front with nobody left to answer it (e.g. an automatic effect)."""

    def accepts(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        """Whether `action` answers this ask (by default: it is one of `actions`, clock aside for a timed kind)."""
        if self.timed:
            t = action.get("t")
            if not isinstance(t, int) or isinstance(t, bool) or t < g.clock or t > g.clock + MAX_CLOCK_STEP:
                return False
            return listed({**action, "t": g.clock}, self.actions(g, ask, seat))
        return listed(action, self.actions(g, ask, seat))


#: How far one timed action may move the clock forward (ms): a day; beyond, the reading is damaged.
MAX_CLOCK_STEP = 86_400_000


class Sealed(Kind):
    """Every listed seat picks one answer, unseen by the others; once all have answered, `reveal` runs.

    The answers are kept in `ask.data["sealed"]` (seat → action) and never shown in `public` until revealed.
    A subclass writes `choices` (what a seat may seal) and `reveal` (what the answers do together).
    """

    label = ("faire votre choix secret", "make your secret choice")

    def choices(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        raise NotImplementedError

    def reveal(self, g: Any, ask: Ask, answers: dict[int, Action]) -> None:
        raise NotImplementedError

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        return self.choices(g, ask, seat)

    def waiting(self, g: Any, ask: Ask) -> list[int]:
        sealed = ask.data.get("sealed", {})
        return [s for s in ask.seats if str(s) not in sealed]

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        sealed = ask.data.setdefault("sealed", {})
        sealed[str(seat)] = action  # JSON objects have string keys: the ask stays JSON-safe
        if len(sealed) < len(ask.seats):
            return False
        self.reveal(g, ask, {int(s): a for s, a in sealed.items()})
        return True

    def public(self, g: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        sealed = ask.data.get("sealed", {})
        out: dict[str, Any] = {"kind": ask.kind, "seats": self.waiting(g, ask),
                               "sealed": sorted(int(s) for s in sealed)}
        if viewer is not None and str(viewer) in sealed:
            out["mine"] = sealed[str(viewer)]
        return out


_STANDING: dict[str, Ask] = {}


def standing(kind: str) -> Ask:
    """The ask a standing decision (`FlowState.PHASE_KINDS`) hands its kind: shared, with no seats and no data.

    Its seats are the state's `phase_seats()`; a kind must not write into it (whatever a phase's decision needs
    to remember belongs to the game state).
    """
    a = _STANDING.get(kind)
    if a is None:
        a = _STANDING[kind] = Ask(kind, [])
    return a


class FlowState(GameState):
    """A game whose turn structure is a queue of asks (open decisions) and a table of automatic steps.

    A subclass sets `KINDS` (kind name → Kind) and `STEPS` (phase name → step function), sets `self.phase`
    in `_setup` and then calls `self.run()`. A step must ask something, change the phase, or end the game.
    """

    KINDS: ClassVar[Mapping[str, Kind]] = {}
    STEPS: ClassVar[Mapping[str, Step]] = {}
    #: Phases that are a decision themselves: phase → kind name, asked of `phase_seats()` while no ask is queued.
    PHASE_KINDS: ClassVar[Mapping[str, str]] = {}
    _PHASE_ASKS: ClassVar[Mapping[str, Ask]] = {}  # phase → its kind's standing ask, made once per class

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._PHASE_ASKS = {phase: standing(kind) for phase, kind in cls.PHASE_KINDS.items()}

    phase: str
    asks: list[Ask]
    clock: int

    def __init__(self, players: int, options: dict[str, Any], seed: int | str, rules: int | None = None) -> None:
        self.asks = []
        self.clock = 0  # the latest time carried by a timed action (ms), for games with a clock
        self.phase = ""
        super().__init__(players, options, seed, rules)

    # ---- asking -------------------------------------------------------------------
    def ask(self, kind: str, seats: list[int] | int, at: int | None = None, **data: Any) -> Ask:
        """Queue a decision (at the end, or at index `at`: 0 puts it before everything already waiting)."""
        if kind not in self.KINDS:
            raise KeyError(f"unknown decision kind {kind!r}")
        a = Ask(kind, [seats] if isinstance(seats, int) else list(seats), data)
        if at is None:
            self.asks.append(a)
        else:
            self.asks.insert(at, a)
        return a

    def open_ask(self) -> Ask | None:
        """The decision being asked now, if any (after `run`, the front ask has somebody to answer it).

        With no ask queued, a phase of `PHASE_KINDS` stands as the decision (made afresh: nothing is stored).
        """
        if self.asks:
            return self.asks[0]
        kind = self.PHASE_KINDS.get(self.phase)
        return None if kind is None else Ask(kind, self.phase_seats())

    def _front(self) -> Ask | None:
        """The open ask for the hot paths: a standing decision is its kind's shared, empty ask (see `standing`)."""
        return self.asks[0] if self.asks else self._PHASE_ASKS.get(self.phase)

    def phase_seats(self) -> list[int]:
        """Who answers the standing decision of the current phase (a game with PHASE_KINDS writes it)."""
        raise NotImplementedError

    def end(self) -> None:
        """Hook for `run`: nothing to do by default. A game ends by making `is_over()` true."""

    def run(self) -> None:
        """Run automatic steps until a decision is open or the game is over."""
        asks, kinds, steps = self.asks, self.KINDS, self.STEPS
        if not asks and self.phase in self.PHASE_KINDS:
            return  # the usual case after an answer: the next decision stands already
        while not self.is_over():
            if asks:
                a = asks[0]
                kind = kinds[a.kind]
                if kind.open(self, a):
                    return
                asks.pop(0)
                kind.skip(self, a)
                continue
            phase = self.phase
            if phase in self.PHASE_KINDS:
                return
            if steps[phase](self) is True:
                continue  # part of the step done (e.g. cards thrown away): it runs again
            if not asks and self.phase == phase and not self.is_over():
                raise RuntimeError(f"step {phase!r} neither asked, moved on nor ended the game")

    # ---- the contract's hooks -----------------------------------------------------
    def _to_move(self) -> list[int]:
        if not self.asks:
            return self.phase_seats() if self.phase in self.PHASE_KINDS else []
        a = self.asks[0]
        return list(self.KINDS[a.kind].waiting(self, a))

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.asks:
            a = self.asks[0]
            kind = self.KINDS[a.kind]
            if seat not in kind.waiting(self, a):
                return []
            return kind.actions(self, a, seat)
        st = self._PHASE_ASKS.get(self.phase)
        if st is None:
            return []
        # The contract asks only for a seat to move (`legal_actions` checks): no second check on this hot path.
        return self.KINDS[st.kind].actions(self, st, seat)

    def _is_legal(self, seat: int, action: Action) -> bool:
        a = self._front()
        return a is not None and self.KINDS[a.kind].accepts(self, a, seat, action)

    def _why_illegal(self, seat: int, action: Action) -> Reason | None:
        a = self._front()
        if a is None:
            return None
        kind = self.KINDS[a.kind]
        if kind.timed:
            t = action.get("t")
            if not isinstance(t, int) or isinstance(t, bool):
                return ("Cette action doit porter l'heure de l'horloge (t).", "This action must carry the clock time (t).")
            if t < self.clock:
                return ("L'horloge ne peut pas revenir en arrière.", "The clock cannot go back in time.")
            if t > self.clock + MAX_CLOCK_STEP:
                return ("Heure d'horloge invraisemblable.", "Implausible clock time.")
        why = kind.why(self, a, seat, action)
        if why is not None:
            return why
        fr, en = kind.label
        return (f"Cette action n'est pas possible maintenant : il faut {fr}.",
                f"That action is not possible now: you must {en}.")

    def _apply(self, seat: int, action: Action) -> None:
        asks = self.asks
        a = asks[0] if asks else self._PHASE_ASKS.get(self.phase)  # _front(), inlined: every action comes here
        assert a is not None
        kind = self.KINDS[a.kind]
        if kind.timed:
            self.clock = action["t"]
        if kind.apply(self, a, seat, action) and self.asks:
            # The answer may have queued asks in front of this one (a reaction): remove this one by identity.
            for i, other in enumerate(self.asks):
                if other is a:
                    del self.asks[i]
                    break
        if self.asks or self.phase not in self._PHASE_ASKS:  # else the next decision stands already
            self.run()

    # ---- the open decision for the page (GameState.decision) ------------------------
    def _timed(self) -> bool:
        a = self._front()
        return a is not None and self.KINDS[a.kind].timed

    def _reaction(self) -> bool:
        a = self._front()
        return a is not None and self.KINDS[a.kind].reaction

    # ---- helpers for views and bots ------------------------------------------------
    def asks_public(self, viewer: int | None) -> list[dict[str, Any]]:
        """Every queued decision as `viewer` may see it, the open one first (for the game's view)."""
        asks = self.asks or [a for a in (self.open_ask(),) if a is not None]
        return [self.KINDS[a.kind].public(self, a, viewer) for a in asks]

    def copy_flow_into(self, other: FlowState) -> None:
        """Copy the flow's own fields into a clone (games call it from `clone`)."""
        other.phase = self.phase
        other.asks = [a.copy() for a in self.asks]
        other.clock = self.clock


__all__ = ["MAX_CLOCK_STEP", "Ask", "FlowState", "Kind", "Reason", "Sealed", "Step", "copy_json"]
