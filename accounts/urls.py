"""Sign up, log in, log out, change password."""

from django.contrib.auth import views as auth_views
from django.urls import path

from accounts.views import sign_up

urlpatterns = [
    path("signup/", sign_up, name="signup"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "password/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
]
