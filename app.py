"""The WSGI entry point: `gunicorn app:app`, `flask --app app …`."""
from __future__ import annotations

from tain import create_app

app = create_app()
