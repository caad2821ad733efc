"""7 Wonders (and Armada) in words: move labels, narration, prompts, errors and the table as text.

Hidden information stays out of every public line: a wonder stage or a discard never names its card, a choice is
announced without what was chosen, and an exploration without the islands offered.
"""

from __future__ import annotations

from typing import Any

from bot.games import Presenter
from bot.games.wonders import names as names_
from bot.i18n import N_, _, ngettext, pgettext, translate
from rules.contract import Event, Move, Outcome, Pending
from rules.wonders.data import NO_CARD

PARTNERS = {
    "left": N_("the left neighbour"),
    "right": N_("the right neighbour"),
    "far_left": N_("the player two seats to the left"),
    "far_right": N_("the player two seats to the right"),
}


def coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _join(items: list[str]) -> str:
    return ", ".join(items)


def _resources(letters: str) -> str:
    """``"SSP"`` -> ``"2 × stone, papyrus"``."""
    counts = {r: letters.count(r) for r in dict.fromkeys(letters)}
    return _join([(f"{n} × " if n > 1 else "") + names_.name("wonders.resource", r) for r, n in counts.items()])


_EVENTS = {
    "age_started": N_("Age {age} begins: {size} cards each, passed to the {direction} after every turn."),
    "sides_revealed": N_("Wonder sides: {sides}."),
    "turn_revealed": N_("Age {age}, turn {turn}: the choices are revealed."),
    "card_discarded": N_("{player} discards a card and takes 3 coins."),
    "last_discarded": N_("{player} discards the last card of the age."),
    "invasion": N_("{player} launches an invasion against {target}."),
    "pirates": N_("{player}'s pirates strike: every other player loses 1 coin per commercial level."),
    "island_drawn": N_("{player} draws the island {island}."),
    "island_kept": N_("{player} keeps the island {island}."),
    "exploration_empty": N_("{player} finds no island of level {level} left to explore."),
    "advance_lost": N_("{player}'s {fleet} cannot advance any further."),
    "advance_lost_all": N_("None of {player}'s ships can advance any further."),
    "revive_nothing": N_("{player} finds nothing to build in the discard pile."),
    "revive_declined": N_("{player} builds nothing from the discard pile."),
    "age_ended": N_("Age {age} is over."),
    "hands_passed": N_("The hands pass to the {direction}."),
}

_PROMPTS = {
    "side": N_("{player}, choose the side of your wonder board (A or B)."),
    "turn": N_("{player}, choose a card of your hand and what to do with it."),
    "last": N_("{player}, play the last card of the age (Babylon) or let it go."),
    "island": N_("{player}, choose the island to keep."),
    "advance": N_("{player}, choose the ships to advance."),
    "revive": N_("{player}, choose a card of the discard pile to build for free, or build nothing."),
    "naval": N_("{player}, will you take part in this age's naval conflict?"),
}

_DECISIONS = {
    "side": N_("choose a side"),
    "turn": N_("choose a card"),
    "last": N_("play the last card"),
    "island": N_("choose an island"),
    "advance": N_("choose ships"),
    "revive": N_("build from the discard pile"),
    "naval": N_("take part in the naval conflict or not"),
}

_ERRORS = {
    "wonders.error.unknown_card": N_("There is no card called “{name}” in 7 Wonders."),
    "wonders.error.unknown_colour": N_("There is no fleet “{name}”: red, yellow, blue or green."),
    "wonders.error.unknown_side": N_("Choose side A or B."),
    "wonders.error.unknown_naval": N_("Answer “in” or “out”."),
    "wonders.error.card_not_in_hand": N_("{card} is not in your hand."),
    "wonders.error.already_built": N_("{card} is already in your city: a city never holds two structures with the same name."),
    "wonders.error.already_chosen": N_("You have already chosen for this turn; wait for the others."),
    "wonders.error.cannot_pay": N_("You cannot pay for {card} that way."),
    "wonders.error.cannot_pay.coins": N_("You cannot afford {what}: it takes {needed} at the cheapest, and you have "
                                         "{coins}."),
    "wonders.error.cannot_pay.missing": N_("You cannot build {what}: {missing} cannot be found in your city or bought "
                                           "from your neighbours."),
    "wonders.error.bad_plan": N_("I cannot read the payment plan “{plan}”."),
    "wonders.error.no_such_plan": N_("That is not a possible way to pay for {card} now: choose one of the offered plans."),
    "wonders.error.unknown_island": N_("There is no island called “{name}”."),
    "wonders.error.unknown_advance": N_("Name the ships to advance by colour, e.g. advance:blue_red."),
    "wonders.error.no_stage_left": N_("Your wonder is complete: no stage is left to build."),
    "wonders.error.free_build_used": N_("You have already used your free build this age."),
    "wonders.error.no_free_build": N_("Your wonder does not give you a free build."),
    "wonders.error.ship_at_top": N_("Your {colour} is already on its last space."),
    "wonders.error.naval_not_allowed": N_(
        "Building {card} gives no Naval Construction: only red, yellow, blue and green cards do."
    ),
    "wonders.error.no_armada": N_("That move exists only with the Armada expansion."),
    "wonders.error.advance_needed": N_("Say which ship {card} advances, e.g. adv_red."),
    "wonders.error.advance_not_allowed": N_("{card} gives no free ship advance."),
    "wonders.error.bad_advance": N_("Choose {count} different ships."),
    "wonders.error.track_needed": N_("Say which track your wonder's Naval Construction advances."),
    "wonders.error.track_not_allowed": N_("Only Lost Island lets you choose the track of your wonder's Naval Construction."),
    "wonders.error.nothing_to_waive": N_("{card} costs nothing already: Olympia's free build would be wasted on it."),
    "wonders.error.island_not_offered": N_("That island is not among those you may keep."),
    "wonders.error.not_in_discard": N_("{card} cannot be built from the discard pile."),
    "wonders.error.not_your_decision": N_("You have nothing to decide now."),
    "wonders.error.wrong_decision": N_("That move does not answer the current decision: {expected}."),
    "wonders.error.teams_need_armada": N_("The team game is a variant of the Armada expansion: add armada=true."),
    "wonders.error.teams_player_count": N_("The team game needs 4 or 6 players; there are {count}."),
    "wonders.error.bad_layout": N_("This recorded setup is not a valid 7 Wonders setup ({reason})."),
}

_ACTION_WORDS = {
    # TRANSLATORS: words a player may type to build a structure, separated by "|".
    "build": N_("build|construct"),
    # TRANSLATORS: words a player may type to build a wonder stage, separated by "|".
    "stage": N_("stage|wonder"),
    # TRANSLATORS: words a player may type to discard a card for coins, separated by "|".
    "discard": N_("discard|sell"),
    # TRANSLATORS: words a player may type to use Olympia's free build, separated by "|".
    "free": N_("free|olympia"),
    # TRANSLATORS: words a player may type to keep an island, separated by "|".
    "island": N_("island|keep"),
    # TRANSLATORS: words a player may type to rebuild a card from the discard pile, separated by "|".
    "revive": N_("revive|build"),
}

_OPTION_LABELS = {
    "armada": N_("armada: false (default) or true (the Armada expansion)"),
    "sides": N_("sides: random (default), a, b or choice (each player chooses)"),
    "teams": N_("teams: false (default) or true (Armada's team game, 4 or 6 players)"),
    "naval_ties": N_("naval_ties: ranked (default) or competition"),
}


class WondersPresenter(Presenter):
    game = "wonders"
    private_hands = True
    ACTION_WORDS = _ACTION_WORDS
    SUBJECTS = {action: ("wonders.card",) for action in ("build", "free", "stage", "discard", "revive")} | {
        "island": ("wonders.island",)
    }
    name = staticmethod(names_.name)
    ALIASES = names_.ALIASES
    SCORES = names_.SCORE_CATEGORIES
    SHEET_COLUMN = 8

    def title(self) -> str:
        return pgettext("game", "7 Wonders")

    # --- moves ---------------------------------------------------------------------------------------------------
    def move_label(self, move: Move, view: Any) -> str:
        option = next((o for o in getattr(view, "options", []) if o.move == move.notation), None)
        a = move.args
        if move.action in ("build", "free", "stage", "discard"):
            if option is not None:
                return self._option_label(option, view)
            return self._bare_label(move)
        if move.action == "island":
            return _("Keep {island}").format(island=names_.island(a[0]))
        if move.action == "advance":
            return _("Advance: {fleets}").format(fleets=_join([names_.fleet(c) for c in a[0].split("_")]))
        if move.action == "revive" and a[0] == NO_CARD:
            return _("Build nothing from the discard pile")
        if move.action == "revive":
            label = _("Build {card} from the discard pile").format(card=names_.card(a[0]))
            if len(a) > 1 and a[1].startswith("adv_"):
                label += " — " + _("free advance: {fleet}").format(fleet=names_.fleet(a[1][4:]))
            return label
        if move.action == "naval":
            return _("Take part in the naval conflict") if a[0] == "in" else _("Stay out of the naval conflict")
        if move.action == "side":
            return _("Side {side}").format(side=a[0].upper())
        return move.notation

    def _option_label(self, o: Any, view: Any) -> str:
        card = names_.card(o.card)
        if o.action == "build":
            head = _("Build {card}").format(card=card)
        elif o.action == "free":
            head = _("Build {card} free (Olympia)").format(card=card)
        elif o.action == "stage":
            seat = view.seat if view.seat is not None else 0
            stage = view.players[seat].stages_built + 1
            head = _("Wonder stage {stage} with {card}").format(stage=stage, card=card)
        else:
            head = _("Discard {card}").format(card=card)
            if o.ship:
                return head + " — " + _("advance the yellow ship instead of 3 coins")
            return head + " — +" + coins(o.gain or 3)
        extras = []
        if o.ship:
            extras.append(_("+ Naval Construction"))
        if o.advance:
            extras.append(_("free advance: {fleet}").format(fleet=names_.fleet(o.advance)))
        if o.track:
            extras.append(_("track: {fleet}").format(fleet=names_.fleet(o.track)))
        extras.append(self._price(o))
        return head + " — " + "; ".join(extras)

    def _bare_label(self, move: Move) -> str:
        """A turn's move without its prices (when no view of the options is at hand, e.g. in a confirmation)."""
        card = names_.card(move.args[0])
        heads = {
            "build": _("Build {card}"),
            "free": _("Build {card} free (Olympia)"),
            "stage": _("Wonder stage with {card}"),
            "discard": _("Discard {card}"),
        }
        label = heads[move.action].format(card=card)
        if "ship" in move.args[1:]:
            label += " — " + (_("advance the yellow ship instead of 3 coins") if move.action == "discard"
                              else _("+ Naval Construction"))
        return label

    def _price(self, o: Any) -> str:
        if o.coins == 0:
            return _("free (chain)") if o.chain else _("free")
        parts = [
            _("{coins} to {partner}").format(coins=coins(n), partner=translate(PARTNERS[side]))
            for side, n in o.trade.items()
        ]
        if o.bank:
            parts.append(_("{coins} to the bank").format(coins=coins(o.bank)))
        return coins(o.coins) + " (" + ", ".join(parts) + ")"

    def move_subjects(self, move: Move) -> list[tuple[str, str]]:
        if move.action == "revive" and move.args[:1] == (NO_CARD,):
            return []  # building nothing from the discard pile names no card
        return super().move_subjects(move)

    def subjects(self) -> list[tuple[str, str]]:
        return [(t, k) for t in ("wonders.card", "wonders.island") for k in names_.TABLES[t]]

    # --- narration -----------------------------------------------------------------------------------------------
    def narrate(self, event: Event, names: list[str]) -> str | None:
        p = event.params
        player = names[event.seat] if event.seat is not None and event.seat < len(names) else ""
        k = event.kind
        if k == "chose":
            return _("{player} has chosen.").format(player=player)
        if k == "chosen":
            return _("Your choice: {move}.").format(move=self.move_label(Move.parse(p["move"]), None))
        if k == "hand":
            return _("Your hand: {cards}.").format(cards=_join([names_.card(c) for c in p["cards"]]))
        if k == "card_built":
            how = _("free by chain") if p.get("chain") else _("free") if p.get("free") else ""
            if p.get("discard_pile"):
                how = _("from the discard pile")
            text = _("{player} builds {card}").format(player=player, card=names_.card(p["card"]))
            text += f" ({how})" if how else ""
            return text + (" " + _("and advances a ship") if p.get("ship") else "") + "."
        if k == "stage_built":
            return _("{player} builds stage {stage} of their wonder{ship}.").format(
                player=player, stage=p["stage"], ship=" " + _("and advances a ship") if p.get("ship") else "")
        if k == "card_discarded" and p.get("ship"):
            return _("{player} discards a card and advances the yellow ship.").format(player=player)
        if k == "traded":
            return _("{player} pays {coins} to {other}.").format(player=player, coins=coins(p["coins"]),
                                                                   other=names[p["to"]])
        if k == "ship_moved":
            return _("{player}'s {fleet} reaches space {to}.").format(player=player, fleet=names_.fleet(p["fleet"]),
                                                                      to=p["to"])
        if k == "coins_gained":
            return _("{player} takes {coins}.").format(player=player, coins=coins(p["amount"]))
        if k == "coins_lost":
            if not p["amount"]:
                return None
            reason = _("tax") if p.get("reason") == "tax" else _("pirates")
            return _("{player} loses {coins} ({reason}).").format(player=player, coins=coins(p["amount"]),
                                                                  reason=reason)
        if k == "tax_levied":
            return _("A tax of {value} is levied by {by}.").format(value=p["value"],
                                                                   by=_join([names[s] for s in p["by"]]))
        if k == "exploration":
            return _("Exploration of level {level}: {explorers}.").format(
                level=p["level"], explorers=_join([names[s] for s in p["explorers"]]))
        if k == "island_offer":
            return _("Islands you may keep: {islands}.").format(
                islands=_join([names_.island(i) for i in p["islands"]]))
        if k == "naval_choice":
            return (_("{player} takes part in the naval conflict.") if p.get("in")
                    else _("{player} stays out of the naval conflict.")).format(player=player)
        if k == "land_conflict":
            return self._land(p, player, names)
        if k == "naval_conflict":
            return self._naval(p, names)
        if k == "sides_revealed":
            return _(_EVENTS[k]).format(sides=_join([f"{names[s]} {side.upper()}" for s, side in enumerate(p["sides"])]))
        if k in ("age_started", "hands_passed"):
            direction = _("left") if p["direction"] == "left" else _("right")
            return translate(_EVENTS[k]).format(age=p.get("age"), size=p.get("hand_size"), direction=direction)
        if k == "game_over":
            winners = p["winners"]
            if len(winners) > 1:
                return _("{players} share the victory!").format(players=_join([names[w] for w in winners]))
            return _("{player} wins!").format(player=names[winners[0]])
        if k == "advance_lost" and p.get("fleet") is None:  # every ship is already on its last space
            k = "advance_lost_all"
        template = _EVENTS.get(k)
        if template is None:
            return None
        values: dict[str, Any] = {"player": player, **p}
        if "island" in p:
            values["island"] = names_.island(p["island"])
        if p.get("fleet") is not None:
            values["fleet"] = names_.fleet(p["fleet"])
        if "target" in p:
            values["target"] = names[p["target"]]
        return translate(template).format(**values)

    def _land(self, p: dict[str, Any], player: str, names: list[str]) -> str:
        own, other = p["shields"]
        if own > other:
            result = _("{player} ({own}) beats {other} ({theirs}) on land.")
        elif own < other:
            result = _("{other} ({theirs}) beats {player} ({own}) on land.")
        else:
            result = _("{player} and {other} are even on land ({own}).")
        text = result.format(player=player, other=names[p["other"]], own=own, theirs=other)
        return text + (" " + _("(invasion)") if p.get("invasion") else "")

    def _naval(self, p: dict[str, Any], names: list[str]) -> str:
        parts = [
            f"{names[s]} {strength}→{'+' if token > 0 else ''}{token}" if token else f"{names[s]} {strength}"
            for s, (strength, token) in enumerate(zip(p["strength"], p["tokens"]))
            if strength is not None
        ]
        return _("Naval conflict of Age {age}: {results}.").format(age=p["age"], results=_join(parts))

    def prompt(self, pending: Pending, view: Any, names: list[str]) -> str:
        template = _PROMPTS.get(pending.kind, _PROMPTS["turn"])
        return translate(template).format(player=names[pending.seat])

    def error(self, code: str, params: dict[str, Any]) -> str | None:
        template = _ERRORS.get(code)
        if template is None:
            return None
        values = dict(params)
        if "card" in values and values["card"] in names_.CARDS:
            values["card"] = names_.card(values["card"])
        if code == "wonders.error.cannot_pay" and ("needed" in values or "missing" in values):
            values["what"] = (_("the next stage of your wonder") if values.get("stage") else values.get("card", ""))
            if "missing" in values:
                template = _ERRORS["wonders.error.cannot_pay.missing"]
                values["missing"] = _resources(values["missing"])
            else:
                template = _ERRORS["wonders.error.cannot_pay.coins"]
                values["needed"], values["coins"] = coins(values["needed"]), coins(values["coins"])
        if code == "wonders.error.ship_at_top" and values.get("colour") in names_.FLEETS:
            values["colour"] = names_.fleet(values["colour"])
        if "expected" in values:
            values["expected"] = translate(_DECISIONS.get(values["expected"], values["expected"]))
        try:
            return translate(template).format(**values)
        except (KeyError, IndexError):
            return translate(template)

    def option_labels(self) -> dict[str, str]:
        return {k: translate(v) for k, v in _OPTION_LABELS.items()}

    # --- summaries -----------------------------------------------------------------------------------------------
    def summary(self, view: Any, names: list[str]) -> str:
        lines = []
        over = view.phase == "over" or view.outcome is not None
        if over:
            lines.append(_("The game is over."))
        elif view.age:
            lines.append(_("Age {age}, turn {turn} of {turns}; hands pass to the {direction}.").format(
                age=view.age, turn=view.turn, turns=view.turns,
                direction=_("left") if view.direction == "left" else _("right")))
        for p in view.players:
            to_play = p.deciding and not p.chosen and not over and not view.stopped
            head = f"{'▶ ' if to_play else '  '}{names[p.seat]} — "
            head += _("{board} {side}, stages {built}/{total}; {coins}; {points}").format(
                board=names_.wonder(p.board), side=p.side.upper(), built=p.stages_built, total=p.stages_total,
                coins=coins(p.coins), points=points(p.score.get("total", 0)))
            lines.append(head)
            city = "; ".join(f"{names_.name('wonders.colour', colour)}: {_join([names_.card(c) for c in cards])}"
                             for colour, cards in p.city.items() if cards)
            if city:
                lines.append("    " + city)
            if view.armada:
                lines.append("    " + _("Ships: {ships}; naval strength {naval}; commercial level {level}").format(
                    ships=_join([f"{names_.fleet(f)} {pos}" for f, pos in p.ships.items()]),
                    naval=p.naval_strength, level=p.commercial_level))
                if p.islands:
                    lines.append("    " + _("Islands: {islands}").format(
                        islands=_join([names_.island(i) for i in p.islands])))
        return "\n".join(lines)

    def headline(self, outcome: Outcome, names: list[str]) -> str:
        if not outcome.winners:
            return ""
        if len(outcome.winners) > 1:
            return _("{players} share the victory!").format(players=_join([names[w] for w in outcome.winners]))
        return _("{player} wins!").format(player=names[outcome.winners[0]])
