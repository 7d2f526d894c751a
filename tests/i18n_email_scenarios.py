"""Games whose mail, together, holds every kind of email and every variant of their sentences, each
seat in the language it is given: for tests/test_i18n_emails.py (and to compare renderings)."""
from __future__ import annotations

from datetime import timedelta


from support import NOW, outbox
from tain import transactions
from tain.extensions import db
from tain.models import Game, OutboxMessage
from tain.services import admin, notify
from tain.services.games import NewPlayer, create_game, engine_for
from tain.services.play import seat_snapshot, submit


DEADLINES = {"move_deadline": timedelta(hours=24), "phase_deadline": timedelta(hours=48)}


def players(languages: dict[str, str | None], bots: tuple[str, ...] = ()) -> list[NewPlayer]:
    return [NewPlayer(name, "", bot=True) if name in bots else
            NewPlayer(name, f"{name.lower()}@example.org", language=language)
            for name, language in languages.items()]


def _refreshed(game: Game) -> Game:
    db.session.expire_all()
    return db.session.get(Game, game.id)


def _act(game: Game, name: str, choose) -> Game:
    snapshot = seat_snapshot(game.seat_named(name))
    submit(game.seat_named(name), choose(snapshot["legal_actions"]), now=NOW)
    return _refreshed(game)


def _first_of(*types: str):
    return lambda legal: next((a for a in legal if a["type"] in types), legal[-1])


def _every_kind_of_tain_email(languages: dict[str, str | None]) -> None:
    """Invitations, your move, a raid report with raids in it, a reminder, a link, a digest, paused,
    resumed, guarding, the final scores; and a cancelled game."""
    ann, bob = list(languages)
    game = create_game("tain", players(languages), now=NOW, seed=7, first_player=ann, started_by=ann, **DEADLINES)
    engine = engine_for(game)
    # Scouts and raids, so that the report has lines and the boards tokens, then guarding.
    while engine.view(game.state, None)["phase"] == "scouting":
        game = _act(game, engine.to_act(game.state)[0], _first_of("scout", "raid"))
    with transactions.write():
        game = db.session.get(Game, game.id)
        notify.reminder(game, engine, now=NOW)
        notify.seat_link(game, engine, game.seat_named(ann), now=NOW)
        for name in languages:
            notify.digest(game, engine, game.seat_named(name), now=NOW)
    while engine.view(game.state, None)["phase"] == "guarding":
        game = _act(game, engine.to_act(game.state)[0], _first_of("guard", "pass"))
    admin.pause(game.id, actor="admin", now=NOW)
    admin.resume(game.id, actor="admin", now=NOW)
    game = _refreshed(game)
    while not game.over:  # everyone passes to the end of turn 8 (R16): the final scores
        game = _act(game, engine.to_act(game.state)[0], _first_of("pass"))
    other = create_game("tain", players(languages), now=NOW, seed=8, first_player=bob, started_by="Maeve")
    admin.cancel(other.id, actor="admin", now=NOW)


def _tain_with_a_bot(languages: dict[str, str | None]) -> None:
    """Three clans, one a bot's (an invitation naming it), a bot on time-out (the reminder says so),
    the game started elsewhere (an invitation without a starter)."""
    game = create_game("tain", players({**languages, "Dana": None}, bots=("Dana",)), now=NOW, seed=3,
                       first_player=list(languages)[0], bot_on_timeout=True, **DEADLINES)
    engine = engine_for(game)
    with transactions.write():
        game = db.session.get(Game, game.id)
        notify.reminder(game, engine, now=NOW)


def _tara_match(languages: dict[str, str | None]) -> None:
    """A two-game Tara match played to its end by the engine's bot: both games' reports, the final
    scores; a reminder and a digest on the way; a one-game match at level 2 besides."""
    ann, bob = list(languages)
    game = create_game("tara", players(languages), now=NOW, seed=7, first_player=ann, started_by=bob, **DEADLINES)
    engine = engine_for(game)
    bot = engine.make_bot(1)
    reminded = False
    while not engine.view(game.state, None)["over"]:
        player = engine.to_act(game.state)[0]
        snapshot = seat_snapshot(game.seat_named(player))
        submit(game.seat_named(player), bot.choose(snapshot["view"], snapshot["legal_actions"]), now=NOW)
        game = _refreshed(game)
        if not reminded and engine.view(game.state, None)["phase"] == "battle" and engine.to_act(game.state) == [ann]:
            reminded = True
            with transactions.write():
                game = db.session.get(Game, game.id)
                notify.reminder(game, engine, now=NOW)
                notify.digest(game, engine, game.seat_named(engine.to_act(game.state)[0]), now=NOW)
            game = _refreshed(game)
    create_game("tara", players(languages), now=NOW, seed=9, first_player=bob, options={"games": 1, "level": 2})


def _inis_rounds(languages: dict[str, str | None]) -> None:
    """Inis with a bot third, played by the engine's bot into round 2: the invitations, the setup's
    and the draft's steps, Season turns, a window the first player asked to be asked in, a clash if
    one comes, the first round's events; a reminder and a digest on the way. (Inis must be in the
    registry: tests/test_i18n_emails.py puts it there.)"""
    ann, bob = list(languages)
    game = create_game("inis", players({**languages, "Dana": None}, bots=("Dana",)), now=NOW, seed=12,
                       first_player=ann, started_by=ann, **DEADLINES)
    engine = engine_for(game)
    bot = engine.make_bot(5)
    submit(game.seat_named(ann), {"type": "standing", "rules": [{"window": "announced", "then": "ask"}]}, now=NOW)
    game = _refreshed(game)
    reminded = False
    while engine.view(game.state, None)["round"] < 2 or engine.view(game.state, None)["step"] != "turn":
        player = engine.to_act(game.state)[0]
        if not reminded and engine.view(game.state, None)["step"] == "turn" and player == ann:
            reminded = True
            with transactions.write():
                game = db.session.get(Game, game.id)
                notify.reminder(game, engine, now=NOW)
                notify.digest(game, engine, game.seat_named(player), now=NOW)
        snapshot = seat_snapshot(game.seat_named(player))
        submit(game.seat_named(player), bot.choose(snapshot["view"], snapshot["legal_actions"]), now=NOW)
        game = _refreshed(game)


def queue_every_kind_of_email(languages: dict[str, str | None]) -> list[OutboxMessage]:
    """Every email of the scenarios above, in the order queued: two players of the given languages."""
    _every_kind_of_tain_email(languages)
    _tain_with_a_bot(languages)
    _tara_match(languages)
    _inis_rounds(languages)
    return outbox()  # written by the sender

