"""outbox.subject may be empty: the sender writes an email's subject with its bodies, from its draft
(tain.services.letters), so that a change queues its emails without rendering any part of them. Rows
queued before keep the subject they were queued with.

Revision ID: 0017_outbox_subject_by_sender
Revises: 0016_checkpoints
Create Date: 2026-12-03

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0017_outbox_subject_by_sender'
down_revision = '0016_checkpoints'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('outbox') as batch_op:
        batch_op.alter_column('subject', existing_type=sa.String(length=300), nullable=True)


def downgrade():
    op.execute("DELETE FROM outbox WHERE subject IS NULL")
    with op.batch_alter_table('outbox') as batch_op:
        batch_op.alter_column('subject', existing_type=sa.String(length=300), nullable=False)
