"""The admin edits a list whose values repeat or may be none (Dark Eden's resources) as text."""

import pytest
from django.urls import reverse

from cardbase.forms import CardForm
from cardbase.models import Card
from tests.dark_eden_factories import LeaderFactory

pytestmark = pytest.mark.django_db


def form_data(card: Card, **attributes: str) -> dict:
    """Return the change form's data as the admin renders it for `card`, with some fields set."""
    form = CardForm(instance=card)
    data = {}
    for name, field in form.fields.items():
        value = field.prepare_value(form.initial.get(name, form[name].value()))
        data[name] = "" if value is None else value
    data.update({"game": card.game.pk, "attr__unique": "unknown", "attr__unlimited": "unknown"})
    data["change_source"] = "Skan karty"
    data.update({f"attr__{name}": value for name, value in attributes.items()})
    for prefix in ("printings", "sources"):
        data.update(
            {
                f"{prefix}-TOTAL_FORMS": "0",
                f"{prefix}-INITIAL_FORMS": "0",
                f"{prefix}-MIN_NUM_FORMS": "0",
                f"{prefix}-MAX_NUM_FORMS": "1000",
            }
        )
    return data


def test_a_repeated_icon_and_an_empty_list_survive_an_admin_save(admin_client):
    leader = LeaderFactory(provides=["gold", "gold", "food"], consumes=[])
    url = reverse("admin:cardbase_card_change", args=[leader.pk])
    page = admin_client.get(url).content.decode()
    assert 'value="gold, gold, food"' in page and 'value="-"' in page
    response = admin_client.post(url, form_data(leader))
    assert response.status_code == 302, response.context["errors"]
    leader.refresh_from_db()
    assert leader.attributes["provides"] == ["gold", "gold", "food"]
    assert leader.attributes["consumes"] == []


def test_blank_is_unknown_and_a_wrong_value_is_named(admin_client):
    leader = LeaderFactory(provides=["gold"])
    url = reverse("admin:cardbase_card_change", args=[leader.pk])
    response = admin_client.post(url, form_data(leader, provides="gold, diamonds"))
    assert response.status_code == 200
    assert "Nieznane wartości: diamonds" in " ".join(str(e) for e in response.context["errors"])
    response = admin_client.post(url, form_data(leader, provides=""))
    assert response.status_code == 302
    leader.refresh_from_db()
    assert "provides" not in leader.attributes
