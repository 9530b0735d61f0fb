"""A table's seed as text: 128 random bits, more than an INTEGER column holds.

Tables made before keep their old seeds (the same number, now written in decimal), so
their chance draws and bot moves stay exactly the same.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # batch: SQLite cannot alter a column's type in place (the table is copied).
    with op.batch_alter_table("tables") as batch:
        batch.alter_column(
            "seed",
            existing_type=sa.Integer(),
            type_=sa.String(40),
            existing_nullable=False,
            postgresql_using="seed::text",
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.alter_column(
            "seed",
            existing_type=sa.String(40),
            type_=sa.Integer(),
            existing_nullable=False,
            postgresql_using="seed::integer",
        )
