"""What Aniołowie's deck files hold beyond the site's text format."""

from rules.core.schema import DeckFiles

# The site's first exports wrote a deck's faction and game on one header line,
# "# Frakcja: Upadli · gra: aniolowie": the faction's value ends at the "·".
DECK_FILES = DeckFiles(header_value_end="·")
