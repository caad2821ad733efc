"""Orléans in the rule look-up: a section written from the engine's data for every place (the player board's and
the place tiles), every event (hour-glass tile), every beneficial deed, every kind of follower and every good, in en / ru / it with the names of the
catalogs, and where the hand-written sections are (``corpus.toml``).
"""

from __future__ import annotations

from pathlib import Path

from bot.games.orleans import names as orleans_names
from bot.i18n import pgettext, use_locale
from bot.rulebook.model import RulebookSource, Section
from bot.rulebook.words import T, count, join, say, section, sentences
from rules.orleans import data
from rules.orleans.data import DEEDS, PLACES, ROUNDS, TRACK

KIND_WORDS = {
    "place": {"en": "place action building tile", "ru": "место действие здание тайл",
              "it": "luogo azione edificio tessera"},
    "event": {"en": "event hour-glass tile round", "ru": "событие тайл песочных часов раунд",
              "it": "evento tessera clessidra round"},
    "deed": {"en": "beneficial deed deeds board", "ru": "благородное деяние поле деяний",
             "it": "opera benefica opere benefiche"},
    "follower": {"en": "follower character worker tile", "ru": "подданный персонаж жетон персонажа",
                 "it": "aiutante personaggio tessera"},
    "good": {"en": "good goods tile value points", "ru": "товар товары ценность очки", "it": "merce merci valore punti"},
}


def _name(table: str, key: str, lang: str) -> str:
    with use_locale(lang):
        found = pgettext(table, orleans_names.TABLES[table][key])
    return f"«{found}»" if lang == "ru" else found


def _slot(kind: str, lang: str) -> str:
    if kind in orleans_names.SLOTS:
        with use_locale(lang):
            return pgettext("orleans.slot", orleans_names.SLOTS[kind])
    with use_locale(lang):
        return pgettext("orleans.follower", orleans_names.FOLLOWERS[kind]).lower()


def _where(place, lang: str) -> str:
    if place.stack == 0:
        return {"en": "a place printed on every player board", "ru": "место, напечатанное на каждом планшете игрока",
                "it": "un luogo stampato su ogni plancia giocatore"}[lang]
    return say({"en": "a place tile of stack {s} (gained with a trader step)",
                "ru": "тайл места из стопки {s} (его получают за шаг по шкале торговцев)",
                "it": "una tessera luogo della pila {s} (si ottiene con un passo sul tracciato dei commercianti)"},
               lang, s="I" if place.stack == 1 else "II")


def _place_text(place, lang: str) -> str:
    parts = [f"{_name('orleans.place', place.id, lang)}: {_where(place, lang)}."]
    if place.slots:
        slots = [_slot(k, lang) for k in place.slots]
        if place.deeds:
            parts.append({"en": "It has two slots for any neutral followers (never one of your colour); one is "
                                "enough to activate it.",
                          "ru": "У неё две ячейки для любых нейтральных подданных (не вашего цвета); для активации "
                                "достаточно одной.",
                          "it": "Ha due spazi per aiutanti neutrali qualsiasi (mai del tuo colore); ne basta uno "
                                "per attivarla."}[lang])
        else:
            parts.append(say({"en": "To activate it fill its slots: {s}.", "ru": "Чтобы активировать, займите ячейки: {s}.",
                              "it": "Per attivarlo riempi gli spazi: {s}."}, lang, s=join(slots, lang)))
    parts.append(_effect(place, lang))
    if place.slots and not place.passive:
        if place.takes_tech:
            parts.append({"en": "A technology tile may stand in for one of its followers (never a monk).",
                          "ru": "Жетон технологии может заменить одного из его подданных (но не монаха).",
                          "it": "Una tessera tecnologia può sostituire uno dei suoi aiutanti (mai un monaco)."}[lang])
        elif not place.deeds:
            parts.append({"en": "It needs a single follower, so no technology tile can go on it.",
                          "ru": "Ему нужен один подданный, поэтому жетон технологии на него класть нельзя.",
                          "it": "Richiede un solo aiutante, quindi non vi si può mettere una tessera tecnologia."}[lang])
    return sentences(parts)


def _effect(place, lang: str) -> str:
    p = place
    if p.follower:
        track = TRACK.get(p.follower)
        gain = say({"en": "Action: take a new follower ({f}) from the supply into your bag",
                    "ru": "Действие: возьмите из запаса в мешочек нового подданного ({f})",
                    "it": "Azione: prendi dalla riserva un nuovo aiutante ({f}) nel sacchetto"},
                   lang, f=_slot(p.follower, lang))
        if track is None:
            return gain + {"en": "; the monk has no track and gives no bonus. Not allowed in a Pilgrimage round.",
                           "ru": "; у монаха нет шкалы и бонуса. В раунде «Паломничества» недоступно.",
                           "it": "; il monaco non ha tracciato né bonus. Non si può in un round di Pellegrinaggio."}[lang]
        bonus = {
            "good": {"en": "and advance on its track, gaining the good printed there",
                     "ru": "и продвиньтесь по его шкале, получив указанный там товар",
                     "it": "e avanza sul suo tracciato, ottenendo la merce stampata lì"},
            "dev": {"en": "and advance on its track, gaining the development points printed there (2 to 6)",
                    "ru": "и продвиньтесь по его шкале, получив указанные очки развития (от 2 до 6)",
                    "it": "e avanza sul suo tracciato, ottenendo i punti sviluppo stampati (da 2 a 6)"},
            "draw": {"en": "and advance on the knight track, which raises how many followers you draw (4 up to 8)",
                     "ru": "и продвиньтесь по шкале рыцарей: растёт число подданных, которых вы тянете (от 4 до 8)",
                     "it": "e avanza sul tracciato dei cavalieri: aumenta quanti aiutanti peschi (da 4 a 8)"},
        }[track.reward]
        return gain + " " + bonus[lang] + "."
    if p.choice:
        return {"en": "Action: choose one follower: a boatman (boatman track: coins), a craftsman (craftsman track: a "
                      "technology tile) or a trader (trader track: a place tile).",
                "ru": "Действие: выберите одного подданного: моряка (шкала моряков: монеты), ремесленника (шкала "
                      "ремесленников: жетон технологии) или торговца (шкала торговцев: тайл места).",
                "it": "Azione: scegli un aiutante: un barcaiolo (tracciato: monete), un artigiano (tracciato: una "
                      "tessera tecnologia) o un commerciante (tracciato: una tessera luogo)."}[lang]
    if p.route:
        river = p.route == "river"
        return {"en": "Action: move your merchant along one {k} to the next city and take one good lying on it, "
                      "if you like.",
                "ru": "Действие: переместите купца по одной {k} в соседний город и, если хотите, возьмите один "
                      "товар с этого пути.",
                "it": "Azione: muovi il mercante lungo {k} fino alla città vicina e, se vuoi, prendi una merce che "
                      "vi si trova."}[lang].format(
            k={"en": "river" if river else "road", "ru": "реке" if river else "дороге",
               "it": "un fiume" if river else "una strada"}[lang])
    if p.station:
        return {"en": "Action: build one of your trading stations in your merchant's city, if no station stands "
                      "there yet; in Orléans every player may have one.",
                "ru": "Действие: постройте факторию в городе вашего купца, если там ещё нет ничьей фактории; в "
                      "Орлеане своя может быть у каждого.",
                "it": "Azione: costruisci una stazione commerciale nella città del tuo mercante, se non ce n'è "
                      "ancora nessuna; a Orléans ognuno può averne una."}[lang]
    if p.deeds:
        return {"en": "Action: move each of its followers onto an empty beneficial-deed space of exactly its kind, "
                      "gaining that deed's reward at once.",
                "ru": "Действие: переместите каждого из её подданных на пустую ячейку благородного деяния ровно его "
                      "типа и сразу получите награду этого деяния.",
                "it": "Azione: sposta ogni suo aiutante su uno spazio libero di un'opera benefica del suo esatto "
                      "tipo, ricevendo subito la ricompensa di quell'opera."}[lang]
    if p.pay:
        return {"en": "Action: pay 1 to 3 coins; each coin moves you one space on the development track.",
                "ru": "Действие: заплатите от 1 до 3 монет; каждая монета — одно деление по шкале развития.",
                "it": "Azione: paga da 1 a 3 monete; ogni moneta ti fa avanzare di una casella sul tracciato dello "
                      "sviluppo."}[lang]
    if p.bath:
        return {"en": "Action: draw 2 followers from your bag, put one of them at once on an empty slot it fits (not "
                      "on this tile) and return the other and this tile's follower to the bag; if neither fits, both "
                      "go back. Its own slot type is not printed in any source we have: the bot accepts any follower "
                      "there (provisional).",
                "ru": "Действие: вытяните 2 подданных из мешочка, одного сразу поставьте на подходящую пустую ячейку "
                      "(не на баню), второго и подданного с бани верните в мешочек; если никто не подходит, оба "
                      "возвращаются. Тип ячейки самой бани в наших источниках не указан: бот принимает любого "
                      "подданного (временно).",
                "it": "Azione: pesca 2 aiutanti dal sacchetto, mettine subito uno su uno spazio libero adatto (non "
                      "su questa tessera) e rimetti nel sacchetto l'altro e l'aiutante della tessera; se nessuno va "
                      "bene, tornano entrambi. Il tipo del suo spazio non compare nelle nostre fonti: il bot accetta "
                      "qualsiasi aiutante (provvisorio)."}[lang]
    if p.passive == "sacristy":
        return {"en": "No action. Once activated, in the event phase of a Harvest, Taxes or Plague round you may "
                      "send its monk back to your bag to escape that event.",
                "ru": "Не действие. Активированная, в фазе события раунда «Засуха», «Налоги» или «Чума» позволяет "
                      "вернуть её монаха в мешочек и избежать события.",
                "it": "Nessuna azione. Una volta attivata, nella fase evento di un round di Raccolto, Tasse o Peste "
                      "puoi rimandare il suo monaco nel sacchetto per evitare l'evento."}[lang]
    if p.passive == "herb_garden":
        return {"en": "No slots and no action: while you own it, boatmen may fill farmer, craftsman and trader slots.",
                "ru": "Без ячеек и действия: пока он ваш, моряки могут занимать ячейки фермеров, ремесленников и "
                      "торговцев.",
                "it": "Nessuno spazio né azione: finché è tuo, i barcaioli possono occupare gli spazi di contadini, "
                      "artigiani e commercianti."}[lang]
    if p.passive == "school":
        return {"en": "No slots and no action: while you own it, scholars may fill any slot except a monk's.",
                "ru": "Без ячеек и действия: пока она ваша, учёные могут занимать любые ячейки, кроме монашеских.",
                "it": "Nessuno spazio né azione: finché è tua, gli studiosi possono occupare qualsiasi spazio "
                      "tranne quelli dei monaci."}[lang]
    if p.passive == "tower":
        return {"en": "No slots: it adds 2 spaces to your market. Followers you draw may go onto it, from there to "
                      "your places when planning, or, as one action, 1 or 2 neutral ones to beneficial deeds like "
                      "the Town Hall.",
                "ru": "Без ячеек: добавляет 2 места к вашему рынку. Вытянутых подданных можно класть на неё, при "
                      "планировании переставлять на места или одним действием отправить 1-2 нейтральных на "
                      "благородные деяния, как из ратуши.",
                "it": "Nessuno spazio: aggiunge 2 posti al tuo mercato. Gli aiutanti pescati possono andarci, da lì "
                      "sui tuoi luoghi in pianificazione, oppure, come un'azione, 1 o 2 neutrali alle opere "
                      "benefiche come dal Municipio."}[lang]
    gains = []
    if p.good:
        gains.append(say({"en": "1 {g} from the goods market (not possible when it has none)",
                          "ru": "1 товар «{g}» с рынка товаров (нельзя, если его там нет)",
                          "it": "1 {g} dal mercato delle merci (non si può se è esaurito)"}, lang,
                         g=_name("orleans.good", p.good, lang).strip("«»").lower()))
    if p.coins:
        gains.append(count(p.coins, "coin", lang))
    if p.per == "level":
        gains.append({"en": "as many coins as your development level", "ru": "столько монет, каков ваш уровень "
                      "развития", "it": "tante monete quanto il tuo livello di sviluppo"}[lang])
    if p.per == "station":
        gains.append({"en": "1 coin per trading station you have built", "ru": "1 монету за каждую построенную "
                      "вами факторию", "it": "1 moneta per ogni stazione commerciale che hai costruito"}[lang])
    if p.dev:
        gains.append(say({"en": "{n} development point(s)", "ru": "очки развития: {n}",
                          "it": "{n} punti sviluppo"}, lang, n=p.dev))
    if p.tech:
        gains.append({"en": "a technology tile (not possible when the supply is out), placed under the usual rules, "
                            "even on this tile",
                      "ru": "жетон технологии (нельзя, если запас пуст); выкладывается по обычным правилам, можно и "
                            "на саму лабораторию",
                      "it": "una tessera tecnologia (non si può se la riserva è vuota), piazzata con le regole "
                            "solite, anche su questa tessera"}[lang])
    return say({"en": "Action: gain {g}.", "ru": "Действие: получите {g}.", "it": "Azione: ottieni {g}."}, lang,
               g=join(gains, lang))


_EVENT_TEXT: dict[str, T] = {
    "pilgrimage": {"en": "Nobody may take a monk from the supply this round (the Monastery cannot be performed). It "
                         "acts during the actions phase, the only event that does; round 1 is always a Pilgrimage.",
                   "ru": "В этом раунде никто не может брать монахов из запаса (монастырь недоступен). Действует в "
                         "фазе действий — единственное такое событие; первый раунд всегда «Паломничество».",
                   "it": "In questo round nessuno può prendere monaci dalla riserva (il Monastero non si può usare). "
                         "Agisce nella fase delle azioni, unico evento a farlo; il primo round è sempre un "
                         "Pellegrinaggio."},
    "taxes": {"en": "In the event phase every player counts their goods tiles and pays 1 coin for each full 3. Who "
                    "cannot pay is tortured for the rest.",
              "ru": "В фазе события каждый считает свои товары и платит 1 монету за каждые полные 3. Кто не может "
                    "заплатить, за недостающее подвергается пыткам.",
              "it": "Nella fase evento ognuno conta le sue merci e paga 1 moneta ogni 3 complete. Chi non può pagare "
                    "subisce la tortura per il resto."},
    "income": {"en": "In the event phase every player gains as many coins as their development level.",
               "ru": "В фазе события каждый получает столько монет, каков его уровень развития.",
               "it": "Nella fase evento ognuno riceve tante monete quanto il suo livello di sviluppo."},
    "market_day": {"en": "In the event phase every player gains 1 coin per trading station they have built on the "
                         "map.",
                   "ru": "В фазе события каждый получает 1 монету за каждую свою факторию на карте.",
                   "it": "Nella fase evento ognuno riceve 1 moneta per ogni sua stazione commerciale sulla mappa."},
    "harvest": {"en": "In the event phase every player gives up one food (grain, cheese or wine, their choice), "
                      "which goes back to the goods market; a player with no food pays 5 coins instead, and is "
                      "tortured for what they cannot pay. The Russian edition calls it Drought.",
                "ru": "В фазе события каждый отдаёт одну еду (зерно, сыр или вино на выбор), она возвращается на "
                      "рынок товаров; у кого еды нет, платит 5 монет, а за недостающее подвергается пыткам. В "
                      "английском издании событие называется Harvest.",
                "it": "Nella fase evento ognuno cede un cibo (grano, formaggio o vino, a scelta), che torna al "
                      "mercato delle merci; chi non ha cibo paga 5 monete e subisce la tortura per quanto non paga. "
                      "L'edizione russa lo chiama Siccità."},
    "plague": {"en": "In the event phase every player draws one follower at random from their bag: a neutral one "
                     "goes back to the supply on the main board (its track marker stays where it is) and may be "
                     "taken again; one of your own colour goes back into the bag and you lose nothing this round.",
               "ru": "В фазе события каждый наугад достаёт одного подданного из мешочка: нейтральный возвращается в "
                     "запас на поле (маркер на шкале не сдвигается) и его можно снова получить; подданный вашего "
                     "цвета возвращается в мешочек, и вы ничего не теряете в этом раунде.",
               "it": "Nella fase evento ognuno pesca a caso un aiutante dal sacchetto: uno neutrale torna nella "
                     "riserva sul tabellone (il segnalino sul tracciato resta dov'è) e si può riprendere; uno del "
                     "tuo colore torna nel sacchetto e non perdi nulla in questo round."},
}


def _event_text(event: str, lang: str) -> str:
    head = say({"en": "{n}: an event of the hour-glass tiles ({c} of the {r} tiles).",
                "ru": "{n}: событие тайлов песочных часов ({c} из {r} тайлов).",
                "it": "{n}: un evento delle tessere clessidra ({c} delle {r} tessere)."}, lang,
               n=_name("orleans.event", event, lang), c=data.EVENT_COPIES, r=ROUNDS)
    return sentences([head, _EVENT_TEXT[event][lang]])


def _deed_text(deed, lang: str) -> str:
    kinds: dict[str, int] = {}
    for k in deed.spaces:
        kinds[k] = kinds.get(k, 0) + 1
    spaces = join([f"{_slot(k, lang)} ×{n}" if n > 1 else _slot(k, lang) for k, n in kinds.items()], lang)
    head = say({"en": "{n}: a beneficial deed with {c} spaces ({s}).", "ru": "{n}: благородное деяние, ячеек: {c} ({s}).",
                "it": "{n}: un'opera benefica con {c} spazi ({s})."}, lang,
               n=_name("orleans.deed", deed.id, lang), c=len(deed.spaces), s=spaces)
    if deed.choice:
        reward = {"en": "Each follower sent there earns 1 coin or 1 development point, chosen each time.",
                  "ru": "Каждый отправленный сюда подданный приносит 1 монету или 1 очко развития, на выбор.",
                  "it": "Ogni aiutante mandato qui rende 1 moneta o 1 punto sviluppo, a scelta ogni volta."}[lang]
    else:
        reward = say({"en": "Each follower sent there earns {c} at once.",
                      "ru": "Каждый отправленный сюда подданный сразу приносит {c}.",
                      "it": "Ogni aiutante mandato qui rende subito {c}."}, lang, c=count(deed.reward, "coin", lang))
    rest = {"en": "A space takes exactly the follower shown (a monk is no joker here) and never one of your colour; "
                  "followers stay there for good. Whoever fills the last space takes the deed's citizen.",
            "ru": "На ячейку ставится ровно указанный подданный (монах здесь не заменяет других) и никогда не "
                  "подданный вашего цвета; подданные остаются там до конца игры. Кто займёт последнюю ячейку, "
                  "получает жетон горожанина этого деяния.",
            "it": "Uno spazio accetta esattamente l'aiutante raffigurato (qui il monaco non fa da jolly) e mai uno "
                  "del tuo colore; gli aiutanti restano lì per sempre. Chi riempie l'ultimo spazio prende il "
                  "cittadino dell'opera."}[lang]
    return sentences([head, reward, rest])


_TRACK_BONUS: dict[str, T] = {
    "good": {"en": "its track gives a good at every step (grain, grain, cheese, cheese, wine, wine, wool, brocade), and "
                   "the farmer track decides the census",
             "ru": "его шкала на каждом шаге даёт товар (зерно, зерно, сыр, сыр, вино, вино, шерсть, парча) и решает "
                   "исход переписи",
             "it": "il suo tracciato dà una merce a ogni passo (grano, grano, formaggio, formaggio, vino, vino, lana, "
                   "broccato) e decide il censimento"},
    "coins": {"en": "its track pays coins at every step (2, 3, 4, 5) and holds a citizen at its end",
              "ru": "его шкала на каждом шаге платит монеты (2, 3, 4, 5), а в конце лежит горожанин",
              "it": "il suo tracciato paga monete a ogni passo (2, 3, 4, 5) e ha un cittadino in fondo"},
    "tech": {"en": "its track gives a technology tile at every step",
             "ru": "его шкала на каждом шаге даёт жетон технологии",
             "it": "il suo tracciato dà una tessera tecnologia a ogni passo"},
    "tile": {"en": "its track gives a place tile at every step (stack I only at the first)",
             "ru": "его шкала на каждом шаге даёт тайл места (на первом — только из стопки I)",
             "it": "il suo tracciato dà una tessera luogo a ogni passo (solo dalla pila I al primo)"},
    "draw": {"en": "its track raises how many followers you draw each round (4 up to 8)",
             "ru": "его шкала увеличивает число подданных, которых вы тянете за раунд (от 4 до 8)",
             "it": "il suo tracciato aumenta quanti aiutanti peschi ogni round (da 4 a 8)"},
    "dev": {"en": "its track gives development points at every step (2 to 6)",
            "ru": "его шкала на каждом шаге даёт очки развития (от 2 до 6)",
            "it": "il suo tracciato dà punti sviluppo a ogni passo (da 2 a 6)"},
}


def _follower_text(kind: str, lang: str) -> str:
    source = next(p.id for p in PLACES.values() if p.follower == kind or kind in p.choice)
    parts = [say({"en": "{n}: a follower, taken from the supply with the {p}.",
                  "ru": "{n}: подданный; его берут из запаса действием места {p}.",
                  "it": "{n}: un aiutante, preso dalla riserva con l'azione del luogo {p}."}, lang,
                 n=_name("orleans.follower", kind, lang), p=_name("orleans.place", source, lang))]
    track = TRACK.get(kind)
    if track is None:
        parts.append({"en": "It has no track and no bonus. A monk fills any slot of a place, and only a monk fills a "
                            "monk slot; no monk can be taken in a Pilgrimage round.",
                      "ru": "У него нет шкалы и бонуса. Монах занимает любую ячейку места, а ячейку монаха — только "
                            "монах; в раунде «Паломничества» монахов брать нельзя.",
                      "it": "Non ha tracciato né bonus. Un monaco occupa qualsiasi spazio di un luogo, e solo un monaco "
                            "occupa uno spazio da monaco; in un round di Pellegrinaggio non si prendono monaci."}[lang])
    else:
        parts.append(say({"en": "Taking one moves your marker on the {t}: {b}.", "ru": "Взяв его, вы продвигаетесь: {t}; {b}.",
                          "it": "Prenderne uno fa avanzare il segnalino sul {t}: {b}."}, lang,
                         t=_name("orleans.track", kind, lang).strip("«»"), b=_TRACK_BONUS[track.reward][lang]))
        parts.append(say({"en": "It fills {k} slots; monks may stand in for it.",
                          "ru": "Он занимает ячейки вида «{k}»; его может заменить монах.",
                          "it": "Occupa gli spazi da {k}; un monaco può sostituirlo."}, lang, k=_slot(kind, lang)))
    if kind in data.COLOURED_KINDS:
        parts.append({"en": "Each player also starts with one of their own colour, which is never lost.",
                      "ru": "Кроме того, у каждого в начале есть такой подданный своего цвета, и его никогда не теряют.",
                      "it": "Ogni giocatore ne ha anche uno del proprio colore all'inizio, che non si perde mai."}[lang])
    return sentences(parts)


def _good_text(good: str, lang: str) -> str:
    value = data.GOOD_POINTS[data.GOOD_INDEX[good]]
    parts = [say({"en": "{n}: a good worth {v} at the end ({c} tiles in the game).",
                  "ru": "{n}: товар, в конце игры приносит {v} ({c} жетонов в игре).",
                  "it": "{n}: una merce che alla fine vale {v} ({c} tessere nel gioco)."}, lang,
                 n=_name("orleans.good", good, lang), v=count(value, "vp", lang),
                 c=data.GOODS_COUNT[data.GOOD_INDEX[good]])]
    if good in data.FOOD:
        parts.append({"en": "It is food: a Harvest can ask you for it.", "ru": "Это еда: её может потребовать засуха.",
                      "it": "È cibo: il Raccolto può chiederlo."}[lang])
    tiles = [p.id for p in PLACES.values() if p.good == good]
    if tiles:
        parts.append(say({"en": "The place tile {p} gives it from the goods market; so do the farmer track and the "
                                "roads and rivers of the map.",
                          "ru": "Его даёт тайл места {p} с рынка товаров, а также шкала фермеров и пути карты.",
                          "it": "Lo dà la tessera luogo {p} dal mercato delle merci, e anche il tracciato dei "
                                "contadini e le vie della mappa."}, lang, p=_name("orleans.place", tiles[0], lang)))
    return sentences(parts)


# Checklist ids of the rules specification (``orleans.md`` §7) a data section answers (the hand-written sections
# carry theirs).
REFS: dict[str, tuple[str, ...]] = {
    "place.farm_house": ("O61", "O62"), "place.village": ("O63", "O64", "O66", "O67"),
    "place.university": ("O70",), "place.castle": ("O71",), "place.monastery": ("O74", "O75"),
    "place.ship": ("O76",), "place.wagon": ("O77",), "place.guildhall": ("O82", "O83", "O84"),
    "place.scriptorium": ("O85",), "place.town_hall": ("O58", "O59", "O86"),
    "place.hayrick": ("O106", "O107"), "place.cheese_factory": ("O106", "O107"), "place.winery": ("O106", "O107"),
    "place.wool_manufacturer": ("O106", "O107"), "place.tailor_shop": ("O106", "O107"),
    "place.brewery": ("O108",), "place.windmill": ("O110",), "place.library": ("O109",),
    "place.hospital": ("O105",), "place.sacristy": ("O126",), "place.herb_garden": ("O56",),
    "place.bathhouse": ("O122", "O123", "O124", "O125"), "place.shipping_line": ("O112",),
    "place.cellar": ("O111",), "place.office": ("O113",), "place.laboratory": ("O114", "O115"),
    "place.school": ("O55",), "place.horse_wagon": ("O116",), "place.pharmacy": ("O60", "O117", "O118"),
    "place.gunpowder_tower": ("O119", "O120", "O121"),
    "event.pilgrimage": ("O128", "O129"), "event.taxes": ("O130",), "event.income": ("O104", "O131"),
    "event.market_day": ("O132",), "event.harvest": ("O133", "O134", "O150"),
    "event.plague": ("O135", "O136", "O137", "O138"),
    "deed.canalisation": ("O89",), "deed.city_wall": ("O88",),
}


def card_sections() -> list[Section]:
    """A section for every place, event, beneficial deed, kind of follower and good of the game."""
    out = []
    for place in PLACES.values():
        out.append(section("orleans", "place", place.id, "places", lambda lang, p=place: _place_text(p, lang), REFS,
                           kind_words=KIND_WORDS["place"]))
    for event in data.EVENTS:
        out.append(section("orleans", "event", event, "events", lambda lang, e=event: _event_text(e, lang), REFS,
                           kind_words=KIND_WORDS["event"]))
    for deed in DEEDS.values():
        out.append(section("orleans", "deed", deed.id, "deeds", lambda lang, d=deed: _deed_text(d, lang), REFS,
                           kind_words=KIND_WORDS["deed"]))
    for kind in data.KINDS:
        out.append(section("orleans", "follower", kind, "followers", lambda lang, k=kind: _follower_text(k, lang),
                           REFS, kind_words=KIND_WORDS["follower"]))
    for good in data.GOODS:
        out.append(section("orleans", "good", good, "goods", lambda lang, g=good: _good_text(g, lang), REFS,
                           kind_words=KIND_WORDS["good"]))
    return out


SOURCE = RulebookSource(
    corpus=Path(__file__).resolve().parent / "corpus.toml",
    cards=card_sections,
    placeholders={"place": ("orleans.place",), "event": ("orleans.event",), "deed": ("orleans.deed",),
                  "follower": ("orleans.follower",), "good": ("orleans.good",), "city": ("orleans.city",)},
    aliases=("orleans", "orléans", "orlean", "orleans board game", "орлеан", "орлеанс", "орлеана"),
    examples=("how many followers can I draw", "что делает ратуша", "come funziona la tortura", "Bathhouse",
              "when can I place a technology tile", "чума", "chi vince in caso di parità",
              "what does the Sacristy protect against"),
)
