"""7 Wonders Duel in words: move labels, narration, prompts, errors and the table as text."""

from __future__ import annotations

from typing import Any

from bot.games import Presenter
from bot.games.duel import names as names_
from bot.i18n import N_, _, ngettext, pgettext, translate
from rules.contract import Event, Move, Outcome, Pending
from rules.duel.data import CARDS
from rules.duel.view import DuelView

COLOUR_ORDER = ("brown", "grey", "yellow", "red", "blue", "green", "purple")


def coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def _cost(cost: int, chain: bool = False) -> str:
    if chain:
        return _("free by chain")
    if cost == 0:
        return _("free")
    return coins(cost)


def _join(items: list[str]) -> str:
    return ", ".join(items)


# Event narration. {player} is the acting seat (or the seat the event happened to).
_EVENTS = {
    "wonder_taken": N_("{player} takes {wonder}."),
    "wonders_revealed": N_("Wonders on offer: {wonders}."),
    "age_started": N_("Age {age} begins."),
    "age_starter": N_("{player} begins Age {age}."),
    "card_built": N_("{player} builds {card} ({cost})."),
    "card_discarded": N_("{player} discards {card} and takes {coins}."),
    "wonder_built": N_("{player} builds the wonder {wonder} ({cost})."),
    "coins_gained": N_("{player} takes {coins} ({source})."),
    "coins_lost": N_("{player} loses {coins} ({source})."),
    "economy_income": N_("{player} receives {coins} through Economy."),
    "looted": N_("A military token costs {player} {coins}."),
    "science_pair": N_("{player} has a pair of {symbol} symbols."),
    "token_taken": N_("{player} takes the progress token {token}."),
    "library_drawn": N_("The Great Library draws for you: {tokens}."),
    "card_destroyed": N_("{player} loses {card}: it goes to the discard pile."),
    "card_revived": N_("{player} builds {card} from the discard pile for free."),
    "wonder_removed": N_("{wonder} ({player}) leaves the game: seven wonders have been built."),
    "play_again": N_("{player} plays again."),
    "play_again_lost": N_("The age is over, so {player} does not play again."),
    "age_ended": N_("Age {age} is over."),
    "card_revealed": N_("Revealed: {card}."),
}

_VICTORIES = {
    "military": N_("{player} wins by military supremacy!"),
    "science": N_("{player} wins by scientific supremacy!"),
    "civilian": N_("{player} wins a civilian victory!"),
}

_PROMPTS = {
    "draft": N_("{player}, choose a wonder."),
    "turn": N_("{player}, your turn: take an accessible card."),
    "token": N_("{player}, choose a progress token."),
    "library": N_("{player}, choose one of the tokens the Great Library drew for you."),
    "destroy": N_("{player}, choose one of your opponent's {colour} to send to the discard pile."),
    "mausoleum": N_("{player}, choose a discarded card to build for free."),
    "starter": N_("{player}, choose who begins Age {age}."),
}

_ERRORS = {
    "duel.error.unknown_card": N_("There is no card called “{name}” in 7 Wonders Duel."),
    "duel.error.unknown_wonder": N_("There is no wonder called “{name}”."),
    "duel.error.unknown_token": N_("There is no progress token called “{name}”."),
    "duel.error.unknown_who": N_("Say “me” or “opponent”."),
    "duel.error.card_not_accessible": N_("{card} cannot be taken now: only face-up cards that nothing covers can."),
    "duel.error.cannot_afford": N_("You cannot afford {card}: it costs {cost} and you have {coins}."),
    "duel.error.cannot_afford_wonder": N_("You cannot afford {wonder}: it costs {cost} and you have {coins}."),
    "duel.error.not_your_wonder": N_("{wonder} is not one of your wonders."),
    "duel.error.wonder_already_built": N_("{wonder} is already built."),
    "duel.error.wonder_limit": N_("Seven wonders have been built: no more can be built."),
    "duel.error.wonder_not_offered": N_("{wonder} is not on offer."),
    "duel.error.token_not_offered": N_("{token} cannot be chosen now."),
    "duel.error.cannot_destroy": N_("You cannot send {card} to the discard pile."),
    "duel.error.not_in_discard": N_("{card} is not in the discard pile."),
    "duel.error.wrong_decision": N_("That move does not answer the current decision: {expected}."),
    "duel.error.bad_layout": N_("This recorded setup is not a valid 7 Wonders Duel setup ({reason})."),
    "duel.error.no_such_slot": N_("There is no slot {slot}: the slots of the structure are numbered 1 to 20."),
    "duel.error.slot_empty": N_("Slot {slot} of the structure holds no card."),
    "duel.error.slot_covered": N_("The card of slot {slot} cannot be taken now: other cards cover it."),
}

_DECISIONS = {
    "draft": N_("choose a wonder"),
    "turn": N_("take a card"),
    "token": N_("choose a progress token"),
    "library": N_("choose a Great Library token"),
    "destroy": N_("choose an opponent's card to discard"),
    "mausoleum": N_("choose a card from the discard pile"),
    "starter": N_("choose who begins the age"),
}

_ACTION_WORDS = {
    # TRANSLATORS: words a player may type to build a card, separated by "|".
    "build": N_("build|construct"),
    # TRANSLATORS: words a player may type to discard a card for coins, separated by "|".
    "discard": N_("discard|sell"),
    # TRANSLATORS: words a player may type to build a wonder with a card, separated by "|" (the words of
    # building too: "build the Pyramids" builds the wonder).
    "wonder": N_("wonder|build|construct"),
    # TRANSLATORS: words a player may type to choose a wonder in the draft, separated by "|".
    "draft": N_("take|pick|draft"),
    # TRANSLATORS: words a player may type to choose a progress token, separated by "|".
    "token": N_("token|take|pick"),
    # TRANSLATORS: words a player may type to destroy an opponent's card, separated by "|".
    "destroy": N_("destroy|discard"),
    # TRANSLATORS: words a player may type to rebuild a discarded card (Mausoleum), separated by "|".
    "revive": N_("revive|build|take"),
    # TRANSLATORS: words a player may type to choose who begins the next age, separated by "|".
    "start": N_("start|begin|first"),
}

_OPTION_LABELS = {
    "wonders": N_("wonders: draft (default) or preset (the first-game wonders)"),
    "first_player": N_("first_player: random (default), 0 (the creator) or 1"),
    "neutral_start": N_(
        "neutral_start: last_begins (default, as the Russian rulebook) or last_chooses (as the English rules)"
    ),
}


class DuelPresenter(Presenter):
    game = "duel"
    ACTION_WORDS = _ACTION_WORDS
    SUBJECTS = {
        "build": ("duel.card",), "discard": ("duel.card",), "destroy": ("duel.card",), "revive": ("duel.card",),
        "wonder": ("duel.wonder", "duel.card"), "draft": ("duel.wonder",), "token": ("duel.token",),
    }
    name = staticmethod(names_.name)
    ALIASES = names_.ALIASES
    SCORES = names_.SCORE_CATEGORIES

    def title(self) -> str:
        return pgettext("game", "7 Wonders Duel")

    # --- moves -----------------------------------------------------------------------------------------------
    def move_label(self, move: Move, view: Any) -> str:
        option = next((o for o in getattr(view, "options", []) if o.move == move.notation), None)
        a = move.args
        if move.action == "build":
            cost = _cost(option.cost, option.chain) if option else ""
            return _("Build {card} — {cost}").format(card=names_.card(a[0]), cost=cost).rstrip(" —")
        if move.action == "wonder":
            cost = _cost(option.cost) if option else ""
            return _("Wonder {wonder} with {card} — {cost}").format(
                wonder=names_.wonder(a[0]), card=names_.card(a[1]), cost=cost
            ).rstrip(" —")
        if move.action == "discard":
            gain = coins(option.gain) if option else ""
            return _("Discard {card} — +{coins}").format(card=names_.card(a[0]), coins=gain).rstrip(" —+")
        if move.action == "draft":
            return _("Take {wonder}").format(wonder=names_.wonder(a[0]))
        if move.action == "token":
            return _("Take {token}").format(token=names_.token(a[0]))
        if move.action == "destroy":
            return _("Discard the opponent's {card}").format(card=names_.card(a[0]))
        if move.action == "revive":
            return _("Build {card} from the discard pile").format(card=names_.card(a[0]))
        if move.action == "start":
            return _("I begin") if a[0] == "me" else _("My opponent begins")
        return move.notation

    def subjects(self) -> list[tuple[str, str]]:
        return [(table, key) for table in ("duel.card", "duel.wonder", "duel.token")
                for key in names_.TABLES[table]]

    # --- narration -------------------------------------------------------------------------------------------
    def narrate(self, event: Event, names: list[str]) -> str | None:
        p = event.params
        player = names[event.seat] if event.seat is not None else ""
        if event.kind == "game_over":
            winners = p["winners"]
            if len(winners) > 1:
                return _("{players} share the victory!").format(players=_join([names[w] for w in winners]))
            return translate(_VICTORIES[p["victory"]]).format(player=names[winners[0]])
        if event.kind == "pawn_moved":
            towards = 1 if p["to"] > p["from"] else 0
            spaces = abs(p["to"] - p["from"])
            return ngettext(
                "The conflict pawn moves {n} space towards {player}'s capital.",
                "The conflict pawn moves {n} spaces towards {player}'s capital.",
                spaces,
            ).format(n=spaces, player=names[towards])
        if event.kind == "age_started":
            return translate(_EVENTS["age_started"]).format(age=p["age"])
        template = _EVENTS.get(event.kind)
        if template is None:
            return None
        values: dict[str, Any] = {"player": player}
        if "card" in p:
            values["card"] = names_.card(p["card"])
        if "wonder" in p:
            values["wonder"] = names_.wonder(p["wonder"])
        if "token" in p:
            values["token"] = names_.token(p["token"]) if isinstance(p["token"], str) else coins(p["token"])
        if "tokens" in p:
            values["tokens"] = _join([names_.token(t) for t in p["tokens"]])
        if "wonders" in p:
            values["wonders"] = _join([names_.wonder(w) for w in p["wonders"]])
        if "symbol" in p:
            values["symbol"] = names_.name("duel.science", p["symbol"])
        if "amount" in p:
            values["coins"] = coins(p["amount"])
        if "cost" in p:
            values["cost"] = _cost(p["cost"], p.get("chain", False))
        if "reason" in p:
            values["source"] = self._source(p["reason"])
        if "age" in p:
            values["age"] = p["age"]
        return translate(template).format(**values)

    def _source(self, reason: str) -> str:
        for table in ("duel.card", "duel.wonder", "duel.token"):
            if reason in names_.TABLES[table]:
                return names_.name(table, reason)
        return reason

    def prompt(self, pending: Pending, view: Any, names: list[str]) -> str:
        values: dict[str, Any] = {"player": names[pending.seat], "age": pending.params.get("age", "")}
        if pending.kind == "destroy":
            values["colour"] = names_.name("duel.colour", pending.params["colour"])
        return translate(_PROMPTS[pending.kind]).format(**values)

    def error(self, code: str, params: dict[str, Any]) -> str | None:
        template = _ERRORS.get(code)
        if template is None:
            return None
        values = dict(params)
        for key, table in (("card", "duel.card"), ("wonder", "duel.wonder"), ("token", "duel.token")):
            if key in values and values[key] in names_.TABLES[table]:
                values[key] = names_.name(table, values[key])
        for key in ("cost", "coins"):
            if key in values:
                values[key] = coins(int(values[key]))
        if "expected" in values:
            values["expected"] = translate(_DECISIONS.get(values["expected"], values["expected"]))
        try:
            return translate(template).format(**values)
        except (KeyError, IndexError):  # a code raised without its parameters: its words without them
            return translate(template)

    def option_labels(self) -> dict[str, str]:
        return {k: translate(v) for k, v in _OPTION_LABELS.items()}

    # --- summaries -------------------------------------------------------------------------------------------
    def summary(self, view: DuelView, names: list[str]) -> str:
        lines: list[str] = []
        if view.outcome is not None:
            lines.append(_("The game is over."))
        elif view.age == 0:
            lines.append(_("Wonder draft. On offer: {wonders}.").format(
                wonders=_join([names_.wonder(w) for w in view.draft_offer])))
        else:
            lines.append(_("Age {age}. Wonders built: {built}/7. Discard pile: {discard}.").format(
                age=view.age, built=view.wonders_built, discard=len(view.discard)))
        lines.append(self._military_line(view, names))
        if view.board_tokens:
            lines.append(_("Progress tokens on the board: {tokens}.").format(
                tokens=_join([names_.token(t) for t in view.board_tokens])))
        for p in view.players:
            marker = "▶ " if view.current == p.seat and not view.stopped and view.outcome is None else "  "
            lines.append(marker + _("{player}: {coins}, {points} VP").format(
                player=names[p.seat], coins=coins(p.coins), points=p.score["total"]))
            by_colour = {c: [x for x in p.city if CARDS[x].colour == c] for c in COLOUR_ORDER}
            city = "; ".join(
                f"{names_.name('duel.colour', c)}: {_join([names_.card(x) for x in cards])}"
                for c, cards in by_colour.items() if cards
            )
            if city:
                lines.append("    " + city)
            wonders = _join([
                names_.wonder(w.id) + (" ✓" if w.built else f" ({_cost(w.cost)})") for w in p.wonders
            ])
            if wonders:
                lines.append("    " + _("Wonders: {wonders}").format(wonders=wonders))
            if p.tokens:
                lines.append("    " + _("Progress: {tokens}").format(
                    tokens=_join([names_.token(t) for t in p.tokens])))
        open_cards = [s for s in view.structure if s.accessible and s.card]
        if open_cards and view.current is not None and not view.stopped and view.outcome is None:
            lines.append(_("Cards you can take ({player}'s prices):").format(player=names[view.current]))
            for s in open_cards:
                lines.append(f"  • {names_.card(s.card)} — {_cost(s.cost[view.current], s.chain[view.current])}")
        return "\n".join(lines)

    def _military_line(self, view: DuelView, names: list[str]) -> str:
        if view.pawn == 0:
            return _("Military: the pawn is in the middle.")
        leader = 0 if view.pawn > 0 else 1
        return ngettext(
            "Military: {player} leads by {n} space.", "Military: {player} leads by {n} spaces.", abs(view.pawn)
        ).format(player=names[leader], n=abs(view.pawn))

    def headline(self, outcome: Outcome, names: list[str]) -> str:
        if not (outcome.victory and outcome.winners):
            return ""
        if len(outcome.winners) > 1:
            return _("{players} share the victory!").format(players=_join([names[w] for w in outcome.winners]))
        return translate(_VICTORIES[outcome.victory]).format(player=names[outcome.winners[0]])
