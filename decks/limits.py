"""Hold the size limits of a deck, shared by the forms, the serializers, the readers and the writes."""

MAX_COPIES_PER_ENTRY = 99
MAX_DISTINCT_CARDS = 500
NAME_MAX = 100
DESCRIPTION_MAX = 10_000
# Card ids are 64-bit database keys; anything outside cannot be a card and must not reach a query.
MAX_CARD_ID = 2**63 - 1
