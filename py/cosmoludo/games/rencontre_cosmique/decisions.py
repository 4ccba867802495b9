"""The turn as tables (core/flow.py): each phase's automatic step, the phases that are decisions themselves, and
the kinds of question (kinds.py) the queue asks."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...core.flow import Kind, Step
from .duel import Duel
from .kinds import KINDS
from .table import DEAL_SECONDS


class Decisions(Duel):
    """The rules' flow: steps run until a question is open (the queue first, then a standing phase)."""

    KINDS: ClassVar[Mapping[str, Kind]] = KINDS
    #: The phases where a decision stands with nothing queued: the sealed duel cards, the deal's proposals.
    PHASE_KINDS: ClassVar[Mapping[str, str]] = {"cards": "cards", "deal": "deal"}
    #: Each phase's automatic part, in the order of the rulebook's turn.
    STEPS: ClassVar[Mapping[str, Step]] = {
        "start_turn": Duel._phase_start_turn,  # 1: new cards when the offence holds no duel card
        "start_duel": Duel._phase_start_duel,
        "after_new_hand": Duel._phase_after_new_hand,
        "retrieve": Duel._phase_retrieve,  # 2: one token out of the Black Hole
        "window_start": Duel._phase_window_start,
        "destiny": Duel._phase_destiny,  # 3: the destiny disc
        "window_defender": Duel._phase_window_defender,
        "defender_hand": Duel._phase_defender_hand,  # 4: the defence's new hand
        "aim": Duel._phase_aim,  # 5: the cone
        "launch": Duel._phase_launch,  # 6: tokens onto the cone
        "invite_offence": Duel._phase_invite_offence,  # 7: alliances
        "invite_defence": Duel._phase_invite_defence,
        "answers": Duel._phase_answers,
        "window_pre_cards": Duel._phase_window_pre_cards,
        "cards_check": Duel._phase_cards_check,  # 8: duel cards (then the standing « cards » decision)
        "window_sealed": Duel._phase_window_sealed,
        "reveal": Duel._phase_reveal,
        "window_revealed": Duel._phase_window_revealed,
        "resolve": Duel._phase_resolve,  # 9: the outcome
        "window_consolation": Duel._phase_window_consolation,
        "consolation": Duel._phase_consolation,
        "after_duel": Duel._phase_after_duel,
        "after_clone": Duel._phase_after_clone,
        "after_cards": Duel._phase_after_cards,
        "end_turn": Duel._phase_end_turn,
    }

    def _setup(self) -> None:
        super()._setup()
        self.run()

    def phase_seats(self) -> list[int]:
        if self.phase == "cards":
            return self.may_seal()
        assert self.deal is not None
        return [self.deal["turn"]]

    def _advance(self) -> None:
        """Run the automatic steps of the turn until somebody has a decision to make."""
        self.run()

    def _reaction(self) -> bool:
        """An edict window, a Zap's answer, or a power's question asked of a veiled seat (shown as a window)."""
        q = self.queue[0] if self.queue else None
        return q is not None and (bool(q.get("veiled")) or self.KINDS[q.kind].reaction)

    def _due(self) -> dict[str, Any] | None:
        """While a deal runs, « timeout » once its minute is over: the minute runs on the page's clock, from when
        the allies have gone home (no question queued, `wait` false)."""
        if self.deal is None:
            return None
        return {"action": {"type": "timeout"}, "seconds": DEAL_SECONDS, "wait": bool(self.queue)}

    def _to_move(self) -> list[int]:
        if self.asks:  # one seat a question, as the kinds' `waiting` says, without a second look-up
            return [self.asks[0]["seat"]]  # type: ignore[index]
        return super()._to_move()
