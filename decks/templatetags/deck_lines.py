"""The builder's rows, written in Python: a deck's lines and the search's result lines.

A builder page holds a hundred rows or more, each with its forms. As included templates they
were most of the page's rendering (some 2,000 variable lookups for 60 lines); written here, one
row costs a few string joins. The markup is the same the templates wrote, and escaped the same.
"""

from django import template
from django.template.defaulttags import CsrfTokenNode
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from cardbase.templatetags.cardbase import card_image_url, card_meta
from decks.templatetags.decks import home_section

register = template.Library()


def _hidden(name: str, value) -> SafeString:
    return format_html('<input type="hidden" name="{}" value="{}">', name, value)


def _form(context, css_class: str, card, buttons: SafeString, section: str | None) -> SafeString:
    """Return a form posting a change of `card` to the deck's save address (with `section`
    unless it is None)."""
    fields = [
        CsrfTokenNode().render(context),  # the page's one token, as {% csrf_token %} writes it
        _hidden("version", context["deck"].version),
        _hidden("card", card.pk),
    ]
    if section is not None:
        fields.append(_hidden("section", section))
    fields.append(_hidden("next", context["next_url"]))
    return format_html(
        '<form class="{}" method="post" action="{}">{}{}</form>',
        css_class,
        context["save_url"],
        mark_safe("".join(fields)),  # noqa: S308 - each part escaped by format_html
        buttons,
    )


def _count_buttons(card, place: SafeString) -> SafeString:
    """Return the "−" and "+" buttons of a card; `place` names its section (or its home)."""
    name = {"name": card.name}
    return format_html(
        '<button type="submit" name="delta" value="-1" data-delta="-1" data-card="{}"{}'
        ' aria-label="{}">−</button>'
        '<button type="submit" name="delta" value="1" data-delta="1" data-card="{}"{}'
        ' aria-label="{}">+</button>',
        card.pk,
        place,
        gettext("Usuń kopię: %(name)s") % name,
        card.pk,
        place,
        gettext("Dodaj kopię: %(name)s") % name,
    )


def _owned_mark(card_id: int, owned: int, needed: int) -> SafeString:
    """Say how many of the copies a deck needs the viewer owns, marking a shortfall (owned.js
    writes it again when the player changes their copies in place)."""
    data = format_html('data-owned-mark="{}" data-needed="{}"', card_id, needed)
    if owned >= needed:
        title = gettext("Masz %(owned)d: wystarczy") % {"owned": owned}
        return format_html(
            ' <span class="owned-mark" {} title="{}">✓ {}</span>', data, title, owned
        )
    title = gettext("Masz %(owned)d z %(needed)d: brakuje %(missing)d") % {
        "owned": owned,
        "needed": needed,
        "missing": needed - owned,
    }
    return format_html(
        ' <span class="owned-mark missing" {} title="{}">{}/{}</span>', data, title, owned, needed
    )


def _owned_buttons(context, card) -> SafeString:
    """Return the form that changes the player's copies of `card`, as on the catalogue's tiles."""
    template = context.template.engine.get_template("decks/_owned_buttons.html")
    with context.push(card=card, owned=card.owned):
        buttons = template.render(context)
    return format_html(
        '<span class="result-owned"><small>{}</small> {}</span>', gettext("Mam:"), buttons
    )


@register.simple_tag(takes_context=True)
def deck_line(context, line) -> SafeString:
    """Write one line of a deck: its count and limit, the card, its marks and, in the builder,
    the forms that change its count or move a copy."""
    card, section = line.card, line.section
    classes = "deck-line"
    classes += " at-fault" if line.at_fault else ""
    classes += " over-limit" if line.over_limit else ""
    classes += " unverified" if line.unverified else ""
    editable = context.get("editable")
    limit = ""
    if card.limits_copies:
        limit = format_html(
            '<span class="limit" title="{}">/{}</span>',
            gettext("limit kopii"),
            line.limit if line.limit else "?",
        )
    mark = ""
    if line.at_fault:
        mark = format_html(
            '<span class="fault-mark" title="{}">⚠</span>', gettext("ta karta łamie regułę")
        )
    elif line.unverified:
        mark = format_html(
            '<span class="unverified-mark" title="{}">?</span>',
            gettext("nie da się sprawdzić reguły: brak danych tej karty"),
        )
    forms = ""
    owned = context.get("owned")
    have = ""
    if owned is not None:
        have = _owned_mark(
            card.pk, owned.get(card.pk, 0), context["sheet"].card_counts.get(card.pk, 0)
        )
    if editable:
        place = format_html(' data-section="{}"', section) if section else ' data-home=""'
        buttons = _count_buttons(card, place)
        forms = _form(context, "count-buttons", card, buttons, section or None)
        if line.moves:
            moves = format_html_join(
                "",
                '<button type="submit" name="to" value="{0}" data-card="{1}" data-section="{2}"'
                ' data-move-to="{0}" title="{3}" aria-label="{4}">→ {5}</button>',
                (
                    (
                        to,
                        card.pk,
                        section,
                        gettext("Przenieś jedną kopię: %(name)s") % {"name": card.name},
                        gettext("Przenieś kopię: %(name)s → %(section)s")
                        % {"name": card.name, "section": label},
                        label,
                    )
                    for to, label in line.moves
                ),
            )
            forms += _form(context, "move-buttons", card, moves, section)
    return format_html(
        '<li class="{}" data-card="{}" data-section="{}" data-name="{}"{}>\n'
        '  <span class="line-count"><span data-count-for="{}">{}</span>{}</span>\n'
        '  <a class="line-name" href="{}" data-preview="{}">{}</a>{}\n'
        "  {}\n"
        "  {}\n"
        "</li>",
        classes,
        card.pk,
        section,
        card.name,
        mark_safe(' tabindex="0"') if editable else "",
        line.key,
        line.count,
        limit,
        card.get_absolute_url(),
        card.get_face_url(),
        card.name,
        have,
        mark,
        forms,
    )


@register.simple_tag(takes_context=True)
def result_line(context, card) -> SafeString:
    """Write one card the builder's search found: its face, name and kind, the copies the deck
    holds, the form that adds or removes one in its kind's home section and, when the page
    marked them, the form that changes the player's own copies."""
    held = context["sheet"].card_counts.get(card.pk) or 0
    limit = ""
    if card.limits_copies:
        limit = format_html('<span class="limit">/{}</span>', card.copy_limit or "?")
    place = format_html(' data-home="{}"', home_section(card, context["deck"]))
    return format_html(
        '<li class="result-line" data-card="{}" data-name="{}" tabindex="0">\n'
        '      <img src="{}" alt="" width="40" height="56" loading="lazy">\n'
        '      <span class="result-text">\n'
        '        <a href="{}" target="_blank" rel="noopener">{}</a>\n'
        "        <small>{}</small>\n"
        "      </span>\n"
        '      <span class="line-count"><span data-count-for-card="{}">{}</span>{}</span>\n'
        "      {}{}\n"
        "    </li>",
        card.pk,
        card.name,
        card_image_url(card),
        card.get_absolute_url(),
        card.name,
        card_meta(card),
        card.pk,
        held,
        limit,
        _form(context, "count-buttons", card, _count_buttons(card, place), None),
        _owned_buttons(context, card) if getattr(card, "owned", None) is not None else "",
    )
