"""Orléans in words: move labels, narration, prompts, errors and the table as text.

Written from the engine's tables: the decisions and their moves (``rules/orleans/decisions.py``), the events and
their parameters (``eventlog.py``), the refusals (``errors.py``) and the view (``view.py``).

Wording decisions:

- A move's label is short and starts with what it is about, so that a long menu reads grouped: planning labels are
  "<place> ← <follower>" (the slot is added, "(as <slot>)", only when the follower stands in for another kind), a
  travel is "→ <city> — <goods on the way>", an action is "<place> — <what it gives>". Every label is accepted back
  as typed input (a test types every label of random games in every language). No label, in any language, begins
  "<one word>: ": that reads as notation ("village:farmer") and, in the terminal, as a speaker ("bob: ...").
- A player's own followers are "Farmer (own)" and so on; "farmer" typed alone may mean either kind, and when both are
  on the market the player is asked which.
- Names stay in the nominative after a colon or an arrow, so that Russian and Italian need no declension of the
  catalogs' names ("Алиса получает товар: Вино"); coins that are gained or paid are a message of their own
  (``coins_taken``: «получает 1 монету»).
- The channel hears only public events; the placements of a secret planning phase, which the engine marks private,
  go to the planner alone, the channel learns that a player is done planning, then every plan at the reveal.
- Errors name what is missing: the coins you have, the follower that does not fit and the slot it would need, the
  market spaces left, the stack you may take from. Each text also reads well without its parameters.
- Events are named as the editions print them (Harvest / «Засуха» / Raccolto), with what they do in a few words at
  the start of the round, when players still can prepare.
"""

from __future__ import annotations

from typing import Any

from bot.games import Presenter
from bot.games.orleans import names as N
from bot.i18n import LOCALES, N_, _, ngettext, npgettext, pgettext, translate, use_locale
from rules.contract import Event, Move, Outcome, Pending
from rules.orleans.data import DEEDS, KIND_OF, PLACES, TRACK

ROMAN = {1: "I", 2: "II"}


def coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def coins_taken(n: int) -> str:
    """Coins as the object of gaining or paying (Russian declines them: «получает 1 монету»)."""
    return npgettext("orleans.object", "{n} coin", "{n} coins", n).format(n=n)


def _join(items: list[str]) -> str:
    return ", ".join(items)


def _followers(ids: list[str]) -> str:
    """"Farmer, Monk ×2" in the order given (the engine's order)."""
    counts: dict[str, int] = {}
    for f in ids:
        counts[f] = counts.get(f, 0) + 1
    return _join([N.follower(f) + (f" ×{n}" if n > 1 else "") for f, n in counts.items()]) or "—"


def _kind(follower: str) -> str:
    return KIND_OF.get(follower, follower)


def _slot_suffix(follower: str, slot: str) -> str:
    """" (as Farmer)" when the follower stands in for another kind (a monk on a farmer's slot); nothing otherwise."""
    if slot in N.SLOTS or _kind(follower) == slot:
        return ""
    return " " + _("(as {slot})").format(slot=N.slot(slot))


def _of(view: Any, field: str, default: Any = None) -> Any:
    return getattr(view, field, default) if view is not None else default


def _me(view: Any) -> Any:
    seat = _of(view, "seat")
    players = _of(view, "players", [])
    return players[seat] if seat is not None and seat < len(players) else None


# --- the moves ----------------------------------------------------------------------------------------------------
_ACTION_WORDS = {
    # TRANSLATORS: words a player may type to remove a place tile before the game (variant), separated by "|".
    "exclude": N_("remove|exclude"),
    # TRANSLATORS: words a player may type to draw followers from their bag, separated by "|".
    "draw": N_("draw"),
    # TRANSLATORS: words a player may type to stop drawing followers, separated by "|".
    "stop": N_("stop|enough"),
    # TRANSLATORS: words a player may type to put a drawn follower on the Gunpowder Tower, separated by "|".
    "tower": N_("tower"),
    # TRANSLATORS: words a player may type to bring a follower back from a place to the market, separated by "|".
    "retrieve": N_("retrieve|back|return"),
    # TRANSLATORS: words a player may type to place a follower on a place, separated by "|".
    "place": N_("place|put|assign"),
    # TRANSLATORS: words a player may type to take back a follower placed this round, separated by "|".
    "unplace": N_("unplace|take back|remove"),
    # TRANSLATORS: words a player may type to say they are done, separated by "|".
    "done": N_("done|finish|ready|end"),
    # TRANSLATORS: words a player may type to perform the action of a place, separated by "|".
    "act": N_("act|perform|use|activate"),
    # TRANSLATORS: words a player may type to pass, separated by "|".
    "pass": N_("pass"),
    # TRANSLATORS: words a player may type to choose the Village's follower, separated by "|".
    "village": N_("take|get|choose"),
    # TRANSLATORS: words a player may type to choose a place tile, separated by "|".
    "tile": N_("take|get|choose"),
    # TRANSLATORS: words a player may type to move their merchant to a city, separated by "|".
    "go": N_("go|travel|move|sail|ride"),
    # TRANSLATORS: words a player may type to take a good from a road or river, separated by "|".
    "take": N_("take|get|pick"),
    # TRANSLATORS: words a player may type to send a follower to a beneficial deed, separated by "|".
    "deed": N_("send|deed"),
    # TRANSLATORS: words a player may type to choose Canalisation's reward, separated by "|".
    "canal": N_("take|choose"),
    # TRANSLATORS: words a player may type to pay coins at the Pharmacy, separated by "|".
    "pay": N_("pay"),
    # TRANSLATORS: words a player may type to keep a follower drawn by the Bathhouse, separated by "|".
    "keep": N_("keep|place|put"),
    # TRANSLATORS: words a player may type to place a technology tile, separated by "|".
    "tech": N_("tech|technology"),
    # TRANSLATORS: words a player may type to use the Sacristy, separated by "|".
    "sacristy": N_("sacristy|chapel"),
    # TRANSLATORS: words a player may type to give a food in a Harvest, separated by "|".
    "food": N_("give|feed"),
    # TRANSLATORS: words a player may type to give something up under torture, separated by "|".
    "give": N_("give|give up|lose"),
}

ITEM = "orleans.item"  # the things torture may take: a city's station, a good, a place tile, a placed technology tile


def _act_effect(place: str, view: Any) -> str:
    """What performing ``place`` gives, in a few words."""
    pl = PLACES[place]
    me = _me(view)
    if place == "gunpowder_tower" or pl.deeds:
        return _("beneficial deeds")
    if pl.follower:
        return _("+ {follower}").format(follower=N.follower(pl.follower))
    if pl.choice:
        return _("+ {followers}").format(followers=" / ".join(N.follower(k) for k in pl.choice))
    if pl.route:
        return _("a journey by river") if pl.route == "river" else _("a journey by road")
    if pl.station:
        city = N.city(me.merchant) if me is not None else ""
        return _("a trading station in {city}").format(city=city).strip()
    if pl.pay:
        return _("coins for development points")
    if pl.bath:
        return _("draw {n}, keep 1").format(n=pl.bath)
    parts = []
    if pl.good:
        parts.append("+ " + N.good(pl.good))
    amount = pl.coins
    if pl.per == "level" and me is not None:
        amount = me.level
    elif pl.per == "station" and me is not None:
        amount = len(me.built)
    if amount or pl.per:
        parts.append("+ " + coins(amount))
    if pl.dev:
        parts.append(ngettext("+ {n} development point", "+ {n} development points", pl.dev).format(n=pl.dev))
    if pl.tech:
        parts.append(_("+ technology tile"))
    return ", ".join(parts)


def _village_bonus(kind: str, view: Any) -> str:
    me = _me(view)
    track = TRACK[kind]
    if track.reward == "coins":
        if me is not None:
            pos = me.tracks.get(kind, 0) + 1
            if 1 <= pos <= len(track.rewards):
                return coins(track.rewards[pos - 1])
        return _("coins")
    if track.reward == "tech":
        return _("technology tile")
    return _("place tile")


def _route_goods(city: str, view: Any) -> str:
    me = _me(view)
    if me is None:
        return ""
    here = me.merchant
    for c in _of(view, "map", []):
        if {c.a, c.b} == {here, city} and c.kind == _route_kind(view):
            return _join([N.good(g) for g in c.goods]) if c.goods else _("no goods")
    return ""


def _route_kind(view: Any) -> str:
    action = _of(view, "action")
    return PLACES[action].route if action in PLACES else ""


def _deed_reward(deed: str) -> str:
    d = DEEDS[deed]
    if d.choice:
        return _("1 coin or 1 development point")
    return coins(d.reward)


def _done_label(view: Any) -> str:
    decision = _of(view, "decision", "")
    if decision in ("draw", "retrieve"):
        return _("Done with the followers")
    if decision == "plan":
        return _("Done planning")
    if decision == "tech":
        return _("Keep the other technology tiles")
    return _("Done")


# --- narration ------------------------------------------------------------------------------------------------------
_EVENTS = {
    "tile_excluded": N_("{player} removes {tile} from the game."),
    "exclusion_skipped": N_("{player} removes no place tile."),
    "to_tower": N_("{player} puts {follower} on the Gunpowder Tower."),
    "drawing_stopped": N_("{player} stops drawing ({drawn} of {limit})."),
    "retrieved": N_("{player} takes {follower} back from {place} to the market."),
    "followers_done": N_("{player} is done with the followers."),
    "placed": N_("{player} places {follower} on {place}{slot}."),
    "placed_tower": N_("{player} places {follower} from the Gunpowder Tower on {place}{slot}."),
    "unplaced": N_("{player} takes {follower} back from {place}."),
    "planning_done": N_("{player} has finished planning."),
    "acted": N_("{player} performs: {place}."),
    "follower_gained": N_("{player} takes a new follower into the bag: {follower}."),
    "track_advanced": N_("{player}: {track}, space {position}."),
    "tech_gained": N_("{player} gains a technology tile."),
    "tile_gained": N_("{player} gains a place tile: {tile} (stack {stack})."),
    "citizen_gained": N_("{player} gains a citizen: {citizen}."),
    "level_changed": N_("{player} reaches development level {level}."),
    "station_built": N_("{player} builds a trading station in {city}."),
    "deed_filled": N_("{player} sends {follower} to the deed {deed}."),
    "returned": N_("Back into {player}'s bag from {place}: {followers}."),
    "bath_drawn": N_("The Bathhouse draws from {player}'s bag: {followers}."),
    "bath_kept": N_("{player} keeps {follower} on {place}{slot}."),
    "bath_returned": N_("Back into {player}'s bag: {followers}."),
    "tech_placed": N_("{player} places a technology tile on {place} ({slot})."),
    "sacristy_used": N_("{player}'s Sacristy sends its monk back to the bag: {event} is ignored."),
    "sacristy_skipped": N_("{player} does not use the Sacristy."),
    "food_given": N_("{player} gives up a food for the Harvest: {good}."),
    "debt_forgiven": N_("{player} has nothing left to give up: the other {coins} are forgiven."),
    "event_resolved": N_("The event {event} is over."),
    "start_player": N_("{player} takes the start player token."),
}

_PROMPTS = {
    "exclude": N_("{player}, remove a place tile from the game, or none."),
    "draw": N_("{player}, draw followers from your bag onto your market: up to {can_draw} more."),
    "retrieve": N_(
        "{player}, you may bring up to {allowed} follower(s) back from your places to the market; then say you are done."
    ),
    "plan": N_("{player}, place followers from your market on your places, then say you are done."),
    "plan_secret": N_(
        "{player}, place followers from your market on your places (nobody sees your plan before everyone is done), "
        "then say you are done."
    ),
    "action": N_("{player}, perform the action of an activated place, or pass."),
    "village": N_("{player}, the Village: take a boatman, a craftsman or a trader."),
    "tile": N_("{player}, choose a place tile from stack I."),
    "tile_both": N_("{player}, choose a place tile from stack I or II."),
    "route_river": N_("{player}, where does your merchant sail from {city}? (along a river)"),
    "route_road": N_("{player}, where does your merchant ride from {city}? (along a road)"),
    "good": N_("{player}, take one good from the way, or nothing: {goods}."),
    "deed": N_("{player}, send a follower to a beneficial deed."),
    "deed_more": N_("{player}, send another follower from the tower to a beneficial deed, or no more."),
    "canal": N_("{player}, Canalisation: take 1 coin or 1 development point?"),
    "pharmacy": N_("{player}, pay 1 to 3 coins to the Pharmacy, one development point each (you have {coins})."),
    "bath": N_("{player}, the Bathhouse drew {followers}: keep one on an empty slot it fits."),
    "tech": N_("{player}, place a technology tile on an empty slot ({tiles} in your supply), or keep them."),
    "sacristy": N_("{player}, use your Sacristy to ignore {event}?"),
    "harvest": N_("{player}, Harvest: which food do you give up? ({foods})"),
    "torture": N_("{player}, you cannot pay {coins}: give up one item per missing coin."),
}

_DECISIONS = {
    "exclude": N_("remove a place tile"),
    "draw": N_("draw followers"),
    "retrieve": N_("bring followers back to the market"),
    "plan": N_("plan"),
    "action": N_("perform an action or pass"),
    "village": N_("choose the Village's follower"),
    "tile": N_("choose a place tile"),
    "route": N_("choose where the merchant goes"),
    "good": N_("take a good or nothing"),
    "deed": N_("send a follower to a deed"),
    "canal": N_("choose Canalisation's reward"),
    "pharmacy": N_("pay the Pharmacy"),
    "bath": N_("keep a follower of the Bathhouse"),
    "tech": N_("place technology tiles"),
    "sacristy": N_("use the Sacristy or not"),
    "harvest": N_("give a food"),
    "torture": N_("give up items for missing coins"),
}

_ERRORS = {
    "orleans.error.not_your_turn": N_("It is not your turn: the table waits for seat(s) {waiting}."),
    "orleans.error.already_done": N_("You are already done with this phase."),
    "orleans.error.wrong_decision": N_("That move does not answer the current decision: {expected}."),
    "orleans.error.unknown_follower": N_("There is no follower called “{name}” in Orléans."),
    "orleans.error.unknown_place": N_("There is no place called “{name}” in Orléans."),
    "orleans.error.unknown_slot": N_("There is no slot “{name}”: a slot is a follower kind, neutral or any."),
    "orleans.error.unknown_city": N_("There is no city called “{name}” on the map."),
    "orleans.error.unknown_good": N_("There is no good called “{name}”: grain, cheese, wine, wool or brocade."),
    "orleans.error.unknown_deed": N_("There is no beneficial deed called “{name}”."),
    "orleans.error.unknown_choice": N_("“{name}” is not one of the choices here."),
    "orleans.error.unknown_count": N_("“{name}” is not a number I can use here."),
    "orleans.error.not_excludable": N_("{tile} is in neither stack of place tiles."),
    "orleans.error.no_draws_left": N_("You may draw no more: your limit is {limit} and you have drawn {drawn}."),
    "orleans.error.market_full": N_("Your market has room for only {free} more follower(s)."),
    "orleans.error.bag_short": N_("Your bag holds only {bag} follower(s)."),
    "orleans.error.no_tower": N_("You do not have the Gunpowder Tower."),
    "orleans.error.tower_full": N_("Both spaces of your Gunpowder Tower are taken."),
    "orleans.error.not_drawn": N_("{follower} was not drawn now: only a follower just drawn can go there."),
    "orleans.error.no_retrievals_left": N_(
        "You may bring back only one follower per follower you did not draw: {allowed} in all this round."
    ),
    "orleans.error.not_on_place": N_("{follower} is not on {place}."),
    "orleans.error.not_on_market": N_("{follower} is not on your market."),
    "orleans.error.not_on_tower": N_("{follower} is not on your Gunpowder Tower."),
    "orleans.error.not_owned": N_("{place} is not one of your places."),
    "orleans.error.no_such_slot": N_("{place} has no {slot} slot."),
    "orleans.error.slot_full": N_("The {slot} slot of {place} is already taken."),
    "orleans.error.wrong_follower": N_(
        "{follower} cannot fill the {slot} slot of {place}: only a {slot} or a monk can (a scholar with the School, a "
        "boatman with the Herb Garden on farmer, craftsman and trader slots)."
    ),
    "orleans.error.coloured_follower": N_(
        "{follower} is one of your own colour: it never goes to the Town Hall or to a beneficial deed."
    ),
    "orleans.error.not_planned": N_("{follower} was not placed on {place} this round: it cannot be taken back."),
    "orleans.error.not_an_action": N_("{place} has no action to perform: its effect works by itself."),
    "orleans.error.not_activated": N_("{place} is not activated: fill every slot first."),
    "orleans.error.track_end": N_("Your marker is on the last space of the {track}: no more of that follower."),
    "orleans.error.supply_empty": N_("The supply has no {follower} left."),
    "orleans.error.pilgrimage": N_("This is a Pilgrimage round: no monk may be taken."),
    "orleans.error.no_choice": N_("{place} has nothing to offer you now: the three followers are out of reach."),
    "orleans.error.no_route": N_("No {kind} leaves {city}, where your merchant is."),
    "orleans.error.no_connection": N_("No {kind} leads from your merchant's city to {city}."),
    "orleans.error.no_stations": N_("You have no trading station left."),
    "orleans.error.station_taken": N_("A trading station already stands in {city}."),
    "orleans.error.no_deed_space": N_("None of these followers has an empty space of its kind on a beneficial deed."),
    "orleans.error.deed_full": N_("{deed} has no empty {kind} space."),
    "orleans.error.must_send_one": N_("The tower's action sends at least one follower."),
    "orleans.error.must_send_all": N_("The Town Hall sends every follower that has a space: choose a deed."),
    "orleans.error.goods_empty": N_("The goods market has no {good} left."),
    "orleans.error.good_not_there": N_("There is no {good} on the way you travelled."),
    "orleans.error.no_tech_tiles": N_("No technology tile is left in the supply."),
    "orleans.error.no_coins": N_("The Pharmacy needs at least 1 coin, and you have none."),
    "orleans.error.pay_range": N_("The Pharmacy takes 1 to {max} coins."),
    "orleans.error.not_enough_coins": N_("You have only {coins}."),
    "orleans.error.stack_locked": N_("Your first trader takes a tile from stack I only: {tile} is in stack II."),
    "orleans.error.tile_gone": N_("{tile} is no longer in the stacks."),
    "orleans.error.not_on_bathhouse": N_("The Bathhouse's follower may not go on the Bathhouse itself."),
    "orleans.error.no_tech": N_("You have no technology tile there."),
    "orleans.error.first_tech_farmer": N_("Your first technology tile must replace a farmer."),
    "orleans.error.tech_on_monk": N_("A technology tile never replaces a monk."),
    "orleans.error.tech_twice": N_("{place} already has a technology tile: one per place."),
    "orleans.error.tech_single_slot": N_("{place} needs a single follower: no technology tile there."),
    "orleans.error.tech_town_hall": N_("No technology tile on the Town Hall."),
    "orleans.error.no_good": N_("You have no {good}."),
    "orleans.error.no_station_there": N_("You have no trading station in {city}."),
    "orleans.error.no_neutral_in_bag": N_("Your bag holds only followers of your own colour, which are never lost."),
    "orleans.error.dev_blocked": N_(
        "Your development marker may not move back onto or past a coin space."
    ),
    "orleans.error.bad_layout": N_("This recorded setup is not a valid Orléans setup ({reason})."),
    "orleans.error.bad_option": N_("The option {option} cannot be {value} at this table."),
}

_ALREADY_DONE = {
    "followers": N_("You are already done with the followers this round."),
    "planning": N_("You are already done planning: your plan is locked until the reveal."),
    "event": N_("You are already done with this round's event."),
}

_OPTION_LABELS = {
    "first_player": N_("first_player: random (default), or 0 to 3 (the seat of the youngest player)"),
    "planning": N_("planning: simultaneous (default, secret until all are done) or turn_order"),
    "exclusion": N_("exclusion: false (default) or true (each player removes place tiles before the game)"),
    "bags": N_("bags: public (default, everyone sees the contents of every bag) or own"),
}

_VICTORIES = {
    "points": N_("{player} wins with {points} points!"),
    "development": N_("{player} wins with {points} points, ahead on the development track!"),
}


class OrleansPresenter(Presenter):
    game = "orleans"
    ACTION_WORDS = _ACTION_WORDS
    SUBJECTS = {
        "exclude": ("orleans.place",),
        "tower": ("orleans.follower",),
        "retrieve": ("orleans.place", "orleans.follower"),
        "place": ("orleans.follower", "orleans.place"),
        "unplace": ("orleans.place", "orleans.follower"),
        "act": ("orleans.place",),
        "village": ("orleans.follower",),
        "tile": ("orleans.place",),
        "go": ("orleans.city",),
        "take": ("orleans.good",),
        "deed": ("orleans.follower", "orleans.deed"),
        "keep": ("orleans.follower", "orleans.place"),
        "tech": ("orleans.place", "orleans.follower"),
        "food": ("orleans.good",),
        "give": (ITEM,),
    }
    name = staticmethod(N.name)
    ALIASES = N.ALIASES
    SCORES = N.SCORE_CATEGORIES

    def title(self) -> str:
        return pgettext("game", "Orléans")

    # --- names ---------------------------------------------------------------------------------------------------
    def subject_name(self, table: str, key: str) -> str:
        if table == ITEM:
            return N.name(*self._item_table(key))
        return N.name(table, key)

    def subject_aliases(self, table: str, key: str) -> list[str]:
        if table == ITEM:
            table = self._item_table(key)[0]
        out = list(N.ALIASES.get(table, {}).get(key, ()))
        if table == "orleans.follower" and key.startswith("own_"):
            # a player-coloured follower is also what a player means by its kind: "place farmer" may be either
            kind = _kind(key)
            for locale in LOCALES:
                with use_locale(locale):
                    out.append(N.follower(kind))
            out += N.ALIASES["orleans.follower"].get(kind, ())
        return out

    @staticmethod
    def _item_table(key: str) -> tuple[str, str]:
        for table in ("orleans.city", "orleans.good", "orleans.place"):
            if key in N.TABLES[table]:
                return table, key
        raise KeyError(key)

    def subjects(self) -> list[tuple[str, str]]:
        out = [(t, k) for t in ("orleans.follower", "orleans.place", "orleans.good", "orleans.city", "orleans.deed")
               for k in N.TABLES[t]]
        out += [(ITEM, k) for t in ("orleans.city", "orleans.good", "orleans.place") for k in N.TABLES[t]]
        return out

    def move_subjects(self, move: Move) -> list[tuple[str, str]]:
        a = move.args
        if move.action == "give":
            what = a[1] if len(a) > 1 else ""
            return [(ITEM, what)] if what and what not in ("supply",) else []
        if move.action == "tech" and a[1:2] and a[1] not in N.FOLLOWERS:
            return [("orleans.place", a[0])]
        return [(t, x) for t, x in zip(self.SUBJECTS.get(move.action, ()), a) if x in N.TABLES[t]]

    # --- moves ---------------------------------------------------------------------------------------------------
    def move_label(self, move: Move, view: Any) -> str:
        a = move.args
        act = move.action
        if act == "exclude":
            return _("Remove no tile") if a[0] == "none" else _("Remove {tile}").format(tile=N.place(a[0]))
        if act == "draw":
            n = int(a[0])
            return ngettext("Draw {n} follower", "Draw {n} followers", n).format(n=n)
        if act == "stop":
            return _("Stop drawing")
        if act == "tower":
            return _("{follower} onto the Gunpowder Tower").format(follower=N.follower(a[0]))
        if act == "retrieve":
            return _("Back to the market: {follower} from {place}").format(follower=N.follower(a[1]),
                                                                          place=N.place(a[0]))
        if act == "done":
            return _done_label(view)
        if act == "place":
            # the place first, so that a long planning menu reads grouped by place
            label = f"{N.place(a[1])} ← {N.follower(a[0])}{_slot_suffix(a[0], a[2])}"
            return label + (" " + _("(from the tower)") if len(a) > 3 else "")
        if act == "unplace":
            return _("Take back {follower} from {place}").format(follower=N.follower(a[1]), place=N.place(a[0]))
        if act == "act":
            effect = _act_effect(a[0], view)
            return f"{N.place(a[0])} — {effect}" if effect else N.place(a[0])
        if act == "pass":
            return _("Pass")
        if act == "village":
            return f"{N.follower(a[0])} — {_village_bonus(a[0], view)}"
        if act == "tile":
            return _("{tile} — stack {stack}").format(tile=N.place(a[0]), stack=ROMAN[PLACES[a[0]].stack])
        if act == "go":
            goods = _route_goods(a[0], view)
            return f"→ {N.city(a[0])}" + (f" — {goods}" if goods else "")
        if act == "take":
            return _("Take nothing") if a[0] == "none" else _("Take {good}").format(good=N.good(a[0]))
        if act == "deed":
            if a[0] == "none":
                return _("Send no more")
            return f"{N.follower(a[0])} → {N.deed(a[1])} — {_deed_reward(a[1])}"
        if act == "canal":
            return _("1 coin") if a[0] == "coin" else _("1 development point")
        if act == "pay":
            n = int(a[0])
            return ngettext("Pay {n} coin for {n} development point", "Pay {n} coins for {n} development points",
                            n).format(n=n)
        if act == "keep":
            return _("Keep {follower} on {place}").format(follower=N.follower(a[0]), place=N.place(a[1])) \
                + _slot_suffix(a[0], a[2])
        if act == "tech":
            return _("Technology tile: {place} → {slot}").format(place=N.place(a[0]), slot=N.slot(a[1]))
        if act == "sacristy":
            return _("Use the Sacristy") if a[0] == "use" else _("Do not use the Sacristy")
        if act == "food":
            return _("Give up {good}").format(good=N.good(a[0]))
        if act == "give":
            return self._give_label(a)
        return move.notation

    @staticmethod
    def _give_label(a: tuple[str, ...]) -> str:
        item, what = a[0], (a[1] if len(a) > 1 else "")
        if item == "station":
            return _("Trading station from your supply") if what == "supply" else \
                _("Trading station in {city}").format(city=N.city(what))
        if item == "follower":
            return _("A random follower from your bag")
        if item == "dev":
            return _("1 development point")
        if item == "good":
            return _("Goods tile: {good}").format(good=N.good(what))
        if item == "tile":
            return _("Place tile: {tile}").format(tile=N.place(what))
        if what == "supply":
            return _("Technology tile from your supply")
        return _("Technology tile on {place}").format(place=N.place(what))

    # --- narration -----------------------------------------------------------------------------------------------
    def narrate(self, event: Event, names: list[str]) -> str | None:
        p = event.params
        k = event.kind
        player = names[event.seat] if event.seat is not None and event.seat < len(names) else ""
        if k == "round_started":
            return _("Round {round} of 18. Event: {event} — {effect}.").format(
                round=p["round"], event=N.event(p["event"]), effect=N.name("orleans.event.effect", p["event"]))
        if k == "census":
            return self._census(p, names)
        if k in ("coins_gained", "coins_paid"):
            template = _("{player} gains {coins} ({reason}).") if k == "coins_gained" else \
                _("{player} pays {coins} ({reason}).")
            return template.format(player=player, coins=coins_taken(p["amount"]), reason=self._reason(p["reason"]))
        if k == "drawn":
            text = _("{player} draws: {followers}.").format(player=player, followers=_followers(p["followers"]))
            if p.get("tower"):
                text += " " + _("Onto the Gunpowder Tower: {followers}.").format(followers=_followers(p["tower"]))
            return text
        if k == "placed" and p.get("tower"):
            k = "placed_tower"
        if k == "plans_revealed":
            return self._plans(p["plans"], names)
        if k == "development":
            if not p["points"]:
                return _("{player}'s development marker is already at the end of the track.").format(player=player)
            return ngettext("{player} advances {n} space on the development track (to {position}).",
                            "{player} advances {n} spaces on the development track (to {position}).",
                            p["points"]).format(player=player, n=p["points"], position=p["position"])
        if k == "bonus_missed":
            bonus = {"good": _("no good of that kind is left"), "tech": _("no technology tile is left"),
                     "tile": _("no place tile is left")}.get(p["bonus"], p["bonus"])
            return _("{player} gets no bonus: {bonus}.").format(player=player, bonus=bonus)
        if k == "good_gained":
            where = _("from the goods market") if p["source"] == "market" else _("from the way")
            return _("{player} takes a good {where}: {good}.").format(player=player, where=where,
                                                                       good=N.good(p["good"]))
        if k == "merchant_moved":
            template = _("{player}'s merchant sails from {origin} to {city}.") if p["kind"] == "river" else \
                _("{player}'s merchant rides from {origin} to {city}.")
            return template.format(player=player, origin=N.city(p["from"]), city=N.city(p["to"]))
        if k == "passed":
            return (_("{player} has nothing to perform and passes.") if p.get("auto") else
                    _("{player} passes.")).format(player=player)
        if k == "plague":
            if p["lost"]:
                return _("Plague: {player} loses {follower}, back to the supply.").format(
                    player=player, follower=N.follower(p["follower"]))
            return _("Plague: {player} draws {follower}, of their own colour, and loses nothing.").format(
                player=player, follower=N.follower(p["follower"]))
        if k == "tortured":
            return _("{player} is short of {coins} ({reason}): one item must be given up per missing coin.").format(
                player=player, coins=coins_taken(p["debt"]), reason=self._reason(p["reason"]))
        if k == "gave_up":
            return _("{player} gives up: {item}.").format(player=player, item=self._given(p["item"], p.get("what")))
        if k == "majority":
            if event.seat is None:
                return _("Nobody alone has the most trading stations: that citizen goes to nobody.")
            return _("{player} has the most trading stations.").format(player=player)
        if k == "game_over":
            winners = p["winners"]
            if len(winners) > 1:
                return _("Game over: {players} share the victory!").format(
                    players=_join([names[w] for w in winners]))
            if winners:
                return _("Game over: {player} wins with {points} points!").format(
                    player=names[winners[0]], points=p["totals"][winners[0]])
            return _("Game over.")
        template = _EVENTS.get(k)
        if template is None:
            return None
        values: dict[str, Any] = {"player": player}
        for key, fn in (("follower", N.follower), ("place", N.place), ("good", N.good), ("city", N.city),
                        ("deed", N.deed), ("event", N.event)):
            if key in p:
                values[key] = fn(p[key])
        if "tile" in p:
            values["tile"] = N.place(p["tile"])
        if "citizen" in p:
            values["citizen"] = N.name("orleans.citizen", p["citizen"])
        if "track" in p:
            values["track"] = N.name("orleans.track", p["track"])
        if "followers" in p:
            values["followers"] = _followers(p["followers"])
        if "slot" in p:
            values["slot"] = N.slot(p["slot"]) if k == "tech_placed" else _slot_suffix(p["follower"], p["slot"])
        if "stack" in p:
            values["stack"] = ROMAN.get(p["stack"], p["stack"])
        if "amount" in p:
            values["coins"] = coins(p["amount"])
        for key in ("drawn", "limit", "position", "level"):
            if key in p:
                values[key] = p[key]
        return translate(template).format(**values)

    def _census(self, p: dict[str, Any], names: list[str]) -> str:
        leader, last = p.get("leader"), p.get("last")
        if leader is None and last is None:
            return _("Census: nobody alone leads or trails on the farmer track.")
        parts = []
        if leader is not None:
            parts.append(_("{player} leads on the farmer track and gains 1 coin").format(player=names[leader]))
        if last is not None:
            parts.append((_("{player} trails and pays 1 coin") if p.get("pays") else
                          _("{player} trails (with two players nobody pays)")).format(player=names[last]))
        return _("Census: {result}.").format(result="; ".join(parts))

    def _reason(self, reason: str) -> str:
        if reason in N.REASONS:
            return N.name("orleans.reason", reason)
        if reason in N.PLACES:
            return N.place(reason)
        if reason in N.EVENTS:
            return N.event(reason)
        return reason

    @staticmethod
    def _given(item: str, what: str | None) -> str:
        if item == "station":
            return _("a trading station of the supply") if what == "supply" or not what else \
                _("the trading station in {city}").format(city=N.city(what))
        if item == "follower":
            return _("a follower from the bag ({follower})").format(follower=N.follower(what)) if what else \
                _("a follower from the bag")
        if item == "dev":
            return _("a development point")
        if item == "good":
            return N.good(what) if what else _("a good")
        if item == "tile":
            return N.place(what) if what else _("a place tile")
        if what and what != "supply":
            return _("the technology tile on {place}").format(place=N.place(what))
        return _("a technology tile of the supply")

    def _plans(self, plans: dict[str, list[list[str]]], names: list[str]) -> str:
        lines = [_("The plans are revealed:")]
        for seat_text, placed in sorted(plans.items(), key=lambda kv: int(kv[0])):
            seat = int(seat_text)
            who = names[seat] if seat < len(names) else seat_text
            by_place: dict[str, list[str]] = {}
            for f, place, slot in placed:
                by_place.setdefault(place, []).append(N.follower(f) + _slot_suffix(f, slot))
            what = "; ".join(f"{N.place(pl)} ← {_join(fs)}" for pl, fs in by_place.items()) or _("nothing")
            lines.append(f"• {who} — {what}")
        return "\n".join(lines)

    # --- prompts and errors --------------------------------------------------------------------------------------
    def prompt(self, pending: Pending, view: Any, names: list[str]) -> str:
        p = pending.params
        kind = pending.kind
        values: dict[str, Any] = {"player": names[pending.seat] if pending.seat < len(names) else ""}
        if kind == "plan" and p.get("secret"):
            kind = "plan_secret"
        elif kind == "tile" and len(p.get("stacks", ())) > 1:
            kind = "tile_both"
        elif kind == "route":
            kind = "route_river" if p.get("kind") == "river" else "route_road"
            values["city"] = N.city(p["city"]) if p.get("city") in N.CITIES else ""
        elif kind == "deed" and p.get("sent") and p.get("place") == "gunpowder_tower":
            kind = "deed_more"
        template = _PROMPTS.get(kind)
        if template is None:
            return _("{player}, your turn.").format(**values)
        values.update(can_draw=p.get("can_draw", 0), allowed=p.get("allowed", 0), coins=coins(p.get("coins", 0)),
                      tiles=p.get("tiles", 0))
        if "goods" in p:
            values["goods"] = _join([N.good(g) for g in p["goods"]])
        if "followers" in p:
            values["followers"] = _followers(p["followers"])
        if "foods" in p:
            values["foods"] = _join([N.good(g) for g in p["foods"]])
        if p.get("event") in N.EVENTS:
            values["event"] = N.event(p["event"])
        if kind == "torture":
            values["coins"] = coins_taken(p.get("debt", 0))
        values.setdefault("event", "")
        values.setdefault("goods", "")
        values.setdefault("followers", "")
        values.setdefault("foods", "")
        values.setdefault("city", "")
        return translate(template).format(**values)

    def error(self, code: str, params: dict[str, Any]) -> str | None:
        template = _ERRORS.get(code)
        if template is None:
            return None
        values = dict(params)
        if code == "orleans.error.already_done":
            return translate(_ALREADY_DONE.get(values.get("phase", ""), template))
        for key, table in (("follower", "orleans.follower"), ("place", "orleans.place"), ("tile", "orleans.place"),
                           ("city", "orleans.city"), ("good", "orleans.good"), ("deed", "orleans.deed")):
            if values.get(key) in N.TABLES[table]:
                values[key] = N.name(table, values[key])
        if values.get("slot") is not None and (values["slot"] in N.SLOTS or values["slot"] in N.FOLLOWERS):
            values["slot"] = N.slot(values["slot"])
        if values.get("kind") in N.FOLLOWERS:
            values["kind"] = N.follower(values["kind"])
        elif values.get("kind") in ("road", "river"):
            values["kind"] = _("road") if values["kind"] == "road" else _("river")
        if values.get("track") in N.TRACKS:
            values["track"] = N.name("orleans.track", values["track"])
        if "coins" in values and isinstance(values["coins"], int):
            values["coins"] = coins(values["coins"])
        if "expected" in values:
            values["expected"] = translate(_DECISIONS.get(values["expected"], values["expected"]))
        if isinstance(values.get("waiting"), list):
            values["waiting"] = _join([str(s + 1) for s in values["waiting"]])
        # a code raised without some of its parameters: "…" in their place
        return translate(template).format_map(_Missing(values))

    def option_labels(self) -> dict[str, str]:
        return {k: translate(v) for k, v in _OPTION_LABELS.items()}

    # --- the table as text ---------------------------------------------------------------------------------------
    def summary(self, view: Any, names: list[str]) -> str:
        lines: list[str] = []
        over = view.outcome is not None or view.phase == "over"
        if over:
            lines.append(_("The game is over."))
        else:
            head = _("Round {round} of {rounds} — {phase}.").format(
                round=view.round, rounds=view.rounds, phase=N.name("orleans.phase", view.phase))
            if view.event:
                head += " " + _("Event: {event} — {effect}.").format(
                    event=N.event(view.event), effect=N.name("orleans.event.effect", view.event))
            lines.append(head)
        lines.append(_("Goods market: {goods}.").format(
            goods=_join([f"{N.good(g)} {n}" for g, n in view.goods_market.items()])))
        lines.append(_("Supply: {followers}; technology tiles {tech}.").format(
            followers=_join([f"{N.name('orleans.followers', k)} {n}" for k, n in view.supply.items()]),
            tech=view.tech_supply))
        for p in view.players:
            name = names[p.seat] if p.seat < len(names) else str(p.seat + 1)
            turn = view.turn == p.seat or (p.deciding and view.turn is None)
            marker = "▶ " if turn and not over and not view.stopped else "  "
            lines.append(marker + _("{player}: {coins}, {points} points; development {dev} (level {level}); "
                                    "merchant in {city}").format(
                player=name, coins=coins(p.coins), points=p.score.get("total", 0), dev=p.dev, level=p.level,
                city=N.city(p.merchant)))
            goods = _join([f"{N.good(g)} {n}" for g, n in p.goods.items() if n])
            stations = _join([N.city(c) for c in p.built])
            lines.append("    " + _("Goods: {goods}. Stations: {stations}. Citizens: {citizens}.").format(
                goods=goods or "—", stations=stations or "—", citizens=len(p.citizens)))
            market = _followers([f for f, n in p.market.items() for _i in range(n)] + list(p.tower))
            bag = (_join([f"{N.follower(f)} {n}" for f, n in p.bag.items()]) if p.bag is not None
                   else str(p.bag_size)) or "—"
            lines.append("    " + _("Market: {market}. Bag ({size}): {bag}.").format(
                market=market, size=p.bag_size, bag=bag))
            if p.activated:
                lines.append("    " + _("Activated: {places}.").format(places=_join([N.place(x) for x in p.activated])))
        return "\n".join(lines)

    def headline(self, outcome: Outcome, names: list[str]) -> str:
        winners = outcome.winners
        if not winners:
            return ""
        if len(winners) > 1:
            return _("{players} share the victory!").format(players=_join([names[w] for w in winners]))
        template = _VICTORIES.get(outcome.victory or "points", _VICTORIES["points"])
        return translate(template).format(player=names[winners[0]],
                                          points=outcome.scores.get(winners[0], {}).get("total", 0))


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return "…"


_PRESENTER = OrleansPresenter()


def label_of(notation: str, view: Any) -> str:
    """The label of a move given in notation (for the options image, which draws from a view's notations)."""
    return _PRESENTER.move_label(Move.parse(notation), view)
