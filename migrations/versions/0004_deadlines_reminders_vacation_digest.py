"""deadlines: reminders, bot on time-out, pause, wake-up time; seats: mail mode, digest, away days

Revision ID: 0004_deadlines
Revises: 0001
Create Date: 2026-11-30

"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql


# revision identifiers, used by Alembic.
revision = '0004_deadlines'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('reminder_before_seconds', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('reminder_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('bot_on_timeout', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('paused_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('wake_at', sa.DateTime(), nullable=True))
        batch_op.create_index('ix_games_wake_at', ['wake_at'], unique=False)
    # Running games wake at their deadline, as before this migration.
    op.execute("UPDATE games SET wake_at = deadline_at WHERE status = 'running'")

    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('mail_mode', sa.String(length=8), nullable=False, server_default='each'))
        batch_op.add_column(sa.Column('digest_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('digest_reports', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column(
            'away_days', sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), 'postgresql'),
            nullable=False, server_default='[]'))
        batch_op.create_index(batch_op.f('ix_seats_digest_at'), ['digest_at'], unique=False)


def downgrade():
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seats_digest_at'))
        batch_op.drop_column('away_days')
        batch_op.drop_column('digest_reports')
        batch_op.drop_column('digest_at')
        batch_op.drop_column('mail_mode')

    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index('ix_games_wake_at')
        batch_op.drop_column('wake_at')
        batch_op.drop_column('paused_at')
        batch_op.drop_column('bot_on_timeout')
        batch_op.drop_column('reminder_at')
        batch_op.drop_column('reminder_before_seconds')
