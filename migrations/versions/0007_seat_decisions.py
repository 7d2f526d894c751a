"""seats.decision_version (a move is stale only when its seat's decision changed); stopped games keep no clock

Revision ID: 0007_seat_decisions
Revises: 0006_scheduler_passes
Create Date: 2026-12-01

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0007_seat_decisions'
down_revision = '0006_scheduler_passes'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('seats') as batch_op:
        batch_op.add_column(sa.Column('decision_version', sa.Integer(), nullable=False, server_default='0'))
    # A cancelled game used to keep its reminder and wake-up time, so its players were still
    # reminded and it stayed overdue on the health page.
    op.execute("UPDATE games SET deadline_at = NULL, reminder_at = NULL, wake_at = NULL WHERE status <> 'running'")


def downgrade():
    with op.batch_alter_table('seats') as batch_op:
        batch_op.drop_column('decision_version')
