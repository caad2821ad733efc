"""The corpus of a game: the hand-written sections of its ``corpus.toml`` plus the card sections written by code
from the engine's data (both given by the game: ``GameBundle.rulebook``). Loaded once per game, on first use.

A hand-written section (TOML table ``[[section]]``)::

    id = "trade.price"                # stable, unique within the game
    topic = "trading"
    refs = ["D44", "Q10"]             # checklist / clarification ids of the rules specification it covers
    title_en = "..."  title_ru = "..."  title_it = "..."
    text_en = "..."   text_ru = "..."   text_it = "..."
    keywords_en = "..." (optional: other words players use; same for ru, it)

Texts may name cards with placeholders, replaced by the catalog's name in each language: ``{card:baths}``,
``{wonder:pyramids}``, ``{token:law}``, ``{island:lost_island}`` (Russian names are put in «quotes»).
"""

from __future__ import annotations

import functools
import logging
import re
import tomllib

from bot.rulebook.model import RulebookSource, Section
from bot.rulebook.names import name
from bot.rulebook.words import LANGS

log = logging.getLogger(__name__)

_PLACEHOLDER = re.compile(r"\{([a-z]+):([a-z0-9_]+)\}")


def games() -> tuple[str, ...]:
    """The games with rules to look up: every registered game."""
    from bot.games import bundles  # the games' bundles import this package's records

    return tuple(bundles())


def source(game: str) -> RulebookSource:
    from bot.games import bundle

    return bundle(game).rulebook


class CorpusError(ValueError):
    pass


def _fill(game: str, text: str, lang: str) -> str:
    def sub(m: re.Match) -> str:
        found = name(game, m.group(1), m.group(2), lang)
        return f"«{found}»" if lang == "ru" else found

    return _PLACEHOLDER.sub(sub, text)


def _hand_written(game: str) -> list[Section]:
    path = source(game).corpus
    with path.open("rb") as f:
        raw = tomllib.load(f)
    out = []
    for entry in raw.get("section", []):
        try:
            out.append(Section(
                id=entry["id"],
                game=game,
                topic=entry.get("topic", ""),
                kind="rule",
                title={lang: _fill(game, entry[f"title_{lang}"], lang) for lang in LANGS},
                text={lang: _fill(game, entry[f"text_{lang}"], lang) for lang in LANGS},
                keywords={lang: _fill(game, entry.get(f"keywords_{lang}", ""), lang) for lang in LANGS},
                refs=tuple(entry.get("refs", ())),
            ))
        except KeyError as e:
            raise CorpusError(f"{path.name}: section {entry.get('id', '?')!r} lacks {e}") from None
    return out


@functools.cache
def sections(game: str) -> tuple[Section, ...]:
    """Every section of ``game``: the hand-written ones, then the cards. Raises KeyError for an unknown game."""
    if game not in games():
        raise KeyError(game)
    out = _hand_written(game)
    try:
        out += source(game).cards()
    except Exception:  # the engine's data is someone else's: a change there must not take the rules down
        log.exception("rulebook: no card sections for %s", game)
    ids = [s.id for s in out]
    if len(ids) != len(set(ids)):
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        raise CorpusError(f"{game}: duplicate section ids {dupes}")
    return tuple(out)


def by_id(game: str) -> dict[str, Section]:
    return {s.id: s for s in sections(game)}
