"""Forms for accounts."""

from django import forms
from django.contrib.auth.forms import (
    AdminUserCreationForm,
    PasswordResetForm,
    UserChangeForm,
    UserCreationForm,
)
from django.core.exceptions import ValidationError
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy

from accounts import selectors
from accounts.tasks import send_email
from accounts.usernames import check_username


class UsernameRulesMixin:
    """Refuse invisible, mixed-script and look-alike names (accounts.usernames)."""

    def clean_username(self):
        parent = getattr(super(), "clean_username", None)
        username = parent() if parent else self.cleaned_data.get("username")
        if not username or (self.instance.pk and "username" not in self.changed_data):
            return username  # refused already, or an existing name left as it was
        check_username(username)
        other = selectors.username_look_alike(name=username, exclude_pk=self.instance.pk)
        if other is not None:
            raise ValidationError(
                gettext_lazy(
                    "Ta nazwa wygląda jak nazwa, którą ktoś już ma („%(other)s”). Wybierz inną."
                ),
                code="look_alike",
                params={"other": other},
            )
        return username


class SignUpForm(UsernameRulesMixin, UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
        help_texts = {
            "email": gettext_lazy(
                "Nieobowiązkowy: tylko po to, by wysłać link, gdy zapomnisz hasła."
            ),
        }


class AdminAddUserForm(UsernameRulesMixin, AdminUserCreationForm):
    """The admin's "add user" form, with the sign-up's rules for names."""


class AdminChangeUserForm(UsernameRulesMixin, UserChangeForm):
    """The admin's user form: a renamed player gets the sign-up's rules for names."""


class EmailForm(forms.Form):
    email = forms.EmailField(
        label=gettext_lazy("Adres e-mail"),
        required=False,
        help_text=gettext_lazy(
            "Tylko po to, by wysłać link, gdy zapomnisz hasła; puste pole usuwa adres."
        ),
    )


class QueuedPasswordResetForm(PasswordResetForm):
    """Django's reset form, with the e-mail written in the request and sent in the background.

    The message is rendered here, in the language of the page that asked for it; a slow or
    unreachable mail server then never holds up (nor fails) the page.
    """

    def send_mail(
        self,
        subject_template_name,
        email_template_name,
        context,
        from_email,
        to_email,
        html_email_template_name=None,
    ):
        subject = "".join(render_to_string(subject_template_name, context).splitlines())
        body = render_to_string(email_template_name, context)
        send_email.enqueue(subject=subject, body=body, to=[to_email], from_email=from_email)
