"""The search language on the catalogue, one job per module.

`translate` turns a query's tree into a filter on Card, `fts_sqlite` keeps SQLite's FTS5 mirror,
`ranking` orders the cards found, `feedback` says what a page says of a query, `cards` is the
entry point (`search_cards`), `syntax_help` builds the syntax page. Import from those modules.
"""
