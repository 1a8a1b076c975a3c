"""Operators see proposals and barred players here; moderators decide on the site's pages."""

from django.contrib import admin

from proposals.models import Proposal, ProposerBlock


@admin.register(Proposal)
class ProposalAdmin(admin.ModelAdmin):
    list_display = ["pk", "game", "card", "subject", "proposer", "state", "created"]
    list_filter = ["state", "subject", "game"]
    search_fields = ["card__name", "proposer__username"]
    raw_id_fields = ["card", "proposer", "first_approver", "decided_by", "changeset"]
    # Decided through the moderation pages, which apply them as changesets: never edited here.
    readonly_fields = [field.name for field in Proposal._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(ProposerBlock)
class ProposerBlockAdmin(admin.ModelAdmin):
    list_display = ["user", "blocked_by", "reason", "created"]
    raw_id_fields = ["user", "blocked_by"]
