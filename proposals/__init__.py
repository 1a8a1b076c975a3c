"""Players fill the catalogue: a proposal is a changeset that waits for a moderator."""
