"""Admin accounts: `ADMIN_PASSWORD` (hashed when the app starts) or admins made with `tain create-admin`.

Only hashes are kept, in the config and in the database; a login compares hashes.
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from werkzeug.security import check_password_hash, generate_password_hash

from tain import transactions
from tain.extensions import db
from tain.models import AdminUser

from .errors import ServiceError

ENV_ADMIN = "admin"  # the name that logs in with ADMIN_PASSWORD
MIN_PASSWORD_LENGTH = 10
# Compared against when the name is unknown, so that a wrong name takes as long as a wrong password.
_DUMMY_HASH = generate_password_hash("not a password")


class AccountError(ServiceError):
    """An admin account that cannot be made."""


def hash_password(password: str) -> str:
    return generate_password_hash(password)


def create_admin(name: str, password: str, *, now: datetime) -> AdminUser:
    name = name.strip()
    if not name or len(name) > 80 or not name.isprintable():
        raise AccountError("Give the admin a name of 1 to 80 printable characters.")
    if len(password) < MIN_PASSWORD_LENGTH:
        raise AccountError(f"Choose a password of at least {MIN_PASSWORD_LENGTH} characters.")
    with transactions.write():
        if db.session.scalar(select(AdminUser).where(AdminUser.name == name)) is not None:
            raise AccountError(f"There is already an admin called {name!r}.")
        admin = AdminUser(name=name, password_hash=hash_password(password), created_at=now)
        db.session.add(admin)
    return admin


def authenticate(name: str, password: str, env_password_hash: str | None) -> str | None:
    """The admin's name when `password` is theirs, else None."""
    name = name.strip()
    if name == ENV_ADMIN and env_password_hash:
        return name if check_password_hash(env_password_hash, password) else None
    admin = db.session.scalar(select(AdminUser).where(AdminUser.name == name))
    if admin is None:
        check_password_hash(_DUMMY_HASH, password)
        return None
    return admin.name if check_password_hash(admin.password_hash, password) else None
