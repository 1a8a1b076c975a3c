"""What a proposal's source must hold, whichever door it comes in by (the site's forms, the API)."""

from django.utils.translation import gettext as _

from proposals.models import Proposal

# The kinds of source that are a document someone names: a rulebook, an FAQ, a product, a ruling
# organiser.
NAMED = (
    Proposal.SourceKind.RULEBOOK,
    Proposal.SourceKind.PRODUCT,
    Proposal.SourceKind.FAQ,
    Proposal.SourceKind.ORGANISER,
)


def missing_from_source(kind: str, *, has_photo: bool, document: str) -> tuple[str, str] | None:
    """Say what a source of this kind lacks, as ("photo" or "document", why); None if nothing."""
    if kind == Proposal.SourceKind.PHOTO and not has_photo:
        return "photo", _("Dołącz zdjęcie lub skan karty.")
    if kind in NAMED and not document.strip():
        return "document", _(
            "Podaj, skąd to wiesz: tytuł podręcznika lub FAQ, produkt albo organizatora."
        )
    return None
