"""7 Fallen's deck rules as the quick-start guide gives them: the Eden, the Registre, the Livre Sacré.

Source: the French quick-start guide (shared/rulebooks/002_986d142576b8a798.txt). "LANCER UNE
PARTIE": a Livre Sacré of "minimum 50 cartes", a Registre "d'exactly 10 Adorateurs" and an Eden
"composé d'exactly trois cartes : un Archange, un Temple et une Divinité"; a starter (Registre of
9, Livre of 42) is for a first game, not a legal deck. "LE LIVRE SACRÉ": "vous ne pouvez avoir
qu'au maximum 3 fois la même cartes". The glossary ("CAPACITÉS DES CARTES"): Essaim (X) ("Si
votre Temple est «Structure - Extros» vous pouvez écrire jusqu'à X exemplaires"), Leader (every
other page in one copy, the Leader page up to three, no Leader pages of different names) and
Loyaliste (every Ange of the book with exactly the printed classes of the Loyaliste Anges).
The guide is the quick-start rules and defers to the advanced rules for Équipements and
Bénédictions; where it does not say (Essaim beside a Leader), the verdict says so, not a guess.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rules.core.deck import Deck
from rules.core.verdict import (
    Severity,
    Verdict,
    Violation,
    card_key,
    en_plural,
    fr_plural,
    pl_plural,
)
from rules.seven_fallen.contract import EDEN, LIVRE, REGISTRE, Card
from rules.seven_fallen.schema import ADORATEUR, ANGE, ARCHANGE, DIVINITE, PAGE, TEMPLE

REGISTRE_SIZE = 10
LIVRE_SIZE = 50
MAX_COPIES = 3
LEADER_COPIES = 3
BESIDE_LEADER = 1
SWARM_STRUCTURE = "extros"

EDEN_CODE = "eden"
REGISTRE_SIZE_CODE = "registre-size"
LIVRE_SIZE_CODE = "livre-size"
COPY_LIMIT = "copy-limit"
LEADER_NAMES = "leader-names"
LOYALISTE = "loyaliste"
UNVERIFIED = "unverified"

LEADER, LOYAL = "leader", "loyaliste"
_SWARM = re.compile(r"essaim\s*\(\s*(\d+)\s*\)")

# The Eden's three cards, with the words a message names them by (Polish, English, French).
_EDEN = (
    (ARCHANGE, "Archanioła", "Archange", "Archange"),
    (TEMPLE, "Świątynię", "Temple", "Temple"),
    (DIVINITE, "Bóstwo", "Divinité", "Divinité"),
)


def copy_limit(kind: str, attributes) -> int | None:
    """Return how many copies of a card a deck may hold, as far as the card alone tells: one of
    each Eden card, as many Adorateurs as the Registre holds, three of a page (None where its
    keywords are unknown, or a swarm's limit hangs on the Temple)."""
    if kind in (ARCHANGE, TEMPLE, DIVINITE):
        return 1
    if kind == ADORATEUR:
        return REGISTRE_SIZE
    keywords = attributes.get("keywords")
    if keywords is None:
        return None
    if _swarm(keywords) is not None:
        return None
    return MAX_COPIES


def validate(deck: Deck[Card]) -> Verdict:
    """Check a deck against 7 Fallen's quick-start deck rules; return every violation found."""
    found: list[Violation] = []
    temple = _check_eden(deck, found)
    _check_registre(deck, found)
    pages = [card for card in deck.cards if card.section == LIVRE]
    _check_livre_size(pages, found)
    leaders = _check_leaders(pages, found)
    _check_copies(pages, leaders, temple, found)
    _check_loyalists(pages, found)
    return Verdict(tuple(found))


def _count(cards: Iterable[Card]) -> int:
    return sum(card.count for card in cards)


def _keywords(card: Card) -> set[str] | None:
    return None if card.keywords is None else {card_key(word) for word in card.keywords}


def _swarm(keywords: Iterable[str]) -> int | None:
    """Return X of the card's « Essaim (X) », None if it has none."""
    for word in keywords:
        match = _SWARM.fullmatch(card_key(word))
        if match:
            return int(match.group(1))
    return None


def _check_eden(deck: Deck[Card], found: list[Violation]) -> Card | None:
    """Check for one Archange, one Temple and one Divinité; return the Temple if it is one."""
    eden = [card for card in deck.cards if card.section == EDEN]
    wrong_pl, wrong_en, wrong_fr = [], [], []
    for kind, pl, en, fr in _EDEN:
        count = _count(card for card in eden if card.kind == kind)
        if count != 1:
            wrong_pl.append(f"{pl}: {count}")
            wrong_en.append(f"{en}: {count}")
            wrong_fr.append(f"{fr} : {count}")
    temples = [card for card in eden if card.kind == TEMPLE]
    if wrong_pl:
        found.append(
            Violation.about(
                EDEN_CODE,
                Severity.ERROR,
                "Eden to dokładnie trzy karty: jeden Archanioł, jedna Świątynia i jedno Bóstwo; "
                f"popraw: {', '.join(wrong_pl)}.",
                "The Eden is exactly three cards: one Archange, one Temple and one Divinité; "
                f"fix: {', '.join(wrong_en)}.",
                eden,
                fr="L'Eden compte exactement trois cartes : un Archange, un Temple et une "
                f"Divinité ; à corriger : {', '.join(wrong_fr)}.",
            )
        )
    return temples[0] if len(temples) == 1 and temples[0].count == 1 else None


def _check_registre(deck: Deck[Card], found: list[Violation]) -> None:
    """Check that the Registre holds exactly REGISTRE_SIZE Adorateurs."""
    size = _count(card for card in deck.cards if card.section == REGISTRE)
    if size == REGISTRE_SIZE:
        return
    if size < REGISTRE_SIZE:
        missing = REGISTRE_SIZE - size
        fix_pl = f"dodaj {missing} {pl_plural(missing, 'Wyznawcę', 'Wyznawców', 'Wyznawców')}"
        fix_en = f"add {missing} {en_plural(missing, 'Adorateur', 'Adorateurs')}"
        fix_fr = f"ajoutez {missing} {fr_plural(missing, 'Adorateur', 'Adorateurs')}"
    else:
        extra = size - REGISTRE_SIZE
        fix_pl = f"usuń {extra} {pl_plural(extra, 'Wyznawcę', 'Wyznawców', 'Wyznawców')}"
        fix_en = f"remove {extra} {en_plural(extra, 'Adorateur', 'Adorateurs')}"
        fix_fr = f"retirez {extra} {fr_plural(extra, 'Adorateur', 'Adorateurs')}"
    found.append(
        Violation.about(
            REGISTRE_SIZE_CODE,
            Severity.ERROR,
            f"Rejestr to dokładnie {REGISTRE_SIZE} Wyznawców (Adorateurs), a ma {size}: {fix_pl} "
            "(starter ma ich 9: to talia na pierwszą grę, nie talia zgodna z zasadami).",
            f"The Registre is exactly {REGISTRE_SIZE} Adorateurs and holds {size}: {fix_en} (a "
            "starter holds 9: it is for a first game, not a legal deck).",
            fr=f"Le Registre compte exactement {REGISTRE_SIZE} Adorateurs et en a {size} : "
            f"{fix_fr} (un starter en a 9 : il sert à une première partie, ce n'est pas un deck "
            "conforme aux règles).",
        )
    )


def _check_livre_size(pages: list[Card], found: list[Violation]) -> None:
    """Check that the Livre Sacré holds at least LIVRE_SIZE pages."""
    size = _count(pages)
    if size >= LIVRE_SIZE:
        return
    missing = LIVRE_SIZE - size
    found.append(
        Violation.about(
            LIVRE_SIZE_CODE,
            Severity.ERROR,
            f"Święta Księga (Livre Sacré) ma co najmniej {LIVRE_SIZE} stron, a ma {size}: dodaj "
            f"{missing} {pl_plural(missing, 'stronę', 'strony', 'stron')} (starter ma 42).",
            f"The Livre Sacré holds at least {LIVRE_SIZE} pages and has {size}: add {missing} "
            f"{en_plural(missing, 'page', 'pages')} (a starter holds 42).",
            fr=f"Le Livre Sacré compte au moins {LIVRE_SIZE} pages et en a {size} : ajoutez "
            f"{missing} {fr_plural(missing, 'page', 'pages')} (un starter en a 42).",
        )
    )


def _check_leaders(pages: list[Card], found: list[Violation]) -> list[Card]:
    """Return the Leader pages; refuse Leader pages of different names."""
    leaders = [card for card in pages if LEADER in (_keywords(card) or ())]
    if len({card_key(card.name) for card in leaders}) > 1:
        found.append(
            Violation.about(
                LEADER_NAMES,
                Severity.ERROR,
                "Strony z „Leader” w jednej Świętej Księdze muszą mieć tę samą nazwę: zostaw "
                "strony jednego Leadera.",
                "A Livre Sacré holds no « Leader » pages of different names: keep one Leader's "
                "pages.",
                leaders,
                fr="Un Livre Sacré ne peut pas contenir de pages « Leader » de noms différents : "
                "gardez les pages d'un seul Leader.",
            )
        )
    return leaders


def _check_copies(
    pages: list[Card], leaders: list[Card], temple: Card | None, found: list[Violation]
) -> None:
    """Check each page's copies against 3, Essaim (X) with an Extros Temple, and a Leader's 1."""
    # None: no single Temple, or its structure unknown.
    structure = None if temple is None or temple.subtype is None else card_key(temple.subtype)
    over: list[tuple[Card, int, str]] = []
    unsure: list[Card] = []
    for card in pages:
        limit, settled, rule = _page_limit(card, leaders, structure)
        if card.count <= limit:
            continue
        if settled:
            over.append((card, limit, rule))
        else:
            unsure.append(card)
    for card, limit, rule in over:
        extra = card.count - limit
        pl_why, en_why, fr_why = _LIMITED_BY[rule]
        found.append(
            Violation.about(
                COPY_LIMIT,
                Severity.ERROR,
                f"{card.name}: {card.count} egzemplarzy, a {pl_why} najwyżej {limit}: usuń "
                f"{extra} {pl_plural(extra, 'egzemplarz', 'egzemplarze', 'egzemplarzy')}.",
                f"{card.name}: {card.count} copies, and {en_why} at most {limit}: remove "
                f"{extra} {en_plural(extra, 'copy', 'copies')}.",
                [card],
                fr=f"{card.name} : {card.count} exemplaires, et {fr_why} au plus {limit} : "
                f"retirez-en {extra}.",
            )
        )
    _unverified_copies(pages, leaders, unsure, found)


# What limits a page's copies, as a copy-limit message says it (Polish, English, French).
_LIMITED_BY = {
    "leader": (
        "strona z „Leader” może mieć",
        "a « Leader » page may have",
        "une page « Leader » peut en avoir",
    ),
    "beside-leader": (
        "przy stronie z „Leader” każda inna strona może mieć",
        "beside a « Leader » page every other page may have",
        "à côté d'une page « Leader », toute autre page peut en avoir",
    ),
    "swarm": (
        "z „Essaim” przy Świątyni Extros strona może mieć",
        "with « Essaim » and an Extros Temple a page may have",
        "avec « Essaim » et un Temple Extros, une page peut en avoir",
    ),
    "page": (
        "strona Świętej Księgi może mieć",
        "a page of the Livre Sacré may have",
        "une page du Livre Sacré peut en avoir",
    ),
}


def _page_limit(card: Card, leaders: list[Card], structure: str | None) -> tuple[int, bool, str]:
    """Return the page's copy limit, whether more copies are surely too many (False: an unknown
    fact, or a case the guide does not settle, leaves room for more) and what sets the limit."""
    swarm = None if card.keywords is None else _swarm(card.keywords)
    # Essaim (X) counts with an Extros Temple; unknown keywords may hold one.
    swarm_counts = structure in (SWARM_STRUCTURE, None)
    could_swarm = swarm_counts and (
        card.keywords is None or (swarm is not None and card.count <= swarm)
    )
    if card in leaders:
        return LEADER_COPIES, True, "leader"
    if leaders:
        # The guide does not say whether Essaim lifts a Leader's one copy.
        return BESIDE_LEADER, not could_swarm, "beside-leader"
    if swarm is not None and structure == SWARM_STRUCTURE:
        return swarm, True, "swarm"
    return MAX_COPIES, not could_swarm, "page"


def _unverified_copies(
    pages: list[Card], leaders: list[Card], unsure: list[Card], found: list[Violation]
) -> None:
    """Say which copy limits could not be checked, and why, instead of guessing them."""
    if unsure:
        names = ", ".join(card.name for card in unsure)
        found.append(
            Violation.about(
                UNVERIFIED,
                Severity.WARNING,
                f"Nie sprawdzono liczby egzemplarzy: {names} (nieznane słowa kluczowe strony, "
                "struktura Świątyni, albo „Essaim” obok „Leader”, o którym przewodnik nie mówi: "
                "rozstrzygają zasady zaawansowane).",
                f"Copies not checked: {names} (the page's keywords or the Temple's structure "
                "are unknown, or « Essaim » meets « Leader », which the quick-start guide does "
                "not settle: the advanced rules do).",
                unsure,
                fr=f"Exemplaires non vérifiés : {names} (les mots-clés de la page ou la "
                "structure du Temple sont inconnus, ou « Essaim » rencontre « Leader », ce que "
                "le guide de démarrage ne tranche pas : les règles avancées le font).",
            )
        )
    hidden = [card for card in pages if card.keywords is None]
    # A Leader among them would hold every other page to one copy.
    if not leaders and hidden and any(card.count > BESIDE_LEADER for card in pages):
        if len(hidden) == 1:
            which_pl = "strona o nieznanych słowach kluczowych"
            which_en = "the page whose keywords are unknown is"
            which_fr = "la page aux mots-clés inconnus est"
        else:
            which_pl = f"któraś z {len(hidden)} stron o nieznanych słowach kluczowych"
            which_en = f"any of the {len(hidden)} pages whose keywords are unknown is"
            which_fr = f"l'une des {len(hidden)} pages aux mots-clés inconnus est"
        found.append(
            Violation.about(
                UNVERIFIED,
                Severity.WARNING,
                f"Nie wiadomo, czy {which_pl} to „Leader” (wtedy każda inna strona może mieć "
                "1 egzemplarz), więc tego nie sprawdzono.",
                f"Whether {which_en} a « Leader » (every other page would then be limited to 1 "
                "copy) is unknown, so that was not checked.",
                hidden,
                unknown=("keywords",),
                fr=f"On ne sait pas si {which_fr} une page « Leader » (toute autre page serait "
                "alors limitée à 1 exemplaire) : cela n'a pas été vérifié.",
            )
        )


def _check_loyalists(pages: list[Card], found: list[Violation]) -> None:
    """Check that beside a Loyaliste Ange every Ange prints exactly its classes."""
    angels = [card for card in pages if card.kind == ANGE]
    loyal = [card for card in angels if LOYAL in (_keywords(card) or ())]
    # « Loyaliste » binds only an Ange's book; a page of unknown kind that prints it may be one.
    maybe_loyal = [card for card in pages if card.kind == PAGE and LOYAL in (_keywords(card) or ())]
    _loyaliste_unchecked(maybe_loyal, "loyal-kind", found)
    if not loyal:
        return
    known = [card for card in loyal if card.classes is not None]
    if len(known) < len(loyal):
        _loyaliste_unchecked([card for card in loyal if card.classes is None], "classes", found)
    if not known:
        return
    wanted = _classes(known[0])
    fitting_pl = ", ".join(known[0].classes) or "brak"
    fitting_en = ", ".join(known[0].classes) or "none"
    fitting_fr = ", ".join(known[0].classes) or "aucune"
    if any(_classes(card) != wanted for card in known):
        found.append(
            Violation.about(
                LOYALISTE,
                Severity.ERROR,
                "Anioły z „Loyaliste” mają różne klasy, a każdy Anioł Księgi musi mieć dokładnie "
                "klasy Aniołów z „Loyaliste”: zostaw Anioły z „Loyaliste” jednych klas.",
                "The « Loyaliste » Anges print different classes, and every Ange of the book "
                "must print exactly the classes of its « Loyaliste » Anges: keep « Loyaliste » "
                "Anges of one set of classes.",
                known,
                fr="Les Anges « Loyaliste » ont des classes imprimées différentes, alors que tout "
                "Ange du Livre doit avoir exactement les classes de ses Anges « Loyaliste » : "
                "gardez des Anges « Loyaliste » d'un seul jeu de classes.",
            )
        )
        return
    others = [card for card in angels if card not in loyal]
    off = [card for card in others if card.classes is not None and _classes(card) != wanted]
    if off:
        found.append(
            Violation.about(
                LOYALISTE,
                Severity.ERROR,
                f"Przy Aniele z „Loyaliste” każdy Anioł Księgi ma dokładnie klasy {fitting_pl} i "
                f"tylko je: {', '.join(card.name for card in off)} ich nie ma; usuń je albo "
                "Anioły z „Loyaliste”.",
                f"Beside a « Loyaliste » Ange every Ange of the book prints exactly the classes "
                f"{fitting_en} and only those: {', '.join(card.name for card in off)} do not; "
                "remove them or the « Loyaliste » Anges.",
                [*off, *loyal],
                fr=f"À côté d'un Ange « Loyaliste », tout Ange du Livre a exactement les classes "
                f"imprimées {fitting_fr} et seulement celles-ci : "
                f"{', '.join(card.name for card in off)} ne les ont pas ; retirez-les ou retirez "
                "les Anges « Loyaliste ».",
            )
        )
    _loyaliste_unchecked([card for card in others if card.classes is None], "classes", found)
    # A page of unknown kind may be an Ange; printing the wanted classes, it fits either way.
    maybe_angels = [
        card
        for card in pages
        if card.kind == PAGE
        and card not in maybe_loyal
        and (card.classes is None or _classes(card) != wanted)
    ]
    _loyaliste_unchecked(maybe_angels, "kind", found)


def _classes(card: Card) -> frozenset[str]:
    return frozenset(card_key(word) for word in card.classes or ())


# Why « Loyaliste » went unchecked beside some cards, in Polish, English and French.
_LOYALISTE_UNCHECKED = {
    "classes": (
        "Nie wiadomo, jakie klasy ma {names}, więc nie sprawdzono „Loyaliste”.",
        "The classes of {names} are unknown, so « Loyaliste » was not checked.",
        "Les classes de {names} sont inconnues : « Loyaliste » n'a pas été vérifié.",
    ),
    "kind": (
        "Nie wiadomo, czy {names} to Anioł (rodzaj strony nieznany), więc nie sprawdzono przy "
        "tej stronie „Loyaliste”.",
        "Whether {names} is an Ange is unknown (the page's kind is unknown), so « Loyaliste » "
        "was not checked against it.",
        "On ne sait pas si {names} est un Ange (type de page inconnu) : « Loyaliste » n'a pas "
        "été vérifié pour cette page.",
    ),
    "loyal-kind": (
        "Nie wiadomo, czy {names} to Anioł (rodzaj strony nieznany): jeśli tak, jego "
        "„Loyaliste” wymaga, by każdy Anioł Księgi miał dokładnie jego klasy; tego nie "
        "sprawdzono.",
        "Whether {names} is an Ange is unknown (the page's kind is unknown): if it is, its "
        "« Loyaliste » holds every Ange of the book to exactly its classes; that was not checked.",
        "On ne sait pas si {names} est un Ange (type de page inconnu) : si c'en est un, son "
        "« Loyaliste » impose exactement ses classes à tous les Anges du Livre ; cela n'a pas été "
        "vérifié.",
    ),
}


def _loyaliste_unchecked(cards: list[Card], reason: str, found: list[Violation]) -> None:
    """Say that « Loyaliste » could not be checked beside `cards`, and why."""
    if not cards:
        return
    names = ", ".join(card.name for card in cards)
    pl, en, fr = (words.format(names=names) for words in _LOYALISTE_UNCHECKED[reason])
    # A page of unknown kind is settled by its kind; one whose classes are unknown, by them.
    unknown = ("classes",) if reason == "classes" else ("kind",)
    found.append(
        Violation.about(UNVERIFIED, Severity.WARNING, pl, en, cards, fr=fr, unknown=unknown)
    )
