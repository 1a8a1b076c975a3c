"""Signals a changeset sends, for apps that keep something of their own true to the cards."""

from django.dispatch import Signal

# Sent once a changeset is written, in its transaction, with `changeset`, `card_ids` (the cards
# whose facts it changed) and `facts` (card id: the facts it changed of that card): decks holding
# them are judged again once, not once per card.
changeset_applied = Signal()
