"""outbox.letter: what the sender needs to write an email's bodies (tain.mail.messages.Draft), so that
a change queues its emails without rendering them; the bodies (and the picture's source) are written by
the sender, and are empty until then.

Revision ID: 0015_outbox_letters
Revises: 0014_games_moves
Create Date: 2026-12-01

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0015_outbox_letters'
down_revision = '0014_games_moves'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('outbox') as batch_op:
        batch_op.add_column(sa.Column('letter', sa.JSON(), nullable=True))
        batch_op.alter_column('body_text', existing_type=sa.Text(), nullable=True)
        batch_op.alter_column('body_html', existing_type=sa.Text(), nullable=True)


def downgrade():
    op.execute("DELETE FROM outbox WHERE body_text IS NULL")
    with op.batch_alter_table('outbox') as batch_op:
        batch_op.alter_column('body_html', existing_type=sa.Text(), nullable=False)
        batch_op.alter_column('body_text', existing_type=sa.Text(), nullable=False)
        batch_op.drop_column('letter')
