"""7 Wonders Duel as a ``rules.contract.Game``.

Decisions (``pending(...).kind``) and their moves, each kind one record of ``rules.duel.decisions``:

============  ===========================================================================
draft         ``draft:<wonder>``  take a revealed wonder (A-B-B-A, then B-A-A-B; the last is dealt)
turn          ``build:<card>``, ``discard:<card>``, ``wonder:<wonder>:<card>``
token         ``token:<token>``  a progress token from the board, after a science pair
library       ``token:<token>``  one of the three tokens drawn by the Great Library
destroy       ``destroy:<card>``  an opponent's brown (Zeus) or grey (Circus Maximus) card
mausoleum     ``revive:<card>``  a card of the discard pile, built free
starter       ``start:me`` / ``start:opponent``  who begins the next age
============  ===========================================================================
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from pydantic import BaseModel

from rules.contract import Event, Game, IllegalMove, Move, Outcome, Pending, Seat
from rules.duel import strategy
from rules.duel import effects
from rules.duel.data import CARDS, MAX_WONDERS_BUILT, TOKENS, WONDERS
from rules.duel.decisions import ARGUMENTS, ARITY, DECISIONS, deciding, pending_kind
from rules.duel.notation import record_notation
from rules.duel.hidden import determinize
from rules.duel.scoring import outcome
from rules.duel.setup import check_layout, initial_state, random_layout
from rules.duel.state import DuelLayout, DuelOptions, DuelState
from rules.duel.view import DuelView, OptionView, build_view
from rules.rng import new_seed


class DuelGame(Game[DuelState, DuelOptions]):
    name = "duel"
    min_players = 2
    max_players = 2
    State = DuelState
    Options = DuelOptions
    Layout = DuelLayout

    # --- setup -----------------------------------------------------------------------------------------------
    def random_layout(self, players: int, options: DuelOptions, seed: int) -> DuelLayout:
        return random_layout(self.options(options), seed)

    def setup(
        self,
        players: int = 2,
        options: DuelOptions | dict[str, Any] | None = None,
        *,
        seed: int | None = None,
        layout: BaseModel | dict[str, Any] | None = None,
    ) -> DuelState:
        self.check_players(players)
        opts = self.options(options)
        if layout is None:
            seed = new_seed() if seed is None else seed
            lay = random_layout(opts, seed)
        else:
            lay = DuelLayout.model_validate(layout if isinstance(layout, dict) else layout.model_dump())
            check_layout(lay, opts)
        state = initial_state(opts, lay, seed)
        if opts.wonders == "preset":
            effects.start_age(state, 1, [])
            state.decision = "turn"
            state.current = lay.first_player
        return state

    # --- decisions (each kind's record is in ``rules.duel.decisions``) -------------------------------------------
    def active_seats(self, state: DuelState) -> frozenset[Seat]:
        return frozenset() if state.decision == "over" else frozenset({state.current})

    def pending(self, state: DuelState, seat: Seat) -> Pending | None:
        decision = deciding(state, seat)
        return None if decision is None else Pending(seat=seat, kind=decision.kind, params=decision.params(state))

    def legal_moves(self, state: DuelState, seat: Seat) -> list[Move]:
        decision = deciding(state, seat)
        return [] if decision is None else decision.options(state, seat)

    def decision_actions(self, state: DuelState, seat: Seat) -> tuple[str, ...]:
        decision = deciding(state, seat)
        return () if decision is None else tuple(decision.actions)

    def options_for(self, state: DuelState, seat: Seat) -> list[OptionView]:
        """The decision's options, with their prices for a turn (card by card: build, each wonder, discard)."""
        decision = deciding(state, seat)
        return [] if decision is None else decision.menu(state, seat)

    def parse_move(self, text: str) -> Move:
        move = Move.parse(text)
        kinds = ARITY.get(move.action)
        if kinds is None:
            raise IllegalMove("error.unknown_action", action=move.action)
        if len(move.args) != len(kinds):
            raise IllegalMove("error.move_arity", action=move.action, expected=len(kinds))
        for kind, arg in zip(kinds, move.args):
            if arg not in ARGUMENTS[kind].ids:
                raise IllegalMove(ARGUMENTS[kind].unknown, name=arg)
        return move

    def read_record_move(self, state: DuelState, seat: Seat, text: str) -> Move:
        """Notation, or a structure slot number for a card and the compact log notation (``rules.duel.notation``)."""
        return self.parse_move(record_notation(state, text))

    def apply(self, state: DuelState, seat: Seat, move: Move, *, inplace: bool = False
              ) -> tuple[DuelState, list[Event]]:
        """``inplace``: play on ``state`` itself and return it (``apply_inplace``); otherwise on a copy."""
        if state.decision == "over":
            raise IllegalMove("error.game_over")
        if seat not in (0, 1):
            raise IllegalMove("error.not_a_player")
        if seat != state.current:
            raise IllegalMove("error.not_your_turn")
        if not _well_formed(move):
            move = self.parse_move(move.notation)
        decision = DECISIONS[state.queue[0].kind if state.queue else state.decision]
        action = decision.actions.get(move.action)
        if action is None:
            raise IllegalMove("duel.error.wrong_decision", expected=decision.kind)
        new = state if inplace else state.clone()
        events: list[Event] = []
        action.play(new, seat, move.args, events)
        new.ply += 1
        return new, events

    def apply_inplace(self, state: DuelState, seat: Seat, move: Move) -> tuple[DuelState, list[Event]]:
        return self.apply(state, seat, move, inplace=True)

    # --- information -----------------------------------------------------------------------------------------
    def view(self, state: DuelState, seat: Seat | None) -> DuelView:
        kind = "over" if state.decision == "over" else pending_kind(state)
        options = self.options_for(state, seat) if seat is not None else []
        return build_view(state, seat, kind, options)

    def determinize(self, state: DuelState, seat: Seat | None, rng: random.Random) -> DuelState:
        return determinize(state, seat, rng)

    def heuristic(self, state: DuelState, seat: Seat) -> float:
        return strategy.standing(state, seat)

    def evaluations(self, state: DuelState) -> list[float]:
        return strategy.standings(state)

    def outcome(self, state: DuelState) -> Outcome:
        return outcome(state)

    def coins(self, state: DuelState) -> dict[Seat, int]:
        return {seat: player.coins for seat, player in enumerate(state.seats)}

    def check_invariants(self, state: DuelState) -> list[str]:
        return _invariants(state)


def _well_formed(move: Move) -> bool:
    """A move exactly as ``parse_move`` would read it back (the moves of ``legal_moves`` are): its action exists
    and each argument is a known id of its kind. Anything else is read through ``parse_move``, which refuses it or
    writes it the one way."""
    kinds = ARITY.get(move.action)
    if kinds is None or len(move.args) != len(kinds):
        return False
    for kind, arg in zip(kinds, move.args):
        if arg not in ARGUMENTS[kind].ids:
            return False
    return True


# --- invariants, for self-play ----------------------------------------------------------------------------------


CARDS_IN_PLAY = 3 * 20
WONDERS_IN_PLAY = 8
_ALL_TOKENS = sorted(TOKENS)
_CARD_IDS = frozenset(CARDS)
_WONDER_IDS = frozenset(WONDERS)


def _invariants(state: DuelState) -> list[str]:
    errors: list[str] = []
    for s, p in enumerate(state.seats):
        if p.coins < 0:
            errors.append(f"seat {s} has {p.coins} coins")
        if not set(p.built) <= set(p.wonders):
            errors.append(f"seat {s} built wonders it does not own")
    if not -9 <= state.pawn <= 9:
        errors.append(f"pawn at {state.pawn}")
    # Dealt cards never leave the game (the structure, the decks, cities, under wonders, the discard pile), so fewer
    # than 60 means a card was lost. More is only seen in states that tests build by hand.
    cards = state.cards_in_play()
    distinct = set(cards)
    if len(cards) < CARDS_IN_PLAY or len(distinct) != len(cards) or not distinct <= _CARD_IDS:
        extra = sorted((Counter(cards) - Counter(distinct)).elements())
        errors.append(f"cards not conserved: {len(cards)} in play, duplicated {extra}")
    wonders = state.wonders_in_play()
    distinct = set(wonders)
    if len(wonders) < WONDERS_IN_PLAY or len(distinct) != len(wonders) or not distinct <= _WONDER_IDS:
        errors.append("wonders not conserved")
    built = sum(len(p.built) for p in state.seats)
    if built > MAX_WONDERS_BUILT:
        errors.append(f"{built} wonders built")
    tokens = state.board_tokens + state.box_tokens + state.library_offer + state.returned_tokens
    for p in state.seats:
        tokens += p.tokens
    if sorted(tokens) != _ALL_TOKENS:
        errors.append("progress tokens not conserved")
    if (state.decision == "over") != bool(state.winners):
        errors.append("a finished game needs winners, an unfinished one none")
    return errors
