"""Translations: gettext catalogs in ``locales/`` read with Babel, and the current locale in a context variable.

Messages are written in English in the code and marked for extraction:

* ``_("text")``, ``ngettext("one", "many", n)``, ``pgettext("context", "text")``, ``npgettext(...)`` translate now,
  into the locale of the current context (``use_locale``);
* ``N_("text")`` and ``NP_("context", "text")`` only mark a message whose translation happens later
  (tables of templates and names), and return their text unchanged; ``translate(variable)`` translates it then.

Placeholders use ``str.format`` names (``{player}``); translations keep the same names (a test checks it).
The locale is never installed globally: each update sets it for its own context, so concurrent chats in different
languages do not mix.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import io
from collections.abc import Iterator
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

LOCALES = ("en", "ru", "it")
DEFAULT_LOCALE = "en"
DOMAIN = "boardbot"

_current: contextvars.ContextVar[str] = contextvars.ContextVar("boardbot_locale", default=DEFAULT_LOCALE)


def locales_dir() -> Path:
    """The ``locales/`` folder at the project's root."""
    return Path(__file__).resolve().parents[2] / "locales"


def normalize_locale(tag: str | None, fallback: str | None = None) -> str | None:
    """``"ru-RU"`` -> ``"ru"``; a language we do not speak -> ``fallback``."""
    if not tag:
        return fallback
    lang = tag.replace("_", "-").split("-")[0].lower()
    return lang if lang in LOCALES else fallback


@functools.cache
def translations(locale: str) -> NullTranslations:
    """The catalog of ``locale``, compiled in memory from its .po file (no compiled files to keep in sync)."""
    path = locales_dir() / locale / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not path.exists():
        return NullTranslations()
    with path.open("rb") as f:
        catalog = read_po(f, locale=locale)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return Translations(fp=buf, domain=DOMAIN)


def get_locale() -> str:
    return _current.get()


@contextlib.contextmanager
def use_locale(locale: str | None) -> Iterator[str]:
    """Translate into ``locale`` inside the block."""
    chosen = normalize_locale(locale, DEFAULT_LOCALE) or DEFAULT_LOCALE
    token = _current.set(chosen)
    try:
        yield chosen
    finally:
        _current.reset(token)


def _t() -> NullTranslations:
    return translations(_current.get())


def _(message: str) -> str:
    return _t().gettext(message)


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    return _t().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _t().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _t().npgettext(context, singular, plural, n)


def translate(message: str) -> str:
    """Translate a message marked elsewhere with ``N_`` (a variable, so the extractor does not look here)."""
    return _t().gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction; translate it later with ``_``."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for extraction; translate it later with ``pgettext``."""
    return message


# Keywords for Babel's extractor: the functions above and where their arguments are.
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "N_": None,
    "NP_": ((1, "c"), 2),
}
