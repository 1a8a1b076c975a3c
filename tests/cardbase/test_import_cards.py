"""`manage.py import_cards` and `load_card_data`: the real INWO list, per-row reports, one transaction."""

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cardbase.importers import import_cards
from cardbase.models import Card, CardSource
from rules.inwo.carddata import COLUMNS, DOCUMENT
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db

HEADER = "\t".join(COLUMNS)


@pytest.fixture
def inwo():
    return GameFactory(slug="inwo", name="Illuminati: New World Order")


def line(**fields: str) -> str:
    """Build one row of the list from the named columns; the others are empty."""
    return "\t".join(fields.get(column, "") for column in COLUMNS)


CAR_BOMB = line(Name="Car Bomb", Set="Limited", Rarity="C", Deck="Master", Type="Assassination")
CIA = line(
    Name="C.I.A.",
    Set="Limited",
    Rarity="R",
    Deck="Puppet",
    Type="Organization",
    Alignment="Government, Violent",
    Power="6/4",
    Resistance="5",
    Control="2",
)


def write(tmp_path, *rows: str):
    path = tmp_path / "carddata.txt"
    path.write_text("\n".join([HEADER, *rows]) + "\n", encoding="utf-8")
    return path


def run(*args: str, capsys) -> list[str]:
    call_command("import_cards", *args)
    return capsys.readouterr().out.splitlines()


# The real file (CARD_DATA_DIR/inwo/carddata.txt)


def test_the_real_file_imports_every_card_once_with_its_source(inwo, inwo_carddata, capsys):
    out = run("--game", "inwo", "--format", "lackey", str(inwo_carddata), capsys=capsys)
    assert out[0] == "row 2: added Car Bomb"
    assert out[-1] == f"{DOCUMENT}: 768 added, 0 updated, 0 unchanged, 0 rejected."
    assert len([row for row in out if ": added " in row]) == 768
    assert Card.objects.filter(game=inwo).count() == 768
    # "USA" (German) and "U.S.A." (German 2) are two cards whose names fold to one address.
    usa = Card.objects.filter(game=inwo, name__in=["USA", "U.S.A."]).order_by("slug")
    assert [(c.name, c.slug, c.attributes["set"]) for c in usa] == [
        ("USA", "usa", "german"),
        ("U.S.A.", "usa-2", "german-2"),
    ]
    cia = Card.objects.get(game=inwo, slug="cia")
    assert (cia.kind, cia.attributes["power"], cia.attributes["global_power"]) == (
        "organization",
        6,
        4,
    )
    car_bomb = Card.objects.get(game=inwo, slug="car-bomb")
    assert car_bomb.attributes == {"set": "limited", "rarity": "c", "back": "hand"}
    (source,) = car_bomb.sources.all()
    assert (source.rulebook, source.row, source.page) == (DOCUMENT, 2, None)
    assert source.quote.startswith("Car Bomb\tLimited\tCar_Bomb,Master\tC\tMaster\t")
    assert source.gives == ["set", "rarity", "back"]
    assert CardSource.objects.filter(rulebook=DOCUMENT).count() == 768


def test_a_second_run_changes_nothing_and_says_so(inwo, inwo_carddata, capsys):
    first = import_cards(game_slug="inwo", fmt="lackey", text_or_path=inwo_carddata)
    assert first.totals == {"added": 768, "updated": 0, "unchanged": 0, "kept": 0, "rejected": 0}
    stamps = dict(Card.objects.values_list("slug", "updated"))
    with CaptureQueriesContext(connection) as queries:
        second = import_cards(game_slug="inwo", fmt="lackey", text_or_path=inwo_carddata)
    assert second.totals == {"added": 0, "updated": 0, "unchanged": 768, "kept": 0, "rejected": 0}
    assert not second.changed_catalogue
    writes = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))
    ]
    assert writes == []
    assert dict(Card.objects.values_list("slug", "updated")) == stamps
    out = run("--game", "inwo", "--format", "lackey", str(inwo_carddata), capsys=capsys)
    assert out == [
        f"{DOCUMENT}: 0 added, 0 updated, 768 unchanged, 0 rejected.",
        "The catalogue did not change.",
    ]


def test_a_changed_row_updates_exactly_that_card(inwo, inwo_carddata):
    text = inwo_carddata.read_text(encoding="utf-8")
    import_cards(game_slug="inwo", fmt="lackey", text_or_path=text)
    stamps = dict(Card.objects.values_list("slug", "updated"))
    old_row = next(row for row in text.split("\n") if row.startswith("C.I.A.\t"))
    new_row = old_row.replace("\t6/4\t", "\t7/4\t")
    report = import_cards(
        game_slug="inwo", fmt="lackey", text_or_path=text.replace(old_row, new_row)
    )
    (updated,) = [outcome for outcome in report.rows if outcome.status == "updated"]
    assert (updated.row, updated.name, updated.changed) == (220, "C.I.A.", ("power",))
    assert report.totals == {"added": 0, "updated": 1, "unchanged": 767, "kept": 0, "rejected": 0}
    cia = Card.objects.get(game=inwo, slug="cia")
    assert (cia.attributes["power"], cia.attributes["global_power"]) == (7, 4)
    assert [s.quote for s in cia.sources.all()] == [new_row]
    changed = {
        slug for slug, stamp in Card.objects.values_list("slug", "updated") if stamps[slug] != stamp
    }
    assert changed == {"cia"}


def test_a_failure_midway_leaves_the_catalogue_as_it_was(
    inwo, inwo_carddata, tmp_path, monkeypatch
):
    import_cards(game_slug="inwo", fmt="lackey", text_or_path=write(tmp_path, CAR_BOMB))
    before = list(Card.objects.values_list("slug", "attributes", "updated"))
    saves, save = [], Card.save

    def failing_save(self, *args, **kwargs):
        saves.append(self.slug)
        if len(saves) == 500:
            raise RuntimeError("the disk is full")
        return save(self, *args, **kwargs)

    monkeypatch.setattr(Card, "save", failing_save)
    with pytest.raises(RuntimeError, match="the disk is full"):
        import_cards(game_slug="inwo", fmt="lackey", text_or_path=inwo_carddata)
    assert len(saves) == 500
    assert list(Card.objects.values_list("slug", "attributes", "updated")) == before
    assert list(CardSource.objects.values_list("card__slug", "row")) == [("car-bomb", 2)]


# Synthetic files


def test_rejected_rows_are_reported_while_the_good_rows_import(inwo, tmp_path, capsys):
    path = write(
        tmp_path,
        CAR_BOMB,
        "Broken Row\tLimited\tC",
        line(Name="Magic Missile", Set="Limited", Rarity="C", Deck="Master", Type="Spell"),
        CIA,
        line(Name="Car  bomb", Set="Limited", Rarity="U", Deck="Master", Type="Assassination"),
    )
    out = run("--game", "inwo", "--format", "lackey", str(path), capsys=capsys)
    assert out == [
        "row 2: added Car Bomb",
        "row 3: rejected Broken Row: expected 13 tab-separated fields, found 3",
        "row 4: rejected Magic Missile: unknown Type 'Spell'; expected one of Illuminati, "
        "Organization, Personality, Place, Resource, Plot, Goal, Disaster, Disaster!, "
        "Assassination, NWOY, NWOB, NWOR",
        "row 5: added C.I.A.",
        "row 6: rejected Car bomb: the same card as 'Car Bomb' on row 2 (the names differ only "
        "in case or diacritics)",
        f"{DOCUMENT}: 2 added, 0 updated, 0 unchanged, 3 rejected.",
    ]
    assert sorted(Card.objects.values_list("slug", flat=True)) == ["car-bomb", "cia"]


def test_the_report_speaks_polish_when_asked(inwo, tmp_path, capsys):
    path = write(tmp_path, CAR_BOMB, "Broken\tLimited")
    out = run("--game", "inwo", "--format", "lackey", "--lang", "pl", str(path), capsys=capsys)
    assert out == [
        "wiersz 2: dodano Car Bomb",
        "wiersz 3: odrzucono Broken: oczekiwano 13 pól rozdzielonych tabulatorem, jest 2",
        f"{DOCUMENT}: 1 dodano, 0 zmieniono, 0 bez zmian, 1 odrzucono.",
    ]


def test_quiet_prints_the_totals_only(inwo, tmp_path, capsys):
    path = write(tmp_path, CAR_BOMB)
    out = run("--game", "inwo", "--format", "lackey", "--quiet", str(path), capsys=capsys)
    assert out == [f"{DOCUMENT}: 1 added, 0 updated, 0 unchanged, 0 rejected."]


def test_a_dry_run_reports_and_stores_nothing(inwo, tmp_path, capsys):
    out = run(
        "--game",
        "inwo",
        "--format",
        "lackey",
        "--dry-run",
        str(write(tmp_path, CIA)),
        capsys=capsys,
    )
    assert out == [
        "row 2: added C.I.A.",
        f"{DOCUMENT}: 1 added, 0 updated, 0 unchanged, 0 rejected.",
        "Dry run: nothing was stored.",
    ]
    assert not Card.objects.exists()


def test_cards_gone_from_the_file_are_named_and_kept(inwo, tmp_path, capsys):
    import_cards(game_slug="inwo", fmt="lackey", text_or_path=write(tmp_path, CAR_BOMB, CIA))
    stamp = Card.objects.get(slug="cia").updated
    out = run("--game", "inwo", "--format", "lackey", str(write(tmp_path, CIA)), capsys=capsys)
    assert out == [
        "row 2: updated C.I.A. (source)",
        "not in the file: Car Bomb (the card stays in the catalogue)",
        f"{DOCUMENT}: 0 added, 1 updated, 0 unchanged, 0 rejected.",
    ]
    assert Card.objects.filter(slug="car-bomb").exists()
    # Only the row number moved: the source says so, the card itself is not rewritten.
    cia = Card.objects.get(slug="cia")
    assert (cia.updated, [s.row for s in cia.sources.all()]) == (stamp, [2])


def test_an_operators_other_sources_survive_an_update(inwo, tmp_path):
    import_cards(game_slug="inwo", fmt="lackey", text_or_path=write(tmp_path, CIA))
    cia = Card.objects.get(slug="cia")
    CardSource.objects.create(card=cia, rulebook="rules.txt", page=7, quote="CIA", gives=[])
    import_cards(
        game_slug="inwo", fmt="lackey", text_or_path=write(tmp_path, CIA.replace("6/4", "6/5"))
    )
    assert sorted(cia.sources.values_list("rulebook", "page", "row")) == [
        (DOCUMENT, None, 2),
        ("rules.txt", 7, None),
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--game", "chess", "--format", "lackey", "x"), "unknown game 'chess'; expected one of"),
        (
            ("--game", "inwo", "--format", "xlsx", "x"),
            "the game inwo reads no format 'xlsx'; it reads: lackey, csv, json",
        ),
        (("--game", "inwo", "--format", "lackey", "/no/such/file"), "cannot read the file"),
    ],
)
def test_a_bad_game_format_or_file_stops_with_a_message(inwo, args, message):
    with pytest.raises(CommandError, match=message):
        call_command("import_cards", *args)


def test_a_file_that_is_not_the_list_or_not_utf8_stops_with_a_message(inwo, tmp_path):
    other = tmp_path / "deck.txt"
    other.write_text("2 Gaap\n", encoding="utf-8")
    with pytest.raises(CommandError, match="not a LackeyCCG card list"):
        call_command("import_cards", "--game", "inwo", "--format", "lackey", str(other))
    other.write_bytes(HEADER.encode() + b"\n\xff\xfe\n")
    with pytest.raises(CommandError, match="not UTF-8 text"):
        call_command("import_cards", "--game", "inwo", "--format", "lackey", str(other))


def test_a_game_not_yet_in_the_catalogue_stops_with_a_message(tmp_path):
    with pytest.raises(CommandError, match="run manage.py load_catalogue"):
        call_command("import_cards", "--game", "inwo", "--format", "lackey", str(tmp_path))


# The card page and load_card_data


def test_the_card_page_cites_the_file_and_row(inwo, tmp_path, client):
    import_cards(game_slug="inwo", fmt="lackey", text_or_path=write(tmp_path, CIA))
    response = client.get(reverse("card-detail", kwargs={"game": "inwo", "slug": "cia"}))
    body = response.content.decode()
    # Named by the card list's title, not by its file name.
    assert "Lista kart wtyczki LackeyCCG-INWO (MightyBullMoose), wiersz 2" in body
    assert DOCUMENT not in body
    assert "s. None" not in body
    assert "siła globalna" in body  # the facts the row gives, by their labels


def test_load_card_data_imports_the_configured_file(inwo, settings, tmp_path, capsys):
    (tmp_path / "inwo").mkdir()
    (tmp_path / "inwo" / "carddata.txt").write_text(HEADER + "\n" + CIA + "\n", encoding="utf-8")
    settings.CARD_DATA_DIR = tmp_path
    call_command("load_card_data")
    out = capsys.readouterr().out.splitlines()
    # Another game's file is not in this directory: it is named, and the rest still loads.
    assert out == [
        f"dark-eden: no file {tmp_path / 'dark-eden' / 'cards_db.json'}; import it with: "
        "python manage.py import_cards --game dark-eden --format mse-json PATH",
        f"{DOCUMENT}: 1 added, 0 updated, 0 unchanged, 0 rejected.",
    ]
    assert Card.objects.filter(slug="cia").exists()


def test_load_card_data_says_how_to_import_a_missing_file(inwo, settings, tmp_path, capsys):
    settings.CARD_DATA_DIR = tmp_path
    call_command("load_card_data")
    assert capsys.readouterr().out.splitlines() == [
        f"dark-eden: no file {tmp_path / 'dark-eden' / 'cards_db.json'}; import it with: "
        "python manage.py import_cards --game dark-eden --format mse-json PATH",
        f"inwo: no file {tmp_path / 'inwo' / 'carddata.txt'}; import it with: python manage.py "
        "import_cards --game inwo --format lackey PATH",
    ]
    assert not Card.objects.exists()


def test_the_api_cites_a_card_s_row_of_the_data_file(inwo, client, tmp_path):
    import_cards(game_slug="inwo", fmt="lackey", text_or_path=write(tmp_path, CAR_BOMB))
    body = client.get("/api/v1/cards/inwo/car-bomb/").json()
    assert [(s["rulebook"], s["page"], s["row"]) for s in body["sources"]] == [(DOCUMENT, None, 2)]


def test_setup_keeps_an_operator_s_correction_and_import_cards_overwrites_it(
    inwo, tmp_path, capsys
):
    (tmp_path / "inwo").mkdir()
    path = write(tmp_path / "inwo", CAR_BOMB, CIA)
    import_cards(game_slug="inwo", fmt="lackey", text_or_path=path)
    cia = Card.objects.get(game=inwo, slug="cia")
    cia.attributes = {**cia.attributes, "power": 7}
    cia.save()
    call_command("load_card_data", "--dir", str(tmp_path), "--verbose-rows")
    out = capsys.readouterr().out.splitlines()
    assert "row 3: kept C.I.A., corrected in the catalogue (the file says otherwise: power)" in out
    assert Card.objects.get(pk=cia.pk).attributes["power"] == 7
    report = import_cards(game_slug="inwo", fmt="lackey", text_or_path=path)
    assert report.totals == {"added": 0, "updated": 1, "unchanged": 1, "kept": 0, "rejected": 0}
    assert Card.objects.get(pk=cia.pk).attributes["power"] == 6


def test_a_first_import_costs_no_query_per_row_beyond_its_write(
    inwo, tmp_path, django_assert_num_queries
):
    rows = [
        line(Name=f"Plot {n}", Set="Limited", Rarity="C", Deck="Master", Type="Plot")
        for n in range(20)
    ]
    # One insert per card; per run: the game, the stored cards, their sources, the sources'
    # insert and the transaction's savepoint; the game's editions and the stored cards'
    # printings; then the changeset's savepoint and its release, its row and its fact changes in
    # one insert (the decks holding its cards are judged once it commits). Never a lookup per row.
    with django_assert_num_queries(20 + 5 + 2 + 4):
        import_cards(game_slug="inwo", fmt="lackey", text_or_path=write(tmp_path, *rows))
