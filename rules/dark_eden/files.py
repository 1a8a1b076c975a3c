"""What Dark Eden's deck files hold beyond the site's text format."""

from rules.core.schema import DeckFiles

# The dark-eden-digital project's deck template (decks/TEMPLATE.json) is a bare list of names and
# counts: {"name": "Nazwa talii", "faction": "DE", "author": …, "cards": [{"name", "count"}]}.
# Its "faction" is the game's mark, not an affiliation; its "name" is the deck's.
DECK_FILES = DeckFiles(json_marks=(("faction", "DE"),), json_name_key="name")
