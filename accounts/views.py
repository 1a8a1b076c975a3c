"""Sign-up, the e-mail address, the password reset's limit and the login lockout page.

Logging in and out and changing a password are Django's own views.
"""

import math

from axes.helpers import get_cool_off
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from accounts import services
from accounts.addresses import client_address
from accounts.forms import EmailForm, QueuedPasswordResetForm, SignUpForm
from api.envelope import error_body

TOO_MANY = 429


def _minutes(seconds: int) -> int:
    return max(1, math.ceil(seconds / 60))


@require_http_methods(["GET", "POST"])
def sign_up(request: HttpRequest) -> HttpResponse:
    form = SignUpForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        wait = services.address_attempt(action="sign-up", address=client_address(request))
        if wait:
            form.add_error(None, sign_up_limit_message(wait))
            status = TOO_MANY
        else:
            try:
                user = services.user_sign_up(
                    username=form.cleaned_data["username"],
                    password=form.cleaned_data["password1"],
                    email=form.cleaned_data.get("email") or "",
                )
            except ValidationError as error:
                form.add_error(None, error)
            else:
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
                return redirect("my-decks")
    response = render(request, "registration/sign_up.html", {"form": form}, status=status)
    if status == TOO_MANY:
        response["Retry-After"] = str(wait)
    return response


def sign_up_limit_message(wait: int) -> str:
    """Say that this address made too many accounts lately, and for how long."""
    minutes = _minutes(wait)
    return ngettext(
        "Z Twojego adresu założono ostatnio zbyt wiele kont. Spróbuj ponownie za %(minutes)d minutę.",
        "Z Twojego adresu założono ostatnio zbyt wiele kont. Spróbuj ponownie za %(minutes)d minut.",
        minutes,
    ) % {"minutes": minutes}


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset, with a limit on the e-mails asked for from one address."""

    form_class = QueuedPasswordResetForm
    subject_template_name = "registration/password_reset_subject.txt"
    email_template_name = "registration/password_reset_email.txt"

    def form_valid(self, form):
        address = client_address(self.request)
        wait = services.address_attempt(action="password-reset", address=address)
        if not wait:
            return super().form_valid(form)
        # The same answer whatever the address asked for, so it still tells nobody who has an account.
        minutes = _minutes(wait)
        form.add_error(
            None,
            ngettext(
                "Z Twojego adresu poproszono ostatnio zbyt wiele razy o nowe hasło. Spróbuj ponownie za %(minutes)d minutę.",
                "Z Twojego adresu poproszono ostatnio zbyt wiele razy o nowe hasło. Spróbuj ponownie za %(minutes)d minut.",
                minutes,
            )
            % {"minutes": minutes},
        )
        response = self.render_to_response(self.get_context_data(form=form), status=TOO_MANY)
        response["Retry-After"] = str(wait)
        return response


def locked_out(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """Answer a login refused for too many failures (django-axes' lockout callable)."""
    cool_off = get_cool_off(request)
    minutes = _minutes(int(cool_off.total_seconds()))
    message = ngettext(
        "Zbyt wiele nieudanych prób logowania na to konto z Twojego adresu. Spróbuj ponownie za %(minutes)d minutę.",
        "Zbyt wiele nieudanych prób logowania na to konto z Twojego adresu. Spróbuj ponownie za %(minutes)d minut.",
        minutes,
    ) % {"minutes": minutes}
    # The API's token endpoint answered JSON, so its lockout does too.
    answered_json = original_response is not None and original_response.get(
        "Content-Type", ""
    ).startswith("application/json")
    if answered_json:
        response = JsonResponse(error_body(TOO_MANY, "locked_out", message), status=TOO_MANY)
    else:
        response = render(
            request, "registration/locked_out.html", {"message": message}, status=TOO_MANY
        )
    response["Retry-After"] = str(int(cool_off.total_seconds()))
    return response


@login_required
@require_http_methods(["GET", "POST"])
def email_change(request: HttpRequest) -> HttpResponse:
    form = EmailForm(request.POST or None, initial={"email": request.user.email})
    if request.method == "POST" and form.is_valid():
        services.user_set_email(user=request.user, email=form.cleaned_data["email"])
        messages.success(request, _("Zapisano adres e-mail."))
        return redirect("email_change")
    return render(request, "registration/email_change.html", {"form": form})
