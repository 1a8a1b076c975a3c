"""What every API view shares: the language, the throttles, the renderers, refusing NUL."""

from csp.constants import NONCE, SELF, UNSAFE_INLINE
from django.utils import translation
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer

from api import openapi
from api.authentication import AUTHENTICATION_CLASSES
from api.schema import ApiAutoSchema
from common.csp import widen_policy

LANGS = openapi.LANGS


def refuse_nul(params) -> None:
    """Answer 400 naming every query parameter whose name or value holds a NUL character.

    No text with NUL can match anything (PostgreSQL cannot even store it), so it is refused
    before any filter, slug or search sees it.
    """
    faulty = {
        name: [_("The value must not contain a NUL character (%(nul)s).") % {"nul": "%00"}]
        for name, values in params.lists()
        if "\x00" in name or any("\x00" in value for value in values)
    }
    if faulty:
        raise exceptions.ValidationError(faulty)


# DRF's browsable API lays its buttons out with style="…" attributes, and its code colours come in
# a <style> block, given the response's nonce (templates/rest_framework/api.html).
BROWSABLE_API_POLICY = {"style-src": [SELF, NONCE], "style-src-attr": [UNSAFE_INLINE]}


class ApiViewMixin:
    """What every API view shares: its schema class, its authentication, no NUL in the query."""

    schema = ApiAutoSchema()
    authentication_classes = AUTHENTICATION_CLASSES

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        refuse_nul(request.query_params)

    def finalize_response(self, request, response, *args, **kwargs):
        finalize = super().finalize_response
        if isinstance(getattr(request, "accepted_renderer", None), BrowsableAPIRenderer):
            finalize = widen_policy(BROWSABLE_API_POLICY)(finalize)
        return finalize(request, response, *args, **kwargs)


class JSONErrorsMixin:
    """Answer errors in the API's JSON, for a view whose own renderers write something else
    (YAML, a template, a CSV), and would otherwise fail on an error's body with a 500."""

    def handle_exception(self, exc):
        response = super().handle_exception(exc)
        self.request.accepted_renderer = JSONRenderer()
        self.request.accepted_media_type = JSONRenderer.media_type
        return response


class LanguageMixin(ApiViewMixin):
    """Pick the message language from ?lang=, else Accept-Language (the site's default: pl)."""

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        lang = request.query_params.get("lang")
        if lang is None:
            lang = translation.get_language_from_request(request)
        if lang not in LANGS:
            raise exceptions.ValidationError(
                {"lang": [_("Expected one of: %(values)s.") % {"values": ", ".join(LANGS)}]}
            )
        translation.activate(lang)
        request.lang = lang
