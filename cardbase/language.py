"""The language the site reads labels and rule messages in: Polish, or English on English pages."""

from django.utils.translation import get_language


def page_lang(lang: str | None = None) -> str:
    """Return "en" for an English language code (the active one by default), else "pl"."""
    return "en" if (lang or get_language() or "pl").startswith("en") else "pl"
