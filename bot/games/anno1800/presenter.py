"""Anno 1800 in words: move labels, narration, prompts, errors and the table as text.

Written from the engine's tables: the decisions and their moves (``rules/anno1800/decisions.py``), the events and
their parameters (``events.py``), the refusals (``IllegalMove("anno1800.error.*")`` across the engine) and the view
(``view.py``).

Wording decisions:

- A label starts with what it is about and never reads as notation ("<word>: ..."): "Build Timber (workers)",
  "Upgrade Farmer — Residential district", a payment as what it uses ("Timber by farmers, Coal traded").
- Names stay in the nominative after a colon or a dash, so Russian and Italian need no declension of the names.
- Each error reads well without its parameters (missing ones show as "…").
"""

from __future__ import annotations

from typing import Any

from bot.games import Presenter
from bot.games.anno1800 import names as N
from bot.i18n import LOCALES, N_, _, ngettext, pgettext, translate, use_locale
from rules.anno1800.data import BUILDINGS, CARDS, RESOURCES, TIER_LETTERS, TIERS
from rules.contract import Event, Move, Outcome, Pending


def gold(n: int) -> str:
    return ngettext("{n} gold", "{n} gold", n).format(n=n)


def trade_tokens(n: int) -> str:
    return ngettext("{n} trade token", "{n} trade tokens", n).format(n=n)


def _join(items: list[str]) -> str:
    return ", ".join(items)


def _of(view: Any, field: str, default: Any = None) -> Any:
    return getattr(view, field, default) if view is not None else default




def _resources(ids: list[str]) -> str:
    counts: dict[str, int] = {}
    for r in ids:
        counts[r] = counts.get(r, 0) + 1
    return _join([N.resource(r) + (f" ×{n}" if n > 1 else "") for r, n in counts.items()]) or "—"


def _needs(card: str) -> str:
    return " + ".join(N.resource(RESOURCES[u]) for u in CARDS[card].cost.units)


_CARD_EFFECTS = {
    "gain_cubes": N_("{tiers} +{n}"),
    "free_upgrades": N_("free upgrades ×{n} ({tiers})"),
    "gain_trade_tokens": N_("trade tokens +{n}"),
    "gain_exploration_tokens": N_("exploration tokens +{n}"),
    "gain_gold": N_("gold +{n}"),
    "gain_gold_and_trade_tokens": N_("gold +{gold}, trade tokens +{n}"),
    "expedition_cards": N_("expedition cards +{n}"),
    "new_world_resource": N_("one of {choices}"),
    "extra_action": N_("an extra action"),
    "return_cards": N_("return up to {n} cards"),
}


def card_effect(card: str) -> str:
    """What a population card does, in a few words ("Farmers +2", "gold +3")."""
    c = CARDS[card]
    template = _CARD_EFFECTS.get(c.effect)
    if template is None:
        return ""
    tiers = N.tiers(TIERS[c.tier]) if c.tier >= 0 else ""
    choices = " / ".join(N.resource(RESOURCES[r]) for r in c.choices)
    return translate(template).format(tiers=tiers, n=c.count or c.gold, gold=c.gold, choices=choices)


def _player(seat: Any, names: list[str] | None = None) -> str:
    if isinstance(seat, int) and names and 0 <= seat < len(names):
        return names[seat]
    return _("player {n}").format(n=int(seat) + 1) if isinstance(seat, int) or str(seat).isdigit() else "…"


# --- the moves ----------------------------------------------------------------------------------------------------
_ACTION_WORDS = {
    # TRANSLATORS: words a player may type to build an industry, shipyard or ship, separated by "|".
    "build": N_("build|construct"),
    # TRANSLATORS: words a player may type to play a population card, separated by "|".
    "play": N_("play"),
    # TRANSLATORS: words a player may type to swap population cards, separated by "|".
    "swap": N_("swap|exchange"),
    # TRANSLATORS: words a player may type to hire population cubes, separated by "|".
    "hire": N_("hire|workforce"),
    # TRANSLATORS: words a player may type to upgrade a population cube, separated by "|".
    "upgrade": N_("upgrade|promote"),
    # TRANSLATORS: words a player may type to take expedition cards, separated by "|".
    "expedition": N_("expedition|expeditions"),
    # TRANSLATORS: words a player may type to activate a played card, separated by "|".
    "activate": N_("activate|use"),
    # TRANSLATORS: words a player may type to end a shift (call cubes back for gold), separated by "|".
    "shift": N_("shift|shift end"),
    # TRANSLATORS: words a player may type to end the turn or a step, separated by "|".
    "end": N_("end|end turn|finish"),
    # TRANSLATORS: words a player may type to say they are done with a step, separated by "|".
    "done": N_("done|finish|enough"),
    # TRANSLATORS: words a player may type to choose a field, separated by "|".
    "field": N_("field|on|at"),
    # TRANSLATORS: words a player may type to take back a built token, separated by "|".
    "remove": N_("remove|take back"),
    # TRANSLATORS: words a player may type to pay, separated by "|".
    "pay": N_("pay"),
    # TRANSLATORS: words a player may type to take a New World resource, separated by "|".
    "take": N_("take|choose"),
    # TRANSLATORS: words a player may type to return a card under its deck, separated by "|".
    "return": N_("return|give back"),
}

_COVER = {
    "field": N_("Cover a built token"),
    "cover": N_("Cover a printed building"),
    "printed": N_("Cover the last industry of its resource"),
}

# --- narration ------------------------------------------------------------------------------------------------------
_REASONS = {
    "trade": N_("trade"),
    "card": N_("a card"),
    "aarhant": N_("Aarhant"),
    "hire": N_("hiring"),
    "no_card": N_("no card left in the deck"),
    "alonso": N_("Alonso Graves"),
}

_WHY = {
    "hire": N_("hiring"),
    "swap": N_("a swap"),
    "new_world": N_("the New World"),
    "card": N_("a card"),
    "old_world": N_("the Old World"),
    "expedition": N_("an expedition"),
    "editor": N_("The Editor"),
    "covered": N_("covered"),
    "removed": N_("taken back"),
}

_EFFECTS = {
    "gain_cubes": N_("new population cubes"),
    "free_upgrades": N_("free upgrades"),
    "gain_trade_tokens": N_("trade tokens"),
    "gain_exploration_tokens": N_("exploration tokens"),
    "gain_gold": N_("gold"),
    "gain_gold_and_trade_tokens": N_("gold and trade tokens"),
    "expedition_cards": N_("expedition cards"),
    "new_world_resource": N_("a New World resource"),
    "extra_action": N_("an extra action"),
    "return_cards": N_("returning cards"),
}

_PROMPTS = {
    "turn": N_("{player}, choose an action ({left} left), a free operation, or end your turn."),
    "build": N_("{player}, what do you build?"),
    "ships": N_("{player}, build another ship on a free shipyard, or be done."),
    "remove": N_("{player}, which built token do you take back to the board?"),
    "field": N_("{player}, where does {item} go?"),
    "cover": N_("{player}, which built token does {item} cover?"),
    "printed": N_("{player}, which printed building does {item} cover?"),
    "last": N_("{player}, which last industry of its resource does {item} cover?"),
    "pay": N_("{player}, how do you pay for {item}?"),
    "pay_hire": N_("{player}, how do you pay for hiring a {tier}?"),
    "pay_upgrade": N_("{player}, how do you pay for upgrading a {tier}?"),
    "partner": N_("{player}, whom do you trade with?"),
    "tokens": N_("{player}, Beryl O'Mara: how many trade tokens do you pay as exploration tokens?"),
    "hire": N_("{player}, hire a cube ({count} hired of up to 3), or be done."),
    "upgrade": N_("{player}, upgrade a cube ({count} done of up to 3), or be done."),
    "swap": N_("{player}, choose a card to swap ({count} chosen of up to 3), or be done."),
    "shift": N_("{player}, which cube does the shift end call back?"),
    "resource": N_("{player}, {card}: which New World resource do you take?"),
    "free_upgrade": N_("{player}, {card}: a free upgrade of a {tier} ({left} left), or be done."),
    "return_cards": N_("{player}, {card}: return a card under its deck ({left} left), or be done."),
    "editor": N_("{player}, The Editor: which card do you return?"),
    "activate": N_("{player}, which played card do you activate?"),
}

_DECISIONS = {
    "turn": N_("choose an action or end the turn"),
    "build": N_("choose what to build"),
    "ships": N_("build another ship or be done"),
    "remove": N_("take back a built token"),
    "field": N_("choose a field"),
    "cover": N_("choose a token to cover"),
    "printed": N_("choose a printed building to cover"),
    "last": N_("choose the industry to cover"),
    "pay": N_("choose how to pay"),
    "partner": N_("choose trade partners"),
    "tokens": N_("choose the tokens to pay"),
    "hire": N_("hire cubes"),
    "upgrade": N_("upgrade cubes"),
    "swap": N_("choose cards to swap"),
    "shift": N_("choose a cube to call back"),
    "resource": N_("choose a New World resource"),
    "free_upgrade": N_("use the free upgrades"),
    "return_cards": N_("return cards"),
    "editor": N_("return a card for The Editor"),
    "activate": N_("choose a card to activate"),
}

_ERRORS = {
    "anno1800.error.wrong_decision": N_("That move does not answer the current decision: {expected}."),
    "anno1800.error.unknown_card": N_("There is no card called “{name}” in Anno 1800."),
    "anno1800.error.unknown_building": N_("There is no industry, shipyard or ship called “{name}”."),
    "anno1800.error.unknown_tier": N_("There is no population level called “{name}”."),
    "anno1800.error.unknown_resource": N_("There is no resource called “{name}”."),
    "anno1800.error.not_a_number": N_("“{value}” is not a number I can use here."),
    "anno1800.error.bad_plan": N_("“{plan}” is not a way to pay for this."),
    "anno1800.error.bad_count": N_("You may take 1 to {most} expedition cards, not {count}."),
    "anno1800.error.bad_beryl": N_(
        "Beryl O'Mara: pay {least} to {most} trade tokens as exploration tokens, not {count}."
    ),
    "anno1800.error.bad_partners": N_("“{partners}” does not name one partner per traded resource ({trades})."),
    "anno1800.error.not_best_partners": N_("The partners “{partners}” are not one of the cheapest ways to trade."),
    "anno1800.error.bad_layout": N_("This recorded setup is not a valid Anno 1800 setup ({what})."),
    "anno1800.error.no_action_left": N_("You have no action left this turn."),
    "anno1800.error.no_action_taken": N_("Take an action before you end your turn."),
    "anno1800.error.already_chosen": N_("{card} is already chosen."),
    "anno1800.error.already_traded": N_("You already traded for {resource} this turn."),
    "anno1800.error.trade_once": N_("Each resource may be traded once per action: {resource}."),
    "anno1800.error.trade_with_self": N_("You cannot trade with yourself."),
    "anno1800.error.partner_lacks": N_("{partner} does not make {resource} with a free workplace."),
    "anno1800.error.nobody_makes": N_("Nobody can make {resource} for you now."),
    "anno1800.error.cannot_trade_new_world": N_("{resource} comes from the New World: it is never traded."),
    "anno1800.error.cannot_pay": N_("You cannot pay for it: {resources} cannot all be made, traded or imported."),
    "anno1800.error.no_source": N_("You have no way to get {resource}."),
    "anno1800.error.no_new_world_resource": N_("None of your New World islands has {resource}."),
    "anno1800.error.not_new_world": N_("{resource} does not come from the New World: it is never imported."),
    "anno1800.error.not_held": N_("You hold no {resource} this turn."),
    "anno1800.error.not_offered": N_("{resource} is not one of this card's choices."),
    "anno1800.error.no_workplace": N_("No free workplace of {tier} makes {resource}."),
    "anno1800.error.no_cube": N_("You need {need} {tier} cube(s) in your district and have {have}."),
    "anno1800.error.no_cube_there": N_("There is no {tier} cube on {place}."),
    "anno1800.error.no_used_cube": N_("You have no cube on a workplace or in the exhausted area to call back."),
    "anno1800.error.no_supply": N_("The supply has no {tier} cube left."),
    "anno1800.error.top_tier": N_("Investors are the highest level: they cannot be upgraded."),
    "anno1800.error.wrong_tier": N_("This card upgrades only {allowed}, not {tier}."),
    "anno1800.error.step_limit": N_("At most {limit} in one action."),
    "anno1800.error.nothing_to_upgrade": N_("You have no cube you can upgrade now."),
    "anno1800.error.not_enough_gold": N_("You need {need} and have {have}."),
    "anno1800.error.not_enough_tokens": N_("You need {need} {kind} token(s) and have {have}."),
    "anno1800.error.not_enough_cards": N_("Only {left} card(s) are left: you cannot take {count}."),
    "anno1800.error.deck_empty": N_("The deck {deck} is empty."),
    "anno1800.error.stack_empty": N_("No island tile is left in that stack."),
    "anno1800.error.island_limit": N_("You may have at most {limit} islands of that world."),
    "anno1800.error.hand_empty": N_("Your hand is empty."),
    "anno1800.error.last_card_stays": N_("At this table the game ends when someone plays their last card: "
                                         "your last card can only be played."),
    "anno1800.error.not_in_hand": N_("{card} is not in your hand."),
    "anno1800.error.nothing_to_swap": N_("You have no card to swap."),
    "anno1800.error.nothing_chosen": N_("Choose at least one card to swap first."),
    "anno1800.error.nothing_else": N_("There is nothing else to do in this step."),
    "anno1800.error.nothing_to_activate": N_("You have no played card to activate."),
    "anno1800.error.not_activatable": N_("{card} cannot be activated now."),
    "anno1800.error.effect_lapsed": N_("The effect of {card} may be used only in the turn it is played."),
    "anno1800.error.cannot_gain_cubes": N_("{card} cannot give its cubes: neither cards nor gold are enough."),
    "anno1800.error.objective_not_in_play": N_("{objective} is not one of the objectives in play."),
    "anno1800.error.once_a_turn": N_("{objective} can be used once per turn."),
    "anno1800.error.nothing_to_build": N_("There is nothing you can build now."),
    "anno1800.error.not_buildable": N_("{building} cannot be built now."),
    "anno1800.error.identical_industry": N_("You already have {building}: no identical industry twice."),
    "anno1800.error.no_token_left": N_("No token of {building} is left on the board."),
    "anno1800.error.no_shipyard": N_("You need a free shipyard of strength {strength} or more."),
    "anno1800.error.ships_only": N_("After a ship only more ships may be built in this action."),
    "anno1800.error.no_token_to_remove": N_("You have no built token to take back."),
    "anno1800.error.one_removal": N_("Only one token may be taken back per build action."),
    "anno1800.error.no_such_field": N_("There is no field “{field}” on your islands."),
    "anno1800.error.wrong_field": N_("{building} cannot go on {field}: that is {kind}."),
    "anno1800.error.nothing_there": N_("There is nothing to take back on {field}."),
    "anno1800.error.printed_building": N_("The building on {field} is printed: it cannot be taken back."),
    "anno1800.error.nothing_left_to_build": N_("There is no field left where it fits."),
    "anno1800.error.nothing_to_cover": N_("There is nothing it may cover."),
    "anno1800.error.must_cover": N_("{building} must cover your printed {printed}."),
    "anno1800.error.field_free": N_("{field} is free: choose it, no need to cover."),
    "anno1800.error.not_that_deep": N_("{field} may not be covered while a better field is open."),
    "anno1800.error.cover_first": N_("{field} is taken: say “cover” first to cover a built token."),
    "anno1800.error.cover_printed_first": N_("{field} holds a printed building: choose to cover a printed one first."),
    "anno1800.error.cover_last_first": N_("{field} holds the last maker of its resource: choose that first."),
}

_OPTION_LABELS = {
    "objectives": N_("objectives: random (default, 5 of the 15 known) or first_game (the rulebook's first-game set)"),
    "first_player": N_("first_player: random (default), or 0 to 3"),
    "investor_hire": N_("investor_hire: long (default) or short (the other levels' pattern)"),
    "gain_cubes": N_("gain_cubes: partial (default) or all_or_nothing (the Italian rulebook)"),
    "end_trigger": N_("end_trigger: empty_hand (default) or last_card_played"),
    "alternatives": N_("alternatives: in_addition (default) or cover_printed (the German rulebook)"),
}

_KINDS = {"trade": N_("trade"), "exploration": N_("exploration")}


class Anno1800Presenter(Presenter):
    game = "anno1800"
    ACTION_WORDS = _ACTION_WORDS
    SUBJECTS = {
        "play": ("anno1800.card",),
        "build": ("anno1800.building",),
        "swap": ("anno1800.card",),
        "return": ("anno1800.card",),
        "activate": ("anno1800.card",),
        "hire": ("anno1800.tier",),
        "upgrade": ("anno1800.tier",),
        "take": ("anno1800.resource",),
    }
    name = staticmethod(N.name)
    ALIASES = N.ALIASES
    SCORES = N.SCORE_CATEGORIES

    def title(self) -> str:
        return pgettext("game", "Anno 1800")

    def subjects(self) -> list[tuple[str, str]]:
        return [(t, k) for t in ("anno1800.card", "anno1800.building", "anno1800.tier", "anno1800.resource",
                                 "anno1800.objective") for k in N.TABLES[t]]

    def subject_aliases(self, table: str, key: str) -> list[str]:
        out = list(N.ALIASES.get(table, {}).get(key, ()))
        if table == "anno1800.building" and BUILDINGS[key].kind == "industry":
            # an industry is also what it makes: "build coal" offers the coal industries on offer
            resource = RESOURCES[BUILDINGS[key].resource]
            for locale in LOCALES:
                with use_locale(locale):
                    out.append(N.resource(resource))
            out += N.ALIASES["anno1800.resource"].get(resource, ())
        return out

    def move_subjects(self, move: Move) -> list[tuple[str, str]]:
        return [(t, x) for t, x in zip(self.SUBJECTS.get(move.action, ()), move.args) if x in N.TABLES[t]]

    # --- moves ---------------------------------------------------------------------------------------------------
    def move_label(self, move: Move, view: Any) -> str:
        a, act = move.args, move.action
        decision = _of(view, "decision", "")
        if not a and act in N.ACTIONS and act not in ("build", "shift") or (act == "build" and not a):
            return N.name("anno1800.action", act)
        if act == "shift" and not a:
            return N.name("anno1800.action", "shift")
        if act == "play":
            return _("Play {card} — {needs} → {effect}").format(card=N.card(a[0]), needs=_needs(a[0]),
                                                               effect=card_effect(a[0]))
        if act == "expedition":
            n = int(a[0])
            return ngettext("Take {n} expedition card", "Take {n} expedition cards", n).format(n=n)
        if act == "build":
            return _("Build {building}").format(building=N.building(a[0]))
        if act == "remove":
            if not a:
                return _("Take back a built token first")
            return _("Take back the token on {field}").format(field=N.field(a[0]))
        if act == "field":
            return _("Build on {field}").format(field=N.field(a[0])) if decision == "field" else \
                _("Cover {field}").format(field=N.field(a[0]))
        if act == "cover":
            return translate(_COVER.get(decision, _COVER["field"]))
        if act == "back":
            return _("Back to the choice of fields")
        if act == "done":
            return _("Done")
        if act == "hire":
            return _("Hire a {tier}").format(tier=N.tier(a[0]))
        if act == "upgrade":
            return _("Upgrade a {tier} — {place}").format(tier=N.tier(a[0]), place=N.place(a[1]))
        if act == "shift":
            return _("Shift end: {tier} — {place}").format(tier=N.tier(a[0]), place=N.place(a[1]))
        if act == "swap":
            return _("Swap {card}").format(card=N.card(a[0]))
        if act == "take":
            return _("Take {resource}").format(resource=N.resource(a[0]))
        if act == "return":
            return _("Return {card}").format(card=N.card(a[0]))
        if act == "activate":
            return _("Activate {card}").format(card=N.card(a[0]))
        if act == "pay":
            return self._pay_label(move, view)
        if act == "partners":
            return self._partners_label(move, view)
        if act == "beryl":
            k = int(a[0])
            return ngettext("Pay {k} trade token as {m} exploration tokens",
                            "Pay {k} trade tokens as {m} exploration tokens", k).format(k=k, m=2 * k)
        return move.notation

    @staticmethod
    def _option(move: Move, view: Any) -> Any:
        return next((o for o in _of(view, "options", []) if o.move == move.notation), None)

    def _pay_label(self, move: Move, view: Any) -> str:
        code = move.args[0]
        option = self._option(move, view)
        parts: list[str] = []
        if option is not None:
            for m in option.made:
                parts.append(_("{resource} by {tiers}").format(
                    resource=N.resource(m["resource"]) + (f" ×{m['count']}" if m["count"] > 1 else ""),
                    tiers=N.tiers(m["tier"]).lower()))
            for r in option.traded:
                parts.append(_("{resource} traded").format(resource=N.resource(r["resource"])))
            for m in option.imported:
                parts.append(_("{resource} imported").format(
                    resource=N.resource(m["resource"]) + (f" ×{m['count']}" if m["count"] > 1 else "")))
            for m in option.held:
                parts.append(_("{resource} held").format(
                    resource=N.resource(m["resource"]) + (f" ×{m['count']}" if m["count"] > 1 else "")))
        else:
            letters = {"h": _("held"), "t": _("traded"), "n": _("imported")}
            letters |= {c: N.tiers(TIERS[i]).lower() for i, c in enumerate(TIER_LETTERS)}
            parts = [letters.get(c, c) for c in code if c != "0"]
        if not parts:
            return _("Pay as it stands")
        return _("Pay with {sources}").format(sources=_join(parts))

    def _partners_label(self, move: Move, view: Any) -> str:
        option = self._option(move, view)
        if option is not None and option.traded:
            parts = [_("{resource} from {player} ({price})").format(
                resource=N.resource(t["resource"]), player=_player(t.get("seat")),
                price=trade_tokens(t.get("price", 0)))
                for t in option.traded]
            return _("Trade {trades}").format(trades=_join(parts))
        return _("Trade with {players}").format(players=_join([_player(int(d)) for d in move.args[0]]))

    # --- narration -----------------------------------------------------------------------------------------------
    def narrate(self, event: Event, names: list[str]) -> str | None:
        p, k = event.params, event.kind
        who = _player(event.seat, names) if event.seat is not None else ""
        fn = getattr(self, f"_ev_{k}", None)
        if fn is None:
            return None
        return fn(who, p, names)

    @staticmethod
    def _ev_turn_started(who: str, p: dict, names: list[str]) -> str:
        return _("Round {round}: {player}'s turn.").format(round=p.get("round", "…"), player=who)

    @staticmethod
    def _ev_action(who: str, p: dict, names: list[str]) -> str:
        return _("{player} takes an action: {action}.").format(
            player=who, action=N.name("anno1800.action", p["action"]))

    @staticmethod
    def _ev_extra_action(who: str, p: dict, names: list[str]) -> str:
        source = N.objective("obj_alonso_graves") if p.get("source") == "alonso" else _("a card")
        return _("{player} gains an extra action ({source}).").format(player=who, source=source)

    @staticmethod
    def _ev_produced(who: str, p: dict, names: list[str]) -> str:
        return _("{player} makes {resource} ({tier}, {field}).").format(
            player=who, resource=N.resource(p["resource"]), tier=N.tier(p["tier"]), field=N.field(p["field"]))

    @staticmethod
    def _ev_cubes_exhausted(who: str, p: dict, names: list[str]) -> str:
        return _("{player} exhausts {tiers} ×{count}.").format(player=who, tiers=N.tiers(p["tier"]),
                                                              count=p["count"])

    @staticmethod
    def _ev_traded(who: str, p: dict, names: list[str]) -> str:
        return _("{player} trades with {partner} for {resource} ({tokens}).").format(
            player=who, partner=_player(p["partner"], names), resource=N.resource(p["resource"]),
            tokens=trade_tokens(p["price"]))

    @staticmethod
    def _ev_gold_gained(who: str, p: dict, names: list[str]) -> str:
        return _("{player} gains {gold} ({reason}).").format(
            player=who, gold=gold(p["amount"]), reason=translate(_REASONS.get(p["reason"], p["reason"])))

    @staticmethod
    def _ev_gold_paid(who: str, p: dict, names: list[str]) -> str:
        return _("{player} pays {gold} ({reason}).").format(
            player=who, gold=gold(p["amount"]), reason=translate(_REASONS.get(p["reason"], p["reason"])))

    @staticmethod
    def _ev_imported(who: str, p: dict, names: list[str]) -> str:
        return _("{player} imports {resource} ×{count} from the New World.").format(
            player=who, resource=N.resource(p["resource"]), count=p["count"])

    @staticmethod
    def _ev_held_used(who: str, p: dict, names: list[str]) -> str:
        return _("{player} uses {resource} ×{count} taken by a card.").format(
            player=who, resource=N.resource(p["resource"]), count=p["count"])

    @staticmethod
    def _ev_tokens_spent(who: str, p: dict, names: list[str]) -> str:
        return _("{player} spends {kind} tokens ×{count}.").format(
            player=who, kind=translate(_KINDS[p["kind"]]), count=p["count"])

    @staticmethod
    def _ev_tokens_gained(who: str, p: dict, names: list[str]) -> str:
        return _("{player} gains {kind} tokens ×{count} on a card.").format(
            player=who, kind=translate(_KINDS[p["kind"]]), count=p["count"])

    @staticmethod
    def _ev_built(who: str, p: dict, names: list[str]) -> str:
        return _("{player} builds {building} on {field}.").format(
            player=who, building=N.building(p["building"]), field=N.field(p["field"]))

    @staticmethod
    def _ev_building_removed(who: str, p: dict, names: list[str]) -> str:
        return _("{building} on {field} of {player} is gone ({why}).").format(
            player=who, building=N.building(p["building"]), field=N.field(p["field"]),
            why=translate(_WHY.get(p.get("why", ""), p.get("why", ""))))

    @staticmethod
    def _ev_card_played(who: str, p: dict, names: list[str]) -> str:
        return _("{player} plays {card}.").format(player=who, card=N.card(p["card"]))

    @staticmethod
    def _ev_card_activated(who: str, p: dict, names: list[str]) -> str:
        return _("{player} activates {card}: {effect}.").format(
            player=who, card=N.card(p["card"]), effect=translate(_EFFECTS.get(p["effect"], p["effect"])))

    @staticmethod
    def _ev_resource_taken(who: str, p: dict, names: list[str]) -> str:
        return _("{player} takes {resource} for this turn.").format(player=who, resource=N.resource(p["resource"]))

    @staticmethod
    def _ev_cubes_gained(who: str, p: dict, names: list[str]) -> str:
        return _("{player} gains {tiers} ×{count} (of {of}).").format(
            player=who, tiers=N.tiers(p["tier"]), count=p["count"], of=p.get("of", p["count"]))

    @staticmethod
    def _ev_cube_hired(who: str, p: dict, names: list[str]) -> str:
        return _("{player} hires a cube: {tier}.").format(player=who, tier=N.tier(p["tier"]))

    @staticmethod
    def _ev_cube_upgraded(who: str, p: dict, names: list[str]) -> str:
        return _("{player} upgrades a cube: {before} → {after} ({place}).").format(
            player=who, before=N.tier(p["from"]), after=N.tier(p["to"]), place=N.place(p["place"]))

    @staticmethod
    def _ev_shift_end(who: str, p: dict, names: list[str]) -> str:
        return _("{player} ends a shift: {tier} back from {place} for {gold}.").format(
            player=who, tier=N.tier(p["tier"]), place=N.place(p["place"]), gold=gold(p["gold"]))

    @staticmethod
    def _ev_festival(who: str, p: dict, names: list[str]) -> str:
        return _("{player} celebrates a festival: every cube and token is back.").format(player=who)

    @staticmethod
    def _ev_cards_drawn(who: str, p: dict, names: list[str]) -> str:
        return _("{player} draws {count} from {deck}.").format(player=who, count=p["count"], deck=N.deck(p["deck"]))

    @staticmethod
    def _ev_cards_received(who: str, p: dict, names: list[str]) -> str:
        return _("You receive: {cards}.").format(cards=_join([N.card(c) for c in p.get("cards", [])]) or "—")

    @staticmethod
    def _ev_cards_returned(who: str, p: dict, names: list[str]) -> str:
        return _("{player} returns {count} card(s) under their decks.").format(player=who,
                                                                             count=len(p.get("decks", [])))

    @staticmethod
    def _ev_cards_put_back(who: str, p: dict, names: list[str]) -> str:
        return _("You put back: {cards}.").format(cards=_join([N.card(c) for c in p.get("cards", [])]) or "—")

    @staticmethod
    def _ev_expeditions_drawn(who: str, p: dict, names: list[str]) -> str:
        return _("{player} takes {count} expedition card(s).").format(player=who, count=p["count"])

    @staticmethod
    def _ev_expeditions_received(who: str, p: dict, names: list[str]) -> str:
        return _("You receive: {cards}.").format(
            cards=_join([N.name("anno1800.expedition", c) for c in p.get("cards", [])]) or "—")

    @staticmethod
    def _ev_old_world(who: str, p: dict, names: list[str]) -> str:
        text = _("{player} opens up the Old World: {island}.").format(player=who, island=N.island(p["tile"]))
        if p.get("building"):
            text += " " + _("It has {building}.").format(building=N.building(p["building"]))
        return text

    @staticmethod
    def _ev_new_world(who: str, p: dict, names: list[str]) -> str:
        return _("{player} explores the New World: {island} — {resources}.").format(
            player=who, island=N.island(p["tile"]), resources=_resources(p.get("resources", [])))

    @staticmethod
    def _ev_resources_lost(who: str, p: dict, names: list[str]) -> str:
        return _("{player} loses the unused resources: {resources}.").format(
            player=who, resources=_resources(p.get("resources", [])))

    @staticmethod
    def _ev_effect_forfeited(who: str, p: dict, names: list[str]) -> str:
        return _("{player} did not use the effect of {card}: it is lost.").format(player=who, card=N.card(p["card"]))

    @staticmethod
    def _ev_end_triggered(who: str, p: dict, names: list[str]) -> str:
        return _("{player} has no card left and takes the fireworks ({points} points): this round is the last.")\
            .format(player=who, points=p.get("fireworks", 7))

    @staticmethod
    def _ev_final_round(who: str, p: dict, names: list[str]) -> str:
        return _("The final round begins (round {round}).").format(round=p.get("round", "…"))

    @staticmethod
    def _ev_turn_ended(who: str, p: dict, names: list[str]) -> str:
        return _("{player} ends the turn.").format(player=who)

    @staticmethod
    def _ev_game_over(who: str, p: dict, names: list[str]) -> str:
        winners = p.get("winners", [])
        if len(winners) > 1:
            return _("Game over: {players} share the victory!").format(
                players=_join([_player(w, names) for w in winners]))
        if winners:
            totals = p.get("totals", [])
            points = totals[winners[0]] if winners[0] < len(totals) else "…"
            return _("Game over: {player} wins with {points} points!").format(player=_player(winners[0], names),
                                                                             points=points)
        return _("Game over.")

    # --- prompts and errors --------------------------------------------------------------------------------------
    def prompt(self, pending: Pending, view: Any, names: list[str]) -> str:
        p = pending.params
        values: dict[str, Any] = {"player": _player(pending.seat, names)}
        item = p.get("item", "")
        values["item"] = N.building(item) if item in N.BUILDING_IDS else \
            N.card(item) if item in N.CARD_IDS else (item or "…")
        values["card"] = N.card(p["card"]) if p.get("card") in N.CARD_IDS else "…"
        values["tier"] = N.tier(p["tier"]) if p.get("tier") in N.TIERS else "…"
        values["left"] = p.get("left", p.get("actions", 0))
        values["count"] = p.get("count", 0)
        kind = pending.kind
        if kind == "pay" and p.get("purpose") in ("hire", "upgrade") and item in N.TIERS:
            kind = "pay_" + p["purpose"]
            values["tier"] = N.tier(item)
        template = _PROMPTS.get(kind)
        if template is None:
            return _("{player}, your turn.").format(**values)
        return translate(template).format(**values)

    def error(self, code: str, params: dict[str, Any]) -> str | None:
        template = _ERRORS.get(code)
        if template is None:
            return None
        values = dict(params)
        for key, fn, ids in (("resource", N.resource, N.RESOURCES), ("building", N.building, N.BUILDING_IDS),
                             ("printed", N.building, N.BUILDING_IDS), ("card", N.card, N.CARD_IDS),
                             ("objective", N.objective, N.OBJECTIVES_NAMES), ("deck", N.deck, N.DECKS),
                             ("field", N.field, N.FIELD_IDS), ("place", N.place, N.FIELD_IDS | N.PLACES),
                             ("tier", N.tier, N.TIERS), ("allowed", N.tier, N.TIERS)):
            if isinstance(values.get(key), str) and values[key] in ids:
                values[key] = fn(values[key])
        if isinstance(values.get("resources"), list):
            values["resources"] = _resources(values["resources"])
        if isinstance(values.get("field"), list):
            values["field"] = _join(values["field"][:3])
        if values.get("kind") in _KINDS:
            values["kind"] = translate(_KINDS[values["kind"]])
        elif values.get("kind") in N.FIELD_KINDS:
            values["kind"] = N.name("anno1800.field_kind", values["kind"])
        if isinstance(values.get("partner"), int):
            values["partner"] = _player(values["partner"])
        if code == "anno1800.error.not_enough_gold":
            for key in ("need", "have"):
                if isinstance(values.get(key), int):
                    values[key] = gold(values[key])
        if "expected" in values:
            values["expected"] = translate(_DECISIONS.get(values["expected"], values["expected"]))
        values = {k: v for k, v in values.items() if v is not None}
        return translate(template).format_map(_Missing(values))

    def option_labels(self) -> dict[str, str]:
        return {k: translate(v) for k, v in _OPTION_LABELS.items()}

    # --- the table as text ---------------------------------------------------------------------------------------
    def summary(self, view: Any, names: list[str]) -> str:
        lines: list[str] = []
        if view.over:
            lines.append(_("The game is over."))
        else:
            head = _("Round {round}.").format(round=view.round)
            if view.end_round:
                head += " " + _("The final round.")
            lines.append(head)
        lines.append(_("Objectives: {objectives}.").format(
            objectives=_join([N.objective(o) for o in view.objectives]) or "—"))
        lines.append(_("Decks: {decks}; Old World islands {old}, New World islands {new}.").format(
            decks=_join([f"{N.deck(d)} {n}" for d, n in view.deck_sizes.items()]), old=view.old_world_tiles,
            new=view.new_world_tiles))
        for p in view.players:
            name = _player(p.seat, names)
            marker = "▶ " if not view.over and view.current == p.seat else "  "
            lines.append(marker + _("{player}: {gold}, {cards} card(s) in hand, {played} played, {expeditions} "
                                    "expedition card(s)").format(
                player=name, gold=gold(p.gold), cards=p.hand_size, played=len(p.played),
                expeditions=p.expedition_count))
            lines.append("    " + _("District: {district}. Exhausted: {exhausted}.").format(
                district=_join([f"{N.tiers(t)} {n}" for t, n in p.district.items() if n]) or "—",
                exhausted=_join([f"{N.tiers(t)} {n}" for t, n in p.exhausted.items() if n]) or "—"))
            t = p.tokens
            lines.append("    " + _("Trade tokens {trade} of {trade_cap}; exploration tokens {explore} of "
                                    "{explore_cap}; buildings {buildings}.").format(
                trade=t.trade_available, trade_cap=t.trade_capacity, explore=t.exploration_available,
                explore_cap=t.exploration_capacity, buildings=p.buildings))
        return "\n".join(lines)

    def headline(self, outcome: Outcome, names: list[str]) -> str:
        winners = outcome.winners
        if not winners:
            return ""
        if len(winners) > 1:
            return _("{players} share the victory!").format(players=_join([_player(w, names) for w in winners]))
        return _("{player} wins with {points} points!").format(
            player=_player(winners[0], names), points=outcome.scores.get(winners[0], {}).get("total", 0))


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return "…"


_PRESENTER = Anno1800Presenter()


def label_of(notation: str, view: Any) -> str:
    """The label of a move given in notation (for the options image, which draws from a view's notations)."""
    return _PRESENTER.move_label(Move.parse(notation), view)
