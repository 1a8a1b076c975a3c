"""Forms for accounts."""

from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy


class SignUpForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
        help_texts = {
            "email": gettext_lazy(
                "Nieobowiązkowy: tylko po to, by wysłać link, gdy zapomnisz hasła."
            ),
        }
