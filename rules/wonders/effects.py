"""How a turn resolves, how an age and the game end.

A turn is simultaneous: every seat that must decide records its choice secretly (``Player.order``); when the last
one has chosen, the turn resolves in the end-of-turn order of Armada's reference card (B.10), everything validated
against the state at the start of the turn:

1. pay every cost (card coin costs, naval coin costs and commerce; coins received from sales are credited after
   every payment, so they cannot be spent this turn); the cards leave the hands (built, tucked, discarded);
2. move the ships of paid Naval Constructions;
3. apply the effects except coin losses (coins, free ship advances, island draws, invasions, ...), seat by seat in
   seat order; cards built this turn by neighbours count for Vineyard, Bazar and the like;
4. explorations (solo: 4 cards of the level, keep 1; group: the level's deck dealt out equally; keep 1);
5. builds from the discard pile (Halikarnassos), never with a Naval Construction;
6. coin losses: the highest tax of the turn (its triggerers exempt), then each pirate effect.

Decisions that can only be made after the reveal wait between the steps as follow-up decisions (simultaneous when
several seats face them): the island kept in an exploration, the ships of Frothy Harbor / Stormy Archipelago, the
card built from the discard pile (or none), Forgotten Harbor's opt-out at the end of an age, Babylon B's last card.
A free advance gained in step 3 or 4 that enters an Exploration space queues an exploration run at step 4 (or
right after, if already past it); its tax waits for step 6.

On the last regular turn of an age, the last card of each hand is discarded (no coins) just before step 5, so
Halikarnassos may take it (first-edition FAQ); a seat able to play it (Babylon B) keeps it and plays it as an
extra turn after everyone's last turn (AR159), with the full end-of-turn order. Then Land Conflicts (neighbour
pairs and invasion pairs, each pair once), the Naval Conflict (B.7), and the next age or the end of the game.

Events (``kind``: params; ``seat`` is the acting seat; private events name their audience):

=================  ==================================================================================================
age_started        {age, hand_size, direction: "left" | "right"}   reveals (hands dealt)
hand               {cards: [card...], age, turn}   private to the seat; reveals
hands_passed       {direction: "left" | "right", turn}   reveals (followed by one private ``hand`` per seat)
chose              {decision: pending kind}   a seat locked its choice (who, never what)
chosen             {move: notation}   private to the chooser
sides_revealed     {sides: ["a" | "b" per seat]}   reveals
turn_revealed      {age, turn, extra: bool}   reveals (every order of the turn becomes known)
card_built         {card, chain: bool, free: bool, bank: coins paid to the bank, ship: bool, discard_pile: bool}
stage_built        {stage: 1-based number, ship: bool, bank}   (never the card)
card_discarded     {ship: bool}   an action discard (never the card)
last_discarded     {}   the last card of the age, discarded without effect (never the card)
traded             {to: seat, coins, side: "left" | "right" | "far_left" | "far_right"}   the seat paid ``to``
ship_moved         {fleet: colour, to: position, paid: bool}
coins_gained       {amount, reason: "card" | "stage" | "discard" | "track" | "wondrous"}
coins_lost         {amount, reason: "tax" | "pirates"}   (the amount actually lost, 0 if nothing)
tax_levied         {value, by: [seats]}   the highest tax of the turn
pirates            {}   the seat's pirate effect (applied at step 6)
invasion           {target: seat}
island_drawn       {island, level}   reveals (an island deck's top card entered play)
island_kept        {island, level}   reveals
exploration        {level, explorers: [seats], cards: [count per explorer]}   reveals (no island named)
island_offer       {level, islands: [island...]}   private to the explorer; reveals
exploration_empty  {level}   the deck had no card for this explorer
advance_lost       {fleet}   a free advance of a ship already on position 6 (fleet None: every ship was)
revive_nothing     {}   Halikarnassos with nothing buildable in the discard pile
revive_declined    {}   Halikarnassos chose to build nothing (``revive:none``)   reveals
naval_choice       {in: bool}   Forgotten Harbor's revealed choice
land_conflict      {other: seat, shields: [own, other's], tokens: [own...], other_tokens: [...], invasion: bool}
naval_conflict     {age, strength: [per seat, None if out], tokens: [per seat, 0 if none]}
age_ended          {age}
game_over          {winners: [seats], totals: [per seat]}
=================  ==================================================================================================
"""

from __future__ import annotations

from functools import lru_cache

from rules.contract import Event
from rules.rng import next_generator
from rules.wonders.data import (
    BOARDS,
    CARDS,
    DISCARD_COINS,
    FLEETS,
    ISLANDS,
    LAND_DEFEAT,
    LAND_VICTORY,
    NAVAL_DEFEAT,
    NAVAL_REWARDS,
    NO_CARD,
    SOLO_DRAW,
    TOP,
    TRACKS,
    BLUE,
    GREEN,
    RED,
    YELLOW,
)
from rules.wonders.economy import construction_fleet, has_island, has_special, land_shields, revivable, stages_of
from rules.wonders.orders import Order, decode_notation
from rules.wonders.state import WondersState
from rules.wonders.trade import PARTNERS

EventList = list[Event]


def direction(age: int) -> str:
    return "right" if age == 2 else "left"


def private(kind: str, params: dict, seat: int, reveals: bool = False) -> Event:
    return Event(kind, params, seat=seat, visible_to=_only(seat), reveals=reveals)


@lru_cache(maxsize=None)
def _only(seat: int) -> frozenset[int]:
    """The audience of a private event (one set for each seat: events never change them)."""
    return frozenset({seat})


# --- facts used by effects ---------------------------------------------------------------------------------------


def commercial_level(state: WondersState, seat: int) -> int:
    return TRACKS.yellow_level[state.seats[seat].ships[YELLOW]] if state.options.armada else 0


def naval_strength(state: WondersState, seat: int) -> int:
    p = state.seats[seat]
    ships = p.ships
    total = TRACKS.red_naval[ships[RED]] + TRACKS.yellow_naval[ships[YELLOW]] + TRACKS.blue_naval[ships[BLUE]]
    total += sum(CARDS[c].naval for c in p.city)
    total += sum(ISLANDS[i].naval for i in p.islands)
    return total


def count(state: WondersState, seat: int, what: str) -> int:
    """Cards of a colour in a city, or ``stage``: its built stages."""
    p = state.seats[seat]
    if what == "stage":
        return len(p.stages)
    return sum(1 for c in p.city if CARDS[c].colour == what)


def play_last(state: WondersState, seat: int) -> bool:
    return has_special(state.seats[seat], "play_last")


# --- small effects -------------------------------------------------------------------------------------------------


def gain(state: WondersState, seat: int, amount: int, reason: str, events: EventList) -> None:
    if amount:
        state.seats[seat].coins += amount
        events.append(Event("coins_gained", {"amount": amount, "reason": reason}, seat=seat))


def lose(state: WondersState, seat: int, amount: int, reason: str, events: EventList) -> None:
    lost = min(amount, state.seats[seat].coins)
    state.seats[seat].coins -= lost
    events.append(Event("coins_lost", {"amount": lost, "reason": reason}, seat=seat))


def advance_ship(state: WondersState, seat: int, fleet: int, paid: bool, events: EventList) -> None:
    """One space up, with the benefits of the space entered (coins now, tax at step 6, exploration at step 4)."""
    p = state.seats[seat]
    if p.ships[fleet] >= TOP:
        events.append(Event("advance_lost", {"fleet": FLEETS[fleet]}, seat=seat))
        return
    p.ships[fleet] += 1
    pos = p.ships[fleet]
    events.append(Event("ship_moved", {"fleet": FLEETS[fleet], "to": pos, "paid": paid}, seat=seat))
    if fleet == YELLOW:
        gain(state, seat, TRACKS.yellow_coins[pos], "track", events)
        if TRACKS.yellow_tax[pos]:
            state.taxes.append([seat, TRACKS.yellow_tax[pos]])
    elif fleet == GREEN and TRACKS.green_explore[pos]:
        state.explore_queue.append([seat, TRACKS.green_explore[pos]])
    if has_island(p, "wondrous"):
        gain(state, seat, 1, "wondrous", events)


def gain_island(state: WondersState, seat: int, iid: str, events: EventList) -> None:
    """An island enters play in front of ``seat``: its immediate effects."""
    island = ISLANDS[iid]
    p = state.seats[seat]
    p.islands.append(iid)
    if island.advance is not None:
        advance_ship(state, seat, island.advance, False, events)
    if island.advance_different:
        eligible = [f for f in range(4) if p.ships[f] < TOP]
        if len(eligible) <= island.advance_different:
            for f in eligible:
                advance_ship(state, seat, f, False, events)
        else:
            p.waiting = "advance"
            p.advance_count = island.advance_different
    if island.pirates:
        state.pirates.append(seat)
        events.append(Event("pirates", {}, seat=seat))


def construct(state: WondersState, seat: int, cid: str, advance: int | None, events: EventList) -> None:
    """The effects of a structure just built (step 3, or step 5 from the discard pile)."""
    card = CARDS[cid]
    n = state.players
    gain(state, seat, card.gain, "card", events)
    if card.gain_per is not None:
        what, coins, scope = card.gain_per
        seats = (seat, state.left(seat), state.right(seat)) if scope == "all" else (seat,)
        gain(state, seat, coins * sum(count(state, s, what) for s in seats), "card", events)
    if card.invasion is not None:
        target = (seat - 2) % n if card.invasion == "right" else (seat + 2) % n
        state.invasions.append([seat, target])
        events.append(Event("invasion", {"target": target}, seat=seat))
    if card.pirates:
        state.pirates.append(seat)
        events.append(Event("pirates", {}, seat=seat))
    if card.island_draw:
        deck = state.island_decks[card.island_draw - 1]
        if deck:
            iid = deck.pop(0)
            events.append(Event("island_drawn", {"island": iid, "level": card.island_draw}, seat=seat, reveals=True))
            gain_island(state, seat, iid, events)
    if card.advance:
        if advance is None:
            events.append(Event("advance_lost", {"fleet": None}, seat=seat))
        else:
            advance_ship(state, seat, advance, False, events)


def build_stage(state: WondersState, seat: int, events: EventList) -> None:
    """The effects of the stage just built (step 3)."""
    p = state.seats[seat]
    stage = stages_of(p)[len(p.stages) - 1]
    gain(state, seat, stage.gain, "stage", events)
    if stage.special == "revive":
        state.revive_queue.append(seat)


# --- the turn ------------------------------------------------------------------------------------------------------


def start_age(state: WondersState, age: int, events: EventList) -> None:
    state.age = age
    state.turn = 1
    hands = state.decks.pop(0)
    size = len(hands) // state.players
    for s, p in enumerate(state.seats):
        p.hand = hands[s * size:(s + 1) * size]
        p.trail = []
        p.free_used = False
        p.naval_out = False
        p.waiting = "turn"
    events.append(Event("age_started", {"age": age, "hand_size": size, "direction": direction(age)}, reveals=True))
    _send_hands(state, events)


def _send_hands(state: WondersState, events: EventList) -> None:
    for s, p in enumerate(state.seats):
        events.append(private("hand", {"cards": list(p.hand), "age": state.age, "turn": state.turn}, s, True))


def resolve(state: WondersState, events: EventList) -> None:
    """Every waiting seat has chosen: carry out the decisions, then go on until someone must decide again."""
    kinds = {p.waiting for p in state.seats if p.waiting}
    if kinds & {"turn", "last"}:
        _resolve_turn(state, events)
    elif "side" in kinds:
        _resolve_sides(state, events)
    elif "naval" in kinds:
        for s, p in enumerate(state.seats):
            if p.waiting == "naval":
                p.naval_out = p.order == "naval:out"
                events.append(Event("naval_choice", {"in": not p.naval_out}, seat=s, reveals=True))
                p.waiting, p.order = "", ""
        _finish_age(state, events)
        return
    else:
        _resolve_follow_ups(state, events)
    proceed(state, events)


def _resolve_sides(state: WondersState, events: EventList) -> None:
    for p in state.seats:
        p.side = p.order.split(":")[1]
        p.waiting, p.order = "", ""
    events.append(Event("sides_revealed", {"sides": [p.side for p in state.seats]}, reveals=True))
    state.phase = "play"
    start_age(state, 1, events)
    state.step = 7  # nothing of a turn to finish


_NO_COINS = (0, 0, 0, 0)  # an order that buys nothing


def _resolve_turn(state: WondersState, events: EventList) -> None:
    orders: list[tuple[int, Order]] = []
    state.extra_turn = any(p.waiting == "last" for p in state.seats)
    for s, p in enumerate(state.seats):
        if p.waiting:
            orders.append((s, decode_notation(p.order)))
            p.waiting, p.order = "", ""
    events.append(Event("turn_revealed", {"age": state.age, "turn": state.turn, "extra": state.extra_turn},
                        reveals=True))
    n = state.players
    income = [0] * n
    # 1. pay, and place the cards
    for s, o in orders:
        p = state.seats[s]
        card = CARDS[o.card]
        bank = 0
        p.hand.remove(o.card)
        p.trail.append(f"{s}:{o.card if o.action not in ('build', 'free') else ''}")
        if o.action in ("build", "free"):
            chain = any(c in p.city for c in card.chain_from)
            if not chain and o.action == "build":
                bank = card.coins
            if o.ship:
                bank += BOARDS[p.shipyard].costs[FLEETS.index(card.colour)][p.ships[FLEETS.index(card.colour)]].coins
            if o.action == "free":
                p.free_used = True
            p.city.append(o.card)
            events.append(Event("card_built", {"card": o.card, "chain": chain and o.action == "build",
                                               "free": o.action == "free", "bank": bank, "ship": o.ship,
                                               "discard_pile": False}, seat=s))
        elif o.action == "stage":
            if o.ship and not has_island(p, "lost"):
                wonder_fleet = BOARDS[p.shipyard].wonder
                bank = BOARDS[p.shipyard].costs[wonder_fleet][p.ships[wonder_fleet]].coins
            p.stages.append(o.card)
            events.append(Event("stage_built", {"stage": len(p.stages), "ship": o.ship, "bank": bank}, seat=s))
        else:
            state.discard.append(o.card)
            events.append(Event("card_discarded", {"ship": o.ship}, seat=s))
        paid = bank + sum(o.coins)
        if paid:
            p.coins -= paid
        if o.coins != _NO_COINS:
            _trade(state, s, o.coins, income, events)
    for s, amount in enumerate(income):
        if amount:
            state.seats[s].coins += amount
    # 2. the ships of paid Naval Constructions
    for s, o in orders:
        if o.ship and o.action != "discard":
            advance_ship(state, s, construction_fleet(state.seats[s], o.action, o.card, o.track), True, events)
    # 3. effects, except coin losses
    for s, o in orders:
        if o.action in ("build", "free"):
            construct(state, s, o.card, o.advance, events)
        elif o.action == "stage":
            build_stage(state, s, events)
        elif o.ship:
            advance_ship(state, s, YELLOW, False, events)
        else:
            gain(state, s, DISCARD_COINS, "discard", events)
    state.step = 4


def _trade(state: WondersState, seat: int, coins: tuple[int, int, int, int], income: list[int],
           events: EventList) -> None:
    """``seat`` pays its partners ``coins`` (left, right, far left, far right): their ``income``, credited after
    every payment of the turn (B.10 step 1)."""
    n = state.players
    for side, to, amount in zip(PARTNERS, (state.left(seat), state.right(seat), (seat + 2) % n, (seat - 2) % n),
                                coins):
        if amount:
            income[to] += amount
            events.append(Event("traded", {"to": to, "coins": amount, "side": side}, seat=seat))


def _resolve_follow_ups(state: WondersState, events: EventList) -> None:
    """Island choices, ship choices and discard-pile builds, once every seat facing one has chosen."""
    touched: set[int] = set()
    kept: list[tuple[int, str]] = []
    for s, p in enumerate(state.seats):
        if not p.waiting:
            continue
        kind, order = p.waiting, p.order
        p.waiting, p.order = "", ""
        arg = order.split(":")[1]
        if kind == "island":
            level = ISLANDS[arg].level
            deck = state.island_decks[level - 1]
            deck.extend(i for i in p.offer if i != arg)
            p.offer = []
            touched.add(level)
            kept.append((s, arg))
        elif kind == "advance":
            p.advance_count = 0
            for colour in arg.split("_"):
                advance_ship(state, s, FLEETS.index(colour), False, events)
        elif kind == "revive" and arg == NO_CARD:
            events.append(Event("revive_declined", {}, seat=s, reveals=True))
        elif kind == "revive":
            parts = order.split(":")
            state.discard.remove(arg)
            p.city.append(arg)
            events.append(Event("card_built", {"card": arg, "chain": False, "free": True, "bank": 0, "ship": False,
                                               "discard_pile": True}, seat=s, reveals=True))
            adv = FLEETS.index(parts[2][4:]) if len(parts) > 2 else None
            construct(state, s, arg, adv, events)
    for level in sorted(touched):
        next_generator(state).shuffle(state.island_decks[level - 1])
    for s, iid in kept:
        events.append(Event("island_kept", {"island": iid, "level": ISLANDS[iid].level}, seat=s, reveals=True))
        gain_island(state, s, iid, events)


def _explore(state: WondersState, events: EventList) -> None:
    """One round of explorations (at most one per seat), level by level."""
    queue: list[list[int]] = []  # [seat, level], as in ``explore_queue``
    later: list[list[int]] = []
    seen: set[int] = set()
    for seat, level in state.explore_queue:
        (later if seat in seen else queue).append([seat, level])
        seen.add(seat)
    state.explore_queue = later
    auto: list[tuple[int, str]] = []
    for level in (1, 2, 3):
        explorers = sorted(s for s, lv in queue if lv == level)
        if not explorers:
            continue
        deck = state.island_decks[level - 1]
        shares: dict[int, list[str]] = {s: [] for s in explorers}
        if len(explorers) == 1:
            shares[explorers[0]] = deck[:SOLO_DRAW]
            del deck[:SOLO_DRAW]
        else:
            share = len(deck) // len(explorers)
            if share:
                for s in explorers:
                    shares[s] = deck[:share]
                    del deck[:share]
            else:
                for s in explorers:
                    if deck:
                        shares[s] = [deck.pop(0)]
        events.append(Event("exploration", {"level": level, "explorers": explorers,
                                            "cards": [len(shares[s]) for s in explorers]}, reveals=True))
        for s in explorers:
            offer = shares[s]
            if not offer:
                events.append(Event("exploration_empty", {"level": level}, seat=s))
                continue
            events.append(private("island_offer", {"level": level, "islands": list(offer)}, s, True))
            if len(offer) == 1:
                auto.append((s, offer[0]))
            else:
                p = state.seats[s]
                p.offer = list(offer)
                p.waiting = "island"
    for s, iid in auto:
        events.append(Event("island_kept", {"island": iid, "level": ISLANDS[iid].level}, seat=s, reveals=True))
        gain_island(state, s, iid, events)


def proceed(state: WondersState, events: EventList) -> None:
    """Run the end-of-turn order from where it stands until a seat must decide (or the game ends)."""
    while not any(p.waiting for p in state.seats):
        if state.step > 6:
            return
        if state.explore_queue:
            _explore(state, events)
            continue
        if state.step <= 4:
            state.step = 5
            if not state.extra_turn and all(len(p.hand) <= 1 for p in state.seats):
                for s, p in enumerate(state.seats):
                    if p.hand and not play_last(state, s):
                        state.discard.append(p.hand.pop())
                        events.append(Event("last_discarded", {}, seat=s))
            for s in state.revive_queue:
                p = state.seats[s]
                if revivable(state, s):
                    p.waiting = "revive"
                else:
                    events.append(Event("revive_nothing", {}, seat=s))
            state.revive_queue = []
            continue
        state.step = 7
        _coin_losses(state, events)
        _end_turn(state, events)
        return


def _coin_losses(state: WondersState, events: EventList) -> None:
    if state.taxes:
        top = max(v for _, v in state.taxes)
        by = sorted({s for s, v in state.taxes if v == top})
        events.append(Event("tax_levied", {"value": top, "by": by}))
        for s, p in enumerate(state.seats):
            if s not in by and not has_island(p, "foggy"):
                due = max(0, top - commercial_level(state, s))
                if due:
                    lose(state, s, due, "tax", events)
    for source in state.pirates:
        for s, p in enumerate(state.seats):
            if s != source and not has_island(p, "foggy"):
                due = commercial_level(state, s)
                if due:
                    lose(state, s, due, "pirates", events)
    if state.taxes:
        state.taxes = []
    if state.pirates:
        state.pirates = []


def _end_turn(state: WondersState, events: EventList) -> None:
    if state.extra_turn:
        state.extra_turn = False
        for s, p in enumerate(state.seats):  # a last card not played (cannot happen: discarding is always legal)
            if p.hand:
                state.discard.append(p.hand.pop())
                events.append(Event("last_discarded", {}, seat=s))
        _end_age(state, events)
        return
    if all(len(p.hand) >= 2 for p in state.seats):
        n = state.players
        hands = [(p.hand, p.trail) for p in state.seats]
        step = 1 if direction(state.age) == "left" else -1
        for s in range(n):
            receiver = state.seats[(s + step) % n]
            receiver.hand, receiver.trail = hands[s]
        state.turn += 1
        for p in state.seats:
            p.waiting = "turn"
        events.append(Event("hands_passed", {"direction": direction(state.age), "turn": state.turn}, reveals=True))
        _send_hands(state, events)
        return
    last = [s for s, p in enumerate(state.seats) if p.hand]
    if last:  # Babylon B: play the last card as an extra turn
        for s in last:
            state.seats[s].waiting = "last"
        state.step = 0
        return
    _end_age(state, events)


def _end_age(state: WondersState, events: EventList) -> None:
    if state.options.armada:
        holders = [s for s, p in enumerate(state.seats) if has_island(p, "forgotten")]
        if holders:
            for s in holders:
                state.seats[s].waiting = "naval"
            return
    _finish_age(state, events)


def _finish_age(state: WondersState, events: EventList) -> None:
    land_conflicts(state, events)
    if state.options.armada:
        naval_conflict(state, events)
    state.invasions = []
    events.append(Event("age_ended", {"age": state.age}))
    if state.age == 3:
        finish_game(state, events)
    else:
        start_age(state, state.age + 1, events)
        state.step = 7


def neighbour_pairs(state: WondersState) -> list[tuple[int, int]]:
    """The pairs of neighbours who fight a land conflict at the end of each age (lower seat first), allies left out
    (B.17)."""
    n = state.players
    pairs: list[tuple[int, int]] = []
    for s in range(n):
        a, b = sorted((s, (s + 1) % n))
        if a != b and not (state.options.teams and state.ally(a) == b) and (a, b) not in pairs:
            pairs.append((a, b))
    return pairs


def land_conflicts(state: WondersState, events: EventList) -> None:
    """Neighbour pairs and invasion pairs, each pair once (B.13); allies never fight and neighbour tokens are
    doubled in the team variant (B.17)."""
    n = state.players
    pairs: dict[tuple[int, int], bool] = dict.fromkeys(neighbour_pairs(state), False)  # pair -> is an invasion only
    for builder, target in state.invasions:
        pair = (min(builder, target), max(builder, target))
        pairs.setdefault(pair, True)
    shields = [land_shields(state, s) for s in range(n)]
    victory = LAND_VICTORY[state.age]
    for (a, b), invasion in sorted(pairs.items()):
        copies = 2 if state.options.teams and not invasion else 1
        won: list[int] = []
        lost: list[int] = []
        if shields[a] != shields[b]:
            winner, loser = (a, b) if shields[a] > shields[b] else (b, a)
            state.seats[winner].land.extend([victory] * copies)
            state.seats[loser].land.extend([LAND_DEFEAT] * copies)
            won, lost = ([victory] * copies, [LAND_DEFEAT] * copies)
            tokens_a, tokens_b = (won, lost) if winner == a else (lost, won)
        else:
            tokens_a = tokens_b = []
        events.append(Event("land_conflict", {"other": b, "shields": [shields[a], shields[b]], "tokens": tokens_a,
                                              "other_tokens": tokens_b, "invasion": invasion}, seat=a))


def naval_rewards(strengths: dict[int, int], age: int, mode: str) -> dict[int, int]:
    """The Naval Conflict tokens (B.7) of the participating seats, by seat (0: none)."""
    out = dict.fromkeys(strengths, 0)
    if not strengths or len(set(strengths.values())) == 1:
        return out
    low = min(strengths.values())
    for s, v in strengths.items():
        if v == low:
            out[s] = NAVAL_DEFEAT[age]
    rest = {s: v for s, v in strengths.items() if v != low}
    rewards = NAVAL_REWARDS[age]
    values = sorted(set(rest.values()), reverse=True)
    ties = 0
    for j, value in enumerate(values, start=1):
        group = [s for s, v in rest.items() if v == value]
        if mode == "competition":
            stronger = sum(1 for v in rest.values() if v > value)
            rank = 1 + stronger + (1 if len(group) > 1 else 0)
        else:
            if len(group) > 1:
                ties += 1
            rank = j + ties
        if rank <= len(rewards):
            for s in group:
                out[s] = rewards[rank - 1]
    return out


def naval_conflict(state: WondersState, events: EventList) -> None:
    strengths = {s: naval_strength(state, s) for s, p in enumerate(state.seats) if not p.naval_out}
    tokens = naval_rewards(strengths, state.age, state.options.naval_ties)
    for s, v in tokens.items():
        if v:
            state.seats[s].naval.append(v)
    events.append(Event("naval_conflict", {
        "age": state.age,
        "strength": [strengths.get(s) for s in range(state.players)],
        "tokens": [tokens.get(s, 0) for s in range(state.players)],
    }))
    for p in state.seats:
        p.naval_out = False


def finish_game(state: WondersState, events: EventList) -> None:
    from rules.wonders.scoring import score_sheets, winners

    state.phase = "over"
    sheets = score_sheets(state)
    state.winners = winners(state, sheets)
    events.append(Event("game_over", {"winners": list(state.winners), "totals": [s["total"] for s in sheets]}))
