"""The catalogue's history in the admin: read only, each changeset revertible."""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from cardbase.changesets import RevertRefused, revert_changeset
from cardbase.models import Changeset, FactChange


class FactChangeInline(admin.TabularInline):
    model = FactChange
    fields = ["card", "fact", "old", "new", "row"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Changeset)
class ChangesetAdmin(admin.ModelAdmin):
    """The catalogue's history, as written: read only; a changeset is undone by reverting it."""

    list_display = ["pk", "created", "game", "author", "comment", "source_kind", "reverts"]
    list_filter = ["game", "source_kind"]
    search_fields = ["comment", "source_document", "source_text", "changes__card__name"]
    readonly_fields = [
        "game",
        "author",
        "created",
        "comment",
        "source_kind",
        "source_document",
        "source_page",
        "source_text",
        "reverts",
    ]
    inlines = [FactChangeInline]
    actions = ["revert"]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.action(description=_("Cofnij wybrane zestawy zmian"), permissions=["change"])
    def revert(self, request, queryset):
        # Newest first: a later changeset of the same facts must be reverted before an earlier.
        for changeset in queryset.order_by("-pk"):
            try:
                reverting = revert_changeset(changeset=changeset, author=request.user)
            except RevertRefused as refused:
                self.message_user(
                    request,
                    _("Nie cofnięto zmiany nr %(number)s. %(reasons)s")
                    % {"number": changeset.pk, "reasons": str(refused)},
                    messages.ERROR,
                )
            else:
                self.message_user(
                    request,
                    _("Cofnięto zmianę nr %(number)s: zapisana jako zmiana nr %(reverting)s.")
                    % {"number": changeset.pk, "reverting": reverting.pk},
                    messages.SUCCESS,
                )
