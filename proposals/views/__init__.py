"""The proposals' pages: a player's (proposing, their own), a moderator's, and what is missing."""
