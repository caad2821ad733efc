"""The events of Orléans, for narration and the game log (``rules.contract.Event``; catalog key
``orleans.event.<kind>``). ``seat`` is the acting or affected seat; private events name their audience; events
marked *reveals* uncovered hidden information or drew randomness, so a move that produced one cannot be undone.

===================  ===========================================================================================
kind                 params (notes)
===================  ===========================================================================================
tile_excluded        {tile}  (exclusion variant)
exclusion_skipped    {}  (exclusion variant: the seat removed nothing)
round_started        {round, event}  the hour-glass tile turned over; reveals
census               {leader: seat | None, last: seat | None, pays: bool}  (farmer track)
coins_gained         {amount, reason}  reason: census, boatman, development, deed, place id, event id
coins_paid           {amount, reason}  reason: census, taxes, harvest, pharmacy (what was actually paid)
drawn                {followers: [ids], tower: [ids]}  Phase 3: face up onto the market (and tower); reveals
to_tower             {follower}  a follower drawn this phase moved onto the Gunpowder Tower
drawing_stopped      {drawn, limit}
retrieved            {follower, place}  Phase 3: from a place back to the market
followers_done       {}  the seat finished Phase 3
placed               {follower, place, slot, tower: bool}  planning; private to the seat while planning is
                     simultaneous (public in turn-order planning)
unplaced             {follower, place, slot, tower: bool}  a placement of this phase taken back; private likewise
planning_done        {}  the seat is done planning (never what it planned)
plans_revealed       {plans: {seat: [[follower, place, slot], ...]}}  every plan of the phase; reveals
acted                {place}  an action is performed
follower_gained      {follower}  from the supply into the bag
track_advanced       {track, position}
bonus_missed         {track, position, bonus}  the track's bonus was exhausted (good, tech, tile)
good_gained          {good, source: "market" | "map"}
tech_gained          {}  a technology tile into the personal supply
tile_gained          {tile, stack}
citizen_gained       {citizen}
development          {points, position, level}  points actually moved (0 at the end of the track)
level_changed        {level}
merchant_moved       {from, to, kind: "road" | "river"}
station_built        {city}
deed_filled          {follower, deed, reward: "coins" | "choice", amount}  ("choice": Canalisation, the coin or
                     development point follows)
returned             {place, followers: [ids]}  an action's followers back into the bag
bath_drawn           {followers: [ids]}  the Bathhouse's draw; reveals
bath_kept            {follower, place, slot}
bath_returned        {followers: [ids]}  what went back into the bag
passed               {auto: bool}  (auto: the seat had nothing to perform)
tech_placed          {place, slot}
sacristy_used        {event}  the Sacristy's monk back to the bag; the event is ignored
sacristy_skipped     {event}
food_given           {good}  Harvest
plague               {follower, lost: bool}  the follower drawn; lost: it went back to the supply; reveals
tortured             {debt, reason}  coins missing
gave_up              {item: station | follower | dev | good | tile | tech, what: city / kind / good / tile /
                     place / "supply" | None}  one item for one missing coin (a follower: reveals)
debt_forgiven        {amount}  nothing left to give up
event_resolved       {event}  Phase 6 is over; the tile goes to the discard
start_player         {}  Phase 7: the token moved on to ``seat``
majority             {}  the most-trading-stations citizen at the game end goes to ``seat`` (None: a tie)
game_over            {winners: [seats], totals: [per seat]}
===================  ===========================================================================================
"""

from __future__ import annotations

from typing import Any

from rules.contract import Event


def public(kind: str, seat: int | None = None, /, *, reveals: bool = False, **params: Any) -> Event:
    return Event(kind, params, seat=seat, reveals=reveals)


def private(kind: str, seat: int, /, *, reveals: bool = False, **params: Any) -> Event:
    return Event(kind, params, seat=seat, visible_to=frozenset((seat,)), reveals=reveals)
