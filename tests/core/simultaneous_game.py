"""A tiny simultaneous game for testing the service: every player secretly shows rock, paper or scissors; when all
have chosen, the choices are revealed and each beaten player loses a point. Two rounds."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.games import Presenter
from rules.contract import Event, Game, GameState, IllegalMove, Move, Outcome, Pending

SHAPES = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
ROUNDS = 2


class RpsState(GameState):
    game: str = "rps"
    round: int = 1
    chosen: dict[str, str] = {}  # seat (as text) -> shape, hidden until all have chosen
    points: list[int] = []


class RpsOptions(BaseModel):
    pass


class RpsView(BaseModel):
    game: str = "rps"
    seat: int | None
    round: int
    has_chosen: list[bool]
    mine: str | None
    points: list[int]


class RpsGame(Game):
    name = "rps"
    min_players = 2
    max_players = 4
    State = RpsState
    Options = RpsOptions
    Layout = RpsOptions

    def random_layout(self, players, options, seed):
        return RpsOptions()

    def setup(self, players=2, options=None, *, seed=None, layout=None):
        self.check_players(players)
        return RpsState(players=players, seed=seed, points=[0] * players)

    def active_seats(self, state):
        if state.round > ROUNDS:
            return frozenset()
        return frozenset(s for s in range(state.players) if str(s) not in state.chosen)

    def pending(self, state, seat):
        return Pending(seat, "shape") if seat in self.active_seats(state) else None

    def legal_moves(self, state, seat):
        return [Move("show", (s,)) for s in SHAPES] if seat in self.active_seats(state) else []

    def parse_move(self, text):
        move = Move.parse(text)
        if move.action != "show" or len(move.args) != 1 or move.args[0] not in SHAPES:
            raise IllegalMove("error.unknown_action", action=move.action)
        return move

    def apply(self, state, seat, move):
        if state.round > ROUNDS:
            raise IllegalMove("error.game_over")
        if str(seat) in state.chosen:
            raise IllegalMove("error.not_your_turn")
        new = state.clone()
        new.chosen[str(seat)] = move.args[0]
        new.ply += 1
        events = [Event("chose", {}, seat), Event("you_chose", {"shape": move.args[0]}, seat, frozenset({seat}))]
        if len(new.chosen) == new.players:
            shown = {int(k): v for k, v in new.chosen.items()}
            for s, shape in shown.items():
                if any(BEATS[other] == shape for other in shown.values()):
                    new.points[s] -= 1
            events.append(Event("revealed", {"shapes": {str(k): v for k, v in shown.items()}}, reveals=True))
            new.chosen = {}
            new.round += 1
        return new, events

    def view(self, state, seat):
        return RpsView(seat=seat, round=state.round, has_chosen=[str(s) in state.chosen for s in range(state.players)],
                       mine=state.chosen.get(str(seat)) if seat is not None else None, points=list(state.points))

    def outcome(self, state):
        best = max(state.points)
        return Outcome(finished=state.round > ROUNDS, winners=[s for s, p in enumerate(state.points) if p == best]
                       if state.round > ROUNDS else [], categories=["total"],
                       scores={s: {"total": p} for s, p in enumerate(state.points)})


class RpsPresenter(Presenter):
    game = "rps"
    private_hands = True

    def title(self): return "RPS"
    def move_label(self, move, view): return move.args[0]
    def move_subjects(self, move): return []
    def subjects(self): return []
    def subject_name(self, table, key): return key
    def action_words(self, action): return [action]

    def narrate(self, event: Event, names: list[str]) -> str | None:
        if event.kind == "chose":
            return f"{names[event.seat]} has chosen."
        if event.kind == "you_chose":
            return f"You show {event.params['shape']}."
        if event.kind == "revealed":
            return "Revealed: " + ", ".join(f"{names[int(s)]} {v}" for s, v in event.params["shapes"].items())
        return None

    def prompt(self, pending, view, names): return f"{names[pending.seat]}, show a shape."
    def error(self, code, params: dict[str, Any]): return None
    def summary(self, view, names): return f"Round {view.round}"
    def headline(self, outcome, names): return "Over"
    def score_sheet(self, outcome, names): return ""
