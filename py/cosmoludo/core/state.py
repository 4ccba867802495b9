"""The engine contract every game implements, with the generic checks done once here."""
from __future__ import annotations

import copy
import math
from typing import Any, ClassVar

from .errors import IllegalAction
from .options import Option
from .rng import Rng
from .text import capitalized

Action = dict[str, Any]
Event = dict[str, Any]

SAVE_FORMAT = "cosmoludo-save"
SAVE_VERSION = 1


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, tuples, scalars): cheaper than copy.deepcopy."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    if isinstance(value, tuple):
        return tuple(copy_json(v) for v in value)
    return value


def listed(action: Any, actions: list[Action]) -> bool:
    """Whether `action` is one of `actions`, JSON types included.

    Python's == takes true for 1 and 0.0 for 0, so a save's {"pig": true} would match a listed {"pig": 1} and then
    be used as an index; here a value must be of the same JSON type as the listed one.
    """
    return any(a == action and _same_types(a, action) for a in actions)


def _same_types(a: Any, b: Any) -> bool:
    """For two equal JSON values: whether every value in them has the same type in both."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return all(_same_types(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return all(map(_same_types, a, b))
    return True


#: The largest whole number an action may carry: JavaScript's safe integers (the page reads every number as a double).
MAX_ACTION_INT = 2**53 - 1
#: How deep an action may nest (the deepest any game lists is three levels: an object, a list, a pair).
MAX_ACTION_DEPTH = 16


def clean_action(action: Any) -> Any:
    """The action as the engine takes it: a fresh JSON copy whose numbers are all whole (the door's number rule).

    No game's action carries a fraction: a number is a seat, an index, a count, a rotation or a clock reading. So a
    float that is a whole number (2.0, what a JSON writer may make of 2) becomes that int, and what is kept in the log
    (the save) is the int; a number that is not whole (2.5, NaN, an infinity) or beyond ±`MAX_ACTION_INT` is refused
    with IllegalAction, as is anything JSON cannot hold (a set, an object, a non-string key) or nesting deeper than
    `MAX_ACTION_DEPTH`. A tuple becomes a list, as JSON makes it. A boolean stays a boolean: where the game lists a
    number, `listed` refuses it (true is not 1).
    """
    return _clean(action, 0)


def _clean(value: Any, depth: int) -> Any:
    if isinstance(value, str) or value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if -MAX_ACTION_INT <= value <= MAX_ACTION_INT:
            return value
        raise IllegalAction("Action refusée : nombre trop grand.", "Action refused: number too large.")
    if isinstance(value, float):
        if not math.isfinite(value):
            raise IllegalAction("Action refusée : nombre invalide (NaN ou infini).",
                                "Action refused: invalid number (NaN or infinity).")
        if not value.is_integer():
            fr = repr(value).replace(".", ",")  # a French decimal comma
            raise IllegalAction(f"Action refusée : {fr} n'est pas un nombre entier.",
                                f"Action refused: {value!r} is not a whole number.")
        return _clean(int(value), depth)
    if depth >= MAX_ACTION_DEPTH:
        raise IllegalAction("Action mal formée : trop imbriquée.", "Malformed action: nested too deeply.")
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            raise IllegalAction("Action mal formée : clé non textuelle.", "Malformed action: a key that is not text.")
        return {k: _clean(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v, depth + 1) for v in value]
    raise IllegalAction("Action mal formée : valeur non JSON.", "Malformed action: a value JSON cannot hold.")


class GameState:
    """Base class of a game position.

    A game subclass writes only its rules: `_setup`, `_to_move`, `_legal_actions`,
    `_apply` (which may assume the action is legal), `_view`, `is_over`, `result`,
    and optionally `_why_illegal` for a precise refusal. This class checks whose
    turn it is and whether the action is legal, keeps the action log (the save),
    the event log (in words) and the undo bookkeeping.

    The bots (core/bots.py) call the hooks of the section « hooks for the bots »,
    each with a default that a game overrides where it knows better: `clone`,
    `determinize` (hidden information), `heuristic_action` (the « facile » level),
    `rollout_action` (the playout policy), `progress` and `estimate_outcome` (how a
    playout cut short at `playout_cap` is scored), `playout_outcome` (where a
    playout may stop) and `prior_visits`. A game keeps these in a module above its
    rules (its `search.py`), so that the rules never import their bot.
    """

    game_id: ClassVar[str] = ""
    title: ClassVar[dict[str, str]] = {"fr": "", "en": ""}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_spec: ClassVar[tuple[Option, ...]] = ()
    rules_version: ClassVar[int] = 1
    #: Earlier rules versions whose saves this engine still replays exactly as they were played (the game keeps
    #: their behaviour behind `self.rules`, the version a state plays by); saves of any other earlier version are
    #: refused by `games.load`. A new game always follows `rules_version`.
    replays_rules: ClassVar[tuple[int, ...]] = ()
    #: How this engine settles what the rulebook leaves open ({"fr", "en"} each), for the game's rules page.
    rulings: ClassVar[tuple[dict[str, str], ...]] = ()
    #: New-game dialog helpers (data the page interprets, e.g. a dice table that chooses the options).
    helpers: ClassVar[tuple[dict[str, Any], ...]] = ()
    #: Whether a finished game may have no winner (Galaxy Trucker's loans: whoever cannot repay loses, maybe all).
    may_end_without_winner: ClassVar[bool] = False

    def __init_subclass__(cls, *, game_id: str | None = None, title: dict[str, str] | None = None,
                          players: tuple[int, int] | None = None, options_spec: tuple[Option, ...] | None = None,
                          rules_version: int | None = None, replays_rules: tuple[int, ...] | None = None,
                          rulings: tuple[dict[str, str], ...] | None = None,
                          helpers: tuple[dict[str, Any], ...] | None = None,
                          may_end_without_winner: bool | None = None, **kwargs: Any) -> None:
        """A game says what the catalog tells of it in its class statement, each the class attribute of that name
        (`players`: min_players and max_players), e.g. `class Game(FlowState, game_id="x", title=both("…", "…"),
        players=(2, 4), options_spec=OPTIONS)`; what it leaves out keeps the value above (or its base class's)."""
        super().__init_subclass__(**kwargs)
        about = {"game_id": game_id, "title": title, "options_spec": options_spec, "rules_version": rules_version,
                 "replays_rules": replays_rules, "rulings": rulings, "helpers": helpers,
                 "may_end_without_winner": may_end_without_winner}
        for name, value in about.items():
            if value is not None:
                setattr(cls, name, value)
        if players is not None:
            cls.min_players, cls.max_players = players

    @classmethod
    def catalog_tables(cls) -> dict[str, Any]:
        """The game's static tables for the page (card and power texts, tile tables, names of things), JSON-safe.

        Sent once, in the game's catalog entry ("tables"), never in a view: a view carries only what changes, and
        names things by their ids in these tables. A text the page shows from the engine's data is written here
        alone, never again in web/."""
        return {}

    def __init__(self, players: int, options: dict[str, Any], seed: int | str, rules: int | None = None) -> None:
        self.players = players
        self.options = options
        self.seed = seed
        #: The rules version this game follows: `rules_version`, or one of `replays_rules` for an old save.
        self.rules = self.rules_version if rules is None else rules
        self.rng = Rng(seed)
        self.history: list[list[Any]] = []  # [[seat, action], ...] — the save
        self.revealing: list[bool] = []  # per history entry: did it reveal anything new?
        self.log: list[Event] = []  # events in words, each with its audience
        self.quiet = False  # playouts skip the event log
        self._revealed = False
        self._setup()

    # ---- hooks a game implements ------------------------------------------------
    def _setup(self) -> None:
        raise NotImplementedError

    def _to_move(self) -> list[int]:
        raise NotImplementedError

    def _legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def _apply(self, seat: int, action: Action) -> None:
        raise NotImplementedError

    def _view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def _why_illegal(self, seat: int, action: Action) -> tuple[str, str] | None:
        """A precise reason why this action is refused, or None for the generic one."""
        return None

    # ---- what the page needs to know of the open decision (`decision`) ---------------
    def _timed(self) -> bool:
        """Whether the open decision runs against the game's clock (its actions carry "t"): real time."""
        return False

    def _reaction(self) -> bool:
        """Whether the open decision is a reaction window: the seats asked answer something (a card played, a
        moment of the turn) by playing a card in reaction or letting it pass; asked of holders and others alike."""
        return False

    def _due(self) -> dict[str, Any] | None:
        """The timed action that becomes due by itself, if any: {"action", "at"} (on the game's clock, ms, the
        "t" of timed actions) or {"action", "seconds", "wait"} (a countdown on the page's own clock)."""
        return None

    def _is_legal(self, seat: int, action: Action) -> bool:
        """Whether `seat` may play `action` now (by default: it is one of the listed legal actions).

        A game whose actions carry a free parameter (a clock reading) answers without listing every value.
        """
        return listed(action, self._legal_actions(seat))

    def is_over(self) -> bool:
        raise NotImplementedError

    def result(self) -> dict[str, Any] | None:
        raise NotImplementedError

    # ---- hooks for the bots (core/bots.py), each with a default -----------------
    #: The most actions of one ISMCTS playout; a playout cut there is scored by `estimate_outcome`.
    playout_cap: ClassVar[int] = 400
    #: Visits the search's final choice lends the heuristic's action (0: the search decides alone; see bots.ismcts).
    prior_visits: ClassVar[int] = 0
    #: The stall guard (bots.stalled_for): after this many moves with no standing (every seat's `progress`) not seen
    #: before in the game, a bot of any level plays the « facile » heuristic, after twice as many a random legal move,
    #: until a new standing comes.
    #: Only for a game that defines `progress`. Measured gaps of normal games are far below (docs/bot-stall-guard.md).
    stall_moves: ClassVar[int] = 500

    def clone(self) -> GameState:
        """An independent copy: nothing of it is shared with this state (by default, a deep copy)."""
        c = type(self).__new__(type(self))
        c.__dict__.update(copy.deepcopy({k: v for k, v in self.__dict__.items() if k != "rng"}))
        c.rng = self.rng.copy()
        return c

    def determinize(self, seat: int, rng: Rng) -> GameState:
        """A copy in which everything `seat` cannot know is resampled consistently.

        The default, a plain copy, is right only for a game without hidden information: a game with hidden
        cards or powers must deal them again here, or the search would play knowing them.
        """
        c = self.clone()
        c.rng = rng.fork()
        return c

    def heuristic_action(self, seat: int, rng: Rng) -> Action:
        """The « facile » bot's choice for `seat` (a legal action); by default a random one."""
        return rng.choice(self.legal_actions(seat))

    def rollout_action(self, seat: int, rng: Rng) -> Action:
        """The playout policy: a cheap legal action for `seat`, who is to move; by default a random one."""
        return rng.choice(self._legal_actions(seat))

    def progress(self, seat: int) -> float:
        """How close `seat` is to winning, in [0, 1]; by default every seat is halfway."""
        return 0.5

    def estimate_outcome(self) -> list[float]:
        """The rewards per seat of a playout cut short: shares of `progress` cubed (a clear leader takes most)."""
        prog = [self.progress(s) ** 3 for s in range(self.players)]
        total = sum(prog) or 1.0
        return [p / total for p in prog]

    def playout_outcome(self) -> list[float] | None:
        """The rewards per seat once a playout may stop (None: play on); by default once the game is over,
        the winners sharing one point."""
        if not self.is_over():
            return None
        res = self.result() or {"winners": []}
        winners = res["winners"]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(self.players)]

    # ---- the contract -----------------------------------------------------------
    def to_move(self) -> list[int]:
        return [] if self.is_over() else self._to_move()

    def legal_actions(self, seat: int) -> list[Action]:
        if self.is_over() or seat not in self._to_move():
            return []
        return self._legal_actions(seat)

    def check(self, seat: Any, action: Any) -> None:
        """Raise IllegalAction with a readable reason unless `seat` may play `action` now."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(f"Place inconnue : {seat!r}.", f"Unknown seat: {seat!r}.")
        if self.is_over():
            raise IllegalAction("La partie est terminée.", "The game is over.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("Action mal formée.", "Malformed action.")
        if seat not in self._to_move():
            raise IllegalAction("Ce n'est pas à vous de jouer.", "It is not your turn.")
        try:
            if self._is_legal(seat, action):
                return
            why = self._why_illegal(seat, action)
        except Exception as e:  # a malformed field the game's checks did not expect (a string as an index…)
            raise IllegalAction("Action mal formée : un de ses champs n'a pas le type attendu.",
                                "Malformed action: one of its fields is not of the expected type.",
                                error=repr(e)) from e
        if why is None:
            why = ("Cette action n'est pas permise maintenant.", "That action is not allowed now.")
        raise IllegalAction(*why)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Play `action` for `seat` and return the events it caused (in words).

        The action is first made clean (`clean_action`: whole numbers only, 2.0 taken as 2), then checked; the log
        keeps the clean copy. Raises IllegalAction and changes nothing when the action is not legal. Should the
        game fail while carrying out an action it found legal (an engine bug), the state is rebuilt as it was
        before by replaying its log, and the action is refused: a game never keeps an action it could not play.
        """
        seat, action = clean_action(seat), clean_action(action)  # a fresh copy: the caller's never enters the log
        self.check(seat, action)
        try:
            return self.step(seat, action)
        except Exception as e:
            self._rebuild(self.history[:-1] if self.history and self.history[-1][1] is action else self.history)
            raise IllegalAction("Cette action n'a pas pu être jouée (erreur du moteur) : la partie est revenue "
                                "à l'état d'avant.",
                                "This action could not be played (an engine error): the game is back as it was "
                                "before.", error=repr(e)) from e

    def _rebuild(self, history: list[list[Any]]) -> None:
        """Become the state this game's log `history` leads to, replayed from the start (after an engine error)."""
        fresh = type(self)(self.players, self.options, self.seed, self.rules)
        fresh.quiet = self.quiet
        for seat, action in history:
            fresh.step(seat, action)
        self.__dict__.clear()
        self.__dict__.update(fresh.__dict__)

    def step(self, seat: int, action: Action) -> list[Event]:
        """Apply an action known to be legal (bots and replays of checked logs)."""
        log, rng = self.log, self.rng
        start, draws = len(log), rng.draws
        self._revealed = False
        self.history.append([seat, action])
        self._apply(seat, action)
        self.revealing.append(self._revealed or rng.draws != draws)
        return log[start:]

    def decision(self, seat: int | None, legal: list[Action] | None = None) -> dict[str, Any]:
        """The open decision as the page's shell needs it, the same for every game (docs/page-ui.md):

        - `timed`: real time, every action carries the game's clock "t" (Galaxy Trucker's building);
        - `reaction`: a reaction window (see `_reaction`);
        - `due`: the timed action that becomes due by itself, or None: {"action", "at"} when the game's clock
          reaches `at` (ms, Galaxy Trucker's last hourglass running out), {"action", "seconds", "wait"} after a
          countdown of `seconds` on the page's clock that starts once `wait` is false (a deal's minute);
        - `only_pass`: « pass » is the only legal answer of `seat` (`legal`: its legal actions, when known).
        """
        if self.is_over():
            return {"timed": False, "reaction": False, "due": None, "only_pass": False}
        if legal is None:
            legal = self.legal_actions(seat) if seat is not None else []
        return {"timed": self._timed(), "reaction": self._reaction(), "due": self._due(),
                "only_pass": len(legal) == 1 and legal[0].get("type") == "pass"}

    def view(self, seat: int | None = None, log_from: int | None = None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator), JSON-safe.

        With `log_from` (how many of the lines `seat` may read the page holds already) the log holds only the lines
        after those, and "log_from" says where they begin: 0 (the whole log) when `log_from` is more than there are
        (the page's copy is of another position)."""
        v = self._view(seat)
        legal = self.legal_actions(seat) if seat is not None else []
        v.update({
            "game": self.game_id,
            "players": self.players,
            "options": dict(self.options),
            "seat": seat,
            "to_move": self.to_move(),
            "legal_actions": legal,
            "decision": self.decision(seat, legal),
            "over": self.is_over(),
            "result": self.result(),
            "can_undo": self.can_undo(seat) if seat is not None else False,
        })
        if log_from is None:
            v["log"] = [{"fr": e["fr"], "en": e["en"]} for e in self.log if self._sees(seat, e)]
            return v
        lines = [e for e in self.log if self._sees(seat, e)]
        start = log_from if 0 <= log_from <= len(lines) else 0
        v["log"] = [{"fr": e["fr"], "en": e["en"]} for e in lines[start:]]
        v["log_from"] = start
        return v

    def to_save(self, actions_from: int = 0) -> dict[str, Any]:
        """The save; with `actions_from`, its "actions" only from that one on (what the page lacks: bridge.act).
        The page adds its own "meta" (seats, dates) to what it stores."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_id,
            "rules": self.rules,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "actions": [[s, a] for s, a in self.history[actions_from:]],
        }

    # ---- undo -------------------------------------------------------------------
    def can_undo(self, seat: int | None) -> bool:
        """True when `seat` made the last action and it revealed nothing new."""
        if not self.history or seat is None:
            return False
        return self.history[-1][0] == seat and not self.revealing[-1]

    # ---- helpers for games ------------------------------------------------------
    def reveal(self) -> None:
        """Mark the action being applied as revealing information (it cannot be undone)."""
        self._revealed = True

    def emit(self, fr: str, en: str, to: list[int] | None = None, **data: Any) -> None:
        """Add an event in words, each sentence starting with a capital; `to` limits who may read it (None:
        everybody).

        A quiet state (playouts, bot searches) keeps no log: a game's hot paths check `self.quiet` first, so
        that they do not even format the sentences.
        """
        if self.quiet:
            return
        self.log.append({"fr": capitalized(fr), "en": capitalized(en), "to": to, **data})

    @staticmethod
    def _sees(seat: int | None, event: Event) -> bool:
        return event["to"] is None or (seat is not None and seat in event["to"])

    def __repr__(self) -> str:
        return f"<{type(self).__name__} players={self.players} seed={self.seed!r} actions={len(self.history)}>"


__all__ = ["MAX_ACTION_INT", "SAVE_FORMAT", "SAVE_VERSION", "Action", "Event", "GameState", "clean_action", "copy_json",
           "listed"]
