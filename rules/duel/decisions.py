"""The decisions of 7 Wonders Duel, one record each (the table of ``rules.duel.game``'s docstring, made executable).

A record lists the actions its decision accepts, each with the kinds of its arguments (keys of ``ARGUMENTS``) and
the handler that plays it on a fresh copy of the state; its menu (``options``); its prompt's parameters; and, for a
turn, the menu with prices. ``game`` reads nothing else for ``pending``, ``legal_moves``, ``decision_actions``,
``options_for``, ``parse_move`` and ``apply``. The decision of the moment is the first follow-up of the turn
(``DuelState.queue``), else ``DuelState.decision``; ``deciding`` is the one place that says whether a seat decides.

A handler refuses what its menu does not list by asking the same facts (the accessible cards, the offers, the
opponent's ``destroyable`` cards, the discard pile), each refusal naming the one that failed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Collection, Mapping, NamedTuple

from rules.contract import Event, IllegalMove, Move, Seat
from rules.duel import effects
from rules.duel.data import CARDS, MAX_WONDERS_BUILT, TOKENS, WONDERS
from rules.duel.economy import Market, discard_value
from rules.duel.setup import DRAFT_BATCH
from rules.duel.state import DuelState
from rules.duel.view import OptionView

# Who picks each of the 8 draft picks: 0 = the first player (A), 1 = the second (B). Picks 3 and 7 are dealt.
DRAFT_ORDER = (0, 1, 1, 0, 1, 0, 0, 1)

Handler = Callable[[DuelState, int, tuple[str, ...], list[Event]], None]


class Argument(NamedTuple):
    """A kind of move argument: the ids it may be, and the refusal of any other."""

    ids: Collection[str]
    unknown: str


ARGUMENTS: dict[str, Argument] = {
    "wonder": Argument(WONDERS, "duel.error.unknown_wonder"),
    "card": Argument(CARDS, "duel.error.unknown_card"),
    "token": Argument(TOKENS, "duel.error.unknown_token"),
    "who": Argument(("me", "opponent"), "duel.error.unknown_who"),
}


@dataclass(frozen=True)
class Action:
    args: tuple[str, ...]  # the kind of each argument (a key of ``ARGUMENTS``)
    play: Handler  # plays the move on the fresh copy of the state; IllegalMove when the rules refuse it


def _no_params(state: DuelState) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class Decision:
    kind: str
    actions: Mapping[str, Action]  # the moves this decision accepts
    options: Callable[[DuelState, Seat], list[Move]]  # its menu
    params: Callable[[DuelState], dict[str, Any]] = _no_params  # for the prompt
    priced: Callable[[DuelState, Seat], list[OptionView]] | None = None  # the menu with prices (None: plain)

    def menu(self, state: DuelState, seat: Seat) -> list[OptionView]:
        if self.priced is not None:
            return self.priced(state, seat)
        return [OptionView(move=m.notation, action=m.action, **option_ids(m))  # type: ignore[arg-type]  # ids: str
                for m in self.options(state, seat)]


def pending_kind(state: DuelState) -> str:
    return state.queue[0].kind if state.queue else state.decision


def deciding(state: DuelState, seat: Seat) -> Decision | None:
    """The decision ``seat`` makes now, or None (not its turn, or the game is over)."""
    if state.decision == "over" or seat != state.current:
        return None
    return DECISIONS[pending_kind(state)]


def option_ids(move: Move) -> dict[str, str]:
    """The card, wonder and token a move names, by kind."""
    return {k: a for k, a in zip(ARITY[move.action], move.args) if k in ("card", "wonder", "token")}


# --- the turn: its options with their prices, as moves or as the menu ----------------------------------------


class TurnOption(NamedTuple):
    """One option of a turn with what it costs (a NamedTuple: ``legal_moves`` builds them by the thousand)."""

    action: str  # build | wonder | discard
    card: str
    wonder: str | None = None
    cost: int = 0
    trade: int = 0
    chain: bool = False
    gain: int = 0

    def move(self) -> Move:
        return Move(self.action, (self.card,) if self.wonder is None else (self.wonder, self.card))


def turn_options(state: DuelState, seat: Seat) -> list[TurnOption]:
    """The turn's options with their prices, card by card: build, each wonder, discard."""
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
    out: list[TurnOption] = []
    for slot in effects.accessible(state):
        cid = state.slots[slot]
        assert cid is not None
        price = market.card(CARDS[cid])
        if price.total <= player.coins:
            out.append(TurnOption("build", cid, None, price.total, price.trade, price.chain))
        out += [TurnOption("wonder", cid, w, wp.total, wp.trade) for w, wp in wonder_prices.items()]
        out.append(TurnOption("discard", cid, gain=income))
    return out


# Every move of a turn, made once: ``legal_moves`` hands out these shared, immutable moves.
_BUILD = {c: Move("build", (c,)) for c in CARDS}
_DISCARD = {c: Move("discard", (c,)) for c in CARDS}
_WONDER = {(w, c): Move("wonder", (w, c)) for w in WONDERS for c in CARDS}


def _turn_moves(state: DuelState, seat: Seat) -> list[Move]:
    """``turn_options`` as moves only (the fast path of ``legal_moves``), in the same order."""
    market = Market(state, seat)
    player = state.seats[seat]
    coins = player.coins
    wonders: list[str] = []
    if sum(len(p.built) for p in state.seats) < MAX_WONDERS_BUILT:
        built = player.built
        wonders = [w for w in player.wonders if w not in built and market.wonder(w).total <= coins]
    out: list[Move] = []
    slots = state.slots
    for slot in effects.accessible(state):
        cid = slots[slot]
        assert cid is not None
        if market.card(CARDS[cid]).total <= coins:
            out.append(_BUILD[cid])
        for w in wonders:
            out.append(_WONDER[w, cid])
        out.append(_DISCARD[cid])
    return out


def turn_menu(state: DuelState, seat: Seat) -> list[OptionView]:
    out = []
    for o in turn_options(state, seat):
        move = o.move().notation
        if o.action == "build":
            out.append(OptionView(move=move, action="build", card=o.card, cost=o.cost, trade=o.trade, chain=o.chain))
        elif o.action == "wonder":
            out.append(OptionView(move=move, action="wonder", card=o.card, wonder=o.wonder, cost=o.cost,
                                  trade=o.trade))
        else:
            out.append(OptionView(move=move, action="discard", card=o.card, gain=o.gain))
    return out


def _find(state: DuelState, card_id: str) -> int:
    """The slot of an accessible card; the same answer for any card that cannot be taken (even a face-down one)."""
    for slot in effects.accessible(state):
        if state.slots[slot] == card_id:
            return slot
    raise IllegalMove("duel.error.card_not_accessible", card=card_id)


def _take(state: DuelState, slot: int) -> None:
    state.slots[slot] = None
    state.last_taker = state.current


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


# --- the wonder draft and who begins an age -------------------------------------------------------------------


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


def _start(state: DuelState, seat: int, args: tuple[str, ...], events: list[Event]) -> None:
    effects.begin_age(state, seat if args[0] == "me" else 1 - seat, events)


# --- follow-ups: each handler takes its entry off the queue -----------------------------------------------------


def _board_token(state: DuelState, seat: int, args: tuple[str, ...], events: list[Event]) -> None:
    (token,) = args
    if token not in state.board_tokens:
        raise IllegalMove("duel.error.token_not_offered", token=token)
    state.board_tokens.remove(token)
    _take_token(state, seat, token, events, hidden=False)


def _library_token(state: DuelState, seat: int, args: tuple[str, ...], events: list[Event]) -> None:
    (token,) = args
    if token not in state.library_offer:
        raise IllegalMove("duel.error.token_not_offered", token=token)
    state.returned_tokens.extend(t for t in state.library_offer if t != token)
    state.library_offer = []
    _take_token(state, seat, token, events, hidden=True)


def _take_token(state: DuelState, seat: int, token: str, events: list[Event], *, hidden: bool) -> None:
    state.queue = state.queue[1:]
    effects.take_token(state, seat, token, events, hidden=hidden)
    effects.finish_turn(state, events)


def _destroy_options(state: DuelState, seat: Seat) -> list[Move]:
    return [Move("destroy", (c,)) for c in effects.destroyable(state, seat, state.queue[0].colour or "")]


def _destroy(state: DuelState, seat: int, args: tuple[str, ...], events: list[Event]) -> None:
    (cid,) = args
    colour = state.queue[0].colour or ""
    if cid not in effects.destroyable(state, seat, colour):
        raise IllegalMove("duel.error.cannot_destroy", card=cid, colour=colour)
    state.seats[1 - seat].city.remove(cid)
    state.discard.append(cid)
    state.queue = state.queue[1:]
    events.append(Event("card_destroyed", {"card": cid}, seat=1 - seat))
    effects.finish_turn(state, events)


def _revive(state: DuelState, seat: int, args: tuple[str, ...], events: list[Event]) -> None:
    (cid,) = args
    if cid not in state.discard:
        raise IllegalMove("duel.error.not_in_discard", card=cid)
    state.discard.remove(cid)
    state.queue = state.queue[1:]
    events.append(Event("card_revived", {"card": cid}, seat=seat))
    effects.construct(state, seat, cid, events, chain=False)
    effects.finish_turn(state, events)


# --- the table --------------------------------------------------------------------------------------------------


def _listed(action: str, ids: Callable[[DuelState], list[str]]) -> Callable[[DuelState, Seat], list[Move]]:
    """A menu of one move per id of a list of the state (the offer, the board's tokens, the discard pile...)."""
    return lambda state, seat: [Move(action, (i,)) for i in ids(state)]


_START = [Move("start", ("me",)), Move("start", ("opponent",))]

DECISIONS: dict[str, Decision] = {
    "draft": Decision("draft", actions={"draft": Action(("wonder",), _draft)},
                      options=_listed("draft", lambda state: state.offer),
                      params=lambda state: {"round": 1 if state.picks < DRAFT_BATCH else 2}),
    "turn": Decision("turn", actions={"build": Action(("card",), _build), "discard": Action(("card",), _discard),
                                      "wonder": Action(("wonder", "card"), _wonder)},
                     options=_turn_moves, priced=turn_menu),
    "token": Decision("token", actions={"token": Action(("token",), _board_token)},
                      options=_listed("token", lambda state: state.board_tokens)),
    "library": Decision("library", actions={"token": Action(("token",), _library_token)},
                        options=_listed("token", lambda state: state.library_offer)),
    "destroy": Decision("destroy", actions={"destroy": Action(("card",), _destroy)}, options=_destroy_options,
                        params=lambda state: {"colour": state.queue[0].colour}),
    "mausoleum": Decision("mausoleum", actions={"revive": Action(("card",), _revive)},
                          options=_listed("revive", lambda state: state.discard)),
    "starter": Decision("starter", actions={"start": Action(("who",), _start)},
                        options=lambda state, seat: list(_START), params=lambda state: {"age": state.age}),
}

# The argument kinds of every action, whichever decision accepts it (``token`` is accepted by two, alike).
ARITY: dict[str, tuple[str, ...]] = {a: spec.args for d in DECISIONS.values() for a, spec in d.actions.items()}
assert all(ARITY[a] == spec.args for d in DECISIONS.values() for a, spec in d.actions.items())
