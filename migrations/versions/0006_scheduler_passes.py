"""scheduler passes (the admin's schedule health)

Revision ID: 0006_scheduler_passes
Revises: 0005_admin
Create Date: 2026-12-01

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0006_scheduler_passes'
down_revision = '0005_admin'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('scheduler_passes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('started_at', sa.DateTime(), nullable=False),
    sa.Column('finished_at', sa.DateTime(), nullable=False),
    sa.Column('timeouts', sa.Integer(), nullable=False),
    sa.Column('reminders', sa.Integer(), nullable=False),
    sa.Column('digests', sa.Integer(), nullable=False),
    sa.Column('emails_sent', sa.Integer(), nullable=False),
    sa.Column('emails_failed', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_scheduler_passes'))
    )


def downgrade():
    op.drop_table('scheduler_passes')
