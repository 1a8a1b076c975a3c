"""Filing one's own decks from the pages: folders made, renamed and deleted; a deck filed in a
folder, tagged, archived and brought back."""

from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from decks.errors import DeckInputError
from decks.models import DeckFolder
from decks.organise_forms import DeckFolderForm, DeckTagsForm, FolderNameForm
from decks.selectors.organising import folder_for_owner, folders_of
from decks.services import organising
from decks.view_helpers import own_deck_or_404, safe_next


def my_decks_url(**params: object) -> str:
    """Return the address of "my decks" showing `params` (folder=…, tag=…, archived=1)."""
    query = urlencode(params)
    return reverse("my-decks") + (f"?{query}" if query else "")


def _own_folder_or_404(request: HttpRequest, folder_id: int) -> DeckFolder:
    try:
        return folder_for_owner(folder_id=folder_id, user=request.user)
    except DeckFolder.DoesNotExist:
        raise Http404(_("Nie ma takiego folderu albo nie jest twój.")) from None


def _refused(request: HttpRequest, form: forms.Form) -> None:
    """Tell each of a form's faults as a message: the page it came from shows them."""
    for errors in form.errors.values():
        for error in errors:
            messages.error(request, error)


@login_required
@require_POST
def folder_create(request: HttpRequest) -> HttpResponse:
    form = FolderNameForm(request.POST)
    if not form.is_valid():
        _refused(request, form)
        return redirect(safe_next(request, my_decks_url()))
    try:
        folder = organising.folder_create(owner=request.user, name=form.cleaned_data["name"])
    except DeckInputError as error:
        messages.error(request, error.message)
        return redirect(safe_next(request, my_decks_url()))
    messages.success(request, _("Utworzono folder „%(name)s”.") % {"name": folder.name})
    return redirect(my_decks_url(folder=folder.pk))


@login_required
@require_POST
def folder_rename(request: HttpRequest, folder_id: int) -> HttpResponse:
    folder = _own_folder_or_404(request, folder_id)
    form = FolderNameForm(request.POST)
    if not form.is_valid():
        _refused(request, form)
    else:
        old = folder.name
        try:
            organising.folder_rename(folder=folder, name=form.cleaned_data["name"])
        except DeckInputError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request,
                _("Zmieniono nazwę folderu „%(old)s” na „%(new)s”.")
                % {"old": old, "new": folder.name},
            )
    return redirect(my_decks_url(folder=folder.pk))


@login_required
@require_POST
def folder_delete(request: HttpRequest, folder_id: int) -> HttpResponse:
    folder = _own_folder_or_404(request, folder_id)
    organising.folder_delete(folder=folder)
    messages.success(
        request,
        _("Usunięto folder „%(name)s”; jego talie zostały, teraz bez folderu.")
        % {"name": folder.name},
    )
    return redirect(my_decks_url())


@login_required
@require_POST
def deck_file(request: HttpRequest, deck_id) -> HttpResponse:
    deck = own_deck_or_404(request, deck_id)
    form = DeckFolderForm(request.POST, folders=folders_of(user=request.user))
    if not form.is_valid():
        _refused(request, form)
    else:
        folder = form.cleaned_data["folder"]
        organising.deck_file(deck=deck, folder=folder)
        if folder is None:
            done = _("Talia „%(deck)s” jest teraz bez folderu.") % {"deck": deck.name}
        else:
            done = _("Talia „%(deck)s” jest teraz w folderze „%(folder)s”.") % {
                "deck": deck.name,
                "folder": folder.name,
            }
        messages.success(request, done)
    return redirect(safe_next(request, deck.get_absolute_url()))


@login_required
@require_POST
def deck_tags(request: HttpRequest, deck_id) -> HttpResponse:
    deck = own_deck_or_404(request, deck_id)
    form = DeckTagsForm(request.POST)
    if not form.is_valid():
        _refused(request, form)
    else:
        organising.deck_tag(deck=deck, tags=form.cleaned_data["tags"])
        messages.success(request, _("Zapisano tagi talii „%(deck)s”.") % {"deck": deck.name})
    return redirect(safe_next(request, deck.get_absolute_url()))


@login_required
@require_POST
def deck_archive(request: HttpRequest, deck_id) -> HttpResponse:
    deck = own_deck_or_404(request, deck_id)
    archived = request.POST.get("archived") != "0"
    organising.deck_archive(deck=deck, archived=archived)
    if archived:
        done = _(
            "Talia „%(deck)s” jest w archiwum: nie ma jej na twojej liście ani na liście "
            "publicznej, a jej link i historia działają jak dotąd."
        )
    else:
        done = _("Talia „%(deck)s” wróciła z archiwum.")
    messages.success(request, done % {"deck": deck.name})
    return redirect(safe_next(request, my_decks_url()))
