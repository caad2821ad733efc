"""What a message of the catalogs reads in a language, for tests that check a localized answer."""

from __future__ import annotations

from bot.i18n import normalize_locale, translations


def translated(locale: str, message: str, context: str | None = None) -> str:
    """``message`` in ``locale`` (a platform's tag such as "en-US" is fine); a test fails at once if the catalog has
    no translation for it."""
    locale = normalize_locale(locale, "en") or "en"
    catalog = translations(locale)
    text = catalog.pgettext(context, message) if context else catalog.gettext(message)
    assert locale == "en" or text != message, f"no {locale} translation for {message!r}"
    return text


def lead(text: str, length: int = 30) -> str:
    """The beginning of a text with placeholders, up to the first placeholder: what a test can look for."""
    return text.split("{")[0][:length]
