"""The wire contract of the hall (protocol/README.md) in Python: messages, codecs,
patches."""

from protocol.messages import PROTOCOL_VERSION, SERVER_NAME
from protocol.patch import PatchError, apply, diff

__all__ = ["PROTOCOL_VERSION", "SERVER_NAME", "PatchError", "apply", "diff"]
