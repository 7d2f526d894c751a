"""games.moves and games.moved_at: the version every seat is shown and its time, which move with each
action anyone could see and never with a standing order that changed nothing public (so that no seat
can tell another gave one). A game so far has shown the log's length (games.version), and its seats'
decision versions are counted in it: it starts from there.

Revision ID: 0014_games_moves
Revises: 0013_games_to_act
Create Date: 2026-12-01

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0014_games_moves'
down_revision = '0013_games_to_act'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games') as batch_op:
        batch_op.add_column(sa.Column('moves', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('moved_at', sa.DateTime(), nullable=True))
    op.execute('UPDATE games SET moves = version, moved_at = updated_at')


def downgrade():
    with op.batch_alter_table('games') as batch_op:
        batch_op.drop_column('moved_at')
        batch_op.drop_column('moves')
