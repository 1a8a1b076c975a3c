"""Forum markup around a deck list's lines: names escaped for BBCode and Markdown, markup read off."""

import pytest

from decks import textformat
from decks.forum_markup import PROTECTED_HASH, bbcode_text, markdown_text, unmark
from decks.textformat import Entry, Header, SectionHeading, parse_text
from tests.purity import django_modules_loaded_by


def test_bbcode_keeps_a_name_from_opening_a_tag():
    assert bbcode_text("Nazwa [x]  [/url]\n[b]") == "Nazwa [\u200bx] [\u200b/url] [\u200bb]"


def test_markdown_escapes_what_would_mark_up_a_name():
    assert markdown_text("*Gwiazda* [x](y) _a_ #1 `k` \\ ~s~ |p| <q>") == (
        "\\*Gwiazda\\* \\[x\\]\\(y\\) \\_a\\_ \\#1 \\`k\\` \\\\ \\~s\\~ \\|p\\| \\<q\\>"
    )


@pytest.mark.parametrize(
    "name", ["Nazwa [x]", "*Gwiazda*", "[b]Nie[/b]", "a_b_ (c) \\ x", "__x__", "**y**", "[u](v)"]
)
def test_an_escaped_name_in_a_link_reads_back_as_printed(name):
    url = "https://karty.example/cards/g/s/"
    bbcode = unmark(f"2x [url={url}]{bbcode_text(name)}[/url]")
    markdown = unmark(f"- 2× [{markdown_text(name)}](<{url}>)")
    assert (bbcode.text, bbcode.links) == (f"2x {name}", (url,))
    assert (markdown.text, markdown.links) == (f"2× {name}", (url,))


def test_a_hash_in_a_link_or_escaped_is_kept_from_the_comment_mark():
    assert unmark("1x [url=u]Anioł #1[/url] # mój").text == f"1x Anioł {PROTECTED_HASH}1 # mój"
    assert unmark("1 Anioł \\#1").text == f"1 Anioł {PROTECTED_HASH}1"
    assert parse_text("1x [url=u]Anioł #1[/url] # mój").entries == (Entry(1, 1, "Anioł #1"),)


@pytest.mark.parametrize(
    ("line", "text"),
    [
        ("[size=150][b]Talia: Mała[/b][/size]", "Talia: Mała"),
        ("**Zastęp (40)**", "Zastęp (40)"),
        ("__Ludzie__", "Ludzie"),
        ("[u][b]Eden[/b][/u]", "Eden"),
    ],
)
def test_a_line_all_bold_underlined_or_enlarged_is_emphasised(line, text):
    assert (unmark(line).text, unmark(line).emphasised) == (text, True)


@pytest.mark.parametrize(
    "line", ["[b]Gra:[/b] Aniołowie", "**a** b **c**", "[b]a[/b] i [b]c[/b]", "*Gwiazda*", "2 Gaap"]
)
def test_a_line_bold_in_part_is_not(line):
    assert unmark(line).emphasised is False


@pytest.mark.parametrize(
    "line",
    [
        "https://karty.example/decks/1/",
        "[url]https://karty.example/decks/1/[/url]",
        "<https://karty.example/decks/1/>",
        "✔ Talia jest zgodna z zasadami budowania talii.",
        "[b]✘ Talia łamie zasady: 2 błędy.[/b]",
        "---",
        "* * *",
        "```",
        "```text",
    ],
)
def test_addresses_verdicts_and_rules_are_skipped(line):
    assert unmark(line).skip is True
    assert parse_text(line) == textformat.ParsedText((), ())


@pytest.mark.parametrize(
    ("line", "text"),
    [
        ("- 2× Gaap", "2× Gaap"),
        ("* 2x Gaap", "2x Gaap"),
        ("> - 2 Gaap", "2 Gaap"),
        ("[*]2x [b]Gaap[/b]", "2x Gaap"),
        ("[list]", ""),
        ("-1 Gaap", "-1 Gaap"),
        ("2 [x] Gaap", "2 [x] Gaap"),
    ],
)
def test_bullets_quotes_and_known_tags_go_and_the_rest_stays(line, text):
    assert unmark(line).text == text


def test_headings_with_a_colon_in_bold_or_with_more_hashes_name_sections():
    text = "Zastęp (40):\n2 Gaap\n**Ludzie (4)**\n1 Matka\n### Talia Grup\n[b]Eden (3/3)[/b]\n"
    parsed = parse_text(text)
    assert [(s.line, s.title) for s in parsed.sections] == [
        (1, "Zastęp"),
        (3, "Ludzie"),
        (5, "Talia Grup"),
        (6, "Eden"),
    ]
    assert [e.section.title for e in parsed.entries] == ["Zastęp", "Ludzie"]


def test_a_bold_line_or_a_line_ending_in_a_colon_that_counts_a_card_is_a_card():
    parsed = parse_text("**2x Gaap**\n3 Matka:\n")
    assert parsed.sections == ()
    assert [(e.count, e.name) for e in parsed.entries] == [(2, "Gaap"), (3, "Matka:")]


def test_lines_of_a_word_a_colon_and_a_value_may_be_headers_the_caller_chooses():
    parsed = parse_text("[size=150][b]Talia: Moja #1[/b][/size]\n- Gra: Aniołowie\n2 Gaap\n")
    assert parsed.headers == ()
    assert parsed.maybe_headers == (
        Header(1, "Talia", "Moja #1"),
        Header(2, "Gra", "Aniołowie"),
    )
    assert parsed.sections == (SectionHeading(1, "Talia: Moja"),)
    assert [line.header for line in parsed.lines] == [Header(2, "Gra", "Aniołowie"), None]


def test_a_card_line_keeps_its_one_link():
    parsed = parse_text("2x [Gaap](<https://k.example/cards/aniolowie/gaap/>)\n1 Matka\n")
    assert [line.link for line in parsed.lines] == ["https://k.example/cards/aniolowie/gaap/", None]


def test_the_markup_and_the_text_format_stay_pure_python():
    assert django_modules_loaded_by("import decks.forum_markup, decks.textformat") == []
