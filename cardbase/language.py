"""The language the site reads labels and rule messages in: one of the site's languages."""

from django.conf import settings
from django.utils.translation import get_language, get_supported_language_variant


def page_lang(lang: str | None = None) -> str:
    """Return the site language of a language code (the active one by default): "pl", "en" or
    "fr"; the site's default for any other."""
    try:
        return get_supported_language_variant(lang or get_language() or settings.LANGUAGE_CODE)
    except LookupError:
        return settings.LANGUAGE_CODE
