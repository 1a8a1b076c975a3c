"""Reads of decks, shaped for the deck page, the builder and the API."""
