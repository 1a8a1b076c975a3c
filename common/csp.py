"""The site's Content-Security-Policy: its middleware, and per-view widenings of the policy."""

from collections.abc import Callable, Mapping, Sequence
from functools import cache

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.decorators import csp_update
from csp.middleware import CheckableLazyObject
from csp.middleware import CSPMiddleware as DjangoCSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.http import HttpRequest, HttpResponseBase

# What a view's decorators leave on its response to change the policy for that response alone.
_PER_RESPONSE = tuple(
    f"_csp_{part}{suffix}"
    for part in ("config", "update", "replace", "exempt")
    for suffix in ("", "_ro")
)


@cache
def _site_headers() -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """Return each header of the site's own policy: its name, value and excluded path prefixes."""
    headers = []
    for name, setting, report_only in (
        (HEADER, "CONTENT_SECURITY_POLICY", False),
        (HEADER_REPORT_ONLY, "CONTENT_SECURITY_POLICY_REPORT_ONLY", True),
    ):
        if value := build_policy(report_only=report_only):
            policy = getattr(settings, setting, None) or {}
            excluded = tuple(policy.get("EXCLUDE_URL_PREFIXES", None) or ())
            headers.append((name, value, excluded))
    return tuple(headers)


def _forget_site_headers(*, setting: str, **kwargs) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _site_headers.cache_clear()


setting_changed.connect(_forget_site_headers, dispatch_uid="csp_site_headers")


class CSPMiddleware(DjangoCSPMiddleware):
    """django-csp's middleware, writing the site's own policy from strings built once.

    django-csp builds the policy anew for every response, twice (the enforced header and the
    report-only one): on a page served from the cache, that was a tenth of the work. A response
    whose view widened, replaced or exempted the policy, or whose page used a nonce, is left to
    django-csp, as is every response in DEBUG (where it spares Django's error pages).
    """

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if (
            settings.DEBUG
            or getattr(request, "_csp_nonce", None) is not None
            or any(hasattr(response, name) for name in _PER_RESPONSE)
        ):
            return super().process_response(request, response)
        for name, value, excluded in _site_headers():
            if name not in response and not request.path_info.startswith(excluded):
                response[name] = value
        # As django-csp does: a nonce asked for after the header is written would not be in it.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response


def widen_policy(directives: Mapping[str, Sequence[object]]) -> Callable:
    """Add sources to the site's policy for one view, in whichever header carries the policy.

    DJANGO_CSP_REPORT_ONLY moves the policy to the report-only header; django-csp widens each
    header separately, and one without a policy in the settings stays unsent.
    """
    config = {name: list(sources) for name, sources in directives.items()}

    def decorator(view: Callable) -> Callable:
        return csp_update(config)(csp_update(config, REPORT_ONLY=True)(view))

    return decorator
