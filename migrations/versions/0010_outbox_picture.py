"""outbox.picture: what the board's picture in the HTML email is made from (the recipient's view)

Revision ID: 0010_outbox_picture
Revises: 0009_seat_seen_and_time_zone
Create Date: 2026-12-02

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0010_outbox_picture'
down_revision = '0009_seat_seen_and_time_zone'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('outbox') as batch_op:
        batch_op.add_column(sa.Column('picture', sa.Text(), nullable=True))


def downgrade():
    with op.batch_alter_table('outbox') as batch_op:
        batch_op.drop_column('picture')
