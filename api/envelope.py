"""Build the JSON error envelope every API answer carries, with no DRF import (accounts uses it)."""


def error_body(status_code: int, code: str, message: str, fields=None, **extra) -> dict:
    """Build the error envelope every endpoint answers with."""
    body = {"status": status_code, "code": code, "message": message, "fields": fields or {}}
    body.update(extra)
    return {"error": body}
