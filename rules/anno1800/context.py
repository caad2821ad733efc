"""``Ctx``: one seat's view of one state while a decision is listed, checked or carried out.

Every availability predicate (``check_*``) and every effect (``run_*``) of the decision table takes a ``Ctx``. A
check reads the state it is given; a run changes the state of its ``Ctx``, which is always a fresh copy made by
``apply``. The market (``market.Market``) is built at most once per ``Ctx`` and dropped whenever a run changes the
state under it (``changed``).
"""

from __future__ import annotations

from rules.anno1800.market import Market
from rules.anno1800.state import AnnoState, Player, Step
from rules.contract import IllegalMove


class Ctx:
    __slots__ = ("state", "seat", "_market")

    def __init__(self, state: AnnoState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self._market: Market | None = None

    @property
    def p(self) -> Player:
        return self.state.seats[self.seat]

    @property
    def market(self) -> Market:
        if self._market is None:
            self._market = Market(self.state, self.seat)
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
