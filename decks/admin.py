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
    list_filter = ["game", "visibility", "is_valid"]
    search_fields = ["name", "owner__username"]
    readonly_fields = ["version", "is_valid", "card_total", "verdict", "created", "updated"]
    inlines = [DeckCardInline]
