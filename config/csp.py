"""Per-view widenings of the site's Content-Security-Policy (settings.CONTENT_SECURITY_POLICY)."""

from collections.abc import Callable, Mapping, Sequence

from csp.decorators import csp_update


def widen_policy(directives: Mapping[str, Sequence[object]]) -> Callable:
    """Add sources to the site's policy for one view, in whichever header carries the policy.

    DJANGO_CSP_REPORT_ONLY moves the policy to the report-only header; django-csp widens each
    header separately, and one without a policy in the settings stays unsent.
    """
    config = {name: list(sources) for name, sources in directives.items()}

    def decorator(view: Callable) -> Callable:
        return csp_update(config)(csp_update(config, REPORT_ONLY=True)(view))

    return decorator
