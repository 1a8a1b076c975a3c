"""The admin's users, with the sign-up's rules for names."""

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from accounts.forms import AdminAddUserForm, AdminChangeUserForm

admin.site.unregister(get_user_model())


@admin.register(get_user_model())
class PlayerAdmin(UserAdmin):
    form = AdminChangeUserForm
    add_form = AdminAddUserForm
