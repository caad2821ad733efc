"""7 Wonders Duel in the rule look-up: a section written from the engine's data for every card, wonder and progress
token, in en / ru / it with the names of the catalogs, and where the hand-written sections are (``corpus.toml``).
"""

from __future__ import annotations

from pathlib import Path

from bot.games.duel import names as duel_names
from bot.i18n import pgettext, use_locale
from bot.rulebook.model import RulebookSource, Section
from bot.rulebook.names import name
from bot.rulebook.words import (
    COLOUR_ADJ, ROMAN, T, accusative, cost_text, count, join, quoted, say, section, sentences, units,
)
from rules.duel import data
from rules.duel.data import RESOURCES

DUEL_RESOURCES = {
    "en": dict(W="wood", C="clay", S="stone", G="glass", P="papyrus"),
    "ru": dict(W="дерево", C="глина", S="камень", G="стекло", P="папирус"),
    "it": dict(W="legno", C="argilla", S="pietra", G="vetro", P="papiro"),
}

DUEL_COLOURS = {
    "en": dict(brown="brown card (raw materials)", grey="grey card (manufactured goods)",
               blue="blue card (civilian building)", green="green card (scientific building)",
               yellow="yellow card (commercial building)", red="red card (military building)",
               purple="purple card (guild)"),
    "ru": dict(brown="коричневая карта (сырьё)", grey="серая карта (товары)",
               blue="синяя карта (гражданское здание)", green="зелёная карта (научное здание)",
               yellow="жёлтая карта (торговое здание)", red="красная карта (военное здание)",
               purple="фиолетовая карта (гильдия)"),
    "it": dict(brown="carta marrone (materie prime)", grey="carta grigia (prodotti lavorati)",
               blue="carta blu (Struttura civile)", green="carta verde (Struttura scientifica)",
               yellow="carta gialla (Struttura commerciale)", red="carta rossa (Struttura militare)",
               purple="carta viola (Gilda)"),
}

def _duel_res(letter: str, lang: str) -> str:
    return DUEL_RESOURCES[lang][letter]


def _duel_name_of(kind: str, key: str, lang: str) -> str:
    return quoted(name("duel", kind, key, lang), lang)


def _duel_symbol(context: str, key: str, lang: str) -> str:
    with use_locale(lang):
        return pgettext(context, duel_names.TABLES[context][key])


def _duel_card_text(card, lang: str, chain_from: dict[str, str], chain_to: dict[str, str]) -> str:
    letters = "".join(RESOURCES)
    if card.age == 4:
        where = {"en": "Guild card, shuffled into the Age III deck", "ru": "карта гильдии, замешивается в колоду III эпохи",
                 "it": "carta Gilda, mescolata nel mazzo dell'Epoca III"}[lang]
    else:
        where = {"en": "Age {a} card", "ru": "карта {a} эпохи", "it": "carta dell'Epoca {a}"}[lang].format(a=ROMAN[card.age])
    head = f"{_duel_name_of('card', card.id, lang)}: {where}, {DUEL_COLOURS[lang][card.colour]}."
    cost = cost_text(card.coins, units(card.cost, letters, _duel_res, lang), lang)
    parts = [head, {"en": "Cost: {c}.", "ru": "Стоимость: {c}.", "it": "Costo: {c}."}[lang].format(c=cost)]
    produced = units(card.produces, letters, _duel_res, lang)
    if produced:
        parts.append(say({"en": "Produces {r} every turn; production is never used up.",
                          "ru": "Производит {r} каждый ход; производство не расходуется.",
                          "it": "Produce {r} a ogni turno; la produzione non si consuma."}, lang,
                         r=join(accusative(produced, lang), lang)))
    if card.choice:
        options = [DUEL_RESOURCES[lang][letters[i]] for i in card.choice]
        parts.append(say({"en": "Each turn it gives one unit of your choice: {r}. This does not raise the price your "
                                "opponent pays for these resources.",
                          "ru": "Каждый ход даёт одну единицу на выбор: {r}. На цену торговли для соперника это не влияет.",
                          "it": "A ogni turno fornisce un'unità a scelta: {r}. Non aumenta il prezzo che paga "
                                "l'avversario per queste risorse."}, lang, r=join(options, lang, alternative=True)))
    if card.fixed_price:
        options = [DUEL_RESOURCES[lang][letters[i]] for i in card.fixed_price]
        parts.append(say({"en": "From your next turn on you buy {r} from the bank at 1 coin per unit, whatever your "
                                "opponent produces.",
                          "ru": "Со следующего хода вы покупаете {r} у банка по 1 монете за единицу, сколько бы ни "
                                "производил соперник.",
                          "it": "Dal tuo turno successivo compri {r} dalla banca a 1 moneta per unità, qualunque cosa "
                                "produca l'avversario."}, lang, r=join(options, lang)))
    if card.shields:
        parts.append(say({"en": "{s}: the conflict pawn moves {n} toward your opponent's capital at once.",
                          "ru": "{s}: маркер конфликта сразу сдвигается на {n} к столице соперника.",
                          "it": "{s}: la pedina Conflitto avanza subito di {n} verso la capitale avversaria."},
                         lang, s=count(card.shields, "shield", lang).capitalize(), n=count(card.shields, "space", lang)))
    if card.science:
        symbol = _duel_symbol("duel.science", card.science, lang)
        parts.append(say({"en": "Science symbol: {s} (a second {s} makes a pair: take a progress token).",
                          "ru": "Научный символ: {s} (второй такой же символ даёт пару: возьмите жетон прогресса).",
                          "it": "Simbolo scientifico: {s} (un secondo {s} forma una coppia: prendi un segnalino "
                                "Progresso)."}, lang, s=symbol))
    if card.gain:
        parts.append(say({"en": "Take {c} from the bank when you build it.",
                          "ru": "При постройке возьмите из банка {c}.",
                          "it": "Quando la costruisci prendi {c} dalla banca."}, lang, c=count(card.gain, "coin", lang)))
    if card.gain_per:
        what, n = card.gain_per
        if what == "wonder":
            per = {"en": "each wonder you have built", "ru": "каждое построенное вами чудо света",
                   "it": "ogni Meraviglia che hai costruito"}[lang]
        else:
            per = {"en": "each {c} card in your city", "ru": "каждую {c} карту в вашем городе",
                   "it": "ogni carta {c} nella tua città"}[lang].format(c=COLOUR_ADJ[lang][what])
        if card.id == "lighthouse":
            per += {"en": " (itself included)", "ru": " (включая её саму)", "it": " (compresa se stessa)"}[lang]
        parts.append(say({"en": "When built: {c} for {p}, counted once.",
                          "ru": "При постройке: {c} за {p}, один раз.",
                          "it": "Alla costruzione: {c} per {p}, una sola volta."}, lang, c=count(n, "coin", lang), p=per))
    if card.guild:
        parts.append(_duel_guild_text(card, lang))
    if card.vp:
        parts.append(say({"en": "Worth {v} at the end.", "ru": "Приносит {v} в конце игры.",
                          "it": "Vale {v} alla fine."}, lang, v=count(card.vp, "vp", lang)))
    if card.chain_in:
        symbol = _duel_symbol("duel.chain", card.chain_in, lang)
        parts.append(say({"en": "Chain: free if your city shows the {s} symbol (from {c}).",
                          "ru": "Цепочка: бесплатно, если в вашем городе есть символ «{s}» (с карты {c}).",
                          "it": "Concatenazione: gratuita se nella tua città c'è il simbolo {s} (da {c})."},
                         lang, s=symbol, c=_duel_name_of("card", chain_from[card.chain_in], lang)))
    if card.chain_out:
        symbol = _duel_symbol("duel.chain", card.chain_out, lang)
        parts.append(say({"en": "It shows the {s} chain symbol: later you may build {c} for free.",
                          "ru": "Даёт символ цепочки «{s}»: позже вы сможете бесплатно построить {c}.",
                          "it": "Mostra il simbolo di concatenazione {s}: più avanti puoi costruire {c} gratis."},
                         lang, s=symbol, c=_duel_name_of("card", chain_to[card.chain_out], lang)))
    return sentences(parts)


def _duel_guild_text(card, lang: str) -> str:
    what = card.guild
    if what == ("wonders",):
        return {"en": "At the end: 2 victory points per wonder built in the city with the most built wonders. No coins.",
                "ru": "В конце игры: 2 победных очка за каждое чудо света в городе, где построено больше чудес. Монет не даёт.",
                "it": "Alla fine: 2 punti vittoria per ogni Meraviglia costruita nella città che ne ha di più. "
                      "Nessuna moneta."}[lang]
    if what == ("coins",):
        return {"en": "At the end: 1 victory point per full set of 3 coins in the richest city. No coins.",
                "ru": "В конце игры: 1 победное очко за каждые 3 монеты в казне самого богатого города. Монет не даёт.",
                "it": "Alla fine: 1 punto vittoria per ogni gruppo di 3 monete nella città più ricca. Nessuna moneta."}[lang]
    colours = join([COLOUR_ADJ[lang][c] for c in what], lang)
    extra = ""
    if len(what) > 1:
        extra = {"en": " Both colours are counted in one and the same city.",
                 "ru": " Оба цвета считаются в одном и том же городе.",
                 "it": " I due colori si contano nella stessa città."}[lang]
    return say({"en": "When built: 1 coin per {c} card in the city that has the most of them. At the end: 1 victory "
                      "point per such card in the city that has the most (it may be the other city).{x}",
                "ru": "При постройке: 1 монета за каждую {c} карту в городе, где таких карт больше. В конце игры: "
                      "1 победное очко за каждую такую карту в городе, где их больше (это может быть другой город).{x}",
                "it": "Alla costruzione: 1 moneta per ogni carta {c} nella città che ne ha di più. Alla fine: 1 punto "
                      "vittoria per ogni carta così nella città che ne ha di più (può essere l'altra città).{x}"},
               lang, c=colours, x=extra)


def _duel_wonder_text(w, lang: str) -> str:
    letters = "".join(RESOURCES)
    head = say({"en": "{n}: a wonder. Cost: {c} (resources only; tuck any accessible age card under it).",
                "ru": "{n}: чудо света. Стоимость: {c} (только ресурсы; под чудо подкладывается любая доступная карта эпохи).",
                "it": "{n}: una Meraviglia. Costo: {c} (solo risorse; sotto di essa metti una qualsiasi carta Epoca "
                      "accessibile)."},
               lang, n=_duel_name_of("wonder", w.id, lang), c=cost_text(0, units(w.cost, letters, _duel_res, lang), lang))
    parts = [head]
    if w.gain:
        parts.append(say({"en": "Take {c} from the bank.", "ru": "Возьмите из банка {c}.",
                          "it": "Prendi {c} dalla banca."}, lang, c=count(w.gain, "coin", lang)))
    if w.opponent_loses:
        parts.append(say({"en": "Your opponent loses {c} to the bank (all they have if they have fewer).",
                          "ru": "Соперник теряет {c}, они уходят в банк (если меньше, теряет все).",
                          "it": "L'avversario perde {c}, che vanno alla banca (se ne ha meno, le perde tutte)."},
                         lang, c=count(w.opponent_loses, "coin", lang)))
    if w.choice:
        options = [DUEL_RESOURCES[lang][letters[i]] for i in w.choice]
        parts.append(say({"en": "Each turn it gives one unit of your choice: {r}; this does not raise your opponent's "
                                "trading price.",
                          "ru": "Каждый ход даёт одну единицу на выбор: {r}; на цену торговли для соперника не влияет.",
                          "it": "A ogni turno fornisce un'unità a scelta: {r}; non aumenta il prezzo di commercio "
                                "dell'avversario."}, lang, r=join(options, lang, alternative=True)))
    if w.destroy:
        parts.append(say({"en": "Choose one {c} card in your opponent's city and put it on the discard pile (nothing "
                                "happens if they have none).",
                          "ru": "Выберите {c} карту в городе соперника и отправьте её в стопку сброса (если таких нет, "
                                "ничего не происходит).",
                          "it": "Scegli una carta {c} nella città avversaria e mettila negli scarti (se non ce ne sono, "
                                "non succede nulla)."}, lang, c=COLOUR_ADJ[lang][w.destroy]))
    if w.shields:
        parts.append(say({"en": "{s}: the conflict pawn moves {n} toward your opponent's capital.",
                          "ru": "{s}: маркер конфликта сдвигается на {n} к столице соперника.",
                          "it": "{s}: la pedina Conflitto avanza di {n} verso la capitale avversaria."},
                         lang, s=count(w.shields, "shield", lang).capitalize(), n=count(w.shields, "space", lang)))
    if w.special == "mausoleum":
        parts.append({"en": "Look through every card discarded since the start of the game and build one of them for "
                            "free at once (cards removed at setup are not in the pile).",
                      "ru": "Просмотрите все карты, сброшенные с начала игры, и сразу бесплатно постройте одну из них "
                            "(карты, убранные при подготовке, в стопку сброса не входят).",
                      "it": "Guarda tutte le carte scartate dall'inizio della partita e costruiscine subito una gratis "
                            "(le carte tolte durante la preparazione non sono tra gli scarti)."}[lang])
    if w.special == "great_library":
        parts.append({"en": "Draw 3 of the 5 progress tokens removed at setup at random, keep one and apply it, and "
                            "return the other two to the box.",
                      "ru": "Возьмите наугад 3 из 5 жетонов прогресса, убранных при подготовке, оставьте и примените "
                            "один, а два других верните в коробку.",
                      "it": "Pesca a caso 3 dei 5 segnalini Progresso tolti durante la preparazione, tienine uno e "
                            "applicalo, rimetti gli altri due nella scatola."}[lang])
    if w.play_again:
        parts.append({"en": "Play again: take another turn right away (lost if the age's structure is empty).",
                      "ru": "Сразу сделайте ещё один ход (он теряется, если структура эпохи пуста).",
                      "it": "Gioca di nuovo: fai subito un altro turno (si perde se la struttura dell'Epoca è "
                            "vuota)."}[lang])
    parts.append(say({"en": "Worth {v}.", "ru": "Приносит {v}.", "it": "Vale {v}."}, lang, v=count(w.vp, "vp", lang)))
    return sentences(parts)


DUEL_TOKEN_EFFECTS: dict[str, T] = {
    "wonder_discount": {"en": "Every wonder you build later costs 2 resource units less (you pick which ones each time).",
                        "ru": "Каждое следующее ваше чудо света стоит на 2 единицы ресурсов меньше (какие именно, "
                              "выбираете вы при каждой постройке).",
                        "it": "Ogni Meraviglia che costruisci in seguito costa 2 unità di risorse in meno (scegli tu "
                              "quali ogni volta)."},
    "trade_income": {"en": "The coins your opponent spends on trading (buying resources) go to you instead of the "
                           "bank; coin costs printed on cards do not count.",
                     "ru": "Монеты, которые соперник тратит на торговлю (покупку ресурсов), получаете вы, а не банк; "
                           "денежная стоимость карт не считается.",
                     "it": "Le monete che l'avversario spende nel commercio (per comprare risorse) vanno a te invece "
                           "che alla banca; i costi in monete stampati sulle carte non contano."},
    "blue_discount": {"en": "Every blue card you build later costs 2 resource units less (you pick which ones each time).",
                      "ru": "Каждая следующая ваша синяя карта стоит на 2 единицы ресурсов меньше (какие именно, "
                            "выбираете вы при каждой постройке).",
                      "it": "Ogni carta blu che costruisci in seguito costa 2 unità di risorse in meno (scegli tu "
                            "quali ogni volta)."},
    "vp_per_token": {"en": "At the end, 3 victory points per progress token you own, this one included.",
                     "ru": "В конце игры 3 победных очка за каждый ваш жетон прогресса, включая этот.",
                     "it": "Alla fine, 3 punti vittoria per ogni segnalino Progresso che possiedi, compreso questo."},
    "extra_shield": {"en": "Every red card you build from now on gives 1 extra shield (not wonders, not red cards "
                           "built before).",
                     "ru": "Каждая красная карта, построенная вами с этого момента, даёт 1 дополнительный щит (не "
                           "действует на чудеса света и на уже построенные карты).",
                     "it": "Ogni carta rossa che costruisci da ora in poi dà 1 scudo in più (non vale per le "
                           "Meraviglie né per le carte rosse già costruite)."},
    "play_again": {"en": "Every wonder you build from now on lets you play again; a wonder that already has that "
                         "effect does not give a second extra turn.",
                   "ru": "Каждое чудо света, построенное вами с этого момента, даёт ещё один ход; у чуда, где этот "
                         "эффект уже есть, второго дополнительного хода не будет.",
                   "it": "Ogni Meraviglia che costruisci da ora in poi ti fa giocare di nuovo; una Meraviglia che ha "
                         "già questo effetto non dà un secondo turno extra."},
    "chain_income": {"en": "Each time you build a card for free by chain, take 4 coins.",
                     "ru": "Каждый раз, когда вы строите здание бесплатно по цепочке, берите 4 монеты.",
                     "it": "Ogni volta che costruisci una carta gratis per concatenazione, prendi 4 monete."},
}


def _duel_token_text(t, lang: str) -> str:
    parts = [say({"en": "{n}: a progress token (take one from the board when you make a pair of identical science "
                        "symbols).",
                  "ru": "{n}: жетон прогресса (берётся с поля, когда вы собираете пару одинаковых научных символов).",
                  "it": "{n}: un segnalino Progresso (ne prendi uno dal tabellone quando formi una coppia di simboli "
                        "scientifici uguali)."}, lang, n=_duel_name_of("token", t.id, lang))]
    if t.gain:
        parts.append(say({"en": "Take {c} at once.", "ru": "Сразу возьмите {c}.", "it": "Prendi subito {c}."},
                         lang, c=count(t.gain, "coin", lang)))
    if t.science:
        parts.append({"en": "It gives a seventh science symbol (the scales of Law), which counts toward the 6 "
                            "different symbols of scientific supremacy.",
                      "ru": "Даёт научный символ (весы Закона), который учитывается среди 6 разных символов "
                            "научного превосходства.",
                      "it": "Dà un simbolo scientifico (la bilancia della Legge), che conta per i 6 simboli diversi "
                            "della supremazia scientifica."}[lang])
    if t.effect in DUEL_TOKEN_EFFECTS:
        parts.append(DUEL_TOKEN_EFFECTS[t.effect][lang])
    if t.vp:
        parts.append(say({"en": "Worth {v}.", "ru": "Приносит {v}.", "it": "Vale {v}."}, lang, v=count(t.vp, "vp", lang)))
    return sentences(parts)


# Checklist ids of the rules specification that a card section answers (the hand-written sections carry theirs).
REFS: dict[str, tuple[str, ...]] = {

        "wonder.appian_way": ("D70",), "wonder.circus_maximus": ("D71",), "wonder.colossus": ("D72",),
        "wonder.great_library": ("D73",), "wonder.great_lighthouse": ("D74",), "wonder.hanging_gardens": ("D75",),
        "wonder.mausoleum": ("D76", "D77"), "wonder.piraeus": ("D78",), "wonder.pyramids": ("D79",),
        "wonder.sphinx": ("D80",), "wonder.statue_of_zeus": ("D81",), "wonder.temple_of_artemis": ("D82",),
        "card.shipowners_guild": ("D125",), "card.builders_guild": ("D126",), "card.moneylenders_guild": ("D127",),
        "card.merchants_guild": ("D128",), "card.magistrates_guild": ("D129",), "card.scientists_guild": ("D130",),
        "card.tacticians_guild": ("D131",),
        "token.agriculture": ("D102",), "token.architecture": ("D103",), "token.economy": ("D104", "D105", "D106"),
        "token.law": ("D100",), "token.masonry": ("D107",), "token.mathematics": ("D108",),
        "token.philosophy": ("D109",), "token.strategy": ("D94", "D95"), "token.theology": ("D110", "D111"),
        "token.urbanism": ("D60", "D112"),
        "card.tavern": ("D114",), "card.brewery": ("D115",), "card.chamber_of_commerce": ("D116",),
        "card.port": ("D117",), "card.armory": ("D118",), "card.lighthouse": ("D119",), "card.arena": ("D120",),
        "card.stone_reserve": ("D46",), "card.clay_reserve": ("D46",), "card.wood_reserve": ("D46",),
        "card.customs_house": ("D47",), "card.forum": ("D40",), "card.caravansery": ("D41",),
}


def card_sections() -> list[Section]:
    """A section for every card, wonder and progress token of the game."""
    chain_from = {c.chain_out: c.id for c in data.CARDS.values() if c.chain_out}
    chain_to = {c.chain_in: c.id for c in data.CARDS.values() if c.chain_in}
    out = []
    for card in data.CARDS.values():
        out.append(section("duel", "card", card.id, "cards",
                            lambda lang, c=card: _duel_card_text(c, lang, chain_from, chain_to), REFS))
    for w in data.WONDERS.values():
        out.append(section("duel", "wonder", w.id, "wonders", lambda lang, w=w: _duel_wonder_text(w, lang), REFS))
    for t in data.TOKENS.values():
        out.append(section("duel", "token", t.id, "progress", lambda lang, t=t: _duel_token_text(t, lang), REFS))
    return out


SOURCE = RulebookSource(
    corpus=Path(__file__).resolve().parent / "corpus.toml",
    cards=card_sections,
    placeholders={"card": ("duel.card",), "wonder": ("duel.wonder",), "token": ("duel.token",)},
    aliases=("duel", "7wd", "7 wonders duel", "7wonders duel", "7wondersduel", "7 wonders: duel", "7wonders-duel",
             "дуэль", "7 чудес дуэль", "7 чудес: дуэль", "duello", "7 wonders duello"),
    examples=("how much does a resource cost when I buy it", "можно ли построить чудо картой которую не могу оплатить",
              "quanto ricevo scartando una carta", "Piramidi", "what does the Mausoleom do", "военное превосходство",
              "la Grande Biblioteca come funziona", "who starts the next age"),
)
