"""Bot seats: a bot chooses a seat's move from that seat's view and legal actions, never the state.

`tain.services.games` asks for the bots' moves right after every change, in the same
transaction, so a bot seat never waits for a deadline; and first for the standing rules of a bot
that keeps them (Inis: `standing(view)`), so that they answer for it as a person's would.
"""
from __future__ import annotations

from tain.games import Action, Bot, Game as Engine
from tain.models import Game

from .views import Views


def bot_for(game: Game, engine: Engine) -> Bot:
    """The game's bot, seeded by the position: varied, and the same again for the same position."""
    return engine.make_bot(game.seed + game.moves)  # not the log's length: that counts hidden standing orders


def next_bot_move(game: Game, views: Views) -> tuple[str, Action] | None:
    """The move of the first bot seat now to act, or None when no bot is to act (or the game is
    paused, cancelled or over: a bot waits for the resume like everyone), chosen from the bot's view in `views`."""
    engine = views.engine
    if not _bots_play(game, engine):
        return None
    bots = {seat.name for seat in game.seats if seat.bot}
    player = next((name for name in engine.to_act(game.state) if name in bots), None)
    if player is None:
        return None
    return player, bot_for(game, engine).choose(views.of(game.state, player), engine.legal_actions(game.state, player))


def bot_rules_due(game: Game, views: Views) -> list[tuple[str, Action]]:
    """The `standing` actions the bot seats owe now (engine-api-inis.md, `make_bot`: the service applies
    `standing(view)` whenever the bot's hand changes): for each bot seat whose bot keeps standing rules,
    the rules it keeps for the hand it holds, where its view shows others (a new hand, or a seat just
    given to the bot). Its rules follow from its hand alone, so they differ exactly when it matters."""
    engine = views.engine
    bots = [seat.name for seat in game.seats if seat.bot]
    rules_for = getattr(bot_for(game, engine), "standing", None) if bots and _bots_play(game, engine) else None
    if rules_for is None:
        return []
    due = []
    for name in bots:
        view = views.of(game.state, name)
        rules = rules_for(view)
        if rules is not None and rules != view.get("standing"):
            due.append((name, {"type": "standing", "rules": rules}))
    return due


def _bots_play(game: Game, engine: Engine) -> bool:
    return not (game.cancelled or game.paused_at is not None or engine.is_over(game.state))
