"""A tiny game with a long menu, to test menus beyond 25 options and paging beyond 125: each of two players in turn
picks one number out of ``CHOICES``; whoever picked the higher number wins."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.games import Presenter
from rules.contract import Event, Game, GameState, IllegalMove, Move, Outcome, Pending

CHOICES = 140


class PickState(GameState):
    game: str = "pick"
    picks: list[int] = []


class PickOptions(BaseModel):
    pass


class PickView(BaseModel):
    game: str = "pick"
    picks: list[int]


class PickGame(Game):
    name = "pick"
    min_players = 2
    max_players = 2
    State = PickState
    Options = PickOptions
    Layout = PickOptions

    def random_layout(self, players: int, options: Any, seed: int) -> BaseModel:
        return PickOptions()

    def setup(self, players: int = 2, options: Any = None, *, seed: int | None = None, layout: Any = None) -> PickState:
        self.check_players(players)
        return PickState(players=players, seed=seed)

    def active_seats(self, state: PickState) -> frozenset[int]:
        return frozenset() if len(state.picks) >= 2 else frozenset({len(state.picks)})

    def pending(self, state: PickState, seat: int) -> Pending | None:
        return Pending(seat, "pick") if seat in self.active_seats(state) else None

    def legal_moves(self, state: PickState, seat: int) -> list[Move]:
        if seat not in self.active_seats(state):
            return []
        return [Move("pick", (str(n),)) for n in range(1, CHOICES + 1) if n not in state.picks]

    def apply(self, state: PickState, seat: int, move: Move) -> tuple[PickState, list[Event]]:
        if seat not in self.active_seats(state):
            raise IllegalMove("error.not_your_turn", players="?")
        if move not in self.legal_moves(state, seat):
            raise IllegalMove("error.unknown_action", action=move.notation)
        new = state.clone()
        new.picks.append(int(move.args[0]))
        new.ply += 1
        return new, [Event("picked", {"n": int(move.args[0])}, seat)]

    def view(self, state: PickState, seat: int | None) -> PickView:
        return PickView(picks=list(state.picks))

    def outcome(self, state: PickState) -> Outcome:
        if len(state.picks) < 2:
            return Outcome(finished=False)
        winner = 0 if state.picks[0] > state.picks[1] else 1
        return Outcome(finished=True, winners=[winner], categories=["total"],
                       scores={s: {"total": p} for s, p in enumerate(state.picks)})


class PickPresenter(Presenter):
    game = "pick"

    def title(self) -> str: return "Pick"
    def move_label(self, move: Move, view: Any) -> str: return f"Number {move.args[0]}"
    def move_subjects(self, move: Move) -> list[tuple[str, str]]: return []
    def subjects(self) -> list[tuple[str, str]]: return []
    def subject_name(self, table: str, key: str) -> str: return key
    def action_words(self, action: str) -> list[str]: return [action]
    def narrate(self, event: Event, names: list[str]) -> str | None:
        return f"{names[event.seat or 0]} picks {event.params['n']}."
    def prompt(self, pending: Pending, view: Any, names: list[str]) -> str: return f"{names[pending.seat]}, pick."
    def error(self, code: str, params: dict[str, Any]) -> str | None: return None
    def summary(self, view: Any, names: list[str]) -> str: return f"Picks: {view.picks}"
    def headline(self, outcome: Outcome, names: list[str]) -> str: return f"{names[outcome.winners[0]]} wins."
    def score_sheet(self, outcome: Outcome, names: list[str]) -> str:
        """A table with aligned columns (the adapters show it in a fixed-width font)."""
        seats = sorted(outcome.scores)
        rows = ["       " + "  ".join(f"{names[s]:>8}" for s in seats),
                "total  " + "  ".join(f"{outcome.scores[s]['total']:>8}" for s in seats)]
        return "\n".join(rows)
