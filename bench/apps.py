from django.apps import AppConfig


class BenchConfig(AppConfig):
    """Serve the benchmarks' data generators as management commands."""

    name = "bench"
    verbose_name = "Benchmarks"
