"""Display names of the things a game's rule texts name (cards, wonders, progress tokens, islands) in en / ru / it,
for the corpus and the look-up.

The names are the games' catalogs, read through the games' presenters; so are the other names players use
(``Presenter.subject_aliases``: earlier translations, the seed rulebooks' names, other prints), which the look-up
accepts as well. Which name table a placeholder kind (``card``) reads is the game's (``RulebookSource.placeholders``).
"""

from __future__ import annotations

from bot.i18n import LOCALES, use_locale


def _tables(game: str, kind: str) -> tuple[str, ...]:
    from bot.games import bundle  # the games' bundles import the rule look-up's records

    return tuple(bundle(game).rulebook.placeholders[kind])


def _presenter(game: str):
    from bot.games import presenter

    return presenter(game)


def name(game: str, kind: str, key: str, locale: str) -> str:
    """The display name of ``key`` (a ``kind`` of ``game``: card, wonder, token, island) in ``locale``."""
    with use_locale(locale):
        return _presenter(game).subject_name(_tables(game, kind)[0], key)


def alternatives(game: str, kind: str, key: str) -> list[str]:
    """Other names players may use for ``key``: its id in words, its names in the game's other tables (a wonder
    board's city), and the game's aliases."""
    p = _presenter(game)
    first, *others = _tables(game, kind)
    out = [key.replace("_", " ")]
    for table in others:
        for lang in LOCALES:
            with use_locale(lang):
                out.append(p.subject_name(table, key))
        out += p.subject_aliases(table, key)
    out += p.subject_aliases(first, key)
    return out
