"""Card constraints and derived attributes."""

import pytest
from django.core.exceptions import ValidationError

from cardbase.models import Card
from tests.factories import AngelFactory, GameFactory, HumanFactory, InterventionFactory

pytestmark = pytest.mark.django_db


def test_saving_refuses_a_fallen_throne():
    with pytest.raises(ValidationError):
        AngelFactory(faction="fallen", order="thrones", level=11)


def test_validation_refuses_a_fallen_throne_with_a_clear_message():
    card = Card(
        game=GameFactory(),
        kind="angel",
        name="Tronel",
        slug="tronel",
        attributes={"faction": "fallen", "order": "thrones"},
    )
    with pytest.raises(ValidationError) as excinfo:
        card.full_clean()
    assert "Trony występują tylko wśród Aniołów Pana" in str(excinfo.value)


def test_a_lords_throne_is_fine():
    card = AngelFactory(faction="lord", order="thrones", level=11)
    card.full_clean()
    assert card.attribute("choir") == "I"


def test_throne_of_unknown_faction_is_allowed():
    card = AngelFactory(faction="", order="thrones")
    card.full_clean()


@pytest.mark.parametrize(
    ("order", "choir"),
    [
        ("angels", "III"),
        ("archangels", "III"),
        ("principalities", "III"),
        ("virtues", "II"),
        ("powers", "II"),
        ("dominions", "II"),
        ("cherubim", "I"),
        ("seraphim", "I"),
        ("thrones", "I"),
        ("", None),
    ],
)
def test_choir_follows_from_order(order, choir):
    card = AngelFactory(order=order, faction="lord")
    assert card.attribute("choir") == choir


def test_choir_is_named_chor_for_the_lord_and_krag_for_the_fallen():
    assert AngelFactory(order="powers", faction="lord").value_label("choir", "pl") == "Chór II"
    assert AngelFactory(order="powers", faction="fallen").value_label("choir", "pl") == "Krąg II"


def test_choir_is_not_stored():
    field_names = {f.name for f in Card._meta.get_fields()}
    assert "choir" not in field_names


def test_only_interventions_may_belong_to_both_factions():
    InterventionFactory(faction="any").full_clean()
    with pytest.raises(ValidationError):
        AngelFactory(faction="any")


def test_humans_have_neither_faction_nor_order():
    with pytest.raises(ValidationError):
        HumanFactory(faction="lord")
    with pytest.raises(ValidationError):
        HumanFactory(order="angels")


def test_angels_have_no_character_or_sex():
    with pytest.raises(ValidationError):
        AngelFactory(alignment="good")


def test_every_attribute_may_be_unknown():
    card = Card.objects.create(game=GameFactory(), kind="angel", name="Nieznany", slug="nieznany")
    card.full_clean()
    card.refresh_from_db()
    assert card.attributes == {}
    for attribute in ("faction", "order", "level", "color", "support", "anielica"):
        assert card.attribute(attribute) is None
    assert card.copy_limit is None


@pytest.mark.parametrize(("symbol", "limit"), [("empty", 2), ("filled", 1)])
def test_copy_limit_follows_edition_symbol(symbol, limit):
    assert AngelFactory(edition_symbol=symbol).copy_limit == limit


def test_search_name_folds_case_and_diacritics():
    card = InterventionFactory(name="Jawna Łaska")
    assert card.search_name == "jawna laska"


def test_only_a_human_has_abilities_for_each_faction():
    human = HumanFactory(text="Dla wszystkich.", ability_lord="Dla Pana.", ability_fallen="Zło.")
    human.full_clean()
    with pytest.raises(ValidationError):
        AngelFactory(ability_lord="Tylko dla Pana.")


def test_faction_abilities_are_searchable():
    HumanFactory(name="Kusiciel", ability_fallen="Odrzuć tylko tę kartę.")
    assert Card.objects.get(name="Kusiciel").search_text.strip() == "odrzuc tylko te karte."
