"""seats.language (the player's language: en, it; none chosen yet: the browser's on the page, English
in emails) and admin_preferences (each admin's language and time zone on the dashboard)

Revision ID: 0011_languages
Revises: 0010_outbox_picture
Create Date: 2026-12-03

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0011_languages'
down_revision = '0010_outbox_picture'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('seats') as batch_op:
        batch_op.add_column(sa.Column('language', sa.String(length=8), nullable=True))
    op.create_table('admin_preferences',
    sa.Column('admin', sa.String(length=80), nullable=False),
    sa.Column('language', sa.String(length=8), nullable=True),
    sa.Column('time_zone', sa.String(length=64), nullable=True),
    sa.PrimaryKeyConstraint('admin', name=op.f('pk_admin_preferences'))
    )


def downgrade():
    op.drop_table('admin_preferences')
    with op.batch_alter_table('seats') as batch_op:
        batch_op.drop_column('language')
