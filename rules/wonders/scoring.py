"""Scoring by the categories of the score pad (base, then Armada's additions), and the winners.

End-game choices that affect nobody else are made here automatically, to maximise the player's own score:
science wildcards (Scientists Guild, Babylon, Golden Archipelago) and "most-held" symbols (Explorer's Office,
Society of Navigators, Captain's Circle, Emerald Archipelago) are assigned in the best order (a most-held symbol
always goes to a symbol whose count is maximal at that moment, B.12.1); Rainbow Archipelago takes the best colour;
Olympia B's guild copy takes the neighbour guild that adds most to the whole score (a copied Scientists Guild adds
a wildcard; a copied guild is capped like any guild with Armada).
"""

from __future__ import annotations

from functools import lru_cache

from rules.contract import Outcome
from rules.wonders.data import CARDS, COLOURS, GUILD_CAP, ISLANDS, SCIENCE, TRACKS, BLUE
from rules.wonders.economy import built_stages, has_special
from rules.wonders.effects import commercial_level
from rules.wonders.state import WondersState

BASE_CATEGORIES = ["military", "treasury", "wonder", "civilian", "science", "commercial", "guilds"]
ARMADA_CATEGORIES = ["naval", "shipyard", "islands"]
COINS_PER_VP = 3
SET_VP = 7


def categories(state: WondersState) -> list[str]:
    out = list(BASE_CATEGORIES)
    if state.options.armada:
        out += ARMADA_CATEGORIES
    return out


def science_points(counts: tuple[int, int, int]) -> int:
    return sum(c * c for c in counts) + SET_VP * min(counts)


@lru_cache(maxsize=4096)
def best_science(counts: tuple[int, int, int], wild: int, most: int) -> int:
    """The best science score with ``wild`` symbols of choice and ``most`` "most-held" symbols, placed in any
    order (a most-held symbol goes to one of the symbols counted most at that moment)."""
    if not wild and not most:
        return science_points(counts)
    best = 0
    if wild:
        for k in range(3):
            c = list(counts)
            c[k] += 1
            best = max(best, best_science(tuple(sorted(c)), wild - 1, most))  # type: ignore[arg-type]
    if most:
        top = max(counts)
        for k in range(3):
            if counts[k] == top:
                c = list(counts)
                c[k] += 1
                best = max(best, best_science(tuple(sorted(c)), wild, most - 1))  # type: ignore[arg-type]
    return best


def _science(state: WondersState, seat: int, extra_wild: int = 0) -> int:
    p = state.seats[seat]
    counts = [0, 0, 0]
    wild, most = extra_wild, 0
    for c in p.city:
        sym = CARDS[c].science
        if sym is None:
            continue
        if sym == "any":
            wild += 1
        elif sym == "most":
            most += 1
        else:
            counts[SCIENCE.index(sym)] += 1
    wild += sum(1 for s in built_stages(p) if s.science == "any")
    for i in p.islands:
        sym = ISLANDS[i].science
        if sym == "any":
            wild += 1
        elif sym == "most":
            most += 1
    return best_science(tuple(sorted(counts)), wild, most)  # type: ignore[arg-type]


def _colour_count(state: WondersState, seat: int, colours: tuple[str, ...]) -> int:
    return sum(1 for c in state.seats[seat].city if CARDS[c].colour in colours)


def guild_points(state: WondersState, seat: int, cid: str, copied: bool = False) -> int:
    card = CARDS[cid]
    if card.guild is None:
        return 0
    what, vp, scope = card.guild
    left, right = state.left(seat), state.right(seat)
    seats: tuple[int, ...]
    if what == ("defeat",):
        units = sum(1 for s in (left, right) for t in state.seats[s].land if t < 0)
    elif what == ("stage",):
        seats = (seat, left, right) if scope == "all" else (seat,)
        units = sum(len(state.seats[s].stages) for s in seats)
    else:
        seats = {"neighbours": (left, right), "own": (seat,), "all": (seat, left, right)}[scope]
        units = sum(_colour_count(state, s, what) for s in seats)
        if copied and scope == "own" and "purple" in what:
            units += 1  # the copied guild counts itself, as the original would
    points = units * vp
    return min(points, GUILD_CAP) if state.options.armada else points


def score_sheet(state: WondersState, seat: int) -> dict[str, int]:
    p = state.seats[seat]
    sheet = dict.fromkeys(categories(state), 0)
    armada = state.options.armada
    sheet["military"] = sum(p.land)
    sheet["treasury"] = p.coins // COINS_PER_VP
    sheet["wonder"] = sum(s.vp for s in built_stages(p))
    level = commercial_level(state, seat)
    for cid in p.city:
        card = CARDS[cid]
        if card.colour == "blue":
            sheet["civilian"] += card.vp
        elif card.colour == "yellow":
            points = card.vp + card.vp_per_level * level
            if card.vp_per is not None:
                what, vp = card.vp_per
                points += vp * (len(p.stages) if what == "stage" else _colour_count(state, seat, (what,)))
            sheet["commercial"] += points
        elif card.is_guild:
            sheet["guilds"] += guild_points(state, seat, cid)
    science = _science(state, seat)
    if has_special(p, "copy_guild"):
        best = (0, "guilds")
        for other in {state.left(seat), state.right(seat)}:
            for cid in state.seats[other].city:
                if CARDS[cid].is_guild:
                    if CARDS[cid].science == "any":
                        best = max(best, (_science(state, seat, 1) - science, "science"))
                    else:
                        best = max(best, (guild_points(state, seat, cid, copied=True), "guilds"))
        sheet[best[1]] += best[0]
    sheet["science"] += science
    if armada:
        sheet["naval"] = sum(p.naval)
        sheet["shipyard"] = TRACKS.blue_vp[p.ships[BLUE]]
        for iid in p.islands:
            island = ISLANDS[iid]
            points = island.vp + island.vp_per_level * level + island.vp_per_island * len(p.islands)
            if island.rainbow:
                points += max(_colour_count(state, seat, (c,)) for c in COLOURS)
            sheet["islands"] += points
    sheet["total"] = sum(sheet.values())
    return sheet


def score_sheets(state: WondersState) -> list[dict[str, int]]:
    """Every seat's score sheet, by seat."""
    return [score_sheet(state, s) for s in range(state.players)]


def winners(state: WondersState, scores: list[dict[str, int]] | None = None) -> list[int]:
    """Most points; tie: most coins; still tied: shared. Teams: the best team total (tie: combined coins).
    ``scores``: the seats' score sheets, if already made."""
    sheets = scores if scores is not None else score_sheets(state)
    coins = [p.coins for p in state.seats]
    if state.options.teams:
        teams = range(0, state.players, 2)
        keys = {t: (sheets[t]["total"] + sheets[t + 1]["total"], coins[t] + coins[t + 1]) for t in teams}
        best = max(keys.values())
        return sorted(s for t in teams if keys[t] == best for s in (t, t + 1))
    keys2 = [(sh["total"], c) for sh, c in zip(sheets, coins)]
    best2 = max(keys2)
    return [s for s in range(state.players) if keys2[s] == best2]


def outcome(state: WondersState) -> Outcome:
    sheets = {s: score_sheet(state, s) for s in range(state.players)}
    cats = [*categories(state), "total"]
    if state.options.teams:
        for s in range(state.players):
            team = s - s % 2
            sheets[s]["team"] = sheets[team]["total"] + sheets[team + 1]["total"]
        cats.append("team")
    return Outcome(
        finished=state.phase == "over",
        winners=list(state.winners),
        victory="points" if state.phase == "over" else None,
        categories=cats,
        scores=sheets,
    )
