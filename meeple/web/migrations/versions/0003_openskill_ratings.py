"""OpenSkill ratings (mu, sigma) and unrated (training) tables.

Adds ``ratings.mu`` and ``ratings.sigma`` and ``tables.rated`` (true for every table made
before: they were all rated), then rates every stored finished game again, in the order they
finished, with OpenSkill's Plackett-Luce model (``meeple.web.store.recompute_ratings``): each
rating, and each seat's rating before and after its game, becomes an OpenSkill conservative
rating instead of an Elo rating. See docs/ratings.md.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.orm import Session

from meeple.arena.stats import MU, SIGMA

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN (SQLite has it): a batch would copy the tables, and dropping the old
    # "tables" would take its seats and moves with it (ON DELETE CASCADE). SQLite's ADD
    # COLUMN takes a constant default only, so the numbers are given as text.
    op.add_column("ratings", sa.Column("mu", sa.Float(), nullable=False, server_default=repr(MU)))
    op.add_column(
        "ratings", sa.Column("sigma", sa.Float(), nullable=False, server_default=repr(SIGMA))
    )
    op.add_column(
        "tables", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.true())
    )
    from meeple.web.store import recompute_ratings

    # The ORM on the migration's own connection: it commits (or not) with the migration.
    db = Session(bind=op.get_bind())
    try:
        recompute_ratings(db)
        db.flush()
    finally:
        db.close()


def downgrade() -> None:
    # The ratings stay OpenSkill's conservative ratings: the Elo ones are not kept. (SQLite
    # 3.35 and later drop a column in place.)
    op.drop_column("tables", "rated")
    op.drop_column("ratings", "sigma")
    op.drop_column("ratings", "mu")
