"""The API's views, one module per part of the API; api/openapi.py declares their schema."""
