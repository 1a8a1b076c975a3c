"""The rulebooks that travel with the repository are the shared ones, unchanged."""

import os
from pathlib import Path

import pytest
from django.conf import settings

REPO_COPY = settings.BASE_DIR / "docs" / "sources" / "rulebooks"
SHARED = settings.BASE_DIR.parent / "shared" / "rulebooks"
RULEBOOKS = [
    "000_57452c809325322f.txt",
    "001_d833c858ba7d0620.txt",
    "002_986d142576b8a798.txt",
    "003_590e61198c5ee5fc.txt",
    "GLOSSARY.md",
]


def test_the_site_reads_the_rulebooks_kept_in_the_repository_unless_told_otherwise():
    if "RULEBOOKS_DIR" in os.environ:
        pytest.skip("RULEBOOKS_DIR is set for this run")
    assert Path(settings.RULEBOOKS_DIR).resolve() == REPO_COPY.resolve()
    for name in RULEBOOKS:
        assert (REPO_COPY / name).stat().st_size > 1000, name


@pytest.mark.parametrize("name", RULEBOOKS)
def test_the_repository_copy_matches_the_shared_rulebook(name):
    if not SHARED.is_dir():
        pytest.skip(f"{SHARED} is not beside the checkout: nothing to compare the copies with")
    assert (REPO_COPY / name).read_bytes() == (SHARED / name).read_bytes()
