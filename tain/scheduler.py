"""The clock: one pass of everything that is due, run by `tick`, the clock process or in-process.

Services are given `now`; only this edge reads the time. Deadlines join the
pass with issue 4; for now a pass delivers the outbox.
"""
from __future__ import annotations

import logging
from datetime import datetime, timezone

from apscheduler.schedulers.background import BackgroundScheduler
from apscheduler.schedulers.base import BaseScheduler
from apscheduler.schedulers.blocking import BlockingScheduler
from flask import Flask

from .extensions import db
from .mail.outbox import DeliveryReport, deliver_pending

log = logging.getLogger(__name__)


def run_due(now: datetime | None = None) -> DeliveryReport:
    """Everything due at `now`, once. Safe to run twice or from two processes at once."""
    now = now or datetime.now(timezone.utc)
    return deliver_pending(now)


def _job(app: Flask) -> None:
    with app.app_context():
        try:
            run_due()
        except Exception:  # one bad pass must not stop the clock
            log.exception("scheduled pass failed")
            db.session.rollback()


def add_job(scheduler: BaseScheduler, app: Flask) -> None:
    scheduler.add_job(
        _job, "interval", args=[app], seconds=app.config["SCHEDULER_INTERVAL_SECONDS"],
        id="tain-pass", coalesce=True, max_instances=1, next_run_time=datetime.now(timezone.utc),
    )


def run_forever(app: Flask) -> None:
    """The clock process (`flask --app app tain scheduler`), until stopped."""
    scheduler = BlockingScheduler(timezone=timezone.utc)
    add_job(scheduler, app)
    scheduler.start()


def init_app(app: Flask) -> None:
    """With SCHEDULER=inprocess (as under `make run`), the web process runs the clock itself."""
    if app.config["SCHEDULER"] == "inprocess":
        scheduler = BackgroundScheduler(timezone=timezone.utc, daemon=True)
        add_job(scheduler, app)
        scheduler.start()
        app.extensions["tain_scheduler"] = scheduler
