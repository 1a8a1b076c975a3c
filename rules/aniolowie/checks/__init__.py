"""The deck-building rules of Aniołowie (rulebook ch. VII), one module per rule or group of rules."""
