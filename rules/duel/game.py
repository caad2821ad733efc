"""7 Wonders Duel as a ``rules.contract.Game``.

Decisions (``pending(...).kind``) and their moves:

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

from collections import Counter
from typing import Any, Callable

from pydantic import BaseModel

from rules.contract import Event, Game, IllegalMove, Move, Outcome, Pending, Seat
from rules.duel import effects
from rules.duel.data import CARDS, MAX_WONDERS_BUILT, TOKENS, WONDERS
from rules.duel.economy import Market, discard_value
from rules.duel.scoring import outcome
from rules.duel.setup import DRAFT_BATCH, check_layout, initial_state, random_layout
from rules.duel.state import DuelLayout, DuelOptions, DuelState
from rules.duel.view import DuelView, OptionView, build_view
from rules.rng import new_seed

# Who picks each of the 8 draft picks: 0 = the first player (A), 1 = the second (B). Picks 3 and 7 are dealt.
DRAFT_ORDER = (0, 1, 1, 0, 1, 0, 0, 1)

# The arguments each action takes, by kind of id.
_ARITY: dict[str, tuple[str, ...]] = {
    "draft": ("wonder",),
    "build": ("card",),
    "discard": ("card",),
    "wonder": ("wonder", "card"),
    "token": ("token",),
    "destroy": ("card",),
    "revive": ("card",),
    "start": ("who",),
}
_IDS: dict[str, Any] = {"wonder": WONDERS, "card": CARDS, "token": TOKENS, "who": {"me": 0, "opponent": 1}}
_ACTIONS: dict[str, tuple[str, ...]] = {
    "draft": ("draft",),
    "turn": ("build", "discard", "wonder"),
    "token": ("token",),
    "library": ("token",),
    "destroy": ("destroy",),
    "mausoleum": ("revive",),
    "starter": ("start",),
}


def pending_kind(state: DuelState) -> str:
    return state.queue[0].split(":")[0] if state.queue else state.decision


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

    # --- decisions -------------------------------------------------------------------------------------------
    def active_seats(self, state: DuelState) -> frozenset[Seat]:
        return frozenset() if state.decision == "over" else frozenset({state.current})

    def pending(self, state: DuelState, seat: Seat) -> Pending | None:
        if state.decision == "over" or seat != state.current:
            return None
        kind = pending_kind(state)
        params: dict[str, Any] = {}
        if kind == "destroy":
            params["colour"] = state.queue[0].split(":")[1]
        elif kind == "starter":
            params["age"] = state.age
        elif kind == "draft":
            params["round"] = 1 if state.picks < DRAFT_BATCH else 2
        return Pending(seat=seat, kind=kind, params=params)

    def legal_moves(self, state: DuelState, seat: Seat) -> list[Move]:
        return self._moves(state, seat)

    def _moves(self, state: DuelState, seat: Seat) -> list[Move]:
        if state.decision == "over" or seat != state.current:
            return []
        kind = pending_kind(state)
        if kind == "turn":
            return [Move(o.action, _option_args(o)) for o in self.options_for(state, seat)]
        if kind == "draft":
            return [Move("draft", (w,)) for w in state.offer]
        if kind == "token":
            return [Move("token", (t,)) for t in state.board_tokens]
        if kind == "library":
            return [Move("token", (t,)) for t in state.library_offer]
        if kind == "destroy":
            colour = state.queue[0].split(":")[1]
            return [Move("destroy", (c,)) for c in state.seats[1 - seat].city if CARDS[c].colour == colour]
        if kind == "mausoleum":
            return [Move("revive", (c,)) for c in state.discard]
        if kind == "starter":
            return [Move("start", ("me",)), Move("start", ("opponent",))]
        return []

    def options_for(self, state: DuelState, seat: Seat) -> list[OptionView]:
        """The turn's options with their prices, card by card: build, each wonder, discard."""
        if state.decision != "turn" or state.queue or seat != state.current:
            return [
                OptionView(move=m.notation, action=m.action, **_option_ids(m)) for m in self._moves(state, seat)
            ]
        market = Market(state, seat)
        player = state.seats[seat]
        wonder_prices = {}
        if sum(len(p.built) for p in state.seats) < MAX_WONDERS_BUILT:
            for w in player.wonders:
                if w not in player.built:
                    price = market.wonder(w)
                    if price.total <= player.coins:
                        wonder_prices[w] = price
        income = discard_value(player)
        out: list[OptionView] = []
        for slot in effects.accessible(state):
            cid = state.slots[slot]
            assert cid is not None
            price = market.card(CARDS[cid])
            if price.total <= player.coins:
                out.append(
                    OptionView(move=f"build:{cid}", action="build", card=cid, cost=price.total, trade=price.trade,
                               chain=price.chain)
                )
            for w, wp in wonder_prices.items():
                out.append(
                    OptionView(move=f"wonder:{w}:{cid}", action="wonder", card=cid, wonder=w, cost=wp.total,
                               trade=wp.trade)
                )
            out.append(OptionView(move=f"discard:{cid}", action="discard", card=cid, gain=income))
        return out

    def parse_move(self, text: str) -> Move:
        move = Move.parse(text)
        kinds = _ARITY.get(move.action)
        if kinds is None:
            raise IllegalMove("error.unknown_action", action=move.action)
        if len(move.args) != len(kinds):
            raise IllegalMove("error.move_arity", action=move.action, expected=len(kinds))
        for kind, arg in zip(kinds, move.args):
            if arg not in _IDS[kind]:
                raise IllegalMove(f"duel.error.unknown_{kind}", name=arg)
        return move

    def apply(self, state: DuelState, seat: Seat, move: Move) -> tuple[DuelState, list[Event]]:
        if state.decision == "over":
            raise IllegalMove("error.game_over")
        if seat not in (0, 1):
            raise IllegalMove("error.not_a_player")
        if seat != state.current:
            raise IllegalMove("error.not_your_turn")
        move = self.parse_move(move.notation)
        kind = pending_kind(state)
        if move.action not in _ACTIONS[kind]:
            raise IllegalMove("duel.error.wrong_decision", expected=kind)
        new = state.clone()
        events: list[Event] = []
        _HANDLERS[move.action](new, seat, move.args, events)
        new.ply += 1
        return new, events

    # --- information -----------------------------------------------------------------------------------------
    def view(self, state: DuelState, seat: Seat | None) -> DuelView:
        kind = "over" if state.decision == "over" else pending_kind(state)
        options = self.options_for(state, seat) if seat is not None else []
        return build_view(state, seat, kind, options)

    def outcome(self, state: DuelState) -> Outcome:
        return outcome(state)

    def check_invariants(self, state: DuelState) -> list[str]:
        return _invariants(state)


def _option_args(o: OptionView) -> tuple[str, ...]:
    return tuple(o.move.split(":")[1:])


def _option_ids(m: Move) -> dict[str, Any]:
    kinds = _ARITY[m.action]
    return {k: a for k, a in zip(kinds, m.args) if k in ("card", "wonder", "token")}


# --- move handlers: each mutates the fresh copy of the state ---------------------------------------------------


def _find(state: DuelState, card_id: str) -> int:
    """The slot of an accessible card; the same answer for any card that cannot be taken (even a face-down one)."""
    for slot in effects.accessible(state):
        if state.slots[slot] == card_id:
            return slot
    raise IllegalMove("duel.error.card_not_accessible", card=card_id)


def _take(state: DuelState, slot: int) -> None:
    state.slots[slot] = None
    state.last_taker = state.current


def _draft(state: DuelState, seat: int, args: tuple[str, ...], events: list[Event]) -> None:
    (wonder,) = args
    if wonder not in state.offer:
        raise IllegalMove("duel.error.wonder_not_offered", wonder=wonder)
    _give_wonder(state, seat, wonder, events)
    if len(state.offer) == 1:  # the last wonder of a round of four is dealt, not chosen
        role = DRAFT_ORDER[state.picks]
        _give_wonder(state, state.first_player if role == 0 else 1 - state.first_player, state.offer[0], events)
    if state.picks == 2 * DRAFT_BATCH:
        effects.start_age(state, 1, events)
        state.decision = "turn"
        state.current = state.first_player
        events.append(Event("age_starter", {"age": 1}, seat=state.first_player))
        return
    if not state.offer:
        state.offer = state.wonder_deck[:DRAFT_BATCH]
        del state.wonder_deck[:DRAFT_BATCH]
        events.append(Event("wonders_revealed", {"wonders": list(state.offer)}, reveals=True))
    role = DRAFT_ORDER[state.picks]
    state.current = state.first_player if role == 0 else 1 - state.first_player


def _give_wonder(state: DuelState, seat: int, wonder: str, events: list[Event]) -> None:
    state.offer.remove(wonder)
    state.seats[seat].wonders.append(wonder)
    state.picks += 1
    events.append(Event("wonder_taken", {"wonder": wonder}, seat=seat))


def _build(state: DuelState, seat: int, args: tuple[str, ...], events: list[Event]) -> None:
    (cid,) = args
    slot = _find(state, cid)
    price = Market(state, seat).card(CARDS[cid])
    if price.total > state.seats[seat].coins:
        raise IllegalMove("duel.error.cannot_afford", card=cid, cost=price.total, coins=state.seats[seat].coins)
    _take(state, slot)
    effects.pay(state, seat, price, events)
    events.append(Event("card_built", {"card": cid, "cost": price.total, "chain": price.chain}, seat=seat))
    effects.construct(state, seat, cid, events, chain=price.chain)
    effects.finish_turn(state, events)


def _discard(state: DuelState, seat: int, args: tuple[str, ...], events: list[Event]) -> None:
    (cid,) = args
    _take(state, _find(state, cid))
    amount = discard_value(state.seats[seat])
    state.seats[seat].coins += amount
    state.discard.append(cid)
    events.append(Event("card_discarded", {"card": cid, "amount": amount}, seat=seat))
    effects.finish_turn(state, events)


def _wonder(state: DuelState, seat: int, args: tuple[str, ...], events: list[Event]) -> None:
    wonder, cid = args
    slot = _find(state, cid)
    player = state.seats[seat]
    # The limit first: once 7 are built the eighth has left its owner's wonders, and "not your wonder" would be wrong.
    if sum(len(p.built) for p in state.seats) >= MAX_WONDERS_BUILT:
        raise IllegalMove("duel.error.wonder_limit")
    if wonder not in player.wonders:
        raise IllegalMove("duel.error.not_your_wonder", wonder=wonder)
    if wonder in player.built:
        raise IllegalMove("duel.error.wonder_already_built", wonder=wonder)
    price = Market(state, seat).wonder(wonder)
    if price.total > player.coins:
        raise IllegalMove("duel.error.cannot_afford_wonder", wonder=wonder, cost=price.total, coins=player.coins)
    _take(state, slot)
    effects.pay(state, seat, price, events)
    events.append(Event("wonder_built", {"wonder": wonder, "card": cid, "cost": price.total}, seat=seat))
    effects.build_wonder(state, seat, wonder, cid, events)
    effects.finish_turn(state, events)


def _token(state: DuelState, seat: int, args: tuple[str, ...], events: list[Event]) -> None:
    (token,) = args
    if pending_kind(state) == "library":
        if token not in state.library_offer:
            raise IllegalMove("duel.error.token_not_offered", token=token)
        state.returned_tokens.extend(t for t in state.library_offer if t != token)
        state.library_offer = []
    else:
        if token not in state.board_tokens:
            raise IllegalMove("duel.error.token_not_offered", token=token)
        state.board_tokens.remove(token)
    state.queue.pop(0)
    effects.take_token(state, seat, token, events)
    effects.finish_turn(state, events)


def _destroy(state: DuelState, seat: int, args: tuple[str, ...], events: list[Event]) -> None:
    (cid,) = args
    colour = state.queue[0].split(":")[1]
    opponent = state.seats[1 - seat]
    if cid not in opponent.city or CARDS[cid].colour != colour:
        raise IllegalMove("duel.error.cannot_destroy", card=cid, colour=colour)
    opponent.city.remove(cid)
    state.discard.append(cid)
    state.queue.pop(0)
    events.append(Event("card_destroyed", {"card": cid}, seat=1 - seat))
    effects.finish_turn(state, events)


def _revive(state: DuelState, seat: int, args: tuple[str, ...], events: list[Event]) -> None:
    (cid,) = args
    if cid not in state.discard:
        raise IllegalMove("duel.error.not_in_discard", card=cid)
    state.discard.remove(cid)
    state.queue.pop(0)
    events.append(Event("card_revived", {"card": cid}, seat=seat))
    effects.construct(state, seat, cid, events, chain=False)
    effects.finish_turn(state, events)


def _start(state: DuelState, seat: int, args: tuple[str, ...], events: list[Event]) -> None:
    effects.begin_age(state, seat if args[0] == "me" else 1 - seat, events)


_HANDLERS: dict[str, Callable[[DuelState, int, tuple[str, ...], list[Event]], None]] = {
    "draft": _draft,
    "build": _build,
    "discard": _discard,
    "wonder": _wonder,
    "token": _token,
    "destroy": _destroy,
    "revive": _revive,
    "start": _start,
}


# --- invariants, for self-play ----------------------------------------------------------------------------------


CARDS_IN_PLAY = 3 * 20
WONDERS_IN_PLAY = 8
_ALL_TOKENS = sorted(TOKENS)


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
    if len(cards) < CARDS_IN_PLAY or len(set(cards)) != len(cards) or not set(cards) <= set(CARDS):
        extra = sorted((Counter(cards) - Counter(set(cards))).elements())
        errors.append(f"cards not conserved: {len(cards)} in play, duplicated {extra}")
    wonders = state.wonders_in_play()
    if len(wonders) < WONDERS_IN_PLAY or len(set(wonders)) != len(wonders) or not set(wonders) <= set(WONDERS):
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
