"""Who must be told what after a change, decided from each player's views before and after.

- game created: an invitation to everyone (saying whether it is their move);
- a round of the game ended (new reports, and the stage's `short` changed: a Tàin turn's raids,
  a Tara game, an Inis round): its events to everyone, with their move if it is;
- the game over: the final scores to everyone;
- otherwise "your move" to each player who has just been asked for a new decision: one to act
  who was not, or who is to act in a turn or step that has just begun — not the player who made
  the move and is alone still to act (he is on his page), nor one still owing the same simultaneous
  step that others have just answered. Reports within a round (each Inis Season turn) reach a
  player in his next email's "since you last looked".
What is asked (a draft step, a Season turn, an attack to answer, a vote, a window…) is said by
the game's email parts from the recipient's view (tain.mail.messages).
- on an admin's request, a seat's link again (a fresh one, after a replacement);
- the game paused, resumed or cancelled by the admin: everyone.

Every email opens with what happened since its seat was last shown the game (its previous
email or page visit), from its own views (tain.services.timeline), written by the sender
(tain.services.letters). Bot seats get no mail.
"""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from tain.games import Game as Engine, State
from tain.mail.messages import Letter, send_letter
from tain.models import Game, Seat

from .links import link_for
from .views import Views


def game_created(game: Game, engine: Engine, *, now: datetime, started_by: str | None = None) -> None:
    """Invite everyone, saying who started the game (when known) and with whom."""
    to_act = engine.to_act(game.state)
    _send(game, engine, [(seat, Letter("invitation", engine.view(game.state, seat.name), link_for(seat),
                                       your_move=seat.name in to_act, started_by=started_by))
                         for seat in _people(game)], now)


def game_changed(game: Game, engine: Engine, before: State, after: State, *, views: Views, now: datetime,
                 timed_out: str | None = None, mover: str | None = None) -> None:
    """Tell each person what the change from `before` to `after` (their `views`) means for them. A seat is told
    "your move" only when it is really asked: it is to act now and was not for the same decision
    (`mover`, the player on the page who made the change, sees its outcome there; one whose deadline
    moved for them, `timed_out`, is told when their turn has come round again). A move a plan made
    is no email."""
    to_act_before, to_act_after = set(engine.to_act(before)), set(engine.to_act(after))
    # Others answered a simultaneous step that those left still owe (the clock keeps its deadline too).
    same_step = len(to_act_before) > 1 and to_act_after <= to_act_before
    letters = []
    for seat in _people(game):
        old, new = views.of(before, seat.name), views.of(after, seat.name)
        new_reports = tuple(_reports(new)[len(_reports(old)):])
        round_over = bool(new_reports) and old["stage"]["short"] != new["stage"]["short"]
        moved_on = bool(new_reports) or old["stage"]["long"] != new["stage"]["long"]  # a new turn or step
        # The mover alone to act again (a card's next step, an answer and then a maneuver) sees it on his page.
        continuing = ((seat.name == mover and to_act_after == {mover} and not round_over)
                      or (same_step and not new_reports))
        your_move = seat.name in to_act_after and (seat.name not in to_act_before or seat.name == timed_out
                                                   or (moved_on and not continuing))
        if game.over:
            kind = "final-scores"
        elif round_over:
            kind = "events"
        elif your_move:
            kind = "your-move"
        else:
            continue
        if kind != "final-scores" and seat.mail_mode == "digest":
            continue  # told in the seat's daily digest
        letters.append((seat, Letter(kind, new, link_for(seat), your_move, new_reports)))
    _send(game, engine, letters, now)


def seat_link(game: Game, engine: Engine, seat: Seat, *, now: datetime) -> None:
    your_move = not game.over and seat.name in engine.to_act(game.state)
    _send(game, engine, [(seat, Letter("link", engine.view(game.state, seat.name), link_for(seat), your_move))], now)


def paused(game: Game, engine: Engine, *, now: datetime) -> None:
    """Everyone hears that the game is paused: no move, deadline or reminder until it resumes."""
    _tell_everyone(game, engine, "paused", now)


def resumed(game: Game, engine: Engine, *, now: datetime) -> None:
    """Everyone hears that the game goes on; whoever is to act, until when."""
    _tell_everyone(game, engine, "resumed", now)


def cancelled(game: Game, engine: Engine, *, now: datetime) -> None:
    _tell_everyone(game, engine, "cancelled", now)


def _tell_everyone(game: Game, engine: Engine, kind: str, now: datetime) -> None:
    to_act = engine.to_act(game.state) if game.status == "running" else []
    _send(game, engine, [(seat, Letter(kind, engine.view(game.state, seat.name), link_for(seat),
                                       your_move=seat.name in to_act)) for seat in _people(game)], now)


def _people(game: Game) -> list[Seat]:
    return [seat for seat in game.seats if not seat.bot]


def _send(game: Game, engine: Engine, letters: Sequence[tuple[Seat, Letter]], now: datetime) -> None:
    """Queue each letter; the sender writes it, opening with what happened since its seat was last shown
    the game (tain.services.letters)."""
    for seat, letter in letters:
        send_letter(game, seat, engine.title, letter, now=now)


def reminder(game: Game, engine: Engine, *, now: datetime) -> int:
    """Remind each player still to act that the deadline is near; how many were reminded."""
    to_act = engine.to_act(game.state)
    seats = [seat for seat in game.seats if seat.name in to_act]
    _send(game, engine, [(seat, Letter("reminder", engine.view(game.state, seat.name), link_for(seat),
                                       your_move=True)) for seat in seats], now)
    return len(seats)


def digest(game: Game, engine: Engine, seat: Seat, *, now: datetime) -> bool:
    """The running game's daily digest for the seat, if anything waits for it: its move (none while paused),
    or events (reports) it was not told."""
    view = engine.view(game.state, seat.name)
    new_reports = tuple(_reports(view)[seat.digest_reports:])
    your_move = game.paused_at is None and seat.name in engine.to_act(game.state)
    seat.digest_reports = len(_reports(view))
    if not (your_move or new_reports):
        return False
    _send(game, engine, [(seat, Letter("digest", view, link_for(seat), your_move, new_reports))], now)
    return True


def _reports(view: dict[str, Any]) -> list[dict[str, Any]]:
    return view.get("reports") or []
