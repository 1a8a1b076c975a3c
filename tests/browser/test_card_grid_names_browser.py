"""A long card name in the catalogue's grid breaks between syllables, with a hyphen, on a phone."""

import pytest

from cardbase.hyphens import SOFT_HYPHEN
from tests.dark_eden_factories import DarkEdenCardFactory
from tests.inwo_factories import GroupFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# For each line break inside an element's text, the character before it: a soft hyphen or a
# space where the name breaks as it should, a letter where a word was cut.
BREAKS = """
element => {
  const node = element.firstChild, range = document.createRange(), found = [];
  let top = null;
  for (let i = 0; i < node.length; i++) {
    range.setStart(node, i); range.setEnd(node, i + 1);
    // A character just after a break also reports a sliver at the end of the line before.
    const rects = range.getClientRects(), rect = rects[rects.length - 1];
    if (!rect) continue;
    if (top !== null && rect.top > top + 2) found.push(node.data[i - 1]);
    top = rect.top;
  }
  return found;
}
"""


@pytest.mark.parametrize("width", [390, 1366])
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_long_names_break_between_syllables(browser, live_server, lang, width):
    DarkEdenCardFactory(name="BŁOGOSŁAWIEŃSTWO PRZECIWNIKOWI", slug="blogoslawienstwo")
    GroupFactory(name="Counterintelligence Personalities", slug="counterintelligence")
    context = browser.new_context(
        base_url=live_server.url, locale=f"{lang}-PL", viewport={"width": width, "height": 900}
    )
    context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    page = context.new_page()
    page.goto("/cards/")
    names = page.locator(".card-tile .card-name")
    assert sorted(text.replace(SOFT_HYPHEN, "") for text in names.all_inner_texts()) == [
        "BŁOGOSŁAWIEŃSTWO PRZECIWNIKOWI",
        "Counterintelligence Personalities",
    ]
    assert names.evaluate_all("els => els.map(e => e.lang)") in (["pl", "en"], ["en", "pl"])
    broken = [names.nth(i).evaluate(BREAKS) for i in range(2)]
    assert any(broken), "the tiles are narrow enough for these names to wrap"
    for breaks in broken:
        assert set(breaks) <= {SOFT_HYPHEN, " "}, breaks
    context.close()
