"""The page cache's copies in each process are bounded by bytes, the newest kept."""

from common.page_cache import LocalEntries


def entry(kilobytes: int) -> tuple:
    return (200, [("Content-Type", "text/html")], b"x" * (kilobytes * 1024))


def test_the_oldest_copies_go_when_the_bytes_run_out():
    local = LocalEntries(max_bytes=100 * 1024)
    for name in "abcd":
        local.set(name, entry(30))
    assert local.get("a") is None  # four of 30 KB do not fit in 100 KB
    assert [local.get(name) is not None for name in "bcd"] == [True, True, True]


def test_reading_a_copy_keeps_it_longer():
    local = LocalEntries(max_bytes=100 * 1024)
    for name in "abc":
        local.set(name, entry(30))
    local.get("a")
    local.set("d", entry(30))
    assert local.get("a") is not None
    assert local.get("b") is None


def test_many_small_pages_fit_where_few_big_ones_do():
    local = LocalEntries(max_bytes=1024 * 1024)
    for i in range(300):
        local.set(f"card-{i}", entry(2))
    assert len(local) == 300
    local.set("catalogue", entry(400))
    assert len(local) < 300


def test_an_entry_bigger_than_the_whole_is_not_kept_and_replacing_frees_its_bytes():
    local = LocalEntries(max_bytes=50 * 1024)
    local.set("huge", entry(60))
    assert local.get("huge") is None
    local.set("a", entry(20))
    local.set("a", entry(20))
    local.set("b", entry(20))
    assert local.get("a") is not None and local.get("b") is not None
