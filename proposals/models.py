"""A player's proposal for a card's facts, waiting for a moderator; and the players barred."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from cardbase.models import Card, Changeset, Game, Ruling
from proposals.storage import source_image_name, source_storage


class Proposal(models.Model):
    """New values for some facts of a card (or a new card), with the source they come from.

    `facts` holds the values proposed, by fact as a changeset names them (None: make it
    unknown); `base` the card's values of those facts when it was proposed, so that a proposal
    whose facts changed since is seen to be stale and never applied blindly.
    """

    class State(models.TextChoices):
        PENDING = "pending", _("czeka na decyzję")
        APPROVED = "approved", _("przyjęta")
        PARTLY = "partly", _("przyjęta w części")
        REJECTED = "rejected", _("odrzucona")

    class Subject(models.TextChoices):
        FACTS = "facts", _("fakty karty")
        RULING = "ruling", _("orzeczenie")

    # The values a changeset or a ruling records its source by.
    class SourceKind(models.TextChoices):
        PHOTO = "photo", _("zdjęcie lub skan karty")
        RULEBOOK = "rulebook", _("podręcznik")
        PRODUCT = "product", _("wydrukowany produkt")
        FAQ = "faq", _("oficjalne FAQ")
        ORGANISER = "organiser", _("organizator turnieju")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="proposals")
    # None: a new card, named by its facts.
    card = models.ForeignKey(
        Card, on_delete=models.CASCADE, null=True, blank=True, related_name="proposals"
    )
    proposer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="proposals"
    )
    created = models.DateTimeField(auto_now_add=True)
    subject = models.CharField(max_length=10, choices=Subject, default=Subject.FACTS)
    facts = models.JSONField(default=dict, blank=True)
    base = models.JSONField(default=dict, blank=True)
    # A ruling proposed for the card: {"question", "answer", "ruled_on"} (an ISO date or None).
    ruling = models.JSONField(null=True, blank=True)
    comment = models.TextField(_("komentarz"), blank=True)
    source_kind = models.CharField(_("rodzaj źródła"), max_length=20, choices=SourceKind)
    # A rulebook's file, or the printed product's name.
    source_document = models.CharField(_("dokument lub produkt"), max_length=200, blank=True)
    source_page = models.PositiveSmallIntegerField(_("strona"), null=True, blank=True)
    source_note = models.TextField(_("opis źródła"), blank=True)
    source_image = models.ImageField(
        _("zdjęcie lub skan"),
        storage=source_storage,
        upload_to=source_image_name,
        blank=True,
    )
    state = models.CharField(max_length=10, choices=State, default=State.PENDING)
    # A fact that contradicts a rulebook's quote needs two moderators: the first one's approval.
    first_approver = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="decided_proposals",
    )
    decided = models.DateTimeField(null=True, blank=True)
    # What the proposer reads: why it was rejected, or why only some facts were taken.
    reason = models.TextField(_("uzasadnienie"), blank=True)
    approved_facts = models.JSONField(default=list, blank=True)
    changeset = models.OneToOneField(
        Changeset, on_delete=models.SET_NULL, null=True, blank=True, related_name="proposal"
    )
    # The ruling its approval published.
    published_ruling = models.OneToOneField(
        Ruling, on_delete=models.SET_NULL, null=True, blank=True, related_name="proposal"
    )
    # The page language the player proposed in: the decision is told to them in it.
    lang = models.CharField(max_length=8, default=settings.LANGUAGE_CODE)
    # Whether the proposer has seen the decision ("My proposals" marks the new ones).
    decision_seen = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [
            models.Index(fields=["state", "created"], name="proposal_queue"),
            models.Index(fields=["proposer", "created"], name="proposal_by_proposer"),
            models.Index(fields=["card", "state"], name="proposal_by_card"),
        ]
        permissions = [("moderate_proposal", _("Może rozpatrywać propozycje graczy"))]
        verbose_name = _("propozycja")
        verbose_name_plural = _("propozycje")

    def __str__(self) -> str:
        return f"#{self.pk} {self.card or self.facts.get('name', '')}"

    @property
    def is_pending(self) -> bool:
        return self.state == self.State.PENDING

    @property
    def is_ruling(self) -> bool:
        return self.subject == self.Subject.RULING


# Where proposed facts may come from, and where a ruling may.
FACT_SOURCES = (
    Proposal.SourceKind.PHOTO,
    Proposal.SourceKind.RULEBOOK,
    Proposal.SourceKind.PRODUCT,
)
RULING_SOURCES = (
    Proposal.SourceKind.RULEBOOK,
    Proposal.SourceKind.FAQ,
    Proposal.SourceKind.ORGANISER,
)


class ProposerBlock(models.Model):
    """A player a moderator barred from proposing, and why."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="proposer_block"
    )
    blocked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    reason = models.TextField(_("powód"))
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("blokada propozycji")
        verbose_name_plural = _("blokady propozycji")

    def __str__(self) -> str:
        return str(self.user)
