"""The events of Anno 1800 (``rules.contract.Event``), for narration and the game log.

``seat`` is the acting seat (for ``gold_gained`` by trade: the partner who receives it). Private events name their
audience in ``visible_to``; ``reveals`` marks events that drew a card or tile (a move with one cannot be taken
back). Tiers: farmer, worker, artisan, engineer, investor; places: ``home``, ``exhausted`` or a field id.

=====================  ===========================================================================================
kind                   params
=====================  ===========================================================================================
turn_started           {round}   (seat: whose turn begins)
action                 {action: build | play | swap | hire | upgrade | old_world | new_world | expedition |
                       festival, left: actions still to take}
extra_action           {source: card | alonso}
produced               {resource, tier, field}   a cube placed on a workplace made one unit
cubes_exhausted        {tier, count}   cubes moved from their district to the exhausted area (a cost)
traded                 {resource, partner: seat, price: trade tokens}
gold_gained            {amount, reason: trade | card | aarhant}
gold_paid              {amount, reason: hire | no_card | alonso}   (no_card: a gain-cubes cube without a card)
imported               {resource, count}   raw New World resources from the player's own tiles
held_used              {resource, count}   a card effect's New World resource spent
tokens_spent           {kind: trade | exploration, count, from_cards: how many of them lay on cards}
tokens_gained          {kind: trade | exploration, count}   temporary tokens placed on a card
built                  {building, field, tokens?: a ship's naval tokens}
building_removed       {building, field, printed: bool, why: covered | removed}
card_played            {card, deck}
card_activated         {card, effect}
resource_taken         {resource}   the New World resource chosen for a card effect
cubes_gained           {tier, count: added, of: depicted, why: card | old_world}
cube_hired             {tier, card: bool (a card is owed; false: the deck's gold was paid)}
cube_upgraded          {from, to, place, free: bool (a card's free upgrade)}
shift_end              {tier, place, gold}
festival               {cubes: returned, trade: tokens refilled, exploration: tokens refilled,
                       card_tokens_lost}
cards_drawn            {deck, count, why: hire | swap | new_world | card | old_world}   reveals
cards_received         {deck, cards: [card...]}   private to the seat; reveals
cards_returned         {decks: [deck per card], why: swap | editor | card}   (never which cards)
cards_put_back         {cards: [card...]}   private to the seat
expeditions_drawn      {count, why: expedition | card | old_world}   reveals
expeditions_received   {cards: [expedition...]}   private to the seat; reveals
old_world              {tile, cost: exploration tokens, building: printed building or None}   reveals
new_world              {tile, cost, resources: [resource...]}   reveals
resources_lost         {resources: [resource...]}   unspent held resources at the end of the turn
effect_forfeited       {card}   a "return cards" effect not used in its turn
end_triggered          {round, fireworks: VP}   the seat emptied its hand and takes the fireworks
final_round            {round}   the last round begins
turn_ended             {}
game_over              {winners: [seat...], totals: [per seat], expeditions: [[card...] per seat]}   reveals
=====================  ===========================================================================================
"""

from __future__ import annotations

def _kinds(doc: str) -> frozenset[str]:
    """The event kinds of the table above (the rows between its second and last rule lines)."""
    rules = [i for i, line in enumerate(doc.splitlines()) if line.startswith("====")]
    rows = doc.splitlines()[rules[1] + 1:rules[-1]]
    return frozenset(line.split()[0] for line in rows if line and not line.startswith(" "))


KINDS = _kinds(__doc__ or "")
