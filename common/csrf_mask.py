"""CSRF tokens masked as Django masks them, with a mask drawn in one call to the OS's randomness.

Django masks the visitor's secret afresh in every page (so that a compressed page says nothing
about it, BREACH): a 32-character mask, each character drawn by its own `secrets.choice`. A
page served from the cache needs only that masking, and Django's way of drawing was a sixth of
what such a hit cost. This draws the same uniform mask from one `secrets.token_bytes` read.
"""

import secrets

from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH

_BASE = len(CSRF_ALLOWED_CHARS)
_INDEX = {char: index for index, char in enumerate(CSRF_ALLOWED_CHARS)}
# The largest multiple of the alphabet's size a byte can hold: bytes at or above it are dropped,
# so that every character stays equally likely (`byte % 62` alone would favour the first 8).
_UNBIASED_BELOW = 256 - 256 % _BASE


def _mask_indexes() -> list[int]:
    """Draw CSRF_SECRET_LENGTH uniform indexes into CSRF_ALLOWED_CHARS."""
    indexes: list[int] = []
    while len(indexes) < CSRF_SECRET_LENGTH:
        indexes += [b % _BASE for b in secrets.token_bytes(48) if b < _UNBIASED_BELOW]
    return indexes[:CSRF_SECRET_LENGTH]


def mask_secret(secret: str) -> str:
    """Return a token for `secret` that Django's CSRF check accepts, under a fresh mask."""
    mask = _mask_indexes()
    cipher = "".join(
        CSRF_ALLOWED_CHARS[(_INDEX[char] + shift) % _BASE]
        for char, shift in zip(secret, mask, strict=True)
    )
    return "".join(CSRF_ALLOWED_CHARS[index] for index in mask) + cipher
