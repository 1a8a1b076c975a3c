"""The language the site reads labels and rule messages in: one of the site's languages."""

from django.conf import settings
from django.utils.translation import get_language


def page_lang(lang: str | None = None) -> str:
    """Return the site language of a language code (the active one by default): "pl", "en" or
    "fr"; the site's default for any other."""
    code = (lang or get_language() or settings.LANGUAGE_CODE)[:2]
    served = {served for served, _name in settings.LANGUAGES}
    return code if code in served else settings.LANGUAGE_CODE
