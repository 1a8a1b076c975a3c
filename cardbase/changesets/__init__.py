"""Every write to a card's facts is a changeset: who, when, why, its source, fact by fact."""

from cardbase.changesets.facts import UNKNOWN_FACT, facts_of_card, stored_facts_of
from cardbase.changesets.recording import (
    ChangesetRecorder,
    Source,
    in_changeset,
    recording_changeset,
)
from cardbase.changesets.reverting import RevertRefused, revert_changeset
from cardbase.changesets.signals import changeset_applied

__all__ = [
    "UNKNOWN_FACT",
    "ChangesetRecorder",
    "RevertRefused",
    "Source",
    "changeset_applied",
    "facts_of_card",
    "in_changeset",
    "recording_changeset",
    "revert_changeset",
    "stored_facts_of",
]
