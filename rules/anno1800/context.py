"""``Ctx``: one seat's view of one state while a decision is listed, checked or carried out.

Every availability predicate (``check_*``) and every effect (``run_*``) of the decision table takes a ``Ctx``. A
check reads the state it is given; a run changes the state of its ``Ctx`` (the copy ``apply`` made, or the state
itself for ``apply_inplace``). The market (``market.market_for``) is fetched at most once per ``Ctx`` and dropped
whenever a run changes the state under it (``changed``).
"""

from __future__ import annotations

from rules.anno1800.market import Market, market_for
from rules.anno1800.state import AnnoState, Player, Step
from rules.contract import IllegalMove


class Ctx:
    __slots__ = ("state", "seat", "p", "_market")

    def __init__(self, state: AnnoState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.p: Player = state.seats[seat]  # the engine changes a player in place, never replaces one
        self._market: Market | None = None

    @property
    def market(self) -> Market:
        if self._market is None:
            self._market = market_for(self.state, self.seat)
        return self._market

    @property
    def step(self) -> Step | None:
        steps = self.state.turn.steps
        return steps[-1] if steps else None

    @property
    def parent(self) -> Step | None:
        steps = self.state.turn.steps
        return steps[-2] if len(steps) > 1 else None

    def changed(self) -> None:
        self._market = None


Check = IllegalMove | None
