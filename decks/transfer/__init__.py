"""Deck import: plain text, the JSON contract, LackeyCCG's .dek, and deck codes (decks.codes).

Reads only: importing turns input into an ImportedDeck (game, options, format, {(card id, section
id): count}) or raises ImportFailed with every problem found; the views then save through
decks.services. A card the input places nowhere lies in its kind's home section.
"""
