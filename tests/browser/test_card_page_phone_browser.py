"""INWO's and Dark Eden's card pages read on a phone: values wrap between words, the card's text
takes the width, the page stays a few screens tall; a laptop keeps labels beside values."""

import pytest

from cardbase.importers import import_cards
from cardbase.models import Card
from tests.dark_eden_factories import DarkEdenGameFactory
from tests.inwo_factories import InwoGameFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 900}

# The words of the facts list that a line break cuts in two (one client rect per line a word
# lies on), each with the value it belongs to.
SPLIT_WORDS = """(root) => {
  const split = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size > 1) split.push(match[0]);
    }
  }
  return split;
}"""


@pytest.fixture
def real_cards(inwo_carddata, dark_eden_cards_db):
    """Import the real INWO and Dark Eden card lists; return the cards whose pages are longest."""
    InwoGameFactory()
    DarkEdenGameFactory()
    import_cards(game_slug="inwo", fmt="lackey", text_or_path=inwo_carddata)
    import_cards(game_slug="dark-eden", fmt="mse-json", text_or_path=dark_eden_cards_db)

    def longest_text(game: str) -> Card:
        return max(Card.objects.filter(game__slug=game), key=lambda card: len(card.text))

    # ALCHEMIA: the longest text of a card costing 0, which 282 Dark Eden cards share.
    return [
        longest_text("inwo"),
        longest_text("dark-eden"),
        Card.objects.get(game__slug="dark-eden", slug="alchemia"),
    ]


def _open(browser, live_server, settings, tmp_path, viewport, lang):
    settings.MEDIA_ROOT = tmp_path / "media"
    context = browser.new_context(
        base_url=live_server.url, viewport=viewport, is_mobile=viewport["width"] < 760
    )
    context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    return context


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_on_a_phone_no_value_breaks_inside_a_word(
    browser, live_server, settings, tmp_path, real_cards, lang
):
    context = _open(browser, live_server, settings, tmp_path, PHONE, lang)
    page = context.new_page()
    for card in real_cards:
        page.goto(card.get_absolute_url())
        facts = page.locator("dl.facts")
        assert facts.evaluate(SPLIT_WORDS) == [], card.name
        # The card's text, the page's longest value, has the whole width of the page's column.
        text = page.locator("dl.facts dd.wide").first
        assert text.bounding_box()["width"] >= 0.85 * facts.bounding_box()["width"], card.name
        assert text.evaluate("(dd) => dd.previousElementSibling.textContent") == (
            "Tekst karty" if lang == "pl" else "Card text"
        )
        height = page.evaluate("document.documentElement.scrollHeight")
        # A few screens at most: before, a Dark Eden page took nine (7,600 px).
        assert height < 4 * PHONE["height"], (card.name, height)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.wait_for_load_state("networkidle")
    context.close()


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_on_a_laptop_labels_stay_beside_their_values(
    browser, live_server, settings, tmp_path, real_cards, lang
):
    context = _open(browser, live_server, settings, tmp_path, LAPTOP, lang)
    page = context.new_page()
    for card in real_cards:
        page.goto(card.get_absolute_url())
        assert page.locator("dl.facts").evaluate(SPLIT_WORDS) == [], card.name
        label, value = page.locator("dl.facts dt").first, page.locator("dl.facts dd").first
        label_box, value_box = label.bounding_box(), value.bounding_box()
        assert value_box["x"] > label_box["x"] + label_box["width"]
        assert abs(value_box["y"] - label_box["y"]) < 2
    page.wait_for_load_state("networkidle")
    context.close()
