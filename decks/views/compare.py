"""Two decks, or two versions of decks, compared side by side."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from cardbase.language import page_lang
from decks.compare_form import CompareForm
from decks.selectors import compare

TEMPLATE = "decks/deck_compare.html"


def _unavailable(error: compare.NotComparable) -> str:
    """Word why a side cannot be shown, telling a private deck no more than a missing one."""
    side = error.side.upper()
    if isinstance(error, compare.VersionNotFound):
        return _(
            "Talia %(side)s nie ma wersji o numerze %(number)s albo ta wersja nie jest widoczna."
        ) % {"side": side, "number": error.number}
    return _("Talia %(side)s: nie ma takiej talii albo jest prywatna.") % {"side": side}


@require_safe
def deck_compare(request: HttpRequest) -> HttpResponse:
    form = CompareForm(request.GET)
    if not form.asks():
        return render(request, TEMPLATE, {"form": CompareForm()})
    if not form.is_valid():
        return render(request, TEMPLATE, {"form": form, "faults": form.faults()}, status=400)
    data = form.cleaned_data
    try:
        comparison = compare.compare_decks(
            a=data["a"],
            b=data["b"],
            a_version=data["av"],
            b_version=data["bv"],
            user=request.user,
            lang=page_lang(),
        )
    except compare.NotComparable as error:
        return render(
            request, TEMPLATE, {"form": form, "faults": [_unavailable(error)]}, status=404
        )
    return render(request, TEMPLATE, {"form": form, "comparison": comparison})
