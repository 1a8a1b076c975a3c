"""A card's editions are one fact of its changesets: recorded, shown in its history, reverted."""

import pytest
from django.core.files.base import ContentFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cardbase.changesets import RevertRefused, revert_changeset
from cardbase.exports import export_cards
from cardbase.importers import import_cards
from cardbase.models import Changeset, Printing
from tests.cardbase.test_admin import card_form
from tests.factories import AngelFactory, EditionFactory, PrintingFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def printed(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    card = AngelFactory(slug="testiel", name="Testiel", faction="fallen", order="powers", level=7)
    first = EditionFactory(game=card.game, slug="pierwsza", name="Pierwsza")
    EditionFactory(game=card.game, slug="druga", name="Druga")
    PrintingFactory(card=card, edition=first)
    return card


def printed_in(card) -> list[str]:
    return sorted(p.edition.slug for p in Printing.objects.filter(card=card))


def import_editions(editions: str) -> Changeset:
    text = export_cards(game_slug="aniolowie", fmt="csv").replace(",pierwsza\n", f",{editions}\n")
    import_cards(game_slug="aniolowie", fmt="csv", text_or_path=text)
    return Changeset.objects.latest("id")


def test_an_import_that_changes_only_the_editions_records_them_as_a_fact(printed):
    changeset = import_editions('"druga,pierwsza"')

    assert [(c.fact, c.old, c.new, c.row) for c in changeset.changes.all()] == [
        ("editions", ["pierwsza"], ["druga", "pierwsza"], 2)
    ]
    assert printed_in(printed) == ["druga", "pierwsza"]


def test_reverting_puts_the_editions_back(printed):
    changeset = import_editions("druga")
    assert printed_in(printed) == ["druga"]

    reverting = revert_changeset(changeset=changeset, author=None)

    assert printed_in(printed) == ["pierwsza"]
    assert [(c.fact, c.old, c.new) for c in reverting.changes.all()] == [
        ("editions", ["druga"], ["pierwsza"])
    ]


def test_a_revert_that_would_drop_a_scanned_printing_is_refused(printed):
    changeset = import_editions('"druga,pierwsza"')
    scanned = Printing.objects.get(card=printed, edition__slug="druga")
    scanned.image.save("skan.png", ContentFile(b"a scan"), save=True)

    with pytest.raises(RevertRefused) as refused:
        revert_changeset(changeset=changeset, author=None)

    assert refused.value.reasons == (
        "Testiel: druk w edycji Druga ma skan; usuń go najpierw w panelu.",
    )
    assert printed_in(printed) == ["druga", "pierwsza"]


def test_the_history_names_the_editions(client, printed):
    import_editions('"druga,pierwsza"')
    page = client.get(reverse("card-history", args=["aniolowie", "testiel"])).content.decode()
    assert "Edycje" in page
    assert "Druga, Pierwsza" in page


def test_an_admin_edit_with_a_printing_added_is_one_changeset_with_the_editions(
    admin_client, printed
):
    second = printed.game.editions.get(slug="druga")
    first = Printing.objects.get(card=printed)
    data = card_form(printed.game, faction="fallen", order="powers", level="8")
    data.update(
        {
            "printings-TOTAL_FORMS": "2",
            "printings-INITIAL_FORMS": "1",
            "printings-0-id": str(first.pk),
            "printings-0-card": str(printed.pk),
            "printings-0-edition": str(first.edition_id),
            "printings-1-card": str(printed.pk),
            "printings-1-edition": str(second.pk),
        }
    )
    response = admin_client.post(reverse("admin:cardbase_card_change", args=[printed.pk]), data)
    assert response.status_code == 302

    changeset = Changeset.objects.get()
    assert [(c.fact, c.old, c.new) for c in changeset.changes.all()] == [
        ("level", 7, 8),
        ("editions", ["pierwsza"], ["druga", "pierwsza"]),
    ]


def test_an_import_reads_no_printings_per_card_to_record_their_editions(printed):
    per_size = []
    for size, first in ((2, 0), (6, 10)):
        rows = "".join(f"Anioł {first + n},angel,druga\n" for n in range(size))
        with CaptureQueriesContext(connection) as queries:
            import_cards(
                game_slug="aniolowie", fmt="csv", text_or_path=f"name,kind,editions\n{rows}"
            )
        per_size.append(len(queries))
    # Each more card costs its own insert and its printing's, nothing more.
    assert (per_size[1] - per_size[0]) / 4 == 2
