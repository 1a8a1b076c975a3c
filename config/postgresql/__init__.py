"""The site's PostgreSQL backend (base.py), named by the settings as a database ENGINE."""
