"""Card sections written by code from the engines' data: what each card, wonder, progress token or island costs and
does, in en / ru / it, with the names of the catalogs.

Small and data-driven on purpose: a sentence per data field, so a change in ``rules/*/data`` changes the answers
without touching this file (a field it does not know is left out, never a crash).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bot.rulebook.model import Section
from bot.rulebook.names import alternatives, name

LANGS = ("en", "ru", "it")


# ------------------------------------------------------------------------------------------------ words
def plural(n: int, lang: str, forms: tuple[str, ...]) -> str:
    """``forms``: (one, other) for en/it, (one, few, many) for ru."""
    if lang == "ru":
        one, few, many = forms
        if n % 10 == 1 and n % 100 != 11:
            return one
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return few
        return many
    return forms[0] if n == 1 else forms[1]


WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "coin": {"en": ("coin", "coins"), "ru": ("монета", "монеты", "монет"), "it": ("moneta", "monete")},
    "vp": {
        "en": ("victory point", "victory points"),
        "ru": ("победное очко", "победных очка", "победных очков"),
        "it": ("punto vittoria", "punti vittoria"),
    },
    "shield": {"en": ("shield", "shields"), "ru": ("щит", "щита", "щитов"), "it": ("scudo", "scudi")},
    "space": {"en": ("space", "spaces"), "ru": ("ячейку", "ячейки", "ячеек"), "it": ("casella", "caselle")},
}


def count(n: int, word: str, lang: str) -> str:
    return f"{n} {plural(n, lang, WORDS[word][lang])}"


def join(items: list[str], lang: str, *, alternative: bool = False) -> str:
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    word = {"en": ("and", "or"), "ru": ("и", "или"), "it": ("e", "o")}[lang][alternative]
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def quoted(text: str, lang: str) -> str:
    return f"«{text}»" if lang == "ru" else text


def units(counts: Iterable[int], letters: str, resource: Callable[[str, str], str], lang: str) -> list[str]:
    out = []
    for n, letter in zip(counts, letters):
        if n:
            word = resource(letter, lang)
            out.append(f"{n} {word}" if lang == "en" else (word if n == 1 else f"{word} ×{n}"))
    return out


_RU_ACCUSATIVE = {"глина": "глину", "руда": "руду"}


def accusative(items: list[str], lang: str) -> list[str]:
    """Russian resource names after "производит" ("производит глину")."""
    if lang != "ru":
        return items
    out = []
    for item in items:
        word, _, rest = item.partition(" ")
        out.append(" ".join(x for x in (_RU_ACCUSATIVE.get(word, word), rest) if x))
    return out


def cost_text(coins: int, res: list[str], lang: str) -> str:
    parts = ([count(coins, "coin", lang)] if coins else []) + res
    if not parts:
        return {"en": "free", "ru": "бесплатно", "it": "gratuita"}[lang]
    return " + ".join(parts)


def sentences(parts: list[str]) -> str:
    return " ".join(p for p in parts if p)


T = dict[str, str]  # a sentence template per language


def say(template: T, lang: str, **values) -> str:
    return template[lang].format(**values)


# ------------------------------------------------------------------------------------------------ Duel
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

# Colour adjectives for "per X card" phrases.
COLOUR_ADJ = {
    "en": dict(brown="brown", grey="grey", blue="blue", green="green", yellow="yellow", red="red", purple="purple"),
    "ru": dict(brown="коричневую", grey="серую", blue="синюю", green="зелёную", yellow="жёлтую", red="красную",
               purple="фиолетовую"),
    "it": dict(brown="marrone", grey="grigia", blue="blu", green="verde", yellow="gialla", red="rossa",
               purple="viola"),
}

ROMAN = {1: "I", 2: "II", 3: "III"}


def _duel_res(letter: str, lang: str) -> str:
    return DUEL_RESOURCES[lang][letter]


def _duel_name_of(kind: str, key: str, lang: str) -> str:
    return quoted(name("duel", kind, key, lang), lang)


def _duel_symbol(context: str, key: str, lang: str) -> str:
    from bot.games import duel_names
    from bot.i18n import pgettext, use_locale

    with use_locale(lang):
        return pgettext(context, duel_names.TABLES[context][key])


def _duel_card_text(card, lang: str, chain_from: dict[str, str], chain_to: dict[str, str]) -> str:
    from rules.duel.data import RESOURCES

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
    from rules.duel.data import RESOURCES

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


KIND_WORDS = {
    "card": {"en": "card building cost", "ru": "карта здание стоимость", "it": "carta struttura costo"},
    "wonder": {"en": "wonder cost", "ru": "чудо света стоимость", "it": "meraviglia costo"},
    "token": {"en": "progress token", "ru": "жетон прогресса", "it": "segnalino progresso"},
    "island": {"en": "island card", "ru": "карта острова", "it": "carta isola"},
}


def _section(game: str, kind: str, key: str, topic: str, text: Callable[[str], str], refs: tuple[str, ...] = (),
             extra_names: Iterable[str] = ()) -> Section:
    titles = {lang: name(game, kind, key, lang) for lang in LANGS}
    names = tuple(dict.fromkeys([*titles.values(), *alternatives(game, kind, key), *extra_names]))
    keywords = {lang: " ".join(names) + " " + KIND_WORDS[kind][lang] for lang in LANGS}
    sid = f"{kind}.{key}"
    return Section(id=sid, game=game, topic=topic, kind="card", title=titles,
                   text={lang: text(lang) for lang in LANGS}, keywords=keywords,
                   refs=refs or REFS.get(game, {}).get(sid, ()), names=names)


# Checklist ids of the rules specifications that a card section answers (the hand-written sections carry theirs).
REFS: dict[str, dict[str, tuple[str, ...]]] = {
    "duel": {
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
    },
    "wonders": {
        "card.tavern": ("W63",), "card.vineyard": ("W64",), "card.bazar": ("W65",), "card.haven": ("W66",),
        "card.lighthouse": ("W67",), "card.chamber_of_commerce": ("W68",), "card.arena": ("W69",),
        "card.forum": ("W70",), "card.caravansery": ("W70",), "card.east_trading_post": ("W44",),
        "card.west_trading_post": ("W45",), "card.marketplace": ("W46",),
        "card.workers_guild": ("W71",), "card.craftsmens_guild": ("W72",), "card.traders_guild": ("W73",),
        "card.philosophers_guild": ("W73", "AR88"), "card.spies_guild": ("W73",), "card.magistrates_guild": ("W73",),
        "card.strategists_guild": ("W74",), "card.shipowners_guild": ("W75",), "card.builders_guild": ("W76",),
        "card.scientists_guild": ("W77",),
        "wonder.olympia": ("W78", "W80", "W81"), "wonder.halikarnassos": ("W82",), "wonder.babylon": ("W85", "W86"),
        "wonder.alexandria": ("W87",), "wonder.rhodos": ("W88",), "wonder.ephesos": ("W89",),
        "card.dock": ("AR89", "AR90"), "card.quay": ("AR89", "AR91"), "card.jetty": ("AR89", "AR90"),
        "card.coastal_defenses": ("AR101",), "card.fortified_port": ("AR101",), "card.coastal_fortifications": ("AR101",),
        "card.shipyard": ("AR102", "AR103"), "card.construction_yard": ("AR102", "AR103"),
        "card.dry_dock": ("AR102", "AR103"), "card.hangar": ("AR102", "AR103"), "card.captaincy": ("AR102", "AR103"),
        "card.naval_ministry": ("AR102", "AR103"), "card.pirate_cache": ("AR105",), "card.pirate_lair": ("AR105",),
        "card.pirate_brotherhood": ("AR105",), "card.eastern_emporium": ("AR106",), "card.western_emporium": ("AR107",),
        "card.customs_office": ("AR110",), "card.steersmens_academy": ("AR111",), "card.map_room": ("AR111",),
        "card.naval_archives": ("AR111",), "card.explorers_office": ("AR114",), "card.society_of_navigators": ("AR114",),
        "card.captains_circle": ("AR114",),
        "island.wild_island": ("AR126",), "island.virgin_island": ("AR126",), "island.abandoned_harbor": ("AR126",),
        "island.bronze_island": ("AR128",), "island.iron_harbor": ("AR128",), "island.scarlet_archipelago": ("AR128",),
        "island.windblown_island": ("AR129",), "island.windy_harbor": ("AR129",),
        "island.trade_winds_archipelago": ("AR129",), "island.inhabited_island": ("AR130",),
        "island.statues_harbor": ("AR130",), "island.sovereign_archipelago": ("AR130",),
        "island.topaz_island": ("AR131",), "island.amber_island": ("AR131",), "island.frothy_harbor": ("AR132",),
        "island.stormy_archipelago": ("AR133",), "island.ancient_harbor": ("AR135", "AR136"),
        "island.wondrous_harbor": ("AR137",), "island.lost_island": ("AR138", "AR139"),
        "island.pirate_harbor": ("AR140",), "island.luxurious_archipelago": ("AR141",),
        "island.golden_archipelago": ("AR142",), "island.emerald_archipelago": ("AR143",),
        "island.sheltered_archipelago": ("AR144",), "island.rainbow_archipelago": ("AR145",),
        "island.foggy_island": ("AR54",), "island.forgotten_harbor": ("AR84",),
    },
}


def duel_sections() -> list[Section]:
    from rules.duel import data

    chain_from = {c.chain_out: c.id for c in data.CARDS.values() if c.chain_out}
    chain_to = {c.chain_in: c.id for c in data.CARDS.values() if c.chain_in}
    out = []
    for card in data.CARDS.values():
        out.append(_section("duel", "card", card.id, "cards",
                            lambda lang, c=card: _duel_card_text(c, lang, chain_from, chain_to)))
    for w in data.WONDERS.values():
        out.append(_section("duel", "wonder", w.id, "wonders", lambda lang, w=w: _duel_wonder_text(w, lang)))
    for t in data.TOKENS.values():
        out.append(_section("duel", "token", t.id, "progress", lambda lang, t=t: _duel_token_text(t, lang)))
    return out


# ------------------------------------------------------------------------------------------------ 7 Wonders
WONDERS_RESOURCES = {
    "en": dict(W="wood", S="stone", C="clay", O="ore", G="glass", L="loom", P="papyrus"),
    "ru": dict(W="дерево", S="камень", C="глина", O="руда", G="стекло", L="ткань", P="папирус"),
    "it": dict(W="legno", S="pietra", C="argilla", O="minerale", G="vetro", L="tessuto", P="papiro"),
}

WONDERS_COLOURS = {
    "en": dict(brown="brown card (raw materials)", grey="grey card (manufactured goods)",
               blue="blue card (civilian structure)", green="green card (scientific structure)",
               yellow="yellow card (commercial structure)", red="red card (military structure)",
               purple="purple card (Guild)"),
    "ru": dict(brown="коричневая карта (сырьё)", grey="серая карта (товары)",
               blue="синяя карта (гражданская постройка)", green="зелёная карта (научная постройка)",
               yellow="жёлтая карта (торговая постройка)", red="красная карта (военная постройка)",
               purple="фиолетовая карта (Гильдия)"),
    "it": dict(brown="carta marrone (materie prime)", grey="carta grigia (prodotti lavorati)",
               blue="carta blu (edificio civile)", green="carta verde (edificio scientifico)",
               yellow="carta gialla (edificio commerciale)", red="carta rossa (edificio militare)",
               purple="carta viola (Gilda)"),
}

SCIENCE = {
    "en": dict(compass="compass", gear="gear", tablet="tablet"),
    "ru": dict(compass="циркуль", gear="шестерёнка", tablet="табличка"),
    "it": dict(compass="compasso", gear="ingranaggio", tablet="tavoletta"),
}

FLEETS = {
    "en": ("red (military)", "yellow (commercial)", "blue (civil)", "green (science)"),
    "ru": ("красного (военного)", "жёлтого (коммерческого)", "синего (гражданского)", "зелёного (научного)"),
    "it": ("rossa (militare)", "gialla (commerciale)", "blu (civile)", "verde (scientifica)"),
}


def _w_res(letter: str, lang: str) -> str:
    return WONDERS_RESOURCES[lang][letter]


def _w_name(kind: str, key: str, lang: str) -> str:
    return quoted(name("wonders", kind, key, lang), lang)


def _what(what: str, lang: str) -> str:
    """"Each" counted item of a ``gain_per`` / ``vp_per`` / ``guild``: a colour, ``stage`` or ``defeat``."""
    if what == "stage":
        return {"en": "each built wonder stage", "ru": "каждый построенный этап Чуда света",
                "it": "ogni fase della Meraviglia costruita"}[lang]
    if what == "defeat":
        return {"en": "each land defeat token", "ru": "каждый жетон поражения на суше",
                "it": "ogni gettone Sconfitta terrestre"}[lang]
    return {"en": "each {c} card", "ru": "каждую {c} карту", "it": "ogni carta {c}"}[lang].format(
        c=COLOUR_ADJ[lang].get(what, what))


def _itself(card, what: str, lang: str) -> str:
    if what != card.colour:
        return ""
    return {"en": " (itself included)", "ru": " (включая её саму)", "it": " (compresa se stessa)"}[lang]


SCOPES = {
    "own": {"en": "in your city", "ru": "в вашем городе", "it": "nella tua città"},
    "all": {"en": "in your city and both neighbouring cities", "ru": "в вашем городе и у обоих соседей",
            "it": "nella tua città e nelle due città vicine"},
    "neighbours": {"en": "in the two neighbouring cities", "ru": "у двух соседей", "it": "nelle due città vicine"},
}


def _copies(card, lang: str) -> str:
    if not card.deck or card.armada or card.is_guild:
        return ""
    chunks = []
    for age, thresholds in card.deck:
        steps = ", ".join(
            {"en": "{k} from {t} players", "ru": "{k} с {t} игроков", "it": "{k} da {t} giocatori"}[lang].format(k=k, t=t)
            for k, t in enumerate(sorted(thresholds), 1))
        chunks.append({"en": "Copies in Age {a}: {s}", "ru": "Копий в {a} эпохе: {s}",
                       "it": "Copie nell'Epoca {a}: {s}"}[lang].format(a=ROMAN.get(age, age), s=steps))
    return "; ".join(chunks) + "."


def _wonders_card_text(card, lang: str, chain_to: dict[str, list[str]]) -> str:
    from rules.wonders.data import RESOURCES

    if card.is_guild:
        where = {"en": "Age III (N + 2 guilds are drawn at random for N players)",
                 "ru": "III эпоха (на N игроков случайно берутся N + 2 гильдии)",
                 "it": "Epoca III (con N giocatori si pescano a caso N + 2 Gilde)"}[lang]
    elif card.armada:
        where = {"en": "Armada card, Age {a}", "ru": "карта Армады, {a} эпоха", "it": "carta Armada, Epoca {a}"}[lang]
        where = where.format(a=ROMAN.get(card.age, card.age))
    else:
        ages = sorted({age for age, _ in card.deck}) or [card.age]
        where = {"en": "Age {a}", "ru": "{a} эпоха", "it": "Epoca {a}"}[lang].format(
            a=" / ".join(ROMAN.get(a, str(a)) for a in ages))
    colour = WONDERS_COLOURS[lang].get(card.colour, card.colour)
    parts = [f"{_w_name('card', card.id, lang)}: {colour}, {where}."]
    cost = cost_text(card.coins, units(card.cost, RESOURCES, _w_res, lang), lang)
    parts.append({"en": "Cost: {c}.", "ru": "Стоимость: {c}.", "it": "Costo: {c}."}[lang].format(c=cost))
    if card.armada and (card.coins or any(card.cost)):
        parts.append({"en": "(The rulebook does not print Armada card costs; this is the cost the bot uses, check your "
                            "printed card.)",
                      "ru": "(Правила не приводят стоимость карт Армады; это стоимость, которую использует бот, "
                            "сверьтесь с картой.)",
                      "it": "(Il regolamento non riporta i costi delle carte Armada; questo è il costo usato dal bot, "
                            "controlla la tua carta.)"}[lang])
    produced = units(card.produces, RESOURCES, _w_res, lang)
    if produced:
        parts.append({"en": "Produces {r} every turn.", "ru": "Производит {r} каждый ход.",
                      "it": "Produce {r} a ogni turno."}[lang].format(r=join(accusative(produced, lang), lang)))
    if card.choice:
        options = join([WONDERS_RESOURCES[lang][RESOURCES[i]] for i in card.choice], lang, alternative=True)
        parts.append({"en": "Each turn it produces one of: {r}.", "ru": "Каждый ход производит одно на выбор: {r}.",
                      "it": "A ogni turno produce uno a scelta tra: {r}."}[lang].format(r=options))
        if not card.sellable:
            parts.append({"en": "Neighbours cannot buy this production.", "ru": "Соседи не могут купить это производство.",
                          "it": "I vicini non possono comprare questa produzione."}[lang])
    if card.shields:
        parts.append({"en": "{s} (land shields, compared at the end of each age).",
                      "ru": "{s} (наземные щиты, сравниваются в конце каждой эпохи).",
                      "it": "{s} (scudi terrestri, confrontati alla fine di ogni Epoca)."}[lang].format(
            s=count(card.shields, "shield", lang).capitalize()))
    if card.naval:
        parts.append({"en": "{n} naval shield(s) for the Naval Conflicts.", "ru": "Морских щитов: {n} (для Морских Конфликтов).",
                      "it": "{n} scudi navali per i Conflitti Navali."}[lang].format(n=card.naval))
    if card.science in ("compass", "gear", "tablet"):
        parts.append({"en": "Science symbol: {s}.", "ru": "Научный символ: {s}.", "it": "Simbolo scientifico: {s}."}[lang].format(
            s=SCIENCE[lang][card.science]))
    elif card.science == "any":
        parts.append({"en": "At the end it counts as the science symbol of your choice.",
                      "ru": "В конце игры считается научным символом на ваш выбор.",
                      "it": "Alla fine conta come il simbolo scientifico che preferisci."}[lang])
    elif card.science == "most":
        parts.append({"en": "At the end it adds one more of the science symbol you have most of (your pick on a tie).",
                      "ru": "В конце игры добавляет ещё один научный символ того типа, которого у вас больше всего "
                            "(при равенстве выбираете вы).",
                      "it": "Alla fine aggiunge un altro simbolo scientifico del tipo che hai di più (a parità scegli "
                            "tu)."}[lang])
    if card.discount:
        text = {"raw_right": {"en": "Raw materials bought from your right neighbour cost 1 coin instead of 2.",
                              "ru": "Сырьё у правого соседа стоит 1 монету вместо 2.",
                              "it": "Le materie prime comprate dal vicino di destra costano 1 moneta invece di 2."},
                "raw_left": {"en": "Raw materials bought from your left neighbour cost 1 coin instead of 2.",
                             "ru": "Сырьё у левого соседа стоит 1 монету вместо 2.",
                             "it": "Le materie prime comprate dal vicino di sinistra costano 1 moneta invece di 2."},
                "goods_both": {"en": "Manufactured goods bought from either neighbour cost 1 coin instead of 2.",
                               "ru": "Товары у обоих соседей стоят 1 монету вместо 2.",
                               "it": "I prodotti lavorati comprati da entrambi i vicini costano 1 moneta invece di 2."},
                }.get(card.discount)
        if text:
            parts.append(text[lang])
    if card.gain:
        parts.append({"en": "Take {c} when you build it.", "ru": "При постройке возьмите {c}.",
                      "it": "Quando la costruisci prendi {c}."}[lang].format(c=count(card.gain, "coin", lang)))
    if card.gain_per:
        what, coins, scope = card.gain_per
        itself = _itself(card, what, lang)
        parts.append({"en": "When built: {c} for {w} {s}, counted once.",
                      "ru": "При постройке: {c} за {w} {s}, один раз.",
                      "it": "Alla costruzione: {c} per {w} {s}, una sola volta."}[lang].format(
            c=count(coins, "coin", lang), w=_what(what, lang) + itself, s=SCOPES.get(scope, SCOPES["own"])[lang]))
    if card.vp_per:
        what, vp = card.vp_per
        parts.append({"en": "At the end: {v} for {w} in your city.", "ru": "В конце игры: {v} за {w} в вашем городе.",
                      "it": "Alla fine: {v} per {w} nella tua città."}[lang].format(
            v=count(vp, "vp", lang), w=_what(what, lang) + _itself(card, what, lang)))
    if card.guild:
        whats, vp, scope = card.guild
        items = join([_what(w, lang) + _itself(card, w, lang) for w in whats], lang)
        parts.append({"en": "At the end: {v} for {w} {s}.", "ru": "В конце игры: {v} за {w} {s}.",
                      "it": "Alla fine: {v} per {w} {s}."}[lang].format(
            v=count(vp, "vp", lang), w=items, s=SCOPES.get(scope, SCOPES["neighbours"])[lang]))
    if card.is_guild:
        parts.append({"en": "With Armada a guild scores at most 10 victory points.",
                      "ru": "С Армадой гильдия приносит не больше 10 победных очков.",
                      "it": "Con Armada una Gilda vale al massimo 10 punti vittoria."}[lang])
    if card.vp:
        parts.append({"en": "Worth {v}.", "ru": "Приносит {v}.", "it": "Vale {v}."}[lang].format(v=count(card.vp, "vp", lang)))
    if card.invasion:
        target = {"right": {"en": "the player to the right of your right neighbour",
                            "ru": "игроку справа от вашего правого соседа",
                            "it": "al giocatore a destra del tuo vicino di destra"},
                  "left": {"en": "the player to the left of your left neighbour",
                           "ru": "игроку слева от вашего левого соседа",
                           "it": "al giocatore a sinistra del tuo vicino di sinistra"}}[card.invasion][lang]
        parts.append({"en": "Invasion: give the Invasion token to {t}; at the end of this age you also fight a Land "
                            "Conflict against that player.",
                      "ru": "Вторжение: отдайте жетон Вторжения {t}; в конце этой эпохи вы проводите с ним ещё и "
                            "Наземный Конфликт.",
                      "it": "Invasione: dai il segnalino Invasione {t}; alla fine di questa Epoca combatti anche un "
                            "Conflitto Terrestre contro di lui."}[lang].format(t=target))
    if card.advance:
        parts.append({"en": "Move one ship of your choice one space up for free.",
                      "ru": "Бесплатно продвиньте один корабль на ваш выбор на одно деление.",
                      "it": "Fai avanzare gratis di una casella una nave a tua scelta."}[lang])
    if card.pirates:
        parts.append({"en": "Pirates: at the end of the turn every other player loses 1 coin per level of their own "
                            "Commercial Level.",
                      "ru": "Пираты: в конце хода каждый другой игрок теряет 1 монету за каждый свой Коммерческий Уровень.",
                      "it": "Pirati: alla fine del turno ogni altro giocatore perde 1 moneta per ogni suo Livello "
                            "Commerciale."}[lang])
    if card.emporium == "right":
        parts.append({"en": "Once per turn, buy 1 resource for 1 coin from the player to the right of your right "
                            "neighbour.",
                      "ru": "Раз в ход покупайте 1 ресурс за 1 монету у игрока справа от вашего правого соседа.",
                      "it": "Una volta per turno compra 1 risorsa per 1 moneta dal giocatore a destra del tuo vicino "
                            "di destra."}[lang])
    if card.emporium == "left":
        parts.append({"en": "Twice per turn, buy 1 resource for 1 coin from the player to the left of your left "
                            "neighbour.",
                      "ru": "Дважды за ход покупайте по 1 ресурсу за 1 монету у игрока слева от вашего левого соседа.",
                      "it": "Due volte per turno compra 1 risorsa per 1 moneta dal giocatore a sinistra del tuo vicino "
                            "di sinistra."}[lang])
    if card.island_draw:
        parts.append({"en": "Put the top card of the level {n} Island deck into play (no choice, not an exploration).",
                      "ru": "Введите в игру верхнюю карту колоды Островов уровня {n} (без выбора, это не Исследование).",
                      "it": "Metti in gioco la prima carta del mazzo Isole di livello {n} (senza scelta, non è "
                            "un'esplorazione)."}[lang].format(n=card.island_draw))
    if card.vp_per_level:
        parts.append({"en": "At the end: {v} per Commercial Level.", "ru": "В конце игры: {v} за каждый Коммерческий Уровень.",
                      "it": "Alla fine: {v} per ogni Livello Commerciale."}[lang].format(v=count(card.vp_per_level, "vp", lang)))
    if card.arrows:
        parts.append({"en": "Removed from the game with 3 players.", "ru": "При игре втроём убирается из игры.",
                      "it": "Si toglie dal gioco con 3 giocatori."}[lang])
    if card.armada and card.colour in ("red", "yellow", "blue", "green"):
        parts.append({"en": "Like any {c} card, building it allows a Naval Construction on the same-coloured track.",
                      "ru": "Как и любая карта этого цвета, её постройка позволяет Морское Строительство на линии того же цвета.",
                      "it": "Come ogni carta di quel colore, costruirla permette una Costruzione Navale sulla linea "
                            "dello stesso colore."}[lang].format(c=COLOUR_ADJ[lang][card.colour]))
    if card.chain_from:
        names = join([_w_name("card", c, lang) for c in card.chain_from], lang, alternative=True)
        parts.append({"en": "Chain: free if you already own {n}.", "ru": "Цепочка: бесплатно, если у вас уже есть {n}.",
                      "it": "Concatenazione: gratuita se possiedi già {n}."}[lang].format(n=names))
    if chain_to.get(card.id):
        names = join([_w_name("card", c, lang) for c in chain_to[card.id]], lang)
        parts.append({"en": "It lets you build {n} for free later.", "ru": "Позже позволяет бесплатно построить {n}.",
                      "it": "Più avanti ti permette di costruire gratis {n}."}[lang].format(n=names))
    copies = _copies(card, lang)
    if copies:
        parts.append(copies)
    return sentences(parts)


SPECIALS = {
    "free_build": {"en": "once per age, build one structure from your hand for free",
                   "ru": "раз в эпоху бесплатно постройте одно здание с руки",
                   "it": "una volta per Epoca, costruisci gratis una struttura dalla tua mano"},
    "raw_discount": {"en": "raw materials from both neighbours cost you 1 coin",
                     "ru": "сырьё у обоих соседей стоит вам 1 монету",
                     "it": "le materie prime dei due vicini ti costano 1 moneta"},
    "copy_guild": {"en": "at the end, copy one Guild of your left or right neighbour",
                   "ru": "в конце игры скопируйте одну Гильдию левого или правого соседа",
                   "it": "alla fine, copia una Gilda del vicino di sinistra o di destra"},
    "revive": {"en": "at the end of the turn, build one card of the discard pile for free",
               "ru": "в конце хода бесплатно постройте одну карту из стопки сброса",
               "it": "alla fine del turno, costruisci gratis una carta della pila degli scarti"},
    "play_last": {"en": "from now on you may also play the last card of each age instead of discarding it",
                  "ru": "отныне можно сыграть и последнюю карту каждой эпохи, а не сбрасывать её",
                  "it": "da ora puoi giocare anche l'ultima carta di ogni Epoca invece di scartarla"},
}


def _stage_text(stage, lang: str) -> str:
    from rules.wonders.data import RESOURCES

    bits = []
    if stage.vp:
        bits.append(count(stage.vp, "vp", lang))
    if stage.shields:
        bits.append(count(stage.shields, "shield", lang))
    if stage.gain:
        bits.append(count(stage.gain, "coin", lang))
    if stage.choice:
        options = join([WONDERS_RESOURCES[lang][RESOURCES[i]] for i in stage.choice], lang, alternative=True)
        bits.append({"en": "one of {r} per turn (not sellable)", "ru": "одно из: {r} каждый ход (не продаётся)",
                     "it": "uno tra {r} a ogni turno (non vendibile)"}[lang].format(r=options))
    if stage.science:
        bits.append({"en": "a science symbol of your choice at the end", "ru": "научный символ на выбор в конце игры",
                     "it": "un simbolo scientifico a scelta alla fine"}[lang])
    if stage.special in SPECIALS:
        bits.append(SPECIALS[stage.special][lang])
    cost = cost_text(0, units(stage.cost, RESOURCES, _w_res, lang), lang)
    return f"{cost} → {', '.join(bits) or '—'}"


def _board_text(w, lang: str) -> str:
    from rules.wonders.data import RESOURCES

    res = accusative([WONDERS_RESOURCES[lang][RESOURCES[w.resource]]], lang)[0]
    parts = [{"en": "{n}: a wonder board. It produces {r} every turn (neighbours may buy it).",
              "ru": "{n}: планшет Чуда света. Каждый ход производит {r} (соседи могут это купить).",
              "it": "{n}: una plancia Meraviglia. Produce {r} a ogni turno (i vicini possono comprarlo)."}[lang].format(
        n=_w_name("wonder", w.id, lang), r=res)]
    for side in ("a", "b"):
        stages = w.stages(side)
        listed = "; ".join(f"{i}) {_stage_text(s, lang)}" for i, s in enumerate(stages, 1))
        n = len(stages)
        parts.append({"en": "Side {s} ({n} stages): {l}.", "ru": "Сторона {s} ({n} {w}): {l}.",
                      "it": "Lato {s} ({n} fasi): {l}."}[lang].format(
            s=side.upper(), n=n, l=listed, w=plural(n, "ru", ("этап", "этапа", "этапов"))))
    parts.append({"en": "Stages are built in order, each by tucking any card from your hand under the board.",
                  "ru": "Этапы строятся по порядку, под каждый подкладывается любая карта с руки.",
                  "it": "Le fasi si costruiscono in ordine, mettendo sotto la plancia una carta qualsiasi della mano."}[lang])
    return sentences(parts)


ISLAND_SPECIALS = {
    "lost": {"en": "From now on every Naval Construction you make with a wonder stage is free, and you choose its track.",
             "ru": "Отныне каждое Морское Строительство при постройке этапа Чуда бесплатно, и линию выбираете вы.",
             "it": "D'ora in poi ogni Costruzione Navale fatta con una fase della Meraviglia è gratuita e scegli tu la "
                   "linea."},
    "foggy": {"en": "From now on you never lose coins to Taxes or Pirates.",
              "ru": "Отныне вы никогда не теряете монеты из-за Налогов и Пиратов.",
              "it": "D'ora in poi non perdi mai monete per Tasse o Pirati."},
    "ancient": {"en": "From now on each Naval Construction costs 1 resource less (coin costs are paid in full).",
                "ru": "Отныне каждое Морское Строительство стоит на 1 ресурс меньше (монеты платятся полностью).",
                "it": "D'ora in poi ogni Costruzione Navale costa 1 risorsa in meno (le monete si pagano per intero)."},
    "wondrous": {"en": "From now on take 1 coin for each Naval Construction, free or paid.",
                 "ru": "Отныне берите 1 монету за каждое Морское Строительство, платное или бесплатное.",
                 "it": "D'ora in poi prendi 1 moneta per ogni Costruzione Navale, gratuita o pagata."},
    "forgotten": {"en": "From now on you may stay out of each Naval Conflict (you then get no token).",
                  "ru": "Отныне вы можете не участвовать в любом Морском Конфликте (тогда вы не получаете жетон).",
                  "it": "D'ora in poi puoi restare fuori da ogni Conflitto Navale (e non ricevi gettoni)."},
}


def _island_text(island, lang: str) -> str:
    from rules.wonders.data import FLEETS as FLEET_IDS
    from rules.wonders.data import RESOURCES

    parts = [{"en": "{n}: an Island card of level {l}.", "ru": "{n}: карта Острова уровня {l}.",
              "it": "{n}: una carta Isola di livello {l}."}[lang].format(n=_w_name("island", island.id, lang), l=island.level)]
    if island.choice:
        options = join([WONDERS_RESOURCES[lang][RESOURCES[i]] for i in island.choice], lang, alternative=True)
        parts.append({"en": "Produces one of {r} every turn; neighbours cannot buy it.",
                      "ru": "Каждый ход производит одно из: {r}; соседи не могут это купить.",
                      "it": "Produce uno tra {r} a ogni turno; i vicini non possono comprarlo."}[lang].format(r=options))
    if island.shields:
        parts.append({"en": "{s} (land).", "ru": "Наземных щитов: {n}.", "it": "{s} terrestri."}[lang].format(
            s=count(island.shields, "shield", lang).capitalize(), n=island.shields))
    if island.naval:
        parts.append({"en": "{n} naval shield(s).", "ru": "Морских щитов: {n}.", "it": "{n} scudi navali."}[lang].format(
            n=island.naval))
    if island.advance is not None:
        fleet = FLEETS[lang][island.advance] if island.advance < 4 else FLEET_IDS[island.advance]
        parts.append({"en": "When it enters play, your {f} ship moves one space up for free.",
                      "ru": "Когда он входит в игру, ваш корабль {f} флота бесплатно продвигается на одно деление.",
                      "it": "Quando entra in gioco, la tua nave della flotta {f} avanza gratis di una casella."}[lang].format(f=fleet))
    if island.advance_different:
        parts.append({"en": "When it enters play, move {n} different ships one space up each, for free.",
                      "ru": "Когда он входит в игру, бесплатно продвиньте {n} разных корабля на одно деление каждый.",
                      "it": "Quando entra in gioco, fai avanzare gratis di una casella {n} navi diverse."}[lang].format(
            n=island.advance_different))
    if island.special in ISLAND_SPECIALS:
        parts.append(ISLAND_SPECIALS[island.special][lang])
    if island.pirates:
        parts.append({"en": "Pirates when it enters play: every other player loses 1 coin per own Commercial Level.",
                      "ru": "Пираты при входе в игру: каждый другой игрок теряет 1 монету за каждый свой Коммерческий Уровень.",
                      "it": "Pirati quando entra in gioco: ogni altro giocatore perde 1 moneta per ogni suo Livello "
                            "Commerciale."}[lang])
    if island.science == "any":
        parts.append({"en": "At the end: one science symbol of your choice.", "ru": "В конце игры: научный символ на выбор.",
                      "it": "Alla fine: un simbolo scientifico a scelta."}[lang])
    if island.science == "most":
        parts.append({"en": "At the end: one more of the science symbol you have most of.",
                      "ru": "В конце игры: ещё один научный символ того типа, которого у вас больше всего.",
                      "it": "Alla fine: un altro simbolo scientifico del tipo che hai di più."}[lang])
    if island.vp_per_level:
        parts.append({"en": "At the end: {v} per Commercial Level.", "ru": "В конце игры: {v} за каждый Коммерческий Уровень.",
                      "it": "Alla fine: {v} per ogni Livello Commerciale."}[lang].format(v=count(island.vp_per_level, "vp", lang)))
    if island.vp_per_island:
        parts.append({"en": "At the end: {v} per Island you own, this one included.",
                      "ru": "В конце игры: {v} за каждый ваш Остров, включая этот.",
                      "it": "Alla fine: {v} per ogni Isola che possiedi, compresa questa."}[lang].format(
            v=count(island.vp_per_island, "vp", lang)))
    if island.rainbow:
        parts.append({"en": "At the end: choose a card colour and score 1 victory point per card of that colour in your city.",
                      "ru": "В конце игры: выберите цвет карт и получите 1 победное очко за каждую карту этого цвета в "
                            "вашем городе.",
                      "it": "Alla fine: scegli un colore e ottieni 1 punto vittoria per ogni carta di quel colore nella "
                            "tua città."}[lang])
    if island.vp:
        parts.append({"en": "Worth {v} at the end.", "ru": "Приносит {v} в конце игры.", "it": "Vale {v} alla fine."}[lang].format(
            v=count(island.vp, "vp", lang)))
    return sentences(parts)


def wonders_sections() -> list[Section]:
    from rules.wonders import data

    chain_to: dict[str, list[str]] = {}
    for c in data.CARDS.values():
        for parent in c.chain_from:
            chain_to.setdefault(parent, []).append(c.id)
    out = []
    for card in data.CARDS.values():
        topic = "guilds" if card.is_guild else ("armada" if card.armada else "cards")
        out.append(_section("wonders", "card", card.id, topic,
                            lambda lang, c=card: _wonders_card_text(c, lang, chain_to)))
    for w in data.WONDERS.values():
        out.append(_section("wonders", "wonder", w.id, "wonders", lambda lang, w=w: _board_text(w, lang)))
    for island in data.ISLANDS.values():
        out.append(_section("wonders", "island", island.id, "islands", lambda lang, i=island: _island_text(i, lang)))
    return out


GENERATORS: dict[str, Callable[[], list[Section]]] = {"duel": duel_sections, "wonders": wonders_sections}
