"""The clock: one pass of everything that is due, run by `tick`, the clock process or in-process.

Services are given `now`; only this edge reads the time. Two jobs: the outbox
every MAIL_INTERVAL_SECONDS (and at once after a request queued mail, in-process),
and the whole pass — deadlines, reminders, digests — every SCHEDULER_INTERVAL_SECONDS,
which leaves the mail to the first job so that a mail server that hangs never
holds up a deadline (`tick`, run once, sends the mail after the games itself).
Every pass is safe to run twice or from two processes at once, and catches up
on whatever fell due while nothing ran.
Each whole pass records itself (`tain.services.health`): the admin sees when the
schedule last ran, and is warned when it has not run for five minutes.
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from functools import partial

from apscheduler.schedulers.background import BackgroundScheduler
from apscheduler.schedulers.base import BaseScheduler
from apscheduler.schedulers.blocking import BlockingScheduler
from flask import Flask

from . import transactions
from .extensions import db
from .mail.outbox import DeliveryReport
from .services.deadlines import PassReport, run_due_games
from .services.digests import send_due_digests
from .services.health import record_pass
from .services.letters import send_pending
from .web import utcnow

log = logging.getLogger(__name__)
MAIL_JOB, PASS_JOB = "tain-mail", "tain-pass"


@dataclass(frozen=True)
class TickReport:
    games: PassReport
    digests: int
    mail: DeliveryReport

    def __str__(self) -> str:
        return (f"{self.games.timeouts} players timed out, {self.games.reminders} reminders, "
                f"{self.digests} digests; {self.mail.sent} emails sent, {self.mail.failed} failed.")


def run_due(now: datetime | None = None, *, deliver_mail: bool = True) -> TickReport:
    """Everything due at `now`, once: deadlines and reminders, digests, then (unless `deliver_mail` is
    False, as in the clock's pass) the mail they queued, each call to the server bounded by MAIL_TIMEOUT;
    then the pass is recorded, as started at `now` and lasting as long as it took."""
    now = now or utcnow()
    started = time.monotonic()
    report = TickReport(run_due_games(now), send_due_digests(now),
                        send_pending(now) if deliver_mail else DeliveryReport())
    record_pass(now, now + timedelta(seconds=time.monotonic() - started),
                timeouts=report.games.timeouts, reminders=report.games.reminders, digests=report.digests,
                emails_sent=report.mail.sent, emails_failed=report.mail.failed)
    return report


def _run(app: Flask, job: Callable[[], object]) -> None:
    with app.app_context():
        try:
            job()
        except Exception:  # one bad pass must not stop the clock
            log.exception("scheduled job failed")
            transactions.end()
        finally:
            db.session.remove()


def add_jobs(scheduler: BaseScheduler, app: Flask) -> None:
    start = utcnow()
    scheduler.add_job(
        _run, "interval", args=[app, partial(run_due, deliver_mail=False)],
        seconds=app.config["SCHEDULER_INTERVAL_SECONDS"],
        id=PASS_JOB, coalesce=True, max_instances=1, next_run_time=start,
    )
    scheduler.add_job(
        _run, "interval", args=[app, send_pending], seconds=app.config["MAIL_INTERVAL_SECONDS"],
        id=MAIL_JOB, coalesce=True, max_instances=1, next_run_time=start,
    )


def run_forever(app: Flask) -> None:
    """The clock process (`flask --app app tain scheduler`), until stopped."""
    scheduler = BlockingScheduler(timezone=timezone.utc)
    add_jobs(scheduler, app)
    scheduler.start()


def init_app(app: Flask) -> None:
    """With SCHEDULER=inprocess (as under `make run`), the serving process runs the clock itself,
    from the first request it serves: a command that builds the app without serving (`flask db
    upgrade`, `tain tick`, `tain new-game`) never starts one."""
    if app.config["SCHEDULER"] != "inprocess":
        return
    starting = threading.Lock()

    @app.before_request
    def start_clock() -> None:
        if "tain_scheduler" in app.extensions:
            return
        with starting:
            if "tain_scheduler" not in app.extensions:
                scheduler = BackgroundScheduler(timezone=timezone.utc, daemon=True)
                add_jobs(scheduler, app)
                scheduler.start()
                app.extensions["tain_wake_mail_job"] = lambda: scheduler.modify_job(MAIL_JOB, next_run_time=utcnow())
                app.extensions["tain_scheduler"] = scheduler
