"""How a recorded 7 Wonders Duel game may write its moves, besides the notation (``build:baths``):

* a structure slot number in place of a card: ``build:7``, ``discard:07``, ``wonder:pyramids:19``. Slots are numbered
  01 to 20 as in the rulebook's structure diagrams, left to right and top to bottom (the engine's slot index + 1);
* the compact log notation of the spec (§7.2), letters in any case: ``B 07`` build slot 07, ``D 15`` discard it,
  ``W 19 pyramids`` build the Pyramids with the card of slot 19, ``PT law`` take a progress token, ``X press``
  destroy an opponent's card, ``M walls`` build a discarded card (Mausoleum), ``S me`` / ``S opp`` who begins the
  next age. ``B``, ``D`` and ``W`` also take a card id instead of a slot (``B baths``).

A slot number is read in the state the move is played in; a slot that is empty, or whose card is covered (face down
or not), is refused without naming its card.
"""

from __future__ import annotations

from rules.contract import IllegalMove, Move
from rules.duel import effects
from rules.duel.state import DuelState
from rules.duel.structure import SLOTS_PER_AGE

# The compact letters, and the place of the card (a slot number or a card id) among each action's arguments.
_COMPACT = {"b": "build", "d": "discard", "w": "wonder", "pt": "token", "x": "destroy", "m": "revive", "s": "start"}
_CARD_ARG = {"build": 0, "discard": 0, "wonder": 1}
_WHO = {"opp": "opponent"}


def record_notation(state: DuelState, text: str) -> str:
    """The notation of a move written with a slot number or in the compact notation (notation is left as it is)."""
    if ":" in text:
        move = Move.parse(text)
        action, args = move.action, list(move.args)
    else:
        words = text.lower().split()
        if len(words) < 2 or words[0] not in _COMPACT:
            return text  # a single word: the game's own reading refuses it with the right reason
        action, args = _COMPACT[words[0]], words[1:]
        if action == "wonder" and len(args) == 2:
            args.reverse()  # W <slot> <wonder> is wonder:<wonder>:<slot>
        elif action == "start":
            args = [_WHO.get(a, a) for a in args]
    place = _CARD_ARG.get(action)
    if place is not None and place < len(args) and args[place].isdigit():
        args[place] = card_at(state, int(args[place]))
    return ":".join((action, *args))


def card_at(state: DuelState, number: int) -> str:
    """The card of structure slot ``number`` (1-based) that can be taken now."""
    if not 1 <= number <= SLOTS_PER_AGE:
        raise IllegalMove("duel.error.no_such_slot", slot=number)
    card = state.slots[number - 1] if state.slots else None
    if card is None:
        raise IllegalMove("duel.error.slot_empty", slot=number)
    if number - 1 not in effects.accessible(state):
        raise IllegalMove("duel.error.slot_covered", slot=number)
    return card
