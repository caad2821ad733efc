"""The move notation of Orléans: every action, the arguments it takes, and the ids each argument may name.

``parse`` checks only that a move is well formed (its action exists, its arguments are ids of the right kind);
whether it is legal now is the decisions' business (``decisions``). Every argument is lower-case ``[a-z0-9_]``.
Followers are the kinds (``farmer`` ... ``monk``) and the player-coloured ``own_farmer``, ``own_boatman``,
``own_craftsman``, ``own_trader``; slots are slot types (a kind, ``neutral`` for the Town Hall, ``any`` for the
Pharmacy); counts are decimal numbers.
"""

from __future__ import annotations

from rules.contract import IllegalMove, Move
from rules.orleans.data import CITIES, DEEDS, FOLLOWERS, FOOD, GOODS, PLACES, SLOT_TYPES, TILES

# An argument kind: the error named when it does not fit, and the words it accepts.
Arg = tuple[str, frozenset[str]]


def _arg(error: str, *groups) -> Arg:
    return error, frozenset(w for g in groups for w in g)


FOLLOWER = _arg("unknown_follower", FOLLOWERS)
PLACE = _arg("unknown_place", PLACES)
TILE = _arg("unknown_place", TILES)
SLOT = _arg("unknown_slot", SLOT_TYPES)
CITY = _arg("unknown_city", CITIES)
GOOD = _arg("unknown_good", GOODS)
DEED = _arg("unknown_deed", DEEDS)
COUNT = _arg("unknown_count", (str(n) for n in range(1, 11)))


def _word(*words: str) -> Arg:
    return _arg("unknown_choice", words)


# action -> the argument lists it accepts (one or more alternatives)
SIGNATURES: dict[str, tuple[tuple[Arg, ...], ...]] = {
    "exclude": ((_arg("unknown_place", TILES, ("none",)),),),
    "draw": ((COUNT,),),
    "stop": ((),),
    "tower": ((FOLLOWER,),),
    "retrieve": ((PLACE, FOLLOWER),),
    "done": ((),),
    "place": ((FOLLOWER, PLACE, SLOT), (FOLLOWER, PLACE, SLOT, _word("tower"))),
    "unplace": ((PLACE, FOLLOWER),),
    "act": ((PLACE,),),
    "pass": ((),),
    "village": ((_arg("unknown_choice", PLACES["village"].choice),),),
    "tile": ((TILE,),),
    "go": ((CITY,),),
    "take": ((_arg("unknown_good", GOODS, ("none",)),),),
    "deed": ((_word("none"),), (FOLLOWER, DEED)),
    "canal": ((_word("coin", "dev"),),),
    "pay": ((COUNT,),),
    "keep": ((FOLLOWER, PLACE, SLOT),),
    "tech": ((PLACE, SLOT),),
    "sacristy": ((_word("use", "skip"),),),
    "food": ((_arg("unknown_good", FOOD),),),
    "give": (
        (_word("station"), _arg("unknown_city", CITIES, ("supply",))),
        (_word("follower"),),
        (_word("dev"),),
        (_word("good"), GOOD),
        (_word("tile"), TILE),
        (_word("tech"), _arg("unknown_place", PLACES, ("supply",))),
    ),
}


def check(move: Move) -> Move:
    """Refuse a move whose action or arguments do not exist (``error.unknown_action``, ``error.move_arity``,
    ``orleans.error.unknown_<kind>``); return it unchanged otherwise."""
    signatures = SIGNATURES.get(move.action)
    if signatures is None:
        raise IllegalMove("error.unknown_action", action=move.action)
    args = move.args
    sized = [sig for sig in signatures if len(sig) == len(args)]
    if not sized:
        raise IllegalMove("error.move_arity", action=move.action, expected=len(signatures[0]))
    best: tuple[int, str, str] | None = None  # the alternative matched furthest: (mismatch position, error, word)
    for sig in sized:
        miss = next(((k, error, a) for k, ((error, words), a) in enumerate(zip(sig, args)) if a not in words), None)
        if miss is None:
            return move
        if best is None or miss[0] > best[0]:
            best = miss
    assert best is not None
    raise IllegalMove(f"orleans.error.{best[1]}", name=best[2])


def parse(text: str) -> Move:
    return check(Move.parse(text))
