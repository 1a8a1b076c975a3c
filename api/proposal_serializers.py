"""Players' proposals and rulings in the API, and a card's provenance in its answer."""

from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.serializers import CardSerializer
from cardbase.forms import check_image_upload
from cardbase.models import Card, Ruling
from cardbase.selectors.provenance import fact_provenance
from proposals.models import FACT_SOURCES, RULING_SOURCES, Proposal
from proposals.sources import missing_from_source

CARD_FACTS = ("name", "kind", "text")


class RulingSerializer(serializers.ModelSerializer):
    proposer = serializers.SlugRelatedField(slug_field="username", read_only=True)
    approved_by = serializers.SlugRelatedField(slug_field="username", read_only=True)

    class Meta:
        model = Ruling
        fields = [
            "question",
            "answer",
            "source_kind",
            "source_document",
            "source_page",
            "ruled_on",
            "proposer",
            "approved_by",
        ]


class ProvenanceSerializer(serializers.Serializer):
    """Where one fact of the card comes from."""

    fact = serializers.CharField(help_text="`name`, `kind`, `text` or an attribute's id.")
    citation = serializers.CharField(help_text="The source, as the card page names it.")
    quote = serializers.CharField(allow_blank=True)
    changeset = serializers.IntegerField(
        allow_null=True, help_text="The change that wrote it; null for a cited passage."
    )
    author = serializers.CharField(allow_blank=True, help_text="Who wrote or approved it.")
    proposer = serializers.CharField(
        allow_blank=True, help_text="The player whose proposal it was, if any."
    )
    when = serializers.DateTimeField(allow_null=True)


class CardDetailSerializer(CardSerializer):
    """A card as its own answer gives it: with its rulings and where each fact comes from."""

    rulings = RulingSerializer(many=True, read_only=True)
    provenance = serializers.SerializerMethodField(
        help_text="Where each known fact comes from; a fact left out is known from no source."
    )

    LINKS = [*CardSerializer.LINKS, "rulings", "provenance"]

    class Meta(CardSerializer.Meta):
        fields = [*CardSerializer.Meta.fields, "rulings", "provenance"]

    @extend_schema_field(ProvenanceSerializer(many=True))
    def get_provenance(self, card: Card) -> list[dict]:
        found = fact_provenance(card)
        return [{"fact": fact, **vars(provenance)} for fact, provenance in sorted(found.items())]


class ProposalSerializer(serializers.ModelSerializer):
    """A proposal as its proposer and moderators read it."""

    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    card = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    proposer = serializers.SlugRelatedField(slug_field="username", read_only=True)
    has_photo = serializers.SerializerMethodField()

    class Meta:
        model = Proposal
        fields = [
            "id",
            "game",
            "card",
            "proposer",
            "created",
            "subject",
            "state",
            "facts",
            "base",
            "ruling",
            "source_kind",
            "source_document",
            "source_page",
            "source_note",
            "has_photo",
            "reason",
            "approved_facts",
            "changeset",
        ]
        read_only_fields = fields

    def get_has_photo(self, proposal: Proposal) -> bool:
        return bool(proposal.source_image)


class ProposalCreateSerializer(serializers.Serializer):
    """A proposal of a card's facts (or of a new card, with no `card`), or of a ruling."""

    game = serializers.SlugField()
    card = serializers.SlugField(required=False, help_text="Leave out to propose a new card.")
    facts = serializers.JSONField(
        required=False,
        help_text=(
            "The facts to set, by `name`, `kind`, `text` or attribute id; null makes a fact "
            "unknown. Facts left out keep the card's values."
        ),
    )
    ruling = serializers.JSONField(
        required=False, help_text="Instead of facts: `question` (may be blank) and `answer`."
    )
    ruled_on = serializers.DateField(required=False, allow_null=True)
    source_kind = serializers.ChoiceField(choices=Proposal.SourceKind.choices)
    source_document = serializers.CharField(required=False, allow_blank=True, max_length=200)
    source_page = serializers.IntegerField(required=False, allow_null=True, min_value=1)
    source_note = serializers.CharField(required=False, allow_blank=True)
    comment = serializers.CharField(required=False, allow_blank=True)
    photo = serializers.FileField(required=False, help_text="A photo or scan (multipart).")

    def validate(self, data: dict) -> dict:
        card: Card | None = self.context.get("card")
        schema = self.context["schema"]
        if "ruling" in data:
            return self._validate_ruling(data, card)
        facts = data.get("facts")
        if not isinstance(facts, dict) or not facts:
            raise serializers.ValidationError(
                {"facts": ["Give the facts to set, as an object; or a `ruling`."]}
            )
        settable = {*CARD_FACTS, *(a.id for a in schema.attributes if not a.derived)}
        unknown = sorted(set(facts) - settable)
        if unknown:
            raise serializers.ValidationError(
                {"facts": [f"Not a fact of this game's cards: {', '.join(unknown)}."]}
            )
        merged = self._merged(card, facts)
        faults = schema.check_given(merged["kind"], merged["attributes"])
        if faults:
            raise serializers.ValidationError(
                {f"facts.{fault.attribute}": [fault.message("en")] for fault in faults}
            )
        if not merged["name"]:
            raise serializers.ValidationError({"facts.name": ["A card needs a name."]})
        self._check_source(data, FACT_SOURCES)
        return {**data, **merged}

    def validate_photo(self, upload):
        try:
            check_image_upload(upload)
        except DjangoValidationError as error:
            raise serializers.ValidationError(error.messages) from error
        return upload

    def _merged(self, card: Card | None, facts: dict) -> dict:
        attributes = {k: v for k, v in (card.attributes if card else {}).items()}
        for fact, value in facts.items():
            if fact not in CARD_FACTS:
                if value is None:
                    attributes.pop(fact, None)
                else:
                    attributes[fact] = value

        def fact(name: str) -> str:
            if name in facts:
                return facts[name] or ""
            return getattr(card, name) if card else ""

        return {
            "name": str(fact("name")),
            "kind": str(fact("kind")),
            "text": str(fact("text")),
            "attributes": attributes,
        }

    def _validate_ruling(self, data: dict, card: Card | None) -> dict:
        ruling = data["ruling"]
        if card is None:
            raise serializers.ValidationError({"card": ["A ruling is on a card: name it."]})
        if not isinstance(ruling, dict) or not str(ruling.get("answer") or "").strip():
            raise serializers.ValidationError({"ruling.answer": ["A ruling needs its answer."]})
        self._check_source(data, RULING_SOURCES)
        return {
            **data,
            "question": str(ruling.get("question") or ""),
            "answer": str(ruling["answer"]),
        }

    def _check_source(self, data: dict, allowed) -> None:
        if data["source_kind"] not in allowed:
            values = ", ".join(kind.value for kind in allowed)
            raise serializers.ValidationError({"source_kind": [f"Expected one of: {values}."]})
        missing = missing_from_source(
            data["source_kind"],
            has_photo="photo" in data,
            document=data.get("source_document", ""),
        )
        if missing:
            what, why = missing
            raise serializers.ValidationError(
                {"photo" if what == "photo" else "source_document": [why]}
            )
