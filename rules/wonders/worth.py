"""What a card or a wonder stage is roughly worth to the city that builds it, in victory points, for the search's
playouts (``Pricer.playout_move``): a playout's seats play what looks worth most first, give or take a random
spread, rather than any card at all, so that a seat's later turns in a playout add up to a plan (a science set, the
lead in shields over a neighbour) as a player's would. Cheap rather than exact: a card's own points, and for the
cards whose worth depends on the city, its science symbols held, the resources it lacks, and the neighbours'
shields.
"""

from __future__ import annotations

from rules.wonders.data import BLUE, CARDS, GREEN, LAND_DEFEAT, LAND_VICTORY, RED, TOP, TRACKS, YELLOW, Card, Stage
from rules.wonders.economy import land_shields, production
from rules.wonders.state import WondersState

# A resource produced, by age: worth most early, when the city has most of its cards still to build; and less
# where the city makes that resource already.
_PRODUCE = {1: 1.0, 2: 0.7, 3: 0.2}
_HELD = 0.3  # the share of a resource's worth left when the city makes it already
_SHIELD = 0.3  # a shield, besides the conflicts it turns (``_military``)
_NAVAL = 1.5  # a naval strength step
_STAGE_SHIELD = 1.5  # a stage's shield (a stage's conflicts are not looked at)
_GUILD = 5.0  # a guild's points, on average
_PER = 3.0  # a card that pays per card (coins now or points at the end)
_SPECIAL = 2.0  # a stage's special power
_COIN = 0.2  # a coin taken now
_LEVEL = 1.0  # a commercial level (Armada): yellow cards' points by level, and coins kept from taxes and pirates
_TAX = 1.0  # a coin of tax the other cities pay (Armada)
_EXPLORE = 1.5  # an island drawn (Armada)


def _static(card: Card) -> float:
    """A card's worth but for what ``card_worth`` adds by the city: its production, science and shields."""
    produce = _PRODUCE.get(card.age, 0.2)
    worth = card.vp + _COIN * card.gain + _NAVAL * card.naval + _SHIELD * card.shields
    if card.discount or card.emporium:
        worth += produce
    if card.gain_per or card.vp_per:
        worth += _PER
    if card.guild:
        worth += _GUILD
    worth += card.advance + card.pirates + 1.5 * card.island_draw + 2.0 * card.vp_per_level
    if card.invasion:
        worth += 0.5
    return worth


_STATIC: dict[str, float] = {cid: _static(card) for cid, card in CARDS.items()}


def card_worth(state: WondersState, seat: int, cid: str) -> float:
    """``cid``'s worth to ``seat``."""
    card = CARDS[cid]
    worth = _STATIC[cid]
    player = state.seats[seat]
    if card.science is not None:
        if card.science in ("any", "most"):
            return worth + 3.0
        held = sum(1 for c in player.city if CARDS[c].science == card.science)
        return worth + 2.0 + 2.0 * held
    if card.shields:
        worth += _military(state, seat, card.shields)
    if card.choice or any(card.produces):
        made = production(player)
        late = _PRODUCE.get(state.age, 0.2)
        for r, units in enumerate(card.produces):
            if units:
                worth += late * units * (_HELD if made.fixed[r] else 1.0)
        if card.choice:
            worth += late * max(_HELD if made.fixed[r] else 1.0 for r in card.choice)
    return worth


def _military(state: WondersState, seat: int, shields: int) -> float:
    """The land conflicts of this age that ``shields`` more would turn, if the neighbours kept theirs (an ally of
    the team variant counted as a rival: a playout's guess)."""
    n = state.players
    mine = land_shields(state, seat)
    victory = LAND_VICTORY[max(state.age, 1)]
    gain = 0.0
    for other in ((seat - 1) % n, (seat + 1) % n):
        theirs = land_shields(state, other)
        gain += _result(mine + shields, theirs, victory) - _result(mine, theirs, victory)
    return gain


def _result(mine: int, theirs: int, victory: int) -> float:
    return victory if mine > theirs else (LAND_DEFEAT if mine < theirs else 0.0)


def _step(fleet: int, position: int) -> float:
    """What a ship's step onto ``position`` of its track adds (Armada)."""
    before = position - 1
    if fleet == RED:
        return _NAVAL * (TRACKS.red_naval[position] - TRACKS.red_naval[before])
    if fleet == YELLOW:
        return (_LEVEL * (TRACKS.yellow_level[position] - TRACKS.yellow_level[before])
                + _COIN * TRACKS.yellow_coins[position] + _TAX * TRACKS.yellow_tax[position]
                + _NAVAL * (TRACKS.yellow_naval[position] - TRACKS.yellow_naval[before]))
    if fleet == BLUE:
        return (TRACKS.blue_vp[position] - TRACKS.blue_vp[before]
                + _NAVAL * (TRACKS.blue_naval[position] - TRACKS.blue_naval[before]))
    assert fleet == GREEN
    return _EXPLORE if TRACKS.green_explore[position] else 0.0


# A ship's step from each position to the next, by fleet.
_STEPS: tuple[tuple[float, ...], ...] = tuple(
    tuple(_step(fleet, position) for position in range(1, TOP + 1)) for fleet in (RED, YELLOW, BLUE, GREEN))


def step_worth(ships: list[int], fleet: int) -> float:
    """The worth of ``fleet``'s ship moving one step on from where ``ships`` has it (Armada)."""
    return _STEPS[fleet][ships[fleet]]


def coins_worth(coins: int) -> float:
    """The worth of coins paid or taken now."""
    return _COIN * coins


def stage_worth(stage: Stage) -> float:
    """A wonder stage's worth: its points, shields, coins, production and special power."""
    return (stage.vp + _STAGE_SHIELD * stage.shields + _COIN * stage.gain + (1.0 if stage.choice else 0.0)
            + (2.0 if stage.science else 0.0) + (_SPECIAL if stage.special else 0.0))
