"""Forms for accounts."""

from django import forms
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


class EmailForm(forms.Form):
    email = forms.EmailField(
        label=gettext_lazy("Adres e-mail"),
        required=False,
        help_text=gettext_lazy(
            "Tylko po to, by wysłać link, gdy zapomnisz hasła; puste pole usuwa adres."
        ),
    )
