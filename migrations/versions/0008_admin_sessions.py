"""admin sessions kept on the server (logout and idle expiry end them)

Revision ID: 0008_admin_sessions
Revises: 0007_seat_decisions
Create Date: 2026-12-02

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0008_admin_sessions'
down_revision = '0007_seat_decisions'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('admin_sessions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('key_hash', sa.String(length=64), nullable=False),
    sa.Column('admin', sa.String(length=80), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('last_seen_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_admin_sessions')),
    sa.UniqueConstraint('key_hash', name=op.f('uq_admin_sessions_key_hash'))
    )
    with op.batch_alter_table('admin_sessions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_admin_sessions_last_seen_at'), ['last_seen_at'], unique=False)


def downgrade():
    with op.batch_alter_table('admin_sessions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_admin_sessions_last_seen_at'))

    op.drop_table('admin_sessions')
