"""Hold the size limits of a deck, shared by the forms, the serializers, the readers and the writes."""

MAX_COPIES_PER_ENTRY = 99
MAX_DISTINCT_CARDS = 500
NAME_MAX = 100
DESCRIPTION_MAX = 10_000
# Card ids are 64-bit database keys; anything outside cannot be a card and must not reach a query.
MAX_CARD_ID = 2**63 - 1
# The largest deck version (a PositiveIntegerField, 32 bits on every database): beyond it
# nothing can match.
MAX_VERSION = 2**31 - 1
# A player's own filing of their decks: folders (private) and tags (public on a public deck).
FOLDER_NAME_MAX = 60
MAX_FOLDERS = 50
TAG_MAX_CHARS = 30
MAX_TAGS_PER_DECK = 10


def shortened_name(name: str) -> str:
    """Return a deck name cut to NAME_MAX characters at a word's end, marked with an ellipsis."""
    name = name.strip()
    if len(name) <= NAME_MAX:
        return name
    cut = name[: NAME_MAX - 1]
    # Cut at the last space unless that would drop most of the name (one very long word).
    at_space = cut.rstrip().rsplit(" ", 1)[0] if " " in cut else cut
    kept = at_space if len(at_space) > NAME_MAX // 2 else cut
    return kept.rstrip(" ,;:–-") + "…"
