"""A backup holds every model of every installed app but the few left out on purpose."""

from django.apps import apps

from backups.contents import LEFT_OUT, backed_up_models


def test_every_model_is_backed_up_or_left_out_on_purpose():
    # An unmanaged model (django-rq's dashboard entry) has no table to back up.
    concrete = {
        m._meta.label_lower for m in apps.get_models() if not m._meta.proxy and m._meta.managed
    }
    backed_up = {m._meta.label_lower for m in backed_up_models()}

    assert backed_up == concrete - set(LEFT_OUT)
    # Rows made by `migrate` or not worth keeping; adding a model here is a deliberate choice.
    assert set(LEFT_OUT) == {
        "contenttypes.contenttype",
        "auth.permission",
        "sessions.session",
        "axes.accessattempt",
        "axes.accessattemptexpiration",
        "axes.accessfailurelog",
        "axes.accesslog",
        "cardbase.catalogueversion",
        "cardbase.cardimportrun",
        "django_tasks_database.dbtaskresult",
    }
    assert {
        "auth.user",
        "auth.group",
        "authtoken.token",
        "cardbase.card",
        "cardbase.changeset",
        "cardbase.factchange",
        "decks.deck",
    } <= backed_up


def test_a_model_comes_after_every_model_it_refers_to():
    order = [m._meta.label_lower for m in backed_up_models()]
    for model in backed_up_models():
        for field in model._meta.get_fields():
            target = field.related_model
            if not field.is_relation or field.auto_created or target is None or target is model:
                continue
            label = target._meta.label_lower
            if label in order:
                assert order.index(label) < order.index(model._meta.label_lower), (model, field)
