"""Anno 1800 in the rule look-up: a section written from the engine's data for every industry, shipyard and ship (what
it makes, who works it, what it costs, where it goes), for every kind of population cube (hire, upgrade and shift-end
costs) and for every objective card that has no hand-written section,
in en / ru / it with the names of the catalogs (``names``), and where the hand-written sections are (``corpus.toml``).

The sections are built here from ``names`` directly (not through ``bot.rulebook.names``, which reads the registered
bundle), so the corpus loads without the bundle; the hand-written corpus uses no placeholders for the same reason.
"""

from __future__ import annotations

from pathlib import Path

from bot.games.anno1800 import names as anno_names
from bot.i18n import LOCALES, use_locale
from bot.rulebook.model import RulebookSource, Section
from bot.rulebook.words import LANGS, T, join, plural, say, sentences
from rules.anno1800 import data
from rules.anno1800.data import BUILDINGS, OBJECTIVES, RESOURCES, TIERS

GAME = "anno1800"

KIND_WORDS = {
    "industry": {"en": "industry building token cost workplaces", "ru": "производство жетон постройки стоимость",
                 "it": "industria tessera costo posti di lavoro"},
    "shipyard": {"en": "shipyard cost coastal", "ru": "верфь стоимость побережье", "it": "cantiere navale costo costa"},
    "ship": {"en": "ship cost naval tokens", "ru": "корабль стоимость жетоны мореплавания",
             "it": "nave costo gettoni navali"},
    "objective": {"en": "objective card", "ru": "карточка задания", "it": "carta missione"},
    "tier": {"en": "population cube hire upgrade cost shift end", "ru": "кубик населения нанять развитие стоимость",
             "it": "cubo popolazione assumere promuovere costo"},
}
# The objectives the hand-written corpus explains one by one (corpus.toml: objective.<key>).
HAND_WRITTEN = {"alonso_graves", "aarhant", "editor", "beryl_omara", "bente_jorgensen", "isabel_sarmento",
                "pyrphorian"}
# checklist ids answered by a card section
REFS: dict[str, tuple[str, ...]] = {
    "industry.timber_farmer": ("A52",),
    "shipyard.shipyard_1": ("A52",),
    "objective.edvard_goode": ("A152",),
    "objective.university": ("A153",),
    "objective.zoo": ("A155",),
    "objective.museum": ("A155",),
}


def _in(lang: str, fn, *args) -> str:
    with use_locale(lang):
        return fn(*args)


def _names(fn, key: str, context: str) -> tuple[dict[str, str], tuple[str, ...]]:
    titles = {lang: _in(lang, fn, key) for lang in LANGS}
    others = [*titles.values(), *(_in(lang, fn, key) for lang in LOCALES if lang not in titles)]
    others += anno_names.ALIASES.get(context, {}).get(key, ())
    return titles, tuple(dict.fromkeys(others))


def _cost(cost: data.Cost, lang: str) -> str:
    parts = []
    counts: dict[int, int] = {}
    for unit in cost.units:
        counts[unit] = counts.get(unit, 0) + 1
    for unit, n in counts.items():
        parts.append(f"{n} {_in(lang, anno_names.resource, RESOURCES[unit]).lower()}")
    for tier, n in enumerate(cost.exhaust):
        if n:
            parts.append(say({"en": "exhaust {n} {t}", "ru": "потратить кубик: {t} ×{n}", "it": "scartare {n} {t}"},
                             lang, n=n, t=_in(lang, anno_names.tier, TIERS[tier]).lower()))
    if cost.trade:
        parts.append(say({"en": "{n} trade token(s)", "ru": "жетоны торговли: {n}", "it": "{n} gettoni commercio"},
                         lang, n=cost.trade))
    if cost.explore:
        parts.append(say({"en": "{n} exploration token(s)", "ru": "жетоны исследования: {n}",
                          "it": "{n} gettoni esplorazione"}, lang, n=cost.explore))
    if cost.gold:
        parts.append(say({"en": "{n} gold", "ru": "золото: {n}", "it": "{n} oro"}, lang, n=cost.gold))
    if not parts:
        return {"en": "free", "ru": "бесплатно", "it": "gratis"}[lang]
    return join(parts, lang)


_TRADE_TOKENS = {"en": ("trade token", "trade tokens"), "ru": ("жетон торговли", "жетона торговли", "жетонов торговли"),
                 "it": ("gettone commercio", "gettoni commercio")}


def _industry_text(b: data.Building, lang: str) -> str:
    res = _in(lang, anno_names.resource, RESOURCES[b.resource]).lower()
    tier = _in(lang, anno_names.tiers, TIERS[b.tier]).lower()
    parts = [say({"en": "An industry making {r}, with two workplaces for {t}; each cube placed there gives one unit.",
                  "ru": "Производство ресурса «{r}» с двумя рабочими местами для кубиков «{t}»; каждый поставленный "
                        "кубик даёт 1 единицу.",
                  "it": "Un'industria che produce {r}, con due posti di lavoro per {t}; ogni cubo messo lì dà "
                        "un'unità."},
                 lang, r=res, t=tier)]
    if b.copies:
        parts.append(say({"en": "Cost to build: {c}. There are {n} on the board; it goes on a land field (inland or "
                                "coast).",
                          "ru": "Стоимость постройки: {c}. На игровом поле {n} жетона; ставится на поле суши "
                                "(внутреннее или побережье).",
                          "it": "Costo di costruzione: {c}. Sulla plancia ce ne sono {n}; va su uno spazio di terra "
                                "(entroterra o costa)."}, lang, c=_cost(b.cost, lang), n=b.copies))
    else:
        parts.append({"en": "It is printed on every home island: nobody builds it, and covering it gives it up.",
                      "ru": "Оно напечатано на каждом стартовом острове: его не строят, а накрыв, теряют.",
                      "it": "È prestampata su ogni isola di origine: non si costruisce, e coprendola la si "
                            "perde."}[lang])
    others = [m for m in data.MAKERS.get(b.resource, ()) if m != b.id]
    if others:
        parts.append(say({"en": "The same resource is also made by: {o} (a different tier, so not identical).",
                          "ru": "Тот же ресурс делает и: {o} (другой уровень, поэтому не одинаковое).",
                          "it": "La stessa risorsa la produce anche: {o} (livello diverso, quindi non identica)."},
                         lang, o=join([_in(lang, anno_names.building, o) for o in others], lang)))
    price = data.TIER[b.tier].trade_price
    parts.append(say({"en": "Another player trades for its {r} with {n}.",
                      "ru": "Другой игрок выторговывает этот ресурс за {n}.",
                      "it": "Un altro giocatore ottiene questa risorsa col commercio per {n}."},
                     lang, r=res, n=f"{price} {plural(price, lang, _TRADE_TOKENS[lang])}"))
    return sentences(parts)


def _shipyard_text(b: data.Building, lang: str) -> str:
    return say({"en": "A shipyard of strength {s}, built on a coastal field (cost: {c}; {n} on the board). In each "
                      "build action it can launch one trade or exploration ship of strength up to {s}.",
                "ru": "Верфь силы {s}, строится на поле побережья (стоимость: {c}; на поле {n}). За каждое действие "
                      "строительства спускает на воду один торговый или исследовательский корабль силы до {s}.",
                "it": "Un cantiere navale di livello {s}, costruito sulla costa (costo: {c}; {n} sulla plancia). In "
                      "ogni azione costruire può varare una nave mercantile o da esplorazione di livello fino a {s}."},
               lang, s=b.strength, c=_cost(b.cost, lang), n=b.copies)


def _ship_text(b: data.Building, lang: str) -> str:
    token = {"trade": {"en": "trade tokens", "ru": "жетоны торговли", "it": "gettoni commercio"},
             "exploration": {"en": "exploration tokens", "ru": "жетоны исследования",
                             "it": "gettoni esplorazione"}}[b.fleet][lang]
    return say({"en": "A ship of strength {s}, placed on a sea field (cost: {c}); it needs a shipyard of strength {s} "
                      "or more. It arrives with {s} {k}, and a festival refills it to {s}.",
                "ru": "Корабль силы {s}, ставится на морское поле (стоимость: {c}); нужна верфь силы {s} или "
                      "больше. Приходит с жетонами ({k}): {s}, праздник пополняет их снова до {s}.",
                "it": "Una nave di livello {s}, messa su uno spazio di mare (costo: {c}); serve un cantiere di "
                      "livello {s} o più. Arriva con {s} {k} e la festa la ricarica a {s}."},
               lang, s=b.strength, c=_cost(b.cost, lang), k=token)


def _tier_text(i: int, lang: str) -> str:
    tier = data.TIER[i]
    name = _in(lang, anno_names.tier, TIERS[i])
    parts = [say({"en": "{t}: {n} cubes in the supply for the whole table; each player starts with {s}",
                  "ru": "{t}: в общем запасе {n} кубиков; в начале у каждого {s}",
                  "it": "{t}: {n} cubi nella riserva per tutto il tavolo; ognuno ne ha {s} all'inizio"},
                 lang, t=name, n=tier.supply, s=tier.start)]
    parts.append(say({"en": "Hiring one costs {c}", "ru": "Нанять одного стоит: {c}", "it": "Assumerne uno costa {c}"},
                     lang, c=_cost(tier.hire, lang)))
    if tier.upgrade is not None:
        parts.append(say({"en": "Upgrading one to the next tier ({n}) costs {c}",
                          "ru": "Развить его в следующий уровень ({n}) стоит: {c}",
                          "it": "Promuoverne uno al livello successivo ({n}) costa {c}"}, lang,
                         n=_in(lang, anno_names.tier, TIERS[i + 1]).lower(), c=_cost(tier.upgrade, lang)))
    else:
        parts.append({"en": "It is the top tier and cannot be upgraded", "ru": "Это высший уровень, дальше его не "
                      "развить", "it": "È il livello più alto e non si promuove"}[lang])
    parts.append(say({"en": "A shift end brings one back for {g} gold", "ru": "Завершение смены возвращает его за "
                      "{g} золота", "it": "La fine del turno di lavoro lo riporta indietro per {g} oro"}, lang,
                     g=tier.shift_end))
    if tier.trade_price:
        parts.append(say({"en": "A resource its industries make costs another player {n}",
                          "ru": "Ресурс его производств обходится другому игроку в {n}",
                          "it": "Una risorsa delle sue industrie costa a un altro giocatore {n}"}, lang,
                         n=f"{tier.trade_price} {plural(tier.trade_price, lang, _TRADE_TOKENS[lang])}"))
    if i >= 2:
        parts.append({"en": "Some of these costs are printed in no rulebook we have: the bot's values are provisional",
                      "ru": "Часть этих цен нет в доступных нам правилах: значения бота временные",
                      "it": "Alcuni di questi costi non compaiono nei regolamenti che abbiamo: i valori del bot sono "
                            "provvisori"}[lang])
    return ". ".join(parts) + "."


_COUNTS: dict[str, T] = {
    "cubes": {"en": "population cubes", "ru": "кубиков населения", "it": "cubi popolazione"},
    "engineers": {"en": "engineers", "ru": "инженеров", "it": "ingegneri"},
    "investors": {"en": "investors", "ru": "инвесторов", "it": "investitori"},
    "trade_tokens": {"en": "trade tokens", "ru": "жетонов торговли", "it": "gettoni commercio"},
    "expeditions": {"en": "expedition cards", "ru": "карточек экспедиции", "it": "carte spedizione"},
}


def _objective_text(o, lang: str) -> str:
    if o.kind == "industry":
        if not o.industries:
            return {"en": "Industry objective: at the end every player scores points for each industry it shows "
                          "that they own. Which industries it shows is in no source we have, so the bot never deals "
                          "it.",
                    "ru": "Задание на производства: в конце каждый получает очки за каждое изображённое на ней "
                          "производство, которое у него есть. Какие производства на ней, в наших источниках нет, "
                          "поэтому бот её не выкладывает.",
                    "it": "Missione industria: alla fine ogni giocatore prende punti per ogni industria raffigurata "
                          "che possiede. Quali industrie mostri non compare nelle nostre fonti, quindi il bot non la "
                          "usa."}[lang]
        shown = join([_in(lang, anno_names.building, i) for i in o.industries], lang)
        return say({"en": "Industry objective: at the end every player scores {v} points for each of these "
                          "industries they own: {i}.",
                    "ru": "Задание на производства: в конце каждый игрок получает {v} очков за каждое своё "
                          "производство из этих: {i}.",
                    "it": "Missione industria: alla fine ogni giocatore prende {v} punti per ognuna di queste "
                          "industrie che possiede: {i}."}, lang, v=o.vp, i=shown)
    if o.kind == "majority":
        what = _COUNTS.get(o.counts, {"en": o.counts, "ru": o.counts, "it": o.counts})[lang]
        return say({"en": "Majority objective: at the end the players with the most {w} score 10 points, those "
                          "with the next-lower count 4; tied players all score, and a count of 0 scores nothing.",
                    "ru": "Задание на большинство: в конце игроки, у которых больше всех {w}, получают 10 очков, "
                          "следующие за ними 4; все разделившие место получают очки, а при нуле очков нет.",
                    "it": "Missione di maggioranza: alla fine chi ha più {w} prende 10 punti, chi segue 4; tutti i "
                          "pari merito prendono i punti, e chi ne ha zero non prende nulla."}, lang, w=what)
    if o.kind == "expedition":
        animal = o.slot == "animal"
        return {"en": f"Each {'animal' if animal else 'artefact'} slot of your expedition cards that holds a "
                      "visitor scores 1 extra point at the end.",
                "ru": f"Каждое место {'животного' if animal else 'артефакта'} на ваших карточках экспедиции с "
                      "посетителем приносит в конце 1 дополнительное очко.",
                "it": f"Ogni spazio {'animale' if animal else 'artefatto'} delle tue carte spedizione con un "
                      "visitatore vale 1 punto in più alla fine."}[lang]
    return {"en": "Objective card.", "ru": "Карточка задания.", "it": "Carta missione."}[lang]


def _card(kind: str, key: str, sid: str, topic: str, titles: dict[str, str], names: tuple[str, ...], text,
          extra: str = "") -> Section:
    words = KIND_WORDS[kind]
    return Section(id=sid, game=GAME, topic=topic, kind="card", title=titles,
                   text={lang: text(lang) for lang in LANGS},
                   keywords={lang: " ".join([*names, extra, words[lang]]) for lang in LANGS},
                   refs=REFS.get(sid, ()), names=names)


def card_sections() -> list[Section]:
    """A section for every industry, shipyard and ship, every kind of population cube, and the objective cards the
    corpus does not explain."""
    out = []
    for b in BUILDINGS.values():
        titles, names = _names(anno_names.building, b.id, "anno1800.building")
        if b.kind == "industry":
            # The resource's name is part of the industry's ("Soap (workers)": "soap" finds it as part of its name)
            # and of its text. Its other names players use ("planks" for timber) are keywords only: as names they
            # would be matched with typos, and «carbonara» is not coal. Its own name is no keyword of its own: a
            # resource's name is an everyday word («pane»), which alone does not make a question about Anno.
            res_aliases = anno_names.ALIASES.get("anno1800.resource", {}).get(RESOURCES[b.resource], ())
            out.append(_card("industry", b.id, f"industry.{b.id}", "industries", titles, names,
                             lambda lang, b=b: _industry_text(b, lang), extra=" ".join(res_aliases)))
        elif b.kind == "shipyard":
            out.append(_card("shipyard", b.id, f"shipyard.{b.id}", "ships", titles, names,
                             lambda lang, b=b: _shipyard_text(b, lang)))
        else:
            out.append(_card("ship", b.id, f"ship.{b.id}", "ships", titles, names,
                             lambda lang, b=b: _ship_text(b, lang)))
    for i, key in enumerate(TIERS):
        titles, names = _names(anno_names.tier, key, "anno1800.tier")
        out.append(_card("tier", key, f"tier.{key}", "workforce", titles, names, lambda lang, i=i: _tier_text(i, lang)))
    for o in OBJECTIVES.values():
        key = o.id.removeprefix("obj_")
        if key in HAND_WRITTEN:
            continue
        titles, names = _names(anno_names.objective, o.id, "anno1800.objective")
        out.append(_card("objective", o.id, f"objective.{key}", "objectives", titles, names,
                         lambda lang, o=o: _objective_text(o, lang)))
    return out


SOURCE = RulebookSource(
    corpus=Path(__file__).resolve().parent / "corpus.toml",
    cards=card_sections,
    placeholders={},  # the corpus names things in full (see the module's docstring)
    aliases=("anno1800", "anno 1800", "anno", "анно", "анно 1800"),
    examples=("how does trading work", "что даёт праздник", "quanto costa promuovere un operaio", "Aarhant",
              "can I build two identical industries", "конец игры", "chi vince in caso di parità",
              "how many exploration tokens for an old world island"),
)
