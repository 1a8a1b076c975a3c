"""Importing the project's card table: editions, bad input row by row, dry runs, the commands."""

import io

import pytest
from django.core.files.base import ContentFile
from django.core.management import call_command
from django.core.management.base import CommandError

from cardbase.exports import export_cards
from cardbase.importers import CardImportError, import_cards
from cardbase.models import Card, Changeset, Printing
from tests.factories import AngelFactory, EditionFactory, GameFactory, PrintingFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def printed(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    game = GameFactory()
    first = EditionFactory(game=game, slug="pierwsza", name="Pierwsza")
    EditionFactory(game=game, slug="druga", name="Druga")
    card = AngelFactory(game=game, slug="gammon", name="Gammon", faction="fallen", level=7)
    PrintingFactory(card=card, edition=first)
    return card


def write(tmp_path, text: str, name: str = "karty.csv"):
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


def edited_export(old: str, new: str) -> str:
    exported = export_cards(game_slug="aniolowie", fmt="csv")
    assert old in exported
    return exported.replace(old, new, 1)


def test_the_export_lists_editions_and_an_import_moves_the_card_to_those_it_names(
    printed, tmp_path
):
    path = write(tmp_path, edited_export(",pierwsza\n", ",druga\n"))

    report = import_cards(game_slug="aniolowie", fmt="csv", text_or_path=path)

    (outcome,) = report.rows
    assert (outcome.status, outcome.changed) == ("updated", ("editions",))
    assert [p.edition.slug for p in Printing.objects.filter(card=printed)] == ["druga"]


def test_an_unknown_edition_or_one_that_drops_a_scan_rejects_the_row(printed, tmp_path):
    path = write(tmp_path, edited_export(",pierwsza\n", ",trzecia\n"))
    (outcome,) = import_cards(game_slug="aniolowie", fmt="csv", text_or_path=path).rows
    assert outcome.status == "rejected"
    assert outcome.reason("en") == (
        "editions: unknown editions trzecia; this game's editions: druga, pierwsza"
    )

    scanned = Printing.objects.get(card=printed)
    scanned.image.save("skan.png", ContentFile(b"a scan"), save=True)
    path = write(tmp_path, edited_export(",pierwsza\n", ",druga\n"))
    (outcome,) = import_cards(game_slug="aniolowie", fmt="csv", text_or_path=path).rows
    assert outcome.status == "rejected"
    assert "the printing in pierwsza holds a scan" in outcome.reason("en")
    assert [p.edition.slug for p in Printing.objects.filter(card=printed)] == ["pierwsza"]


def test_a_formula_typed_into_a_spreadsheet_is_stored_as_text_and_exported_defused(
    printed, tmp_path
):
    formula = '=HYPERLINK("http://zly.example","kliknij")'
    text = edited_export(
        "Gammon,angel,,", f'Gammon,angel,"{formula.replace(chr(34), 2 * chr(34))}",'
    )
    import_cards(game_slug="aniolowie", fmt="csv", text_or_path=write(tmp_path, text))
    assert Card.objects.get().text == formula
    assert "\"'=HYPERLINK(" in export_cards(game_slug="aniolowie", fmt="csv")


def test_a_file_not_in_utf8_is_refused_saying_so_and_nothing_is_written(printed, tmp_path):
    path = tmp_path / "karty.csv"
    path.write_bytes(edited_export("Gammon", "Żmij").removeprefix("\ufeff").encode("cp1250"))
    with pytest.raises(CardImportError) as refused:
        import_cards(game_slug="aniolowie", fmt="csv", text_or_path=path)
    assert "not UTF-8 text" in refused.value.message("en")
    assert Card.objects.get().name == "Gammon"


def test_a_dry_run_reports_the_changes_and_keeps_nothing(printed, tmp_path):
    path = write(tmp_path, edited_export("fallen,angels,7,", "fallen,angels,8,"))
    report = import_cards(game_slug="aniolowie", fmt="csv", text_or_path=path, dry_run=True)
    assert report.totals["updated"] == 1
    assert Card.objects.get().attribute("level") == 7
    assert Changeset.objects.count() == 0


def test_the_commands_write_a_file_and_read_it_back(printed, tmp_path):
    path = tmp_path / "aniolowie.json"
    call_command("export_cards", game="aniolowie", fmt="json", output=path)
    assert path.read_text(encoding="utf-8") == export_cards(game_slug="aniolowie", fmt="json")
    Card.objects.all().delete()
    out = io.StringIO()
    call_command("import_cards", str(path), game="aniolowie", fmt="json", stdout=out)
    assert out.getvalue().splitlines() == [
        "row 1: added Gammon",
        "aniolowie.json: 1 added, 0 updated, 0 unchanged, 0 rejected.",
    ]
    assert [p.edition.slug for p in Printing.objects.filter(card__slug="gammon")] == ["pierwsza"]
    with pytest.raises(CommandError, match="reads: csv, json"):
        call_command("import_cards", str(path), game="aniolowie", fmt="xlsx")
