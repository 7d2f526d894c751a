"""seats.seen_version (what the player was last shown: "since you last looked") and seats.time_zone

Revision ID: 0009_seat_seen_and_time_zone
Revises: 0008_admin_sessions
Create Date: 2026-12-01

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0009_seat_seen_and_time_zone'
down_revision = '0008_admin_sessions'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('seats') as batch_op:
        batch_op.add_column(sa.Column('seen_version', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('time_zone', sa.String(length=64), nullable=True))


def downgrade():
    with op.batch_alter_table('seats') as batch_op:
        batch_op.drop_column('time_zone')
        batch_op.drop_column('seen_version')
