"""Anno 1800 (Martin Wallace, KOSMOS 2020), base game, 2 to 4 players, as a ``rules.contract.Game``.

The game is sequential: only the current player decides, through the chain of small decisions of the table in
``decisions`` (the notation of every move is there). Payments are enumerated exactly by ``payment``. Events are
listed in ``events``; the view is built by ``view``; the score pad by ``scoring``.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from rules.anno1800.build import LEVELS
from rules.anno1800.context import Ctx
from rules.anno1800.data import BUILDINGS, CARDS, RESOURCES, TIERS
from rules.anno1800.decisions import ARITIES, DECISIONS, options, pending_kind, play, settle
from rules.anno1800.hidden import determinize
from rules.anno1800.invariants import invariants
from rules.anno1800.islands import field_index
from rules.anno1800.payment import LETTER_ORDER
from rules.anno1800.people import idle_festival
from rules.anno1800.scoring import outcome
from rules.anno1800.setup import check_layout, initial_state, random_layout
from rules.anno1800.options import AnnoLayout, AnnoOptions
from rules.anno1800.state import AnnoState
from rules.anno1800.strategy import LOOKAHEAD, standing, standings
from rules.anno1800.view import AnnoView, build_view
from rules.contract import Event, Game, IllegalMove, Move, Outcome, Pending, Seat, remembered_parser
from rules.rng import new_seed

_IDS: dict[str, Any] = {"card": CARDS, "building": BUILDINGS, "tier": TIERS, "resource": RESOURCES}


def _check_arg(kind: str, arg: str) -> None:
    if kind in _IDS:
        if arg not in _IDS[kind]:
            raise IllegalMove(f"anno1800.error.unknown_{kind}", name=arg)
    elif kind in ("count", "seats") and not arg.isdigit():
        raise IllegalMove("anno1800.error.not_a_number", value=arg)
    elif kind == "code" and not (arg == "0" or all(c in LETTER_ORDER for c in arg)):
        raise IllegalMove("anno1800.error.bad_plan", plan=arg, units=None)


def _check_syntax(move: Move) -> None:
    arities = ARITIES.get(move.action)
    if arities is None:
        raise IllegalMove("error.unknown_action", action=move.action)
    kinds = next((k for k in arities if len(k) == len(move.args)), None)
    if kinds is None:
        raise IllegalMove("error.move_arity", action=move.action, expected=sorted(len(k) for k in arities)[-1])
    for kind, arg in zip(kinds, move.args):
        _check_arg(kind, arg)


_parse_move = remembered_parser(_check_syntax)


class AnnoGame(Game[AnnoState, AnnoOptions]):
    name = "anno1800"
    min_players = 2
    max_players = 4
    State = AnnoState
    Options = AnnoOptions
    Layout = AnnoLayout
    # A turn is a chain of small choices, many of them rated alike one step ahead (the industries a build could
    # place, the fields it could cover): the search settles those ties, and follows the one-step rating elsewhere
    # until its own tries outweigh it. Against a greedy player, 2 players, 100 iterations a decision, deals 100-103
    # (8 games): 3 tries (the default) 0 won of the first 5 played, all finished; 30 tries 0 of 4 (deals 100-101,
    # with the one-step player's weights); 300 tries 5 won, 3 lost; 1 000 tries 5 won, 3 lost.
    search_prior = 300.0

    # --- setup -----------------------------------------------------------------------------------------------
    def random_layout(self, players: int, options: AnnoOptions, seed: int) -> AnnoLayout:
        self.check_players(players)
        return random_layout(players, self.options(options), seed)

    def setup(
        self,
        players: int = 2,
        options: AnnoOptions | dict[str, Any] | None = None,
        *,
        seed: int | None = None,
        layout: BaseModel | dict[str, Any] | None = None,
    ) -> AnnoState:
        self.check_players(players)
        opts = self.options(options)
        if opts.first_player != "random" and int(opts.first_player) >= players:
            raise IllegalMove("error.bad_option_value", option="first_player", value=opts.first_player)
        if layout is None:
            seed = new_seed() if seed is None else seed
            lay = random_layout(players, opts, seed)
        else:
            lay = AnnoLayout.model_validate(layout if isinstance(layout, dict) else layout.model_dump())
            check_layout(players, lay, opts)
        return initial_state(players, opts, lay, seed)

    # --- decisions -------------------------------------------------------------------------------------------
    def active_seats(self, state: AnnoState) -> frozenset[Seat]:
        return frozenset() if state.over else frozenset({state.current})

    def pending(self, state: AnnoState, seat: Seat) -> Pending | None:
        if state.over or seat != state.current:
            return None
        kind = pending_kind(state)
        return Pending(seat=seat, kind=kind, params=DECISIONS[kind].params(Ctx(state, seat)))

    def legal_moves(self, state: AnnoState, seat: Seat) -> list[Move]:
        if state.over or seat != state.current:
            return []
        return options(Ctx(state, seat), DECISIONS[pending_kind(state)])

    def considered_moves(self, state: AnnoState, seat: Seat) -> list[Move]:
        """The legal moves less those that only put off the game. Two computer players with nothing better to do
        would otherwise repeat them turn after turn, and the game ends only when someone empties a hand:

        - a festival that would bring nothing back (``idle_festival``);
        - going back from the deepest fields a second time (a player for whom every field is worse than not building
          would go round the field choice for ever, and at the end of a lost game every field is);
        - taking a built token back during a build: the new building may cover it, which returns it just the same,
          so taking it back otherwise only loses it (greedy players took a free token back and built it again on its
          field, deal 103, until the arena's 10 000 moves);
        - covering a token with the same building, which changes nothing but the turn.
        """
        moves = self.legal_moves(state, seat)
        if len(moves) > 1:
            steps = state.turn.steps
            moves = [m for m in moves if m.action != "remove" or m.args] or moves  # once opened, any token
            if steps and steps[-1].kind in LEVELS:  # where the building goes
                player, building = state.seats[seat], steps[-1].item
                moves = [m for m in moves if m.action != "field"
                         or player.buildings[field_index(player, m.args[0])] != building] or moves
            if idle_festival(state.seats[seat]):
                moves = [m for m in moves if m.action != "festival"] or moves
            if steps and steps[-1].kind == "last" and steps[-1].count:
                moves = [m for m in moves if m.action != "back"] or moves
        return moves

    def decision_actions(self, state: AnnoState, seat: Seat) -> tuple[str, ...]:
        if state.over or seat != state.current:
            return ()
        return tuple(dict.fromkeys(a.name for a in DECISIONS[pending_kind(state)].actions))

    def parse_move(self, text: str) -> Move:
        return _parse_move(text)

    def apply(self, state: AnnoState, seat: Seat, move: Move, *, inplace: bool = False
              ) -> tuple[AnnoState, list[Event]]:
        """``inplace``: play on ``state`` itself and return it (``apply_inplace``); otherwise on a copy. Either way
        the move is checked before anything changes (no effect refuses once its check passed), so a refusal leaves
        ``state`` as it was."""
        new, events, _menu = self._apply(state, seat, move, inplace, False)
        return new, events

    def apply_inplace(self, state: AnnoState, seat: Seat, move: Move) -> tuple[AnnoState, list[Event]]:
        new, events, _menu = self._apply(state, seat, move, True, False)
        return new, events

    def apply_inplace_listing(self, state: AnnoState, seat: Seat, move: Move
                              ) -> tuple[AnnoState, list[Event], tuple[Seat, list[Move]] | None]:
        """The menu after the move is the one ``settle`` lists to see whether the decision is forced, worked out
        in the market the move left: self-play no longer lists it twice, nor fetches the market again for it (20
        games of 4 players, seeds 1-20: 3.09 s of processor time before, 2.88 s after, three runs each)."""
        new, events, menu = self._apply(state, seat, move, True, True)
        return new, events, None if new.over or menu is None else (new.current, menu)

    def _apply(self, state: AnnoState, seat: Seat, move: Move, inplace: bool, listing: bool
               ) -> tuple[AnnoState, list[Event], list[Move] | None]:
        if state.over:
            raise IllegalMove("error.game_over")
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            raise IllegalMove("error.not_a_player")
        if seat != state.current:
            raise IllegalMove("error.not_your_turn")
        move = _parse_move(move.notation)
        new = state if inplace else state.clone()
        events: list[Event] = []
        ctx = Ctx(new, seat)
        play(ctx, move, events)
        menu = settle(ctx, events, listing=listing)
        new.ply += 1
        return new, events, menu

    # --- information -----------------------------------------------------------------------------------------
    def view(self, state: AnnoState, seat: Seat | None) -> AnnoView:
        if seat is not None and not 0 <= seat < state.players:
            seat = None
        return build_view(state, seat)

    def determinize(self, state: AnnoState, seat: Seat | None, rng: random.Random) -> AnnoState:
        return determinize(state, seat, rng)

    def heuristic(self, state: AnnoState, seat: Seat) -> float:
        return standing(state, seat)

    def evaluation(self, state: AnnoState, seat: Seat) -> float:
        return standing(state, seat, LOOKAHEAD)

    def evaluations(self, state: AnnoState) -> list[float]:
        return standings(state, LOOKAHEAD)

    def search_playout(self, state: AnnoState) -> int:
        """At 4 players no random plies: the search rates the position its tree reaches as it stands. The rating
        already looks ahead (what the hand and the workers promise), and a few random small choices of a long turn (a
        field here, a token there) blur it more than they tell. Against greedy players, 4 players, 1 s a decision, 2
        workers, 8 plies / none: deals 100-101 (8 games) 5 / 6 won, 81.38 / 99.12 points a game; deals 102-105 (16
        games) 5 / 6 won, 112.31 / 108.06 points a game. At 2 and 3 players the default's plies, which won 5 of 6 games
        there; a run without them at 2 players (4 games) had not ended after 21 minutes, so the change is unmeasured
        there."""
        return 0 if state.players >= 4 else super().search_playout(state)

    def outcome(self, state: AnnoState) -> Outcome:
        return outcome(state)

    def coins(self, state: AnnoState) -> dict[Seat, int]:
        return {seat: p.gold for seat, p in enumerate(state.seats)}

    def check_invariants(self, state: AnnoState) -> list[str]:
        return invariants(state)
