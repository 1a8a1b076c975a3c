"""Deck pages, the builder and the history, one module each."""
