"""The codes of the Aniołowie deck rules' violations (stable: the site and the API key on them)."""

DECK_SIZE = "deck-size"
HUMAN_COUNT = "human-count"
HUMAN_BALANCE = "human-balance"
NEUTRAL_HUMAN_LIMIT = "neutral-human-limit"
FACTION_MIX = "faction-mix"
COPY_LIMIT = "copy-limit"
ORDER_DUPLICATE_LIMIT = "order-duplicate-limit"
HIERARCHY_LADDER = "hierarchy-ladder"
UNVERIFIED = "unverified"
CODES: tuple[str, ...] = (
    DECK_SIZE,
    HUMAN_COUNT,
    HUMAN_BALANCE,
    NEUTRAL_HUMAN_LIMIT,
    FACTION_MIX,
    COPY_LIMIT,
    ORDER_DUPLICATE_LIMIT,
    HIERARCHY_LADDER,
    UNVERIFIED,
)
