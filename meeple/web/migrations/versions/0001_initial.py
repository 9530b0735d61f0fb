"""The first schema: users, sessions, tables, seats, moves, ratings.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("is_guest", sa.Boolean(), nullable=False),
        sa.Column("is_bot", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_sessions_user_id", "sessions", ["user_id"])
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.String(40), nullable=False),
        sa.Column("game_version", sa.Integer(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("options_json", sa.Text(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("created_by", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=True),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.Column("result_json", sa.Text(), nullable=True),
    )
    op.create_index("ix_tables_game_id", "tables", ["game_id"])
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "table_id", sa.Integer(), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=True),
        sa.Column("bot_level", sa.String(12), nullable=True),
        sa.Column("place", sa.Integer(), nullable=True),
        sa.Column("rating_before", sa.Float(), nullable=True),
        sa.Column("rating_after", sa.Float(), nullable=True),
        sa.UniqueConstraint("table_id", "seat", name="uq_seat"),
    )
    op.create_index("ix_seats_table_id", "seats", ["table_id"])
    op.create_index("ix_seats_user_id", "seats", ["user_id"])
    op.create_table(
        "moves",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "table_id", sa.Integer(), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("move_index", sa.Integer(), nullable=False),
        sa.Column("actor", sa.Integer(), nullable=False),
        sa.Column("notation", sa.String(200), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("table_id", "move_index", name="uq_move_index"),
    )
    op.create_table(
        "ratings",
        sa.Column(
            "user_id",
            sa.Integer(),
            sa.ForeignKey("users.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    for name in ("ratings", "moves", "seats", "tables", "sessions", "users"):
        op.drop_table(name)
