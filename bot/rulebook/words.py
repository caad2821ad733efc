"""Words shared by the card sections of every game's rule look-up (``bot/games/<game>/rulebook.py``): counts with
their plural forms (Babel's CLDR rules), lists, costs, quotes, and the section of one card.

A sentence per data field: a change in ``rules/*/data`` changes the answers without touching the games' texts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from babel.core import Locale

from bot.rulebook.model import Section
from bot.rulebook.names import alternatives, name

LANGS = ("en", "ru", "it")

def plural(n: int, lang: str, forms: tuple[str, ...]) -> str:
    """The form of a word for ``n`` in ``lang``, by the CLDR plural rules (Babel): ``forms`` are (one, other) for
    en/it, (one, few, many) for ru."""
    category = Locale.parse(lang).plural_form(n)
    order = ("one", "few", "many") if len(forms) == 3 else ("one", "other")
    return forms[order.index(category)] if category in order else forms[-1]


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


# Colour adjectives for "per X card" phrases.
COLOUR_ADJ = {
    "en": dict(brown="brown", grey="grey", blue="blue", green="green", yellow="yellow", red="red", purple="purple"),
    "ru": dict(brown="коричневую", grey="серую", blue="синюю", green="зелёную", yellow="жёлтую", red="красную",
               purple="фиолетовую"),
    "it": dict(brown="marrone", grey="grigia", blue="blu", green="verde", yellow="gialla", red="rossa",
               purple="viola"),
}

ROMAN = {1: "I", 2: "II", 3: "III"}

ROMAN = {1: "I", 2: "II", 3: "III"}


KIND_WORDS = {
    "card": {"en": "card building cost", "ru": "карта здание стоимость", "it": "carta struttura costo"},
    "wonder": {"en": "wonder cost", "ru": "чудо света стоимость", "it": "meraviglia costo"},
    "token": {"en": "progress token", "ru": "жетон прогресса", "it": "segnalino progresso"},
    "island": {"en": "island card", "ru": "карта острова", "it": "carta isola"},
}


def section(game: str, kind: str, key: str, topic: str, text: Callable[[str], str],
            refs: Mapping[str, tuple[str, ...]] | None = None, extra_names: Iterable[str] = (),
            kind_words: Mapping[str, str] | None = None) -> Section:
    """The section of one card, wonder, token or island (``kind``/``key``) of ``game``: titled by its name in each
    language, found by every name players use, its text in each language from ``text``; ``refs``: the checklist ids
    of each section id, for the game's card sections. ``kind_words``: what such a thing is called, per language,
    for a kind of thing ``KIND_WORDS`` does not know (a game's places, events...)."""
    titles = {lang: name(game, kind, key, lang) for lang in LANGS}
    names = tuple(dict.fromkeys([*titles.values(), *alternatives(game, kind, key), *extra_names]))
    words = kind_words if kind_words is not None else KIND_WORDS[kind]
    keywords = {lang: " ".join(names) + " " + words[lang] for lang in LANGS}
    sid = f"{kind}.{key}"
    return Section(id=sid, game=game, topic=topic, kind="card", title=titles,
                   text={lang: text(lang) for lang in LANGS}, keywords=keywords,
                   refs=(refs or {}).get(sid, ()), names=names)
