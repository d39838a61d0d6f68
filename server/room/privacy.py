"""Who may come to a table: everyone, or, at a private table, only its players, its
host and whoever holds its invitation secret or its password.

The invitation secret is made when the table opens, so that making a table private
later needs nothing new; it is told only to those already at the table. A password is
kept as a salted digest: it travels between processes (in the table's meta and
events) but is never sent to a client, nor kept in clear.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

import msgspec

from protocol.messages import PASSWORD_MAX
from server.games.base import IllegalIntent


class Lock(msgspec.Struct, kw_only=True, omit_defaults=True):
    invite: str = msgspec.field(default_factory=lambda: secrets.token_urlsafe(12))
    private: bool = False
    salt: str = ""
    digest: str = ""  # of the password; empty without one

    @property
    def has_password(self) -> bool:
        return bool(self.digest)

    def opens(self, key: str | None) -> bool:
        """Whether ``key`` (an invitation secret or a password) opens this table."""
        if not self.private:
            return True
        if not key:
            return False
        if hmac.compare_digest(key.encode(), self.invite.encode()):
            return True
        return self.has_password and hmac.compare_digest(_digest(self.salt, key), self.digest)

    def set_private(self, value: object) -> None:
        if not isinstance(value, bool):
            raise IllegalIntent("bad_option", "`private` is true or false.", {"option": "private"})
        self.private = value
        if not value:
            self.salt = self.digest = ""  # a password only means something when private

    def set_password(self, value: object) -> None:
        """A password makes the table private; none (null or "") removes it."""
        if value is None or value == "":
            self.salt = self.digest = ""
            return
        if not isinstance(value, str) or len(value) > PASSWORD_MAX:
            raise IllegalIntent(
                "bad_option",
                f"A table's password is text of 1 to {PASSWORD_MAX} characters.",
                {"option": "password", "max": PASSWORD_MAX},
            )
        self.salt = secrets.token_hex(8)
        self.digest = _digest(self.salt, value)
        self.private = True


def _digest(salt: str, password: str) -> str:
    return hashlib.sha256(f"{salt}:{password}".encode()).hexdigest()


def refuse(lock: Lock, key: str | None) -> IllegalIntent:
    """The refusal for someone who may not come in: the same whatever else is true of
    the table, so that it tells nothing but that the table is private."""
    if key:
        reason = "That is not this private table's invitation or password."
    elif lock.has_password:
        reason = "This table is private: enter it with its password or its invitation link."
    else:
        reason = "This table is private: ask its host for the invitation link."
    return IllegalIntent("private_table", reason, {"password": lock.has_password})
