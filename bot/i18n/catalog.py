"""Keep the catalogs in step with the code: ``python -m bot.i18n.catalog`` (extract, then merge into each locale).

``extract()`` reads every marked message of the ``bot`` package into a template (``locales/boardbot.pot``);
``update()`` merges the template into ``locales/<locale>/LC_MESSAGES/boardbot.po``, keeping translations, adding
new messages untranslated and dropping obsolete ones. ``missing(locale)`` lists what still needs a translation.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.i18n import DOMAIN, KEYWORDS, LOCALES, locales_dir

SOURCE_LOCALE = "en"


def _package_root() -> Path:
    return Path(__file__).resolve().parents[1]


def extract() -> Catalog:
    template = Catalog(project="boardbot", domain=DOMAIN, fuzzy=False)
    root = _package_root()
    for filename, lineno, message, comments, context in extract_from_dir(
        root, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        template.add(message, None, [(f"bot/{filename}", lineno)], auto_comments=comments, context=context,
                     flags=("python-brace-format",) if _has_braces(message) else ())
    return template


def _has_braces(message: str | tuple[str, ...]) -> bool:
    texts = message if isinstance(message, tuple) else (message,)
    return any("{" in t for t in texts)


def po_path(locale: str) -> Path:
    return locales_dir() / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(locale: str) -> Catalog:
    with po_path(locale).open("rb") as f:
        return read_po(f, locale=locale)


def update() -> dict[str, int]:
    """Write the template and merge it into every locale; returns how many messages each locale lacks."""
    template = extract()
    root = locales_dir()
    root.mkdir(parents=True, exist_ok=True)
    with (root / f"{DOMAIN}.pot").open("wb") as f:
        write_po(f, template, omit_header=False, sort_output=True, width=100)
    result = {}
    for locale in LOCALES:
        path = po_path(locale)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            catalog = read(locale)
        else:
            catalog = Catalog(locale=locale, domain=DOMAIN, project="boardbot")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        with path.open("wb") as f:
            write_po(f, catalog, sort_output=True, width=100, ignore_obsolete=True)
        result[locale] = len(missing(locale))
    return result


def missing(locale: str) -> list[str]:
    """Messages of ``locale`` without a translation (every plural form counts); English may fall back to the source."""
    if locale == SOURCE_LOCALE:
        return []
    out = []
    for message in read(locale):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        if not all(strings) or message.fuzzy:
            key = message.id if isinstance(message.id, str) else message.id[0]
            out.append(f"{message.context or ''}|{key}")
    return out


if __name__ == "__main__":
    counts = update()
    for loc, n in counts.items():
        print(f"{loc}: {n} untranslated")
    sys.exit(0)
