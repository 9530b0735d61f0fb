"""Alembic migrations of the web platform's schema; they ship inside the package."""
