"""CSRF tokens masked for pages served from the cache: Django accepts them, no two alike."""

from collections import Counter

from django.middleware.csrf import (
    CSRF_ALLOWED_CHARS,
    CSRF_TOKEN_LENGTH,
    _check_token_format,
    _does_token_match,
    _get_new_csrf_string,
)

from common.csrf_mask import mask_secret


def test_django_unmasks_the_token_to_the_secret():
    for _ in range(200):
        secret = _get_new_csrf_string()
        token = mask_secret(secret)
        _check_token_format(token)  # raises on a wrong length or character
        assert len(token) == CSRF_TOKEN_LENGTH
        assert _does_token_match(token, secret)
        assert not _does_token_match(token, _get_new_csrf_string())


def test_every_token_of_one_secret_is_masked_anew():
    secret = _get_new_csrf_string()
    tokens = {mask_secret(secret) for _ in range(500)}
    assert len(tokens) == 500


def test_the_masks_use_every_allowed_character_about_equally():
    secret = _get_new_csrf_string()
    drawn = Counter(char for _ in range(20_000) for char in mask_secret(secret)[:32])
    assert set(drawn) == set(CSRF_ALLOWED_CHARS)
    # 640,000 draws over 62 characters: 10,323 each, give or take 101 (one standard deviation).
    # A mask taken as `byte % 62` would give the first 8 characters about 12,500 and the others
    # 10,000. The bounds are 6.7 deviations out: a fair draw crosses them once in 10^9 runs.
    assert max(drawn.values()) < 11_000
    assert min(drawn.values()) > 9_650
