"""Background work for accounts: e-mail goes out through the tasks backend, not the request."""

from django.core.mail import EmailMessage
from django_tasks import task


@task()
def send_email(subject: str, body: str, to: list[str], from_email: str | None = None) -> None:
    """Send one plain-text e-mail, already written in its reader's language."""
    EmailMessage(subject=subject, body=body, from_email=from_email, to=to).send()
