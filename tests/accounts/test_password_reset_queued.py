"""The reset e-mail is written in the request, in its page's language, and sent by the worker."""

import pytest
from django.core import mail
from django.core.management import call_command
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from tests.factories import UserFactory


# The worker closes its connection between tasks: outside the test transaction, as on the site.
@pytest.mark.django_db(transaction=True)
def test_the_page_answers_before_the_mail_goes_and_the_worker_sends_it(client, database_queue):
    UserFactory(username="gabriel", email="gabriel@example.org")

    sent = client.post(
        reverse("password_reset"), {"email": "gabriel@example.org"}, HTTP_ACCEPT_LANGUAGE="en"
    )

    assert sent.status_code == 302
    assert mail.outbox == []
    (queued,) = DBTaskResult.objects.all()
    assert queued.status == "READY"

    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)

    (message,) = mail.outbox
    assert message.to == ["gabriel@example.org"]
    assert "gabriel" in message.body
    assert "/accounts/password/reset/" in message.body
    # Written in the language of the page that asked, though the worker has no request.
    assert "To set a new password, open this link:" in message.body
    assert "Your username: gabriel" in message.body
    assert "\n" not in message.subject
