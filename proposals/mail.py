"""The e-mail that tells a player what became of their proposal, in the language they used."""

from django.utils import translation
from django.utils.translation import gettext as _

from common.site_name import site_title
from proposals.models import Proposal


def decision_words(proposal: Proposal) -> tuple[str, str]:
    """Return the subject and body that tell the proposer the decision, in their language."""
    with translation.override(proposal.lang):
        named = {
            "site": site_title(),
            "number": proposal.pk,
            "card": proposal.card.name if proposal.card else proposal.facts.get("name", ""),
            "state": proposal.get_state_display(),
        }
        subject = _("%(site)s: propozycja nr %(number)s – %(state)s") % named
        lines = [_("Twoja propozycja nr %(number)s (%(card)s): %(state)s.") % named]
        if proposal.reason:
            lines.append(_("Uzasadnienie moderatora: %(reason)s") % {"reason": proposal.reason})
    return subject, "\n\n".join(lines)
