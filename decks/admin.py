from django.contrib import admin

from decks.models import Deck, DeckCard


class DeckCardInline(admin.TabularInline):
    model = DeckCard
    autocomplete_fields = ["card"]
    extra = 0


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = [
        "name",
        "owner",
        "game",
        "options",
        "visibility",
        "is_valid",
        "card_total",
        "updated",
    ]
    list_filter = ["game", "visibility", "is_valid", "archived"]
    search_fields = ["name", "owner__username"]
    # The folder is its owner's own filing: a select of every player's folders would offer others'.
    readonly_fields = [
        "version",
        "is_valid",
        "card_total",
        "verdict",
        "created",
        "updated",
        "folder",
    ]
    inlines = [DeckCardInline]
