"""How well a seat stands in Orléans, as a one-step player sees it (``OrleansGame.heuristic``): its points so far
plus an estimate of what it will make of what it has.

The score pad (coins, goods, development level × (stations + citizens)) shows only what a seat has. Added to it:
its followers (each one more action a round), its place tiles and technology tiles, its steps on the character
tracks and the development track, its stations (worth more once the level rises), and its followers on the places.
An activated place is an action to come while the seat may still perform it (so passing gives it up, and
performing it costs no more than that); a place partly filled is worth a part of one, more the fuller it is (so a
one-step player completes a place before it starts another), unless the seat's free followers cannot complete it;
and a follower on a slot is worth a little more than one elsewhere (so a placement is never taken back for
nothing), unless the free followers, shared out among the places waiting, cannot complete its place (then it
counts as if back on the market, lest it wait there for ever). What the rest of the game will do by itself is
counted before it happens: every event still to come (the round's own, and the tiles still face down, whose kinds
are known though not their order) and every census still to come, each as the seat stands now (a Plague on all
its followers, since those on the places are back in the bag by then). A debt counts against it, and a won game is
worth more than any position.

Two choices keep the value from jumping when time runs on, which a one-step player would read as a loss of the
move that lets it run (the last ``done`` of a planning phase, a pass): the estimates are not discounted as the
rounds go by, and the automatic events are counted ahead. And unlike the other games' heuristics this one leaves
the others' standing out: the one-step player imagines the others' secret plans and their later moves (at random)
only after its own last planning move, so measuring against them would make ``done`` look worse than another
placement. A searching player compares the seats itself.

The search rates the positions it reaches a little differently (``evaluations``): a follower on the market, drawn
and ready to be placed, is worth a little more than one in the bag. To the one-step rating a draw changes nothing
(the follower is the seat's either way; the greedy player draws because drawing comes first in its menu), and the
search judges it by where its random playouts put the drawn followers, often on places they cannot complete: it
found stopping as good, drew nothing, and with nothing on the market placed nothing for the rest of the game
(traced at 4 players: 0 points in three games of six). Its prior, which weighs each move one step ahead before the
search (``prior_gain``), keeps that bonus for the followers a move draws but does not take it off a placement.
"""

from __future__ import annotations

from collections import Counter

from rules.orleans.actions import act_refusal
from rules.orleans.board import filled, fitting, followers_on, owned
from rules.orleans.data import (
    CENSUS_COINS,
    CENSUS_PAYS,
    FOOD,
    GOOD_INDEX,
    GOOD_POINTS,
    HARVEST_COINS,
    IS_COLOURED,
    PLACES,
    Place,
    ROUNDS,
    SLOT_TYPE,
    TAXES_PER,
    TECH,
    TRACK,
    level,
)
from rules.orleans.scoring import outcome
from rules.orleans.state import OrleansState, Player

WIN = 1000.0
FARMER = TRACK["farmer"].index
FOLLOWER = 2.0  # a follower of the seat's own, wherever it is
PLACED = 0.3  # a follower on a slot rather than elsewhere (a placement always counts, even past a quorum)
ACTIVATED = 1.5  # an activated place the seat may still perform (a place filled by a share f of it: f² of this)
TILE = 2.0  # a place tile
TECH_PLACED = 1.5  # a technology tile on a slot
TECH_HELD = 0.8  # one still in the personal supply
TRACK_STEP = 0.4  # a step on a character track
DEV_STEP = 0.5  # a step on the development track
STATION = 1.0  # a trading station built (the level will rise under it)
MARKET = 0.2  # the search's rating only: a follower on the market rather than in the bag


def standing(state: OrleansState, seat: int) -> float:
    return standings(state)[seat]


def standings(state: OrleansState, *, search: bool = False) -> list[float]:
    """``standing`` of every seat, the score sheet worked out once; ``search``: as the search rates them, a follower
    on the market counting a little more than one in the bag."""
    result = outcome(state)
    out = []
    for seat in range(state.players):
        worth = _worth(state, seat, result.scores[seat]["total"])
        if search:
            worth += MARKET * sum(state.seats[seat].market.values())
        out.append(worth + WIN if result.finished and seat in result.winners else worth)
    return out


def prior_gain(before: OrleansState, after: OrleansState, seat: int) -> float:
    """What a move of ``seat`` is worth one step ahead, for the search's prior (``OrleansGame.prior_gain``): its
    gain by the one-step rating, and the search's bonus on each follower it draws. Not the search's own rating: by
    that a placement loses the bonus of a follower taken off the market, and the prior held the search back from
    placing; nor the one-step rating alone, to which a draw changes nothing (the search stopped drawing again)."""
    drawn = sum(after.seats[seat].market.values()) - sum(before.seats[seat].market.values())
    return standing(after, seat) - standing(before, seat) + MARKET * max(0, drawn)


def _worth(state: OrleansState, seat: int, points: int) -> float:
    p = state.seats[seat]
    placed = sum(1 for f in p.slots if f and f != TECH)
    followers = len(_followers(state, seat))
    growth = (FOLLOWER * followers + TILE * len(p.tiles) + TECH_PLACED * p.slots.count(TECH) + TECH_HELD * p.tech
              + TRACK_STEP * sum(p.tracks) + STATION * len(p.built))
    places, stranded = _places(state, seat)
    return (points + growth + DEV_STEP * p.dev + PLACED * (placed - stranded) + places + _ahead(state, seat)
            - p.debt)


def _ahead(state: OrleansState, seat: int) -> float:
    """What the rest of the game will do to the seat's points by itself, as it stands: every event still to come
    (the round's own until it is resolved for the seat, and the tiles still face down, whose kinds are known though
    their order is not) and every census still to come. Counting them all before they happen keeps the value from
    jumping when one happens, so a move that lets time run on (the last ``done`` of a planning phase, a pass) does
    not look worse than one that puts it off."""
    p = state.seats[seat]
    events = list(state.hourglass)
    if state.event and not (state.phase == "event" and p.done):
        events.append(state.event)
    value = sum(n * _event(state, seat, event) for event, n in Counter(events).items())
    censuses = ROUNDS - state.round
    if censuses > 0:
        farmers = [q.tracks[FARMER] for q in state.seats]
        mine, top, bottom = farmers[seat], max(farmers), min(farmers)
        if top != bottom and mine == top and farmers.count(top) == 1:
            value += CENSUS_COINS * censuses
        elif top != bottom and mine == bottom and farmers.count(bottom) == 1 and CENSUS_PAYS[state.players]:
            value -= CENSUS_COINS * censuses
    return value


def _event(state: OrleansState, seat: int, event: str) -> float:
    p = state.seats[seat]
    if event == "taxes":
        return -float(sum(p.goods) // TAXES_PER)
    if event == "income":
        return float(level(p.dev))
    if event == "market_day":
        return float(len(p.built))
    if event == "harvest":
        held = [GOOD_POINTS[GOOD_INDEX[g]] for g in FOOD if p.goods[GOOD_INDEX[g]]]
        return -float(min(held)) if held else -float(HARVEST_COINS)
    if event == "plague":  # counted on all the seat's followers, most of which are back in the bag by then
        followers = _followers(state, seat)
        return -FOLLOWER * sum(1 for f in followers if not IS_COLOURED[f]) / len(followers) if followers else 0.0
    return 0.0


def _followers(state: OrleansState, seat: int) -> list[str]:
    """The kinds of all the seat's followers: in the bag, on the market, in the tower, on its slots, and drawn by
    its Bathhouse."""
    p = state.seats[seat]
    out = _free(p) + [f for f in p.slots if f and f != TECH]
    if state.act is not None and state.turn == seat:
        out += state.act.drawn
    return out


def _free(p: Player) -> list[str]:
    """The kinds of the seat's followers free to be placed, now or in later rounds: in the bag, on the market and
    in the tower."""
    return [f for f, n in (*p.bag.items(), *p.market.items()) for _ in range(n)] + list(p.tower)


def _places(state: OrleansState, seat: int) -> tuple[float, int]:
    """The followers on the seat's places, as actions to come (an activated place only while the seat may still
    perform it, now or at its turn: the follower, the good, the route it gives must be there); and how many of
    them are stranded.

    A place partly filled is worth a part of an action if the seat's free followers (market, bag, tower) could
    complete it, each place on its own. Its followers are stranded if those free followers, shared out among the
    places waiting, the fullest first, cannot complete it: a stranded follower is worth no more than one on the
    market. So a seat whose followers all wait on places it cannot complete does not keep them there for ever
    (drawing nothing, acting no more), and where two places wait for the one craftsman it has, completing one does
    not look like a loss (counted for each place, the craftsman made both look completable, and the second one's
    followers seemed to lose their worth when the first took it: tables of greedy players at 4 stood still)."""
    p = state.seats[seat]
    usable = not (p.passed and state.phase in ("actions", "event"))
    value = 0.0
    stranded = 0
    waiting: list[tuple[float, int, Place]] = []  # share filled, slots still needed, place
    for place in owned(p):
        pl = PLACES[place]
        if not pl.slots:
            continue
        done = filled(p, pl)
        if done >= pl.quorum:
            value += ACTIVATED if usable and act_refusal(state, seat, place) is None else 0.0
        elif done:
            waiting.append((done / pl.quorum, pl.quorum - done, pl))
    if waiting:
        free = shared = _free(p)
        waiting.sort(key=lambda w: -w[0])  # stable: board order among equals
        for share, need, pl in waiting:
            if _fill(p, pl, need, free) is not None:
                value += ACTIVATED * share * share
            rest = _fill(p, pl, need, shared)
            if rest is None:
                stranded += len(followers_on(p, pl.id))
            else:
                shared = rest
    return value, stranded


def _fill(p: Player, pl: Place, need: int, free: list[str]) -> list[str] | None:
    """The followers of ``free`` left once ``need`` more empty slots of ``pl`` are filled from it (each by a
    follower that fits it, matched in board order: a rough test, for a rating); None if they cannot be."""
    fits = fitting(p)
    left = list(free)
    for i in pl.indices:
        if need <= 0:
            break
        if p.slots[i]:
            continue
        match = next((f for f in left if f in fits[SLOT_TYPE[i]]), None)
        if match is not None:
            left.remove(match)
            need -= 1
    return None if need > 0 else left
