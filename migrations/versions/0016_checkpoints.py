"""checkpoints: a game's state every few dozen logged actions (the latest two kept), so that "since you
last looked" and the sender's emails replay the log from near where they need it, not from the set-up.
A cache of the log's replay like games.state: empty after the upgrade, written by the moves that follow
(or all at once by `flask --app app tain rebuild`).

Revision ID: 0016_checkpoints
Revises: 0015_outbox_letters
Create Date: 2026-12-01

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0016_checkpoints'
down_revision = '0015_outbox_letters'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'checkpoints',
        sa.Column('game_id', sa.Integer(), sa.ForeignKey('games.id', ondelete='CASCADE'), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('state', sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint('game_id', 'version'),
    )


def downgrade():
    op.drop_table('checkpoints')
