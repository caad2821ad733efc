"""Text processing for the rule look-up: normalization, tokens, stop words, Snowball stems, typo-tolerant matching.

Everything here is pure and cached; the languages are the bot's three (``en``, ``ru``, ``it``).
"""

from __future__ import annotations

import functools
import re
import threading
import unicodedata

import snowballstemmer

LANGS = ("en", "ru", "it")
_SNOWBALL = {"en": "english", "ru": "russian", "it": "italian"}

_TOKEN = re.compile(r"[^\W_]+")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")

# Words that carry no meaning for a rule question. Kept short on purpose: game words ("card", "coin", "build")
# are never stop words, and neither are the question words that change the meaning ("before", "after").
STOPWORDS: dict[str, frozenset[str]] = {
    "en": frozenset(
        """a an the and or of to in on at by for from with into onto as is are was were be been being am do does did
        done doing i me my mine we us our you your he she him her his it its they them their this that these those
        what which who whom whose how when where why there here can could may might must shall should will would
        have has had having get gets got many so if then than too very just also any some all not no yes please
        tell explain about rule rules question hey ok okay exactly really actually still one s t
        happen happens happened happening much thing things mean means guys hi hello thanks thank
        work works working""".split()
    ),
    "ru": frozenset(
        """и в во на с со к ко по о об от до из за у же ли бы а но или что чтобы как так это этот эта эти то тот та
        те же ещё еще уже ли не ни да нет я мы ты вы он она оно они меня мне мной нас нам нами тебя тебе вас вам
        его ему её ее ей их им ими мой моя моё мое мои твой твоя наш наша ваш ваша свой своя свои своё свое кто
        чей где когда куда откуда почему зачем сколько какой какая какое какие каков можно нужно надо ли есть быть был
        была было были будет будут бывает там тут здесь при для про над под через ну вот ведь разве скажите
        подскажите пожалуйста правило правила вопрос если то тогда вообще
        происходит произойдет произойдёт случится случается будет бывает значит ребята привет спасибо пока
        дела здравствуйте такое такой такая такие работает работают работать""".split()
    ),
    "it": frozenset(
        """il lo la i gli le un uno una di del dello della dei degli delle a al allo alla ai agli alle da dal dallo
        dalla dai dagli dalle in nel nello nella nei negli nelle su sul sullo sulla sui sugli sulle con col per tra
        fra e ed o od ma che chi cui non si se sì no è e' sono sei siamo siete era ho hai ha abbiamo avete hanno
        mi ti ci vi lo ne io tu lui lei noi voi loro mio mia miei mie tuo tua suo sua nostro nostra come quando
        dove perché perche cosa quale quali quanto quanta quanti quante qual questo questa questi queste quello
        quella quelli quelle anche già gia poi ancora più piu molto proprio posso puoi può puo possiamo potete
        devo deve dobbiamo dire regola regole domanda ciao allora c l d un' all dell nell sull
        succede succedere accade significa ragazzi vuol vuole stai sto sta stanno va bene grazie ore fa
        funziona funzionano funzionare""".split()
    ),
}

# Words that say the same thing as a game term, mapped onto the term the corpus uses (before stemming).
SYNONYMS: dict[str, dict[str, str]] = {
    "en": {
        "vp": "victory points", "vps": "victory points", "pts": "points", "money": "coins", "gold": "coins",
        "cash": "coins", "pay": "cost", "price": "cost", "priced": "cost", "sell": "discard", "trash": "discard",
        "army": "military shields", "armies": "military shields", "shield": "shields", "tie": "tie tiebreak",
        "wins": "win victory", "winner": "win victory", "won": "win victory",
        "supremacy": "supremacy victory", "science": "science scientific", "sci": "science", "8th": "eighth", "7th": "seventh",
        "pawn": "conflict pawn", "moneys": "coins", "brown": "brown raw", "grey": "grey manufactured",
        "gray": "grey manufactured", "goods": "manufactured goods", "extra": "another", "boat": "ship", "boats": "ships", "navy": "naval", "sea": "naval",
    },
    "ru": {
        "деньги": "монеты", "деньгами": "монетами", "денег": "монет", "бабки": "монеты",
        "золото": "монеты", "голда": "монеты", "очко": "очки", "сбросить": "сброс", "сбрасывать": "сброс",
        "скинуть": "сброс", "скидывать": "сброс", "продать": "сброс", "армия": "военные щиты", "армии": "военные щиты",
        "наука": "научные символы", "науки": "научные символы", "ничья": "ничья равенство", "ничьей": "ничья равенство",
        "фишка": "маркер", "пешка": "маркер конфликта", "кораблик": "корабль", "флотилия": "флот",
        "халява": "бесплатно", "цена": "стоимость", "стоит": "стоимость",
        "стоят": "стоимость", "платить": "стоимость", "серые": "серые товары", "коричневые": "коричневые сырье",
    },
    "it": {
        "pv": "punti vittoria", "soldi": "monete", "denaro": "monete", "oro": "monete", "soldo": "moneta",
        "vendere": "scartare", "vendo": "scarto", "esercito": "militare scudi", "scienza": "scientifici simboli",
        "pareggio": "pareggio parità", "pari": "parità", "barca": "nave", "barche": "navi",
        "costa": "costo", "prezzo": "costo", "paga": "costo", "pagare": "costo", "gratis": "gratis gratuita",
        "marroni": "marroni materie prime", "grigie": "grigie prodotti",
    },
}


_COMBINING = re.compile(r"[\u0300-\u036f]")
_PUNCT = str.maketrans({"'": " ", "’": " ", "`": " ", "-": " ", "ё": "е", "й": "\x01"})


def _fold(text: str) -> str:
    """Latin accents dropped; Cyrillic kept (``й`` is protected from the decomposition, ``ё`` is ``е``)."""
    text = _COMBINING.sub("", unicodedata.normalize("NFD", text.translate(_PUNCT)))
    return unicodedata.normalize("NFC", text).replace("\x01", "й")


# "Age II", "II эпоха", "seconda Epoca", "2nd age", "третья эпоха" -> the word plus a token "age2" that all of them share.
_AGE_NUMBER = {"i": "1", "ii": "2", "iii": "3", "1": "1", "2": "2", "3": "3", "first": "1", "second": "2",
               "third": "3", "1st": "1", "2nd": "2", "3rd": "3", "prima": "1", "seconda": "2", "terza": "3",
               "primo": "1", "secondo": "2", "terzo": "3"}
_AGE_WORD = r"(?:age|ages|epoca|epoche|эпох[а-я]*)"
_AGE_AFTER = re.compile(rf"\b({_AGE_WORD})\s+(iii|ii|i|[123])\b")
_AGE_BEFORE = re.compile(rf"\b(iii|ii|i|[123]|first|second|third|1st|2nd|3rd|prima|seconda|terza|primo|secondo|terzo)\s+({_AGE_WORD})\b")
_AGE_RU = re.compile(r"\b(перв|втор|трет)[а-я]*\s+(эпох[а-я]*)")
_RU_ORDINAL = {"перв": "1", "втор": "2", "трет": "3"}


def _mark_ages(text: str) -> str:
    text = _AGE_AFTER.sub(lambda m: f"{m.group(1)} age{_AGE_NUMBER[m.group(2)]}", text)
    text = _AGE_BEFORE.sub(lambda m: f"age{_AGE_NUMBER[m.group(1)]} {m.group(2)}", text)
    return _AGE_RU.sub(lambda m: f"age{_RU_ORDINAL[m.group(1)]} {m.group(2)}", text)


@functools.lru_cache(maxsize=65536)
def normalize(text: str) -> str:
    """Lower case, ``ё`` -> ``е``, Latin accents dropped (``perché`` -> ``perche``), apostrophes split words, age
    numbers marked (``Age II`` -> ``age age2``)."""
    return _mark_ages(_fold(unicodedata.normalize("NFC", text).lower()))


def words(text: str) -> list[str]:
    """The words of ``text``, normalized."""
    return _TOKEN.findall(normalize(text))


def is_cyrillic(word: str) -> bool:
    return bool(_CYRILLIC.search(word))


_stemmers = threading.local()


def _stemmer(lang: str):
    """This thread's Snowball stemmer of ``lang``: a stemmer keeps its work in itself, so threads never share one
    (questions are answered in worker threads)."""
    own = getattr(_stemmers, "by_lang", None)
    if own is None:
        own = _stemmers.by_lang = {}
    if lang not in own:
        own[lang] = snowballstemmer.stemmer(_SNOWBALL[lang])
    return own[lang]


@functools.lru_cache(maxsize=131072)
def stem(word: str, lang: str) -> str:
    """The Snowball stem of a normalized word in ``lang``; words of the other script are left as they are."""
    if word.isdigit():
        return word
    if is_cyrillic(word) != (lang == "ru"):
        return word
    return _stemmer(lang).stemWord(word)


def is_stopword(word: str, lang: str) -> bool:
    return word in STOPWORDS[lang]


def terms(text: str, lang: str, *, stop: bool = True) -> list[str]:
    """Stems of the meaningful words of ``text`` (a document or a question) in ``lang``."""
    out = []
    for w in words(text):
        if stop and is_stopword(w, lang):
            continue
        out.append(stem(w, lang))
    return out


def query_words(text: str, lang: str) -> list[list[str]]:
    """The question's meaningful words, each with the game terms it may stand for: ``"vp"`` ->
    ``["vp", "victory", "points"]`` (any of them matching counts as the word matching). Stop words are dropped."""
    out: list[list[str]] = []
    table = SYNONYMS[lang]
    raw = text.split()
    for w in words(text):
        if w in table:
            out.append([w, *table[w].split()])
        elif not is_stopword(w, lang):
            out.append([w])
    if lang == "ru" and "ПО" in raw:  # "ПО" (победные очки), not the preposition "по"
        out.append(["победные", "очки"])
    return out


def guess_language(text: str, preferred: str) -> list[str]:
    """The languages a question may be in, most likely first: Cyrillic means Russian; Latin script is English or
    Italian, told apart by their stop words (the asker's locale breaks a tie)."""
    ws = words(text)
    if not ws:
        return [preferred]
    cyr = sum(1 for w in ws if is_cyrillic(w))
    if cyr * 2 >= len(ws):
        return ["ru"]
    en = sum(1 for w in ws if w in STOPWORDS["en"])
    it = sum(1 for w in ws if w in STOPWORDS["it"])
    if en > it:
        return ["en", "it"]
    if it > en:
        return ["it", "en"]
    return ["it", "en"] if preferred == "it" else ["en", "it"]


# ------------------------------------------------------------------------------------------- typo tolerance
def max_edits(word: str, name: bool = False) -> int:
    """How many typos a word of this length may hold and still be recognised (names, a small vocabulary, a bit
    more: from 4 letters)."""
    n = len(word)
    if n < (4 if name else 6):
        return 0
    if n < 9:
        return 1
    return 2


def edit_distance(a: str, b: str, limit: int) -> int:
    """Optimal-string-alignment distance (a swap of two neighbours counts once), or ``limit + 1`` past ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        best = cur[0]
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
            best = min(best, v)
        if best > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


def grams(word: str) -> set[str]:
    padded = f"^{word}$"
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


class Lexicon:
    """The known stems of one index, for correcting a misspelt stem to the nearest known one."""

    def __init__(self, stems: dict[str, int]):
        self.df = stems  # stem -> how many sections use it
        self._by_gram: dict[str, list[str]] = {}
        self._by_first: dict[str, list[str]] = {}  # short stems by first letter: a swap can leave no trigram shared
        for s in stems:
            if len(s) >= 3:
                for g in grams(s):
                    self._by_gram.setdefault(g, []).append(s)
            if 3 <= len(s) <= 7:
                self._by_first.setdefault(s[0], []).append(s)

    def correct(self, word: str, surface: str | None = None, name: bool = False) -> tuple[str, int] | None:
        """The known stem nearest to ``word`` and the distance, or None when nothing is close enough. ``surface`` is
        the word as typed, whose length decides how many typos are forgiven (stems are shorter)."""
        limit = max_edits(surface or word, name)
        if not limit:
            return None
        counts: dict[str, int] = {}
        for g in grams(word):
            for s in self._by_gram.get(g, ()):
                counts[s] = counts.get(s, 0) + 1
        need = max(1, len(grams(word)) - 3 * limit)
        if len(word) <= 6:
            for s in self._by_first.get(word[0], ()):
                counts.setdefault(s, need)
        best: tuple[int, int, str] | None = None
        for s, shared in counts.items():
            if shared < need or abs(len(s) - len(word)) > limit or s[0] != word[0]:
                continue
            d = edit_distance(word, s, limit)
            if d <= limit and (surface or d <= max_edits(s, name)):
                key = (d, -self.df[s], s)
                if best is None or key < best:
                    best = key
        return (best[2], best[0]) if best else None
