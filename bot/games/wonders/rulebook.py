"""7 Wonders (and Armada) in the rule look-up: a section written from the engine's data for every card, wonder board
and island, in en / ru / it with the names of the catalogs, and where the hand-written sections are
(``corpus.toml``).
"""

from __future__ import annotations

from pathlib import Path

from bot.rulebook.model import RulebookSource, Section
from bot.rulebook.names import name
from bot.rulebook.words import (
    COLOUR_ADJ, ROMAN, accusative, cost_text, count, join, plural, quoted, section, sentences, units,
)
from rules.wonders import data
from rules.wonders.data import FLEETS as FLEET_IDS
from rules.wonders.data import RESOURCES

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
    "revive": {"en": "at the end of the turn, you may build one card of the discard pile for free (or nothing)",
               "ru": "в конце хода можно бесплатно построить одну карту из стопки сброса (или ничего)",
               "it": "alla fine del turno, puoi costruire gratis una carta della pila degli scarti (o nulla)"},
    "play_last": {"en": "from now on you may also play the last card of each age instead of discarding it",
                  "ru": "отныне можно сыграть и последнюю карту каждой эпохи, а не сбрасывать её",
                  "it": "da ora puoi giocare anche l'ultima carta di ogni Epoca invece di scartarla"},
}


def _stage_text(stage, lang: str) -> str:
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


def card_sections() -> list[Section]:
    """A section for every card, wonder board and island of the game."""
    chain_to: dict[str, list[str]] = {}
    for c in data.CARDS.values():
        for parent in c.chain_from:
            chain_to.setdefault(parent, []).append(c.id)
    out = []
    for card in data.CARDS.values():
        topic = "guilds" if card.is_guild else ("armada" if card.armada else "cards")
        out.append(section("wonders", "card", card.id, topic,
                           lambda lang, c=card: _wonders_card_text(c, lang, chain_to), REFS))
    for w in data.WONDERS.values():
        out.append(section("wonders", "wonder", w.id, "wonders", lambda lang, w=w: _board_text(w, lang), REFS))
    for island in data.ISLANDS.values():
        out.append(section("wonders", "island", island.id, "islands", lambda lang, i=island: _island_text(i, lang),
                           REFS))
    return out


# Checklist ids of the rules specification that a card section answers (the hand-written sections carry theirs).
REFS: dict[str, tuple[str, ...]] = {

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
}


SOURCE = RulebookSource(
    corpus=Path(__file__).resolve().parent / "corpus.toml",
    cards=card_sections,
    # A wonder is named by its monument, and also by its city (Rhodos).
    placeholders={"card": ("wonders.card",), "wonder": ("wonders.monument", "wonders.wonder"),
                  "island": ("wonders.island",)},
    aliases=("wonders", "7wonders", "7 wonders", "7w", "armada", "7 wonders armada", "7wonders-armada", "7 чудес",
             "армада", "7 чудес армада", "7 meraviglie"),
    examples=("how do naval conflicts work", "что даёт ткань", "come funzionano le tasse", "Halikarnasus",
              "can I buy resources from my neighbour", "сколько монет за сброс карты", "Isola Perduta",
              "what does the lighthouse give"),
)
