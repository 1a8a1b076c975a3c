"""Background work for proposals: telling a player by e-mail what became of their proposal."""

from django.conf import settings
from django.core.mail import EmailMessage
from django.utils import translation
from django.utils.translation import gettext as _
from django_tasks import task

from proposals.models import Proposal


@task()
def tell_proposer(proposal_id: int) -> None:
    """E-mail the proposer the decision, in the language they proposed in, if they gave an
    address; the site tells them anyway, on "My proposals"."""
    proposal = (
        Proposal.objects.select_related("proposer", "card", "game").filter(pk=proposal_id).first()
    )
    if proposal is None or not proposal.proposer.email:
        return
    with translation.override(proposal.lang):
        subject, body = decision_words(proposal)
    EmailMessage(subject=subject, body=body, to=[proposal.proposer.email]).send()


def decision_words(proposal: Proposal) -> tuple[str, str]:
    """Return the subject and body that tell a player the decision on their proposal."""
    named = {
        "site": settings.SITE_NAME or _("Baza kart"),
        "number": proposal.pk,
        "card": proposal.card.name if proposal.card else proposal.facts.get("name", ""),
        "state": proposal.get_state_display(),
    }
    subject = _("%(site)s: propozycja nr %(number)s – %(state)s") % named
    lines = [_("Twoja propozycja nr %(number)s (%(card)s): %(state)s.") % named]
    if proposal.reason:
        lines.append(_("Uzasadnienie moderatora: %(reason)s") % {"reason": proposal.reason})
    return subject, "\n\n".join(lines)
