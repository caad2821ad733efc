"""The refusals of Orléans: every ``IllegalMove`` the engine raises, by code, with its parameters.

Generic codes (shared with the other games): ``error.game_over``, ``error.not_a_player``, ``error.unknown_action``
{action}, ``error.move_arity`` {action, expected}, ``error.move_syntax`` {text}.

Each game code below is ``orleans.error.<what>``; the predicate that failed is named by ``<what>``.

=====================  ======================================  ==================================================
code                   params                                  refused because
=====================  ======================================  ==================================================
not_your_turn          {waiting: [seats]}                      the seat has no decision now (someone else's
                                                               turn, someone else's planning in turn order, ...)
already_done           {phase}                                 the seat said it was done with this phase
wrong_decision         {expected: pending kind}                the move answers another decision
unknown_follower       {name}                                  no such follower id
unknown_place          {name}                                  no such place id
unknown_slot           {name}                                  no such slot type
unknown_city           {name}
unknown_good           {name}
unknown_deed           {name}
unknown_choice         {name}                                  an argument outside its closed set
unknown_count          {name}                                  a number argument that is not one
not_excludable         {tile}                                  (exclusion variant) the tile is in no stack
no_draws_left          {limit, drawn}                          the knight track's draw limit is reached
market_full            {free}                                  not enough free market (and tower) spaces
bag_short              {bag}                                   fewer followers in the bag than asked
no_tower               {}                                      the seat does not own the Gunpowder Tower
tower_full             {}                                      both tower spaces are taken
not_drawn              {follower}                              not drawn this phase (tower) / by the Bathhouse
no_retrievals_left     {allowed}                               one retrieval per follower not drawn
not_on_place           {follower, place}                       that follower is not on that place
not_on_market          {follower}
not_on_tower           {follower}
not_owned              {place}                                 the seat has no such place
no_such_slot           {place, slot}                           the place has no slot of that type
slot_full              {place, slot}                           every slot of that type is taken
wrong_follower         {follower, place, slot}                 the follower does not fit the slot (``fits``)
coloured_follower      {follower}                              a player-coloured follower on the Town Hall or
                                                               sent to a beneficial deed
not_planned            {place, follower}                       only this phase's placements can be taken back
not_an_action          {place}                                 a passive place (Herb Garden, School, Sacristy)
not_activated          {place}                                 not every slot is filled
track_end              {track}                                 the track's marker is on its last space
supply_empty           {follower}                              no such follower left in the supply
pilgrimage             {}                                      no monk may be taken in a Pilgrimage round
no_choice              {place}                                 no Village choice is open
no_route               {city, kind}                            no river (Ship) / road (Wagon) from the city
no_connection          {city, kind}                            no such connection from the merchant's city
no_stations            {}                                      no trading station left in the personal supply
station_taken          {city}                                  a station already stands there (Orléans: yours)
no_deed_space          {}                                      no follower has an empty matching deed space
deed_full              {deed, kind}                            no empty space of that kind on that deed
must_send_one          {}                                      the tower's action sends at least one follower
must_send_all          {}                                      the Town Hall sends each follower that has a space
goods_empty            {good}                                  the goods market has none of that good
good_not_there         {good}                                  no such good on the connection travelled
no_tech_tiles          {}                                      the technology supply is empty
no_coins               {}                                      the Pharmacy needs at least 1 coin
pay_range              {max}                                   the Pharmacy takes 1 to 3 coins
not_enough_coins       {coins}
stack_locked           {tile}                                  the first trader step takes from stack I only
tile_gone              {tile}                                  the tile is in no stack
not_on_bathhouse       {}                                      the kept follower may not go on the Bathhouse
no_tech                {}                                      no technology tile in the personal supply
first_tech_farmer      {}                                      the first tile placed must replace a farmer
tech_on_monk           {}                                      technology never replaces a monk
tech_twice             {place}                                 one technology tile per place
tech_single_slot       {place}                                 not on a place that needs one follower
tech_town_hall         {}                                      not on the Town Hall (its slots have no type)
no_good                {good}                                  the seat holds none of that good
no_station_there       {city}                                  (torture) the seat has no station there
no_neutral_in_bag      {}                                      (torture) only player-coloured followers in the bag
dev_blocked            {}                                      (torture) the marker may not move onto or past a
                                                               coin space (or is on the start space)
bad_layout             {reason, ...}                           (setup) an explicit layout no real setup gives
bad_option             {option, value}                         (setup) e.g. a start player beyond the table
=====================  ======================================  ==================================================
"""

from __future__ import annotations

from typing import Any

from rules.contract import IllegalMove


def refusal(what: str, **params: Any) -> IllegalMove:
    """The refusal ``orleans.error.<what>``, to raise or to return from a predicate."""
    return IllegalMove(f"orleans.error.{what}", **params)
