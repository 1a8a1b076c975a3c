"""The catalogue's history in the admin: read only, each changeset revertible."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from cardbase.changesets.reverting import revert_and_tell
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
            revert_and_tell(request, changeset)
