"""One card's page, its generated face and the language switch."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from PIL import Image

from cardbase.face_files import face_for
from cardbase.models import CardSource
from cardbase.selectors.card_page import RELATED_SHOWN
from rules.core.registry import register, unregister
from tests.factories import AngelFactory, CardFactory, GameFactory, HumanFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def gammon():
    card = AngelFactory(name="Gammon", slug="gammon", faction="fallen", order="powers", level=7)
    CardSource.objects.create(
        card=card, rulebook="book.txt", page=11, quote="GAMMON jest Potęgą", gives=["order"]
    )
    return card


def test_card_page_shows_every_attribute_and_marks_unknowns(client, gammon):
    response = client.get(reverse("card-detail", kwargs={"game": "aniolowie", "slug": "gammon"}))
    body = response.content.decode()
    assert response.status_code == 200
    assert "<h1>Gammon</h1>" in body
    assert "Upadli" in body
    assert "Potęgi" in body
    # A Fallen angel's choir is a circle, named once: "Krąg: II", not "Chór / Krąg: Krąg II".
    assert "<dt>Krąg</dt><dd>II</dd>" in body
    assert "<dd>07</dd>" in body
    # Colour, support, edition symbol, ANIELICA, angelic name and ability are unknown here.
    assert body.count('<span class="unknown">nieznane</span>') >= 6
    assert "unknown<" not in body
    assert "GAMMON jest Potęgą" in body
    assert "s. 11" in body


def test_card_page_lists_the_cards_of_the_same_order(client, gammon):
    AngelFactory(name="Potężny", faction="lord", order="powers", level=7)
    AngelFactory(name="Inny Zakon", faction="fallen", order="virtues", level=6)
    response = client.get(reverse("card-detail", kwargs={"game": "aniolowie", "slug": "gammon"}))
    same = [card.name for card in response.context["same_order"]]
    assert same == ["Potężny"]


def test_human_page_shows_character_and_sex(client):
    HumanFactory(name="Wędrowiec", slug="wedrowiec", alignment="neutral", sex="male")
    body = client.get(
        reverse("card-detail", kwargs={"game": "aniolowie", "slug": "wedrowiec"})
    ).content.decode()
    assert "neutralny" in body and "mężczyzna" in body
    assert "Zakon" not in body


def test_unknown_card_is_a_404(client):
    assert (
        client.get(
            reverse("card-detail", kwargs={"game": "aniolowie", "slug": "nie-ma"})
        ).status_code
        == 404
    )


def test_generated_face_is_a_card_sized_png(client, gammon):
    response = client.get(reverse("card-face", kwargs={"game": "aniolowie", "slug": "gammon"}))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(b"".join(response.streaming_content)))
    width, height = image.size
    assert (width, height) == (300, 420)


def test_face_is_rendered_once_and_again_after_an_edit(client, gammon, settings):
    url = reverse("card-face", kwargs={"game": "aniolowie", "slug": "gammon"})
    b"".join(client.get(url).streaming_content)
    faces_dir = settings.MEDIA_ROOT / "faces"
    first = sorted(p.name for p in faces_dir.iterdir())
    b"".join(client.get(url).streaming_content)
    assert sorted(p.name for p in faces_dir.iterdir()) == first
    gammon.attributes = {**gammon.attributes, "level": 8, "order": "dominions"}
    gammon.save()
    b"".join(client.get(url).streaming_content)
    assert len(list(faces_dir.iterdir())) == 2


@pytest.fixture
def toy():
    """Register the tests' toy game, which declares no face, and give it a catalogue row."""
    register("tests.toy_game")
    yield GameFactory(slug="toy", name="Toy")
    unregister("toy")


def test_a_game_without_a_face_declaration_gets_a_plain_face(client, toy):
    golem = CardFactory(game=toy, kind="unit", name="Golem", slug="golem", tier="silver")
    face = face_for(golem)
    assert (face.name, face.kind_label, face.subtitle) == (
        "Golem",
        "jednostka",
        "srebro · siła ? · latający ?",
    )
    response = client.get(reverse("card-face", kwargs={"game": "toy", "slug": "golem"}))
    assert response.status_code == 200
    image = Image.open(io.BytesIO(b"".join(response.streaming_content)))
    assert image.size == (300, 420)


def test_polish_by_default_english_on_request(client, gammon):
    url = reverse("card-detail", kwargs={"game": "aniolowie", "slug": "gammon"})
    assert 'lang="pl"' in client.get(url).content.decode()
    client.post(reverse("set_language"), {"language": "en", "next": url})
    body = client.get(url).content.decode()
    assert 'lang="en"' in body
    assert "Fallen" in body
    assert "Powers" in body
    assert "<dt>Circle</dt><dd>II</dd>" in body


def test_home_page_leads_to_the_catalogue(client, gammon):
    body = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("card-list")}"' in body


def test_sources_name_the_facts_they_give_in_words(client):
    call_command("load_catalogue", verbosity=0)
    body = client.get(
        reverse("card-detail", kwargs={"game": "aniolowie", "slug": "gaap"}),
        HTTP_ACCEPT_LANGUAGE="pl",
    )
    text = body.content.decode()
    assert "podaje: zakon, poziom" in text
    assert "podaje: order" not in text


def test_a_bad_filter_is_named_by_its_label(client):
    body = client.get(reverse("card-list"), {"level_min": "abc"}, HTTP_ACCEPT_LANGUAGE="pl")
    # Every game's catalogue names the game of the range as well.
    assert "Poziom od – Aniołowie:" in body.content.decode()


def test_a_human_page_shows_the_ability_for_each_faction(client):
    human = HumanFactory(name="Kusiciel", slug="kusiciel", ability_fallen="Odrzuć tylko ją.")
    body = client.get(human.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert 'Umiejętność dla Upadłych</dt>\n        <dd class="wide">Odrzuć tylko ją.</dd>' in body
    assert (
        'Umiejętność dla Aniołów Pana</dt>\n        <dd class="wide"><span class="unknown">' in body
    )


@pytest.fixture
def gaap_and_a_game_without_cards():
    AngelFactory(name="Gaap", slug="gaap")
    GameFactory(slug="dark-eden", name="Dark Eden")


def _home(client, lang: str) -> str:
    return client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE=lang).content.decode()


def test_home_page_counts_each_game_s_cards_and_says_which_have_none(
    client, gaap_and_a_game_without_cards
):
    body = _home(client, "pl")
    assert "Przeglądaj 1 kartę ze źródłem każdej informacji" in body
    assert "(1 karta;" in body
    assert "Brak kart." in body and "Pomóż uzupełnić katalog" in body
    AngelFactory(name="Paimon", slug="paimon")
    body = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Browse 2 cards, each fact with its source" in body
    assert "(2 cards;" in body and "No cards." in body and "Help fill the catalogue" in body


def _card_page(client, card, lang="pl"):
    client.cookies["django_language"] = lang
    return client.get(card.get_absolute_url())


def test_card_page_shows_a_capped_set_of_the_cards_of_its_order(client, gammon):
    for n in range(RELATED_SHOWN + 5):
        AngelFactory(name=f"Potęga {n:02d}", faction="lord", order="powers", level=7)
    AngelFactory(name="Inny Zakon", faction="fallen", order="virtues", level=6)
    # Most of the game's cards are of other orders: an order held by most relates nothing.
    HumanFactory.create_batch(RELATED_SHOWN + 6)
    response = _card_page(client, gammon)
    shown = [card.name for card in response.context["same_order"]]
    assert shown == [f"Potęga {n:02d}" for n in range(RELATED_SHOWN)]
    related = response.context["related"]
    assert (related.others, related.total) == (RELATED_SHOWN + 5, RELATED_SHOWN + 6)
    body = response.content.decode()
    assert f"Zobacz w katalogu wszystkie {RELATED_SHOWN + 6} kart – zakon: Potęgi" in body


def test_the_link_to_every_card_of_the_order_finds_exactly_those_cards(client, gammon):
    others = [AngelFactory(faction="lord", order="powers", level=7) for _ in range(3)]
    AngelFactory(faction="fallen", order="virtues", level=6)
    HumanFactory()
    related = _card_page(client, gammon).context["related"]
    listed = client.get(f"{reverse('card-list')}?{related.query}&page_size=96")
    found = {card.pk for card in listed.context["page"].object_list}
    assert found == {gammon.pk, *(card.pk for card in others)}
    assert listed.context["page"].paginator.count == related.total == 4


@pytest.mark.parametrize(
    ("others", "lang", "words"),
    [
        (1, "pl", "Zobacz w katalogu wszystkie 2 karty – zakon: Potęgi"),
        (4, "pl", "Zobacz w katalogu wszystkie 5 kart – zakon: Potęgi"),
        (21, "pl", "Zobacz w katalogu wszystkie 22 karty – zakon: Potęgi"),
        (1, "en", "See all 2 cards in the catalogue – order: Powers"),
    ],
)
def test_the_link_counts_the_cards_in_the_page_language(client, gammon, others, lang, words):
    for _ in range(others):
        AngelFactory(faction="lord", order="powers", level=7)
    assert words in _card_page(client, gammon, lang).content.decode()


def test_a_card_alone_in_its_order_offers_no_link(client, gammon):
    body = _card_page(client, gammon).content.decode()
    assert "same-order-all" not in body


def test_home_page_introduces_each_game_in_the_page_s_language(
    client, gaap_and_a_game_without_cards
):
    polish = _home(client, "pl")
    assert "Aniołowie</a> – Fantastyczna Gra Karciana: Aniołowie Pana i Upadli" in polish
    assert "Dark Eden – Przywódcy, Miejsca, Wojownicy i Intrygi." in polish
    english = _home(client, "en")
    assert "Aniołowie (Angels)</a> – The Fantastic Card Game: the Angels of the Lord" in english
    assert "Dark Eden – Leaders, Places, Warriors and Intrigues." in english
    assert "Fantastyczna" not in english and "Przywódcy" not in english


def test_the_anielica_row_is_labelled_in_words_not_capitals(client):
    angel = AngelFactory(name="Virtue", slug="virtue", anielica=True)
    polish = _card_page(client, angel, "pl").content.decode()
    assert "<dt>Anielica</dt>" in polish and "<dt>ANIELICA</dt>" not in polish
    english = _card_page(client, angel, "en").content.decode()
    assert "<dt>Anielica (female angel)</dt>" in english
