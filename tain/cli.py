"""`flask --app app tain …`: new-game, tick, scheduler, check, rebuild and create-admin."""
from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import replace

import click
from flask.cli import AppGroup
from flask import Flask, current_app
from sqlalchemy import select

from . import transactions
from .extensions import db
from .models import Game
from .scheduler import run_due, run_forever
from .services.accounts import AccountError, create_admin
from .services.errors import GameNotFound, IllegalAction, InvalidGame
from .services.games import (NewPlayer, check_game, create_game, parse_duration, parse_options, parse_player,
                             rebuild_state)
from .web import utcnow
from .wording import is_language

tain_cli = AppGroup("tain", help="Run Tàin games: create them, run the clock, check them.")


@tain_cli.command("new-game")
@click.option("--game", "game_name", default="tain", show_default=True, help="Which game.")
@click.option("--player", "players", multiple=True, required=True, help='"Ann <ann@example.org>", in seat order.')
@click.option("--move-deadline", default=None, help="Time for each move: 90s, 30m, 24h, 3d.")
@click.option("--phase-deadline", default=None, help="Time for simultaneous guarding.")
@click.option("--reminder-before", default=None, help="Remind the player this long before the deadline.")
@click.option("--bot-on-timeout", is_flag=True, help="On time-out a bot moves for the late player instead of passing.")
@click.option("--first-player", default=None, help="Name of the first active player (default: drawn).")
@click.option("--seed", type=int, default=None, help="The game's random seed (default: drawn).")
@click.option("--option", "options", multiple=True, help="A game's own option as name=value (Tara: level=2, games=1; Inis: discovery=true).")
@click.option("--started-by", default=None, help="Who started the game, as the invitations say (default: not said).")
@click.option("--language", "languages", multiple=True,
              help="A player's language as Name=en or Name=it, repeatable (default: English).")
def new_game(game_name: str, players: tuple[str, ...], move_deadline: str | None,
             phase_deadline: str | None, reminder_before: str | None, bot_on_timeout: bool,
             first_player: str | None, seed: int | None, options: tuple[str, ...],
             started_by: str | None, languages: tuple[str, ...]) -> None:
    """Create a game, email every player their link, and print the game's id last."""
    config = current_app.config
    try:
        seated = with_languages([parse_player(text) for text in players], languages)
    except InvalidGame as error:
        raise click.UsageError("\n".join(error.problems)) from None
    try:
        game = create_game(
            game_name, seated, now=utcnow(), seed=seed,
            first_player=first_player,
            move_deadline=parse_duration(config["DEFAULT_MOVE_DEADLINE"] if move_deadline is None else move_deadline),
            phase_deadline=parse_duration(config["DEFAULT_PHASE_DEADLINE"] if phase_deadline is None else phase_deadline),
            reminder_before=parse_duration(config["DEFAULT_REMINDER_BEFORE"] if reminder_before is None else reminder_before),
            bot_on_timeout=bot_on_timeout, options=parse_options(" ".join(options)), started_by=started_by,
        )
    except InvalidGame as error:
        raise click.UsageError("\n".join(error.problems)) from None
    report = run_due().mail
    click.echo(f"Created {game_name} game #{game.id} for {', '.join(s.name for s in game.seats)}; "
               f"{report.sent} emails sent, {report.failed} not yet.")
    click.echo(game.id)


def with_languages(players: Sequence[NewPlayer], choices: Sequence[str]) -> list[NewPlayer]:
    """The players, each with the language `--language Name=code` gives them; InvalidGame naming every
    choice that is not a player's name and a language, or names a player twice."""
    chosen: dict[str, str] = {}
    problems = []
    for choice in choices:
        name, equals, code = choice.rpartition("=")  # a name may hold "=", a language never
        if not equals:
            problems.append(f"Write --language as Name=language (such as Ann=it), not {choice!r}.")
        elif name not in [p.name for p in players]:
            problems.append(f"--language {choice}: {name!r} is not one of the players.")
        elif not is_language(code):
            problems.append(f"--language {choice}: a player's language is en or it, not {code!r}.")
        elif name in chosen:
            problems.append(f"--language names {name} twice.")
        else:
            chosen[name] = code
    if problems:
        raise InvalidGame(problems)
    return [replace(player, language=chosen.get(player.name, player.language)) for player in players]


@tain_cli.command("tick")
def tick() -> None:
    """Run everything that is due once (deadlines, reminders, outgoing mail) and exit."""
    click.echo(str(run_due()))


@tain_cli.command("scheduler")
def scheduler() -> None:
    """Run the schedule in the foreground until stopped (the Procfile's clock process)."""
    click.echo("Scheduler running; stop it with Ctrl-C.")
    run_forever(current_app._get_current_object())


@tain_cli.command("create-admin")
@click.option("--name", prompt=True, help="The admin's login name.")
@click.password_option(help="Asked twice when not given; only its hash is stored.")
def create_admin_command(name: str, password: str) -> None:
    """Make an admin who can log in to /admin (the password is stored hashed)."""
    try:
        admin = create_admin(name, password, now=utcnow())
    except AccountError as error:
        raise click.UsageError(str(error)) from None
    click.echo(f"Admin {admin.name!r} created; log in at /admin.")


@tain_cli.command("check")
def check() -> None:
    """Replay every game's action log and compare it with the cached state."""
    problems = [p for game in db.session.scalars(select(Game).order_by(Game.id)) for p in check_game(game)]
    for problem in problems:
        click.echo(problem)
    click.echo(f"{len(problems)} problems.")
    sys.exit(1 if problems else 0)


@tain_cli.command("rebuild")
@click.option("--game", "game_ids", type=click.IntRange(1, 2**63 - 1), multiple=True, help="Only this game (repeatable; default: every game).")
def rebuild(game_ids: tuple[int, ...]) -> None:
    """Replay each game's action log and write its cached state and kept states again: the log wins."""
    with transactions.read():
        ids = list(game_ids) or list(db.session.scalars(select(Game.id).order_by(Game.id)))
    refused = 0
    for game_id in ids:
        try:
            rebuild_state(game_id)
        except GameNotFound:
            click.echo(f"game #{game_id}: no such game")
            refused += 1
        except IllegalAction as error:
            click.echo(f"game #{game_id}: the log does not replay, nothing was written: {error}")
            refused += 1
    click.echo(f"{len(ids) - refused} games rebuilt, {refused} not.")
    sys.exit(1 if refused else 0)


def init_app(app: Flask) -> None:
    app.cli.add_command(tain_cli)
