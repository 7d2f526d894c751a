"""games.state and actions.action as json, not jsonb, on PostgreSQL: they keep the engine's key
order (jsonb sorts keys, which reordered legal_actions and so bots' choices against SQLite's).
SQLite stores both as text already: nothing changes there. A state stored before keeps its sorted
order until the game is rebuilt from its log.

Revision ID: 0012_ordered_json
Revises: 0011_languages
Create Date: 2026-12-01

"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql


# revision identifiers, used by Alembic.
revision = '0012_ordered_json'
down_revision = '0011_languages'
branch_labels = None
depends_on = None

COLUMNS = (('games', 'state'), ('actions', 'action'))


def upgrade():
    if op.get_bind().dialect.name != 'postgresql':
        return
    for table, column in COLUMNS:
        op.alter_column(table, column, type_=sa.JSON(), existing_type=postgresql.JSONB(),
                        postgresql_using=f'{column}::text::json')


def downgrade():
    if op.get_bind().dialect.name != 'postgresql':
        return
    for table, column in COLUMNS:
        op.alter_column(table, column, type_=postgresql.JSONB(), existing_type=sa.JSON(),
                        postgresql_using=f'{column}::jsonb')
