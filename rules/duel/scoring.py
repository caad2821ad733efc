"""Scoring by the categories of the Duel score pad, and the civilian victory with its tie-break."""

from __future__ import annotations

from rules.contract import Outcome
from rules.duel.data import CARDS, TOKENS, WONDERS
from rules.duel.state import DuelState

CATEGORIES = ["civilian", "science", "commercial", "guilds", "wonders", "progress", "treasury", "military"]
_COLOUR_CATEGORY = {"blue": "civilian", "green": "science", "yellow": "commercial"}
COINS_PER_VP = 3
MATHEMATICS_VP = 3
BUILDERS_GUILD_VP = 2


def military_points(distance: int) -> int:
    """Points for the player the pawn has advanced ``distance`` spaces towards the opponent's capital."""
    if distance <= 0:
        return 0
    if distance <= 2:
        return 2
    if distance <= 5:
        return 5
    return 10


def guild_points(state: DuelState, card_id: str) -> int:
    card = CARDS[card_id]
    if card.guild == ("wonders",):
        return BUILDERS_GUILD_VP * max(len(p.built) for p in state.seats)
    if card.guild == ("coins",):
        return max(p.coins for p in state.seats) // COINS_PER_VP
    return max(sum(1 for c in p.city if CARDS[c].colour in card.guild) for p in state.seats)


def score_sheet(state: DuelState, seat: int) -> dict[str, int]:
    player = state.seats[seat]
    sheet = dict.fromkeys(CATEGORIES, 0)
    for cid in player.city:
        card = CARDS[cid]
        if card.is_guild:
            sheet["guilds"] += guild_points(state, cid)
        elif card.colour in _COLOUR_CATEGORY:
            sheet[_COLOUR_CATEGORY[card.colour]] += card.vp
    sheet["wonders"] = sum(WONDERS[w].vp for w in player.built)
    for token in player.tokens:
        sheet["progress"] += TOKENS[token].vp
        if token == "mathematics":
            sheet["progress"] += MATHEMATICS_VP * len(player.tokens)
    sheet["treasury"] = player.coins // COINS_PER_VP
    sheet["military"] = military_points(state.pawn if seat == 0 else -state.pawn)
    sheet["total"] = sum(sheet[c] for c in CATEGORIES)
    return sheet


def civilian_winners(state: DuelState) -> list[int]:
    """Most points; on a tie, most civilian (blue) points; still tied, both share the victory."""
    sheets = [score_sheet(state, s) for s in (0, 1)]
    keys = [(sh["total"], sh["civilian"]) for sh in sheets]
    best = max(keys)
    return [s for s in (0, 1) if keys[s] == best]


def outcome(state: DuelState) -> Outcome:
    return Outcome(
        finished=state.decision == "over",
        winners=list(state.winners),
        victory=state.victory,
        categories=[*CATEGORIES, "total"],
        scores={s: score_sheet(state, s) for s in (0, 1)},
    )
