"""Background work on decks, run by the tasks backend (`manage.py db_worker` by default)."""

from django_tasks import task

from decks.services.verdicts import revalidate_decks_holding


@task()
def revalidate_decks_holding_cards(card_ids: list[int]) -> int:
    """Judge again every deck holding any of the cards; return how many verdicts changed."""
    return revalidate_decks_holding(card_ids=card_ids)
