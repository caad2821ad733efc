"""Keep the catalogs in step with the code: ``python -m bot.i18n.catalog`` (extract, then merge into each locale).

``extract()`` reads every marked message of the ``bot`` package into a template (``locales/boardbot.pot``);
``update()`` merges the template into ``locales/<locale>/LC_MESSAGES/boardbot.po``, keeping translations, adding
new messages untranslated and dropping obsolete ones. ``missing(locale)`` lists what still needs a translation.
``python -m bot.i18n.catalog set FILE.json`` writes translations from a JSON list of
``{"context": ..., "id": ..., "ru": ..., "it": ...}`` (a plural message: ``"id"`` is the singular and each locale
gives the list of its forms). Every writer holds a lock on ``locales/``, so several can run at once.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


@contextlib.contextmanager
def locked() -> Iterator[None]:
    """Hold the catalogs' lock: one writer at a time."""
    root = locales_dir()
    root.mkdir(parents=True, exist_ok=True)
    with (root / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def write(locale: str, catalog: Catalog) -> None:
    with po_path(locale).open("wb") as f:
        write_po(f, catalog, sort_output=True, width=100, ignore_obsolete=True, include_lineno=False)


def update() -> dict[str, int]:
    """Write the template and merge it into every locale; returns how many messages each locale lacks."""
    with locked():
        return _update()


def set_translations(entries: list[dict[str, Any]]) -> list[str]:
    """Write the given translations into the catalogs; returns the entries that name no message of a catalog."""
    unknown: list[str] = []
    with locked():
        for locale in LOCALES:
            if locale == SOURCE_LOCALE:
                continue
            catalog = read(locale)
            for entry in entries:
                if locale not in entry:
                    continue
                message = catalog.get(entry["id"], context=entry.get("context"))
                if message is None:
                    unknown.append(f"{locale}: {entry.get('context') or ''}|{entry['id']}")
                    continue
                value = entry[locale]
                message.string = tuple(value) if isinstance(value, list) else value
                message.flags.discard("fuzzy")
            write(locale, catalog)
    return unknown


def _update() -> dict[str, int]:
    template = extract()
    root = locales_dir()
    root.mkdir(parents=True, exist_ok=True)
    with (root / f"{DOMAIN}.pot").open("wb") as f:
        write_po(f, template, omit_header=False, sort_output=True, width=100, include_lineno=False)
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
        write(locale, catalog)
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
    if sys.argv[1:2] == ["set"]:
        problems = set_translations(json.loads(Path(sys.argv[2]).read_text(encoding="utf-8")))
        for problem in problems:
            print("no such message:", problem)
        sys.exit(1 if problems else 0)
    counts = update()
    for loc, n in counts.items():
        print(f"{loc}: {n} untranslated")
    sys.exit(0)
