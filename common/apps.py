"""Register the app that holds what every other app shares: the site's name, middleware, caching."""

from django.apps import AppConfig


class CommonConfig(AppConfig):
    name = "common"
