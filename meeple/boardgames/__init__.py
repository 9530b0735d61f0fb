"""The six games, one package each, all of the same shape (see docs/architecture.md)."""
