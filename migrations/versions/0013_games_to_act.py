"""games.to_act and games.stage (whom the game waits on, [] once over, and its public stage: what the
admin's list shows of the state, kept beside it so that no state is decoded for a list) and the indexes
the admin's pages read from at 10,000 games and more: the games list a page at a time (by activity,
by status, the waiting games from the index alone) and the moves and emails per day.

Revision ID: 0013_games_to_act
Revises: 0012_ordered_json
Create Date: 2026-12-01

"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

from tain.games import get_game


# revision identifiers, used by Alembic.
revision = '0013_games_to_act'
down_revision = '0012_ordered_json'
branch_labels = None
depends_on = None

JSON_DATA = sa.JSON().with_variant(postgresql.JSONB(), 'postgresql')
INDEXES = (
    ('ix_games_updated_at', 'games', ['updated_at']),
    ('ix_games_status_updated_at', 'games', ['status', 'updated_at']),
    ('ix_games_waiting', 'games', ['status', 'paused_at', 'deadline_at', 'updated_at', 'to_act']),
    ('ix_actions_created_at', 'actions', ['created_at']),
    ('ix_outbox_sent_at', 'outbox', ['sent_at']),
)


def upgrade():
    with op.batch_alter_table('games') as batch_op:
        batch_op.add_column(sa.Column('to_act', JSON_DATA, nullable=True))
        batch_op.add_column(sa.Column('stage', JSON_DATA, nullable=True))
    games = sa.table('games', sa.column('id', sa.Integer), sa.column('game', sa.String), sa.column('status', sa.String),
                     sa.column('state', sa.JSON), sa.column('to_act', JSON_DATA), sa.column('stage', JSON_DATA))
    connection = op.get_bind()
    for row in connection.execute(sa.select(games.c.id, games.c.game, games.c.status, games.c.state)):
        engine = get_game(row.game)
        to_act = [] if engine.is_over(row.state) else engine.to_act(row.state)
        connection.execute(games.update().where(games.c.id == row.id)
                           .values(to_act=to_act, stage=engine.view(row.state, None)['stage']))
    with op.batch_alter_table('games') as batch_op:
        batch_op.alter_column('to_act', existing_type=JSON_DATA, nullable=False)
        batch_op.alter_column('stage', existing_type=JSON_DATA, nullable=False)
    for name, table, columns in INDEXES:
        op.create_index(name, table, columns)


def downgrade():
    for name, table, _ in INDEXES:
        op.drop_index(name, table_name=table)
    with op.batch_alter_table('games') as batch_op:
        batch_op.drop_column('stage')
        batch_op.drop_column('to_act')
