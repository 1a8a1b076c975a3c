"""Deck lists to post: BBCode for phpBB forums, Markdown for Discord and Reddit, plain text for chat.

Each names the deck, its game, options and format, lists the cards under the game's sections as
the deck page groups them (in BBCode and Markdown each card linked to its page), then says the
verdict and links to the deck, in the page's language. decks.transfer reads each back to the
same deck: the headers without "#", the headings and the markup are part of the text format
(decks.textformat, decks.forum_markup).
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from cardbase.language import page_lang
from decks.export import ambiguous_names, text_label
from decks.forum_markup import bbcode_text, markdown_text
from decks.models import Deck
from decks.selectors.sheet import DeckSheet, deck_sheet
from decks.selectors.verdict import verdict_head
from decks.transfer.text_headers import FORMAT_LABEL, GAME_LABEL


@dataclass(frozen=True)
class ListedCard:
    """A card as a list posts it: copies, its printed name, the name plain text uses, its page."""

    count: int
    name: str
    # The card's name, or its slug where the name would not read back (decks.export).
    label: str
    url: str


@dataclass(frozen=True)
class ListedSection:
    """One of the game's sections, labelled in the page's language, with its cards."""

    label: str
    count: int
    cards: list[ListedCard]


@dataclass(frozen=True)
class ForumList:
    """What every format says of a deck, in the page's language."""

    name: str
    title: str  # "Talia: <name>"
    headers: list[str]  # "Gra: Aniołowie", then each option, then a format not the default
    loose: list[ListedCard]  # in no declared section: listed before any heading
    sections: list[ListedSection]
    verdict: str
    url: str


def forum_list(deck: Deck, *, absolute: Callable[[str], str]) -> ForumList:
    """Gather what a forum list says of `deck`; `absolute` makes a path a full address."""
    lang = page_lang()
    sheet = deck_sheet(deck, lang=lang)
    ambiguous = ambiguous_names(deck.game, [line.card for line in sheet.lines])

    def listed(section_id: str) -> list[ListedCard]:
        section = next(s for s in sheet.sections if s.id == section_id)
        return [
            ListedCard(
                line.count,
                line.card.name,
                text_label(line.card, ambiguous),
                absolute(line.card.get_absolute_url()),
            )
            for group in section.groups
            for line in group.lines
        ]

    game = deck.game_rules
    headers = [(_(GAME_LABEL), game.name(lang))]
    headers += [(capfirst(label), value) for _id, label, _v, value in deck.option_labels(lang)]
    chosen = game.format(deck.format)
    if chosen is not None and chosen != game.default_format:
        headers.append((_(FORMAT_LABEL), chosen.label(lang)))
    declared = {section.id for section in game.sections}
    return ForumList(
        name=deck.name,
        title=_("Talia: %(name)s") % {"name": " ".join(deck.name.split())},
        headers=[_("%(label)s: %(value)s") % {"label": k, "value": v} for k, v in headers],
        loose=[card for s in sheet.sections if s.id not in declared for card in listed(s.id)],
        sections=[
            ListedSection(section.label, section.count, listed(section.id))
            for section in sheet.sections
            if section.id in declared and section.count
        ],
        verdict=_verdict(sheet),
        url=absolute(deck.get_absolute_url()),
    )


def _verdict(sheet: DeckSheet) -> str:
    """Say in one line whether the deck keeps the rules, as the deck page's verdict opens."""
    valid = bool(sheet.verdict.get("valid"))
    head = verdict_head(
        valid=valid, errors=len(sheet.verdict_errors), notes=len(sheet.verdict_warnings)
    )
    return ("✔ " if valid else "✘ ") + head


def deck_bbcode(deck: Deck, *, absolute: Callable[[str], str]) -> str:
    """Return the deck as a phpBB post: bold headings, each card linked to its page."""
    listed = forum_list(deck, absolute=absolute)

    def lines(cards: list[ListedCard]) -> list[str]:
        return [f"{c.count}x [url={c.url}]{bbcode_text(c.name)}[/url]" for c in cards]

    out = [f"[size=150][b]{bbcode_text(listed.title)}[/b][/size]"]
    out += [bbcode_text(header) for header in listed.headers]
    if listed.loose:
        out += ["", *lines(listed.loose)]
    for section in listed.sections:
        out += ["", f"[b]{bbcode_text(section.label)} ({section.count})[/b]", *lines(section.cards)]
    out += ["", listed.verdict, f"[url]{listed.url}[/url]"]
    return "\n".join(out) + "\n"


def deck_markdown(deck: Deck, *, absolute: Callable[[str], str]) -> str:
    """Return the deck in Markdown as Discord and Reddit show it: bold headings, a list each."""
    listed = forum_list(deck, absolute=absolute)

    def lines(cards: list[ListedCard]) -> list[str]:
        # "<address>": Discord shows no preview of each card; Reddit reads it as the address.
        return [f"- {c.count}× [{markdown_text(c.name)}](<{c.url}>)" for c in cards]

    # The headers as a list: Reddit would run lines of one paragraph together.
    out = [f"# {markdown_text(listed.title)}", ""]
    out += [f"- {markdown_text(header)}" for header in listed.headers]
    if listed.loose:
        out += ["", *lines(listed.loose)]
    for section in listed.sections:
        heading = f"**{markdown_text(section.label)} ({section.count})**"
        out += ["", heading, "", *lines(section.cards)]
    out += ["", markdown_text(listed.verdict), "", listed.url]
    return "\n".join(out) + "\n"


def deck_plain(deck: Deck, *, absolute: Callable[[str], str]) -> str:
    """Return the deck as plain text for a chat: no markup, a heading with a colon per section."""
    listed = forum_list(deck, absolute=absolute)

    def lines(cards: list[ListedCard]) -> list[str]:
        return [f"{c.count}x {c.label}" for c in cards]

    out = [listed.title, *listed.headers]
    if listed.loose:
        out += ["", *lines(listed.loose)]
    for section in listed.sections:
        out += ["", f"{section.label} ({section.count}):", *lines(section.cards)]
    out += ["", listed.verdict, listed.url]
    return "\n".join(out) + "\n"
